"""Exact draw odds for five-card draw (DP-5): every possible draw, counted.

For a hand, the cards it discards and the rules in use, :func:`draw_counts` counts
the final category of every possible draw from the unseen cards, and :func:`draw_odds`
turns the counts into exact fractions. The textbook figures for three cards drawn to a
pair in 52 cards:

>>> from cardlab.hands import Category
>>> counts = draw_counts("Jh Js 8c 4d 2s", discard="8c 4d 2s")
>>> [counts[c] for c in (Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND)]
[2592, 1854, 165, 45]
>>> sum(counts.values())
16215
>>> round(float(improve_probability("Jh Js 8c 4d 2s", "8c 4d 2s")), 3)
0.287

How it counts without dealing out every draw: a draw is grouped by its *rank multiset*
(at most 6,188 of them for five cards from 13 ranks). A multiset using ``m`` cards of a
rank with ``u`` unseen cards of that rank can be drawn ``C(u, m)`` ways; the final rank
counts give the category, and a flush is counted separately, suit by suit, for the
multisets of distinct ranks. All multisets of one draw size are processed at once as
numpy arrays, so all 32 discards of a hand take about ten milliseconds.

This module sits just above :mod:`cardlab.hands` (it needs no game), so the bots can
use it; :mod:`cardlab.analysis.draw_odds` builds its DataFrames on it.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

import numpy as np

from cardlab.cards import Card, CardError, check_distinct, deck, parse_cards
from cardlab.hands import CATEGORIES, Category, HandRules, evaluate

__all__ = ["draw_counts", "draw_odds", "improve_probability", "DiscardChoice", "best_discard", "all_choices",
           "score_of", "Measure", "Z95"]

#: The two-sided 95% normal quantile (1.959963984540054), the one z-value of every 95%
#: interval in cardlab (analysis, interop); here, low in the layers, so all of them can import it.
Z95 = NormalDist().inv_cdf(0.975)

_DEFAULT_RULES = HandRules()
_BITS = 1 << np.arange(13, dtype=np.int64)
# C(u, m) for u, m in 0..4 (a rank has at most four unseen cards).
_COMB = np.array([[math.comb(u, m) for m in range(5)] for u in range(5)], dtype=np.int64)
# Category indices in CATEGORIES (HR-1 order).
_SF, _QUADS, _FULL, _FLUSH, _STRAIGHT, _TRIPS, _TWO_PAIR, _PAIR, _HIGH = range(9)

Measure = str | Category | Callable[[dict[Category, Fraction]], float]


@functools.cache
def _multisets(size: int) -> tuple[np.ndarray, np.ndarray]:
    """All rank-count vectors (13 ranks, each 0..4) summing to ``size``, and their rank masks."""
    rows = []
    for combo in itertools.combinations_with_replacement(range(13), size):
        row = np.bincount(np.array(combo, dtype=np.int64), minlength=13)
        if row.max(initial=0) <= 4:
            rows.append(row)
    counts = np.array(rows, dtype=np.int64).reshape(-1, 13)
    return counts, (np.minimum(counts, 1) * _BITS).sum(axis=1)


@functools.cache
def _straight_masks(rules: HandRules) -> np.ndarray:
    return np.array(sorted(sum(1 << (n - 2) for n in numbers) for numbers in rules.straights), dtype=np.int64)


def as_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Cards from text ("Ah Kd") or from cards and card names.

    >>> as_cards("Ah Kd") == as_cards(["Ah", Card.parse("Kd")])
    True
    """
    return parse_cards(cards) if isinstance(cards, str) else tuple(Card.parse(c) for c in cards)


def _checked(hand, discard, rules: HandRules, dead) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], frozenset[Card]]:
    hand, discard, dead = as_cards(hand), as_cards(discard), as_cards(dead)
    evaluate(hand, rules)  # five distinct cards of the deck, or a clear CardError
    check_distinct(discard)
    if not set(discard) <= set(hand):
        raise CardError(f"the discard {' '.join(map(str, discard))} is not part of the hand {' '.join(map(str, hand))}")
    check_distinct(hand + tuple(c for c in dead if c not in hand))
    if set(dead) & set(hand):
        raise CardError("a dead card cannot be in the hand")
    kept = tuple(card for card in hand if card not in discard)
    unseen = frozenset(deck(rules.deck_size)) - set(hand) - set(dead)
    if len(unseen) < len(discard):
        raise CardError(f"only {len(unseen)} unseen cards to draw {len(discard)} from")
    return hand, discard, kept, unseen


