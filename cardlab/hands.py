"""Poker hand rules as data, and the evaluation of five-card hands (HR-1 .. HR-7).

A :class:`HandRules` holds everything a variant changes: the deck size, whether the
ace makes the lowest straight with the deck's four lowest ranks (HR-5), and the order
of the categories (HR-4 by default). :func:`evaluate` turns five cards into a
:class:`HandValue`, totally ordered, with its category and a description.

>>> from cardlab.cards import parse_cards
>>> value = evaluate(parse_cards("Kh Ks Kd 7c 7h"))
>>> value.category, value.describe()
(<Category.FULL_HOUSE: 'full house'>, 'full house, kings over sevens')
>>> value.category == "full house"
True

The short decks change the order of the top categories (HR-4):

>>> flush, full = parse_cards("7h 9h Jh Kh Ah"), parse_cards("7c 7d 7s 8c 8d")
>>> evaluate(flush) > evaluate(full)
False
>>> evaluate(flush, HandRules(32)) > evaluate(full, HandRules(32))
True
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cardlab.cards import DECK_SIZES, Card, CardError, Rank, check_distinct, deck_ranks

__all__ = [
    "Category",
    "CATEGORIES",
    "HandRules",
    "HandValue",
    "evaluate",
    "evaluate_low",
    "evaluate_partial",
    "compare",
    "category_counts",
    "rarity_order",
    "hierarchy",
]


class Category(enum.StrEnum):
    """The nine categories of HR-1, best first in the 52-card order; equal to their names.

    >>> Category("full house") is Category.FULL_HOUSE, Category.FLUSH == "flush"
    (True, True)
    """

    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three of a kind"
    TWO_PAIR = "two pair"
    ONE_PAIR = "one pair"
    HIGH_CARD = "high card"


#: HR-1 order, best first.
CATEGORIES: tuple[Category, ...] = tuple(Category)

_C = Category
_LOWER_FOUR = (_C.THREE_OF_A_KIND, _C.TWO_PAIR, _C.ONE_PAIR, _C.HIGH_CARD)
_TOP_52 = (_C.STRAIGHT_FLUSH, _C.FOUR_OF_A_KIND, _C.FULL_HOUSE, _C.FLUSH, _C.STRAIGHT)
_TOP_48_36 = (_C.STRAIGHT_FLUSH, _C.FOUR_OF_A_KIND, _C.FLUSH, _C.FULL_HOUSE, _C.STRAIGHT)
_TOP_32 = (_C.STRAIGHT_FLUSH, _C.FLUSH, _C.FOUR_OF_A_KIND, _C.FULL_HOUSE, _C.STRAIGHT)

#: HR-4: the order of the five top categories for each deck size, best first.
#: Three of a kind and below never change. 28, 24 and 20 follow the 32-card column.
HR4_TOP_FIVE: dict[int, tuple[Category, ...]] = {
    52: _TOP_52,
    48: _TOP_48_36,
    44: _TOP_48_36,
    40: _TOP_48_36,
    36: _TOP_48_36,
    32: _TOP_32,
    28: _TOP_32,
    24: _TOP_32,
    20: _TOP_32,
}


def hierarchy(deck_size: int = 52) -> tuple[Category, ...]:
    """The full HR-4 category order for a deck, best first.

    >>> [str(c) for c in hierarchy(32)[:3]]
    ['straight flush', 'flush', 'four of a kind']
    """
    if deck_size not in HR4_TOP_FIVE:
        raise CardError(f"deck size {deck_size!r} is not one of {', '.join(map(str, DECK_SIZES))} (HR-3)")
    return HR4_TOP_FIVE[deck_size] + _LOWER_FOUR


@dataclass(frozen=True)
class HandRules:
    """The rules that rank poker hands: deck size (HR-3), HR-5 and a category order.

    ``order`` lists all nine categories best first; by default the HR-4 order of the
    deck. Rules are values: equal settings compare and hash equal.

    >>> HandRules(36).order[2]
    <Category.FLUSH: 'flush'>
    >>> HandRules(36, order=hierarchy(52)).order[2]
    <Category.FULL_HOUSE: 'full house'>
    >>> HandRules(33)
    Traceback (most recent call last):
    ...
    cardlab.cards.CardError: deck size 33 is not one of 52, 48, 44, 40, 36, 32, 28, 24, 20 (HR-3)
    """

    deck_size: int = 52
    ace_low: bool = True
    order: tuple[Category, ...] = None  # type: ignore[assignment]
    _strength: dict = field(init=False, repr=False, compare=False, hash=False)
    _straights: dict = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        default = hierarchy(self.deck_size)
        if not isinstance(self.ace_low, bool):
            raise ValueError(f"ace_low must be True or False, got {self.ace_low!r} (HR-5)")
        order = default if self.order is None else tuple(self.order)
        try:
            order = tuple(Category(c) for c in order)
        except ValueError as error:
            raise ValueError(f"unknown category in order {self.order!r}: {error}") from None
        if sorted(order) != sorted(CATEGORIES):
            raise ValueError(f"order must list each of the nine HR-1 categories once, got {order!r}")
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "_strength", {c: 8 - i for i, c in enumerate(order)})
        object.__setattr__(self, "_straights", _straight_tops(self.deck_size, self.ace_low))

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The deck's ranks, lowest first."""
        return deck_ranks(self.deck_size)

    def strength(self, category: Category | str) -> int:
        """0 for the lowest category of this order .. 8 for the best."""
        return self._strength[Category(category)]

    def straight_top(self, numbers: Iterable[int]) -> int | None:
        """The top card of the straight these five rank numbers form, or None."""
        return self._straights.get(frozenset(numbers))

    def __reduce__(self):  # pickle by settings; the caches are rebuilt
        return (HandRules, (self.deck_size, self.ace_low, self.order))


