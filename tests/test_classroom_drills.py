"""Drills in the classroom (issue 36, item 3).

The teacher gives a class a drill set from the dashboard; it is kept in the store with the
class; each student's join page shows *Practice the rules* beside the table, which opens
the drill; every answer becomes a row of the lesson's data (student, kind, rule, right or
wrong, seconds) in the store and in the lesson's tables; the dashboard shows per rule how
many of the class have mastered it (five right in a row) and the rules most missed.

The drill widget is helper D2's :class:`cardlab.widgets.Drill`; where it is not on this
branch yet, these tests use a stand-in with the same interface (:mod:`tests.drill_standin`).
"""

from __future__ import annotations

import base64
import html
import re

import pandas as pd
import pytest

import cardlab.widgets.practice as practice
from cardlab.analysis.lesson import drill_mastery, drill_progress, most_missed
from cardlab.drills import KINDS, DrillError, exercise
from cardlab.rooms import (EVERY_DRILL, HAND_RANKINGS, SeatSession, StoreError, assign_drills, game_kinds, open_store,
                           seat_class, seat_drills)
from cardlab.rooms.lesson import DRILL_COLUMNS, drill_table
from cardlab.rooms.rehearsal import rehearse_drills
from cardlab.widgets.classroom import TeacherDashboard
from cardlab.widgets.join import room_table
from cardlab.words import language, translate
from tests import drill_standin

BASE = "http://pc:8866/voila/render/"


@pytest.fixture(autouse=True)
def drill_widget(monkeypatch):
    """D2's Drill widget where it exists, else the stand-in (the same interface)."""
    monkeypatch.setattr(practice, "drill_class", drill_standin.drill_class)


# ``store``: tests/conftest.py's, each test on SQLite and on PostgreSQL (the drills live in the shared SQL)


def _join(url, slip):
    store = open_store(url)  # each page its own store object, as in the server
    return room_table(SeatSession.join(store, f"room={slip.room}&seat={slip.seat}&token={slip.token}"))


def _answer_by_click(table, right: bool) -> None:
    """The student opens the practice (if it is not open) and clicks an option (or checks a number)."""
    bar = table.practice
    if not bar.open:
        bar.button.click()
    drill = bar.practice.drill
    if getattr(drill, "verdict", None) is not None:  # D2's widget waits on a wrong answer's "Next question"
        drill.next()
    made = drill.exercise
    given = made.answer if right else (made.answer + 1) % max(len(made.options), 2) if made.options else made.answer + 1
    if made.options:
        drill.option_buttons[given].click()
    else:
        drill.check(given)


def test_a_drill_set_is_kept_with_the_class_and_refused_in_words_when_it_is_none(store):
    class_id = seat_class(store, ["Ana", "Ben"], "draw_poker", 2, seed=1)
    assert store.drills(class_id) == ()
    assert assign_drills(store, class_id, game="draw_poker") == game_kinds("draw_poker")
    assert "which_hand_wins" in store.drills(class_id)  # draw poker compares poker hands
    assert game_kinds(HAND_RANKINGS) == ("which_hand_wins",) and game_kinds(EVERY_DRILL) == tuple(KINDS)
    assert all(game_kinds(game) for game in ("kontrabluff", "draw_poker", "parallel_poker", "fight_for_the_lead"))
    before = store.drills(class_id)
    with pytest.raises(DrillError, match="no drill kind 'poker'"):
        assign_drills(store, class_id, kinds=["lead_winner", "poker"])
    with pytest.raises(DrillError, match="no drills for 'chess'"):
        assign_drills(store, class_id, game="chess")
    with pytest.raises(StoreError, match="no class"):
        assign_drills(store, "nope", kinds=["lead_winner"])
    assert store.drills(class_id) == before  # a refusal changes nothing
    assign_drills(store, class_id, kinds=["lead_winner", "lead_winner", "trick_winner"])
    assert store.drills(class_id) == ("lead_winner", "trick_winner")
    assign_drills(store, class_id, kinds=[])
    assert store.drills(class_id) == ()


