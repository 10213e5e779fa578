"""The classroom server as a student or a stranger meets it (issue 37): one process, its pages only.

Real processes: ``cardlab-classroom`` serving on a free port. Its pages answer
(``/``, ``/join``, ``/teacher``, ``/slips``); every other path is refused, a file beside
the store too; the page names only the server's own addresses for its browser code,
which the server serves from the package's copy even when the internet is out of reach
(an unreachable proxy stands for a school network); it runs no kernel process of its own
for any page. Then the same from a built wheel, installed in a fresh virtual environment
outside this checkout, run with a ``PATH`` that does not hold that environment's ``bin``.
(The pages in a real browser: tests/browser/test_classroom_in_browser.py.)
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from cardlab.app import assets
from cardlab.rooms import SQLiteStore, seat_class
from tests.browser.browser_servers import ROOT, kernel_pids, open_pages, server

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300, method="signal")]

#: Where a process sends its web requests when this proxy is set: nowhere (a closed port).
NO_INTERNET = {"HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9", "NO_PROXY": "127.0.0.1,localhost",
               "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9", "no_proxy": "127.0.0.1,localhost"}
SCRIPT = "/_solara/cdn/@widgetti/solara-vuetify3-app@5.2.0/dist/solara-vuetify-app8.min.js"


def fetch(url: str, timeout: float = 60) -> tuple[int, str]:
    """The status and text of a GET (an error status too, not an exception)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def fetch_bytes(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read()


def outside_addresses(html: str) -> list[str]:
    """The addresses a page's HTML loads from elsewhere than its own server."""
    return [url for url in re.findall(r'(?:src|href)="([^"]+)"', html) if re.match(r"^(https?:)?//", url)]


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    folder = tmp_path_factory.mktemp("classroom-server")
    shutil.copy(ROOT / "notebooks" / "00-start-here.ipynb", folder / "00-start-here.ipynb")  # beside the store: refused
    store = SQLiteStore(folder / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, None])
    class_id = seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=1)
    env = {**os.environ, **NO_INTERNET, "PYTHONPATH": str(ROOT)}
    with server("classroom", folder, env=env) as running:
        yield running, store, room, class_id


def test_the_pages_answer_and_load_nothing_from_elsewhere(classroom):
    running, store, room, _ = classroom
    token = store.tokens(room)[0]
    for path in ("/", f"/join?room={room}&seat=0&token={token}", f"/teacher?key={store.teacher_key()}", "/?lang=pl"):
        status, html = fetch(running.url + path)
        assert status == 200 and "solara-vuetify-app8.min.js" in html, (path, status)
        assert not outside_addresses(html), outside_addresses(html)
        assert token not in html.replace(path, "") and "class.db" not in html
    assert not kernel_pids(running.pid), "a page started a kernel process: one process serves every page"


def test_solaras_own_words_are_all_replaced_where_its_template_has_them():
    """Each of Solara's English words the classroom replaces (cardlab.app.server.SOLARA_WORDS)
    is still in the installed Solara's template: an upgrade that rewords one fails here."""
    import solara.server

    from cardlab.app.server import SOLARA_WORDS

    template = (Path(solara.server.__file__).parent / "templates" / "solara.html.j2").read_text()
    assert [pattern for pattern, _ in SOLARA_WORDS if not re.search(pattern, template)] == []


@pytest.mark.parametrize("lang", ["pl", "sv", "uk", "en"])
def test_the_pages_frame_speaks_the_pages_language(classroom, lang):
    """Issue 37: what Solara's frame says to a student (the connection lost, a session being
    restored, loading) is said in the page's language, in cardlab's words; none of Solara's
    English is left on the landing page or a join page."""
    from cardlab.app.server import SOLARA_WORDS
    from cardlab.words import language
    from cardlab.words.classroom import page_frame

    running, store, room, _ = classroom
    token = store.tokens(room)[1]
    with language(lang):
        said = page_frame()
    for path in (f"/?lang={lang}", f"/join?room={room}&seat=1&token={token}&lang={lang}"):
        status, page = fetch(running.url + path)
        assert status == 200 and f'<html lang="{lang}">' in page
        left = [pattern for pattern, key in SOLARA_WORDS if re.search(pattern, page) and not (lang == "en" and key == "cancel")]
        assert left == [], path  # ("Cancel" is cardlab's word too, in English)
        for key in ("disconnected", "not_restored", "app_disconnected", "restoring"):
            assert said[key] in page, (path, key)
        assert json.dumps(said["loading"], ensure_ascii=False) in page
        if lang != "en":
            assert "Server disconnected" not in page and "Restoring session…" not in page  # (a script's comment names it)
            assert said["disconnected"] != page_frame()["disconnected"]  # translated, not English


@pytest.mark.parametrize("path", [
    "/voila/tree", "/voila/render/join.ipynb", "/voila/render/00-start-here.ipynb", "/tree", "/lab", "/api/contents",
    "/class.db", "/00-start-here.ipynb", "/_solara/cdn/../class.db", "/static/../class.db", "/files/class.db",
])
def test_every_other_path_is_refused(classroom, path):
    running, *_ = classroom
    status, html = fetch(running.url + path)
    assert status == 404, (path, status)
    assert "start-here" not in html


def test_the_browser_code_comes_from_the_package_with_no_internet(classroom):
    running, *_ = classroom
    for name, (version, _) in assets.PACKAGES.items():
        for entry in assets.ENTRIES[name]:
            served = fetch_bytes(f"{running.url}/_solara/cdn/{name}@{version}/{entry}")
            assert served == (assets.folder() / f"{name}@{version}" / entry).read_bytes(), entry
    assert "Could not load URL" not in running.log_tail(20_000)


