"""Classroom rooms: how fast one kernel sees another's action, and what a busy class commits.

1. Latency: one process commits actions in a two-student Kontrabluff room; another polls
   the store as a join page does (every ``--poll`` seconds, ``SeatSession.poll``) and
   notes when each action arrives. Median and 95th percentile over >= 50 actions
   (target: median < 0.5 s). Both processes are on this machine, so their clocks agree.
2. Throughput: 30 client processes in 20 rooms play random games with think times (the
   hammer of tests/test_rooms.py, bigger); actions committed per second, stale clicks
   refused, and the error count: actions lost or doubled (target 0 and 0).

    python benchmarks/bench_rooms.py [--actions 60] [--poll 0.2] [--seconds 30]

3. With ``--browser``: the same in real pages. The classroom server (``cardlab-classroom``)
   serves the join page; two Chromium contexts (two students) play Kontrabluff by clicks;
   for each click, the time until the other page's log shows it. Median and 95th
   percentile over ``--actions``.
4. With ``--class N``: the classroom server (one process, Solara) and Voilà (a kernel per
   page, the same join page as a notebook) in the same run, one after the other. On each,
   N students open their join links one after another (Kontrabluff rooms of two; one
   browser whose cache is warm after a first, uncounted page) and stay connected: the time
   from a link to a playable table (median, 95th percentile); with all N connected, the
   first ``--pairs`` rooms' students play by clicks (``--clicks`` in all): the time until
   the other student's page shows each; the teacher's page's opening; the resident memory
   of the server's whole process tree before any page, with all connected (per student:
   the difference over N), and ``--settle`` seconds (120) after every page closed.
   Targets (the classroom server, 40 students): playable in under 1 s median and 2 s p95,
   at most 15 MB a student, the other screen within 500 ms p95, the memory back within
   20% of the start, the teacher's page in under 2 s.

    python benchmarks/bench_rooms.py --class 40 --actions 0     # only this part

5. With ``--store URL`` (a ``postgresql://`` URL, or ``local``: a throwaway PostgreSQL server
   of its own, as the tests start theirs): several classroom servers share one store (issue
   38). For a SQLite file (all the servers on this machine) and for the store, in the same
   run: the actions committed per second by 30 students through ``--servers`` classroom
   processes (2), lost and doubled (benchmarks/bench_store.py's class), the time from a
   move through one process to the other student's page on another being told by the
   store; then ``--servers`` real classroom servers on the store, two students of one room
   on different servers playing ``--clicks`` moves by clicks in Chromium: the time until
   the other server's page shows each (median, p95; target p95 under 500 ms).

    python benchmarks/bench_rooms.py --store postgresql://cardlab:…@db/cardlab --servers 2
    python benchmarks/bench_rooms.py --store local --servers 2 --actions 0
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import re
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from cardlab.engine import Action  # noqa: E402
from cardlab.rooms import Room, SeatSession, SQLiteStore  # noqa: E402
from tests.rooms_clients import play_seat  # noqa: E402

FORK = multiprocessing.get_context("fork")


def watcher(db: str, query: str, count: int, poll: float, seen, ready) -> None:
    store = SQLiteStore(db)
    session = SeatSession.join(store, query)
    ready.set()
    while session.room.version < count:
        before = session.room.version
        session.poll()
        now = time.time()
        for number in range(before + 1, session.room.version + 1):
            seen[number] = now
        time.sleep(poll)


def latency(actions: int, poll: float) -> list[float]:
    folder = tempfile.mkdtemp()
    store = SQLiteStore(Path(folder) / "bench.db")
    room_id = store.create_room("kontrabluff", {"target": 10**6}, seed=1, seats=[None, None])
    tokens = store.tokens(room_id)
    manager = FORK.Manager()
    seen, ready = manager.dict(), manager.Event()
    process = FORK.Process(target=watcher, args=(store.path, f"room={room_id}&seat=1&token={tokens[1]}",
                                                 actions, poll, seen, ready))
    process.start()
    ready.wait(30)
    room = Room(store, room_id)
    rng = np.random.default_rng(2)
    committed: dict[int, float] = {}
    while room.version < actions:
        state = room.state
        seat = state.current_player
        action: Action = state.legal_actions().sample(rng)
        number = room.act(seat, action)
        committed[number] = time.time()
        time.sleep(float(rng.uniform(0.05, 0.3)))  # students take a moment between moves
    process.join(60)
    delays = [seen[n] - committed[n] for n in committed if n in seen]
    manager.shutdown()
    return delays


def throughput(seconds: float) -> dict[str, float]:
    folder = tempfile.mkdtemp()
    store = SQLiteStore(Path(folder) / "hammer.db")
    games = [("kontrabluff", {"target": 300}), ("draw_poker", {"players": 2, "hands": 30}),
             ("fight_for_the_lead", {"players": 2, "games": 20}), ("parallel_poker", {"games": 10})]
    jobs = []
    for i in range(10):
        game, settings = games[i % len(games)]
        room = store.create_room(game, settings, seed=i, seats=[None, None])
        tokens = store.tokens(room)
        jobs += [(store.path, f"room={room}&seat={s}&token={tokens[s]}", 10 * i + s, seconds, 0.02) for s in (0, 1)]
    for i in range(10):
        room = store.create_room("fight_for_the_lead", {"players": 3, "games": 30}, seed=100 + i,
                                 seats=[None, "random", "rule"])
        jobs.append((store.path, f"room={room}&seat=0&token={store.tokens(room)[0]}", 500 + i, seconds, 0.02, True))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=len(jobs), mp_context=FORK) as pool:
        reports = [f.result() for f in [pool.submit(play_seat, *job) for job in jobs]]
    elapsed = time.perf_counter() - start
    lost = doubled = 0
    total = 0
    for room in {r["room"] for r in reports}:
        rows = {n: (seat, data) for n, seat, data in store.actions(room)}
        total += len(rows)
        mine = [entry for r in reports if r["room"] == room for entry in r["committed"]]
        # lost: a click told "done" whose action is not in the store as played;
        # doubled: a stored action that no click or bot move accounts for (applied twice)
        lost += sum(rows.get(n) != (seat, data) for n, seat, data in mine)
        accounted = len(mine) + sum(r["bot_moves"] for r in reports if r["room"] == room)
        lost += max(0, accounted - len(rows))
        doubled += max(0, len(rows) - accounted)
    return {"clients": len(jobs), "rooms": 20, "actions": total, "seconds": elapsed,
            "actions_per_s": total / elapsed, "stale_refused": sum(r["stale"] for r in reports),
            "lost": lost, "doubled": doubled}


def open_page(context, url: str, times: list[tuple[float, float]] | None = None):
    """A student's page opening ``url`` in ``context``; returns the page.
    Adds to ``times`` the seconds until the server's page has arrived (its HTML) and until it
    is playable (the browser has drawn the table and its cards)."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, timeout=120_000, wait_until="domcontentloaded")
    arrived = time.perf_counter() - start
    page.wait_for_selector(".cl-table .cl-log", timeout=120_000)
    page.wait_for_selector(".cl-hand .cl-cardbtn", timeout=120_000)  # its cards: the page is playable
    if times is not None:
        times.append((arrived, time.perf_counter() - start))
    return page


