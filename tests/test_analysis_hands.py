"""Exact hand odds (HR-3 .. HR-5) against textbook figures and the rule pages."""

import math
from fractions import Fraction

import pytest

from cardlab.analysis import hands as odds
from cardlab.cards import DECK_SIZES
from cardlab.hands import CATEGORIES, hierarchy

from .test_fast import TEXTBOOK_52


def test_odds_table_is_tidy_and_complete():
    table = odds.category_odds()
    assert len(table) == len(DECK_SIZES) * 2 * len(CATEGORIES)
    assert not table.duplicated(["deck_size", "ace_low", "category"]).any()
    totals = table.groupby(["deck_size", "ace_low"])["count"].sum()
    for (size, _), total in totals.items():
        assert total == math.comb(size, 5)
    assert table.groupby(["deck_size", "ace_low"])["probability"].sum().sub(1).abs().max() < 1e-12
    assert set(table["hr5"]) == {odds.hr5_label(True), odds.hr5_label(False)}


def test_52_card_counts_are_the_textbook_ones():
    # Standard figures for the 2,598,960 five-card hands of a 52-card deck.
    table = odds.category_odds(52, ace_low=True).set_index("category")["count"]
    assert table.to_dict() == TEXTBOOK_52


def test_hr5_is_a_short_deck_option_52_cards_always_count_the_wheel():
    # HR-1, HR-5: the "HR-5 off" rows of 52 cards are the textbook counts, A-2-3-4-5 included.
    off = odds.category_odds(52, ace_low=False).set_index("category")
    assert off["count"].to_dict() == TEXTBOOK_52 and not off["ace_low"].any()
    assert [round(off.loc[c, "probability"], 5) for c in ("straight flush", "straight", "high card")] == [0.00002, 0.00392, 0.50118]
    assert odds.exact_probability("straight", 52, ace_low=False) == Fraction(10200, math.comb(52, 5))


def test_exact_probability_is_a_fraction():
    assert odds.exact_probability("straight flush") == Fraction(40, 2598960)
    assert odds.exact_probability("full house", 52) == Fraction(6, 4165)


def test_hr5_only_changes_straights_flushes_and_high_card():
    on = odds.category_odds(32, ace_low=True).set_index("category")["count"]
    off = odds.category_odds(32, ace_low=False).set_index("category")["count"]
    changed = {str(c) for c in on.index if on[c] != off[c]}
    assert changed == {"straight flush", "straight", "flush", "high card"}
    # 32 cards: four straight sequences 7-J .. 10-A, plus A-7-8-9-10 with HR-5 (rule page HR-5).
    assert on["straight flush"] * 4 == off["straight flush"] * 5


def test_hr4_top_five_is_the_rarity_order_for_its_table_columns():
    # HR-4: "the order follows how rare each category is" (52, 48, 44, 40, 36, 32 columns).
    table = odds.hierarchy_agreement(deck_sizes=(52, 48, 44, 40, 36, 32))
    assert table["top_five_agree"].all()


def test_ranks_in_odds_table_follow_hierarchy():
    table = odds.category_odds(36, ace_low=True)
    by_rank = table.sort_values("hr4_rank")["category"].astype(str).tolist()
    assert by_rank == [str(c) for c in hierarchy(36)]
    assert sorted(table["rarity_rank"]) == list(range(1, 10))


def test_high_card_rarer_than_pair_from_44_cards_down():
    # HR-4 note: "below 44 cards high card is rarer than one pair"; exact counts: from 44 on.
    table = odds.high_card_vs_pair(ace_low=(True, False))
    rarer = table.groupby("deck_size")["high_card_rarer"].all()
    assert not rarer[52] and not rarer[48]
    assert all(rarer[size] for size in DECK_SIZES if size <= 44)


def test_twenty_cards_have_no_flush_and_no_high_card():
    table = odds.category_odds(20, ace_low=True).set_index("category")
    assert table.loc["flush", "count"] == table.loc["high card", "count"] == 0
    assert math.isinf(table.loc["flush", "one_in"])


@pytest.mark.parametrize("size", [52, 36])
def test_hierarchy_vs_rarity_lists_each_category_once_per_deck(size):
    table = odds.hierarchy_vs_rarity(size, ace_low=(True, False))
    for _, group in table.groupby("ace_low"):
        assert sorted(group["hr4"]) == sorted(group["rarity"]) == sorted(str(c) for c in CATEGORIES)
        assert group["position"].tolist() == list(range(1, 10))
