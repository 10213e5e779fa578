"""The lesson as data: every decision of a classroom store as one pandas table (and as CSV).

:func:`lesson_table` replays each room from the store and writes one row per stored
action: where it was played (class, table, room, game), by whom (seat; a student, by
name and number on the class list, or a computer, by kind), when (move number, round),
what (the action in words, from :mod:`cardlab.words`, and as data: kind, cards, amount,
the hand held before and after), and the result of the round it belonged to for that seat. The teacher sees everything, so
hidden cards are in it: it is the teacher's download, never a student's. Its words
(the class's and the students' names where the teacher gave none, the seats' names, the
actions) are said in the current language; who played is data too (``player``,
``number``, ``bot``), so nothing needs to read them back.

A round is a game's own: a deal of Kontrabluff, a hand of draw poker, a game of Fight
for the Lead or Parallel Poker (the engine's ``round_index``). Its result for a seat is
how far the round moved that seat's points (scores, or chips for a chip game): from
where the last round ended to where this one ended. A round ends at the first record
made after the engine counts it done (before the next deal's antes), or with the
action that ended it; the first starts from the points each seat had before any ante
(``points - returns()`` of the new game). A round not finished yet has no result (NaN).

>>> import tempfile, os
>>> from cardlab.rooms.store import SQLiteStore
>>> from cardlab.rooms.rehearsal import rehearse_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> _ = rehearse_class(store, ["Ana", "Ben"], "draw_poker", 2, seed=5, settings={"hands": 2})
>>> table = lesson_table(store)
>>> len(table) == store.rooms()[0].actions
True
>>> for row in table[["student", "seat_name", "move", "round", "kind", "result"]].itertuples(index=False):
...     print(*row)
Ana South 1 1 open 1.0
Ben North 2 1 pass -1.0
Ben North 3 2 pass -1.0
>>> print(table.loc[2, "action"])
North passes and leaves the hand, losing 1 chip
>>> read_lesson(lesson_csv(store)).equals(table)
True
"""

from __future__ import annotations

import io
import os
from typing import Any

import numpy as np
import pandas as pd

from cardlab.cards import Card
from cardlab.engine import Action, Game, GameState
from cardlab.rooms.room import game_of
from cardlab.rooms.store import RoomStore
from cardlab.words import describe, seat_names
from cardlab.words.classroom import class_name, computer_name, student_name

__all__ = ["COLUMNS", "ROUND_COLUMNS", "DRILL_COLUMNS", "lesson_table", "lesson_rounds", "lesson_csv", "read_lesson",
           "drill_table", "drill_csv", "room_decisions", "watched_state"]

#: The lesson table's columns and their pandas types, in order.
COLUMNS: dict[str, str] = {
    "class": "string",  # the class's name (an unnamed one: '12 students'); '' for a room made by hand
    "table": "Int64",  # the table's number on the class sheet (missing for a room made by hand)
    "room": "string",
    "game": "string",
    "seat": "int64",  # 0, 1, ...
    "seat_name": "string",  # South, West, ...
    "student": "string",  # who plays, in words: the student's name ('Student 3' if unnamed), 'Computer: random' ...
    "player": "string",  # 'student' or 'computer'
    "number": "Int64",  # the student's number on the class list (missing for a computer or a room made by hand)
    "bot": "string",  # the computer's kind: random, rule or search ('' for a student)
    "move": "int64",  # the action's number in its room: 1, 2, ...
    "round": "int64",  # the round (deal, hand or game) it belongs to: 1, 2, ...
    "action": "string",  # in words, as the log says it
    "kind": "string",  # the action's kind: lay, draw, fight, ...
    "cards": "string",  # the action's cards as codes ('Ah 10c'), '' for none
    "amount": "Int64",  # its chips, where it has an amount
    "hand": "string",  # the seat's hand just before it (codes), where the game has a hand
    "hand_after": "string",  # and just after it (a draw's new cards, a card laid gone)
    "result": "float64",  # the seat's points won (or lost) in that round; NaN: not over yet
}


def _codes(cards: Any) -> str:
    return " ".join(card.short for card in cards)