LOG = "() => document.querySelector('.cl-log').textContent"


def click_delays(pages: list, actions: int) -> list[float]:
    """Two students' pages of one Kontrabluff room play ``actions`` moves by clicks; for each
    click, the seconds until the other page's log shows it."""
    from playwright.sync_api import Error as PlaywrightError

    delays: list[float] = []
    while len(delays) < actions:
        for page in pages:  # read the result, then go on
            if page.locator(".cl-continue:visible").count():
                with contextlib.suppress(PlaywrightError):  # it went while we looked: the table moved on
                    page.bring_to_front()
                    page.locator(".cl-continue:visible").first.click(timeout=2_000)
        mover = next((i for i, p in enumerate(pages)
                      if p.locator(".cl-table .cl-turn", has_text="Your turn").count()), None)
        if mover is None:
            pages[0].wait_for_timeout(100)
            continue
        page, other = pages[mover], pages[1 - mover]
        page.bring_to_front()
        page.wait_for_selector(".cl-action:visible", timeout=20_000)
        page.wait_for_timeout(300)  # the rest of the same refresh arrives just after the prompt
        before = other.evaluate(LOG)
        labels = [b.text_content().strip() for b in page.locator(".cl-action:visible:not([disabled])").all()]
        start = time.perf_counter()
        if "Pass" in labels or "Hand over" in labels:
            page.locator(".cl-action:visible", has_text="Pass" if "Pass" in labels else "Hand over").first.click()
        else:  # select cards until a move with them is on offer (one to lay, five to pass or see)
            choice = page.locator(".cl-action:visible:not([disabled])", has_text=re.compile(r"^(Lay |Pass|See)"))
            for _ in range(5):
                page.locator(".cl-hand .cl-cardbtn:visible:not([disabled]):not(.cl-selected)").first.click()
                page.wait_for_timeout(150)
                if choice.count():
                    break
            start = time.perf_counter()
            choice.first.click()
        # polled, not on animation frames: a tab in the background gets none
        other.wait_for_function(f"before => ({LOG})() !== before", arg=before, timeout=20_000, polling=10)
        delays.append(time.perf_counter() - start)
    return delays


