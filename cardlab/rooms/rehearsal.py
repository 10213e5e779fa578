"""A class played through by computers: a seeded stand-in for a lesson, to try the teacher's tools on.

:func:`rehearse_class` seats a class as a teacher would (:func:`cardlab.rooms.seat_class`)
and plays every seat of every room to the end through the store, one
:meth:`~cardlab.rooms.Room.act` per decision, exactly as the students' pages would. Each
student plays in the style of one computer player (``styles``, drawn per student from
the seed), so the class has careless and careful players. The same seed gives the same
seating, deals and decisions, so the same lesson (:mod:`cardlab.rooms.lesson`).
:func:`rehearse_drills` has the class answer its drill set (issue 36) the same way: real
exercises graded by the engine, answered right as often as each student's seeded skill
at each rule says, every answer kept in the store as a student's page keeps it.

>>> import tempfile, os
>>> from cardlab.rooms.store import SQLiteStore
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> class_id = rehearse_class(store, ["Ana", "Ben", "Cy", "Dee"], "kontrabluff", 2, seed=3,
...                           settings={"target": 60})
>>> rooms = store.classes()[0].rooms
>>> len(rooms), all(Room(store, room).state.is_terminal for room in rooms)
(2, True)
>>> sorted(student_styles(["Ana", "Ben", "Cy", "Dee"], seed=3).values())
['random', 'random', 'rule', 'rule']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from cardlab.rooms.room import Room, make_bot, to_act
from cardlab.rooms.seating import class_list, seat_class
from cardlab.rooms.store import RoomStore

__all__ = ["rehearse_class", "rehearse_drills", "student_styles"]


def student_styles(students: str | int | Sequence[str], *, seed: int,
                   styles: Sequence[str] = ("random", "rule")) -> dict[int, str]:
    """Which computer player's style each student of the list plays in, by the student's
    number on the list (1, 2, ...; named or not), seeded and as even as the class allows.

    >>> student_styles(["Ana", "Ben", "Cy"], seed=1)
    {1: 'rule', 2: 'random', 3: 'random'}
    """
    count = len(class_list(students))
    shares = [styles[i % len(styles)] for i in range(count)]
    order = np.random.default_rng([seed, 1]).permutation(count)
    return dict(sorted((int(i) + 1, shares[k]) for k, i in enumerate(order)))


def rehearse_class(store: RoomStore, students: str | int | Sequence[str], game: str, table_size: int, *,
                   seed: int, styles: Sequence[str] = ("random", "rule"), bot: str = "rule",
                   settings: dict[str, Any] | None = None, name: str = "", max_moves: int = 100_000) -> str:
    """Seat the class (``bot`` fills short tables) and play every room to its end through
    the store; returns the class's id. Each decision's computer is seeded by the room's
    seed, the seat and the move's number (as the rooms' own computer players are)."""
    class_id = seat_class(store, students, game, table_size, seed=seed, order="random", bot=bot,
                          settings=settings, name=name)
    style = student_styles(students, seed=seed, styles=styles)
    info = next(each for each in store.classes() if each.id == class_id)
    slips = {(slip.room, slip.seat): slip.number for slip in store.slips(class_id)}
    for room_id in info.rooms:
        room = Room(store, room_id)
        bots = room.bot_seats()
        kinds = {seat: bots.get(seat) or style[slips[room_id, seat]] for seat in range(room.game.num_players)}
        for _ in range(max_moves):
            seats = to_act(room.state)
            if not seats:
                break
            seat = seats[0]
            number = room.version + 1
            decide = make_bot(kinds[seat], int(np.random.SeedSequence([room.info.seed, seat, number]).generate_state(1)[0]))
            room.act(seat, decide(room.state.observation(seat)), seen=room.version)
    return class_id


def rehearse_drills(store: RoomStore, class_id: str, *, answers: int, seed: int,
                    skill: tuple[float, float] = (0.55, 0.97)) -> int:
    """Every student of the class answers ``answers`` exercises of the class's drill set
    (:func:`cardlab.rooms.drills.assign_drills` first), kinds in turn, through the store
    (:meth:`~cardlab.rooms.store.SQLiteStore.add_answer`); returns the number of answers.

    A student answers right with a chance drawn from the seed, the same for one student and
    rule, between the bounds of ``skill``; a wrong answer is another option (or another
    number), graded wrong by the engine. Seconds are drawn too, longer for a wrong answer.

    >>> import tempfile, os
    >>> from cardlab.rooms.store import SQLiteStore
    >>> from cardlab.rooms.drills import assign_drills
    >>> from cardlab.rooms.seating import seat_class
    >>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
    >>> class_id = seat_class(store, ["Ana", "Ben"], "fight_for_the_lead", 2, seed=1)
    >>> _ = assign_drills(store, class_id, kinds=["lead_winner"])
    >>> rehearse_drills(store, class_id, answers=4, seed=2)
    8
    >>> sorted({(a.number, a.kind, a.rule) for a in store.answers(class_id)})
    [(1, 'lead_winner', 'FL-4'), (2, 'lead_winner', 'FL-4')]
    """
    from cardlab.drills import exercise  # the drills' makers: only when a class rehearses them

    kinds = store.drills(class_id)
    if not kinds:
        raise ValueError("the class has no drills: assign some first (cardlab.rooms.drills.assign_drills)")
    rng = np.random.default_rng([seed, 36])
    low, high = skill
    chance: dict[tuple[int, str], float] = {}
    count = 0
    for slip in store.slips(class_id):
        for turn in range(answers):
            made = exercise(kinds[turn % len(kinds)], seed=int(rng.integers(2**31)))
            key = (slip.number, made.rule)
            if key not in chance:
                chance[key] = float(rng.uniform(low, high))
            right = bool(rng.random() < chance[key])
            if right:
                answer = made.answer
            elif made.options:
                answer = int(rng.choice([i for i in range(len(made.options)) if i != made.answer]))
            else:
                answer = made.answer + int(rng.choice([-2, -1, 1, 2]))
            verdict = made.grade(answer)
            seconds = float(rng.lognormal(np.log(6.0 if verdict.correct else 11.0), 0.4))
            store.add_answer(slip.room, slip.seat, kind=made.kind, rule=made.rule, seed=made.seed,
                             correct=verdict.correct, seconds=round(seconds, 1))
            count += 1
    return count
