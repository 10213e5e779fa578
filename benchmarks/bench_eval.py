"""How fast cardlab evaluates five-card hands, against eval7, phevaluator and treys in the same run.

    python benchmarks/bench_eval.py            # the full run (about a minute)
    python benchmarks/bench_eval.py --quick    # a smoke run (a few seconds)

(a) all 2,598,960 hands of 52 cards: generated, evaluated and tallied by category;
(b) 10 million random five-card hands (seeded), evaluated;
(c) the category counts of all 17 deck settings (8 short decks x HR-5 ace-low on/off, and
    52 cards, where HR-1 always counts A-2-3-4-5), in a fresh interpreter so that
    ``import cardlab`` is part of the time;
(d) one hand at a time: ``cardlab.hands.evaluate`` in a plain Python loop over random
    52-card and 32-card hands, against treys (pure Python) and the C peers called the
    same way, and the first call's cost (the lookup tables made) for each setting.

cardlab runs every hand; the peers are Python-level loops (one call a hand), so they
run a subsample (1 million hands, or all of (a)) and their rate is hands per second of
that subsample. Every figure is the best of ``--repeat`` runs (the cores are shared).
The peers' own tallies are checked against the textbook counts so that each evaluator
is shown to do the same work.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import itertools
import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np

from cardlab import fast
from cardlab.cards import DECK_SIZES, Card
from cardlab.hands import CATEGORIES, HandRules, category_counts, evaluate

try:
    import eval7
except ImportError:  # pip install -e ".[bench]"
    eval7 = None
try:
    import phevaluator
    from phevaluator import _pheval
except ImportError:
    phevaluator = _pheval = None
try:
    import treys
except ImportError:
    treys = None

TEXTBOOK_52 = [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]  # HR-1 order
# phevaluator ranks 1 (best) .. 7462; the last rank of each category, best category first.
PHEVAL_LAST = [10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462]


CPU = {}  # wall seconds of a best run -> its CPU seconds (the cores are shared)


def version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "missing"


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, object]:
    best, result = math.inf, None
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        result = run()
        wall = time.perf_counter() - start
        if wall < best:
            best = wall
            CPU[best] = time.process_time() - cpu
    return best, result


def random_hands(n: int, seed: int) -> np.ndarray:
    """n uniformly random hands of five different cards (rows redrawn until distinct)."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(n, 5), dtype=np.uint8)
    todo = np.arange(n)  # rows still to check: only the redrawn ones after the first pass
    while len(todo):
        rows = hands[todo]
        repeated = np.zeros(len(todo), dtype=bool)
        for i, j in itertools.combinations(range(5), 2):
            repeated |= rows[:, i] == rows[:, j]
        todo = todo[repeated]
        hands[todo] = rng.integers(0, 52, size=(len(todo), 5), dtype=np.uint8)
    return hands


# ----------------------------------------------------------- the evaluators


def tally_cardlab(keys: np.ndarray, rules: HandRules) -> list[int]:
    by_strength = np.bincount(keys >> 20, minlength=9)
    counts = {str(rules.order[8 - s]): int(n) for s, n in enumerate(by_strength)}
    return [counts[str(c)] for c in CATEGORIES]


def peer_eval7(hands: np.ndarray) -> tuple[Callable[[], np.ndarray], Callable[[np.ndarray], list[int]]]:
    """eval7.evaluate over lists of eval7.Card built before the clock starts."""
    cards = [eval7.Card(Card.from_code(code).short) for code in range(52)]
    lists = [[cards[c] for c in row] for row in hands.tolist()]

    def run() -> np.ndarray:
        return np.fromiter(map(eval7.evaluate, lists), dtype=np.int64, count=len(lists))

    def tally(values: np.ndarray) -> list[int]:  # eval7: hand type in the top byte, 8 = SF
        return np.bincount(values >> 24, minlength=9)[::-1].tolist()

    return run, tally


def peer_phevaluator(rows: list[tuple[int, ...]], entry: Callable) -> tuple[Callable[[], np.ndarray], Callable]:
    """phevaluator on tuples of int card ids (phevaluator's ids are cardlab's codes)."""

    def run() -> np.ndarray:
        return np.fromiter(itertools.starmap(entry, rows), dtype=np.int64, count=len(rows))

    def tally(values: np.ndarray) -> list[int]:
        return np.bincount(np.searchsorted(PHEVAL_LAST, values), minlength=9).tolist()

    return run, tally