def _straight_tops(deck_size: int, ace_low: bool) -> dict[frozenset[int], int]:
    numbers = [rank.number for rank in deck_ranks(deck_size)]
    tops = {frozenset(numbers[i : i + 5]): numbers[i + 4] for i in range(len(numbers) - 4)}
    wheel = frozenset([14, *numbers[:4]])
    if ace_low and wheel not in tops:  # in 20 cards A-10-J-Q-K is already the top straight
        tops[wheel] = numbers[3]
    return tops


@functools.total_ordering
@dataclass(frozen=True, eq=False)
class HandValue:
    """The value of a hand: compare with ``<``, ``==``; ``key`` is an integer of the same order.

    ``ranks`` are the tie-break ranks in order of significance (HR-2): for a full house
    the three then the pair; for a straight its top card. A low value (HR-6) orders the
    other way round.

    >>> pair, high = evaluate("Ah Ad 9c 7h 3s".split()), evaluate("Kh Qd Jc 9h 7s".split())
    >>> pair > high, pair.key > high.key, [str(r) for r in pair.ranks]
    (True, True, ['A', '9', '7', '3'])
    """

    key: int
    category: Category
    ranks: tuple[Rank, ...]
    low: bool = False

    @property
    def _order(self) -> int:
        return -self.key if self.low else self.key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._order == other._order and self.low == other.low

    def __lt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        if self.low != other.low:
            raise TypeError("cannot compare a high value with a low value (HR-6)")
        return self._order < other._order

    def __hash__(self) -> int:
        return hash((self.key, self.low))

    def describe(self) -> str:
        """Words for the hand: 'full house, kings over sevens'.

        >>> from cardlab.cards import parse_cards
        >>> evaluate(parse_cards("Jh Js 4d 4c 2s")).describe()
        'two pair, jacks and fours'
        >>> evaluate(parse_cards("Ah 2h 3d 4c 5s")).describe()
        'straight, five high'
        >>> evaluate_low(parse_cards("7h 5s 4d 3c 2s")).describe()
        'high card, seven (low)'
        """
        text = _describe(self.category, self.ranks)
        return text + " (low)" if self.low else text

    def __repr__(self) -> str:
        return f"HandValue({self.describe()!r}, key={self.key})"


def _describe(category: Category, ranks: tuple[Rank, ...]) -> str:
    first = ranks[0] if ranks else None
    match category:
        case Category.FULL_HOUSE:
            return f"full house, {ranks[0].plural} over {ranks[1].plural}"
        case Category.TWO_PAIR:
            return f"two pair, {ranks[0].plural} and {ranks[1].plural}"
        case Category.FOUR_OF_A_KIND | Category.THREE_OF_A_KIND | Category.ONE_PAIR:
            return f"{category}, {first.plural}"
        case Category.HIGH_CARD:
            return f"high card, {first.word}"
        case _:
            return f"{category}, {first.word} high"


