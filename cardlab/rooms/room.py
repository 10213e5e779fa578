"""A room as each kernel sees it: the state replayed from the store, actions as transactions.

The store is the one authority. A :class:`Room` is a kernel's copy of one room's state,
caught up from the store's action list (cheap: only the actions it has not applied).
:meth:`Room.act` is a single transaction: take the write lock, catch up, check the
action with the engine for that seat, append it, commit. Two clicks at once are
serialised by the lock, so no action is lost or applied twice. The later click is
refused only if what *its* seat sees changed since its page was drawn
(:class:`StaleView`: the table refreshes, the student looks again) or if the engine
no longer allows it; another seat's hidden choice in a simultaneous phase (FL-3, PP-2)
changes nothing that seat sees but a notice, so every seat may choose at once.

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
cardlab.rooms.room.StaleView: The table moved on before your choice arrived. Look again and choose.

In a simultaneous phase the others' choices are hidden: all three seats of Fight for the
Lead lay their fight cards against the page each saw first, and none is refused.

>>> room_id = store.create_room("fight_for_the_lead", {"players": 3}, seed=5, seats=[None, None, None])
>>> room = Room(store, room_id)
>>> drawn = room.version                      # every page was drawn before anyone chose
>>> [room.act(seat, next(iter(room.state.legal_actions(seat))), seen=drawn) for seat in (2, 0, 1)]
[1, 2, 3]
>>> [room.view_version(seat) for seat in range(3)]   # then the fight was decided: all saw it
[3, 3, 3]
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardlab.bots import BOTS, bot_for
from cardlab.engine import Action, Game, GameState, IllegalActionError, to_act
from cardlab.games import by_game
from cardlab.records import SEAT, reveals
from cardlab.rooms.store import RoomInfo, RoomStore, StoreUnavailable
from cardlab.words.table import notice_text

__all__ = ["GAME_CLASSES", "BOT_NAMES", "Room", "RoomError", "StaleView", "RoomClosed", "AccessRefused", "SeatTaken",
           "Reconnecting", "game_of", "make_bot", "move_bots", "to_act", "BotMove", "next_bot_move", "play_bot_move",
           "SLOW_BOTS"]

#: The computer players whose choice takes long (a search over the hidden cards): a page
#: works it out away from the pages' thread (:meth:`BotMove.decide`, then :func:`play_bot_move`).
SLOW_BOTS = frozenset({"search"})

#: The games a room can hold, by the name a room stores.
GAME_CLASSES: Mapping[str, type[Game]] = by_game(lambda entry: entry.game)  # every game, live

#: The bots a room can seat, by name.
BOT_NAMES = tuple(BOTS)


class RoomError(ValueError):
    """An action a room refuses for a reason outside the game's rules.

    A refusal a student reads is made with :meth:`said` from a notice of the words layer
    (:data:`cardlab.words.table.NOTICES`): ``notice`` names it and ``values`` fill it, so
    a page can say it in its own language; the message is that sentence.

    >>> error = RoomError.said("undo_none")
    >>> error.notice, str(error)
    ('undo_none', 'Undo cannot go back: you have not moved yet.')
    """

    def __init__(self, message: str, *, notice: str | None = None, values: dict[str, Any] | None = None):
        super().__init__(message)
        self.notice = notice
        self.values = dict(values or {})

    @classmethod
    def said(cls, notice: str, **values: Any) -> RoomError:
        """The refusal ``notice`` of the words layer, filled with ``values``."""
        return cls(notice_text(notice, values, players=2), notice=notice, values=values)


class StaleView(RoomError):
    """The table changed between what the player saw and their click (they lost a race)."""


class RoomClosed(RoomError):
    """The teacher paused or ended the room."""


class AccessRefused(RoomError):
    """A join link that gives no seat: a wrong token, room or seat."""


class SeatTaken(AccessRefused):
    """The seat was opened in another window since; only the newest page plays it."""


class Reconnecting(RoomError):
    """The store could not be reached for a click (its server restarted, the network
    dropped), even after trying once more: the click may or may not stand, and the page
    says so, in words, and shows the table as the store has it once it answers again.

    >>> Reconnecting.said("store_reconnecting").notice
    'store_reconnecting'
    """

    #: Computer moves committed before the loss by :func:`move_bots` (they stand).
    moves_made = 0


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
        self._unsure = False  # this copy may differ from the store (a click whose commit failed): rebuild it
        self._seen_at = [0] * self.game.num_players  # per seat: the last action that changed what it sees
        self.undos = store.undo_count(room_id)  # moves taken back so far: another one means replay
        self.refresh()

    @property
    def version(self) -> int:
        """How many actions this copy has applied: what its table shows."""
        return self.done

    def view_version(self, seat: int) -> int:
        """The number of the last action that changed what ``seat`` sees (0: none yet).

        A page drawn at room version ``v`` is stale for its seat exactly when this is
        above ``v``; a page may pass either the room's :attr:`version` or this as
        :meth:`act`'s ``seen``. Kept as actions are applied (a few records each), so it
        costs the same at action 10 and at action 100,000.
        """
        return self._seen_at[seat]

    def _note_views(self, number: int, actor: int, before: int) -> None:
        """Action ``number`` by ``actor`` made the history's records from ``before`` on: mark
        every seat that sees one of them as changed, except where all it sees is a notice
        of the actor's hidden choice (FL-3's fight card laid face down, PP-2's packets
        arranged: the actor's seat alone, no action shown)."""
        seen_at = self._seen_at
        seen_at[actor] = number  # a seat's own move always changes its table
        records = self.state.history.records[before:]
        for seat in range(len(seen_at)):
            if seen_at[seat] == number:
                continue
            for kind, values, player, action, _, visible in records:
                if visible is not None and seat not in visible:
                    continue
                if player == actor and action is None and len(kind.fields) == 1 and kind.fields[0][1] is SEAT:
                    continue  # only that the actor has chosen, not what
                seen_at[seat] = number
                break

    def _apply(self, number: int, seat: int, action: Action) -> None:
        """Apply action ``number`` for ``seat`` (checked by the engine) and note who sees a change."""
        before = len(self.state.history)
        self.state.apply_for(seat, action)  # refuses (state unchanged) unless legal for that seat
        self._note_views(number, seat, before)
        self.done = number

    def _apply_stored(self, rows: list[tuple[int, int, list]]) -> None:
        for number, seat, data in rows:
            if number != self.done + 1:
                raise RoomError(f"room {self.id}: action {number} follows action {self.done}")
            self._apply(number, seat, Action.from_list(data))  # checked again: the store is trusted, not blindly

    def refresh(self) -> bool:
        """Apply the actions other kernels committed (or replay the room if a move was taken
        back since); True if anything changed."""
        if self._unsure or self.store.undo_count(self.id) != self.undos:
            self._rebuild()
            return True
        rows = self.store.actions(self.id, since=self.done)
        self._apply_stored(rows)
        return bool(rows)

    def _rebuild(self, tx: Any = None) -> None:
        """Replay the room from the store, read in ``tx`` if given (the step's own
        transaction: no second connection while it holds the room). If the store cannot
        answer, this copy stays marked unsure, and the next refresh tries again."""
        self._unsure = True
        self.state = self.game.new_state(seed=self.info.seed, dealer=self.info.dealer)
        self.done = 0
        self._seen_at = [0] * self.game.num_players
        if tx is None:
            self.undos = self.store.undo_count(self.id)
            self._apply_stored(self.store.actions(self.id))
        else:
            self.undos = tx.undo_count(self.id)
            self._apply_stored(tx.actions_since(self.id, 0))
        self._unsure = False

    def undo(self, seat: int, *, holder: str | None = None) -> int:
        """Take back ``seat``'s last action and the computer players' moves after it, as one
        transaction; returns how many actions were taken back.

        Only while nobody else has moved since: another person's move is theirs, so then
        the room refuses (:class:`RoomError`) and nothing changes. Every page replays the
        room when it next looks (the store counts the undos). A store that cannot be
        reached raises :class:`Reconnecting` (an undo is not tried twice: the second
        could take back another move).
        """
        try:
            with self.store.transaction() as tx:
                self._check_open(tx, seat, holder)
                if tx.undo_count(self.id) != self.undos:
                    self._rebuild(tx)
                self._apply_stored(tx.actions_since(self.id, self.done))
                actions = self.state.actions
                last = max((i for i, (player, _) in enumerate(actions) if player == seat), default=None)
                if last is None:
                    raise RoomError.said("undo_none")
                bots = self.bot_seats()
                if any(player not in bots for player, _ in actions[last + 1:]):
                    raise RoomError.said("undo_others_moved")
                if self._revealed_since(seat, last):
                    raise RoomError.said("undo_shown")
                tx.take_back(self.id, last)
        except StoreUnavailable as lost:
            self._unsure = True
            raise Reconnecting.said("store_reconnecting") from lost
        self._rebuild()
        return len(actions) - last

    def _revealed_since(self, seat: int, last: int) -> bool:
        """Whether anything was turned up for ``seat`` from its action number ``last`` on
        (a result, a trick, a computer's shown card: the table's undo rule, issue 28):
        taking the move back would replay the position with that knowledge. Replays the
        room up to that action, as an undo replays it anyway."""
        probe = self.game.new_state(seed=self.info.seed, dealer=self.info.dealer)
        for player, action in self.state.actions[:last]:
            probe.apply_for(player, action)
        known = frozenset(probe.observation(seat).hand)
        records = self.state.history.records
        return any(reveals(records[index], seat, known) for index in range(len(probe.history), len(records)))

    def _check_open(self, tx: Any, seat: int, holder: str | None) -> None:
        """Refuse a move at a paused or closed table, or from a page that no longer holds the seat."""
        status = tx.room_status(self.id)
        if status != "open":
            raise RoomClosed.said("room_paused" if status == "paused" else "room_closed")
        if holder is not None and tx.seat_holder(self.id, seat) != holder:
            raise SeatTaken.said("seat_taken")

    def act(self, seat: int, action: Action, *, seen: int | None = None, holder: str | None = None) -> int:
        """Play ``action`` for ``seat`` as one transaction; returns the action's number.

        ``seen`` is the room's :attr:`version` when the player's table was drawn (or the
        seat's :meth:`view_version` then): if what this seat sees changed since, the click
        is refused with :class:`StaleView` (the table refreshes and they look again).
        Another seat's hidden choice in a simultaneous phase does not refuse it.
        ``holder``, when given, must be the page that holds the seat now (a reopened link
        takes a seat over; the older page is refused). An illegal action raises the
        engine's :class:`IllegalActionError`; either way the store and this copy are as before.

        A connection lost on the way is tried once more (:meth:`RoomStore.run`). If it was
        lost while committing, the second try finds the action stored under its number
        and returns that number: the click counts once. If the store still cannot answer,
        :class:`Reconnecting` says so in words.
        """
        sent: tuple[int, int, list] | None = None  # what a try wrote, in case its commit happened unseen

        def step(tx: Any) -> int:
            nonlocal sent
            if self._unsure:  # the try before applied the action here but may not have stored it
                self._rebuild(tx)
            if sent is not None and tx.actions_since(self.id, sent[0] - 1)[:1] == [sent]:
                self._apply_stored(tx.actions_since(self.id, self.done))  # the try before committed, then
                return sent[0]  # lost its connection before it heard so: the click counts once
            self._check_open(tx, seat, holder)
            if tx.undo_count(self.id) != self.undos:  # a move was taken back: what the page saw is gone
                self._rebuild(tx)
                raise StaleView.said("stale_taken_back")
            self._apply_stored(tx.actions_since(self.id, self.done))
            if seen is not None and self.view_version(seat) > seen:
                raise StaleView.said("stale_moved")
            number = self.done + 1
            self._apply(number, seat, action)  # the engine refuses here, the state unchanged, or moves:
            self._unsure = True  # from here until the commit, this copy is ahead of the store
            sent = (number, seat, json.loads(json.dumps(action.to_list())))  # as the store gives it back
            tx.append_action(self.id, number, seat, sent[2])
            return number

        try:
            number = self.store.run(step)
        except StoreUnavailable as lost:
            raise Reconnecting.said("store_reconnecting") from lost
        except BaseException:
            if self._unsure:  # the engine moved but the store did not: start again from the store
                with contextlib.suppress(StoreUnavailable):
                    self._rebuild()
            raise
        self._unsure = False
        return number

    def bot_seats(self) -> dict[int, str]:
        return {info.seat: info.bot for info in self.store.seats(self.id) if info.bot is not None}