def peer_scalar(hands: np.ndarray) -> tuple[Callable[[], np.ndarray], Callable]:
    """cardlab.hands.evaluate, the pure-Python reference, on tuples of Card."""
    cards = [Card.from_code(code) for code in range(52)]
    rows = [tuple(cards[c] for c in row) for row in hands.tolist()]

    def run() -> np.ndarray:
        return np.fromiter((evaluate(row).key for row in rows), dtype=np.int64, count=len(rows))

    return run, lambda keys: tally_cardlab(keys, HandRules())


def peers(hands: np.ndarray, with_scalar: bool) -> list[tuple[str, Callable, Callable]]:
    found = []
    if eval7 is not None:
        found.append(("eval7.evaluate", *peer_eval7(hands)))
    if phevaluator is not None:
        rows = [tuple(row) for row in hands.tolist()]
        found.append(("phevaluator.evaluate_cards", *peer_phevaluator(rows, phevaluator.evaluate_cards)))
        found.append(("phevaluator _pheval (C, private)", *peer_phevaluator(rows, _pheval.evaluate_5cards)))
    if with_scalar:
        found.append(("cardlab.hands.evaluate (Python)", *peer_scalar(hands)))
    return found


# ---------------------------------------------------------------- the table


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, ...]] = []

    def add(self, task: str, who: str, hands: int, seconds: float, reference: float | None, note: str = "") -> float:
        rate = hands / seconds
        ratio = f"{rate / reference:8.1f}x" if reference else ""
        cpu = f"{CPU[seconds]:7.4f}" if seconds in CPU else ""
        self.rows.append((task, who, f"{hands:>10,}", f"{seconds:9.4f}", cpu, f"{rate / 1e6:9.2f}", ratio, note))
        return rate

    def print(self) -> None:
        head = ("task", "evaluator", "hands", "seconds", "cpu s", "M hands/s", "vs eval7", "note")
        widths = [max(len(str(r[i])) for r in [head, *self.rows]) for i in range(len(head))]
        line = "  ".join("{:<%d}" % w for w in widths)
        print(line.format(*head))
        print(line.format(*("-" * w for w in widths)))
        for row in self.rows:
            print(line.format(*row))


def compare_with_peers(
    table: Table, task: str, hands: np.ndarray, ours: float, note_ours: str, count: int, repeat: int,
    scalar: bool, expected: list[int] | None,
) -> None:
    """Time each peer on ``hands`` and put our rate (``count`` hands in ``ours`` s) beside it."""
    reference = None
    results = []
    for name, run, tally in peers(hands, scalar):
        seconds, values = best_of(repeat if "Python" not in name else 1, run)
        if expected is not None:
            assert tally(values) == expected, f"{name} tallied {tally(values)}"
        results.append((name, seconds))
        if name == "eval7.evaluate":
            reference = len(hands) / seconds
    table.add(task, "cardlab.fast", count, ours, reference, note_ours)
    for name, seconds in results:
        note = "tally checked" if expected is not None else ""
        note += (", " if note else "") + f"subsample of {len(hands):,}" if len(hands) < count else ""
        table.add(task, name, len(hands), seconds, reference, note)


# -------------------------------------------------------------------- (c)

COUNTS_SCRIPT = """
import time
start = time.perf_counter()
import json
import cardlab
from cardlab.cards import DECK_SIZES
from cardlab.fast import enumerate_counts
from cardlab.hands import HandRules
counts = {f"{n} {a}": enumerate_counts(HandRules(n, a)) for n in DECK_SIZES for a in (True, False) if a or n < 52}
print(json.dumps({"seconds": time.perf_counter() - start, "counts": counts}))
"""


def all_settings(table: Table, repeat: int) -> dict:
    best, result = math.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", COUNTS_SCRIPT], check=True, capture_output=True, text=True)
        wall = time.perf_counter() - start
        data = json.loads(out.stdout)
        if data["seconds"] < best:
            best, result = data["seconds"], (data, wall)
    data, wall = result
    total = sum(math.comb(n, 5) for n in DECK_SIZES) * 2 - math.comb(52, 5)
    table.add("(c) 17 deck settings", "cardlab.fast.enumerate_counts", total, best, None,
              f"fresh interpreter, import included; {wall:.2f} s with interpreter start-up")
    return data["counts"]


# -------------------------------------------------------------------- (d)

FIRST_CALL_SCRIPT = """
import json, time
from cardlab.cards import DECK_SIZES, deck
from cardlab.hands import HandRules, evaluate, evaluate_low, evaluate_partial
out = []
for n in DECK_SIZES:
    for a in (True, False):
        if a or n < 52:
            rules, hand = HandRules(n, a), deck(n)[-5:]
            row = [n, a]
            for f, cards in ((evaluate, hand), (evaluate_low, hand), (evaluate_partial, hand[:3])):
                start, cpu = time.perf_counter(), time.process_time()
                f(cards, rules)
                row += [time.perf_counter() - start, time.process_time() - cpu]
            start = time.process_time()
            for _ in range(10_000):
                evaluate(hand, rules)
            row.append((time.process_time() - start) / 10_000)
            out.append(row)
print(json.dumps(out))
"""


