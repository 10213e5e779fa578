"""A class seated in two minutes (issue 27, deliverables 6 and 8).

Store level: a seeded seating, one seat per student, computers at short tables, join
codes (40 bits, no look-alikes, typed any way), the limit on wrong codes kept in the
store, a code that opens its seat. Widget level, without a browser: the teacher pastes
a list and clicks, the sheet has a slip and a QR code per student; the landing page's
code form; a room's switches on the join table; and the controls a room hides stay
inert when a forged widget message clicks them.
"""

from __future__ import annotations

import collections
import html
import json
import math
import re

import pytest

from cardlab.rooms import (GAME_CLASSES, GuessLimit, CodeRefused, Room, SeatSession, Switches, TABLE_SIZES,
                           class_list, join_by_code, open_store, parse_code, plan_seating, seat_class, show_code)
from cardlab.rooms.codes import ALPHABET, CODE_BITS, CODE_LENGTH, new_code
from cardlab.rooms.store import GUESS_LIMITS
from cardlab.widgets.classroom import TeacherDashboard, class_sheet_html
import cardlab.sessions.room
from cardlab.widgets.join import room_table
from cardlab.widgets.landing import landing_page
from tests.test_widgets import click_action, descendants, synced_state

NAMES = [f"Pupil {chr(65 + i)}" for i in range(23)]
# ``store``: a new classroom store of each kind in turn, SQLite and PostgreSQL (tests/conftest.py).


# -- seating ---------------------------------------------------------------------------
@pytest.mark.parametrize("count, size", [(23, 2), (23, 3), (30, 5), (7, 3), (1, 2), (8, 8), (9, 8)])
def test_every_student_gets_exactly_one_seat_and_short_tables_get_computers(count, size):
    names = NAMES[:count] if count <= len(NAMES) else list(class_list(count))
    tables = plan_seating(names, size, seed=4)
    seated = [who for table in tables for who in table if who is not None]
    assert sorted(seated) == sorted(names)
    assert all(len(table) == size for table in tables)
    assert len(tables) == math.ceil(count / size)
    students = [sum(who is not None for who in table) for table in tables]
    assert max(students) - min(students) <= 1, "the students are not shared out evenly"
    for table in tables:  # a computer sits only after the students of its table
        assert list(table) == sorted(table, key=lambda who: who is None)


def test_a_seating_is_the_same_for_a_seed_and_in_order_keeps_the_list():
    assert plan_seating(NAMES, 3, seed=11) == plan_seating(NAMES, 3, seed=11)
    assert plan_seating(NAMES, 3, seed=11) != plan_seating(NAMES, 3, seed=12)
    in_order = plan_seating(NAMES, 3, order="list")
    assert [who for table in in_order for who in table if who] == NAMES


def test_a_seated_class_has_a_room_per_table_a_code_per_student_and_the_same_deals_for_a_seed(store, make_store_url):
    class_id = seat_class(store, "\n".join(NAMES) + "\n\n", "fight_for_the_lead", 3, seed=9, bot="random")
    (info,) = store.classes()
    assert info.id == class_id and info.table_size == 3 and len(info.rooms) == 8  # 23 students: 8 tables of 3
    slips = store.slips(class_id)
    assert [slip.student for slip in slips] == NAMES  # the sheet follows the class list
    assert len({(slip.room, slip.seat) for slip in slips}) == len(NAMES)
    for room in info.rooms:
        seats = store.seats(room)
        people = {slip.seat for slip in slips if slip.room == room}
        assert {seat.seat for seat in seats if seat.bot is None} == people
        assert all(seat.bot == "random" for seat in seats if seat.seat not in people)
        assert store.room(room).settings["players"] == 3
    again = open_store(make_store_url())
    other = seat_class(again, NAMES, "fight_for_the_lead", 3, seed=9, bot="random")
    placed = lambda s, c: [(x.student, x.table, x.seat) for x in s.slips(c)]  # noqa: E731
    assert placed(again, other) == placed(store, class_id)
    assert [again.room(r).seed for r in again.classes()[0].rooms] == [store.room(r).seed for r in info.rooms]


