"""The classroom's first page: open the link your teacher gave you, or type your join code.

A student who has a slip (:func:`cardlab.widgets.classroom.class_sheet_html`) scans its
square, which opens the join page, or types the code printed under it here. The code is
read case-insensitively, with or without its dash; a right one replaces the form with
the student's table, on this page, and (where the server says where a seat's own page
is: ``own_link``) puts the student's own join link in the page's address, so that a
reload opens their table again instead of the form. Wrong codes are limited by the store (per page and
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
import json
import uuid
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from cardlab.rooms import AccessRefused, CodeRefused, RoomStore, join_by_code, open_store, parse_code
from cardlab.sessions.clock import current_clock, using
from cardlab.widgets.join import room_table
from cardlab.widgets.style import fill_tooltips, page_heading_html, style_tag
from cardlab.words import LANGUAGE_NAMES, LANGUAGES, N_, check_language, language, translate as _
from cardlab.words.table import notice_text

__all__ = ["LANDING_HEADING", "LANDING_WORDS", "LandingPage", "landing_page"]

#: The page's heading (its ``<h1>``).
LANDING_HEADING = N_("Card games classroom")
#: What the page says above the code form, one paragraph each.
LANDING_WORDS = (
    N_("To sit down at your table, open the link your teacher gave you (on paper, in a message or on the "
       "board), or scan the square on your slip. Each link opens one seat at one table, so use your own."),
    N_("No link yet? Ask your teacher for one."),
    N_("Or type the code on your slip here (capitals or not, with or without the dash):"),
)

class LandingPage(W.VBox):
    """The landing page's widget: a plain welcome and the code form (then the student's table).

    ``store`` is the classroom store, or a function that opens it (called on the first
    code typed, so a page nobody types on opens nothing); ``client`` names this page for
    the limit on wrong codes (a new name per page by default). ``lang`` is the page's
    language (the slip's link carries the class's: ``/?lang=pl``; None: the default); the
    student may switch it with the page's picker. The table a code opens speaks the page's
    language when the link or the student chose one, else the room's (the class's).
    ``own_link(room, seat, token, lang)``: the address of a seat's own page (its join link,
    relative to this page's); once a code opened a seat, the page's address becomes it
    (``history.replaceState``: nothing is loaded), so a reload comes back to the seat.
    Only this student's page gets it, and only after their code was right.
    """

    def __init__(self, store: RoomStore | Callable[[], RoomStore] | None = None, *, client: str | None = None,
                 start: bool = True, lang: str | None = None,
                 own_link: Callable[[str, int, str, str], str] | None = None, **kwargs: Any):
        self._store = store
        self._own_link = own_link
        #: The script that puts the seat's own link in the page's address ('' before a code).
        self.address = W.HTML(layout=W.Layout(display="none"))
        self._clock = current_clock()  # the page's: the table a code opens runs its work there
        self.client = client or uuid.uuid4().hex
        self.start = start
        self.table: Any = None
        self.said = ""
        #: The page's language, and whether it was chosen (by the link or the picker).
        self.lang = check_language(lang)
        self.chosen = lang is not None
        self._refused: tuple[str, AccessRefused] | None = None  # the last wrong code and its answer (asked once)
        self._shown: AccessRefused | None = None  # the refusal on screen (said again in a new language)
        self.code = W.Text(placeholder="K7QF-2M9X", continuous_update=False, description="Your code",
                           layout=W.Layout(width="260px"))
        self.join = W.Button(description="Join my table", button_style="success")
        self.picker = W.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=self.lang,
                                 description="Language", layout=W.Layout(width="220px"))
        self.picker.add_class("cl-language")
        self.message = W.HTML()
        self.welcome = W.HTML()
        self.join.on_click(lambda _click: self.submit())
        self.code.observe(lambda change: self.submit() if change["new"].strip() else None, "value")
        self.picker.observe(lambda change: self.set_language(change["new"]) if change["new"] != self.lang else None,
                            "value")
        self._labels()
        super().__init__([self.welcome, self.picker, W.HBox([self.code, self.join]), self.message], **kwargs)
        self.add_class("cl-landing")
        fill_tooltips(self)

    def set_language(self, lang: str) -> None:
        """Say the page in ``lang`` from now on (the picker calls this); the table a code
        opens will speak it too."""
        self.lang, self.chosen = check_language(lang), True
        if self.picker.value != self.lang:
            self.picker.value = self.lang
        self._labels()

    def _labels(self) -> None:
        with language(self.lang):
            text = "".join(f"<p>{html.escape(_(words))}</p>" for words in LANDING_WORDS)
            welcome = html.escape(_("Welcome to the classroom"))
            self.welcome.value = (style_tag() + f"<div lang='{self.lang}'>{page_heading_html(_(LANDING_HEADING))}"
                                  f"<div style='font-size:18px;max-width:640px;line-height:1.5'>"
                                  f"<h2 style='font-size:20px;margin:8px 0'>{welcome}</h2>"
                                  f"{text}</div></div>")
            self.code.description = _("Your code")
            self.join.description = _("Join my table")
            self.picker.description = _("Language")
            if self._shown is not None:
                self._say(self._shown)

    def store(self) -> RoomStore:
        """The classroom store, opened on first need (the page's own, or the one the environment
        names: ``$CARDLAB_DB``, see :func:`cardlab.rooms.open_store`)."""
        if self._store is None:
            self._store = open_store()
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
                self._refused = (code, refused)
            self._say(refused)
            return
        except AccessRefused as refused:
            self._say(refused)
            return
        with using(self._clock):  # a click's thread: the table takes the page's clock, not the thread's
            self.table = room_table(session, lang=self.lang if self.chosen else None)
        if self.start:
            self.table.start()
        self.code.value = ""
        self.children = (self.table.widget,)
        if self._own_link is not None:
            request = session.request
            link = self._own_link(request.room, request.seat, request.token, self.lang if self.chosen else "")
            self.address.value = _address_script(link)
            self.children = (self.table.widget, self.address)

    def _say(self, refused: AccessRefused) -> None:
        """A refusal in the page's language (a notice of the words layer, else its message)."""
        self._shown = refused
        with language(self.lang):
            text = (notice_text(refused.notice, refused.values, players=2) if refused.notice is not None
                    else str(refused))
        self.said = text
        self.message.value = f"<div style='font-size:16px;color:#a00'>{html.escape(text)}</div>"


