"""States hold no words (issue 35, point 4): a state made and played under one language
is the same value as one made and played under another, seat names and all: equal, with
the same key and the same saved JSON, and its seats' observations equal too.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker
from cardlab.words import language

GAMES = {
    "kontrabluff": Kontrabluff(target=60),
    "draw_poker": DrawPoker(players=3, hands=3),
    "parallel_poker": ParallelPoker(games=2),
    "fight_for_the_lead": FightForTheLead(players=4, games=3),
}


def _played(game, lang: str, seed: int, moves: int = 60):
    """The state after ``moves`` seeded random moves (fewer if it ends), made and played
    under ``lang``, and every seat's observation of it (made under ``lang`` too)."""
    with language(lang):
        state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
        for _ in range(moves):
            if state.is_terminal:
                break
            seat = next(p for p in range(game.num_players) if state.legal_actions(p)) if state.simultaneous \
                else state.current_player
            state.apply_for(seat, state.legal_actions(seat).sample(rng))
        return state, [state.observation(seat) for seat in range(game.num_players)]


def _fields(observation) -> dict:
    """An observation's fields but its ``log``: the log is the words view of its events,
    made in the language it is read in (the events, compared, are the data)."""
    return {f.name: getattr(observation, f.name) for f in dataclasses.fields(observation) if f.name != "log"}


@pytest.mark.parametrize("other", ["pl", "uk", "sv"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_is_the_same_value_in_every_language(name, other):
    game = GAMES[name]
    for seed in (1, 2):
        english, seen_in_english = _played(game, "en", seed)
        said, seen_in_other = _played(game, other, seed)
        assert english == said and english.key() == said.key()
        assert english.to_json() == said.to_json()
        assert english.zones() == said.zones()
        for mine, theirs in zip(seen_in_english, seen_in_other):
            assert _fields(mine) == _fields(theirs)
            assert list(mine.events) == list(theirs.events)
