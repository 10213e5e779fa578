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
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from cardlab.cards import Card, CardError, deck, parse_cards

__all__ = [
    "Action",
    "Event",
    "Zone",
    "Observation",
    "LegalActions",
    "ActionList",
    "Game",
    "GameState",
    "IllegalActionError",
    "SettingsError",
    "seat_names",
    "cards_in",
]


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule id.

    The state it was applied to is unchanged.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class SettingsError(ValueError):
    """Game settings that the rules do not allow (checked at construction)."""


@dataclass(frozen=True)
class Action:
    """One move of any game: a kind, the cards it uses, an amount of chips.

    Built by anyone, equal by value. Cards may be given as text.

    >>> Action("see", "7h 5s 4d 3c 2s").cards[0]
    Card('7h')
    """

    kind: str
    cards: tuple[Card, ...] = ()
    amount: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not self.kind:
            raise ValueError(f"an action's kind is a non-empty string, got {self.kind!r}")
        cards = self.cards
        if isinstance(cards, Card):
            cards = (cards,)
        elif isinstance(cards, str):
            cards = parse_cards(cards, allow_repeats=True)
        else:
            cards = tuple(Card.parse(card) for card in cards)
        object.__setattr__(self, "cards", cards)
        if self.amount is not None and (isinstance(self.amount, bool) or not isinstance(self.amount, (int, np.integer))):
            raise ValueError(f"an action's amount is a whole number of chips, got {self.amount!r}")
        if self.amount is not None:
            object.__setattr__(self, "amount", int(self.amount))

    @classmethod
    def _unchecked(cls, kind: str, cards: tuple[Card, ...] = (), amount: int | None = None) -> Action:
        """An action from parts already in normal form (a kind, a tuple of Cards, an int or
        None), without ``__post_init__``'s checks: for legal-action views, which make one
        action per move of random play and whose parts are the game's own.

        >>> Action._unchecked("lay", (Card.parse("Ah"),)) == Action("lay", "Ah")
        True
        """
        action = object.__new__(cls)
        action.__dict__.update(kind=kind, cards=cards, amount=amount)  # frozen: set as __init__ would
        return action

    def __str__(self) -> str:
        parts = [self.kind, *map(str, self.cards)]
        if self.amount is not None:
            parts.append(str(self.amount))
        return " ".join(parts)

    def __repr__(self) -> str:
        args = [repr(self.kind)]
        if self.cards:
            args.append(f"cards={self.cards!r}")
        if self.amount is not None:
            args.append(f"amount={self.amount!r}")
        return f"Action({', '.join(args)})"

    def to_list(self) -> list:
        return [self.kind, [card.short for card in self.cards], self.amount]

    @classmethod
    def from_list(cls, data: Sequence) -> Action:
        kind, cards, amount = data
        return cls(kind, tuple(cards), amount)


@dataclass(frozen=True)
class Event:
    """One entry of a game's history: an action or a chance event, in plain words.

    ``visible_to`` is None for a public event, else the seats that may see it (a
    private deal, a face-down card). ``rule`` is the rule id that decided it.
    """

    kind: str
    text: str
    player: int | None = None
    action: Action | None = None
    rule: str = ""
    visible_to: frozenset[int] | None = None

    def visible(self, player: int) -> bool:
        return self.visible_to is None or player in self.visible_to

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}" if self.rule else self.text


@dataclass(frozen=True)
class Zone:
    """A group of cards on the table as one seat sees it; ``None`` is a face-down card."""

    name: str
    cards: tuple[Card | None, ...] = ()
    owner: int | None = None
    kind: str = "row"

    @property
    def hidden(self) -> int:
        return sum(card is None for card in self.cards)


class LegalActions:
    """A view of the legal actions: iteration, ``len`` and ``in`` (python-chess style).

    ``sample`` keeps the action it drew in ``_drawn``: a state that handed this view
    out (:meth:`GameState._offer`) then knows that action is legal without checking.
    """

    _drawn: Action | None = None

    def __iter__(self) -> Iterator[Action]:
        raise NotImplementedError

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, action: object) -> bool:
        return any(action == legal for legal in self)

    def __bool__(self) -> bool:
        return len(self) > 0

    def kinds(self) -> frozenset[str]:
        """The kinds of action on offer (a table enables its buttons with it)."""
        return frozenset(action.kind for action in self)

    def sample(self, rng: np.random.Generator) -> Action:
        """One legal action chosen uniformly."""
        actions = list(self)
        self._drawn = action = actions[int(rng.integers(len(actions)))]
        return action

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class ActionList(LegalActions):
    """Legal actions listed in full."""

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

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ActionList) and self._actions == other._actions

    def __hash__(self) -> int:
        return hash(self._actions)


