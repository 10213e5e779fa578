"""Where classroom rooms live: one authority shared by every kernel (SQLite by default).

A room is its game's settings, a seed and the list of actions played so far, so the
store keeps exactly that, and every kernel rebuilds the state by replaying it (the same
way a saved game loads). :class:`RoomStore` is the small interface a server database
could implement too; :class:`SQLiteStore` is the embedded default: one file, WAL mode
(readers never block the writer), ``BEGIN IMMEDIATE`` so that "read the state, check
the action with the engine, append it" is one atomic step across processes.

>>> import tempfile, os
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> room = store.create_room("kontrabluff", {"target": 300}, seed=7, seats=[None, "rule"])
>>> store.room(room).game, [seat.bot for seat in store.seats(room)]
('kontrabluff', [None, 'rule'])
>>> with store.transaction() as tx:
...     tx.append_action(room, 1, 0, ["lay", ["Ah"], None])
1
>>> store.actions(room)
[(1, 0, ['lay', ['Ah'], None])]
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
import sqlite3
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

__all__ = ["RoomInfo", "SeatInfo", "RoomStore", "SQLiteStore", "Transaction", "hash_token", "StoreError"]

#: How long a kernel's hold on a seat or on a room's bots lasts without a renewal (seconds).
LEASE_SECONDS = 10.0


class StoreError(ValueError):
    """A store operation the room's state does not allow (a missing room, a taken slot)."""


@dataclass(frozen=True)
class RoomInfo:
    """One room as the store keeps it (no secrets)."""

    id: str
    game: str
    settings: dict[str, Any]
    seed: int
    dealer: int | None
    created: float
    status: str  # "open", "paused" or "ended"
    actions: int
    last_action_at: float | None


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a room: a person's (with a token) or a bot's; who holds it now."""

    room: str
    seat: int
    bot: str | None
    holder: str | None
    held_until: float

    @property
    def connected(self) -> bool:
        return self.holder is not None and self.held_until > time.time()


def hash_token(token: str) -> str:
    """Tokens are kept only as hashes: a copy of the database gives no join link."""
    return hashlib.sha256(token.encode()).hexdigest()


class Transaction(Protocol):
    """One atomic step, holding the room's write lock from the first read to the commit."""

    def action_count(self, room: str) -> int: ...

    def actions_since(self, room: str, done: int) -> list[tuple[int, int, list]]: ...

    def append_action(self, room: str, number: int, seat: int, action: list) -> int: ...

    def room_status(self, room: str) -> str: ...

    def take_mover(self, room: str, mover: str) -> bool: ...

    def seat_holder(self, room: str, seat: int) -> str | None: ...