def _words(state: GameState, before: int, seat: int, action: Action) -> str:
    """The log's sentence for the action just played: its record (the one that carries the
    action), else the seat's first record it made (a hidden choice's notice), else the
    action itself."""
    records = state.history[before:]
    players = state.game.num_players
    for event in records:
        if event.action is not None and event.player == seat:
            return describe(event, players)
    for event in records:
        if event.player == seat:
            return describe(event, players)
    return str(action)


class _Watched:
    """Mixed before a game's state class: notes each seat's points where each round ends,
    at the first record made after the engine counts the round done (before the next
    deal's antes), so a round's result is its own."""

    round_ends: list[tuple[float, ...]]

    def __init__(self, *args: Any) -> None:
        self.round_ends = []
        super().__init__(*args)  # type: ignore[call-arg]

    def note_round_ends(self) -> None:
        """Note the points of every round counted done but not noted yet."""
        while len(self.round_ends) < self.round_index:  # type: ignore[attr-defined]
            self.round_ends.append(tuple(self.points))  # type: ignore[attr-defined]

    def _record(self, *args: Any, **kwargs: Any) -> None:
        self.note_round_ends()  # a round the engine has counted done ends before anything more is recorded
        super()._record(*args, **kwargs)  # type: ignore[misc]


_WATCHED: dict[type, type] = {}


def watched_state(game: Game, seed: int, dealer: int | None) -> GameState:
    """A new game of ``game`` whose state notes where each round ends (``round_ends``:
    each seat's points then, one tuple per round done); otherwise the game's own state.

    >>> from cardlab.games.draw_poker import DrawPoker
    >>> state = watched_state(DrawPoker(players=2, hands=2), 3, 0)
    >>> while state.round_index == 0:
    ...     state.apply(next(iter(state.legal_actions())))
    >>> state.round_ends, state.points        # hand 2's antes, taken since, are not hand 1's
    ([(101, 99)], (100, 98))
    """
    base = game.state_class
    cls = _WATCHED.get(base)
    if cls is None:
        cls = _WATCHED[base] = type(f"Watched{base.__name__}", (_Watched, base), {})
    return cls(game, seed, dealer, game.check_deck(None))


def room_decisions(game: Game, seed: int, dealer: int | None,
                   actions: list[tuple[int, int, Action]]) -> list[dict[str, Any]]:
    """Play ``actions`` (``(number, seat, action)``, in order) on a new game (``seed``,
    ``dealer``) and return one row per action: seat, move, round, words, kind, cards,
    amount, hand before and after it and the round's result for the seat (see the module's docstring).

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> game = Kontrabluff(target=60)
    >>> leader = game.new_state(seed=1, dealer=0).current_player
    >>> row = room_decisions(game, 1, 0, [(1, leader, Action("lay", "Qd"))])[0]
    >>> row["action"], row["round"], row["result"]
    ('North lays Q♦', 1, nan)
    """
    rows, start, ends = _replay(game, seed, dealer, actions)
    for row in rows:
        r, seat = row["round"] - 1, row["seat"]
        row["result"] = float(ends[r][seat] - (ends[r - 1][seat] if r else start[seat])) if r < len(ends) else np.nan
    return rows


def _replay(game: Game, seed: int, dealer: int | None, actions: list[tuple[int, int, Action]]
            ) -> tuple[list[dict[str, Any]], tuple[float, ...], list[tuple[float, ...]]]:
    """The rows of :func:`room_decisions` without results, the points before any ante and
    each finished round's points where it ended."""
    state = watched_state(game, seed, dealer)
    start = tuple(p - r for p, r in zip(state.points, state.returns()))  # before any ante
    has_hand = hasattr(state.observation(0), "hand")
    rows = []
    for number, seat, action in actions:
        hand = _codes(state.observation(seat).hand) if has_hand else ""
        round_number = state.round_index
        before = len(state.history)
        state.apply_for(seat, action)
        state.note_round_ends()  # a round that ended with nothing recorded after
        rows.append({"seat": seat, "move": number, "round": round_number + 1,
                     "action": _words(state, before, seat, action), "kind": action.kind,
                     "cards": _codes(action.cards), "amount": action.amount, "hand": hand,
                     "hand_after": _codes(state.observation(seat).hand) if has_hand else ""})
    ends = state.round_ends
    if state.is_terminal and rows and len(ends) < rows[-1]["round"]:  # the last round ended with the game, uncounted
        ends.append(tuple(state.points))
    return rows, start, ends


