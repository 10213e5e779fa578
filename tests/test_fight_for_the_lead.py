"""Fight for the Lead (docs/rules/fight-for-the-lead.md): a scenario test per rule id with
stacked decks, the generic random playout, illegal actions, JSON, sampling and bots."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from .playout import assert_cards_conserved, assert_no_leak, assert_view_and_check_agree, random_playout

from cardlab.bots import RandomBot
from cardlab.bots.fight_for_the_lead import RuleOfThumb
from cardlab.cards import Card, deck, parse_cards
from cardlab.engine import Action, GameState, IllegalActionError, SettingsError, cards_in
from cardlab.games import GAMES
from cardlab.rules import rules_of
from cardlab.games.fight_for_the_lead import (
    RULES,
    FightForTheLead,
    FightForTheLeadObservation,
    FightForTheLeadState,
    Phase,
    fight_winner,
    payout,
    stacked_deck,
)


def act(state, seat: int, kind: str, cards: str = "") -> None:
    state.apply_for(seat, Action(kind, parse_cards(cards)))


def rejects(state, seat: int, action: Action, rule: str) -> IllegalActionError:
    """The action raises naming ``rule`` and leaves the state exactly as it was."""
    before, text = state.clone(), state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_for(seat, action)
    assert caught.value.rule == rule and str(caught.value).startswith(rule)
    assert state == before and state.to_json() == text
    return caught.value


# A four-player game, East (3) dealing so seats are dealt 0, 1, 2, 3 (FL-2).
# Fight cards 2h 5h 9d Jd; the stock turns 5c, 2s (no match), then 3d: J♦ wins (FL-4).
# Replacements Td Kh 6h 3h (FL-5); South exchanges 8d Td for Kc 3s (FL-6).
FOUR_HANDS = ["2h Ac 5d 8d", "5h Qc Jc 4s", "9d 2c 2d As", "Jd 3c 4c 7s"]
FOUR_STOCK = "5c 2s 3d Td Kh 6h 3h Kc 3s"
FOUR = FightForTheLead(players=4, ante=2, stack=50, exchange_fee=1, games=3)


def four_game(game: FightForTheLead = FOUR):
    state = game.new_state(seed=11, dealer=3, deck=stacked_deck(FOUR_HANDS, FOUR_STOCK))
    for seat, card in zip((2, 0, 3, 1), ("9d", "2h", "Jd", "5h")):  # any order: simultaneous
        act(state, seat, "fight", card)
    return state


def play_four_tricks(state) -> None:
    """Tricks 2-1-1-0 for South, West, North, East (FL-7)."""
    act(state, 0, "exchange", "8d Td")
    for seat in (1, 2, 3):
        act(state, seat, "exchange")
    for seat, card in [(3, "3c"), (0, "Ac"), (1, "Qc"), (2, "2c"),   # South wins
                       (0, "Kc"), (1, "Jc"), (2, "2d"), (3, "4c"),   # South wins
                       (0, "3s"), (1, "4s"), (2, "As"), (3, "7s"),   # North wins
                       (2, "6h"), (3, "3h"), (0, "5d"), (1, "Kh")]:  # West wins
        act(state, seat, "play", card)


# -- settings ------------------------------------------------------------------------------
@pytest.mark.parametrize("settings, words", [
    (dict(players=1), "^EN-6: players must be a whole number 2..5, got 1"),
    (dict(players=6), "^EN-6: players must be a whole number 2..5, got 6"),
    (dict(ante=0), "ante must be a whole number of at least 1"),
    (dict(stack=3), "must cover the first ante"),
    (dict(exchange_fee=-1), "exchange_fee must be a whole number of at least 0"),
    (dict(games=0), "games must be a whole number of at least 1"),
    (dict(players=True), "whole number"),
])
def test_settings_checked_at_construction(settings, words):
    with pytest.raises(SettingsError, match=words):
        FightForTheLead(**settings)


def test_exchange_fee_defaults_to_one_ante_and_zero_is_allowed():
    assert FightForTheLead(ante=7).exchange_fee == 7
    assert FightForTheLead(exchange_fee=0).exchange_fee == 0


# -- FL-1 ----------------------------------------------------------------------------------
def test_fl1_every_player_antes_the_first_pot():
    state = FightForTheLead(players=5, ante=3, stack=20).new_state(seed=2)
    assert state.pot == 15 and state.stacks == [17] * 5


def test_fl1_everyone_antes_again_when_the_pot_would_be_empty():
    # Two players, 2-2 tricks: the pot of 8 pays 2 a trick, nothing stays, no loser.
    game = FightForTheLead(players=2, ante=4, stack=100, games=2)
    state = game.new_state(seed=3, dealer=1, deck=stacked_deck(["2h Ac Ad 3s", "3h Kc Kd As"], "4h 5c 6c"))
    act(state, 0, "fight", "2h")
    act(state, 1, "fight", "3h")
    assert state.lead == 1  # 4h turned: hearts, 3h beats 2h
    act(state, 0, "exchange")
    act(state, 1, "exchange")
    for seat, card in [(1, "As"), (0, "3s"), (1, "Kc"), (0, "Ac"), (0, "Ad"), (1, "Kd"), (0, "5c"), (1, "6c")]:
        act(state, seat, "play", card)
    assert state.tricks == [2, 2] and state.pot == 0 and state.losers == []
    act(state, 0, "stay")
    act(state, 1, "stay")
    assert state.pot == 8 and state.stacks == [96, 96] and state.round_index == 1


# -- FL-2 ----------------------------------------------------------------------------------
def test_fl2_deal_one_at_a_time_clockwise_from_the_dealers_left():
    cards = deck(52)
    state = FightForTheLead(players=4).new_state(seed=1, dealer=2, deck=cards)
    assert state.turn_order == (3, 0, 1, 2) and state.in_play == [True] * 4
    for i, seat in enumerate(state.turn_order):
        assert sorted(state.hands[seat]) == sorted(cards[i:16:4])
    assert len(state.stock) == 36 and state.stock[-1] == cards[16]  # the top card next


def test_fl2_first_dealer_is_seeded_and_the_deal_passes_clockwise():
    game = FightForTheLead(players=3, games=3)
    assert {game.new_state(seed=s).dealer for s in range(30)} == {0, 1, 2}
    assert game.new_state(seed=9).dealer == game.new_state(seed=9).dealer
    state = four_game()
    play_four_tricks(state)
    for seat in range(4):
        act(state, seat, "stay")
    assert state.dealer == 0 and state.turn_order == (1, 2, 3, 0)


# -- FL-3 ----------------------------------------------------------------------------------
def test_fl3_fight_cards_are_chosen_at_once_and_never_leak():
    state = FightForTheLead(players=4).new_state(seed=5, dealer=3, deck=stacked_deck(FOUR_HANDS, FOUR_STOCK))
    assert state.current_player == 0
    act(state, 2, "fight", "9d")  # a later seat may choose first
    assert state.current_player == 0 and state.phase is Phase.FIGHT
    for seat in (0, 1, 3):
        obs = state.observation(seat)
        assert Card.parse("9d") not in cards_in(obs)
        assert not any("9♦" in line for line in obs.log)
        assert obs.fight_chosen[2] and obs.zone("fight", 2).cards == (None,)
    own = state.observation(2)
    assert own.fight_cards[2] == Card.parse("9d") and not own.legal_actions
    assert len(state.observation(1).legal_actions) == 4
    rejects(state, 2, Action("fight", "2c"), "FL-3")  # chose already
    rejects(state, 0, Action("fight", "Kh"), "FL-3")  # not his card
    rejects(state, 0, Action("play", "2h"), "FL-3")   # not the time to play


# -- FL-4 ----------------------------------------------------------------------------------
def test_fl4_no_fight_card_matches_the_first_two_turned_cards():
    state = four_game()
    assert state.turned == list(parse_cards("5c 2s 3d"))
    assert state.lead == 3  # diamonds: J♦ beats North's 9♦; the hearts do not count
    obs = state.observation(0)
    assert obs.fight_cards == tuple(parse_cards("2h 5h 9d Jd"))
    assert any("FL-4" in line and "J♦" in line for line in obs.log)


FIVE_HANDS = ["Ah 2h 3h 2c", "Kh 4h 5h 3c", "Qh 6h 7h 4c", "Jh 8h 9h 5c", "Th 6c 7c 8c"]


def test_fl4_stock_runs_out_the_highest_fight_card_wins_and_fl5_cards_go_back():
    game = FightForTheLead(players=5, ante=1, stack=10)
    state = game.new_state(seed=1, dealer=4, deck=stacked_deck(FIVE_HANDS))  # all hearts dealt
    for seat, card in enumerate(("Ah", "Kh", "Qh", "Jh", "Th")):
        act(state, seat, "fight", card)
    assert len(state.turned) == 32 and state.stock == []
    assert state.lead == 0
    assert state.fight_taken_back and set(state.hands[0]) == set(parse_cards("2c Ah 2h 3h"))
    assert_cards_conserved(state)
    assert list(state.legal_actions(0)) == [Action("exchange")]


def test_fl4_ties_go_to_the_seat_nearest_the_dealers_left():
    fights = list(zip([3, 0, 1], parse_cards("Kh Kd 9c")))
    assert fight_winner(fights, parse_cards("2s 3s")) == (3, 2)


# -- FL-5 ----------------------------------------------------------------------------------
def test_fl5_fight_cards_to_the_discard_and_one_new_card_each():
    state = four_game()
    for seat, new in enumerate(parse_cards("Td Kh 6h 3h")):
        assert new in state.hands[seat] and len(state.hands[seat]) == 4
    places = {zone.key: zone.cards for zone in state.zones()}
    assert places["discard", None, None] == tuple(parse_cards("2h 5h 9d Jd"))  # the fight cards' discard, no seat's
    assert state.observation(1).zone("hand", 0).cards == (None,) * 4
    assert_cards_conserved(state)


def test_fl5_the_fight_cards_lie_in_the_discard_face_down():
    state = four_game()
    fights = set(parse_cards("2h 5h 9d Jd"))
    for seat in range(4):
        zones = state.observation(seat).zones
        shown = {card for zone in zones for card in zone.cards if card is not None}
        assert not fights & shown, f"seat {seat} sees a fight card face up after the replacement"
        assert state.observation(seat).zone("discard").cards == (None,) * 4  # counted, not shown
        assert not any(zone.kind == "fight" for zone in zones)
    assert set(state.observation(0).zone("turned").cards) == set(parse_cards("5c 2s 3d"))  # FL-4: turned stay up
    act(state, 0, "exchange", "8d Td")  # FL-6: his own given-up cards he sees, the fight cards still not
    assert state.observation(0).zone("discard").cards == (*parse_cards("8d Td"), *(None,) * 4)
    assert state.observation(2).zone("discard").cards == (None,) * 6


def test_fl4_the_lead_is_a_result_of_its_own_shown_with_the_fight_cards_turned_up():
    state = FightForTheLead(players=4, ante=2, stack=50, exchange_fee=1).new_state(
        seed=11, dealer=3, deck=stacked_deck(FOUR_HANDS, FOUR_STOCK))
    scenes = []
    state.on_result = lambda index: scenes.append((state.history[index], state.observation(1)))
    for seat, card in zip((2, 0, 3, 1), ("9d", "2h", "Jd", "5h")):
        act(state, seat, "fight", card)
    del state.on_result
    ((event, scene),) = scenes  # the table stops once, on the lead (FL-4), like on a trick
    assert event.spec.brief and not event.spec.result and event.rule == "FL-4"
    assert event["winner"] == 3 and event["card"] == Card.parse("Jd")
    fights = {zone.owner: zone.cards for zone in scene.zones if zone.kind == "fight"}
    assert fights == {seat: (card,) for seat, card in enumerate(parse_cards("2h 5h 9d Jd"))}  # turned up
    assert scene.zone("discard").cards == () and scene.zone("turned").cards == tuple(parse_cards("5c 2s 3d"))
    assert len(scene.hand) == 3  # the new card comes after the lead (FL-5)


# -- FL-6 ----------------------------------------------------------------------------------
def test_fl6_exchange_in_turn_paid_into_the_pot_and_only_counted_for_others():
    state = four_game()
    assert "(FL-6: players exchange in turn" in str(rejects(state, 1, Action("exchange"), "EN-1"))  # South first
    act(state, 0, "exchange", "8d Td")
    assert state.pot == 10 and state.stacks[0] == 46
    assert set(parse_cards("Kc 3s")) <= set(state.hands[0])
    west = state.observation(1)
    assert west.exchanged[0] == 2 and not cards_in(west) & set(parse_cards("8d Td Kc 3s"))
    assert state.observation(0).own_discards == tuple(parse_cards("8d Td"))


def test_fl6_stock_too_short_for_the_exchange_requested():
    rest = [c for c in deck(52) if c not in set(parse_cards(" ".join(FIVE_HANDS)) + parse_cards("9h"))]
    hands = [h.replace("9h", "9c") if "9h" in h else h for h in FIVE_HANDS]
    hands[4] = "Th 6c 7c 8c"
    rest.remove(Card.parse("9c"))
    stock = rest[:29] + [Card.parse("9h")]
    game = FightForTheLead(players=5, ante=1, stack=10)
    state = game.new_state(seed=1, dealer=4, deck=stacked_deck(hands, stock))
    for seat, card in enumerate(("Ah", "Kh", "Qh", "Jh", "Th")):
        act(state, seat, "fight", card)
    assert len(state.turned) == 30 and len(state.stock) == 2 and state.fight_taken_back
    error = rejects(state, 0, Action("exchange", "2c 2h 3h"), "FL-6")
    assert "select at most 2 cards to exchange" in str(error)
    act(state, 0, "exchange", "2c 2h")
    assert max(len(a.cards) for a in state.legal_actions(1)) == 0


def test_fl6_limited_by_the_purse_and_free_when_the_fee_is_zero():
    state = four_game(FightForTheLead(players=4, ante=2, stack=5, exchange_fee=2))
    assert max(len(a.cards) for a in state.legal_actions(0)) == 1  # 3 chips buy one card
    assert "exchanging 2 costs 4 chips and South has 3" in str(rejects(state, 0, Action("exchange", "8d Td"), "FL-6"))
    free = four_game(FightForTheLead(players=4, ante=2, stack=5, exchange_fee=0))
    act(free, 0, "exchange", "Ac 5d 8d Td")
    assert free.pot == 8 and free.stacks[0] == 3


# -- FL-7 ----------------------------------------------------------------------------------
def test_fl7_lead_winner_leads_and_must_follow_is_enforced():
    state = four_game()
    for seat in range(4):
        act(state, seat, "exchange")
    assert state.current_player == 3
    act(state, 3, "play", "3c")
    assert "must follow" in str(rejects(state, 0, Action("play", "5d"), "FL-7"))
    assert "(FL-7: " in str(rejects(state, 1, Action("play", "Qc"), "EN-1"))  # not West's turn
    assert set(state.legal_actions(0)) == {Action("play", "Ac")}


def test_fl7_highest_of_the_suit_led_wins_and_leads_next():
    state = four_game()
    play_four_tricks(state)
    winners = [w for _, w in state.done_tricks]
    assert winners == [0, 0, 2, 1]  # 2♦ on a club lead, 7♠ low: no trumps


# -- FL-8 / FL-9 / FL-10 ---------------------------------------------------------------------
def test_fl8_pot_10_split_2_1_1_0_carries_the_remainder():
    assert payout(10, [2, 1, 1, 0]) == ([4, 2, 2, 0], 2)
    state = four_game()
    play_four_tricks(state)
    assert state.tricks == [2, 1, 1, 0] and state.last_pot == 10
    assert state.pot == 2 and state.stacks == [50, 50, 50, 48]
    assert state.round_index == 1 and state.phase is Phase.DECIDE


def test_game_number_counts_the_games_of_the_session():
    state = four_game()
    assert state.game_number == 1 and state.observation(0).game_number == 1
    play_four_tricks(state)  # paid out: the players decide after game 1 (FL-10)
    assert state.game_number == 1 and state.observation(3).game_number == 1
    for seat in range(4):
        act(state, seat, "stay")
    assert state.phase is Phase.FIGHT and state.game_number == 2
    assert "FL-2: Game 2: South deals 4 cards to each player; 36 cards stay in the stock." in state.log_for(0)


def test_every_phase_in_which_someone_acts_has_its_rules_and_a_bot_rule():
    acting = set(Phase) - {Phase.OVER}
    assert set(FightForTheLeadState._PHASES) == acting
    assert set(RuleOfThumb._CHOOSE) == acting


def test_fl9_a_loser_pays_the_whole_last_pot_to_play_on():
    state = four_game()
    play_four_tricks(state)
    assert state.losers == [3]
    for seat in range(4):
        act(state, seat, "stay")
    assert state.stacks[3] == 38 and state.pot == 12  # 2 carried + 10
    assert state.chips() == 200


def test_fl10_a_loser_who_leaves_pays_nothing():
    state = four_game()
    play_four_tricks(state)
    for seat in range(3):
        act(state, seat, "stay")
    act(state, 3, "leave")
    assert state.stacks[3] == 48
    assert state.turn_order == (1, 2, 0) and not state.in_session[3]
    assert not state.legal_actions(3)
    obs = state.observation(3)  # the glossary's names and types (cardlab.engine)
    assert obs.in_session == (True, True, True, False) and obs.in_play == (True, True, True, False)
    assert obs.points == tuple(state.stacks) and not hasattr(obs, "stacks") and obs.current_player == state.to_act


def test_fl1_no_stake_comes_in_so_everyone_antes_on_top_of_the_remainder():
    state = four_game()
    play_four_tricks(state)  # 2 chips stay in the pot (FL-8); East, the only loser, leaves
    for seat in range(3):
        act(state, seat, "stay")
    act(state, 3, "leave")
    assert state.pot == 2 + 3 * 2 and state.stacks[:3] == [48, 48, 48]  # not a game for 2 chips
    assert "FL-1: West, North and South pay the ante of 2 chips each; the pot is 8 chips on top of the 2 chips left in it." \
        in state.log_for(0)
    assert state.chips() == 200


def two_player_shutout(games: int = 2):
    """Two players, North (1) deals: South takes no trick of a pot of 8 (FL-7, FL-8) and
    decides first (FL-10: from the dealer's left)."""
    game = FightForTheLead(players=2, ante=4, stack=100, games=games)
    state = game.new_state(seed=3, dealer=1, deck=stacked_deck(["2h 3c 4d 5s", "3h Ac Ad As"], "4h 5c 6c"))
    act(state, 0, "fight", "2h")
    act(state, 1, "fight", "3h")  # 4h turned: North leads; South gets 5c, North 6c (FL-5)
    act(state, 0, "exchange")
    act(state, 1, "exchange")
    for seat, card in [(1, "Ac"), (0, "3c"), (1, "Ad"), (0, "4d"), (1, "As"), (0, "5s"), (1, "6c"), (0, "5c")]:
        act(state, seat, "play", card)
    assert state.tricks == [0, 4] and state.losers == [0] and state.last_pot == 8 and state.pot == 0
    return state


def test_fl9_the_stake_is_paid_when_the_next_game_starts():
    state = two_player_shutout()
    assert state.deciders == [0, 1] and state.current_player == 0
    act(state, 0, "stay")
    assert state.stacks == [96, 104] and state.pot == 0  # nothing paid before everyone has decided
    act(state, 1, "stay")
    assert state.stacks == [88, 104] and state.pot == 8 and state.phase is Phase.FIGHT  # no ante on top (FL-1)


def test_fl9_a_loser_never_pays_for_a_game_that_is_not_played():
    state = two_player_shutout()
    act(state, 0, "stay")
    act(state, 1, "leave")  # no next game
    assert state.is_terminal and state.stacks == [96, 104] and state.pot == 0
    assert not any(line.startswith("FL-9: South pays") for line in state.log_for(0))


def test_fl10_players_decide_in_turn_from_the_dealers_left():
    state = four_game()  # East (3) deals
    play_four_tricks(state)
    assert state.deciders == [0, 1, 2, 3] and state.current_player == 0
    error = rejects(state, 1, Action("stay"), "EN-1")  # West waits for South
    assert str(error) == ("EN-1: it is South's turn, not West's "
                          "(FL-10: players decide in turn, clockwise from the dealer's left)")
    act(state, 0, "stay")
    assert state.current_player == 1


def test_fl10_the_pot_left_at_the_end_is_shared_from_the_dealers_left():
    state = four_game(FightForTheLead(players=4, ante=2, stack=50, exchange_fee=1, games=1))
    play_four_tricks(state)  # the pot of 10 pays 2-1-1-0 tricks; 2 chips stay (FL-8)
    assert state.is_terminal and state.pot == 0
    # 2 chips among 4 players: none each, and one each to South and West, nearest East's left.
    assert state.stacks == [51, 51, 50, 48] and sum(state.stacks) == 200
    assert state.log_for(2)[-1] == ("FL-10: The session of 1 game is over. The 2 chips left in the pot are shared: "
                                   "South 1, West 1, North 0, East 0. Stacks: South 51, West 51, North 50, East 48.")


def test_fl10_the_last_player_at_the_table_takes_what_is_left():
    state = four_game()
    play_four_tricks(state)  # 2 chips stay in the pot
    act(state, 0, "stay")
    act(state, 1, "leave")
    act(state, 2, "leave")
    act(state, 3, "leave")  # East, the loser, leaves too: South alone is left
    assert state.is_terminal and state.pot == 0
    assert state.stacks == [52, 50, 50, 48]


def test_fl10_a_loser_who_cannot_pay_must_leave():
    state = four_game(FightForTheLead(players=4, ante=2, stack=11, exchange_fee=1, games=3))
    play_four_tricks(state)  # East has 9 chips, the stake is 10
    assert not state.in_session[3] and 3 not in state.deciders
    assert any("must leave" in line for line in state.log_for(0))


def test_fl10_a_player_who_cannot_pay_a_due_ante_must_leave():
    # A fee of 2 makes the pot 12: 3 a trick, nothing stays; East (no trick) leaves,
    # so the pot would be empty and everyone antes again (FL-1).
    state = four_game(FightForTheLead(players=4, ante=2, stack=50, exchange_fee=2, games=3))
    play_four_tricks(state)
    assert state.pot == 0
    state.stacks[2] += state.stacks[1] - 1  # West is down to 1 chip (chips still conserved)
    state.stacks[1] = 1
    for seat in range(3):
        act(state, seat, "stay")
    act(state, 3, "leave")
    assert not state.in_session[1] and state.turn_order == (2, 0)
    assert state.pot == 4 and state.chips() == 200
    assert any("cannot pay the ante" in line for line in state.log_for(2))


def test_fl10_the_session_ends_after_its_games_or_below_two_players():
    state = four_game(FightForTheLead(players=4, ante=2, stack=50, exchange_fee=1, games=1))
    play_four_tricks(state)
    assert state.is_terminal and state.returns() == [1.0, 1.0, 0.0, -2.0]  # the 2 chips left are shared
    two = FightForTheLead(players=2, games=5).new_state(seed=4)
    bot = RuleOfThumb()
    while two.phase is not Phase.DECIDE:
        seat = two.current_player
        two.apply_for(seat, bot(two.observation(seat)))
    act(two, two.current_player, "leave")
    assert two.is_terminal


def test_refusals_outside_the_rules_get_engine_ids():
    state = four_game()
    rejects(state, 0, Action("bet", amount=2), "EN-3")
    rejects(state, 0, Action("exchange", amount=2), "EN-3")
    assert "a card is named twice (8♦)" in str(rejects(state, 0, Action("exchange", "8d 8d"), "FL-6"))
    with pytest.raises(IllegalActionError, match=r"^EN-4: player must be a seat 0\.\.3, got 7"):
        state.check(Action("exchange"), 7)
    over = four_game(FightForTheLead(players=4, ante=2, stack=50, exchange_fee=1, games=1))
    play_four_tricks(over)
    with pytest.raises(IllegalActionError, match="^EN-2: the session is over"):
        over.check(Action("stay"), 0)


# -- one source of legality: the legal actions and the check agree -------------------------
_IDS = set(RULES) | {rule.id for rule in rules_of("EN")}
_KINDS = ("fight", "play", "exchange", "stay", "leave", "bet")  # the game's kinds and one it has not


def _candidates(state, seat: int, rng: np.random.Generator) -> set[Action]:
    """Every listed legal action of every seat, and some hundreds of plausible illegal ones
    for ``seat``: each kind with no card, each card of his hand, cards he does not hold,
    pairs, a card twice, whole hands, and an amount."""
    players = state.game.num_players
    actions = {action for other in range(players) for action in state.legal_actions(other)}
    hand = list(state.hands[seat])
    held = set(hand)
    missing = [c for c in deck(52) if c not in held]
    strangers = [missing[i] for i in rng.choice(len(missing), size=6, replace=False)]
    played = [c for plays, _ in state.done_tricks for _, c in plays] + [c for _, c in state.trick]
    for kind in _KINDS:
        actions |= {Action(kind), Action(kind, amount=2)}
        for card in hand + strangers + played[:3]:
            actions.add(Action(kind, (card,)))
        for i, a in enumerate(hand):
            actions.add(Action(kind, (a, a)))
            actions |= {Action(kind, (a, b)) for b in hand[i + 1:] + strangers[:2]}
        for k in range(len(hand) + 1):
            actions.add(Action(kind, tuple(hand[:k])))
            actions.add(Action(kind, tuple(hand[k:])))
        actions.add(Action(kind, tuple(hand) + tuple(strangers[:1])))
        actions.add(Action(kind, tuple(hand[:1]), amount=1))
    return actions


@pytest.mark.parametrize("players, settings", [
    (2, dict(ante=4, stack=40)),
    (2, dict(ante=1, stack=6, exchange_fee=2)),  # a purse that limits the exchange (FL-6)
    (5, dict(ante=4, stack=40)),
    (5, dict(ante=1, stack=5, exchange_fee=0)),  # a free exchange; the stock runs short (FL-5, FL-6)
])
def test_legal_actions_and_check_are_one_rule(players, settings):
    """For every position of seeded random play, every seat and every candidate action:
    ``action in legal_actions(seat)`` exactly when ``can_apply(action, seat)``, and a refusal
    names a rule of the game or of the engine and says why (never the catch-all)."""
    game = FightForTheLead(players=players, games=2, **settings)
    checked = refused = 0
    for seed in (players,):
        state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
        while True:
            assert state.legal_actions() == state.legal_actions(state.current_player) if not state.is_terminal \
                else not state.legal_actions()
            for seat in range(players):
                legal, refusals = assert_view_and_check_agree(
                    state, seat, _candidates(state, seat, rng),
                    # a refusal names its rule and gives a reason, never the catch-all
                    lambda error: error.rule in _IDS and str(error).startswith(error.rule)
                    and "is not among" not in str(error))
                checked += legal + refusals
                refused += refusals
            if state.is_terminal:
                break
            seat = state.current_player
            if state.phase is Phase.FIGHT and rng.random() < 0.5:  # any seat yet to fight may lay first (FL-3)
                seat = int(rng.choice([s for s in range(players) if state.legal_actions(s)]))
            state.apply_for(seat, state.legal_actions(seat).sample(rng))
    assert refused > checked // 2 and checked - refused > 40  # both answers, many times


# -- FL-11 and the generic checks -----------------------------------------------------------
def _illegal(state, rng: np.random.Generator) -> Action | None:
    """An action of some kind that is illegal now (or None)."""
    if state.is_terminal:
        return Action("stay")
    seat = state.current_player
    hand = state.hands[seat]
    missing = [c for c in deck(52) if c not in hand]
    card = missing[int(rng.integers(len(missing)))]
    options = [Action("fight", (card,)), Action("play", (card,)), Action("exchange", (card,)),
               Action("stay", (card,)), Action("play", tuple(hand[:2])), Action("leave", amount=3)]
    if state.phase is Phase.PLAY and state.trick:
        led = state.trick[0][1].suit
        if any(c.suit is led for c in hand):
            options += [Action("play", (c,)) for c in hand if c.suit is not led]
    if state.phase is Phase.EXCHANGE and state.game.exchange_fee:
        too_many = state.stacks[seat] // state.game.exchange_fee + 1
        if too_many <= len(hand):
            options.append(Action("exchange", tuple(hand[:too_many])))
    options = [a for a in options if a not in state.legal_actions(seat)]
    return options[int(rng.integers(len(options)))] if options else None


@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), ante=st.integers(1, 5),
       fee=st.integers(0, 6), stack=st.integers(5, 60))
