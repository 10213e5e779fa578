"""How the pages of a room learn that it changed: pushed within a process, fed from other processes.

Every store (:class:`~cardlab.rooms.sqlite.SQLiteStore`, :class:`~cardlab.rooms.postgres.PostgresStore`)
offers ``store.watch(room, listener) -> unwatch``, the one way a page hears of changes. The
promise, whatever the store:

- ``listener(room)`` is called after every **committed** change of ``room``: an action, an
  undo, a pause, a resume or an end, its switches, a seat taken over or given up (not a
  lease merely renewed), the room's creation, its class's drill set. ``room=None`` watches
  every room (the teacher's page).
- A change committed in **this process** (through any store object open on the same
  database) calls the listeners at once, in the writer's thread, right after its commit:
  the pages of one process share one hub per database (:class:`RoomHub`), and no page
  polls.
- A change committed by **another process** (another classroom server, on this machine or
  another) reaches them through the store's :class:`ChangeFeed`, read by one thread per
  process and database (not one per page):

  - SQLite's feed (:class:`cardlab.rooms.sqlite.SQLiteFeed`) looks at ``PRAGMA data_version``
    every :data:`FEED_SECONDS` and reads which rooms changed (``room_changes``) only when
    another connection has committed;
  - PostgreSQL's feed (:class:`cardlab.rooms.postgres.PostgresFeed`) waits on ``LISTEN`` for
    the ``NOTIFY`` each write sends in its transaction (delivered at its commit, never for a
    rolled-back one), whose payload is the room's id and the change's mark.

- A listener returns at once (it hands the work to its page). It may be called more than
  once for one change, and one call may stand for several: it re-reads what it shows. An
  exception in one listener is logged and reaches no other.
- When a feed has lost track for a while (PostgreSQL restarted, the network dropped: its
  ``LISTEN`` connection came back), changes may have gone by unheard: every listener is
  called, a room's with its room, a watcher of every room with ``None`` (look at everything).
- ``unwatch()`` ends the calls; a hub with no listener left stops its feed's thread.

A store implements it with a :class:`RoomHub` of its own database (:func:`hub_for`): before
a commit it hands the hub the *marks* of the transaction's changes (:meth:`RoomHub.remember`),
after it calls :meth:`RoomHub.changed`; its feed hands the same mark back for the same change
(SQLite: the change's number in ``room_changes``; PostgreSQL: the writing store's origin and
the transaction's number, in the ``NOTIFY`` payload), so this process's own changes, already
told, are not told again when the feed brings them back.

>>> import queue
>>> class Quiet:                        # a feed that never sees another process
...     def changes(self, timeout): return []
...     def close(self): pass
>>> hub = RoomHub(Quiet)
>>> heard = queue.Queue()
>>> unwatch = hub.watch("r1", heard.put)
>>> everything = hub.watch(None, lambda room: heard.put("any " + room))
>>> hub.changed([("r1", 1), ("r2", 2)])
>>> sorted(heard.get_nowait() for _ in range(3))
['any r1', 'any r2', 'r1']
>>> unwatch(); everything(); hub.listeners()
0
"""

from __future__ import annotations

import collections
import itertools
import logging
import os
import threading
from collections.abc import Callable, Hashable, Iterable
from typing import Protocol

__all__ = ["Listener", "ChangeFeed", "RoomHub", "hub_for", "FEED_SECONDS"]

logger = logging.getLogger("cardlab.rooms")

#: What a watcher is told: the id of the room that changed (None, to a watcher of every room:
#: changes may have gone by unheard, look at everything).
Listener = Callable[[str | None], None]
#: Seconds a feed waits for other processes' changes before the hub looks whether it must stop.
FEED_SECONDS = 0.1
#: How many of this process's own changes a hub remembers, to skip them when its feed brings them back.
_REMEMBERED = 4096


class ChangeFeed(Protocol):
    """Where a process learns of the changes other processes committed (one per hub, read by its thread)."""

    def changes(self, timeout: float) -> Iterable[tuple[str | None, Hashable]]:
        """Wait at most ``timeout`` seconds; the changes committed since the last call, as
        ``(room, mark)`` (mark: what :meth:`RoomHub.changed` was given for the same change,
        or None when the feed cannot tell); ``(None, None)`` when the feed lost track (any
        room may have changed meanwhile). It raises nothing: a feed that loses its source
        reconnects by itself."""
        ...

    def close(self) -> None: ...


