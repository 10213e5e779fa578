"""Parallel poker (PP-1 .. PP-5): scenarios from the rule page, the protocol, the strategies."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from .playout import assert_cards_conserved, assert_illegal_leaves_state, assert_view_and_check_agree, random_playout

from cardlab.bots import parallel_poker as bots
from cardlab.analysis.parallel_poker import best_response
from cardlab.cards import Card, deck, parse_cards
from cardlab.engine import Action, ActionList, IllegalActionError, SettingsError
from cardlab.games import GAMES
from cardlab.games.parallel_poker import (
    ARRANGEMENTS,
    ParallelPoker,
    arrange,
    hand_rules,
    packet_keys,
    showdown,
)
from cardlab.hands import evaluate
from cardlab.words import describe, hand_text

SOUTH, NORTH = 0, 1

# The worked example of the rule page: A is South, B is North.
EXAMPLE_LAID_OUT = "8h 7h 9d Ts 7s Qc Jc"
EXAMPLE_A = "9s 9c 8s 8c 7c | Ks Kd Kc Js Tc | Qd Jd Td 8d 7d | As Ah Ad Ac Qs | Kh Qh Jh Th 9h"
EXAMPLE_B = "As Ah Ac 8d 8c | Ks Qs Js 9s 8s | Kh Qh Jh Th 9h | Ad Kd Qd Jd Td | 7d 7c Kc Tc 9c"


def stacked(laid_out: str) -> tuple[Card, ...]:
    """A dealer's deck whose first seven cards are ``laid_out`` (PP-1)."""
    first = parse_cards(laid_out)
    return first + tuple(c for c in deck(32) if c not in first)


def new_state(laid_out: str = EXAMPLE_LAID_OUT, **settings):
    return ParallelPoker(**settings).new_state(seed=1, dealer=SOUTH, deck=stacked(laid_out))


def with_last_packet(state, packet: str) -> Action:
    """An arrangement with ``packet`` as packet 5 and the other held cards before it."""
    last = parse_cards(packet)
    return Action("arrange", tuple(c for c in state.held if c not in last) + last)


# -- PP-1 ---------------------------------------------------------------------------
def test_pp1_both_hold_the_same_25_cards_after_the_same_seven_are_removed():
    state = new_state()
    assert state.laid_out == parse_cards(EXAMPLE_LAID_OUT)
    assert sorted(state.held) == sorted(set(deck(32)) - set(state.laid_out))
    places = {zone.key: zone.cards for zone in state.zones()}
    assert places["laid_out", SOUTH, None] == places["laid_out", NORTH, None] == state.laid_out
    assert places["hand", SOUTH, None] == places["hand", NORTH, None] == state.held
    south, north = state.observation(SOUTH), state.observation(NORTH)
    assert south.held == north.held == south.hand == north.hand
    assert south.laid_out == north.laid_out == state.laid_out
    assert_cards_conserved(state)


