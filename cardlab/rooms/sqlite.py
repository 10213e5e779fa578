"""The embedded classroom store: one SQLite file shared by every process on the classroom server.

Each process opens its own connection (SQLite connections are not shared across
processes), and the threads of one process share it under a lock (a one-process server
serves many pages from threads). WAL mode: readers never block the writer.
``BEGIN IMMEDIATE`` takes the file's write lock before the first read, so that "read the
state, check the action with the engine, append it" is one atomic step across
processes; ``busy_timeout`` makes a writer wait for the lock instead of failing (a wait
longer than that is :class:`~cardlab.rooms.store.StoreUnavailable`). Join tokens are
stored as hashes for checking; the plain tokens are kept only in the teacher's column
(``tokens``), which a student's page never reads.

Pages learn of changes through :meth:`~cardlab.rooms.sql.SQLStore.watch` (the promise is
:mod:`cardlab.rooms.notify`'s): each write that changes a room numbers its change in the
``room_changes`` table, in its transaction (which holds the file's write lock, so the
numbers follow the commits); this process's pages are told after the commit, and one thread
per process and file, :class:`SQLiteFeed`, looks at ``PRAGMA data_version`` (it changes
only when another connection commits) and then reads which rooms the others changed.

>>> import tempfile, os
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> room = store.create_room("kontrabluff", {"target": 300}, seed=7, seats=[None, "rule"])
>>> store.schema_version(), store.room(room).status
(3, 'open')
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cardlab.rooms.notify import FEED_SECONDS, hub_for
from cardlab.rooms.sql import SQLStore, SQLTransaction
from cardlab.rooms.store import StoreUnavailable

__all__ = ["SQLiteStore", "SQLiteFeed"]


class SQLiteStore(SQLStore):
    """The embedded store (see the module)."""

    OWN_TABLES = (("room_changes", """room TEXT PRIMARY KEY,
    seq INTEGER NOT NULL"""),)
    OWN_INDEXES = ("CREATE INDEX IF NOT EXISTS room_changes_seq ON room_changes (seq)",)

    def __init__(self, path: str | Path, *, busy_timeout_ms: int = 10_000):
        self.path = str(path)
        self.url = self.path
        location = self.path if self.path == ":memory:" else str(Path(self.path).resolve())
        self._hub = hub_for(("sqlite", location), lambda: SQLiteFeed(self.path))
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, timeout=busy_timeout_ms / 1000, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")  # WAL: durable at checkpoints, never corrupt
        self._open_schema()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- the dialect -------------------------------------------------------------------------
    def _execute(self, db: sqlite3.Connection, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        try:
            return db.execute(sql, params)
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):  # the other writer held the lock past busy_timeout
                raise StoreUnavailable(str(error)) from error
            raise

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            yield self._db

    @contextlib.contextmanager
    def transaction(self) -> Iterator[SQLTransaction]:
        """``BEGIN IMMEDIATE``: the write lock is taken before the first read, so what the
        step reads cannot change before it commits. Any exception rolls back."""
        with self._lock:
            self._execute(self._db, "BEGIN IMMEDIATE", ())
            tx = self.transaction_class(self, self._db)
            try:
                yield tx
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            # the feed may read the change numbers as soon as they commit: known before, they
            # are not told twice (the write lock is held, so no other process numbers a change
            # meanwhile; a failed commit is no commit, and SQLite's ends only on a failing disk)
            self._committing(tx)
            try:
                self._execute(self._db, "COMMIT", ())
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        self._committed(tx)  # outside the lock: a listener may read this store

    def _has_table(self, db: sqlite3.Connection, name: str) -> bool:
        return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None

    def _mark_change(self, tx: SQLTransaction, room: str) -> int:
        """Number the change of ``room``: one more than any change so far, in any room (the
        transaction holds the file's write lock, so no other process numbers one meanwhile)."""
        seq = tx.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM room_changes").fetchone()[0]
        tx.execute("INSERT INTO room_changes (room, seq) VALUES (?, ?) ON CONFLICT (room) DO UPDATE SET seq = excluded.seq",
                   (room, seq))
        return seq


class SQLiteFeed:
    """The changes other processes committed to a SQLite store (:class:`cardlab.rooms.notify.ChangeFeed`).

    One connection of its own: ``PRAGMA data_version`` changes only when another
    connection has committed, so an idle classroom costs one cheap pragma per look; then
    the rooms whose change numbers are new are read from ``room_changes`` (its index).
    A look that fails (the file busy past the timeout) is tried again at the next one.
    """

    def __init__(self, path: str | Path):
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout = 10000")
        self._version = self._db.execute("PRAGMA data_version").fetchone()[0]
        self._seq = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM room_changes").fetchone()[0]

    def changes(self, timeout: float = FEED_SECONDS) -> list[tuple[str, int]]:
        time.sleep(timeout)
        try:
            version = self._db.execute("PRAGMA data_version").fetchone()[0]
            if version == self._version:
                return []
            rows = self._db.execute("SELECT room, seq FROM room_changes WHERE seq > ? ORDER BY seq",
                                    (self._seq,)).fetchall()
        except sqlite3.Error:
            return []  # busy, or closed under us: look again next time
        self._version = version
        if rows:
            self._seq = rows[-1][1]
        return [(room, seq) for room, seq in rows]

    def close(self) -> None:
        self._db.close()
