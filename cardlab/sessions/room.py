"""One seat of a classroom room as a table session: moves go through the store.

A :class:`RoomSession` answers a view as a :class:`~cardlab.sessions.TableSession`
does, but its game is the room's (:class:`cardlab.rooms.SeatSession`): a click is one
transaction in the store. Once started, nothing polls: the store tells the session of
each change of its room (``store.watch``, :mod:`cardlab.rooms.notify`: at once for a change
made in this process, through the store's feed for another process's), and the session,
on its page's :class:`~cardlab.sessions.clock.Clock`, brings the others' moves, the
teacher's switches and the room's status in and tells the view. A timer renews the page's
hold on its seat; the computer players move at the teacher's pace, a slow one (search)
deciding away from the page. There is no new game, no step and no bot of its own (the room's
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

import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

from cardlab.engine import Action, GameState, IllegalActionError
from cardlab.rooms import (RoomError, RoomPlace, SeatSession, SeatTaken, StoreError, Switches, move_bots, next_bot_move,
                           play_bot_move, room_place, to_act)
from cardlab.rooms.notify import FEED_SECONDS
from cardlab.rooms.store import LEASE_SECONDS
from cardlab.sessions.clock import Handle, current_clock
from cardlab.sessions.coaching import CoachNotes
from cardlab.sessions.local import ResultWatch, listed_for, result_after
from cardlab.sessions.seatview import (RESULT_ON_SCREEN, Controls, Notice, ResultView, SeatView, detached, offers_of,
                                       refusal_values)
from cardlab.words import seat_names
from cardlab.words.table import notice_text, refusal_text

__all__ = ["RoomSession", "POLL_SECONDS", "SWITCH_SECONDS", "RENEW_SECONDS"]

logger = logging.getLogger("cardlab.sessions")

#: Seconds between two looks at the store for another process's changes (one look per
#: process and store, not per page: the store's feed); a change in this process shows at once.
POLL_SECONDS = FEED_SECONDS
#: Seconds between two reads of the room's switches and status by :meth:`RoomSession.poll`
#: when it is called by hand (a started session reads them on every change it is told of).
SWITCH_SECONDS = 0.5
#: Seconds between two renewals of a page's hold on its seat (a quarter of the lease).
RENEW_SECONDS = LEASE_SECONDS / 4


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
        self._switches_read = time.monotonic()
        self._room_moved_at = 0.0
        self._undos_seen = seat_session.room.undos
        self._shown_version = seat_session.room.version
        #: The page's clock: pushed changes, the seat's renewal, paced and slow bots run there.
        self.clock = current_clock()
        self.notes = CoachNotes(self.clock)  # the coach's verdicts, while the teacher's coach switch is on
        self._unwatch: Callable[[], None] | None = None
        self._renewal: Handle | None = None
        self._bots_due: Handle | None = None
        self._deciding = False  # a slow bot's choice is being worked out away from the page
        self._push_lock = threading.Lock()
        self._push_waiting = False
        #: What else of the page follows the room's store (the class's drills): each is called
        #: when the room changes, and says whether the page must be redrawn.
        self.extras: list[Callable[[], bool]] = []
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
        self._at_work(lambda: self._play(action))

    def _play(self, action: Action) -> None:
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
        return self._at_work(self._undo)

    def _undo(self) -> bool:
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
        """Something broke in this seat's page (not a refusal): the student reads a plain
        notice; the details go to the server's log, and no other page is touched."""
        logger.error("room %s, seat %s: %s", self.room.id, self.seat, error, exc_info=error)
        self.notice = Notice("room_failed", error=True)

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
        seconds of the room's switches (counted from the last move this page saw). With a
        clock, a paced move waits on a timer, and a slow player (search) decides away from
        the page and its move is played back on the page."""
        if self.status != "open" or self._deciding:
            return
        room = self.seat_session.room
        due = next_bot_move(room)
        if due is None:
            return
        pace = self.switches.pace
        wait = pace - (time.monotonic() - self._room_moved_at) if pace > 0 else 0.0
        if wait > 0:
            if self.clock is not None and self._started and (self._bots_due is None or self._bots_due.cancelled):
                self._bots_due = self.clock.later(wait, self._bots_timer)
            return
        if due.slow and self.clock is not None and self._started:
            self._decide_away(due)
            return
        try:
            moved = self._watching(lambda: move_bots(room, self.seat_session.holder, max_moves=1 if pace > 0 else 1000))
        except RoomError:
            return
        if moved:
            self._room_moved_at = time.monotonic()
            if pace > 0:
                self._move_room_bots()  # the next one waits its pace on the timer

    def _bots_timer(self) -> None:
        self._bots_due = None
        self._guarded(self._bots_step)

    def _bots_step(self) -> bool:
        before = self.seat_session.room.version
        self._catch_up()
        self._move_room_bots()
        return self.seat_session.room.version != before

    def _decide_away(self, due: Any) -> None:
        """A slow computer player's choice, worked out away from the page, then played here."""
        from cardlab.sessions.seatview import detached

        self._deciding = True
        observation = detached(self.seat_session.room.state.observation(due.seat))

        def play(action: Action) -> None:
            self._deciding = False
            self._guarded(lambda: self._play_decided(due, action))

        def failed(error: BaseException) -> None:
            self._deciding = False
            self._guarded(lambda: self._raise(error))

        self.clock.off(lambda: due.decide(observation), play, failed)

    @staticmethod
    def _raise(error: BaseException) -> bool:
        raise error

    def _play_decided(self, due: Any, action: Action) -> bool:
        room = self.seat_session.room
        try:
            played = self._watching(lambda: play_bot_move(room, self.seat_session.holder, due, action))
        except RoomError:
            return True
        if played:
            self._room_moved_at = time.monotonic()
        self._move_room_bots()  # the next one (or this one again, if the room moved on)
        return True

    def _read_status(self) -> str:
        try:
            return self.seat_session.store.room_status(self.seat_session.room.id)
        except (StoreError, sqlite3.Error):  # a store that cannot say now: the table stays as it was
            return getattr(self, "status", "open")

    def _read_switches(self, *, force: bool = False) -> bool:
        """Look at the room's switches and status again (every :data:`SWITCH_SECONDS`, or now
        with ``force``); True if they changed."""
        now = time.monotonic()
        if not force and now - self._switches_read < SWITCH_SECONDS:
            return False
        self._switches_read = now
        switches, status = self.seat_session.switches(), self._read_status()
        changed = switches != self.switches or status != self.status
        self.switches, self.status = switches, status
        return changed

    def poll(self) -> bool:
        """One look at the store by hand (a started session needs none: it is told): renew
        the seat, catch up, let the room's computer players move, stop on a result. True if
        the page must change."""
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

    # -- pushed changes, on the page's clock ---------------------------------------------
    _started = False

    def start(self) -> None:
        """Be told of every change of the room until :meth:`stop` (the store's ``watch``),
        and renew the page's hold on its seat every :data:`RENEW_SECONDS`, on the page's
        clock (without one, in plain Python, a change is taken in at once in the writer's
        thread and the seat is renewed by :meth:`poll`)."""
        if self._started:
            return
        self._started = True
        self._unwatch = self.seat_session.store.watch(self.seat_session.room.id, self._pushed)
        if self.clock is not None:
            self._renewal = self.clock.later(RENEW_SECONDS, self._renew)
            self.clock.soon(lambda: self._guarded(self._bots_step))  # a computer may be due already

    def stop(self) -> None:
        """Stop listening and cancel the page's timers (the page closed, or the seat was taken)."""
        self._started = False
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        for handle in (self._renewal, self._bots_due):
            if handle is not None:
                handle.cancel()
        self._renewal = self._bots_due = None

    def leave(self) -> None:
        """The page is gone: stop, and give the seat up at once (its link opens it again)."""
        self.stop()
        try:
            self.seat_session.leave()
        except (StoreError, sqlite3.Error):
            pass  # the store is gone: the seat's lease runs out by itself

    _working = False
    _missed = False

    def _at_work(self, work: Callable[[], Any]) -> Any:
        """Run this page's ``work``; a change told meanwhile (by this very work's write, in
        its thread, where there is no clock, or by the store's feed in its own) is taken in
        once it is done, not inside it."""
        with self._push_lock:
            nested, self._working = self._working, True
        if nested:
            return work()
        try:
            return work()
        finally:
            self._done_working()

    def _done_working(self) -> None:
        """Take in what was told while the page worked, then let the next telling in (the
        check and the end are one step: a change told by another thread is never dropped)."""
        while True:
            with self._push_lock:
                if not (self._missed and self._started):
                    self._working = self._missed = False
                    return
                self._missed = False
            self._guarded(self._take_in)

    def _pushed(self, room: str) -> None:
        """The store says the room changed (any thread): take it in on the page, once for a burst."""
        if self.clock is None:
            with self._push_lock:
                if self._working:  # this page is at work (in this thread, or the feed's): it takes it in after
                    self._missed = True
                    return
                self._working = True
            try:
                self._guarded(self._take_in)
            finally:
                self._done_working()
            return
        with self._push_lock:
            if self._push_waiting:
                return
            self._push_waiting = True
        self.clock.soon(self._pushed_on_page)

    def _pushed_on_page(self) -> None:
        with self._push_lock:
            self._push_waiting = False  # a change from now on is taken in again
        if self._started:
            self._guarded(self._take_in)

    def _take_in(self) -> bool:
        """One change of the room: who holds the seat, the actions, the switches and the status,
        then the computers' moves. True if the page must change."""
        if self.seat_session.store.seat_holder(self.seat_session.room.id, self.seat) != self.seat_session.holder:
            raise SeatTaken.said("seat_taken")
        room = self.seat_session.room
        before = room.version
        self._watching(room.refresh)
        switched = self._read_switches(force=True)
        if room.version != before:
            self._room_moved_at = time.monotonic()
        self._move_room_bots()
        extras = [extra() for extra in self.extras]
        return self._catch_up(refresh=False) or switched or any(extras)

    def _renew(self) -> None:
        self._renewal = None
        if not self._started:
            return
        if self._guarded(self._renew_seat) is not False and self._started and self.clock is not None:
            self._renewal = self.clock.later(RENEW_SECONDS, self._renew)

    def _renew_seat(self) -> bool:
        self.seat_session.renew()
        return False  # nothing on the page changes

    def _guarded(self, step: Callable[[], bool]) -> bool | None:
        """Run ``step`` on the page and redraw it if it says so; the seat taken elsewhere stops
        the page; any other error is said on this page alone (see :meth:`fail`)."""
        try:
            changed = step()
        except SeatTaken as taken:
            self.notice = Notice.refusal(taken)
            self.stop()
            changed = None
        except Exception as error:  # noqa: BLE001 - this seat's page says so; the others go on
            self.fail(error)
            changed = True
        if changed is not False:
            self._changed()
        return changed
