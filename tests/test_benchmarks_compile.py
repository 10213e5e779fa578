"""Every benchmark script is at least valid Python for this interpreter.

The benchmarks are run by hand, not by the suite (speed is measured there, never
asserted), so a slip such as a nested quote in an f-string (valid only from Python
3.12) would otherwise go unseen until someone runs them.
"""

from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("*.py"))


def test_there_are_benchmarks():
    assert len(BENCHMARKS) >= 5, BENCHMARKS


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_benchmark_compiles(path: Path):
    compile(path.read_text(), str(path), "exec")  # raises SyntaxError naming the line
