"""Kontrabluff analysis: the tables keep the rules' figures (KB-5, KB-6) and their own bookkeeping."""

import math

import pytest

from cardlab.analysis import kontrabluff as kb
from cardlab.cards import parse_cards
from cardlab.games.kontrabluff import triangle


@pytest.mark.parametrize(
    ("cards", "label"),
    [
        ("7h 5s 4d 3c 2s Kd Kh Qs Jc 9d", "7 high"),  # HR-6: the best low hand with 52 cards
        ("8h 6s 4d 3c 2s Kd Kh Ks Kc 8d", "8 high"),
        ("6h 5h 4h 3h 2h Ad Ac As Ah Kd", "K high"),  # a straight flush counts against you: K-5-4-3-2, suits mixed
        ("Ah Ad As Ac Kh Kd Ks Kc Qh Qd", "no low"),  # every five hold a pair
    ],
)
def test_low_hand_labels_follow_hr6(cards, label):
    assert kb.low_hand(parse_cards(cards)) == label


def test_row_strength_reads_partial_rows_by_hr7():
    assert kb.row_strength(()) == "empty"
    assert kb.row_strength(parse_cards("Jh Js 4d 4c")) == "two pair"
    assert kb.row_strength(parse_cards("Ah Kd")) == "no pair"
    assert set(map(kb.row_strength, [parse_cards("9h 9s 9d"), parse_cards("2h")])) <= set(kb.ROW_STRENGTHS)


def test_continue_or_pass_reaches_every_count_and_prices_passing_by_kb5():
    rounds = 3
    table = kb.continue_or_pass(rounds=rounds, seed=5, samples=2, executor="serial", progress=False)
    # Every round is played to full rows: one decision at each of 1..9 cards on the table.
    assert table.groupby("on_table")["decisions"].sum().to_dict() == {n: rounds for n in range(1, 10)}
    assert (table["pass"] == [-triangle(n) for n in table["on_table"]]).all()
    sure = table["decisions"] > 1
    above = table["continue_low"] > table["pass"]
    assert (table.loc[sure & above, "verdict"] == "continue").all()


def test_low_or_normal_counts_every_deal_once():
    table = kb.low_or_normal(deals=8, seed=2, samples=2, executor="serial", progress=False)
    assert int(table["deals"].sum()) == 8
    assert set(table["verdict"]) <= {"low", "normal", "either"}
    assert list(table["low_hand"].astype(str)) == [h for h in kb.LOW_HANDS if h in set(table["low_hand"].astype(str))]


def test_seen_low_rounds_against_the_rule_bot():
    table = kb.low_round_outcomes(rounds=400, seed=4, executor="serial", progress=False).set_index("low_hand")
    assert table.loc["all", "rounds"] == 400 == table.drop(index="all")["rounds"].sum()
    assert table.loc["all", "seen_count"] == table.drop(index="all")["seen_count"].sum()
    # The rule bot sees only with a nine-high low or better (KB-6 is won by the lower hand),
    # so a leader with a jack-high low or worse never wins a seen round against it.
    for hand in ("J high", "Q high", "K high"):
        if hand in table.index and table.loc[hand, "seen_count"]:
            assert table.loc[hand, "leader_wins_when_seen"] == 0
    # A seen low round pays 55 and a passed one 15 (KB-6): net points per round stay within.
    assert table["leader_points"].between(-55, 55).all()
    assert not math.isnan(table.loc["all", "leader_wins_when_seen"])


def test_bot_tournament_is_a_round_robin():
    from cardlab.bots import RandomBot, RuleBot

    table = kb.bot_tournament(matches=2, target=30, bots={"random": RandomBot, "rule": RuleBot}, seed=1,
                              executor="serial", progress=False)
    pairs = table.set_index(["bot", "opponent"])
    assert pairs.loc[("random", "rule"), "win_rate"] + pairs.loc[("rule", "random"), "win_rate"] == 1