@dataclass(frozen=True)
class BotMove:
    """A computer player's move that is due: its seat and kind, the room's version it decides
    at, and the seed it decides with (fixed by the room, the seat and the move's number, so
    any page, in any process, would choose the same)."""

    seat: int
    bot: str
    seen: int
    seed: int

    @property
    def slow(self) -> bool:
        return self.bot in SLOW_BOTS

    def decide(self, observation: Any) -> Action:
        """The bot's choice at ``observation`` (its seat's, at version :attr:`seen`). Pure: it
        may run in another thread while the page goes on."""
        return make_bot(self.bot, self.seed)(observation)


def next_bot_move(room: Room) -> BotMove | None:
    """The computer player's move due now in ``room`` (as this copy has it), or None."""
    bots = room.bot_seats()
    state = room.state
    # In a simultaneous phase (FL-3, PP-2) a bot chooses beside the students still
    # choosing, not only when it is the lowest seat left.
    seat = next((s for s in to_act(state) if s in bots), None)
    if seat is None:
        return None
    seed = int(np.random.SeedSequence([room.info.seed, seat, room.done]).generate_state(1)[0])
    return BotMove(seat, bots[seat], room.done, seed)


def play_bot_move(room: Room, mover: str, move: BotMove, action: Action) -> bool | None:
    """Commit ``action``, decided for ``move``, if ``mover`` holds the room's bot lease and the
    room is still where the bot decided. True: played; False: the room moved on (decide
    again); None: not this page's to move, or the room is paused, closed or over. A store
    that cannot be reached raises :class:`Reconnecting` (the move may or may not stand)."""
    try:
        with room.store.transaction() as tx:
            if not tx.take_mover(room.id, mover):
                return None
    except StoreUnavailable as lost:
        raise Reconnecting.said("store_reconnecting") from lost
    try:
        room.act(move.seat, action, seen=move.seen)
    except StaleView:
        return False
    except (RoomClosed, IllegalActionError):
        return None
    return True


def move_bots(room: Room, mover: str, *, max_moves: int = 1000) -> int:
    """Play every bot move that is due, if ``mover`` holds the room's bot lease.

    Only one kernel per room moves its bots (the lease in the store); even so each move
    is committed only if the room is still where the bot decided (else it decides again),
    so a bot can never move twice. Returns the number of moves made; a store that cannot
    be reached raises :class:`Reconnecting` (the move being made may or may not stand), or
    :class:`~cardlab.rooms.store.StoreUnavailable` from a read; either carries the moves
    made before it as ``moves_made`` (they stand: a caller that counts them must not lose them).
    """
    made = 0
    try:
        for _ in range(max_moves):
            room.refresh()
            move = next_bot_move(room)
            if move is None:
                return made
            played = play_bot_move(room, mover, move, move.decide(room.state.observation(move.seat)))
            if played is None:
                return made
            made += played
    except (Reconnecting, StoreUnavailable) as lost:
        lost.moves_made = made
        raise
    return made
