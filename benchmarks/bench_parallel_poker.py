"""Parallel poker benchmarks: showdowns per second, and the search strategy against the simple ones.

- showdowns/s: two given arrangements compared packet by packet and scored (PP-3, PP-4),
  one pair at a time (``showdown``), in numpy batches, and through the game engine
  (a state made, both arrangements applied, the showings logged with the reference evaluator);
- the search strategy's expected points (and margin) against each simple strategy over
  random deals, with 95% intervals (target: it beats every simple strategy); by default
  the search's population holds the simple strategies' arrangements, so also its margin
  against each one left out of the population (on a tenth as many deals).

    python benchmarks/bench_parallel_poker.py              # 10,000 deals (about 8 min on a free core)
    python benchmarks/bench_parallel_poker.py --quick      # 300 deals
    python benchmarks/bench_parallel_poker.py --deals 2000
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardlab.analysis.parallel_poker import random_deals
from cardlab.bots.parallel_poker import SIMPLE_STRATEGIES, Deal, SearchArrangement
from cardlab.cards import shuffled_deck
from cardlab.engine import Action
from cardlab.games.parallel_poker import (
    LAID_OUT,
    PACKET_SIZE,
    PACKETS,
    SHOWING_POINTS,
    ParallelPoker,
    packet_keys,
    showdown,
)
from cardlab.odds import Z95

GAME = ParallelPoker()


def _timed(work, seconds: float) -> float:
    """Calls of ``work()`` per second over about ``seconds``."""
    calls, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        work()
        calls += 1
    return calls / elapsed


def _arrangement_pairs(n: int, seed: int = 0) -> list[tuple[tuple, tuple]]:
    rng = np.random.default_rng(seed)
    pairs = []
    for i in range(n):
        held = shuffled_deck(32, seed, i)[LAID_OUT:]
        pairs.append(tuple(tuple(held[j] for j in rng.permutation(25)) for _ in range(2)))
    return pairs


def showdowns_per_second(seconds: float) -> dict[str, float]:
    """Showdowns/s one pair at a time, in batches of 10,000, and through the engine."""
    pairs = _arrangement_pairs(64)
    cycle = iter(range(1 << 62))

    def one():
        a, b = pairs[next(cycle) % len(pairs)]
        showdown(a, b, GAME.rules)

    batch = 10_000
    codes = np.array([[[c.code for c in side] for side in pairs[i % len(pairs)]] for i in range(batch)])
    codes = codes.reshape(batch, 2, PACKETS, PACKET_SIZE)
    points = np.array(SHOWING_POINTS)

    def many():
        keys = packet_keys(codes, GAME.rules)
        return (points * (keys[:, 0] > keys[:, 1])).sum(axis=1), (points * (keys[:, 1] > keys[:, 0])).sum(axis=1)

    deck = shuffled_deck(32, 0)

    def engine():
        state = GAME.new_state(seed=1, dealer=0, deck=deck)
        held = state.held
        state.apply_for(0, Action("arrange", held))
        state.apply_for(1, Action("arrange", held[::-1]))

    return {
        "single": _timed(one, seconds),
        "batch": _timed(many, seconds) * batch,
        "engine": _timed(engine, seconds),
    }


def search_against_simple(n_deals: int, seed: int = 2026) -> tuple[list[dict], float]:
    """The search's points against each simple strategy on the same deals; seconds per search."""
    search = SearchArrangement(seed=seed)
    opponents = [cls(seed=seed + 1 + i) for i, cls in enumerate(SIMPLE_STRATEGIES)]
    mine = np.zeros((len(opponents), n_deals))
    theirs = np.zeros((len(opponents), n_deals))
    search_time = 0.0
    for d, held in enumerate(random_deals(n_deals, seed)):
        deal = Deal(held, GAME)
        start = time.perf_counter()
        ours = search.arrangement(held, GAME, deal)
        search_time += time.perf_counter() - start
        for i, opponent in enumerate(opponents):
            mine[i, d], theirs[i, d] = showdown(ours, opponent.arrangement(held, GAME, deal), GAME.rules)
    rows = []
    for i, opponent in enumerate(opponents):
        p, q = mine[i], theirs[i]
        half = Z95 * p.std(ddof=1) / np.sqrt(n_deals)
        margin = p - q
        m_half = Z95 * margin.std(ddof=1) / np.sqrt(n_deals)
        rows.append({
            "name": f"search_points_vs_{opponent.name.replace(' ', '_')}",
            "value": round(float(p.mean()), 3),
            "unit": "points/game",
            "note": (f"95% CI [{p.mean() - half:.2f}, {p.mean() + half:.2f}]; opponent {q.mean():.2f}; "
                     f"margin {margin.mean():+.2f} [{margin.mean() - m_half:+.2f}, {margin.mean() + m_half:+.2f}]; "
                     f"{n_deals} deals; beats it: {margin.mean() - m_half > 0}"),
        })
    return rows, search_time / n_deals


