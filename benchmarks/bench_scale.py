"""Scaling of :func:`cardlab.analysis.simulate.simulate` on this machine.

Kontrabluff matches to 300 points (KB-12) between two RandomBots, measured as games
per second:

- a plain ``for`` loop in this process (the baseline),
- ``simulate`` with 1 and 2 local worker processes,
- ``simulate`` on a two-worker Dask ``LocalCluster`` (loopback, one thread each).

Each run lasts about ``--seconds`` (30 by default; ``--quick`` for 5). Reports the
speed-up of two workers over one (target >= 1.7x) and the overhead of one worker
against the plain loop (target < 10%). All runs use the same seed and must agree. CPU milliseconds per game, measured inside
the workers, show the overhead even on a busy machine; games per second there measure
the share of the cores the run was given (Linux shares CPU fairly between sessions
when ``/proc/sys/kernel/sched_autogroup_enabled`` is 1, so two workers of one session
gain nothing while other sessions keep both cores busy)::

    python benchmarks/bench_scale.py            # about 2.5 minutes
    python benchmarks/bench_scale.py --quick
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
import pandas as pd

from cardlab.analysis.simulate import batched, simulate
from cardlab.analysis.tournament import play_match
from cardlab.bots import RandomBot
from cardlab.games.kontrabluff import Kontrabluff

GAME = Kontrabluff(target=300)


def random_match(rng: np.random.Generator) -> dict[str, float]:
    """One match of two RandomBots: South's points, North's, rounds, whether South won."""
    deal, south, north = (int(s) for s in rng.integers(2**63, size=3, dtype=np.int64))
    result = play_match(GAME, [RandomBot(south), RandomBot(north)], deal)
    return {"south": result.points[0], "north": result.points[1], "rounds": result.rounds,
            "south_wins": float(result.winner == 0)}


def timed_matches(rng: np.random.Generator, size: int) -> pd.DataFrame:
    """A batch of matches, each row with the CPU milliseconds per match its worker spent."""
    start = time.process_time()
    frame = pd.DataFrame([random_match(rng) for _ in range(size)])
    frame["cpu_ms"] = 1000 * (time.process_time() - start) / size
    return frame


TASK = batched(timed_matches)


def plain_loop(seconds: float) -> tuple[int, float, float]:
    """Matches played by a bare loop in ``seconds`` (no batches, no tallies), and CPU ms per match."""
    rng = np.random.default_rng(0)
    games, start, cpu = 0, time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        random_match(rng)
        games += 1
    return games, elapsed, 1000 * (time.process_time() - cpu) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each run (default 30)")
    parser.add_argument("--quick", action="store_true", help="5-second runs")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    seconds = 5.0 if args.quick else args.seconds
    print(f"cores available: {len(os.sched_getaffinity(0))}; load average {os.getloadavg()[0]:.2f}")

    games, elapsed, loop_cpu = plain_loop(seconds)
    loop_rate = games / elapsed
    print(f"plain loop           {loop_rate:8.1f} games/s  CPU ms/game {loop_cpu:5.2f}  ({games} games in {elapsed:.1f} s)")
    n_one = max(64, round(loop_rate * seconds))

    results = {}
    cpu_per_game = {}

    def run(label: str, n: int, **kwargs) -> float:
        main_cpu = time.process_time()
        table = simulate(TASK, n, seed=args.seed, progress=False, **kwargs)
        main_cpu = 1000 * (time.process_time() - main_cpu) / n
        rate = n / table.attrs["seconds"]
        worker_cpu = float(table.loc["cpu_ms", "mean"])  # measured inside the workers, per batch
        results[label] = table.drop(index="cpu_ms")  # the only figure that depends on the run
        cpu_per_game[label] = worker_cpu + main_cpu
        print(f"{label:20} {rate:8.1f} games/s  CPU ms/game {worker_cpu:5.2f} in workers + {main_cpu:4.2f} here  "
              f"({n} games in {table.attrs['seconds']:.1f} s, {table.attrs['batches']} batches of "
              f"{table.attrs['batch_size']})")
        return rate

    one = run("processes, 1 worker", n_one, workers=1)
    two = run("processes, 2 workers", 2 * n_one, workers=2)
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster, Client(cluster) as client:
        client.run(lambda: None)  # workers up before the clock starts
        dask_two = run("Dask, 2 workers", 2 * n_one, executor=client)

    assert results["Dask, 2 workers"].equals(results["processes, 2 workers"]), "executors disagree"
    print(f"speed-up, 2 local workers over 1:  {two / one:.2f}x   (target >= 1.7x)")
    print(f"speed-up, Dask 2 workers over 1:   {dask_two / one:.2f}x")
    print(f"overhead, 1 worker vs plain loop:  {100 * (1 - one / loop_rate):+.1f}% in games/s (target < 10%), "
          f"{100 * (cpu_per_game['processes, 1 worker'] / loop_cpu - 1):+.1f}% in CPU per game")
    print(f"load average now {os.getloadavg()[0]:.2f}: on a busy machine games/s measure the share of the "
          "cores we were given; CPU per game does not")
    print("South's mean points:", round(float(results["processes, 2 workers"].loc["south", "mean"]), 2),
          "(identical on every executor)")


if __name__ == "__main__":
    main()
