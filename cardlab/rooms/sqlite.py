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

Another process's commits are heard by polling ``PRAGMA data_version`` (it changes only
when another connection commits): :meth:`SQLiteStore.changed`, or one watcher thread per
store for :meth:`~cardlab.rooms.sql.SQLStore.subscribe` (which cannot tell which room changed).

>>> import tempfile, os
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> room = store.create_room("kontrabluff", {"target": 300}, seed=7, seats=[None, "rule"])
>>> store.schema_version(), store.room(room).status, store.changed()
(2, 'open', False)
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cardlab.rooms.sql import SQLStore, SQLTransaction
from cardlab.rooms.store import StoreUnavailable

__all__ = ["SQLiteStore"]


class SQLiteStore(SQLStore):
    """The embedded store (see the module). ``poll_seconds``: how often the watcher thread
    of :meth:`subscribe` looks for other processes' commits."""

    def __init__(self, path: str | Path, *, busy_timeout_ms: int = 10_000, poll_seconds: float = 0.2):
        super().__init__()
        self.path = str(path)
        self.url = self.path
        self.poll_seconds = poll_seconds
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, timeout=busy_timeout_ms / 1000, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")  # WAL: durable at checkpoints, never corrupt
        self._open_schema()
        self._version = self._data_version()

    def close(self) -> None:
        super().close()
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
            try:
                yield self.transaction_class(self, self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            try:
                self._execute(self._db, "COMMIT", ())
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def _has_table(self, db: sqlite3.Connection, name: str) -> bool:
        return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None

    # -- changes made by other processes ---------------------------------------------------
    def _data_version(self) -> int:
        with self._lock:
            return self._db.execute("PRAGMA data_version").fetchone()[0]

    def changed(self) -> bool:
        """Whether another connection committed anything since the last call (a cheap poll)."""
        version = self._data_version()
        if version != self._version:
            self._version = version
            return True
        return False

    def _watch(self, stop: threading.Event) -> None:
        seen = self._data_version()
        self._ready.set()
        while not stop.wait(self.poll_seconds):
            try:
                version = self._data_version()
            except sqlite3.Error:  # closed under us, or busy: look again later
                continue
            if version != seen:
                seen = version
                self._heard_of(None)