_SHAPES = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.ONE_PAIR,
    # partial hands (HR-7)
    (4,): Category.FOUR_OF_A_KIND,
    (3,): Category.THREE_OF_A_KIND,
    (3, 1): Category.THREE_OF_A_KIND,
    (2, 2): Category.TWO_PAIR,
    (2,): Category.ONE_PAIR,
    (2, 1): Category.ONE_PAIR,
    (2, 1, 1): Category.ONE_PAIR,
}


def _rank_value(numbers: Sequence[int], flush: bool, rules: HandRules) -> tuple[Category, tuple[int, ...]]:
    """Category and tie-break rank numbers for rank numbers and a flush flag."""
    counts = Counter(numbers)
    groups = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    tiebreak = tuple(number for number, _ in groups)
    if len(counts) == len(numbers):
        top = rules._straights.get(frozenset(numbers)) if len(numbers) == 5 else None
        if top is not None:
            return (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), (top,)
        return (Category.FLUSH if flush else Category.HIGH_CARD), tiebreak
    return _SHAPES[tuple(count for _, count in groups)], tiebreak


def _make_key(strength: int, tiebreak: tuple[int, ...]) -> int:
    # Five 4-bit slots of rank numbers below the category strength (HR-2 order).
    key = strength
    for i in range(5):
        key = (key << 4) | (tiebreak[i] if i < len(tiebreak) else 0)
    return key


@functools.lru_cache(maxsize=1 << 16)
def _value_of(numbers: tuple[int, ...], flush: bool, rules: HandRules) -> HandValue:
    category, tiebreak = _rank_value(numbers, flush, rules)
    ranks = tuple(Rank.from_number(n) for n in tiebreak)
    return HandValue(_make_key(rules._strength[category], tiebreak), category, ranks)


_DEFAULT_RULES = HandRules()


def _checked(cards: Iterable[Card | str], rules: HandRules, sizes: range) -> tuple[Card, ...]:
    cards = tuple(Card.parse(card) for card in cards)
    if len(cards) not in sizes:
        expected = "5 cards" if sizes == range(5, 6) else f"{sizes.start} to {sizes.stop - 1} cards"
        rule = "HR-1" if sizes.start == 5 else "HR-7"  # five-card hands; partial hands
        raise CardError(f"a hand here has {expected}, got {len(cards)}: {' '.join(map(str, cards))} ({rule})")
    if len(set(cards)) < len(cards):
        check_distinct(cards)  # raises, naming the repeated card
    lowest = rules.ranks[0]
    for card in cards:
        if card.rank.number < lowest.number:  # plain ints: this runs for every hand evaluated
            raise CardError(f"{card} is not in the {rules.deck_size}-card deck, which runs {lowest}-A (HR-3)")
    return cards


def evaluate(cards: Iterable[Card | str], rules: HandRules = _DEFAULT_RULES) -> HandValue:
    """The value of five cards under ``rules`` (HR-1, HR-2, HR-4, HR-5).

    >>> from cardlab.cards import parse_cards
    >>> evaluate(parse_cards("Ah 7c 8d 9s Th"), HandRules(32)).describe()
    'straight, ten high'
    >>> evaluate(parse_cards("Ah 7c 8d 9s Th"), HandRules(32, ace_low=False)).describe()
    'high card, ace'
    """
    cards = _checked(cards, rules, range(5, 6))
    numbers = tuple(sorted((card.rank.number for card in cards), reverse=True))
    flush = len({card.suit for card in cards}) == 1
    return _value_of(numbers, flush, rules)


def evaluate_low(cards: Iterable[Card | str], rules: HandRules = _DEFAULT_RULES) -> HandValue:
    """The low value of five cards (HR-6): the exact inverse of the high order.

    The greater low value is the better low hand, so ``max`` picks the winner.

    >>> from cardlab.cards import parse_cards
    >>> best = evaluate_low(parse_cards("7h 5s 4d 3c 2s"))
    >>> best > evaluate_low(parse_cards("7h 6s 4d 3c 2s"))
    True
    >>> best > evaluate_low(parse_cards("6h 5h 4h 3h 2h"))  # a straight flush counts against you
    True
    """
    value = evaluate(cards, rules)
    return HandValue(value.key, value.category, value.ranks, low=True)


