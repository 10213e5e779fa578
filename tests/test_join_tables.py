"""Students' tables in a classroom room (issue 17): the game's own table, moves through the store.

Each student's page is a table on its own connection to the store; here two or three
such tables share one room in this process (tests/test_rooms.py uses real processes).
After every click every widget of every table is walked as the browser would receive
it: no card hidden from that seat, no engine word.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardlab.app import join_page, teacher_page
from cardlab.rooms import SeatSession, SQLiteStore
from cardlab.widgets.classroom import TeacherDashboard
from cardlab.widgets.join import room_table
from tests.test_widgets import assert_no_leak, assert_plain_words, click_action, synced_state, descendants


def open_tables(path, room: str, seats) -> list:
    tables = []
    for seat in seats:
        store = SQLiteStore(path)
        token = store.tokens(room)[seat]
        tables.append(room_table(SeatSession.join(store, f"room={room}&seat={seat}&token={token}")))
    return tables


def play_room_by_clicks(tables, rng, max_moves: int = 2000) -> int:
    """Each table's student clicks a random legal action when it is their turn; the others
    poll the store as their timers would. Returns the number of clicks."""
    moves = 0
    while not tables[0].session.state.is_terminal:
        assert moves < max_moves, "the game did not end"
        for table in tables:
            table.poll()
            if table.pause is not None:
                table.results_seen = getattr(table, "results_seen", 0) + 1
                assert table._banner.value and table._continue.layout.display != "none"
                table._continue.click()
        actors = [t for t in tables if t.pause is None and t.seat in t.seen.actors and not t.session.state.is_terminal]
        if not actors:
            continue
        table = actors[0]
        action = table.session.state.observation(table.seat).legal_actions.sample(rng)
        before = table.session.room.version
        click_action(table, action)
        assert not table.message_is_error, table.message
        assert table.session.state.actions[before] == (table.seat, action)  # then the room's computers may move
        moves += 1
        for each in tables:
            each.poll()
            assert_no_leak(each)
            assert_plain_words(each)
    return moves


def test_two_students_play_a_kontrabluff_room_to_the_end_seeing_only_their_own_cards(tmp_path):
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("kontrabluff", {"target": 40}, seed=5, seats=[None, None])
    tables = open_tables(store.path, room, (0, 1))
    moves = play_room_by_clicks(tables, np.random.default_rng(1))
    assert moves > 0 and tables[0].session.state.to_json() == tables[1].session.state.to_json()
    rounds = sum(1 for event in tables[0].session.state.history if event.is_result and event.kind != "match_won")
    assert all(getattr(t, "results_seen", 0) >= rounds - 1 for t in tables), "a round's result did not stop a table"
    assert [row[1:] for row in store.actions(room)] == [(seat, action.to_list()) for seat, action in tables[0].session.state.actions]


def test_a_student_against_the_rooms_computer_players(tmp_path):
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("fight_for_the_lead", {"players": 3, "games": 2}, seed=9, seats=[None, "rule", "random"])
    (table,) = open_tables(store.path, room, (0,))
    play_room_by_clicks([table], np.random.default_rng(2))
    assert table.session.state.is_terminal and not hasattr(table.session, "bots")  # the room moves its computers
    assert {seat for _, seat, _ in store.actions(room)} == {0, 1, 2}


def test_the_table_that_lost_a_race_says_so_and_shows_the_new_table(tmp_path):
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=2, seats=[None, None])
    first, second = open_tables(store.path, room, (0, 1))
    leader = first if first.seat in first.seen.actors else second
    other = second if leader is first else first
    leader_action = leader.session.state.observation(leader.seat).legal_actions.sample(np.random.default_rng(0))
    # the same seat's page was reopened elsewhere and played there first
    again = open_tables(store.path, room, (leader.seat,))[0]
    click_action(again, leader_action)
    leader.play(leader_action)
    assert leader.message_is_error and "another window" in leader.message
    assert store.actions(room) and len(store.actions(room)) == 1
    other.poll()
    assert other.session.room.version == 1


def test_a_student_table_has_no_control_that_reveals_cards_or_restarts(tmp_path):
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("draw_poker", {"players": 2, "hands": 2}, seed=4, seats=[None, "rule"])
    (table,) = open_tables(store.path, room, (0,))
    assert not table.session.teacher and table._teacher_view not in list(descendants(table.widget))
    for control in (table._new, table._undo, table._step, table._auto, table._pace):
        assert control.layout.display == "none"


def test_a_wrong_link_gets_a_plain_refusal_with_no_card(tmp_path, monkeypatch):
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, None])
    monkeypatch.setenv("QUERY_STRING", f"room={room}&seat=0&token=not-the-token")
    page = join_page(store)
    assert "ask your teacher" in page.value
    assert "♥" not in synced_state(page) and "♠" not in synced_state(page)


def test_the_teachers_page_asks_for_the_key_under_voila(tmp_path, monkeypatch):
    store = SQLiteStore(tmp_path / "class.db")
    store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, "rule"])
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("QUERY_STRING", "key=wrong")
    assert "for the teacher" in teacher_page(store).value
    monkeypatch.setenv("QUERY_STRING", f"key={store.teacher_key()}")
    page = teacher_page(store)
    assert isinstance(page, TeacherDashboard) and "Kontrabluff" in page.rooms_html()
    page.stop()


def test_the_dashboard_shows_scores_turns_and_every_card_only_on_request(tmp_path):
    store = SQLiteStore(tmp_path / "class.db")
    board = TeacherDashboard(store, base_url="http://host:8866/voila/render/")
    room = board.create_room("kontrabluff", seats=[None, "rule"], seed=3)
    assert "South: student, not connected" in board.rooms_html() and "to play" in board.rooms_html()
    (table,) = open_tables(store.path, room, (0,))
    board.refresh()
    assert "South: student, connected" in board.rooms_html()
    assert "All cards" not in board._room_view.value
    board._all_cards.value = True
    state = table.session.state
    assert all(card.name in board._room_view.value for card in state.hands[1]), "the teacher sees every hand"
    board._pause.click()
    assert store.room(room).status == "paused"
    action = table.session.state.observation(table.seat).legal_actions.sample(np.random.default_rng(0)) if table.seat in table.seen.actors else None
    if action is not None:
        table.play(action)
        assert table.message_is_error and "paused" in table.message
    board._download.click()
    assert 'download="game-room-1.json"' in board._download_link.value and room not in board._download_link.value
    assert "Save the game of Room 1 as a file" in board._download_link.value


@pytest.mark.parametrize("game, settings", [("draw_poker", {"players": 2, "hands": 2}), ("parallel_poker", {})])
def test_every_game_plays_in_a_room(tmp_path, game, settings):
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room(game, settings, seed=6, seats=[None, None])
    tables = open_tables(store.path, room, (0, 1))
    play_room_by_clicks(tables, np.random.default_rng(3))
    assert tables[0].session.state.is_terminal and tables[1].session.state.is_terminal


def test_a_pause_reaches_an_open_page_by_its_poll_alone(tmp_path, monkeypatch):
    """Issue 27: the teacher's pause, resume and end reach a page that nobody clicks: its
    poll reads the room's status (it failed silently before: the store had no such read)."""
    import cardlab.sessions.room as room_session

    monkeypatch.setattr(room_session, "SWITCH_SECONDS", 0.0)  # every poll reads the status
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=9, seats=[None, None])
    tables = open_tables(store.path, room, (0, 1))
    mover = next(t for t in tables if t.seat in t.seen.actors)
    assert "Your turn" in mover._status.value
    for status, words in (("paused", "paused this table"), ("open", "Your turn"), ("ended", "ended this table")):
        store.set_status(room, status)
        for table in tables:
            assert table.poll() is True, f"the {status} status did not change the page"
        if status == "open":
            assert words in mover._status.value and mover._banner.layout.display == "none"
        else:  # issue 37: the banner says it, and nobody is to play (no turn badge, no "South to act")
            for table in tables:
                assert words in table._banner.value and table._banner.layout.display != "none"
                assert words in table._live.value
                status_line = table._status.value
                assert "cl-turn" not in status_line and "to act" not in status_line and words not in status_line
            assert "Your turn" not in mover._status.value and not mover.seen.offers


def test_the_coach_in_a_room_follows_the_teachers_switch(tmp_path):
    """Issue 28, item 6: in rooms the coach is the teacher's switch (off by default). On,
    the student's own decision gets its line after it is made, never before; the other
    student's page gets none for it."""
    from cardlab.rooms import Switches

    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=4, seats=[None, None])
    tables = open_tables(store.path, room, (0, 1))
    mover = next(t for t in tables if t.seat in t.seen.actors)
    mover.play(next(iter(mover.seen.observation.legal_actions)))
    assert mover.seen.coach == () and "Coach" not in mover._coach.value, "the coach spoke while switched off"
    store.set_switches(room, Switches(coach=True))
    for table in tables:
        table.session._switches_read = 0.0  # look at the switches on the next poll
        table.poll()
    mover = next(t for t in tables if t.seat in t.seen.actors)
    other = next(t for t in tables if t is not mover)
    assert mover.seen.coach == (), "the coach spoke before the decision"
    mover.play(next(iter(mover.seen.observation.legal_actions)))
    assert len(mover.seen.coach) == 1 and "Coach" in mover._coach.value
    other.poll()
    assert other.seen.coach == (), "the other student's page shows a line on a decision not theirs"