@given(st.integers(0, 2**32))
def test_pp1_removed_seven_are_the_same_for_both_players_in_every_game(seed):
    state = ParallelPoker(games=2).new_state(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(2):
        places = {zone.key: zone.cards for zone in state.zones()}
        assert places["laid_out", SOUTH, None] == places["laid_out", NORTH, None]
        for seat in (SOUTH, NORTH):
            state.apply_for(seat, state.legal_actions(seat).sample(rng))
    assert state.is_terminal


def test_pp1_dealer_is_drawn_from_the_seed():
    game = ParallelPoker()
    dealers = {game.new_state(seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}
    assert all(game.new_state(seed=s).dealer == game.new_state(seed=s).dealer for s in range(5))


# -- PP-2 ---------------------------------------------------------------------------
def illegal_arrangements(state) -> dict[str, Action]:
    held = state.held
    return {
        "24 cards": Action("arrange", held[:24]),
        "26 cards": Action("arrange", held + held[:1]),
        "a card twice": Action("arrange", held[:24] + held[:1]),
        "a laid-out card": Action("arrange", held[:24] + state.laid_out[:1]),
        "wrong kind": Action("lay", held),
        "an amount": Action("arrange", held, amount=3),
    }


@pytest.mark.parametrize("case, rule", [("24 cards", "PP-2"), ("26 cards", "PP-2"), ("a card twice", "PP-2"),
                                        ("a laid-out card", "PP-2"), ("wrong kind", "EN-3"), ("an amount", "EN-3")])
def test_pp2_arrangement_must_use_exactly_the_25_cards(case, rule):
    state = new_state()
    action = illegal_arrangements(state)[case]
    assert action not in state.legal_actions()
    assert_illegal_leaves_state(state, action)
    with pytest.raises(IllegalActionError, match=f"^{rule}: ") as error:
        state.apply_for(NORTH, action)
    assert error.value.rule == rule


def test_pp2_error_names_the_missing_and_extra_cards():
    state = new_state()
    action = Action("arrange", state.held[:24] + state.laid_out[:1])
    with pytest.raises(IllegalActionError, match="missing .*A♠.*not held or repeated 8♥"):
        state.apply(action)


def test_pp2_order_cannot_change_once_laid():
    state = new_state()
    state.apply_for(NORTH, arrange(EXAMPLE_B))
    before = state.clone()
    with pytest.raises(IllegalActionError, match="^PP-2: North has already laid"):
        state.apply_for(NORTH, arrange(EXAMPLE_A))
    assert state == before
    assert state.current_player == SOUTH  # the lowest seat yet to choose
    assert state.observation(NORTH).legal_actions == ActionList(())


def test_pp2_any_order_within_a_packet_is_the_same_arrangement():
    state = new_state()
    packets = [parse_cards(p) for p in EXAMPLE_A.split("|")]
    shuffled = Action("arrange", tuple(c for p in packets for c in reversed(p)))
    assert shuffled in state.legal_actions()
    state.apply_for(SOUTH, shuffled)
    state.apply_for(NORTH, arrange(EXAMPLE_B))
    assert state.scores == [7, 18]


@pytest.mark.parametrize("first", [SOUTH, NORTH])
def test_pp2_observations_never_hold_the_other_arrangement(first):
    """The waiting seat's observation is the same whatever the first seat laid (PP-2)."""
    second = 1 - first
    seen = []
    for text in (EXAMPLE_A, EXAMPLE_B):
        state = new_state()
        state.apply_for(first, arrange(text))
        seen.append(state.observation(second))
    assert seen[0] == seen[1]
    obs = seen[0]
    assert obs.arranged[first] and not obs.arranged[second]
    assert all(zone.cards == (None,) * 5 for zone in obs.zones if zone.owner == first)
    assert obs.legal_actions == state.legal_actions(second)


def test_zones_are_keyed_and_points_are_the_only_totals():
    """Zones are data, never a seat's name (the engine's glossary): the laid out, then
    each seat's packets numbered 1..5; the match's totals are the observation's ``points``."""
    obs = new_state().observation(NORTH)
    assert [zone.key for zone in obs.zones] == [("laid_out", None, None), *(("packet", seat, k) for seat in (NORTH, SOUTH)
                                                                          for k in range(1, 6))]
    assert obs.zone("packet", SOUTH, 3).cards == () and obs.zone("laid_out").cards == obs.laid_out
    assert obs.points == (0, 0) and not hasattr(obs, "scores")


def test_pp2_legal_actions_view_answers_in_without_listing():
    state = new_state()
    view = state.legal_actions()
    assert len(view) == ARRANGEMENTS == 623_360_743_125_120
    assert arrange(EXAMPLE_A) in view and arrange(EXAMPLE_B) in view
    assert Action("arrange", deck(32)[:25]) not in view
    first_three = list(itertools.islice(view, 3))
    assert len(set(first_three)) == 3 and all(a in view for a in first_three)
    assert view.kinds() == {"arrange"}
    rng = np.random.default_rng(0)
    assert all(view.sample(rng) in view for _ in range(20))


# -- PP-3, PP-4, PP-5 ---------------------------------------------------------------
@pytest.mark.parametrize("hierarchy", ["traditional", "32-card"])
def test_pp3_worked_example_b_wins_18_to_7(hierarchy):
    state = new_state(hierarchy=hierarchy)
    state.apply_for(SOUTH, arrange(EXAMPLE_A))
    assert not state.is_terminal
    state.apply_for(NORTH, arrange(EXAMPLE_B))
    expected = [
        (NORTH, 3, "two pair", "full house"),
        (NORTH, 4, "three of a kind", "flush"),
        (NORTH, 5, "flush", "straight flush"),
        (NORTH, 6, "four of a kind", "straight flush"),
        (SOUTH, 7, "straight flush", "one pair"),
    ]
    assert [(s.winner, s.points, s.values[0].category, s.values[1].category) for s in state.showings] == expected
    assert hand_text(state.showings[1].values[0]) == "three of a kind, kings"
    assert state.scores == [7, 18] and state.points == (7, 18)
    assert state.is_terminal and state.winner == NORTH
    assert state.returns() == [-11.0, 11.0]
    log = [e for e in state.history if e.kind == "showing_won"]
    assert [e.rule for e in log] == ["PP-3"] * 5
    assert [(e["packet"], e["winner"], e["points"]) for e in log] == [(1, NORTH, 3), (2, NORTH, 4), (3, NORTH, 5),
                                                                      (4, NORTH, 6), (5, SOUTH, 7)]
    assert log[0]["cards"] == state.showings[0].cards[SOUTH] and log[0]["other_cards"] == state.showings[0].cards[NORTH]
    assert (log[1]["hand"], log[1]["other_hand"]) == state.showings[1].values
    assert "North wins 3 points" in describe(log[0], 2) and "South wins 7 points" in describe(log[4], 2)
    result = state.history[-1]
    assert (result.kind, result.rule, result.fields) == (
        "game_won", "PP-5", {"number": 1, "winner": NORTH, "seat": SOUTH, "points": 7, "other": NORTH, "other_points": 18})
    assert state.log_for(SOUTH)[-1] == "PP-5: game 1: North wins, South 7 to North 18"


def test_pp4_identical_packets_score_nothing():
    state = new_state()
    state.apply_for(SOUTH, arrange(EXAMPLE_A))
    state.apply_for(NORTH, arrange(EXAMPLE_A))
    assert [s.winner for s in state.showings] == [None] * 5
    assert state.is_terminal and state.scores == [0, 0] and state.winner is None  # a draw
    assert [e.kind for e in state.history][-6:] == ["showing_tied"] * 5 + ["game_drawn"]
    assert describe(state.history[-2], 2).endswith(": a tie, no points (PP-4)")
    assert state.log_for(SOUTH)[-1] == "PP-5: game 1: a draw, South 0 to North 0"


# The same 25 cards for these: 9s Ts Jc Jd Jh and every 7, 8, Q, K, A.
TIE_LAID_OUT = "9c 9d 9h Tc Td Th Js"
TIE_BREAKS = [
    ("pair of a full house", "Kc Kd Kh 8c 8d", "Kc Kd Kh 7c 7d"),
    ("four of a kind kicker", "Ac Ad Ah As Kc", "Ac Ad Ah As Qc"),
    ("three of a kind, second kicker", "Qc Qd Qh Ac 8c", "Qc Qd Qh Ac 7c"),
    ("two pair, fifth card", "Kc Kd 8c 8d Ac", "Kc Kd 8c 8d Qc"),
    ("one pair, third kicker", "Ac Ad Kc Qc 8d", "Ac Ad Kc Qc 7d"),
    ("high card, fifth card", "Ac Kd Qc Jc 8d", "Ac Kd Qc Jc 7d"),
    ("flush, fifth card", "Ac Kc Qc Jc 8c", "Ac Kc Qc Jc 7c"),
]


@pytest.mark.parametrize("label, better, worse", TIE_BREAKS, ids=[t[0] for t in TIE_BREAKS])
@pytest.mark.parametrize("hierarchy", ["traditional", "32-card"])
def test_pp3_full_house_pair_and_every_kicker_break_ties_between_the_two_decks(label, better, worse, hierarchy):
    state = new_state(TIE_LAID_OUT, hierarchy=hierarchy)
    state.apply_for(SOUTH, with_last_packet(state, worse))
    state.apply_for(NORTH, with_last_packet(state, better))
    last = state.showings[-1]
    assert last.values[0].category == last.values[1].category
    assert (last.winner, last.points) == (NORTH, 7)


def test_pp4_equal_hands_of_different_suits_tie():
    state = new_state(TIE_LAID_OUT)
    state.apply_for(SOUTH, with_last_packet(state, "Ac Ad Kc Qc 8d"))
    state.apply_for(NORTH, with_last_packet(state, "Ah As Kd Qd 8c"))
    assert (state.showings[-1].winner, state.showings[-1].points) == (None, 0)


def test_pp3_hierarchy_setting_orders_flush_and_four_of_a_kind():
    results = {}
    for hierarchy in ("traditional", "32-card"):
        state = new_state(TIE_LAID_OUT, hierarchy=hierarchy)
        state.apply_for(SOUTH, with_last_packet(state, "Ac Ad Ah As Kc"))
        state.apply_for(NORTH, with_last_packet(state, "Kh Qh Jh 8h 7h"))
        results[hierarchy] = state.showings[-1].winner
    assert results == {"traditional": SOUTH, "32-card": NORTH}  # HR-1 vs HR-4


@pytest.mark.parametrize("ace_low, winner", [(True, SOUTH), (False, NORTH)])
def test_hr5_ace_low_straight_is_a_setting(ace_low, winner):
    state = new_state("9c 9d Tc Td Jc Jd Js", ace_low=ace_low)
    state.apply_for(SOUTH, with_last_packet(state, "As 7c 8d 9h Ts"))
    state.apply_for(NORTH, with_last_packet(state, "Kc Kd Qc Jh 8c"))
    assert state.showings[-1].winner == winner


def test_pp4_showing_k_scores_k_plus_2_for_25_in_all():
    state = new_state(TIE_LAID_OUT)
    state.apply_for(SOUTH, arrange("7c 7d 8c 9s Jc | 7h 7s 8d Ts Jd | 8h 8s Jh Qc Kc | Qd Qh Kd Ac Ad | Qs Ks Kh Ah As"))
    state.apply_for(NORTH, arrange("Ac Ad Ah As 7c | Kc Kd Kh Ks 7d | Qc Qd Qh Qs 7h | 8c 8d 8h 8s 7s | Jc Jd Jh 9s Ts"))
    assert [(s.winner, s.points) for s in state.showings] == [(NORTH, k + 2) for k in range(1, 6)]
    assert state.scores == [0, 25]


def test_pp5_a_match_alternates_the_dealer_and_adds_up_points():
    game = ParallelPoker(games=3)
    state = game.new_state(seed=5, dealer=NORTH)
    dealers, totals = [], [0, 0]
    strategies = [bots.StrongestLast(), bots.StrongestFirst()]
    while not state.is_terminal:
        dealers.append(state.dealer)
        first_round = state.round_index
        for seat in (SOUTH, NORTH):
            state.apply_for(seat, strategies[seat](state.observation(seat)))
        game_showings = [s for s in state.showings if s.game == first_round + 1]
        for s in game_showings:
            if s.winner is not None:
                totals[s.winner] += s.points
        assert state.round_index == first_round + 1
    assert dealers == [NORTH, SOUTH, NORTH]
    assert state.scores == totals and len(state.showings) == 15
    assert state.log_for(SOUTH)[-1].startswith("PP-5: match of 3 games")
    end = state.history[-1]
    assert end.kind == "match_won" and end["games"] == 3 and end["winner"] == state.winner
    assert (end["points"], end["other_points"]) == tuple(state.scores)
    assert [e["number"] for e in state.history if e.kind == "laid_out"] == [1, 2, 3]
    assert [e["dealer"] for e in state.history if e.kind == "laid_out"] == dealers


def test_pp5_a_drawn_match_says_so():
    state = ParallelPoker(games=2).new_state(seed=3, dealer=SOUTH)
    while not state.is_terminal:
        for seat in (SOUTH, NORTH):
            state.apply_for(seat, Action("arrange", state.held))  # the same packets: every showing ties
    kinds = [e.kind for e in state.history]
    assert kinds.count("showing_tied") == 10 and kinds.count("game_drawn") == 2 and kinds[-1] == "match_drawn"
    assert state.history[-1].fields == {"games": 2, "seat": SOUTH, "points": 0, "other": NORTH, "other_points": 0}
    assert state.log_for(NORTH)[-1] == "PP-5: match of 2 games: a draw, South 0 to North 0"
    assert state.log_for(SOUTH)[1] == "PP-2: South lays their five packets face down"
    assert state.history[1].action is None  # PP-2: the packets are face down, the record does not hold them


@pytest.mark.parametrize(
    "settings, words",
    [
        ({"hierarchy": "52-card"}, "hierarchy"),
        ({"ace_low": "yes"}, "ace_low"),
        ({"games": 0}, "games"),
        ({"games": True}, "games"),
        ({"games": 1.5}, "games"),
    ],
)
def test_settings_are_checked(settings, words):
    with pytest.raises(SettingsError, match=words):
        ParallelPoker(**settings)


def test_stacked_deck_is_the_dealers_32_cards():
    with pytest.raises(ValueError, match="PP-1"):
        ParallelPoker().new_state(seed=1, deck=deck(32)[:31])


# -- fast evaluation ----------------------------------------------------------------
@pytest.mark.parametrize("hierarchy, ace_low", list(itertools.product(["traditional", "32-card"], [True, False])))
def test_packet_keys_equal_the_reference_evaluator(hierarchy, ace_low):
    rng = np.random.default_rng(7)
    cards = deck(32)
    hands = [tuple(cards[i] for i in rng.choice(32, 5, replace=False)) for _ in range(400)]
    hands += [parse_cards(h) for h in ("As 7c 8d 9h Ts", "Ah Kh Qh Jh Th", "7s 8s 9s Ts As", "Kc Kd Kh 8c 8d")]
    codes = np.array([[c.code for c in hand] for hand in hands])
    rules = hand_rules(hierarchy, ace_low)
    keys = packet_keys(codes, rules)
    assert keys.tolist() == [evaluate(hand, rules).key for hand in hands]


def test_showdown_scores_the_worked_example():
    a, b = arrange(EXAMPLE_A).cards, arrange(EXAMPLE_B).cards
    assert showdown(a, b) == (7, 18) and showdown(b, a) == (18, 7) and showdown(a, a) == (0, 0)


# -- protocol -----------------------------------------------------------------------
def some_illegal(state, rng):
    if state.is_terminal:
        return Action("arrange", deck(32)[:25])
    cases = list(illegal_arrangements(state).values())
    return cases[int(rng.integers(len(cases)))]


def scores_only_grow(before, after):
    assert all(a >= b for a, b in zip(after.scores, before.scores))
    assert after.round_index >= before.round_index


@given(
    seed=st.integers(0, 2**32),
    hierarchy=st.sampled_from(["traditional", "32-card"]),
    ace_low=st.booleans(),
    games=st.integers(1, 3),
)
def test_random_playout(seed, hierarchy, ace_low, games):
    game = ParallelPoker(hierarchy=hierarchy, ace_low=ace_low, games=games)
    state = random_playout(game, seed, illegal=some_illegal, extra_check=scores_only_grow)
    assert state.is_terminal and state.round_index == games
    assert len(state.showings) == 5 * games
    assert sum(state.scores) == sum(s.points for s in state.showings) <= 25 * games
    assert state.returns()[0] == -state.returns()[1]


def test_json_round_trip_mid_game():
    game = ParallelPoker(games=2)
    state = game.new_state(seed=11)
    rng = np.random.default_rng(11)
    for seat in (SOUTH, NORTH, NORTH):  # game 1, then North lays his packets in game 2
        state.apply_for(seat, state.legal_actions(seat).sample(rng))
        loaded = game.state_from_json(state.to_json())
        assert loaded == state
        assert loaded.observation(SOUTH) == state.observation(SOUTH)
    stacked = new_state()
    stacked.apply_for(NORTH, arrange(EXAMPLE_B))
    assert ParallelPoker().state_from_json(stacked.to_json()) == stacked


def test_clone_is_independent():
    state = new_state()
    copy = state.clone()
    copy.apply_for(SOUTH, arrange(EXAMPLE_A))
    copy.apply_for(NORTH, arrange(EXAMPLE_B))
    assert state.scores == [0, 0] and not state.showings and state.arrangements == [None, None]
    assert copy.scores == [7, 18]


def test_sample_state_is_consistent_with_the_observation():
    state = new_state()
    state.apply_for(NORTH, arrange(EXAMPLE_B))
    obs = state.observation(SOUTH)
    sample = state.game.sample_state(obs, np.random.default_rng(3))
    mine = sample.observation(SOUTH)
    assert (mine.held, mine.laid_out, mine.points, mine.arranged) == (obs.held, obs.laid_out, obs.points, obs.arranged)
    assert sample.arrangements[NORTH] is not None and sorted(sample.arrangements[NORTH]) == sorted(obs.held)
    assert sample.current_player == SOUTH and sample.round_index == state.round_index
    sample.apply_for(SOUTH, arrange(EXAMPLE_A))
    assert sample.is_terminal and sample.round_index == 1
    assert_cards_conserved(sample)


def candidates(state, seat, rng) -> list[Action]:
    """A generous set of actions to ask about: arrangements drawn from each seat's view
    (legal where that seat may act) and a few hundred plausible illegal ones, built from
    the held and laid-out cards and the kinds of action a player might try."""
    held, out = state.held, state.laid_out
    others = tuple(c for c in deck(32) if c not in held)  # laid-out cards and the dealer's last ones
    strangers = tuple(c for c in deck(52) if c not in deck(32))  # not in a piquet deck at all
    found = [view.sample(rng) for p in (0, 1) for view in [state.legal_actions(p)] if view for _ in range(8)]
    found += [Action("arrange", tuple(held[i] for i in rng.permutation(25))) for _ in range(8)]
    for _ in range(30):
        order = [held[i] for i in rng.permutation(25)]
        i, j = (int(x) for x in rng.integers(25, size=2))
        swapped = list(order)
        swapped[i] = others[int(rng.integers(len(others)))] if others else strangers[0]
        twice = list(order)
        twice[i] = order[j] if i != j else order[(j + 1) % 25]
        found += [
            Action("arrange", tuple(swapped)),
            Action("arrange", tuple(twice)),
            Action("arrange", tuple(order[:-1])),
            Action("arrange", tuple(order + [order[i]])),
            Action("arrange", tuple(order[:24] + [strangers[int(rng.integers(len(strangers)))]])),
            Action("arrange", tuple(order), amount=int(rng.integers(-1, 26))),
        ]
    for kind in ("lay", "pass", "show", "bet", "discard", "fold"):
        found += [Action(kind), Action(kind, held), Action(kind, held[:5]), Action(kind, held, amount=3)]
    found += [Action("arrange"), Action("arrange", out), Action("arrange", held[:5]), Action("arrange", held * 2)]
    return found


@pytest.mark.parametrize("games", [1, 3])
@pytest.mark.parametrize("seed", range(4))
def test_the_view_and_check_agree_on_every_action(seed, games):
    """One source of legality (PP-2): for every position and seat, an action is in the
    legal-action view exactly when ``can_apply`` says yes; a refusal names a PP rule or EN-*."""
    rules = {f"PP-{n}" for n in range(1, 6)}
    rng = np.random.default_rng(seed)
    state = ParallelPoker(games=games).new_state(seed=seed)
    positions = legal_seen = 0
    while True:
        positions += 1
        for seat in (None, 0, 1):
            legal, _ = assert_view_and_check_agree(state, seat, candidates(state, 0 if seat is None else seat, rng),
                                                   lambda error: error.rule in rules or error.rule.startswith("EN-"))
            legal_seen += legal
        if state.is_terminal:
            break
        seat = rng.choice([p for p in (0, 1) if state.arrangements[p] is None])  # either may lay first
        state.apply_for(int(seat), state.legal_actions(int(seat)).sample(rng))
    assert positions == 2 * games + 1 and legal_seen > 0


# -- strategies ---------------------------------------------------------------------
STRATEGIES = [
    bots.RandomArrangement(seed=1),
    bots.StrongestFirst(),
    bots.StrongestLast(),
    bots.Balanced(),
    bots.SearchArrangement(seed=2, samples=4, restarts=0),
]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_strategies_return_legal_arrangements_and_finish_games(seed):
    game = ParallelPoker(games=2)
    for south, north in [(STRATEGIES[seed], STRATEGIES[4 - seed]), (STRATEGIES[3], STRATEGIES[4])]:
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            for seat, bot in ((SOUTH, south), (NORTH, north)):
                action = bot(state.observation(seat))
                assert action in state.legal_actions(seat)
                state.apply_for(seat, action)
        assert state.round_index == 2


def test_rule_and_search_bots_are_declared():
    entry = GAMES["parallel_poker"]
    assert entry.rule_bot_class is bots.Balanced and entry.search_bot_class is bots.SearchArrangement


def test_generic_rule_and_search_bots_play_parallel_poker():
    from cardlab.analysis.tournament import play_match
    from cardlab.bots.rule import RuleBot
    from cardlab.bots.search import SearchBot

    game = ParallelPoker(games=2)
    result = play_match(game, [RuleBot(seed=1), SearchBot(seed=2)], seed=8)
    assert result.rounds == 2 and sum(result.points) <= 50
    state = game.new_state(seed=8)
    values = SearchBot(seed=2).action_values(state.observation(SOUTH))
    (action, value), = values.items()
    assert action in state.legal_actions(SOUTH) and 0 <= value <= 25


def test_greedy_strategies_lay_the_same_packets_in_opposite_orders():
    held = new_state().held
    game = ParallelPoker()
    first = bots.StrongestFirst().arrangement(held, game)
    last = bots.StrongestLast().arrangement(held, game)
    packets = lambda cards: [frozenset(cards[i : i + 5]) for i in range(0, 25, 5)]  # noqa: E731
    assert packets(first) == packets(last)[::-1]
    keys = [evaluate(p, game.rules).key for p in packets(first)]
    assert keys == sorted(keys, reverse=True)
    assert keys[0] == evaluate(parse_cards("Ad Kd Qd Jd Td"), game.rules).key  # the royal flush the cards allow


def test_local_search_never_does_worse_than_its_start():
    game = ParallelPoker()
    held = new_state().held
    deal = bots.Deal(held, game)
    population = np.array([deal.positions(bots.StrongestLast().arrangement(held, game))])
    gain = bots.population_gain(deal.keys(population))
    start = np.concatenate(deal.greedy_packets())  # strongest first: loses to strongest last
    start_value, _ = bots._best_orders(gain(deal.keys(start)))
    best, value = bots.local_search(deal, start, gain)
    assert value >= float(start_value)
    assert value == showdown(deal.cards(best), deal.cards(population[0]))[0]


# -- best response ------------------------------------------------------------------
def test_best_response_to_the_worked_example_scores_at_least_b():
    a = arrange(EXAMPLE_A).cards
    response = best_response(a)
    assert sorted(response.arrangement) == sorted(a)
    assert showdown(response.arrangement, a)[0] == response.points >= 18
    assert response.points <= response.upper_bound
    # every packet of A can be beaten on its own: four aces and the king-high straight flush by a royal flush
    assert response.beatable == (True, True, True, True, True)


def test_best_response_bound_excludes_an_unbeatable_packet():
    state = new_state(TIE_LAID_OUT)
    # The only straight flush these 25 cards make is the ace-low one (HR-5): nothing beats it.
    theirs = with_last_packet(state, "As 7s 8s 9s Ts").cards
    response = best_response(theirs)
    assert response.beatable[4] is False
    assert response.points <= response.upper_bound <= 18
    assert showdown(response.arrangement, theirs)[0] == response.points
