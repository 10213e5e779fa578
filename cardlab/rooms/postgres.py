"""The shared classroom store: one PostgreSQL database for every classroom server of a school.

Several ``cardlab-classroom`` processes, on one machine or several, open the same
database (``--db postgresql://user:password@host/database``), so a student may play a
room with a student served by another machine. The SQL is the SQLite store's
(:mod:`cardlab.rooms.sql`); what differs is here:

- **Moves as transactions.** A step locks the room's row (``SELECT … FOR UPDATE``)
  before it reads the room, so "read the state, check the action with the engine,
  append it" is atomic across servers, as ``BEGIN IMMEDIATE`` makes it in SQLite; other
  rooms go on meanwhile. The primary key on (room, number) refuses a double.
  Store-wide steps (the join codes' guesses, the schema's upgrade) take a named
  advisory lock (``pg_advisory_xact_lock``).
- **Connections** come from a pool (psycopg-pool), one per process and database, shared by
  every store object open on it (a one-process server opens one for each page: a page
  costs no connection of its own), each connection checked before use. A lost one (the
  database restarted, the network dropped) raises
  :class:`~cardlab.rooms.store.StoreUnavailable`; the store's
  :meth:`~cardlab.rooms.sql.SQLStore.run` tries the transaction once more on a fresh
  connection (the database rolled the lost one back).
- **Changes** reach the other servers by ``NOTIFY`` on the channel :data:`CHANNEL`, sent
  in the writing transaction (PostgreSQL delivers it at the commit, never for a rolled-back
  one); the payload is the room's id and the change's mark (the writing store's
  :attr:`~PostgresStore.origin` and the transaction's number), so a process that told its
  own pages at the commit does not tell them again. Each process listens with one
  connection per database, :class:`PostgresFeed`, read by the thread of its
  :class:`~cardlab.rooms.notify.RoomHub` (:meth:`~cardlab.rooms.sql.SQLStore.watch`; no
  loop per page); it reconnects by itself and then says that changes may have gone by
  unheard.

``pip install 'cardlab[postgres]'`` installs psycopg 3 and psycopg-pool.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
import os
import re
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from cardlab.rooms.notify import FEED_SECONDS, hub_for
from cardlab.rooms.sql import SQLStore, SQLTransaction, placeholders
from cardlab.rooms.store import StoreUnavailable

__all__ = ["CHANNEL", "PostgresStore", "PostgresFeed", "hide_password"]

log = logging.getLogger(__name__)

#: The channel every classroom store of a database notifies and listens on.
CHANNEL = "cardlab_rooms"
#: Seconds between two tries to reach the database again, for the listening connection.
RECONNECT_SECONDS = (0.1, 0.2, 0.5, 1.0, 2.0)
#: Seconds the pool keeps trying one lost connection (with its backoff: 1 s, 2 s, ...) before it
#: gives that try up; the next step that needs a connection starts a fresh one, so a page finds
#: the database within a second or so of its return, however long it was gone.
RECONNECT_GIVE_UP = 2.0
#: Seconds a listening connection waits for news before checking that it still stands.
IDLE_CHECK_SECONDS = 5.0


def hide_password(url: str) -> str:
    """``url`` with its password left out, to print or log it.

    >>> hide_password("postgresql://cardlab:s3cret@db:5432/school")
    'postgresql://cardlab:***@db:5432/school'
    >>> hide_password("postgresql://db/school")
    'postgresql://db/school'
    """
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


@functools.lru_cache(maxsize=256)
def _sql(sql: str) -> str:
    return placeholders(sql, "%s")


_pools: dict[tuple, list] = {}  # (url, min, max, timeout) -> [pool, store objects using it]
_pools_lock = threading.Lock()
_pool_names = itertools.count(1)


def _shared_pool(key: tuple, shown: str) -> ConnectionPool:
    """This process's pool for ``key`` (made and opened by the first store object that asks)."""
    url, min_size, max_size, timeout = key
    with _pools_lock:
        entry = _pools.get(key)
        if entry is not None:
            entry[1] += 1
            return entry[0]
        pool = ConnectionPool(url, min_size=min_size, max_size=max_size, timeout=timeout, kwargs={"autocommit": True},
                              check=ConnectionPool.check_connection, reconnect_timeout=RECONNECT_GIVE_UP, open=False,
                              name=f"cardlab-store-{next(_pool_names)}")
        try:
            pool.open(wait=True, timeout=timeout)
        except psycopg.OperationalError as error:
            pool.close()
            raise StoreUnavailable(f"cannot reach the classroom store {shown}: {error}") from error
        _pools[key] = [pool, 1]
        return pool