class RoomHub:
    """The listeners of one database in one process, and the thread that reads its feed.

    ``open_feed`` makes the feed when the first listener comes (before :meth:`watch`
    returns); a thread reads it, and ends, closing the feed, once the last listener has gone.
    """

    def __init__(self, open_feed: Callable[[], ChangeFeed]):
        self._open_feed = open_feed
        self._lock = threading.Lock()
        self._listeners: dict[str | None, dict[int, Listener]] = {}
        self._numbers = itertools.count()
        self._stop: threading.Event | None = None
        self._told: set[Hashable] = set()
        self._told_order: collections.deque[Hashable] = collections.deque()

    def listeners(self) -> int:
        """How many listeners are watching (a room, or every room)."""
        with self._lock:
            return sum(len(each) for each in self._listeners.values())

    def watch(self, room: str | None, listener: Listener) -> Callable[[], None]:
        """Call ``listener(room)`` after each change of ``room`` (None: of any room) until the
        returned function is called."""
        with self._lock:
            number = next(self._numbers)
            self._listeners.setdefault(room, {})[number] = listener
            if self._stop is None:
                # the feed is opened here, not in its thread: a change committed by another
                # process once watch() has returned is after the feed's start, so it is told
                feed = self._open_feed()
                self._stop = threading.Event()
                threading.Thread(target=self._read_feed, args=(feed, self._stop), name="cardlab-room-feed",
                                 daemon=True).start()

        def unwatch() -> None:
            with self._lock:
                self._listeners.get(room, {}).pop(number, None)
                if not self._listeners.get(room, True):
                    del self._listeners[room]
                if not self._listeners and self._stop is not None:
                    self._stop.set()
                    self._stop = None

        return unwatch

    def remember(self, marks: Iterable[Hashable]) -> None:
        """Marks of changes this process is about to commit: when the feed brings them back
        (perhaps before :meth:`changed` is called), they are not told again."""
        with self._lock:
            for mark in marks:
                if mark is not None and mark not in self._told:
                    self._told.add(mark)
                    self._told_order.append(mark)
                    if len(self._told_order) > _REMEMBERED:
                        self._told.discard(self._told_order.popleft())

    def changed(self, changes: Iterable[tuple[str, Hashable]]) -> None:
        """The store committed ``changes`` (``(room, mark)``) in this process: tell the listeners now."""
        changes = list(changes)
        self.remember(mark for _, mark in changes)
        self._tell(room for room, _ in changes)

    def _tell(self, rooms: Iterable[str | None]) -> None:
        for room in dict.fromkeys(rooms):  # once per room, in order
            with self._lock:
                if room is None:  # lost track: every room's listeners with their room, the others with None
                    calls = [(listener, watched) for watched, each in self._listeners.items() for listener in each.values()]
                else:
                    calls = [(listener, room) for listener in
                             [*self._listeners.get(room, {}).values(), *self._listeners.get(None, {}).values()]]
            for listener, told in calls:
                try:
                    listener(told)
                except Exception:  # noqa: BLE001 - one page's fault reaches no other page
                    logger.exception("a listener of room %s failed", told)

    def _read_feed(self, feed: ChangeFeed, stop: threading.Event) -> None:
        try:
            while not stop.is_set():
                changes = list(feed.changes(FEED_SECONDS))
                with self._lock:
                    rooms = [room for room, mark in changes if mark is None or mark not in self._told]
                if rooms and not stop.is_set():
                    self._tell(rooms)
        except Exception:  # noqa: BLE001 - said in the log; the next watch starts a new feed
            logger.exception("the rooms' change feed stopped")
            with self._lock:
                if self._stop is stop:
                    self._stop = None
        finally:
            feed.close()


_hubs: dict[Hashable, RoomHub] = {}
_hubs_lock = threading.Lock()


def _forget_hubs() -> None:
    """In a child forked from a process with hubs: none of them is the child's (their
    listeners are the parent's pages, whose copies hold the parent's connections)."""
    global _hubs_lock
    _hubs.clear()
    _hubs_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_hubs)


def hub_for(key: Hashable, open_feed: Callable[[], ChangeFeed]) -> RoomHub:
    """This process's hub of the database ``key`` (e.g. ``("sqlite", "/path/class.db")``):
    every store object open on that database shares it."""
    with _hubs_lock:
        hub = _hubs.get(key)
        if hub is None:
            hub = _hubs[key] = RoomHub(open_feed)
        return hub
