"""Five-card draw, Polish rules (DP-1 .. DP-10): stacked-deck scenarios for every rule,
the generic random playout over 2-8 players and every deck, the protocol, the bots,
and the exact draw odds against brute force and the textbook figures."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from .playout import (assert_cards_conserved, assert_illegal_leaves_state, assert_no_leak, assert_view_and_check_agree,
                      random_playout)

from cardlab.analysis.draw_odds import best_discard, draw_counts, draw_odds, improvement_table
from cardlab.analysis.draw_poker import bot_results, hand_outcomes, winning_categories
from cardlab.bots import RandomBot, RuleBot, SearchBot
from cardlab.bots.draw_poker import RuleOfThumb, discard_candidates, textbook_discard
from cardlab.cards import DECK_SIZES, Card, deck, parse_cards
from cardlab.engine import Action, IllegalActionError, SettingsError, cards_in
from cardlab.games.draw_poker import KINDS, BetActions, DrawPoker, DrawPokerObservation, Phase
from cardlab.hands import CATEGORIES, Category, HandRules, evaluate
from cardlab.records import Event, event_kinds
from cardlab.words import TEMPLATES, describe, placeholders

S0, S1, S2, S3 = range(4)
OPEN = lambda amount: Action("open", amount=amount)  # noqa: E731
RAISE = lambda amount: Action("raise", amount=amount)  # noqa: E731
PASS, CALL, SHOW, CONCEDE = Action("pass"), Action("call"), Action("show"), Action("concede")
STAND = Action("draw", ())


def stacked(game: DrawPoker, dealer: int, hands: dict[int, str], stock: str = "") -> tuple[Card, ...]:
    """A deck dealing ``hands`` (one card at a time from the dealer's left, DP-1), then ``stock``."""
    n = game.players
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = {seat: parse_cards(text) for seat, text in hands.items()}
    dealt = [cards[order[i % n]][i // n] for i in range(5 * n)]
    top = dealt + list(parse_cards(stock))
    return tuple(top) + tuple(c for c in game.full_deck if c not in top)


def play(state, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def illegal(state, action: Action, rule: str) -> None:
    with pytest.raises(IllegalActionError) as error:
        state.clone().apply(action)
    assert error.value.rule == rule, error.value
    assert_illegal_leaves_state(state, action)


def rules_in(state) -> list[str]:
    return [event.rule for event in state.history]


# Three players: seat 1 opens and seat 2 are to tie, seat 0 has nothing.
TIE3 = {S0: "2c 3d 4h 7s 9c", S1: "Ah Kc Qd Jh Tc", S2: "As Kd Qh Js Td"}


# -------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    "settings, words",
    [
        (dict(players=8, deck_size=24), "8 players need a deck of at least 45 cards"),
        (dict(players=7, deck_size=36), "at least 40 cards"),
        (dict(players=1), "players must be a whole number 2..8, got 1"),
        (dict(players=9), "players must be a whole number 2..8, got 9"),
        (dict(players=3.0), "players must be a whole number 2..8, got 3.0"),
        (dict(deck_size=32.0), "deck_size must be one of"),
        (dict(max_bet=10**12 + 1), r"max_bet must be a whole number 1..1000000000000, got 1000000000001"),
        (dict(stack=True), "stack must be a whole number"),
        (dict(deck_size=30), "HR-3"),
        (dict(ante=2, max_bet=2), "DP-2"),
        (dict(ante=5, stack=4), "DP-10"),
        (dict(ante=0), "ante"),
        (dict(hands=0), "hands"),
        (dict(ace_low="yes"), "HR-5"),
        (dict(deck_size=52, ace_low=False), "^HR-5: .*short decks only.*HR-1"),
    ],
)
def test_settings_are_checked_at_construction(settings, words):
    with pytest.raises(SettingsError, match=words):
        DrawPoker(**settings)


def test_numpy_settings_are_kept_as_ints_and_the_game_saves():
    game = DrawPoker(players=np.int64(3), deck_size=np.int32(32), ante=np.int64(1), max_bet=np.int16(4),
                     stack=np.int64(20), hands=np.int64(2))
    assert game == DrawPoker(players=3, deck_size=32, ante=1, max_bet=4, stack=20, hands=2)
    assert all(type(value) is int for value in (game.players, game.deck_size, game.ante, game.max_bet, game.stack, game.hands))
    state = game.new_state(seed=np.uint8(3), dealer=np.int64(1))
    assert game.state_from_json(state.to_json()) == state


def test_a_bet_limit_of_a_billion_offers_a_range_not_a_list():
    state = DrawPoker(players=2, max_bet=10**9, stack=10**10).new_state(seed=1, dealer=0)
    legal = state.legal_actions()
    assert isinstance(legal, BetActions) and len(legal) == 1 + 10**9 - 1
    assert Action("open", amount=10**9) in legal and Action("open", amount=10**9 + 1) not in legal
    assert Action("open", amount=1) not in legal and Action("open", amount=2) in legal  # DP-2: more than the ante
    assert legal.kinds() == {"pass", "open"}
    state.apply(Action("open", amount=987_654_321))
    assert state.pot == 2 + 987_654_321


def test_bet_view_lists_samples_and_indexes_like_the_list_it_replaces():
    rng_view, rng_list = np.random.default_rng(5), np.random.default_rng(5)
    for fixed, kind, low, high in [((PASS,), "open", 2, 10), ((PASS, CALL), "raise", 1, 4), ((PASS,), "raise", 1, 0)]:
        view = BetActions(fixed, kind, low, high)
        listed = list(fixed) + [Action(kind, amount=a) for a in range(low, high + 1)]
        assert list(view) == listed and len(view) == len(listed) and [view[i] for i in range(-len(listed), len(listed))] == listed * 2
        assert all(a in view for a in listed) and Action(kind, amount=high + 1) not in view
        assert view.kinds() == {a.kind for a in listed}
        draws = [view.sample(rng_view) for _ in range(200)]
        assert draws == [listed[int(rng_list.random() * len(listed))] for _ in range(200)]  # the same rng calls as before


def test_every_deck_that_fits_the_players_and_the_draw_is_accepted():
    for players in range(2, 9):
        for size in DECK_SIZES:
            if size >= 5 * (players + 1):
                assert DrawPoker(players=players, deck_size=size).rules.order[0] == Category.STRAIGHT_FLUSH
            else:
                with pytest.raises(SettingsError, match="DP-5"):
                    DrawPoker(players=players, deck_size=size)


# -------------------------------------------------------------------- DP-1


def test_dp1_deal_one_at_a_time_from_dealers_left_and_antes():
    game = DrawPoker(players=3, ante=2, stack=20)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3, "5c 6c"))
    assert state.hands[S1] == list(parse_cards(TIE3[S1]))
    assert state.hands[S0] == list(parse_cards(TIE3[S0]))
    assert state.stock[:2] == list(parse_cards("5c 6c")) and len(state.stock) == 52 - 15
    assert state.pot == 6 and state.stacks == [18, 18, 18]
    assert state.current_player == S1 and state.phase == Phase.FIRST_BETTING
    # each deal is private to its seat
    assert any("A♥ K♣ Q♦ J♥ 10♣" in line for line in state.log_for(S1))
    assert not any("A♥ K♣ Q♦ J♥ 10♣" in line for line in state.log_for(S0))


def test_dp1_first_dealer_is_drawn_from_the_seed():
    game = DrawPoker(players=4)
    dealers = {game.new_state(seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert game.new_state(seed=9).dealer == game.new_state(seed=9).dealer


# -------------------------------------------------------------------- DP-2, DP-3


def test_dp2_passing_before_the_opening_leaves_the_hand_and_there_is_no_check():
    game = DrawPoker(players=3, ante=1, max_bet=4, stack=20)
    state = game.new_state(seed=1, dealer=S0)
    illegal(state, CALL, "DP-2")
    illegal(state, RAISE(1), "DP-2")
    illegal(state, OPEN(1), "DP-2")  # must exceed the ante
    illegal(state, OPEN(5), "DP-2")  # at most max_bet
    state.apply(PASS)
    assert state.in_play == [True, False, True] and state.hands[S1] == []
    assert state.pot == 3 and state.stacks == [19, 19, 19]  # he loses his ante


def test_dp3_raise_binds_and_round_ends_when_all_matched():
    game = DrawPoker(players=3, ante=1, max_bet=4, stack=20)
    state = game.new_state(seed=1, dealer=S0)
    play(state, OPEN(2))
    illegal(state, OPEN(3), "DP-3")
    illegal(state, RAISE(0), "DP-3")  # at least the ante
    illegal(state, RAISE(5), "DP-3")  # at most max_bet
    play(state, RAISE(3))  # seat 2: stake 5
    assert state.stake == 5 and state.to_act == [S0, S1]
    play(state, CALL, CALL)  # seat 0 puts 5, seat 1 adds 3
    assert state.phase == Phase.DRAW and state.pot == 3 + 15
    assert state.stacks == [14, 14, 14]


def test_dp3_raise_war_ended_by_a_player_who_cannot_match():
    game = DrawPoker(players=3, ante=1, max_bet=3, stack=10)
    state = game.new_state(seed=2, dealer=S0)
    play(state, OPEN(2), PASS, PASS)  # seat 1 takes 5 (DP-4)
    assert state.stacks == [8, 11, 8] and state.dealer == S1  # antes of hand 2 paid
    play(state, OPEN(3), RAISE(3), RAISE(3))  # seat 2 to 3, seat 0 to 6, seat 1 to 9
    assert state.current_player == S2 and state.stacks == [2, 2, 5]
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    illegal(state, CALL, "DP-3")
    play(state, PASS)
    assert [str(a) for a in state.legal_actions()] == ["pass"]  # seat 0 needs 3, has 2
    play(state, PASS)
    # seat 1 takes 3 + 3 + 6 + 9 = 21, then everyone pays hand 3's ante
    assert "DP-4" in rules_in(state) and state.stacks == [1, 22, 4]


# -------------------------------------------------------------------- DP-4


def test_dp4_everyone_passes_to_the_last_player():
    game = DrawPoker(players=4, ante=1, stack=10, hands=1)
    state = game.new_state(seed=3, dealer=S2)
    play(state, PASS, PASS, PASS)  # seats 3, 0, 1
    assert state.is_terminal and state.stacks == [9, 9, 13, 9] and state.pot == 0
    assert "DP-7" not in rules_in(state) and "shows" not in " ".join(state.log_for(S0))


def test_dp4_last_player_after_the_draw_wins_without_showing():
    game = DrawPoker(players=3, stack=20, hands=1)
    state = game.new_state(seed=3, dealer=S0, deck=stacked(game, S0, TIE3))
    play(state, OPEN(2), CALL, CALL, STAND, STAND, STAND)
    assert state.phase == Phase.SECOND_BETTING and state.current_player == S1
    play(state, OPEN(2), PASS, PASS)
    assert state.is_terminal and state.stacks == [17, 26, 17]
    assert all(shown is None for shown in state.shown)


# -------------------------------------------------------------------- DP-5


def test_dp5_draw_in_order_from_the_dealers_left_from_the_stock():
    game = DrawPoker(players=3, stack=20)
    state = game.new_state(seed=1, dealer=S2, deck=stacked(game, S2, TIE3, "5c 6c 7c 8c"))
    play(state, OPEN(2), CALL, CALL)  # seats 0, 1, 2
    assert state.to_act == [S0, S1, S2]
    illegal(state, Action("draw", "Ah"), "DP-5")  # not his card
    illegal(state, PASS, "DP-5")
    play(state, Action("draw", "2c 3d"), STAND, Action("draw", "Td"))
    assert state.hands[S0] == list(parse_cards("4h 7s 9c 5c 6c"))
    assert state.hands[S2] == list(parse_cards("As Kd Qh Js 7c"))
    assert state.drawn == [2, 0, 1] and state.phase == Phase.SECOND_BETTING
    assert state.current_player == S0  # DP-6: opened left of the dealer
    # discards are face down: seat 1 sees the count, not the cards
    seen = state.observation(S1)
    assert seen.drawn == (2, 0, 1) and not cards_in(seen) & set(parse_cards("2c 3d Td"))
    assert set(state.observation(S0).own_discards) == set(parse_cards("2c 3d"))


def test_dp5_stock_runs_out_and_is_refilled_from_the_other_players_discards():
    game = DrawPoker(players=3, deck_size=20, stack=20)  # a stock of five
    hands = {S0: "Tc Td Th Ts Jc", S1: "Jd Jh Js Qc Qd", S2: "Qh Qs Kc Kd Kh"}
    state = game.new_state(seed=4, dealer=S0, deck=stacked(game, S0, hands))
    stock = list(state.stock)
    play(state, OPEN(2), CALL, CALL)  # seats 1, 2, 0
    play(state, Action("draw", hands[S1]))  # seat 1 takes the whole stock
    assert state.hands[S1] == stock and state.stock == []
    play(state, Action("draw", "Qh Qs Kc"))  # seat 2: the stock is empty
    refills = [event for event in state.history if event.kind == "stock_refilled"]
    assert [(event.rule, event.fields) for event in refills] == [("DP-5", {"cards": 5})]  # seat 1's five discards
    assert set(state.hands[S2]) <= set(parse_cards(hands[S1]) + parse_cards("Kd Kh"))
    assert not set(state.hands[S2]) & set(parse_cards("Qh Qs Kc"))  # never his own discards
    play(state, Action("draw", hands[S0]))  # seat 0: two left, then seat 2's discards
    assert set(state.hands[S0]) == set(parse_cards(hands[S1]) + parse_cards("Qh Qs Kc")) - set(state.hands[S2])
    assert_cards_conserved(state)
    assert state.phase == Phase.SECOND_BETTING


# -------------------------------------------------------------------- DP-6, DP-7


def test_dp6_second_round_passing_before_the_opening_leaves_the_hand():
    game = DrawPoker(players=3, stack=20)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3))
    play(state, OPEN(2), CALL, CALL, STAND, STAND, STAND)
    illegal(state, CALL, "DP-2")
    play(state, PASS)
    assert state.in_play == [True, False, True] and state.current_player == S2


def test_dp7_last_raiser_shows_first_then_clockwise_show_or_concede():
    game = DrawPoker(players=3, stack=30, hands=1)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3))
    play(state, OPEN(2), CALL, CALL, STAND, STAND, STAND)
    play(state, OPEN(2), RAISE(1), CALL, CALL)  # seat 2 raised last
    assert state.phase == Phase.SHOWDOWN
    assert state.shown[S2] == parse_cards(TIE3[S2]) and state.to_act == [S0, S1]
    illegal(state, PASS, "DP-7")
    illegal(state, Action("show", "2c"), "DP-7")
    play(state, CONCEDE)  # seat 0 never shows
    assert not cards_in(state.observation(S1)) & set(parse_cards(TIE3[S0]))
    play(state, SHOW)
    assert state.is_terminal


