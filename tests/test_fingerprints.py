"""Seeded games play exactly as when their fingerprints were stored (tests/fingerprints).

A refactor must leave every digest as it is. A failure names the game setting, the
seed and which digest moved (``play``: the game itself; ``words``: only its text).
An intended rule or wording change regenerates the files in a commit of its own
(``python -m tests.fingerprints``), saying why.
"""

from __future__ import annotations

import pytest

from tests.fingerprints import SETTINGS, digests, play, stored


@pytest.mark.parametrize("game_name", sorted(SETTINGS))
def test_fingerprints_unchanged(game_name: str) -> None:
    expected = stored(game_name)
    assert sorted(expected) == sorted(s.label for s in SETTINGS[game_name]), "settings differ from the stored file"
    moved = []
    for setting in SETTINGS[game_name]:
        seeds = expected[setting.label]
        assert len(seeds) == setting.seeds
        for seed in range(setting.seeds):
            now = digests(play(setting, seed))
            for part in ("play", "words"):
                if now[part] != seeds[str(seed)][part]:
                    moved.append(f"{setting.label}, seed {seed}: {part}")
    assert not moved, f"{len(moved)} fingerprints moved, first: {moved[:5]}"


def test_random_games_are_many_and_distinct() -> None:
    for game_name, settings in SETTINGS.items():
        random_games = [s for s in settings if s.bot == "random"]
        assert sum(s.seeds for s in random_games) >= 300, game_name
        plays = {d["play"] for d in stored(game_name)[random_games[0].label].values()}
        assert len(plays) == random_games[0].seeds, f"{game_name}: seeds gave repeated games"