def test_a_number_of_students_is_seated_as_student_1_2_3(store):
    """Unnamed students and classes are stored without a name (issue 35: a store holds
    no words), the students with their numbers; the pages name them when shown."""
    class_id = seat_class(store, 5, "kontrabluff", 2, seed=1, order="list")
    assert [(slip.number, slip.student) for slip in store.slips(class_id)] == [(i, "") for i in range(1, 6)]
    (info,) = store.classes()
    assert info.name == "" and info.students == 5
    assert [seat.bot for seat in store.seats(info.rooms[-1])] == [None, "rule"]
    sheet = class_sheet_html(store, class_id, link=lambda room, seat, token: "http://pc/join")
    assert all(f">Student {i}</div>" in sheet for i in range(1, 6)) and "5 students: seats and codes" in sheet
    assert store._rows("SELECT DISTINCT student FROM codes") == [("",)]
    assert store._rows("SELECT name FROM classes") == [("",)]


@pytest.mark.parametrize("bad, words", [("", "empty"), (0, "empty"), ("x" * 61, "at most 60")])
def test_an_empty_list_or_a_wrong_table_size_is_refused_in_words(store, bad, words):
    with pytest.raises(ValueError, match=words):
        seat_class(store, bad, "kontrabluff", 2)
    with pytest.raises(ValueError, match="seats 2 to 2"):
        seat_class(store, 4, "kontrabluff", 3)
    assert store.classes() == [] and store.rooms() == []


# -- codes -----------------------------------------------------------------------------
def test_codes_carry_40_bits_from_an_alphabet_without_look_alikes():
    assert len(ALPHABET) == len(set(ALPHABET)) == 32 and CODE_LENGTH == 8
    assert CODE_BITS >= 40 and len(ALPHABET) ** CODE_LENGTH >= 2 ** 40
    assert not set("ILOU") & set(ALPHABET)  # I, L look like 1; O like 0; U is left out of Crockford's
    assert set(ALPHABET) == set("0123456789ABCDEFGHJKMNPQRSTVWXYZ")


def test_a_code_is_typed_in_any_case_with_or_without_the_dash():
    code = new_code()
    shown = show_code(code)
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", shown)
    for typed in (code, shown, shown.lower(), code.lower(), f"  {shown[:4]} {shown[5:]} "):
        assert parse_code(typed) == code
    assert parse_code("O0IL-oil1") == "00110111"  # the look-alikes read as what they look like
    for wrong in ("", "K7QF-2M9", "K7QF-2M9XY", "K7QF-2M9U", "K7QF_2M9!", None):
        assert parse_code(wrong) is None


def test_codes_are_unique_across_classes(store):
    classes = [seat_class(store, 40, "draw_poker", 5, seed=s) for s in range(5)]
    codes = [slip.code for c in classes for slip in store.slips(c)]
    assert len(codes) == 200 and len(set(codes)) == 200
    assert all(parse_code(code) == code for code in codes)
    assert len({code[:2] for code in codes}) > 100, "the codes do not look random"


def test_a_code_opens_its_own_seat_and_joins_it(store):
    class_id = seat_class(store, NAMES[:6], "fight_for_the_lead", 3, seed=3)
    for slip in store.slips(class_id):
        session = join_by_code(store, show_code(slip.code).lower(), client="page")
        assert (session.room.id, session.seat) == (slip.room, slip.seat)
        assert session.observation().player == slip.seat
        assert store.seat_holder(slip.room, slip.seat) == session.holder