def test_dp7_opener_shows_first_when_nobody_raised():
    game = DrawPoker(players=3, stack=30)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3))
    play(state, OPEN(2), CALL, CALL, STAND, STAND, STAND, PASS, OPEN(2), CALL)  # seat 2 opens round 2
    assert state.shown[S2] is not None and state.to_act == [S0]
    assert state.observation(S0).shown[S2] == parse_cards(TIE3[S2])  # shown cards are public


def test_dp7_rule_bot_shows_only_a_hand_that_can_still_win_or_tie():
    game = DrawPoker(players=3, stack=30)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3))
    play(state, OPEN(2), CALL, CALL, STAND, STAND, STAND, OPEN(2), CALL, CALL)
    assert state.to_act == [S2, S0]
    assert RuleOfThumb(seed=0)(state.observation(S2)) == SHOW  # an equal straight ties
    play(state, SHOW)
    assert RuleOfThumb(seed=0)(state.observation(S0)) == CONCEDE


# -------------------------------------------------------------------- DP-8


def test_dp8_best_hand_wins_by_the_short_deck_hierarchy():
    game = DrawPoker(players=2, deck_size=32, stack=20, hands=1)
    hands = {S0: "7h 9h Jh Kh Ah", S1: "7c 7d 7s 8c 8d"}  # flush beats full house in 32 (HR-4)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, hands))
    play(state, OPEN(2), CALL, STAND, STAND, OPEN(2), CALL, SHOW)
    assert state.stacks == [25, 15]
    game52 = DrawPoker(players=2, deck_size=52, stack=20, hands=1)
    state = game52.new_state(seed=1, dealer=S0, deck=stacked(game52, S0, hands))
    play(state, OPEN(2), CALL, STAND, STAND, OPEN(2), CALL, SHOW)
    assert state.stacks == [15, 25]


