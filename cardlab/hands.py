"""Poker hand rules as data, and the evaluation of five-card hands (HR-1 .. HR-7).

A :class:`HandRules` holds everything a variant changes: the deck size, whether the
ace makes the lowest straight with the deck's four lowest ranks (HR-5), and the order
of the categories (HR-4 by default). :func:`evaluate` turns five cards into a
:class:`HandValue`, totally ordered, with its category and its tie-break ranks (its
words, in each language, are :func:`cardlab.words.hand_text`'s).

>>> from cardlab.cards import parse_cards
>>> value = evaluate(parse_cards("Kh Ks Kd 7c 7h"))
>>> value
HandValue(key=7172096, category=Category.FULL_HOUSE, ranks=(Rank.KING, Rank.SEVEN))
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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from cardlab.cards import DECK_SIZES, RANK_WEIGHTS, Card, CardError, Rank, check_distinct, deck_ranks

__all__ = [
    "Category",
    "CATEGORIES",
    "HandRules",
    "HandRulesError",
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
    return HR4_TOP_FIVE[_deck_size(deck_size)] + _LOWER_FOUR


def _deck_size(deck_size: object) -> int:
    """``deck_size`` as a plain int if it is one of HR-3's sizes (numpy ints too; not 52.0 or True)."""
    if isinstance(deck_size, bool) or not hasattr(type(deck_size), "__index__") or deck_size not in HR4_TOP_FIVE:
        raise CardError(f"deck size {deck_size!r} is not one of {', '.join(map(str, DECK_SIZES))} (HR-3)")
    return int(deck_size)  # type: ignore[call-overload]


