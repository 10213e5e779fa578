"""What a class can ask of its lesson table (:func:`cardlab.rooms.lesson.lesson_table`), in any game.

:func:`standings`: who won what, per student (from the rounds' table). What a game's own
moves say (every draw of draw poker beside its exact odds, DP-5) is asked in that game's
analysis module (:func:`cardlab.analysis.draw_poker.draws_against_odds`).

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

__all__ = ["standings"]


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
