"""A student's drills in the classroom (issue 36): the class's drill set beside the table.

When the teacher gives a class a drill set (:func:`cardlab.rooms.drills.assign_drills`),
each of its students' pages offers a *Practice the rules* button beside the table
(:class:`PracticeBar`, put there by :func:`cardlab.widgets.join.room_table`): it shows
the drill (:class:`cardlab.widgets.Drill`, the kinds the teacher chose) in place of the
table, and *Back to my table* brings the table back; the game goes on meanwhile. Every
answer the drill grades is kept in the store as one row of the lesson's data
(:class:`ClassPractice`: the student, kind, rule, right or wrong, seconds), which the
teacher's page counts. A page never writes another seat's answers: the store finds the
student from the page's own seat.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, assign_drills, seat_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> class_id = seat_class(store, ["Ana", "Ben"], "fight_for_the_lead", 2, seed=1)
>>> slip = store.slips(class_id)[0]
>>> bar = PracticeBar(store, slip.room, slip.seat, lang="en", rows=[])
>>> bar.widget.layout.display                      # no drills yet: no button
'none'
>>> _ = assign_drills(store, class_id, kinds=["lead_winner"])
>>> bar.poll(now=bar.clock() + DRILL_SECONDS), bar.button.description, bar.widget.layout.display
(True, 'Practice the rules', None)

An answer the drill graded (a :class:`cardlab.drills.Answer`) becomes a row of the store:

>>> from types import SimpleNamespace as Answer
>>> keep_answer(store, slip.room, slip.seat, Answer(kind="lead_winner", rule="FL-4", seed=4, correct=True, seconds=3.5))
>>> [(a.number, a.rule, a.correct, a.seconds) for a in store.answers(class_id)]
[(1, 'FL-4', True, 3.5)]
"""

from __future__ import annotations

import html
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from cardlab.rooms import AccessRefused, JoinRequest, RoomStore, seat_drills
from cardlab.widgets.style import fill_tooltips, page_heading_html
from cardlab.words import N_, check_language, language, translate as _

__all__ = ["PRACTICE_HEADING", "DRILL_SECONDS", "ClassPractice", "PracticeBar", "drill_class", "keep_answer",
           "practice_page"]

#: The practice's heading, on its own page and on the button that opens it beside the table
#: (the words of the drill widget's own heading: the button says what the drill is called).
PRACTICE_HEADING = N_("Practice the rules")
#: Seconds between two looks at the class's drill set (a set the teacher gives or takes
#: away shows on an open page within this).
DRILL_SECONDS = 2.0


def drill_class() -> type:
    """The drill widget (:class:`cardlab.widgets.drill.Drill`), imported on first need: a page
    whose student never practises does not load it."""
    from cardlab.widgets.drill import Drill

    return Drill


def keep_answer(store: RoomStore, room: str, seat: int, answer: Any) -> None:
    """Keep one graded answer (a :class:`cardlab.drills.Answer`: kind, rule, seed, right or
    wrong, seconds) of the student at ``seat`` of ``room`` as a row of the lesson's data."""
    store.add_answer(room, seat, kind=answer.kind, rule=answer.rule, seed=answer.seed, correct=answer.correct,
                     seconds=answer.seconds)


class ClassPractice:
    """The drill of the class's set for the student at ``seat`` of ``room``, each answer
    kept in ``store`` (:meth:`~cardlab.rooms.store.SQLiteStore.add_answer`). ``kinds``
    defaults to the class's drill set now; ``seed`` (None: a fresh one, so a reload gives
    new exercises) fixes the exercises; ``lang`` is the drill's language."""

    def __init__(self, store: RoomStore, room: str, seat: int, *, kinds: Sequence[str] | None = None,
                 seed: int | None = None, lang: str | None = None):
        self.store, self.room, self.seat = store, room, seat
        self.kinds = tuple(kinds) if kinds is not None else seat_drills(store, room, seat)
        if not self.kinds:
            raise AccessRefused.said("no_drills")
        self.drill = drill_class()(kinds=list(self.kinds), seed=secrets.randbits(31) if seed is None else seed,
                                   lang=lang, on_answer=self._keep)
        self.widget = self.drill.widget

    def _keep(self, answer: Any) -> None:
        keep_answer(self.store, self.room, self.seat, answer)

    def drill_answer(self, given: int) -> Any:
        """Answer the exercise on screen with ``given`` (an option's index, or a number), as a
        click does; returns the drill's record of it."""
        if getattr(self.drill, "verdict", None) is not None:  # a wrong answer's verdict waits for "Next question"
            self.drill.next()
        before = len(self.drill.answers)
        if self.drill.exercise.options:
            self.drill.option_buttons[given].click()
        else:
            self.drill.check(given)
        return self.drill.answers[before]

    def set_language(self, lang: str) -> None:
        self.drill.set_language(lang)


