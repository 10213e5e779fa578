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

import asyncio
import base64
import datetime as _dt
import html
import re
import secrets
import time
import urllib.parse
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W
import segno

from cardlab.engine import seat_names
from cardlab.games import GAMES
from cardlab.widgets.view import cards_html
from cardlab.rooms import GAME_CLASSES, TABLE_SIZES, Room, RoomStore, Switches, seat_class, show_code, to_act
from cardlab.widgets.style import fill_tooltips, style_tag
from cardlab.words import LANGUAGE_NAMES, LANGUAGES, check_language, default_language, language, names_text, translate as _

__all__ = ["TeacherDashboard", "GAME_TITLES", "SEAT_KINDS", "class_sheet_html"]

#: Games in plain words, and how many players each takes.
GAME_TITLES = {name: entry.title for name, entry in GAMES.items()}
PLAYERS = TABLE_SIZES

#: Who sits in a seat: a student (gets a link) or one of the computer players.
SEAT_KINDS: tuple[tuple[str, str], ...] = (
    ("Student", "student"),
    ("Computer: random", "random"),
    ("Computer: rules of thumb", "rule"),
    ("Computer: search", "search"),
)
_KIND_WORDS = {"random": "computer, plays at random", "rule": "computer, rules of thumb",
               "search": "computer, searches ahead"}


def _ago(moment: float | None) -> str:
    if moment is None:
        return "no move yet"
    seconds = max(0, int(time.time() - moment))
    if seconds < 60:
        return f"{seconds} s ago"
    if seconds < 3600:
        return f"{seconds // 60} min ago"
    return _dt.datetime.fromtimestamp(moment).strftime("%H:%M")