class HandRulesError(ValueError):
    """Hand rules that the rule pages do not allow (HR-1, HR-4, HR-5); a ``ValueError``.

    >>> HandRules(52, ace_low=False)
    Traceback (most recent call last):
    ...
    cardlab.hands.HandRulesError: ace_low=False is not allowed with 52 cards: HR-1 always counts A-2-3-4-5 as the lowest straight; HR-5 makes the ace-low straight an option for short decks only (48 cards down)
    """


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

    The tables that :func:`evaluate` reads are made on the first evaluation under a
    setting (a few milliseconds; about 0.1 s for 52 cards) and shared by equal rules.
    """

    deck_size: int = 52
    ace_low: bool = True
    order: tuple[Category, ...] = None  # type: ignore[assignment]
    _strength: dict = field(init=False, repr=False, compare=False, hash=False)
    _straights: dict = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck_size", _deck_size(self.deck_size))
        default = hierarchy(self.deck_size)
        if not isinstance(self.ace_low, bool):
            raise HandRulesError(f"ace_low must be True or False, got {self.ace_low!r} (HR-5)")
        if self.deck_size == 52 and not self.ace_low:
            raise HandRulesError(
                "ace_low=False is not allowed with 52 cards: HR-1 always counts A-2-3-4-5 as the lowest "
                "straight; HR-5 makes the ace-low straight an option for short decks only (48 cards down)"
            )
        if isinstance(self.order, str) or (self.order is not None and not isinstance(self.order, Iterable)):
            raise TypeError(f"order must be a sequence of the nine HR-1 categories, got {self.order!r}")
        order = default if self.order is None else tuple(self.order)
        try:
            order = tuple(Category(c) for c in order)
        except ValueError as error:
            raise HandRulesError(f"unknown category in order {self.order!r}: {error}") from None
        if sorted(order) != sorted(CATEGORIES):
            raise HandRulesError(f"order must list each of the nine HR-1 categories once, got {order!r}")
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

    @property
    def straights(self) -> Mapping[frozenset[int], int]:
        """The straights of this deck (HR-1, HR-5): each set of five rank numbers (2..14,
        the ace 14) that makes a straight, mapped to its top card's number. Read-only.

        >>> [(sorted(numbers), top) for numbers, top in HandRules(32).straights.items()]
        [([7, 8, 9, 10, 11], 11), ([8, 9, 10, 11, 12], 12), ([9, 10, 11, 12, 13], 13), ([10, 11, 12, 13, 14], 14), ([7, 8, 9, 10, 14], 10)]
        >>> len(HandRules(52).straights), len(HandRules(32, ace_low=False).straights)
        (10, 4)
        >>> HandRules().straights[frozenset({2, 3, 4, 5, 7})] = 7
        Traceback (most recent call last):
        ...
        TypeError: 'mappingproxy' object does not support item assignment
        """
        return MappingProxyType(self._straights)

    def __reduce__(self):  # pickle by settings; the caches are rebuilt
        return (HandRules, (self.deck_size, self.ace_low, self.order))

    # The lookup tables, found on first use (equal rules share them): evaluate() reads
    # ``rules._tables`` as a plain attribute, so only the first call pays.
    @functools.cached_property
    def _tables(self) -> list:
        return _build_tables(self.deck_size, self.ace_low, self.order)

    @functools.cached_property
    def _low_tables(self) -> list:
        return _build_low_tables(self.deck_size, self.ace_low, self.order)

    @functools.cached_property
    def _partial_tables(self) -> dict[int, dict[int, HandValue]]:
        return _build_partial_tables(self.deck_size, self.ace_low, self.order)


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

    def __repr__(self) -> str:
        """As code (no words: :func:`cardlab.words.hand_text` says a hand in a language).

        >>> from cardlab.cards import parse_cards
        >>> evaluate_low(parse_cards("7h 5s 4d 3c 2s"))
        HandValue(key=480306, category=Category.HIGH_CARD, ranks=(Rank.SEVEN, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO), low=True)
        """
        ranks = ", ".join(f"Rank.{rank.name}" for rank in self.ranks)
        ranks = f"({ranks},)" if len(self.ranks) == 1 else f"({ranks})"
        low = ", low=True" if self.low else ""
        return f"HandValue(key={self.key}, category=Category.{self.category.name}, ranks={ranks}{low})"


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


def rank_value(numbers: Sequence[int], flush: bool, rules: HandRules) -> tuple[Category, tuple[int, ...]]:
    """Category and tie-break rank numbers for rank numbers and a flush flag (shared with :mod:`cardlab.fast`)."""
    counts = Counter(numbers)
    groups = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    tiebreak = tuple(number for number, _ in groups)
    if len(counts) == len(numbers):
        top = rules._straights.get(frozenset(numbers)) if len(numbers) == 5 else None
        if top is not None:
            return (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), (top,)
        return (Category.FLUSH if flush else Category.HIGH_CARD), tiebreak
    return _SHAPES[tuple(count for _, count in groups)], tiebreak


def make_key(strength: int, tiebreak: tuple[int, ...]) -> int:
    """A hand's comparable key: the category strength, then five 4-bit slots of tie-break
    rank numbers (HR-2 order); :mod:`cardlab.fast` builds its tables with it too.

    >>> make_key(1, (14, 13)) == (1 << 20) | (14 << 16) | (13 << 12)
    True
    """
    key = strength
    for i in range(5):
        key = (key << 4) | (tiebreak[i] if i < len(tiebreak) else 0)
    return key


def _value_of(numbers: tuple[int, ...], flush: bool, rules: HandRules) -> HandValue:
    """The value of rank numbers (highest first) and a flush flag: what the tables hold."""
    category, tiebreak = rank_value(numbers, flush, rules)
    ranks = tuple(Rank.from_number(n) for n in tiebreak)
    return HandValue(make_key(rules._strength[category], tiebreak), category, ranks)


_DEFAULT_RULES = HandRules()


# ----------------------------------------------------------------- the tables
#
# A card's ``hand_term`` (cards.HAND_TERMS) is its rank weight plus 6**suit above 2**19.
# The sum of five terms holds the rank multiset in its low 19 bits (the weights tell
# every multiset apart) and the suit counts above (base 6). So a table is a list
# indexed by the suit counts, holding the flush dict where one suit has all five cards
# and the plain dict elsewhere, each from the rank sum to the HandValue; a missing key
# means a rank outside the deck (or five of a kind, from a repeated card).

_RANK_BITS = (1 << 19) - 1
_SUIT_SHIFT = 19
_FLUSHES = (5, 5 * 6, 5 * 6**2, 5 * 6**3)  # the suit counts of a flush, one per suit


def _by_suit_counts(plain: dict, flush: dict) -> list[dict]:
    return [flush if counts in _FLUSHES else plain for counts in range(6**4)]


def _multisets(rules: HandRules, size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` rank numbers of the deck (at most four of a rank), highest first."""
    numbers = [rank.number for rank in reversed(rules.ranks)]
    return [m for m in itertools.combinations_with_replacement(numbers, size) if len(m) < 5 or m[0] != m[4]]


def _rank_sum(numbers: Iterable[int]) -> int:
    return sum(RANK_WEIGHTS[n - 2] for n in numbers)


@functools.cache
def _high_dicts(deck_size: int, ace_low: bool, order: tuple[Category, ...]) -> tuple[dict, dict]:
    """The plain and the flush dict, from rank sums to the values of :func:`_value_of`."""
    rules = HandRules(deck_size, ace_low, order)
    plain, flush = {}, {}
    multisets = _multisets(rules, 5)
    for numbers in multisets:
        key = _rank_sum(numbers)
        plain[key] = _value_of(numbers, False, rules)
        if len(set(numbers)) == 5:
            flush[key] = _value_of(numbers, True, rules)
    assert len(plain) == len(multisets), "RANK_WEIGHTS must tell every multiset apart"
    return plain, flush