def browser_latency(actions: int) -> list[float]:
    """Click in one student's page -> the other page shows it (the classroom server, Debian's chromium)."""
    from tests.browser.browser_servers import voila_browser

    folder = Path(tempfile.mkdtemp(prefix="cardlab-rooms-bench-"))
    store = SQLiteStore(folder / "class.db")  # the classroom server's store
    room = store.create_room("kontrabluff", {"target": 10**6}, seed=11, seats=[None, None])
    tokens = store.tokens(room)
    with voila_browser(folder, kind="classroom") as (server, browser):
        links = [f"{server.url}/join?room={room}&seat={seat}&token={tokens[seat]}" for seat in (0, 1)]
        pages = [open_page(browser.new_context(), url) for url in links]
        return click_delays(pages, actions)


def cross_server_clicks(url: str, servers: int, clicks: int) -> list[float]:
    """``servers`` classroom servers sharing the store ``url``; the two students of a
    Kontrabluff room open their links on different servers and play ``clicks`` moves by
    clicks: for each, the seconds until the other server's page shows it."""
    from playwright.sync_api import sync_playwright

    from cardlab.rooms import open_store
    from tests.browser.browser_servers import launch_browser, server

    store = open_store(url)
    room = store.create_room("kontrabluff", {"target": 10**6}, seed=11, seats=[None, None])
    tokens = store.tokens(room)
    store.close()
    with contextlib.ExitStack() as stack:
        running = [stack.enter_context(server("classroom", Path(tempfile.mkdtemp(prefix="cardlab-servers-bench-")),
                                              options=(f"--db={url}",))) for _ in range(servers)]
        browser = launch_browser(stack.enter_context(sync_playwright()))
        stack.callback(browser.close)
        pages = [open_page(browser.new_context(), f"{running[seat % servers].url}/join?room={room}&seat={seat}"
                                                  f"&token={tokens[seat]}") for seat in (0, 1)]
        return click_delays(pages, clicks)


def several_servers(store: str, servers: int, clicks: int) -> None:
    """Part 5 (see the module): SQLite and the store, the class's throughput and the clicks
    across servers, printed as a table."""
    from types import SimpleNamespace

    from benchmarks.bench_store import measure, quantile
    from tests import pgserver

    local = None
    if store == "local":
        if (reason := pgserver.unavailable_reason()) is not None:
            sys.exit(f"--store local: {reason}")
        local = pgserver.PostgresServer().start()
        store = local.new_database()
    stores = [("SQLite (one file)", str(Path(tempfile.mkdtemp()) / "bench.db")),
              ("PostgreSQL" + (" (local, fsync off)" if local else ""), store)]
    rows = []
    try:
        for label, url in stores:
            row = measure(url, label, SimpleNamespace(students=30, servers=servers, seconds=20.0, think=0.05))
            row["clicks"] = sorted(cross_server_clicks(url, servers, clicks)) if clicks > 0 else []
            rows.append(row)
    finally:
        if local is not None:
            local.stop()
    print(f"5. 30 students through {servers} classroom processes on one store (20 s each); then two students of "
          f"one room on two classroom servers, {clicks} moves by clicks in Chromium")
    print(f"{'store':32} {'actions/s':>9} {'lost':>5} {'doubled':>8} {'told p95 ms':>12} {'click p50 ms':>13} "
          f"{'click p95 ms':>13}")
    for row in rows:
        push, shown = row["push"], row["clicks"]
        print(f"{row['store']:32} {row['per_second']:9.1f} {row['lost']:5d} {row['doubled']:8d} "
              f"{quantile(push, 0.95) * 1000:12.0f} {quantile(shown, 0.5) * 1000:13.0f} "
              f"{quantile(shown, 0.95) * 1000:13.0f}")
    print("told: a move through one process -> the other student's page (another process) told by the store; "
          "click: a click on one server's page -> the other server's page shows it (targets: p95 under 500 ms; "
          "lost and doubled 0)")


