"""The coach's verdict time, per game (issue 28: median under 300 ms, p95 under 1 s).

    python benchmarks/bench_coach.py                 # 60 verdicts a game (about a minute)
    python benchmarks/bench_coach.py --decisions 20  # a smoke run

Seat 0 is the student: in each seeded game (default settings) it plays the rule bot's
choice or, one time in three, a random legal action (so that some choices are not
among the coach's candidates and cost an extra rollout each); the other seats play the
rule bot. Every decision of seat 0 is judged from its observation
(:func:`cardlab.coach.judge`), wall-clock, as a student would wait for it; the first
verdict of a game pays its caches (parallel poker's packet table) and counts too. At
most 15 verdicts are taken from one game, so that later positions of many games are
seen. Decisions with a single legal action (no verdict, no time) are not counted.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from cardlab.bots import RuleBot
from cardlab.coach import judge
from cardlab.games import GAMES

PER_GAME = 15  # verdicts taken from one game at most


def verdict_times(name: str, decisions: int, seed: int = 0) -> tuple[list[float], list[float], dict[str, int]]:
    """Wall-clock and CPU seconds of each verdict on seat 0's decisions in seeded games of
    ``name``, and counts of the verdicts by method and of those that differed from the coach."""
    game = GAMES[name].game()
    times: list[float] = []
    cpu: list[float] = []
    counts = {"exact": 0, "sampled": 0, "differed": 0}
    rng = np.random.default_rng(seed)
    m = 0
    while len(times) < decisions:
        state = game.new_state(seed=seed + m)
        bots = [RuleBot(seed=100 * m + s) for s in range(game.num_players)]
        taken = 0
        while not state.is_terminal and taken < PER_GAME and len(times) < decisions:
            seat = state.current_player
            if seat is None:  # a joint phase (PP-2): seat 0 first
                seat = 0 if state.legal_actions(0) else 1
            observation = state.observation(seat)
            action = bots[seat](observation)
            if seat == 0:
                if rng.random() < 1 / 3:
                    action = observation.legal_actions.sample(rng)
                start, start_cpu = time.perf_counter(), time.process_time()
                verdict = judge(observation, action, move=len(state.actions))
                seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu
                if verdict is not None:
                    times.append(seconds)
                    cpu.append(cpu_seconds)
                    counts[verdict.method] += 1
                    counts["differed"] += not verdict.agrees
                    taken += 1
            state.apply_for(seat, action)
        m += 1
    return times, cpu, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=60, help="verdicts per game (default 60)")
    args = parser.parse_args()
    print("verdict times in ms, wall-clock (CPU time of this process in brackets)")
    print(f"{'game':<20} {'verdicts':>8} {'median':>12} {'p95':>12} {'max':>12}  methods")
    for name in GAMES:
        times, cpu, counts = verdict_times(name, args.decisions)
        cells = [f"{1000 * statistics.median(v):.0f} ({1000 * statistics.median(c):.0f})" if q is None else
                 f"{1000 * float(np.percentile(v, q)):.0f} ({1000 * float(np.percentile(c, q)):.0f})"
                 for v, c, q in ((times, cpu, None), (times, cpu, 95), (times, cpu, 100))]
        print(f"{name:<20} {len(times):>8} {cells[0]:>12} {cells[1]:>12} {cells[2]:>12}  "
              f"{counts['exact']} exact, {counts['sampled']} sampled, {counts['differed']} differed")


if __name__ == "__main__":
    main()
