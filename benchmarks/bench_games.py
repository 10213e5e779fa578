"""Benchmarks for the games of cardlab: random-play speed against RLCard, bot tournaments.

    python benchmarks/bench_games.py            # the full run (tens of minutes)
    python benchmarks/bench_games.py --quick    # a smoke run (about a minute)

Each game has a ``bench_<game>(...)`` function returning its figures as a dict; the
RLCard reference (limit Texas hold'em, random agents, from the ``bench`` extra) is
measured in the same run. Speeds are per second of this process's CPU time
(``time.process_time``), so a busy shared machine slows neither side's figure;
bot decision times are wall-clock, as a player would wait for them.

Loops live here on purpose: a plain, serial loop over matches (the parallel tools
of :mod:`cardlab.analysis` are measured elsewhere).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from peers import print_rows, random_play_actions_per_second, rlcard_actions_per_second

from cardlab.bots import RandomBot, RuleBot, SearchBot
from cardlab.engine import Game

Bot = Callable


# -- shared helpers ------------------------------------------------------------------------------


def rlcard_limit_holdem_actions_per_second(seconds: float = 3.0, seed: int = 0) -> float:
    """RLCard's limit Texas hold'em played by its random agents (``env.run``): actions per CPU second."""
    rate = rlcard_actions_per_second(seconds, seed, loop="agents")
    if rate is None:
        raise ImportError("RLCard is the peer: pip install -e '.[bench]'")
    return rate


@dataclass
class MatchLog:
    """Per-round margins (seat of bot A minus bot B), match winners, decision times."""

    margins: list[float] = field(default_factory=list)
    a_won: list[bool] = field(default_factory=list)
    seconds: dict[str, list[float]] = field(default_factory=dict)


def play_matches(game: Game, make_a: Callable[[int], Bot], make_b: Callable[[int], Bot], matches: int,
                 *, seed: int = 0, min_rounds: int = 0, budget: float = math.inf, log: MatchLog | None = None) -> MatchLog:
    """Play matches, bot A in seat 0 of even matches and seat 1 of odd ones (seats alternate).

    Stops after ``matches`` matches once ``min_rounds`` rounds are played, or when
    ``budget`` seconds are spent (a match in progress is finished).
    """
    log = log or MatchLog()
    start = time.perf_counter()
    m = 0
    while (m < matches or len(log.margins) < min_rounds) and time.perf_counter() - start < budget:
        a_seat = m % 2
        bots = [None, None]
        bots[a_seat], bots[1 - a_seat] = make_a(seed + m), make_b(seed + 10_000 + m)
        state = game.new_state(seed=seed + m)
        before, index = state.points, state.round_index
        while not state.is_terminal:
            seat = state.current_player
            bot = bots[seat]
            t0 = time.perf_counter()
            action = bot(state.observation(seat))
            log.seconds.setdefault(getattr(bot, "name", type(bot).__name__), []).append(time.perf_counter() - t0)
            state.apply(action)
            if state.round_index != index:
                after = state.points
                log.margins.append((after[a_seat] - before[a_seat]) - (after[1 - a_seat] - before[1 - a_seat]))
                before, index = after, state.round_index
        log.a_won.append(state.returns()[a_seat] > 0)
        m += 1
    return log


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its normal 95% interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def wilson_interval(wins: int, n: int) -> tuple[float, float, float]:
    """A win rate with its Wilson 95% interval."""
    if n == 0:
        return math.nan, 0.0, 1.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def decision_times(make_bot: Callable[[int], Bot], game: Game, decisions: int, seed: int = 0) -> dict[str, float]:
    """Milliseconds per decision of a bot playing itself in every seat: median, 95th
    percentile, worst, in wall-clock time and in this process's CPU time (what an idle
    machine would show). One untimed decision first (from another seed), so the tables
    built once per process (hand values, draw-odds multisets) are not counted."""
    warm = game.new_state(seed=seed + 10**6)
    make_bot(seed + 10**6)(warm.observation(warm.current_player))
    times: list[float] = []
    cpu: list[float] = []
    m = 0
    while len(times) < decisions:
        state = game.new_state(seed=seed + m)
        bots = [make_bot(seed + m + k) for k in range(game.num_players)]
        while not state.is_terminal and len(times) < decisions:
            seat = state.current_player
            t0, c0 = time.perf_counter(), time.process_time()
            action = bots[seat](state.observation(seat))
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            state.apply(action)
        m += 1
    ms, cpu_ms = np.array(times) * 1000, np.array(cpu) * 1000
    return {"decisions": len(ms), "median_ms": float(np.median(ms)), "p95_ms": float(np.percentile(ms, 95)),
            "worst_ms": float(ms.max()), "cpu_median_ms": float(np.median(cpu_ms)),
            "cpu_p95_ms": float(np.percentile(cpu_ms, 95)), "cpu_worst_ms": float(cpu_ms.max())}


def tournament(game: Game, bots: dict[str, Callable[[int], Bot]], pairings: Sequence[tuple[str, str, float]],
               *, rounds: int, matches: int, seed: int = 0) -> list[dict]:
    """For each pairing (a, b, seconds): the round margin of bot a with its 95% interval, and
    match wins, over ``matches`` matches and at least ``rounds`` rounds, within the seconds."""
    rows = []
    for a, b, budget in pairings:
        start = time.perf_counter()
        log = play_matches(game, bots[a], bots[b], matches, seed=seed, min_rounds=rounds, budget=budget)
        mean, low, high = mean_interval(log.margins)
        rate, rate_low, rate_high = wilson_interval(sum(log.a_won), len(log.a_won))
        rows.append({
            "pairing": f"{a} vs {b}", "rounds": len(log.margins), "margin_per_round": mean,
            "margin_low": low, "margin_high": high, "matches": len(log.a_won), "win_rate": rate,
            "win_low": rate_low, "win_high": rate_high, "seconds": time.perf_counter() - start,
        })
        print(f"  ... {a} vs {b}: {len(log.margins)} rounds, {len(log.a_won)} matches", file=sys.stderr, flush=True)
    return rows


# -- Kontrabluff ---------------------------------------------------------------------------------


def bench_kontrabluff(quick: bool = False, seed: int = 0, rlcard_rate: float | None = None, minutes: float = 45) -> dict:
    """Kontrabluff: random-play speed against RLCard, search-bot decision times, a tournament.

    Targets (issue 3): random play at least 2x RLCard's; the search bot out-scores the
    rule bot (margin interval above zero); the rule bot wins at least 90% of its matches
    against random; the search bot decides in under 200 ms. ``minutes`` bounds the
    tournament's wall-clock time (the search bot's pairings take most of it).
    """
    from cardlab.games.kontrabluff import Kontrabluff

    game = Kontrabluff()
    seconds = 1.0 if quick else 5.0
    result: dict = {}
    random_play_actions_per_second(game, 0.3, seed)  # warm the caches (hand values) first
    rates = []
    for _ in range(1 if quick else 3):  # interleaved, so both see the same load
        kb = random_play_actions_per_second(game, seconds, seed)
        rl = rlcard_limit_holdem_actions_per_second(seconds, seed) if rlcard_rate is None else rlcard_rate
        step = rlcard_actions_per_second(seconds, seed, loop="step")
        rates.append((kb, rl, step))
    kb, rl, step = (max(r[i] for r in rates) for i in range(3))
    result["random_play"] = {
        "kontrabluff_actions_per_s": kb,
        "kontrabluff_observed_actions_per_s": random_play_actions_per_second(game, seconds, seed, observe=True),
        "rlcard_limit_holdem_actions_per_s": rl,
        "rlcard_limit_holdem_step_actions_per_s": step,
        "ratio": kb / rl,
        "ratio_step": kb / step,
    }
    result["search_decision"] = decision_times(lambda s: SearchBot(s), game, 60 if quick else 400, seed)
    bots = {"search": lambda s: SearchBot(s), "rule": lambda s: RuleBot(s), "random": lambda s: RandomBot(s)}
    budget = 60 * minutes
    if quick:
        pairings = [("search", "rule", 20), ("rule", "random", 10), ("search", "random", 20)]
        result["tournament"] = tournament(game, bots, pairings, rounds=100, matches=4, seed=seed)
    else:
        pairings = [("search", "rule", 0.55 * budget), ("rule", "random", 0.1 * budget), ("search", "random", 0.35 * budget)]
        result["tournament"] = tournament(game, bots, pairings, rounds=2000, matches=200, seed=seed)
    return result


def _print_kontrabluff(result: dict) -> None:
    speed = result["random_play"]
    print("Kontrabluff random play")
    print(f"  state loop        {speed['kontrabluff_actions_per_s']:>10,.0f} actions/s")
    print(f"  observation loop  {speed['kontrabluff_observed_actions_per_s']:>10,.0f} actions/s")
    print(f"  RLCard limit hold'em (random agents, env.run) {speed['rlcard_limit_holdem_actions_per_s']:,.0f} actions/s")
    print(f"  RLCard limit hold'em (bare env.step loop, our loop's shape) {speed['rlcard_limit_holdem_step_actions_per_s']:,.0f} actions/s")
    print(f"  ratio {speed['ratio']:.2f}x env.run, {speed['ratio_step']:.2f}x env.step (target >= 2x)")
    d = result["search_decision"]
    print(f"Search bot, default setting: {d['decisions']} decisions, median {d['median_ms']:.0f} ms, "
          f"95th percentile {d['p95_ms']:.0f} ms, worst {d['worst_ms']:.0f} ms wall-clock (target < 200 ms); "
          f"CPU time median {d['cpu_median_ms']:.0f} ms, 95th percentile {d['cpu_p95_ms']:.0f} ms, worst {d['cpu_worst_ms']:.0f} ms")
    print("Tournament (seats alternate; margin = first bot's points minus the other's, per round)")
    for row in result["tournament"]:
        print(f"  {row['pairing']:<18} {row['rounds']:>6} rounds  margin {row['margin_per_round']:+6.2f} "
              f"[{row['margin_low']:+.2f}, {row['margin_high']:+.2f}]   {row['matches']:>4} matches  "
              f"won {row['win_rate']:.1%} [{row['win_low']:.1%}, {row['win_high']:.1%}]  ({row['seconds']:.0f} s)")


GAMES = ("kontrabluff", "draw_poker", "parallel_poker", "fight_for_the_lead")


def search_decision_row(name: str, quick: bool, seed: int = 0) -> dict:
    """The search bot's decision times at the game's default setting, every seat a search bot
    (target < 200 ms, worst case included): a row for :func:`peers.print_rows`."""
    from cardlab.games import GAMES as ENTRIES

    d = decision_times(lambda s: SearchBot(s), ENTRIES[name].game(), 60 if quick else 400, seed)
    return {"name": f"{name}_search_decision_worst_ms", "value": round(d["worst_ms"]), "unit": "ms wall",
            "note": f"{d['decisions']} decisions: median {d['median_ms']:.0f}, 95th percentile {d['p95_ms']:.0f} ms; "
                    f"CPU median {d['cpu_median_ms']:.0f}, 95th percentile {d['cpu_p95_ms']:.0f}, "
                    f"worst {d['cpu_worst_ms']:.0f} ms (target < 200 ms)"}


def _game_rows(name: str, quick: bool, seed: int = 0) -> list[dict]:
    """Run ``benchmarks/bench_<name>.py``'s ``bench(quick)``, add the search bot's decision
    times, and print the rows as a table."""
    import importlib

    rows = importlib.import_module(f"bench_{name}").bench(quick)
    rows.append(search_decision_row(name, quick, seed))
    print(f"\n{name.replace('_', ' ')}")
    print_rows(rows, indent="  ")
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=45, help="wall-clock budget of each game's tournament")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES, help="which games to run")
    args = parser.parse_args(argv)
    results = {}
    if "kontrabluff" in args.games:
        results["kontrabluff"] = bench_kontrabluff(args.quick, args.seed, minutes=args.minutes)
        _print_kontrabluff(results["kontrabluff"])
    for name in ("draw_poker", "parallel_poker", "fight_for_the_lead"):
        if name in args.games:
            results[name] = _game_rows(name, args.quick, args.seed)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=2)


if __name__ == "__main__":
    main()
