"""The classroom's people and places in words: a student or a class the teacher left unnamed is
stored without a name (a student with its number on the class list), a computer's seat
as its kind, a room by its class and table number; they are named here, when shown, in
the page's language. A room's id is never said: it is for links and code.

>>> from cardlab.words import language
>>> student_name("Ana", 1), student_name("", 3), class_name("", 12), computer_name("rule")
('Ana', 'Student 3', '12 students', 'Computer: rules of thumb')
>>> with language("pl"):
...     student_name("", 3), class_name("", 12), class_name("Klasa 7b", 12)
('Uczeń 3', '12 uczniów', 'Klasa 7b')
>>> from types import SimpleNamespace as Place
>>> place_text(Place(number=2, in_class=True, class_name="7b", students=24)), place_text(Place(number=1, in_class=False))
('Table 2 · 7b', 'Room 1')
>>> place_text(Place(number=3, in_class=True, class_name="", students=24))
'Table 3'
"""

from __future__ import annotations

from typing import Any

from cardlab.words import N_, Plural, fill, translate

__all__ = ["STUDENT", "CLASS", "COMPUTERS", "TABLE", "PLACE", "BY_HAND", "SEATED", "SERVER_LINES", "SPEAKS",
           "student_name", "class_name", "computer_name", "place_text", "seated_text", "server_lines"]

#: An unnamed student, by its place on the class list.
STUDENT = N_("Student {number}")
#: An unnamed class, by how many students are on its list.
CLASS = Plural("{n} student", "{n} students", n="n")
#: Each computer player, by its kind (:data:`cardlab.bots.BOTS`).
COMPUTERS = {
    "random": N_("Computer: random"),
    "rule": N_("Computer: rules of thumb"),
    "search": N_("Computer: search"),
}


def student_name(name: str, number: int) -> str:
    """A student as the pages show them: the name the teacher gave, or 'Student 3'."""
    return name or translate(STUDENT).format(number=number)


def class_name(name: str, students: int) -> str:
    """A class as the pages show it: the name the teacher gave, or '12 students'."""
    return name or fill(CLASS, n=students)


def computer_name(kind: str) -> str:
    """A computer player's seat as the pages show it: 'Computer: rules of thumb'."""
    return translate(COMPUTERS[kind])


#: A class's table, by its number on the slips (the class's name apart, where a page
#: shows it on its own line).
TABLE = N_("Table {table}")
#: A class's table with its class, on one line.
PLACE = N_("Table {table} · {name}")
#: A room the teacher made by hand, numbered among such rooms.
BY_HAND = N_("Room {number}")
#: A student's seat in the teacher's list of rooms: who sits there, and whether their page is open.
SEATED = {
    True: N_("{seat}: {student}, connected"),
    False: N_("{seat}: {student}, not connected"),
}


def place_text(place: Any) -> str:
    """A room's place (:class:`cardlab.rooms.RoomPlace`) in words: 'Table 2 · 7b', 'Table 2'
    for a class the teacher left unnamed ('Table 2 · 12 students' would read as twelve at
    the table), or 'Room 1' for a room made by hand."""
    if not place.in_class:
        return translate(BY_HAND).format(number=place.number)
    if not place.class_name:
        return translate(TABLE).format(table=place.number)
    return translate(PLACE).format(table=place.number, name=place.class_name)


def seated_text(seat: str, student: str, connected: bool) -> str:
    """A student at a seat, connected or not: 'South: Ana, connected'.

    >>> seated_text("North", "Student 4", False)
    'North: Student 4, not connected'
    """
    return translate(SEATED[bool(connected)]).format(seat=seat, student=student)


#: What the classroom server prints when it starts (``cardlab-classroom``), one line each.
SERVER_LINES = (
    N_("Classroom store: {path}"),
    N_("Teacher's page (keep this link to yourself): {url}"),
    N_("Students start at {url} and type the code on their slip."),
    N_("On the teacher's page, seat a class and print the slips: one code per student."),
)
#: The server's line on its pages' language, when the command chose one (``--lang``).
SPEAKS = N_("The pages speak {language} unless a link asks for another language.")


def server_lines(path: str, teacher_url: str, students_url: str, *, speaks: str = "") -> list[str]:
    """The server's opening lines in the current language (see :data:`SERVER_LINES`); with
    ``speaks`` (a language's own name), the line that says the pages' language.

    >>> print(*server_lines("/srv/class.db", "http://pc:8866/teacher?key=K", "http://pc:8866/"), sep="\\n")
    Classroom store: /srv/class.db
    Teacher's page (keep this link to yourself): http://pc:8866/teacher?key=K
    Students start at http://pc:8866/ and type the code on their slip.
    On the teacher's page, seat a class and print the slips: one code per student.
    """
    store, teacher, students, then = (translate(line) for line in SERVER_LINES)
    lines = [store.format(path=path), teacher.format(url=teacher_url), students.format(url=students_url), then]
    return lines + [translate(SPEAKS).format(language=speaks)] if speaks else lines
