"""Import time of cardlab: ``import cardlab; import cardlab.widgets`` in a fresh interpreter.

Each run is a new ``python -c`` process (nothing cached in memory; the files are in the
operating system's cache after the first, warm-up run); the figure is the median of the
runs' import times as the interpreter counts them (``-X importtime``: the cumulative
microseconds of the top-level imports of ``cardlab`` and ``cardlab.widgets``, ipywidgets
included), and the process's wall time beside it. ``--against DIR`` times another
checkout the same way, interleaved run by run (a busy machine slows both alike), and
prints the difference: issue 29's target is that the catalogs (languages) add less than
10 ms.

    python benchmarks/bench_import.py
    git -C /work/main worktree add /tmp/old 4a5a9df     # the commit before the catalogs
    python benchmarks/bench_import.py --against /tmp/old --runs 30
    git -C /work/main worktree remove /tmp/old
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = "import cardlab; import cardlab.widgets"
_LINE = re.compile(r"import time:\s+\d+\s+\|\s+(\d+)\s+\|\s?(\s*)\S+")


def one_run(checkout: Path) -> tuple[float, float]:
    """(import time in ms by ``-X importtime``, wall time of the process in ms) for ``checkout``."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", CODE], env=env, capture_output=True, text=True,
                          check=True, cwd=checkout)
    wall = (time.perf_counter() - start) * 1000
    total = 0
    for match in _LINE.finditer(done.stderr):
        cumulative, indent = int(match[1]), match[2]
        if not indent:  # a top-level import of this process: counted once, with all it imports
            total += cumulative
    return total / 1000, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--against", type=Path, help="another checkout to compare with (e.g. a worktree of an old commit)")
    args = parser.parse_args()
    checkouts = {"this checkout": ROOT}
    if args.against is not None:
        checkouts[f"{args.against}"] = args.against.resolve()
    for path in checkouts.values():
        one_run(path)  # warm-up: the files into the operating system's cache, bytecode compiled
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
    for _ in range(args.runs):
        for name, path in checkouts.items():
            times[name].append(one_run(path))
    print(f"{CODE!r}, {args.runs} fresh interpreters each (Python {sys.version.split()[0]})")
    print(f"{'checkout':40} {'importtime median':>18} {'min':>8} {'wall median':>12}")
    medians = {}
    for name, runs in times.items():
        imports = sorted(t for t, _ in runs)
        medians[name] = statistics.median(imports)
        print(f"{name:40} {medians[name]:15.1f} ms {imports[0]:5.1f} ms {statistics.median(w for _, w in runs):9.1f} ms")
    if args.against is not None:
        grown = medians["this checkout"] - medians[str(args.against)]
        print(f"this checkout - {args.against}: {grown:+.1f} ms (target: less than +10 ms)")


if __name__ == "__main__":
    main()
