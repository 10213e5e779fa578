"""The classroom server as a student or a stranger meets it (issue 27): only its three pages.

Real processes: ``cardlab-classroom`` serving on a free port (kernels culled after a few
seconds here, 30 s by default). Its bare address is the landing page; the folder
listing, the contents API and every other notebook are refused; a page fetched and never
opened in a browser ends its kernel. Then the same from a built wheel, installed in a
fresh virtual environment outside this checkout, run with a ``PATH`` that does not hold
that environment's ``bin``. (Reloaded and closed pages, in a real browser:
tests/browser/test_kernels_end.py.)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from cardlab.rooms import SQLiteStore
from tests.browser.browser_servers import ROOT, kernel_pids, server, wait_for_kernels

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300, method="signal")]

CULL_AFTER = 3  # s: short, so that a test can watch a kernel end


def fetch(url: str, timeout: float = 120) -> tuple[int, str]:
    """The status and text of a GET (an error status too, not an exception)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")



def page_error(html: str) -> bool:
    return "Traceback" in html or "There was an error when executing cell" in html


#: What Voilà writes where a page's cell put out a widget (its words come with the widget,
#: once a browser connects: they are not in the fetched HTML).
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def drew(html: str, page: str) -> bool:
    """Whether ``html`` is the classroom's ``page`` (Voilà titles a page by its notebook),
    its cell ran without an error and put out its widget."""
    return f"<title>{page}</title>" in html and WIDGET_VIEW in html and not page_error(html)


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    folder = tmp_path_factory.mktemp("classroom-server")
    for name in ("00-start-here.ipynb", "01-hands-and-short-decks.ipynb"):  # beside the store: still refused
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    store = SQLiteStore(folder / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, None])
    # No preheated kernels here: these tests count every kernel a page starts (the pool:
    # tests/test_class_on_the_server.py and tests/browser/test_kernels_end.py).
    options = (f"--cull-after={CULL_AFTER}", "--cull-interval=1", "--pool=0")
    with server("classroom", folder, options=options) as running:
        yield running, store, room


def test_the_bare_address_is_the_landing_page_and_lists_nothing(classroom):
    running, store, room = classroom
    status, html = fetch(running.url + "/")
    assert status == 200 and drew(html, "landing")
    assert not re.search(r"\.ipynb|00-start-here|class\.db", html), "the landing page names a file"


@pytest.mark.parametrize("path", [
    "/voila/tree", "/voila/tree/", "/voila/render/01-hands-and-short-decks.ipynb", "/voila/render/00-start-here.ipynb",
    "/voila/render/join.md", "/voila/render/../landing.ipynb", "/voila/api/contents/", "/voila/files/class.db",
    "/tree", "/lab", "/api/contents",
])
def test_the_tree_and_every_other_notebook_are_refused(classroom, path):
    running, _, _ = classroom
    before = len(kernel_pids(running.pid))
    status, html = fetch(running.url + path)
    assert status == 404, (path, status)
    assert "01-hands" not in html and "start-here" not in html
    assert len(kernel_pids(running.pid)) <= before, "a refused path started a kernel"


def test_the_join_and_teachers_pages_answer(classroom):
    running, store, room = classroom
    token = store.tokens(room)[0]
    status, html = fetch(f"{running.url}/voila/render/join.ipynb?room={room}&seat=0&token={token}")
    assert status == 200 and drew(html, "join")
    status, html = fetch(f"{running.url}/voila/render/teacher.ipynb?key={store.teacher_key()}")
    assert status == 200 and drew(html, "teacher")


def test_a_page_fetched_and_never_opened_ends_its_kernel(classroom):
    running, store, room = classroom
    wait_for_kernels(running.pid, 0, 60)  # the other tests' pages are gone too
    status, _ = fetch(f"{running.url}/voila/render/join.ipynb?room={room}&seat=1&token=wrong")
    assert status == 200 and len(kernel_pids(running.pid)) == 1  # the page is drawn, its kernel waits
    took = wait_for_kernels(running.pid, 0, CULL_AFTER + 30)
    print(f"\na fetched page's kernel ended {took:.1f} s after the page was drawn (cull after {CULL_AFTER} s)")
    assert took >= CULL_AFTER - 1.5, "the kernel ended before its time: a slow page would be cut off"
    assert "no page connected" in running.log_tail(20_000)


def _build_wheel(into: Path) -> Path:
    """cardlab's wheel, built from a copy of the sources (so nothing is written into the checkout)."""
    source = into / "source"
    shutil.copytree(ROOT / "cardlab", source / "cardlab", ignore=shutil.ignore_patterns("__pycache__", "*.md",
                                                                                         "jupytext.toml"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(into / "dist"), str(source)],
                   check=True, timeout=240, capture_output=True)
    (wheel,) = (into / "dist").glob("cardlab-*.whl")
    return wheel


def test_a_wheel_installed_in_a_fresh_venv_serves_the_classroom(tmp_path):
    wheel = _build_wheel(tmp_path)
    venv = tmp_path / "venv"
    # --system-site-packages: Voilà and the rest come from this Python, without a download;
    # cardlab itself only from the wheel (the venv's site-packages come first).
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-index",
                    f"{wheel}[app]"], check=True, timeout=240, capture_output=True, cwd=tmp_path)
    outside = tmp_path / "lesson"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV", "CARDLAB_CLASSROOM_DB"}}
    env["PATH"] = "/usr/bin:/bin"  # neither the venv's bin nor this Python's: the command must find Voilà itself
    # Voilà's templates and the widgets' page code are data files under <prefix>/share/jupyter: a
    # venv with its own Voilà has them under its own prefix, one borrowing this Python's does not.
    env["JUPYTER_PATH"] = str(Path(sys.base_prefix) / "share" / "jupyter")
    where = subprocess.run([str(python), "-c", "import cardlab; print(cardlab.__file__)"], capture_output=True,
                           text=True, check=True, env=env, cwd=outside).stdout.strip()
    assert where.startswith(str(venv)), f"cardlab comes from {where}, not from the wheel"

    store = SQLiteStore(outside / "class.db")
    room = store.create_room("fight_for_the_lead", {"players": 3, "games": 1}, seed=2, seats=[None, "rule", None])
    command = [str(venv / "bin" / "cardlab-classroom")]
    with server("classroom", outside, program=command, env=env, options=("--cull-after=3", "--cull-interval=1")) as running:
        printed = running.log_tail(20_000)
        assert "Teacher's page" in printed and "not installed" not in printed
        status, html = fetch(running.url + "/")
        assert status == 200 and drew(html, "landing"), running.log_tail()
        kernels = kernel_pids(running.pid)
        assert kernels and all(Path(f"/proc/{pid}/cmdline").read_bytes().startswith(str(venv).encode())
                               for pid in kernels), "the page's kernel does not run on the venv's Python"
        token = store.tokens(room)[2]
        status, html = fetch(f"{running.url}/voila/render/join.ipynb?room={room}&seat=2&token={token}")
        assert status == 200 and drew(html, "join"), running.log_tail()
        status, html = fetch(f"{running.url}/voila/render/teacher.ipynb?key={store.teacher_key()}")
        assert status == 200 and drew(html, "teacher"), running.log_tail()
        assert fetch(running.url + "/voila/tree")[0] == 404
