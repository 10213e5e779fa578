"""The teacher's page: where the time to open it goes (issue 37: 6.3 s measured; target under 2 s).

A classroom store with a class of ``--class`` students who have played Kontrabluff at
their tables and answered ``--answers`` drills each. Each run is a fresh Python process
(as a page's kernel is), which times, in order:

- ``import``: ipywidgets, then cardlab's classroom page (``cardlab.app``, the dashboard);
- ``store``: opening the store and the reads the page makes (rooms, classes, slips, seats);
- ``build``: making the dashboard (its widgets, every room replayed, the drills' results);
- ``redraw``: the first redraw of its timer (where the slips' QR codes are made when no
  classroom server serves them: ``--served`` gives the dashboard the server's slips page);
- the number of widgets the page sends the browser.

With ``--browser``, the page itself in Chromium, served by ``cardlab-classroom``: from the
link to the rooms' table drawn (median of ``--runs``), and the landing page (a preheated
kernel) for comparison: the difference is the kernel the teacher's page starts.

    python benchmarks/bench_teacher.py [--class 30] [--answers 20] [--runs 5] [--served] [--browser]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: One fresh process: the phases of opening the teacher's page, as JSON.
PHASES = r"""
import json, sys, time
start = time.perf_counter()
import ipywidgets as W
widgets_at = time.perf_counter()
from cardlab.app import teacher_page
from cardlab.rooms import SQLiteStore
from cardlab.widgets.classroom import TeacherDashboard
imported = time.perf_counter()
store = SQLiteStore(sys.argv[1])
for info in store.classes():
    store.slips(info.id)
for info in store.rooms():
    store.seats(info.id)
store.class_tables()
read = time.perf_counter()
before = len(W.Widget._active_widgets) if hasattr(W.Widget, "_active_widgets") else 0
board = TeacherDashboard(store, base_url="http://pc:8866/voila/render/", slips_url=sys.argv[2] or None)
built = time.perf_counter()
board.refresh()
redrawn = time.perf_counter()
count = (len(W.Widget._active_widgets) if hasattr(W.Widget, "_active_widgets") else 0) - before
print(json.dumps({"ipywidgets": widgets_at - start, "cardlab": imported - widgets_at, "store": read - imported,
                  "build": built - read, "redraw": redrawn - built, "widgets": count,
                  "pandas": "pandas" in sys.modules}))
"""


def make_store(folder: Path, students: int, answers: int) -> Path:
    from cardlab.rooms import SQLiteStore, assign_drills
    from cardlab.rooms.rehearsal import rehearse_class, rehearse_drills

    path = folder / "class.db"
    store = SQLiteStore(path)
    class_id = rehearse_class(store, students, "kontrabluff", 2, seed=3, settings={"target": 120})
    assign_drills(store, class_id, game="kontrabluff")
    if answers:
        rehearse_drills(store, class_id, answers=answers, seed=1)
    return path


def phases(path: Path, served: bool, runs: int) -> list[dict]:
    found = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", PHASES, str(path), "/slips" if served else ""], check=True,
                             capture_output=True, text=True, cwd=ROOT, env={**__import__("os").environ,
                                                                            "PYTHONPATH": str(ROOT)})
        found.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return found


def browser(path: Path, runs: int) -> tuple[list[float], list[float]]:
    import shutil

    from playwright.sync_api import sync_playwright

    from cardlab.rooms import SQLiteStore
    from tests.browser.browser_servers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, server

    folder = Path(tempfile.mkdtemp())
    shutil.copy(path, folder / "class.db")
    key = SQLiteStore(folder / "class.db").teacher_key()
    teacher, landing = [], []
    with server("classroom", folder) as running, sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for url, selector, times in ((f"/voila/render/teacher.ipynb?key={key}", "table.cl-rooms", teacher),
                                     ("/", ".cl-landing", landing)):
            for _ in range(runs):
                context = chromium.new_context(viewport=VIEWPORT)
                page = context.new_page()
                start = time.monotonic()
                page.goto(running.url + url, timeout=120_000)
                page.wait_for_selector(selector, timeout=120_000)
                times.append(time.monotonic() - start)
                context.close()
                time.sleep(1.0)  # the pool refills its preheated kernel
        chromium.close()
    return teacher, landing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class", dest="students", type=int, default=30)
    parser.add_argument("--answers", type=int, default=20, help="drill answers per student")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--served", action="store_true", help="the server serves the slips page (no QR codes here)")
    parser.add_argument("--browser", action="store_true", help="also open the page in Chromium")
    args = parser.parse_args()
    path = make_store(Path(tempfile.mkdtemp()), args.students, args.answers)
    found = phases(path, args.served, args.runs)
    print(f"The teacher's page, a class of {args.students} ({args.answers} drill answers each), "
          f"median of {args.runs} fresh processes:")
    for name in ("ipywidgets", "cardlab", "store", "build", "redraw"):
        values = [run[name] for run in found]
        print(f"  {name:<10} {statistics.median(values) * 1000:7.0f} ms   (max {max(values) * 1000:.0f} ms)")
    opening = [run["cardlab"] + run["store"] + run["build"] for run in found]
    print(f"  page made  {statistics.median(opening) * 1000:7.0f} ms after ipywidgets (import, store, build); "
          f"{found[0]['widgets']} widgets; pandas loaded: {found[0]['pandas']}")
    if args.browser:
        teacher, landing = browser(path, args.runs)
        print(f"  in Chromium: the teacher's page {statistics.median(teacher):.2f} s median "
              f"(max {max(teacher):.2f} s); the landing page (preheated) {statistics.median(landing):.2f} s")


if __name__ == "__main__":
    main()
