"""The promise every store's change notification keeps (:mod:`cardlab.rooms.notify`), as checks
a test runs against any store: tests/test_room_push.py runs them on SQLite and on PostgreSQL
(``check_watch(lambda: open_store(url), ...)``).

``open_store()`` opens a new store object on the same database (another page's
connection); ``pause_elsewhere(room)`` pauses the room from a separate process on the
same database and returns once that process has committed (its change must come
through the feed).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

#: Seconds a change may take to reach a listener from another process (the feed's look, and a margin for busy CI).
FROM_ANOTHER_PROCESS = 3.0


def heard_within(heard: queue.Queue, room: str, seconds: float) -> float:
    """Seconds until ``room`` is heard on ``heard`` (fails after ``seconds``)."""
    start = time.monotonic()
    while True:
        left = seconds - (time.monotonic() - start)
        assert left > 0, f"room {room} was not told within {seconds} s"
        try:
            if heard.get(timeout=left) == room:
                return time.monotonic() - start
        except queue.Empty:
            continue


def check_watch(open_store: Callable[[], Any], pause_elsewhere: Callable[[str], None]) -> dict[str, float]:
    """Every clause of the promise, on two store objects of one database and another process;
    returns the delays seen (s)."""
    writer, reader = open_store(), open_store()
    room = writer.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, None])
    other = writer.create_room("kontrabluff", {"target": 300}, seed=2, seats=[None, None])
    heard: queue.Queue = queue.Queue()
    everything: queue.Queue = queue.Queue()
    threads: list[str] = []

    def listener(changed: str) -> None:
        threads.append(threading.current_thread().name)
        heard.put(changed)

    unwatch = reader.watch(room, listener)
    unwatch_all = reader.watch(None, everything.put)
    delays: dict[str, float] = {}

    # this process: told at once, in the writer's thread, after the commit
    writer.set_status(room, "paused")
    assert heard.get_nowait() == room and threads[-1] == threading.current_thread().name
    writer.set_switches(room, writer.switches(room))
    assert heard.get_nowait() == room
    with writer.transaction() as tx:
        tx.append_action(room, 1, 0, ["pass", [], None])
        assert heard.empty(), "told before the commit"
    assert heard.get_nowait() == room
    token = writer.tokens(room)[0]
    assert writer.hold_seat(room, 0, "page-1") and heard.get_nowait() == room  # a seat taken
    assert writer.hold_seat(room, 0, "page-1") and heard.empty()  # a lease renewed: no change
    writer.release_seat(room, 0, "page-1")
    assert heard.get_nowait() == room
    assert token
    # a room of its own: the other room's change reaches only the watcher of every room
    writer.set_status(other, "paused")
    assert heard.empty()
    seen = set()
    while not everything.empty():
        seen.add(everything.get_nowait())
    assert seen == {room, other}

    # another process: through the feed, once, in the feed's thread
    pause_elsewhere(room)
    delays["another process"] = heard_within(heard, room, FROM_ANOTHER_PROCESS)
    assert threads[-1] != threading.current_thread().name
    time.sleep(0.5)
    assert heard.empty(), "another process's change was told twice"

    # one faulty listener reaches no other
    def broken(_room: str) -> None:
        raise RuntimeError("a page's fault")

    unwatch_broken = reader.watch(room, broken)
    writer.set_status(room, "open")
    assert heard.get_nowait() == room
    unwatch_broken()

    # unwatched: no more calls
    unwatch()
    unwatch_all()
    writer.set_status(room, "ended")
    pause_elsewhere(room)
    time.sleep(0.5)
    assert heard.empty()
    return delays
