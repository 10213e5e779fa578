"""The state machine every game's state is: the protocol (OpenSpiel's State, pokerkit's verify/can/do)."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np  # noqa: F401  (apply_trusted's example draws with it)

from cardlab.cards import Card
from cardlab.chain import Chain
from cardlab.engine.errors import GAME_OVER, NOT_AN_ACTION, NOT_LEGAL, NOT_YOUR_TURN, IllegalActionError, as_seat
from cardlab.engine.fields import ENGINE_CACHES, ENGINE_FIELDS, Field, compile_clone, frozen_value
from cardlab.engine.game import Game
from cardlab.engine.history import History
from cardlab.engine.randomness import Randomness
from cardlab.engine.replay import Replay
from cardlab.engine.sampling import Sampling
from cardlab.engine.saving import Saving
from cardlab.engine.views import LegalActions, Observation, Zone
from cardlab.records import Action

__all__ = ["GameState", "to_act"]


class GameState(Randomness, History, Sampling, Saving):
    """The base of every game's state machine.

    Subclasses implement ``_setup()``, ``current_player``, ``legal_actions()``,
    ``check(action)`` (raise :class:`IllegalActionError` naming the rule),
    ``_apply(action)``, ``is_terminal``, ``returns()``, ``observation(player)``,
    ``zones()`` and ``hidden_from(player)``. The base keeps the seed, the
    stacked deck and the list of actions, which make ``to_json`` and ``replay``.
    """

    # The engine's fields (``cardlab.engine.fields.ENGINE_FIELDS``, set by ``__init__``, by a
    # sample and by ``clone``): every part of the state reads them from here, and each part
    # lists the ones it reads (tests/test_engine_fields.py checks both lists).
    game: Game
    seed: int
    first_dealer: int | None
    stacked: tuple[Card, ...] | None
    round_index: int
    _shuffles: int
    actions: Chain[tuple[int, Action]]

    simultaneous: ClassVar[bool] = False  # True where a seat may act out of turn (FL-3, PP-2)
    _offered: tuple[int, LegalActions] | None = None  # the last view handed out and its seat (see apply)

    #: The game's declared state: each field, how it is copied and who sees its cards
    #: (see "How a game adopts the engine" in this module's docstring).
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    #: When ``sample_state`` draws the sample's seed ("before" or "after" dealing the
    #: hidden cards) and below what bound.
    SAMPLE_SEED: ClassVar[tuple[str, int]] = ("after", 2**63)
    #: A sample's history: "quiet" (none: ``_record`` does nothing) or "observer" (the
    #: observer's events and log go on, shared).
    SAMPLE_LOG: ClassVar[str] = "quiet"
    quiet: bool = False  # a quiet state (a sample for search) writes no log
    sampled: bool = False  # a sample (for search) has no history to save

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's seat arguments are checked here once (EN-4), and its ``check``
        refuses what is not an Action (EN-3) before the game's own rules look at it.
        A class that declares ``FIELDS`` gets the engine's copy, equality, key, hidden
        cards and samples from them, and may not write its own ``clone``/``__eq__``."""
        super().__init_subclass__(**kwargs)
        _check_seats(cls)
        if "FIELDS" in cls.__dict__:
            own = sorted({"clone", "__eq__", "__hash__", "__new__", "__copy__", "__deepcopy__"} & set(cls.__dict__))
            if own:
                raise TypeError(f"{cls.__name__} declares FIELDS, so the engine copies and compares it; "
                                f"it may not define {', '.join(own)}")
            names = [f.name for f in cls.FIELDS]
            if len(set(names)) != len(names):
                raise TypeError(f"{cls.__name__}.FIELDS names a field twice: {names}")
            cls.clone = compile_clone(cls)  # type: ignore[method-assign]
            caches = set(cls._caches)  # a declared field that is a cache (say, sampled as None) is not compared
            cls._compared = tuple(name for name in dict.fromkeys((*ENGINE_FIELDS, *names)) if name not in caches)

    def __init__(self, game: Game, seed: int, dealer: int | None, stacked: tuple[Card, ...] | None):
        self.game = game
        self.seed = seed
        self.first_dealer = dealer
        self.stacked = stacked
        self.history = []  # type: ignore[assignment]  # the setter makes the shared records
        self.actions: Chain[tuple[int, Action]] = Chain()  # shared by clones (cardlab.chain)
        self.round_index = 0
        self._shuffles = 0
        self._setup()

    # -- the protocol -----------------------------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_actions(self, player: int | None = None) -> LegalActions:
        raise NotImplementedError

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise :class:`IllegalActionError` (naming the rule) unless ``action`` is legal."""
        if action not in self.legal_actions(player):
            seat = self.current_player if player is None else player
            raise IllegalActionError(GAME_OVER() if seat is None else NOT_LEGAL(seat, players=self.game.num_players))

    def can_apply(self, action: Action, player: int | None = None) -> bool:
        """Whether ``action`` is legal now for ``player`` (a widget enables its button with
        it); it answers without raising, so a ``player`` that is no seat (EN-4) is False."""
        try:
            self.check(_as_action(action), player)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Play ``action`` for the player to act; an illegal one raises and changes nothing."""
        offered = self._offered
        # Random play draws from a view this state handed out and plays at once: the very
        # action that view drew, for the seat to act (None: whoever was to act), before
        # anything moved, is legal already, and the game is not over (every apply forgets
        # the view: it is of the position before; a finished game's view has nothing to draw).
        if offered is not None and offered[1].drawn is action:
            seat = self.current_player
            if offered[0] is None or offered[0] == seat:
                self._offered = None
                self.actions.append((seat, action))
                self._apply(action, seat)
                return
        self._apply_as(None, action)

    def apply_for(self, player: int, action: Action) -> None:
        """Play ``action`` for ``player`` (games with simultaneous choices, FL-3, PP-2)."""
        self._apply_as(as_seat(player, self.game.num_players), action)

    def apply_trusted(self, player: int, action: Action) -> None:
        """Play ``action`` for ``player`` WITHOUT checking it: the one way for trusted
        callers (bots, simulations, rollouts, replays of checked records) to skip the check.

        The caller vouches that the action is legal now for that seat: taken from
        ``legal_actions(player)`` of this very state, or replayed from a game that was
        checked. An illegal action applied this way may leave the state inconsistent;
        everyone else uses :meth:`apply` (which also skips the second check when the
        action is the one a view of this state just drew with ``sample``).

        >>> from cardlab.games.kontrabluff import Kontrabluff
        >>> state = Kontrabluff().new_state(seed=1, dealer=0)
        >>> action = state.legal_actions().sample(np.random.default_rng(0))
        >>> state.apply_trusted(state.current_player, action)
        >>> state.actions[-1] == (1, action)
        True
        """
        self._offered = None  # a view handed out before is of the position before
        self.actions.append((player, action))
        self._apply(action, player)

    def _apply_as(self, player: int | None, action: Action) -> None:
        if not isinstance(action, Action):
            _as_action(action)  # raises, naming EN-3
        if self.is_terminal:
            raise IllegalActionError(GAME_OVER())
        if player is None:
            player = self.current_player
        elif type(player) is not int or not 0 <= player < self.game.num_players:
            player = as_seat(player, self.game.num_players)
        elif not self.simultaneous and player != self.current_player:
            raise IllegalActionError(NOT_YOUR_TURN(self.current_player, player, players=self.game.num_players))
        offered = self._offered  # a view's own draw for this seat is legal already (see apply)
        if offered is None or offered[1].drawn is not action or offered[0] != player:
            self.check(action, player)
        self._offered = None
        self.actions.append((player, action))
        self._apply(action, player)

    def _apply(self, action: Action, player: int) -> None:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def observation(self, player: int) -> Observation:
        raise NotImplementedError

    def zones(self) -> tuple[Zone, ...]:
        """Every card of the deck where it really is, face up, zone by zone (the truth a
        teacher sees; the conservation checks count it): the same kinds, owners and
        indexes as the observations' zones (see the glossary in :mod:`cardlab.engine`)."""
        raise NotImplementedError

    def chips(self) -> int | None:
        """All chips in play (stacks and pot), or None for a game without chips."""
        return None

    @property
    def points(self) -> tuple[float, ...]:
        """Each seat's running total (scores or stacks): what bots try to raise."""
        raise NotImplementedError

    # -- copies and saving ---------------------------------------------------------
    def clone(self) -> GameState:
        """A deep copy; the history, the actions and the log lines are shared, not copied
        (a :class:`~cardlab.chain.Chain` deep-copies in O(1))."""
        import copy

        return copy.deepcopy(self)

    # Attributes derived from the rest (caches), left out of equality; games add theirs.
    _caches: ClassVar[tuple[str, ...]] = ENGINE_CACHES
    _compared: ClassVar[tuple[str, ...] | None] = None  # the engine's and the declared fields

    def __eq__(self, other: object) -> bool:
        """Equal states: the same class, game, seed, actions and history, and equal
        declared fields (``FIELDS``; a class without a declaration compares every attribute
        but its caches)."""
        if type(self) is not type(other):
            return False
        compared = self._compared
        if compared is not None:
            return all(getattr(self, name) == getattr(other, name) for name in compared)
        mine, theirs = dict(vars(self)), dict(vars(other))
        for cache in self._caches:
            mine.pop(cache, None), theirs.pop(cache, None)
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]  # mutable: hash its key() instead

    def key(self) -> tuple:
        """The position as one hashable value, from the declared fields (lists become
        tuples): equal states have equal keys, so it keys a transposition table.

        >>> from cardlab.games.kontrabluff import Kontrabluff
        >>> a, b = Kontrabluff().new_state(seed=2), Kontrabluff().new_state(seed=2)
        >>> a.key() == b.key(), hash(a.key()) == hash(b.key())
        (True, True)
        """
        if not self.FIELDS:
            raise TypeError(f"{type(self).__name__} declares no FIELDS: the engine cannot key it")
        return (type(self).__name__, self.game, self.round_index,
                *(frozen_value(getattr(self, f.name)) for f in self.FIELDS))

    def replay(self) -> Iterator[GameState]:
        """The states of this game from its start, one after each action (clones that
        share one history: keeping them all costs one history, not one per state)."""
        state = self.game.new_state(seed=self.seed, dealer=self.first_dealer, deck=self.stacked)
        yield state.clone()
        for player, action in self.actions:
            state.apply_trusted(player, action)  # played and checked once already
            yield state.clone()

    def replay_view(self, every: int = 64) -> Replay:
        """The states of this game, rebuilt on demand (see :class:`Replay`)."""
        return Replay(self, every)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game!r}, {len(self.actions)} actions, seed {self.seed}>"