class TeacherDashboard:
    """Every room of the classroom store, with the teacher's controls.

    ``base_url`` is where the join page is served (e.g. ``http://HOST:8866/voila/render/``);
    the links are ``base_url + join_page + ?room=…&seat=…&token=…``.
    """

    def __init__(self, store: RoomStore, *, base_url: str = "", join_page: str = "join.ipynb", poll: float = 1.0):
        self.store = store
        self.base_url = base_url
        self.join_page = join_page
        self.poll = poll
        self._rooms: dict[str, Room] = {}
        self._task: asyncio.Task | None = None
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

    @property
    def landing_url(self) -> str:
        """The classroom's first page, where a student types a code (the server's root)."""
        parts = urllib.parse.urlsplit(self.base_url)
        return f"{parts.scheme}://{parts.netloc}/" if parts.netloc else ""

    def sheet_html(self, class_id: str) -> str:
        """The class's printable sheet: one slip per student (see :func:`class_sheet_html`)."""
        return class_sheet_html(self.store, class_id, link=self._link, landing_url=self.landing_url)

    def _link(self, room: str, seat: int, token: str, lang: str = "") -> str:
        return f"{self.base_url}{self.join_page}?room={room}&seat={seat}&token={token}" + (f"&lang={lang}" if lang else "")

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
        """Every room in one table: game, seats and who is connected, scores, turn, last move."""
        rows = []
        tables = self.store.class_tables()
        for info in self.store.rooms():
            room = self._room(info.id)
            state = room.state
            names = seat_names(room.game.num_players)
            seats = []
            for seat in self.store.seats(info.id):
                if seat.bot is not None:
                    who = _KIND_WORDS.get(seat.bot, "computer")
                else:
                    who = "student, " + ("connected" if seat.connected else "not connected")
                seats.append(f"{names[seat.seat]}: {html.escape(who)}")
            points = " · ".join(f"{names[i]} {p:g}" for i, p in enumerate(state.points))
            if info.status != "open":
                turn = {"paused": "paused", "ended": "ended by the teacher"}[info.status]
            elif state.is_terminal:
                turn = "finished"
            else:
                turn = f"{names_text([names[seat] for seat in to_act(state)])} to play"
            rows.append(
                f"<tr><td>{info.id}{self._table_words(tables.get(info.id))}</td><td>{GAME_TITLES.get(info.game, info.game)}</td><td>{'<br>'.join(seats)}</td>"
                f"<td>{points}</td><td>{turn}</td><td>{_ago(info.last_action_at)}</td></tr>")
        if not rows:
            return "<p>No rooms yet: choose a game and its seats above, then <b>Create room</b>.</p>"
        head = "".join(f"<th>{h}</th>" for h in ("Room", "Game", "Seats", "Scores or chips", "Now", "Last move"))
        return f'<table class="cl-rooms"><tr>{head}</tr>{"".join(rows)}</table>'

    @staticmethod
    def _table_words(table: tuple[str, int] | None) -> str:
        return "" if table is None else f"<br>Table {table[1]}, {html.escape(table[0])}"

    def room_html(self, room_id: str, *, all_cards: bool) -> str:
        """One room: its join links and, if asked, every card where it really is."""
        room = self._room(room_id)
        names = seat_names(room.game.num_players)
        links = "".join(f"<li>{names[seat]}: <code>{html.escape(url)}</code></li>" for seat, url in self.links(room_id).items())
        parts = [f"<b>Join links</b> (one per student):<ul>{links or '<li>no student seats</li>'}</ul>"]
        if all_cards:
            zones = []
            for name, cards in room.state.card_locations().items():
                seat = re.fullmatch(r"(.*) (\d)", name)
                if seat and int(seat[2]) < len(names):
                    name = f"{names[int(seat[2])]}'s {seat[1]}"
                zones.append(f'<div class="cl-zone"><span class="cl-zone-name">{html.escape(name)} ({len(cards)})</span>'
                             f"{cards_html(list(cards), size='sm', fan=len(cards) > 8)}</div>")
            parts.append("<b>All cards</b> (your screen only):<br>" + "".join(zones))
        return "".join(parts)

    def refresh(self) -> None:
        """Redraw the rooms and the chosen room from the store."""
        tables = self.store.class_tables()
        options = [(f"{info.id} · {GAME_TITLES.get(info.game, info.game)}"
                    + (f" · Table {tables[info.id][1]}" if info.id in tables else ""), info.id) for info in self.store.rooms()]
        if [value for _, value in options] != [value for _, value in self._pick.options]:
            chosen = self._pick.value
            self._pick.options = options
            if chosen in dict((v, k) for k, v in options):
                self._pick.value = chosen
            elif options:  # the first room is open until the teacher picks another
                self._pick.value = options[0][1]
        self._rooms_view.value = self.rooms_html()
        chosen = self._pick.value
        self._room_view.value = self.room_html(chosen, all_cards=self._all_cards.value) if chosen else ""
        for button in (self._pause, self._resume, self._end, self._download, self._all_cards, self._save_room_switches):
            button.disabled = chosen is None
        if chosen is not None and chosen != self._switches_shown:
            self._switches_shown = chosen
            self._room_switches.show(self.store.switches(chosen))
        classes = [(f"{info.name} · {GAME_TITLES.get(info.game, info.game)} · {len(info.rooms)} tables", info.id)
                   for info in self.store.classes()]
        if [value for _, value in classes] != [value for _, value in self._class_pick.options]:
            chosen_class = self._class_pick.value
            self._class_pick.options = classes
            self._class_pick.value = chosen_class if chosen_class in [v for _, v in classes] else (
                classes[-1][1] if classes else None)
        for button in (self._print, self._apply_class):
            button.disabled = self._class_pick.value is None

    def start(self) -> None:
        """Redraw every ``poll`` seconds on the kernel's own event loop (no threads)."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_event_loop().create_task(self._poll_forever())

    async def _poll_forever(self) -> None:
        while True:
            await asyncio.sleep(self.poll)
            try:
                self.refresh()
            except Exception as error:  # keep polling; say what went wrong
                self._message.value = f"Could not refresh: {html.escape(str(error))}"

    # -- widgets ------------------------------------------------------------------------------
    def _build(self) -> None:
        self._game = W.Dropdown(options=[(title, name) for name, title in GAME_TITLES.items()], description="Game")
        self._players = W.BoundedIntText(value=2, min=2, max=2, description="Players", layout=W.Layout(width="160px"))
        self._seats = W.VBox()
        self._seed = W.Text(value="", placeholder="empty: a new deal", description="Seed", layout=W.Layout(width="260px"))
        self._room_lang = _language_picker()
        self._create = W.Button(description="Create room", button_style="success")
        self._message = W.HTML()
        self._rooms_view = W.HTML()
        self._pick = W.Dropdown(options=[], description="Room", layout=W.Layout(width="380px"))
        self._all_cards = W.ToggleButton(description="Show all cards", value=False)
        self._pause = W.Button(description="Pause")
        self._resume = W.Button(description="Resume")
        self._end = W.Button(description="End", button_style="danger")
        self._download = W.Button(description="Download history")
        self._download_link = W.HTML()
        self._room_view = W.HTML()
        self._room_switches = _SwitchBox()
        self._save_room_switches = W.Button(description="Save the switches for this room", layout=W.Layout(width="auto"))
        self._switches_shown: str | None = None

        self._class_names = W.Textarea(placeholder="One name a line", description="Class list",
                                       layout=W.Layout(width="360px", height="160px"))
        self._class_count = W.BoundedIntText(value=0, min=0, max=400, description="Or how many students",
                                             tooltip="without names: Student 1, Student 2, ...",
                                             style={"description_width": "initial"}, layout=W.Layout(width="240px"))
        self._class_game = W.Dropdown(options=[(title, name) for name, title in GAME_TITLES.items()], description="Game")
        self._class_size = W.BoundedIntText(value=2, min=2, max=2, description="Table of", layout=W.Layout(width="160px"))
        self._class_order = W.ToggleButtons(options=[("Random seats", "random"), ("In list order", "list")], value="random")
        self._class_seed = W.Text(value="", placeholder="empty: a new seating", description="Seed",
                                  layout=W.Layout(width="260px"))
        self._class_bot = W.Dropdown(options=[kind for kind in SEAT_KINDS if kind[1] != "student"], value="rule",
                                     description="Short tables")
        self._class_switches = _SwitchBox()
        self._seat = W.Button(description="Seat the class", button_style="success")
        self._class_pick = W.Dropdown(options=[], description="Class", layout=W.Layout(width="420px"))
        self._print = W.Button(description="Printable sheet", icon="print", layout=W.Layout(width="auto"))
        self._apply_class = W.Button(description="Apply the switches above to the class", layout=W.Layout(width="auto"))
        self._sheet_link = W.HTML()
        self._class_message = W.HTML()
        self._lesson = W.Button(description="Make the class's table (CSV)", icon="table",
                                tooltip="every decision of every room: one row each", layout=W.Layout(width="auto"))
        self._lesson_link = W.HTML()

        self._game.observe(lambda _: self._players_changed(reset=True), "value")
        self._players.observe(lambda _: self._players_changed(), "value")
        self._create.on_click(lambda _: self._guard(self._create_clicked))
        self._pick.observe(lambda _: self._guard(self._picked), "value")
        self._all_cards.observe(lambda _: self._guard(self.refresh), "value")
        self._pause.on_click(lambda _: self._guard(self._set_status, "paused"))
        self._resume.on_click(lambda _: self._guard(self._set_status, "open"))
        self._end.on_click(lambda _: self._guard(self._set_status, "ended"))
        self._download.on_click(lambda _: self._guard(self._download_clicked))
        self._save_room_switches.on_click(lambda _: self._guard(self._save_room_switches_clicked))
        self._class_game.observe(lambda _: self._class_game_changed(), "value")
        self._seat.on_click(lambda _: self._guard(self._seat_clicked))
        self._print.on_click(lambda _: self._guard(self._print_clicked))
        self._apply_class.on_click(lambda _: self._guard(self._apply_class_clicked))
        self._class_pick.observe(lambda _: setattr(self._sheet_link, "value", ""), "value")
        self._lesson.on_click(lambda _: self._guard(self._lesson_clicked))
        self._players_changed(reset=True)
        self._class_game_changed()

        new_room = W.VBox([W.HTML("<h3>New room</h3>"), W.HBox([self._game, self._players, self._seed, self._room_lang]),
                           self._seats,
                           self._create, self._message])
        room = W.VBox([W.HTML("<h3>One room</h3>"), W.HBox([self._pick, self._all_cards, self._pause, self._resume,
                                                            self._end, self._download]),
                       W.HBox([self._room_switches.widget, self._save_room_switches]),
                       self._download_link, self._room_view])
        seat_a_class = W.VBox([
            W.HTML("<h3>Seat a class</h3><p>Paste the class list (one name a line) or say how many students; "
                   "choose the game and the table size. Everyone gets a seat and a join code; a short table gets a "
                   "computer player.</p>"),
            W.HBox([self._class_names, W.VBox([self._class_count, W.HBox([self._class_game, self._class_size]),
                                               self._class_order, self._class_seed, self._class_bot])]),
            self._class_switches.widget, self._seat, self._class_message,
            W.HBox([self._class_pick, self._print, self._apply_class]), self._sheet_link])
        lesson = W.VBox([W.HTML("<h3>The lesson as data</h3><p>Every decision of every room so far, one row each: "
                                "room, table, student, game, move, the action in words and the result of its round. "
                                "It opens in a spreadsheet, or in pandas with <code>pandas.read_csv</code>.</p>"),
                         self._lesson, self._lesson_link])
        self.widget = W.VBox([W.HTML(style_tag() + _DASHBOARD_CSS), W.HTML("<h2>Classroom</h2>"), seat_a_class, new_room,
                              W.HTML("<h3>All rooms</h3>"), self._rooms_view, room, lesson])
        self.widget.add_class("cl-dashboard")
        fill_tooltips(self.widget)  # no 'null' tooltips on the widgets made so far

    def _players_changed(self, reset: bool = False) -> None:
        low, high = PLAYERS[self._game.value]
        if reset:
            self._players.min, self._players.max = 1, 8
            self._players.value = low
            self._players.min, self._players.max = low, high
        names = seat_names(self._players.value)
        self._seats.children = [
            W.Dropdown(options=list(SEAT_KINDS), value="student" if seat == 0 else "rule", description=names[seat])
            for seat in range(self._players.value)]

    def _create_clicked(self) -> None:
        text = self._seed.value.strip()
        if text and not text.isdigit():
            self._message.value = "The seed is a whole number (or leave it empty for a new deal)."
            return
        seats = [None if dropdown.value == "student" else dropdown.value for dropdown in self._seats.children]
        room = self.create_room(self._game.value, seats=seats, seed=int(text) if text else None,
                                lang=self._room_lang.value)
        self._message.value = f"Room {room} is ready: hand out its links below."

    def _class_game_changed(self) -> None:
        low, high = PLAYERS[self._class_game.value]
        self._class_size.min, self._class_size.max = 1, 8
        self._class_size.value = min(max(self._class_size.value, low), high)
        self._class_size.min, self._class_size.max = low, high

    def _seat_clicked(self) -> None:
        text = self._class_seed.value.strip()
        if text and not text.isdigit():
            self._class_message.value = "The seed is a whole number (or leave it empty for a new seating)."
            return
        students: str | int = self._class_names.value if self._class_names.value.strip() else self._class_count.value
        if not students:
            self._class_message.value = "Paste the class list first (one name a line), or say how many students."
            return
        class_id = self.seat_class(students, self._class_game.value, self._class_size.value,
                                   seed=int(text) if text else None, order=self._class_order.value,
                                   bot=self._class_bot.value, switches=self._class_switches.value)
        info = next(info for info in self.store.classes() if info.id == class_id)
        self._class_message.value = (f"Seated {html.escape(info.name)} at {len(info.rooms)} tables. "
                                     "Click <b>Printable sheet</b> for the slips with their codes.")
        self._print_clicked()

    def _print_clicked(self) -> None:
        class_id = self._class_pick.value
        data = base64.b64encode(self.sheet_html(class_id).encode()).decode()
        self._sheet_link.value = (f'<a download="class-sheet.html" href="data:text/html;base64,{data}">'
                                  "Save the sheet</a>, open it in the browser and print it: one slip per student.")

    def _apply_class_clicked(self) -> None:
        class_id = self._class_pick.value
        self.store.set_class_switches(class_id, self._class_switches.value)
        self._switches_shown = None  # the open room's switches may have changed
        self.refresh()
        self._class_message.value = "The switches now apply to every table of the class."

    def _save_room_switches_clicked(self) -> None:
        self.store.set_switches(self._pick.value, self._room_switches.value)
        self._message.value = f"Room {html.escape(self._pick.value)}: switches saved; its pages follow within seconds."

    def _picked(self) -> None:
        self._download_link.value = ""
        self.refresh()

    def _set_status(self, status: str) -> None:
        self.store.set_status(self._pick.value, status)
        self.refresh()

    def _download_clicked(self) -> None:
        room = self._pick.value
        data = base64.b64encode(self.history_json(room).encode()).decode()
        self._download_link.value = (f'<a download="room-{room}.json" href="data:application/json;base64,{data}">'
                                     f"Save room {room}'s game as a file</a>")

    def lesson_table(self) -> Any:
        """Every decision of every room as a pandas table (:func:`cardlab.rooms.lesson.lesson_table`)."""
        from cardlab.rooms.lesson import lesson_table  # pandas: only when the teacher asks

        return lesson_table(self.store)

    def _lesson_clicked(self) -> None:
        table = self.lesson_table()
        text, rows = table.to_csv(index=False), len(table)
        data = base64.b64encode(text.encode()).decode()
        stamp = _dt.datetime.now().strftime("%Y-%m-%d-%H%M")
        self._lesson_link.value = (f'<a download="lesson-{stamp}.csv" href="data:text/csv;base64,{data}">'
                                   f"Save the class's table ({rows} decision{'s' if rows != 1 else ''}) as a CSV file</a>")

    def _guard(self, action, *args) -> None:
        try:
            action(*args)
        except Exception as error:  # the teacher sees what went wrong, in words
            self._message.value = f"That did not work: {html.escape(str(error))}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class _SwitchBox:
    """The teacher's switches for a room or a class: hints, the coach, undo, the computers' pace."""

    def __init__(self) -> None:
        self._hints = W.Checkbox(value=True, description="Hints", indent=False, layout=W.Layout(width="90px"))
        self._coach = W.Checkbox(value=False, description="Coach", indent=False, layout=W.Layout(width="90px"))
        self._undo = W.Checkbox(value=False, description="Undo", indent=False, layout=W.Layout(width="90px"))
        self._pace = W.FloatSlider(value=0.0, min=0.0, max=3.0, step=0.5, description="Computers wait (s)",
                                   readout_format=".1f", style={"description_width": "initial"},
                                   layout=W.Layout(width="300px"))
        self._lang = _language_picker()  # the language the pages, links and slips are in
        self.widget = W.HBox([self._hints, self._coach, self._undo, self._pace, self._lang],
                             layout=W.Layout(align_items="center"))

    @property
    def value(self) -> Switches:
        return Switches(hints=self._hints.value, coach=self._coach.value, undo=self._undo.value, pace=self._pace.value,
                        lang=self._lang.value)

    def show(self, switches: Switches) -> None:
        self._hints.value, self._coach.value, self._undo.value = switches.hints, switches.coach, switches.undo
        self._pace.value = switches.pace
        self._lang.value = switches.lang or default_language()


def _language_picker() -> W.Dropdown:
    """The teacher's choice of a class's or a room's language (each by its own name), the
    server's default language first chosen."""
    return W.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=default_language(),
                      description="Language", layout=W.Layout(width="220px"))


