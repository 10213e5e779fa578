"""The ``cardlab-classroom`` command and its pages without a server (issue 37): options, links,
the pages' builders, the slips, and the browser code installed with the package.

The real server is started in tests/test_classroom_server.py and tests/browser/test_classroom_in_browser.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardlab.app import CULL_AFTER, PATHS, assets, join_page, landing_page, main, slips_page
from cardlab.rooms import SQLiteStore, seat_class
from cardlab.widgets.landing import LANDING_WORDS
from tests.test_widgets import assert_plain_words

ROOT = Path(__file__).resolve().parents[1]


def test_the_command_keeps_its_options_and_refuses_voilas(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    assert main(["--db", db, "--port", "8870", "--host", "pc", "--ip", "127.0.0.1", "--cull-after", "7", "--lang", "sv",
                 "--dry-run"]) == 0
    out = capsys.readouterr().out
    key = SQLiteStore(db).teacher_key()
    assert f"http://pc:8870/teacher?key={key}" in out and "http://pc:8870/ " in out and "7 s" in out
    assert "Svenska" in out
    for voila_only in (["--pool=2"], ["--cull-interval=1"], ["--show_tracebacks=True"], ["notebooks/"]):
        with pytest.raises(SystemExit):  # Voilà's options are gone (README: the classroom section)
            main(["--db", db, "--dry-run", *voila_only])
    with pytest.raises(SystemExit):
        main(["--db", db, "--dry-run", "--cull-after", "0"])


def test_behind_a_proxy_every_link_starts_with_the_public_url(tmp_path, capsys):
    """``--public-url``: a school's servers behind one address (deploy/nginx.conf) print,
    and put on the slips, the address people reach, not the machine's own; under a path,
    the pages' browser code and websocket are asked for under it too."""
    from cardlab.app.server import SOLARA_SETTINGS

    db = str(tmp_path / "c.db")
    assert main(["--db", db, "--public-url", "https://school.example/cardlab", "--port", "8870", "--dry-run"]) == 0
    out = capsys.readouterr().out
    store = SQLiteStore(db)
    assert f"https://school.example/cardlab/teacher?key={store.teacher_key()}" in out
    assert "https://school.example/cardlab/ " in out and ":8870" not in out
    class_id = seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=1)
    status, page = slips_page(f"class={class_id}&key={store.teacher_key()}&print=1", store,
                              base_url="https://school.example/cardlab/")
    assert status == 200 and "https://school.example/cardlab/" in page and "8870" not in page
    assert SOLARA_SETTINGS(7, "https://school.example/cardlab/")["SOLARA_ROOT_PATH"] == "/cardlab"
    for wrong in ("school.example", "ftp://school.example/"):
        with pytest.raises(SystemExit):
            main(["--db", db, "--public-url", wrong, "--dry-run"])
    assert "a public address is http://" in capsys.readouterr().err


def test_the_server_starts_again_with_the_system_allocator_once(tmp_path, monkeypatch):
    """Issue 37: the classroom serves with PYTHONMALLOC=malloc (the memory a class's pages
    freed goes back once they close); the command starts itself again so, before it prints
    anything, and only once."""
    started = []

    def execve(path, args, env):
        started.append((args, env.get("PYTHONMALLOC")))
        raise SystemExit(0)

    monkeypatch.setattr(os, "execve", execve)
    monkeypatch.delenv("PYTHONMALLOC", raising=False)
    db = str(tmp_path / "c.db")
    with pytest.raises(SystemExit):
        main(["--db", db, "--port", "8871"])
    assert started == [([sys.executable, "-m", "cardlab.app", "--db", db, "--port", "8871"], "malloc")]
    assert not (tmp_path / "c.db").exists()  # nothing done before: the new start does it all
    monkeypatch.setenv("PYTHONMALLOC", "malloc")
    assert main(["--db", db, "--dry-run"]) == 0 and len(started) == 1


def test_a_silent_pages_session_ends_within_a_minute_by_default():
    assert 0 < CULL_AFTER <= 60


def test_the_landing_page_speaks_plainly_and_shows_no_room():
    page = landing_page(query="")
    words = page.children[0].value
    assert all(paragraph in words for paragraph in LANDING_WORDS) and "teacher" in words
    assert "room=" not in words and "token" not in words
    assert_plain_words(SimpleNamespace(widget=page, _style=None))  # the tables' check: no field or engine word
    assert landing_page(query="lang=pl").lang == "pl"


