"""Start JupyterLab, Voilà and the classroom server on free local ports for the tests and benchmarks.

Each server runs token-less on 127.0.0.1 in a temporary copy of the play notebooks (the
classroom server, ``cardlab-classroom``, serves its own pages from one process, with its
store in that folder).
It is always stopped: at the end of its ``with`` block (SIGTERM, so it shuts its
kernels down; SIGKILL if it hangs), also after a failure or a pytest-timeout, and,
should this process die without cleaning up, by the kernel's parent-death signal
(``PR_SET_PDEATHSIG``). A server that does not answer is started again a bounded
number of times, then the start fails with the end of its log.
Chromium is Debian's ``/usr/bin/chromium``: Playwright's own download is not used.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--js-flags=--expose-gc",  # the heap benchmark collects garbage before it reads the heap
]
SKIP_REASON = (
    f"no browser: {CHROMIUM} is not installed (Debian: apt-get install -y chromium); "
    "the real-browser tests need Debian's chromium, Playwright's own download is not used"
)
VIEWPORT = {"width": 1280, "height": 900}
START_TIMEOUT = 90.0  # s for a server to answer
START_ATTEMPTS = 2  # a server that does not answer is started again once, on a new port

#: Extra notebooks the tests serve beside the play notebooks: name -> the cell's code.
EXTRA_NOTEBOOKS = {
    "play-hotseat": "from cardlab.widgets import KontrabluffTable\n\nKontrabluffTable(seed=7, hotseat=True)",
    "odds-explorer": "from cardlab.widgets import OddsExplorer\n\nOddsExplorer(deck_size=32)",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _notebook(code: str) -> dict:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "table", "metadata": {}, "outputs": [],
                   "source": code}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def notebook_copy() -> Path:
    """A temporary folder holding a copy of the play notebooks (and the tests' extra ones)."""
    folder = Path(tempfile.mkdtemp(prefix="cardlab-browser-"))
    for notebook in NOTEBOOKS.glob("play-*.ipynb"):
        shutil.copy(notebook, folder / notebook.name)
    for name, code in EXTRA_NOTEBOOKS.items():
        (folder / f"{name}.ipynb").write_text(json.dumps(_notebook(code)))
    return folder


@dataclass(frozen=True)
class Server:
    """A running server: its base URL and its log file."""

    url: str
    log: Path
    pid: int

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError as error:
            return f"(no log: {error})"


class ServerNotReady(RuntimeError):
    pass


def _die_with_parent() -> None:  # runs in the child before exec: SIGTERM when the test process dies
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _wait_for(url: str, proc: subprocess.Popen, log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ServerNotReady(f"the server stopped (exit {proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except OSError:
            time.sleep(0.3)
    raise ServerNotReady(f"no answer from {url} in {timeout:.0f} s:\n{log.read_text()[-3000:]}")


#: The classroom server, as the tests start it (``program`` may be another install's command).
CLASSROOM = [sys.executable, "-m", "cardlab.app"]
#: A URL each kind of server answers once it is up, without starting a kernel.
READY = {"voila": "/", "lab": "/lab", "classroom": "/_cardlab/pages"}


def _command(kind: str, port: int, folder: Path, program: list[str] | None = None) -> list[str]:
    if kind == "classroom":
        return [*(program or CLASSROOM), f"--port={port}", "--host=127.0.0.1", "--ip=127.0.0.1",
                f"--db={folder / 'class.db'}"]  # one process: Solara's server (cardlab.app.server)
    if kind == "voila":
        return [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                "--show_tracebacks=True", str(folder)]
    if kind == "lab":
        return [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
                "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
                f"--ServerApp.root_dir={folder}", "--LabApp.news_url=None", "--allow-root",
                "--LabApp.expose_app_in_browser=True",  # tests run commands through window.jupyterapp
                f"--LabApp.workspaces_dir={folder / 'workspaces'}"]
    raise ValueError(f"kind must be 'voila', 'lab' or 'classroom', got {kind!r}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)  # the server shuts its kernels down
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the server and any kernel it left
        proc.wait(timeout=10)


@contextlib.contextmanager
def server(kind: str, folder: Path, *, attempts: int = START_ATTEMPTS, timeout: float = START_TIMEOUT,
           options: tuple[str, ...] = (), program: list[str] | None = None,
           env: dict[str, str] | None = None) -> Iterator[Server]:
    """Run ``kind`` ('voila', 'lab' or 'classroom') serving ``folder``; yields its :class:`Server`.

    ``options`` are added to the command; ``program`` replaces the classroom's command
    (``[".../venv/bin/cardlab-classroom"]``), ``env`` the environment (by default this
    one, with this checkout first on ``PYTHONPATH``). The server is stopped when the block
    ends, however it ends.
    """
    if env is None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env = dict(env, JUPYTER_RUNTIME_DIR=str(folder / "runtime"), JUPYTER_PLATFORM_DIRS="1")
    for attempt in range(1, attempts + 1):
        port = free_port()
        log = folder / f"{kind}-{attempt}.log"
        with open(log, "w") as out:
            proc = subprocess.Popen([*_command(kind, port, folder, program), *options], cwd=folder, stdout=out,
                                    stderr=subprocess.STDOUT, env=env, start_new_session=True,
                                    preexec_fn=_die_with_parent)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_for(base + READY[kind], proc, log, timeout)
        except ServerNotReady:
            _stop(proc)
            if attempt == attempts:
                raise
            continue
        try:
            yield Server(base, log, proc.pid)
        finally:
            _stop(proc)
        return


def kernel_pids(server_pid: int) -> list[int]:
    """The kernels a server runs now: its child processes running ipykernel."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if parent == server_pid and b"ipykernel" in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue  # it ended while we looked
    return found


def wait_for_kernels(pid: int, at_most: int, seconds: float) -> float:
    """Seconds until server ``pid`` runs at most ``at_most`` kernels; fails after ``seconds``."""
    start = time.monotonic()
    while len(kernel_pids(pid)) > at_most:
        assert time.monotonic() - start < seconds, f"{len(kernel_pids(pid))} kernels after {seconds:.0f} s"
        time.sleep(0.5)
    return time.monotonic() - start


def kernel_ids(server_pid: int) -> dict[str, int]:
    """The kernels a server runs now by kernel id (their connection file's name): their pids."""
    found = {}
    for pid in kernel_pids(server_pid):
        try:
            match = re.search(rb"kernel-([0-9a-f-]+)\.json", Path(f"/proc/{pid}/cmdline").read_bytes())
        except OSError:
            continue  # it ended while we looked
        if match:
            found[match.group(1).decode()] = pid
    return found


def open_pages(server: Server) -> dict:
    """The classroom server's own count of its open pages (``/_cardlab/pages``): by kind, and
    Solara's virtual kernels."""
    with urllib.request.urlopen(server.url + "/_cardlab/pages", timeout=10) as response:
        return json.loads(response.read())


def wait_for_pages(server: Server, condition, seconds: float) -> float:
    """Seconds until ``condition(open_pages(server))`` holds; fails after ``seconds`` with the count."""
    start = time.monotonic()
    while True:
        pages = open_pages(server)
        if condition(pages):
            return time.monotonic() - start
        assert time.monotonic() - start < seconds, f"the server's pages after {seconds:.0f} s: {pages}"
        time.sleep(0.25)


def process_tree_mb(pid: int) -> float:
    """Resident memory (MB) of a process and every process under it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += resident_mb(current)
        todo += children.get(current, [])
    return total


def page_kernel(html: str) -> str:
    """The id of the kernel a Voilà page fetched as ``html`` runs on ("" if it names none)."""
    match = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
    return match.group(1) if match else ""


def resident_mb(pid: int) -> float:
    """A process's resident memory (VmRSS) in MB, 0 if it has ended."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def launch_browser(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=60_000)


@contextlib.contextmanager
def voila_browser(folder: Path, kind: str = "voila", options: tuple[str, ...] = ()) -> Iterator[tuple[Server, object]]:
    """Voilà (or the classroom server, ``kind="classroom"``) serving ``folder`` and Debian's
    Chromium, both stopped when the block ends (the benchmarks' set-up:
    ``with voila_browser(folder) as (voila, browser): ...``)."""
    from playwright.sync_api import sync_playwright

    with server(kind, folder, options=options) as running, sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            yield running, browser
        finally:
            browser.close()


def write_notebook(folder: Path, name: str, code: str) -> Path:
    """A one-cell notebook ``name.ipynb`` in ``folder`` running ``code`` (for a benchmark's peer)."""
    path = folder / f"{name}.ipynb"
    path.write_text(json.dumps(_notebook(code)))
    return path


# Voilà and JupyterLab scroll inside an element, so Playwright's full-page shot would stop at
# the window: for a screenshot the window is made as tall as the content, then set back.
def full_page_screenshot(page, path: Path) -> None:
    """The whole page, also what lies below a scrolling box (Voilà's ``#rendered_cells``)."""
    size = page.viewport_size
    height = page.evaluate(
        "() => Math.max(document.documentElement.scrollHeight, ...[...document.querySelectorAll("
        "'#rendered_cells, .jp-WindowedPanel-outer, .jp-Notebook')].map(e => e.scrollHeight + "
        "e.getBoundingClientRect().top))")
    try:
        page.set_viewport_size({"width": size["width"], "height": int(max(size["height"], min(height + 40, 6000)))})
        page.screenshot(path=str(path), full_page=True, timeout=30_000)
    finally:
        page.set_viewport_size(size)
