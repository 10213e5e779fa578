"""A class hammering its store through several classroom processes (issue 38's hammer and benchmark).

Each **classroom process** opens the store once (as a one-process server does) and serves
every student page connected to it from a thread of its own: the page joins its seat
with its link, waits for news of its room (the store's :meth:`~cardlab.rooms.RoomStore.watch`: a move
made through this server wakes it at once, one made through the other by the store's feed), and clicks what its student chose.
Each **student** is a process of its own (the browser): it connects to one classroom
process over a local socket, looks, and when it is its turn thinks a little and clicks
(twice now and then). Students of one room are served by different classroom processes.

:func:`hammer` runs a class for some seconds, with optional faults (a student killed and
started again on the other server; the database restarted), and :func:`check_rooms`
then holds the store to its promises: every room's actions are numbered 1..n, replay
legally from the seed, every click a page was told had counted is there under its
number, and nothing else is there but the computers' moves and the clicks whose fate the
page could not learn (the store was reconnecting): nothing lost, nothing doubled.
"""

from __future__ import annotations

import collections
import multiprocessing
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Client, Connection, Listener
from typing import Any

import numpy as np

from cardlab.engine import Action, IllegalActionError
from cardlab.rooms import (Reconnecting, Room, RoomClosed, SeatSession, SeatTaken, StaleView, StoreUnavailable,
                           move_bots, open_store, to_act)
from tests.playout import assert_cards_conserved

FORK = multiprocessing.get_context("fork")

#: Games long enough to last a hammer's run (two students, or one student and computers).
TWO_STUDENTS = [("kontrabluff", {"target": 300}), ("draw_poker", {"players": 2, "hands": 40}),
                ("fight_for_the_lead", {"players": 2, "games": 12}), ("parallel_poker", {"games": 6})]
WITH_COMPUTERS = [("fight_for_the_lead", {"players": 3, "games": 8}, [None, "random", "rule"]),
                  ("draw_poker", {"players": 3, "hands": 30}, [None, "rule", "random"])]


# -- a classroom process --------------------------------------------------------------------
def _serve_page(store: Any, conn: Connection, tally: dict[str, Any], lock: threading.Lock) -> None:
    """One student's page: 'join' a seat (leaving the one before), then answer 'look' and
    'click' until the student goes."""
    news = threading.Event()
    watching: dict[str, str] = {}
    told: collections.deque[float] = collections.deque(maxlen=256)  # when the page was told of its room

    def heard(changed: str | None) -> None:
        if changed in (None, watching.get("room")):
            told.append(time.time())
            news.set()

    unsubscribe = store.watch(None, heard)
    rng_cache: dict[int, np.random.Generator] = {}
    mine: dict[str, Any] = {"committed": [], "uncertain": [], "bot_rooms": {}, "bot_uncertain_rooms": {}, "push": []}
    counts = {"stale": 0, "illegal": 0, "reconnecting": 0, "bot_moves": 0, "bot_uncertain": 0}
    session: SeatSession | None = None
    moves_bots = False

    def send(answer: Any) -> bool:
        try:
            conn.send(answer)
        except OSError:  # the student's process is gone (killed): its page closes
            return False
        return True

    def leave() -> None:
        if session is not None:
            try:
                session.leave()
            except Exception:  # noqa: BLE001 - the store may be restarting: the seat's lease runs out
                pass

    try:
        while True:
            try:
                request = conn.recv()
            except (EOFError, OSError):
                break
            if request[0] == "join":
                leave()
                _, query, moves_bots = request
                try:
                    session = SeatSession.join(store, query)
                except (StoreUnavailable, Reconnecting):
                    counts["reconnecting"] += 1
                    session = None
                    if not send({"joined": False}):
                        break
                    continue
                watching["room"] = session.room.id
                if not send({"joined": True}):
                    break
            elif request[0] == "look":
                if request[1]:  # not its turn last time: wait for news of the room (or a moment)
                    news.wait(0.3)
                news.clear()
                room = session.room.id
                try:
                    before = session.room.done
                    session.poll()
                    if not moves_bots and session.room.done > before:
                        mine["push"] += _push_delays(store, room, before, session.seat, told)
                    if moves_bots:
                        _count_bot_moves(counts, mine, room, move_bots(session.room, session.holder))
                except Reconnecting as lost:  # a computer's move whose fate is unknown
                    _count_bot_moves(counts, mine, room, lost.moves_made)  # those before it stand
                    counts["bot_uncertain"] += 1
                    counts["reconnecting"] += 1
                    mine["bot_uncertain_rooms"][room] = mine["bot_uncertain_rooms"].get(room, 0) + 1
                except StoreUnavailable as lost:
                    _count_bot_moves(counts, mine, room, lost.moves_made)
                    counts["reconnecting"] += 1
                except SeatTaken:
                    send({"gone": True})
                    break
                state = session.room.state
                if not send({"terminal": state.is_terminal, "turn": session.seat in to_act(state)}):
                    break
            elif request[0] == "click":
                _, seed, clicks = request
                room = session.room.id
                rng = rng_cache.setdefault(seed, np.random.default_rng(seed))
                try:
                    action = session.observation().legal_actions.sample(rng)
                except ValueError:  # nothing to choose any more
                    if not send(["nothing"]):
                        break
                    continue
                said: list[Any] = []
                for _ in range(clicks):  # a double click sends the same choice twice
                    try:
                        number = session.act(action)
                    except (StaleView, IllegalActionError):
                        counts["stale"] += 1
                        said.append("refused")
                    except Reconnecting:
                        counts["reconnecting"] += 1
                        mine["uncertain"].append((room, session.seat, action.to_list()))
                        said.append("reconnecting")
                    except (RoomClosed, SeatTaken):
                        said.append("closed")
                    else:
                        mine["committed"].append((room, number, session.seat, action.to_list()))
                        said.append(number)
                if not send(said):
                    break
    finally:
        unsubscribe()
        leave()
        with lock:
            tally["committed"] += mine["committed"]
            tally["uncertain"] += mine["uncertain"]
            for key, value in counts.items():
                tally[key] += value
            tally["push"] += mine["push"]
            for key in ("bot_rooms", "bot_uncertain_rooms"):
                for room, value in mine[key].items():
                    tally[key][room] = tally[key].get(room, 0) + value


