"""Cards, ranks, suits and decks: the vocabulary every other module speaks.

Values are immutable and read as code (after python-chess and pokerkit):

>>> card = Card.parse("Ah")
>>> card
Card('Ah')
>>> str(card)
'A♥'
>>> Card.parse("10h") == Card.parse("Th") == Card.parse("T♥") == Card.parse("TH")
True
>>> sorted(parse_cards("Ah 7c Kd"))
[Card('7c'), Card('Kd'), Card('Ah')]
>>> len(deck(32)), str(deck(32)[0])
(32, '7♣')

Short decks remove the lowest ranks, all four suits at a time (HR-3).
"""

from __future__ import annotations

import enum
import functools
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "CardError",
    "DECK_SIZES",
    "parse_cards",
    "format_cards",
    "deck",
    "shuffled_deck",
    "deck_ranks",
    "rng_for",
    "seeded_permutation",
    "seeded_integer",
    "deck_starting_with",
    "interleave",
]


class CardError(ValueError):
    """A malformed card, an unknown deck size or a repeated card; a ``ValueError``.

    >>> try:
    ...     Card.parse("Ax")
    ... except ValueError as error:
    ...     print(type(error).__name__, str(error)[:26])
    CardError cannot read 'Ax' as a card
    """


class Rank(enum.Enum):
    """A card's rank; ``value`` is its one-letter name, ``number`` runs 2..14 (ace high).

    >>> Rank.ACE.number, Rank.TEN.value, str(Rank.TEN)
    (14, 'T', '10')
    >>> Rank.TWO < Rank.ACE
    True
    """

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    # Members are singletons compared by identity; Enum's own hash (of the name, in
    # Python) made every card hash slow in the evaluators' hot loops.
    __hash__ = object.__hash__

    @property
    def number(self) -> int:
        """2 for a deuce .. 14 for an ace."""
        return _RANK_NUMBER[self]

    @property
    def index(self) -> int:
        """0 for a deuce .. 12 for an ace (the rank part of a card code)."""
        return _RANK_NUMBER[self] - 2

    @property
    def word(self) -> str:
        """English name: 'king', 'six'."""
        return _RANK_WORDS[self]

    def __lt__(self, other: Rank) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.number < other.number

    def __le__(self, other: Rank) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.number <= other.number

    def __gt__(self, other: Rank) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.number > other.number

    def __ge__(self, other: Rank) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.number >= other.number

    def __str__(self) -> str:
        return "10" if self is Rank.TEN else self.value

    @classmethod
    def from_number(cls, number: int) -> Rank:
        """The rank numbered 2..14.

        >>> Rank.from_number(12)
        <Rank.QUEEN: 'Q'>
        """
        if not 2 <= number <= 14:
            raise CardError(f"rank number {number!r} is not in 2..14")
        return _RANKS[number - 2]


