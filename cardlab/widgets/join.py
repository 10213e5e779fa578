"""A student's table in a classroom room: the same table as at home, its moves through the store.

:func:`room_table` takes the game's own table (Kontrabluff's, draw poker's, ...) and
changes where its moves go: a click becomes one transaction in the room's store
(:meth:`cardlab.rooms.SeatSession.act`), and a poll on the kernel's own event loop
(no threads, as Voilà needs) brings the others' moves in. The table draws only this
seat's observation, as always; there is no new game, no step and no bot of its own
(the room's computer players move from the store, at the pace the teacher set), and
nothing that shows another seat's cards. The teacher's switches for the room
(:class:`cardlab.rooms.Switches`) decide whether Hints and Undo show (Undo takes back
the seat's own last move while nobody else has moved since). A control a room hides is
inert: a forged widget message that clicks it changes nothing and says nothing.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, SeatSession
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, None])
>>> table = room_table(SeatSession.join(store, f"room={room}&seat=1&token={store.tokens(room)[1]}"))
>>> table.seat, table.state is table.session.room.state, table.bots
(1, True, {})
"""

from __future__ import annotations

import asyncio
import html
import time
from collections.abc import Callable
from typing import Any

from cardlab.engine import Action, GameState, IllegalActionError
from cardlab.rooms import RoomError, SeatSession, SeatTaken, Switches, move_bots
from cardlab.widgets.table import Table

__all__ = ["RoomPlay", "room_table"]

#: Seconds between two looks at the store (the others' moves show within about this).
POLL_SECONDS = 0.2
#: Seconds between two looks at the room's switches (the teacher's changes show within this).
SWITCH_SECONDS = 1.0


