"""The classroom store's SQL, written once for SQLite and PostgreSQL.

:class:`SQLStore` holds every query of a :class:`~cardlab.rooms.store.RoomStore`; its
two dialects (:mod:`cardlab.rooms.sqlite`, :mod:`cardlab.rooms.postgres`) supply only
what differs, in small methods: how a connection is had and a transaction begun, how a
room's write lock is taken (SQLite locks the whole file at ``BEGIN IMMEDIATE``;
PostgreSQL the room's row, ``SELECT … FOR UPDATE``, and a named advisory lock for the
store-wide steps), how a parameter is written (``?`` or ``%s``), how another process
learns of another process's changes (:mod:`cardlab.rooms.notify`: SQLite's feed polls,
PostgreSQL's listens), and which driver errors mean "the store cannot answer now"
(:class:`~cardlab.rooms.store.StoreUnavailable`).

Every write that changes a room marks it in its transaction (:meth:`SQLTransaction.changed`);
after the commit the pages of this process that watch it are told at once
(:meth:`SQLStore.watch`), and the other processes through their feed.

The schema is versioned: the ``meta`` table holds ``schema``, the version that made the
store (:data:`SCHEMA_VERSION`). Opening a store made by an older cardlab runs the steps of
:data:`UPGRADES` in one transaction; a store made by a newer cardlab, or older than the
oldest step, is refused with a message that says what to do.

>>> SCHEMA_VERSION, sorted(UPGRADES)
(3, [1, 2])
>>> [name for name, _ in TABLES][:4]
['rooms', 'seats', 'meta', 'undos']
"""

from __future__ import annotations

import contextlib
import hmac
import json
import logging
import secrets
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from cardlab.rooms.codes import new_code
from cardlab.rooms.notify import Listener, RoomHub
from cardlab.rooms.store import (GUESS_LIMITS, LEASE_SECONDS, ClassInfo, ClassTable, DrillAnswer, RoomInfo, SeatInfo,
                                 Slip, StoreError, StoreUnavailable, StoreVersionError, Switches, TooManyGuesses,
                                 hash_token)

__all__ = ["SCHEMA_VERSION", "TABLES", "UPGRADES", "SQLStore", "SQLTransaction"]

T = TypeVar("T")
log = logging.getLogger(__name__)

#: The version of the schema this cardlab writes (the ``schema`` row of ``meta``). A store
#: made before versions were kept counts as version 1.
SCHEMA_VERSION = 3

#: Every table, in an order that creates each after those it refers to. One text for both
#: dialects: ``BIGINT`` and ``DOUBLE PRECISION`` are 64-bit in PostgreSQL, and SQLite reads
#: them as its own INTEGER and REAL; ``{serial}`` is a dialect's numbered key
#: (:attr:`SQLStore.SERIAL`). JSON is kept as text in both, so the lesson's data are the
#: same bytes whichever store held them.
TABLES: tuple[tuple[str, str], ...] = (
    ("rooms", """id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    settings TEXT NOT NULL,
    seed BIGINT NOT NULL,
    dealer INTEGER,
    created DOUBLE PRECISION NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    mover TEXT,
    mover_until DOUBLE PRECISION NOT NULL DEFAULT 0"""),
    ("seats", """room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    bot TEXT,
    token_hash TEXT,
    token TEXT,
    holder TEXT,
    held_until DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (room, seat)"""),
    ("meta", """key TEXT PRIMARY KEY,
    value TEXT NOT NULL"""),
    ("undos", """room TEXT PRIMARY KEY REFERENCES rooms(id),
    count INTEGER NOT NULL"""),
    ("switches", """room TEXT PRIMARY KEY REFERENCES rooms(id),
    value TEXT NOT NULL"""),
    ("classes", """id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    table_size INTEGER NOT NULL,
    switches TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL"""),
    ("class_rooms", """class TEXT NOT NULL REFERENCES classes(id),
    table_number INTEGER NOT NULL,
    room TEXT NOT NULL REFERENCES rooms(id),
    PRIMARY KEY (class, table_number)"""),
    ("codes", """code TEXT PRIMARY KEY,
    class TEXT NOT NULL REFERENCES classes(id),
    number INTEGER NOT NULL,
    student TEXT NOT NULL,
    room TEXT NOT NULL,
    seat INTEGER NOT NULL"""),
    ("wrong_codes", """client TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL"""),
    # a class's drill set (issue 36): the kinds of exercise by name, as a JSON list
    ("drill_sets", """class TEXT PRIMARY KEY REFERENCES classes(id),
    kinds TEXT NOT NULL,
    assigned DOUBLE PRECISION NOT NULL"""),
    # its students' answers, numbered in the order they came
    ("drill_answers", """id {serial},
    class TEXT NOT NULL REFERENCES classes(id),
    number INTEGER NOT NULL,
    kind TEXT NOT NULL,
    rule TEXT NOT NULL,
    seed BIGINT NOT NULL,
    correct INTEGER NOT NULL,
    seconds DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL"""),
    # The primary key is the unique index on (room, number): a second action with the same
    # number is refused by the database itself, whichever server sends it.
    ("actions", """room TEXT NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, number)"""),
)
INDEXES = ("CREATE INDEX IF NOT EXISTS wrong_codes_at ON wrong_codes (at)",
           "CREATE INDEX IF NOT EXISTS drill_answers_class ON drill_answers (class, id)")