def _release_pool(key: tuple, pool: ConnectionPool) -> None:
    """One store object less on the pool; the last one closes it. A pool this process does
    not hold (a forked child's copy of its parent's) is left alone: closing it would end
    the parent's connections."""
    with _pools_lock:
        entry = _pools.get(key)
        if entry is None or entry[0] is not pool:
            return
        entry[1] -= 1
        if entry[1] > 0:
            return
        del _pools[key]
    pool.close()


def _forget_pools() -> None:
    """In a forked child: the parent's pools are not the child's (their connections are the
    parent's sockets, their workers the parent's threads)."""
    global _pools_lock
    _pools.clear()
    _pools_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pools)


class PostgresStore(SQLStore):
    """A classroom store in a PostgreSQL database (see the module).

    ``max_connections``: the pool's size for this process (its pages' threads share it);
    ``timeout``: seconds a step waits for a connection before the store counts as
    unavailable (while the database restarts, a page says so instead of hanging).
    """

    SERIAL = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"

    def __init__(self, url: str, *, min_connections: int = 1, max_connections: int = 10, timeout: float = 5.0):
        self._dsn = url
        self.url = hide_password(url)
        #: This store's id in its notifications' marks (with a transaction's number).
        self.origin = uuid.uuid4().hex[:12]
        self._numbers = itertools.count(1)
        self._hub = hub_for(("postgresql", url), lambda: PostgresFeed(url))
        self._pool_key = (url, min_connections, max_connections, timeout)
        self._pool = _shared_pool(self._pool_key, self.url)
        self._closed = False
        try:
            self._open_schema()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Give up this store object's share of the process's pool (the last one closes it)."""
        super().close()
        if not self._closed:
            self._closed = True
            _release_pool(self._pool_key, self._pool)

    # -- the dialect -------------------------------------------------------------------------
    def _execute(self, db: psycopg.Connection, sql: str, params: Sequence[Any]) -> psycopg.Cursor:
        try:
            return db.execute(_sql(sql), tuple(params))
        except psycopg.OperationalError as error:
            raise StoreUnavailable(str(error)) from error

    @contextlib.contextmanager
    def _reading(self) -> Iterator[psycopg.Connection]:
        try:
            with self._pool.connection() as conn:
                yield conn
        except psycopg.OperationalError as error:  # no connection to be had (PoolTimeout), or lost at its return
            raise StoreUnavailable(str(error)) from error

    @contextlib.contextmanager
    def transaction(self) -> Iterator[SQLTransaction]:
        """A transaction on a pooled connection (``READ COMMITTED``; each step locks the rows
        it must hold). Any exception rolls back; a lost connection is
        :class:`~cardlab.rooms.store.StoreUnavailable` (the database rolls back what it had).
        After the commit, this process's pages that watch its rooms are told."""
        try:
            with self._pool.connection() as conn, conn.transaction():
                tx = self.transaction_class(self, conn)
                tx.mark = f"{self.origin}:{next(self._numbers)}"  # its changes' mark (see _mark_change)
                yield tx
                self._committing(tx)  # before the commit: the feed may bring the NOTIFY back at once
        except psycopg.OperationalError as error:
            raise StoreUnavailable(str(error)) from error
        self._committed(tx)

    def _lock_room(self, db: psycopg.Connection, room: str) -> None:
        self._execute(db, "SELECT id FROM rooms WHERE id = ? FOR UPDATE", (room,))

    def _lock_named(self, db: psycopg.Connection, name: str) -> None:
        self._execute(db, "SELECT pg_advisory_xact_lock(hashtext(?))", (f"cardlab:{name}",))

    def _mark_change(self, tx: SQLTransaction, room: str) -> str:
        """``NOTIFY`` the room's change, delivered to every listener at the commit; its mark
        is this store's origin and the transaction's number (one per transaction)."""
        self._execute(tx.db, "SELECT pg_notify(?, ?)", (CHANNEL, f"{room} {tx.mark}"))
        return tx.mark

    def _has_table(self, db: psycopg.Connection, name: str) -> bool:
        return self._execute(db, "SELECT to_regclass(?) IS NOT NULL", (name,)).fetchone()[0]


