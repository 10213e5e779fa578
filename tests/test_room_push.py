"""Push without polling (issue 37, item 2): a room's change reaches its pages through the store's
notification, the pages' work runs on their clocks, long work away from the pages.

- the store's promise (tests/notify_contract.py), on each store (SQLite, PostgreSQL): this
  process at once, another process through one feed per process;
- started tables take in a move, a pause and an end with no poll, from this process and
  from another; one feed thread per process however many pages;
- a page's clock (:class:`cardlab.sessions.clock.ThreadClock`): timers, pushed work inside
  the page's lock, nothing once the page is closed;
- a slow computer player decides away from the page; a fault in one page's session says
  so plainly on that page and reaches no other.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
import time

import numpy as np
import pytest

from cardlab.rooms import SeatSession, SQLiteStore, open_store
from cardlab.rooms.room import BotMove
from cardlab.sessions.clock import ThreadClock, using
from cardlab.widgets.join import room_table
from tests.notify_contract import check_watch

FORK = multiprocessing.get_context("fork")


def _pause(db: str, room: str) -> None:
    open_store(db).set_status(room, "paused")


def pause_elsewhere(db: str, room: str) -> None:
    process = FORK.Process(target=_pause, args=(db, room))
    process.start()
    process.join(30)
    assert process.exitcode == 0


def test_every_store_keeps_the_notification_promise(store_url):
    db = store_url
    delays = check_watch(lambda: open_store(db), lambda room: pause_elsewhere(db, room))
    print(f"\nanother process's change told after {delays['another process'] * 1000:.0f} ms")


def wait_until(condition, seconds: float = 5.0) -> float:
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < seconds, "not within the time"
        time.sleep(0.01)
    return time.monotonic() - start


def started_tables(db: str, room: str, seats, clock=None) -> list:
    tables = []
    for seat in seats:
        store = open_store(db)
        query = f"room={room}&seat={seat}&token={store.tokens(room)[seat]}"
        with using(clock):
            table = room_table(SeatSession.join(store, query))
        table.start()
        tables.append(table)
    return tables


def feed_threads() -> int:
    return sum(thread.name == "cardlab-room-feed" for thread in threading.enumerate())


def test_started_tables_take_in_moves_pauses_and_ends_without_a_poll(store_url):
    db = store_url
    store = open_store(db)
    room = store.create_room("kontrabluff", {"target": 300}, seed=5, seats=[None, None])
    tables = started_tables(db, room, (0, 1))
    try:
        mover = next(t for t in tables if t.seat in t.seen.actors)
        other = tables[1 - tables.index(mover)]
        version = other.seen.version
        mover.play(next(iter(mover.session.state.observation(mover.seat).legal_actions)))
        assert other.seen.version == version + 1, "the other page did not take the move in by itself"
        store.set_status(room, "paused")
        assert all(t.seen.status == "paused" and not t.seen.my_turn for t in tables)
        pause_elsewhere(db, room)  # nothing new: told or not, the pages stay right
        open_store(db).set_status(room, "open")
        # told at once here; the feed may be telling the other process's pause at the same
        # moment, in its thread (the page then takes the reopening in once that is done)
        wait_until(lambda: all(t.seen.status == "open" for t in tables), 2)

        def end_elsewhere() -> None:
            open_store(db).set_status(room, "ended")

        process = FORK.Process(target=end_elsewhere)
        process.start()
        process.join(30)
        took = wait_until(lambda: all(t.seen.status == "ended" for t in tables))
        print(f"\nan end from another process reached both pages after {took * 1000:.0f} ms")
        assert feed_threads() == 1, "one feed per process and store, not one per page"
    finally:
        for table in tables:
            table.session.leave()
    assert [seat.holder for seat in store.seats(room)] == [None, None], "a closed page gives its seat up at once"
    wait_until(lambda: feed_threads() == 0)  # nobody listens: the feed's thread ends


def test_a_page_clock_runs_timers_and_pushed_work_in_the_pages_lock_and_stops_when_closed():
    lock = threading.RLock()
    closed = threading.Event()
    ran: list[tuple[str, bool]] = []

    @contextlib.contextmanager
    def enter():
        with lock:
            yield

    clock = ThreadClock(enter, alive=lambda: not closed.is_set())

    def note(what: str) -> None:
        ran.append((what, lock._is_owned()))  # noqa: SLF001 - the page's lock is held while its work runs

    clock.soon(lambda: note("soon"))
    handle = clock.later(0.05, lambda: note("later"))
    cancelled = clock.later(0.05, lambda: note("cancelled"))
    cancelled.cancel()
    clock.off(lambda: threading.current_thread().name, lambda name: note(f"off:{name.split('_')[0]}"))
    wait_until(lambda: len(ran) == 3)
    time.sleep(0.1)
    assert sorted(what for what, _ in ran) == ["later", "off:cardlab-long-work", "soon"] and all(held for _, held in ran)
    assert cancelled.cancelled and handle.cancelled  # one dropped, one run: neither runs again
    closed.set()
    clock.soon(lambda: note("after close"))
    clock.later(0.01, lambda: note("after close"))
    time.sleep(0.2)
    assert len(ran) == 3, "a closed page's work ran"


def test_a_slow_computer_decides_away_from_the_page_and_its_move_comes_back(tmp_path, monkeypatch):
    db = str(tmp_path / "class.db")
    store = SQLiteStore(db)
    room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, "search"])
    decided_in: list[str] = []
    decide = BotMove.decide

    def recorded(self, observation):
        decided_in.append(threading.current_thread().name)
        return decide(self, observation)

    monkeypatch.setattr(BotMove, "decide", recorded)
    lock = threading.RLock()

    @contextlib.contextmanager
    def enter():
        with lock:
            yield

    (table,) = started_tables(db, room, (0,), clock=ThreadClock(enter))
    try:
        rng = np.random.default_rng(1)
        for _ in range(6):
            wait_until(lambda: table.seen.my_turn or table.seen.result is not None or table.seen.over, 30)
            with lock:
                if table.seen.result is not None:
                    table.resume()
                elif table.seen.my_turn:
                    table.play(table.session.state.observation(table.seat).legal_actions.sample(rng))
            if decided_in:
                break
        wait_until(lambda: bool(decided_in), 30)
        assert all(name.startswith("cardlab-long-work") for name in decided_in), decided_in
        wait_until(lambda: any(seat == 1 for _, seat, _ in store.actions(room)), 30)
    finally:
        with lock:
            table.session.leave()


def test_a_fault_in_one_pages_session_is_said_plainly_there_and_reaches_no_other(tmp_path, monkeypatch):
    db = str(tmp_path / "class.db")
    store = SQLiteStore(db)
    room = store.create_room("kontrabluff", {"target": 300}, seed=5, seats=[None, None])
    broken, fine = started_tables(db, room, (0, 1))
    try:
        def fail() -> bool:
            raise RuntimeError("a bug in this page's session")

        monkeypatch.setattr(broken.session.seat_session.room, "refresh", fail)
        store.set_status(room, "paused")
        assert broken.message == "Something went wrong on this page. Reload it to play on: your game is kept."
        assert "bug" not in broken.message and broken.message_is_error
        assert fine.seen.status == "paused" and not fine.message_is_error
    finally:
        broken.session.leave()
        fine.session.leave()


@pytest.mark.parametrize("kind", ["lay", "pass", "see"])
def test_a_forged_click_on_an_action_that_is_off_is_refused_and_changes_nothing(tmp_path, kind):
    """A page's button that is off (not this seat's turn), clicked by a forged widget
    message: the room refuses with the engine's reason; the store and the page's state are
    as before."""
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=5, seats=[None, None])
    tables = started_tables(store.path, room, (0, 1))
    try:
        waiting = next(t for t in tables if t.seat not in t.seen.actors)
        button = waiting._action_button(kind)  # noqa: SLF001 - the widget a forged message would name
        actions = store.actions(room)
        button.click()  # ipywidgets acts on a click message whatever ``disabled`` says
        assert store.actions(room) == actions
        others = tables[1 - tables.index(waiting)].seat
        assert waiting.message.startswith("EN-1") and waiting.message_is_error, waiting.message
        assert waiting.session.state.actions == [] and waiting.seat not in waiting.seen.actors and others in waiting.seen.actors
    finally:
        for table in tables:
            table.session.leave()
