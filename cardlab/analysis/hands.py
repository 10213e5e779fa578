"""Exact hand odds for every deck size, and why the short-deck hierarchy changes (HR-3 .. HR-5).

Every number here comes from exact enumeration (:func:`cardlab.hands.category_counts`),
never from sampling, so the tables are the same on every machine.

>>> odds = category_odds()
>>> row = odds.query("deck_size == 52 and ace_low and category == 'four of a kind'").iloc[0]
>>> int(row["count"]), int(row["hands"])
(624, 2598960)
>>> exact_probability("four of a kind", 52)
Fraction(1, 4165)
>>> int(high_card_vs_pair().query("high_card_rarer").deck_size.max())
44
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

import pandas as pd

from cardlab.cards import DECK_SIZES
from cardlab.hands import CATEGORIES, Category, category_counts, hierarchy, rarity_order

__all__ = [
    "hr5_label",
    "counts_wheel",
    "category_odds",
    "exact_probability",
    "hierarchy_vs_rarity",
    "hierarchy_agreement",
    "high_card_vs_pair",
    "commoner_as_deck_shrinks",
    "settings_differ",
]

#: The HR-1 names, best first in the 52-card order: the category axis of every table.
CATEGORY_NAMES: tuple[str, ...] = tuple(str(c) for c in CATEGORIES)


def hr5_label(ace_low: bool) -> str:
    """The HR-5 setting in words, as every table and chart names it.

    >>> hr5_label(True), hr5_label(False)
    ('ace-low straights (HR-5 on)', 'no ace-low straights (HR-5 off)')
    """
    return "ace-low straights (HR-5 on)" if ace_low else "no ace-low straights (HR-5 off)"


def _settings(deck_sizes: int | Iterable[int], ace_low: bool | Iterable[bool]) -> list[tuple[int, bool]]:
    sizes = [deck_sizes] if isinstance(deck_sizes, int) else list(deck_sizes)
    lows = [ace_low] if isinstance(ace_low, bool) else list(ace_low)
    return [(size, low) for low in lows for size in sizes]


def counts_wheel(deck_size: int, ace_low: bool) -> bool:
    """Whether a deck's ace-low straight counts: HR-5 is an option for short decks only.

    With 52 cards HR-1 always counts A-2-3-4-5, so the 52-card rows of the "HR-5 off"
    tables read exactly like "HR-5 on" (the setting does not apply there).

    >>> counts_wheel(52, False), counts_wheel(32, False), counts_wheel(32, True)
    (True, False, True)
    """
    return ace_low or deck_size == 52


def category_odds(deck_sizes: int | Iterable[int] = DECK_SIZES, ace_low: bool | Iterable[bool] = (True, False)) -> pd.DataFrame:
    """Exact count and probability of each category, per deck size and HR-5 setting (tidy).

    One row per (deck_size, ace_low, category). Columns: ``deck_size``, ``ace_low``,
    ``hr5`` (the setting in words), ``category`` (ordered as HR-1), ``count``,
    ``hands`` (C(deck, 5)), ``probability``, ``one_in`` (hands per occurrence; inf for
    an impossible category), ``hr4_rank`` (1 = best under HR-4 for this deck) and
    ``rarity_rank`` (1 = rarest). With 52 cards both settings count A-2-3-4-5 (HR-1;
    HR-5 is for short decks only, see :func:`counts_wheel`).

    >>> odds = category_odds(32, ace_low=True)
    >>> odds.set_index("category").loc["flush", ["count", "hr4_rank", "rarity_rank"]].tolist()
    [204, 2, 2]
    >>> float(odds["probability"].sum())
    1.0
    """
    rows = []
    for size, low in _settings(deck_sizes, ace_low):
        counts = category_counts(size, counts_wheel(size, low))
        hands = math.comb(size, 5)
        hr4 = {str(c): i + 1 for i, c in enumerate(hierarchy(size))}
        rarity = {str(c): i + 1 for i, c in enumerate(rarity_order(size, counts_wheel(size, low)))}
        for name in CATEGORY_NAMES:
            count = counts[name]
            rows.append(
                {
                    "deck_size": size,
                    "ace_low": low,
                    "hr5": hr5_label(low),
                    "category": name,
                    "count": count,
                    "hands": hands,
                    "probability": count / hands,
                    "one_in": hands / count if count else math.inf,
                    "hr4_rank": hr4[name],
                    "rarity_rank": rarity[name],
                }
            )
    frame = pd.DataFrame(rows)
    frame["category"] = pd.Categorical(frame["category"], categories=CATEGORY_NAMES, ordered=True)
    return frame


def exact_probability(category: Category | str, deck_size: int = 52, ace_low: bool = True) -> Fraction:
    """The exact probability of a category in a five-card deal, as a fraction.

    >>> exact_probability("flush", 32)
    Fraction(51, 50344)
    >>> exact_probability("high card", 20)
    Fraction(0, 1)
    """
    count = category_counts(deck_size, counts_wheel(deck_size, ace_low))[str(Category(category))]
    return Fraction(count, math.comb(deck_size, 5))


def hierarchy_vs_rarity(deck_sizes: int | Iterable[int] = DECK_SIZES, ace_low: bool | Iterable[bool] = True) -> pd.DataFrame:
    """The HR-4 order beside the order of exact rarity, position by position (1 = best/rarest).

    Columns: ``deck_size``, ``ace_low``, ``hr5``, ``position``, ``hr4`` (the category HR-4
    puts there), ``rarity`` (the category that is that rare), ``agree``.

    >>> table = hierarchy_vs_rarity(32)
    >>> bool(table.loc[table.position <= 5, "agree"].all())
    True
    >>> table.loc[~table.agree, ["hr4", "rarity"]].values.tolist()
    [['one pair', 'high card'], ['high card', 'one pair']]
    """
    rows = []
    for size, low in _settings(deck_sizes, ace_low):
        for position, (rule, rare) in enumerate(zip(hierarchy(size), rarity_order(size, counts_wheel(size, low))), start=1):
            rows.append(
                {
                    "deck_size": size,
                    "ace_low": low,
                    "hr5": hr5_label(low),
                    "position": position,
                    "hr4": str(rule),
                    "rarity": str(rare),
                    "agree": rule == rare,
                }
            )
    return pd.DataFrame(rows)


def hierarchy_agreement(deck_sizes: int | Iterable[int] = DECK_SIZES, ace_low: bool | Iterable[bool] = (True, False)) -> pd.DataFrame:
    """Per deck and HR-5 setting: does HR-4 follow rarity in the top five, and in all nine?

    ``differs`` names the categories whose place rarity alone would change.

    >>> table = hierarchy_agreement(ace_low=True).set_index("deck_size")
    >>> bool(table.loc[32, "top_five_agree"]), table.loc[32, "differs"]
    (True, 'one pair, high card')
    >>> bool(table.loc[20, "top_five_agree"])
    False
    """
    table = hierarchy_vs_rarity(deck_sizes, ace_low)
    rows = []
    for (size, low), group in table.groupby(["deck_size", "ace_low"], sort=False):
        wrong = group.loc[~group.agree, "hr4"].tolist()
        rows.append(
            {
                "deck_size": size,
                "ace_low": low,
                "hr5": hr5_label(low),
                "top_five_agree": bool(group.loc[group.position <= 5, "agree"].all()),
                "all_agree": not wrong,
                "differs": ", ".join(wrong),
            }
        )
    return pd.DataFrame(rows)


def high_card_vs_pair(deck_sizes: int | Iterable[int] = DECK_SIZES, ace_low: bool = True) -> pd.DataFrame:
    """Counts of high card and one pair per deck: where rarity alone would go further than HR-4.

    HR-4 never promotes high card, yet from 44 cards down it is the rarer of the two.

    >>> table = high_card_vs_pair(ace_low=True).set_index("deck_size")
    >>> table.loc[[48, 44], "high_card_rarer"].tolist()
    [False, True]
    >>> table.loc[44, ["high_card", "one_pair"]].tolist()
    [463080, 506880]
    """
    rows = []
    for size, low in _settings(deck_sizes, ace_low):
        counts = category_counts(size, counts_wheel(size, low))
        high, pair = counts[str(Category.HIGH_CARD)], counts[str(Category.ONE_PAIR)]
        rows.append(
            {
                "deck_size": size,
                "ace_low": low,
                "hr5": hr5_label(low),
                "high_card": high,
                "one_pair": pair,
                "high_card_per_pair": high / pair,
                "high_card_rarer": high < pair,
            }
        )
    return pd.DataFrame(rows)


def commoner_as_deck_shrinks(ace_low: bool = True) -> pd.DataFrame:
    """For each deck from 48 cards down (rows) and each category (columns): is it commoner
    than in the deck four cards bigger? Exact, from :func:`category_odds`.

    >>> steps = commoner_as_deck_shrinks()
    >>> steps.loc[[28, 24], "one pair"].tolist(), bool(steps["flush"].any())
    ([True, False], False)
    """
    odds = category_odds(ace_low=ace_low)
    probability = odds.pivot(index="deck_size", columns="category", values="probability").loc[list(DECK_SIZES)]
    return (probability.diff() > 0).iloc[1:]


def settings_differ() -> pd.DataFrame:
    """Per category and deck: does the HR-5 setting change its exact count? (52: never, HR-1.)

    >>> table = settings_differ()
    >>> table.any(axis=1)[lambda row: row].index.tolist()
    ['straight flush', 'flush', 'straight', 'high card']
    """
    odds = category_odds()
    counts = {low: odds[odds.ace_low == low].pivot(index="category", columns="deck_size", values="count")[list(DECK_SIZES)]
              for low in (True, False)}
    return counts[True] != counts[False]