def test_random_playout_conserves_chips_and_cards_and_hides_what_it_must(seed, players, ante, fee, stack):
    game = FightForTheLead(players=players, ante=ante, stack=max(stack, ante), exchange_fee=fee, games=6)

    def extra(before, after):
        assert after.round_index in (before.round_index, before.round_index + 1)
        zones = after.observation(0).zones  # the whole table as South sees it, backs included
        assert sum(len(zone.cards) for zone in zones) == 52
        if after.phase is Phase.FIGHT and after.fight != before.fight:  # FL-3 stays unseen
            seat = next(s for s in range(players) if after.fight[s] != before.fight[s])
            (card,) = after.fight[seat]  # the one card face down before him
            for other in range(players):
                if other != seat:
                    assert card not in cards_in(after.observation(other))

    final = random_playout(game, seed, illegal=_illegal, extra_check=extra)
    assert final.chips() == players * game.stack  # FL-11
    assert final.pot == 0 and sum(final.stacks) == players * game.stack  # FL-10: nothing stranded
    assert sum(final.returns()) == 0


@pytest.mark.parametrize("steps", [2, 4, 9, 23, 40])  # fight, exchange, tricks, game 2, decisions
def test_json_round_trip_mid_game(steps):
    game = FightForTheLead(players=3, games=4)
    state = game.new_state(seed=21)
    bot = RuleOfThumb()
    for _ in range(steps):
        seat = state.current_player
        state.apply_for(seat, bot(state.observation(seat)))
    loaded = game.state_from_json(state.to_json())
    assert loaded == state and loaded.observation(1) == state.observation(1)
    for seat in range(3):  # the kept logs agree with the engine's reading of the history
        assert state.log_for(seat) == GameState.log_for(state, seat)
    with pytest.raises(ValueError, match="settings"):
        FightForTheLead(players=3, games=5).state_from_json(state.to_json())


