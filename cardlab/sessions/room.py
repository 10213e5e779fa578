"""One seat of a classroom room as a table session: moves go through the store.

A :class:`RoomSession` answers a view as a :class:`~cardlab.sessions.TableSession`
does, but its game is the room's (:class:`cardlab.rooms.SeatSession`): a click is one
transaction in the store; a poll on the kernel's own event loop (no threads, as Voilà
needs) brings the others' moves, the teacher's switches and the room's status in, and
tells the view at once. There is no new game, no step and no bot of its own (the room's
computer players move from the store at the teacher's pace), and nothing that shows
another seat's cards. A control a room hides is inert: a forged widget message that
clicks it changes nothing and says nothing.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, SeatSession
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, None])
>>> session = RoomSession(SeatSession.join(store, f"room={room}&seat=1&token={store.tokens(room)[1]}"))
>>> view = session.view()
>>> view.seat, view.room == room, view.controls.new_game
(1, True, False)
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from typing import Any

from cardlab.engine import Action, GameState, IllegalActionError
from cardlab.rooms import RoomError, RoomPlace, SeatSession, SeatTaken, StoreError, Switches, move_bots, room_place, to_act
from cardlab.sessions.coaching import CoachNotes
from cardlab.sessions.local import ResultWatch, listed_for, result_after
from cardlab.sessions.seatview import (RESULT_ON_SCREEN, Controls, Notice, ResultView, SeatView, detached, offers_of,
                                       refusal_values)
from cardlab.words import seat_names
from cardlab.words.table import notice_text, refusal_text

__all__ = ["RoomSession", "POLL_SECONDS", "SWITCH_SECONDS"]

#: Seconds between two looks at the store (the others' moves show within about this).
POLL_SECONDS = 0.2
#: Seconds between two looks at the room's switches and status (the teacher's changes show within this).
SWITCH_SECONDS = 0.5


class RoomSession:
    """The session of one seat of a room, for a table's view (see the module)."""

    hotseat = False
    teacher = False

    def __init__(self, seat_session: SeatSession):
        self.seat_session = seat_session
        self.game = seat_session.room.game
        self.seat = seat_session.seat
        self.switches: Switches = seat_session.switches()
        self.status = self._read_status()
        self.result: ResultView | None = None
        self.notice: Notice | None = Notice("room_joined", {"seat": self.seat})
        self._listeners: list[Callable[[], None]] = []
        self._poll_task: asyncio.Task | None = None
        self._switches_read = time.monotonic()
        self._room_moved_at = 0.0
        self._undos_seen = seat_session.room.undos
        self._shown_version = seat_session.room.version
        self.notes = CoachNotes()  # the coach's verdicts, while the teacher's coach switch is on
        #: Where the room is (its class's table by number), read once: the page says it, never the room's id.
        self.place: RoomPlace = room_place(seat_session.store, seat_session.room.id)

    # -- the room --------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The room's state, as the store has it (never a local game)."""
        return self.seat_session.room.state

    @property
    def room(self) -> Any:
        """The room (:class:`cardlab.rooms.Room`) this seat plays in."""
        return self.seat_session.room

    @property
    def seats(self) -> tuple[str, ...]:
        return seat_names(self.game.num_players)

    @property
    def humans(self) -> frozenset[int]:
        return frozenset({self.seat})

    def subscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()

    def actors(self) -> list[int]:
        return to_act(self.state)

    def my_turn(self, actors: list[int] | None = None) -> bool:
        actors = self.actors() if actors is None else actors
        return self.status == "open" and self.result is None and self.seat in actors

    def controls(self) -> Controls:
        return Controls(new_game=False, undo=self.switches.undo, step=False, pace=False, hints=self.switches.hints,
                        coach=self.switches.coach, replay=True)

    def view(self) -> SeatView:
        room = self.seat_session.room
        self._shown_version = self.seat_session.shown = room.version  # what a click answers
        state = self.state
        actors = self.actors()  # asked once: in a simultaneous phase it lists every seat's actions
        mine = self.my_turn(actors)
        obs = detached(state.observation(self.seat), listed=listed_for(self.game) if mine else 0)
        offers = offers_of(obs) if mine else {}
        notice = self.notice
        if self.status != "open":
            notice = Notice("paused" if self.status == "paused" else "closed")
        return SeatView(
            game=self.game, seat=self.seat, seats=self.seats, observation=obs, my_turn=mine,
            actors=tuple(actors), offers=offers, result=self.result, over=state.is_terminal,
            seed=state.seed if state.is_terminal else None,
            undo=None if self.switches.undo else Notice("undo_off"), can_step=False, controls=self.controls(),
            notice=notice, room=room.id, place=self.place, version=room.version, status=self.status,
            coach=self.coach_lines(),
        )

    def coach_lines(self) -> tuple[str, ...]:
        """The coach's line on this seat's last decision, and the review at the end, while
        the teacher's coach switch is on (issue 28: in rooms the teacher's switch)."""
        return self.notes.lines(self.game, over=self.state.is_terminal) if self.switches.coach else ()

    def coach_moves(self) -> tuple[int, ...]:
        """A room's page has no replay: the review lists the decisions without links."""
        return ()

    def reason(self, action: Action) -> str:
        if self.status != "open":
            return notice_text("paused" if self.status == "paused" else "closed", {}, players=self.game.num_players)
        try:
            self.state.check(action, self.seat)
        except IllegalActionError as error:
            return refusal_text(**refusal_values(error))
        return ""

    def hint(self) -> Any:
        if not self.switches.hints or not self.my_turn():
            return None
        from cardlab.sessions.hints import position_hint

        return position_hint(self.state, self.seat)

    # -- clicks -----------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Send ``action`` to the room: one transaction, checked for this seat by the engine."""
        if self.result is not None and not self.state.is_terminal:
            raise IllegalActionError(RESULT_ON_SCREEN())
        before, move = self.state.observation(self.seat), len(self.state.actions)  # what the seat decided from
        try:
            self._watching(lambda: self.seat_session.act(action))
        except RoomError as refused:  # lost a race, the table was paused, or the seat moved
            self.notice = Notice.refusal(refused)
            self._catch_up()
            return
        self.notice = None
        if self.switches.coach:
            self.notes.decided(before, action, move=move, done=self._changed)
        self._room_moved_at = time.monotonic()
        self._move_room_bots()

    def resume(self) -> None:
        if self.result is not None and not self.state.is_terminal:
            self.result = None
            self._catch_up()

    def undo(self) -> bool:
        """Take back this seat's last move and the computers' replies, where the room's undo
        switch is on and nobody else has moved since; with the switch off, nothing at all."""
        if not self.switches.undo:
            return False  # the button is hidden: a forged click does nothing and says nothing
        try:
            self.seat_session.undo()
        except RoomError as refused:
            self.notice = Notice.refusal(refused)
            return False
        self._taken_back()
        self.notice = Notice("undone_room")
        return True

    def step(self) -> bool:
        return False

    def new_game(self, seed: int | None = None) -> None:
        """A room's game is the store's: a table never starts another (a forged click)."""

    def uncover(self) -> None:
        """A room's page is one seat's: there is no cover."""

    def set_pace(self, pace: float, auto: bool) -> None:
        """The room's pace is the teacher's switch (a forged change does nothing)."""

    def open_replay(self) -> None:
        """Replays are for a table at one screen (a room's page shows its own log)."""

    def close_replay(self) -> None:
        pass

    def replay_to(self, position: int) -> None:
        pass

    def refuse(self, error: BaseException) -> None:
        self.notice = Notice.refusal(error)

    def fail(self, error: BaseException) -> None:
        self.notice = Notice("failed", {"text": str(error)}, error=True)

    # -- the others' moves, pushed ---------------------------------------------------------
    def _watching(self, move: Callable[[], Any]) -> Any:
        """Run ``move`` (a click or a catch-up), keeping the scene of any result it brings."""
        state = self.state
        watch = ResultWatch(state, [self.seat])
        try:
            with watch:
                return move()
        finally:
            if self.state is state and (watch.decided or state.is_terminal) and self.result is None:
                self.result = result_after(state, self.seat, watch.start, watch.decided, watch.scenes.get(self.seat))

    def _taken_back(self) -> None:
        """The room was replayed after an undo: forget the results of the lost moves."""
        self._undos_seen = self.seat_session.room.undos
        self.result = None
        self.notes.verdicts = [v for v in self.notes.verdicts if v.move < self.seat_session.room.version]
        self._room_moved_at = time.monotonic()

    def _catch_up(self, *, refresh: bool = True) -> bool:
        """Bring in the others' moves (``refresh``: read the store; a poll has just read it);
        stop on a result they led to. True if anything moved."""
        room = self.seat_session.room
        if refresh:
            self._watching(room.refresh)
        if room.undos != self._undos_seen:  # someone took a move back: the room was replayed
            self._taken_back()
            self.notice = Notice("taken_back")
            return True
        return room.version != self._shown_version

    def _move_room_bots(self) -> None:
        """Let the room's computer players move: all at once, or one move every ``pace``
        seconds of the room's switches (counted from the last move this page saw)."""
        pace = self.switches.pace
        if pace > 0 and time.monotonic() - self._room_moved_at < pace:
            return
        try:
            moved = self._watching(lambda: move_bots(self.seat_session.room, self.seat_session.holder,
                                                     max_moves=1 if pace > 0 else 1000))
        except RoomError:
            return
        if moved:
            self._room_moved_at = time.monotonic()

    def _read_status(self) -> str:
        try:
            return self.seat_session.store.room_status(self.seat_session.room.id)
        except (StoreError, sqlite3.Error):  # a store that cannot say now: the table stays as it was
            return getattr(self, "status", "open")

    def _read_switches(self) -> bool:
        """Look at the room's switches and status again (every :data:`SWITCH_SECONDS`); True if they changed."""
        now = time.monotonic()
        if now - self._switches_read < SWITCH_SECONDS:
            return False
        self._switches_read = now
        switches, status = self.seat_session.switches(), self._read_status()
        changed = switches != self.switches or status != self.status
        self.switches, self.status = switches, status
        return changed

    def poll(self) -> bool:
        """One look at the store (the timer calls this): renew the seat, catch up, let the
        room's computer players move, stop on a result. True if the page must change."""
        room = self.seat_session.room
        before = room.version
        try:
            self._watching(self.seat_session.poll)
        except SeatTaken as taken:
            self.notice = Notice.refusal(taken)
            self.stop()
            return True
        switched = self._read_switches()
        if room.version != before:  # someone moved: a computer's next move waits its pace from now
            self._room_moved_at = time.monotonic()
        self._move_room_bots()
        moved = self._catch_up(refresh=False)  # the seat's poll read the store; the bots moved through this room
        return moved or switched

    def start(self) -> None:
        """Poll every :data:`POLL_SECONDS` on the kernel's event loop until :meth:`stop`."""
        if self._poll_task is None or self._poll_task.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = asyncio.get_event_loop()
            self._poll_task = loop.create_task(self._poll_forever())

    def stop(self) -> None:
        if self._poll_task is not None:
            self._poll_task.cancel()
            self._poll_task = None

    async def _poll_forever(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                changed = self.poll()
            except Exception as error:  # noqa: BLE001 - shown on the page, the poll goes on
                self.fail(error)
                changed = True
            if changed:
                self._changed()