class Suit(enum.Enum):
    """A card's suit; suits have no rank in any game here (HR-1).

    >>> Suit.HEARTS.symbol, Suit.HEARTS.is_red, Suit.SPADES.is_red
    ('♥', True, False)
    """

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    __hash__ = object.__hash__  # identity, as for Rank

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades (the suit part of a card code)."""
        return _SUIT_INDEX[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def word(self) -> str:
        return self.name.lower()

    def __lt__(self, other: Suit) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return self.index < other.index

    def __str__(self) -> str:
        return self.symbol


_RANKS = tuple(Rank)
_SUITS = tuple(Suit)
_RANK_NUMBER = {rank: i + 2 for i, rank in enumerate(_RANKS)}
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_RANK_WORDS = dict(
    zip(
        _RANKS,
        "two three four five six seven eight nine ten jack queen king ace".split(),
    )
)
_RANK_ALIASES = {rank.value: rank for rank in _RANKS} | {"10": Rank.TEN}
_SUIT_ALIASES = {suit.value: suit for suit in _SUITS} | {s.symbol: s for s in _SUITS}
# Outline symbols are common in copied text; accept them too.
_SUIT_ALIASES |= {"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}
_CARD_PATTERN = re.compile(r"^(10|[2-9TJQKA])([cdhs♣♦♥♠♧♢♡♤])$", re.IGNORECASE)

#: Rank weights whose sums tell every multiset of five ranks apart (at most four of a
#: rank; found greedily), so the sum of five cards' weights names their ranks. The
#: largest five-card sum, 4 * 79415 + 43258, stays below 2**19.
RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
#: One small int per card code: its rank weight plus 6**suit above 2**19. The sum of
#: five cards' terms holds their ranks in the low 19 bits and, above, the number of
#: cards of each suit as base-6 digits (a flush has a digit 5); it stays below 2**30,
#: a one-digit Python int.
HAND_TERMS = tuple(RANK_WEIGHTS[code // 4] + (6 ** (code % 4) << 19) for code in range(52))
ACCEPTED = "a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠), e.g. 'Ah', '10h', 'T♥'"


@functools.total_ordering
@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card; frozen, hashable and sorted by rank then suit.

    A card is a small int at heart: ``code`` is ``4 * rank.index + suit.index`` (0 for
    2♣ .. 51 for A♠), the form :mod:`cardlab.fast` works on, and hashing, equality and
    ordering are those of the code (one int each); ``Card`` is its readable view.

    >>> card = Card(Rank.KING, Suit.SPADES)
    >>> card.code, Card.from_code(card.code) == card
    (47, True)
    >>> eval(repr(card)) == card == Card("K♠")
    True
    >>> {card: 1}[Card.parse("ks")]
    1
    >>> card.rank = Rank.ACE
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'rank'
    """

    rank: Rank
    suit: Suit = None  # type: ignore[assignment]  # Card('Ah'): the form repr shows
    code: int = field(init=False, repr=False)  # the int the card is at heart (see above)
    # The card's term in cardlab.hands' table lookups (HAND_TERMS[code]), made once per card:
    # public, as hands reads it for every card of every hand it evaluates.
    hand_term: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.rank, str) and self.suit is None:  # so that repr round-trips
            parsed = Card.parse(self.rank)
            object.__setattr__(self, "rank", parsed.rank)
            object.__setattr__(self, "suit", parsed.suit)
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise CardError(f"Card needs a Rank and a Suit, got {self.rank!r}, {self.suit!r}")
        object.__setattr__(self, "code", _RANK_NUMBER[self.rank] * 4 - 8 + _SUIT_INDEX[self.suit])
        object.__setattr__(self, "hand_term", HAND_TERMS[self.code])

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.code == other.code  # type: ignore[attr-defined]
        return NotImplemented

    def __getstate__(self) -> tuple[Rank, Suit]:  # pickles as (rank, suit); the code is remade
        return (self.rank, self.suit)

    def __setstate__(self, state: tuple[Rank, Suit]) -> None:
        object.__setattr__(self, "rank", state[0])
        object.__setattr__(self, "suit", state[1])
        object.__setattr__(self, "code", _RANK_NUMBER[state[0]] * 4 - 8 + _SUIT_INDEX[state[1]])
        object.__setattr__(self, "hand_term", HAND_TERMS[self.code])

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read ``'Ah'``, ``'AH'``, ``'10h'``, ``'Th'`` or ``'A♥'``.

        >>> Card.parse(" qd ")
        Card('Qd')
        >>> Card.parse("1h")
        Traceback (most recent call last):
        ...
        cardlab.cards.CardError: cannot read '1h' as a card: expected a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠), e.g. 'Ah', '10h', 'T♥'
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"cannot read {text!r} as a card: expected a string, {ACCEPTED}")
        match = _CARD_PATTERN.match(text.strip())
        if not match:
            raise CardError(f"cannot read {text!r} as a card: expected {ACCEPTED}")
        rank_text, suit_text = match.groups()
        return _CARDS_BY_KEY[(_RANK_ALIASES[rank_text.upper()], _SUIT_ALIASES[suit_text.lower()])]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with code 0..51."""
        if isinstance(code, bool) or not isinstance(code, (int, np.integer)) or not 0 <= code < 52:
            raise CardError(f"card code {code!r} is not an integer in 0..51")
        return _ALL_CARDS[int(code)]

    @property
    def short(self) -> str:
        """The two-letter ASCII form, ``'Ah'``, ``'Th'``; what :meth:`parse` reads back."""
        return self.rank.value + self.suit.value

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def name(self) -> str:
        """Words for screen readers: 'ace of hearts'."""
        return f"{self.rank.word} of {self.suit.word}"

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.code < other.code  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return _CARD_TEXTS[self.code]

    def __repr__(self) -> str:
        return f"Card('{self.short}')"


_ALL_CARDS = tuple(Card(rank, suit) for rank in _RANKS for suit in _SUITS)
_CARD_TEXTS = tuple(f"{card.rank}{card.suit.symbol}" for card in _ALL_CARDS)  # str(card) by code: logs write many
_CARDS_BY_KEY = {(card.rank, card.suit): card for card in _ALL_CARDS}

#: Every deck size of HR-3, largest first.
DECK_SIZES: tuple[int, ...] = (52, 48, 44, 40, 36, 32, 28, 24, 20)


def _check_size(size: int) -> int:
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or size not in DECK_SIZES:
        raise CardError(f"deck size {size!r} is not one of {', '.join(map(str, DECK_SIZES))} (HR-3)")
    return int(size)


def deck_ranks(size: int = 52) -> tuple[Rank, ...]:
    """The ranks of a deck of ``size`` cards, lowest first (HR-3).

    >>> [str(r) for r in deck_ranks(32)]
    ['7', '8', '9', '10', 'J', 'Q', 'K', 'A']
    """
    return _RANKS[13 - _check_size(size) // 4 :]


@functools.cache
def deck(size: int = 52) -> tuple[Card, ...]:
    """The ordered deck of ``size`` cards (HR-3): lowest rank first, suits in order.

    >>> len(deck()), deck(20)[:2]
    (52, (Card('Tc'), Card('Td')))
    """
    low = 13 - _check_size(size) // 4
    return _ALL_CARDS[4 * low :]


def rng_for(seed: int | None, *keys: int) -> np.random.Generator:
    """A numpy generator for ``seed`` and a path of integer ``keys``.

    Independent streams for the k-th shuffle of a game come from the same seed, so a
    state can be saved as (seed, counter) and replayed in any process.

    >>> int(rng_for(7, 0).integers(1000)) == int(rng_for(7, 0).integers(1000))
    True
    >>> int(rng_for(7, 0).integers(10**9)) == int(rng_for(7, 1).integers(10**9))
    False
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
        raise ValueError(f"seed must be a non-negative integer or None, got {seed!r}")
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=tuple(keys)))


