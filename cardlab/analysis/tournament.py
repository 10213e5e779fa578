"""Bots against bots: single matches, points per round and round-robin tournaments.

Every comparison is played in *duplicate*: the same seed (the same cards) is played
twice with the seats swapped, and the pair counts as one observation, so the luck of
the deal largely cancels and seats alternate exactly. Bots are given as picklable
factories ``factory(seed) -> bot`` (a bot class such as
:class:`~cardlab.bots.RandomBot` is one), so matches can run on worker processes
or a Dask cluster through :func:`~cardlab.analysis.simulate.simulate`.

>>> from cardlab.bots import RandomBot
>>> from cardlab.games.kontrabluff import Kontrabluff
>>> result = play_match(Kontrabluff(target=50), [RandomBot(1), RandomBot(2)], seed=5)
>>> max(result.points) >= 50, result.winner == result.points.index(max(result.points))
(True, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from cardlab.analysis.simulate import simulate
from cardlab.engine import Game, GameState

__all__ = ["MatchResult", "play_match", "play_round", "round_margins", "tournament", "BotFactory"]

BotFactory = Callable[[int], Callable[[Any], Any]]
SEED_BOUND = 2**63  # seeds drawn for games and bots: any non-negative int64


@dataclass(frozen=True)
class MatchResult:
    """The end of one match: each seat's points, rounds played, the winner's seat (None: a draw)."""

    points: tuple[float, ...]
    rounds: int
    winner: int | None
    actions: int


def _step(state: GameState, bots: Sequence[Callable]) -> None:
    player = state.current_player
    state.apply_for(player, bots[player](state.observation(player)))


def play_match(game: Game, bots: Sequence[Callable], seed: int, *, max_actions: int = 1_000_000) -> MatchResult:
    """Play a new state of ``game`` from ``seed`` to its end, ``bots[seat]`` choosing for each seat.

    The winner is the seat with the unique best ``returns()`` (KB-12 for Kontrabluff).

    >>> from cardlab.bots import RandomBot
    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> game = Kontrabluff(target=30)
    >>> play_match(game, [RandomBot(1), RandomBot(2)], seed=9) == play_match(game, [RandomBot(1), RandomBot(2)], seed=9)
    True
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} bots, one per seat; got {len(bots)}")
    state = game.new_state(seed=seed)
    actions = 0
    while not state.is_terminal:
        if actions >= max_actions:
            raise RuntimeError(f"{game.name} seed {seed}: no end after {max_actions} actions")
        _step(state, bots)
        actions += 1
    returns = state.returns()
    best = max(returns)
    winners = [seat for seat, value in enumerate(returns) if value == best]
    winner = winners[0] if len(winners) == 1 and len(set(returns)) > 1 else None
    return MatchResult(tuple(state.points), state.round_index, winner, actions)


def play_round(game: Game, bots: Sequence[Callable], seed: int, *, max_actions: int = 100_000) -> tuple[float, ...]:
    """Each seat's gain in the first scoring round of a new state from ``seed``.

    A round ends when ``round_index`` moves (KB-5/KB-6 for Kontrabluff, a hand in the
    chip games, where points are stacks and the gains sum to zero).

    >>> from cardlab.bots import RandomBot
    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> gains = play_round(Kontrabluff(), [RandomBot(1), RandomBot(2)], seed=4)
    >>> sorted(gains)[0] == 0 and sorted(gains)[1] in {1, 3, 6, 10, 15, 21, 28, 36, 45, 55}  # KB-5, KB-6
    True
    """
    state = game.new_state(seed=seed)
    before = state.points
    start = state.round_index
    for _ in range(max_actions):
        if state.is_terminal or state.round_index != start:
            return tuple(after - b for after, b in zip(state.points, before))
        _step(state, bots)
    raise RuntimeError(f"{game.name} seed {seed}: no round ended after {max_actions} actions")


def _seeds(rng: np.random.Generator, count: int) -> list[int]:
    return [int(s) for s in rng.integers(SEED_BOUND, size=count, dtype=np.int64)]


@dataclass(frozen=True)
class RoundTask:
    """One duplicate pair of opening rounds: ``a`` against ``b`` on one seed, seats swapped."""

    game: Game
    bot_a: BotFactory
    bot_b: BotFactory

    def __call__(self, rng: np.random.Generator) -> dict[str, float]:
        deal, a_seed, b_seed = _seeds(rng, 3)
        first = play_round(self.game, [self.bot_a(a_seed), self.bot_b(b_seed)], deal)
        second = play_round(self.game, [self.bot_b(b_seed), self.bot_a(a_seed)], deal)
        as_first, as_second = first[0] - first[1], second[1] - second[0]
        return {"margin": (as_first + as_second) / 2, "margin_in_seat_0": as_first, "margin_in_seat_1": as_second}


