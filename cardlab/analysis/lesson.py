"""What a class can ask of its lesson table (:func:`cardlab.rooms.lesson.lesson_table`), in any game.

:func:`standings`: who won what, per student (from the rounds' table). What a game's own
moves say (every draw of draw poker beside its exact odds, DP-5) is asked in that game's
analysis module (:func:`cardlab.analysis.draw_poker.draws_against_odds`).
A class's drill answers (:func:`cardlab.rooms.lesson.drill_table`): :func:`drill_progress`
per student and rule (the longest run of right answers), :func:`drill_mastery` per rule
(how many of the class have mastered it: five right in a row) and :func:`most_missed`.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore
>>> from cardlab.rooms.lesson import lesson_rounds
>>> from cardlab.rooms.rehearsal import rehearse_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> _ = rehearse_class(store, ["Ana", "Ben", "Cy"], "draw_poker", 3, seed=1, settings={"hands": 3})
>>> standings(lesson_rounds(store))[["student", "rounds", "won"]].values.tolist()
[['Ana', 3, 90.0], ['Cy', 3, -16.0], ['Ben', 3, -74.0]]
"""

from __future__ import annotations

import pandas as pd

__all__ = ["MASTERY_STREAK", "standings", "drill_progress", "drill_mastery", "most_missed"]

#: Right answers in a row that master a rule (issue 36: "five right in a row to master it";
#: once mastered, a later slip does not take it away, as the Drill widget counts it).
MASTERY_STREAK = 5


def standings(rounds: pd.DataFrame) -> pd.DataFrame:
    """Each seat's results over the lesson, from :func:`cardlab.rooms.lesson.lesson_rounds`:
    class, table, game, student, the rounds it played, the rounds it came out ahead in and
    the points (or chips) it won in all; best first.

    >>> frame = pd.DataFrame({"class": ["c"] * 4, "table": [1] * 4, "room": ["r"] * 4, "game": ["g"] * 4,
    ...                       "student": ["Ana", "Ben"] * 2, "round": [1, 1, 2, 2], "result": [2.0, -2.0, -1.0, 1.0]})
    >>> standings(frame)[["student", "rounds", "ahead", "won"]].values.tolist()
    [['Ana', 2, 1, 1.0], ['Ben', 2, 1, -1.0]]
    """
    totals = rounds.groupby(["class", "table", "room", "game", "student"], sort=False, dropna=False).agg(
        rounds=("round", "size"), ahead=("result", lambda r: int((r > 0).sum())), won=("result", "sum"))
    return totals.reset_index().sort_values("won", ascending=False, kind="stable").reset_index(drop=True)


def _longest_run(correct: pd.Series) -> int:
    """The longest run of right answers in a row."""
    best = run = 0
    for right in correct:
        run = run + 1 if right else 0
        best = max(best, run)
    return best


def _rule_order(rule: str) -> tuple[str, int]:
    book, _, number = rule.partition("-")
    return (book, int(number) if number.isdigit() else 0)


def drill_progress(drills: pd.DataFrame, streak: int = MASTERY_STREAK) -> pd.DataFrame:
    """Each student's answers per rule, from :func:`cardlab.rooms.lesson.drill_table` (in the
    order they came): ``answers``, ``right``, ``run`` (the longest run of right answers in
    a row) and ``mastered`` (a run of ``streak`` or more: once mastered, a later slip does
    not take it away).

    >>> frame = pd.DataFrame({"class": ["c"] * 7, "student": ["Ana"] * 6 + ["Ben"], "number": [1] * 6 + [2],
    ...                       "rule": ["KB-5"] * 7, "correct": [False, True, True, True, True, True, True]})
    >>> drill_progress(frame)[["student", "answers", "right", "run", "mastered"]].values.tolist()
    [['Ana', 6, 5, 5, True], ['Ben', 1, 1, 1, False]]
    """
    grouped = drills.groupby(["class", "number", "student", "rule"], sort=False)["correct"]
    frame = grouped.agg(answers="size", right="sum", run=_longest_run).reset_index()
    frame["right"] = frame["right"].astype(int)
    frame["run"] = frame["run"].astype(int)
    frame["mastered"] = frame["run"] >= streak
    return frame[["class", "student", "number", "rule", "answers", "right", "run", "mastered"]]


def drill_mastery(drills: pd.DataFrame, streak: int = MASTERY_STREAK) -> pd.DataFrame:
    """Per class and rule (in the rules' order: HR-1 … HR-5, KB-2 …): how many students
    answered it (``students``), how many have mastered it (``mastered``: ``streak`` right
    in a row), the class's ``answers``, ``wrong`` ones and the share wrong (``missed``).

    >>> frame = pd.DataFrame({"class": ["c"] * 8, "student": ["Ana"] * 5 + ["Ben"] * 3, "number": [1] * 5 + [2] * 3,
    ...                       "rule": ["KB-5"] * 5 + ["KB-5", "HR-4", "HR-4"],
    ...                       "correct": [True] * 5 + [False, False, True]})
    >>> drill_mastery(frame)[["rule", "students", "mastered", "answers", "wrong", "missed"]].values.tolist()
    [['HR-4', 1, 0, 2, 1, 0.5], ['KB-5', 2, 1, 6, 1, 0.16666666666666666]]
    """
    columns = ["class", "rule", "students", "mastered", "answers", "wrong", "missed"]
    if drills.empty:
        return pd.DataFrame(columns=columns)
    progress = drill_progress(drills, streak)
    frame = progress.groupby(["class", "rule"], sort=False).agg(
        students=("number", "size"), mastered=("mastered", "sum"), answers=("answers", "sum"),
        right=("right", "sum")).reset_index()
    frame["mastered"] = frame["mastered"].astype(int)
    frame["wrong"] = frame["answers"] - frame["right"]
    frame["missed"] = frame["wrong"] / frame["answers"]
    order = frame["rule"].map(_rule_order)
    frame = frame.assign(_order=order).sort_values(["class", "_order"], kind="stable").reset_index(drop=True)
    return frame[columns]


def most_missed(mastery: pd.DataFrame, top: int = 3, least: int = MASTERY_STREAK) -> pd.DataFrame:
    """The rules of :func:`drill_mastery` the class found hardest: the largest share of
    wrong answers (then the most wrong answers), at most ``top`` per class. A rule never
    missed, or answered fewer than ``least`` times (a share of two answers says little),
    is left out: a rule drilled much is not called hard for its number of slips alone.

    >>> frame = pd.DataFrame({"class": ["c"] * 4, "rule": ["HR-4", "KB-5", "KB-6", "KB-2"],
    ...                       "answers": [10, 40, 12, 2], "wrong": [5, 8, 0, 2]})
    >>> most_missed(frame.assign(missed=frame["wrong"] / frame["answers"]))["rule"].tolist()
    ['HR-4', 'KB-5']
    """
    missed = mastery[(mastery["wrong"] > 0) & (mastery["answers"] >= least)]
    missed = missed.sort_values(["missed", "wrong"], ascending=False, kind="stable")
    return missed.groupby("class", sort=False).head(top).reset_index(drop=True)
