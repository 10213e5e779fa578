"""What a game records: its actions and its events, as immutable values (issue 26).

An :class:`Action` is one move of any game (kind, cards, amount). An :class:`Event` is
one entry of a game's history: its kind, the rule id that decided it, the seat it
concerns, the action that caused it and its *fields*: seats, cards, amounts, hand
values, counts, typed by its :class:`EventKind`. Events hold no words: sentences are
made from them by :mod:`cardlab.words` (whole templates with named placeholders), so a
table, a notebook or an adapter never parses a sentence back, and other words change no
record. (After pokerkit's operation records; text is made only for display.)

>>> from cardlab.cards import parse_cards
>>> LAID = EventKind("example", "laid", "KB-3", seat=SEAT, card=CARD)
>>> event = Event.of(LAID, 1, Card.parse("Ah"), player=1)
>>> event.kind, event.rule, event["seat"], event.fields
('laid', 'KB-3', 1, {'seat': 1, 'card': Card('Ah')})
>>> Event.from_json(event.to_json()) == event
True
"""

from __future__ import annotations

import enum
import inspect
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardlab.cards import Card, parse_cards
from cardlab.hands import Category, HandValue
from cardlab.cards import Rank

__all__ = [
    "Action",
    "FieldType",
    "SEAT",
    "SEATS",
    "CARD",
    "CARDS",
    "COUNT",
    "CHIPS",
    "POINTS",
    "NUMBER",
    "HAND",
    "AMOUNTS",
    "TEXT",
    "ACTION",
    "REFUSAL",
    "EventKind",
    "Event",
    "event_kind",
    "event_kinds",
    "reveals",
    "RefusalKind",
    "Refusal",
    "refusal_kind",
    "refusal_kinds",
    "forget_kinds",
]

_set = object.__setattr__


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
        else:
            cards = parse_cards(cards, allow_repeats=True)
        object.__setattr__(self, "cards", cards)
        if self.amount is not None and (isinstance(self.amount, bool) or not isinstance(self.amount, (int, np.integer))):
            raise ValueError(f"an action's amount is a whole number of chips, got {self.amount!r}")
        if self.amount is not None:
            object.__setattr__(self, "amount", int(self.amount))

    @classmethod
    def trusted(cls, kind: str, cards: tuple[Card, ...] = (), amount: int | None = None) -> Action:
        """An action from parts already in normal form (a non-empty str kind, a tuple of
        Cards, an int or None), without ``__post_init__``'s checks: for legal-action views,
        which make one action per move of random play and whose parts are the game's own.
        Anything else is to be built with ``Action(...)``.

        >>> Action.trusted("lay", (Card.parse("Ah"),)) == Action("lay", "Ah")
        True
        """
        action = object.__new__(cls)
        _set(action, "__dict__", {"kind": kind, "cards": cards, "amount": amount})  # frozen: its fields, as __init__ sets them
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
        """The action saved by :meth:`to_list`: ``[kind, [card codes], amount or None]``.

        >>> Action.from_list(["open", [], 3])
        Action('open', amount=3)
        """
        if not isinstance(data, (list, tuple)) or len(data) != 3:
            raise ValueError(f"an action is saved as [kind, [cards], amount], got {data!r}")
        kind, cards, amount = data
        if not isinstance(cards, (list, tuple)) or not all(isinstance(card, str) for card in cards):
            raise ValueError(f"an action's cards are saved as a list of card codes, got {cards!r}")
        return cls(kind, tuple(cards), amount)



class FieldType(enum.Enum):
    """The type of one field of an event or a refusal: how it is saved, put in words and in numbers."""

    SEAT = "seat"  # a seat 0..players-1
    SEATS = "seats"  # a tuple of seats, in the order said
    CARD = "card"  # one Card
    CARDS = "cards"  # a tuple of Cards, in the order said
    COUNT = "count"  # how many (cards, tricks ...): a whole number
    CHIPS = "chips"  # an amount of chips
    POINTS = "points"  # an amount of points
    NUMBER = "number"  # an ordinal: deal 3, trick 2, game 1
    HAND = "hand"  # a HandValue (HR-1 .. HR-6)
    AMOUNTS = "amounts"  # a tuple of whole numbers, one per seat of a SEATS field (shares, stacks)
    TEXT = "text"  # something the caller gave, said as given: an unknown kind of action, a bad value's repr
    ACTION = "action"  # an Action, said as its kind, its cards (in the language's letters) and its amount
    REFUSAL = "refusal"  # a Refusal inside another (an illegal action of a saved game), said with its rule


