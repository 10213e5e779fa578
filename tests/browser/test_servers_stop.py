"""The browser tests' servers are always stopped: after a failure inside the block, and
when the process that started them dies without cleaning up (a hard timeout, a kill)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .browser_servers import ROOT, server

pytestmark = pytest.mark.timeout(120, method="signal")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped) is not a running server
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def wait_gone(pid: int, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.2)
    return False


def test_a_server_is_stopped_when_its_block_fails(tmp_path):
    pid = None
    with pytest.raises(RuntimeError, match="a test failed here"):
        with server("voila", tmp_path) as running:
            pid = running.pid
            assert alive(pid)
            raise RuntimeError("a test failed here")
    assert pid is not None and wait_gone(pid)


def test_a_server_dies_with_the_process_that_started_it(tmp_path):
    script = (
        "import os, sys; sys.path.insert(0, {root!r}); "
        "from pathlib import Path; from tests.browser.browser_servers import server\n"
        "with server('voila', Path({folder!r})) as running:\n"
        "    print(running.pid, flush=True); os._exit(3)  # no cleanup at all, as a hard timeout"
    ).format(root=str(ROOT), folder=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=100)
    assert result.returncode == 3, result.stderr[-2000:]
    pid = int(result.stdout.split()[0])
    assert wait_gone(pid), f"the server {pid} outlived the process that started it"