def test_dp8_two_way_split_carries_the_odd_chip_and_pays_it_next_hand():
    game = DrawPoker(players=3, ante=1, stack=20)
    state = game.new_state(seed=5, dealer=S0, deck=stacked(game, S0, TIE3))
    play(state, OPEN(2), CALL, PASS, STAND, STAND, OPEN(2), CALL, SHOW)  # pot 3 + 4 + 4 = 11
    assert any("split the pot of 11 chips: 5 chips each; the pot keeps 1 chip for the next hand" in line for line in state.log_for(S0))
    split = next(event for event in state.history if event.kind == "split_carried")
    assert split.rule == "DP-8" and split.is_result and split["winners"] == (S1, S2)
    assert (split["pot"], split["share"], split["carried"]) == (11, 5, 1)
    assert state.round_index == 1 and state.dealer == S1
    assert state.pot == 1 + 3 and state.stacks == [18, 19, 19]  # the carried chip and hand 2's antes
    play(state, PASS, PASS)  # seats 2, 0: seat 1 takes the pot with the carried chip
    assert state.pot == 3 and state.stacks == [17, 22, 18]  # 19 + 4, less hand 3's antes
    assert state.chips() == 60


def test_dp8_three_way_split_carries_remainder():
    game = DrawPoker(players=4, ante=1, stack=20)
    hands = {S0: "2c 3d 4h 7s 9c", S1: "Ah Kc Qd Jh Tc", S2: "As Kd Qh Js Td", S3: "Ac Kh Qs Jc Ts"}
    state = game.new_state(seed=6, dealer=S0, deck=stacked(game, S0, hands))
    play(state, OPEN(2), CALL, CALL, PASS, STAND, STAND, STAND, OPEN(2), CALL, CALL, SHOW, SHOW)
    # pot 4 + 6 + 6 = 16: 5 each to three straights, 1 carried
    assert state.round_index == 1 and state.pot == 1 + 4
    assert state.stacks == [18, 19, 19, 19]
    play(state, PASS, PASS, PASS)  # hand 2, dealer seat 1: seats 2, 3, 0 pass
    assert state.stacks[S1] == 19 + 5 - 1


