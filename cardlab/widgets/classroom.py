"""The teacher's dashboard for classroom rooms: create rooms, hand out links, watch every table.

Only the teacher's page builds this (the classroom app checks the teacher's key first);
it is the one place where every card of a room may be shown, and only on request.
A student's page is :mod:`cardlab.widgets.join`, which renders one seat's observation.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> board = TeacherDashboard(store, base_url="http://teacher-pc:8866/voila/render/")
>>> room = board.create_room("kontrabluff", seats=[None, "rule"], seed=4)
>>> board.links(room)[0].startswith("http://teacher-pc:8866/voila/render/join.ipynb?room=")
True
>>> "Kontrabluff" in board.rooms_html()
True

A whole class at once: paste the list, pick the game and the table size, and print the
sheet (one slip per student, with the join code and its QR code):

>>> class_id = board.seat_class(["Ana", "Ben", "Cy"], "kontrabluff", 2, seed=1)
>>> sheet = board.sheet_html(class_id)
>>> sheet.count('class="cl-slip"'), sheet.count("<svg")
(3, 3)
"""

from __future__ import annotations

import base64
import datetime as _dt
import html
import secrets
import time
import urllib.parse
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from cardlab.games import by_game
from cardlab.widgets.view import cards_html
from cardlab.rooms import (GAME_CLASSES, TABLE_SIZES, Room, RoomStore, Switches, room_place, room_places, seat_class,
                           to_act)
from cardlab.rooms.seating import MAX_NAME, MAX_STUDENTS
from cardlab.widgets.class_drills import ClassDrills
from cardlab.widgets.slips import PRINT_SLIPS, SLIPS_ROUTE, class_sheet_html, slips_link_html, slips_page_html
from cardlab.widgets.style import fill_tooltips, page_heading_html, style_tag
from cardlab.words import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    Plural,
    check_language,
    default_language,
    language,
    message,
    names_text,
    number_text,
    seat_names,
    translate as _,
)
from cardlab.words.classroom import BY_HAND, COMPUTERS, TABLE, class_name, place_text, seated_text, student_name
from cardlab.words.seats import zone_title

__all__ = ["TeacherDashboard", "GAME_TITLES", "SEAT_KINDS", "TEACHER_HEADING", "SLIPS_ROUTE", "class_sheet_html",
           "slips_page_html", "join_link", "landing_address"]

#: The teacher's page's heading (its ``<h1>``), and what it says below it, one paragraph each
#: (``{command}``: the server's command, written as code).
TEACHER_HEADING = N_("The classroom: the teacher's page")
_INTRO = {
    # the students' address known (the page is served): where they go and what they type
    "served": N_("Seat a class below and print the slips: each student opens {address} and types the code on their "
                 "slip (or scans its square)."),
    # the dashboard in the teacher's own notebook: the students' pages need the classroom server
    "notebook": N_("Seat a class below and print the slips: each student opens the classroom server's first page "
                   "(start the server with {command}) and types the code on their slip (or scans its square)."),
    "watch": N_("Then watch every table here: who is connected, the scores or chips, whose turn it is. Open one "
                "table to see all its cards (on your screen only), pause or end it, or download its game to replay "
                "it on the projector."),
}
#: Games in plain words, and how many players each takes.
GAME_TITLES = by_game(lambda entry: entry.title)
PLAYERS = TABLE_SIZES

#: Who sits in a seat: a student (gets a link) or one of the computer players (each label
#: a message, said in the dashboard's language).
SEAT_KINDS: tuple[tuple[str, str], ...] = (
    (N_("Student"), "student"),
    *((label, kind) for kind, label in COMPUTERS.items()),  # 'Computer: random' ... (cardlab.words.classroom)
)
#: A seat in the list of rooms, one whole phrase per kind of occupant.
_SEAT_WORDS = {
    "connected": N_("{seat}: student, connected"),
    "away": N_("{seat}: student, not connected"),
    "random": N_("{seat}: computer, plays at random"),
    "rule": N_("{seat}: computer, rules of thumb"),
    "search": N_("{seat}: computer, searches ahead"),
    "computer": N_("{seat}: computer"),
}
#: What a room is doing when nobody is to play.
_NOW_WORDS = {"paused": N_("Paused"), "ended": N_("Ended by the teacher"), "finished": N_("Finished")}
#: The seats still to choose (a plural: in Polish or Ukrainian the verb may follow their number).
_TO_PLAY = Plural("{seats} to play", "{seats} to play", n="n")
_ROOM_COLUMNS = (N_("Table"), N_("Game"), N_("Seats"), N_("Scores or chips"), N_("Now"), N_("Last move"))
#: A class's heading row in the list of rooms: its name and how many of its students have their page open.
_CLASS_ROW = Plural("{name}: {connected} of {n} student connected", "{name}: {connected} of {n} students connected",
                    n="n")
#: The list of rooms, empty.
_NO_ROOMS = N_("No rooms yet: seat a class below (or create a room by hand), and its tables show here.")
#: The heading row of the rooms the teacher made by hand.
_BY_HAND_ROW = N_("Rooms made by hand")
#: A room in the teacher's room picker: its class, table and game (or its number among the rooms made by hand).
_PICK_CLASS_ROOM = N_("{name} · Table {table} · {game}")
_PICK_HAND_ROOM = N_("Room {number} · {game}")
#: What a room is doing now, said beside its Pause and Resume buttons (a live region: a screen reader hears it change).
_ROOM_STATE = {
    "open": N_("This table is playing."),
    "paused": N_("This table is paused: its students wait until you resume it."),
    "ended": N_("This table has ended."),
}


