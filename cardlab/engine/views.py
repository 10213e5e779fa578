"""What a seat is shown: zones of cards, the legal actions as a view, observations."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from cardlab.cards import Card
from cardlab.records import Action, Event

if TYPE_CHECKING:
    from cardlab.engine.game import Game

__all__ = ["Zone", "Zones", "CardOffer", "LegalActions", "ActionList", "NO_ACTIONS", "uniform_index", "PhaseRules", "Observation",
           "cards_in", "frozen"]


@dataclass(frozen=True, init=False)
class Zone:
    """A place of cards, as data: its ``kind`` (one word per idea, the same in every game:
    see the glossary in :mod:`cardlab.engine`), its ``owner`` seat (None: shared), its
    ``index`` where a kind is numbered (parallel poker's packet 1..5, PP-2; else None), its
    ``cards`` (``None`` is a face-down card) and ``players``: the seat that laid each card,
    where the zone says it (a trick, FL-7), else empty. No words: :mod:`cardlab.words`
    names a zone from its kind, owner and index (:func:`cardlab.words.seats.zone_title`).

    >>> Zone("stock", cards=(None, None)).hidden, Zone("hand", 1) == Zone("hand", 1, None, ())
    (2, True)
    >>> Zone("trick", cards=(Card.parse("9h"), Card.parse("Jh")), players=(3, 0)).players
    (3, 0)
    >>> Zone("packet", 0, 3).key, Zone("stock").key
    (('packet', 0, 3), ('stock', None, None))
    """

    kind: str
    owner: int | None = None
    index: int | None = None
    cards: tuple[Card | None, ...] = ()
    players: tuple[int, ...] = ()

    def __init__(self, kind: str, owner: int | None = None, index: int | None = None,
                 cards: tuple[Card | None, ...] = (), players: tuple[int, ...] = ()):
        # the dataclass's own __init__ sets each field through object.__setattr__; an
        # observation makes up to a dozen zones, so they are set in one go
        _set(self, "__dict__", {"kind": kind, "owner": owner, "index": index, "cards": cards, "players": players})

    @property
    def hidden(self) -> int:
        """How many of its cards are face down."""
        return self.cards.count(None)

    @property
    def key(self) -> tuple[str, int | None, int | None]:
        """The zone's stable key, ``(kind, owner, index)``: one zone of a table each (no words)."""
        return self.kind, self.owner, self.index


class Zones(Sequence[Zone]):
    """An observation's table, zone by zone, made only when first read: ``make(*values)``
    gives the tuple of :class:`Zone` s. The ``values`` must be only what the seat may see
    (the leak checks, :func:`cards_in`, read them as they are), so an observation no one
    draws builds no zone. Equal to, and hashed as, the tuple it makes.

    >>> zones = Zones(lambda n: (Zone("stock", cards=(None,) * n),), 2)
    >>> zones[0].cards, zones == (Zone("stock", cards=(None, None)),), len(zones)
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


class CardOffer(NamedTuple):
    """One shape of legal actions (:meth:`LegalActions.card_offers`): ``kind`` with any
    ``n`` in ``counts`` of the ``cards``, in any order (an arrangement takes them all, in
    packets)."""

    kind: str
    cards: tuple[Card, ...]
    counts: frozenset[int]


class LegalActions:
    """A view of the legal actions: iteration, ``len`` and ``in`` (python-chess style).

    A game's view overrides ``__iter__`` and, where listing is too dear, ``__len__``,
    ``__contains__`` and ``sample``. The engine keeps the action ``sample`` drew (every
    subclass's ``sample`` is wrapped for it): a state that handed this view out then
    knows that action is legal, so ``state.apply`` of it skips the second check. That
    bookkeeping is the engine's alone; games never touch it.

    Equality and hashing are the engine's too: two views are equal when they are of one
    class and their :meth:`key` is equal (a view defines ``key``, never ``__eq__``).
    """

    drawn: Action | None = None  # the action this view's sample drew last (the engine's bookkeeping)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = sorted({"__eq__", "__hash__"} & set(cls.__dict__))
        if own:
            raise TypeError(f"{cls.__name__} defines {', '.join(own)}: a view's equality is the engine's, "
                            "from its key()")
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

    def key(self) -> Hashable:
        """What makes two views of this class equal: by default the set of their actions.
        A view too large to list gives its parts instead (a hand and a phase, a range of bets).

        >>> ActionList([Action("pass"), Action("see")]) == ActionList([Action("pass"), Action("see")])
        True
        """
        return frozenset(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalActions):
            return NotImplemented
        return type(self) is type(other) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.key()))

    def card_offers(self) -> tuple[CardOffer, ...] | None:
        """The view as offers of cards, where it is too large to list well: each a kind, the
        cards it chooses from and how many of them one action takes (a low round: five of
        the hand, KB-6; a draw: none to all, DP-5). None: the view is to be listed.
        Adapters build their clicks from it (:mod:`cardlab.interop.clicks`).

        >>> ActionList([Action("pass")]).card_offers() is None
        True
        """
        return None

    def kinds(self) -> frozenset[str]:
        """The kinds of action on offer (a table enables its buttons with it)."""
        return frozenset(action.kind for action in self)

    def sample(self, rng: np.random.Generator) -> Action:
        """One legal action chosen uniformly."""
        actions = list(self)
        self.drawn = action = actions[int(rng.integers(len(actions)))]
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
        self.drawn = action = actions[uniform_index(rng, len(actions))]
        return action

    sample._keeps_draw = True  # type: ignore[attr-defined]

    def key(self) -> tuple[Action, ...]:
        return self._actions  # in their order: a listed view is a sequence


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

    def zone(self, kind: str, owner: int | None = None, index: int | None = None) -> Zone:
        """The zone of that kind, owner and index (:attr:`Zone.key`); KeyError if there is none."""
        for zone in self.zones:
            if zone.kind == kind and zone.owner == owner and zone.index == index:
                return zone
        raise KeyError((kind, owner, index))


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
        elif isinstance(item, (str, bytes, int, float, bool, type(None))) or _is_settings(item):
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


def frozen(cls: type, **fields: Any) -> Any:
    """A frozen dataclass value from its fields without running ``__init__`` (which sets
    each field through ``object.__setattr__``): for observations and zones, made once per
    action of observed play. Only for classes without ``__post_init__`` or slots, with
    fields already of their types; a field left out keeps its class default.

    >>> frozen(Zone, kind="stock", cards=(None, None)) == Zone("stock", cards=(None, None))
    True
    """
    value = object.__new__(cls)
    _set(value, "__dict__", fields)  # the call's own new dict becomes the value's: nothing copied
    return value


_set = object.__setattr__


def _keeping_draw(sample: Any) -> Any:
    """A view's ``sample``, the action it draws kept on the view (see :func:`_offering`)."""
    @functools.wraps(sample)
    def kept(self: LegalActions, rng: np.random.Generator) -> Action:
        action = sample(self, rng)
        try:
            self.drawn = action
        except AttributeError:  # a frozen view: kept all the same (not a field of its value)
            try:
                object.__setattr__(self, "drawn", action)
            except AttributeError:  # a view with slots and no room for it: apply checks in full
                pass
        return action

    kept._keeps_draw = True  # type: ignore[attr-defined]
    return kept


def _is_settings(value: Any) -> bool:
    from cardlab.engine.game import Game  # settings hold no card a seat may not see

    return isinstance(value, Game)