def _count_bot_moves(counts: dict[str, int], mine: dict[str, Any], room: str, made: int) -> None:
    """Count ``made`` computer moves committed in ``room`` by this page."""
    counts["bot_moves"] += made
    mine["bot_rooms"][room] = mine["bot_rooms"].get(room, 0) + made


def _push_delays(store: Any, room: str, before: int, seat: int, told: collections.deque[float]) -> list[float]:
    """For each action after the first ``before`` made by the other student of the room (on
    the other classroom process): seconds from its writing (the row's ``at``, just before its
    commit) to the first time this page was told of its room after it."""
    rows = store._rows("SELECT seat, at FROM actions WHERE room = ? AND number > ? ORDER BY number",  # noqa: SLF001
                       (room, before))  # a read of the benchmark's own, beside the page's
    heard = sorted(told)
    delays = []
    for other, at in rows:
        after = next((t for t in heard if t >= at), None)
        if other != seat and after is not None:
            delays.append(after - at)
    return delays


def classroom_process(url: str, address: str, stop: Any, results: Any) -> None:
    """A classroom server: one store, a thread per connected page, until ``stop`` is set."""
    store = open_store(url)
    listener = Listener(address, family="AF_UNIX")
    lock = threading.Lock()
    tally: dict[str, Any] = {"committed": [], "uncertain": [], "push": [], "stale": 0, "illegal": 0, "reconnecting": 0,
                             "bot_moves": 0, "bot_uncertain": 0, "bot_rooms": {}, "bot_uncertain_rooms": {}}
    pages: list[threading.Thread] = []

    def accept() -> None:
        while True:
            try:
                conn = listener.accept()
            except OSError:
                return
            page = threading.Thread(target=_serve_page, args=(store, conn, tally, lock), daemon=True)
            page.start()
            pages.append(page)

    threading.Thread(target=accept, daemon=True).start()
    stop.wait()
    for page in list(pages):
        page.join(timeout=30)
    results.put({**tally, "pid": os.getpid()})
    results.close()
    results.join_thread()  # the tally is written to the pipe before the process ends
    store.close()
    os._exit(0)  # the accept thread blocks in accept(); nothing else is left to do


