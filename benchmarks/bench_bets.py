"""Cost of a huge bet limit in draw poker (DP-2, DP-3): ``max_bet=10**9`` against its
peer ``max_bet=10``, measured side by side in the same run.

Bets are offered as a range (:class:`cardlab.games.draw_poker.BetActions`), so building
the game, ``legal_actions()``, sampling one action and playing one bet should cost the
same whatever the limit. Target: every ratio within 2x. (Before the range view,
``max_bet=10**6`` alone listed a million actions: 12.7 s and 357 MiB.)

::

    python benchmarks/bench_bets.py           # about 5 s
    python benchmarks/bench_bets.py --quick
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardlab.engine import Action
from cardlab.games.draw_poker import DrawPoker

LIMITS = (10, 10**9)


def _per_call_us(make, repeat: int) -> float:
    """The best of 5 rounds of ``repeat`` calls of ``make()``, in microseconds per call."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            make()
        best = min(best, time.perf_counter() - start)
    return best / repeat * 1e6


def measure(max_bet: int, repeat: int) -> dict[str, float]:
    """Microseconds per operation with a bet limit of ``max_bet`` (stacks large enough for it)."""
    stack = 10 * max_bet
    game = DrawPoker(players=5, max_bet=max_bet, stack=stack)
    state = game.new_state(seed=1, dealer=0)
    rng = np.random.default_rng(0)
    opening = Action("open", amount=max_bet)

    def bet() -> None:
        fresh = state.clone()
        fresh.apply(opening)

    return {
        "build the game": _per_call_us(lambda: DrawPoker(players=5, max_bet=max_bet, stack=stack), repeat),
        "legal_actions()": _per_call_us(lambda: state.legal_actions(), repeat),
        "len(legal_actions())": _per_call_us(lambda: len(state.legal_actions()), repeat),
        "sample one action": _per_call_us(lambda: state.legal_actions().sample(rng), repeat),
        "clone + one bet": _per_call_us(bet, repeat // 4),
        "clone only (baseline)": _per_call_us(state.clone, repeat // 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short timings")
    repeat = 2_000 if parser.parse_args().quick else 20_000
    small, large = (measure(limit, repeat) for limit in LIMITS)
    print(f"{'microseconds per call':<24}{'max_bet=10':>12}{'max_bet=10**9':>15}{'ratio':>8}")
    worst = 0.0
    for name in small:
        ratio = large[name] / small[name]
        worst = max(worst, ratio)
        print(f"{name:<24}{small[name]:>12.2f}{large[name]:>15.2f}{ratio:>7.2f}x")
    print(f"worst ratio {worst:.2f}x (target: within 2x)")


if __name__ == "__main__":
    main()