SEAT, SEATS, CARD, CARDS = FieldType.SEAT, FieldType.SEATS, FieldType.CARD, FieldType.CARDS
COUNT, CHIPS, POINTS, NUMBER = FieldType.COUNT, FieldType.CHIPS, FieldType.POINTS, FieldType.NUMBER
HAND, AMOUNTS = FieldType.HAND, FieldType.AMOUNTS
TEXT, ACTION, REFUSAL = FieldType.TEXT, FieldType.ACTION, FieldType.REFUSAL

#: Every kind of event of every game, by (game name, kind name): filled as games declare theirs.
_KINDS: dict[tuple[str, str], EventKind] = {}


class EventKind:
    """One kind of event of one game: its name, the rule that decides it, its fields in
    order with their types, and whether a table stops on it (``result``: until the player
    has read it; ``brief``: a moment, as a trick). Declared once, in the game's module;
    the words for it live in :mod:`cardlab.words`.

    >>> kind = EventKind("example", "seen", "KB-6", seat=SEAT, cards=CARDS)
    >>> kind.rule, kind.field_names, event_kind("example", "seen") is kind
    ('KB-6', ('seat', 'cards'), True)
    """

    __slots__ = ("game", "name", "rule", "fields", "field_names", "result", "brief", "code")

    def __init__(self, game: str, name: str, rule: str, *, result: bool = False, brief: bool = False,
                 **fields: FieldType):
        if not all(isinstance(t, FieldType) for t in fields.values()):
            raise TypeError(f"the fields of event {name!r} must be FieldTypes, got {fields!r}")
        self.game, self.name, self.rule = game, name, rule
        self.fields: tuple[tuple[str, FieldType], ...] = tuple(fields.items())
        self.field_names = tuple(fields)
        self.result, self.brief = result, brief
        known = [k for (g, _), k in _KINDS.items() if g == game]
        existing = _KINDS.get((game, name))
        self.code = existing.code if existing is not None else len(known) + 1  # 1.. in declaration order (tensors)
        _KINDS[(game, name)] = self

    def __repr__(self) -> str:
        return f"<EventKind {self.game}:{self.name} ({self.rule})>"

    def __reduce__(self) -> Any:  # pickled by name (process pools, Dask): one object per kind
        return event_kind, (self.game, self.name)


def event_kind(game: str, name: str) -> EventKind:
    """The declared kind ``name`` of ``game`` (KeyError for an unknown one)."""
    return _KINDS[(game, name)]


def event_kinds(game: str) -> tuple[EventKind, ...]:
    """Every declared kind of ``game``, in declaration order.

    >>> import cardlab.games.kontrabluff
    >>> [kind.name for kind in event_kinds("kontrabluff")][:3]
    ['first_dealer', 'new_deal', 'dealt']
    """
    return tuple(sorted((k for (g, _), k in _KINDS.items() if g == game), key=lambda k: k.code))