def _ago(moment: float | None) -> str:
    """How long ago a room's last move was, in the current language."""
    if moment is None:
        return _("no move yet")
    seconds = max(0, int(time.time() - moment))
    if seconds < 60:
        return _("{seconds} s ago").format(seconds=seconds)
    if seconds < 3600:
        return _("{minutes} min ago").format(minutes=seconds // 60)
    return _dt.datetime.fromtimestamp(moment).strftime("%H:%M")


def _html(template: str | Plural, count: int = 1, **fields: Any) -> str:
    """A message in the current language as HTML: its words escaped, then its fields put in
    as given (markup such as a link's ``<a …>``; escape a plain value before passing it).
    A :class:`Plural` takes its form from ``count``."""
    return html.escape(message(template, count)).format_map(fields)


def _tag(tag: str, text: str) -> str:
    """``text`` (plain words) in an HTML element: ``<b>…</b>``."""
    return f"<{tag}>{html.escape(text)}</{tag}>"


def _points(value: float) -> str:
    """A score or a stack as the current language writes it (decimals only where it has some)."""
    value = float(value)
    return number_text(value, 0 if value.is_integer() else 1 if (value * 10).is_integer() else 2)


def join_link(base_url: str, join_page: str, room: str, seat: int, token: str, lang: str = "") -> str:
    """A seat's join link: the join page under ``base_url`` with the room, seat and token
    (and the page's language, where one was chosen).

    >>> join_link("http://pc:8866/", "join", "r1", 0, "T", "pl")
    'http://pc:8866/join?room=r1&seat=0&token=T&lang=pl'
    """
    return f"{base_url}{join_page}?room={room}&seat={seat}&token={token}" + (f"&lang={lang}" if lang else "")


def landing_address(base_url: str) -> str:
    """The classroom's first page (the server's root) for pages served under ``base_url``
    ('' when the address is not known: the teacher's own notebook). A server behind a proxy
    under a path (``--public-url``) keeps its path; Voilà's render path is not the root.

    >>> landing_address("http://pc:8866/voila/render/"), landing_address("")
    ('http://pc:8866/', '')
    >>> landing_address("https://school.example/cardlab/")
    'https://school.example/cardlab/'
    """
    parts = urllib.parse.urlsplit(base_url)
    root = parts.path.split("/voila/")[0].rstrip("/") + "/"
    return f"{parts.scheme}://{parts.netloc}{root}" if parts.netloc else ""


class TeacherDashboard:
    """Every room of the classroom store, with the teacher's controls.

    ``base_url`` is where the join page is served (e.g. ``http://HOST:8866/voila/render/``);
    the links are ``base_url + join_page + ?room=…&seat=…&token=…``. ``lang`` is the
    dashboard's own language (None: :func:`cardlab.words.default_language`); the teacher
    may switch it with the page's picker. The class's and the room's language pickers
    choose what the students' pages, links and slips speak; they start at the page's
    language (the one its link asked for, or the server's default). ``slips_url`` is the
    classroom server's page of a class's slips (``/slips``, see :func:`slips_page_html`);
    without it the slips open in a new tab from the dashboard itself.

    >>> import tempfile, os
    >>> from cardlab.rooms import SQLiteStore
    >>> board = TeacherDashboard(SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db")), lang="sv")
    >>> board._create.description, board._room_lang.value
    ('Skapa rum', 'sv')
    >>> board.set_language("en")
    >>> board._create.description
    'Create room'
    """

    def __init__(self, store: RoomStore, *, base_url: str = "", join_page: str = "join.ipynb", poll: float = 1.0,
                 lang: str | None = None, slips_url: str | None = None):
        self.store = store
        self.base_url = base_url
        self.join_page = join_page
        self.poll = poll
        #: Where the classroom server serves a class's slips as a page that prints
        #: (:data:`SLIPS_ROUTE`, :func:`slips_page_html`); None: the page is made here and
        #: opened in a new tab by the browser (the teacher's own notebook).
        self.slips_url = slips_url
        self._sheets: dict[tuple[str, str], str] = {}  # (class, its switches) -> its slips' link, made once
        self._opening = True  # the first drawing: what can wait a second waits (see _print_html)
        #: The dashboard's language (what the teacher reads; not the students' pages').
        self.lang = check_language(lang)
        self._rooms: dict[str, Room] = {}
        self._task: Any = None  # the next timed redraw (a clock's handle)
        # what each message line says, as (template, count, fields): said again in a new language
        self._said: dict[int, tuple[str | Plural, int, dict[str, Any]]] = {}
        self._relabelling = False  # new labels on the same choices: no observer acts on them
        self._build()
        self.refresh()

    # -- what the teacher does ------------------------------------------------------------
    def create_room(self, game: str, *, seats: Sequence[str | None], seed: int | None = None,
                    settings: dict[str, Any] | None = None, lang: str | None = None) -> str:
        """A new room: ``seats[i]`` None for a student, or a computer player's name; ``lang``
        the language its pages open in (None: the server's default), which its links carry."""
        if game not in GAME_CLASSES:
            raise ValueError(f"game must be one of {', '.join(GAME_CLASSES)}, got {game!r}")
        low, high = PLAYERS[game]
        if not low <= len(seats) <= high:
            raise ValueError(f"{GAME_TITLES[game]} is for {low} to {high} players, got {len(seats)} seats")
        settings = dict(settings or {})
        if "players" in {f for f in GAME_CLASSES[game].__dataclass_fields__}:
            settings["players"] = len(seats)
        settings = GAME_CLASSES[game](**settings).settings()  # checked by the game; stored in full
        seed = secrets.randbits(40) if seed is None else seed
        room = self.store.create_room(game, settings, seed=seed, seats=list(seats))
        if lang is not None:
            self.store.set_switches(room, Switches(lang=check_language(lang)))
        self.refresh()
        self._pick.value = room
        return room

    def seat_class(self, students: str | int | Sequence[str], game: str, table_size: int, *, seed: int | None = None,
                   order: str = "random", bot: str = "rule", switches: Switches = Switches()) -> str:
        """Seat a whole class (see :func:`cardlab.rooms.seat_class`); returns the class's id."""
        class_id = seat_class(self.store, students, game, table_size, seed=seed, order=order, bot=bot, switches=switches)
        self.refresh()
        self._class_pick.value = class_id
        return class_id

    def set_language(self, lang: str) -> None:
        """Say the dashboard in ``lang`` from now on (its picker calls this). The students'
        language stays as chosen: the teacher may read the page in one language and seat
        a class in another."""
        self.lang = check_language(lang)
        if self._page_lang.value != self.lang:
            self._page_lang.value = self.lang
        self._labels()
        self.refresh()

    @property
    def landing_url(self) -> str:
        """The classroom's first page, where a student types a code (the server's root)."""
        return landing_address(self.base_url)

    def sheet_html(self, class_id: str) -> str:
        """The class's printable sheet: one slip per student (see :func:`class_sheet_html`)."""
        return class_sheet_html(self.store, class_id, link=self._link, landing_url=self.landing_url)

    def _link(self, room: str, seat: int, token: str, lang: str = "") -> str:
        return join_link(self.base_url, self.join_page, room, seat, token, lang)

    def links(self, room: str) -> dict[int, str]:
        """Each student seat's join link (hand each to one student only), with the room's
        language (``&lang=pl``) where the teacher chose one."""
        lang = self.store.switches(room).lang
        return {seat: self._link(room, seat, token, lang) for seat, token in self.store.tokens(room).items()}

    def history_json(self, room: str) -> str:
        """The room's game as the JSON that ``state_from_json`` (and a table's replay) reads."""
        return self._room(room).state.to_json()

    # -- the page -------------------------------------------------------------------------
    def _room(self, room_id: str) -> Room:
        room = self._rooms.get(room_id)
        if room is None:
            room = self._rooms[room_id] = Room(self.store, room_id)
        else:
            room.refresh()
        return room

    def rooms_html(self) -> str:
        """Every room in one table: game, seats and who is connected, scores, turn, last move
        (in the dashboard's language)."""
        with language(self.lang):
            return self._rooms_html()

    def _students(self) -> dict[tuple[str, int], str]:
        """Each class seat's student, in words ('Ana', or 'Student 3' where unnamed)."""
        return {(slip.room, slip.seat): student_name(slip.student, slip.number)
                for info in self.store.classes() for slip in self.store.slips(info.id)}

    def _rooms_html(self) -> str:
        places = room_places(self.store)
        students = self._students()
        classes = {info.id: info for info in self.store.classes()}
        groups: dict[str | None, list[str]] = {}
        connected: dict[str | None, int] = {}
        for info in self.store.rooms():
            place = places[info.id]
            room = self._room(info.id)
            state = room.state
            names = seat_names(room.game.num_players)
            seats = []
            for seat in self.store.seats(info.id):
                student = students.get((info.id, seat.seat))
                if seat.bot is not None:
                    kind = seat.bot if seat.bot in _SEAT_WORDS else "computer"
                    said = _(_SEAT_WORDS[kind]).format(seat=names[seat.seat])
                elif student is not None:  # a class's student, by name
                    said = seated_text(names[seat.seat], student, seat.connected)
                    connected[place.class_id] = connected.get(place.class_id, 0) + seat.connected
                else:  # a room made by hand: its seats have no names
                    said = _(_SEAT_WORDS["connected" if seat.connected else "away"]).format(seat=names[seat.seat])
                if seat.bot is None:  # who is here stands out, in words and in colour
                    seats.append(f"<span class='{'cl-here' if seat.connected else 'cl-away'}'>{html.escape(said)}</span>")
                else:
                    seats.append(html.escape(said))
            points = " · ".join(f"{html.escape(names[i])} {_points(p)}" for i, p in enumerate(state.points))
            if info.status != "open":
                now = _(_NOW_WORDS[info.status])
            elif state.is_terminal:
                now = _(_NOW_WORDS["finished"])
            else:
                acting = to_act(state)
                now = message(_TO_PLAY, len(acting)).format(seats=names_text([names[seat] for seat in acting]))
            title = _(GAME_TITLES.get(info.game, info.game))
            where = _(TABLE).format(table=place.number) if place.in_class else _(BY_HAND).format(number=place.number)
            groups.setdefault(place.class_id, []).append(
                f"<tr>{_tag('td', where)}{_tag('td', title)}<td>{'<br>'.join(seats)}</td>"
                f"<td>{points}</td><td>{html.escape(now)}</td><td>{html.escape(_ago(info.last_action_at))}</td></tr>")
        if not groups:
            return f"<p>{_html(_NO_ROOMS)}</p>"
        head = "".join(_tag("th", _(h)) for h in _ROOM_COLUMNS)
        rows = []
        for class_id, group in sorted(groups.items(), key=lambda item: item[0] is None):  # classes, then rooms by hand
            if class_id is None:
                said = _(_BY_HAND_ROW)
            else:
                cls = classes[class_id]
                said = message(_CLASS_ROW, cls.students).format(name=class_name(cls.name, cls.students),
                                                               connected=connected.get(class_id, 0), n=cls.students)
            rows.append(f'<tr class="cl-class-row"><th colspan="{len(_ROOM_COLUMNS)}">{html.escape(said)}</th></tr>')
            rows += group
        return f'<table class="cl-rooms"><tr>{head}</tr>{"".join(rows)}</table>'

    @staticmethod
    def _who(seat: str, student: str | None) -> str:
        """A student seat as its link is listed: 'South: Ana' (a room made by hand: 'South')."""
        return seat if student is None else _("{seat}: {student}").format(seat=seat, student=student)

    def room_html(self, room_id: str, *, all_cards: bool) -> str:
        """One room: its join links and, if asked, every card where it really is."""
        with language(self.lang):
            room = self._room(room_id)
            names = seat_names(room.game.num_players)
            students = self._students()
            links = "".join(
                f"<li>{html.escape(self._who(names[seat], students.get((room_id, seat))))}: "
                f"<code>{html.escape(url)}</code></li>" for seat, url in self.links(room_id).items())
            if not links:
                links = _tag("li", _("No student seats"))
            parts = [_tag("b", _("Join links (one per student):")), f"<ul>{links}</ul>"]
            if all_cards:
                zones = []
                for zone in room.state.zones():
                    title, cards = zone_title(zone, names, room.game.name), zone.cards
                    zones.append(f'<div class="cl-zone"><span class="cl-zone-name">{html.escape(title)} ({len(cards)})'
                                 f"</span>{cards_html(list(cards), size='sm', fan=len(cards) > 8)}</div>")
                parts.append(_tag("b", _("All cards (your screen only):")) + "<br>" + "".join(zones))
            return "".join(parts)

    def refresh(self) -> None:
        """Redraw the rooms and the chosen room from the store."""
        with language(self.lang):
            self._refresh()

    def _refresh(self) -> None:
        places = room_places(self.store)
        classes = {info.id: info for info in self.store.classes()}
        options = []
        for info in self.store.rooms():
            title, place = _(GAME_TITLES.get(info.game, info.game)), places[info.id]
            if place.in_class:
                cls = classes[place.class_id]  # type: ignore[index]
                label = _(_PICK_CLASS_ROOM).format(name=class_name(cls.name, cls.students), table=place.number,
                                                   game=title)
            else:
                label = _(_PICK_HAND_ROOM).format(number=place.number, game=title)
            options.append((label, info.id))
        if options != list(self._pick.options):  # the first room is open until the teacher picks another
            if self._choose(self._pick, options, first=True, quiet=True):
                self._clear(self._download_link)
        self._rooms_view.value = self._rooms_html()
        chosen = self._pick.value
        self._room_view.value = self.room_html(chosen, all_cards=self._all_cards.value) if chosen else ""
        for button in (self._download, self._all_cards, self._save_room_switches):
            button.disabled = chosen is None
        self._show_status(None if chosen is None else self.store.room_status(chosen))
        if chosen is not None and chosen != self._switches_shown:
            self._switches_shown = chosen
            self._room_switches.show(self.store.switches(chosen))
        picks = [(message(Plural("{name} · {game} · {n} table", "{name} · {game} · {n} tables", n="n"), len(info.rooms))
                  .format(name=class_name(info.name, info.students), game=_(GAME_TITLES.get(info.game, info.game)),
                          n=len(info.rooms)), info.id) for info in classes.values()]
        if picks != list(self._class_pick.options):
            self._choose(self._class_pick, picks, first=False, quiet=True)  # a new class: the newest is chosen
        self._apply_class.disabled = self._class_pick.value is None
        self._print.value = self._print_html(self._class_pick.value)
        self._drills.refresh()
        self._opening = False

    def _show_status(self, status: str | None) -> None:
        """Pause, Resume and End as the chosen room's status allows (only what applies is
        enabled), and the status in words beside them (a live region: a screen reader hears
        it change); each button's tooltip says the state too."""
        self._pause.disabled = status != "open"
        self._resume.disabled = status not in ("paused", "ended")
        self._end.disabled = status not in ("open", "paused")
        state = "" if status is None else _(_ROOM_STATE[status])
        self._room_state.value = (f"<span class='cl-room-state' role='status' aria-live='polite'>{html.escape(state)}"
                                  "</span>")
        for button, does in ((self._pause, _("Pause this table: its students wait")),
                             (self._resume, _("Let this table play on")), (self._end, _("End this table's game"))):
            button.tooltip = f"{does}. {state}" if state else does

    def _print_html(self, class_id: str | None) -> str:
        """The chosen class's *Print the slips* link (none before a class is seated). Made
        here (no classroom server to serve it), the page's QR codes take a few hundred
        milliseconds for a class: the page opens without it, and the next redraw (its
        timer's first, a second later) puts it in."""
        if class_id is None:
            return ""
        words = _(PRINT_SLIPS)
        if self.slips_url is not None:  # the classroom server serves the page, and prints it
            query = urllib.parse.urlencode({"class": class_id, "key": self.store.teacher_key(), "print": "1"})
            return slips_link_html(words, url=f"{self.slips_url}?{query}")
        info = next(info for info in self.store.classes() if info.id == class_id)
        key = (class_id, f"{info.switches.lang}|{self.base_url}|{self.lang}")
        if key not in self._sheets and self._opening:
            return ""
        if key not in self._sheets:  # the slips' QR codes: made once a class (and language)
            page = class_sheet_html(self.store, class_id, link=self._link, landing_url=self.landing_url,
                                    print_on_load=True)
            self._sheets[key] = slips_link_html(words, page=page)
        return self._sheets[key]

    def _choose(self, dropdown: W.Dropdown | W.ToggleButtons, options: list[tuple[str, Any]], *, first: bool,
                quiet: bool = False) -> bool:
        """New options for ``dropdown``, keeping its choice if it is still there (ipywidgets
        would choose the first), else the first (``first``) or the last option; whether the
        choice changed. Only a change of choice reaches the dropdown's observers, and not
        even that when ``quiet`` (a redraw that draws the new choice itself)."""
        chosen = dropdown.value
        values = [value for _, value in options]
        self._relabelling = True
        try:
            dropdown.options = options
            dropdown.value = chosen if chosen in values else None
            if quiet and chosen not in values and options:
                dropdown.value = values[0] if first else values[-1]
        finally:
            self._relabelling = False
        if not quiet and chosen not in values and options:
            dropdown.value = values[0] if first else values[-1]
        return dropdown.value != chosen

    def start(self) -> None:
        """Redraw when a room changes (the store tells, :mod:`cardlab.rooms.notify`) and every
        ``poll`` seconds (how long ago each last move was, who is still connected), on the
        page's clock (:mod:`cardlab.sessions.clock`), until :meth:`stop`."""
        from cardlab.sessions.clock import current_clock

        if self._unwatch is not None:
            return
        self._clock = current_clock()
        self._unwatch = self.store.watch(None, lambda _room: self._redraw_soon())
        if self._clock is not None:
            self._task = self._clock.later(self.poll, self._tick)

    def stop(self) -> None:
        """Stop redrawing (the page closed)."""
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _redraw_soon(self) -> None:
        """A room changed (told from any thread): redraw on the page, once for a burst of changes."""
        if self._clock is None:
            self._redraw()
            return
        if not self._redraw_waiting:
            self._redraw_waiting = True
            self._clock.soon(self._redraw)

    def _tick(self) -> None:
        self._redraw()
        if self._unwatch is not None and self._clock is not None:
            self._task = self._clock.later(self.poll, self._tick)

    def _redraw(self) -> None:
        self._redraw_waiting = False
        try:
            self.refresh()
        except Exception as error:  # keep going; say what went wrong
            self._say(self._message, N_("Could not refresh: {error}"), error=html.escape(str(error)))

    _unwatch: Callable[[], None] | None = None
    _clock: Any = None
    _redraw_waiting = False

    # -- message lines ------------------------------------------------------------------------
    def _say(self, widget: W.HTML, template: str | Plural, count: int = 1, **fields: Any) -> None:
        """Put a message on a line of the page, in the dashboard's language (and keep it, to
        say it again when the language changes); fields are HTML (see :func:`_html`), or
        functions that make it in the language at hand (a class's name, a button's word)."""
        self._said[id(widget)] = (template, count, fields)
        with language(self.lang):
            widget.value = _html(template, count, **{name: value() if callable(value) else value
                                                     for name, value in fields.items()})

    def _clear(self, widget: W.HTML) -> None:
        self._said.pop(id(widget), None)
        widget.value = ""

    def _when(self, action: Callable[[], Any]) -> Callable[[Any], None]:
        """An observer that runs ``action`` unless the dashboard is only relabelling its choices."""
        return lambda _change: None if self._relabelling else action()

    # -- widgets ------------------------------------------------------------------------------
    def _build(self) -> None:
        wide = {"description_width": "initial"}  # descriptions as long as their language needs
        self._page_lang = W.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=self.lang,
                                     style=wide, layout=W.Layout(width="auto"))
        self._page_lang.add_class("cl-language")
        self._title = W.HTML(layout=W.Layout(margin="2px 24px 2px 2px"))  # the page's picker a little apart
        self._intro = W.HTML(layout=W.Layout(max_width="900px"))
        self._game = W.Dropdown(options=[(title, name) for name, title in GAME_TITLES.items()], style=wide)
        self._players = W.BoundedIntText(value=2, min=2, max=2, style=wide, layout=W.Layout(width="200px"))
        self._seats = W.VBox()
        self._seed = W.Text(value="", style=wide, layout=W.Layout(width="280px"))
        self._room_lang = _language_picker(self.lang)
        self._create = W.Button(button_style="success", layout=_own_width())
        self._message = W.HTML()
        self._rooms_view = W.HTML()
        self._pick = W.Dropdown(options=[], style=wide, layout=W.Layout(width="420px"))
        self._all_cards = W.ToggleButton(value=False, layout=W.Layout(width="auto"))
        self._pause = W.Button(icon="pause", layout=W.Layout(width="auto"))
        self._resume = W.Button(icon="play", layout=W.Layout(width="auto"))
        self._end = W.Button(button_style="danger", layout=W.Layout(width="auto"))
        self._room_state = W.HTML()
        self._download = W.Button(layout=W.Layout(width="auto"))
        self._download_link = W.HTML()
        self._room_view = W.HTML()
        self._room_switches = _SwitchBox(self.lang)
        self._save_room_switches = W.Button(layout=W.Layout(width="auto"))
        self._switches_shown: str | None = None

        self._class_names = W.Textarea(style=wide, layout=W.Layout(width="380px", height="160px"))
        self._class_count = W.BoundedIntText(value=0, min=0, max=MAX_STUDENTS, style=wide,
                                             layout=W.Layout(width="280px"))
        self._class_game = W.Dropdown(options=[(title, name) for name, title in GAME_TITLES.items()], style=wide)
        self._class_size = W.BoundedIntText(value=2, min=2, max=2, style=wide, layout=W.Layout(width="200px"))
        self._class_order = W.ToggleButtons(options=[("Random seats", "random"), ("In list order", "list")],
                                            value="random")
        self._class_seed = W.Text(value="", style=wide, layout=W.Layout(width="280px"))
        self._class_bot = W.Dropdown(options=[kind for kind in SEAT_KINDS if kind[1] != "student"], value="rule",
                                     style=wide)
        self._class_switches = _SwitchBox(self.lang)
        self._seat = W.Button(button_style="success", layout=_own_width())
        self._class_pick = W.Dropdown(options=[], style=wide, layout=W.Layout(width="460px"))
        self._print = W.HTML()  # the slips' link: a page that prints, in a new tab (see cardlab.widgets.slips)
        self._apply_class = W.Button(layout=W.Layout(width="auto"))
        self._class_message = W.HTML()
        self._drills = ClassDrills(self.store, lang=self.lang)
        self._lesson = W.Button(icon="table", layout=_own_width())
        self._lesson_link = W.HTML()
        # the headings and paragraphs, said by _labels
        self._seat_a_class_head, self._new_room_head, self._all_rooms_head, self._one_room_head, self._lesson_head = (
            W.HTML() for _ in range(5))

        self._page_lang.observe(lambda change: self.set_language(change["new"]) if change["new"] != self.lang else None,
                                "value")
        self._game.observe(self._when(lambda: self._players_changed(reset=True)), "value")
        self._players.observe(lambda _: self._players_changed(), "value")
        self._create.on_click(lambda _: self._guard(self._create_clicked))
        self._pick.observe(self._when(lambda: self._guard(self._picked)), "value")
        self._all_cards.observe(lambda _: self._guard(self.refresh), "value")
        self._pause.on_click(lambda _: self._guard(self._set_status, "paused"))
        self._resume.on_click(lambda _: self._guard(self._set_status, "open"))
        self._end.on_click(lambda _: self._guard(self._set_status, "ended"))
        self._download.on_click(lambda _: self._guard(self._download_clicked))
        self._save_room_switches.on_click(lambda _: self._guard(self._save_room_switches_clicked))
        self._class_game.observe(self._when(self._class_game_changed), "value")
        self._seat.on_click(lambda _: self._guard(self._seat_clicked))
        self._apply_class.on_click(lambda _: self._guard(self._apply_class_clicked))
        self._class_pick.observe(self._when(lambda: self._guard(self.refresh)), "value")
        self._lesson.on_click(lambda _: self._guard(self._lesson_clicked))
        self._players_changed(reset=True)
        self._class_game_changed()

        # the class at its tables first (what a teacher looks at during the lesson), then one
        # table, then seating a class and its drills, a room by hand, and the lesson's data
        tables = W.VBox([self._all_rooms_head, self._rooms_view])
        room = W.VBox([self._one_room_head,
                       W.HBox([self._pick, self._all_cards, self._pause, self._resume, self._end, self._room_state,
                               self._download], layout=W.Layout(align_items="center", flex_flow="row wrap")),
                       W.HBox([self._room_switches.widget, self._save_room_switches]),
                       self._download_link, self._room_view])
        seat_a_class = W.VBox([
            self._seat_a_class_head,
            W.HBox([self._class_names, W.VBox([self._class_count, W.HBox([self._class_game, self._class_size]),
                                               self._class_order, self._class_seed, self._class_bot])]),
            self._class_switches.widget, self._seat, self._class_message,
            W.HBox([self._class_pick, self._print, self._apply_class], layout=W.Layout(align_items="center"))])
        new_room = W.VBox([self._new_room_head, W.HBox([self._game, self._players, self._seed, self._room_lang]),
                           self._seats, self._create, self._message])
        lesson = W.VBox([self._lesson_head, self._lesson, self._lesson_link])
        self.widget = W.VBox([W.HTML(style_tag() + _DASHBOARD_CSS), W.HBox([self._title, self._page_lang],
                                                                            layout=W.Layout(align_items="center")),
                              self._intro, tables, room, seat_a_class, self._drills.widget, new_room, lesson])
        self.widget.add_class("cl-dashboard")
        self._labels()
        fill_tooltips(self.widget)  # no 'null' tooltips on the widgets made so far

    def _labels(self) -> None:
        """Say every fixed word of the page in the dashboard's language: descriptions,
        placeholders, tooltips, options, headings, and the message lines shown."""
        with language(self.lang):
            self._title.value = f"<div lang='{self.lang}'>{page_heading_html(_(TEACHER_HEADING))}</div>"
            first = (_html(_INTRO["served"], address=_tag("b", self.landing_url)) if self.landing_url
                     else _html(_INTRO["notebook"], command="<code>cardlab-classroom</code>"))
            self._intro.value = (f"<div lang='{self.lang}' style='line-height:1.45'><p>{first}</p>"
                                 f"<p>{_html(_INTRO['watch'])}</p></div>")
            self._page_lang.description = _("Language of this page")
            self._seat_a_class_head.value = (
                _tag("h2", _("Seat a class")) + "<p>" + html.escape(_(
                    "Paste the class list (one name a line) or say how many students; choose the game and the table "
                    "size. Everyone gets a seat and a join code; a short table gets a computer player.")) + "</p>")
            self._new_room_head.value = _tag("h2", _("New room"))
            self._all_rooms_head.value = _tag("h2", _("The class at its tables"))
            self._one_room_head.value = _tag("h2", _("One table"))
            self._lesson_head.value = (
                _tag("h2", _("The lesson as data")) + "<p>"
                + _html(N_("Every decision of every room so far, one row each: room, table, student, game, move, the "
                           "action in words and the result of its round. It opens in a spreadsheet, or in pandas "
                           "with {read_csv}."), read_csv="<code>pandas.read_csv</code>") + "</p>")
            games = [(_(title), name) for name, title in GAME_TITLES.items()]
            self._relabel(self._game, games)
            self._relabel(self._class_game, games)
            self._game.description = self._class_game.description = _("Game")
            self._players.description = _("Players")
            self._seed.description = self._class_seed.description = _("Seed")
            self._seed.placeholder = _("empty: a new deal")
            self._class_seed.placeholder = _("empty: a new seating")
            self._create.description = _("Create room")
            self._pick.description = _("Table")
            self._all_cards.description = _("Show all cards")
            self._pause.description = _("Pause")
            self._resume.description = _("Resume")
            self._end.description = _("End")
            self._download.description = _("Download history")
            self._save_room_switches.description = _("Save the switches for this room")
            self._class_names.description = _("Class list")
            self._class_names.placeholder = _("One name a line")
            self._class_count.description = _("Or how many students")
            self._class_count.tooltip = _("without names: Student 1, Student 2, ...")
            self._class_size.description = _("Table of")
            self._relabel(self._class_order, [(_("Random seats"), "random"), (_("In list order"), "list")])
            self._class_bot.description = _("Short tables")
            self._relabel(self._class_bot, [(_(label), kind) for label, kind in SEAT_KINDS if kind != "student"])
            self._seat.description = _("Seat the class")
            self._class_pick.description = _("Class")
            self._apply_class.description = _("Apply the switches above to the class")
            self._lesson.description = _("Make the class's table (CSV)")
            self._lesson.tooltip = _("every decision of every room: one row each")
            self._room_lang.description = _("Students' language")
            for box in (self._room_switches, self._class_switches):
                box.labels()
            self._drills.set_language(self.lang)
            names = seat_names(len(self._seats.children))
            for seat, dropdown in enumerate(self._seats.children):
                dropdown.description = names[seat]
                self._relabel(dropdown, [(_(label), kind) for label, kind in SEAT_KINDS])
        for widget in (self._message, self._download_link, self._class_message, self._lesson_link):
            if id(widget) in self._said:
                self._say(widget, *self._said[id(widget)][:2], **self._said[id(widget)][2])

    def _relabel(self, widget: W.Dropdown | W.ToggleButtons, options: list[tuple[str, Any]]) -> None:
        """The same choices under new labels, the choice kept (its observers are not told)."""
        if list(widget.options) != options:
            self._choose(widget, options, first=True)  # the choice is among them: it stays

    def _players_changed(self, reset: bool = False) -> None:
        low, high = PLAYERS[self._game.value]
        if reset:
            self._players.min, self._players.max = 1, 8
            self._players.value = low
            self._players.min, self._players.max = low, high
        with language(self.lang):
            names = seat_names(self._players.value)
            kinds = [(_(label), kind) for label, kind in SEAT_KINDS]
        self._seats.children = [
            W.Dropdown(options=kinds, value="student" if seat == 0 else "rule", description=names[seat], tooltip="")
            for seat in range(self._players.value)]

    def _create_clicked(self) -> None:
        text = self._seed.value.strip()
        if text and not text.isdigit():
            self._say(self._message, N_("The seed is a whole number (or leave it empty for a new deal)."))
            return
        seats = [None if dropdown.value == "student" else dropdown.value for dropdown in self._seats.children]
        room = self.create_room(self._game.value, seats=seats, seed=int(text) if text else None,
                                lang=self._room_lang.value)
        self._say(self._message, N_("{place} is ready: hand out its links below."), place=lambda: self._place(room))

    def _class_game_changed(self) -> None:
        low, high = PLAYERS[self._class_game.value]
        self._class_size.min, self._class_size.max = 1, 8
        self._class_size.value = min(max(self._class_size.value, low), high)
        self._class_size.min, self._class_size.max = low, high

    def _class_list_refused(self, students: str) -> bool:
        """Say why a pasted class list cannot be seated (the store's own refusals are in
        English, for code), and whether it was refused."""
        names = [" ".join(line.split()) for line in students.splitlines() if line.strip()]
        if len(names) > MAX_STUDENTS:
            self._say(self._class_message, Plural("A class has at most {n} student: shorten the list.",
                                                  "A class has at most {n} students: shorten the list.", n="n"),
                      MAX_STUDENTS, n=MAX_STUDENTS)
            return True
        long = [name for name in names if len(name) > MAX_NAME]
        if long:
            self._say(self._class_message, Plural("A name has at most {n} letter; this one is longer: {name}…",
                                                  "A name has at most {n} letters; this one is longer: {name}…", n="n"),
                      MAX_NAME, n=MAX_NAME, name=html.escape(long[0][:MAX_NAME]))
            return True
        return False

    def _seat_clicked(self) -> None:
        text = self._class_seed.value.strip()
        if text and not text.isdigit():
            self._say(self._class_message, N_("The seed is a whole number (or leave it empty for a new seating)."))
            return
        students: str | int = self._class_names.value if self._class_names.value.strip() else self._class_count.value
        if not students:
            self._say(self._class_message, N_("Paste the class list first (one name a line), or say how many students."))
            return
        if isinstance(students, str) and self._class_list_refused(students):
            return
        class_id = self.seat_class(students, self._class_game.value, self._class_size.value,
                                   seed=int(text) if text else None, order=self._class_order.value,
                                   bot=self._class_bot.value, switches=self._class_switches.value)
        info = next(info for info in self.store.classes() if info.id == class_id)
        self._say(self._class_message,
                  Plural("Seated {name} at {n} table. Click {button} and hand each student their slip.",
                         "Seated {name} at {n} tables. Click {button} and hand each student their slip.", n="n"),
                  len(info.rooms), name=lambda: html.escape(class_name(info.name, info.students)), n=len(info.rooms),
                  button=lambda: _tag("b", _(PRINT_SLIPS)))

    def _apply_class_clicked(self) -> None:
        class_id = self._class_pick.value
        self.store.set_class_switches(class_id, self._class_switches.value)
        self._switches_shown = None  # the open room's switches may have changed
        self.refresh()
        self._say(self._class_message, N_("The switches now apply to every table of the class."))

    def _save_room_switches_clicked(self) -> None:
        self.store.set_switches(self._pick.value, self._room_switches.value)
        room = self._pick.value
        self._say(self._message, N_("{place}: switches saved; its pages follow within seconds."),
                  place=lambda: self._place(room))

    def _picked(self) -> None:
        self._clear(self._download_link)
        self.refresh()

    def _set_status(self, status: str) -> None:
        self.store.set_status(self._pick.value, status)
        self.refresh()

    def _place(self, room: str) -> str:
        """A room as the page says it (HTML): 'Table 2 · 7b', 'Room 1'."""
        return html.escape(place_text(room_place(self.store, room)))

    def _download_clicked(self) -> None:
        room = self._pick.value
        data = base64.b64encode(self.history_json(room).encode()).decode()
        place = room_place(self.store, room)
        name = f"{'table' if place.in_class else 'room'}-{place.number}"
        self._say(self._download_link, N_("{link}Save the game of {place} as a file{end}"),
                  place=lambda: self._place(room),
                  link=f'<a download="game-{name}.json" href="data:application/json;base64,{data}">', end="</a>")

    def lesson_table(self) -> Any:
        """Every decision of every room as a pandas table (:func:`cardlab.rooms.lesson.lesson_table`),
        its words (actions, unnamed students and classes, computers) in the dashboard's language."""
        from cardlab.rooms.lesson import lesson_table  # pandas: only when the teacher asks

        with language(self.lang):
            return lesson_table(self.store)

    def _lesson_clicked(self) -> None:
        table = self.lesson_table()
        text, rows = table.to_csv(index=False), len(table)
        data = base64.b64encode(text.encode()).decode()
        stamp = _dt.datetime.now().strftime("%Y-%m-%d-%H%M")
        self._say(self._lesson_link,
                  Plural("{link}Save the class's table ({n} decision) as a CSV file{end}",
                         "{link}Save the class's table ({n} decisions) as a CSV file{end}", n="n"), rows,
                  link=f'<a download="lesson-{stamp}.csv" href="data:text/csv;base64,{data}">', end="</a>", n=lambda: number_text(rows))

    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            action(*args)
        except Exception as error:  # the teacher sees what went wrong, in words
            self._say(self._message, N_("That did not work: {error}"), error=html.escape(str(error)))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class _SwitchBox:
    """The teacher's switches for a room or a class: hints, the coach, undo, the computers'
    pace, and the language of the students' pages (``lang`` first)."""

    def __init__(self, lang: str) -> None:
        # each checkbox keeps a gap after its label, so the next box is not read with it
        # ('Podpowiedzi ☐ Trener'): the labels' lengths differ with the language
        self._hints = W.Checkbox(value=True, indent=False, layout=_switch())
        self._coach = W.Checkbox(value=False, indent=False, layout=_switch())
        self._undo = W.Checkbox(value=False, indent=False, layout=_switch())
        self._pace = W.FloatSlider(value=0.0, min=0.0, max=3.0, step=0.5, readout_format=".1f",
                                   style={"description_width": "initial"}, layout=W.Layout(width="320px"))
        self._lang = _language_picker(lang)  # the language the pages, links and slips are in
        self.widget = W.HBox([self._hints, self._coach, self._undo, self._pace, self._lang],
                             layout=W.Layout(align_items="center"))
        self.labels()

    def labels(self) -> None:
        """Say the switches in the current language."""
        self._hints.description = _("Hints")
        self._coach.description = _("Coach")
        self._undo.description = _("Undo")
        self._pace.description = _("Computers wait (s)")
        self._lang.description = _("Students' language")

    @property
    def value(self) -> Switches:
        return Switches(hints=self._hints.value, coach=self._coach.value, undo=self._undo.value, pace=self._pace.value,
                        lang=self._lang.value)

    def show(self, switches: Switches) -> None:
        self._hints.value, self._coach.value, self._undo.value = switches.hints, switches.coach, switches.undo
        self._pace.value = switches.pace
        self._lang.value = switches.lang or default_language()  # none chosen: the server's default


