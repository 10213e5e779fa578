"""Batch evaluation of five-card hands with numpy, and exact enumeration built on it.

Hands are rows of card codes (``Card.code``, 0 for 2♣ .. 51 for A♠). The keys
:func:`evaluate_batch` returns are exactly the ``HandValue.key`` integers of
:func:`cardlab.hands.evaluate` under the same :class:`~cardlab.hands.HandRules`, so the
two are interchangeable: a greater key is a better hand (HR-1, HR-2, HR-4, HR-5).

>>> from cardlab.hands import HandRules, evaluate
>>> codes = encode(["Kh Ks Kd 7c 7h", "7h 9h Jh Kh Ah"])
>>> keys = evaluate_batch(codes, HandRules(32))
>>> [int(k) for k in keys] == [evaluate(h, HandRules(32)).key for h in decode(codes)]
True
>>> [str(CATEGORIES[i]) for i in category_of_keys(keys, HandRules(32))]
['full house', 'flush']

How it works: a hand is read card by card through a state machine. A state is the
multiset of ranks seen so far and what the suits allow (all one suit ``s``, or mixed);
the tables hold ``next_state * 52`` so one step is one addition and one ``np.take``,
and a table of all 52 x 52 first two cards saves a step. The last step goes straight
to the key: each of the 6175 rank multisets, with or without a flush, gets its key
from the scalar evaluator's own logic and the rules' own straights. Only that last
table (243,360 int32, in cache) depends on the rules; the rest is built once per
process. Chunks of 32,768 hands keep every intermediate array in the L2 cache.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

from cardlab.cards import Card, CardError, check_distinct, deck, format_cards, parse_cards
from cardlab.hands import CATEGORIES, Category, HandRules, HandValue, evaluate, make_key, rank_value

__all__ = [
    "encode",
    "decode",
    "all_hands",
    "evaluate_batch",
    "category_of_keys",
    "enumerate_counts",
    "hand_keys",
    "hands_beating",
    "Standing",
    "standing",
]

_DEFAULT_RULES = HandRules()
_MIXED = 4  # suit state: the cards so far are not all of one suit
_POW5 = 5 ** np.arange(13, dtype=np.int64)  # a rank multiset as 13 base-5 digits
_CHUNK = 1 << 15  # hands per pass: keeps every intermediate array in the L2 cache


# --------------------------------------------------------------------- encoding


def _is_one_card(item: object) -> bool:
    return isinstance(item, Card) or (isinstance(item, str) and not any(ch in item for ch in " ,"))


def encode(cards: str | Iterable[Card | str] | Iterable[Iterable[Card | str] | str]) -> np.ndarray:
    """Card codes as a ``uint8`` array: one hand gives shape ``(k,)``, several ``(N, k)``.

    >>> encode("Ah Kd 10c")
    array([50, 45, 32], dtype=uint8)
    >>> encode(["2c 3c 4c 5c 7d", ["As", "Ks", "Qs", "Js", "Ts"]])
    array([[ 0,  4,  8, 12, 21],
           [51, 47, 43, 39, 35]], dtype=uint8)
    >>> encode(["Ah Kd", "Qs"])
    Traceback (most recent call last):
    ...
    cardlab.cards.CardError: every hand needs the same number of cards, got 2 and 1
    """
    if isinstance(cards, str):
        return np.array([card.code for card in parse_cards(cards)], dtype=np.uint8)
    items = list(cards)
    if all(_is_one_card(item) for item in items):
        return np.array([card.code for card in parse_cards(items)], dtype=np.uint8)
    rows = [encode(item if isinstance(item, str) else list(item)) for item in items]
    if len({len(row) for row in rows}) > 1:
        sizes = sorted({len(row) for row in rows}, reverse=True)
        raise CardError(f"every hand needs the same number of cards, got {sizes[0]} and {sizes[-1]}")
    return np.array(rows, dtype=np.uint8).reshape(len(rows), -1)


def decode(codes: np.ndarray | Sequence[int]) -> tuple:
    """Cards back from codes: a tuple of cards for one row, a tuple of hands for several.

    >>> decode([50, 45, 32])
    (Card('Ah'), Card('Kd'), Card('Tc'))
    >>> decode(encode(["Ah Kd", "Qs Jc"]))[1]
    (Card('Qs'), Card('Jc'))
    """
    array = np.asarray(codes)
    if array.ndim == 1:
        return tuple(Card.from_code(int(code)) for code in array)
    if array.ndim == 2:
        return tuple(decode(row) for row in array)
    raise CardError(f"codes must be one row or a 2-d array of rows, got shape {array.shape}")


def _combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as rows, in lexicographic order (like itertools)."""
    # table[j] holds the j-subsets of range(n) in lexicographic order; those whose
    # first element is >= m form a suffix starting at start[j][m], so the j-subsets
    # are built from the (j-1)-subsets by prefixing each possible first element.
    table = [np.zeros((1, 0), dtype=np.uint8)]
    start = [np.zeros(n + 1, dtype=np.int64)]
    for j in range(1, k + 1):
        previous, offsets = table[-1], start[-1]
        blocks, sizes = [], []
        for first in range(n - j + 1):
            tail = previous[offsets[first + 1] :] if j > 1 else previous
            block = np.empty((len(tail), j), dtype=np.uint8)
            block[:, 0] = first
            block[:, 1:] = tail
            blocks.append(block)
            sizes.append(len(tail))
        table.append(np.concatenate(blocks))
        counts = np.zeros(n + 1, dtype=np.int64)
        counts[: len(sizes)] = sizes
        start.append(np.concatenate(([0], np.cumsum(counts)))[: n + 1])
    return table[k]