def test_the_table_zones_are_made_when_first_read_and_show_only_what_the_seat_sees():
    state = four_game()
    act(state, 0, "exchange", "8d Td")
    obs = state.observation(1)
    assert "zones" not in vars(obs.zones)  # an observation no one draws builds no zone
    assert obs.zone("hand", 1).cards == obs.hand and obs.zone("hand", 0).cards == (None,) * 4
    assert obs.zone("discard").cards == (None,) * 6  # FL-5: four fight cards face down; FL-6: two backs
    assert "zones" in vars(obs.zones) and obs.zones == state.observation(1).zones == tuple(obs.zones)
    assert hash(obs) == hash(state.observation(1))  # an observation is a hashable value
    assert cards_in(obs.zones) <= cards_in(obs.hand) | set(state.fight_cards) | set(state.turned)


def test_clone_is_independent():
    state = four_game()
    copy = state.clone()
    act(copy, 0, "exchange", "8d Td")
    assert state.phase is Phase.EXCHANGE and state.stacks[0] == 48 and copy.stacks[0] == 46
    assert state.hands[0] != copy.hands[0]


# -- sampling for search bots -------------------------------------------------------------------
@pytest.mark.parametrize("steps", [0, 3, 9, 15, 25, 60])
def test_sample_state_is_consistent_with_the_observation(steps):
    game = FightForTheLead(players=4, games=3)
    state = game.new_state(seed=steps)
    rng = np.random.default_rng(steps)
    for _ in range(steps):
        if state.is_terminal:
            break
        seat = state.current_player
        state.apply_for(seat, RuleOfThumb()(state.observation(seat)))
    seat = 1
    obs = state.observation(seat)
    for k in range(5):
        sample = game.sample_state(obs, np.random.default_rng(k))
        assert_cards_conserved(sample)
        assert sample.observation(seat) == obs
        for other in range(4):
            assert not sample.voids[other] & {c.suit for c in sample.hands[other]}
        if not sample.is_terminal:
            player = sample.current_player
            sample.apply_for(player, sample.legal_actions(player).sample(rng))
    assert isinstance(obs, FightForTheLeadObservation)