@functools.cache
def _build_tables(deck_size: int, ace_low: bool, order: tuple[Category, ...]) -> list[dict]:
    return _by_suit_counts(*_high_dicts(deck_size, ace_low, order))


@functools.cache
def _build_low_tables(deck_size: int, ace_low: bool, order: tuple[Category, ...]) -> list[dict]:
    plain, flush = ({key: HandValue(v.key, v.category, v.ranks, low=True) for key, v in table.items()}
                    for table in _high_dicts(deck_size, ace_low, order))
    return _by_suit_counts(plain, flush)


@functools.cache
def _build_partial_tables(deck_size: int, ace_low: bool, order: tuple[Category, ...]) -> dict[int, dict[int, HandValue]]:
    rules = HandRules(deck_size, ace_low, order)
    return {n: {_rank_sum(m): _value_of(m, False, rules) for m in _multisets(rules, n)} for n in range(1, 5)}


# ----------------------------------------------------------------- evaluation


def _checked_rules(rules: object) -> HandRules:
    if not isinstance(rules, HandRules):
        raise TypeError(f"rules must be a HandRules, got {rules!r}")
    return rules


def _as_tuple(cards: object) -> tuple:
    """``cards`` as a tuple (an iterator is read once, so that an error can show every card)."""
    if isinstance(cards, str):
        raise CardError(f"cards must be separate cards, got the string {cards!r}: read it with parse_cards({cards!r})")
    try:
        return tuple(cards)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"cards must be an iterable of cards (Card or text such as 'Ah'), got {cards!r}") from None


def _checked(cards: tuple, rules: HandRules, sizes: range) -> tuple[Card, ...]:
    cards = tuple(Card.parse(card) for card in cards)
    if len(cards) not in sizes:
        expected = "5 cards" if sizes == range(5, 6) else f"{sizes.start} to {sizes.stop - 1} cards"
        rule = "HR-1" if sizes.start == 5 else "HR-7"  # five-card hands; partial hands
        raise CardError(f"a hand here has {expected}, got {len(cards)}: {' '.join(map(str, cards))} ({rule})")
    if len(set(cards)) < len(cards):
        check_distinct(cards)  # raises, naming the repeated card
    lowest = rules.ranks[0]
    for card in cards:
        if card.rank.number < lowest.number:
            raise CardError(f"{card} is not in the {rules.deck_size}-card deck, which runs {lowest}-A (HR-3)")
    return cards


def _looked_up(cards: tuple[Card, ...], tables: list) -> HandValue:
    """The table entry of five checked cards."""
    total = sum(card.hand_term for card in cards)
    return tables[total >> _SUIT_SHIFT][total & _RANK_BITS]


def _slow(cards: object, rules: object, low: bool) -> HandValue:
    """Every check, with the error messages, then the lookup: the path for text,
    iterators and every bad input."""
    rules = _checked_rules(rules)
    cards = _checked(cards if isinstance(cards, tuple) else _as_tuple(cards), rules, range(5, 6))
    return _looked_up(cards, rules._low_tables if low else rules._tables)


def _reference_evaluate(cards: Iterable[Card | str], rules: HandRules = _DEFAULT_RULES) -> HandValue:
    """The value of five cards computed from the rules with no table: what the tables hold."""
    cards = _checked(_as_tuple(cards), _checked_rules(rules), range(5, 6))
    numbers = tuple(sorted((card.rank.number for card in cards), reverse=True))
    return _value_of(numbers, len({card.suit for card in cards}) == 1, rules)


