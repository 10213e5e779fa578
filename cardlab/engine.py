"""The protocol every game of cardlab follows (after OpenSpiel and pokerkit).

A game's *settings* object (a frozen dataclass, subclass of :class:`Game`) makes
*states*; a :class:`GameState` offers ``current_player``, ``legal_actions()``,
``apply(action)``, ``is_terminal``, ``returns()``, ``clone()``, ``history`` and
``observation(player)``. Every action of every game is one :class:`Action` value.

>>> Action("lay", "Ah")
Action('lay', cards=(Card('Ah'),))
>>> Action("lay", ["Ah"]) == Action("lay", (Card.parse("Ah"),))
True
>>> str(Action("open", amount=6))
'open 6'

States save as JSON by their settings, seed, stacked deck and actions, and load by
replaying them, so a saved game resumes identically in any process.

Refusals that are not a game's own rule carry the engine's ids (documented with the
rules): EN-1 only the seat to act may act; EN-2 no action once the game is over; EN-3
an action is a well-formed cardlab Action of a kind the game knows; EN-4 a seat is a
whole number from 0 to players-1; EN-5 a saved game is complete, of a known format
version, and replays legally; EN-6 settings are whole numbers or named options within
their ranges.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> Kontrabluff().new_state(seed=1).observation(2)
Traceback (most recent call last):
...
cardlab.engine.SeatError: EN-4: player must be a seat 0..1, got 2

How a game adopts the engine (issue 15)
---------------------------------------
**Declare the state.** A state class lists its fields in ``FIELDS``, one
:class:`Field` each: how ``clone`` copies it (:class:`Copy`: ``VALUE`` shared,
``LIST`` one ``.copy()``, ``SEATS`` a list of per-seat lists or sets, each copied)
and who may see its cards (:class:`Seen`: ``PUBLIC``; ``OWNER``, a per-seat field
whose entry ``p`` only seat ``p`` sees; ``NOBODY``, a stock; ``MIXED``, cards that
another field already places). Mark card-holding fields ``cards=True``::

    FIELDS = (
        Field("hands", Copy.SEATS, Seen.OWNER, cards=True,
              observed=lambda obs: [list(obs.hand) if p == obs.player else [HIDDEN] * obs.hand_sizes[p]
                                    for p in range(2)]),
        Field("rows", Copy.SEATS, Seen.PUBLIC, cards=True),          # observed: obs.rows
        Field("talon", Copy.LIST, Seen.NOBODY, cards=True, observed=lambda obs: [HIDDEN] * obs.talon_size),
        Field("discard", Copy.LIST, Seen.MIXED, cards=True, derive=lambda state, obs: ...),
        Field("to_act", observed="current_player"),                   # an attribute of another name
        Field("phase"),                                                # observed: obs.phase
    )

Every attribute a state holds must be declared, except the engine's own (``game``,
``seed``, ``first_dealer``, ``stacked``, ``round_index``, ``_shuffles``, ``actions``, the
history) and caches named in ``_caches`` (tests/test_engine_fields.py checks it). A
cache a sample must hold may also be declared (say ``observed=lambda obs: None``); being
in ``_caches``, it is still left out of ``==``.

**What the engine then gives** (the class writes none of it, ``__init_subclass__``
refuses a ``clone``/``__eq__``/``__hash__``/``__new__`` beside ``FIELDS``):
``clone()`` (generated code: one dict copy and one copy per mutable field; history
and actions shared through :mod:`cardlab.chain`), ``==`` (engine fields + declared
fields), ``key()`` (a hashable position, lists as tuples), ``to_json()`` (seed +
actions, unchanged; a sample refuses), ``hidden_from(player)`` (other seats' OWNER
cards and NOBODY cards, less any card in a PUBLIC field) and ``Game.sample_state``.

**Sampling hidden information** (``Game.sample_state(observation, rng)``, for
search): each field is read as the observer knows it, ``Field.observed`` (a function
of the observation, or the name of its attribute; default: the attribute of the
field's own name), with :data:`HIDDEN` for each card he does not know and at most
one :data:`REST` (where every unseen card not dealt elsewhere goes, e.g. a muck). The
engine collects every card the observed fields show, shuffles the rest of the deck
once (``rng.permutation``, in deck order), deals it to the HIDDEN places in
declaration order, the remainder to REST, then runs each ``derive(state, obs)``. The
seed is drawn before or after the deal (``SAMPLE_SEED = ("after", 2**63)``); the
sample is quiet (no log; ``SAMPLE_LOG = "quiet"``) or continues the observer's log
(``"observer"``); ``round_index`` comes from the observation's, ``_shuffles`` is 1
(declare either as a Field to say otherwise).

**Trusted apply.** ``state.apply(action)`` checks the action (the game's ``check``)
before ``_apply``; ``state.apply_trusted(player, action)`` is the one public way to
skip the check, for callers that know the action is legal (bots' rollouts,
simulations, replays of checked games). Random play needs neither: the engine
remembers the view each ``legal_actions`` handed out and the action its ``sample``
drew, so ``state.apply(view.sample(rng))`` is checked once, by construction. A game
therefore calls no private engine path: its ``legal_actions`` returns a plain view,
its view's ``sample`` returns an action (:meth:`Action.trusted` builds one from parts
already in normal form), and observations may be built with :func:`frozen`.

Glossary
--------
One name for one idea in every game (issue 15):

- ``current_player``: the engine property (OpenSpiel's name) for the seat to act,
  ``None`` when nobody is (the game is over, or chance moves); observations carry it
  too. A game's own stored field behind it is ``to_act``.
- ``points``: the engine's generic running totals, what bots try to raise: a point
  game's ``scores`` (Kontrabluff, parallel poker) or a chip game's ``stacks``
  (draw poker, Fight for the Lead, which also keep a ``pot``).
- chips: what the chip games bet: draw poker and Fight for the Lead keep ``stacks``
  (each seat's chips) and a ``pot``; ``chips()`` is all chips in play, a constant
  (DP-9, FL-11). The point games have no chips: ``chips()`` and an observation's
  ``pot`` are ``None``.
- ``returns()``: the outcome so far, one number a seat: Kontrabluff +1/-1 for the
  match (KB-12), parallel poker the points margin (PP-5), draw poker and Fight for the
  Lead the chips won against the starting ``stack``.
- ``dealer``: the seat that deals the current round, deal, hand or game (KB-1, DP-1,
  PP-1, FL-2); ``new_state(dealer=)`` fixes the first one, else the seed draws it.
- ``round_index``: the engine's counter of scoring units played (rounds of
  Kontrabluff, hands of draw poker, games of Fight for the Lead and parallel poker);
  the search bot reads it. A game's own counter is its rule page's term +
  ``_number``: Kontrabluff ``deal_number``, draw poker ``hand_number``, Fight for the
  Lead and parallel poker ``game_number``.
- ``phase``: where a game stands, one ``enum.Enum`` per game (``Phase``); a game
  dispatches on it through a table declared in its class, never ``getattr`` by name.
- ``seat`` / ``player``: a whole number 0..players-1 (EN-4); seat 0 is South.
- ``action``: an :class:`Action` value (kind, cards, amount); ``legal_actions()`` a
  :class:`LegalActions` view; ``check`` / ``can_apply`` / ``apply`` the verify / can /
  do triple; ``apply_trusted`` the unchecked apply for trusted callers.
- ``observation``: what one seat may know (:class:`Observation` and its game's
  subclass); ``hidden_from(seat)`` the cards it may not know; ``sample_state`` a full
  state consistent with an observation.
- ``history`` / ``log``: every event (:class:`Event`, with rule ids) / one seat's
  lines in words; ``actions`` the (seat, action) pairs that ``to_json`` saves.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import numpy as np

from cardlab.cards import Card, CardError, deck, parse_cards, rng_for, seeded_integer, seeded_permutation
from cardlab.chain import Chain, LogView
from cardlab.records import Action, Event, EventKind
from cardlab.words import record_line, seat_names

__all__ = [
    "Action",
    "Event",
    "Zone",
    "Zones",
    "Observation",
    "LegalActions",
    "ActionList",
    "uniform_index",
    "PhaseRules",
    "Game",
    "GameState",
    "HistoryView",
    "EventsView",
    "Replay",
    "IllegalActionError",
    "SeatError",
    "SettingsError",
    "ReplayError",
    "FORMAT",
    "as_seat",
    "whole_setting",
    "seat_names",
    "cards_in",
    "Field",
    "Copy",
    "Seen",
    "HIDDEN",
    "REST",
    "frozen",
    "NO_ACTIONS",
]


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule id.

    The state it was applied to is unchanged.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class SeatError(IllegalActionError):
    """EN-4: a seat argument that is not a seat of the game; the message names the argument.

    >>> as_seat(1.0, 4)
    Traceback (most recent call last):
    ...
    cardlab.engine.SeatError: EN-4: player must be a seat 0..3, got 1.0
    """

    def __init__(self, argument: str, value: object, players: int):
        super().__init__("EN-4", f"{argument} must be a seat 0..{players - 1}, got {value!r}")
        self.argument = argument


class SettingsError(ValueError):
    """Game settings that the rules do not allow (checked at construction)."""


class ReplayError(ValueError):
    """EN-5: a saved game that cannot be loaded; the message names the field or the
    action number that is wrong."""


def as_seat(value: object, players: int, argument: str = "player") -> int:
    """``value`` as a seat 0..players-1 (EN-4): an exact int (numpy integers become
    ints); bools, floats, strings and seats out of range raise :class:`SeatError`.

    >>> as_seat(np.int64(1), 2), type(as_seat(np.int64(1), 2))
    (1, <class 'int'>)
    >>> as_seat(True, 2)
    Traceback (most recent call last):
    ...
    cardlab.engine.SeatError: EN-4: player must be a seat 0..1, got True
    """
    if type(value) is int or (isinstance(value, np.integer) and not isinstance(value, bool)):
        if 0 <= value < players:
            return int(value)
    raise SeatError(argument, value, players)


def whole_setting(name: str, value: object, low: int, high: int | None = None, rule: str = "EN-6") -> int:
    """A whole-number setting checked at construction (EN-6): an exact int (numpy
    integers become ints, bools are refused) from ``low`` to ``high``; the error names
    the setting, the value and the range.

    >>> whole_setting("ante", np.int64(2), 1)
    2
    >>> whole_setting("players", 2.0, 2, 8)
    Traceback (most recent call last):
    ...
    cardlab.engine.SettingsError: EN-6: players must be a whole number 2..8, got 2.0
    """
    span = f"{low}..{high}" if high is not None else f"of at least {low}"
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low or (high is not None and value > high):
        raise SettingsError(f"{rule}: {name} must be a whole number {span}, got {value!r}")
    return int(value)


@dataclass(frozen=True, init=False)
class Zone:
    """A group of cards on the table as one seat sees it; ``None`` is a face-down card.

    >>> Zone("talon", (None, None)).hidden, Zone("talon") == Zone("talon", (), None, "row")
    (2, True)
    """

    name: str
    cards: tuple[Card | None, ...] = ()
    owner: int | None = None
    kind: str = "row"

    def __init__(self, name: str, cards: tuple[Card | None, ...] = (), owner: int | None = None, kind: str = "row"):
        # the dataclass's own __init__ sets each field through object.__setattr__; an
        # observation makes up to a dozen zones, so they are set in one go
        _set(self, "__dict__", {"name": name, "cards": cards, "owner": owner, "kind": kind})

    @property
    def hidden(self) -> int:
        return self.cards.count(None)


class Zones(Sequence[Zone]):
    """An observation's table, zone by zone, made only when first read: ``make(*values)``
    gives the tuple of :class:`Zone` s. The ``values`` must be only what the seat may see
    (the leak checks, :func:`cards_in`, read them as they are), so an observation no one
    draws builds no zone. Equal to, and hashed as, the tuple it makes.

    >>> zones = Zones(lambda n: (Zone("talon", (None,) * n),), 2)
    >>> zones[0].cards, zones == (Zone("talon", (None, None)),), len(zones)
    ((None, None), True, 1)
    """

    def __init__(self, make: Callable[..., tuple[Zone, ...]], *values: Any):
        self.make, self.values = make, values

    @functools.cached_property
    def zones(self) -> tuple[Zone, ...]:
        return self.make(*self.values)

    def __len__(self) -> int:
        return len(self.zones)

    def __getitem__(self, index: Any) -> Any:
        return self.zones[index]

    def __iter__(self) -> Iterator[Zone]:
        return iter(self.zones)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Zones):
            return self.zones == other.zones
        return isinstance(other, tuple) and self.zones == other

    def __hash__(self) -> int:
        return hash(self.zones)

    def __repr__(self) -> str:
        return repr(self.zones)


class LegalActions:
    """A view of the legal actions: iteration, ``len`` and ``in`` (python-chess style).

    A game's view overrides ``__iter__`` and, where listing is too dear, ``__len__``,
    ``__contains__`` and ``sample``. The engine keeps the action ``sample`` drew (every
    subclass's ``sample`` is wrapped for it): a state that handed this view out then
    knows that action is legal, so ``state.apply`` of it skips the second check. That
    bookkeeping is the engine's alone; games never touch it.
    """

    _drawn: Action | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        sample = cls.__dict__.get("sample")
        if sample is not None and not getattr(sample, "_keeps_draw", False):
            cls.sample = _keeping_draw(sample)  # type: ignore[method-assign]

    def __iter__(self) -> Iterator[Action]:
        raise NotImplementedError

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, action: object) -> bool:
        return any(action == legal for legal in self)

    def __bool__(self) -> bool:
        return len(self) > 0

    def _mentioned(self) -> Iterable[Action]:
        """Actions that together name every card any legal action names (for
        :func:`cards_in`); a view too large to list gives fewer, e.g. bets without cards."""
        return self

    def kinds(self) -> frozenset[str]:
        """The kinds of action on offer (a table enables its buttons with it)."""
        return frozenset(action.kind for action in self)

    def sample(self, rng: np.random.Generator) -> Action:
        """One legal action chosen uniformly."""
        actions = list(self)
        self._drawn = action = actions[int(rng.integers(len(actions)))]
        return action

    sample._keeps_draw = True  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


def uniform_index(rng: np.random.Generator, n: int) -> int:
    """A uniform index below ``n`` from one ``rng.random()`` draw (a third of the cost of
    ``rng.integers``; random play draws once per action).

    >>> uniform_index(np.random.default_rng(0), 10)
    6
    """
    return int(rng.random() * n)  # random() < 1, so the index is below n


class ActionList(LegalActions):
    """Legal actions listed in full; ``sample`` draws one :func:`uniform_index`."""

    def __init__(self, actions: Iterable[Action]):
        self._actions = tuple(actions)
        self._set = frozenset(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._set

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    def sample(self, rng: np.random.Generator) -> Action:
        actions = self._actions
        self._drawn = action = actions[uniform_index(rng, len(actions))]
        return action

    sample._keeps_draw = True  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ActionList) and self._actions == other._actions

    def __hash__(self) -> int:
        return hash(self._actions)


#: The legal actions of a seat that may not act now (one shared empty view).
NO_ACTIONS = ActionList(())


class PhaseRules(NamedTuple):
    """One phase of a game, as a row of the game's table of phases (``_PHASES``, keyed by
    its ``Phase`` enum): the legal actions of a seat (``legal(state, seat)``), the refusal
    of an illegal action (``check(state, action, seat)``, raising IllegalActionError) and
    the doing (``play(state, action, seat)``): each a function of the state's class.
    """

    legal: Callable[..., LegalActions]
    check: Callable[..., None]
    play: Callable[..., None]


@dataclass(frozen=True)
class Observation:
    """What one seat may know (the base of every game's observation).

    ``zones`` is the table as that seat sees it, face-down cards as ``None``;
    ``points`` are scores (Kontrabluff, parallel poker) or stacks (chip games);
    ``events`` are the typed records of the history this seat may see (an
    :class:`EventsView`), ``log`` the same in plain words (made by :mod:`cardlab.words`
    when first read): views sharing the state's records and lines, so an observation
    costs the same at action 10 and at action 100,000.
    Games add their own fields in a subclass.
    """

    game: Game
    player: int
    current_player: int | None
    hand: tuple[Card, ...]
    legal_actions: LegalActions
    zones: tuple[Zone, ...] = ()
    points: tuple[int, ...] = ()
    pot: int | None = None
    log: Sequence[str] = ()
    is_terminal: bool = False
    events: Sequence[Event] = ()

    @property
    def seat_names(self) -> tuple[str, ...]:
        return seat_names(self.game.num_players)

    def zone(self, name: str) -> Zone:
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise KeyError(name)


def cards_in(value: Any) -> set[Card]:
    """Every card mentioned anywhere inside an observation (for leak tests).

    >>> sorted(cards_in({"a": [Card.parse("Ah"), (Card.parse("2c"), None)]}))
    [Card('2c'), Card('Ah')]
    """
    found: set[Card] = set()
    stack = [value]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, (str, bytes, int, float, bool, type(None), Game)):
            continue
        elif id(item) in seen:
            continue
        else:
            seen.add(id(item))
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, (list, tuple, set, frozenset)):
                stack.extend(item)
            elif dataclasses.is_dataclass(item):
                stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
            elif isinstance(item, LegalActions):
                stack.extend(item._mentioned())
            elif hasattr(item, "__dict__"):
                stack.extend(vars(item).values())
    return found


@dataclass(frozen=True)
class Game:
    """Settings of a game; subclasses are frozen dataclasses checked at construction.

    ``new_state(seed=, dealer=, deck=)`` makes a state; ``deck`` stacks the cards
    (a full ordered deck, first card dealt first).
    """

    name: ClassVar[str] = "game"
    state_class: ClassVar[type]
    deck_cards: ClassVar[int] = 52

    @functools.cached_property
    def num_players(self) -> int:
        """The number of seats (cached: every seat check asks; settings never change)."""
        return getattr(self, "players", 2)

    @property
    def full_deck(self) -> tuple[Card, ...]:
        """The ordered deck this game uses."""
        return deck(getattr(self, "deck_size", self.deck_cards))

    #: The rule that says which cards a stacked deck lists (named in its errors).
    deal_rule: ClassVar[str] = ""

    @property
    def stacked_deck(self) -> tuple[Card, ...]:
        """The cards a stacked ``new_state(deck=)`` must list, in any order: the game's deck
        (a game dealt from part of its cards, as parallel poker from the dealer's, says so)."""
        return self.full_deck

    def _check_deck(self, cards: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
        if cards is None:
            return None
        cards = _deck_cards(cards)
        expected = self.stacked_deck
        if sorted(cards) != sorted(expected):
            missing = sorted(set(expected) - set(cards))
            known = set(expected)  # a card outside the deck, or one named again, is named
            extra = sorted({card for i, card in enumerate(cards) if card not in known or card in cards[:i]})
            where = f" ({self.deal_rule})" if self.deal_rule else ""
            raise CardError(
                f"a stacked deck must hold exactly the {len(expected)} cards of the game's deck{where} "
                f"(got {len(cards)}; missing {' '.join(map(str, missing)) or 'none'}, "
                f"not in the deck or repeated {' '.join(map(str, extra)) or 'none'})"
            )
        return cards

    def new_state(self, seed: int | None = None, dealer: int | None = None, deck: Iterable[Card | str] | None = None) -> GameState:
        """A new game: seeded (a random seed is drawn and kept when None)."""
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < MAX_SEED:
            raise SettingsError(f"EN-6: seed must be a whole number 0..2**128-1, got {seed!r}")
        if dealer is not None:
            try:
                dealer = as_seat(dealer, self.num_players, "dealer")
            except SeatError as error:
                raise SettingsError(str(error)) from None
        return self.state_class(self, int(seed), dealer, self._check_deck(deck))

    def settings(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def state_from_json(self, text: str | bytes) -> GameState:
        """Load a state saved with :meth:`GameState.to_json` by replaying its actions (EN-5).

        The size of the text, its nesting and the number of actions are checked before
        anything heavy is done; every field is checked exactly (a seat or a seed is a
        whole number, never coerced). Any failure is a :class:`ReplayError` naming the
        field or the action number.

        >>> from cardlab.games.kontrabluff import Kontrabluff
        >>> Kontrabluff().state_from_json('{"format": "cardlab/9"}')
        Traceback (most recent call last):
        ...
        cardlab.engine.ReplayError: cannot load a kontrabluff state from JSON: its format 'cardlab/9' is not one this cardlab reads ('cardlab/1') (EN-5)
        """
        def fail(message: str) -> ReplayError:
            return ReplayError(f"cannot load a {self.name} state from JSON: {message} (EN-5)")

        if isinstance(text, (bytes, bytearray)):
            if len(text) > MAX_JSON_BYTES:
                raise fail(f"it holds {len(text)} bytes, more than the {MAX_JSON_BYTES} a saved game may hold")
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as error:
                raise fail(f"it is not UTF-8 text ({error})") from None
        if not isinstance(text, str):
            raise fail(f"expected the text of a saved game, got {type(text).__name__}")
        if len(text) > MAX_JSON_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_JSON_BYTES:
            raise fail(f"it holds more than the {MAX_JSON_BYTES} bytes a saved game may hold")
        depth, lists = _nesting(text)
        if depth > MAX_JSON_DEPTH:
            raise fail(f"it nests {depth} levels deep; a saved game nests at most {MAX_JSON_DEPTH}")
        if lists > 3 * MAX_ACTIONS + 16:  # each action is three lists: [seat, [kind, [cards], amount]]
            raise fail(f"it holds {lists} lists, more than a saved game of at most {MAX_ACTIONS} actions could hold")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise fail(f"it is not JSON ({error})") from None
        if not isinstance(data, dict):
            raise fail("the top level is not an object")
        if "game" in data and data["game"] != self.name:
            raise fail(f"it holds a game of {data['game']!r}, not {self.name!r}")
        if "format" not in data:
            raise fail(f"it has no format field (a saved game begins with \"format\": \"{FORMAT}\")")
        if data["format"] != FORMAT:
            raise fail(f"its format {data['format']!r} is not one this cardlab reads ({FORMAT!r})")
        unknown = sorted(map(str, set(data) - set(_SAVED_FIELDS)))
        if unknown:
            raise fail(f"unknown field {unknown[0]!r} (a saved game holds {', '.join(_SAVED_FIELDS)})")
        missing = [name for name in _SAVED_FIELDS if name not in data]
        if missing:
            raise fail(f"the field {missing[0]!r} is missing")
        if json.dumps(data["settings"], sort_keys=True) != json.dumps(self.settings(), sort_keys=True):  # exact: 4.0 is not 4
            raise fail(f"its settings {data['settings']!r} differ from this game's {self.settings()!r}")
        seed = data["seed"]
        if type(seed) is not int or not 0 <= seed < MAX_SEED:
            raise fail(f"seed must be a whole number 0..2**128-1, got {seed!r}")
        dealer = data["dealer"]
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < self.num_players):
            raise fail(f"dealer must be null or a seat 0..{self.num_players - 1}, got {dealer!r}")
        stacked = data["deck"]
        if stacked is not None:
            if not isinstance(stacked, list) or not all(isinstance(card, str) for card in stacked):
                raise fail(f"deck must be null or a list of card codes, got {stacked!r}")
            try:
                stacked = self._check_deck(stacked)
            except ValueError as error:
                raise fail(f"deck: {error}") from None
        saved = data["actions"]
        if not isinstance(saved, list):
            raise fail(f"actions must be a list, got {saved!r}")
        if len(saved) > MAX_ACTIONS:
            raise fail(f"it holds {len(saved)} actions, more than the {MAX_ACTIONS} a saved game may hold")
        actions = []
        for number, entry in enumerate(saved, 1):
            if not isinstance(entry, list) or len(entry) != 2:
                raise fail(f"action {number} must be [seat, [kind, [cards], amount]], got {entry!r}")
            player, parts = entry
            if type(player) is not int or not 0 <= player < self.num_players:
                raise fail(f"action {number}: the seat must be 0..{self.num_players - 1}, got {player!r}")
            try:
                actions.append((player, Action.from_list(parts)))
            except ValueError as error:
                raise fail(f"action {number}: {error}") from None
        try:
            state = self.new_state(seed=seed, dealer=dealer, deck=stacked)
        except ValueError as error:
            raise fail(str(error)) from None
        for number, (player, action) in enumerate(actions, 1):
            try:
                state._apply_as(player, action)
            except ValueError as error:
                raise fail(f"action {number} ({action}, seat {player}) is illegal: {error}") from None
        return state

    def __deepcopy__(self, memo: dict) -> Game:
        return self  # settings are immutable

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> GameState:
        """A full state consistent with ``observation``: hidden cards dealt at random.

        Search bots plan on such samples (determinization).
        """
        if not self.state_class.FIELDS:
            raise NotImplementedError(f"{self.name} cannot sample hidden information")
        return self.state_class.sample_from(self, observation, rng)


#: The version written in every saved game's ``format`` field (EN-5).
FORMAT = "cardlab/1"
_SAVED_FIELDS = ("format", "game", "settings", "seed", "dealer", "deck", "actions")
#: Limits of a saved game, checked before the text is parsed or replayed (EN-5).
MAX_JSON_BYTES = 8 * 2**20
MAX_JSON_DEPTH = 8
MAX_ACTIONS = 200_000
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)  # an unclosed string runs to the end: linear time


def _nesting(text: str) -> tuple[int, int]:
    """How deep ``[`` and ``{`` nest in JSON text, and how many ``[`` it holds, brackets
    inside strings not counted (numpy over the bytes: checked before parsing, so no deep
    or overlong file reaches the parser).

    >>> _nesting('{"a": [[1], "]]"]}')
    (3, 2)
    """
    bare = np.frombuffer(_JSON_STRING.sub("", text).encode("utf-8", "surrogatepass"), dtype=np.uint8)
    steps = np.zeros(256, dtype=np.int8)
    steps[[ord("["), ord("{")]] = 1
    steps[[ord("]"), ord("}")]] = -1
    depth = np.cumsum(steps[bare], dtype=np.int32)
    return (int(depth.max()) if len(depth) else 0), int(np.count_nonzero(bare == ord("[")))


def _deck_cards(cards: Any) -> tuple[Card, ...]:
    """The cards of a stacked deck (``new_state(deck=)``), read; the error names ``deck``."""
    try:
        return parse_cards(cards, allow_repeats=True)
    except CardError as error:
        raise CardError(f"deck must be the game's cards in dealing order: {error}") from None


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Card):
        return value.short
    if hasattr(value, "value") and not isinstance(value, (int, float, str, bool)):
        return value.value
    return value


#: Seeds are whole numbers below this (numpy's SeedSequence takes any, but a saved
#: game stays small and a typo of a thousand digits is refused).
MAX_SEED = 2**128


# -- declared state fields ------------------------------------------------------------------------
class Copy(enum.Enum):
    """How a declared field is copied by ``clone`` (the engine's, from the declaration)."""

    VALUE = "value"  # immutable (int, enum, tuple, None, a Card): shared by the copy
    LIST = "list"  # a list (or set or dict) of immutable values: one ``.copy()``
    SEATS = "seats"  # a list of lists (or sets), one per seat: each inner one copied


class Seen(enum.Enum):
    """Who may see the cards of a declared field (KB-7, DP-..., the games' "what each
    player may see" rules); ``hidden_from`` and ``sample_state`` follow it."""

    PUBLIC = "public"  # everybody
    OWNER = "owner"  # a per-seat field: entry ``p`` is seen by seat ``p`` only
    NOBODY = "nobody"  # nobody (a stock, a talon)
    MIXED = "mixed"  # cards that are also in another field that says who sees them


class _Marker:
    __slots__ = ("_name",)

    def __init__(self, name: str):
        self._name = name

    def __repr__(self) -> str:
        return self._name


#: In what a field's ``observed`` gives: a card the observer does not know (sampling deals one).
HIDDEN: Any = _Marker("HIDDEN")
#: In what a field's ``observed`` gives: every unseen card not dealt to a HIDDEN place.
REST: Any = _Marker("REST")


@dataclass(frozen=True)
class Field:
    """One declared field of a game's state (``GameState.FIELDS``).

    ``name`` is the attribute; ``copy`` says how ``clone`` copies it; ``seen`` who
    may see its cards (``cards=True`` marks a field that holds cards, nested in lists
    as deep as ``copy`` says). For ``sample_state``: ``observed`` gives the field as
    the observer knows it, from his observation, with :data:`HIDDEN` for each card he
    does not know (and at most one :data:`REST` in the whole declaration); it is a
    function of the observation or the name of one of its attributes, and defaults to
    the observation's attribute of the same name. ``derive`` instead computes the field
    after the hidden cards are dealt, from ``(state, observation)``.

    >>> Field("talon", Copy.LIST, Seen.NOBODY, cards=True, observed=lambda obs: [HIDDEN] * obs.talon_size)
    Field('talon', LIST, NOBODY, cards)
    """

    name: str
    copy: Copy = Copy.VALUE
    seen: Seen = Seen.PUBLIC
    cards: bool = False
    observed: Any = None
    derive: Any = None

    def __repr__(self) -> str:
        parts = [repr(self.name), self.copy.name, self.seen.name] + ["cards"] * self.cards
        return f"Field({', '.join(parts)})"

    def seen_by(self, state: GameState, observation: Observation) -> Any:
        """This field as ``observation.player`` knows it (HIDDEN for unknown cards)."""
        observed = self.observed if self.observed is not None else self.name
        value = getattr(observation, observed) if isinstance(observed, str) else observed(observation)
        if self.copy is Copy.LIST and isinstance(value, (tuple, list)):
            return list(value)
        if self.copy is Copy.SEATS and isinstance(value, (tuple, list)):
            return [list(v) if isinstance(v, (tuple, list)) else type(v)(v) for v in value]
        return value


#: The engine's own fields of every state, compared by ``==`` beside the declared ones.
_ENGINE_FIELDS = ("game", "seed", "first_dealer", "stacked", "round_index", "_shuffles", "actions", "_records",
                  "quiet", "sampled")
#: Engine attributes that are derived from the rest (left out of equality).
_ENGINE_CACHES = ("_offered", "_lines", "_log_cache", "_event_cache")


def _compile_clone(cls: type) -> Any:
    """``cls.clone`` written out from its declared fields (as dataclasses writes ``__init__``):
    one dict copy, then one copy per mutable field; the history is shared (cardlab.chain)."""
    lines = ["def clone(self):", "    new = _new(cls)", "    d = self.__dict__.copy()"]
    for f in cls.FIELDS:
        if f.copy is Copy.LIST:
            lines.append(f"    d[{f.name!r}] = d[{f.name!r}].copy()")
        elif f.copy is Copy.SEATS:
            lines.append(f"    d[{f.name!r}] = [v.copy() for v in d[{f.name!r}]]")
    lines += ["    new.__dict__ = d", "    self._clone_log(new)", "    return new"]
    namespace: dict[str, Any] = {"_new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - code made from the declaration only
    clone = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone._engine_made = True  # type: ignore[attr-defined]  # (tests/test_engine_fields.py)
    clone.__doc__ = ("A copy that shares nothing mutable (the engine's, from ``FIELDS``); the history, "
                     "the actions and the log lines are shared, not copied (cardlab.chain).")
    return clone


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


def _cards_of(value: Any, into: set[Card]) -> None:
    if value.__class__ is Card:
        into.add(value)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _cards_of(item, into)


def _deal_hidden(value: Any, take: Iterator[Card]) -> Any:
    """``value`` with each HIDDEN replaced by the next card of ``take`` (lists stay lists)."""
    if value is HIDDEN:
        return next(take)
    if isinstance(value, list):
        return [_deal_hidden(v, take) for v in value]
    if isinstance(value, tuple):
        return tuple(_deal_hidden(v, take) for v in value)
    return value


def _deal_rest(value: Any, rest: list[Card]) -> Any:
    if isinstance(value, (list, tuple)):
        out: list[Any] = []
        for v in value:
            if v is REST:
                out.extend(rest)
            else:
                out.append(_deal_rest(v, rest))
        return out if isinstance(value, list) else tuple(out)
    return value


class GameState:
    """The base of every game's state machine.

    Subclasses implement ``_setup()``, ``current_player``, ``legal_actions()``,
    ``check(action)`` (raise :class:`IllegalActionError` naming the rule),
    ``_apply(action)``, ``is_terminal``, ``returns()``, ``observation(player)``,
    ``card_locations()`` and ``hidden_from(player)``. The base keeps the seed, the
    stacked deck and the list of actions, which make ``to_json`` and ``replay``.
    """

    simultaneous: ClassVar[bool] = False  # True where a seat may act out of turn (FL-3, PP-2)
    _offered: tuple[int, LegalActions] | None = None  # the last view handed out and its seat (see apply)

    #: The game's declared state: each field, how it is copied and who sees its cards
    #: (see "How a game adopts the engine" in this module's docstring).
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    #: When ``sample_state`` draws the sample's seed ("before" or "after" dealing the
    #: hidden cards) and below what bound.
    SAMPLE_SEED: ClassVar[tuple[str, int]] = ("after", 2**63)
    #: A sample's history: "quiet" (none: ``_log`` does nothing) or "observer" (the
    #: observer's log goes on, shared).
    SAMPLE_LOG: ClassVar[str] = "quiet"
    quiet: bool = False  # a quiet state (a sample for search) writes no log
    #: Where shuffles come from after the first deal (stacked or seeded): None, the seed;
    #: else ``deck_source(cards)`` returns the cards to shuffle in their new order (every
    #: ``_new_deck`` and ``_shuffle``: KB-11, DP-5, DP-10 ...). OpenSpiel's adapter makes
    #: each shuffle chance nodes with it (:mod:`cardlab.interop.openspiel`). Clones keep it.
    deck_source: Callable[[tuple[Card, ...]], Sequence[Card]] | None = None
    sampled: bool = False  # a sample (for search) has no history to save

    @classmethod
    def cards_read_in_order(cls, game: Game, size: int) -> int:
        """How many leading cards of a shuffle of ``size`` cards the game may ever read in
        their order; the order of the rest never matters (never read, or taken as one set).
        Explicit chance places only these, one node each (:mod:`cardlab.interop.openspiel`);
        ``tests/test_shuffle_reads.py`` plays games whose shuffles differ only in the rest's
        order and checks every seat sees the same. By default every card's place can matter.

        >>> from cardlab.games.parallel_poker import ParallelPoker
        >>> ParallelPoker().state_class.cards_read_in_order(ParallelPoker(), 32)  # PP-1: seven laid out
        7
        """
        return size

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
            cls.clone = _compile_clone(cls)  # type: ignore[method-assign]
            caches = set(cls._caches)  # a declared field that is a cache (say, sampled as None) is not compared
            cls._compared = tuple(name for name in dict.fromkeys((*_ENGINE_FIELDS, *names)) if name not in caches)

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

    # -- randomness -------------------------------------------------------------
    def _rng(self, *keys: int) -> np.random.Generator:
        """``cardlab.cards.rng_for(seed, *keys)``. A shuffle or one draw is cheaper through
        ``cardlab.cards.seeded_permutation`` and ``seeded_integer`` (the same draws), as
        ``_new_deck``, ``_shuffle`` and ``_choose_dealer`` do."""
        return rng_for(self.seed, *keys)

    def _new_deck(self) -> list[Card]:
        """The next shuffled deck (``game.stacked_deck``'s cards): the stacked one first,
        then from the ``deck_source`` if set, else from the seed."""
        self._shuffles += 1
        if self._shuffles == 1 and self.stacked is not None:
            return list(self.stacked)
        cards = self.game.stacked_deck
        if self.deck_source is not None:
            return list(self.deck_source(cards))
        return [cards[i] for i in self._deck_order(len(cards))]

    def _deck_order(self, size: int) -> list[int]:
        """The seed's order of the next new deck (draw poker draws its decks in batches)."""
        return seeded_permutation(size, self.seed, self._shuffles)

    def _shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """Shuffle cards in play (a refilled stock): from the ``deck_source`` if set, else
        reproducibly from the seed."""
        self._shuffles += 1
        if self.deck_source is not None:
            return list(self.deck_source(tuple(cards)))
        return [cards[i] for i in seeded_permutation(len(cards), self.seed, self._shuffles)]

    def _choose_dealer(self) -> int:
        """The first dealer: fixed by ``dealer=``, else drawn from the seed (KB-1, DP-1 ...)."""
        if self.first_dealer is not None:
            return self.first_dealer
        return seeded_integer(self.game.num_players, self.seed, 0)

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
            raise IllegalActionError("EN-3", f"{action} is not a legal action now")

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
        if offered is not None and offered[1]._drawn is action:
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
            raise IllegalActionError("EN-2", f"the game is over; {action} cannot be played")
        if player is None:
            player = self.current_player
        elif type(player) is not int or not 0 <= player < self.game.num_players:
            player = as_seat(player, self.game.num_players)
        elif not self.simultaneous and player != self.current_player:
            raise IllegalActionError("EN-1", f"it is {self.name(self.current_player)}'s turn, not {self.name(player)}'s")
        offered = self._offered  # a view's own draw for this seat is legal already (see apply)
        if offered is None or offered[1]._drawn is not action or offered[0] != player:
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

    def card_locations(self) -> dict[str, Sequence[Card]]:
        """Every card of the deck by where it really is (for the conservation checks)."""
        raise NotImplementedError

    def chips(self) -> int | None:
        """All chips in play (stacks and pot), or None for a game without chips."""
        return None

    @property
    def points(self) -> tuple[float, ...]:
        """Each seat's running total (scores or stacks): what bots try to raise."""
        raise NotImplementedError

    # -- events ------------------------------------------------------------------
    # The history is kept as plain tuples ``(kind, values, player, action, rule, seen)`` in
    # a Chain (cardlab.chain), ``kind`` the game's EventKind: append-only, shared by clones
    # and observations without copying. Events and words are made only when someone reads
    # them: ``_lines`` holds the line of each record read so far (made once by
    # cardlab.words, shared by every seat that may see it), ``_log_cache`` each seat's
    # lines and ``_event_cache`` each seat's records, extended by the records since its
    # last reading. So ``log_for``, ``events_for`` and an observation cost the same at
    # action 10 and at action 100,000.
    @property
    def history(self) -> HistoryView:
        """Everything that happened, actions and chance events, as typed records with rule
        ids (a lazy view: :class:`~cardlab.records.Event` values are made as they are read)."""
        return HistoryView(self._records.view())

    @history.setter
    def history(self, events: Iterable[Event]) -> None:
        self._records: Chain[tuple[Any, ...]] = Chain(
            (e.spec, e.values, e.player, e.action, e.rule, e.visible_to) for e in events)
        self._lines: Chain[str] = Chain()
        self._log_cache: dict[int, tuple[int, Chain[str]]] = {}
        self._event_cache: dict[int, tuple[int, Chain[tuple[Any, ...]]]] = {}

    def _record(self, kind: EventKind, *values: Any, player: int | None = None, action: Action | None = None,
                visible_to: Iterable[int] | None = None, rule: str | None = None) -> None:
        """Append an event of ``kind`` with its field ``values`` in the kind's order
        (``rule`` defaults to the kind's; ``visible_to`` None: every seat sees it)."""
        if self.quiet:  # a sample for search: no history needed
            return
        seen = visible_to if visible_to is None or type(visible_to) is frozenset else frozenset(visible_to)
        self._records.append((kind, values, player, action, rule or kind.rule, seen))

    def log_for(self, player: int) -> LogView[str]:
        """The history in words, as ``player`` may see it: a frozen view (indexing, slicing,
        ``len``, ``latest(k)``, equal to the tuple of its lines) that shares the state's lines.

        The words are made when the view is first read, not before (an observation whose
        log nobody reads costs no words); the view is of the history as it was when asked.
        """
        n = len(self._records)
        entry = self._log_cache.get(player)
        if entry is None:
            entry = self._log_cache[player] = (0, Chain())
        if entry[0] == n:
            return entry[1].view()
        return _LaterLog(self, player, n)

    def events_for(self, player: int) -> EventsView:
        """The history as ``player`` may see it, as typed records (a frozen view of
        :class:`~cardlab.records.Event` values made when read; no words are made)."""
        records = self._records
        n = len(records)
        done, mine = self._event_cache.get(player) or (0, Chain())
        if done < n:
            mine.extend([record for record in records[done:n] if record[5] is None or player in record[5]])
            self._event_cache[player] = (n, mine)
        elif done > n:  # cannot happen: records only grow
            raise AssertionError("a seat's events ran ahead of the history")
        return EventsView(mine.view())

    def _seat_lines(self, player: int, n: int) -> LogView[str]:
        """``player``'s lines of the first ``n`` records, made now if not made yet (each
        record's words once, shared by every seat that may see it)."""
        records = self._records
        done, lines = self._log_cache.get(player) or (0, Chain())
        if done < n:
            words = self._lines
            made = len(words)
            if made < n:
                players = self.game.num_players
                words.extend([record_line(kind, values, rule, players)
                              for kind, values, _, _, rule, _ in records[made:n]])
            lines.extend([line for line, (*_, seen) in zip(words[done:n], records[done:n])
                          if seen is None or player in seen])
            self._log_cache[player] = (n, lines)
        elif done > n:  # a view asked for earlier, read after more was made: the lines up to then
            later = sum(1 for (*_, seen) in records[n:done] if seen is None or player in seen)
            return lines.view(len(lines) - later)
        return lines.view()

    def _continue_log(self, player: int, events: Sequence[Event], lines: Sequence[str]) -> None:
        """Start an empty history whose records and log for ``player`` go on from an
        observation's (shared, not copied): for states sampled for search."""
        self.history = []
        self._log_cache[player] = (0, Chain.sharing(lines))
        self._event_cache[player] = (0, Chain.sharing(events.records if isinstance(events, EventsView) else
                                                       [(e.spec, e.values, e.player, e.action, e.rule, e.visible_to)
                                                        for e in events]))

    def _clone_log(self, new: GameState) -> None:
        """Give ``new`` (a shallow copy of this state) its own history: records, lines
        and actions are shared (cardlab.chain), each copy appends past them on its own.
        Every seat that has asked for its log gets its words made first, so the two
        copies share them instead of each making its own."""
        n = len(self._records)
        for player, (done, _) in list(self._log_cache.items()):
            if done < n:
                self._seat_lines(player, n)
        new._records = self._records.copy()
        new._lines = self._lines.copy()
        new._log_cache = {player: (done, lines.copy()) for player, (done, lines) in self._log_cache.items()}
        new._event_cache = {player: (done, mine.copy()) for player, (done, mine) in self._event_cache.items()}
        new.actions = self.actions.copy()

    def name(self, player: int) -> str:
        return seat_names(self.game.num_players)[player]

    # -- copies and saving ---------------------------------------------------------
    def clone(self) -> GameState:
        """A deep copy; the history, the actions and the log lines are shared, not copied
        (a :class:`~cardlab.chain.Chain` deep-copies in O(1))."""
        import copy

        return copy.deepcopy(self)

    # Attributes derived from the rest (caches), left out of equality; games add theirs.
    _caches: ClassVar[tuple[str, ...]] = _ENGINE_CACHES
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
                *(_frozen(getattr(self, f.name)) for f in self.FIELDS))

    def hidden_from(self, player: int) -> frozenset[Card]:
        """The cards whose place ``player`` may not know (for the leak checks), from the
        declared fields: other seats' OWNER fields and NOBODY fields, less every card
        that is also in a PUBLIC field."""
        if not self.FIELDS:
            raise NotImplementedError
        hidden: set[Card] = set()
        shown: set[Card] = set()
        for f in self.FIELDS:
            if not f.cards:
                continue
            value = getattr(self, f.name)
            if f.seen is Seen.PUBLIC:
                _cards_of(value, shown)
            elif f.seen is Seen.NOBODY:
                _cards_of(value, hidden)
            elif f.seen is Seen.OWNER:
                _cards_of([v for seat, v in enumerate(value) if seat != player], hidden)
        return frozenset(hidden - shown)

    @classmethod
    def sample_from(cls, game: Game, observation: Observation, rng: np.random.Generator) -> GameState:
        """A full state consistent with ``observation`` (determinization, for search): the
        engine's, from the declared fields. Each field is taken as the observer knows it
        (``Field.observed``); the cards he has not seen (the game's deck less every card
        he knows) are shuffled with ``rng`` and dealt to the HIDDEN places in declaration
        order, what is left to the REST place; then derived fields are computed. The
        sample is quiet or continues the observer's log (``SAMPLE_LOG``), has a fresh
        seed (``SAMPLE_SEED``) and cannot be saved."""
        when, bound = cls.SAMPLE_SEED
        if when == "before":
            seed = int(rng.integers(bound))
        state = object.__new__(cls)
        values: dict[str, Any] = {}
        known: set[Card] = set()
        for f in cls.FIELDS:
            if f.derive is None:
                values[f.name] = value = f.seen_by(state, observation)
                if f.cards:
                    _cards_of(value, known)
        unseen = [card for card in game.full_deck if card not in known]
        pool = [unseen[i] for i in rng.permutation(len(unseen))]
        take = iter(pool)
        for f in cls.FIELDS:
            if f.cards and f.derive is None:
                values[f.name] = _deal_hidden(values[f.name], take)
        rest = list(take)
        for f in cls.FIELDS:
            if f.cards and f.derive is None:
                values[f.name] = _deal_rest(values[f.name], rest)
        if when != "before":
            seed = int(rng.integers(bound))
        state.game, state.seed, state.first_dealer, state.stacked = game, seed, None, None
        state.round_index = getattr(observation, "round_index", 0)
        state._shuffles = 1
        if cls.SAMPLE_LOG == "observer":
            state._continue_log(observation.player, observation.events, observation.log)
        else:
            state.history = []  # type: ignore[assignment]
            state.quiet = True
        state.actions = Chain()
        state.sampled = True
        state.__dict__.update(values)
        for f in cls.FIELDS:
            if f.derive is not None:
                setattr(state, f.name, f.derive(state, observation))
        return state

    def to_json(self) -> str:
        """The state as JSON text; ``game.state_from_json`` replays it exactly (EN-5).

        It holds the format version, the game and its settings, the seed, the first
        dealer, the stacked deck (or null) and every action with its seat:

        >>> from cardlab.games.kontrabluff import Kontrabluff
        >>> sorted(json.loads(Kontrabluff().new_state(seed=1).to_json()).items())[:4]
        [('actions', []), ('dealer', None), ('deck', None), ('format', 'cardlab/1')]
        """
        if self.sampled:
            raise ValueError("a sampled state (for search) has no history to save")
        return json.dumps(
            {
                "format": FORMAT,
                "game": self.game.name,
                "settings": self.game.settings(),
                "seed": self.seed,
                "dealer": self.first_dealer,
                "deck": None if self.stacked is None else [c.short for c in self.stacked],
                "actions": [[p, a.to_list()] for p, a in self.actions],
            }
        )

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


def _check_seats(cls: type) -> None:
    """Wrap the seat-taking methods ``cls`` defines itself (see GameState.__init_subclass__)."""
    for name, wrap in (("legal_actions", _offering), ("observation", _required_seat),
                       ("hidden_from", _required_seat), ("log_for", _required_seat),
                       ("name", _required_seat), ("check", _checked_action)):
        method = cls.__dict__.get(name)
        if method is not None and not getattr(method, "_seat_checked", False):
            setattr(cls, name, wrap(method))


class _LaterLog(LogView):
    """A seat's log as it was when asked (``GameState.log_for``), its words made when it is
    first read: then it is the :class:`~cardlab.chain.LogView` of the state's lines."""

    __slots__ = ("_state", "_player", "_fence")

    def __init__(self, state: GameState, player: int, fence: int):
        self._state, self._player, self._fence = state, player, fence

    def __getattr__(self, name: str) -> Any:
        if name in ("_items", "_n"):  # not read yet: make the words now
            view = self._state._seat_lines(self._player, self._fence)
            self._items, self._n = view._items, view._n
            self._state = None  # the words are made; the state may go
            return getattr(self, name)
        raise AttributeError(name)


def _event(record: tuple[Any, ...]) -> Event:
    kind, values, player, action, rule, seen = record
    return Event(kind.game, kind.name, values, player, action, rule, seen)


class HistoryView(Sequence[Event]):
    """A game's history as :class:`~cardlab.records.Event` values made when read
    (``state.history``; ``state.events_for(seat)`` is one seat's part of it).

    Indexing and iterating make Events one at a time, so reading a million-action
    history holds one Event at once; a slice is a list. Equal to any sequence of the
    same Events.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> history = Kontrabluff().new_state(seed=1, dealer=0).history
    >>> history[0].rule, history[0].kind, len(history) == len(list(history))
    ('KB-1', 'first_dealer', True)
    """

    __slots__ = ("_records",)

    def __init__(self, records: LogView[tuple[Any, ...]]):
        self._records = records

    @property
    def records(self) -> LogView[tuple[Any, ...]]:
        """The raw records ``(kind, values, player, action, rule, seen)`` (for the words
        layer and the adapters, which read many at once)."""
        return self._records

    def __len__(self) -> int:
        return len(self._records)

    def __getitem__(self, index: Any) -> Any:
        if type(index) is slice:
            return [_event(record) for record in self._records[index]]
        return _event(self._records[index])

    def __iter__(self) -> Iterator[Event]:
        return map(_event, self._records)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (HistoryView, list, tuple)):
            return NotImplemented
        if len(other) != len(self):
            return False
        if isinstance(other, HistoryView) and self._records == other._records:
            return True
        return all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self)} events>"