# -- a student -------------------------------------------------------------------------------
def student_process(address: str, links: list[str], moves_bots: bool, seed: int, until: float,
                    think: float) -> None:
    """A student's browser: at its table's first room not over, look, and click when it is
    this seat's turn; when the game ends, on to the table's next room; until ``until``."""
    rng = np.random.default_rng(seed)
    for _ in range(100):  # the classroom process may still be starting
        try:
            conn = Client(address, family="AF_UNIX")
            break
        except OSError:
            time.sleep(0.05)
    links = list(links)
    joined = False
    waited = False
    while time.time() < until and links:
        if not joined:
            conn.send(("join", links[0], moves_bots))
            joined = conn.recv()["joined"]
            if not joined:
                time.sleep(0.2)
                continue
        conn.send(("look", waited))
        seen = conn.recv()
        if seen.get("gone"):
            break
        if seen["terminal"]:
            links.pop(0)
            joined = waited = False
            continue
        waited = not seen["turn"]
        if seen["turn"]:
            time.sleep(float(rng.random()) * think)
            conn.send(("click", int(rng.integers(1 << 30)), 2 if rng.random() < 0.2 else 1))
            conn.recv()
    conn.close()


# -- the run ---------------------------------------------------------------------------------
@dataclass
class Run:
    """What a hammer run did: the rooms, and each classroom process's tally."""

    url: str
    rooms: list[str]
    seconds: float
    tallies: list[dict[str, Any]] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)

    def total(self, key: str) -> int:
        return sum(tally[key] if isinstance(tally[key], int) else len(tally[key]) for tally in self.tallies)


def seat_class(store: Any, tables: int, students: int, games: int, seed: int = 0) -> list[tuple[list[str], bool]]:
    """``tables`` tables for ``students`` students: tables of two students first, then
    tables of one student and computers; each table plays ``games`` games one after
    another, a room each. Returns each student's links (one per game) and whether its page
    moves the computers; the room ids are in the links."""
    pairs = students - tables  # tables of two students; the rest have one student each
    if not 0 <= pairs <= tables:
        raise ValueError(f"{students} students do not fit {tables} tables of one or two students")
    seats: list[tuple[list[str], bool]] = []
    for i in range(tables):
        if i < pairs:
            game, settings = TWO_STUDENTS[i % len(TWO_STUDENTS)]
            people: list[str | None] = [None, None]
        else:
            game, settings, people = WITH_COMPUTERS[i % len(WITH_COMPUTERS)]
        rooms = [store.create_room(game, settings, seed=seed + 1000 * i + g, seats=people) for g in range(games)]
        for seat in (0, 1) if i < pairs else (0,):
            links = [f"room={room}&seat={seat}&token={store.tokens(room)[seat]}" for room in rooms]
            seats.append((links, i >= pairs))
    return seats


def hammer(url: str, *, rooms: int = 10, students: int = 16, servers: int = 2, seconds: float = 20.0,
           think: float = 0.05, kill_student: bool = True, restart_database: Callable[[], None] | None = None,
           seed: int = 0) -> Run:
    """Seat ``students`` at ``rooms`` tables and let them play for ``seconds`` through
    ``servers`` classroom processes (a table's next game in a new room once one ends); a
    student of a table of two is killed at a third of the run and opens its link again on
    another server; ``restart_database`` (if given) is called at half time. Returns the run
    for :func:`check_rooms`."""
    store = open_store(url)
    seats = seat_class(store, rooms, students, games=int(seconds) + 5, seed=seed)
    store.close()
    folder = tempfile.mkdtemp(prefix="cardlab-hammer-")
    addresses = [os.path.join(folder, f"server-{i}") for i in range(servers)]
    stop, results = FORK.Event(), FORK.Queue()
    classrooms = [FORK.Process(target=classroom_process, args=(url, address, stop, results)) for address in addresses]
    for process in classrooms:
        process.start()
    start = time.time()
    until = start + seconds

    def student(i: int, server: int) -> Any:
        links, moves_bots = seats[i]
        process = FORK.Process(target=student_process, args=(addresses[server], links, moves_bots, seed * 1000 + i,
                                                             until, think))
        process.start()
        return process

    # the two students of a table are on different servers (seat 0 on one, seat 1 on the next)
    placed = [(i, i % servers) for i in range(len(seats))]
    running = {i: student(i, server) for i, server in placed}
    run = Run(url, sorted({link.split("&")[0][5:] for links, _ in seats for link in links}), seconds)
    faults = [(seconds / 3, "kill")] if kill_student and len(seats) > 1 else []
    if restart_database is not None:
        faults.append((seconds / 2, "restart"))
    for at, fault in sorted(faults):
        time.sleep(max(0.0, start + at - time.time()))
        if fault == "kill":
            victim = 1  # seat 1 of the first table of two
            os.kill(running[victim].pid, signal.SIGKILL)
            running[victim].join()
            running[victim] = student(victim, (placed[victim][1] + 1) % servers)  # rejoins on another server
            run.faults.append(f"student {victim} killed at {at:.1f} s and rejoined on another server")
        else:
            began = time.time()
            restart_database()
            run.faults.append(f"database restarted at {at:.1f} s ({time.time() - began:.1f} s down)")
    for process in running.values():
        process.join(timeout=seconds + 60)
    run.seconds = time.time() - start
    stop.set()
    run.tallies = [results.get(timeout=60) for _ in classrooms]
    for process in classrooms:
        process.join(timeout=30)
    return run


