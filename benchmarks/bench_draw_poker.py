"""Speed of Polish five-card draw (DP) on this machine.

- ``draw_poker_actions_per_second``: random play of 5-player sessions
  (``DrawPoker(players=5)``: 52 cards, ante 1, max bet 10, stacks of 100, until one
  player is left), against RLCard's limit hold'em in the same run (``peers.py``).
  Target: at least 2x the peer.
- ``draw_poker_observed_actions_per_second``: the same, each action chosen from
  ``state.observation(seat).legal_actions`` (what a bot sees: zones, the seat's log ...).
- ``draw_poker_best_discard_ms``: :func:`cardlab.analysis.draw_odds.best_discard` for
  one hand: all 32 discards with exact odds (target < 50 ms).

::

    python benchmarks/bench_draw_poker.py           # about 40 s
    python benchmarks/bench_draw_poker.py --quick
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from peers import print_rows, throughput_rows

from cardlab.analysis.draw_odds import best_discard
from cardlab.cards import shuffled_deck
from cardlab.games.draw_poker import DrawPoker
from cardlab.hands import HandRules

GAME = DrawPoker(players=5)


def best_discard_ms(hands: int) -> tuple[float, float]:
    """Mean and worst CPU milliseconds of ``best_discard`` over random 52-card hands."""
    rules = HandRules(52)
    best_discard(shuffled_deck(52, 0)[:5], rules)  # build the multiset tables once
    times = []
    for seed in range(1, hands + 1):
        hand = shuffled_deck(52, seed)[:5]
        start = time.process_time()
        best_discard(hand, rules, "expected")
        times.append((time.process_time() - start) * 1000)
    return float(np.mean(times)), float(np.max(times))


def bench(quick: bool) -> list[dict]:
    """Rows (name, value, unit, note) for benchmarks/bench_games.py."""
    rows = throughput_rows("draw_poker", GAME, "5-player sessions", quick)
    mean_ms, worst_ms = best_discard_ms(20 if quick else 200)
    rows.append({"name": "draw_poker_best_discard_ms", "value": round(mean_ms, 1), "unit": "ms/hand",
                 "note": f"best_discard over all 32 discards with exact odds, 52 cards; worst {worst_ms:.1f} ms (target < 50 ms)"})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short timings")
    print_rows(bench(parser.parse_args().quick))


if __name__ == "__main__":
    main()