def _create_tables(tx: SQLTransaction) -> None:
    """Every table and index of :data:`TABLES` (and the dialect's own, :attr:`SQLStore.OWN_TABLES`)
    that is missing: an older store may lack the later ones."""
    store = tx.store
    for name, columns in (*TABLES, *store.OWN_TABLES):
        tx.execute(f"CREATE TABLE IF NOT EXISTS {name} (\n    {columns.replace('{serial}', store.SERIAL)}\n)")
    for index in (*INDEXES, *store.OWN_INDEXES):
        tx.execute(index)


def _upgrade_from_1(tx: SQLTransaction) -> None:
    """Version 1 (a store made before versions were kept) to 2: the tables added since, and
    the English names that ``seat_class`` gave unnamed students and classes ('Student 3'
    for student number 3, '12 students' for a class of 12) left out, so the pages name
    them in their own language (issue 35). Only a name exactly as it was made, with the
    row's own number, is taken for one; a store that had already forgotten them says so in
    ``meta`` (``unnamed_defaults``)."""
    _create_tables(tx)
    if tx.execute("SELECT 1 FROM meta WHERE key = 'unnamed_defaults'").fetchone() is not None:
        return
    tx.execute("UPDATE codes SET student = '' WHERE student = 'Student ' || number")
    tx.execute("UPDATE classes SET name = '' WHERE name = "
               "(SELECT COUNT(*) FROM codes WHERE codes.class = classes.id) || ' students'")
    tx.execute("INSERT INTO meta (key, value) VALUES ('unnamed_defaults', 'forgotten')")


def _upgrade_from_2(tx: SQLTransaction) -> None:
    """Version 2 to 3: a class's drill set and its students' answers (``drill_sets``,
    ``drill_answers``), and SQLite's list of changed rooms (``room_changes``, which its
    feed reads). A SQLite store made by the cardlab that brought drills but kept no version
    has them already (it reads as version 1 and passes through both steps)."""
    _create_tables(tx)


#: How to bring a store of version ``v`` to ``v + 1``, by ``v``: each step is one function
#: of a transaction. A new table or column is a new version with its step here (and its
#: ``CREATE TABLE`` in :data:`TABLES`, which a new store is made from).
UPGRADES: dict[int, Callable[[SQLTransaction], None]] = {1: _upgrade_from_1, 2: _upgrade_from_2}


