"""Where classroom rooms live: one authority shared by every page, on one machine or several.

A room is its game's settings, a seed and the list of actions played so far, so the
store keeps exactly that, and every page rebuilds the state by replaying it (the same
way a saved game loads). :class:`RoomStore` is the interface; two stores implement it
with the same SQL (:mod:`cardlab.rooms.sql`), each in its own dialect:

- :class:`~cardlab.rooms.sqlite.SQLiteStore`, the embedded default: one file on the
  classroom server's disk, every process on that machine (WAL mode, ``BEGIN IMMEDIATE``);
- :class:`~cardlab.rooms.postgres.PostgresStore`: a PostgreSQL database that several
  classroom servers share, on several machines (``pip install 'cardlab[postgres]'``).

:func:`open_store` opens either from a URL (``cardlab-classroom --db URL``, or the
environment's ``CARDLAB_DB``). In both, a move is one transaction ("read the state,
check the action with the engine, append it", numbered 1, 2, ... with no gap and no
double), and the pages of a room learn that it changed through :meth:`RoomStore.watch`
(:mod:`cardlab.rooms.notify`: at once within a process, by the store's feed from the others).

>>> import tempfile, os
>>> store = open_store(os.path.join(tempfile.mkdtemp(), "class.db"))
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
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from cardlab.rooms.notify import Listener
from cardlab.words import LANGUAGES

__all__ = ["RoomInfo", "SeatInfo", "Switches", "ClassTable", "ClassInfo", "Slip", "DrillAnswer", "RoomStore", "Transaction",
           "hash_token", "StoreError", "StoreUnavailable", "StoreVersionError", "TooManyGuesses", "GUESS_LIMITS",
           "DB_VARIABLES", "DEFAULT_DB", "open_store", "store_url"]

#: The environment variables that name the classroom's store, the first one set wins:
#: ``CARDLAB_DB`` (a SQLite path or URL, or a ``postgresql://`` URL), and the older
#: ``CARDLAB_CLASSROOM_DB`` (a SQLite path), still read.
DB_VARIABLES = ("CARDLAB_DB", "CARDLAB_CLASSROOM_DB")
#: The store when nothing names one: a SQLite file in the current folder.
DEFAULT_DB = "classroom.db"

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


class StoreVersionError(StoreError):
    """A store this cardlab cannot use as it is: made by a newer cardlab, or too old to
    upgrade. The message says what to do (it is for the person who starts the server)."""


class StoreUnavailable(StoreError):
    """The store cannot answer now: its server restarted, the network dropped, or the
    database stayed locked. Nothing was written by the step that failed, unless the
    connection dropped while committing it (then the store has it once; see
    :meth:`RoomStore.run`). A page says :attr:`notice` in its own language and tries again.

    >>> error = StoreUnavailable("connection lost")
    >>> error.notice, error.values, str(error).startswith("The connection to the classroom")
    ('store_reconnecting', {}, True)
    """

    notice = "store_reconnecting"
    #: Computer moves committed before the loss by :func:`cardlab.rooms.move_bots` (they stand).
    moves_made = 0

    def __init__(self, reason: str = ""):
        from cardlab.words.table import notice_text

        super().__init__(notice_text(self.notice, {}, players=2))
        self.reason = reason  # the driver's own words, for the server's log
        self.values: dict[str, Any] = {}


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


T = TypeVar("T")


class Transaction(Protocol):
    """One atomic step, holding the room's write lock from the first read of a room to the
    commit (SQLite: the whole store's; PostgreSQL: that room's row)."""

    def action_count(self, room: str) -> int: ...

    def actions_since(self, room: str, done: int) -> list[tuple[int, int, list]]: ...

    def append_action(self, room: str, number: int, seat: int, action: list) -> int: ...

    def room_status(self, room: str) -> str: ...

    def take_mover(self, room: str, mover: str) -> bool: ...

    def seat_holder(self, room: str, seat: int) -> str | None: ...

    def undo_count(self, room: str) -> int: ...

    def take_back(self, room: str, keep: int) -> None: ...


class RoomStore(Protocol):
    """What a classroom needs from its database; :class:`~cardlab.rooms.sqlite.SQLiteStore`
    and :class:`~cardlab.rooms.postgres.PostgresStore` implement it (one suite of tests
    runs against each)."""

    #: Where the store is, as :func:`open_store` takes it (a password left out).
    url: str

    def close(self) -> None: ...

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

    def teacher_key(self) -> str: ...

    def check_teacher_key(self, key: str) -> bool: ...

    def transaction(self) -> contextlib.AbstractContextManager[Transaction]: ...

    def run(self, step: Callable[[Transaction], T], *, retries: int = 1) -> T: ...

    def watch(self, room: str | None, listener: Listener) -> Callable[[], None]: ...

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


def store_url(url: str | os.PathLike | None = None) -> str:
    """The store to open: ``url`` if given, else the first of :data:`DB_VARIABLES` set in
    the environment, else :data:`DEFAULT_DB`.

    >>> store_url("class.db"), store_url("postgresql://school-db/cardlab")
    ('class.db', 'postgresql://school-db/cardlab')
    """
    if url is not None and str(url):
        return os.fspath(url)
    return next((os.environ[name] for name in DB_VARIABLES if os.environ.get(name)), DEFAULT_DB)


def open_store(url: str | os.PathLike | None = None, **options: Any) -> RoomStore:
    """The classroom store at ``url`` (see :func:`store_url` for none given):

    - ``postgresql://user:password@host:port/database`` (or ``postgres://``, or any
      libpq URL with its ``?sslmode=…`` options): a :class:`~cardlab.rooms.postgres.PostgresStore`,
      shared by every classroom server that opens it;
    - ``sqlite:///relative/path.db`` or ``sqlite:////absolute/path.db`` (SQLAlchemy's
      spelling), or a plain file path: a :class:`~cardlab.rooms.sqlite.SQLiteStore`.

    ``options`` go to the store's class. A store made by an older cardlab is upgraded as
    it opens; one made by a newer cardlab is refused (:class:`StoreVersionError`, saying what to do).

    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> open_store(os.path.join(folder, "a.db")).url == os.path.join(folder, "a.db")
    True
    >>> open_store("sqlite:///" + os.path.join(folder, "b.db")).url == os.path.join(folder, "b.db")
    True
    >>> open_store("mysql://school/cardlab")
    Traceback (most recent call last):
    ...
    cardlab.rooms.store.StoreError: a classroom store is a SQLite file (a path, or sqlite:///path) or a PostgreSQL database (postgresql://…), not 'mysql://school/cardlab'
    """
    text = store_url(url)
    scheme = text.split("://", 1)[0].lower() if "://" in text else ""
    if scheme in ("postgresql", "postgres"):
        try:
            from cardlab.rooms.postgres import PostgresStore
        except ImportError as missing:
            raise StoreError(f"a PostgreSQL store needs psycopg ({missing}): pip install 'cardlab[postgres]'") from None
        return PostgresStore(text, **options)
    if scheme not in ("", "sqlite"):
        raise StoreError("a classroom store is a SQLite file (a path, or sqlite:///path) or a PostgreSQL database "
                         f"(postgresql://…), not {text!r}")
    from cardlab.rooms.sqlite import SQLiteStore

    return SQLiteStore(text[len("sqlite:///"):] if scheme else Path(text), **options)


def __getattr__(name: str) -> Any:
    """``cardlab.rooms.store.SQLiteStore``, where it lived before there were two stores."""
    if name == "SQLiteStore":
        from cardlab.rooms.sqlite import SQLiteStore

        return SQLiteStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
