"""Time from a click on a drill's option to its feedback on the page, in a real browser (issue 36).

Voilà serves a notebook holding one :class:`cardlab.widgets.Drill` of every kind answered by
choosing an option (which hand wins, what may you do now in each game, the draw odds, the
trick, the lead, the showing); Chromium (1280x900) clicks its first option again and
again. Each click is a round trip: the kernel grades the answer with the engine (a replay,
an evaluation, exact draw odds), records it, makes the next exercise after a right answer
(seeded: the drill's seed gives the sequence) and redraws; the browser shows the verdict.
The time is measured inside the page (``performance.now()`` from ``click()`` until a
``MutationObserver`` sees the verdict panel change: "Right!" above the next exercise, or
"Not quite." with why). After a wrong answer "Next question" is clicked, untimed, and the
verdict waits to clear. Right and wrong answers are reported apart and together.

Peer, in the same run and server: the bare ipywidgets button of bench_click.py, whose click
toggles its own description (the floor of one widget round trip in Voilà).

Target (issue 36): median under 100 ms from click to feedback.

    python benchmarks/bench_drill_click.py              # 60 clicks
    python benchmarks/bench_drill_click.py --clicks 100 --lang pl

Needs Debian's chromium at /usr/bin/chromium (apt-get install chromium).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_click import CLICK as PEER_CLICK, PEER, PEER_CODE  # noqa: E402
from browser_servers import CHROMIUM, SKIP_REASON, VIEWPORT, notebook_copy, voila_browser, write_notebook  # noqa: E402

NOTEBOOK = "bench-drill"
SEED = 3


def drill_code(lang: str) -> str:
    """The notebook's cell: a drill of every kind answered by an option, in ``lang``."""
    from cardlab.drills import KINDS

    kinds = [name for name, kind in KINDS.items() if kind.answer == "choice"]
    return f"from cardlab.widgets import Drill\n\nDrill(kinds={kinds!r}, seed={SEED}, lang={lang!r})"


# One click on the first option, timed in the page: resolves with [ms, right] once the verdict changes.
CLICK = """
async () => {
  const verdict = () => { const v = document.querySelector('.cl-drill .cl-verdict'); return v ? v.outerHTML : ''; };
  const target = [...document.querySelectorAll('.cl-drill .cl-option')].filter(b => b.offsetParent && !b.disabled)[0];
  const before = verdict();
  return await new Promise(resolve => {
    const start = performance.now();
    const watcher = new MutationObserver(() => {
      const now = verdict();
      if (now && now !== before) {
        watcher.disconnect();
        resolve([performance.now() - start, now.includes('cl-verdict-right')]);
      }
    });
    watcher.observe(document.body, {attributes: true, childList: true, subtree: true, characterData: true});
    target.click();
    setTimeout(() => { watcher.disconnect(); resolve([-1, false]); }, 10000);
  });
}
"""
NEXT = ".cl-drill .cl-next"


def measure_drill(page, url: str, clicks: int) -> list[tuple[float, bool]]:
    page.goto(f"{url}/voila/render/{NOTEBOOK}.ipynb", timeout=120_000)
    page.wait_for_selector(".cl-drill .cl-option", timeout=120_000)
    page.wait_for_timeout(500)
    found = []
    for number in range(clicks + 4):  # the first round trips warm the kernel and the page up
        page.wait_for_selector(".cl-drill .cl-option:not([disabled])", timeout=20_000)
        elapsed, right = page.evaluate(CLICK)
        if elapsed < 0:
            raise RuntimeError(f"click {number}: no feedback within 10 s")
        if number >= 4:
            found.append((elapsed, right))
        if not right:  # the verdict stays until read: Next, untimed
            page.locator(NEXT).click()
            page.wait_for_function("() => !document.querySelector('.cl-drill .cl-verdict')", timeout=20_000)
        time.sleep(0.02)
    return found


def measure_peer(page, url: str, clicks: int) -> list[float]:
    page.goto(f"{url}/voila/render/{PEER}.ipynb", timeout=120_000)
    page.wait_for_selector(".peer", timeout=120_000)
    for _ in range(4):
        page.evaluate(PEER_CLICK, ["peer", 0])
    times = []
    for _ in range(clicks):
        times.append(page.evaluate(PEER_CLICK, ["peer", 0]))
        time.sleep(0.02)
    return times


def row(name: str, times: list[float], target: bool) -> str:
    times = sorted(times)
    if not times:
        return f"{name:34} {0:6d}"
    verdict = ("met" if statistics.median(times) < 100 else "NOT met") if target else ""
    return (f"{name:34} {len(times):6d} {statistics.median(times):8.1f} {statistics.fmean(times):8.1f} "
            f"{times[int(0.9 * (len(times) - 1))]:8.1f} {times[0]:8.1f} {times[-1]:8.1f}  {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--lang", default="en", choices=("en", "sv", "pl", "uk"))
    args = parser.parse_args()
    if args.clicks < 50:
        parser.error("use at least 50 clicks")
    if not CHROMIUM.exists():
        sys.exit(SKIP_REASON)
    folder = notebook_copy()
    write_notebook(folder, PEER, PEER_CODE)
    write_notebook(folder, NOTEBOOK, drill_code(args.lang))
    try:
        with voila_browser(folder) as (running, browser):
            page = browser.new_page(viewport=VIEWPORT)
            page.set_default_timeout(20_000)
            peer = measure_peer(page, running.url, args.clicks)
            drill = measure_drill(page, running.url, args.clicks)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"click -> feedback on the page, Voilà, Chromium {VIEWPORT['width']}x{VIEWPORT['height']}, "
          f"{args.clicks} clicks, drill in {args.lang!r}")
    print(f"{'':34} {'clicks':>6} {'median':>8} {'mean':>8} {'p90':>8} {'min':>8} {'max':>8}  target")
    print(row("peer: bare ipywidgets button", peer, False))
    print(row("drill: every answer", [t for t, _ in drill], True))
    print(row("drill: right (the next exercise made)", [t for t, right in drill if right], True))
    print(row("drill: wrong (why and the rule)", [t for t, right in drill if not right], True))
    print("times in ms; target: median < 100 ms from click to feedback")


if __name__ == "__main__":
    main()
