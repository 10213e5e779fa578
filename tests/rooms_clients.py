"""Client processes for the rooms tests: each is a separate Python process (as each Voilà
page is a separate kernel) that opens the store by its URL (SQLite or PostgreSQL), joins
one seat with its link and plays random legal actions with random think times, clicking
twice now and then, until the game ends."""

from __future__ import annotations

import os
import time
from typing import Any

import numpy as np

from cardlab.engine import IllegalActionError
from cardlab.rooms import RoomClosed, SeatSession, SeatTaken, StaleView, move_bots, open_store


def play_seat(db: str, query: str, seed: int, seconds: float, think: float = 0.02,
              moves_bots: bool = False) -> dict[str, Any]:
    """Play one seat until the game ends or ``seconds`` pass; report what was committed."""
    store = open_store(db)
    session = SeatSession.join(store, query)
    rng = np.random.default_rng(seed)
    committed: list[tuple[int, int, list]] = []
    stale = illegal = bot_moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        session.poll()
        if moves_bots:
            bot_moves += move_bots(session.room, session.holder)
        state = session.room.state
        if state.is_terminal:
            break
        if state.current_player != session.seat:
            time.sleep(0.002)
            continue
        action = session.observation().legal_actions.sample(rng)
        time.sleep(float(rng.random()) * think)  # a student thinks; others may move meanwhile
        clicks = 2 if rng.random() < 0.2 else 1  # a double click sends the same choice twice
        for _ in range(clicks):
            try:
                number = session.act(action)
            except StaleView:
                stale += 1
            except IllegalActionError:
                illegal += 1
            except (RoomClosed, SeatTaken):
                return _report(session, committed, stale, illegal, bot_moves, store)
            else:
                committed.append((number, session.seat, action.to_list()))
    return _report(session, committed, stale, illegal, bot_moves, store)


def _report(session: SeatSession, committed, stale, illegal, bot_moves, store) -> dict[str, Any]:
    session.room.refresh()
    report = {"room": session.room.id, "seat": session.seat, "committed": committed, "stale": stale,
              "illegal": illegal, "bot_moves": bot_moves, "json": session.room.state.to_json(),
              "terminal": session.room.state.is_terminal, "pid": os.getpid()}
    session.leave()
    store.close()
    return report


def die_in_transaction(db: str, room: str, seat: int) -> None:
    """Start an action's transaction, write the action, and die before the commit."""
    from cardlab.rooms import Room
    from cardlab.rooms.sql import SQLTransaction

    store = open_store(db)
    room_copy = Room(store, room)
    action = room_copy.state.legal_actions().sample(np.random.default_rng(0))
    original = SQLTransaction.append_action

    def append_then_die(self, *args):
        original(self, *args)
        os._exit(3)  # the writer dies holding the lock, its action written but not committed

    SQLTransaction.append_action = append_then_die
    room_copy.act(seat, action)


def choose_at(db: str, query: str, at: float, seed: int) -> dict[str, Any]:
    """Draw the seat's page, pick one of its legal choices, and click it at wall-clock time
    ``at`` (so several processes click within a few milliseconds of each other); report
    whether the click was accepted and when it was sent."""
    store = open_store(db)
    session = SeatSession.join(store, query)
    action = session.observation().legal_actions.sample(np.random.default_rng(seed))  # the page is drawn
    while time.time() < at:
        time.sleep(0.0002)
    clicked = time.time()
    try:
        outcome: Any = session.act(action)
    except (StaleView, IllegalActionError) as refused:
        outcome = f"{type(refused).__name__}: {refused}"
    report = {"seat": session.seat, "clicked": clicked, "outcome": outcome, "action": action.to_list()}
    session.leave()
    store.close()
    return report
