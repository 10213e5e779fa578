"""What every drill is made of: a kind, an exercise, a verdict, and the checks of their input.

A drill is a triple (after PrairieLearn's questions and lichess's "Learn"): **make** a
seeded variant from the engine, **say** it through the words layer, **grade** an answer
with the engine (hand evaluation, legality, scoring, exact odds). Each kind of exercise
is a :class:`Maker` (its own module in this package says how it makes and grades); this
module holds the values they share.

>>> Kind("round_points", ("KB-5", "KB-6"), "kontrabluff", "number").rules
('KB-5', 'KB-6')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any
import zlib

import numpy as np

from cardlab.cards import DECK_SIZES
from cardlab.words import check_language, language

__all__ = ["Kind", "Exercise", "Verdict", "DrillError", "Made", "Judged", "Maker", "Setting",
           "deck_setting", "ace_low_setting", "choice_setting", "whole_setting", "generator"]

#: How an exercise is answered: by the index of one of its options, or by a whole number.
ANSWERS = ("choice", "number")


class DrillError(ValueError):
    """Bad input to a drill: an unknown kind or setting, a bad seed or language, an answer
    that is no option or no number. The message names the value.

    >>> raise DrillError("no drill kind 'poker'")
    Traceback (most recent call last):
    ...
    cardlab.drills.DrillError: no drill kind 'poker'
    """


DrillError.__module__ = "cardlab.drills"  # its public home


@dataclass(frozen=True)
class Kind:
    """One kind of exercise: its name, the rule ids it teaches, the game it belongs to
    (None: the hand rankings every poker game shares) and how it is answered
    (``"choice"``: the index of an option; ``"number"``: a whole number)."""

    name: str
    rules: tuple[str, ...]
    game: str | None
    answer: str
    settings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """The grade of one answer: ``correct``, and ``why`` in the exercise's language (words
    that cite ``rule`` and give the reason with the exercise's own cards).

    >>> from cardlab.drills import exercise
    >>> exercise("lead_winner", seed=1, lang="sv").grade(0).rule
    'FL-4'
    """

    correct: bool
    why: str
    rule: str


@dataclass(frozen=True)
class Made:
    """What a maker returns (no words): the rule that decides, the typed ``data``, the
    number of options (0 where the answer is a number) and the right answer."""

    rule: str
    data: Mapping[str, Any]
    answer: int
    options: int = 0


@dataclass(frozen=True)
class Judged:
    """What a maker's grader returns: right or wrong, by which rule, and the words why."""

    correct: bool
    rule: str
    why: str


#: A setting's check: the value as the maker uses it, or a DrillError naming it.
Setting = Callable[[Any], Any]


@dataclass(frozen=True)
class Maker:
    """A kind of exercise, as code: ``make(rng, settings) -> Made``; ``say(data) -> (prompt,
    options)`` in the current language; ``judge(data, answer) -> Judged`` with the engine.
    ``settings`` maps each setting the kind takes to its check. ``stream`` numbers the
    kind's random stream (:func:`generator`); None, for a new kind, takes one from its
    name. cardlab's first twelve kinds keep the numbers they had when the list of kinds was
    one list (0 to 11), so each seed still makes the same exercise.

    >>> from cardlab.drills import MAKERS
    >>> MAKERS["which_hand_wins"].number, Maker(Kind("new", (), None, "number"), *[None] * 3).number
    (0, 1810056261)
    """

    kind: Kind
    make: Callable[[np.random.Generator, Mapping[str, Any]], Made]
    say: Callable[[Mapping[str, Any]], tuple[str, tuple[str, ...]]]
    judge: Callable[[Mapping[str, Any], int], Judged]
    settings: Mapping[str, Setting] = field(default_factory=dict)
    stream: int | None = None

    @property
    def number(self) -> int:
        """The number of this kind's random stream (see above)."""
        return self.stream if self.stream is not None else zlib.crc32(self.kind.name.encode())


