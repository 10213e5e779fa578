"""``GameState.cards_read_in_order``: the order of a shuffle's cards after those changes nothing.

Explicit chance in OpenSpiel places only the cards a game may read in order (parallel
poker's seven laid out, PP-1; draw poker's ten a player, DP-1 and DP-5), so the claim
is checked the hard way: two sessions whose every shuffle differs only in the order of
the rest are played with the same actions, and every seat must see the same thing at
every step, down to the results.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.cards import Card
from cardlab.games import GAMES

#: Sessions where the claim bites (some cards are left after those read in order), over
#: several games or hands, so that later shuffles are checked too.
SESSIONS = [
    ("parallel_poker", {"games": 3}),
    ("draw_poker", {"players": 2, "hands": 3, "stack": 500}),
    ("draw_poker", {"players": 4, "deck_size": 48, "hands": 2, "stack": 500}),
    ("draw_poker", {"players": 3, "deck_size": 36, "hands": 2, "stack": 500, "ace_low": True}),
]


def test_the_sessions_cover_every_game_that_reads_less_than_its_shuffle():
    """A game whose state claims fewer cards read than it shuffles is in SESSIONS (the
    others read every card: the default)."""
    claims = {name for name, entry in GAMES.items()
              if (game := entry.game()).state_class.cards_read_in_order(game, len(game.full_deck)) < len(game.full_deck)}
    assert claims == {name for name, _ in SESSIONS}


@pytest.mark.parametrize(("name", "options"), SESSIONS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_order_of_the_cards_after_those_read_in_order_changes_nothing(name, options, seed):
    game = GAMES[name].game(**options)
    reads = game.state_class.cards_read_in_order
    orders = np.random.default_rng(seed)

    def shuffled(cards) -> list[Card]:
        return list(orders.permutation(np.array(cards, dtype=object)))

    def rest_reversed(order: list[Card]) -> list[Card]:
        keep = reads(game, len(order))
        return order[:keep] + order[keep:][::-1]

    deck = shuffled(list(dict.fromkeys(game.full_deck)))  # the first deal's deck (parallel poker: the dealer's 32, PP-1)
    states = [game.new_state(seed=seed, dealer=0, deck=deck), game.new_state(seed=seed, dealer=0, deck=rest_reversed(deck))]
    later: list[list[Card]] = []  # each later shuffle: one state gets it as it is, the other with its rest reversed
    states[0].deck_source = lambda cards: later.append(shuffled(cards)) or later[-1]
    states[1].deck_source = lambda cards: rest_reversed(later[-1])
    rng = np.random.default_rng(seed)
    seats = range(game.num_players)
    shuffles, reversed_cards = 0, len(deck) - reads(game, len(deck))
    while not states[0].is_terminal:
        assert [states[0].observation(p) for p in seats] == [states[1].observation(p) for p in seats]
        seat = states[0].current_player
        action = states[0].legal_actions(seat).sample(rng)
        for state in states:
            state.apply_for(seat, action)
        if len(later) > shuffles:
            shuffles = len(later)
            reversed_cards += len(later[-1]) - reads(game, len(later[-1]))
    assert states[1].is_terminal and [states[0].observation(p) for p in seats] == [states[1].observation(p) for p in seats]
    assert states[0].returns() == states[1].returns()
    assert shuffles >= 1 and reversed_cards >= 2 * (len(deck) - reads(game, len(deck)))  # later deals were checked too
