"""Classroom rooms: one authority, shared by separate processes (issues 17 and 38).

Every test runs against each store (the ``store`` fixture of tests/conftest.py: SQLite,
then PostgreSQL). Kernels are real processes here (Voilà gives every page its own kernel):
they join seats with their links, race each other's clicks, die mid-game and
mid-transaction, and the store must still hold exactly the game a serial replay gives,
with nothing lost or doubled and every card and chip conserved (KB, DP-9, FL-11 invariants).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from cardlab.engine import Action, IllegalActionError
from cardlab.rooms import (AccessRefused, Room, RoomClosed, RoomStore, SeatSession, SeatTaken, StaleView, move_bots,
                           open_store, to_act)
from tests.playout import assert_cards_conserved
from tests.rooms_clients import choose_at, die_in_transaction, play_seat

FORK = multiprocessing.get_context("fork")


def link(store: RoomStore, room: str, seat: int, token: str | None = None) -> str:
    return f"room={room}&seat={seat}&token={token if token is not None else store.tokens(room)[seat]}"


def assert_store_is_a_serial_replay(store: RoomStore, room: str) -> str:
    """Replay the room's stored actions one by one from a new state, checking each action
    is legal and cards and chips are conserved after each; return the final JSON."""
    copy = Room(store, room)
    rows = store.actions(room)
    assert [number for number, _, _ in rows] == list(range(1, len(rows) + 1)), "action numbers skip or repeat"
    state = copy.game.new_state(seed=copy.info.seed, dealer=copy.info.dealer)
    chips = state.chips()
    for _, seat, data in rows:
        state.apply_for(seat, Action.from_list(data))
        assert_cards_conserved(state)
        assert state.chips() == chips
    assert state.to_json() == copy.state.to_json()
    return state.to_json()


# -- links and seats -------------------------------------------------------------------
def test_a_wrong_token_seat_or_room_is_refused_without_a_card(store):
    room = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, None])
    tokens = store.tokens(room)
    for query in (link(store, room, 0, "guess"), link(store, room, 1, tokens[0]),  # another seat's token
                  f"room=nope&seat=0&token={tokens[0]}", "room=&seat=x", "", f"room={room}&seat=0"):
        with pytest.raises(AccessRefused, match="ask your teacher") as refused:
            SeatSession.join(store, query)
        assert "♥" not in str(refused.value) and "♠" not in str(refused.value)
    assert SeatSession.join(store, link(store, room, 1)).observation().player == 1


def test_tokens_are_stored_only_as_hashes_for_checking(store):
    room = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, "rule"])
    token = store.tokens(room)[0]
    hashes = [row[0] for row in store._rows("SELECT token_hash FROM seats WHERE room = ?", (room,))]
    assert token not in hashes and hashes[1] is None  # a bot's seat has no token at all
    assert store.check_token(room, 0, token) and not store.check_token(room, 1, token)


def test_a_reopened_link_takes_the_seat_and_the_older_page_can_no_longer_act(store):
    room_id = store.create_room("kontrabluff", {"target": 300}, seed=2, seats=[None, None])
    seat = Room(store, room_id).state.current_player
    first = SeatSession.join(store, link(store, room_id, seat))
    second = SeatSession.join(store, link(store, room_id, seat))  # the student reloaded the page
    action = next(iter(first.observation().legal_actions))
    second.observation()
    with pytest.raises(SeatTaken, match="another window"):
        first.act(action)
    assert store.actions(room_id) == []
    assert second.act(action) == 1
    with pytest.raises(SeatTaken):
        first.poll()


def test_a_click_on_a_stale_table_is_refused_and_nothing_is_stored(store):
    room_id = store.create_room("kontrabluff", {"target": 300}, seed=5, seats=[None, None])
    first = Room(store, room_id).state.current_player
    leader = SeatSession.join(store, link(store, room_id, first))
    other = SeatSession.join(store, link(store, room_id, 1 - first))
    other.observation()  # the other student's table shows the start
    leader.act(next(iter(leader.observation().legal_actions)))
    now = Room(store, room_id).state
    reply = next(iter(now.legal_actions(1 - first)))
    with pytest.raises(StaleView, match="moved on"):
        other.act(reply)  # chosen on the old table: refused, the table refreshes
    assert len(store.actions(room_id)) == 1
    other.observation()
    assert other.act(reply) == 2


def test_a_click_after_another_seats_hidden_choice_stands_but_one_after_its_own_view_changed_is_refused(store):
    room_id = store.create_room("fight_for_the_lead", {"players": 3}, seed=9, seats=[None, None, None])
    pages = [SeatSession.join(store, link(store, room_id, seat)) for seat in range(3)]
    chosen = [next(iter(page.observation().legal_actions)) for page in pages]  # every page drawn at the start
    assert pages[1].act(chosen[1]) == 1  # West lays a fight card face down (FL-3)
    assert pages[1].room.view_version(0) == 0  # South sees only that West has chosen: nothing to look at again
    assert pages[0].act(chosen[0]) == 2 and pages[2].act(chosen[2]) == 3  # chosen on the first page: both stand
    room = Room(store, room_id)
    assert [room.view_version(seat) for seat in range(3)] == [3, 3, 3]  # the fight is decided: all see it
    seat = room.state.current_player  # the first to exchange (FL-6)
    page = pages[seat]
    page.shown = 2  # its page was drawn before the fight was decided
    exchange = next(iter(room.state.legal_actions(seat)))
    with pytest.raises(StaleView, match="moved on"):
        page.act(exchange)  # legal now, but chosen on a table that no longer shows what is
    assert len(store.actions(room_id)) == 3
    page.observation()
    assert page.act(exchange) == 4


def test_every_seat_of_a_simultaneous_phase_choosing_within_50_ms_is_accepted(store):
    room_id = store.create_room("fight_for_the_lead", {"players": 3}, seed=12, seats=[None, None, None])
    at = time.time() + 2.0  # every process has drawn its page by then
    with ProcessPoolExecutor(max_workers=3, mp_context=FORK) as pool:
        futures = [pool.submit(choose_at, store.url, link(store, room_id, seat), at, seat) for seat in range(3)]
        reports = [future.result(timeout=60) for future in futures]
    clicks = [report["clicked"] for report in reports]
    assert max(clicks) - min(clicks) < 0.05, f"the clicks were {max(clicks) - min(clicks):.3f} s apart"
    assert sorted((report["outcome"] for report in reports), key=str) == [1, 2, 3], reports
    stored = {seat: data for _, seat, data in store.actions(room_id)}
    assert stored == {report["seat"]: report["action"] for report in reports}
    assert_store_is_a_serial_replay(store, room_id)


def test_an_illegal_action_is_refused_by_the_engine_and_the_store_is_unchanged(store):
    room_id = store.create_room("kontrabluff", {"target": 300}, seed=4, seats=[None, None])
    room = Room(store, room_id)
    waiting = 1 - room.state.current_player
    action = next(iter(room.state.legal_actions()))
    before = room.state.to_json()
    with pytest.raises(IllegalActionError):
        room.act(waiting, action)  # not this seat's turn
    assert store.actions(room_id) == [] and room.state.to_json() == before


def test_a_paused_or_ended_room_refuses_actions_until_reopened(store):
    room_id = store.create_room("kontrabluff", {"target": 300}, seed=4, seats=[None, None])
    room = Room(store, room_id)
    action = next(iter(room.state.legal_actions()))
    store.set_status(room_id, "paused")
    with pytest.raises(RoomClosed, match="paused"):
        room.act(room.state.current_player, action)
    store.set_status(room_id, "open")
    assert room.act(room.state.current_player, action) == 1
    store.set_status(room_id, "ended")
    with pytest.raises(RoomClosed, match="closed"):
        room.act(room.state.current_player, next(iter(room.state.legal_actions())))
    assert len(store.actions(room_id)) == 1


def test_bots_move_from_the_store_with_one_mover_per_room(store):
    room_id = store.create_room("fight_for_the_lead", {"players": 3, "games": 3}, seed=8,
                                seats=["random", "rule", "random"])
    first, second = Room(store, room_id), Room(store, room_id)
    made = move_bots(first, "kernel-a")
    assert made > 0 and first.state.is_terminal
    assert move_bots(second, "kernel-b") == 0  # a's lease holds; and nothing is due anyway
    assert len(store.actions(room_id)) == made
    assert_store_is_a_serial_replay(store, room_id)


def test_fl3_bots_choose_their_fight_cards_while_a_student_below_them_still_chooses(store):
    # The fight (FL-3) is simultaneous: South (a student, the lowest seat) has not chosen,
    # yet the bots at West and North must not wait for him.
    room_id = store.create_room("fight_for_the_lead", {"players": 3, "games": 1}, seed=8,
                                seats=[None, "random", "rule"])
    room = Room(store, room_id)
    assert room.state.current_player == 0 and to_act(room.state) == [0, 1, 2]
    assert move_bots(room, "kernel-a") == 2
    assert to_act(room.state) == [0]


def test_a_bot_plays_the_same_whichever_kernel_moves_it(make_store_url):
    results = []
    for mover in ("kernel-a", "kernel-b"):
        store = open_store(make_store_url())
        room_id = store.create_room("draw_poker", {"players": 3, "hands": 2}, seed=11, seats=["rule", "random", "rule"])
        move_bots(Room(store, room_id), mover)
        results.append([row[1:] for row in store.actions(room_id)])
        store.close()
    assert results[0] == results[1] and results[0]


def test_the_server_restarts_and_every_room_replays_to_the_same_state(store_url):
    store = open_store(store_url)
    rooms = [store.create_room("draw_poker", {"players": 2, "hands": 2}, seed=s, seats=["random", "rule"]) for s in (1, 2)]
    states = []
    for room_id in rooms:
        room = Room(store, room_id)
        move_bots(room, "server")
        states.append(room.state.to_json())
    store.close()
    again = open_store(store_url)
    assert [Room(again, room_id).state.to_json() for room_id in rooms] == states
    assert [info.id for info in again.rooms()] == rooms
    again.close()


# -- separate processes ------------------------------------------------------------------
def _run_clients(jobs: list[tuple], workers: int) -> list[dict]:
    with ProcessPoolExecutor(max_workers=workers, mp_context=FORK) as pool:
        futures = [pool.submit(play_seat, *job) for job in jobs]
        return [future.result(timeout=120) for future in futures]


def _check_reports(store: RoomStore, reports: list[dict]) -> None:
    by_room: dict[str, list[dict]] = {}
    for report in reports:
        by_room.setdefault(report["room"], []).append(report)
    for room_id, room_reports in by_room.items():
        rows = {number: (seat, data) for number, seat, data in store.actions(room_id)}
        final = assert_store_is_a_serial_replay(store, room_id)
        committed = [entry for report in room_reports for entry in report["committed"]]
        for number, seat, data in committed:  # nothing lost: every success is in the store
            assert rows[number] == (seat, data), f"room {room_id}: action {number} lost or changed"
        bot_moves = sum(report["bot_moves"] for report in room_reports)
        assert len(committed) + bot_moves == len(rows), f"room {room_id}: an action was doubled or is unaccounted"
        assert all(report["json"] == final for report in room_reports), "a kernel ended on another state"
        assert all(report["terminal"] for report in room_reports), f"room {room_id} did not reach its end"


@pytest.mark.parametrize("game, settings, players", [
    ("kontrabluff", {"target": 100}, 2),
    ("fight_for_the_lead", {"players": 5, "games": 3}, 5),
])
def test_kernels_in_one_room_play_to_the_end_as_a_serial_replay(store, game, settings, players):
    room_id = store.create_room(game, settings, seed=21, seats=[None] * players)
    jobs = [(store.url, link(store, room_id, seat), 100 + seat, 60.0) for seat in range(players)]
    _check_reports(store, _run_clients(jobs, players))


@pytest.mark.slow
def test_hammer_30_clients_in_20_rooms_lose_and_double_nothing(store):
    people = [("kontrabluff", {"target": 60}), ("parallel_poker", {}), ("draw_poker", {"players": 2, "hands": 3}),
              ("fight_for_the_lead", {"players": 2, "games": 2})]
    with_bots = [("fight_for_the_lead", {"players": 3, "games": 2}, [None, "random", "rule"]),
                 ("draw_poker", {"players": 3, "hands": 2}, [None, "rule", "random"]),
                 ("kontrabluff", {"target": 60}, [None, "rule"])]
    jobs = []
    for i in range(10):  # ten rooms of two students
        game, settings = people[i % len(people)]
        room_id = store.create_room(game, settings, seed=i, seats=[None, None])
        jobs += [(store.url, link(store, room_id, seat), 1000 * i + seat, 90.0, 0.02) for seat in (0, 1)]
    for i in range(10):  # ten rooms of one student and bots (the student's kernel moves them)
        game, settings, seats = with_bots[i % len(with_bots)]
        room_id = store.create_room(game, settings, seed=100 + i, seats=seats)
        jobs.append((store.url, link(store, room_id, 0), 5000 + i, 90.0, 0.02, True))
    assert len(jobs) == 30 and len(store.rooms()) == 20
    reports = _run_clients(jobs, 30)
    _check_reports(store, reports)
    assert sum(report["stale"] for report in reports) > 0, "no race happened: the test did not hammer"


def test_a_killed_kernel_rejoins_with_its_link_and_the_room_goes_on(store):
    room_id = store.create_room("draw_poker", {"players": 2, "hands": 4}, seed=3, seats=[None, "random"])
    query = link(store, room_id, 0)
    process = FORK.Process(target=play_seat, args=(store.url, query, 7, 60.0, 0.05, True))
    process.start()
    deadline = time.monotonic() + 30
    while len(store.actions(room_id)) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGKILL)
    process.join(10)
    done = len(store.actions(room_id))
    assert done >= 4 and not Room(store, room_id).state.is_terminal
    report = play_seat(store.url, query, 8, 60.0, 0.0, True)  # the student opens the link again
    assert report["terminal"] and len(store.actions(room_id)) > done
    assert_store_is_a_serial_replay(store, room_id)


def test_a_writer_killed_inside_its_transaction_leaves_the_last_committed_action(store):
    room_id = store.create_room("kontrabluff", {"target": 300}, seed=6, seats=[None, None])
    seat = Room(store, room_id).state.current_player
    process = FORK.Process(target=die_in_transaction, args=(store.url, room_id, seat))
    process.start()
    process.join(30)
    assert process.exitcode == 3
    assert store.actions(room_id) == []  # written, never committed: rolled back
    room = Room(store, room_id)
    assert room.act(seat, next(iter(room.state.legal_actions()))) == 1  # the lock is free again
    assert_store_is_a_serial_replay(store, room_id)
