"""The ``cardlab-classroom`` command without a server (issue 27): what it serves and how long kernels live.

The real server is started in tests/test_classroom_server.py and tests/browser/test_kernels_end.py.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardlab.app import CULL_AFTER, CULL_INTERVAL, PAGES, landing_page, main
from cardlab.widgets.landing import LANDING_WORDS
from tests.test_widgets import assert_plain_words


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