def scalar_loops(table: Table, n: int, seed: int, repeat: int) -> list:
    """One hand a call in a plain Python loop: cardlab.hands.evaluate against the peers."""
    rows52 = random_hands(n, seed)
    cards = [Card.from_code(code) for code in range(52)]
    hands52 = [tuple(cards[c] for c in row) for row in rows52.tolist()]
    rng = np.random.default_rng(seed + 1)
    hands32 = [tuple(cards[20 + c] for c in rng.choice(32, 5, replace=False)) for _ in range(n)]
    rules52, rules32 = HandRules(), HandRules(32)
    evaluate(hands52[0], rules52), evaluate(hands32[0], rules32)  # tables made before the clock starts

    def ours(hands: list, rules: HandRules) -> Callable[[], int]:
        def run() -> int:
            best = 0
            for hand in hands:
                key = evaluate(hand, rules).key
                if key > best:
                    best = key
            return best
        return run

    runs = [("(d) 52 cards, one call a hand", "cardlab.hands.evaluate", len(hands52), ours(hands52, rules52))]
    if treys is not None:
        evaluator = treys.Evaluator()
        tcards = [treys.Card.new(card.short) for card in cards]
        split = [([tcards[c] for c in row[:2]], [tcards[c] for c in row[2:]]) for row in rows52.tolist()]
        whole = [[tcards[c] for c in row] for row in rows52.tolist()]

        def treys_public() -> int:  # treys' API: hand and board; the lowest rank is the best
            best = 1 << 30
            for hand, board in split:
                rank = evaluator.evaluate(hand, board)
                if rank < best:
                    best = rank
            return best

        def treys_five() -> int:  # its five-card routine called directly (private)
            best = 1 << 30
            five = evaluator._five
            for hand in whole:
                rank = five(hand)
                if rank < best:
                    best = rank
            return best

        runs += [("(d) 52 cards, one call a hand", "treys Evaluator.evaluate (Python)", len(split), treys_public),
                 ("(d) 52 cards, one call a hand", "treys Evaluator._five (Python, private)", len(whole), treys_five)]
    if eval7 is not None:
        e7 = [eval7.Card(card.short) for card in cards]
        lists = [[e7[c] for c in row] for row in rows52.tolist()]

        def eval7_loop() -> int:
            best = 0
            for hand in lists:
                value = eval7.evaluate(hand)
                if value > best:
                    best = value
            return best
        runs.append(("(d) 52 cards, one call a hand", "eval7.evaluate (C)", len(lists), eval7_loop))
    if phevaluator is not None:
        tuples = [tuple(row) for row in rows52.tolist()]

        def pheval_loop() -> int:
            best = 1 << 30
            entry = _pheval.evaluate_5cards
            for hand in tuples:
                rank = entry(*hand)
                if rank < best:
                    best = rank
            return best
        runs.append(("(d) 52 cards, one call a hand", "phevaluator _pheval (C, private)", len(tuples), pheval_loop))
    runs.append(("(d) 32 cards, one call a hand", "cardlab.hands.evaluate", len(hands32), ours(hands32, rules32)))

    results = {}
    for task, who, count, run in runs:
        seconds, _ = best_of(repeat, run)
        results[who, task] = count / seconds
    peer = results.get(("treys Evaluator.evaluate (Python)", "(d) 52 cards, one call a hand"))
    for task, who, count, _ in runs:
        rate = results[who, task]
        note = f"{rate / peer:.2f}x treys Evaluator.evaluate" if peer else ""
        if task.startswith("(d) 32"):
            note += f"; {rate / results['cardlab.hands.evaluate', '(d) 52 cards, one call a hand']:.2f}x the 52-card rate"
        table.add(task, who, count, count / rate, None, note)
    assert [evaluate(h).key for h in hands52[:2000]] == fast.evaluate_batch(rows52[:2000]).tolist()
    out = subprocess.run([sys.executable, "-c", FIRST_CALL_SCRIPT], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: small samples, one repeat")
    parser.add_argument("--hands", type=int, default=None, help="random hands for (b) (default 10,000,000)")
    parser.add_argument("--subsample", type=int, default=None, help="hands the peers evaluate in (b)")
    parser.add_argument("--repeat", type=int, default=None, help="best of this many runs")
    parser.add_argument("--scalar", type=int, default=None, help="hands for the one-at-a-time loops of (d) (default 300,000)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    n_random = args.hands or (200_000 if args.quick else 10_000_000)
    subsample = min(args.subsample or (50_000 if args.quick else 1_000_000), n_random)
    repeat = args.repeat or (1 if args.quick else 3)
    rules = HandRules()
    table = Table()

    print(f"cardlab benchmark: python {sys.version.split()[0]}, numpy {np.__version__}, "
          f"eval7 {version('eval7')}, phevaluator {version('phevaluator')}, treys {version('treys')}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}, best of {repeat} (seconds: wall; cpu s: this process)\n")
    fast.evaluate_batch(fast.all_hands(20), HandRules(20))  # build the shared tables once

    # (a) every 52-card hand: generate (not cached), evaluate, tally
    def every_hand() -> list[int]:
        hands = fast._combinations(52, 5)
        return tally_cardlab(fast.evaluate_batch(hands, rules), rules)

    fast.evaluate_batch(fast.all_hands(52)[:10], rules)
    seconds, tally = best_of(repeat, every_hand)
    assert tally == TEXTBOOK_52, tally
    all52 = fast.all_hands(52)
    sub_a = all52 if not args.quick else all52[:: len(all52) // subsample]
    compare_with_peers(table, "(a) all 52-card hands", sub_a, seconds, "all_hands + evaluate_batch + tally", len(all52), repeat, False,
                       TEXTBOOK_52 if len(sub_a) == len(all52) else None)
    eval_only, _ = best_of(repeat, lambda: fast.evaluate_batch(all52, rules))
    table.add("(a) all 52-card hands", "  of which evaluate_batch alone", len(all52), eval_only, None, "hands already built")

    # (b) random hands
    start = time.perf_counter()
    hands = random_hands(n_random, args.seed)
    made = time.perf_counter() - start
    seconds, keys = best_of(repeat, lambda: fast.evaluate_batch(hands, rules))
    compare_with_peers(table, "(b) random hands", hands[:subsample], seconds, "evaluate_batch", n_random, repeat, True, None)
    unchecked, _ = best_of(repeat, lambda: fast.evaluate_batch(hands, rules, check=False))
    table.add("(b) random hands", "  evaluate_batch(check=False)", n_random, unchecked, None, "no range/duplicate check")
    sample = hands[:2000]
    assert keys[:2000].tolist() == [evaluate([Card.from_code(c) for c in row]).key for row in sample.tolist()]

    # (c) every deck setting
    counts = all_settings(table, repeat)
    for size in DECK_SIZES:
        for ace_low in (True, False) if size < 52 else (True,):
            assert counts[f"{size} {ace_low}"] == category_counts(size, ace_low), (size, ace_low)

    # (d) one hand at a time
    n_scalar = args.scalar or (30_000 if args.quick else 300_000)
    first_calls = scalar_loops(table, n_scalar, args.seed, repeat)

    table.print()
    print(f"\n(b) {n_random:,} random hands drawn in {made:.2f} s (not timed); peers ran the first "
          f"{subsample:,}. Every cardlab count matched hands.category_counts; (a) matched the textbook.")
    print("\n(c) category counts, HR-1 order:")
    print(f"{'deck':>4} {'ace-low':>7}  " + " ".join(f"{str(c)[:10]:>10}" for c in CATEGORIES))
    for size in DECK_SIZES:
        for ace_low in (True, False) if size < 52 else (True,):
            row = counts[f"{size} {ace_low}"]
            print(f"{size:>4} {str(ace_low):>7}  " + " ".join(f"{row[str(c)]:>10,}" for c in CATEGORIES))
    print(f"\n(d) {n_scalar:,} random hands per loop (seeded); the rate is hands per second of the whole loop."
          "\nFirst call per setting in a fresh interpreter, wall ms (cpu ms): the tables are made then, once per"
          "\nsetting; then the mean cpu time of the next 10,000 evaluate calls.")
    print(f"{'deck':>4} {'ace-low':>7}  {'evaluate':>15} {'evaluate_low':>15} {'evaluate_partial':>17}  {'later calls':>11}")
    for size, ace_low, high, high_cpu, low, low_cpu, partial, partial_cpu, later in first_calls:
        print(f"{size:>4} {str(ace_low):>7}  {high * 1e3:7.1f} ({high_cpu * 1e3:5.1f}) {low * 1e3:7.1f} ({low_cpu * 1e3:5.1f}) "
              f"{partial * 1e3:9.1f} ({partial_cpu * 1e3:5.1f})  {later * 1e6:8.2f} us")


if __name__ == "__main__":
    main()