def test_the_teacher_gives_drills_from_the_dashboard(store):
    board = TeacherDashboard(store, base_url=BASE)
    board.seat_class(["Ana", "Ben", "Cy", "Dee"], "kontrabluff", 2, seed=2)
    class_id = store.classes()[0].id
    panel = board._drills
    assert panel.class_pick.value == class_id and panel.set_pick.value == "kontrabluff"
    assert panel.kinds.value == game_kinds("kontrabluff") and "No drills for 4 students yet." in panel.now.value
    assert panel.results.value == ""  # never given drills: nothing to count
    panel.kinds.value = ()
    panel.assign.click()
    assert "Choose at least one drill first." in panel.message.value and store.drills(class_id) == ()
    panel.set_pick.value = HAND_RANKINGS
    assert panel.kinds.value == ("which_hand_wins",)
    panel.kinds.value = ("which_hand_wins", "round_points")
    panel.assign.click()
    assert store.drills(class_id) == ("which_hand_wins", "round_points")
    assert "Which hand wins? · Points for a Kontrabluff round" in panel.now.value
    assert "No answers yet" in panel.results.value and not panel.stop.disabled
    panel.stop.click()
    assert store.drills(class_id) == () and panel.stop.disabled and "answers so far are kept" in panel.message.value


def test_the_join_page_offers_the_drills_beside_the_table_once_given(store):
    class_id = seat_class(store, ["Ana", "Ben"], "fight_for_the_lead", 2, seed=3)
    slip = store.slips(class_id)[0]
    table = _join(store.url, slip)
    bar = table.practice
    assert table.widget.children[1] is table.heading and table.widget.children[2] is bar.widget
    assert bar.widget.layout.display == "none" and seat_drills(store, slip.room, slip.seat) == ()
    bar.toggle()  # a forged click before any drill: nothing opens
    assert not bar.open and bar.box.layout.display == "none"
    assign_drills(store, class_id, kinds=["lead_winner"])
    bar._looked = -1e9  # the next poll looks at the drill set
    assert table.poll() is True and bar.widget.layout.display is None
    assert bar.button.description == "Practice the rules"
    bar.button.click()
    assert bar.open and bar.box.layout.display is None and bar.button.description == "Back to my table"
    game_rows = [row for row in table.widget.children[4:] if row is not table.errors]
    assert game_rows and all(row.layout.display == "none" for row in game_rows)  # the drill in the table's place
    assert bar.box.children[0] is bar.practice.widget and bar.practice.drill.exercise.kind == "lead_winner"
    bar.button.click()
    assert not bar.open and all(row.layout.display is None for row in game_rows)
    # the teacher takes the drills away while the practice is open: back to the table
    bar.button.click()
    assign_drills(store, class_id, kinds=[])
    bar._looked = -1e9
    table.poll()
    assert not bar.open and bar.widget.layout.display == "none" and all(row.layout.display is None for row in game_rows)
    # the table's language picker says the button in the new language
    assign_drills(store, class_id, kinds=["lead_winner"])
    bar._looked = -1e9
    table.poll()
    table._lang_pick.value = "pl"
    assert bar.button.description == "Ćwicz zasady"


def test_two_students_answers_by_click_arrive_in_the_lesson_data(store):
    """Two join pages in one process against one store, each answering by clicks: every
    answer is a row of the store and of the lesson's drill table, under its own student."""
    class_id = seat_class(store, ["Ana", "Ben", "Cy"], "kontrabluff", 2, seed=4, name="7b")
    assign_drills(store, class_id, kinds=["which_hand_wins", "round_points"])
    slips = {slip.student: slip for slip in store.slips(class_id)}
    ana, ben = _join(store.url, slips["Ana"]), _join(store.url, slips["Ben"])
    for right in (True, True, False, True):
        _answer_by_click(ana, right)
    for right in (False, True):
        _answer_by_click(ben, right)
    answers = store.answers(class_id)
    assert [a.number for a in answers] == [slips["Ana"].number] * 4 + [slips["Ben"].number] * 2
    assert [a.correct for a in answers] == [True, True, False, True, False, True]
    assert {a.kind for a in answers} <= {"which_hand_wins", "round_points"}
    for answer in answers:  # the rule and the seed make the very exercise again, graded by the engine
        assert answer.rule == exercise(answer.kind, answer.seed).rule and answer.seconds >= 0
    table = drill_table(store)
    assert list(table.columns) == list(DRILL_COLUMNS) and len(table) == 6
    assert table["student"].tolist() == ["Ana"] * 4 + ["Ben"] * 2 and set(table["class"]) == {"7b"}
    assert table["table"].tolist() == [store.class_tables()[slips[n].room][1] for n in ["Ana"] * 4 + ["Ben"] * 2]
    assert table["correct"].tolist() == [True, True, False, True, False, True]
    # the game goes on meanwhile: the table is still the student's
    assert ana.session.seat_session.store.seat_holder(slips["Ana"].room, slips["Ana"].seat) == ana.session.seat_session.holder