def test_the_slips_page_prints_for_the_teacher_only(classroom):
    running, store, _, class_id = classroom
    status, html = fetch(f"{running.url}/slips?class={class_id}&key={store.teacher_key()}")
    assert status == 200 and html.count('class="cl-slip"') == 2 and "Ana" in html and "Ben" in html
    assert f"{running.url}/" in html and not outside_addresses(html)
    status, html = fetch(f"{running.url}/slips?class={class_id}&key=wrong")
    assert status == 403 and "Ana" not in html and "cl-slip" not in html


def test_the_server_counts_its_open_pages(classroom):
    running, *_ = classroom
    assert open_pages(running) == {"pages": {"landing": 0, "join": 0, "teacher": 0, "drill": 0}, "kernels": 0}


def _build_wheel(into: Path) -> Path:
    """cardlab's wheel, built from a copy of the sources (nothing is written into the checkout)."""
    source = into / "source"
    shutil.copytree(ROOT / "cardlab", source / "cardlab", ignore=shutil.ignore_patterns("__pycache__", "*.md",
                                                                                         "jupytext.toml"))
    for name in ("pyproject.toml", "README.md", "setup.py"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w",
                    str(into / "dist"), str(source)], check=True, timeout=240, capture_output=True)
    (wheel,) = (into / "dist").glob("cardlab-*.whl")
    return wheel


def test_a_wheel_installed_in_a_fresh_venv_serves_the_classroom_offline(tmp_path):
    wheel = _build_wheel(tmp_path)
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert "cardlab/app/cdn/@widgetti/solara-vuetify3-app@5.2.0/dist/solara-vuetify-app8.min.js" in names
    venv = tmp_path / "venv"
    # --system-site-packages: Solara and the rest come from this Python, without a download;
    # cardlab itself only from the wheel (the venv's site-packages come first).
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-index",
                    "--no-deps", str(wheel)], check=True, timeout=240, capture_output=True, cwd=tmp_path)
    outside = tmp_path / "lesson"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV", "CARDLAB_CLASSROOM_DB"}}
    env.update(NO_INTERNET, PATH="/usr/bin:/bin")  # neither the venv's bin nor this Python's
    # The widgets' page code and its configuration are data files under <prefix>/share/jupyter and
    # <prefix>/etc/jupyter: a venv with its own Solara has them under its own prefix, one
    # borrowing this Python's does not.
    env["JUPYTER_PATH"] = str(Path(sys.base_prefix) / "share" / "jupyter")
    env["JUPYTER_CONFIG_PATH"] = str(Path(sys.base_prefix) / "etc" / "jupyter")
    where = subprocess.run([str(python), "-c", "import cardlab; print(cardlab.__file__)"], capture_output=True,
                           text=True, check=True, env=env, cwd=outside).stdout.strip()
    assert where.startswith(str(venv)), f"cardlab comes from {where}, not from the wheel"

    store = SQLiteStore(outside / "class.db")
    room = store.create_room("fight_for_the_lead", {"players": 3, "games": 1}, seed=2, seats=[None, "rule", None])
    with server("classroom", outside, program=[str(venv / "bin" / "cardlab-classroom")], env=env) as running:
        printed = running.log_tail(20_000)
        assert "Teacher's page" in printed and "not installed" not in printed, printed
        status, html = fetch(running.url + "/")
        assert status == 200 and not outside_addresses(html), running.log_tail()
        installed = next(venv.glob("lib/python*/site-packages/cardlab/app/cdn"))
        assert fetch_bytes(running.url + SCRIPT) == (installed / SCRIPT.split("/_solara/cdn/")[1]).read_bytes()
        token = store.tokens(room)[2]
        assert fetch(f"{running.url}/join?room={room}&seat=2&token={token}")[0] == 200
        assert fetch(f"{running.url}/teacher?key={store.teacher_key()}")[0] == 200
        assert fetch(running.url + "/voila/tree")[0] == 404


def test_the_memory_trim_ends_the_idle_threads_that_held_closed_pages(monkeypatch):
    """Issue 37 (memory back after a class leaves): each page's websocket held an AnyIO worker
    thread, which AnyIO ends, once idle, only when next given work; the trim gives it that
    work on the server's loop, so the idle threads end (and their memory with them)."""
    import asyncio
    import threading

    import anyio.to_thread
    from anyio._backends import _asyncio as anyio_asyncio

    from cardlab.app import web
    from cardlab.app.server import SERVER

    def workers() -> int:
        return sum(thread.name == "AnyIO worker thread" and thread.is_alive() for thread in threading.enumerate())

    loop, ready, stop = asyncio.new_event_loop(), threading.Event(), []

    async def serve() -> None:  # the server's main task (uvicorn's): the worker threads' root
        stop.append(asyncio.Event())
        ready.set()
        await stop[0].wait()

    runner = threading.Thread(target=lambda: loop.run_until_complete(serve()), daemon=True)
    before = workers()
    runner.start()
    assert ready.wait(10)
    try:
        gate = threading.Barrier(6)

        async def six_at_once() -> None:  # six pages' websockets: six worker threads
            await asyncio.gather(*(anyio.to_thread.run_sync(gate.wait) for _ in range(6)))

        asyncio.run_coroutine_threadsafe(six_at_once(), loop).result(timeout=30)
        assert workers() >= before + 6
        monkeypatch.setattr(anyio_asyncio.WorkerThread, "MAX_IDLE_TIME", 0.0)  # (10 s in a real server)
        monkeypatch.setitem(SERVER, "loop", loop)
        web._end_idle_workers()
        for _ in range(100):
            if workers() <= before + 1:
                break
            threading.Event().wait(0.05)
        assert workers() <= before + 1, "idle worker threads were left running"
    finally:
        loop.call_soon_threadsafe(stop[0].set)
        runner.join(timeout=10)
        loop.close()
