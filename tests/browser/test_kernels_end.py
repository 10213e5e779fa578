"""Kernels that go away (issue 27): reloads and closed tabs leave no kernel behind.

The classroom server runs with its culling shortened (``--cull-after 10``, default 30 s)
and its default pool of preheated kernels; two students keep their join pages open while
they reload them twelve times, then six more pages open and close: half as a browser that
vanishes (no beacon: the server notices that no page is connected), half as a closed tab
(the page's own shutdown beacon). After every step the server's kernels are counted (its
ipykernel child processes): never more than the open pages, the pool and a small
constant. At the end the students close their tabs, every page's kernel has ended, and
only the pool is left.
"""

from __future__ import annotations

import statistics
import time

import pytest

from cardlab.app import POOL, PREHEATED_PAGES
from cardlab.rooms import SQLiteStore

from .browser_servers import VIEWPORT, kernel_pids, resident_mb, server, wait_for_kernels

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600, method="signal")]

CULL_AFTER = 10  # s without a connected page (a page connects some seconds after it is drawn)
SLACK = 3  # kernels beyond the open pages (and the silently closed ones, see below): being shut down
POOLED = POOL * len(PREHEATED_PAGES)  # preheated kernels, kept ready whatever the pages do
#: Bounded by CI's time on two busy cores (a page load takes a preheated kernel: 3-5 s there).
RELOADS, CLOSED = 12, 6
LOAD = 120_000  # ms for a page to be drawn on a busy machine


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kernels-end")
    store = SQLiteStore(folder / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=8, seats=[None, None])
    with server("classroom", folder, options=(f"--cull-after={CULL_AFTER}", "--cull-interval=1")) as running:
        yield running, store, room


def open_page(browser, url: str, ready: str):
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(url, timeout=LOAD)
    page.wait_for_selector(ready, timeout=LOAD)
    return context, page



def test_reloads_and_closed_pages_leave_no_kernel_behind(browser, classroom):
    running, store, room = classroom
    tokens = store.tokens(room)
    table = ".cl-table .cl-log"
    students = [open_page(browser, f"{running.url}/voila/render/join.ipynb?room={room}&seat={seat}&token={tokens[seat]}",
                          table) for seat in (0, 1)]
    samples: list[tuple[str, int, int]] = []  # (step, pages open or closed without a word, kernels)
    silent = 0  # pages closed without a goodbye: their kernels wait for the culler (CULL_AFTER)

    def sample(step: str, pages: int) -> None:
        samples.append((step, pages + silent, len(kernel_pids(running.pid))))

    sample("two students", 2)
    memory = [resident_mb(pid) for pid in kernel_pids(running.pid)]
    start = time.monotonic()
    for number in range(RELOADS):
        _, page = students[number % 2]
        page.reload(timeout=LOAD)
        page.wait_for_selector(table, timeout=LOAD)
        sample(f"reload {number + 1}", 2)
    for number in range(CLOSED):  # a landing page, or a join link with a wrong token: their kernels too
        url = running.url + "/" if number % 2 else f"{running.url}/voila/render/join.ipynb?room={room}&seat=1&token=x"
        context, page = open_page(browser, url, ".cl-landing" if number % 2 else "text=ask your teacher")
        sample(f"page {number + 1} open", 3)
        if number < CLOSED // 2:  # first, so that the culler's wait runs while the others close
            context.close()  # the browser is gone: nothing said
            silent += 1
        else:
            page.close(run_before_unload=True)  # the tab is closed: the page says goodbye
            context.close()
        sample(f"page {number + 1} closed", 2)
    took = time.monotonic() - start
    print(f"\n{RELOADS} reloads and {CLOSED} pages opened and closed in {took:.0f} s")
    print("(step, open pages, kernels): " + ", ".join(f"({s}, {p}, {k})" for s, p, k in samples))
    print(f"a kernel: {statistics.median(memory):.0f} MB resident (median of the students' two and the pool's "
          f"{len(memory) - 2})")
    over = [(step, pages, kernels) for step, pages, kernels in samples if kernels > pages + POOLED + SLACK]
    assert not over, f"more kernels than open pages + {POOLED} preheated + {SLACK}: {over}"

    settled = wait_for_kernels(running.pid, 2 + POOLED, CULL_AFTER + 30)
    assert len(kernel_pids(running.pid)) == 2 + POOLED  # the students' two pages, still playing, and the pool
    assert students[0][1].locator(table).count() and students[1][1].locator(table).count()
    for context, page in students:  # the lesson is over: the tabs are closed
        page.close(run_before_unload=True)
        context.close()
    gone = wait_for_kernels(running.pid, POOLED, 60)
    print(f"extra kernels ended {settled:.1f} s after the last close; the students' last two {gone:.1f} s after theirs")