def _count_array(kept: tuple[Card, ...], unseen: frozenset[Card], draw: int, rules: HandRules) -> np.ndarray:
    """Counts of the nine categories (HR-1 order) over every draw of ``draw`` unseen cards."""
    unseen_by_rank = np.zeros(13, dtype=np.int64)
    suit_masks = np.zeros(4, dtype=np.int64)
    for card in unseen:
        unseen_by_rank[card.rank.index] += 1
        suit_masks[card.suit.index] |= 1 << card.rank.index
    kept_counts = np.zeros(13, dtype=np.int64)
    for card in kept:
        kept_counts[card.rank.index] += 1

    drawn, drawn_masks = _multisets(draw)
    ways = _COMB[unseen_by_rank, drawn].prod(axis=1)
    possible = ways > 0
    drawn, drawn_masks, ways = drawn[possible], drawn_masks[possible], ways[possible]
    final = drawn + kept_counts

    most = final.max(axis=1)
    pairs = (final == 2).sum(axis=1)
    trips = (final == 3).sum(axis=1)
    category = np.full(len(final), _HIGH, dtype=np.int64)
    category[(most == 2) & (pairs == 1)] = _PAIR
    category[pairs == 2] = _TWO_PAIR
    category[(trips == 1) & (pairs == 0)] = _TRIPS
    category[(trips == 1) & (pairs == 1)] = _FULL
    category[most == 4] = _QUADS
    totals = np.bincount(category, weights=ways, minlength=9)

    distinct = most == 1
    if distinct.any():
        kept_mask = int((np.minimum(kept_counts, 1) * _BITS).sum())
        masks = drawn_masks[distinct] | kept_mask
        straight = np.isin(masks, _straight_masks(rules))
        kept_suits = {card.suit.index for card in kept}
        suits = range(4) if not kept_suits else (kept_suits if len(kept_suits) == 1 else ())
        flushes = np.zeros(len(masks), dtype=np.int64)
        for suit in suits:
            flushes += (drawn_masks[distinct] & ~suit_masks[suit]) == 0
        plain = ways[distinct] - flushes
        # Distinct ranks were all counted as high card above: move them to their category.
        totals[_HIGH] -= ways[distinct].sum()
        totals[_SF] += flushes[straight].sum()
        totals[_STRAIGHT] += plain[straight].sum()
        totals[_FLUSH] += flushes[~straight].sum()
        totals[_HIGH] += plain[~straight].sum()
    return np.rint(totals).astype(np.int64)


def draw_counts(hand: Iterable[Card | str] | str, discard: Iterable[Card | str] | str = (),
                rules: HandRules = _DEFAULT_RULES, dead: Iterable[Card | str] | str = ()) -> dict[Category, int]:
    """How many of the possible draws end in each category (DP-5, HR-4 order of ``rules``).

    The draws come from the cards unseen by the player: the deck of ``rules`` less the
    hand (discarded cards included) and the ``dead`` cards he has seen elsewhere.
    Keys are the nine categories, best first in the order of ``rules``.

    >>> counts = draw_counts("Ah Kh 9h 8h 7c", discard="7c")     # four to a flush
    >>> counts[Category.FLUSH], sum(counts.values())
    (9, 47)
    >>> draw_counts("Ah Kh 9h 8h 7c", discard="7c", rules=HandRules(32))[Category.FLUSH]
    4
    """
    _, discard, kept, unseen = _checked(hand, discard, rules, dead)
    totals = _count_array(kept, unseen, len(discard), rules)
    return {category: int(totals[CATEGORIES.index(category)]) for category in rules.order}


def draw_odds(hand: Iterable[Card | str] | str, discard: Iterable[Card | str] | str = (),
              rules: HandRules = _DEFAULT_RULES, dead: Iterable[Card | str] | str = ()) -> dict[Category, Fraction]:
    """The exact probability of each final category after discarding ``discard`` (DP-5).

    >>> odds = draw_odds("Qc Qd 9s 9h 3c", discard="3c")            # two pair, drawing one
    >>> odds[Category.FULL_HOUSE]
    Fraction(4, 47)
    >>> sum(odds.values())
    Fraction(1, 1)
    """
    counts = draw_counts(hand, discard, rules, dead)
    total = sum(counts.values())
    return {category: Fraction(count, total) for category, count in counts.items()}


def _improves(odds: dict[Category, Fraction], now: Category, rules: HandRules) -> Fraction:
    level = rules.strength(now)
    return sum((p for c, p in odds.items() if rules.strength(c) > level), Fraction(0))