# -- bots -------------------------------------------------------------------------------------
def test_bots_play_only_legal_actions_and_finish_sessions():
    game = FightForTheLead(players=4, games=4)
    assert GAMES["fight_for_the_lead"].rule_bot_class is RuleOfThumb
    for seed in range(6):
        bots = [RuleOfThumb(), RandomBot(seed), RuleOfThumb(), RandomBot(seed + 1)]
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            seat = state.current_player
            obs = state.observation(seat)
            action = bots[seat](obs)
            assert action in obs.legal_actions
            state.apply_for(seat, action)
        assert state.chips() == 400


def test_rule_bot_fights_high_in_its_long_suit_and_leads_winners():
    state = FOUR.new_state(seed=11, dealer=3, deck=stacked_deck(FOUR_HANDS, FOUR_STOCK))
    bot = RuleOfThumb()
    assert bot(state.observation(1)) == Action("fight", "Qc")  # clubs: Q♣ J♣ the longest
    state = four_game()
    for seat in range(4):
        act(state, seat, "exchange")
    act(state, 3, "play", "3c")
    assert bot(state.observation(0)) == Action("play", "Ac")  # wins the club trick
    act(state, 0, "play", "Ac")
    assert bot(state.observation(1)) == Action("play", "Jc")  # cannot win: throws low


