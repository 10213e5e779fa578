"""Repository-wide pytest hooks: where the time of a run went, file by file.

``tools/test.sh`` must finish in well under 10 minutes on two cores (CI's budget); the
summary at the end of every run names the files that cost the most, so a slow test
shows up the day it arrives (``--durations`` lists single tests beside it).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

_seconds_by_file: dict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # Called in the controller for every phase, under xdist too.
    _seconds_by_file[report.nodeid.split("::", 1)[0]] += report.duration


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if not _seconds_by_file:
        return
    slowest = sorted(_seconds_by_file.items(), key=lambda item: -item[1])[:15]
    terminalreporter.write_sep("=", "slowest files (seconds of test time, all phases)")
    for path, seconds in slowest:
        terminalreporter.write_line(f"{seconds:8.1f}  {path}")
