"""``python -m cardlab.analysis.stored``: help and wrong names are answered, never a KeyError."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardlab.analysis import stored


def test_help_from_the_command_line():
    result = subprocess.run([sys.executable, "-m", "cardlab.analysis.stored", "--help"],
                            capture_output=True, text=True, timeout=120,
                            cwd=Path(stored.__file__).parents[2])  # this checkout's cardlab, not an installed one
    assert result.returncode == 0, result.stderr
    assert "usage: python -m cardlab.analysis.stored" in result.stdout and "--list" in result.stdout
    assert all(name in result.stdout for name in stored.RUNS)


def test_an_unknown_run_is_refused_by_name_and_nothing_is_made(capsys, monkeypatch):
    monkeypatch.setattr(stored, "make", lambda name: pytest.fail(f"made {name}"))
    with pytest.raises(SystemExit) as exit:
        stored.main(["fl-lead-chances", "--help-me"])
    assert exit.value.code == 2
    with pytest.raises(SystemExit):
        stored.main(["no-such-run"])
    error = capsys.readouterr().err
    assert "no run named 'no-such-run'" in error and "KeyError" not in error


def test_list_names_every_run(capsys):
    stored.main(["--list"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(stored.RUNS)
