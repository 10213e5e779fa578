"""Does the search bot's work budget cost it strength? Draw poker (DP), the default setting.

The budget (a game spec's ``search_budget``, counted in rollout actions) binds only on
the slowest decisions; elsewhere the bot decides exactly as without it. The peer is the
same bot without a budget (``budget=math.inf``), measured in the same run:

- ``regret``: on the decisions where the budget changes the search's values, each
  choice (with and without the budget) is judged by a reference search of 128 samples
  and no budget (another seed): its value short of the reference's best, in chips, mean
  and 95% interval, and the paired difference.
- ``tournament``: one search bot against four rule bots (the search seat rotating), the
  same seeds with and without the budget: the search seat's chips per hand minus the
  rule bots' mean, with 95% intervals, and the paired difference per session.

::

    python benchmarks/bench_search_budget.py            # about 15 minutes
    python benchmarks/bench_search_budget.py --quick
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from cardlab.bots import SearchBot
from cardlab.bots.draw_poker import RuleOfThumb
from cardlab.games.draw_poker import DrawPoker

NO_BUDGET = math.inf


def interval(values: list[float]) -> str:
    """The mean with its normal 95% interval, as text."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"


def regret(binding: int, seed: int = 500) -> None:
    """Judge the choices with and without the budget where it binds, against a 128-sample search."""
    game, rows, seen, m = DrawPoker(), [], 0, 0
    while len(rows) < binding:
        state = game.new_state(seed=seed + m)
        players = [SearchBot(m * 7 + j, budget=NO_BUDGET) for j in range(game.num_players)]
        while not state.is_terminal and len(rows) < binding:
            seat = state.current_player
            obs = state.observation(seat)
            seen += 1
            free = SearchBot(seed=seen, budget=NO_BUDGET).action_values(obs)
            bounded = SearchBot(seed=seen).action_values(obs)
            if free != bounded:
                reference = SearchBot(seed=10**6 + seen, samples=128, budget=NO_BUDGET).action_values(obs)
                best = max(reference.values())
                a, b = max(free, key=free.__getitem__), max(bounded, key=bounded.__getitem__)
                rows.append((best - reference[a], best - reference[b], a == b))
            state.apply(players[seat](obs))
        m += 1
    print(f"{seen} decisions, the budget binds on {len(rows)} ({len(rows) / seen:.0%}); the same choice on {sum(r[2] for r in rows)}")
    print(f"  regret, chips: no budget {interval([r[0] for r in rows])}, budget {interval([r[1] for r in rows])}, "
          f"difference {interval([r[1] - r[0] for r in rows])}")


def tournament(sessions: int, hands: int = 20) -> None:
    """One search bot against four rule bots, with and without the budget, the same seeds."""
    game = DrawPoker(hands=hands)
    per_session: dict[str, list[float]] = {}
    for label, budget in (("no budget", NO_BUDGET), ("budget", None)):
        start, margins, totals = time.perf_counter(), [], []
        for m in range(sessions):
            me = m % game.players
            bots = [SearchBot(1000 + m, budget=budget) if s == me else RuleOfThumb(2000 + 10 * m + s) for s in range(game.players)]
            state = game.new_state(seed=m)
            before, index, total = state.points, state.round_index, 0.0
            while not state.is_terminal:
                seat = state.current_player
                state.apply(bots[seat](state.observation(seat)))
                if state.round_index != index:
                    gains = [a - b for a, b in zip(state.points, before)]
                    margin = gains[me] - sum(g for s, g in enumerate(gains) if s != me) / (game.players - 1)
                    margins.append(margin)
                    total += margin
                    before, index = state.points, state.round_index
            totals.append(total / hands)
        per_session[label] = totals
        print(f"  search ({label}) vs 4 rule bots: {len(margins)} hands, chips per hand {interval(margins)} "
              f"({time.perf_counter() - start:.0f} s)")
    print(f"  paired difference per hand (budget - no budget), {sessions} sessions: "
          f"{interval([b - a for a, b in zip(per_session['no budget'], per_session['budget'])])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    regret(8 if args.quick else 80)
    tournament(4 if args.quick else 150)


if __name__ == "__main__":
    main()