# -- seeded draws, fast ------------------------------------------------------------------------
# A game's shuffles each come from a fresh ``rng_for(seed, k)`` (SeedSequence -> PCG64 ->
# Generator), which costs more than the shuffle itself. The two helpers below give the same
# draws for less: the seed's part of numpy's SeedSequence hashing by numpy itself, once per seed;
# the few key words and generate_state (mix_entropy's last steps; stable by numpy's
# reproducibility policy) on Python ints; then a shuffle on one reused PCG64 per thread set
# to the result, and a single small draw (the first dealer) on ints too (PCG64's first output,
# numpy's Lemire step). tests/test_cards.py checks them against ``rng_for`` over many seeds,
# keys and bounds.
_M32, _M64, _M128 = 0xFFFF_FFFF, (1 << 64) - 1, (1 << 128) - 1
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645


def _words32(n: int) -> list[int]:
    """``n`` as numpy's SeedSequence reads it: 32-bit words, least significant first."""
    words = [n & _M32]
    n >>= 32
    while n:
        words.append(n & _M32)
        n >>= 32
    return words


@functools.lru_cache(maxsize=512)
def _seed_pool(seed: int) -> tuple[int, int, int, int]:
    """SeedSequence(seed, spawn_key=...)'s pool after the seed's words, before the spawn key
    is mixed in: the same for every key, and numpy's own ``SeedSequence(seed).pool`` (the
    seed's words are mixed the same way with or without a key; only the key's words follow)."""
    p0, p1, p2, p3 = np.random.SeedSequence(seed).pool.tolist()
    return p0, p1, p2, p3