# -------------------------------------------------------------------- DP-9, DP-10


def test_dp10_deal_moves_left_broke_players_leave_session_ends():
    game = DrawPoker(players=3, ante=2, max_bet=3, stack=5)
    state = game.new_state(seed=7, dealer=S0)
    play(state, OPEN(3), CALL, PASS)  # seats 1 and 2 bet everything; seat 0 keeps 3
    play(state, *(STAND,) * 2)
    play(state, PASS)  # seat 1 cannot open round 2 with no chips: seat 2 takes the pot
    assert state.round_index == 1
    assert state.in_session == [True, False, True]  # seat 1 has 0 < ante (DP-10)
    assert state.dealer == S2  # left of seat 0 is seat 1, who left: seat 2 deals
    assert state.chips() == 15
    while not state.is_terminal:
        state.apply(PASS)
    assert sum(state.in_session) == 1 and state.phase == Phase.OVER
    assert "DP-10" in rules_in(state)[-1:]


def test_dp10_a_remainder_left_at_the_end_of_the_session_is_shared():
    game = DrawPoker(players=4, ante=1, stack=20, hands=1)
    hands = {S0: "2c 3d 4h 7s 9c", S1: "Ah Kc Qd Jh Tc", S2: "As Kd Qh Js Td", S3: "Ac Kh Qs Jc Ts"}
    state = game.new_state(seed=6, dealer=S0, deck=stacked(game, S0, hands))
    play(state, OPEN(2), CALL, CALL, PASS, STAND, STAND, STAND, OPEN(2), CALL, CALL, SHOW, SHOW)
    # pot 16: 5 each to three straights; the 1 chip left (DP-8) goes to West, nearest the dealer's left
    assert state.is_terminal and state.pot == 0
    assert state.stacks == [19, 21, 20, 20] and sum(state.stacks) == 80
    assert state.log_for(S0)[-1] == "DP-10: the 1 chip left in the pot is shared: West 1, North 0, East 0, South 0"
    split, shared = [event for event in state.history if event.kind in ("split_carried", "left_over_shared")]
    assert split["winners"] == (S1, S2, S3) and describe(split, 4).startswith("West, North, East tie with straight")
    assert shared.fields == {"pot": 1, "seats": (S1, S2, S3, S0), "shares": (1, 0, 0, 0)}


