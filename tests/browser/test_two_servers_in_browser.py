"""Two classroom servers, one PostgreSQL store, in a real browser (issue 38, items 3 and 5).

Two ``cardlab-classroom`` processes on free ports open the same test-owned PostgreSQL
database (as a school's servers behind a load balancer do):

- the two students of one room, each served by a different server, play by clicks; every
  move shows on the other server's page by itself (the store's ``NOTIFY``; the times are
  printed), and the teacher's page on the second server names both students at their table;
  the database restarts mid-game, and the two pages play on by themselves, nothing lost;
- a server killed mid-game (SIGKILL: no goodbye, its seats still held): its student types
  the code on their slip on the other server, takes the seat back and plays on; nothing is
  lost or doubled (a student joins by the link as well).

Skipped, saying why, where PostgreSQL cannot start (tests/pgserver.py). Bounded: each
server answers within 60 s, each wait of the browser within 15 s.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time

import pytest

from cardlab.rooms import Room, open_store, seat_class

from .browser_servers import server
from .test_classroom_in_browser import LOAD, Student, play_by_clicks

pytestmark = [pytest.mark.slow, pytest.mark.timeout(150, method="signal")]


@contextlib.contextmanager
def two_servers(tmp_path, url: str):
    """Two classroom servers on one store; the second is yielded last."""
    with server("classroom", tmp_path / "a", timeout=60, options=(f"--db={url}",)) as first, \
            server("classroom", tmp_path / "b", timeout=60, options=(f"--db={url}",)) as second:
        yield first, second


def join(student: Student, base: str, store, room: str, seat: int) -> None:
    student.page.goto(f"{base}/join?room={room}&seat={seat}&token={store.tokens(room)[seat]}", timeout=LOAD)
    student.page.wait_for_selector(".cl-hand .cl-cardbtn", timeout=LOAD)


@pytest.fixture
def school(tmp_path, postgres_server):
    url = postgres_server.new_database()
    store = open_store(url)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    try:
        with two_servers(tmp_path, url) as (first, second):
            yield store, first, second
    finally:
        store.close()


def test_two_students_on_two_servers_play_one_room_and_the_teacher_on_either_sees_it(browser, school, screenshot,
                                                                                   postgres_server):
    store, first, second = school
    class_id = seat_class(store, ["Ada", "Bo"], "kontrabluff", 2, seed=5, order="list")
    room = store.classes()[0].rooms[0]
    blocked: list[str] = []
    pair = [Student(browser, blocked) for _ in (0, 1)]
    teacher = Student(browser, blocked)
    try:
        for seat, (student, base) in enumerate(zip(pair, (first.url, second.url))):
            join(student, base, store, room, seat)  # seat 0 on the first server, seat 1 on the second
        delays = play_by_clicks([student.page for student in pair], 4)
        numbers = [row[0] for row in store.actions(room)]
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 4  # one count, whichever server
        teacher.page.goto(f"{second.url}/teacher?key={store.teacher_key()}", timeout=LOAD)
        teacher.page.wait_for_selector("table.cl-rooms", timeout=LOAD)
        rooms = teacher.page.locator("table.cl-rooms").inner_text()
        for slip in store.slips(class_id):  # the student on the first server too, connected
            assert re.search(rf"(South|North): {slip.student}, connected", rooms), rooms
        screenshot(teacher.page, "two-servers-teacher")
        print(f"\na move on one server showed on the other server's page after "
              f"{', '.join(f'{d * 1000:.0f}' for d in delays)} ms")
        assert max(delays) < 3.0
        played = store.actions(room)
        postgres_server.restart()  # the database restarts mid-lesson: every connection of both servers is cut
        after: list[float] = []
        for _ in range(6):  # the pages play on by themselves: two moves more
            after += play_by_clicks([student.page for student in pair], 1)
            if len(store.actions(room)) >= len(played) + 2:
                break
        actions = store.actions(room)
        assert len(actions) >= len(played) + 2
        assert actions[:len(played)] == played and [row[0] for row in actions] == list(range(1, len(actions) + 1))
        print(f"after the database restarted: {', '.join(f'{d * 1000:.0f}' for d in after)} ms to the other server")
    finally:
        for student in (*pair, teacher):
            student.close()
    assert not blocked


def by_code(student: Student, base: str, code: str) -> None:
    """The student opens the classroom's address and types the code on their slip."""
    student.page.goto(base + "/", timeout=LOAD)
    field = student.page.locator(".cl-landing input[type=text]").first
    field.wait_for(timeout=LOAD)
    field.fill(code)
    field.press("Enter")
    student.page.wait_for_selector(".cl-table .cl-hand .cl-cardbtn", timeout=LOAD)


def test_a_server_killed_mid_game_its_students_rejoin_on_the_other_by_code_and_by_link(browser, school):
    store, first, second = school
    class_id = seat_class(store, ["Cy", "Di"], "kontrabluff", 2, seed=8, order="list")
    room = store.classes()[0].rooms[0]
    codes = {slip.seat: slip.code for slip in store.slips(class_id)}
    blocked: list[str] = []
    pair = [Student(browser, blocked) for _ in (0, 1)]
    try:
        join(pair[0], first.url, store, room, 0)  # by the link, on the first server
        by_code(pair[1], second.url, codes[1])  # by the code on the slip, on the second
        pages = [student.page for student in pair]
        play_by_clicks(pages, 2)
        played = store.actions(room)
        os.killpg(second.pid, signal.SIGKILL)  # the second server dies: no goodbye, seat 1 still held
        assert store.seats(room)[1].holder is not None
        start = time.perf_counter()
        by_code(pair[1], first.url, codes[1])  # the same code, on the server that lives
        back = time.perf_counter() - start
        assert store.actions(room) == played  # nothing lost
        delays: list[float] = []
        for _ in range(6):  # two moves more (the other page's log may also change as the seat is taken back)
            delays += play_by_clicks(pages, 1)
            if len(store.actions(room)) >= len(played) + 2:
                break
        actions = store.actions(room)
        assert actions[:len(played)] == played and len(actions) >= len(played) + 2
        assert [row[0] for row in actions] == list(range(1, len(actions) + 1))
        assert Room(store, room).version == len(actions)
        print(f"\nthe killed server's student was back on the other by code in {back:.1f} s and played on "
              f"({', '.join(f'{d * 1000:.0f}' for d in delays)} ms to the other screen)")
    finally:
        for student in pair:
            student.close()
    assert not blocked
