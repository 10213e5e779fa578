"""How the two pot games end a session (FL-1, FL-9, FL-10, DP-10): in random sessions of
every size, with random and rule-of-thumb players, no chip is ever stranded in the pot,
stakes are paid only for games that are played, and every later game has a stake or antes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.bots import RandomBot, RuleBot
from cardlab.engine import Action, GameState
from cardlab.games.chips import from_the_left
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead, Phase, stacked_deck


def test_fl1_fl10_when_nobody_can_pay_the_antes_the_session_ends_and_shares_the_pot():
    # Ante 3 from stacks of 3: the pot of 6 pays 1 a trick and 2 stay (FL-8). After a 2-2 game
    # nobody pays a stake, so both would ante again (FL-1); neither can, so no game follows and
    # nobody leaves for an ante it would need: the 2 chips are shared (FL-10).
    game = FightForTheLead(players=2, ante=3, stack=3, exchange_fee=0, games=5)
    state = game.new_state(seed=3, dealer=1, deck=stacked_deck(["2h Ac Ad 3s", "3h Kc Kd As"], "4h 5c 6c"))
    state.apply_for(0, Action("fight", "2h"))
    state.apply_for(1, Action("fight", "3h"))
    state.apply_for(0, Action("exchange"))
    state.apply_for(1, Action("exchange"))
    for seat, card in [(1, "As"), (0, "3s"), (1, "Kc"), (0, "Ac"), (0, "Ad"), (1, "Kd"), (0, "5c"), (1, "6c")]:
        state.apply_for(seat, Action("play", card))
    assert state.tricks == [2, 2] and state.pot == 2 and state.stacks == [2, 2]
    state.apply_for(0, Action("stay"))
    state.apply_for(1, Action("stay"))
    assert state.is_terminal and all(state.in_session)
    assert state.pot == 0 and state.stacks == [3, 3]
    assert state.log_for(0)[-1].startswith("FL-10: Fewer than two players can pay the ante. The 2 chips left")


def play_session(state: GameState, kinds: list[str], seed: int, on_step=None) -> GameState:
    bots = [RandomBot(seed + seat) if kind == "random" else RuleBot(seed + seat) for seat, kind in enumerate(kinds)]
    for _ in range(100_000):
        if state.is_terminal:
            return state
        seat = state.current_player
        state.apply_for(seat, bots[seat](state.observation(seat)))
        if on_step is not None:
            on_step(state)
    raise AssertionError("the session did not end")


_BOTS = st.lists(st.sampled_from(["random", "rule"]), min_size=5, max_size=5)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), ante=st.integers(1, 6), fee=st.integers(0, 5),
       stack=st.integers(1, 80), games=st.integers(1, 12), bots=_BOTS)
def test_fl10_fight_for_the_lead_sessions_end_with_every_chip_in_a_stack(seed, players, ante, fee, stack, games, bots):
    game = FightForTheLead(players=players, ante=ante, stack=max(stack, ante), exchange_fee=fee, games=games)
    state = game.new_state(seed=seed)
    at_table_when_over: list[list[bool]] = []

    def check(now: GameState) -> None:
        if now.phase is Phase.DECIDE:  # FL-10: in turn from the dealer's left
            assert now.deciders == from_the_left(now.dealer, now.deciders, players)
        if now.is_terminal:
            at_table_when_over.append(list(now.in_session))

    final = play_session(state, bots[:players], seed, check)
    assert final.pot == 0 and sum(final.stacks) == players * game.stack  # FL-10, FL-11
    events = final.history
    games_started = [i for i, e in enumerate(events) if e.kind == "new_game"]
    stakes = [i for i, e in enumerate(events) if e.kind == "stake"]
    antes = [i for i, e in enumerate(events) if e.kind in ("antes", "antes_on_top")]
    # FL-9: every stake paid is followed by the start of a game; FL-1: a game after the first
    # starts only after a stake or a round of antes paid since the game before.
    assert all(any(start > paid for start in games_started) for paid in stakes)
    for before, start in zip(games_started, games_started[1:]):
        assert any(before < i < start for i in stakes + antes), events[before:start]
    # FL-10: the shares went to the players still at the table, and only to them.
    shared = [e for e in events if e.rule == "FL-10" and e.kind.endswith("_shared")]
    if shared:
        assert set(shared[-1]["sharers"]) == {seat for seat, there in enumerate(at_table_when_over[-1]) if there}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), stack=st.integers(3, 40), hands=st.integers(1, 10),
       bots=_BOTS)
def test_dp10_draw_poker_sessions_end_with_every_chip_in_a_stack(seed, players, stack, hands, bots):
    game = DrawPoker(players=players, deck_size=52, ante=1, max_bet=3, stack=stack, hands=hands)
    final = play_session(game.new_state(seed=seed), bots[:players], seed)
    assert final.pot == 0 and sum(final.stacks) == players * stack  # DP-9, DP-10
    assert all(final.stacks[seat] == 0 or final.in_session[seat] or final.stacks[seat] < game.ante
               for seat in range(players))


@pytest.mark.parametrize("seed", range(40))
def test_dp10_many_seeded_sessions_with_split_pots_strand_nothing(seed):
    # Two short decks and many players make exact ties (DP-8 remainders) common.
    game = DrawPoker(players=4, deck_size=28, ante=1, max_bet=2, stack=10, hands=6)
    final = play_session(game.new_state(seed=seed), ["random"] * 4, seed)
    assert final.pot == 0 and sum(final.stacks) == 40