def _rooms(store: RoomStore) -> list[tuple[Any, Game, dict[int, dict[str, Any]], str, int | None, list]]:
    """Each room with its game, who sits in each seat (the lesson's columns of it), its
    class's name and table number, and its stored actions; in the order of the classes'
    tables, then the rooms made by hand."""
    tables = store.class_tables()
    slips = {(slip.room, slip.seat): slip for info in store.classes() for slip in store.slips(info.id)}
    order = {room: (info.created, info.id, table) for room, (info, table) in tables.items()}
    rooms = sorted(store.rooms(),
                   key=lambda info: (info.id not in order, order.get(info.id, (0.0, "", 0)), info.created))
    found = []
    for info in rooms:
        game = game_of(info)
        said = seat_names(game.num_players)
        who = {}
        for seat in store.seats(info.id):
            slip = slips.get((info.id, seat.seat))
            if seat.bot:
                who[seat.seat] = {"student": computer_name(seat.bot), "player": "computer", "number": None,
                                  "bot": seat.bot}
            elif slip is not None:
                who[seat.seat] = {"student": student_name(slip.student, slip.number), "player": "student",
                                  "number": slip.number, "bot": ""}
            else:  # a student's seat of a room made by hand: no name but its seat's
                who[seat.seat] = {"student": said[seat.seat], "player": "student", "number": None, "bot": ""}
        actions = [(number, seat, Action.from_list(data)) for number, seat, data in store.actions(info.id)]
        known = tables.get(info.id)
        found.append((info, game, who, "" if known is None else class_name(known[0].name, known[0].students),
                      None if known is None else known[1], actions))
    return found


def _where(info: Any, game: Game, who: dict[int, dict[str, Any]], class_title: str, table: int | None,
           seat: int) -> dict[str, Any]:
    return {"class": class_title, "table": table, "room": info.id, "game": info.game, "seat": seat,
            "seat_name": seat_names(game.num_players)[seat], **who[seat]}


def lesson_table(store: RoomStore) -> pd.DataFrame:
    """One row per decision of every room in ``store`` (see :data:`COLUMNS`), rooms in the
    order of their classes' tables, then the rooms made by hand; moves in order."""
    rows: list[dict[str, Any]] = []
    for info, game, who, class_name, table, actions in _rooms(store):
        for row in room_decisions(game, info.seed, info.dealer, actions):
            rows.append({**_where(info, game, who, class_name, table, row["seat"]), **row})
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    return frame.astype(COLUMNS)


#: The round table's columns and their pandas types, in order.
ROUND_COLUMNS: dict[str, str] = {
    **{name: COLUMNS[name] for name in ("class", "table", "room", "game", "seat", "seat_name", "student", "player",
                                        "number", "bot")},
    "round": "int64",
    "result": "float64",  # the seat's points won (or lost) in the round
    "points": "float64",  # its points (score or chips) where the round ended
}


def lesson_rounds(store: RoomStore) -> pd.DataFrame:
    """One row per seat and finished round of every room (see :data:`ROUND_COLUMNS`): the
    round's result for every seat, also where the seat made no decision in it (a seat
    that won because everyone before it passed, DP-4, or one out of the session), so a
    seat's results add up to its points at the end less its points before the first ante.

    >>> import tempfile, os
    >>> from cardlab.rooms.store import SQLiteStore
    >>> from cardlab.rooms.rehearsal import rehearse_class
    >>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
    >>> _ = rehearse_class(store, ["Ana", "Ben"], "draw_poker", 2, seed=5, settings={"hands": 2})
    >>> lesson_rounds(store)[["student", "round", "result", "points"]].values.tolist()
    [['Ana', 1, 1.0, 101.0], ['Ben', 1, -1.0, 99.0], ['Ana', 2, 1.0, 102.0], ['Ben', 2, -1.0, 98.0]]
    """
    rows: list[dict[str, Any]] = []
    for info, game, who, class_name, table, actions in _rooms(store):
        _, start, ends = _replay(game, info.seed, info.dealer, actions)
        for r, points in enumerate(ends):
            before = ends[r - 1] if r else start
            rows += [{**_where(info, game, who, class_name, table, seat), "round": r + 1,
                      "result": float(points[seat] - before[seat]), "points": float(points[seat])}
                     for seat in range(game.num_players)]
    return pd.DataFrame(rows, columns=list(ROUND_COLUMNS)).astype(ROUND_COLUMNS)


