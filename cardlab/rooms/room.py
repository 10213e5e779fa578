"""A room as each kernel sees it: the state replayed from the store, actions as transactions.

The store is the one authority. A :class:`Room` is a kernel's copy of one room's state,
caught up from the store's action list (cheap: only the actions it has not applied).
:meth:`Room.act` is a single transaction: take the write lock, catch up, check the
action with the engine for that seat, append it, commit. Two clicks at once are
serialised by the lock; the one that lost the race finds the table moved on and is
refused with a message (:class:`StaleView`), so no action is lost or applied twice.

>>> import tempfile, os
>>> from cardlab.engine import Action
>>> from cardlab.rooms.store import SQLiteStore
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> room_id = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, None])
>>> room = Room(store, room_id)
>>> seat = room.state.current_player
>>> action = sorted(room.state.legal_actions(), key=str)[0]
>>> room.act(seat, action, seen=0)
1
>>> Room(store, room_id).state.actions == room.state.actions   # another kernel replays the same
True
>>> room.act(seat, action, seen=0)
Traceback (most recent call last):
...
cardlab.rooms.room.StaleView: The table moved on before your choice arrived (1 new move). Look again and choose.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from cardlab.bots import BOTS, bot_for
from cardlab.engine import Action, Game, GameState, IllegalActionError
from cardlab.games import GAMES
from cardlab.rooms.store import RoomInfo, RoomStore

__all__ = ["GAME_CLASSES", "BOT_NAMES", "Room", "RoomError", "StaleView", "RoomClosed", "AccessRefused", "SeatTaken",
           "game_of", "make_bot", "move_bots"]

#: The games a room can hold, by the name a room stores.
GAME_CLASSES: dict[str, type[Game]] = {name: entry.game for name, entry in GAMES.items()}

#: The bots a room can seat, by name.
BOT_NAMES = tuple(BOTS)


class RoomError(ValueError):
    """An action a room refuses for a reason outside the game's rules."""


class StaleView(RoomError):
    """The table changed between what the player saw and their click (they lost a race)."""


class RoomClosed(RoomError):
    """The teacher paused or ended the room."""


class AccessRefused(RoomError):
    """A join link that gives no seat: a wrong token, room or seat."""


class SeatTaken(AccessRefused):
    """The seat was opened in another window since; only the newest page plays it."""


def game_of(info: RoomInfo) -> Game:
    """The game settings a room was created with."""
    try:
        cls = GAME_CLASSES[info.game]
    except KeyError:
        raise RoomError(f"room {info.id} holds an unknown game {info.game!r}") from None
    return cls(**info.settings)


def make_bot(name: str, seed: int) -> Callable[[Any], Action]:
    """A fresh seeded bot; a room's bot is made anew for each move from a seed fixed by the
    room's seed, the seat and the move's number, so its choices do not depend on which
    kernel happens to move it."""
    if name not in BOT_NAMES:
        raise RoomError(f"a room's bot is one of {', '.join(BOT_NAMES)}, got {name!r}")
    return bot_for(name, seed, **({"samples": 16} if name == "search" else {}))


