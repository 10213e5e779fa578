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
"""

from __future__ import annotations

import asyncio
import base64
import datetime as _dt
import html
import re
import secrets
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from cardlab.engine import seat_names
from cardlab.games import GAMES
from cardlab.render import cards_html
from cardlab.rooms import GAME_CLASSES, Room, RoomStore
from cardlab.widgets.style import style_tag

__all__ = ["TeacherDashboard", "GAME_TITLES", "SEAT_KINDS"]

#: Games in plain words, and how many players each takes.
GAME_TITLES = {name: entry.title for name, entry in GAMES.items()}
PLAYERS = {name: entry.spec.players for name, entry in GAMES.items()}

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
                    settings: dict[str, Any] | None = None) -> str:
        """A new room: ``seats[i]`` None for a student, or a computer player's name."""
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
        self.refresh()
        self._pick.value = room
        return room

    def links(self, room: str) -> dict[int, str]:
        """Each student seat's join link (hand each to one student only)."""
        return {seat: f"{self.base_url}{self.join_page}?room={room}&seat={seat}&token={token}"
                for seat, token in self.store.tokens(room).items()}

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
                turn = f"{names[state.current_player]} to play"
            rows.append(
                f"<tr><td>{info.id}</td><td>{GAME_TITLES.get(info.game, info.game)}</td><td>{'<br>'.join(seats)}</td>"
                f"<td>{points}</td><td>{turn}</td><td>{_ago(info.last_action_at)}</td></tr>")
        if not rows:
            return "<p>No rooms yet: choose a game and its seats above, then <b>Create room</b>.</p>"
        head = "".join(f"<th>{h}</th>" for h in ("Room", "Game", "Seats", "Scores or chips", "Now", "Last move"))
        return f'<table class="cl-rooms"><tr>{head}</tr>{"".join(rows)}</table>'

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
        options = [(f"{info.id} · {GAME_TITLES.get(info.game, info.game)}", info.id) for info in self.store.rooms()]
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
        for button in (self._pause, self._resume, self._end, self._download, self._all_cards):
            button.disabled = chosen is None

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
        self._create = W.Button(description="Create room", button_style="success")
        self._message = W.HTML()
        self._rooms_view = W.HTML()
        self._pick = W.Dropdown(options=[], description="Room")
        self._all_cards = W.ToggleButton(description="Show all cards", value=False)
        self._pause = W.Button(description="Pause")
        self._resume = W.Button(description="Resume")
        self._end = W.Button(description="End", button_style="danger")
        self._download = W.Button(description="Download history")
        self._download_link = W.HTML()
        self._room_view = W.HTML()

        self._game.observe(lambda _: self._players_changed(reset=True), "value")
        self._players.observe(lambda _: self._players_changed(), "value")
        self._create.on_click(lambda _: self._guard(self._create_clicked))
        self._pick.observe(lambda _: self._guard(self._picked), "value")
        self._all_cards.observe(lambda _: self._guard(self.refresh), "value")
        self._pause.on_click(lambda _: self._guard(self._set_status, "paused"))
        self._resume.on_click(lambda _: self._guard(self._set_status, "open"))
        self._end.on_click(lambda _: self._guard(self._set_status, "ended"))
        self._download.on_click(lambda _: self._guard(self._download_clicked))
        self._players_changed(reset=True)

        new_room = W.VBox([W.HTML("<h3>New room</h3>"), W.HBox([self._game, self._players, self._seed]), self._seats,
                           self._create, self._message])
        room = W.VBox([W.HTML("<h3>One room</h3>"), W.HBox([self._pick, self._all_cards, self._pause, self._resume,
                                                            self._end, self._download]),
                       self._download_link, self._room_view])
        self.widget = W.VBox([W.HTML(style_tag() + _DASHBOARD_CSS), W.HTML("<h2>Classroom</h2>"), new_room,
                              W.HTML("<h3>All rooms</h3>"), self._rooms_view, room])
        self.widget.add_class("cl-dashboard")

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
        room = self.create_room(self._game.value, seats=seats, seed=int(text) if text else None)
        self._message.value = f"Room {room} is ready: hand out its links below."

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

    def _guard(self, action, *args) -> None:
        try:
            action(*args)
        except Exception as error:  # the teacher sees what went wrong, in words
            self._message.value = f"That did not work: {html.escape(str(error))}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


_DASHBOARD_CSS = """<style>
.cl-dashboard table.cl-rooms { border-collapse: collapse; font-size: 14px; }
.cl-dashboard table.cl-rooms td, .cl-dashboard table.cl-rooms th { border: 1px solid #ccc; padding: 4px 8px;
  vertical-align: top; text-align: left; }
</style>"""