def _switch() -> W.Layout:
    """A switch's checkbox's layout: as wide as its label, and a clear gap before the next
    switch (made for each checkbox: a widget made at import would belong to no page, and a
    server of many pages in one process gives each page its own widgets)."""
    return W.Layout(width="auto", margin="2px 22px 2px 2px")


def _language_picker(lang: str) -> W.Dropdown:
    """The teacher's choice of a class's or a room's language (each by its own name), ``lang`` first chosen."""
    return W.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=lang,
                      style={"description_width": "initial"}, layout=W.Layout(width="auto"))


def _own_width() -> W.Layout:
    """The layout of a button alone on its line: as wide as its words in the language at hand
    (auto alone would stretch it across the column); made for each button, as :func:`_switch`."""
    return W.Layout(width="auto", align_self="flex-start")


_DASHBOARD_CSS = """<style>
.cl-dashboard h2 { font-size: 18px; margin: 12px 0 4px 0; }
.cl-dashboard table.cl-rooms { border-collapse: collapse; font-size: 14px; }
.cl-dashboard table.cl-rooms td, .cl-dashboard table.cl-rooms th { border: 1px solid #ccc; padding: 3px 8px;
  vertical-align: top; text-align: left; line-height: 1.35; }
.cl-dashboard table.cl-rooms tr.cl-class-row th { background: #eef1f6; }
.cl-dashboard .cl-here { color: #0f5a1f; font-weight: 600; }
.cl-dashboard .cl-away { color: #555; }
.cl-dashboard .cl-room-state { font-weight: 600; margin: 0 8px; }
.cl-dashboard a.cl-print { display: inline-block; padding: 5px 14px; margin: 2px 6px; border-radius: 4px;
  background: #1b5e20; color: #fff; font-weight: 600; text-decoration: none; font-size: 14px; line-height: 20px; }
.cl-dashboard a.cl-print:hover { background: #2e7d32; }
.cl-dashboard a.cl-print:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
</style>"""