def test_a_page_never_writes_another_seats_answers_and_bad_answers_change_nothing(store):
    class_id = seat_class(store, ["Ana", "Ben", "Cy"], "kontrabluff", 2, seed=4)
    assign_drills(store, class_id, kinds=["round_points"])
    computer = next((room, seat.seat) for room in store.classes()[0].rooms for seat in store.seats(room) if seat.bot)
    by_hand = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, None])
    for room, seat in (computer, (by_hand, 0), ("nope", 0)):
        with pytest.raises(StoreError, match="no class's student"):
            store.add_answer(room, seat, kind="round_points", rule="KB-5", seed=1, correct=True, seconds=2.0)
    slip = store.slips(class_id)[0]
    for seconds in (-1.0, 1e9, "3"):
        with pytest.raises(StoreError, match="seconds"):
            store.add_answer(slip.room, slip.seat, kind="round_points", rule="KB-5", seed=1, correct=True,
                             seconds=seconds)
    assert store.answers() == []
    with store.transaction() as tx:
        assert tx.execute("SELECT COUNT(*) FROM drill_answers").fetchone()[0] == 0


def test_mastery_is_five_right_in_a_row_and_the_dashboard_counts_it_per_rule(store):
    class_id = seat_class(store, ["Ana", "Ben", "Cy", "Dee"], "fight_for_the_lead", 2, seed=6)
    assign_drills(store, class_id, kinds=["lead_winner"])
    slips = {slip.student: slip for slip in store.slips(class_id)}

    def answer(name: str, rule: str, *rights: bool) -> None:
        slip = slips[name]
        for right in rights:
            store.add_answer(slip.room, slip.seat, kind="lead_winner", rule=rule, seed=1, correct=right, seconds=3.0)

    answer("Ana", "FL-4", *[True] * 5)  # mastered
    answer("Ben", "FL-4", True, True, False, True, True, True, True)  # four in a row after a slip: not yet
    answer("Cy", "FL-4", False, *[True] * 5, False)  # mastered, then a slip: stays mastered
    answer("Dee", "FL-7", False, False, True, False, True)
    table = drill_table(store, class_id)
    progress = drill_progress(table).set_index("student")
    assert progress.loc["Ana", "mastered"] and not progress.loc["Ben", "mastered"] and progress.loc["Cy", "mastered"]
    assert progress.loc["Ben", "run"] == 4 and progress.loc["Cy", "run"] == 5 and progress.loc["Ben", "right"] == 6
    mastery = drill_mastery(table).set_index("rule")
    assert mastery.loc["FL-4", ["students", "mastered", "answers", "wrong"]].tolist() == [3, 2, 19, 3]
    assert mastery.loc["FL-7", ["students", "mastered", "answers", "wrong"]].tolist() == [1, 0, 5, 3]
    assert most_missed(drill_mastery(table))["rule"].tolist() == ["FL-7", "FL-4"]  # 3 of 5 wrong, then 3 of 19
    assert most_missed(drill_mastery(table), least=6)["rule"].tolist() == ["FL-4"]  # five answers say too little
    assert list(drill_mastery(table)["rule"]) == ["FL-4", "FL-7"]  # in the rules' order
    board = TeacherDashboard(store, base_url=BASE)
    results = board._drills.results.value
    rows = re.findall(r"<tr><td>(FL-\d) [^<]*</td><td>([^<]*)</td><td>(\d+)</td><td>(\d+)</td></tr>", results)
    assert rows == [("FL-4", "2 of 4", "19", "3"), ("FL-7", "0 of 4", "5", "3")]
    assert "Most missed: FL-7 Tricks: 3 of 5 answers wrong; FL-4 The fight for the lead: 3 of 19 answers wrong." in results
    board._drills.download.click()
    csv = base64.b64decode(re.search(r"base64,([^\"]+)", board._drills.csv_link.value)[1]).decode()
    assert len(pd.read_csv(__import__("io").StringIO(csv))) == 24 and "(24 answers)" in board._drills.csv_link.value


