"""A class of thirty on the classroom server (issue 27): real processes, nothing lost or doubled.

``cardlab-classroom`` serves the class's store with its default pool of preheated kernels.
Thirty students in fifteen rooms of two, each a separate process that joins its seat with
its join link and plays through the store as a join page's kernel does
(:func:`tests.rooms_clients.play_seat`: random legal moves, think times, double clicks),
play the four games to the end, while the server draws the teacher's page, the landing
page and join pages over the same store. Then every room holds exactly what a serial
replay gives (nothing lost, nothing doubled, every success stored), the server's log has
no error, and its kernels stay bounded: the pool and the pages fetched, and back to the
pool once those pages' kernels are culled, each no sooner than the culling's delay after
its page was drawn, also when the kernel had waited in the pool for longer than that (a
browser has that long to connect). (The same in a real browser, reloading and
closing pages: tests/browser/test_kernels_end.py; the figures: benchmarks/bench_rooms.py.)
"""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from cardlab.app import POOL, PREHEATED_PAGES
from cardlab.rooms import SQLiteStore
from tests.browser.browser_servers import kernel_ids, page_kernel, server
from tests.rooms_clients import play_seat
from tests.test_classroom_server import WIDGET_VIEW, fetch, page_error
from tests.test_rooms import _check_reports, link

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240, method="signal")]

FORK = multiprocessing.get_context("fork")
CULL_AFTER = 8  # s: short, so that the fetched pages' kernels end within the test
POOLED = POOL * len(PREHEATED_PAGES)  # kernels kept ready, never culled
PLAY = 60.0  # s at most for a student to finish the game (the class takes 3-6 s on two busy cores)
GAMES = [("kontrabluff", {"target": 60}), ("parallel_poker", {}), ("draw_poker", {"players": 2, "hands": 3}),
         ("fight_for_the_lead", {"players": 2, "games": 2})]


def wait_for(condition, seconds: float, what: str) -> float:
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < seconds, f"{what} not within {seconds:.0f} s"
        time.sleep(0.3)
    return time.monotonic() - start


def test_thirty_students_in_fifteen_rooms_play_to_the_end_on_the_server(tmp_path):
    store = SQLiteStore(tmp_path / "class.db")  # the store the server serves
    jobs = []
    for number in range(15):
        game, settings = GAMES[number % len(GAMES)]
        room = store.create_room(game, settings, seed=number, seats=[None, None])
        jobs += [(store.path, link(store, room, seat), 100 * number + seat, PLAY, 0.02) for seat in (0, 1)]
    first = store.rooms()[0].id
    options = (f"--cull-after={CULL_AFTER}", "--cull-interval=1")
    with server("classroom", tmp_path, options=options) as running:
        wait_for(lambda: len(kernel_ids(running.pid)) >= POOLED, 60, "the pool of preheated kernels")
        pool = set(kernel_ids(running.pid))
        time.sleep(CULL_AFTER + 1)  # the pool waits for the class longer than the culling's delay
        pages = [running.url + "/", f"{running.url}/voila/render/teacher.ipynb?key={store.teacher_key()}",
                 f"{running.url}/voila/render/join.ipynb?{link(store, first, 0, 'wrong')}"]
        drawn: dict[str, float] = {}  # the kernel of each page fetched (nobody connects): when it was drawn

        def draw(url: str, *words: str) -> None:
            status, html = fetch(url, timeout=90)
            assert status == 200 and not page_error(html) and all(w in html for w in words), (url, status, html[-2000:])
            assert page_kernel(html), f"{url} names no kernel"
            drawn[page_kernel(html)] = time.monotonic()

        start = time.monotonic()
        with ProcessPoolExecutor(max_workers=len(jobs), mp_context=FORK) as students:
            futures = [students.submit(play_seat, *job) for job in jobs]
            for url in pages:  # while the class plays, the server draws pages over the same store
                draw(url)
                assert len(kernel_ids(running.pid)) <= POOLED + len(drawn) + 1  # +1: a pool kernel refilling
            reports = [future.result(timeout=PLAY + 30) for future in futures]
        played = time.monotonic() - start
        _check_reports(store, reports)  # every room a serial replay, played to its end
        assert sum(len(report["committed"]) for report in reports) > 15 * 10

        # After the game a student opens the link again: the finished table, from the store.
        draw(f"{running.url}/voila/render/join.ipynb?{link(store, first, 0)}", "<title>join</title>", WIDGET_VIEW)
        ended: dict[str, float] = {}

        def all_ended() -> bool:
            running_now = kernel_ids(running.pid)
            ended.update({kernel: time.monotonic() for kernel in set(drawn) - set(running_now) - set(ended)})
            return len(ended) == len(drawn)

        wait_for(all_ended, CULL_AFTER + 30, "the fetched pages' kernels to end")
        assert len(kernel_ids(running.pid)) <= POOLED + 1  # the pool (one maybe still refilling)
        log = running.log_tail(200_000)
    lived = {kernel: ended[kernel] - drawn[kernel] for kernel in drawn}
    print(f"\n30 students in 15 rooms played to the end in {played:.1f} s while the server drew {len(drawn)} pages; "
          f"their kernels lived on {min(lived.values()):.1f}-{max(lived.values()):.1f} s (cull after {CULL_AFTER} s)")
    assert "Traceback" not in log and "database is locked" not in log, log[-3000:]
    landing, teacher, refused, finished = drawn
    assert landing in pool and refused in pool and teacher not in pool  # the students' pages were preheated
    short = {kernel: round(seconds, 1) for kernel, seconds in lived.items() if seconds < CULL_AFTER - 1.5}
    assert not short, f"kernels ended before a browser could connect (their time in the pool counted): {short}"