def test_the_join_page_reads_its_own_query_not_the_environment(tmp_path, monkeypatch):
    store = SQLiteStore(tmp_path / "c.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, None])
    monkeypatch.setenv("QUERY_STRING", f"room={room}&seat=1&token={store.tokens(room)[1]}")
    table = join_page(store, query=f"room={room}&seat=0&token={store.tokens(room)[0]}")
    table.stop()
    assert table.seat == 0


def test_the_slips_page_prints_and_asks_for_the_teachers_key(tmp_path):
    store = SQLiteStore(tmp_path / "c.db")
    class_id = seat_class(store, ["Ana", "Ben", "Cy"], "kontrabluff", 2, seed=1)
    status, page = slips_page(f"class={class_id}&key={store.teacher_key()}&print=1", store, base_url="http://pc:8866/")
    assert status == 200 and page.count('class="cl-slip"') == 3 and "Ana" in page and "<svg" in page
    assert "http://pc:8866/" in page  # where a student types the code
    for query in (f"class={class_id}&key=wrong", f"class={class_id}", ""):
        status, page = slips_page(query, store, base_url="http://pc:8866/")
        assert status == 403 and "cl-slip" not in page and "Ana" not in page
    status, page = slips_page(f"class=nope&key={store.teacher_key()}", store, base_url="http://pc:8866/")
    assert status == 404 and "cl-slip" not in page
    assert PATHS["slips"] == "slips"


def test_the_browser_code_matches_the_pinned_solara():
    """The npm packages pinned in cardlab.app.assets are the ones Solara's page names, and
    pyproject pins that Solara."""
    import solara

    template = (Path(solara.__file__).parent / "server" / "templates" / "solara.html.j2").read_text()
    for name, (version, _) in assets.PACKAGES.items():
        if name != "font-awesome":  # named through Solara's settings (fontawesome_path)
            assert f"{name}@{version}" in template, name
    from solara.server.settings import assets as solara_assets

    assert f"font-awesome@{assets.PACKAGES['font-awesome'][0]}" in solara_assets.fontawesome_path
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert f'"solara=={assets.SOLARA}"' in pyproject and solara.__version__ == assets.SOLARA


def test_the_browser_code_is_installed_whole():
    """What the page loads is in the package: every entry, every font its stylesheets name,
    every chunk of the widgets' app (tools/test.sh and the build install it)."""
    assert not assets.missing(), f"run: {sys.executable} -m cardlab.app.assets ({assets.missing()[:3]})"
    folder = assets.folder()
    for name, (version, _) in assets.PACKAGES.items():
        for entry in assets.ENTRIES[name]:
            path = folder / f"{name}@{version}" / entry
            assert path.is_file(), path
            if entry.endswith(".css"):
                for url in assets.needed_urls(path.read_text(errors="replace")):
                    assert (path.parent / url).resolve().is_file(), (entry, url)
    manifest = (folder / "MANIFEST.txt").read_text().split()
    assert not [path for path in manifest if path.endswith(".map")], "source maps are not shipped"
    assert sum((folder / path).stat().st_size for path in manifest) < 15e6


def test_a_students_page_loads_no_analysis_chart_or_notebook_server_library(tmp_path):
    """What a join page imports to draw a table: no pandas, altair, scipy, nor Voilà or the Jupyter server."""
    code = (
        "import sys\n"
        "from cardlab.rooms import SQLiteStore\n"
        f"store = SQLiteStore({str(tmp_path / 'c.db')!r})\n"
        "room = store.create_room('kontrabluff', {'target': 300}, seed=1, seats=[None, None])\n"
        "from cardlab.app import join_page\n"
        "table = join_page(store, query=f'room={room}&seat=0&token={store.tokens(room)[0]}')\n"
        "assert table.seat == 0, table\n"
        "print(sorted(m for m in ('pandas', 'altair', 'scipy', 'matplotlib', 'dask', 'voila', 'jupyter_server')"
        " if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout


def test_the_server_sets_solara_up_offline_and_culls_silent_pages():
    from cardlab.app.server import SOLARA_SETTINGS

    settings = SOLARA_SETTINGS(7)
    assert settings["SOLARA_KERNEL_CULL_TIMEOUT"] == "7s" and settings["SOLARA_MODE"] == "production"
    assert settings["SOLARA_TELEMETRY_MIXPANEL_ENABLE"] == "False" and settings["SOLARA_APP"] == "cardlab.app.web"
    assert settings["SOLARA_ASSETS_PROXY_CACHE_DIR"] == str(assets.folder())
    assert re.fullmatch(r"[0-9a-z-]+", settings["SOLARA_THEME_LOADER"])


def test_no_widget_is_made_when_a_module_is_imported():
    """A widget made at import belongs to no page: on a server of many pages in one process
    each page needs its own (a shared one is per page: cardlab.widgets.table's ``_shared``)."""
    import importlib
    import pkgutil

    import ipywidgets

    import cardlab.widgets

    found = []
    for info in pkgutil.iter_modules(cardlab.widgets.__path__, "cardlab.widgets."):
        module = importlib.import_module(info.name)
        found += [f"{info.name}.{name}" for name, value in vars(module).items() if isinstance(value, ipywidgets.Widget)]
    assert not found, found