def test_dp10_session_length_in_hands():
    game = DrawPoker(players=2, hands=3, stack=50)
    state = game.new_state(seed=1, dealer=S0)
    for _ in range(3):
        assert not state.is_terminal
        state.apply(PASS)
    # the first to speak passes each time: the dealer (0, 1, 0) takes the antes
    assert state.is_terminal and state.round_index == 3 and state.returns() == [1.0, -1.0]


def test_dp9_chips_conserved_through_bot_sessions():
    game = DrawPoker(players=5, deck_size=36, stack=30, max_bet=4, hands=8)
    state = game.new_state(seed=11)
    bots = [RuleOfThumb(seed=1), RandomBot(2), RuleOfThumb(seed=3), RandomBot(4), RandomBot(5)]
    while not state.is_terminal:
        seat = state.current_player
        action = bots[seat](state.observation(seat))
        assert action in state.legal_actions()
        state.apply(action)
        assert state.chips() == 150
    assert_cards_conserved(state)


# -------------------------------------------------------------------- protocol


_SETTINGS = st.sampled_from([(p, d) for p in range(2, 9) for d in DECK_SIZES if d >= 5 * (p + 1)])


def _random_illegal(state, rng):
    """An action illegal now: a wrong kind, a bad amount or a card not held."""
    seat = state.current_player
    wrong = {
        Phase.FIRST_BETTING: [STAND, SHOW, OPEN(99), RAISE(99)],
        Phase.SECOND_BETTING: [STAND, CONCEDE, Action("open", amount=state.game.ante)],
        Phase.DRAW: [PASS, CALL, OPEN(2)],
        Phase.SHOWDOWN: [PASS, STAND, RAISE(1)],
    }.get(state.phase)
    if wrong is None:
        return None
    if state.phase == Phase.DRAW:
        outside = [c for c in state.game.full_deck if c not in state.hands[seat]]
        wrong = wrong + [Action("draw", (outside[int(rng.integers(len(outside)))],))]
    return wrong[int(rng.integers(len(wrong)))]


@given(settings=_SETTINGS, seed=st.integers(0, 2**31), ace_low=st.booleans())
def test_random_playout_conserves_chips_and_cards_and_hides_cards(settings, seed, ace_low):
    players, size = settings
    ace_low = ace_low or size == 52  # HR-5 is an option for short decks only (HR-1)
    game = DrawPoker(players=players, deck_size=size, ace_low=ace_low, stack=12, max_bet=3, hands=3)
    final = random_playout(game, seed, illegal=_random_illegal)
    assert final.chips() == 12 * players
    assert final.pot == 0 and sum(final.stacks) == 12 * players  # DP-10: nothing stranded
    assert final.round_index <= 3


def test_illegal_actions_of_every_kind_name_the_rule_and_change_nothing():
    game = DrawPoker(players=3, ante=1, max_bet=4, stack=20, hands=1)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3))
    # a kind from another phase is judged by the rule of this one; a malformed action is EN-3
    for action, rule in ((Action("check"), "DP-2"), (Action("open"), "DP-2"), (Action("pass", amount=1), "EN-3"),
                         (Action("open", "Ah", amount=2), "EN-3"), (STAND, "DP-2"), (SHOW, "DP-2"), (Action("bet"), "EN-3")):
        illegal(state, action, rule)
    with pytest.raises(IllegalActionError, match="^EN-1: it is West's turn, not East's"):
        state.check(PASS, S2)
    play(state, OPEN(2))
    for action, rule in ((Action("call", amount=2), "EN-3"), (Action("raise"), "DP-3"), (Action("open", amount=2), "DP-3"),
                         (Action("fold"), "EN-3")):
        illegal(state, action, rule)
    play(state, CALL, CALL)
    hand = state.hands[S1]
    for action, rule in ((Action("draw", [hand[0], hand[0]]), "DP-5"), (Action("draw", "2c"), "DP-5"),
                         (Action("draw", amount=1), "EN-3"), (CALL, "DP-5")):
        illegal(state, action, rule)
    with pytest.raises(IllegalActionError, match=f"^DP-5: a card is named twice \\({hand[0]}\\)"):
        state.check(Action("draw", [hand[0], hand[0]]))
    play(state, STAND, STAND, STAND, OPEN(2), CALL, CALL)
    for action, rule in ((Action("show", amount=1), "DP-7"), (Action("concede", "Ah"), "DP-7"), (PASS, "DP-7")):
        illegal(state, action, rule)
    play(state, SHOW, SHOW)
    assert state.is_terminal
    illegal(state, PASS, "EN-2")
    assert_illegal_leaves_state(state, PASS)  # the engine refuses it first (EN-2)
    with pytest.raises(IllegalActionError, match="^EN-2: the session is over"):
        state.check(PASS)
    with pytest.raises(IllegalActionError, match="^EN-3"):
        state.clone().apply("pass")


