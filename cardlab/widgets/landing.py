"""The classroom's first page: open the link your teacher gave you, or type your join code.

A student who has a slip (:func:`cardlab.widgets.classroom.class_sheet_html`) scans its
square, which opens the join page, or types the code printed under it here. The code is
read case-insensitively, with or without its dash; a right one replaces the form with
the student's table, on this page. Wrong codes are limited by the store (per page and
for the whole classroom, so reloading the page does not reset the count) and refused in
plain words; a typing mistake (not eight letters and digits) costs no guess. Nothing of
any seat is in the page before a right code: the form holds only what the student typed.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, seat_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> class_id = seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=1)
>>> page = landing_page(store, start=False)
>>> page.code.value = "nope-nope"
>>> page.join.click()
>>> page.said
'No seat has that code. Check it on your slip and type it again.'
>>> page.code.value = store.slips(class_id)[0].code.lower()
>>> page.join.click()
>>> page.table.seat == store.slips(class_id)[0].seat, page.children == (page.table.widget,)
(True, True)
"""

from __future__ import annotations

import html
import os
import uuid
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from cardlab.rooms import AccessRefused, CodeRefused, RoomStore, SQLiteStore, join_by_code, parse_code
from cardlab.widgets.join import room_table
from cardlab.widgets.style import fill_tooltips, style_tag

__all__ = ["LANDING_WORDS", "LandingPage", "landing_page"]

#: What the page says above the code form, one paragraph each.
LANDING_WORDS = (
    "To sit down at your table, open the link your teacher gave you (on paper, in a message or on the "
    "board), or scan the square on your slip. Each link opens one seat at one table, so use your own.",
    "No link yet? Ask your teacher for one.",
    "Or type the code on your slip here (capitals or not, with or without the dash):",
)

#: Where the classroom store is found when none is given (the variable cardlab.app sets).
_DB_VARIABLE = "CARDLAB_CLASSROOM_DB"


class LandingPage(W.VBox):
    """The landing page's widget: a plain welcome and the code form (then the student's table).

    ``store`` is the classroom store, or a function that opens it (called on the first
    code typed, so a page nobody types on opens nothing); ``client`` names this page for
    the limit on wrong codes (a new name per page by default).
    """

    def __init__(self, store: RoomStore | Callable[[], RoomStore] | None = None, *, client: str | None = None,
                 start: bool = True, **kwargs: Any):
        self._store = store
        self.client = client or uuid.uuid4().hex
        self.start = start
        self.table: Any = None
        self.said = ""
        self._refused: tuple[str, str] | None = None  # the last wrong code and its answer (asked once)
        self.code = W.Text(placeholder="K7QF-2M9X", continuous_update=False, description="Your code",
                           layout=W.Layout(width="260px"))
        self.join = W.Button(description="Join my table", button_style="success")
        self.message = W.HTML()
        self.join.on_click(lambda _: self.submit())
        self.code.observe(lambda change: self.submit() if change["new"].strip() else None, "value")
        text = "".join(f"<p>{html.escape(words)}</p>" for words in LANDING_WORDS)
        welcome = W.HTML(style_tag() + "<div style='font-size:18px;max-width:640px;line-height:1.5'>"
                         f"<h2>Welcome to the classroom</h2>{text}</div>")
        super().__init__([welcome, W.HBox([self.code, self.join]), self.message], **kwargs)
        self.add_class("cl-landing")
        fill_tooltips(self)

    def store(self) -> RoomStore:
        """The classroom store, opened on first need (the page's own, or ``$CARDLAB_CLASSROOM_DB``)."""
        if self._store is None:
            self._store = SQLiteStore(os.environ.get(_DB_VARIABLE) or "classroom.db")
        elif callable(self._store):
            self._store = self._store()
        return self._store  # type: ignore[return-value]

    def submit(self) -> None:
        """Try the typed code: the student's table on success, else a plain refusal."""
        if self.table is not None:
            return
        typed = self.code.value
        code = parse_code(typed)
        if code is not None and self._refused is not None and self._refused[0] == code:
            self._say(self._refused[1])  # the same wrong code again (Enter, then the button): no new guess
            return
        try:
            session = join_by_code(self.store(), typed, client=self.client)
        except CodeRefused as refused:
            if code is not None:
                self._refused = (code, str(refused))
            self._say(str(refused))
            return
        except AccessRefused as refused:
            self._say(str(refused))
            return
        self.table = room_table(session)
        if self.start:
            self.table.start()
        self.code.value = ""
        self.children = (self.table.widget,)

    def _say(self, text: str) -> None:
        self.said = text
        self.message.value = f"<div style='font-size:16px;color:#a00'>{html.escape(text)}</div>"


def landing_page(store: RoomStore | Callable[[], RoomStore] | None = None, *, client: str | None = None,
                 start: bool = True) -> LandingPage:
    """The classroom's first page as a widget: a plain "open the link your teacher gave you"
    and a form for the join code on the student's slip (see :class:`LandingPage`)."""
    return LandingPage(store, client=client, start=start)