def test_wrong_codes_are_limited_per_page_and_the_limit_survives_a_new_connection(store):
    class_id = seat_class(store, 4, "kontrabluff", 2, seed=3)
    right = store.slips(class_id)[0].code
    wrong = "ZZZZZZZZ" if right != "ZZZZZZZZ" else "YYYYYYYY"
    page_limit = GUESS_LIMITS["page"][0]
    for _ in range(page_limit):
        with pytest.raises(CodeRefused, match="No seat has that code"):
            join_by_code(store, wrong, client="page-1")
    with pytest.raises(GuessLimit, match="Too many wrong codes"):
        join_by_code(store, right, client="page-1")  # even the right code: a guesser learns nothing
    with pytest.raises(CodeRefused, match="not a join code"):
        join_by_code(store, "abc", client="page-1")  # a typing mistake is told as such, costs nothing
    reopened = open_store(store.url)
    with pytest.raises(GuessLimit):
        join_by_code(reopened, right, client="page-1")
    assert join_by_code(reopened, right, client="page-2").seat == store.slips(class_id)[0].seat  # another page may
    later = GUESS_LIMITS["page"][1] + 1
    import time

    assert reopened.redeem_code(right, "page-1", now=time.time() + later) is not None  # the window passed


def test_wrong_codes_are_limited_for_the_whole_classroom_so_a_reload_does_not_reset_them(store):
    class_id = seat_class(store, 2, "kontrabluff", 2, seed=3)
    right = store.slips(class_id)[0].code
    limit = GUESS_LIMITS["class"][0]
    for guess in range(limit):  # each guess from a new page, as reloading would give
        store.redeem_code(new_code(), f"page-{guess}")
    with pytest.raises(GuessLimit):
        join_by_code(open_store(store.url), right, client="a-new-page")


# -- switches --------------------------------------------------------------------------
def test_switches_per_room_and_for_the_class_are_kept_in_the_store(store):
    assert Switches().undo is False and Switches().hints is True
    class_id = seat_class(store, 4, "kontrabluff", 2, seed=3, switches=Switches(hints=False, pace=0.5))
    first, second = store.classes()[0].rooms
    assert store.switches(first) == Switches(hints=False, pace=0.5)
    store.set_switches(first, Switches(undo=True, coach=True))
    assert open_store(store.url).switches(first) == Switches(undo=True, coach=True)
    assert store.switches(second) == Switches(hints=False, pace=0.5)
    store.set_class_switches(class_id, Switches(hints=True, coach=True))
    assert store.switches(first) == store.switches(second) == store.classes()[0].switches == Switches(coach=True)
    lone = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, None])
    assert store.switches(lone) == Switches()  # a room made by hand has the defaults


# -- the teacher's page ----------------------------------------------------------------
def test_the_teacher_pastes_a_list_clicks_and_prints_one_slip_per_student(store):
    board = TeacherDashboard(store, base_url="http://teacher-pc:8866/voila/render/")
    board._class_names.value = "\n".join(NAMES[:7]) + "\n"
    board._class_game.value = "fight_for_the_lead"
    board._class_size.value = 3
    board._class_seed.value = "5"
    board._class_switches._hints.value = False
    board._seat.click()
    assert "Seated" in board._class_message.value, board._class_message.value
    (info,) = store.classes()
    assert len(info.rooms) == 3 and all(store.room(room).game == "fight_for_the_lead" for room in info.rooms)
    assert all(store.switches(room).hints is False for room in info.rooms)
    sheet = board.sheet_html(info.id)
    slips = re.findall(r'<div class="cl-slip">(.*?)Keep your code', sheet, re.S)
    assert len(slips) == 7
    for slip, student in zip(slips, store.slips(info.id)):
        assert student.student in slip and show_code(student.code) in slip and "<svg" in slip
        assert f"Table {student.table}" in slip
    assert "http://teacher-pc:8866/" in sheet
    assert 'class="cl-print"' in board._print.value and "Print the slips" in board._print.value
    # the tables show on the dashboard under their class (issue 37: by number and student, never by id)
    rooms = board.rooms_html()
    assert not any(room in rooms for room in info.rooms)
    assert "7 students: 0 of 7 students connected" in rooms and info.name == "" and info.students == 7
    assert all(f"<td>Table {n}</td>" in rooms for n in (1, 2, 3)) and "<td>Table 4</td>" not in rooms
    assert all(f"{slip.student}, not connected" in rooms for slip in store.slips(info.id))
    board._class_switches._undo.value = True
    board._apply_class.click()
    assert all(store.switches(room).undo for room in info.rooms)
    board._seat.click()  # a second seating of the same list: new codes, no old one reused
    assert len(store.classes()) == 2
    codes = [s.code for c in store.classes() for s in store.slips(c.id)]
    assert len(set(codes)) == 14


def test_a_seat_number_instead_of_names_and_words_for_a_wrong_seed(store):
    board = TeacherDashboard(store, base_url="http://pc:8866/voila/render/")
    board._class_count.value = 4
    board._class_seed.value = "abc"
    board._seat.click()
    assert "whole number" in board._class_message.value and store.classes() == []
    board._class_seed.value = ""
    board._seat.click()
    assert [(s.number, s.student) for s in store.slips(store.classes()[0].id)] == [(i, "") for i in range(1, 5)]
    assert "Student 4" in board.sheet_html(store.classes()[0].id)


def test_the_qr_code_holds_the_join_link(store):
    segno = pytest.importorskip("segno")
    board = TeacherDashboard(store, base_url="http://pc:8866/voila/render/")
    class_id = board.seat_class(["Ana"], "kontrabluff", 2, seed=1)
    (slip,) = store.slips(class_id)
    link = board._link(slip.room, slip.seat, slip.token)
    expected = segno.make(link, error="m").svg_inline(scale=3, title="Join link")
    assert expected in board.sheet_html(class_id)
    assert SeatSession.join(store, link.split("?", 1)[1]).seat == slip.seat


# -- the landing page ------------------------------------------------------------------
def test_the_landing_page_joins_by_a_typed_code_and_refuses_wrong_ones_plainly(store):
    class_id = seat_class(store, ["Ana", "Ben", "Cy"], "fight_for_the_lead", 3, seed=2)
    slip = store.slips(class_id)[1]
    page = landing_page(store, start=False)
    assert "open the link your teacher gave you" in "".join(synced_state(w) for w in descendants(page)).lower()
    assert slip.code not in "".join(synced_state(w) for w in descendants(page))
    page.code.value = "hello"
    assert "not a join code" in page.said
    page.code.value = "zzzz-zzzz" if slip.code != "ZZZZZZZZ" else "yyyy-yyyy"
    page.join.click()  # Enter, then the button: the same wrong code costs one guess
    assert "No seat has that code" in page.said
    assert store._rows("SELECT COUNT(*) FROM wrong_codes") == [(1,)]
    page.code.value = show_code(slip.code).lower()
    assert page.table is not None and page.table.seat == slip.seat and page.table.session.room.id == slip.room
    assert page.children == (page.table.widget,)


def test_a_code_puts_the_students_own_link_in_the_page_address_and_nothing_before(store):
    """Issue 37: a page joined by a code moves its address to the seat's own join link (a
    reload then opens the seat, not the form); the form's page holds no link before a right
    code, and only the student's own token after it."""
    from cardlab.app import own_link

    class_id = seat_class(store, ["Ana", "Ben", "Cy"], "fight_for_the_lead", 3, seed=2)
    slips = store.slips(class_id)
    page = landing_page(store, start=False, lang="pl", own_link=own_link)
    page.code.value = "zzzz-zzzz" if slips[1].code != "ZZZZZZZZ" else "yyyy-yyyy"
    assert page.table is None and page.address.value == ""
    page.code.value = slips[1].code
    assert page.table is not None and page.children == (page.table.widget, page.address)
    link = own_link(slips[1].room, slips[1].seat, slips[1].token, "pl")
    assert html.escape(json.dumps(link), quote=True) in page.address.value and "replaceState" in page.address.value
    assert SeatSession.join(store, link.split("?", 1)[1]).seat == slips[1].seat  # the address opens the same seat
    synced = "".join(synced_state(w) for w in descendants(page))
    assert not [s.token for s in slips if s is not slips[1] and s.token in synced]  # no other student's token


def test_a_reloaded_landing_page_is_still_refused_after_too_many_wrong_codes(store):
    class_id = seat_class(store, 2, "kontrabluff", 2, seed=2)
    right = store.slips(class_id)[0].code
    page = landing_page(store, start=False, client="kernel-1")
    for guess in range(GUESS_LIMITS["page"][0] + 1):
        page.code.value = new_code()
    assert "Too many wrong codes" in page.said
    reloaded = landing_page(open_store(store.url), start=False, client="kernel-1")
    reloaded.code.value = right
    assert "Too many wrong codes" in reloaded.said and reloaded.table is None


# -- the join table: switches and inert hidden controls -------------------------------
def _table(store, room, seat=0):
    return room_table(SeatSession.join(store, f"room={room}&seat={seat}&token={store.tokens(room)[seat]}"))


def page_state(table) -> list[str]:
    return [synced_state(widget) for widget in descendants(table.widget)]


def test_hints_follow_the_rooms_switch(store):
    room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, "rule"])
    store.set_switches(room, Switches(hints=False))
    table = _table(store, room)
    assert table._hints.layout.display == "none"
    table._hints.value = True  # a forged message turns the hidden toggle on
    assert table._hint.value == ""
    store.set_switches(room, Switches(hints=True))
    table.session._switches_read = 0.0
    table.poll()
    assert table._hints.layout.display is None
    if table.seat in table.seen.actors:
        assert "Hint" in table._hint.value


def test_the_computers_wait_their_pace_in_a_room(store, monkeypatch):
    import cardlab.widgets.join as join

    clock = [1000.0]
    monkeypatch.setattr(cardlab.sessions.room.time, "monotonic", lambda: clock[0])
    room = store.create_room("fight_for_the_lead", {"players": 3, "games": 1}, seed=4, seats=[None, "rule", "rule"])
    store.set_switches(room, Switches(pace=1.0))
    table = _table(store, room)
    seat_room = table.session.room
    for _ in range(20):  # let the computers play up to the student, one move a second
        if table.seat in table.seen.actors or seat_room.state.is_terminal:
            break
        done = seat_room.version
        table.poll()
        assert seat_room.version == done, "a computer moved before its pace"
        clock[0] += 1.01
        table.poll()
        assert seat_room.version <= done + 1
    if table.pause is not None:
        table._continue.click()
    action = next(iter(table.session.state.observation(table.seat).legal_actions))
    click_action(table, action)
    done = seat_room.version
    table.poll()
    assert seat_room.version == done  # right after the student's move, the computers wait
    clock[0] += 1.01
    table.poll()
    assert seat_room.version == done + 1


def test_controls_a_room_hides_do_nothing_and_say_nothing_when_a_forged_message_clicks_them(store):
    room = store.create_room("kontrabluff", {"target": 300}, seed=5, seats=[None, None])
    table = _table(store, room)
    leader = table if table.seat in table.seen.actors else _table(store, room, 1)
    click_action(leader, next(iter(leader.session.state.observation(leader.seat).legal_actions)))  # something to undo
    table.poll()
    store.set_switches(room, Switches(hints=False))
    table.session._switches_read = 0.0
    table.poll()
    actions, before, said = store.actions(room), page_state(table), table.message
    hidden = [table._undo, table._new, table._step, table._replay]
    assert all(control.layout.display == "none" for control in hidden)
    for control in hidden:
        control.click()
        table._yes.click()  # and the answer to a question that was never asked
        assert store.actions(room) == actions and table.message == said
        assert page_state(table) == before, f"the hidden {control.description} changed the page"
    for control, value in ((table._auto, not table._auto.value), (table._pace, 1.5), (table._hints, True)):
        control.value = value
        assert store.actions(room) == actions and table.message == said
    assert table._hint.value == "" and table._confirm.layout.display == "none"
    assert Room(store, room).state.to_json() == table.session.state.to_json()
    assert len(table.session.state.actions) == len(actions)


def test_every_game_and_table_size_can_be_seated(store):
    for game, (low, high) in TABLE_SIZES.items():
        assert game in GAME_CLASSES
        for size in sorted({low, high}):
            class_id = seat_class(store, size + 1, game, size, seed=size)
            counts = collections.Counter(slip.room for slip in store.slips(class_id))
            assert sum(counts.values()) == size + 1
            for room_id in store.classes()[-1].rooms:
                Room(store, room_id)  # every room's game starts


# -- undo in a room (the teacher's switch) ---------------------------------------------
def test_undo_in_a_room_takes_back_the_seats_move_and_the_computers_replies_only(store):
    from cardlab.rooms import RoomError, StaleView, move_bots

    # Draw poker's bets show no card, so undo may go back over the computers' bets (DP-2).
    room_id = store.create_room("draw_poker", {"players": 3, "hands": 3}, seed=8, seats=[None, "rule", "rule"])
    student, other = Room(store, room_id), Room(open_store(store.url), room_id)  # two kernels' copies
    with pytest.raises(RoomError, match="you have not moved yet"):
        student.undo(0)
    move_bots(student, "k")
    mark = student.version
    student.act(0, next(a for a in student.state.legal_actions(0) if a.kind == "open"))
    move_bots(student, "k")
    assert student.version > mark + 1, "the computers did not reply"
    other.refresh()
    assert student.undo(0) == other.version - mark  # the student's move and the computers' replies
    assert student.version == mark and len(store.actions(room_id)) == mark
    assert other.refresh() and other.version == mark and other.state.to_json() == student.state.to_json()
    # a copy that still shows the lost moves is refused, not applied on top of them
    ghost = Room(store, room_id)
    action = next(iter(student.state.legal_actions(0)))
    student.act(0, action)
    ghost.refresh()
    student.undo(0)
    with pytest.raises(StaleView, match="taken back"):
        ghost.act(0, action)  # the page shows the lost move: refused before any rule is checked
    assert len(store.actions(room_id)) == mark and ghost.version == mark


def test_undo_is_refused_once_a_computer_has_shown_a_card_since(store):
    """KB-3: the computer's laid card is face up; taking the student's move back would
    replay it knowing that card (the tables' undo rule, issue 28)."""
    from cardlab.rooms import RoomError, move_bots

    room_id = store.create_room("kontrabluff", {"target": 300}, seed=2, seats=[None, "rule"])
    room = Room(store, room_id)
    move_bots(room, "k")
    room.act(0, next(a for a in room.state.legal_actions(0) if a.kind == "lay"))
    mark = room.version
    assert move_bots(room, "k") > 0 and room.version > mark, "the computer did not reply"
    with pytest.raises(RoomError, match="shown since your move"):
        room.undo(0)
    assert len(store.actions(room_id)) == room.version


def test_undo_is_refused_once_another_student_has_moved(store):
    from cardlab.rooms import RoomError

    room_id = store.create_room("kontrabluff", {"target": 300}, seed=2, seats=[None, None])
    room = Room(store, room_id)
    first = room.state.current_player
    room.act(first, next(iter(room.state.legal_actions())))
    room.act(1 - first, next(iter(room.state.legal_actions())))
    with pytest.raises(RoomError, match="another player has moved"):
        room.undo(first)
    assert len(store.actions(room_id)) == 2


def test_the_undo_button_shows_and_works_only_where_the_teacher_allows_it(store):
    room = store.create_room("kontrabluff", {"target": 300}, seed=5, seats=[None, None])
    first = Room(store, room).state.current_player
    table, watcher = _table(store, room, first), _table(open_store(store.url), room, 1 - first)
    assert table._undo.layout.display == "none"
    store.set_switches(room, Switches(undo=True))
    table.session._switches_read = 0.0
    table.poll()
    assert table._undo.layout.display is None
    before = len(store.actions(room))
    click_action(table, next(iter(table.session.state.observation(table.seat).legal_actions)))
    watcher.poll()
    assert len(store.actions(room)) == before + 1 and watcher.session.room.version == before + 1
    table._undo.click()
    assert table.message.startswith("Undone") and not table.message_is_error
    assert len(store.actions(room)) == before and table.session.room.version == before
    watcher.poll()
    assert watcher.session.room.version == before and watcher.message == "A move was taken back at this table."
    store.set_switches(room, Switches(undo=False))
    table.session._switches_read = 0.0
    table.poll()
    assert table._undo.layout.display == "none"
