"""What each game declares once for everyone else (issues 26, 35): its seats, its actions
with their rule ids, its events, its unit, the bounds the game-AI adapters need, and the
facts the tables, the how-to, the coach, the hints and the search bot read.

A game module ends with its :class:`GameSpec` and registers its
:class:`~cardlab.games.registry.GameEntry` (:func:`cardlab.games.register`). The words,
the clicks, the OpenSpiel and PettingZoo adapters, the tables, the rooms, the coach and
the bots read the spec instead of keeping their own lists keyed by the game's name: no
module outside a game's own files names a game (``tests/test_architecture.py`` checks
every string, import and name of cardlab's code).

>>> from cardlab.games import GAMES
>>> spec = GAMES["kontrabluff"].spec
>>> spec.players, [a.kind for a in spec.actions], spec.action("lay").rule
((2, 2), ['lay', 'low', 'hand_over', 'pass', 'see'], 'KB-3')
>>> [kind.name for kind in spec.results][:2]
['won_by_pass', 'won_at_showdown']
>>> spec.low, spec.round_unit, spec.figures(GAMES["kontrabluff"].game(target=30))["target"]
(True, 'round', Amount(n=30, unit='points'))

How to add a game
-----------------
A game lives in its own files; nothing else in cardlab changes:

- ``cardlab/games/<game>.py`` (the rules): its rule ids, if it has its own book
  (:func:`cardlab.rules.add_book`; a rule page in ``docs/rules/``); the settings (a frozen
  :class:`~cardlab.engine.Game` subclass with a class-level ``name``, its ``state_class``
  set); the state (a :class:`~cardlab.engine.GameState` declaring its ``FIELDS``, with
  ``_setup``, ``current_player``, ``legal_actions``, ``check``, ``_apply``, ``returns``,
  ``points``, ``observation`` and ``card_locations``, see :mod:`cardlab.engine`; it counts
  its scoring units in ``round_index``); its kinds of event
  (:class:`~cardlab.records.EventKind`), then its ``SPEC`` (below) and, last,
  ``register(GameEntry(title, Settings, SPEC, rule_bot="package.module:Class"))``. It
  imports its words module (``import cardlab.words.<game>``) so that its sentences are
  registered with it; :mod:`cardlab.words` imports no game.
- ``cardlab/words/<game>.py`` (its words, in English, the catalogs' source): one template
  per kind of event (:func:`cardlab.words.templates`); its verbs, clicks, session words
  and zone words (:func:`cardlab.words.game_words`); its how-to and glossary
  (:func:`cardlab.words.howto.howto_words`); the coach's sentence for each kind of action
  and its round word (:func:`cardlab.words.coach.coach_words`). Then ``bash
  tools/catalogs.sh``; a message without a translation falls back to English.
- ``cardlab/bots/<game>.py`` (its rule-of-thumb bot: a class made with ``seed=`` that
  returns a legal action of an observation, with ``candidates`` and ``plausible`` if it
  can tell; :class:`~cardlab.bots.RuleBot` plays it), named by the entry's ``rule_bot``
  path. The generic search bot, the coach's sampled judge and the generic table
  (:data:`~cardlab.games.registry.GENERIC_TABLE`) play any game; a game may name its own
  (``search_bot``, ``table``), and may add more files of its own, each named after its
  module: ``widgets/<game>.py`` (its table), ``drills/<game>.py`` (its drills, named by
  the entry's ``drills``), ``analysis/<game>.py`` (its analyses, and the seeded runs
  :mod:`cardlab.analysis.stored` keeps, named by the entry's ``runs``),
  ``charts/<game>.py`` (the charts of its analyses), ``coach/<game>.py`` (its own judge,
  the spec's ``judge``) and ``interop/<game>.py`` (a variant for the game-AI tools).

Those are a game's own files (``tests/test_architecture.py``: ``OWN_PACKAGES``): no other
module names the game, by a string, an import or a name in its code; the rooms, the
OpenSpiel and PettingZoo adapters, the coach, the drills, the stored runs and the tables
find a game registered later as they find cardlab's own (their tables of games follow the
registry, :func:`~cardlab.games.registry.by_game`). A test may register a game of its own
from ``tests/`` the same way and take it out again, with all it brought
(:func:`~cardlab.games.registry.unregister` with ``forget=True``, and
:func:`cardlab.rules.remove_book`): ``tests/three_tricks.py``, ``tests/three_tricks_words.py``
and ``tests/three_tricks_bot.py`` are such a game, whole in three files, played by
``tests/test_fifth_game.py`` at a table, in a room, in both adapters and with the coach.
Its words are English only: a table in another language says that they show in English
(:func:`cardlab.words.table.untranslated_note`).

What the spec declares: ``name`` (the settings' ``name``), ``players`` (fewest, most),
``actions`` (each kind with its rule, what it takes, whether it names an amount, what
it costs), ``unit`` ("points" or "chips"), ``bounds(game)``; where they apply:
``adapter_settings``, the packet geometry (``packets`` of ``packet`` cards), ``joint``,
``hand_rules(game)`` (the hand ranking the game compares, for the hand-order panel),
``low`` (a low round, HR-6), ``figures(game)`` (the how-to's numbers as
:class:`~cardlab.words.howto.Amount` and :class:`~cardlab.words.howto.Numbers` values,
said by the words layer), ``round_unit`` (what ``round_index`` counts: "round", "hand" or
"game"), ``search_budget`` (the search bot's rollout actions a decision), and by dotted
path (``"package.module:function"``, loaded only by the layer it points to, through the
entry's accessors): ``judges`` (the coach's exact judge of a kind of action), ``judge``
(a judge of every decision of the game) and ``hints`` (an exact hint for a kind of
action).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from cardlab.engine import Game
from cardlab.hands import HandRules
from cardlab.records import EventKind, event_kinds
from cardlab.words.howto import Figure

__all__ = ["Takes", "ActionSpec", "GameSpec", "ROUND_UNITS", "no_hand_rules", "no_figures"]

#: What a game's ``round_index`` may count (the coach's "this round", "this hand", "this game").
ROUND_UNITS = ("round", "hand", "game")


class Takes(enum.Enum):
    """Which cards an action takes (how a table or an adapter builds it)."""

    NOTHING = "nothing"  # a button alone (pass, call, hand over)
    ONE = "one"  # always exactly one card: one click (lay, fight, play)
    CHOSEN = "chosen"  # the cards chosen first, then the button (low, see, draw, exchange)
    PACKETS = "packets"  # chosen packet by packet, in order (an arrangement, PP-2)


@dataclass(frozen=True)
class ActionSpec:
    """One kind of action: the rule that governs it, the cards it takes and whether it
    names an amount of chips (open 3, raise 2). ``cost``, for an action that moves chips
    from the seat's stack into the pot, says how many from the seat's observation (the
    game's own figures: FL-6's exchange fee per card, DP-3's call), so a button can say
    what it costs."""

    kind: str
    rule: str
    takes: Takes = Takes.NOTHING
    amount: bool = False
    cost: Callable[[Any, Any], int] | None = None


def no_hand_rules(game: Game) -> HandRules | None:
    """A game that compares no poker hands (the default of :attr:`GameSpec.hand_rules`)."""
    return None


def no_figures(game: Game) -> Mapping[str, Figure]:
    """A how-to without figures (the default of :attr:`GameSpec.figures`)."""
    return MappingProxyType({})


def _nothing() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class GameSpec:
    """The facts about one game that the layers above its module need.

    ``actions`` are in the order the adapters number them (one-card kinds, then buttons,
    then amounts, each in this order); ``unit`` is what the standings count ("points",
    "chips"); ``adapter_settings`` the settings a game-AI session starts from where the
    game's own defaults make a long session; ``bounds(game)`` gives the least and most a
    seat can win and a true bound on the number of adapter steps (clicks and chance nodes).
    ``packets`` and ``packet`` are the geometry of a ``Takes.PACKETS`` action: that many
    packets of ``packet`` cards each, filled in order. ``joint`` says
    that every seat chooses at once in one phase and the choices are turned up together
    (PP-2), which the adapters play as one simultaneous node (Fight for the Lead's fight
    cards, FL-3, are laid one seat at a time as far as the adapters go).

    For the tables and the how-to: ``hand_rules(game)``, the hand ranking the game
    compares poker hands by (None: it compares none), shown as the hand-order panel;
    ``low``, whether a round may be won by the lower hand (HR-6), which that panel says;
    ``figures(game)``, the numbers the how-to's paragraphs name (placeholders of the
    game's :class:`~cardlab.words.howto.HowToPlay`), as typed values the words layer says.

    For the coach, the hints and the search bot: ``round_unit``, what ``round_index``
    counts (one of :data:`ROUND_UNITS`; the search's rollouts and the coach's sampled
    verdicts end with it, and the game's words name it); ``search_budget``, the rollout
    actions one decision of :class:`~cardlab.bots.SearchBot` may play (None: no bound);
    ``judges``, by kind of action, the dotted path (``"package.module:function"``) of an
    exact judge in the coach's layer; ``judge``, the path of a judge of every decision of
    the game (its own way, say against the other's likely choices); ``hints``, by kind of
    action, the path of an exact hint in the sessions' layer. The paths are loaded only
    through the game's entry (:class:`~cardlab.games.registry.GameEntry`), by the layer they
    point to.
    """

    name: str
    players: tuple[int, int]
    actions: tuple[ActionSpec, ...]
    unit: str
    bounds: Callable[[Game], tuple[float, float, int]]
    adapter_settings: Mapping[str, Any] = field(default_factory=_nothing)
    packets: int = 0
    packet: int = 0
    joint: bool = False
    hand_rules: Callable[[Game], HandRules | None] = no_hand_rules
    low: bool = False
    figures: Callable[[Game], Mapping[str, Figure]] = no_figures
    round_unit: str = "round"
    search_budget: int | None = None
    judges: Mapping[str, str] = field(default_factory=_nothing)
    judge: str | None = None
    hints: Mapping[str, str] = field(default_factory=_nothing)

    def __post_init__(self) -> None:
        kinds = self.kinds
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"{self.name}: an action kind is declared twice: {kinds}")
        if self.round_unit not in ROUND_UNITS:
            raise ValueError(f"{self.name}: round_unit is one of {', '.join(ROUND_UNITS)}, got {self.round_unit!r}")
        unknown = sorted((set(self.judges) | set(self.hints)) - set(kinds))
        if unknown:
            raise ValueError(f"{self.name}: judges and hints name kinds of action it does not declare: {unknown}")
        if any(a.takes is Takes.PACKETS for a in self.actions) and not (self.packets > 0 and self.packet > 0):
            raise ValueError(f"{self.name}: an action of packets needs the packets' geometry (packets, packet)")

    def action(self, kind: str) -> ActionSpec:
        """The declaration of action ``kind`` (KeyError for a kind the game does not know)."""
        for action in self.actions:
            if action.kind == kind:
                return action
        raise KeyError(kind)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(action.kind for action in self.actions)

    @property
    def events(self) -> tuple[EventKind, ...]:
        """Every kind of event the game records, in declaration order."""
        return event_kinds(self.name)

    @property
    def results(self) -> tuple[EventKind, ...]:
        """The events a table stops on until they are read."""
        return tuple(kind for kind in self.events if kind.result)
