"""A class's drills (issue 36): the set the teacher assigns, and each answer kept in the store.

The teacher gives a seated class a drill set: kinds of exercise from
:data:`cardlab.drills.KINDS`, chosen one by one or as a game's (:func:`game_kinds`). The
store keeps the kinds' names with the class; a student's page reads them and offers a
practice beside the table, and every answer it grades becomes one row in the store
(:meth:`~cardlab.rooms.store.SQLiteStore.add_answer`: the class, the student's number on
its list, the exercise's kind, rule and seed, right or wrong, the seconds taken).
:func:`cardlab.rooms.lesson.drill_table` reads them as a table, and
:func:`cardlab.analysis.lesson.drill_mastery` counts who has mastered each rule.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, seat_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> class_id = seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=1)
>>> assign_drills(store, class_id, game="kontrabluff")
('which_hand_wins', 'round_points', 'may_kontrabluff')
>>> slip = store.slips(class_id)[0]
>>> seat_drills(store, slip.room, slip.seat)
('which_hand_wins', 'round_points', 'may_kontrabluff')
>>> store.add_answer(slip.room, slip.seat, kind="round_points", rule="KB-5", seed=3, correct=True, seconds=4.5).number
1
>>> assign_drills(store, class_id, kinds=["poker"])
Traceback (most recent call last):
...
cardlab.drills.DrillError: no drill kind 'poker': the kinds are which_hand_wins, round_points, may_kontrabluff, may_draw_poker, chance_to_improve, best_discard, may_parallel_poker, showing_winner, match_score, may_fight_for_the_lead, trick_winner, lead_winner
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.drills import KINDS, DrillError
from cardlab.rooms.store import RoomStore

__all__ = ["HAND_RANKINGS", "EVERY_DRILL", "game_kinds", "assign_drills", "seat_drills"]

#: The name a drill set of the hand rankings goes by (the kinds of no one game), and that of every kind.
HAND_RANKINGS = "hand_rankings"
EVERY_DRILL = "every_drill"



def game_kinds(game: str) -> tuple[str, ...]:
    """The kinds of exercise that teach ``game``'s rules: its own kinds, and the hand
    rankings' where the game compares poker hands (its spec's ``hand_rules``), in the order
    a lesson meets them (as :class:`cardlab.widgets.Drill` deals a game's drills);
    :data:`HAND_RANKINGS` gives the kinds every poker game shares, :data:`EVERY_DRILL`
    every kind.

    >>> game_kinds("kontrabluff"), game_kinds("fight_for_the_lead")
    (('which_hand_wins', 'round_points', 'may_kontrabluff'), ('may_fight_for_the_lead', 'trick_winner', 'lead_winner'))
    >>> game_kinds(HAND_RANKINGS)
    ('which_hand_wins',)
    """
    from cardlab.games import GAMES

    if game == EVERY_DRILL:
        return tuple(KINDS)
    if game == HAND_RANKINGS:
        return tuple(name for name, kind in KINDS.items() if kind.game is None)
    entry = GAMES.get(game) if isinstance(game, str) else None
    found = ()
    if entry is not None:
        hands = entry.spec.hand_rules(entry.game()) is not None
        found = tuple(name for name, kind in KINDS.items() if kind.game == game or (kind.game is None and hands))
    if not any(KINDS[name].game == game for name in found):
        games = sorted({kind.game for kind in KINDS.values() if kind.game})
        raise DrillError(f"no drills for {game!r}: a drill set is one of {', '.join(games)}, {HAND_RANKINGS} "
                         f"or {EVERY_DRILL}")
    return found


def assign_drills(store: RoomStore, class_id: str, *, kinds: Sequence[str] | None = None,
                  game: str | None = None) -> tuple[str, ...]:
    """Give the class ``kinds`` of exercise (names of :data:`cardlab.drills.KINDS`), or a
    ``game``'s (:func:`game_kinds`); returns the kinds assigned. An empty list takes the
    class's drills away. A kind that is no drill raises :class:`~cardlab.drills.DrillError`
    and the store is as before."""
    if (kinds is None) == (game is None):
        raise DrillError("give the drills' kinds or a game, one of the two")
    chosen = game_kinds(game) if game is not None else tuple(dict.fromkeys(kinds or ()))
    for kind in chosen:
        if kind not in KINDS:
            raise DrillError(f"no drill kind {kind!r}: the kinds are {', '.join(KINDS)}")
    store.set_drills(class_id, chosen)
    return chosen


def seat_drills(store: RoomStore, room: str, seat: int) -> tuple[str, ...]:
    """The kinds the student at ``seat`` of ``room`` may practise now: their class's drill
    set (empty for a computer's seat, a room made by hand or a class with none)."""
    student = store.seat_student(room, seat)
    return () if student is None else store.drills(student[0])