def _candidates(state, seat: int, rng: np.random.Generator) -> set[Action]:
    """Every listed legal action of every seat, and a few hundred plausible ones built from
    ``seat``'s hand (or folded cards), a card it does not hold and every kind of action."""
    game = state.game
    found = {action for other in range(game.players) for action in state.legal_actions(other)}
    mine = tuple(state.hands[seat]) or state.folded[seat]
    outside = [card for card in game.full_deck if card not in mine]
    stranger = outside[int(rng.integers(len(outside)))]
    cards = {(), mine, mine[:1], mine[1:3], mine[:1] * 2, (stranger,), mine[:2] + (stranger,)}
    room = state.stacks[seat] - (state.stake - state.put[seat])  # the largest raise the stack pays
    amounts = {None, 0, game.ante, game.ante + 1, game.max_bet + 1, room, room + 1}
    for kind in (*KINDS, "check", "fold", "bet"):
        found |= {Action(kind, chosen, amount=amount) for chosen in cards for amount in amounts}
    return found


_RULE_IDS = re.compile(r"DP-([1-9]|10)|EN-[1-6]")


@pytest.mark.parametrize("players", [2, 8])
def test_the_view_and_the_check_agree_on_every_action_of_every_seat(players):
    """One source of legality: ``action in legal_actions(seat)`` exactly when
    ``can_apply(action, seat)``, over seeded random play, in every position (a short stack
    makes the no-all-in refusals come up); every refusal names a DP rule or an EN one."""
    game = DrawPoker(players=players, ante=1, max_bet=4, stack=8, hands=3)
    rng = np.random.default_rng(players)
    positions = 0
    for seed in range(8 if players == 2 else 2):
        state = game.new_state(seed=seed)
        while True:
            for seat in range(players):
                assert_view_and_check_agree(state, seat, _candidates(state, seat, rng),
                                            lambda error: _RULE_IDS.fullmatch(error.rule))
            positions += 1
            if state.is_terminal:
                break
            state.apply(state.legal_actions().sample(rng))
    assert positions > 50


def test_json_round_trip_mid_game_and_replay():
    game = DrawPoker(players=4, deck_size=44, stack=30, max_bet=4)
    state = game.new_state(seed=21)
    rng = np.random.default_rng(0)
    for _ in range(25):
        if state.is_terminal:
            break
        state.apply(state.legal_actions().sample(rng))
    loaded = game.state_from_json(state.to_json())
    assert loaded == state
    assert loaded.observation(1) == state.observation(1)
    *_, last = state.replay()
    assert last == state


def test_clone_is_independent():
    state = DrawPoker(players=3).new_state(seed=2)
    copy = state.clone()
    copy.apply(PASS)
    assert state.to_act != copy.to_act and state.in_play != copy.in_play and state.history != copy.history


def test_dp2_a_seats_own_folded_cards_are_not_hidden_from_it():
    game = DrawPoker(players=3, stack=20)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3))
    play(state, PASS)  # West passes before the opening: he leaves the hand (DP-2)
    folded = set(parse_cards(TIE3[S1]))
    assert not folded & state.hidden_from(S1)  # he knows his own cards in the muck
    assert folded <= state.hidden_from(S0) and folded <= state.hidden_from(S2)
    assert set(state.observation(S1).own_folded) == folded and state.observation(S0).own_folded == ()
    assert not folded & cards_in(state.observation(S0))
    sample = game.sample_state(state.observation(S1), np.random.default_rng(0))
    assert folded <= set(sample.muck) and not folded & set(sample.stock)
    assert_cards_conserved(sample)
    assert_no_leak(state)


def test_observation_fields_and_hidden_cards():
    game = DrawPoker(players=3, stack=20)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3))
    obs = state.observation(S0)
    assert isinstance(obs, DrawPokerObservation)
    assert obs.hand == parse_cards(TIE3[S0]) and obs.points == (19, 19, 19) and obs.pot == 3
    assert obs.zone("hand", 1).cards == (None,) * 5 and len(obs.legal_actions) == 0
    # the glossary's kinds: each zone a kind and its owner, no words; points are the stacks
    assert [zone.key for zone in obs.zones] == [
        ("hand", 0, None), ("hand", 1, None), ("hand", 2, None),
        ("stock", None, None), ("discard", None, None), ("muck", None, None)]
    assert obs.in_session == obs.in_play == (True, True, True) and obs.yet_to_act == (S1, S2, S0)
    assert obs.own_discards == obs.own_folded == () and not hasattr(obs, "stacks")
    assert state.points == tuple(state.stacks) == obs.points and state.chips() == 60
    assert state.observation(S1).legal_actions == state.legal_actions()
    assert_no_leak(state)


def test_sample_state_is_consistent_with_the_observation():
    game = DrawPoker(players=5, deck_size=36, stack=20, max_bet=3)
    rng = np.random.default_rng(3)
    for seed in range(12):
        state = game.new_state(seed=seed)
        while state.round_index < 1:
            seat = state.current_player
            obs = state.observation(seat)
            sample = game.sample_state(obs, rng)
            assert_cards_conserved(sample)
            again = sample.observation(seat)
            assert again.hand == obs.hand and again.zones == obs.zones and again.legal_actions == obs.legal_actions
            assert sample.chips() == state.chips()
            state.apply(obs.legal_actions.sample(rng))