class SQLTransaction:
    """One transaction of a :class:`SQLStore`: the :class:`~cardlab.rooms.store.Transaction`
    steps, each locking its room first (a no-op where the transaction holds the whole store).

    ``execute(sql, params)`` runs one statement written with ``?`` parameters in either dialect.
    """

    def __init__(self, store: SQLStore, db: Any):
        self.store = store
        self.db = db
        self._locked: set[str] = set()
        #: The rooms this transaction changed, each with its change's mark (see :mod:`cardlab.rooms.notify`).
        self.touched: dict[str, Any] = {}

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.store._execute(self.db, sql, params)

    def lock_room(self, room: str) -> None:
        """Hold ``room``'s write lock until the commit (once per transaction)."""
        if room not in self._locked:
            self.store._lock_room(self.db, room)
            self._locked.add(room)

    def lock_named(self, name: str) -> None:
        """Hold a store-wide lock called ``name`` until the commit (the join codes' guesses,
        the schema's upgrade)."""
        if name not in self._locked:
            self.store._lock_named(self.db, name)
            self._locked.add(name)

    def changed(self, room: str) -> None:
        """Mark ``room`` changed: once this commits, the pages that watch it are told (this
        process's at once, the others' through their feed). Once per room and transaction."""
        if room not in self.touched:
            self.touched[room] = self.store._mark_change(self, room)

    def action_count(self, room: str) -> int:
        self.lock_room(room)
        return self.execute("SELECT COUNT(*) FROM actions WHERE room = ?", (room,)).fetchone()[0]

    def actions_since(self, room: str, done: int) -> list[tuple[int, int, list]]:
        self.lock_room(room)
        rows = self.execute("SELECT number, seat, action FROM actions WHERE room = ? AND number > ? ORDER BY number",
                            (room, done)).fetchall()
        return [(number, seat, json.loads(action)) for number, seat, action in rows]

    def append_action(self, room: str, number: int, seat: int, action: list) -> int:
        """Add action ``number`` (1, 2, ...); the primary key refuses a second one with the
        same number, so an action can never be stored twice."""
        self.lock_room(room)
        self.execute("INSERT INTO actions (room, number, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                     (room, number, seat, json.dumps(action), time.time()))
        self.changed(room)
        return number

    def room_status(self, room: str) -> str:
        self.lock_room(room)
        row = self.execute("SELECT status FROM rooms WHERE id = ?", (room,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        return row[0]

    def seat_holder(self, room: str, seat: int) -> str | None:
        self.lock_room(room)
        row = self.execute("SELECT holder FROM seats WHERE room = ? AND seat = ?", (room, seat)).fetchone()
        return None if row is None else row[0]

    def undo_count(self, room: str) -> int:
        self.lock_room(room)
        row = self.execute("SELECT count FROM undos WHERE room = ?", (room,)).fetchone()
        return 0 if row is None else row[0]

    def take_back(self, room: str, keep: int) -> None:
        """Remove every action after the first ``keep`` and count one more undo (all pages replay)."""
        self.lock_room(room)
        self.execute("DELETE FROM actions WHERE room = ? AND number > ?", (room, keep))
        self.execute("INSERT INTO undos (room, count) VALUES (?, 1) "
                     "ON CONFLICT (room) DO UPDATE SET count = undos.count + 1", (room,))
        self.changed(room)

    def take_mover(self, room: str, mover: str) -> bool:
        """Become (or stay) the one process that moves this room's bots, for a lease."""
        self.lock_room(room)
        now = time.time()
        row = self.execute("SELECT mover, mover_until FROM rooms WHERE id = ?", (room,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        if row[0] not in (None, mover) and row[1] > now:
            # A page that moved the bots and then closed or was reopened elsewhere holds no
            # seat any more: its lease need not run out before another page moves them.
            holders = "SELECT COUNT(*) FROM seats WHERE room = ? AND holder = ?"
            gone = self.execute(holders, (room, row[0])).fetchone()[0] == 0
            seated = self.execute(holders, (room, mover)).fetchone()[0] > 0
            if not (gone and seated):
                return False
        self.execute("UPDATE rooms SET mover = ?, mover_until = ? WHERE id = ?", (mover, now + LEASE_SECONDS, room))
        return True


class SQLStore:
    """Every query of the classroom store, shared by its dialects (see the module).

    A dialect sets :attr:`url` and :attr:`transaction_class`, opens its connections, then
    calls :meth:`_open_schema`, and gives :meth:`transaction`, :meth:`_reading`,
    :meth:`_execute` and the small hooks below.
    """

    url: str
    transaction_class: type[SQLTransaction] = SQLTransaction

    #: A numbered key's column type in this dialect (``drill_answers.id``).
    SERIAL = "INTEGER PRIMARY KEY"
    #: Tables and indexes only this dialect keeps (SQLite's ``room_changes``, read by its feed).
    OWN_TABLES: tuple[tuple[str, str], ...] = ()
    OWN_INDEXES: tuple[str, ...] = ()

    #: This process's hub of the store's database (set by the dialect: :func:`cardlab.rooms.notify.hub_for`).
    _hub: RoomHub

    # -- what a dialect gives ----------------------------------------------------------
    def transaction(self) -> contextlib.AbstractContextManager[SQLTransaction]:
        """One atomic step: commits at the end, rolls back on any exception; a lost
        connection raises :class:`~cardlab.rooms.store.StoreUnavailable`."""
        raise NotImplementedError

    def _reading(self) -> contextlib.AbstractContextManager[Any]:
        """A connection for one read outside any transaction."""
        raise NotImplementedError

    def _execute(self, db: Any, sql: str, params: Sequence[Any]) -> Any:
        raise NotImplementedError

    def _lock_room(self, db: Any, room: str) -> None:
        """Take ``room``'s write lock in the open transaction (none where it holds the store)."""

    def _lock_named(self, db: Any, name: str) -> None:
        """Take a store-wide lock ``name`` in the open transaction (none where it holds the store)."""

    def _mark_change(self, tx: SQLTransaction, room: str) -> Any:
        """Record in ``tx`` that ``room`` changed, so that other processes' feeds hear of it
        once it commits; the change's mark (see :mod:`cardlab.rooms.notify`)."""
        raise NotImplementedError

    def _has_table(self, db: Any, name: str) -> bool:
        raise NotImplementedError

    def close(self) -> None:
        """Close this store object's connections (the process's hub and its feed go on while
        other pages watch)."""

    # -- telling the pages ------------------------------------------------------------------
    def _committing(self, tx: SQLTransaction) -> None:
        """Just before ``tx`` commits: its changes' marks, so the feed does not tell them twice."""
        if tx.touched:
            self._hub.remember(tx.touched.values())

    def _committed(self, tx: SQLTransaction) -> None:
        """``tx`` committed: the pages of this process that watch its rooms, now."""
        if tx.touched:
            self._hub.changed(tx.touched.items())

    def watch(self, room: str | None, listener: Listener) -> Callable[[], None]:
        """Call ``listener(room)`` after each committed change of ``room`` (None: of any room),
        made in this process or in another, until the returned function is called (the
        promise is :mod:`cardlab.rooms.notify`'s).

        >>> import tempfile, os, queue
        >>> from cardlab.rooms import open_store
        >>> store = open_store(os.path.join(tempfile.mkdtemp(), "class.db"))
        >>> room = store.create_room("kontrabluff", {"target": 300}, seed=7, seats=[None, None])
        >>> heard = queue.Queue()
        >>> unwatch = store.watch(room, heard.put)
        >>> store.set_status(room, "paused")
        >>> heard.get(timeout=5) == room
        True
        >>> unwatch()
        """
        return self._hub.watch(room, listener)

    # -- reads and retries --------------------------------------------------------------
    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Every row of one read (tried once more on a fresh connection if the first was lost)."""
        for attempt in range(2):
            try:
                with self._reading() as db:
                    return [tuple(row) for row in self._execute(db, sql, params).fetchall()]
            except StoreUnavailable:
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _row(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        rows = self._rows(sql, params)
        return rows[0] if rows else None

    def run(self, step: Callable[[SQLTransaction], T], *, retries: int = 1) -> T:
        """``step(tx)`` in one transaction, its result returned once committed.

        If the connection is lost (:class:`~cardlab.rooms.store.StoreUnavailable`: the
        database restarted, the network dropped), the database has rolled the transaction
        back, and ``step`` runs again on a fresh connection, up to ``retries`` more times.
        A loss during the commit itself leaves it unknown whether the commit happened:
        ``step`` must read what it needs again and find its own write there if so
        (:meth:`cardlab.rooms.Room.act` does). Any other exception rolls back and is raised.
        """
        for attempt in range(retries + 1):
            try:
                with self.transaction() as tx:
                    return step(tx)
            except StoreUnavailable as lost:
                log.warning("classroom store %s: %s (%s)", self.url, lost.reason or lost,
                            "trying again" if attempt < retries else "giving up")
                if attempt == retries:
                    raise
        raise AssertionError("unreachable")

    # -- the schema -------------------------------------------------------------------------
    def _open_schema(self) -> None:
        """Make a new store's tables, upgrade an older store's, or refuse a newer one."""
        def step(tx: SQLTransaction) -> None:
            tx.lock_named("schema")  # two servers starting at once: one makes or upgrades it
            if not self._has_table(tx.db, "rooms"):
                _create_tables(tx)
                tx.execute("INSERT INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                tx.execute("INSERT INTO meta (key, value) VALUES ('unnamed_defaults', 'forgotten') "
                           "ON CONFLICT (key) DO NOTHING")
                return
            row = tx.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() \
                if self._has_table(tx.db, "meta") else None
            version = 1 if row is None else int(row[0])
            if version > SCHEMA_VERSION:
                raise StoreVersionError(
                    f"The classroom store {self.url} was made by a newer cardlab (store version {version}; this "
                    f"cardlab reads versions up to {SCHEMA_VERSION}). Install the newer cardlab on this server "
                    "(pip install -U cardlab), or give --db another store.")
            if version < SCHEMA_VERSION and version not in UPGRADES:
                raise StoreVersionError(
                    f"The classroom store {self.url} is at version {version}, older than this cardlab can upgrade "
                    f"(from version {min(UPGRADES)} on). Open it once with the cardlab release that made it to "
                    "save each lesson (cardlab.rooms.lesson.lesson_csv), then give --db a new store.")
            if version < SCHEMA_VERSION:
                if row is None:  # the meta table itself may be missing in the oldest stores
                    _create_tables(tx)
                for step_from in range(version, SCHEMA_VERSION):
                    log.warning("classroom store %s: upgrading from version %d to %d", self.url, step_from,
                                step_from + 1)
                    UPGRADES[step_from](tx)
                tx.execute("INSERT INTO meta (key, value) VALUES ('schema', ?) "
                           "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(SCHEMA_VERSION),))

        self.run(step)

    def schema_version(self) -> int:
        """The version of the schema this store is at (:data:`SCHEMA_VERSION` once open)."""
        row = self._row("SELECT value FROM meta WHERE key = 'schema'")
        return 1 if row is None else int(row[0])

    # -- the teacher ----------------------------------------------------------------------
    def teacher_key(self) -> str:
        """The key of the teacher's dashboard link, made once per classroom store (the first
        server to ask makes it; every other server of the store finds the same one)."""
        def step(tx: SQLTransaction) -> str:
            tx.execute("INSERT INTO meta (key, value) VALUES ('teacher_key', ?) ON CONFLICT (key) DO NOTHING",
                       (secrets.token_urlsafe(16),))
            return tx.execute("SELECT value FROM meta WHERE key = 'teacher_key'").fetchone()[0]

        return self.run(step)

    def check_teacher_key(self, key: str) -> bool:
        """Whether ``key`` opens the teacher's dashboard (compared in constant time)."""
        row = self._row("SELECT value FROM meta WHERE key = 'teacher_key'")
        return isinstance(key, str) and row is not None and hmac.compare_digest(row[0].encode(), key.encode())

    # -- rooms --------------------------------------------------------------------------
    def create_room(self, game: str, settings: dict[str, Any], *, seed: int,
                    seats: Sequence[str | None], dealer: int | None = None) -> str:
        """A new room; ``seats[i]`` is a bot's name, or None for a person (who gets a token).
        Not tried again on a lost connection (that could make it twice)."""
        with self.transaction() as tx:
            return self._insert_room(tx, game, settings, seed=seed, seats=seats, dealer=dealer)

    @staticmethod
    def _insert_room(tx: SQLTransaction, game: str, settings: dict[str, Any], *, seed: int,
                     seats: Sequence[str | None], dealer: int | None = None) -> str:
        room = uuid.uuid4().hex[:12]
        tx.execute("INSERT INTO rooms (id, game, settings, seed, dealer, created) VALUES (?, ?, ?, ?, ?, ?)",
                   (room, game, json.dumps(settings, sort_keys=True), int(seed), dealer, time.time()))
        for seat, bot in enumerate(seats):
            token = None if bot is not None else secrets.token_urlsafe(16)
            tx.execute("INSERT INTO seats (room, seat, bot, token_hash, token) VALUES (?, ?, ?, ?, ?)",
                       (room, seat, bot, None if token is None else hash_token(token), token))
        tx.changed(room)
        return room

    # -- switches -------------------------------------------------------------------------
    def switches(self, room: str) -> Switches:
        """What the room lets its students use (the defaults until the teacher sets them)."""
        row = self._row("SELECT value FROM switches WHERE room = ?", (room,))
        return Switches() if row is None else Switches.from_dict(json.loads(row[0]))

    def set_switches(self, room: str, switches: Switches) -> None:
        """Set one room's switches (its students' pages follow within a second or two)."""
        def step(tx: SQLTransaction) -> None:
            if tx.execute("SELECT 1 FROM rooms WHERE id = ?", (room,)).fetchone() is None:
                raise StoreError(f"there is no room {room!r}")
            self._put_switches(tx, room, switches)

        self.run(step)

    @staticmethod
    def _put_switches(tx: SQLTransaction, room: str, switches: Switches) -> None:
        tx.execute("INSERT INTO switches (room, value) VALUES (?, ?) "
                   "ON CONFLICT (room) DO UPDATE SET value = excluded.value",
                   (room, json.dumps(switches.as_dict(), sort_keys=True)))
        tx.changed(room)

    # -- a seated class -----------------------------------------------------------------
    def create_class(self, name: str, game: str, table_size: int, tables: Sequence[ClassTable],
                     switches: Switches) -> str:
        """Every room of a class, each student's join code, and the class's switches, in one
        transaction (all or nothing; not tried again on a lost connection, which could seat
        the class twice). Codes are unique across the store; see ``redeem_code``."""
        class_id = uuid.uuid4().hex[:12]
        with self.transaction() as tx:
            tx.execute("INSERT INTO classes (id, name, game, table_size, switches, created) VALUES (?, ?, ?, ?, ?, ?)",
                       (class_id, name, game, int(table_size), json.dumps(switches.as_dict(), sort_keys=True),
                        time.time()))
            for table_number, table in enumerate(tables, start=1):
                room = self._insert_room(tx, game, table.settings, seed=table.seed, seats=table.bots)
                self._put_switches(tx, room, switches)
                tx.execute("INSERT INTO class_rooms (class, table_number, room) VALUES (?, ?, ?)",
                           (class_id, table_number, room))
                for seat, student in enumerate(table.students):
                    if student is None:
                        continue
                    number, student_name = student
                    code = new_code()
                    while tx.execute("SELECT 1 FROM codes WHERE code = ?", (code,)).fetchone() is not None:
                        code = new_code()  # one in 2**40 / codes in use: practically never
                    tx.execute("INSERT INTO codes (code, class, number, student, room, seat) VALUES (?, ?, ?, ?, ?, ?)",
                               (code, class_id, number, student_name, room, seat))
        return class_id

    def classes(self) -> list[ClassInfo]:
        """Every seated class, oldest first."""
        rows = self._rows("SELECT id, name, game, table_size, switches, created, "
                          "(SELECT COUNT(*) FROM codes WHERE codes.class = classes.id) "
                          "FROM classes ORDER BY created, id")
        tables: dict[str, list[str]] = {}
        for class_id, room in self._rows("SELECT class, room FROM class_rooms ORDER BY class, table_number"):
            tables.setdefault(class_id, []).append(room)
        return [ClassInfo(row[0], row[1], row[2], row[3], Switches.from_dict(json.loads(row[4])), row[5],
                          tuple(tables.get(row[0], ())), row[6]) for row in rows]

    def class_tables(self) -> dict[str, tuple[ClassInfo, int]]:
        """Each seated class's room: its class and its table number (as on the sheet)."""
        rows = self._rows("SELECT room, class, table_number FROM class_rooms")
        classes = {info.id: info for info in self.classes()} if rows else {}
        return {room: (classes[class_id], table) for room, class_id, table in rows}

    def set_class_switches(self, class_id: str, switches: Switches) -> None:
        """Set the switches of the class and of every one of its rooms."""
        def step(tx: SQLTransaction) -> None:
            if tx.execute("UPDATE classes SET switches = ? WHERE id = ?",
                          (json.dumps(switches.as_dict(), sort_keys=True), class_id)).rowcount != 1:
                raise StoreError(f"there is no class {class_id!r}")
            for (room,) in tx.execute("SELECT room FROM class_rooms WHERE class = ? ORDER BY table_number",
                                      (class_id,)).fetchall():
                self._put_switches(tx, room, switches)

        self.run(step)

    _SLIP_QUERY = ("SELECT c.number, c.student, cr.table_number, c.room, c.seat, c.code, s.token FROM codes c "
                   "JOIN class_rooms cr ON cr.room = c.room JOIN seats s ON s.room = c.room AND s.seat = c.seat ")

    def slips(self, class_id: str) -> list[Slip]:
        """The class sheet's slips, in the order of the class list (the teacher's view)."""
        return [Slip(*row) for row in self._rows(self._SLIP_QUERY + "WHERE c.class = ? ORDER BY c.number", (class_id,))]

    def redeem_code(self, code: str, client: str, *, now: float | None = None) -> Slip | None:
        """The slip of a typed join code (plain form), or None for a wrong one.

        ``client`` names the page asking. A wrong code is remembered in the store; past
        :data:`~cardlab.rooms.store.GUESS_LIMITS` (for this page, or for the whole
        classroom) every code is refused with :class:`~cardlab.rooms.store.TooManyGuesses`,
        a right one too, until the window has passed: a guesser learns nothing more.
        Counting and looking up are one transaction under one store-wide lock, so pages
        guessing at once (on any server) cannot slip past the limit together.
        """
        now = time.time() if now is None else now
        (page_limit, page_window), (class_limit, class_window) = GUESS_LIMITS["page"], GUESS_LIMITS["class"]

        def step(tx: SQLTransaction) -> Slip | None:
            tx.lock_named("wrong_codes")
            tx.execute("DELETE FROM wrong_codes WHERE at < ?", (now - max(page_window, class_window),))
            mine = tx.execute("SELECT COUNT(*) FROM wrong_codes WHERE client = ? AND at > ?",
                              (client, now - page_window)).fetchone()[0]
            everyone = tx.execute("SELECT COUNT(*) FROM wrong_codes WHERE at > ?", (now - class_window,)).fetchone()[0]
            if mine >= page_limit or everyone >= class_limit:
                raise TooManyGuesses("too many wrong codes lately")
            row = tx.execute(self._SLIP_QUERY + "WHERE c.code = ?", (code,)).fetchone()
            if row is None:
                tx.execute("INSERT INTO wrong_codes (client, at) VALUES (?, ?)", (client, now))
                return None
            return Slip(*row)

        return self.run(step)

    def room_status(self, room: str) -> str:
        """The room's status alone ("open", "paused" or "ended"): one indexed read, which a
        student's page makes every half second (:meth:`room` also counts the actions)."""
        row = self._row("SELECT status FROM rooms WHERE id = ?", (room,))
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        return row[0]

    _ROOM_QUERY = ("SELECT r.id, r.game, r.settings, r.seed, r.dealer, r.created, r.status, "
                   "(SELECT COUNT(*) FROM actions a WHERE a.room = r.id), "
                   "(SELECT MAX(at) FROM actions a WHERE a.room = r.id) FROM rooms r ")

    @staticmethod
    def _room_info(row: tuple) -> RoomInfo:
        return RoomInfo(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5], row[6], row[7], row[8])

    def room(self, room: str) -> RoomInfo:
        row = self._row(self._ROOM_QUERY + "WHERE r.id = ?", (room,))
        if row is None:
            raise StoreError(f"there is no room {room!r}")
        return self._room_info(row)

    def rooms(self) -> list[RoomInfo]:
        return [self._room_info(row) for row in self._rows(self._ROOM_QUERY + "ORDER BY r.created, r.id")]

    def seats(self, room: str) -> list[SeatInfo]:
        rows = self._rows("SELECT room, seat, bot, holder, held_until FROM seats WHERE room = ? ORDER BY seat", (room,))
        return [SeatInfo(*row) for row in rows]

    def tokens(self, room: str) -> dict[int, str]:
        """The join tokens of a room's people (the teacher's view, to hand out links)."""
        return dict(self._rows("SELECT seat, token FROM seats WHERE room = ? AND token IS NOT NULL ORDER BY seat",
                               (room,)))

    def check_token(self, room: str, seat: int, token: str) -> bool:
        """Whether ``token`` is the join token of that seat (compared in constant time)."""
        if not isinstance(token, str) or not isinstance(seat, int):
            return False
        row = self._row("SELECT token_hash FROM seats WHERE room = ? AND seat = ?", (room, seat))
        return row is not None and row[0] is not None and hmac.compare_digest(row[0], hash_token(token))

    def hold_seat(self, room: str, seat: int, holder: str, *, take_over: bool = False) -> bool:
        """Take or renew the seat for ``holder``: one open page plays a seat at a time.

        False when another page holds it and its lease has not run out (it renews while
        its page lives), unless ``take_over``: a student who reloads or reopens the link
        takes the seat back at once, and the older page can no longer act."""
        def step(tx: SQLTransaction) -> bool:
            now = time.time()
            tx.lock_room(room)
            row = tx.execute("SELECT holder, held_until FROM seats WHERE room = ? AND seat = ?", (room, seat)).fetchone()
            if row is None:
                raise StoreError(f"room {room!r} has no seat {seat}")
            if not take_over and row[0] not in (None, holder) and row[1] > now:
                return False
            tx.execute("UPDATE seats SET holder = ?, held_until = ? WHERE room = ? AND seat = ?",
                       (holder, now + LEASE_SECONDS, room, seat))
            if row[0] != holder or row[1] <= now:  # a seat taken (or back after its lease ran out), not a renewal
                tx.changed(room)
            return True

        return self.run(step)

    def seat_holder(self, room: str, seat: int) -> str | None:
        """The page that holds the seat now (None: nobody)."""
        row = self._row("SELECT holder FROM seats WHERE room = ? AND seat = ?", (room, seat))
        return None if row is None else row[0]

    def release_seat(self, room: str, seat: int, holder: str) -> None:
        def step(tx: SQLTransaction) -> None:
            tx.lock_room(room)
            if tx.execute("UPDATE seats SET holder = NULL, held_until = 0 WHERE room = ? AND seat = ? AND holder = ?",
                          (room, seat, holder)).rowcount:
                tx.changed(room)

        self.run(step)

    def set_status(self, room: str, status: str) -> None:
        """Pause, reopen or end a room (the teacher's controls)."""
        if status not in ("open", "paused", "ended"):
            raise StoreError(f"a room's status is open, paused or ended, got {status!r}")

        def step(tx: SQLTransaction) -> None:
            tx.lock_room(room)
            if tx.execute("UPDATE rooms SET status = ? WHERE id = ?", (status, room)).rowcount != 1:
                raise StoreError(f"there is no room {room!r}")
            tx.changed(room)

        self.run(step)

    # -- actions ------------------------------------------------------------------------
    def actions(self, room: str, since: int = 0) -> list[tuple[int, int, list]]:
        """``(number, seat, action)`` of every action after the first ``since``, in order."""
        rows = self._rows("SELECT number, seat, action FROM actions WHERE room = ? AND number > ? ORDER BY number",
                          (room, since))
        return [(number, seat, json.loads(action)) for number, seat, action in rows]

    def undo_count(self, room: str) -> int:
        """How many times a move of the room was taken back (a page that saw fewer replays the room)."""
        row = self._row("SELECT count FROM undos WHERE room = ?", (room,))
        return 0 if row is None else row[0]

    # -- a class's drills (issue 36) ---------------------------------------------------------
    def set_drills(self, class_id: str, kinds: Sequence[str]) -> None:
        """The drill set the class practises now: the kinds of exercise by name, in order
        (checked by :func:`cardlab.rooms.drills.assign_drills`; the store keeps names). No
        kinds: the class has no drills (its pages' practice button goes)."""
        def step(tx: SQLTransaction) -> None:
            if tx.execute("SELECT 1 FROM classes WHERE id = ?", (class_id,)).fetchone() is None:
                raise StoreError(f"there is no class {class_id!r}")
            if not kinds:
                tx.execute("DELETE FROM drill_sets WHERE class = ?", (class_id,))
            else:
                tx.execute("INSERT INTO drill_sets (class, kinds, assigned) VALUES (?, ?, ?) ON CONFLICT (class) "
                           "DO UPDATE SET kinds = excluded.kinds, assigned = excluded.assigned",
                           (class_id, json.dumps(list(kinds)), time.time()))
            for (room,) in tx.execute("SELECT room FROM class_rooms WHERE class = ? ORDER BY table_number",
                                      (class_id,)).fetchall():
                tx.changed(room)  # the class's pages show the drill set: they are told

        self.run(step)

    def drills(self, class_id: str) -> tuple[str, ...]:
        """The kinds of exercise the class practises now (empty: none assigned); one indexed read."""
        row = self._row("SELECT kinds FROM drill_sets WHERE class = ?", (class_id,))
        return () if row is None else tuple(json.loads(row[0]))

    def seat_student(self, room: str, seat: int) -> tuple[str, int] | None:
        """The student of a class's seat: the class's id and the student's number on its
        list (None for a computer's seat or a room made by hand)."""
        row = self._row("SELECT class, number FROM codes WHERE room = ? AND seat = ?", (room, seat))
        return None if row is None else (row[0], row[1])

    def add_answer(self, room: str, seat: int, *, kind: str, rule: str, seed: int, correct: bool, seconds: float,
                   at: float | None = None) -> DrillAnswer:
        """Keep one drill answer of the student at ``seat`` of ``room`` (a page knows its seat,
        never another's: the store finds the class and the student). A seat of no class's
        student is refused. Not tried again on a lost connection (that could keep it twice)."""
        if not (isinstance(seconds, (int, float)) and 0 <= seconds < 86_400):
            raise StoreError(f"an answer takes 0 to 86400 seconds, got {seconds!r}")
        at = time.time() if at is None else at
        with self.transaction() as tx:
            row = tx.execute("SELECT class, number FROM codes WHERE room = ? AND seat = ?", (room, seat)).fetchone()
            if row is None:
                raise StoreError(f"seat {seat} of room {room!r} is no class's student")
            answer = DrillAnswer(row[0], row[1], str(kind), str(rule), int(seed), bool(correct), float(seconds), at)
            tx.execute("INSERT INTO drill_answers (class, number, kind, rule, seed, correct, seconds, at) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (answer.class_id, answer.number, answer.kind, answer.rule, answer.seed, int(answer.correct),
                        answer.seconds, answer.at))
        return answer

    def answers(self, class_id: str | None = None) -> list[DrillAnswer]:
        """Every drill answer of the class (None: of every class), in the order they came."""
        query = "SELECT class, number, kind, rule, seed, correct, seconds, at FROM drill_answers "
        rows = (self._rows(query + "ORDER BY id") if class_id is None
                else self._rows(query + "WHERE class = ? ORDER BY id", (class_id,)))
        return [DrillAnswer(c, n, k, r, s, bool(ok), sec, at) for c, n, k, r, s, ok, sec, at in rows]


def placeholders(sql: str, mark: str) -> str:
    """``sql`` with each ``?`` parameter written as ``mark`` (no ``?`` appears in cardlab's
    SQL but as a parameter).

    >>> placeholders("SELECT 1 FROM rooms WHERE id = ? AND status = ?", "%s")
    'SELECT 1 FROM rooms WHERE id = %s AND status = %s'
    """
    return sql.replace("?", mark)
