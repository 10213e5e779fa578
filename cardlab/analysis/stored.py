"""Seeded simulations too big for a notebook's minute, kept as data files with the call that made them.

Each entry of :data:`RUNS` is one call of a :mod:`cardlab.analysis` function with its
arguments (seed included). A game's runs are declared in its own analysis module
(``RUNS`` of ``cardlab/analysis/<game>.py``, named by its entry in
:data:`cardlab.games.GAMES`); :data:`RUNS` gathers every registered game's. :func:`load` reads its table from ``cardlab/analysis/data/NAME.json``
and checks that the file was made by exactly that call; :func:`make` runs the call and
writes the file. Remake one run, or all, with::

    python -m cardlab.analysis.stored fl-lead-chances     # one (seconds to minutes)
    python -m cardlab.analysis.stored                     # all of them
    python -m cardlab.analysis.stored --list              # names, calls and file dates

The tables carry their 95% intervals; ``tests/test_stored_runs.py`` replays one run per
game with another seed and checks the stored figures against the new intervals.

>>> RUNS["fl-lead-chances"].call()
'fight_for_the_lead.lead_chances(players=(2, 3, 4, 5), deals=40000, seed=2026)'
>>> table = load("fl-lead-chances")
>>> int(table.groupby("players").leads.sum().iloc[0])     # one lead a deal
40000
"""

from __future__ import annotations

import argparse
import io
import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from cardlab.games import by_game

__all__ = ["Run", "RUNS", "load", "make", "path_of"]

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Run:
    """One seeded call: ``function(**arguments)``, a :mod:`cardlab.analysis` function returning a DataFrame."""

    function: Callable[..., pd.DataFrame]
    arguments: Mapping[str, Any] = field(default_factory=dict)

    def call(self, **changes: Any) -> str:
        """The call as code, as the notebooks print it."""
        arguments = {**self.arguments, **changes}
        module = self.function.__module__.rsplit(".", 1)[-1]
        return f"{module}.{self.function.__name__}({', '.join(f'{k}={v!r}' for k, v in arguments.items())})"

    def run(self, **changes: Any) -> pd.DataFrame:
        """Run the call now (``changes`` replace arguments, e.g. another seed)."""
        return self.function(**{**self.arguments, **changes})


_GAMES_RUNS: Mapping[str, Mapping[str, Run]] = by_game(lambda entry: entry.stored_runs)


class _Runs(Mapping[str, Run]):
    """Every registered game's stored runs, by name (a live, read-only view)."""

    def _all(self) -> dict[str, Run]:
        runs: dict[str, Run] = {}
        for own in _GAMES_RUNS.values():
            runs.update(own)
        return runs

    def __getitem__(self, name: str) -> Run:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: Every stored run, by name. Sizes are chosen so each notebook conclusion holds beyond
#: its 95% interval; the notebooks print the call beside the table.
RUNS: Mapping[str, Run] = _Runs()


def path_of(name: str) -> Path:
    """Where run ``name`` is stored."""
    return DATA / f"{name}.json"


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def make(name: str) -> pd.DataFrame:
    """Run ``name`` and store its table (with the call, so :func:`load` can check it)."""
    run = RUNS[name]
    start = time.perf_counter()
    table = run.run()
    record = {
        "call": run.call(),
        "arguments": {key: _jsonable(value) for key, value in run.arguments.items()},
        "seconds": round(time.perf_counter() - start, 1),
        "table": json.loads(table.to_json(orient="table", index=False, double_precision=12)),
    }
    DATA.mkdir(exist_ok=True)
    path_of(name).write_text(json.dumps(record, indent=1) + "\n")
    return load(name)


def load(name: str) -> pd.DataFrame:
    """The stored table of run ``name``; raises if the file is missing or was made by another call."""
    run = RUNS[name]
    path = path_of(name)
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: make it with `python -m cardlab.analysis.stored {name}`")
    record = json.loads(path.read_text())
    if record["call"] != run.call():
        raise ValueError(f"{path} was made by {record['call']}, not {run.call()}: "
                         f"remake it with `python -m cardlab.analysis.stored {name}`")
    table = pd.read_json(io.StringIO(json.dumps(record["table"])), orient="table")
    table.attrs.update(call=run.call(), seconds=record["seconds"])
    return table


def main(args: list[str] | None = None) -> None:
    """The command line: ``--help``, ``--list``, or the names of the runs to make (all when none)."""
    parser = argparse.ArgumentParser(
        prog="python -m cardlab.analysis.stored",
        description="Make the seeded runs the notebooks read and store them in cardlab/analysis/data/\n"
                    "(every run when no NAME is given).",
        epilog="runs:\n" + "\n".join(f"  {name}" for name in RUNS), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="NAME", help="a run to make (see --list)")
    parser.add_argument("--list", action="store_true", help="print each run's name, file date and call, and make nothing")
    options = parser.parse_args(args)
    unknown = [name for name in options.names if name not in RUNS]
    if unknown:
        parser.error(f"no run named {', '.join(map(repr, unknown))}; the runs are {', '.join(RUNS)}")
    if options.list:
        for name, run in RUNS.items():
            made = time.strftime("%Y-%m-%d", time.gmtime(path_of(name).stat().st_mtime)) if path_of(name).exists() else "missing"
            print(f"{name:22} {made:10} {run.call()}")
        return
    for name in options.names or list(RUNS):
        start = time.perf_counter()
        make(name)
        print(f"{name}: {time.perf_counter() - start:.0f} s -> {path_of(name)}", flush=True)


if __name__ == "__main__":
    main()