def evaluate(cards: Iterable[Card | str], rules: HandRules = _DEFAULT_RULES) -> HandValue:
    """The value of five cards under ``rules`` (HR-1, HR-2, HR-4, HR-5).

    >>> from cardlab.cards import parse_cards
    >>> evaluate(parse_cards("Ah 7c 8d 9s Th"), HandRules(32))  # HR-5: the ace makes A-7-8-9-10
    HandValue(key=4849664, category=Category.STRAIGHT, ranks=(Rank.TEN,))
    >>> evaluate(parse_cards("Ah 7c 8d 9s Th"), HandRules(32, ace_low=False)).category
    <Category.HIGH_CARD: 'high card'>
    >>> evaluate(parse_cards("Ah 7c 8d 9s Th"), 32)
    Traceback (most recent call last):
    ...
    TypeError: rules must be a HandRules, got 32
    """
    # A tuple or list of five distinct Cards of the deck is one table lookup (see
    # _build_tables; 19 and 0x7FFFF are _SUIT_SHIFT and _RANK_BITS, written out for
    # speed). Anything else (text, an iterator, a bad input) takes _slow, which checks
    # everything and raises the error that names the problem.
    if cards.__class__ is tuple or cards.__class__ is list:
        try:
            p, q, r, s, t = cards
            a = p.hand_term
            b = q.hand_term
            c = r.hand_term
            d = s.hand_term
            e = t.hand_term
            total = a + b + c + d + e
            value = rules._tables[total >> 19][total & 0x7FFFF]
            # No card twice: ten int comparisons cost less than a set of five.
            if a != b and a != c and a != d and a != e and b != c and b != d and b != e and c != d and c != e and d != e:
                return value
        except (AttributeError, KeyError, TypeError, ValueError):
            pass
    return _slow(cards, rules, False)


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
    if cards.__class__ is tuple or cards.__class__ is list:  # as in evaluate, with the low tables
        try:
            p, q, r, s, t = cards
            a = p.hand_term
            b = q.hand_term
            c = r.hand_term
            d = s.hand_term
            e = t.hand_term
            total = a + b + c + d + e
            value = rules._low_tables[total >> 19][total & 0x7FFFF]
            # No card twice: ten int comparisons cost less than a set of five.
            if a != b and a != c and a != d and a != e and b != c and b != d and b != e and c != d and c != e and d != e:
                return value
        except (AttributeError, KeyError, TypeError, ValueError):
            pass
    return _slow(cards, rules, True)


def evaluate_partial(cards: Iterable[Card | str], rules: HandRules = _DEFAULT_RULES) -> HandValue:
    """The value of 1 to 5 cards by what they already show (HR-7).

    Fewer than five cards show only pairs, two pair, trips and quads; they are never
    compared with a complete hand by the rules of a game, only by bots judging a row.

    >>> from cardlab.cards import parse_cards
    >>> evaluate_partial(parse_cards("Qh Qs 3d"))
    HandValue(key=1847296, category=Category.ONE_PAIR, ranks=(Rank.QUEEN, Rank.THREE))
    >>> evaluate_partial(parse_cards("Qh Qs 3d")) > evaluate_partial(parse_cards("Jh Js Ad"))
    True
    """
    cards = cards if cards.__class__ is tuple or cards.__class__ is list else _as_tuple(cards)
    if len(cards) == 5:
        return evaluate(cards, rules)
    try:
        terms = [card.hand_term for card in cards]
        value = rules._partial_tables[len(terms)][sum(terms) & _RANK_BITS]
        if len(set(terms)) == len(terms):
            return value
    except (AttributeError, KeyError, TypeError):
        pass
    cards = _checked(cards, _checked_rules(rules), range(1, 6))
    if len(cards) == 5:
        return evaluate(cards, rules)
    return rules._partial_tables[len(cards)][_rank_sum(card.rank.number for card in cards)]


def compare(a: Iterable[Card | str], b: Iterable[Card | str], rules: HandRules = _DEFAULT_RULES, *, low: bool = False) -> int:
    """1 if hand ``a`` wins, -1 if ``b`` wins, 0 for an exact tie (HR-2; HR-6 with ``low``).

    >>> compare("As Ad 9c 7h 3s".split(), "Ac Ah 9d 7s 2c".split())
    1
    """
    if low is not True and low is not False:
        raise TypeError(f"low must be True or False (HR-6), got {low!r}")
    ka, kb = evaluate(a, rules).key, evaluate(b, rules).key
    return (kb > ka) - (kb < ka) if low else (ka > kb) - (ka < kb)


@functools.cache
def _class_counts(deck_size: int, ace_low: bool, order: tuple[Category, ...]) -> tuple[tuple[HandValue, int], ...]:
    """Every distinct hand value of the deck with the number of hands that have it.

    Counted by rank multiset: five distinct ranks take 4**5 suit choices of which 4 are
    flushes; otherwise each rank used c times takes C(4, c) suit choices.
    """
    rules = HandRules(deck_size, ace_low, order)
    plain, flush = _high_dicts(deck_size, ace_low, order)
    counts: Counter[HandValue] = Counter()
    for multiset in _multisets(rules, 5):
        shape = Counter(multiset)
        key = _rank_sum(multiset)
        if len(shape) == 5:
            counts[flush[key]] += 4
            counts[plain[key]] += 4**5 - 4
        else:
            counts[plain[key]] += math.prod(math.comb(4, c) for c in shape.values())
    return tuple(sorted(counts.items(), key=lambda item: item[0].key))


def value_counts(rules: HandRules = _DEFAULT_RULES) -> tuple[tuple[HandValue, int], ...]:
    """Every distinct value of a five-card hand under ``rules``, worst first, with its count.

    >>> sum(n for _, n in value_counts())
    2598960
    """
    rules = _checked_rules(rules)
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
