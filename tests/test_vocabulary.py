"""One name for one idea (issue 26, the glossary in ``cardlab.engine``'s docstring): every
game's observations and zones use the same names, seeded random play of every game
(two seats and the most) shows no old or duplicate name, and every zone name is a key.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

from cardlab.engine import Observation, seat_names
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import Kontrabluff
from cardlab.games.parallel_poker import ParallelPoker

TABLES = {
    "kontrabluff": Kontrabluff(target=60),
    "draw_poker 2": DrawPoker(players=2, hands=3),
    "draw_poker 8": DrawPoker(players=8, hands=2),
    "parallel_poker": ParallelPoker(games=2),
    "fight_for_the_lead 2": FightForTheLead(players=2, games=2),
    "fight_for_the_lead 5": FightForTheLead(players=5, games=2),
}
#: Names the glossary replaced, with the name to use.
RETIRED = {
    "talon": "stock", "talon_size": "stock_size", "my_discards": "own_discards", "my_exchanged": "own_discards",
    "my_folded": "own_folded", "seated": "in_session", "active": "in_play", "playing": "in_play",
    "scores": "points", "stacks": "points", "to_act": "current_player",
}
ZONE_KINDS = {"hand", "row", "face_down", "stock", "discard", "muck", "pile", "trick", "tricks", "turned", "fight"}
ZONE_NAME = re.compile(r"[a-z_]+( \d+)*")


def _observations(game, seed: int = 3, limit: int = 400):
    state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
    for _ in range(limit):
        for seat in range(game.num_players):
            yield state.observation(seat)
        if state.is_terminal:
            return
        seat = next(p for p in range(game.num_players) if state.legal_actions(p)) if state.simultaneous \
            else state.current_player
        state.apply_for(seat, state.legal_actions(seat).sample(rng))


@pytest.mark.parametrize("label", sorted(TABLES))
def test_observations_use_the_glossarys_names(label):
    game = TABLES[label]
    seen = 0
    for obs in _observations(game):
        names = {f.name for f in dataclasses.fields(obs)}
        retired = sorted(names & set(RETIRED))
        assert not retired, f"{type(obs).__name__} still says {retired}: use {[RETIRED[n] for n in retired]}"
        assert {f.name for f in dataclasses.fields(Observation)} <= names
        for flags in ("in_session", "in_play"):
            if flags in names:
                value = getattr(obs, flags)
                assert isinstance(value, tuple) and len(value) == game.num_players
                assert all(type(flag) is bool for flag in value), (flags, value)
        seen += 1
    assert seen >= 4 * game.num_players  # a few positions at least


@pytest.mark.parametrize("label", sorted(TABLES))
def test_zone_names_are_keys_and_kinds_are_one_word_per_idea(label):
    game = TABLES[label]
    seats = seat_names(game.num_players)
    for obs in _observations(game, limit=150):
        for zone in obs.zones:
            assert ZONE_NAME.fullmatch(zone.name), f"zone {zone.name!r} is not a key"
            assert not any(seat in zone.name for seat in seats), zone.name
            assert zone.kind in ZONE_KINDS, zone.kind
            if zone.owner is not None:
                assert zone.name.endswith(f" {zone.owner}"), zone.name
