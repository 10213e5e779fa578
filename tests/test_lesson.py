"""The lesson as data (issue 27, point 7): one row per stored decision, replaying to the store's state."""

from __future__ import annotations

import pandas as pd
import pytest

from cardlab.engine import Action
from cardlab.rooms import Room, SQLiteStore, move_bots
from cardlab.rooms.lesson import COLUMNS, ROUND_COLUMNS, lesson_csv, lesson_rounds, lesson_table, read_lesson
from cardlab.rooms.rehearsal import rehearse_class
from cardlab.words import language

GAMES = [("draw_poker", 3, {"hands": 4}), ("fight_for_the_lead", 3, {"games": 3}), ("kontrabluff", 2, {"target": 100}),
         ("parallel_poker", 2, {"games": 2})]


@pytest.fixture(scope="module")
def lesson(tmp_path_factory):
    store = SQLiteStore(tmp_path_factory.mktemp("lesson") / "class.db")
    for k, (game, size, settings) in enumerate(GAMES):
        rehearse_class(store, 5, game, size, seed=10 + k, settings=settings, name=f"class {k}")
    by_hand = store.create_room("kontrabluff", {"target": 60}, seed=3, seats=["random", "rule"])
    move_bots(Room(store, by_hand), "teacher")
    yield store, lesson_table(store)
    store.close()


def test_one_row_per_stored_action_with_its_room_seat_and_number(lesson):
    store, table = lesson
    assert list(table.columns) == list(COLUMNS) and dict(table.dtypes.astype(str)) == COLUMNS
    stored = {(info.id, number, seat, tuple(data[1]), data[0], data[2])
              for info in store.rooms() for number, seat, data in store.actions(info.id)}
    rows = {(row.room, row.move, row.seat, tuple(row.cards.split()), row.kind, None if pd.isna(row.amount) else row.amount)
            for row in table.itertuples()}
    assert len(table) == len(stored) and rows == stored
    assert set(table["game"]) == {game for game, _, _ in GAMES}
    computers = (table["player"] == "computer").astype(bool)
    assert computers.sum() > 0 and computers.tolist() == (table["bot"] != "").tolist() == table["number"].isna().tolist()
    assert set(table.loc[computers, "bot"]) <= {"random", "rule", "search"} and set(table["player"]) == {"student", "computer"}
    assert set(table.loc[~computers, "student"]) == {f"Student {n}" for n in table.loc[~computers, "number"]}
    hand_made = table[table["class"] == ""]
    assert hand_made["table"].isna().all() and set(hand_made["bot"]) == {"random", "rule"}
    assert set(hand_made["student"]) == {"Computer: random", "Computer: rules of thumb"}
    assert table[table["class"] != ""]["table"].notna().all()


def test_who_played_is_data_and_their_names_are_said_in_the_language(lesson):
    """Issue 35: the store holds no names for unnamed students or a class; the lesson's
    typed columns (player, number, bot) are the same in every language, its words
    (the class's name where the teacher gave none, the students', the computers') in the
    language it is made in."""
    store, table = lesson
    with language("pl"):
        polish = lesson_table(store)
    typed = ["table", "room", "seat", "player", "number", "bot", "move", "kind", "cards", "amount", "result"]
    pd.testing.assert_frame_equal(polish[typed], table[typed])
    students = polish["player"] == "student"
    assert set(polish.loc[students & (polish["class"] != ""), "student"]) == {
        f"Uczeń {n}" for n in table.loc[students & (table["class"] != ""), "number"]}
    assert "Komputer: losowo" in set(polish["student"]) and not polish["student"].str.contains("Computer").any()


def test_the_rows_replay_to_the_stores_state(lesson):
    store, table = lesson
    for room_id, rows in table.groupby("room", sort=False):
        room = Room(store, room_id)
        state = room.game.new_state(seed=room.info.seed, dealer=room.info.dealer)
        for row in rows.sort_values("move").itertuples():
            amount = None if pd.isna(row.amount) else int(row.amount)
            state.apply_for(row.seat, Action(row.kind, tuple(row.cards.split()), amount))
        assert state.to_json() == room.state.to_json()


def test_the_csv_reads_back_to_the_same_table(lesson, tmp_path):
    store, table = lesson
    text = lesson_csv(store, tmp_path / "lesson.csv")
    assert text.splitlines()[0] == ",".join(COLUMNS)
    pd.testing.assert_frame_equal(read_lesson(text), table)
    pd.testing.assert_frame_equal(read_lesson(tmp_path / "lesson.csv"), table)


def test_each_rounds_results_are_the_rounds_own(lesson):
    store, table = lesson
    finished = table.dropna(subset=["result"])
    per_round = finished.groupby(["room", "round", "seat"])["result"].first()
    chips = finished["game"].isin(["draw_poker", "fight_for_the_lead"])
    checked = 0
    for (room, round_number), results in per_round[per_round.index.get_level_values(0).isin(
            finished[chips]["room"])].groupby(level=[0, 1]):
        seats = len(store.seats(room))
        if len(results) == seats:  # every seat decided in that round: chips only change hands
            assert results.sum() == 0, (room, round_number, results.tolist())
            checked += 1
    assert checked >= 5
    for room_id, rows in table[table["game"] == "kontrabluff"].groupby("room"):  # the points of KB-5, KB-6
        won = [event for event in Room(store, room_id).state.history
               if event.spec.result and event.kind != "match_won"]
        per = rows.groupby(["round", "seat"])["result"].first()
        for number, event in enumerate(won, start=1):
            if (number, event["winner"]) in per.index:
                assert per[number, event["winner"]] == event["points"]
                checked += 1
    assert checked >= 10
    assert table.groupby(["room", "round"])["result"].apply(lambda r: r.isna().all() or r.notna().all()).all()


def test_the_action_is_in_the_logs_words(lesson):
    _, table = lesson
    assert table["action"].str.len().gt(0).all()
    first_fight = table[(table["game"] == "fight_for_the_lead") & (table["kind"] == "fight")].iloc[0]
    assert first_fight["action"].endswith("face down as the fight card.")
    arranged = table[table["kind"] == "arrange"].iloc[0]
    assert arranged["action"] == f"{arranged['seat_name']} lays their five packets face down"


def test_every_seats_round_results_add_up_to_its_points_at_the_end(lesson):
    store, table = lesson
    rounds = lesson_rounds(store)
    assert list(rounds.columns) == list(ROUND_COLUMNS)
    for room_id, rows in rounds.groupby("room"):
        state = Room(store, room_id).state
        start = [p - r for p, r in zip(state.game.new_state(seed=0).points, state.game.new_state(seed=0).returns())]
        won = rows.groupby("seat")["result"].sum()
        assert [start[seat] + won.get(seat, 0.0) for seat in range(state.game.num_players)] == list(state.points)
        assert rows.groupby("round")["seat"].size().eq(state.game.num_players).all()
    decided = table.dropna(subset=["result"]).groupby(["room", "round", "seat"])["result"].first()
    every = rounds.set_index(["room", "round", "seat"])["result"]
    assert decided.eq(every.loc[decided.index]).all()  # a decision's result is its seat's round's