@dataclass(frozen=True)
class Event:
    """One entry of a game's history: a typed record, no words (see the module's docstring).

    ``kind`` names its :class:`EventKind` in ``game``; ``values`` are its fields in the
    kind's order (``fields`` gives them by name, ``event["name"]`` one of them);
    ``player`` the seat it concerns (the actor of an action), ``action`` the action that
    caused it, ``rule`` the rule id that decided it, ``visible_to`` None for a public
    event, else the seats that may see it (a private deal, a face-down card).
    """

    game: str
    kind: str
    values: tuple[Any, ...] = ()
    player: int | None = None
    action: Action | None = None
    rule: str = ""
    visible_to: frozenset[int] | None = None

    @classmethod
    def of(cls, kind: EventKind, *values: Any, player: int | None = None, action: Action | None = None,
           rule: str | None = None, visible_to: frozenset[int] | None = None) -> Event:
        """An event of ``kind`` with its field ``values`` in order (checked against the kind)."""
        if len(values) != len(kind.fields):
            raise ValueError(f"event {kind.name!r} has fields {kind.field_names}, got {len(values)} values")
        return cls(kind.game, kind.name, tuple(values), player, action, rule or kind.rule, visible_to)

    @property
    def spec(self) -> EventKind:
        """The :class:`EventKind` of this event."""
        return _KINDS[(self.game, self.kind)]

    @property
    def fields(self) -> dict[str, Any]:
        return dict(zip(self.spec.field_names, self.values))

    def __getitem__(self, name: str) -> Any:
        return self.values[self.spec.field_names.index(name)]

    def visible(self, player: int) -> bool:
        return self.visible_to is None or player in self.visible_to

    @property
    def is_result(self) -> bool:
        """Whether a table stops on this event until it is read (a round's score, a pot won)."""
        return self.spec.result

    def to_json(self) -> dict[str, Any]:
        """The event as JSON-ready data; :meth:`from_json` gives it back."""
        return {
            "game": self.game, "kind": self.kind, "rule": self.rule, "player": self.player,
            "action": None if self.action is None else self.action.to_list(),
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
            "fields": {name: _save(kind, value) for (name, kind), value in zip(self.spec.fields, self.values)},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """The event saved by :meth:`to_json` (its kind must be declared: import its game)."""
        spec = event_kind(data["game"], data["kind"])
        saved = data["fields"]
        if set(saved) != set(spec.field_names):
            raise ValueError(f"event {spec.name!r} has fields {spec.field_names}, got {sorted(saved)}")
        values = tuple(_load(kind, saved[name]) for name, kind in spec.fields)
        action = None if data["action"] is None else Action.from_list(data["action"])
        seen = None if data["visible_to"] is None else frozenset(data["visible_to"])
        return cls(spec.game, spec.name, values, data["player"], action, data["rule"], seen)


# -- refusals (issue 35): why an action, a setting or a saved game is refused, as data -------------
#: Every kind of refusal, by (game name, kind name): filled as the engine, the games and the
#: sessions declare theirs.
_REFUSALS: dict[tuple[str, str], RefusalKind] = {}


class RefusalKind:
    """One kind of refusal: its name, the rule that refuses, its fields in order with their
    types. Declared once, in the module that refuses (a game's beside its EventKinds; the
    engine's, game ``"engine"``, in :mod:`cardlab.engine`); its words, one whole template,
    live in :mod:`cardlab.words` (:mod:`cardlab.words.refusals`). Calling it makes a
    :class:`Refusal`.

    >>> kind = RefusalKind("example", "not_held", "KB-3", seat=SEAT, card=CARD)
    >>> kind.rule, kind.field_names, refusal_kind("example", "not_held") is kind
    ('KB-3', ('seat', 'card'), True)
    """

    def __init__(self, game: str, name: str, rule: str, /, **fields: FieldType):
        if not all(isinstance(t, FieldType) for t in fields.values()):
            raise TypeError(f"the fields of refusal {name!r} must be FieldTypes, got {fields!r}")
        self.game, self.name, self.rule = game, name, rule
        self.fields: tuple[tuple[str, FieldType], ...] = tuple(fields.items())
        self.field_names = tuple(fields)
        # The module that declares it (a game's, the engine's): pickle finds the kind there by
        # its global name, importing that module, and so the game's words, where it is loaded.
        caller = inspect.currentframe().f_back  # type: ignore[union-attr]
        self.__module__ = caller.f_globals.get("__name__", __name__) if caller is not None else __name__
        _REFUSALS[(game, name)] = self

    def __call__(self, *values: Any, players: int = 0, rule: str | None = None) -> Refusal:
        """A refusal of this kind with its field ``values`` in order (their number checked);
        ``players``: the seats at the table (to name a seat); ``rule``: where the refusing
        rule depends on the moment (a count refused by KB-3 or KB-6), else the kind's."""
        if len(values) != len(self.fields):
            raise ValueError(f"refusal {self.name!r} has fields {self.field_names}, got {len(values)} values")
        return Refusal(self, values, players, rule or self.rule)

    def __repr__(self) -> str:
        return f"<RefusalKind {self.game}:{self.name} ({self.rule})>"

    def __reduce__(self) -> Any:
        """Pickled (process pools, Dask) by the global name its module gives it, as a class
        or a function is: unpickling imports that module (a game's, with its words) and
        finds the very kind. A kind bound to no global of its module is pickled by value."""
        module = sys.modules.get(self.__module__)
        for name, value in vars(module).items() if module is not None else ():
            if value is self:
                return name
        return _declared, (self.game, self.name, self.rule, self.fields)


def _declared(game: str, name: str, rule: str, fields: tuple[tuple[str, FieldType], ...]) -> RefusalKind:
    """The kind ``name`` of ``game`` as declared here, else declared now (unpickled in a process
    that has not imported its module)."""
    found = _REFUSALS.get((game, name))
    return found if found is not None else RefusalKind(game, name, rule, **dict(fields))


def refusal_kind(game: str, name: str) -> RefusalKind:
    """The declared refusal ``name`` of ``game`` (KeyError for an unknown one)."""
    return _REFUSALS[(game, name)]


def refusal_kinds(game: str | None = None) -> tuple[RefusalKind, ...]:
    """Every declared refusal of ``game`` (None: of all), in declaration order.

    >>> import cardlab.engine
    >>> [kind.name for kind in refusal_kinds("engine")][:2]
    ['not_your_turn', 'game_over']
    """
    return tuple(kind for (g, _), kind in _REFUSALS.items() if game is None or g == game)


@dataclass(frozen=True)
class Refusal:
    """Why something is refused, as a typed record with no words (as an :class:`Event` says
    what happened): its :class:`RefusalKind`, its field ``values`` in the kind's order (seats
    as numbers, cards as Cards, chips as ints), the number of ``players`` at the table (so a
    seat can be named) and the ``rule`` that refuses. :mod:`cardlab.words` says it whole, in
    any language; :class:`cardlab.engine.IllegalActionError` carries one.

    >>> kind = RefusalKind("example", "not_held", "KB-3", seat=SEAT, card=CARD)
    >>> refusal = kind(1, Card.parse("Ah"), players=2)
    >>> refusal.name, refusal.rule, refusal.fields
    ('not_held', 'KB-3', {'seat': 1, 'card': Card('Ah')})
    >>> refusal == kind(1, Card.parse("Ah"), players=2), refusal["card"]
    (True, Card('Ah'))
    """

    kind: RefusalKind
    values: tuple[Any, ...] = ()
    players: int = 0
    rule: str = ""

    @property
    def game(self) -> str:
        return self.kind.game

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def fields(self) -> dict[str, Any]:
        """The values by field name."""
        return dict(zip(self.kind.field_names, self.values))

    def __getitem__(self, name: str) -> Any:
        return self.values[self.kind.field_names.index(name)]


def _save(kind: FieldType, value: Any) -> Any:
    if kind is CARD:
        return value.short
    if kind is CARDS:
        return [card.short for card in value]
    if kind is HAND:
        return {"key": value.key, "category": str(value.category), "ranks": [r.value for r in value.ranks],
                "low": value.low}
    if kind in (SEATS, AMOUNTS):
        return list(value)
    if kind is ACTION:
        return value.to_list()
    return value


def _load(kind: FieldType, value: Any) -> Any:
    if kind is CARD:
        return Card.parse(value)
    if kind is CARDS:
        return parse_cards(value, allow_repeats=True)
    if kind is HAND:
        return HandValue(value["key"], Category(value["category"]), tuple(Rank(r) for r in value["ranks"]),
                         value["low"])
    if kind in (SEATS, AMOUNTS):
        return tuple(value)
    if kind is ACTION:
        return Action.from_list(value)
    return value


def reveals(record: tuple[Any, ...], seat: int, known: frozenset[Card]) -> bool:
    """Whether a history record turns something up for ``seat``: a result or a trick, or
    any card the seat may see, except the seat's own move with cards it ``known`` (held).
    (Cards are judged by who shows them, not by their value: two piquet decks hold each
    card twice, PP-1.)

    >>> from cardlab.games.kontrabluff import LAY, MATCH_WON
    >>> from cardlab.cards import Card
    >>> ace = Card.parse("Ah")
    >>> reveals((LAY, (1, ace), 1, None, "KB-3", None), 0, frozenset({ace})), reveals((LAY, (0, ace), 0, None, "KB-3", None), 0, frozenset({ace}))
    (True, False)
    """
    kind, values, player, _, _, seen = record
    if seen is not None and seat not in seen:
        return False
    if kind.result or kind.brief:
        return True
    cards: list[Card] = []
    for (_, field_type), value in zip(kind.fields, values):
        if field_type is CARD and value is not None:
            cards.append(value)
        elif field_type is CARDS:
            cards.extend(value)
    return bool(cards) and not (player == seat and all(card in known for card in cards))


def forget_kinds(game: str) -> None:
    """Forget every kind of event and of refusal ``game`` declared (a test's game leaves no
    trace: :func:`cardlab.games.unregister` with ``forget=True``).

    >>> _ = EventKind("example_forgotten", "seen", "KB-6"); _ = RefusalKind("example_forgotten", "no", "KB-3")
    >>> forget_kinds("example_forgotten")
    >>> event_kinds("example_forgotten"), refusal_kinds("example_forgotten")
    ((), ())
    """
    for table in (_KINDS, _REFUSALS):
        for key in [key for key in table if key[0] == game]:
            del table[key]
