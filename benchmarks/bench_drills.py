"""How long a drill takes to make and to grade, per kind (issue 36: making an exercise, median
under 20 ms and p95 under 100 ms per kind, exact draw odds included).

    python benchmarks/bench_drills.py                  # 200 exercises a kind (about a minute)
    python benchmarks/bench_drills.py --exercises 30   # a smoke run
    python benchmarks/bench_drills.py --lang uk        # the same in Ukrainian

Each kind makes ``--exercises`` exercises from seeds 0, 1, 2 ... (default settings: the
seed chooses the deck, the players, the hierarchy), each timed wall-clock from the call to
the returned ``Exercise`` (the words included), with the CPU time of this process beside
it in brackets (the cores are shared). A few exercises of other seeds run first, so the
figures are those of a kernel that has made drills before; the first exercise of each kind
in a fresh interpreter (``import cardlab.drills`` done, its lookup tables not yet made) is
timed apart, as ``cold``. ``grade`` is the time to grade one answer (every option, or the
right number and a wrong one), which replays the position or counts the draws again.

Peers for scale, in the same run: one plain :func:`cardlab.hands.evaluate` call (a
five-card hand, 52 cards), the exact odds of one draw (:func:`cardlab.odds.draw_odds`, a
pair drawing three of 47 unseen cards: 16,215 draws) and of all 32 discards of a hand
(:func:`cardlab.odds.all_choices`), which the draw-odds drills compute once per hand.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

import numpy as np

from cardlab.cards import deck, parse_cards
from cardlab.drills import KINDS, exercise
from cardlab.hands import HandRules, evaluate
from cardlab.odds import all_choices, draw_odds

TARGET_MEDIAN, TARGET_P95 = 0.020, 0.100  # seconds (issue 36)
WARM = 5  # exercises of other seeds made first


def timed(call) -> tuple[float, float, object]:
    start, start_cpu = time.perf_counter(), time.process_time()
    result = call()
    return time.perf_counter() - start, time.process_time() - start_cpu, result


def making(kind: str, n: int, lang: str) -> tuple[list[float], list[float], list[float]]:
    """Wall and CPU seconds of making ``n`` exercises of ``kind``, and of grading each answer."""
    for seed in range(10_000, 10_000 + WARM):
        exercise(kind, seed, lang=lang)
    wall, cpu, grades = [], [], []
    for seed in range(n):
        seconds, cpu_seconds, drill = timed(lambda: exercise(kind, seed, lang=lang))
        wall.append(seconds)
        cpu.append(cpu_seconds)
        answers = range(len(drill.options)) if drill.options else (drill.answer, drill.answer + 1)
        for answer in answers:
            grades.append(timed(lambda: drill.grade(answer))[0])
    return wall, cpu, grades


def cold(kind: str, lang: str) -> float:
    """The first exercise of ``kind`` in a fresh interpreter, seconds (the import not counted)."""
    code = ("import time; from cardlab.drills import exercise; start = time.perf_counter(); "
            f"exercise({kind!r}, 0, lang={lang!r}); print(time.perf_counter() - start)")
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def peers(repeat: int = 2000) -> dict[str, float]:
    """Median seconds of the peers: one evaluate call, one draw's exact odds, all 32 discards."""
    rng = np.random.default_rng(0)
    cards = deck(52)
    hands = [tuple(cards[i] for i in rng.permutation(52)[:5]) for _ in range(repeat)]
    rules = HandRules()
    evaluate(hands[0], rules)
    one = []
    for hand in hands:
        start = time.perf_counter()
        evaluate(hand, rules)
        one.append(time.perf_counter() - start)
    pair = parse_cards("Jh Js 8c 4d 2s")
    draw_odds(pair, pair[2:])
    odds = [timed(lambda: draw_odds(pair, pair[2:]))[0] for _ in range(50)]
    every = [timed(lambda: all_choices(pair, rules))[0] for _ in range(20)]
    return {"evaluate, one hand": statistics.median(one), "draw_odds, one draw (16,215 draws)": statistics.median(odds),
            "all_choices, 32 discards": statistics.median(every)}


def ms(seconds: float) -> str:
    return f"{1000 * seconds:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exercises", type=int, default=200, help="exercises a kind (default 200)")
    parser.add_argument("--lang", default="en", help="the drills' language (default en)")
    args = parser.parse_args()
    print(f"making an exercise, ms wall-clock (CPU in brackets); {args.exercises} a kind, language {args.lang}")
    print(f"{'kind':<24} {'median':>12} {'p95':>12} {'max':>12} {'cold':>8} {'grade med':>10} {'grade p95':>10}  target")
    for kind in KINDS:
        wall, cpu, grades = making(kind, args.exercises, args.lang)
        median, p95 = statistics.median(wall), float(np.percentile(wall, 95))
        ok = "met" if median < TARGET_MEDIAN and p95 < TARGET_P95 else "MISSED"
        print(f"{kind:<24} {ms(median):>5} ({ms(statistics.median(cpu)):>4}) "
              f"{ms(p95):>5} ({ms(float(np.percentile(cpu, 95))):>4}) {ms(max(wall)):>5} ({ms(max(cpu)):>4}) "
              f"{ms(cold(kind, args.lang)):>8} {ms(statistics.median(grades)):>10} "
              f"{ms(float(np.percentile(grades, 95))):>10}  {ok}")
    print("\npeers, ms (median)")
    for name, seconds in peers().items():
        print(f"  {name:<38} {1000 * seconds:.4f}")


if __name__ == "__main__":
    main()