def to_act(state: GameState) -> list[int]:
    """Every seat that must still act: the one to play or, in a simultaneous phase (FL-3,
    PP-2), every seat with a choice left (the rule of the tables' and the rooms' ``actors``).

    >>> from cardlab.games.fight_for_the_lead import FightForTheLead
    >>> state = FightForTheLead(players=3).new_state(seed=1)
    >>> to_act(state)
    [0, 1, 2]
    >>> state.apply_for(1, next(iter(state.legal_actions(1))))   # West lays a fight card
    >>> to_act(state)
    [0, 2]
    """
    if state.is_terminal:
        return []
    if not state.simultaneous:
        return [state.current_player]
    return [seat for seat in range(state.game.num_players) if next(iter(state.legal_actions(seat)), None) is not None]


def _check_seats(cls: type) -> None:
    """Wrap the seat-taking methods ``cls`` defines itself (see GameState.__init_subclass__)."""
    for name, wrap in (("legal_actions", _offering), ("observation", _required_seat),
                       ("hidden_from", _required_seat), ("log_for", _required_seat), ("events_for", _required_seat),
                       ("check", _checked_action)):
        method = cls.__dict__.get(name)
        if method is not None and not getattr(method, "_seat_checked", False):
            setattr(cls, name, wrap(method))


