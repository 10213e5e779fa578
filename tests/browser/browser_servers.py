"""Start JupyterLab and Voilà on free local ports for the browser tests and benchmarks.

Each server runs token-less on 127.0.0.1 in a temporary copy of the play notebooks,
and is stopped (SIGTERM, so it shuts its kernels down; SIGKILL if it hangs) at the end.
Chromium is Debian's ``/usr/bin/chromium``: Playwright's own download is not used.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SKIP_REASON = (
    f"no browser: {CHROMIUM} is not installed (Debian: apt-get install -y chromium); "
    "the real-browser tests need Debian's chromium, Playwright's own download is not used"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def notebook_copy() -> Path:
    """A temporary folder holding a copy of the play notebooks."""
    folder = Path(tempfile.mkdtemp(prefix="cardlab-browser-"))
    for notebook in NOTEBOOKS.glob("play-*.ipynb"):
        shutil.copy(notebook, folder / notebook.name)
    return folder


def _wait_for(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"no answer from {url} in {timeout} s:\n{log.read_text()[-3000:]}")


@contextlib.contextmanager
def server(kind: str, folder: Path) -> Iterator[str]:
    """Run ``kind`` ('voila' or 'lab') serving ``folder``; yields its base URL."""
    port = free_port()
    log = folder / f"{kind}.log"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(folder / "runtime"), JUPYTER_PLATFORM_DIRS="1")
    if kind == "voila":
        command = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                   "--show_tracebacks=True", str(folder)]
    elif kind == "lab":
        command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
                   "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
                   f"--ServerApp.root_dir={folder}", "--LabApp.news_url=None", "--allow-root",
                   "--LabApp.expose_app_in_browser=True",  # tests run commands through window.jupyterapp
                   f"--LabApp.workspaces_dir={folder / 'workspaces'}"]
    else:
        raise ValueError(kind)
    with open(log, "w") as out:
        proc = subprocess.Popen(command, cwd=folder, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base + ("/" if kind == "voila" else "/lab"), proc, log)
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)  # the server shuts its kernels down
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def launch_browser(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
