"""How the two pot games end a session (FL-1, FL-9, FL-10, DP-10): in random sessions of
every size, with random and rule-of-thumb players, no chip is ever stranded in the pot,
stakes are paid only for games that are played, and every later game has a stake or antes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.bots import RandomBot, RuleBot
from cardlab.engine import GameState
from cardlab.games.chips import from_the_left
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead


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


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), ante=st.integers(1, 6), fee=st.integers(0, 5),
       stack=st.integers(6, 80), games=st.integers(1, 12), bots=_BOTS)
def test_fl10_fight_for_the_lead_sessions_end_with_every_chip_in_a_stack(seed, players, ante, fee, stack, games, bots):
    game = FightForTheLead(players=players, ante=ante, stack=max(stack, ante), exchange_fee=fee, games=games)
    state = game.new_state(seed=seed)
    at_table_when_over: list[list[bool]] = []

    def check(now: GameState) -> None:
        if now.phase == "decide":  # FL-10: in turn from the dealer's left
            assert now.deciders == from_the_left(now.dealer, now.deciders, players)
        if now.is_terminal:
            at_table_when_over.append(list(now.in_session))

    final = play_session(state, bots[:players], seed, check)
    assert final.pot == 0 and sum(final.stacks) == players * game.stack  # FL-10, FL-11
    events = final.history
    games_started = [i for i, e in enumerate(events) if e.rule == "FL-2" and e.text.startswith("Game ")]
    stakes = [i for i, e in enumerate(events) if e.rule == "FL-9" and " pays his stake " in e.text]
    antes = [i for i, e in enumerate(events) if e.rule == "FL-1" and " pay the ante " in e.text]
    # FL-9: every stake paid is followed by the start of a game; FL-1: a game after the first
    # starts only after a stake or a round of antes paid since the game before.
    assert all(any(start > paid for start in games_started) for paid in stakes)
    for before, start in zip(games_started, games_started[1:]):
        assert any(before < i < start for i in stakes + antes), events[before:start]
    # FL-10: the shares went to the players still at the table, and only to them.
    shared = [e for e in events if e.rule == "FL-10" and "left in the pot" in e.text]
    if shared:
        receivers = {part.rsplit(" ", 1)[0] for part in shared[-1].text.split("shared: ")[1].split(". Stacks")[0].split(", ")}
        assert receivers == {final.names[seat] for seat, there in enumerate(at_table_when_over[-1]) if there}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), stack=st.integers(3, 40), hands=st.integers(1, 10),
       bots=_BOTS)
def test_dp10_draw_poker_sessions_end_with_every_chip_in_a_stack(seed, players, stack, hands, bots):
    game = DrawPoker(players=players, deck_size=52, ante=1, max_bet=3, stack=stack, hands=hands)
    final = play_session(game.new_state(seed=seed), bots[:players], seed)
    assert final.pot == 0 and sum(final.stacks) == players * stack  # DP-9, DP-10
    assert all(final.stacks[seat] == 0 or final.seated[seat] or final.stacks[seat] < game.ante
               for seat in range(players))


@pytest.mark.parametrize("seed", range(40))
def test_dp10_many_seeded_sessions_with_split_pots_strand_nothing(seed):
    # Two short decks and many players make exact ties (DP-8 remainders) common.
    game = DrawPoker(players=4, deck_size=28, ante=1, max_bet=2, stack=10, hands=6)
    final = play_session(game.new_state(seed=seed), ["random"] * 4, seed)
    assert final.pot == 0 and sum(final.stacks) == 40