class Room:
    """One kernel's copy of a room, caught up from the store on demand."""

    def __init__(self, store: RoomStore, room_id: str):
        self.store = store
        self.id = room_id
        self.info = store.room(room_id)
        self.game = game_of(self.info)
        self.state: GameState = self.game.new_state(seed=self.info.seed, dealer=self.info.dealer)
        self.done = 0  # actions of the store applied to self.state
        self.undos = store.undo_count(room_id)  # moves taken back so far: another one means replay
        self.refresh()

    @property
    def version(self) -> int:
        """How many actions this copy has applied: what its table shows."""
        return self.done

    def _apply_stored(self, rows: list[tuple[int, int, list]]) -> None:
        for number, seat, data in rows:
            if number != self.done + 1:
                raise RoomError(f"room {self.id}: action {number} follows action {self.done}")
            self.state.apply_for(seat, Action.from_list(data))  # checked again: the store is trusted, not blindly
            self.done = number

    def refresh(self) -> bool:
        """Apply the actions other kernels committed (or replay the room if a move was taken
        back since); True if anything changed."""
        if self.store.undo_count(self.id) != self.undos:
            self._rebuild()
            return True
        rows = self.store.actions(self.id, since=self.done)
        self._apply_stored(rows)
        return bool(rows)

    def _rebuild(self) -> None:
        self.state = self.game.new_state(seed=self.info.seed, dealer=self.info.dealer)
        self.done = 0
        self.undos = self.store.undo_count(self.id)
        self._apply_stored(self.store.actions(self.id))

    def undo(self, seat: int, *, holder: str | None = None) -> int:
        """Take back ``seat``'s last action and the computer players' moves after it, as one
        transaction; returns how many actions were taken back.

        Only while nobody else has moved since: another person's move is theirs, so then
        the room refuses (:class:`RoomError`) and nothing changes. Every page replays the
        room when it next looks (the store counts the undos).
        """
        with self.store.transaction() as tx:
            self._check_open(tx, seat, holder)
            if tx.undo_count(self.id) != self.undos:
                self._rebuild()
            self._apply_stored(tx.actions_since(self.id, self.done))
            actions = self.state.actions
            last = max((i for i, (player, _) in enumerate(actions) if player == seat), default=None)
            if last is None:
                raise RoomError("You have no move to take back yet.")
            bots = self.bot_seats()
            if any(player not in bots for player, _ in actions[last + 1:]):
                raise RoomError("Another player has moved since: your move stands.")
            tx.take_back(self.id, last)
        self._rebuild()
        return len(actions) - last

    def _check_open(self, tx: Any, seat: int, holder: str | None) -> None:
        """Refuse a move at a paused or closed table, or from a page that no longer holds the seat."""
        status = tx.room_status(self.id)
        if status != "open":
            raise RoomClosed("The teacher has paused this table." if status == "paused" else "This table is closed.")
        if holder is not None and tx.seat_holder(self.id, seat) != holder:
            raise SeatTaken("This seat is now open in another window; play there.")

    def act(self, seat: int, action: Action, *, seen: int | None = None, holder: str | None = None) -> int:
        """Play ``action`` for ``seat`` as one transaction; returns the action's number.

        ``seen`` is the version the player's table showed: if others moved since, the
        click is refused with :class:`StaleView` (the table refreshes and they look again).
        ``holder``, when given, must be the page that holds the seat now (a reopened link
        takes a seat over; the older page is refused). An illegal action raises the
        engine's :class:`IllegalActionError`; either way the store and this copy are as before.
        """
        applied = False
        try:
            with self.store.transaction() as tx:
                self._check_open(tx, seat, holder)
                if tx.undo_count(self.id) != self.undos:  # a move was taken back: what the page saw is gone
                    self._rebuild()
                    raise StaleView("A move was taken back before your choice arrived. Look again and choose.")
                self._apply_stored(tx.actions_since(self.id, self.done))
                if seen is not None and seen != self.done:
                    moves = self.done - seen
                    raise StaleView(f"The table moved on before your choice arrived ({moves} new "
                                    f"move{'s' if moves != 1 else ''}). Look again and choose.")
                self.state.apply_for(seat, action)  # refuses (state unchanged) unless legal for that seat
                applied = True
                tx.append_action(self.id, self.done + 1, seat, action.to_list())
            self.done += 1
            return self.done
        except BaseException:
            if applied:  # the engine moved but the store did not: start again from the store
                self._rebuild()
            raise

    def bot_seats(self) -> dict[int, str]:
        return {info.seat: info.bot for info in self.store.seats(self.id) if info.bot is not None}


def move_bots(room: Room, mover: str, *, max_moves: int = 1000) -> int:
    """Play every bot move that is due, if ``mover`` holds the room's bot lease.

    Only one kernel per room moves its bots (the lease in the store); even so each move
    is committed only if the room is still where the bot decided (else it decides again),
    so a bot can never move twice. Returns the number of moves made.
    """
    bots = room.bot_seats()
    made = 0
    for _ in range(max_moves):
        room.refresh()
        state = room.state
        seat = state.current_player
        if state.is_terminal or seat not in bots:
            return made
        seen = room.done
        seed = int(np.random.SeedSequence([room.info.seed, seat, seen]).generate_state(1)[0])
        action = make_bot(bots[seat], seed)(state.observation(seat))
        with room.store.transaction() as tx:
            if not tx.take_mover(room.id, mover):
                return made
        try:
            room.act(seat, action, seen=seen)
        except StaleView:
            continue
        except (RoomClosed, IllegalActionError):
            return made
        made += 1
    return made