def improve_probability(hand: Iterable[Card | str] | str, discard: Iterable[Card | str] | str = (),
                        rules: HandRules = _DEFAULT_RULES, dead: Iterable[Card | str] | str = ()) -> Fraction:
    """The chance that the final category ranks above the hand's present one.

    >>> improve_probability("Jh Js 8c 4d 2s", discard="8c 4d 2s")     # 4,656 of 16,215 draws
    Fraction(1552, 5405)
    """
    return _improves(draw_odds(hand, discard, rules, dead), evaluate(as_cards(hand), rules).category, rules)


def score_of(measure: Measure, now: Category, rules: HandRules) -> Callable[[dict[Category, Fraction]], float]:
    """The function scoring a draw's odds by ``measure`` for a hand whose category is ``now``.

    >>> odds = draw_odds("Qc Qd 9s 9h 3c", discard="3c")
    >>> score_of(Category.FULL_HOUSE, Category.TWO_PAIR, HandRules())(odds)
    Fraction(4, 47)
    """
    if callable(measure) and not isinstance(measure, str):
        return measure
    if measure == "improve":
        return lambda odds: _improves(odds, now, rules)
    if measure == "expected":
        return lambda odds: sum((p * rules.strength(c) for c, p in odds.items()), Fraction(0))
    try:
        target = Category(measure)
    except ValueError:
        raise ValueError(
            f"measure must be 'improve', 'expected', a category (chance of at least that) or a function, got {measure!r}"
        ) from None
    level = rules.strength(target)
    return lambda odds: sum((p for c, p in odds.items() if rules.strength(c) >= level), Fraction(0))


@dataclass(frozen=True)
class DiscardChoice:
    """A discard with its score under a measure and the exact odds it gives."""

    discard: tuple[Card, ...]
    score: Fraction | float
    odds: dict[Category, Fraction]

    @property
    def kept(self) -> int:
        return 5 - len(self.discard)

    def __str__(self) -> str:
        cards = " ".join(map(str, self.discard)) or "nothing"
        return f"discard {cards} ({float(self.score):.4f})"


def all_choices(hand: Iterable[Card | str] | str, rules: HandRules = _DEFAULT_RULES, measure: Measure = "expected",
                dead: Iterable[Card | str] | str = ()) -> list[DiscardChoice]:
    """Every discard of a hand (all 32, fewest cards first) with its exact odds and score.

    >>> choices = all_choices("Jh Js 8c 4d 2s", measure="improve")
    >>> len(choices), str(choices[0])
    (32, 'discard nothing (0.0000)')
    """
    hand = as_cards(hand)
    now = evaluate(hand, rules).category
    score = score_of(measure, now, rules)
    _, _, _, unseen = _checked(hand, (), rules, dead)
    choices = []
    for size in range(6):
        for discard in itertools.combinations(hand, size):
            kept = tuple(card for card in hand if card not in discard)
            totals = _count_array(kept, unseen, size, rules)
            total = int(totals.sum())
            odds = {c: Fraction(int(totals[CATEGORIES.index(c)]), total) for c in rules.order}
            choices.append(DiscardChoice(discard, score(odds), odds))
    return choices


def _tiebreak(choice: DiscardChoice, hand: tuple[Card, ...]) -> tuple:
    kept = sorted((card.rank.number for card in hand if card not in choice.discard), reverse=True)
    return (choice.score, kept)


def best_discard(hand: Iterable[Card | str] | str, rules: HandRules = _DEFAULT_RULES, measure: Measure = "expected",
                 dead: Iterable[Card | str] | str = ()) -> DiscardChoice:
    """The discard (of all 32) that scores best by ``measure``, with exact odds.

    Measures: ``"improve"`` (chance of a better category than now), ``"expected"``
    (expected category strength, 0 = lowest .. 8 = best in the order of ``rules``), a
    :class:`Category` (chance of at least that category), or a function of the odds.
    Ties keep the higher cards.

    >>> print(best_discard("Jh Js 8c 4d 2s", measure="improve"))
    discard 8♣ 4♦ 2♠ (0.2871)
    >>> hand = "8h 8s Ah Kh 9h"                        # a pair of eights, four hearts
    >>> best_discard(hand, measure=Category.FLUSH).discard
    (Card('8s'),)
    """
    hand = as_cards(hand)
    choices = all_choices(hand, rules, measure, dead)
    return max(choices, key=lambda c: _tiebreak(c, hand))
