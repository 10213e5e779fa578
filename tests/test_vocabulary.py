"""One name for one idea (issue 26, the glossary in ``cardlab.engine``'s docstring): every
game's observations and zones use the same names, seeded random play of every game
(two seats and the most) shows no old or duplicate name, and every zone is data (kind,
owner, index) whose kind is one of the glossary's, the same in a state's ``zones()``.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from cardlab.cards import Card
from cardlab.engine import Observation, Zone
from cardlab.words.seats import NUMBERED_ZONES, ZONE_NAMES
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
#: The glossary's kinds of zone (cardlab.engine): one word per idea in every game.
ZONE_KINDS = {"hand", "row", "low", "stock", "discard", "muck", "laid_out", "packet", "trick", "tricks", "turned", "fight"}


def _observations(game, seed: int = 3, limit: int = 400, states: list | None = None):
    state, rng = game.new_state(seed=seed), np.random.default_rng(seed)
    for _ in range(limit):
        if states is not None:
            states.append(state.zones())
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
def test_zones_are_data_and_kinds_are_one_word_per_idea(label):
    """Every zone of an observation and of a state's ``zones()`` is a kind of the glossary
    (each with its words), a seat or None, a number or None, and cards: no words, no key
    made of words; one zone a key per table; the observations' kinds are the states'."""
    game = TABLES[label]
    truths: list[tuple[Zone, ...]] = []
    seen_kinds, true_kinds = set(), set()
    for obs in _observations(game, limit=150, states=truths):
        keys = [zone.key for zone in obs.zones]
        assert len(set(keys)) == len(keys), keys
        for zone in obs.zones:
            _check(zone, game.num_players)
            seen_kinds.add(zone.kind)
    for zones in truths:
        keys = [zone.key for zone in zones]
        assert len(set(keys)) == len(keys), keys
        for zone in zones:
            _check(zone, game.num_players)
            assert None not in zone.cards, zone  # the truth: every card face up
            true_kinds.add(zone.kind)
        assert sorted(card for zone in zones for card in zone.cards) == sorted(game.full_deck)
    assert seen_kinds <= true_kinds, seen_kinds - true_kinds


def _check(zone: Zone, players: int) -> None:
    assert type(zone) is Zone and zone.kind in ZONE_KINDS, zone
    assert zone.kind in ZONE_NAMES or zone.kind in NUMBERED_ZONES, f"no words for the kind {zone.kind!r}"
    assert zone.owner is None or (type(zone.owner) is int and 0 <= zone.owner < players), zone
    assert zone.index is None or (type(zone.index) is int and zone.index >= 1), zone
    assert (zone.index is not None) == (zone.kind in NUMBERED_ZONES), zone
    assert type(zone.cards) is tuple and all(card is None or type(card) is Card for card in zone.cards), zone
    assert zone.players == () or len(zone.players) == len(zone.cards), zone
