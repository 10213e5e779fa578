"""A stand-in for :class:`cardlab.widgets.Drill` (helper D2's widget), for the classroom's tests
while that widget is not on this branch: the same interface the classroom uses, no more.

``Drill(kinds, game=None, seed=0, lang=None, on_answer=None)``; :attr:`exercise` on screen,
:attr:`option_buttons` (a click answers), :meth:`check` (a number), :attr:`answers` (records
with ``kind``, ``rule``, ``correct``, ``seconds``, ``seed``, ``given``), :meth:`set_language`,
:attr:`widget`. Exercises and grades are the engine's (:func:`cardlab.drills.exercise`).
:func:`drill_class` gives the real widget where it exists, else this one.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as W
import numpy as np

from cardlab.drills import exercise
from cardlab.words import check_language


@dataclass(frozen=True)
class Answer:
    kind: str
    rule: str
    correct: bool
    seconds: float
    seed: int
    given: int


class Drill:
    def __init__(self, kinds: Sequence[str] | None = None, *, game: str | None = None, seed: int = 0,
                 lang: str | None = None, on_answer: Callable[[Answer], Any] | None = None, **settings: Any):
        self.kinds = tuple(kinds or ())
        self.lang = check_language(lang)
        self.on_answer = on_answer
        self.answers: list[Answer] = []
        self._rng = np.random.default_rng(seed)
        self._title = W.HTML()
        self.option_buttons = [W.Button(tooltip="") for _ in range(6)]
        for index, button in enumerate(self.option_buttons):
            button.on_click(lambda _click, i=index: self.check(i))
        self.widget = W.VBox([self._title, *self.option_buttons])
        self.widget.add_class("cl-drill")
        self._next()

    def _next(self) -> None:
        kind = self.kinds[len(self.answers) % len(self.kinds)]
        self.exercise = exercise(kind, int(self._rng.integers(2**31)), lang=self.lang)
        self._draw()

    def _draw(self) -> None:
        self._title.value = f"<p>{html.escape(self.exercise.prompt)}</p>"
        for index, button in enumerate(self.option_buttons):
            shown = index < len(self.exercise.options)
            button.description = self.exercise.options[index] if shown else ""
            button.layout.display = None if shown else "none"

    def check(self, given: int) -> Answer:
        verdict = self.exercise.grade(given)
        record = Answer(self.exercise.kind, self.exercise.rule, verdict.correct, 4.0, self.exercise.seed, given)
        self.answers.append(record)
        if self.on_answer is not None:
            self.on_answer(record)
        self._next()
        return record

    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        self.exercise = exercise(self.exercise.kind, self.exercise.seed, lang=self.lang)
        self._draw()


def drill_class() -> type:
    """The real Drill widget where it exists (helper D2's), else this stand-in."""
    try:
        from cardlab.widgets.drill import Drill as Real
    except ImportError:
        return Drill
    return Real