@functools.cache
def all_hands(deck_size: int = 52, k: int = 5) -> np.ndarray:
    """Every ``k``-card hand of the deck (HR-3) as a read-only ``(C(n, k), k)`` uint8 array.

    Rows are sorted card codes in the order of ``itertools.combinations(deck(n), k)``.

    >>> hands = all_hands(52)
    >>> hands.shape, hands.dtype
    ((2598960, 5), dtype('uint8'))
    >>> decode(all_hands(20)[0])
    (Card('Tc'), Card('Td'), Card('Th'), Card('Ts'), Card('Jc'))
    """
    cards = deck(deck_size)
    if not isinstance(k, int) or not 0 <= k <= len(cards):
        raise CardError(f"cannot take {k!r} cards from a {deck_size}-card deck")
    hands = _combinations(len(cards), k)
    hands += np.uint8(cards[0].code)  # short decks start above code 0 (HR-3)
    hands.flags.writeable = False
    return hands


# ------------------------------------------------------------ the state machine


class _Machine(NamedTuple):
    """The rule-independent part: rank-multiset states and the first three steps."""

    t2: np.ndarray  # [c0 * 52 + c1] -> state2 * 52
    t3: np.ndarray  # [state2 * 52 + c2] -> state3 * 52
    t4: np.ndarray  # [state3 * 52 + c3] -> state4 * 52
    final: np.ndarray  # [state4 * 52 + c4] -> multiset5 * 2 + flush
    multisets: np.ndarray  # the 6175 five-card rank multisets as sorted base-5 integers
    counts: np.ndarray  # (6175, 13): how often each rank (deuce first) is in each multiset


