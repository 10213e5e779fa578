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
    """Seconds of ``repeat`` calls of ``make()``, in microseconds per call."""
    start = time.perf_counter()
    for _ in range(repeat):
        make()
    return (time.perf_counter() - start) / repeat * 1e6


def operations(max_bet: int) -> dict[str, tuple]:
    """The operations timed with a bet limit of ``max_bet`` (stacks large enough for it):
    name -> (callable, relative repeat)."""
    stack = 10 * max_bet
    game = DrawPoker(players=5, max_bet=max_bet, stack=stack)
    state = game.new_state(seed=1, dealer=0)
    rng = np.random.default_rng(0)
    opening = Action("open", amount=max_bet)

    def bet() -> None:
        fresh = state.clone()
        fresh.apply(opening)

    return {
        "build the game": (lambda: DrawPoker(players=5, max_bet=max_bet, stack=stack), 1),
        "legal_actions()": (lambda: state.legal_actions(), 1),
        "len(legal_actions())": (lambda: len(state.legal_actions()), 1),
        "sample one action": (lambda: state.legal_actions().sample(rng), 1),
        "clone + one bet": (bet, 4),
        "clone only (baseline)": (state.clone, 4),
    }


def measure(repeat: int, rounds: int) -> tuple[dict[str, float], dict[str, float]]:
    """Best microseconds per call for each limit; the two limits alternate round by
    round, so a busy machine slows both alike."""
    small, large = (operations(limit) for limit in LIMITS)
    best: tuple[dict[str, float], dict[str, float]] = ({}, {})
    for _ in range(rounds):
        for ops, times in zip((small, large), best):
            for name, (make, slower) in ops.items():
                took = _per_call_us(make, repeat // slower)
                times[name] = min(times.get(name, took), took)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short timings")
    quick = parser.parse_args().quick
    small, large = measure(1_000, 10 if quick else 40)
    print(f"{'microseconds per call':<24}{'max_bet=10':>12}{'max_bet=10**9':>15}{'ratio':>8}")
    worst = 0.0
    for name in small:
        ratio = large[name] / small[name]
        worst = max(worst, ratio)
        print(f"{name:<24}{small[name]:>12.2f}{large[name]:>15.2f}{ratio:>7.2f}x")
    print(f"worst ratio {worst:.2f}x (target: within 2x)")


if __name__ == "__main__":
    main()