def round_margins(
    game: Game,
    bot_a: BotFactory,
    bot_b: BotFactory,
    rounds: int,
    seed: int,
    *,
    executor: Any = "processes",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Points per scoring round of ``bot_a`` over ``bot_b``, with a 95% interval.

    Plays ``rounds`` duplicate pairs: the opening round of a new deal from one seed,
    once with ``bot_a`` in seat 0 and once in seat 1. ``margin`` is the pair's
    average (``bot_a``'s gain minus ``bot_b``'s); ``margin_in_seat_0`` and
    ``margin_in_seat_1`` show the seat effect. Executors as in
    :func:`~cardlab.analysis.simulate.simulate`.

    >>> from cardlab.bots import RandomBot
    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> table = round_margins(Kontrabluff(), RandomBot, RandomBot, 300, seed=1, executor="serial", progress=False)
    >>> bool(table.loc["margin", "ci_low"] < 0 < table.loc["margin", "ci_high"])   # a bot against itself
    True
    """
    return simulate(
        RoundTask(game, bot_a, bot_b), rounds, seed=seed, executor=executor, workers=workers,
        batch_size=batch_size, progress=progress, description=f"{game.name} rounds",
    )


@dataclass(frozen=True)
class TournamentTask:
    """One duplicate pair of matches for every pairing of the bots (one seed per pairing)."""

    game: Game
    bots: tuple[tuple[str, BotFactory], ...]

    def __call__(self, rng: np.random.Generator) -> list[dict[str, Any]]:
        rows = []
        for (name_a, make_a), (name_b, make_b) in itertools.combinations(self.bots, 2):
            deal, a_seed, b_seed = _seeds(rng, 3)
            first = play_match(self.game, [make_a(a_seed), make_b(b_seed)], deal)
            second = play_match(self.game, [make_b(b_seed), make_a(a_seed)], deal)
            for me, them, seats in ((name_a, name_b, ((first, 0), (second, 1))), (name_b, name_a, ((first, 1), (second, 0)))):
                win = [0.5 if r.winner is None else float(r.winner == seat) for r, seat in seats]
                margin = [r.points[seat] - r.points[1 - seat] for r, seat in seats]
                per_round = [m / max(r.rounds, 1) for m, (r, _) in zip(margin, seats)]
                row = {"bot": me, "opponent": them, "win": sum(win) / 2, "margin": sum(margin) / 2,
                       "margin_per_round": sum(per_round) / 2, "rounds": (seats[0][0].rounds + seats[1][0].rounds) / 2}
                rows += [row, {**row, "opponent": "all"}]
        return rows


def tournament(
    game: Game,
    bots: Mapping[str, BotFactory],
    matches: int,
    seed: int,
    *,
    executor: Any = "processes",
    workers: int | None = None,
    batch_size: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """A round robin of two-seat matches: win rates and point margins with 95% intervals.

    Every pairing plays ``matches`` matches (rounded up to even: duplicate pairs with
    the seats swapped). One row per bot and opponent, plus ``opponent == "all"``:
    ``matches``, ``win_rate`` (a draw counts half), ``margin`` (points over the
    opponent at the end), ``margin_per_round`` (the same per scoring round, averaged
    over matches), ``rounds``; each with ``_low`` and ``_high`` 95% bounds.

    >>> from cardlab.bots import RandomBot
    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> table = tournament(Kontrabluff(target=60), {"one": RandomBot, "two": RandomBot}, 40,
    ...                    seed=2, executor="serial", progress=False)
    >>> table.index.tolist()
    [('one', 'all'), ('one', 'two'), ('two', 'all'), ('two', 'one')]
    >>> table["matches"].tolist()
    [40, 40, 40, 40]
    >>> float(table.loc[("one", "two"), "win_rate"] + table.loc[("two", "one"), "win_rate"])  # one's win, two's loss
    1.0
    """
    if game.num_players != 2:
        raise ValueError(f"a tournament plays two-seat matches; {game.name} is set up for {game.num_players}")
    if len(bots) < 2:
        raise ValueError(f"a tournament needs at least two bots, got {list(bots)}")
    pairs = -(-matches // 2)
    task = TournamentTask(game, tuple(bots.items()))
    summary = simulate(
        task, pairs, seed=seed, executor=executor, workers=workers, batch_size=batch_size,
        progress=progress, description=f"{game.name} tournament",
    )
    wide = summary.reset_index().pivot(index=["bot", "opponent"], columns="metric")
    table = pd.DataFrame({"matches": wide[("n", "win")].astype(int) * 2}, index=wide.index)
    for metric, column in (("win", "win_rate"), ("margin", "margin"), ("margin_per_round", "margin_per_round"),
                           ("rounds", "rounds")):
        table[column] = wide[("mean", metric)]
        table[f"{column}_low"] = wide[("ci_low", metric)]
        table[f"{column}_high"] = wide[("ci_high", metric)]
    table.attrs.update(summary.attrs)
    return table
