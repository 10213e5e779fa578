"""Where classroom rooms live: one authority shared by every kernel (SQLite by default).

A room is its game's settings, a seed and the list of actions played so far, so the
store keeps exactly that, and every kernel rebuilds the state by replaying it (the same
way a saved game loads). :class:`RoomStore` is the small interface a server database
could implement too; :class:`SQLiteStore` is the embedded default: one file, WAL mode
(readers never block the writer), ``BEGIN IMMEDIATE`` so that "read the state, check
the action with the engine, append it" is one atomic step across processes.

A store tells the pages of a room when it changed (``watch``; the promise is in
:mod:`cardlab.rooms.notify`): each write that changes a room numbers its change in the
``room_changes`` table, in its transaction; after the commit the pages of this process are
told at once, and one thread per process looks at ``PRAGMA data_version`` to learn of the
other processes' changes.

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cardlab.rooms.codes import new_code
from cardlab.rooms.notify import FEED_SECONDS, Listener, RoomHub, hub_for
from cardlab.words import LANGUAGES

__all__ = ["RoomInfo", "SeatInfo", "Switches", "ClassTable", "ClassInfo", "Slip", "DrillAnswer", "RoomStore",
           "SQLiteStore", "Transaction", "hash_token", "StoreError", "TooManyGuesses", "GUESS_LIMITS", "SQLiteFeed"]

#: How long a kernel's hold on a seat or on a room's bots lasts without a renewal (seconds).
LEASE_SECONDS = 10.0

#: Wrong join codes allowed, as (guesses, within seconds): for one page (kernel), and for
#: the whole classroom together. A page's reload is a new kernel, so the second limit,
#: kept in the store, is what a reload cannot reset: with 30 codes in use, 30 wrong guesses
#: a minute find one in about 2**40 / 30 / 30 minutes, some 2,300 years.
GUESS_LIMITS = {"page": (5, 300.0), "class": (30, 60.0)}


class StoreError(ValueError):
    """A store operation the room's state does not allow (a missing room, a taken slot)."""


class TooManyGuesses(StoreError):
    """Too many wrong join codes lately (from this page, or from the whole classroom)."""


@dataclass(frozen=True)
class Switches:
    """What a room lets its students use, set by the teacher per room or for a whole class.

    ``hints``: the table's Hints button; ``coach``: the coach's line after each of the
    student's decisions and its review at the end (off unless the teacher turns it on: each
    verdict costs its kernel a few hundred milliseconds of a shared machine); ``undo``: taking back one's own last move (off in rooms unless the
    teacher allows it); ``pace``: seconds between two moves of the room's computer players;
    ``lang``: the language the room's pages open in (``"en"``, ``"sv"``, ``"pl"``, ``"uk"``;
    ``""``: the server's default), which each student may change on their own page.

    A store written before a switch existed reads as its default (an older store has no
    ``lang``: its pages open in the server's default language).

    >>> Switches.from_dict({"hints": False, "pace": "0.5", "colour": "red"})
    Switches(hints=False, coach=False, undo=False, pace=0.5, lang='')
    >>> Switches.from_dict(Switches(undo=True, lang="pl").as_dict())
    Switches(hints=True, coach=False, undo=True, pace=0.0, lang='pl')
    """

    hints: bool = True
    coach: bool = False
    undo: bool = False
    pace: float = 0.0
    lang: str = ""

    def __post_init__(self) -> None:
        if not 0.0 <= float(self.pace) <= 5.0:
            raise StoreError(f"the computer players' pace is 0 to 5 seconds, got {self.pace!r}")
        if self.lang and self.lang not in LANGUAGES:
            raise StoreError(f"a room's language is one of {', '.join(LANGUAGES)}, got {self.lang!r}")

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> Switches:
        """From stored JSON: unknown keys are ignored, missing ones take the defaults (an
        unknown language too)."""
        known = {f: values[f] for f in ("hints", "coach", "undo") if f in values}
        lang = values.get("lang", "")
        return cls(**{k: bool(v) for k, v in known.items()}, pace=float(values.get("pace", 0.0)),
                   lang=lang if lang in LANGUAGES else "")

    def as_dict(self) -> dict[str, Any]:
        return {"hints": self.hints, "coach": self.coach, "undo": self.undo, "pace": self.pace, "lang": self.lang}