def _address_script(link: str) -> str:
    """An HTML widget's value that replaces the page's address by ``link`` (no load, no new
    history entry): a script in an HTML widget never runs, an image's ``onerror`` does
    (as the tables' own script, :mod:`cardlab.widgets.style`).

    >>> print(_address_script("join?room=r&seat=0&token=T"))
    <img hidden alt='' src='data:,' onerror='history.replaceState(history.state, &quot;&quot;, &quot;join?room=r&amp;seat=0&amp;token=T&quot;)'>
    """
    script = f"history.replaceState(history.state, \"\", {json.dumps(link)})"
    return f"<img hidden alt='' src='data:,' onerror='{html.escape(script, quote=True)}'>"


def landing_page(store: RoomStore | Callable[[], RoomStore] | None = None, *, client: str | None = None,
                 start: bool = True, lang: str | None = None,
                 own_link: Callable[[str, int, str, str], str] | None = None) -> LandingPage:
    """The classroom's first page as a widget: a plain "open the link your teacher gave you"
    and a form for the join code on the student's slip (see :class:`LandingPage`), in
    ``lang`` (None: the default language).

    >>> page = landing_page(start=False, lang="pl")
    >>> page.join.description, page.picker.value
    ('Dołącz do mojego stołu', 'pl')
    """
    return LandingPage(store, client=client, start=start, lang=lang, own_link=own_link)