def test_mastery_by_rule_agrees_with_the_drill_widgets_count():
    """The classroom counts mastery as the Drill widget does: five right in a row, kept once reached."""
    import numpy as np

    rng = np.random.default_rng(3)
    for _ in range(200):
        rights = list(rng.random(int(rng.integers(1, 15))) < 0.7)
        streak = best = 0
        for right in rights:
            streak = streak + 1 if right else 0
            best = max(best, streak)
        frame = pd.DataFrame({"class": "c", "student": "Ana", "number": 1, "rule": "KB-5", "correct": rights})
        assert drill_progress(frame)["mastered"].item() == (best >= 5)


def test_a_rehearsed_class_answers_through_the_store(store):
    class_id = seat_class(store, 6, "draw_poker", 3, seed=2)
    assign_drills(store, class_id, game="draw_poker")
    assert rehearse_drills(store, class_id, answers=9, seed=1) == 54
    table = drill_table(store, class_id)
    assert len(table) == 54 and table.groupby("number").size().tolist() == [9] * 6
    assert set(table["kind"]) == set(game_kinds("draw_poker"))
    assert 0 < table["correct"].mean() < 1 and (table["seconds"] > 0).all()
    assert rehearse_drills(open_store(store.url), class_id, answers=9, seed=1) == 54  # the same again, seeded
    again = drill_table(store, class_id)
    assert again["correct"].iloc[54:].tolist() == again["correct"].iloc[:54].tolist()


def test_the_drill_page_opens_the_practice_without_taking_the_seat(store):
    from cardlab.app import drill_page

    class_id = seat_class(store, ["Ana", "Ben"], "fight_for_the_lead", 2, seed=3)
    slip = store.slips(class_id)[0]
    table = _join(store.url, slip)
    holder = store.seat_holder(slip.room, slip.seat)
    query = f"room={slip.room}&seat={slip.seat}&token={slip.token}&lang=sv"
    refused = drill_page(store, query)
    with language("sv"):
        assert html.escape(translate("Your teacher has not chosen any drills for your class yet.")) in refused.value
    assign_drills(store, class_id, kinds=["trick_winner"])
    page = drill_page(store, query)
    assert "Öva på reglerna" in page.children[0].value
    assert store.seat_holder(slip.room, slip.seat) == holder and table.session.seat_session.holder == holder
    wrong = drill_page(store, query.replace(slip.token, "wrong"))
    with language("sv"):  # refused in the link's language
        assert html.escape(translate("This link does not open a seat: ask your teacher for your own link.")) in wrong.value


def test_the_dashboards_count_is_the_lesson_tables(store):
    """The teacher's page counts without pandas (cardlab.widgets.class_drills.class_results);
    cardlab.analysis.lesson counts the same from the drill table, rule by rule."""
    from cardlab.analysis.lesson import MASTERY_STREAK
    from cardlab.widgets import class_drills

    assert class_drills.MASTERY_STREAK == MASTERY_STREAK == 5
    class_id = seat_class(store, 12, "parallel_poker", 2, seed=7)
    assign_drills(store, class_id, game="parallel_poker")
    rehearse_drills(store, class_id, answers=25, seed=5, skill=(0.5, 0.99))
    results = class_drills.class_results(store.answers(class_id))
    mastery = drill_mastery(drill_table(store, class_id))
    columns = ["rule", "students", "mastered", "answers", "wrong"]
    assert [[getattr(row, c) for c in columns] for row in results] == mastery[columns].values.tolist()
    assert sum(row.mastered for row in results) > 0 and sum(row.wrong for row in results) > 0
    assert [row.rule for row in class_drills.hardest(results)] == most_missed(mastery)["rule"].tolist()