@dataclass(frozen=True)
class ClassTable:
    """One table of a class about to be seated: its game settings, seed, and who sits
    where (a student's place on the class list and name, or a computer player's kind
    where ``bots[i]`` is set)."""

    settings: dict[str, Any]
    seed: int
    students: tuple[tuple[int, str] | None, ...]  # one per seat: (number, name; '' unnamed), or None for a computer
    bots: tuple[str | None, ...]  # one per seat: the computer's kind, or None for a student


@dataclass(frozen=True)
class ClassInfo:
    """A seated class (no secrets): its name (``''``: the teacher gave none; the words
    layer names it when shown, :func:`cardlab.words.classroom.class_name`), game, table
    size, switches, rooms in table order and how many students are on its list."""

    id: str
    name: str
    game: str
    table_size: int
    switches: Switches
    created: float
    rooms: tuple[str, ...]
    students: int


@dataclass(frozen=True)
class Slip:
    """One student's slip on the class sheet: who, which table and seat, and how to get there.

    It holds the seat's join token and code: the teacher's to hand out, never a page's."""

    number: int  # the student's place on the class list (1, 2, ...)
    student: str  # the student's name; '' unnamed (shown as 'Student 3' in the page's language)
    table: int  # 1, 2, ...
    room: str
    seat: int
    code: str  # plain form, no dash
    token: str


@dataclass(frozen=True)
class DrillAnswer:
    """One answer to a drill (issue 36) by a student of a seated class: who (the class and
    the student's number on its list), which exercise (its kind, the rule id that decides
    it, its seed: ``cardlab.drills.exercise(kind, seed)`` makes it again), right or wrong,
    how many seconds the student took, and when (``at``, a Unix time). The store keeps
    answers as rows, in the order they came."""

    class_id: str
    number: int
    kind: str
    rule: str
    seed: int
    correct: bool
    seconds: float
    at: float


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

    def undo_count(self, room: str) -> int: ...

    def take_back(self, room: str, keep: int) -> None: ...