def lesson_csv(store: RoomStore, path: str | os.PathLike | None = None) -> str:
    """The lesson table as CSV text (UTF-8, a header row); also written to ``path`` if given.
    :func:`read_lesson` reads it back to the same table."""
    text = lesson_table(store).to_csv(index=False)
    if path is not None:
        with open(path, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    return text


def read_lesson(source: str | os.PathLike) -> pd.DataFrame:
    """A lesson table from its CSV: the text itself (it has a header line) or a file's path."""
    text = str(source)
    handle: Any = io.StringIO(text) if "\n" in text else source
    strings = [name for name, kind in COLUMNS.items() if kind == "string"]
    frame = pd.read_csv(handle, dtype={name: "string" for name in strings}, keep_default_na=False,
                        na_values={name: [""] for name in COLUMNS if name not in strings})
    return frame.astype(COLUMNS)[list(COLUMNS)]


#: The drill table's columns (one row per answer to a drill, issue 36) and their pandas types.
DRILL_COLUMNS: dict[str, str] = {
    "class": "string",  # the class's name (an unnamed one: '12 students')
    "table": "Int64",  # the student's table on the class sheet
    "student": "string",  # the student's name ('Student 3' if unnamed)
    "number": "int64",  # the student's number on the class list
    "kind": "string",  # the kind of exercise (cardlab.drills.KINDS)
    "rule": "string",  # the rule id that decides the exercise
    "seed": "int64",  # the exercise's seed: cardlab.drills.exercise(kind, seed) makes it again
    "correct": "bool",  # right or wrong
    "seconds": "float64",  # the time the student took to answer
    "at": "float64",  # when (Unix time)
}


def drill_table(store: RoomStore, class_id: str | None = None) -> pd.DataFrame:
    """One row per drill answer (see :data:`DRILL_COLUMNS`) of the class ``class_id`` (None:
    of every class), in the order they came; unnamed students and classes are named in
    the current language.

    >>> import tempfile, os
    >>> from cardlab.rooms.store import SQLiteStore
    >>> from cardlab.rooms.seating import seat_class
    >>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
    >>> class_id = seat_class(store, 2, "kontrabluff", 2, seed=1)
    >>> for slip in store.slips(class_id):
    ...     _ = store.add_answer(slip.room, slip.seat, kind="round_points", rule="KB-5", seed=slip.number,
    ...                          correct=slip.number == 1, seconds=5.0)
    >>> drill_table(store)[["class", "student", "rule", "correct"]].values.tolist()
    [['2 students', 'Student 1', 'KB-5', True], ['2 students', 'Student 2', 'KB-5', False]]
    """
    classes = {info.id: info for info in store.classes()}
    tables = store.class_tables()
    students = {}
    for info in classes.values():
        if class_id is None or info.id == class_id:
            for slip in store.slips(info.id):
                students[info.id, slip.number] = (slip.student, tables[slip.room][1])
    rows = []
    for answer in store.answers(class_id):
        info = classes[answer.class_id]
        name, table = students.get((answer.class_id, answer.number), ("", None))
        rows.append({"class": class_name(info.name, info.students), "table": table,
                     "student": student_name(name, answer.number), "number": answer.number, "kind": answer.kind,
                     "rule": answer.rule, "seed": answer.seed, "correct": answer.correct, "seconds": answer.seconds,
                     "at": answer.at})
    return pd.DataFrame(rows, columns=list(DRILL_COLUMNS)).astype(DRILL_COLUMNS)


def drill_csv(store: RoomStore, class_id: str | None = None) -> str:
    """The drill table as CSV text (UTF-8, a header row)."""
    return drill_table(store, class_id).to_csv(index=False)
