"""The classroom's people in words: a student or a class the teacher left unnamed is stored
without a name (a student with its number on the class list), and a computer's seat as
its kind; they are named here, when shown, in the page's language.

>>> from cardlab.words import language
>>> student_name("Ana", 1), student_name("", 3), class_name("", 12), computer_name("rule")
('Ana', 'Student 3', '12 students', 'Computer: rules of thumb')
>>> with language("pl"):
...     student_name("", 3), class_name("", 12), class_name("Klasa 7b", 12)
('Uczeń 3', '12 uczniów', 'Klasa 7b')
"""

from __future__ import annotations

from cardlab.words import N_, Plural, fill, translate

__all__ = ["STUDENT", "CLASS", "COMPUTERS", "student_name", "class_name", "computer_name"]

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
