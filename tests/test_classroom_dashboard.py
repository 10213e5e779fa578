"""The teacher's dashboard: who is still to choose, and the class's decisions as a CSV download (issue 27)."""

from __future__ import annotations

import base64
import io
import re

import pandas as pd

from cardlab.rooms import Room, SQLiteStore
from cardlab.rooms.lesson import read_lesson
from cardlab.rooms.rehearsal import rehearse_class
from cardlab.widgets.classroom import TeacherDashboard


def test_the_dashboard_names_every_seat_still_to_choose_in_a_simultaneous_phase(tmp_path):
    store = SQLiteStore(tmp_path / "class.db")
    board = TeacherDashboard(store)
    room_id = board.create_room("fight_for_the_lead", seats=[None, None, None], seed=4)
    assert "South, West and East to play" in board.rooms_html()  # all three lay a fight card at once (FL-3)
    room = Room(store, room_id)
    room.act(1, next(iter(room.state.legal_actions(1))))
    assert "South and East to play" in board.rooms_html()
    room.act(2, next(iter(room.state.legal_actions(2))))
    assert "South to play" in board.rooms_html()
    room.act(0, next(iter(room.state.legal_actions(0))))
    assert f"{('South', 'West', 'East')[room.state.current_player]} to play" in board.rooms_html()  # one at a time again


def test_the_teacher_downloads_the_whole_class_as_one_csv(tmp_path):
    store = SQLiteStore(tmp_path / "class.db")
    rehearse_class(store, ["Ana", "Ben", "Cy", "Dee"], "kontrabluff", 2, seed=2, settings={"target": 60})
    board = TeacherDashboard(store)
    assert board._lesson_link.value == ""
    board._lesson.click()
    link = board._lesson_link.value
    match = re.search(r'<a download="lesson-[\d-]+\.csv" href="data:text/csv;base64,([A-Za-z0-9+/=]+)">', link)
    assert match, link
    table = read_lesson(base64.b64decode(match[1]).decode())
    assert len(table) == sum(info.actions for info in store.rooms()) and f"({len(table)} decisions)" in link
    assert set(table["student"]) == {"Ana", "Ben", "Cy", "Dee"}
    assert table.equals(board.lesson_table())
    assert pd.read_csv(io.StringIO(base64.b64decode(match[1]).decode()))["move"].min() == 1
    assert board._lesson.description and not board._lesson.disabled  # a real button: focus and Enter work


def test_the_class_table_names_the_unnamed_in_the_dashboards_language(tmp_path):
    """Issue 35: an unnamed class and its students are stored without names and said in
    the dashboard's language in the class's table; who played stays data (number, player)."""
    from cardlab.words import language
    from cardlab.words.classroom import class_name, student_name

    store = SQLiteStore(tmp_path / "class.db")
    rehearse_class(store, 4, "kontrabluff", 2, seed=2, settings={"target": 60})
    table = TeacherDashboard(store, lang="uk").lesson_table()
    with language("uk"):
        assert set(table["class"]) == {class_name("", 4)} and "4" in class_name("", 4)
        assert set(table["student"]) == {student_name("", n) for n in range(1, 5)}
    assert not table["student"].str.contains("Student").any() and set(table["number"]) == {1, 2, 3, 4}
    assert set(table["player"]) == {"student"} and set(table["bot"]) == {""}