@dataclass(frozen=True)
class Observation:
    """What one seat may know (the base of every game's observation).

    ``zones`` is the table as that seat sees it, face-down cards as ``None``;
    ``points`` are scores (Kontrabluff, parallel poker) or stacks (chip games);
    ``log`` is the history in plain words, only the events this seat may see.
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
    log: tuple[str, ...] = ()
    is_terminal: bool = False

    @property
    def seat_names(self) -> tuple[str, ...]:
        return seat_names(self.game.num_players)

    def zone(self, name: str) -> Zone:
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise KeyError(name)


def seat_names(n: int) -> tuple[str, ...]:
    """Names of the seats, clockwise from seat 0 (the table's own seat at the bottom).

    >>> seat_names(2), seat_names(4)
    (('South', 'North'), ('South', 'West', 'North', 'East'))
    """
    names = {
        1: ("South",),
        2: ("South", "North"),
        3: ("South", "West", "East"),
        4: ("South", "West", "North", "East"),
        5: ("South", "West", "North-West", "North-East", "East"),
    }
    if n in names:
        return names[n]
    return tuple(f"Seat {i}" for i in range(n))


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
                stack.extend(item)
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

    @property
    def num_players(self) -> int:
        return getattr(self, "players", 2)

    @property
    def full_deck(self) -> tuple[Card, ...]:
        """The ordered deck this game uses."""
        return deck(getattr(self, "deck_size", self.deck_cards))

    def _check_deck(self, cards: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
        if cards is None:
            return None
        cards = parse_cards(cards) if isinstance(cards, str) else tuple(Card.parse(c) for c in cards)
        expected = self.full_deck
        if sorted(cards) != sorted(expected):
            missing = sorted(set(expected) - set(cards))
            known = set(expected)  # a card outside the deck, or one named again, is named
            extra = sorted({card for i, card in enumerate(cards) if card not in known or card in cards[:i]})
            raise CardError(
                f"a stacked deck must hold exactly the {len(expected)} cards of the game's deck "
                f"(got {len(cards)}; missing {' '.join(map(str, missing)) or 'none'}, "
                f"not in the deck or repeated {' '.join(map(str, extra)) or 'none'})"
            )
        return cards

    def new_state(self, seed: int | None = None, dealer: int | None = None, deck: Iterable[Card | str] | None = None) -> GameState:
        """A new game: seeded (a random seed is drawn and kept when None)."""
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
            raise SettingsError(f"seed must be a non-negative integer, got {seed!r}")
        if dealer is not None and (not isinstance(dealer, int) or not 0 <= dealer < self.num_players):
            raise SettingsError(f"dealer must be a seat 0..{self.num_players - 1}, got {dealer!r}")
        return self.state_class(self, int(seed), dealer, self._check_deck(deck))

    def settings(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def state_from_json(self, text: str) -> GameState:
        """Load a state saved with :meth:`GameState.to_json` by replaying its actions."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise TypeError("the top level is not an object")
            if data.get("game") != self.name:
                raise ValueError(f"it holds a game of {data.get('game')!r}, not {self.name!r}")
            if data.get("settings") != self.settings():
                raise ValueError(f"its settings {data.get('settings')!r} differ from this game's {self.settings()!r}")
            state = self.new_state(seed=data["seed"], dealer=data["dealer"], deck=data["deck"])
            actions = [(int(p), Action.from_list(a)) for p, a in data["actions"]]
        except (ValueError, TypeError, KeyError) as error:
            raise ValueError(f"cannot load a {self.name} state from JSON: {error}") from None
        for number, (player, action) in enumerate(actions, 1):
            if state.current_player != player and not state.simultaneous:
                raise ValueError(f"cannot load a {self.name} state from JSON: seat {player} was not to act")
            try:
                state._apply_as(player, action)
            except IllegalActionError as error:
                raise ValueError(f"cannot load a {self.name} state from JSON: action {number} ({action}) is illegal: {error}") from None
        return state

    def __deepcopy__(self, memo: dict) -> Game:
        return self  # settings are immutable

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> GameState:
        """A full state consistent with ``observation``: hidden cards dealt at random.

        Search bots plan on such samples (determinization).
        """
        raise NotImplementedError(f"{self.name} cannot sample hidden information")


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Card):
        return value.short
    if hasattr(value, "value") and not isinstance(value, (int, float, str, bool)):
        return value.value
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
    _offered: tuple[int, int, LegalActions] | None = None  # see _offer

    def __init__(self, game: Game, seed: int, dealer: int | None, stacked: tuple[Card, ...] | None):
        self.game = game
        self.seed = seed
        self.first_dealer = dealer
        self.stacked = stacked
        self.history: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.round_index = 0
        self._shuffles = 0
        self._setup()

    # -- randomness -------------------------------------------------------------
    def _rng(self, *keys: int) -> np.random.Generator:
        from cardlab.cards import rng_for

        return rng_for(self.seed, *keys)

    def _new_deck(self) -> list[Card]:
        """The next shuffled deck: the stacked one first, then shuffles from the seed."""
        self._shuffles += 1
        if self._shuffles == 1 and self.stacked is not None:
            return list(self.stacked)
        cards = self.game.full_deck
        order = self._rng(self._shuffles).permutation(len(cards)).tolist()  # ints index faster than numpy's
        return [cards[i] for i in order]

    def _shuffle(self, cards: list[Card]) -> list[Card]:
        """Shuffle cards in play (a refilled stock), reproducibly from the seed."""
        self._shuffles += 1
        order = self._rng(self._shuffles).permutation(len(cards)).tolist()
        return [cards[i] for i in order]

    def _choose_dealer(self) -> int:
        """The first dealer: fixed by ``dealer=``, else drawn from the seed (KB-1, DP-1 ...)."""
        if self.first_dealer is not None:
            return self.first_dealer
        return int(self._rng(0).integers(self.game.num_players))

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
            raise IllegalActionError("rules", f"{action} is not a legal action now")

    def can_apply(self, action: Action, player: int | None = None) -> bool:
        """Whether ``action`` is legal now (a widget enables its button with it)."""
        try:
            self.check(_as_action(action), player)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Play ``action`` for the player to act; an illegal one raises and changes nothing."""
        self._apply_as(None, action)

    def apply_for(self, player: int, action: Action) -> None:
        """Play ``action`` for ``player`` (games with simultaneous choices, FL-3, PP-2)."""
        self._apply_as(player, action)

    def _apply_as(self, player: int | None, action: Action) -> None:
        if not isinstance(action, Action):
            _as_action(action)  # raises, naming the protocol
        if self.is_terminal:
            raise IllegalActionError("end", f"the game is over; {action} cannot be played")
        if player is None:
            player = self.current_player
        elif not self.simultaneous and player != self.current_player:
            raise IllegalActionError("turn", f"it is seat {self.current_player}'s turn, not seat {player}'s")
        offered = self._offered
        # Random play draws from legal_actions() and plays at once: the very action the
        # offered view drew, for its seat, before anything else moved, is legal already.
        if (offered is None or offered[2]._drawn is not action or offered[1] != player
                or offered[0] != len(self.actions)):
            self.check(action, player)
        self.actions.append((player, action))
        self._apply(action, player)

    def _offer(self, player: int, actions: LegalActions) -> LegalActions:
        """Hand out ``actions``, the legal actions of ``player`` now, remembering them so
        that playing the action their ``sample`` drew skips the second check.

        A game's ``legal_actions`` may end with ``return self._offer(player, view)``;
        the view must be exactly the legal actions (a shared constant view is fine).
        """
        self._offered = (len(self.actions), player, actions)
        return actions

    def _apply(self, action: Action, player: int) -> None:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def observation(self, player: int) -> Observation:
        raise NotImplementedError

    def card_locations(self) -> dict[str, Sequence[Card]]:
        """Every card of the deck by where it really is (for the conservation checks)."""
        raise NotImplementedError

    def hidden_from(self, player: int) -> frozenset[Card]:
        """The cards whose place ``player`` may not know (for the leak checks)."""
        raise NotImplementedError

    def chips(self) -> int | None:
        """All chips in play (stacks and pot), or None for a game without chips."""
        return None

    @property
    def points(self) -> tuple[float, ...]:
        """Each seat's running total (scores or stacks): what bots try to raise."""
        raise NotImplementedError

    # -- events ------------------------------------------------------------------
    # The history is kept as plain tuples ``(kind, text, player, action, rule, seen)``,
    # made into Events and lines only when someone reads them: a frozen Event per line
    # was a tenth of the time of random play. Each seat's log is kept and extended,
    # since a session's history only grows (an observation per action stays cheap).
    @property
    def history(self) -> list[Event]:
        """Everything that happened, actions and chance events, with rule ids."""
        cache, records = self._event_cache, self._records
        if len(cache) < len(records):
            render = self._render_text
            cache.extend(Event(kind, render(text), *rest) for kind, text, *rest in records[len(cache) :])
        return cache

    @history.setter
    def history(self, events: list[Event]) -> None:
        self._records: list[tuple[Any, ...]] = [
            (e.kind, e.text, e.player, e.action, e.rule, e.visible_to) for e in events]
        self._event_cache: list[Event] = list(events)
        self._log_cache: dict[int, tuple[int, tuple[str, ...]]] = {}

    def _log(self, kind: str, text: Any, *, rule: str = "", player: int | None = None,
             action: Action | None = None, visible_to: Iterable[int] | None = None) -> None:
        """Append an event; ``text`` is a string, or whatever :meth:`_render_text` makes one of."""
        seen = visible_to if visible_to is None or type(visible_to) is frozenset else frozenset(visible_to)
        self._records.append((kind, text, player, action, rule, seen))

    def _render_text(self, text: Any) -> str:
        """The words of a logged text. A game may log cheaper values (a template and its
        arguments) and override this to format them when the log is read."""
        return text

    def log_for(self, player: int) -> tuple[str, ...]:
        """The history in words, as ``player`` may see it."""
        records = self._records
        done, lines = self._log_cache.get(player, (0, ()))
        if done < len(records):
            if type(self)._render_text is GameState._render_text:  # plain strings: no call per line
                new = [f"{rule}: {text}" if rule else text
                       for _, text, _, _, rule, seen in records[done:] if seen is None or player in seen]
            else:
                render, new = self._render_text, []
                for _, text, _, _, rule, seen in records[done:]:
                    if seen is None or player in seen:
                        text = render(text)
                        new.append(f"{rule}: {text}" if rule else text)
            lines += tuple(new)
            self._log_cache[player] = (len(records), lines)
        return lines

    def _clone_log(self, new: GameState) -> None:
        """Give ``new`` (a shallow copy of this state) its own history lists; records,
        Events and cached lines are immutable, so they are shared."""
        new._records = self._records[:]
        new._event_cache = self._event_cache[:]
        new._log_cache = dict(self._log_cache)

    def name(self, player: int) -> str:
        return seat_names(self.game.num_players)[player]

    # -- copies and saving ---------------------------------------------------------
    def clone(self) -> GameState:
        """A deep copy (the history's immutable records and Events are shared)."""
        import copy

        memo: dict[int, Any] = {}
        for name in ("_records", "_event_cache", "_log_cache"):
            value = vars(self)[name]
            memo[id(value)] = copy.copy(value)
        return copy.deepcopy(self, memo)

    # Attributes derived from the rest (caches), left out of equality; games add theirs.
    _caches: ClassVar[tuple[str, ...]] = ("_offered", "_event_cache", "_log_cache")

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return False
        mine, theirs = dict(vars(self)), dict(vars(other))
        for cache in self._caches:
            mine.pop(cache, None), theirs.pop(cache, None)
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> str:
        """The state as JSON text; ``game.state_from_json`` replays it exactly."""
        return json.dumps(
            {
                "game": self.game.name,
                "settings": self.game.settings(),
                "seed": self.seed,
                "dealer": self.first_dealer,
                "deck": None if self.stacked is None else [c.short for c in self.stacked],
                "actions": [[p, a.to_list()] for p, a in self.actions],
            }
        )

    def replay(self) -> Iterator[GameState]:
        """The states of this game from its start, one after each action (for a replay view)."""
        state = self.game.new_state(seed=self.seed, dealer=self.first_dealer, deck=self.stacked)
        yield state.clone()
        for player, action in self.actions:
            state._apply_as(player, action)
            yield state.clone()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game!r}, {len(self.actions)} actions, seed {self.seed}>"


def _built(cls: type, **fields: Any) -> Any:
    """A frozen dataclass value from its fields without running ``__init__`` (which sets
    each field through ``object.__setattr__``): for observations and zones, made once per
    action of observed play. Only for classes without ``__post_init__``; a field left out
    keeps its class default.

    >>> _built(Zone, name="talon", cards=(None, None)) == Zone("talon", (None, None))
    True
    """
    value = object.__new__(cls)
    value.__dict__.update(fields)
    return value


def _as_action(action: Any) -> Action:
    if isinstance(action, Action):
        return action
    raise IllegalActionError("protocol", f"expected a cardlab.Action, got {action!r}")