def _hash_constants(init: int, mult: int, n: int) -> tuple[tuple[int, int], ...]:
    """The (xor, multiplier) pairs of ``n`` successive hashmix steps: the hash constant
    only ever multiplies, so its sequence is the same for every seed."""
    steps, h = [], init
    for _ in range(n):
        after = (h * mult) & _M32
        steps.append((h, after))
        h = after
    return tuple(steps)


#: hashmix steps of the spawn key's words (after the seed's 16) and of generate_state's 8.
_KEY_STEPS = _hash_constants(_INIT_A, _MULT_A, 16 + 4 * 8)[16:]
_OUT_STEPS = _hash_constants(_INIT_B, _MULT_B, 8)


#: The hashmix terms of one key word in the first key position, as mix() takes them
#: (``_MIX_R`` times the hashed word, for each pool word): they depend on the key alone, so
#: the engine's one small key (the number of the shuffle) is a table lookup.
def _key_terms(word: int) -> tuple[int, int, int, int]:
    terms = []
    for x, m in _KEY_STEPS[:4]:
        w = ((word ^ x) * m) & _M32
        terms.append(_MIX_R * (w ^ (w >> 16)))
    t0, t1, t2, t3 = terms
    return t0, t1, t2, t3


_FIRST_KEY_TERMS = tuple(_key_terms(word) for word in range(256))
_OUT_FLAT = tuple(c for step in _OUT_STEPS for c in step)  # x0, m0, x1, m1, ... x7, m7


def _pcg64_words(seed: int, keys: tuple[int, ...]) -> tuple[int, int] | None:
    """``(state, inc)`` of ``PCG64(SeedSequence(seed, spawn_key=keys))``, computed on ints
    (unrolled: it runs once per shuffle); None for more key words than the table holds."""
    p0, p1, p2, p3 = _seed_pool(seed)
    if len(keys) == 1 and 0 <= keys[0] < 256:  # the engine's case: one small key
        t0, t1, t2, t3 = _FIRST_KEY_TERMS[keys[0]]
        r = (_MIX_L * p0 - t0) & _M32
        p0 = r ^ (r >> 16)
        r = (_MIX_L * p1 - t1) & _M32
        p1 = r ^ (r >> 16)
        r = (_MIX_L * p2 - t2) & _M32
        p2 = r ^ (r >> 16)
        r = (_MIX_L * p3 - t3) & _M32
        p3 = r ^ (r >> 16)
    else:
        words = [w for key in keys for w in _words32(key)]
        if len(words) > 8:  # more key words than the table of constants
            return None
        for i, word in enumerate(words):  # each key word hashed into each pool word, in turn
            (x0, m0), (x1, m1), (x2, m2), (x3, m3) = _KEY_STEPS[4 * i : 4 * i + 4]
            w = ((word ^ x0) * m0) & _M32
            r = (_MIX_L * p0 - _MIX_R * (w ^ (w >> 16))) & _M32
            p0 = r ^ (r >> 16)
            w = ((word ^ x1) * m1) & _M32
            r = (_MIX_L * p1 - _MIX_R * (w ^ (w >> 16))) & _M32
            p1 = r ^ (r >> 16)
            w = ((word ^ x2) * m2) & _M32
            r = (_MIX_L * p2 - _MIX_R * (w ^ (w >> 16))) & _M32
            p2 = r ^ (r >> 16)
            w = ((word ^ x3) * m3) & _M32
            r = (_MIX_L * p3 - _MIX_R * (w ^ (w >> 16))) & _M32
            p3 = r ^ (r >> 16)
    # generate_state(4, uint64): 8 words, the pool read twice, each hashed
    x0, m0, x1, m1, x2, m2, x3, m3, x4, m4, x5, m5, x6, m6, x7, m7 = _OUT_FLAT
    o0 = ((p0 ^ x0) * m0) & _M32
    o1 = ((p1 ^ x1) * m1) & _M32
    o2 = ((p2 ^ x2) * m2) & _M32
    o3 = ((p3 ^ x3) * m3) & _M32
    o4 = ((p0 ^ x4) * m4) & _M32
    o5 = ((p1 ^ x5) * m5) & _M32
    o6 = ((p2 ^ x6) * m6) & _M32
    o7 = ((p3 ^ x7) * m7) & _M32
    # pcg64_set_seed: the first two words make the seed, the last two the increment
    seed128 = ((o1 ^ (o1 >> 16)) << 96) | ((o0 ^ (o0 >> 16)) << 64) | ((o3 ^ (o3 >> 16)) << 32) | (o2 ^ (o2 >> 16))
    inc = ((((o5 ^ (o5 >> 16)) << 96) | ((o4 ^ (o4 >> 16)) << 64) | ((o7 ^ (o7 >> 16)) << 32) | (o6 ^ (o6 >> 16)))
           << 1 | 1) & _M128
    return ((inc + seed128) * _PCG_MULT + inc) & _M128, inc