def search_leave_one_out(n_deals: int, seed: int = 7) -> list[dict]:
    """The search's margin against each simple strategy left out of its population (no inside knowledge)."""
    rows = []
    for i, cls in enumerate(SIMPLE_STRATEGIES):
        others = tuple(c for c in SIMPLE_STRATEGIES if c is not cls)
        search, opponent = SearchArrangement(seed=seed, opponents=others), cls(seed=seed + 1 + i)
        margin = np.zeros(n_deals)
        for d, held in enumerate(random_deals(n_deals, seed)):
            deal = Deal(held, GAME)
            ours, theirs = showdown(search.arrangement(held, GAME, deal), opponent.arrangement(held, GAME, deal), GAME.rules)
            margin[d] = ours - theirs
        half = Z95 * margin.std(ddof=1) / np.sqrt(n_deals)
        rows.append({
            "name": f"search_margin_vs_unseen_{opponent.name.replace(' ', '_')}",
            "value": round(float(margin.mean()), 3),
            "unit": "points/game",
            "note": f"95% CI [{margin.mean() - half:+.2f}, {margin.mean() + half:+.2f}]; population without it; {n_deals} deals",
        })
    return rows


def bench(quick: bool, deals: int | None = None) -> list[dict]:
    """Rows (name, value, unit, note) for benchmarks/bench_games.py."""
    seconds = 1.0 if quick else 3.0
    n_deals = deals or (300 if quick else 10_000)
    speeds = showdowns_per_second(seconds)
    rows = [
        {"name": "parallel_poker_showdowns_per_second", "value": round(speeds["single"]), "unit": "showdowns/s",
         "note": "two given arrangements, 10 packets evaluated with cardlab.fast, compared and scored (PP-3, PP-4)"},
        {"name": "parallel_poker_batch_showdowns_per_second", "value": round(speeds["batch"]), "unit": "showdowns/s",
         "note": "the same in numpy batches of 10,000 pairs"},
        {"name": "parallel_poker_engine_games_per_second", "value": round(speeds["engine"], 1), "unit": "games/s",
         "note": "new state, both arrangements applied, five showings evaluated and logged"},
    ]
    search_rows, per_search = search_against_simple(n_deals)
    rows += search_rows
    rows += search_leave_one_out(max(n_deals // 10, 100))
    rows.append({"name": "parallel_poker_search_seconds", "value": round(per_search * 1000, 1), "unit": "ms/arrangement",
                 "note": "SearchArrangement(samples=16, restarts=1): population of the simple strategies' arrangements"})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="300 deals and 1-second timings")
    parser.add_argument("--deals", type=int, default=None, help="random deals for the strategy comparison")
    args = parser.parse_args()
    rows = bench(args.quick, args.deals)
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        print(f"{row['name']:<{width}}  {row['value']!s:>12} {row['unit']:<15} {row['note']}")


if __name__ == "__main__":
    main()
