"""The ``cardlab-classroom`` command without a server (issue 27): what it serves and how long kernels live.

The real server is started in tests/test_classroom_server.py and tests/browser/test_kernels_end.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardlab.app import CULL_AFTER, CULL_INTERVAL, PAGES, POOL, landing_page, main
from cardlab.widgets.landing import LANDING_WORDS
from tests.test_widgets import assert_plain_words

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_holds_exactly_the_three_pages():
    assert sorted(path.name for path in PAGES.glob("*.ipynb")) == ["join.ipynb", "landing.ipynb", "teacher.ipynb"]


def test_a_folder_or_notebook_cannot_be_served(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--db", str(tmp_path / "c.db"), "--dry-run", "notebooks/"])
    assert "only Voilà's --options pass through" in capsys.readouterr().err


def test_voila_options_pass_through_and_the_culling_is_set(tmp_path, capsys):
    assert main(["--db", str(tmp_path / "c.db"), "--dry-run", "--cull-after=7", "--show_tracebacks=True"]) == 0
    options = capsys.readouterr().out.splitlines()[-1].split()
    assert "--MappingKernelManager.cull_idle_timeout=7" in options and options[-1] == "--show_tracebacks=True"
    assert "--show_tracebacks=False" not in options  # the command's own default gives way


def test_a_closed_pages_kernel_ends_within_a_minute_by_default():
    assert CULL_AFTER + CULL_INTERVAL < 60


def test_the_landing_page_speaks_plainly_and_shows_no_room():
    page = landing_page()
    words = page.children[0].value
    assert all(paragraph in words for paragraph in LANDING_WORDS) and "teacher" in words
    assert "room=" not in words and "token" not in words
    assert_plain_words(SimpleNamespace(widget=page, _style=None))  # the tables' check: no field or engine word


def test_the_pool_is_on_by_default_for_the_students_pages_only(tmp_path, capsys):
    from cardlab.app.server import pools

    assert main(["--db", str(tmp_path / "c.db"), "--dry-run"]) == 0
    assert f"--ClassroomVoila.pool={POOL}" in capsys.readouterr().out.splitlines()[-1].split()
    assert POOL > 0 and pools(POOL) == {"default": {"pool_size": 0}, "join.ipynb": {"pool_size": POOL},
                                        "landing.ipynb": {"pool_size": POOL}}


def test_a_students_kernel_loads_no_analysis_chart_or_server_library(tmp_path):
    """What a join page's kernel imports to draw a table (the pool's kernels import it all
    before the student comes): no pandas, altair, scipy, nor Voilà or the Jupyter server."""
    code = (
        "import os, sys\n"
        "from cardlab.rooms import SQLiteStore\n"
        f"store = SQLiteStore({str(tmp_path / 'c.db')!r})\n"
        "room = store.create_room('kontrabluff', {'target': 300}, seed=1, seats=[None, None])\n"
        "os.environ['QUERY_STRING'] = f'room={room}&seat=0&token={store.tokens(room)[0]}'\n"
        "from cardlab.app import join_page\n"
        "table = join_page(store)\n"
        "assert table.seat == 0, table\n"
        "print(sorted(m for m in ('pandas', 'altair', 'scipy', 'matplotlib', 'dask', 'voila', 'jupyter_server')"
        " if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout
