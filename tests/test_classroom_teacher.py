"""A teacher who sees the class (issue 37, item 3).

The dashboard lists each class's tables by number, each seat with its student's name,
connected or not; Pause, Resume and End are enabled only where they apply and the
table's state is said beside them; *Print the slips* opens a page that prints (served at
``/slips``, or opened in a new tab from the dashboard); a paused student's page says so in
its banner with no turn line; no student's page holds a room's id; the server's lines and
the teacher's page say what the pages ask for.
"""

from __future__ import annotations

import base64
import html
import re

import pytest

from cardlab.rooms import Room, SeatSession, Switches, open_store, seat_class
from cardlab.widgets.classroom import TeacherDashboard
from cardlab.widgets.join import room_table
from cardlab.widgets.slips import SLIPS_ROUTE, class_sheet_html, slips_page_html
from cardlab.words import language, translate
from tests.test_widgets import synced_state

BASE = "http://pc:8866/voila/render/"
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]


# ``store``: tests/conftest.py's, each test on SQLite and on PostgreSQL


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", value))


def _join(store, slip):
    return room_table(SeatSession.join(store, f"room={slip.room}&seat={slip.seat}&token={slip.token}"))


def test_the_dashboard_lists_each_student_by_name_table_and_seat_connected_or_not(store):
    class_id = seat_class(store, NAMES, "kontrabluff", 2, seed=3, name="7b")
    slips = store.slips(class_id)
    by_hand = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, "rule"])
    board = TeacherDashboard(store, base_url=BASE)
    rooms = board.rooms_html()
    for room in store.rooms():
        assert room.id not in rooms, "a room's id on the teacher's page"
    seats = ("South", "North")
    text = _text(rooms)
    for slip in slips:
        assert f"{seats[slip.seat]}: {slip.student}, not connected" in text
    assert "7b: 0 of 5 students connected" in text and "Rooms made by hand" in text
    assert [int(n) for n in re.findall(r"<td>Table (\d+)</td>", rooms)] == [1, 2, 3]  # five students, tables of two
    assert "<td>Room 1</td>" in rooms and "South: student, not connected" in text  # the room made by hand
    assert "students" not in re.findall(r"<td>Table 1</td>.*?</tr>", rooms, re.S)[0]  # a table is no class
    # Ana opens her page: the dashboard says she is connected, the others not
    ana = next(slip for slip in slips if slip.student == "Ana")
    table = _join(store, ana)
    board.refresh()
    text = _text(board.rooms_html())
    assert f"{seats[ana.seat]}: Ana, connected" in text and "7b: 1 of 5 students connected" in text
    assert "<span class='cl-here'>" in board.rooms_html()
    assert all(f"{slip.student}, not connected" in text for slip in slips if slip is not ana)
    table.session.seat_session.leave()
    board.refresh()
    assert "Ana, not connected" in _text(board.rooms_html())
    # the room picker and the join links say tables and students, not ids
    labels = [label for label, _ in board._pick.options]
    assert labels[:3] == ["7b · Table 1 · Kontrabluff", "7b · Table 2 · Kontrabluff", "7b · Table 3 · Kontrabluff"]
    assert labels[3] == "Room 1 · Kontrabluff" and not any(room.id in label for room in store.rooms() for label in labels)
    board._pick.value = ana.room
    links = " ".join(_text(board._room_view.value).split())
    assert f"{seats[ana.seat]}: Ana: http://pc:8866/" in links
    board._pick.value = by_hand
    assert "South: http://pc:8866/" in " ".join(_text(board._room_view.value).split())


def test_only_the_control_that_applies_is_enabled_and_the_state_is_said(store, make_store_url):
    board = TeacherDashboard(store, base_url=BASE)
    room = board.create_room("kontrabluff", seats=[None, None], seed=2)

    def state() -> tuple:
        return (board._pause.disabled, board._resume.disabled, board._end.disabled, _text(board._room_state.value).strip())

    assert state() == (False, True, False, "This table is playing.")
    assert "role='status'" in board._room_state.value and "This table is playing." in board._resume.tooltip
    board._pause.click()
    assert store.room(room).status == "paused"
    assert state() == (True, False, False, "This table is paused: its students wait until you resume it.")
    assert board._pause.tooltip.endswith("This table is paused: its students wait until you resume it.")
    board._resume.click()
    assert store.room(room).status == "open" and state()[:3] == (False, True, False)
    board._end.click()
    assert state() == (True, False, True, "This table has ended.")
    board._resume.click()  # an ended table may be opened again
    assert store.room(room).status == "open"
    empty = TeacherDashboard(open_store(make_store_url()), base_url=BASE)
    assert (empty._pause.disabled, empty._resume.disabled, empty._end.disabled) == (True, True, True)


def test_a_paused_page_says_so_in_its_banner_and_shows_no_turn(store, monkeypatch):
    import cardlab.sessions.room as room_session

    monkeypatch.setattr(room_session, "SWITCH_SECONDS", 0.0)
    class_id = seat_class(store, ["Ana", "Ben"], "draw_poker", 2, seed=4)
    tables = [_join(store, slip) for slip in store.slips(class_id)]
    mover = next(t for t in tables if t.seat in t.seen.actors)
    assert "cl-turn" in mover._status.value and mover._banner.layout.display == "none"
    board = TeacherDashboard(store, base_url=BASE)
    board._pause.click()
    for table in tables:
        table.poll()
        assert "The teacher has paused this table" in table._banner.value and table._banner.layout.display is None
        assert "cl-turn" not in table._status.value and "to act" not in table._status.value
        assert "cl-acting" not in table._board.value  # no "to act" badge on the board either
        assert "Your turn" not in table._status.value and "paused" not in table._status.value  # said once: the banner
        assert not table.seen.offers and table._continue.layout.display == "none"
    board._resume.click()
    for table in tables:
        table.poll()
    assert "Your turn" in mover._status.value and mover._banner.layout.display == "none"
    assert any("cl-acting" in table._board.value for table in tables)  # the other page: "to act" again


def test_a_students_page_says_its_table_and_class_and_holds_no_room_id(store):
    class_id = seat_class(store, ["Ana", "Ben", "Cy"], "fight_for_the_lead", 3, seed=1, name="Year 8")
    (slip,) = [s for s in store.slips(class_id) if s.student == "Ben"]
    table = _join(store, slip)
    assert "Table 1 · Year 8" in _text(table._title.value)
    state = synced_state(table.widget)
    for room in store.rooms():
        assert room.id not in state, "a room's id reached the student's page"
    unnamed = seat_class(store, 4, "kontrabluff", 2, seed=1)
    second = store.slips(unnamed)[3]
    page = _join(store, second)
    assert f"Table {store.class_tables()[second.room][1]}" in _text(page._title.value)
    assert "students" not in _text(page._title.value)  # an unnamed class: the table's number alone
    assert second.room not in synced_state(page.widget)
    by_hand = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, "rule"])
    alone = room_table(SeatSession.join(store, f"room={by_hand}&seat=0&token={store.tokens(by_hand)[0]}"))
    assert "Room 1" in _text(alone._title.value) and by_hand not in synced_state(alone.widget)
    with language("uk"):
        alone.set_language("uk")
        assert translate("Room {number}").format(number=1) in _text(alone._title.value)


def test_the_slips_page_prints_and_only_the_teachers_key_opens_it(store):
    class_id = seat_class(store, NAMES, "kontrabluff", 2, seed=3)
    link = lambda room, seat, token: f"{BASE}join.ipynb?room={room}&seat={seat}&token={token}"  # noqa: E731
    page = class_sheet_html(store, class_id, link=link)
    assert "@media print" in page and "break-inside: avoid" in page and "window.print()" in page  # its Print button
    assert "addEventListener('load'" not in page  # shown, not printed at once
    status, printing = slips_page_html(store, f"class={class_id}&key={store.teacher_key()}&print=1", link=link)
    assert status == 200 and "window.addEventListener('load', function () { window.print(); });" in printing
    assert printing.count('class="cl-slip"') == len(NAMES)
    for query, wanted in ((f"class={class_id}&key=wrong", 403), (f"class={class_id}", 403),
                          (f"class=nope&key={store.teacher_key()}", 404)):
        status, refused = slips_page_html(store, query, link=link)
        assert status == wanted and "cl-slip" not in refused and "<svg" not in refused
        assert not any(slip.code in refused or slip.token in refused for slip in store.slips(class_id))
    status, refused = slips_page_html(store, f"class={class_id}&key=wrong&lang=pl", link=link)
    with language("pl"):
        assert html.escape(translate("This page is for the teacher: open it with the teacher's link that the "
                                     "classroom server printed when it started.")) in refused
    assert SLIPS_ROUTE == "/slips"


def test_print_the_slips_opens_the_page_in_one_click(store):
    """Served: a link to the server's slips page in a new tab; in the teacher's notebook: a
    link holding the page, opened in a new tab by the browser (a file without scripts)."""
    served = TeacherDashboard(store, base_url=BASE, slips_url="/slips")
    assert served._print.value == ""  # no class yet
    served._class_names.value = "Ana\nBen\nCy"
    served._seat.click()
    class_id = store.classes()[0].id
    link = served._print.value
    assert 'target="_blank"' in link and f"/slips?class={class_id}&amp;key={store.teacher_key()}&amp;print=1" in link
    assert ">Print the slips</a>" in link and "Print the slips" in _text(served._class_message.value)
    notebook = TeacherDashboard(store, base_url=BASE)
    assert notebook._print.value == ""  # the page opens first: its QR codes come with the next redraw
    notebook.refresh()
    link = notebook._print.value
    assert "window.open(window.URL.createObjectURL" in html.unescape(link) and 'download="slips.html"' in link
    page = base64.b64decode(re.search(r'base64,([^"]+)"', link)[1]).decode()
    assert page.count('class="cl-slip"') == 3 and "window.print(); });" in page
    store.set_class_switches(class_id, Switches(lang="sv"))  # the slips follow the class's language
    notebook.refresh()
    page = base64.b64decode(re.search(r'base64,([^"]+)"', notebook._print.value)[1]).decode()
    assert "<html lang='sv'>" in page


def test_the_teachers_page_says_where_the_students_go_and_never_to_start_its_server(store, monkeypatch):
    from cardlab.app import teacher_page

    monkeypatch.setenv("SERVER_NAME", "school-pc")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("QUERY_STRING", f"key={store.teacher_key()}")
    board = teacher_page(store)
    board.stop()
    intro = _text(board._intro.value)
    assert "http://school-pc:8866/" in intro and "types the code on their slip" in intro
    assert "cardlab-classroom" not in intro and "start" not in intro.lower()
    notebook = TeacherDashboard(store)  # in the teacher's own notebook: how the students' pages are served
    assert "cardlab-classroom" in _text(notebook._intro.value)


def test_the_servers_lines_say_what_the_pages_ask_for(tmp_path, capsys):
    from cardlab.app import main

    assert main(["--db", str(tmp_path / "c.db"), "--host", "pc", "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert "Students start at http://pc:8866/ and type the code on their slip." in printed
    assert "own link" not in printed and "join link" not in printed
    assert main(["--db", str(tmp_path / "c.db"), "--host", "pc", "--dry-run", "--lang", "pl"]) == 0
    printed = capsys.readouterr().out
    with language("pl"):
        assert translate("Students start at {url} and type the code on their slip.").format(url="http://pc:8866/") in printed
    assert "Students start" not in printed


def test_the_dashboard_follows_the_rooms_another_server_changes(store, store_url):
    """Issue 38: the teacher's page on one server sees every room, those played through
    another server too (the store's feed tells it, no poll: it has no clock here)."""
    from tests.test_stores import elsewhere, wait_for

    seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=5)
    board = TeacherDashboard(store, base_url=BASE)
    board.start()
    try:
        room = store.classes()[0].rooms[0]
        other = elsewhere(store_url)
        assert "paused" not in _text(board._rooms_view.value).lower()
        other.set_status(room, "paused")  # the teacher's Pause, on the other server
        assert wait_for(lambda: "paused" in _text(board._rooms_view.value).lower()), _text(board._rooms_view.value)
        other.close()
    finally:
        board.stop()


def test_the_dashboard_keeps_working_as_rooms_move(store):
    """The rooms' list follows the moves (scores, whose turn) and says it without ids."""
    class_id = seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=5)
    board = TeacherDashboard(store, base_url=BASE)
    room = Room(store, store.classes()[0].rooms[0])
    seat = room.state.current_player
    room.act(seat, next(iter(room.state.legal_actions(seat))))
    board.refresh()
    text = _text(board.rooms_html())
    assert "s ago" in text and class_id not in text


def test_the_teachers_page_opens_without_pandas_or_qr_codes(store, store_url):
    """Issue 37: the page's own work stays small (the rest is the server's): no pandas for the
    drills' results, no QR codes before the first redraw; ``benchmarks/bench_teacher.py`` times it."""
    import subprocess
    import sys

    from cardlab.rooms import assign_drills
    from cardlab.rooms.rehearsal import rehearse_drills

    class_id = seat_class(store, 8, "kontrabluff", 2, seed=1)
    assign_drills(store, class_id, game="kontrabluff")
    rehearse_drills(store, class_id, answers=6, seed=2)
    code = ("import sys, segno.encoder as e; made = []; make = e.encode\n"
            "e.encode = lambda *a, **k: made.append(1) or make(*a, **k)\n"
            "from cardlab.rooms import open_store\nfrom cardlab.widgets.classroom import TeacherDashboard\n"
            f"board = TeacherDashboard(open_store({store_url!r}), base_url='http://pc:8866/voila/render/')\n"
            "assert 'of 8' in board._drills.results.value, board._drills.results.value\n"
            "print('pandas' in sys.modules, len(made))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "0"], out.stdout + out.stderr
