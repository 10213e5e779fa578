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
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from cardlab.cards import Card, CardError, check_distinct, deck, parse_cards
from cardlab.hands import CATEGORIES, Category, HandRules, evaluate

__all__ = [
    "draw_counts",
    "draw_odds",
    "improve_probability",
    "DiscardChoice",
    "best_discard",
    "discard_table",
    "improvement_table",
    "describe_draws",
    "best_discard_table",
    "HOLDINGS",
    "DILEMMAS",
]

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
    return np.array(sorted(sum(1 << (n - 2) for n in numbers) for numbers in rules._straights), dtype=np.int64)


def _cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(Card.parse(c) for c in cards)


def _checked(hand, discard, rules: HandRules, dead) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], frozenset[Card]]:
    hand, discard, dead = _cards(hand), _cards(discard), _cards(dead)
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
    return _improves(draw_odds(hand, discard, rules, dead), evaluate(_cards(hand), rules).category, rules)


def _scorer(measure: Measure, now: Category, rules: HandRules) -> Callable[[dict[Category, Fraction]], float]:
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


def _all_choices(hand, rules: HandRules, measure: Measure, dead) -> list[DiscardChoice]:
    hand = _cards(hand)
    now = evaluate(hand, rules).category
    score = _scorer(measure, now, rules)
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
    hand = _cards(hand)
    choices = _all_choices(hand, rules, measure, dead)
    return max(choices, key=lambda c: _tiebreak(c, hand))


def discard_table(hand: Iterable[Card | str] | str, rules: HandRules = _DEFAULT_RULES,
                  dead: Iterable[Card | str] | str = ()) -> pd.DataFrame:
    """All 32 discards of a hand with their exact odds, best expected strength first.

    Columns: ``discard`` (text), ``drawn`` (cards drawn), ``improve`` (chance of a
    better category), ``expected`` (expected category strength, 0..8 in the order of
    ``rules``), then one column per category (its probability, best category first).

    >>> table = discard_table("Jh Js 8c 4d 2s")
    >>> len(table), table.iloc[0]["discard"]
    (32, '8♣ 4♦ 2♠')
    """
    hand = _cards(hand)
    now = evaluate(hand, rules).category
    improve, expected = _scorer("improve", now, rules), _scorer("expected", now, rules)
    rows = []
    for choice in _all_choices(hand, rules, "expected", dead):
        row = {"discard": " ".join(map(str, choice.discard)) or "-", "drawn": len(choice.discard),
               "improve": float(improve(choice.odds)), "expected": float(expected(choice.odds))}
        row |= {str(c): float(p) for c, p in choice.odds.items()}
        rows.append(row)
    table = pd.DataFrame(rows)
    return table.sort_values(["expected", "improve"], ascending=False, kind="stable").reset_index(drop=True)


def describe_draws(observation, top: int = 3) -> str:
    """Plain words for a seat about to draw: its best discards with exact odds (DP-5).

    Takes a draw-poker observation (``hand``, ``game.rules``); a table shows it as a hint.

    >>> from cardlab.games.draw_poker import DrawPoker
    >>> state = DrawPoker(players=2, deck_size=32).new_state(seed=1)
    >>> text = describe_draws(state.observation(0))
    >>> text.startswith("Best discards by expected strength (32 cards):")
    True
    """
    hand, rules = tuple(observation.hand), observation.game.rules
    if len(hand) != 5:
        return "No hand to draw to."
    table = discard_table(hand, rules, dead=getattr(observation, "my_discards", ()))
    lines = [f"Best discards by expected strength ({rules.deck_size} cards):"]
    for _, row in table.head(top).iterrows():
        what = "stand pat" if row["discard"] == "-" else f"discard {row['discard']}"
        lines.append(f"{what}: improves {row['improve']:.1%}, expected strength {row['expected']:.2f}")
    return "\n".join(lines)


#: Standard holdings: (name, hand, discard, the category drawn for); ranks 7..A so that
#: every deck from 32 cards up holds them.
HOLDINGS: tuple[tuple[str, str, str, Category], ...] = (
    ("pair, drawing three", "Jh Js 8c 9d Ks", "8c 9d Ks", Category.TWO_PAIR),
    ("pair and ace kicker, drawing two", "Jh Js Ac 8d 9s", "8d 9s", Category.TWO_PAIR),
    ("two pair, drawing one", "Jh Js 9c 9d Ks", "Ks", Category.FULL_HOUSE),
    ("three of a kind, drawing two", "Jh Js Jc 8d 9s", "8d 9s", Category.FULL_HOUSE),
    ("three of a kind and kicker, drawing one", "Jh Js Jc Ad 9s", "9s", Category.FULL_HOUSE),
    ("four to a flush, drawing one", "Ah Kh 9h 8h 7c", "7c", Category.FLUSH),
    ("open-ended straight, drawing one", "8c 9d Th Js Ac", "Ac", Category.STRAIGHT),
    ("gutshot straight, drawing one", "8c 9d Jh Qs Ac", "Ac", Category.STRAIGHT),
    ("open straight flush draw, drawing one", "8h 9h Th Jh Ac", "Ac", Category.STRAIGHT),
    ("three to a flush, drawing two", "Ah Kh 9h 8c 7d", "8c 7d", Category.FLUSH),
    ("ace, drawing four", "Ah 8c 9d Js Kh", "8c 9d Js Kh", Category.ONE_PAIR),
    ("nothing, drawing five", "Ah 8c 9d Js Kh", "Ah 8c 9d Js Kh", Category.ONE_PAIR),
)