@pytest.mark.parametrize("bot_class", [RandomBot, RuleOfThumb])
def test_bots_play_only_legal_actions_and_finish(bot_class):
    game = DrawPoker(players=4, deck_size=32, stack=20, max_bet=3, hands=4)
    state = game.new_state(seed=8)
    bots = [bot_class(seed=i) for i in range(4)]
    while not state.is_terminal:
        seat = state.current_player
        action = bots[seat](state.observation(seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.round_index >= 1


def test_search_bot_plays_draw_poker():
    game = DrawPoker(players=3, deck_size=32, stack=15, max_bet=3, hands=2)
    state = game.new_state(seed=4)
    bots = [SearchBot(seed=0, samples=4), RuleBot(seed=1), RandomBot(2)]
    while not state.is_terminal:
        seat = state.current_player
        action = bots[seat](state.observation(seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.round_index == 2


def test_rule_bot_candidates_are_legal_and_include_its_choice():
    game = DrawPoker(players=4, deck_size=36, stack=20, max_bet=4, hands=3)
    state = game.new_state(seed=12)
    bot = RuleOfThumb(seed=0)
    while not state.is_terminal:
        obs = state.observation(state.current_player)
        short = bot.candidates(obs)
        assert short and all(action in obs.legal_actions for action in short)
        state.apply(short[0])


def test_rule_bot_judges_samples_by_the_others_play():
    game = DrawPoker(players=3, stack=20)
    state = game.new_state(seed=1, dealer=S0, deck=stacked(game, S0, TIE3))
    play(state, OPEN(2), CALL, CALL, STAND, STAND)  # seat 1 opened, seats 1 and 2 stood pat
    obs = state.observation(S0)
    bot = RuleOfThumb(seed=0)
    assert bot.plausible(state, obs)  # two straights: they fit
    weak = state.clone()
    weak.hands[S1], weak.hands[S0] = list(parse_cards("2c 3d 4h 7s 9c")), list(parse_cards(TIE3[S1]))
    obs_weak = weak.observation(S0)
    assert not bot.plausible(weak, obs_weak)  # an opener who stood pat with nothing


def test_textbook_discards():
    rules = HandRules()
    assert textbook_discard(parse_cards("Kc Kd Kh 4s 2c"), rules) == parse_cards("4s 2c")
    assert textbook_discard(parse_cards("Kc Kd 4h 4s 2c"), rules) == parse_cards("2c")
    assert textbook_discard(parse_cards("Ah Kh 9h 8h 2c"), rules) == parse_cards("2c")
    assert textbook_discard(parse_cards("8c 9d Th Js 2c"), rules) == parse_cards("2c")
    assert textbook_discard(parse_cards("Ac 9d 7h 4s 2c"), rules) == parse_cards("9d 7h 4s 2c")
    assert textbook_discard(parse_cards("Ac Kc Qc Jc Tc"), rules) == ()
    # four to a straight that holds a pair: keep one card of each rank
    assert parse_cards("Js") in discard_candidates(parse_cards("Jh Js Tc 9d 8s"), rules)


# -------------------------------------------------------------------- draw odds


def test_draw_odds_known_figures_pair_drawing_three():
    counts = draw_counts("Jh Js 8c 4d 2s", "8c 4d 2s")
    assert sum(counts.values()) == 16_215 == math.comb(47, 3)
    assert counts[Category.TWO_PAIR] == 2_592
    assert counts[Category.THREE_OF_A_KIND] == 1_854
    assert counts[Category.FULL_HOUSE] == 165
    assert counts[Category.FOUR_OF_A_KIND] == 45
    improved = 1 - draw_odds("Jh Js 8c 4d 2s", "8c 4d 2s")[Category.ONE_PAIR]
    assert round(float(improved), 3) == 0.287


def test_draw_odds_textbook_draws():
    assert draw_counts("Ah Kh 9h 8h 2c", "2c")[Category.FLUSH] == 9  # 9 of 47
    assert draw_counts("8c 9d Th Js 2c", "2c")[Category.STRAIGHT] == 8
    assert draw_counts("8c 9d Jh Qs 2c", "2c")[Category.STRAIGHT] == 4
    assert draw_counts("Qc Qd 9s 9h 3c", "3c")[Category.FULL_HOUSE] == 4
    # standing pat changes nothing
    assert draw_odds("Qc Qd 9s 9h 3c", ())[Category.TWO_PAIR] == 1


def _brute_force(hand, discard, rules, dead=()):
    hand, discard, dead = parse_cards(hand), parse_cards(discard), parse_cards(dead)
    kept = [c for c in hand if c not in discard]
    unseen = [c for c in deck(rules.deck_size) if c not in hand and c not in dead]
    tally = dict.fromkeys(CATEGORIES, 0)
    for draw in itertools.combinations(unseen, len(discard)):
        tally[evaluate(kept + list(draw), rules).category] += 1
    return tally


@pytest.mark.parametrize("size, ace_low", [(20, True), (24, True), (28, False), (32, True), (36, True)])
def test_draw_counts_equal_brute_force_in_small_decks(size, ace_low):
    rules = HandRules(size, ace_low)
    rng = np.random.default_rng(size)
    cards = deck(size)
    for _ in range(6):
        picked = [cards[i] for i in rng.choice(size, 8, replace=False)]
        hand, dead = picked[:5], picked[5:]
        discard = [c for c in hand if rng.random() < 0.6][:3]
        text = " ".join(c.short for c in hand)
        expected = _brute_force(text, " ".join(c.short for c in discard), rules, " ".join(c.short for c in dead))
        assert draw_counts(text, discard, rules, dead) == {c: expected[c] for c in rules.order}


@pytest.mark.parametrize(
    "size, ace_low, hand, discard",
    [
        (52, True, "Ah Kh 9h 8h 2c", "9h 8h 2c"),
        (52, True, "5c 4d 3h 2s Kc", "Kc 5c 4d 3h"),
        (36, False, "Ah 6h 7h 8d Qs", "Qs 8d"),
        (32, True, "Ah 7h 8h 9d Qs", "Ah 7h 8h 9d Qs"),
    ],
)
def test_draw_counts_equal_every_draw_evaluated_by_cardlab_fast(size, ace_low, hand, discard):
    fast = pytest.importorskip("cardlab.fast")
    rules = HandRules(size, ace_low)
    kept = [c.code for c in parse_cards(hand) if c not in parse_cards(discard)]
    unseen = np.array([c.code for c in deck(size) if c not in parse_cards(hand)], dtype=np.uint8)
    draws = np.array(list(itertools.combinations(range(len(unseen)), len(parse_cards(discard)))), dtype=np.int64)
    codes = np.concatenate([np.tile(np.array(kept, dtype=np.uint8), (len(draws), 1)), unseen[draws]], axis=1)
    found = np.bincount(fast.category_of_keys(fast.evaluate_batch(codes, rules), rules), minlength=9)
    assert draw_counts(hand, discard, rules) == {c: int(found[CATEGORIES.index(c)]) for c in rules.order}


def test_best_discard_is_the_best_of_all_32_by_brute_force():
    rules = HandRules(24)
    hand = "9h Th Jh Qc Qd"
    now = evaluate(parse_cards(hand), rules).category
    scores = {}
    for size in range(4):
        for discard in itertools.combinations(hand.split(), size):
            tally = _brute_force(hand, " ".join(discard), rules)
            total = sum(tally.values())
            scores[frozenset(discard)] = Fraction(sum(n for c, n in tally.items() if rules.strength(c) > rules.strength(now)), total)
    choice = best_discard(hand, rules, measure="improve")
    best_small = max(scores.values())
    assert choice.score >= best_small
    if len(choice.discard) <= 3:
        assert scores[frozenset(c.short for c in choice.discard)] == choice.score


def test_short_deck_changes_the_best_discard():
    hand = "8h 9h Th Jc Kh"  # open-ended straight draw and four hearts
    assert best_discard(hand, HandRules(52)).discard == parse_cards("Jc")
    assert best_discard(hand, HandRules(32)).discard == parse_cards("Kh")


def test_hand_results_and_outcome_tables():
    frame = hand_outcomes(hands=40, players=(5,), deck_sizes=(32,), seed=7)
    assert len(frame) == 40 and set(frame["ended"]) <= {"one left", "showdown"}
    showdowns = frame[frame["ended"] == "showdown"]
    assert showdowns["category"].notna().all() and frame[frame["ended"] == "one left"]["category"].isna().all()
    assert (frame["carried"] < frame["winners"]).all()  # DP-8: the remainder of a split
    table = winning_categories(frame)
    assert table["showdowns"].sum() == len(showdowns)
    results = bot_results(sessions=2, players=3, deck_size=32, hands=4, seed=1)
    assert set(results["bot"]) == {"rule", "random"} and len(results) == 6


def test_improvement_table_rows_and_probabilities():
    table = improvement_table((52, 36, 32))
    assert len(table) == 3 * table["holding"].nunique()
    probabilities = table[[str(c) for c in CATEGORIES]].sum(axis=1)
    assert np.allclose(probabilities, 1.0)
    flush = table.set_index(["holding", "deck_size"]).loc[("four to a flush, drawing one", 52), "hit"]
    assert flush == pytest.approx(9 / 47)


# -------------------------------------------------------------------- the history as records


def test_every_kind_has_one_whole_template_naming_exactly_its_fields():
    kinds = event_kinds("draw_poker")
    assert {kind.name for kind in kinds} == set(TEMPLATES["draw_poker"])
    for kind in kinds:
        assert placeholders(TEMPLATES["draw_poker"][kind.name]) == set(kind.field_names), kind.name
    results = {kind.name for kind in kinds if kind.result}
    assert results == {"one_left", "won", "split", "split_carried", "session_ends_one_left",
                       "session_ends_hands_played", "left_over_shared"}


def test_a_session_records_typed_events_that_round_trip_and_read_as_the_log():
    game = DrawPoker(players=4, deck_size=28, ante=1, max_bet=3, stack=8)
    state = game.new_state(seed=11)
    rng = np.random.default_rng(11)
    while not state.is_terminal:
        state.apply(state.legal_actions().sample(rng))
    history = list(state.history)
    assert [Event.from_json(event.to_json()) for event in history] == history
    assert [line for line in state.log_for(S0)] == [
        f"{event.rule}: {describe(event, 4)}" for event in history if event.visible(S0)]
    first = history[:2 + 4]
    assert [event.kind for event in first] == ["new_hand", "ante", "dealt", "dealt", "dealt", "dealt"]
    assert first[2].visible_to == {first[2]["seat"]} and first[2].player == first[2]["seat"]
    assert all(len(event["cards"]) == 5 for event in first[2:])
