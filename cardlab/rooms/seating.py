"""A class seated in one step: a class list in, one room per table and a join code per student out.

The teacher pastes a class list (one name a line) or gives a number, picks a game and
a table size. :func:`plan_seating` shares the students out over as few tables as hold
them, as evenly as it can (seven students at tables of three sit 3, 2, 2, never 3, 3,
1), in a seeded random order or in the list's order; a short table's empty seats go
to a computer player. :func:`seat_class` creates every room in one transaction and
gives each student a join code (:mod:`cardlab.rooms.codes`); :func:`join_by_code`
turns a typed code into that student's seat, within the store's limit on wrong guesses.

>>> import tempfile, os
>>> from cardlab.rooms.store import SQLiteStore
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> plan_seating(["Ana", "Ben", "Cy"], 2, seed=1)
(('Ben', 'Cy'), ('Ana', None))
>>> plan_seating(["Ana", "Ben", "Cy"], 2, order="list")
(('Ana', 'Ben'), ('Cy', None))
>>> class_id = seat_class(store, "Ana\\nBen\\n\\nCy\\n", "kontrabluff", 2, seed=1)
>>> [(slip.student, slip.table, slip.seat) for slip in store.slips(class_id)]
[('Ana', 2, 0), ('Ben', 1, 0), ('Cy', 1, 1)]
>>> session = join_by_code(store, store.slips(class_id)[0].code.lower(), client="page-1")
>>> session.room.id == store.classes()[0].rooms[1], session.seat
(True, 0)
>>> join_by_code(store, "AAAA-AAAA", client="page-1")
Traceback (most recent call last):
...
cardlab.rooms.seating.CodeRefused: No seat has that code. Check it on your slip and type it again.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import numpy as np

from cardlab.games import by_game
from cardlab.rooms.codes import parse_code
from cardlab.rooms.room import BOT_NAMES, GAME_CLASSES, AccessRefused
from cardlab.rooms.seat import JoinRequest, SeatSession
from cardlab.rooms.store import ClassTable, RoomStore, Switches, TooManyGuesses

__all__ = ["TABLE_SIZES", "ORDERS", "CodeRefused", "GuessLimit", "class_list", "plan_seating", "seat_class",
           "join_by_code"]

T = TypeVar("T")

#: How many players each game's table takes (least, most): each game's spec says it.
TABLE_SIZES: Mapping[str, tuple[int, int]] = by_game(lambda entry: entry.spec.players)
#: How students are shared out: shuffled (with a seed), or in the list's order.
ORDERS = ("random", "list")
#: The longest name a slip prints (a pasted paragraph is not a name).
MAX_NAME = 60
MAX_STUDENTS = 400


class CodeRefused(AccessRefused):
    """A typed code that opens no seat."""


class GuessLimit(AccessRefused):
    """Too many wrong codes lately: every code is refused for a while."""


def class_list(students: str | int | Sequence[str]) -> tuple[str, ...]:
    """The students' names: from pasted text (one a line, blank lines dropped), a list,
    or a number of students, unnamed (``''``: the pages call each by its number on the
    list, 'Student 3', in their own language; :func:`cardlab.words.classroom.student_name`).

    >>> class_list("  Ana \\n\\nBen\\n"), class_list(3)
    (('Ana', 'Ben'), ('', '', ''))
    """
    if isinstance(students, int):
        names: tuple[str, ...] = ("",) * students
    else:
        lines = students.splitlines() if isinstance(students, str) else list(students)
        names = tuple(" ".join(line.split()) for line in lines if line.strip())
    if not names:
        raise ValueError("The class list is empty: paste the names, one a line, or give the number of students.")
    if len(names) > MAX_STUDENTS:
        raise ValueError(f"A class has at most {MAX_STUDENTS} students, got {len(names)}.")
    long = [name for name in names if len(name) > MAX_NAME]
    if long:
        raise ValueError(f"A name has at most {MAX_NAME} letters; this one is longer: {long[0][:MAX_NAME]}…")
    return names


def plan_seating(names: Sequence[T], table_size: int, *, seed: int | None = None,
                 order: str = "random") -> tuple[tuple[T | None, ...], ...]:
    """The tables, each a tuple of ``table_size`` seats: a student's name, or None for a
    computer player (at the end of a short table). As few tables as hold everyone, the
    students shared as evenly as possible; ``order`` "random" shuffles them with ``seed``
    (the same seed, the same seating), "list" seats them in the list's order.

    >>> plan_seating([f"S{i}" for i in range(7)], 3, order="list")
    (('S0', 'S1', 'S2'), ('S3', 'S4', None), ('S5', 'S6', None))
    """
    if order not in ORDERS:
        raise ValueError(f"order is one of {', '.join(ORDERS)}, got {order!r}")
    if table_size < 1 or not names:
        raise ValueError("a seating needs students and tables of one seat at least")
    people = list(names)
    if order == "random":
        random.Random(seed).shuffle(people)
    count = math.ceil(len(people) / table_size)
    base, extra = divmod(len(people), count)
    tables, start = [], 0
    for table in range(count):
        size = base + (table < extra)
        seats = people[start:start + size]
        start += size
        tables.append(tuple(seats) + (None,) * (table_size - size))
    return tuple(tables)


def seat_class(store: RoomStore, students: str | int | Sequence[str], game: str, table_size: int, *,
               seed: int | None = None, order: str = "random", bot: str = "rule", switches: Switches = Switches(),
               settings: dict[str, Any] | None = None, name: str = "") -> str:
    """Seat a whole class: one room per table, a join code per student; returns the class's id.

    ``seed`` fixes the seating (in random order) and every table's deal; None draws one.
    ``bot`` is the computer player that fills short tables; ``switches`` apply to every room.
    ``name`` is the class's ('' leaves it unnamed: the pages call it '12 students' in
    their own language), as each student's name on the list is (a number leaves them unnamed).
    """
    if game not in GAME_CLASSES:
        raise ValueError(f"game is one of {', '.join(GAME_CLASSES)}, got {game!r}")
    low, high = TABLE_SIZES[game]
    if not low <= table_size <= high:
        raise ValueError(f"A table of this game seats {low} to {high} players, not {table_size}.")
    if bot not in BOT_NAMES:
        raise ValueError(f"the computer player is one of {', '.join(BOT_NAMES)}, got {bot!r}")
    names = class_list(students)
    seed = secrets.randbits(40) if seed is None else int(seed)
    settings = dict(settings or {})
    if "players" in GAME_CLASSES[game].__dataclass_fields__:
        settings["players"] = table_size
    settings = GAME_CLASSES[game](**settings).settings()  # checked by the game; stored in full
    tables = []
    listed = [(number, name) for number, name in enumerate(names, start=1)]
    for table, seats in enumerate(plan_seating(listed, table_size, seed=seed, order=order), start=1):
        deal = int(np.random.SeedSequence([seed, table]).generate_state(1)[0])
        tables.append(ClassTable(settings, deal, seats, tuple(bot if who is None else None for who in seats)))
    return store.create_class(name, game, table_size, tables, switches)


def join_by_code(store: RoomStore, text: str, *, client: str, holder: str | None = None) -> SeatSession:
    """The seat a typed join code opens, for the page ``client`` (its kernel).

    A typing mistake (not eight letters and digits) costs no guess; a wrong code does,
    and past the store's limit every code is refused for a while (:class:`GuessLimit`).
    """
    code = parse_code(text)
    if code is None:
        raise CodeRefused.said("code_malformed", example="K7QF-2M9X")
    try:
        slip = store.redeem_code(code, client)
    except TooManyGuesses:
        raise GuessLimit.said("code_limit") from None
    if slip is None:
        raise CodeRefused.said("code_unknown")
    return SeatSession(store, JoinRequest(slip.room, slip.seat, slip.token), holder=holder)