def class_sheet_html(store: RoomStore, class_id: str, *, link: Callable[[str, int, str], str],
                     landing_url: str = "") -> str:
    """A printable page with one slip per student: name, table, seat, join code and a QR code
    of the join link (``link(room, seat, token)``); the slips follow the class list. The
    page is in the class's language (:attr:`cardlab.rooms.Switches.lang`), and its links
    carry it (``&lang=pl``; the classroom's first page ``?lang=pl``), so the pages they open
    speak it too.

    >>> import tempfile, os
    >>> from cardlab.rooms import SQLiteStore, Switches, seat_class
    >>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
    >>> class_id = seat_class(store, 3, "fight_for_the_lead", 3, seed=2)
    >>> page = class_sheet_html(store, class_id, link=lambda room, seat, token: f"http://pc/join?room={room}")
    >>> page.count('class="cl-slip"'), "Student 3" in page, "Table 1" in page
    (3, True, True)
    >>> store.set_class_switches(class_id, Switches(lang="uk"))
    >>> page = class_sheet_html(store, class_id, link=lambda room, seat, token: f"http://pc/join?room={room}",
    ...                         landing_url="http://pc/")
    >>> "lang='uk'" in page, "Стіл 1" in page, "http://pc/?lang=uk" in page
    (True, True, True)
    """
    info = next((each for each in store.classes() if each.id == class_id), None)
    if info is None:
        raise ValueError(f"there is no class {class_id!r}")
    lang = info.switches.lang or default_language()
    asks = f"lang={lang}" if info.switches.lang else ""  # a class with no language chosen: the server's default
    if asks and landing_url:
        landing_url = f"{landing_url}?{asks}"
    with language(lang):
        title = _(GAME_TITLES.get(info.game, info.game))
        names = seat_names(info.table_size)
        where = (html.escape(_("Scan the square, or open {address} and type your code. Keep your code to yourself."))
                 .format(address=f"<b>{html.escape(landing_url)}</b>") if landing_url else
                 html.escape(_("Scan the square, or type your code on the classroom's first page. "
                               "Keep your code to yourself.")))
        slips = []
        for slip in store.slips(class_id):
            url = link(slip.room, slip.seat, slip.token)
            if asks:
                url += ("&" if "?" in url else "?") + asks
            qr = segno.make(url, error="m").svg_inline(scale=3, title=_("Join link"))
            where_at = _("{game} · Table {table} · seat {seat}").format(game=title, table=slip.table,
                                                                        seat=names[slip.seat])
            code = html.escape(_("Your code: {code}")).format(code=f'<span class="cl-slip-code">{show_code(slip.code)}</span>')
            slips.append(
                f'<div class="cl-slip"><div class="cl-slip-name">{html.escape(slip.student)}</div>'
                f'<div>{html.escape(where_at)}</div>'
                f'<div class="cl-slip-qr">{qr}</div>'
                f'<div>{code}</div>'
                f'<div class="cl-slip-how">{where}</div></div>')
        head = _("{name}: seats and codes").format(name=info.name)
        heading = _("{name}: {game}, tables of {size}").format(name=info.name, game=title, size=info.table_size)
        cut = _("Print this page and cut along the dashed lines: one slip per student.")
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(head)}"
            f"</title>{_SHEET_CSS}</head><body><h1>{html.escape(heading)}</h1><p class='cl-no-print'>{html.escape(cut)}"
            f"</p><div class='cl-slips'>{''.join(slips)}</div></body></html>")


_SHEET_CSS = """<style>
body { font-family: sans-serif; margin: 12mm; }
h1 { font-size: 18px; }
.cl-slips { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0; }
.cl-slip { border: 1px dashed #888; padding: 8px; break-inside: avoid; page-break-inside: avoid; text-align: center; }
.cl-slip-name { font-size: 18px; font-weight: bold; }
.cl-slip-code { font-family: monospace; font-size: 22px; letter-spacing: 2px; font-weight: bold; }
.cl-slip-how { font-size: 11px; color: #444; }
@media print { .cl-no-print { display: none; } body { margin: 0; } }
</style>"""

_DASHBOARD_CSS = """<style>
.cl-dashboard table.cl-rooms { border-collapse: collapse; font-size: 14px; }
.cl-dashboard table.cl-rooms td, .cl-dashboard table.cl-rooms th { border: 1px solid #ccc; padding: 4px 8px;
  vertical-align: top; text-align: left; }
</style>"""