#: The Voilà side of the comparison: the same join page as a notebook (a kernel per page),
#: and the teacher's page, with jupyter_server's culling of pages nobody is connected to.
VOILA_PAGES = {"join": "from cardlab.app import join_page\n\njoin_page()",
               "teacher": "from cardlab.app import teacher_page\n\nteacher_page()"}
VOILA_CULL = ("--MappingKernelManager.cull_idle_timeout=30", "--MappingKernelManager.cull_interval=5",
              "--MappingKernelManager.cull_connected=False")


def class_pages(kind: str, students: int, pairs: int, clicks: int, settle: float) -> dict[str, list[float]]:
    """On the server ``kind`` ("classroom": one process; "voila": a kernel per page), ``students``
    join pages opened one after another and kept open: seconds from each link to the server's
    page and to a playable page; with all of them open, ``clicks`` clicks in ``pairs`` rooms and
    the seconds until the other page shows each, the teacher's page's opening, and the resident
    memory (MB) of the server's process tree: before any page, with all connected, and ``settle``
    seconds after every page closed."""
    from tests.browser.browser_servers import process_tree_mb, voila_browser, write_notebook

    folder = Path(tempfile.mkdtemp(prefix=f"cardlab-class-bench-{kind}-"))
    store = SQLiteStore(folder / "class.db")
    links = []
    for number in range((students + 1) // 2):
        room = store.create_room("kontrabluff", {"target": 10**6}, seed=number, seats=[None, None])
        links += [f"room={room}&seat={seat}&token={token}" for seat, token in store.tokens(room).items()]
    options: tuple[str, ...] = ()
    if kind == "voila":
        for name, code in VOILA_PAGES.items():
            write_notebook(folder, name, code)
        options = VOILA_CULL
        os.environ["CARDLAB_CLASSROOM_DB"] = str(folder / "class.db")  # the kernels' store (inherited)
    join = "/voila/render/join.ipynb?" if kind == "voila" else "/join?"
    teacher = "/voila/render/teacher.ipynb?" if kind == "voila" else "/teacher?"
    times: list[tuple[float, float]] = []
    pages = []
    with voila_browser(folder, kind=kind, options=options) as (server, browser):
        time.sleep(3)  # the server settles
        memory = {"before": [process_tree_mb(server.pid)]}
        context = browser.new_context()  # one laptop's browser: its cache warm after the first page
        first = open_page(context, f"{server.url}{join}{links[0]}", times)  # a cold first load, not counted
        first.close(run_before_unload=True)
        times.clear()
        time.sleep(2)
        for query in links[:students]:
            pages.append(open_page(context, f"{server.url}{join}{query}", times))
        delays: list[float] = []
        rooms = [pages[i:i + 2] for i in range(0, 2 * min(pairs, students // 2), 2)]
        for number, pair in enumerate(rooms):  # the class stays connected while these pairs play
            delays += click_delays(pair, clicks * (number + 1) // len(rooms) - clicks * number // len(rooms))
        start = time.perf_counter()
        board = context.new_page()
        board.goto(f"{server.url}{teacher}key={store.teacher_key()}", timeout=120_000)
        board.wait_for_selector("table.cl-rooms", timeout=120_000)
        opened = time.perf_counter() - start
        time.sleep(2)  # every page's last redraw is done
        memory["connected"] = [process_tree_mb(server.pid)]
        for page in [*pages, board]:
            page.close(run_before_unload=True)
        context.close()
        time.sleep(settle)
        memory["after"] = [process_tree_mb(server.pid)]
    return {"arrived": [arrived for arrived, _ in times], "seconds": [playable for _, playable in times],
            "clicks": delays, "teacher": [opened], **memory}


def quantiles(values: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and worst of ``values``."""
    p95 = statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]
    return statistics.median(values), p95, max(values)


SERVERS = {"classroom": "the classroom server (one process, Solara)", "voila": "Voilà (a kernel per page)"}


def class_report(results: dict[str, dict[str, list[float]]], settle: float) -> str:
    """The figures of :func:`class_pages` for each server, as a table."""
    lines = []
    for kind, result in results.items():
        seconds, clicks = result["seconds"], result["clicks"]
        students = len(seconds)
        before, connected, after = result["before"][0], result["connected"][0], result["after"][0]
        lines += [f"4. {SERVERS[kind]}: a class of {students}, join links opened one after another in one "
                  f"browser (its cache warm), every page kept open",
                  f"   {'':52}{'median':>9}{'p95':>9}{'worst':>9}   target"]

        def row(name: str, values: list[float], scale: float, unit: str, target: str) -> None:
            if values:
                digits = 0 if unit == "ms" else 2
                median, p95, worst = (value * scale for value in quantiles(values))
                lines.append(f"   {name + ' (' + unit + ')':52}{median:9.{digits}f}{p95:9.{digits}f}{worst:9.{digits}f}"
                             f"   {target}")

        row(f"link -> the server's page arrived, {students} links", result["arrived"], 1, "s", "")
        row(f"link -> playable table, {students} links", seconds, 1, "s", "median < 1 s, p95 < 2 s")
        row(f"click -> other screen, {len(clicks)} clicks", clicks, 1000, "ms", "p95 < 500 ms")
        row("the teacher's page opened, all connected", result["teacher"], 1, "s", "< 2 s")
        per = (connected - before) / max(students, 1)
        back = (after - before) / before * 100
        lines.append(f"   memory (the server's process tree): {before:.0f} MB before, {connected:.0f} MB with all "
                     f"{students} connected = {per:.1f} MB a student (target <= 15 MB); {after:.0f} MB "
                     f"{settle:.0f} s after every page closed, {back:+.0f}% of the start (target within 20%)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--poll", type=float, default=0.2)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--browser", action="store_true", help="also measure page to page in Voilà and Chromium")
    parser.add_argument("--class", dest="students", type=int, default=0,
                        help="also open this many students' pages on the classroom server and on Voilà: link to "
                             "playable page, clicks, the teacher's page, memory")
    parser.add_argument("--pairs", type=int, default=3, help="with --class: rooms whose students play by clicks")
    parser.add_argument("--clicks", type=int, default=40,
                        help="with --class: clicks in all, over those rooms; with --store: moves across two servers")
    parser.add_argument("--settle", type=float, default=120.0,
                        help="with --class: seconds after every page closed before the memory is read again")
    parser.add_argument("--servers", default=None,
                        help="with --class: which servers, in order (classroom,voila); with --store: how many "
                             "classroom servers share the store (2)")
    parser.add_argument("--store", default=None,
                        help="a postgresql:// URL (or 'local': a throwaway PostgreSQL server): several classroom "
                             "servers on one store, against SQLite (part 5)")
    args = parser.parse_args()
    if args.store:
        several_servers(args.store, int(args.servers or 2), args.clicks)
        if args.actions <= 0 and not args.students:
            return
        args.servers = None
    args.servers = args.servers or "classroom,voila"
    if args.students:
        results = {kind: class_pages(kind, args.students, args.pairs, args.clicks, args.settle)
                   for kind in args.servers.split(",")}
        print(class_report(results, args.settle), flush=True)
    if args.actions <= 0:
        return
    delays = latency(args.actions, args.poll)
    q = statistics.quantiles(delays, n=20)
    print(f"1. action committed in one process -> seen by another polling every {args.poll:g} s "
          f"({len(delays)} actions): median {statistics.median(delays) * 1000:.0f} ms, "
          f"95th percentile {q[18] * 1000:.0f} ms, worst {max(delays) * 1000:.0f} ms (target: median < 500 ms)")
    result = throughput(args.seconds)
    print(f"2. {result['clients']} clients in {result['rooms']} rooms for {result['seconds']:.1f} s: "
          f"{result['actions']} actions committed, {result['actions_per_s']:.0f} actions/s, "
          f"{result['stale_refused']} stale clicks refused, lost {result['lost']}, doubled {result['doubled']} "
          "(target: 0 lost, 0 doubled)")
    if args.browser:
        delays = browser_latency(max(args.actions, 50))
        q = statistics.quantiles(delays, n=20)
        print(f"3. a click in one student's page -> shown in the other's (the classroom server, {len(delays)} actions): "
              f"median {statistics.median(delays) * 1000:.0f} ms, 95th percentile {q[18] * 1000:.0f} ms, "
              f"worst {max(delays) * 1000:.0f} ms (target: 95th percentile < 500 ms)")


if __name__ == "__main__":
    main()