class EventsView(HistoryView):
    """One seat's events (``state.events_for(seat)``, an observation's ``events``): only
    the records that seat may see. A frozen view, hashable as the tuple of its events
    (an observation is a hashable value)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(tuple(self))


class Replay(Sequence[GameState]):
    """Every state of a game from its start (``replay[i]``: after ``i`` actions), rebuilt
    on demand from the action list: a checkpoint every ``every`` actions, each a clone
    sharing one history (cardlab.chain), so a replay costs about one state's memory,
    and a jump replays at most ``every - 1`` actions from the nearest checkpoint.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> import numpy as np
    >>> state, rng = Kontrabluff().new_state(seed=4), np.random.default_rng(4)
    >>> for _ in range(30): state.apply(state.legal_actions().sample(rng))
    >>> replay = state.replay_view(every=8)
    >>> len(replay), replay[30] == state, len(replay[13].actions)
    (31, True, 13)
    """

    def __init__(self, state: GameState, every: int = 64):
        if not isinstance(every, int) or every < 1:
            raise ValueError(f"checkpoints come every 1 or more actions, got {every!r}")
        self.every = every
        actions = state.actions
        self.actions = actions.view() if isinstance(actions, LogView) else LogView(list(actions))
        rolling = state.game.new_state(seed=state.seed, dealer=state.first_dealer, deck=state.stacked)
        seats = range(state.game.num_players)
        self._checkpoints: list[GameState] = []
        for number, (player, action) in enumerate(self.actions):
            if number % every == 0:
                self._checkpoints.append(self._checkpoint(rolling, seats))
            rolling.apply_trusted(player, action)  # played and checked once already
        self._last = self._checkpoint(rolling, seats)

    @staticmethod
    def _checkpoint(state: GameState, seats: range) -> GameState:
        for seat in seats:  # every seat's lines made once, shared by all checkpoints
            state.log_for(seat)
        return state.clone()

    def __len__(self) -> int:
        return len(self.actions) + 1

    def __getitem__(self, index: Any) -> GameState:
        if type(index) is slice:
            raise TypeError("a replay is indexed by one position, not sliced")
        n = len(self.actions)
        if index < 0:
            index += n + 1
        if not 0 <= index <= n:
            raise IndexError(f"a replay of {n} actions has positions 0..{n}, not {index}")
        if index == n:
            return self._last.clone()
        start = index - index % self.every
        state = self._checkpoints[start // self.every].clone()
        for player, action in self.actions[start:index]:
            state.apply_trusted(player, action)
        return state

    def __repr__(self) -> str:
        return f"<Replay of {len(self.actions)} actions, a checkpoint every {self.every}>"


def frozen(cls: type, **fields: Any) -> Any:
    """A frozen dataclass value from its fields without running ``__init__`` (which sets
    each field through ``object.__setattr__``): for observations and zones, made once per
    action of observed play. Only for classes without ``__post_init__`` or slots, with
    fields already of their types; a field left out keeps its class default.

    >>> frozen(Zone, name="talon", cards=(None, None)) == Zone("talon", (None, None))
    True
    """
    value = object.__new__(cls)
    _set(value, "__dict__", fields)  # the call's own new dict becomes the value's: nothing copied
    return value


_set = object.__setattr__


def _as_action(action: Any) -> Action:
    if isinstance(action, Action):
        return action
    raise IllegalActionError("EN-3", f"action must be a cardlab Action, got {action!r}")


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


def _keeping_draw(sample: Any) -> Any:
    """A view's ``sample``, the action it draws kept on the view (see :func:`_offering`)."""
    @functools.wraps(sample)
    def kept(self: LegalActions, rng: np.random.Generator) -> Action:
        action = sample(self, rng)
        try:
            self._drawn = action
        except AttributeError:  # a frozen view: kept all the same (not a field of its value)
            try:
                object.__setattr__(self, "_drawn", action)
            except AttributeError:  # a view with slots and no room for it: apply checks in full
                pass
        return action

    kept._keeps_draw = True  # type: ignore[attr-defined]
    return kept


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


_check_seats(GameState)  # the base's own log_for and name take seats too
