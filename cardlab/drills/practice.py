"""A run of drills (issue 36, item 2): the seeded sequence of exercises, each answer as a
record, and the mastery of each rule, as plain values; a widget only shows them.

A :class:`Practice` deals exercises of the kinds chosen, one after another, from its
seed (the same seed, the same sequence, whatever the answers); :meth:`Practice.answer`
grades the exercise on screen with the engine and records an :class:`Answer` (kind,
rule, right or wrong, seconds taken): data a classroom stores. :func:`progress` reads
the answers rule by rule: five right in a row (:data:`MASTERY`) masters a rule, as
lichess's "Learn" and Khan Academy's mastery do.

>>> practice = Practice(["which_hand_wins"], seed=3, deck=32, clock=iter(range(0, 100, 4)).__next__)
>>> drill = practice.exercise
>>> record = practice.answer(drill.answer)
>>> record.correct, record.kind, record.rule == drill.rule, record.seconds
(True, 'which_hand_wins', True, 4.0)
>>> practice.progress()[0].streak
1
>>> practice.next().kind
'which_hand_wins'
>>> kinds_for("fight_for_the_lead")
('may_fight_for_the_lead', 'trick_winner', 'lead_winner')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardlab import drills
from cardlab.drills.base import DrillError, Exercise, Verdict, checked_language

__all__ = ["MASTERY", "Answer", "Progress", "Practice", "progress", "kinds_for", "checked_kinds"]

#: Right answers in a row that master a rule.
MASTERY = 5


@dataclass(frozen=True)
class Answer:
    """One answer to one exercise, as data (what a classroom stores as a row of a lesson):
    the exercise's ``kind`` and ``rule`` (the rule id that decides it), whether it was
    ``correct``, the ``seconds`` from the exercise shown to the answer, the exercise's
    ``seed`` (``exercise(kind, seed, **settings)`` makes it again) and the answer ``given``
    (an option's index, or the number typed).

    >>> Answer("round_points", "KB-5", False, 12.5, seed=7, given=21).correct
    False
    """

    kind: str
    rule: str
    correct: bool
    seconds: float
    seed: int
    given: int


@dataclass(frozen=True)
class Progress:
    """One rule's progress: ``streak`` right answers in a row now, ``mastered`` once a
    streak reached :data:`MASTERY` (it stays mastered), ``right`` of ``answered`` in all."""

    rule: str
    streak: int
    mastered: bool
    right: int
    answered: int


def progress(answers: Iterable[Answer]) -> tuple[Progress, ...]:
    """Each rule met in ``answers``, in the order first met, with its :class:`Progress`.

    >>> said = [Answer("lead_winner", "FL-4", c, 3.0, 0, 0) for c in (True, False, *[True] * 5, False)]
    >>> progress(said)
    (Progress(rule='FL-4', streak=0, mastered=True, right=6, answered=8),)
    """
    found: dict[str, Progress] = {}
    for answer in answers:
        was = found.get(answer.rule, Progress(answer.rule, 0, False, 0, 0))
        streak = was.streak + 1 if answer.correct else 0
        found[answer.rule] = Progress(answer.rule, streak, was.mastered or streak >= MASTERY,
                                      was.right + answer.correct, was.answered + 1)
    return tuple(found.values())


def kinds_for(game: str) -> tuple[str, ...]:
    """The kinds of exercise that teach ``game``'s rules (by its name in
    :data:`cardlab.games.GAMES`): its own kinds, and which-hand-wins where the game
    compares poker hands (its spec's ``hand_rules``). An unknown game, or one with no
    drills, raises :class:`DrillError` naming it.

    >>> kinds_for("kontrabluff")
    ('which_hand_wins', 'round_points', 'may_kontrabluff')
    >>> kinds_for("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlab.drills.DrillError: no game 'chess': the games are kontrabluff, draw_poker, ...
    """
    from cardlab.games import GAMES

    entry = GAMES.get(game) if isinstance(game, str) else None
    if entry is None:
        raise DrillError(f"no game {game!r}: the games are {', '.join(GAMES)}")
    hands = entry.spec.hand_rules(entry.game()) is not None
    found = tuple(name for name, kind in drills.KINDS.items() if kind.game == game or (kind.game is None and hands))
    if not any(drills.KINDS[name].game == game for name in found):
        raise DrillError(f"the game {game!r} has no drills yet: the games with drills are "
                         f"{', '.join(sorted({k.game for k in drills.KINDS.values() if k.game}))}")
    return found


def checked_kinds(kinds: Sequence[str] | str | None, game: str | None) -> tuple[str, ...]:
    """The kinds a run deals: ``kinds`` (names of :data:`cardlab.drills.KINDS`) or those of
    ``game`` (:func:`kinds_for`), not both; bad input raises :class:`DrillError` naming it.

    >>> checked_kinds(["which_hand_wins", "poker"], None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlab.drills.DrillError: no drill kind 'poker': the kinds are which_hand_wins, round_points, ...
    """
    known = ", ".join(drills.KINDS)
    if kinds is not None and game is not None:
        raise DrillError(f"choose the drills by kinds or by game, not both (kinds={kinds!r}, game={game!r})")
    if game is not None:
        return kinds_for(game)
    if kinds is None:
        raise DrillError(f"choose the drills by kinds=[...] (the kinds are {known}) or by game='...'")
    if isinstance(kinds, str):
        kinds = (kinds,)
    kinds = tuple(kinds)
    if not kinds:
        raise DrillError(f"kinds is empty: name at least one of {known}")
    for kind in kinds:
        if not isinstance(kind, str) or kind not in drills.KINDS:
            raise DrillError(f"no drill kind {kind!r}: the kinds are {known}")
    return tuple(dict.fromkeys(kinds))


def _settings_by_kind(kinds: tuple[str, ...], settings: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Each kind's share of ``settings`` (a setting goes to every kind that takes it); a
    setting no kind takes is refused, naming it."""
    for name, value in settings.items():
        if not any(name in drills.KINDS[kind].settings for kind in kinds):
            raise DrillError(f"no drill chosen takes {name}={value!r} (the kinds chosen: {', '.join(kinds)})")
    return {kind: {n: v for n, v in settings.items() if n in drills.KINDS[kind].settings} for kind in kinds}


class Practice:
    """A run of exercises of ``kinds`` (or ``game``'s, :func:`kinds_for`), seeded by ``seed``
    (a whole number >= 0), in ``lang``; ``settings`` go to each kind that takes them
    (``deck=32`` for the hands and the draws). ``clock`` gives the seconds an answer took
    (``time.monotonic`` by default; a test gives its own).

    The sequence depends on the seed only: each round of ``len(kinds)`` exercises deals
    every kind once, in a seeded order, each from a seed of its own (:meth:`item`).
    :attr:`exercise` is the one on screen, :attr:`verdict` its grade once answered,
    :attr:`answers` every :class:`Answer` so far. Every setting is checked at once, by
    making the first exercise of each kind: bad input raises :class:`DrillError`.
    """

    def __init__(self, kinds: Sequence[str] | str | None = None, *, game: str | None = None, seed: int = 0,
                 lang: str | None = "en", clock: Callable[[], float] = time.monotonic, **settings: Any):
        self.kinds = checked_kinds(kinds, game)
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
            raise DrillError(f"a drill's seed is a whole number >= 0; got {seed!r}")
        self.seed = int(seed)
        self.lang = checked_language(lang)
        self.settings = _settings_by_kind(self.kinds, settings)
        for kind in self.kinds:  # every setting checked now, not at the exercise that first meets it
            drills.exercise(kind, 0, self.lang, **self.settings[kind])
        self.clock = clock
        self.answers: list[Answer] = []
        self.number = 0
        self.exercise: Exercise = self._make(0)
        self.verdict: Verdict | None = None
        self.given: int | None = None
        #: The last exercise answered, with the answer given and its verdict (kept when the
        #: run moves on: a page says "Right!" and why above the next exercise).
        self.last: tuple[Exercise, int, Verdict] | None = None
        self._shown_at = clock()

    def item(self, number: int) -> tuple[str, int]:
        """The kind and the exercise's seed of exercise ``number`` (from 0) of this run.

        >>> run = Practice(["lead_winner", "trick_winner"], seed=1)
        >>> [run.item(n)[0] for n in range(4)].count("lead_winner")
        2
        >>> run.item(5) == Practice(["lead_winner", "trick_winner"], seed=1).item(5)
        True
        """
        turn, place = divmod(number, len(self.kinds))
        order = np.random.default_rng(np.random.SeedSequence([self.seed, turn, 0])).permutation(len(self.kinds))
        seed = int(np.random.default_rng(np.random.SeedSequence([self.seed, number, 1])).integers(2**31))
        return self.kinds[int(order[place])], seed

    def _make(self, number: int) -> Exercise:
        kind, seed = self.item(number)
        return drills.exercise(kind, seed, self.lang, **self.settings[kind])

    @property
    def answered(self) -> bool:
        """Whether the exercise on screen has been answered."""
        return self.verdict is not None

    def answer(self, given: int) -> Answer:
        """Grade ``given`` (an option's index, or the number) for the exercise on screen with
        the engine, record it and return the record. A bad answer, or a second answer to
        the same exercise, raises :class:`DrillError` and records nothing."""
        if self.verdict is not None:
            raise DrillError("this exercise is answered already: go on to the next one")
        verdict = self.exercise.grade(given)  # raises on a bad answer, before anything changes
        record = Answer(self.exercise.kind, self.exercise.rule, verdict.correct,
                        round(max(0.0, float(self.clock() - self._shown_at)), 3), self.exercise.seed, int(given))
        self.verdict, self.given = verdict, int(given)
        self.last = (self.exercise, int(given), verdict)
        self.answers.append(record)
        return record

    def next(self) -> Exercise:
        """The next exercise of the sequence (the one on screen need not be answered)."""
        self.number += 1
        self.exercise = self._make(self.number)
        self.verdict = self.given = None
        self._shown_at = self.clock()
        return self.exercise

    def set_language(self, lang: str) -> None:
        """Say the exercise on screen (and its verdict) in ``lang``: the same exercise."""
        self.lang = checked_language(lang)
        exercise = self.exercise
        self.exercise = self._again(exercise)
        if self.given is not None:
            self.verdict = self.exercise.grade(self.given)
        if self.last is not None:
            done, given, _verdict = self.last
            again = self.exercise if done is exercise else self._again(done)
            self.last = (again, given, again.grade(given))

    def _again(self, exercise: Exercise) -> Exercise:
        """``exercise`` made again in the run's language (the same seed: the same exercise)."""
        return drills.exercise(exercise.kind, exercise.seed, self.lang, **exercise.settings)

    def progress(self) -> tuple[Progress, ...]:
        """Each rule met so far with its progress (:func:`progress`)."""
        return progress(self.answers)
