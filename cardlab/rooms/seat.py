"""A student's seat in a room: the join link's checks, what the seat sees, what it plays.

A join link carries ``room``, ``seat`` and ``token`` in its query string (Voilà hands
the page's query string to the kernel as ``QUERY_STRING``). :class:`SeatSession` checks
the token against the store's hash, takes the seat for this page (a reopened link
takes it over from an older page), and from then on gives only that seat's
observation and plays only that seat's actions.

>>> import tempfile, os
>>> from cardlab.rooms.store import SQLiteStore
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, None])
>>> token = store.tokens(room)[0]
>>> session = SeatSession.join(store, f"room={room}&seat=0&token={token}")
>>> session.observation().player
0
>>> SeatSession.join(store, f"room={room}&seat=1&token={token}")
Traceback (most recent call last):
...
cardlab.rooms.room.AccessRefused: This link does not open a seat: ask your teacher for your own link.
"""

from __future__ import annotations

import time
import urllib.parse
import uuid
from dataclasses import dataclass

from cardlab.engine import Action, Observation
from cardlab.rooms.room import AccessRefused, Room, RoomError, SeatTaken
from cardlab.rooms.store import LEASE_SECONDS, RoomStore, StoreError, Switches
from cardlab.words import LANGUAGES

__all__ = ["JoinRequest", "SeatSession", "query_language"]

@dataclass(frozen=True)
class JoinRequest:
    """What a join link asks for, read from its query string (nothing checked yet but form).

    A link may also carry the page's language (``lang``, the teacher's choice for the
    class); a language cardlab does not speak is left out, not refused.

    >>> JoinRequest.parse("room=ab12&seat=1&token=xyz")
    JoinRequest(room='ab12', seat=1, token='xyz', lang='')
    >>> JoinRequest.parse("room=ab12&seat=1&token=xyz&lang=pl").lang, JoinRequest.parse("room=a&seat=1&token=x&lang=de").lang
    ('pl', '')
    """

    room: str
    seat: int
    token: str
    lang: str = ""

    @classmethod
    def parse(cls, query: str) -> JoinRequest:
        """Read ``room``, ``seat`` and ``token``; a missing or malformed one is refused plainly."""
        fields = urllib.parse.parse_qs(query or "", keep_blank_values=False)
        try:
            (room,), (seat,), (token,) = fields["room"], fields["seat"], fields["token"]
        except (KeyError, ValueError):
            raise AccessRefused.said("link_refused") from None
        if not seat.isdigit() or len(seat) > 2 or len(token) > 200 or len(room) > 64:
            raise AccessRefused.said("link_refused")
        return cls(room, int(seat), token, query_language(query))


def query_language(query: str) -> str:
    """The language a page's query string asks for (``lang=pl``), or ``""`` for none (or
    for one cardlab does not speak).

    >>> query_language("room=a&lang=uk"), query_language("lang=klingon"), query_language("")
    ('uk', '', '')
    """
    asked = urllib.parse.parse_qs(query or "").get("lang", [""])[0]
    return asked if asked in LANGUAGES else ""


class SeatSession:
    """One page's hold on one seat of one room."""

    def __init__(self, store: RoomStore, request: JoinRequest, *, holder: str | None = None):
        try:
            valid = store.check_token(request.room, request.seat, request.token)
        except StoreError:
            valid = False
        if not valid:
            raise AccessRefused.said("link_refused")
        self.store = store
        self.seat = request.seat
        #: The language the link asked for ('' for none: the room's, see :meth:`language`).
        self.lang = request.lang
        self.holder = holder or uuid.uuid4().hex
        store.hold_seat(request.room, request.seat, self.holder, take_over=True)
        self._renewed = time.monotonic()
        self.room = Room(store, request.room)
        self.shown = self.room.version

    @classmethod
    def join(cls, store: RoomStore, query: str, *, holder: str | None = None) -> SeatSession:
        """A session from a join link's query string (``QUERY_STRING`` in Voilà)."""
        return cls(store, JoinRequest.parse(query), holder=holder)

    def observation(self) -> Observation:
        """What this seat may see now; remembers the version shown (for :meth:`act`)."""
        self.shown = self.room.version
        return self.room.state.observation(self.seat)

    def switches(self) -> Switches:
        """What the teacher lets this room use now (hints, undo, the computer players' pace)."""
        return self.store.switches(self.room.id)

    def language(self) -> str:
        """The language this seat's page opens in: the link's, else the room's (the teacher's
        choice for the class), else ``""`` (the server's default)."""
        return self.lang or self.switches().lang

    def act(self, action: Action) -> int:
        """Play ``action`` for this seat, against the version last shown."""
        return self.room.act(self.seat, action, seen=self.shown, holder=self.holder)

    def undo(self) -> int:
        """Take back this seat's last action (and the computers' replies), if the room allows
        it (:meth:`Room.undo`; the page checks the room's undo switch first)."""
        if not self.switches().undo:
            raise RoomError.said("undo_off")
        return self.room.undo(self.seat, holder=self.holder)

    def poll(self) -> bool:
        """Catch up with others' moves (True if there were any), renewing this page's hold
        on the seat every few seconds (a write; polls come several times a second)."""
        if self.store.seat_holder(self.room.id, self.seat) != self.holder:
            raise SeatTaken.said("seat_taken")
        if time.monotonic() - self._renewed > LEASE_SECONDS / 4:
            self.renew()
        return self.room.refresh()

    def renew(self) -> None:
        """Renew this page's hold on the seat (its lease), or raise :class:`SeatTaken` if
        another page has taken the seat since."""
        if not self.store.hold_seat(self.room.id, self.seat, self.holder):
            raise SeatTaken.said("seat_taken")
        self._renewed = time.monotonic()

    def leave(self) -> None:
        """Give the seat up (the page closes); the link opens it again later."""
        self.store.release_seat(self.room.id, self.seat, self.holder)
