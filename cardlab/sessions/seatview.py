"""What one seat's screen may show, as plain values: the only thing a table's view receives.

A :class:`SeatView` is made by a session (:mod:`cardlab.sessions`) from
``state.observation(seat)`` and the session's own facts (whose turn, the result on
screen, what Undo may do). It holds no game state, no history and no lazy view of
either: the observation is *detached* (its legal actions listed, its events the newest
few as a tuple), so a view that keeps it keeps nothing its seat may not see, and the
cost of making one does not grow with the length of the session.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=1)
>>> obs = detached(state.observation(0))
>>> type(obs.events).__name__, type(obs.legal_actions).__name__, obs.log
('tuple', 'ActionList', ())
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardlab.chain import LogView
from cardlab.engine import Action, Event, Observation, Zone
from cardlab.engine.views import NO_ACTIONS, ActionList
from cardlab.records import SEAT, RefusalKind

__all__ = ["SeatView", "ResultView", "Controls", "Notice", "detached", "offers_of", "LOG_EVENTS", "MAX_LISTED",
           "refusal_values", "RESULT_ON_SCREEN", "NOT_TO_ACT"]

#: A table's own refusals (EN-1): a click while a result waits for Continue, a click of a
#: seat that is not to act (their words: cardlab/words/refusals.py).
RESULT_ON_SCREEN = RefusalKind("table", "result_on_screen", "EN-1")
NOT_TO_ACT = RefusalKind("table", "not_to_act", "EN-1", seat=SEAT)

#: The newest events a view carries for its log (a log shows the newest; older ones scroll away).
LOG_EVENTS = 200
#: Legal actions listed for buttons; beyond this a game's own view builds its action (parallel poker).
MAX_LISTED = 5000


_REPLACED = frozenset({"legal_actions", "events", "log"})


def detached(obs: Observation, *, events: int = LOG_EVENTS, listed: int = MAX_LISTED) -> Observation:
    """``obs`` with nothing that reaches back into the state: the legal actions listed (none
    when there are more than ``listed``), the newest ``events`` events as a tuple, no log lines.

    Slicing the seat's events view costs the events taken, not the history's length.
    """
    legal = obs.legal_actions
    actions: list[Action] = []
    for action in legal:
        actions.append(action)
        if len(actions) > listed:
            actions = []
            break
    seen = obs.events
    newest = tuple(seen[max(0, len(seen) - events):]) if events else ()
    # a game's own lazy views of the state (parallel poker's showings) become plain tuples
    own = {f.name: tuple(getattr(obs, f.name)) for f in dataclasses.fields(obs)
           if f.name not in _REPLACED and isinstance(getattr(obs, f.name), LogView)}
    return dataclasses.replace(obs, legal_actions=ActionList(actions) if actions else NO_ACTIONS,
                               events=newest, log=(), **own)


def offers_of(obs: Observation) -> dict[str, tuple[Action, ...]]:
    """A detached observation's legal actions by kind, in the order listed (a view's buttons)."""
    offers: dict[str, list[Action]] = {}
    for action in obs.legal_actions:
        offers.setdefault(action.kind, []).append(action)
    return {kind: tuple(actions) for kind, actions in offers.items()}


@dataclass(frozen=True)
class Notice:
    """A message for the person at the table, as data: a name the words layer says
    (:func:`cardlab.words.table.notice_text`) and its values. ``error``: a refusal."""

    name: str
    values: Mapping[str, Any] = field(default_factory=dict)
    error: bool = False

    @classmethod
    def refusal(cls, error: BaseException) -> Notice:
        """A refusal as data: the notice a room's error names (``RoomError.said``) with its
        values, so the page says it in its own words; any other error's own message.

        >>> from cardlab.rooms import RoomError
        >>> Notice.refusal(RoomError.said("undo_none")), Notice.refusal(ValueError("no")).values["text"]
        (Notice(name='undo_none', values={}, error=True), 'no')
        """
        name = getattr(error, "notice", None)
        if name is not None:
            return cls(name, dict(getattr(error, "values", {})), error=True)
        return cls("refused", refusal_values(error), error=True)


@dataclass(frozen=True)
class ResultView:
    """A result the table stays on until Continue.

    ``results`` are the result events, ``context`` the public events that led to it,
    ``scene`` the viewer's observation at the moment the result was decided (the
    deciding card in its row, the scores with the result's points), detached.
    ``brief``: a trick or the fight for the lead (play goes on by itself at a pace).
    """

    results: tuple[Event, ...]
    context: tuple[Event, ...]
    scene: Observation
    brief: bool = False


@dataclass(frozen=True)
class Controls:
    """Which of the table's own controls this session offers (a room hides some)."""

    new_game: bool = True
    undo: bool = True
    step: bool = True
    pace: bool = True
    hints: bool = True
    coach: bool = True
    replay: bool = True


@dataclass(frozen=True)
class SeatView:
    """Everything one seat's screen shows now, and nothing else.

    ``observation``: detached (see :func:`detached`); ``offers``: the legal actions by
    kind while it is this seat's turn; ``result``: the result on screen; ``standings``
    and ``seed`` only once the game is over; ``undo``: None when Undo may act, else
    why not (a :class:`Notice`); ``every_card``: only at a teacher's table.
    """

    game: Any
    seat: int
    seats: tuple[str, ...]
    observation: Observation
    my_turn: bool
    actors: tuple[int, ...]
    offers: Mapping[str, tuple[Action, ...]]
    result: ResultView | None
    over: bool
    covered: bool = False
    hotseat: bool = False
    seed: int | None = None
    undo: Notice | None = None
    can_step: bool = False
    controls: Controls = Controls()
    notice: Notice | None = None
    coach: tuple[str, ...] = ()
    replay: tuple[int, int] | None = None  # (position, last) while a finished game is replayed
    every_card: tuple[Zone, ...] | None = None  # every card where it really is (the state's zones())
    room: str | None = None  # a room's id (for code and links: never shown)
    place: Any = None  # a room's place (cardlab.rooms.RoomPlace: its table and class), said by the words layer
    version: int = 0
    status: str = "open"  # a room's: 'paused' or 'closed' by the teacher

    @property
    def shown(self) -> Observation:
        """The position the board shows: the result's scene while a result is on screen."""
        return self.result.scene if self.result is not None and not self.over else self.observation


def refusal_values(error: BaseException) -> dict[str, Any]:
    """What a session keeps of a refusal for :func:`cardlab.words.table.refusal_text`: the
    record an :class:`~cardlab.engine.IllegalActionError` carries (said when the notice is
    drawn, in the table's language, with its exact reason), or the message of any other error.

    >>> from cardlab.engine import IllegalActionError, NOT_YOUR_TURN
    >>> refusal_values(IllegalActionError(NOT_YOUR_TURN(1, 0, players=2)))["refusal"].rule
    'EN-1'
    >>> refusal_values(ValueError("no"))
    {'text': 'no'}
    """
    refusal = getattr(error, "refusal", None)
    if refusal is not None:
        return {"refusal": refusal}
    return {"text": str(error)}