class PostgresFeed:
    """The changes other processes committed to a PostgreSQL store (:class:`cardlab.rooms.notify.ChangeFeed`):
    one connection listening (``LISTEN``) on :data:`CHANNEL`, one per process and database.

    A lost connection (the database restarted, the network dropped) is opened again, tried
    after :data:`RECONNECT_SECONDS`; once back it reports ``(None, None)``: changes may have
    gone by unheard. A connection silent for :data:`IDLE_CHECK_SECONDS` is checked (a cut
    network sends no word that it is gone).
    """

    def __init__(self, url: str):
        self._url = url
        self._conn: psycopg.Connection | None = None
        self._failures = 0
        self._next_try = 0.0
        self._lost = False
        self._quiet_since = time.monotonic()
        self._connect()  # now, so a change committed once watch() has returned is heard

    def _connect(self) -> bool:
        try:
            conn = psycopg.connect(self._url, autocommit=True, connect_timeout=5)
            conn.execute(f"LISTEN {CHANNEL}")
        except psycopg.OperationalError as error:
            if not self._lost:
                log.warning("classroom store %s: cannot listen for changes (%s); trying again",
                            hide_password(self._url), str(error).strip())
            self._lost = True
            self._next_try = time.monotonic() + RECONNECT_SECONDS[min(self._failures, len(RECONNECT_SECONDS) - 1)]
            self._failures += 1
            return False
        self._conn, self._failures, self._quiet_since = conn, 0, time.monotonic()
        return True

    def changes(self, timeout: float = FEED_SECONDS) -> list[tuple[str | None, str | None]]:
        if self._conn is None:
            wait = self._next_try - time.monotonic()
            if wait > 0:
                time.sleep(min(wait, timeout))
                return []
            if not self._connect():
                return []
            log.warning("classroom store %s: listening for changes again", hide_password(self._url))
            self._lost = False
            return [(None, None)]  # back after a loss: what changed meanwhile went unheard
        heard: list[tuple[str | None, str | None]] = []
        try:
            for note in self._conn.notifies(timeout=timeout, stop_after=1):  # told as it comes, not at the timeout
                room, _, mark = note.payload.partition(" ")
                heard.append((room, mark or None))
            now = time.monotonic()
            if heard:
                self._quiet_since = now
            elif now - self._quiet_since >= IDLE_CHECK_SECONDS:  # a silent connection may be a dead one
                self._conn.execute("SELECT 1")
                self._quiet_since = now
        except psycopg.Error as error:
            log.warning("classroom store %s: the listening connection was lost (%s); reconnecting",
                        hide_password(self._url), str(error).strip())
            self._drop()
            self._lost = True
            self._next_try = time.monotonic() + RECONNECT_SECONDS[0]
            return heard  # the rest is said once the connection is back: (None, None)
        return heard

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def close(self) -> None:
        self._drop()