@dataclass(frozen=True, eq=False)
class Exercise:
    """One exercise, made from a seed: the same seed gives the same exercise in every
    language (only ``prompt``, ``options`` and the verdict's words differ).

    ``kind`` and ``rule`` (the rule id that decides it); ``prompt`` and ``options`` in
    ``lang`` (``options`` empty where the answer is a number); ``answer`` the index of the
    right option, or the number; ``data`` the typed values it was made from (cards as
    :class:`~cardlab.cards.Card`), read-only. :meth:`grade` grades an answer with the
    engine. Two exercises are equal when their kind, seed, settings, language and data are.

    >>> from cardlab.drills import exercise
    >>> drill = exercise("trick_winner", seed=3, players=3)
    >>> drill.options, drill.rule
    (('South', 'West', 'East'), 'FL-7')
    >>> drill == exercise("trick_winner", seed=3, players=3), drill.data["players"]
    (True, 3)
    """

    kind: str
    rule: str
    prompt: str
    options: tuple[str, ...]
    answer: int
    data: Mapping[str, Any]
    seed: int
    lang: str
    settings: Mapping[str, Any]
    maker: Maker = field(repr=False, compare=False)

    def grade(self, answer: int) -> Verdict:
        """Grade ``answer`` (the index of an option, or a number) with the engine; a
        :class:`Verdict` in the exercise's language. A bad answer raises :class:`DrillError`
        naming it.

        >>> from cardlab.drills import exercise
        >>> drill = exercise("round_points", seed=3)
        >>> drill.grade(drill.answer).correct, drill.grade(drill.answer + 1).correct
        (True, False)
        """
        if self.options:
            if isinstance(answer, bool) or not isinstance(answer, (int, np.integer)):
                raise DrillError(f"an answer to this exercise is the index of an option, 0 to "
                                 f"{len(self.options) - 1}; got {answer!r}")
            if not 0 <= answer < len(self.options):
                raise DrillError(f"this exercise has options 0 to {len(self.options) - 1}; got {answer!r}")
        elif isinstance(answer, bool) or not isinstance(answer, (int, np.integer)):
            raise DrillError(f"an answer to this exercise is a whole number; got {answer!r}")
        with language(self.lang):
            judged = self.maker.judge(self.data, int(answer))
        return Verdict(judged.correct, judged.why, judged.rule)

    def __str__(self) -> str:
        """The prompt, then each option after the number that chooses it (``grade(number)``);
        a question answered by a number is its prompt alone.

        >>> from cardlab.drills import exercise
        >>> print(exercise("lead_winner", seed=2, players=2))  # doctest: +ELLIPSIS
        Fight for the Lead. The fight cards are turned up: ... Who wins the lead?
          0: ...
          1: ...
        """
        return "\n".join([self.prompt, *(f"  {i}: {option}" for i, option in enumerate(self.options))])

    def _key(self) -> tuple:
        return (self.kind, self.seed, tuple(sorted(self.settings.items())), self.lang)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Exercise):
            return NotImplemented
        return self._key() == other._key() and dict(self.data) == dict(other.data)

    def __hash__(self) -> int:
        return hash(self._key())


def generator(seed: object, number: int) -> np.random.Generator:
    """The numpy generator of exercise kind ``number`` for ``seed`` (a whole number >= 0):
    every random thing of an exercise comes from it.

    >>> int(generator(7, 1).integers(100)) == int(generator(7, 1).integers(100))
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise DrillError(f"a drill's seed is a whole number >= 0; got {seed!r}")
    return np.random.default_rng(np.random.SeedSequence([int(seed), number]))


def checked_language(lang: object) -> str:
    """``lang`` as one of cardlab's languages, or a DrillError naming it."""
    try:
        return check_language(lang)  # type: ignore[arg-type]
    except ValueError as error:
        raise DrillError(str(error)) from None


def read_only(values: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(values))


# -- the settings' checks -------------------------------------------------------------------------
def deck_setting(value: Any) -> int:
    """A deck size of HR-3."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value not in DECK_SIZES:
        raise DrillError(f"deck must be one of {', '.join(map(str, DECK_SIZES))} (HR-3); got {value!r}")
    return int(value)


def ace_low_setting(value: Any) -> bool:
    """The HR-5 option."""
    if not isinstance(value, bool):
        raise DrillError(f"ace_low must be True or False (HR-5); got {value!r}")
    return value


def choice_setting(name: str, choices: tuple[str, ...]) -> Setting:
    """A setting that is one of ``choices``."""
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise DrillError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}")
        return value
    return check


def whole_setting(name: str, low: int, high: int) -> Setting:
    """A whole-number setting from ``low`` to ``high``."""
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
            raise DrillError(f"{name} must be a whole number {low}..{high}; got {value!r}")
        return int(value)
    return check


def checked_settings(maker: Maker, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings given, each checked by the kind's own check; an unknown one is named."""
    out = {}
    for name, value in settings.items():
        check = maker.settings.get(name)
        if check is None:
            takes = ", ".join(maker.settings) or "no settings"
            raise DrillError(f"{maker.kind.name} takes {takes}; not {name}={value!r}")
        out[name] = check(value)
    return out