class RoomStore(Protocol):
    """What a classroom needs from its database; :class:`SQLiteStore` implements it."""

    def create_room(self, game: str, settings: dict[str, Any], *, seed: int,
                    seats: Sequence[str | None], dealer: int | None = None) -> str: ...

    def room(self, room: str) -> RoomInfo: ...

    def room_status(self, room: str) -> str: ...

    def rooms(self) -> list[RoomInfo]: ...

    def seats(self, room: str) -> list[SeatInfo]: ...

    def tokens(self, room: str) -> dict[int, str]: ...

    def check_token(self, room: str, seat: int, token: str) -> bool: ...

    def hold_seat(self, room: str, seat: int, holder: str, *, take_over: bool = False) -> bool: ...

    def release_seat(self, room: str, seat: int, holder: str) -> None: ...

    def seat_holder(self, room: str, seat: int) -> str | None: ...

    def actions(self, room: str, since: int = 0) -> list[tuple[int, int, list]]: ...

    def set_status(self, room: str, status: str) -> None: ...

    def undo_count(self, room: str) -> int: ...

    def changed(self) -> bool: ...

    def watch(self, room: str | None, listener: Listener) -> Callable[[], None]: ...

    def transaction(self) -> contextlib.AbstractContextManager[Transaction]: ...

    def switches(self, room: str) -> Switches: ...

    def set_switches(self, room: str, switches: Switches) -> None: ...

    def create_class(self, name: str, game: str, table_size: int, tables: Sequence[ClassTable],
                     switches: Switches) -> str: ...

    def classes(self) -> list[ClassInfo]: ...

    def set_class_switches(self, class_id: str, switches: Switches) -> None: ...

    def class_tables(self) -> dict[str, tuple[ClassInfo, int]]: ...

    def slips(self, class_id: str) -> list[Slip]: ...

    def redeem_code(self, code: str, client: str, *, now: float | None = None) -> Slip | None: ...

    def set_drills(self, class_id: str, kinds: Sequence[str]) -> None: ...

    def drills(self, class_id: str) -> tuple[str, ...]: ...

    def seat_student(self, room: str, seat: int) -> tuple[str, int] | None: ...

    def add_answer(self, room: str, seat: int, *, kind: str, rule: str, seed: int, correct: bool, seconds: float,
                   at: float | None = None) -> DrillAnswer: ...

    def answers(self, class_id: str | None = None) -> list[DrillAnswer]: ...


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
CREATE TABLE IF NOT EXISTS undos (
    room TEXT PRIMARY KEY REFERENCES rooms(id),
    count INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS switches (
    room TEXT PRIMARY KEY REFERENCES rooms(id),
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS classes (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    table_size INTEGER NOT NULL,
    switches TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS class_rooms (
    class TEXT NOT NULL REFERENCES classes(id),
    table_number INTEGER NOT NULL,
    room TEXT NOT NULL REFERENCES rooms(id),
    PRIMARY KEY (class, table_number)
);
CREATE TABLE IF NOT EXISTS codes (
    code TEXT PRIMARY KEY,
    class TEXT NOT NULL REFERENCES classes(id),
    number INTEGER NOT NULL,
    student TEXT NOT NULL,
    room TEXT NOT NULL,
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS wrong_codes (
    client TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS wrong_codes_at ON wrong_codes (at);
CREATE TABLE IF NOT EXISTS drill_sets (
    class TEXT PRIMARY KEY REFERENCES classes(id),
    kinds TEXT NOT NULL,
    assigned REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS drill_answers (
    id INTEGER PRIMARY KEY,
    class TEXT NOT NULL REFERENCES classes(id),
    number INTEGER NOT NULL,
    kind TEXT NOT NULL,
    rule TEXT NOT NULL,
    seed INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    seconds REAL NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS drill_answers_class ON drill_answers (class, id);
CREATE TABLE IF NOT EXISTS room_changes (
    room TEXT PRIMARY KEY,
    seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS room_changes_seq ON room_changes (seq);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (room, number)
);
"""


def _forget_default_names(db: sqlite3.Connection) -> None:
    """Once per store: a store made before names were left out held the names that
    ``seat_class`` then gave an unnamed student or class, in English ('Student 3' for
    student number 3, '12 students' for a class of 12); they become unnamed (``''``), so
    the pages name them in their own language. Only a name exactly as it was made, with
    the row's own number, is taken for one."""
    if db.execute("SELECT 1 FROM meta WHERE key = 'unnamed_defaults'").fetchone() is not None:
        return
    db.execute("UPDATE codes SET student = '' WHERE student = 'Student ' || number")
    db.execute("UPDATE classes SET name = '' WHERE name = "
               "(SELECT COUNT(*) FROM codes WHERE codes.class = classes.id) || ' students'")
    db.execute("INSERT INTO meta (key, value) VALUES ('unnamed_defaults', 'forgotten')")


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
            _forget_default_names(tx.db)
        self._version = self._data_version()
        location = self.path if self.path == ":memory:" else str(Path(self.path).resolve())
        self._hub: RoomHub = hub_for(("sqlite", location), lambda: SQLiteFeed(self.path))

    def watch(self, room: str | None, listener: Listener) -> Callable[[], None]:
        """Call ``listener(room)`` after each committed change of ``room`` (None: of any room),
        made in this process or in another, until the returned function is called (see
        :mod:`cardlab.rooms.notify`).

        >>> import tempfile, os, queue
        >>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
        >>> room = store.create_room("kontrabluff", {"target": 300}, seed=7, seats=[None, None])
        >>> heard = queue.Queue()
        >>> unwatch = store.watch(room, heard.put)
        >>> store.set_status(room, "paused")
        >>> heard.get(timeout=5) == room
        True
        >>> unwatch()
        """
        return self._hub.watch(room, listener)

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
        with self.transaction() as tx:
            room = self._insert_room(tx.db, game, settings, seed=seed, seats=seats, dealer=dealer)
            tx.touch(room)
        return room

    @staticmethod
    def _insert_room(db: sqlite3.Connection, game: str, settings: dict[str, Any], *, seed: int,
                     seats: Sequence[str | None], dealer: int | None = None) -> str:
        room = uuid.uuid4().hex[:12]
        db.execute("INSERT INTO rooms (id, game, settings, seed, dealer, created) VALUES (?, ?, ?, ?, ?, ?)",
                   (room, game, json.dumps(settings, sort_keys=True), int(seed), dealer, time.time()))
        for seat, bot in enumerate(seats):
            token = None if bot is not None else secrets.token_urlsafe(16)
            db.execute("INSERT INTO seats (room, seat, bot, token_hash, token) VALUES (?, ?, ?, ?, ?)",
                       (room, seat, bot, None if token is None else hash_token(token), token))
        return room

    # -- switches -------------------------------------------------------------------------
    def switches(self, room: str) -> Switches:
        """What the room lets its students use (the defaults until the teacher sets them)."""
        row = self._db.execute("SELECT value FROM switches WHERE room = ?", (room,)).fetchone()
        return Switches() if row is None else Switches.from_dict(json.loads(row[0]))

    def set_switches(self, room: str, switches: Switches) -> None:
        """Set one room's switches (its students' pages follow within a second or two)."""
        with self.transaction() as tx:
            if tx.db.execute("SELECT 1 FROM rooms WHERE id = ?", (room,)).fetchone() is None:
                raise StoreError(f"there is no room {room!r}")
            self._put_switches(tx.db, room, switches)
            tx.touch(room)

    @staticmethod
    def _put_switches(db: sqlite3.Connection, room: str, switches: Switches) -> None:
        db.execute("INSERT INTO switches (room, value) VALUES (?, ?) ON CONFLICT (room) DO UPDATE SET value = excluded.value",
                   (room, json.dumps(switches.as_dict(), sort_keys=True)))

    # -- a seated class -----------------------------------------------------------------
    def create_class(self, name: str, game: str, table_size: int, tables: Sequence[ClassTable],
                     switches: Switches) -> str:
        """Every room of a class, each student's join code, and the class's switches, in one
        transaction (all or nothing). Codes are unique across the store; see ``redeem_code``."""
        class_id = uuid.uuid4().hex[:12]
        with self.transaction() as tx:
            db = tx.db
            db.execute("INSERT INTO classes (id, name, game, table_size, switches, created) VALUES (?, ?, ?, ?, ?, ?)",
                       (class_id, name, game, int(table_size), json.dumps(switches.as_dict(), sort_keys=True), time.time()))
            for table_number, table in enumerate(tables, start=1):
                room = self._insert_room(db, game, table.settings, seed=table.seed, seats=table.bots)
                self._put_switches(db, room, switches)
                tx.touch(room)
                db.execute("INSERT INTO class_rooms (class, table_number, room) VALUES (?, ?, ?)",
                           (class_id, table_number, room))
                for seat, student in enumerate(table.students):
                    if student is None:
                        continue
                    number, name = student
                    code = new_code()
                    while db.execute("SELECT 1 FROM codes WHERE code = ?", (code,)).fetchone() is not None:
                        code = new_code()  # one in 2**40 / codes in use: practically never
                    db.execute("INSERT INTO codes (code, class, number, student, room, seat) VALUES (?, ?, ?, ?, ?, ?)",
                               (code, class_id, number, name, room, seat))
        return class_id

    def classes(self) -> list[ClassInfo]:
        """Every seated class, oldest first."""
        found = []
        for row in self._db.execute("SELECT id, name, game, table_size, switches, created, "
                                    "(SELECT COUNT(*) FROM codes WHERE codes.class = classes.id) "
                                    "FROM classes ORDER BY created, id").fetchall():
            rooms = tuple(r[0] for r in self._db.execute(
                "SELECT room FROM class_rooms WHERE class = ? ORDER BY table_number", (row[0],)))
            found.append(ClassInfo(row[0], row[1], row[2], row[3], Switches.from_dict(json.loads(row[4])), row[5], rooms,
                                   row[6]))
        return found

    def class_tables(self) -> dict[str, tuple[ClassInfo, int]]:
        """Each seated class's room: its class and its table number (as on the sheet)."""
        rows = self._db.execute("SELECT room, class, table_number FROM class_rooms").fetchall()
        classes = {info.id: info for info in self.classes()} if rows else {}
        return {room: (classes[class_id], table) for room, class_id, table in rows}

    def set_class_switches(self, class_id: str, switches: Switches) -> None:
        """Set the switches of the class and of every one of its rooms."""
        with self.transaction() as tx:
            if tx.db.execute("UPDATE classes SET switches = ? WHERE id = ?",
                             (json.dumps(switches.as_dict(), sort_keys=True), class_id)).rowcount != 1:
                raise StoreError(f"there is no class {class_id!r}")
            for (room,) in tx.db.execute("SELECT room FROM class_rooms WHERE class = ?", (class_id,)).fetchall():
                self._put_switches(tx.db, room, switches)
                tx.touch(room)

    _SLIP_QUERY = ("SELECT c.number, c.student, cr.table_number, c.room, c.seat, c.code, s.token FROM codes c "
                   "JOIN class_rooms cr ON cr.room = c.room JOIN seats s ON s.room = c.room AND s.seat = c.seat ")

    def slips(self, class_id: str) -> list[Slip]:
        """The class sheet's slips, in the order of the class list (the teacher's view)."""
        rows = self._db.execute(self._SLIP_QUERY + "WHERE c.class = ? ORDER BY c.number", (class_id,)).fetchall()
        return [Slip(*row) for row in rows]

    def redeem_code(self, code: str, client: str, *, now: float | None = None) -> Slip | None:
        """The slip of a typed join code (plain form), or None for a wrong one.

        ``client`` names the page asking (its kernel). A wrong code is remembered in the
        store; past :data:`GUESS_LIMITS` (for this page, or for the whole classroom) every
        code is refused with :class:`TooManyGuesses`, a right one too, until the window
        has passed: a guesser learns nothing more. Counting and looking up are one
        transaction, so pages guessing at once cannot slip past the limit together.
        """
        now = time.time() if now is None else now
        (page_limit, page_window), (class_limit, class_window) = GUESS_LIMITS["page"], GUESS_LIMITS["class"]
        with self.transaction() as tx:
            db = tx.db
            db.execute("DELETE FROM wrong_codes WHERE at < ?", (now - max(page_window, class_window),))
            mine = db.execute("SELECT COUNT(*) FROM wrong_codes WHERE client = ? AND at > ?",
                              (client, now - page_window)).fetchone()[0]
            everyone = db.execute("SELECT COUNT(*) FROM wrong_codes WHERE at > ?", (now - class_window,)).fetchone()[0]
            if mine >= page_limit or everyone >= class_limit:
                raise TooManyGuesses("too many wrong codes lately")
            row = db.execute(self._SLIP_QUERY + "WHERE c.code = ?", (code,)).fetchone()
            if row is None:
                db.execute("INSERT INTO wrong_codes (client, at) VALUES (?, ?)", (client, now))
                return None
            return Slip(*row)

    # -- a class's drills (issue 36) ---------------------------------------------------------
    def set_drills(self, class_id: str, kinds: Sequence[str]) -> None:
        """The drill set the class practises now: the kinds of exercise by name, in order
        (checked by :func:`cardlab.rooms.drills.assign_drills`; the store keeps names). No
        kinds: the class has no drills (its pages' practice button goes)."""
        with self.transaction() as tx:
            if tx.db.execute("SELECT 1 FROM classes WHERE id = ?", (class_id,)).fetchone() is None:
                raise StoreError(f"there is no class {class_id!r}")
            if not kinds:
                tx.db.execute("DELETE FROM drill_sets WHERE class = ?", (class_id,))
            else:
                tx.db.execute("INSERT INTO drill_sets (class, kinds, assigned) VALUES (?, ?, ?) ON CONFLICT (class) "
                              "DO UPDATE SET kinds = excluded.kinds, assigned = excluded.assigned",
                              (class_id, json.dumps(list(kinds)), time.time()))
            for (room,) in tx.db.execute("SELECT room FROM class_rooms WHERE class = ?", (class_id,)).fetchall():
                tx.touch(room)  # the class's pages show the drill set: they are told

    def drills(self, class_id: str) -> tuple[str, ...]:
        """The kinds of exercise the class practises now (empty: none assigned); one indexed
        read, which a student's page repeats every few seconds."""
        row = self._db.execute("SELECT kinds FROM drill_sets WHERE class = ?", (class_id,)).fetchone()
        return () if row is None else tuple(json.loads(row[0]))

    def seat_student(self, room: str, seat: int) -> tuple[str, int] | None:
        """The student of a class's seat: the class's id and the student's number on its
        list (None for a computer's seat or a room made by hand)."""
        row = self._db.execute("SELECT class, number FROM codes WHERE room = ? AND seat = ?", (room, seat)).fetchone()
        return None if row is None else (row[0], row[1])

    def add_answer(self, room: str, seat: int, *, kind: str, rule: str, seed: int, correct: bool, seconds: float,
                   at: float | None = None) -> DrillAnswer:
        """Keep one drill answer of the student at ``seat`` of ``room`` (a page knows its seat,
        never another's: the store finds the class and the student). A seat of no class's
        student is refused."""
        if not (isinstance(seconds, (int, float)) and 0 <= seconds < 86_400):
            raise StoreError(f"an answer takes 0 to 86400 seconds, got {seconds!r}")
        at = time.time() if at is None else at
        with self.transaction() as tx:
            row = tx.db.execute("SELECT class, number FROM codes WHERE room = ? AND seat = ?", (room, seat)).fetchone()
            if row is None:
                raise StoreError(f"seat {seat} of room {room!r} is no class's student")
            answer = DrillAnswer(row[0], row[1], str(kind), str(rule), int(seed), bool(correct), float(seconds), at)
            tx.db.execute("INSERT INTO drill_answers (class, number, kind, rule, seed, correct, seconds, at) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                          (answer.class_id, answer.number, answer.kind, answer.rule, answer.seed, int(answer.correct),
                           answer.seconds, answer.at))
        return answer

    def answers(self, class_id: str | None = None) -> list[DrillAnswer]:
        """Every drill answer of the class (None: of every class), in the order they came."""
        query = "SELECT class, number, kind, rule, seed, correct, seconds, at FROM drill_answers "
        rows = (self._db.execute(query + "ORDER BY id") if class_id is None
                else self._db.execute(query + "WHERE class = ? ORDER BY id", (class_id,)))
        return [DrillAnswer(c, n, k, r, s, bool(ok), sec, at) for c, n, k, r, s, ok, sec, at in rows.fetchall()]

    def room_status(self, room: str) -> str:
        """The room's status alone ("open", "paused" or "ended"): one indexed read, which a
        student's page makes every half second (:meth:`room` also counts the actions)."""
        row = self._db.execute("SELECT status FROM rooms WHERE id = ?", (room,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        return row[0]

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
            if row[0] != holder or row[1] <= now:  # a seat taken (or back after its lease ran out), not a renewal
                tx.touch(room)
        return True

    def seat_holder(self, room: str, seat: int) -> str | None:
        """The page that holds the seat now (None: nobody)."""
        return _SQLiteTransaction(self._db).seat_holder(room, seat)

    def release_seat(self, room: str, seat: int, holder: str) -> None:
        with self.transaction() as tx:
            if tx.db.execute("UPDATE seats SET holder = NULL, held_until = 0 WHERE room = ? AND seat = ? AND holder = ?",
                             (room, seat, holder)).rowcount:
                tx.touch(room)

    def set_status(self, room: str, status: str) -> None:
        """Pause, reopen or end a room (the teacher's controls)."""
        if status not in ("open", "paused", "ended"):
            raise StoreError(f"a room's status is open, paused or ended, got {status!r}")
        with self.transaction() as tx:
            if tx.db.execute("UPDATE rooms SET status = ? WHERE id = ?", (status, room)).rowcount != 1:
                raise StoreError(f"there is no room {room!r}")
            tx.touch(room)

    # -- actions ------------------------------------------------------------------------
    def actions(self, room: str, since: int = 0) -> list[tuple[int, int, list]]:
        """``(number, seat, action)`` of every action after the first ``since``, in order."""
        rows = self._db.execute("SELECT number, seat, action FROM actions WHERE room = ? AND number > ? ORDER BY number",
                                (room, since))
        return [(number, seat, json.loads(action)) for number, seat, action in rows]

    def undo_count(self, room: str) -> int:
        """How many times a move of the room was taken back (a page that saw fewer replays the room)."""
        return _SQLiteTransaction(self._db).undo_count(room)

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
        tx = _SQLiteTransaction(self._db)
        try:
            yield tx
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        else:
            self._db.execute("COMMIT")
        if tx.touched:
            self._hub.changed(tx.touched)  # this process's pages now; other processes by their feed


class _SQLiteTransaction:
    def __init__(self, db: sqlite3.Connection):
        self.db = db
        self.touched: list[tuple[str, int]] = []  # (room, change number): told after the commit

    def touch(self, room: str) -> None:
        """Number a change of ``room`` (one more than any change so far, in any room)."""
        seq = self.db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM room_changes").fetchone()[0]
        self.db.execute("INSERT INTO room_changes (room, seq) VALUES (?, ?) "
                        "ON CONFLICT (room) DO UPDATE SET seq = excluded.seq", (room, seq))
        self.touched.append((room, seq))

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
        self.touch(room)
        return number

    def room_status(self, room: str) -> str:
        row = self.db.execute("SELECT status FROM rooms WHERE id = ?", (room,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        return row[0]

    def seat_holder(self, room: str, seat: int) -> str | None:
        row = self.db.execute("SELECT holder FROM seats WHERE room = ? AND seat = ?", (room, seat)).fetchone()
        return None if row is None else row[0]

    def undo_count(self, room: str) -> int:
        row = self.db.execute("SELECT count FROM undos WHERE room = ?", (room,)).fetchone()
        return 0 if row is None else row[0]

    def take_back(self, room: str, keep: int) -> None:
        """Remove every action after the first ``keep`` and count one more undo (all pages replay)."""
        self.db.execute("DELETE FROM actions WHERE room = ? AND number > ?", (room, keep))
        self.db.execute("INSERT INTO undos (room, count) VALUES (?, 1) ON CONFLICT (room) DO UPDATE SET count = count + 1",
                        (room,))
        self.touch(room)

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


class SQLiteFeed:
    """The changes other processes committed to a SQLite store (:class:`cardlab.rooms.notify.ChangeFeed`).

    One connection of its own: ``PRAGMA data_version`` changes only when another
    connection has committed, so an idle classroom costs one cheap pragma per look; then
    the rooms whose change numbers are new are read from ``room_changes`` (its index).
    """

    def __init__(self, path: str | Path):
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout = 10000")
        self._version = self._db.execute("PRAGMA data_version").fetchone()[0]
        self._seq = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM room_changes").fetchone()[0]

    def changes(self, timeout: float = FEED_SECONDS) -> list[tuple[str, int]]:
        time.sleep(timeout)
        version = self._db.execute("PRAGMA data_version").fetchone()[0]
        if version == self._version:
            return []
        self._version = version
        rows = self._db.execute("SELECT room, seq FROM room_changes WHERE seq > ? ORDER BY seq", (self._seq,)).fetchall()
        if rows:
            self._seq = rows[-1][1]
        return [(room, seq) for room, seq in rows]

    def close(self) -> None:
        self._db.close()
