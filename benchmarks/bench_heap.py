"""The page's JavaScript heap over 1,000 clicks of real play, in Voilà (issue 20).

Chromium (1280x900) plays Kontrabluff's play notebook as a student does: it clicks a
move's button (selecting a card first where the move needs one), "Continue" on each
result, and "New game" then "Yes" when a match ends. Every move changes the set of
action buttons on offer. Every 100 clicks the heap is read after a full garbage
collection (DevTools ``HeapProfiler.collectGarbage``, then ``Runtime.getHeapUsage``),
with the page's DOM node count (``Memory.getDOMCounters``).

Peer in the same run: the same reading on the table before the first move (the
page's resting heap), so growth is what the clicks add.
Target: growth under 1 MB over 1,000 clicks.

    python benchmarks/bench_heap.py               # 1,000 clicks
    python benchmarks/bench_heap.py --clicks 300

Needs Debian's chromium at /usr/bin/chromium (apt-get install chromium).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from browser_servers import CHROMIUM, SKIP_REASON, VIEWPORT, notebook_copy, voila_browser  # noqa: E402

NOTEBOOK = "play-kontrabluff"
PREFERRED = ("Continue", "Yes", "Pass", "Hand over", "See")


def heap(cdp) -> tuple[float, int]:
    """MB of JS heap in use after a full collection, and the DOM node count."""
    for _ in range(2):
        cdp.send("HeapProfiler.collectGarbage")
    used = cdp.send("Runtime.getHeapUsage")["usedSize"] / 1e6
    nodes = cdp.send("Memory.getDOMCounters")["nodes"]
    return used, nodes


def one_click(page, turn: int) -> None:
    """One click of play: a result's Continue, a match's new game, else a move."""
    page.wait_for_selector(".cl-continue:visible, .cl-action:visible:not([disabled]), "
                           ".cl-hand .cl-cardbtn:visible:not([disabled]), .cl-confirm:visible button, .cl-standings",
                           timeout=20_000)
    before = page.evaluate("() => document.querySelector('.cl-table').textContent")
    if page.locator(".cl-confirm:visible").count():
        page.locator(".cl-confirm button", has_text="Yes").click()
    elif page.locator(".cl-continue:visible").count():
        page.locator(".cl-continue:visible").first.click(timeout=5_000)
    elif page.locator(".cl-standings").count() and not page.locator(".cl-action:visible").count():
        page.locator("button", has_text="New game").click()
    else:
        buttons = page.locator(".cl-action:visible:not([disabled])")
        labels = [buttons.nth(i).text_content().strip() for i in range(buttons.count())]
        named = [x for x in labels if re.search(r"[♠♥♦♣]", x)]
        choice = named[0] if named else next((x for w in PREFERRED for x in labels if x == w), None)
        choice = choice or (labels[0] if labels else None)  # e.g. "Play low" once five are selected
        if choice is None:  # select a card (the next click plays it); with none left, unselect one
            cards = page.locator(".cl-hand .cl-cardbtn:visible:not([disabled]):not(.cl-selected)")
            if cards.count() == 0:
                cards = page.locator(".cl-hand .cl-cardbtn.cl-selected:visible")
            cards.nth(turn % max(1, cards.count())).click()
        else:
            page.locator(".cl-action:visible", has_text=choice).first.click()
    page.wait_for_function("before => document.querySelector('.cl-table').textContent !== before", arg=before,
                           timeout=20_000)
    page.wait_for_timeout(150)  # the rest of the same refresh


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--every", type=int, default=100)
    args = parser.parse_args()
    if not CHROMIUM.exists():
        sys.exit(SKIP_REASON)
    folder = notebook_copy()
    rows = []
    try:
        with voila_browser(folder) as (running, browser):
            page = browser.new_page(viewport=VIEWPORT)
            page.set_default_timeout(20_000)
            page.goto(f"{running.url}/voila/render/{NOTEBOOK}.ipynb", timeout=120_000)
            page.wait_for_selector(".cl-table .cl-log", timeout=120_000)
            cdp = page.context.new_cdp_session(page)
            cdp.send("HeapProfiler.enable")
            page.wait_for_timeout(1000)
            rows.append((0, *heap(cdp)))
            missed = 0
            for i in range(1, args.clicks + 1):
                try:
                    one_click(page, i)
                except Exception as error:  # noqa: BLE001 - a click raced the page's update: the next one goes on
                    missed += 1
                    page.screenshot(path=f"/tmp/bench-heap-miss-{missed}.png")
                    print(f"click {i} missed: {str(error).splitlines()[0]}", file=sys.stderr)
                    if missed > 20:
                        raise
                if i % args.every == 0:
                    rows.append((i, *heap(cdp)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"JS heap after GC while playing {NOTEBOOK} in Voilà (Chromium {VIEWPORT['width']}x{VIEWPORT['height']})")
    print(f"{'clicks':>7} {'heap MB':>9} {'DOM nodes':>10}")
    for clicks, used, nodes in rows:
        print(f"{clicks:7d} {used:9.2f} {nodes:10d}")
    growth = rows[-1][1] - rows[0][1]
    settled = rows[-1][1] - rows[1][1] if len(rows) > 2 else growth
    print(f"growth over {rows[-1][0]} clicks: {growth:+.2f} MB (from the first {args.every} clicks on: "
          f"{settled:+.2f} MB); DOM nodes {rows[0][2]} -> {rows[-1][2]}")
    print(f"clicks that raced an update and were not counted as moves: {missed}")
    # One reading can land before or after a collection of the page's own caches; the
    # least-squares trend over every reading is what the clicks steadily add.
    trend = float(np.polyfit([r[0] for r in rows], [r[1] for r in rows], 1)[0]) * 1000 if len(rows) > 2 else growth
    print(f"trend (least squares over the {len(rows)} readings): {trend:+.2f} MB per 1,000 clicks")
    print(f"target: growth < 1 MB per 1,000 clicks -> {'met' if trend < 1 and growth < 1 else 'NOT met'} "
          f"(both the trend and last minus first)")


if __name__ == "__main__":
    main()