def _digits(multisets: np.ndarray) -> np.ndarray:
    return (multisets[:, None] // _POW5[None, :]) % 5


@functools.cache
def _machine() -> _Machine:
    """Build the rank-multiset automaton over all 13 ranks (about 20 ms, once)."""
    ranks, suits = np.arange(52) // 4, np.arange(52) % 4
    sizes = [np.zeros(1, dtype=np.int64)]  # multisets of each size, as sorted base-5 ints
    moves = []  # moves[k][m, r]: id of multiset m of size k plus rank r, or -1 (5 of a kind)
    for _ in range(5):
        current = sizes[-1]
        room = _digits(current) < 4
        grown = current[:, None] + _POW5[None, :]
        nxt = np.unique(grown[room])
        sizes.append(nxt)
        moves.append(np.where(room, np.searchsorted(nxt, grown), -1))
    distinct = [(_digits(m) <= 1).all(axis=1) for m in sizes]

    def state_ids(k: int) -> np.ndarray:
        # ids of the reachable (multiset, suit state) pairs of size k, -1 elsewhere;
        # an all-one-suit state needs distinct ranks, a mixed one at least two cards.
        reach = np.zeros((len(sizes[k]), 5), dtype=bool)
        reach[:, :4] = distinct[k][:, None]
        reach[:, _MIXED] = k >= 2
        if k == 0:
            reach[:] = False
            reach[0, _MIXED] = True
        return np.where(reach, np.cumsum(reach).reshape(reach.shape) - 1, -1)

    ids = [state_ids(k) for k in range(5)]

    def step(k: int) -> tuple[np.ndarray, np.ndarray]:
        """For every state of size k (by id) and code: the next multiset id and suit state."""
        multiset, suit = np.nonzero(ids[k] >= 0)
        order = np.argsort(ids[k][multiset, suit])
        multiset, suit = multiset[order], suit[order]
        nxt = moves[k][multiset[:, None], ranks[None, :]]
        nsuit = np.where((suit[:, None] == suits[None, :]) | (k == 0), suits[None, :], _MIXED)
        nxt = np.where(nxt >= 0, nxt, 0)  # five of a kind needs a repeated card: unreachable
        nsuit = np.where(distinct[k + 1][nxt], nsuit, _MIXED)  # a pair is never one suit
        return nxt, nsuit

    def table(k: int) -> np.ndarray:
        nxt, nsuit = step(k)
        return (ids[k + 1][nxt, nsuit] * 52).astype(np.int32).ravel()

    t1 = table(0)  # 52 entries: the one-card states
    t2 = table(1)[t1[:, None] + np.arange(52)[None, :]].ravel()
    nxt, nsuit = step(4)
    final = (nxt * 2 + (nsuit != _MIXED)).astype(np.int32).ravel()
    return _Machine(t2, table(2), table(3), final, sizes[5], _digits(sizes[5]))


@functools.cache
def _shape_keys() -> tuple[np.ndarray, np.ndarray]:
    """Per 5-multiset: the category by shape alone, and the tie-break bits of the key.

    "By shape alone" leaves straights out (they depend on the rules: HR-4, HR-5);
    five different ranks are high card here. Pairs and the rest come from the scalar
    evaluator's own logic, so the keys are ``HandValue.key`` exactly.
    """
    counts = _machine().counts
    category = np.full(len(counts), CATEGORIES.index(Category.HIGH_CARD), dtype=np.int64)
    bits = np.zeros(len(counts), dtype=np.int64)
    for i, row in enumerate(counts.tolist()):
        numbers = tuple(n for n in range(14, 1, -1) for _ in range(row[n - 2]))
        if max(row) > 1:
            shape, tiebreak = rank_value(numbers, False, _DEFAULT_RULES)
            category[i] = CATEGORIES.index(shape)
        else:
            tiebreak = numbers  # high card and flush: the cards from the highest down (HR-2)
        bits[i] = make_key(0, tiebreak)
    return category, bits


@functools.lru_cache(maxsize=32)
def _key_table(rules: HandRules) -> np.ndarray:
    """The last step for these rules: [state4 * 52 + c4] -> the HandValue key."""
    machine = _machine()
    category, bits = _shape_keys()
    strength = np.array([rules.strength(c) for c in CATEGORIES], dtype=np.int64)
    plain = strength[category] << 20 | bits
    suited = strength[CATEGORIES.index(Category.FLUSH)] << 20 | bits
    for numbers, top in rules.straights.items():  # HR-1, HR-5: the straights of this deck
        i = np.searchsorted(machine.multisets, sum(5 ** (n - 2) for n in numbers))
        plain[i] = make_key(rules.strength(Category.STRAIGHT), (top,))
        suited[i] = make_key(rules.strength(Category.STRAIGHT_FLUSH), (top,))
    keys = np.stack([plain, suited], axis=1)
    keys[machine.counts[:, : 13 - rules.deck_size // 4].any(axis=1)] = -1  # ranks not in the deck
    table = keys.astype(np.int32).ravel()[machine.final]
    table.flags.writeable = False
    return table


# ------------------------------------------------------------------- evaluation


def _check_codes(codes: np.ndarray, rules: HandRules) -> None:
    low = 52 - rules.deck_size
    if codes.size and (int(codes.min()) < low or int(codes.max()) > 51):
        bad = codes[(codes < low) | (codes > 51)].ravel()[0]
        if 0 <= bad <= 51:
            raise CardError(
                f"card code {bad} ({Card.from_code(int(bad))}) is not in the {rules.deck_size}-card "
                f"deck, whose codes run {low}..51 (HR-3)"
            )
        raise CardError(f"card code {bad} is not an integer in 0..51")


def _check_distinct(columns: np.ndarray, start: int) -> None:
    repeated = np.zeros(columns.shape[1], dtype=bool)
    for i in range(5):
        for j in range(i + 1, 5):
            repeated |= columns[i] == columns[j]
    if repeated.any():
        row = int(np.argmax(repeated))
        cards = decode(columns[:, row])
        card = next(c for c in cards if cards.count(c) > 1)
        raise CardError(
            f"card {card} appears twice in row {start + row} ({format_cards(cards)}); "
            "a hand from one deck holds each card once"
        )


def evaluate_batch(
    codes: np.ndarray | Sequence[Sequence[int]], rules: HandRules = _DEFAULT_RULES, *, check: bool = True
) -> np.ndarray:
    """The ``HandValue.key`` of each row of an ``(N, 5)`` array of card codes, as int32.

    Rows are hands in any card order. With ``check`` (the default) a code outside
    the deck or a card twice in a row raises :class:`~cardlab.cards.CardError`;
    without it such rows give meaningless keys, a little faster.

    >>> keys = evaluate_batch(encode(["As Ad 9c 7h 3s", "Ac Ah 9d 7s 2c"]))
    >>> bool(keys[0] > keys[1]), int(keys[0]) == evaluate("As Ad 9c 7h 3s".split()).key
    (True, True)
    >>> evaluate_batch(encode(["7c 8c 9c Tc 6c"]), HandRules(32))
    Traceback (most recent call last):
    ...
    cardlab.cards.CardError: card code 16 (6♣) is not in the 32-card deck, whose codes run 20..51 (HR-3)
    >>> evaluate_batch([[1, 2, 3, 4, 1]])
    Traceback (most recent call last):
    ...
    cardlab.cards.CardError: card 2♦ appears twice in row 0 (2♦ 2♥ 2♠ 3♣ 2♦); a hand from one deck holds each card once
    """
    codes = np.asarray(codes)
    if codes.ndim != 2 or codes.shape[1] != 5:
        raise CardError(f"codes must have shape (N, 5), one hand per row; got shape {codes.shape}")
    if codes.dtype.kind not in "iu":
        raise CardError(f"codes must be integers 0..51, got dtype {codes.dtype}")
    if check:
        _check_codes(codes, rules)  # after this the codes fit in uint8
    machine, last = _machine(), _key_table(rules)
    t2, t3, t4 = machine.t2, machine.t3, machine.t4
    out = np.empty(len(codes), dtype=np.int32)
    state = np.empty(min(len(codes), _CHUNK), dtype=np.int32)
    for start in range(0, len(codes), _CHUNK):
        # One contiguous int32 row per card position: fast adds, no casting in the loop.
        chunk = np.array(codes[start : start + _CHUNK].T, dtype=np.uint8, order="C")
        if check:
            _check_distinct(chunk, start)
        columns = chunk.astype(np.int32)
        s = state[: columns.shape[1]]
        np.multiply(columns[0], 52, out=s)
        s += columns[1]
        np.take(t2, s, out=s, mode="wrap")
        s += columns[2]
        np.take(t3, s, out=s, mode="wrap")
        s += columns[3]
        np.take(t4, s, out=s, mode="wrap")
        s += columns[4]
        # mode="wrap": no bounds check (states are in range by construction) and no
        # buffering, so taking in place is safe: each entry is read before it is written.
        np.take(last, s, out=out[start : start + len(s)], mode="wrap")
    return out


def category_of_keys(keys: np.ndarray, rules: HandRules = _DEFAULT_RULES) -> np.ndarray:
    """The category of each key as an index into :data:`cardlab.hands.CATEGORIES` (HR-1 order).

    The top bits of a key are the category's strength in ``rules.order``, so the same
    key means a different category under a different order (HR-4).

    >>> keys = np.array([evaluate("7h 9h Jh Kh Ah".split(), HandRules(32)).key])
    >>> str(CATEGORIES[category_of_keys(keys, HandRules(32))[0]])
    'flush'
    """
    lookup = np.array([CATEGORIES.index(rules.order[8 - s]) for s in range(9)], dtype=np.int8)
    return lookup[np.asarray(keys) >> 20]


# ------------------------------------------------------------------ enumeration


@functools.lru_cache(maxsize=4)
def hand_keys(rules: HandRules = _DEFAULT_RULES) -> np.ndarray:
    """The key of every hand of :func:`all_hands` for ``rules``, row for row (cached, read-only).

    >>> keys = hand_keys(HandRules(20))
    >>> len(keys), int(keys.max()) == evaluate("Ah Kh Qh Jh Th".split(), HandRules(20)).key
    (15504, True)
    """
    keys = evaluate_batch(all_hands(rules.deck_size), rules, check=False)
    keys.flags.writeable = False
    return keys


def enumerate_counts(rules: HandRules = _DEFAULT_RULES) -> dict[str, int]:
    """Category counts by evaluating every hand of the deck, keyed by the HR-1 names.

    The independent check of :func:`cardlab.hands.category_counts`, which counts by
    rank multisets instead.

    >>> enumerate_counts()["full house"], enumerate_counts(HandRules(20))["flush"]
    (3744, 0)
    """
    keys = evaluate_batch(all_hands(rules.deck_size), rules, check=False)
    by_strength = np.bincount(keys >> 20, minlength=9)  # the key's top bits (hands.make_key)
    tally = {str(category): 0 for category in CATEGORIES}
    for strength, n in enumerate(by_strength.tolist()):
        tally[str(rules.order[8 - strength])] = n
    return tally


class Standing(NamedTuple):
    """How many hands of the deck are better than, equal to and worse than a hand.

    >>> Standing(better=1, tied=2, worse=3).total
    6
    """

    better: int
    tied: int
    worse: int

    @property
    def total(self) -> int:
        return self.better + self.tied + self.worse


@functools.lru_cache(maxsize=4)
def _sorted_keys(rules: HandRules) -> np.ndarray:
    return np.sort(hand_keys(rules))


def _value(hand: HandValue | Iterable[Card | str] | str, rules: HandRules) -> HandValue:
    if isinstance(hand, HandValue):
        return hand
    return evaluate(parse_cards(hand) if isinstance(hand, str) else hand, rules)


def standing(
    hand: HandValue | Iterable[Card | str] | str,
    rules: HandRules = _DEFAULT_RULES,
    *,
    dead: Iterable[Card | str] | str = (),
) -> Standing:
    """Count the hands of the deck that beat, tie and lose to ``hand`` (exact, HR-2).

    ``hand`` is a :class:`~cardlab.hands.HandValue` or five cards. Hands holding a
    card of ``dead`` (say the cards in your own hand) are left out. A low value
    (HR-6) counts in the low order: better means a worse poker hand.

    >>> standing("Ah Ad Kc Kd Ks")
    Standing(better=952, tied=24, worse=2597984)
    >>> import math
    >>> own = parse_cards("Ah Ad Kc Kd Ks")
    >>> standing(own, dead=own).total == math.comb(47, 5)
    True
    """
    value = _value(hand, rules)
    dead_cards = parse_cards(dead) if isinstance(dead, str) else tuple(Card.parse(c) for c in dead)
    check_distinct(dead_cards)
    if dead_cards:
        mask = np.zeros(52, dtype=bool)
        mask[[card.code for card in dead_cards]] = True
        live = ~mask[all_hands(rules.deck_size)].any(axis=1)
        keys = np.sort(hand_keys(rules)[live])
    else:
        keys = _sorted_keys(rules)
    below = int(np.searchsorted(keys, value.key, side="left"))
    above = len(keys) - int(np.searchsorted(keys, value.key, side="right"))
    tied = len(keys) - below - above
    if value.low:
        return Standing(better=below, tied=tied, worse=above)
    return Standing(better=above, tied=tied, worse=below)


def hands_beating(
    hand: HandValue | Iterable[Card | str] | str,
    rules: HandRules = _DEFAULT_RULES,
    *,
    dead: Iterable[Card | str] | str = (),
) -> int:
    """How many hands of the deck beat ``hand`` (see :func:`standing`).

    >>> hands_beating("Ah Kh Qh Jh Th")
    0
    >>> hands_beating("Ac Ad Ah Ks Kd")  # the straight flushes and the other quads
    664
    >>> hands_beating("Ah Kh Qh Jh 9h", HandRules(32))  # in 32 cards a flush is second (HR-4)
    20
    """
    return standing(hand, rules, dead=dead).better