#: Hands where the choice of discard is a real question; ranks 7..A.
DILEMMAS: tuple[tuple[str, str], ...] = (
    ("small pair and four to a flush", "8h 8s Ah Kh 9h"),
    ("high pair and open-ended straight", "Jh Js Tc 9d 8s"),
    ("pair of aces and a king", "Ac Ad Kh 8c 9d"),
    ("three of a kind", "Jc Jd Jh 8c 9d"),
    ("three to a straight flush", "9h Th Jh Ac 7d"),
    ("open-ended straight and four to a flush", "8h 9h Th Jc Kh"),
)


def improvement_table(deck_sizes: Iterable[int] = (52, 36, 32), ace_low: bool = True) -> pd.DataFrame:
    """Exact odds of the standard holdings of :data:`HOLDINGS` in each deck (DP-5, HR-4).

    One row per holding and deck. Columns: ``holding``, ``deck_size``, ``hand``,
    ``discard``, ``draws`` (the number of possible draws), ``improve`` (chance of a
    better category than the hand's present one), ``target`` (the category drawn for)
    and ``hit`` (chance of that category or better, in the deck's HR-4 order), then one
    column per category (its probability), and ``ace_low`` (the HR-5 option; with 52 cards
    A-2-3-4-5 always counts, HR-1).

    >>> table = improvement_table((52, 32)).set_index(["holding", "deck_size"])
    >>> float(round(table.loc[("pair, drawing three", 52), "improve"], 3))
    0.287
    >>> table.loc[("four to a flush, drawing one", 32), "draws"]   # 4 hearts left among 27 cards
    np.int64(27)
    """
    rows = []
    for size in deck_sizes:
        rules = HandRules(size, ace_low or size == 52)  # HR-5 is a short-deck option (HR-1)
        for name, hand, discard, target in HOLDINGS:
            counts = draw_counts(hand, discard, rules)
            total = sum(counts.values())
            now = evaluate(parse_cards(hand), rules).category
            row = {"holding": name, "deck_size": size, "hand": hand, "discard": discard, "draws": total,
                   "improve": sum(n for c, n in counts.items() if rules.strength(c) > rules.strength(now)) / total,
                   "target": str(target),
                   "hit": sum(n for c, n in counts.items() if rules.strength(c) >= rules.strength(target)) / total}
            row |= {str(c): counts[c] / total for c in CATEGORIES}
            row["ace_low"] = ace_low
            rows.append(row)
    return pd.DataFrame(rows)


def best_discard_table(deck_sizes: Iterable[int] = (52, 36, 32), measures: Iterable[Measure] = ("improve", "expected"),
                       hands: Iterable[tuple[str, str]] = DILEMMAS, ace_low: bool = True) -> pd.DataFrame:
    """How the deck changes the best discard of the :data:`DILEMMAS` hands.

    One row per hand, deck and measure. Columns: ``holding``, ``hand``, ``deck_size``,
    ``measure``, ``best_discard`` (text, '-' to stand pat), ``drawn``, ``score`` (the
    best score under the measure), ``ace_low``.

    An open-ended straight draw with four hearts: in 52 cards keep the flush draw,
    in 32 the straight draw (a flush is rarer there, HR-4):

    >>> hands = [("straight and flush draws", "8h 9h Th Jc Kh")]
    >>> list(best_discard_table((52, 32), measures=("expected",), hands=hands)["best_discard"])
    ['J♣', 'K♥']
    """
    rows = []
    for size in deck_sizes:
        rules = HandRules(size, ace_low or size == 52)  # HR-5 is a short-deck option (HR-1)
        for name, hand in hands:
            for measure in measures:
                choice = best_discard(hand, rules, measure)
                rows.append({"holding": name, "hand": hand, "deck_size": size, "measure": str(measure),
                             "best_discard": " ".join(map(str, choice.discard)) or "-",
                             "drawn": len(choice.discard), "score": float(choice.score), "ace_low": ace_low})
    return pd.DataFrame(rows)