class RoomPlay:
    """What a room changes in a table (mixed in before the game's own table class)."""

    session: SeatSession
    switches: Switches = Switches()
    _poll_task: asyncio.Task | None = None
    _switches_read = 0.0
    _room_moved_at = 0.0
    _started = False
    _undos_seen = 0

    @property
    def state(self) -> GameState:  # the room's state, as the store has it: never a local game
        return self.session.room.state

    @state.setter
    def state(self, value: GameState) -> None:
        pass  # the table's own new_game makes a local state: a room keeps the store's

    def new_game(self, seed: int | None = None) -> None:
        if self._started:  # a room's game is the store's: the table never starts another
            return
        self._started = True
        super().new_game(seed)  # type: ignore[misc]
        self.bots = {}  # the room's computer players move from the store, not here
        self._say(f"You play {self.seats[self.seat]}. Moves by the others appear here as they are made.")

    # -- controls a room hides do nothing (a forged widget message may still click them) ----
    def undo(self) -> bool:
        """Take back this seat's last move and the computers' replies, where the room's undo
        switch is on and nobody else has moved since; with the switch off, nothing at all."""
        if not self.switches.undo:
            return False  # the button is hidden: a forged click does nothing and says nothing
        try:
            self.session.undo()
        except RoomError as refused:
            self._say(str(refused), error=True)
            self._refresh()
            return False
        self._taken_back()
        self._say("Undone: your last move and what the computers did after it.")
        self._refresh()
        return True

    def _taken_back(self) -> None:
        """The room was replayed after an undo: forget the results and choices of the lost moves."""
        self._undos_seen = self.session.room.undos
        self.pause = None
        self._asking = None
        self.selected = []
        self.replay_states = None
        self._events_seen = len(self.state.history)
        self._room_moved_at = time.monotonic()

    def step(self) -> bool:
        return False

    def _ask(self, question: str, then: Callable[[], Any]) -> None:
        if then == self.new_game:  # the hidden New game button asks nothing
            return
        super()._ask(question, then)  # type: ignore[misc]

    def _toggle_replay(self) -> None:
        if self.replay_states is None and not self.state.is_terminal:
            return  # Replay shows only once the game is over
        super()._toggle_replay()  # type: ignore[misc]

    def _hint_value(self, obs: Any) -> str:
        return super()._hint_value(obs) if self.switches.hints else ""  # type: ignore[misc]

    def _read_switches(self) -> bool:
        """Look at the room's switches again (every :data:`SWITCH_SECONDS`); True if they changed."""
        now = time.monotonic()
        if now - self._switches_read < SWITCH_SECONDS:
            return False
        self._switches_read = now
        switches = self.session.switches()
        changed, self.switches = switches != self.switches, switches
        return changed

    def _next_bot(self) -> int | None:
        return None

    def play(self, action: Action) -> None:
        """Send ``action`` to the room: one transaction, checked for this seat by the engine."""
        if self.pause is not None and not self.state.is_terminal:
            raise IllegalActionError("EN-1", "the result is still on screen: click Continue first")
        before = self.state.observation(self.seat)
        try:
            self.session.act(action)
        except RoomError as refused:  # lost a race, the table was paused, or the seat moved
            self._say(str(refused), error=True)
            self._catch_up(before)
            return
        self.selected = []
        self._say("")
        self._check_results(before)
        self._room_moved_at = time.monotonic()
        self._move_room_bots()

    def _catch_up(self, before: Any = None) -> bool:
        """Bring in the others' moves; stop on a result they led to. True if anything moved."""
        before = before if before is not None else self.state.observation(self.seat)
        self.session.room.refresh()
        if self.session.room.undos != self._undos_seen:  # someone took a move back: the room was replayed
            self._taken_back()
            self._say("A move was taken back at this table.")
            return True
        if self.session.room.version == self._shown_version:
            return False
        if self.pause is None:
            self._check_results(before)
        return True

    def _move_room_bots(self) -> None:
        """Let the room's computer players move: all at once, or one move every ``pace``
        seconds of the room's switches (counted from the last move this page saw)."""
        pace = self.switches.pace
        if pace > 0 and time.monotonic() - self._room_moved_at < pace:
            return
        try:
            moved = move_bots(self.session.room, self.session.holder, max_moves=1 if pace > 0 else 1000)
        except RoomError:
            return
        if moved:
            self._room_moved_at = time.monotonic()

    def poll(self) -> bool:
        """One look at the store (the timer calls this): renew the seat, catch up, let the
        room's computer players move, stop on a result. True if the table changed."""
        before = self.state.observation(self.seat)
        try:
            self.session.poll()
        except SeatTaken as taken:
            self._say(str(taken), error=True)
            self.stop()
            self._refresh()
            return True
        switched = self._read_switches()
        if self.session.room.refresh():  # someone moved: a computer's next move waits its pace from now
            self._room_moved_at = time.monotonic()
        self._move_room_bots()
        if not self._catch_up(before):
            if switched:
                self._refresh()
            return switched
        self._refresh()
        return True

    _shown_version = -1

    def _draw(self) -> None:
        self._shown_version = self.session.shown = self.session.room.version  # what a click answers
        super()._draw()  # type: ignore[misc]
        for control in (self._new, self._step, self._auto, self._pace):
            control.layout.display = "none"
        self._undo.layout.display = None if self.switches.undo else "none"
        self._undo.disabled = self._undo.disabled or not self.switches.undo
        self._hints.layout.display = None if self.switches.hints else "none"

    def _title_html(self, seat: int) -> str:
        title = super()._title_html(seat)  # type: ignore[misc]
        return f"{title}<div class='cl-room'>Classroom table {html.escape(self.session.room.id)}</div>"

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
            self._guard(self.poll)


def room_table(session: SeatSession, **options: Any) -> Table:
    """The table of the room's game for the seat ``session`` holds, playing through the store."""
    from cardlab.widgets import TABLES

    base = TABLES[session.room.game.name]
    cls = type(f"Room{base.__name__}", (RoomPlay, base), {"__doc__": base.__doc__})
    table = cls.__new__(cls)
    table.session = session
    table.switches = session.switches()
    table._undos_seen = session.room.undos
    table._switches_read = time.monotonic()
    options.pop("teacher", None)  # a student's table never shows every card
    cls.__init__(table, session.room.game, seat=session.seat, seed=session.room.info.seed, hotseat=False,
                 **options)
    return table