def evaluate_partial(cards: Iterable[Card | str], rules: HandRules = _DEFAULT_RULES) -> HandValue:
    """The value of 1 to 5 cards by what they already show (HR-7).

    Fewer than five cards show only pairs, two pair, trips and quads; they are never
    compared with a complete hand by the rules of a game, only by bots judging a row.

    >>> from cardlab.cards import parse_cards
    >>> evaluate_partial(parse_cards("Qh Qs 3d")).describe()
    'one pair, queens'
    >>> evaluate_partial(parse_cards("Qh Qs 3d")) > evaluate_partial(parse_cards("Jh Js Ad"))
    True
    """
    cards = _checked(cards, rules, range(1, 6))
    if len(cards) == 5:
        return evaluate(cards, rules)
    numbers = tuple(sorted((card.rank.number for card in cards), reverse=True))
    return _value_of(numbers, False, rules)


def compare(a: Iterable[Card | str], b: Iterable[Card | str], rules: HandRules = _DEFAULT_RULES, *, low: bool = False) -> int:
    """1 if hand ``a`` wins, -1 if ``b`` wins, 0 for an exact tie (HR-2; HR-6 with ``low``).

    >>> compare("As Ad 9c 7h 3s".split(), "Ac Ah 9d 7s 2c".split())
    1
    """
    judge = evaluate_low if low else evaluate
    va, vb = judge(a, rules), judge(b, rules)
    return (va > vb) - (va < vb)


@functools.cache
def _class_counts(deck_size: int, ace_low: bool, order: tuple[Category, ...]) -> tuple[tuple[HandValue, int], ...]:
    """Every distinct hand value of the deck with the number of hands that have it.

    Counted by rank multiset: five distinct ranks take 4**5 suit choices of which 4 are
    flushes; otherwise each rank used c times takes C(4, c) suit choices.
    """
    rules = HandRules(deck_size, ace_low, order)
    numbers = [rank.number for rank in rules.ranks]
    counts: Counter[HandValue] = Counter()
    for multiset in itertools.combinations_with_replacement(reversed(numbers), 5):
        shape = Counter(multiset)
        if max(shape.values()) > 4:
            continue
        if len(shape) == 5:
            counts[_value_of(multiset, True, rules)] += 4
            counts[_value_of(multiset, False, rules)] += 4**5 - 4
        else:
            counts[_value_of(multiset, False, rules)] += math.prod(math.comb(4, c) for c in shape.values())
    return tuple(sorted(counts.items(), key=lambda item: item[0].key))


def value_counts(rules: HandRules = _DEFAULT_RULES) -> tuple[tuple[HandValue, int], ...]:
    """Every distinct value of a five-card hand under ``rules``, worst first, with its count.

    >>> sum(n for _, n in value_counts())
    2598960
    """
    return _class_counts(rules.deck_size, rules.ace_low, rules.order)


def category_counts(deck_size: int = 52, ace_low: bool = True) -> dict[str, int]:
    """The exact number of five-card hands in each category, keyed by the HR-1 names.

    >>> category_counts()["four of a kind"], category_counts(32)["flush"]
    (624, 204)
    >>> sum(category_counts(20).values()) == math.comb(20, 5)
    True
    """
    tally = {str(category): 0 for category in CATEGORIES}
    for value, count in value_counts(HandRules(deck_size, ace_low)):
        tally[str(value.category)] += count
    return tally


def rarity_order(deck_size: int = 52, ace_low: bool = True) -> tuple[Category, ...]:
    """The categories from rarest to commonest, by exact count (the reason for HR-4).

    >>> [str(c) for c in rarity_order(32)[:3]]
    ['straight flush', 'flush', 'four of a kind']
    """
    counts = category_counts(deck_size, ace_low)
    return tuple(sorted(CATEGORIES, key=lambda c: (counts[str(c)], CATEGORIES.index(c))))
