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
- **Connections** come from a pool (psycopg-pool) shared by the process's threads, each
  checked before use. A lost one (the database restarted, the network dropped) raises
  :class:`~cardlab.rooms.store.StoreUnavailable`; the store's :meth:`~cardlab.rooms.sql.SQLStore.run`
  tries the transaction once more on a fresh connection (the database rolled the lost one back).
- **Changes** reach the other servers by ``NOTIFY`` on the channel :data:`CHANNEL`,
  sent with the commit; the payload is the room's id and the sending store's
  :attr:`~PostgresStore.origin` (so a process does not hear itself). Each store has one
  listening connection, on its watcher thread (:meth:`~cardlab.rooms.sql.SQLStore.subscribe`),
  which reconnects by itself and then says ``None`` (changes may have gone by unheard).

``pip install 'cardlab[postgres]'`` installs psycopg 3 and psycopg-pool.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
import threading
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from cardlab.rooms.sql import SQLStore, SQLTransaction, placeholders
from cardlab.rooms.store import StoreUnavailable

__all__ = ["CHANNEL", "PostgresStore", "hide_password"]

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


class PostgresStore(SQLStore):
    """A classroom store in a PostgreSQL database (see the module).

    ``max_connections``: the pool's size for this process (its pages' threads share it);
    ``timeout``: seconds a step waits for a connection before the store counts as
    unavailable (while the database restarts, a page says so instead of hanging).
    """

    def __init__(self, url: str, *, min_connections: int = 1, max_connections: int = 10, timeout: float = 5.0):
        super().__init__()
        self._dsn = url
        self.url = hide_password(url)
        #: This store's id in its notifications: what it hears from itself it ignores.
        self.origin = uuid.uuid4().hex[:12]
        self._pool = ConnectionPool(url, min_size=min_connections, max_size=max_connections, timeout=timeout,
                                    kwargs={"autocommit": True}, check=ConnectionPool.check_connection,
                                    reconnect_timeout=RECONNECT_GIVE_UP, open=False, name=f"cardlab-store-{self.origin}")
        try:
            self._pool.open(wait=True, timeout=timeout)
        except psycopg.OperationalError as error:
            self._pool.close()
            raise StoreUnavailable(f"cannot reach the classroom store {self.url}: {error}") from error
        try:
            self._open_schema()
        except BaseException:
            self._pool.close()
            raise

    def close(self) -> None:
        super().close()
        self._pool.close()

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
        :class:`~cardlab.rooms.store.StoreUnavailable` (the database rolls back what it had)."""
        try:
            with self._pool.connection() as conn, conn.transaction():
                yield self.transaction_class(self, conn)
        except psycopg.OperationalError as error:
            raise StoreUnavailable(str(error)) from error

    def _lock_room(self, db: psycopg.Connection, room: str) -> None:
        self._execute(db, "SELECT id FROM rooms WHERE id = ? FOR UPDATE", (room,))

    def _lock_named(self, db: psycopg.Connection, name: str) -> None:
        self._execute(db, "SELECT pg_advisory_xact_lock(hashtext(?))", (f"cardlab:{name}",))

    def _notify(self, db: psycopg.Connection, room: str) -> None:
        self._execute(db, "SELECT pg_notify(?, ?)", (CHANNEL, f"{room} {self.origin}"))

    def _has_table(self, db: psycopg.Connection, name: str) -> bool:
        return self._execute(db, "SELECT to_regclass(?) IS NOT NULL", (name,)).fetchone()[0]

    # -- changes made by other processes ---------------------------------------------------
    def _watch(self, stop: threading.Event) -> None:
        """Listen on :data:`CHANNEL` until ``stop``; reconnect whenever the connection is lost."""
        failures = 0
        heard_before = False
        while not stop.is_set():
            try:
                with psycopg.connect(self._dsn, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    failures = 0
                    if heard_before:  # back after a loss: what changed meanwhile went unheard
                        log.warning("classroom store %s: listening again", self.url)
                        self._heard_of(None)
                    heard_before = True
                    self._ready.set()
                    self._listen(conn, stop)
            except psycopg.OperationalError as error:
                log.warning("classroom store %s: the listening connection was lost (%s); reconnecting", self.url,
                            str(error).strip())
                stop.wait(RECONNECT_SECONDS[min(failures, len(RECONNECT_SECONDS) - 1)])
                failures += 1

    def _listen(self, conn: psycopg.Connection, stop: threading.Event) -> None:
        idle = 0.0
        while not stop.is_set():
            heard = False
            for note in conn.notifies(timeout=0.5):
                heard = True
                room, _, origin = note.payload.partition(" ")
                if origin != self.origin:
                    self._heard_of(room)
            idle = 0.0 if heard else idle + 0.5
            if idle >= IDLE_CHECK_SECONDS:  # a silent connection may be a dead one (no FIN on a cut network)
                conn.execute("SELECT 1")
                idle = 0.0