def _pcg64_state(seed: int, keys: tuple[int, ...]) -> dict:
    """The state of ``PCG64(SeedSequence(seed, spawn_key=keys))``, as numpy's ``state`` dict."""
    words = _pcg64_words(seed, keys)
    if words is None:  # numpy's own way
        return np.random.PCG64(np.random.SeedSequence(seed, spawn_key=keys)).state
    return {"bit_generator": "PCG64", "state": {"state": words[0], "inc": words[1]}, "has_uint32": 0, "uinteger": 0}


_generators = threading.local()


def _generator_at(seed: int, keys: tuple[int, ...]) -> np.random.Generator:
    """This thread's reused generator, set to ``rng_for(seed, *keys)``'s starting state
    (to be drawn from at once: the next call resets it)."""
    generator = getattr(_generators, "generator", None)
    if generator is None:
        generator = _generators.generator = np.random.Generator(np.random.PCG64(0))
    generator.bit_generator.state = _pcg64_state(seed, keys)
    return generator


def seeded_permutation(n: int, seed: int, *keys: int) -> list[int]:
    """``rng_for(seed, *keys).permutation(n)`` as a list: the very same order, a few
    times faster (no generator is built; see the comment above).

    >>> seeded_permutation(8, 7, 1) == rng_for(7, 1).permutation(8).tolist()
    True
    """
    return _generator_at(seed, keys).permutation(n).tolist()


def _first_output(state: int, inc: int) -> int:
    """PCG64's first 64-bit output from ``(state, inc)``: one LCG step, then XSL-RR (the
    xor of the state's halves, rotated right by its top 6 bits)."""
    state = (state * _PCG_MULT + inc) & _M128
    x, rot = ((state >> 64) ^ state) & _M64, state >> 122
    return ((x >> rot) | (x << (64 - rot))) & _M64


def seeded_integer(high: int, seed: int, *keys: int) -> int:
    """``int(rng_for(seed, *keys).integers(high))``: the same draw, faster.

    For ``2 <= high < 2**32`` numpy draws with Lemire's method on the low 32 bits of the
    generator's first output: ``(u32 * high) >> 32``, unless the product's low half falls
    below ``(2**32 - high) % high`` (a rejection, rarely for a small ``high``); that one
    draw is made here on ints, and everything else on numpy's generator.

    >>> seeded_integer(4, 7, 0) == int(rng_for(7, 0).integers(4))
    True
    """
    if type(high) is int and 2 <= high < 1 << 32:
        words = _pcg64_words(seed, keys)
        if words is not None:
            product = (_first_output(*words) & _M32) * high
            if (product & _M32) >= (0x1_0000_0000 - high) % high:  # accepted at the first draw
                return product >> 32
    return int(_generator_at(seed, keys).integers(high))