@dataclass(frozen=True)
class Check:
    """What :func:`check_rooms` found: actions in all rooms, and those lost or doubled."""

    actions: int
    lost: int
    doubled: int
    problems: tuple[str, ...]


def check_rooms(run: Run) -> Check:
    """Hold the store to its promises after ``run`` (see the module); replay every room."""
    store = open_store(run.url)
    committed = [entry for tally in run.tallies for entry in tally["committed"]]
    uncertain = [entry for tally in run.tallies for entry in tally["uncertain"]]
    bot_moves: dict[str, int] = {}
    bot_unsure: dict[str, int] = {}
    for tally in run.tallies:
        for room, moves in tally["bot_rooms"].items():
            bot_moves[room] = bot_moves.get(room, 0) + moves
        for room, unsure in tally["bot_uncertain_rooms"].items():
            bot_unsure[room] = bot_unsure.get(room, 0) + unsure
    problems: list[str] = []
    total = lost = doubled = 0
    for room in run.rooms:
        rows = store.actions(room)
        if not rows:
            continue  # a game the run did not reach
        total += len(rows)
        numbers = [number for number, _, _ in rows]
        if numbers != list(range(1, len(rows) + 1)):
            problems.append(f"room {room}: actions numbered {numbers[:5]}...: a gap or a double")
        info = store.room(room)
        state = Room(store, room).game.new_state(seed=info.seed, dealer=info.dealer)
        for number, seat, data in rows:
            try:
                state.apply_for(seat, Action.from_list(data))
            except IllegalActionError as refused:
                problems.append(f"room {room}: action {number} does not replay: {refused}")
                break
            assert_cards_conserved(state)
        stored = {number: (seat, data) for number, seat, data in rows}
        mine = [entry for entry in committed if entry[0] == room]
        claimed = [number for _, number, _, _ in mine]
        if len(claimed) != len(set(claimed)):
            doubled += len(claimed) - len(set(claimed))
            problems.append(f"room {room}: two clicks were told they counted as the same action")
        for _, number, seat, data in mine:
            if stored.get(number) != (seat, data):
                lost += 1
                problems.append(f"room {room}: click {number} was told it counted but is not stored")
        unclaimed = [(seat, data) for number, (seat, data) in stored.items() if number not in set(claimed)]
        people = [entry for entry in unclaimed if not _is_bot_seat(store, room, entry[0])]
        unsure = [(seat, data) for r, seat, data in uncertain if r == room]
        for entry in people:
            if entry in unsure:
                unsure.remove(entry)  # a click whose page was told "reconnecting": it did count, once
            else:
                doubled += 1
                problems.append(f"room {room}: a student's action {entry} is stored that no click made")
        computers = len(unclaimed) - len(people)
        if not bot_moves.get(room, 0) <= computers <= bot_moves.get(room, 0) + bot_unsure.get(room, 0):
            doubled += abs(computers - bot_moves.get(room, 0))
            problems.append(f"room {room}: {computers} computer moves stored, {bot_moves.get(room, 0)} made")
    store.close()
    return Check(total, lost, doubled, tuple(problems))


def _is_bot_seat(store: Any, room: str, seat: int) -> bool:
    return any(info.seat == seat and info.bot is not None for info in store.seats(room))