def test_no_fight_card_or_hand_in_an_observation_of_another_seat():
    state = four_game()
    assert_no_leak(state)
    for seat in range(4):
        obs = state.observation(seat)
        others = set().union(*(state.hands[s] for s in range(4) if s != seat))
        assert not cards_in(obs) & others


# -- analysis -----------------------------------------------------------------------------------
def test_analysis_lead_chances_one_lead_a_deal_and_aces_beat_deuces():
    from cardlab.analysis.fight_for_the_lead import lead_chances

    table = lead_chances(players=(2, 4), deals=600, seed=5)
    totals = table.groupby("players")[["fights", "leads"]].sum()
    assert totals["fights"].tolist() == [1200, 2400] and totals["leads"].tolist() == [600, 600]
    by_rank = table.groupby(["players", "rank_number"])[["fights", "leads"]].sum()
    chance = by_rank["leads"] / by_rank["fights"]
    for n in (2, 4):
        assert chance.loc[(n, 14)] > chance.loc[(n, 2)]
    assert set(table["suit_length"]) <= {1, 2, 3, 4}


def test_analysis_exchange_value_accounts_fees_and_stakes():
    from cardlab.analysis.fight_for_the_lead import exchange_value

    table = exchange_value(cards=(0, 1, 3), games=30, seed=2)
    assert table["fee"].tolist() == [0, 4, 12]  # one ante a card (FL-6 default)
    assert (table["games"] == 30).all()
    assert ((table["no_trick"] >= 0) & (table["no_trick"] <= 1) & (table["tricks"] <= 4)).all()
    assert np.allclose(table["net_after_stake"], table["payout"] - table["fee"] - table["stake"])
    for column in ("no_trick", "stake", "net_after_stake"):  # each with its 95% interval (FL-9, issue 36)
        assert ((table[f"{column}_low"] <= table[column]) & (table[column] <= table[f"{column}_high"])).all(), column
    assert (table["no_trick_high"] <= 1).all() and (table["no_trick_low"] >= 0).all()


def test_analysis_session_paths_conserve_chips_and_idle_stacks():
    from cardlab.analysis.fight_for_the_lead import session_paths

    paths = session_paths(("rule", "random", "rule"), games=6, seed=4, stack=60)
    assert (paths["chips"] == 180).all()
    start = paths[paths["game"] == 0]
    assert start["stack"].tolist() == [56, 56, 56] and start["pot"].tolist() == [12, 12, 12]
    for _, rows in paths[paths["game"] > 0].groupby("game"):
        assert (rows["stack"].sum() + rows["pot"].iloc[0]) == 180
        assert rows.loc[rows["played"], "tricks"].sum() == 4


def test_search_bot_plays_legal_actions_through_sampled_states():
    search = pytest.importorskip("cardlab.bots.search")
    game = FightForTheLead(players=3, games=1)
    state = game.new_state(seed=8)
    bots = [search.SearchBot(seed=1, samples=2), RuleOfThumb(), RandomBot(2)]
    while not state.is_terminal:
        seat = state.current_player
        obs = state.observation(seat)
        action = bots[seat](obs)
        assert action in obs.legal_actions
        state.apply_for(seat, action)
    assert state.round_index == 1 and state.chips() == 300
