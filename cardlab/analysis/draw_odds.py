"""Exact draw odds for five-card draw (DP-5) as tables: every discard, every holding, every deck.

The counting itself is :mod:`cardlab.odds` (below the bots, which use it); its names are
re-exported here, so ``from cardlab.analysis.draw_odds import draw_odds`` keeps working.
Here they become pandas DataFrames for the notebooks and charts, and words for a table's hint.

>>> from cardlab.hands import Category
>>> round(float(improve_probability("Jh Js 8c 4d 2s", "8c 4d 2s")), 3)
0.287
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from cardlab.cards import Card, parse_cards
from cardlab.hands import CATEGORIES, Category, HandRules, evaluate
from cardlab.odds import (DiscardChoice, Measure, all_choices, as_cards, best_discard, draw_counts, draw_odds,
                          improve_probability, score_of)

__all__ = [
    "draw_counts",
    "draw_odds",
    "improve_probability",
    "DiscardChoice",
    "Measure",
    "best_discard",
    "discard_table",
    "improvement_table",
    "describe_draws",
    "best_discard_table",
    "HOLDINGS",
    "DILEMMAS",
]

_DEFAULT_RULES = HandRules()


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
    hand = as_cards(hand)
    now = evaluate(hand, rules).category
    improve, expected = score_of("improve", now, rules), score_of("expected", now, rules)
    rows = []
    for choice in all_choices(hand, rules, "expected", dead):
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
    table = discard_table(hand, rules, dead=getattr(observation, "own_discards", ()))
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