class PracticeBar:
    """The *Practice the rules* button beside a student's table, and the drill it opens in
    the table's place (see the module). ``rows`` are the table's rows the drill replaces
    while it is open; the bar shows only while the class has a drill set."""

    def __init__(self, store: RoomStore, room: str, seat: int, *, lang: str, rows: Sequence[W.Widget],
                 clock: Callable[[], float] = time.monotonic):
        self.store, self.room, self.seat = store, room, seat
        self.lang = check_language(lang)
        self.rows = tuple(rows)
        self.clock = clock
        self.kinds: tuple[str, ...] = seat_drills(store, room, seat)
        self.practice: ClassPractice | None = None
        self.open = False
        self._looked = clock()
        self.button = W.Button(icon="graduation-cap", button_style="info", layout=W.Layout(width="auto"))
        self.button.add_class("cl-practise")
        self.button.on_click(lambda _click: self.toggle())
        self.box = W.VBox(layout=W.Layout(display="none"))
        self.box.add_class("cl-practice")
        self.widget = W.HBox([self.button], layout=W.Layout(margin="2px 0 6px 0"))
        self._labels()
        self._show()
        fill_tooltips(self.widget)
        fill_tooltips(self.box)

    def _labels(self) -> None:
        with language(self.lang):
            self.button.description = _("Back to my table") if self.open else _(PRACTICE_HEADING)
            self.button.tooltip = (_("The game waits for you at your table") if self.open else
                                   _("Drills your teacher chose: answer, and see why"))

    def _show(self) -> None:
        self.widget.layout.display = None if self.kinds else "none"

    def toggle(self) -> None:
        """Open the drill in the table's place, or go back to the table."""
        if not self.open and not self.kinds:
            return  # the set was taken away (a forged click): nothing to open
        self.open = not self.open
        if self.open and (self.practice is None or self.practice.kinds != self.kinds):
            self.practice = ClassPractice(self.store, self.room, self.seat, kinds=self.kinds, lang=self.lang)
            self.box.children = (self.practice.widget,)
        for row in self.rows:
            row.layout.display = "none" if self.open else None
        self.box.layout.display = None if self.open else "none"
        self._labels()

    def set_language(self, lang: str) -> None:
        """Say the button, and the drill if open, in ``lang`` (the table's picker calls this)."""
        self.lang = check_language(lang)
        self._labels()
        if self.practice is not None:
            self.practice.set_language(self.lang)

    def poll(self, *, now: float | None = None) -> bool:
        """Look at the class's drill set again (every :data:`DRILL_SECONDS`); True if the page changed."""
        now = self.clock() if now is None else now
        if now - self._looked < DRILL_SECONDS:
            return False
        self._looked = now
        kinds = seat_drills(self.store, self.room, self.seat)
        if kinds == self.kinds:
            return False
        self.kinds = kinds
        if self.open and not kinds:
            self.toggle()  # the teacher took the drills away: back to the table
        self._show()
        return True


def practice_page(store: RoomStore, query: str, *, lang: str | None = None) -> W.Widget:
    """The practice alone, for a page of its own (``/drill?room=…&seat=…&token=…``, the seat's
    join link's query): the class's drill under the page's heading, or a plain refusal; in
    ``lang``, else the link's language, else the class's. The link's token is checked; the
    seat is not taken (the student's table keeps it)."""
    said_in = lang
    try:
        request = JoinRequest.parse(query)
        if not store.check_token(request.room, request.seat, request.token):
            raise AccessRefused.said("link_refused")
        said_in = lang or request.lang or store.switches(request.room).lang or None
        practice = ClassPractice(store, request.room, request.seat, lang=said_in)
    except AccessRefused as refused:
        from cardlab.words.table import notice_text

        with language(said_in):
            text = notice_text(refused.notice, refused.values, players=2) if refused.notice else str(refused)
            return W.HTML(f"<div style='padding:24px;max-width:640px'>{page_heading_html(_(PRACTICE_HEADING))}"
                          f"<p style='font-size:18px'>{html.escape(text)}</p></div>")
    heading = W.HTML()

    def say(lang: str) -> None:
        with language(lang):
            heading.value = page_heading_html(_(PRACTICE_HEADING))

    drill = practice.drill
    said_in = drill.set_language

    def set_language(lang: str) -> None:  # the drill's own picker: the heading follows
        said_in(lang)
        say(drill.lang)

    drill.set_language = set_language
    say(drill.lang)
    return W.VBox([heading, practice.widget])