def shuffled_deck(size: int = 52, seed: int | None = None, *keys: int) -> tuple[Card, ...]:
    """The deck of ``size`` cards shuffled from ``seed``; the same seed, the same order.

    >>> shuffled_deck(32, seed=1) == shuffled_deck(32, seed=1)
    True
    >>> sorted(shuffled_deck(32, seed=1)) == list(deck(32))
    True
    """
    cards = deck(size)
    order = rng_for(seed, *keys).permutation(len(cards))
    return tuple(cards[i] for i in order)


def parse_cards(text: str | Iterable[str | Card], *, allow_repeats: bool = False) -> tuple[Card, ...]:
    """Read several cards from a string (split on spaces or commas) or an iterable.

    >>> parse_cards("Ah Kd 10c")
    (Card('Ah'), Card('Kd'), Card('Tc'))
    >>> parse_cards("Ah ah")
    Traceback (most recent call last):
    ...
    cardlab.cards.CardError: card A♥ appears twice in 'Ah ah'; a hand from one deck holds each card once
    """
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, dict)):
        items = list(text)
    else:
        raise CardError(f"cannot read {text!r} as cards: expected a string such as 'Ah Kd' or an iterable of cards")
    cards = tuple(Card.parse(item) for item in items)
    if not allow_repeats:
        check_distinct(cards, source=text)
    return cards


def check_distinct(cards: Iterable[Card], source: object = None) -> None:
    """Raise :class:`CardError` if a card repeats."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            where = f" in {source!r}" if source is not None else ""
            raise CardError(f"card {card} appears twice{where}; a hand from one deck holds each card once")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text with suit symbols.

    >>> format_cards(parse_cards("Ah 10c"))
    'A♥ 10♣'
    """
    return " ".join(str(card) for card in cards)


def deck_starting_with(first: str | Iterable[str | Card], size: int = 52) -> tuple[Card, ...]:
    """A full deck of ``size`` cards that deals ``first`` first, then the rest in order.

    Games take it as ``new_state(deck=...)`` to stack a scenario.

    >>> stacked = deck_starting_with("Ah Kd", 32)
    >>> stacked[:3], len(stacked)
    ((Card('Ah'), Card('Kd'), Card('7c')), 32)
    >>> deck_starting_with("2c", 32)
    Traceback (most recent call last):
    ...
    cardlab.cards.CardError: 2♣ is not in the 32-card deck (HR-3), so it cannot be dealt first
    """
    full = deck(size)
    first = parse_cards(first)
    strange = [card for card in first if card not in full]
    if strange:
        raise CardError(f"{format_cards(strange)} {'is' if len(strange) == 1 else 'are'} not in the "
                        f"{len(full)}-card deck (HR-3), so {'it' if len(strange) == 1 else 'they'} cannot be dealt first")
    return first + tuple(card for card in full if card not in first)


def interleave(*hands: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Hands in the order they are dealt: one card to each seat in turn.

    >>> interleave("Ah Kh", "2c 3c")
    (Card('Ah'), Card('2c'), Card('Kh'), Card('3c'))
    >>> interleave("Ah Kh", "2c Ah")
    Traceback (most recent call last):
    ...
    cardlab.cards.CardError: card A♥ appears twice in 'the hands to interleave'; a hand from one deck holds each card once
    """
    held = [parse_cards(hand) for hand in hands]
    if len({len(hand) for hand in held}) > 1:
        raise CardError(f"the hands to interleave must hold as many cards each, got {', '.join(str(len(h)) for h in held)}")
    check_distinct([card for hand in held for card in hand], source="the hands to interleave")
    return tuple(card for turn in zip(*held) for card in turn)