def _as_action(action: Any) -> Action:
    if isinstance(action, Action):
        return action
    raise IllegalActionError(NOT_AN_ACTION(repr(action)))


# The wrappers GameState.__init_subclass__ puts around a game's methods: a plain int
# seat in range costs one type test; anything else goes through as_seat (EN-4).
def _offering(method: Any) -> Any:
    """``legal_actions``, its seat checked (EN-4), the view it hands out remembered: if
    the next ``apply`` plays the action that view's ``sample`` drew, for that seat, before
    anything moved, it is legal already (random play checks nothing twice)."""
    @functools.wraps(method)
    def offered(self: GameState, player: int | None = None) -> Any:
        if player is not None and (type(player) is not int or not 0 <= player < self.game.num_players):
            player = as_seat(player, self.game.num_players)
        view = method(self, player)
        self._offered = (player, view)  # None: for the seat to act now
        return view

    offered._seat_checked = True  # type: ignore[attr-defined]
    return offered


def _required_seat(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameState, player: int) -> Any:
        if type(player) is not int or not 0 <= player < self.game.num_players:
            player = as_seat(player, self.game.num_players)
        return method(self, player)

    checked._seat_checked = True  # type: ignore[attr-defined]
    return checked


def _checked_action(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameState, action: Action, player: int | None = None) -> Any:
        if not isinstance(action, Action):
            _as_action(action)
        if player is not None and (type(player) is not int or not 0 <= player < self.game.num_players):
            player = as_seat(player, self.game.num_players)
        return method(self, action, player)  # the game's check refuses a move out of turn (EN-1) or after the end (EN-2)

    checked._seat_checked = True  # type: ignore[attr-defined]
    return checked


_check_seats(GameState)  # the base's own check takes a seat too
_check_seats(History)  # and so do log_for and events_for
_check_seats(Sampling)  # and hidden_from