class RoomStore(Protocol):
    """What a classroom needs from its database; :class:`SQLiteStore` implements it."""

    def create_room(self, game: str, settings: dict[str, Any], *, seed: int,
                    seats: Sequence[str | None], dealer: int | None = None) -> str: ...

    def room(self, room: str) -> RoomInfo: ...

    def rooms(self) -> list[RoomInfo]: ...

    def seats(self, room: str) -> list[SeatInfo]: ...

    def tokens(self, room: str) -> dict[int, str]: ...

    def check_token(self, room: str, seat: int, token: str) -> bool: ...

    def hold_seat(self, room: str, seat: int, holder: str, *, take_over: bool = False) -> bool: ...

    def release_seat(self, room: str, seat: int, holder: str) -> None: ...

    def seat_holder(self, room: str, seat: int) -> str | None: ...

    def actions(self, room: str, since: int = 0) -> list[tuple[int, int, list]]: ...

    def set_status(self, room: str, status: str) -> None: ...

    def changed(self) -> bool: ...

    def transaction(self) -> contextlib.AbstractContextManager[Transaction]: ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    settings TEXT NOT NULL,
    seed INTEGER NOT NULL,
    dealer INTEGER,
    created REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    mover TEXT,
    mover_until REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    bot TEXT,
    token_hash TEXT,
    token TEXT,
    holder TEXT,
    held_until REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (room, number)
);
"""


class SQLiteStore:
    """The embedded store: one SQLite file shared by every kernel on the classroom server.

    Each process opens its own connection (SQLite connections are not shared across
    processes). ``busy_timeout`` makes a writer wait for the lock instead of failing.
    Join tokens are stored as hashes for checking; the plain tokens are kept only in
    the teacher's column (``tokens``), which a student's kernel never reads.
    """

    def __init__(self, path: str | Path, *, busy_timeout_ms: int = 10_000):
        self.path = str(path)
        self._db = sqlite3.connect(self.path, timeout=busy_timeout_ms / 1000, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")  # WAL: durable at checkpoints, never corrupt
        with self.transaction() as tx:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    tx.db.execute(statement)
        self._version = self._data_version()

    def close(self) -> None:
        self._db.close()

    # -- the teacher ----------------------------------------------------------------------
    def teacher_key(self) -> str:
        """The key of the teacher's dashboard link, made once per classroom store."""
        with self.transaction() as tx:
            row = tx.db.execute("SELECT value FROM meta WHERE key = 'teacher_key'").fetchone()
            if row is not None:
                return row[0]
            key = secrets.token_urlsafe(16)
            tx.db.execute("INSERT INTO meta (key, value) VALUES ('teacher_key', ?)", (key,))
            return key

    def check_teacher_key(self, key: str) -> bool:
        """Whether ``key`` opens the teacher's dashboard (compared in constant time)."""
        row = self._db.execute("SELECT value FROM meta WHERE key = 'teacher_key'").fetchone()
        return isinstance(key, str) and row is not None and hmac.compare_digest(row[0].encode(), key.encode())

    # -- rooms --------------------------------------------------------------------------
    def create_room(self, game: str, settings: dict[str, Any], *, seed: int,
                    seats: Sequence[str | None], dealer: int | None = None) -> str:
        """A new room; ``seats[i]`` is a bot's name, or None for a person (who gets a token)."""
        room = uuid.uuid4().hex[:12]
        now = time.time()
        with self.transaction() as tx:
            tx.db.execute("INSERT INTO rooms (id, game, settings, seed, dealer, created) VALUES (?, ?, ?, ?, ?, ?)",
                          (room, game, json.dumps(settings, sort_keys=True), int(seed), dealer, now))
            for seat, bot in enumerate(seats):
                token = None if bot is not None else secrets.token_urlsafe(16)
                tx.db.execute("INSERT INTO seats (room, seat, bot, token_hash, token) VALUES (?, ?, ?, ?, ?)",
                              (room, seat, bot, None if token is None else hash_token(token), token))
        return room

    def room(self, room: str) -> RoomInfo:
        row = self._db.execute(
            "SELECT r.id, r.game, r.settings, r.seed, r.dealer, r.created, r.status, "
            "(SELECT COUNT(*) FROM actions a WHERE a.room = r.id), "
            "(SELECT MAX(at) FROM actions a WHERE a.room = r.id) FROM rooms r WHERE r.id = ?", (room,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        return RoomInfo(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5], row[6], row[7], row[8])

    def rooms(self) -> list[RoomInfo]:
        ids = [row[0] for row in self._db.execute("SELECT id FROM rooms ORDER BY created, id")]
        return [self.room(room) for room in ids]

    def seats(self, room: str) -> list[SeatInfo]:
        rows = self._db.execute("SELECT room, seat, bot, holder, held_until FROM seats WHERE room = ? ORDER BY seat",
                                (room,)).fetchall()
        return [SeatInfo(*row) for row in rows]

    def tokens(self, room: str) -> dict[int, str]:
        """The join tokens of a room's people (the teacher's view, to hand out links)."""
        rows = self._db.execute("SELECT seat, token FROM seats WHERE room = ? AND token IS NOT NULL ORDER BY seat", (room,))
        return dict(rows.fetchall())

    def check_token(self, room: str, seat: int, token: str) -> bool:
        """Whether ``token`` is the join token of that seat (compared in constant time)."""
        if not isinstance(token, str) or not isinstance(seat, int):
            return False
        row = self._db.execute("SELECT token_hash FROM seats WHERE room = ? AND seat = ?", (room, seat)).fetchone()
        return row is not None and row[0] is not None and hmac.compare_digest(row[0], hash_token(token))

    def hold_seat(self, room: str, seat: int, holder: str, *, take_over: bool = False) -> bool:
        """Take or renew the seat for ``holder``: one open page plays a seat at a time.

        False when another page holds it and its lease has not run out (it renews while
        its kernel lives), unless ``take_over``: a student who reloads or reopens the
        link takes the seat back at once, and the older page can no longer act."""
        now = time.time()
        with self.transaction() as tx:
            row = tx.db.execute("SELECT holder, held_until FROM seats WHERE room = ? AND seat = ?", (room, seat)).fetchone()
            if row is None:
                raise StoreError(f"room {room!r} has no seat {seat}")
            if not take_over and row[0] not in (None, holder) and row[1] > now:
                return False
            tx.db.execute("UPDATE seats SET holder = ?, held_until = ? WHERE room = ? AND seat = ?",
                          (holder, now + LEASE_SECONDS, room, seat))
        return True

    def seat_holder(self, room: str, seat: int) -> str | None:
        """The page that holds the seat now (None: nobody)."""
        return _SQLiteTransaction(self._db).seat_holder(room, seat)

    def release_seat(self, room: str, seat: int, holder: str) -> None:
        with self.transaction() as tx:
            tx.db.execute("UPDATE seats SET holder = NULL, held_until = 0 WHERE room = ? AND seat = ? AND holder = ?",
                          (room, seat, holder))

    def set_status(self, room: str, status: str) -> None:
        """Pause, reopen or end a room (the teacher's controls)."""
        if status not in ("open", "paused", "ended"):
            raise StoreError(f"a room's status is open, paused or ended, got {status!r}")
        with self.transaction() as tx:
            if tx.db.execute("UPDATE rooms SET status = ? WHERE id = ?", (status, room)).rowcount != 1:
                raise StoreError(f"there is no room {room!r}")

    # -- actions ------------------------------------------------------------------------
    def actions(self, room: str, since: int = 0) -> list[tuple[int, int, list]]:
        """``(number, seat, action)`` of every action after the first ``since``, in order."""
        rows = self._db.execute("SELECT number, seat, action FROM actions WHERE room = ? AND number > ? ORDER BY number",
                                (room, since))
        return [(number, seat, json.loads(action)) for number, seat, action in rows]

    def _data_version(self) -> int:
        return self._db.execute("PRAGMA data_version").fetchone()[0]

    def changed(self) -> bool:
        """Whether another connection committed anything since the last call (a cheap poll)."""
        version = self._data_version()
        if version != self._version:
            self._version = version
            return True
        return False

    @contextlib.contextmanager
    def transaction(self) -> Iterator[_SQLiteTransaction]:
        """``BEGIN IMMEDIATE``: the write lock is taken before the first read, so what the
        step reads cannot change before it commits. Any exception rolls back."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield _SQLiteTransaction(self._db)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        else:
            self._db.execute("COMMIT")


class _SQLiteTransaction:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def action_count(self, room: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM actions WHERE room = ?", (room,)).fetchone()[0]

    def actions_since(self, room: str, done: int) -> list[tuple[int, int, list]]:
        rows = self.db.execute("SELECT number, seat, action FROM actions WHERE room = ? AND number > ? ORDER BY number",
                               (room, done))
        return [(number, seat, json.loads(action)) for number, seat, action in rows]

    def append_action(self, room: str, number: int, seat: int, action: list) -> int:
        """Add action ``number`` (1, 2, ...); the primary key refuses a second one with the
        same number, so an action can never be stored twice."""
        self.db.execute("INSERT INTO actions (room, number, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                        (room, number, seat, json.dumps(action), time.time()))
        return number

    def room_status(self, room: str) -> str:
        row = self.db.execute("SELECT status FROM rooms WHERE id = ?", (room,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        return row[0]

    def seat_holder(self, room: str, seat: int) -> str | None:
        row = self.db.execute("SELECT holder FROM seats WHERE room = ? AND seat = ?", (room, seat)).fetchone()
        return None if row is None else row[0]

    def take_mover(self, room: str, mover: str) -> bool:
        """Become (or stay) the one process that moves this room's bots, for a lease."""
        now = time.time()
        row = self.db.execute("SELECT mover, mover_until FROM rooms WHERE id = ?", (room,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        if row[0] not in (None, mover) and row[1] > now:
            # A page that moved the bots and then closed or was reopened elsewhere holds no
            # seat any more: its lease need not run out before another page moves them.
            gone = self.db.execute("SELECT COUNT(*) FROM seats WHERE room = ? AND holder = ?", (room, row[0])).fetchone()[0] == 0
            seated = self.db.execute("SELECT COUNT(*) FROM seats WHERE room = ? AND holder = ?", (room, mover)).fetchone()[0] > 0
            if not (gone and seated):
                return False
        self.db.execute("UPDATE rooms SET mover = ?, mover_until = ? WHERE id = ?", (mover, now + LEASE_SECONDS, room))
        return True
