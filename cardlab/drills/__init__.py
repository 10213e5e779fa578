"""Drills: tiny seeded exercises on one rule each, graded by the engine (issue 36).

``exercise(kind, seed, lang="en", **settings)`` makes a frozen :class:`Exercise` from the
engine (a real dealt position, a real round, exact odds): its ``prompt`` and ``options``
are words in the language asked, its ``answer`` the index of the right option (or the
number, where ``options`` is empty), its ``data`` the typed values it was made from.
``grade(answer)`` asks the engine again and gives a :class:`Verdict` whose ``why`` cites
the rule id and says the reason with the exercise's own cards. The same seed gives the
same exercise in every language; :data:`KINDS` lists each kind with the rules it teaches.
A widget shows any exercise the same way: a button per option (or a number field) and
``grade`` on a click.

The hands' drill (:mod:`cardlab.drills.hands`) is every poker game's; each game's own
drills are in its own file (``cardlab/drills/<game>.py``), named by its entry in
:data:`cardlab.games.GAMES` (``drills``): this package finds them there, for a game
registered later too, and names no game.

>>> drill = exercise("which_hand_wins", seed=11, deck=32)
>>> drill.kind, drill.rule in KINDS["which_hand_wins"].rules, len(drill.options)
('which_hand_wins', True, 3)
>>> verdict = drill.grade(drill.answer)
>>> verdict.correct, verdict.rule in verdict.why
(True, True)
>>> exercise("which_hand_wins", seed=11, deck=32, lang="pl").data == drill.data
True
>>> sorted(KINDS)[:3]
['best_discard', 'chance_to_improve', 'lead_winner']
>>> exercise("poker", seed=1)
Traceback (most recent call last):
...
cardlab.drills.DrillError: no drill kind 'poker': the kinds are which_hand_wins, round_points, may_kontrabluff, may_draw_poker, chance_to_improve, best_discard, may_parallel_poker, showing_winner, match_score, may_fight_for_the_lead, trick_winner, lead_winner
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

from cardlab.drills import hands
from cardlab.drills.base import (
    DrillError,
    Exercise,
    Kind,
    Maker,
    Verdict,
    checked_language,
    checked_settings,
    generator,
    read_only,
)
from cardlab.games import by_game
from cardlab.words import language

__all__ = ["KINDS", "Kind", "Exercise", "Verdict", "DrillError", "exercise", "Answer", "Practice", "Progress",
           "MASTERY", "kinds_for"]

T = TypeVar("T")
_GAMES_DRILLS: Mapping[str, tuple[Maker, ...]] = by_game(lambda entry: entry.drill_makers)


class _Kinds(Mapping[str, T]):
    """A live, read-only table of every kind of exercise: the hands' first, then each
    registered game's in the order of :data:`cardlab.games.GAMES` (``part`` of each maker)."""

    __slots__ = ("_part",)

    def __init__(self, part: Any):
        self._part = part

    def _all(self) -> dict[str, Maker]:
        makers = {hands.MAKER.kind.name: hands.MAKER}
        for own in _GAMES_DRILLS.values():
            makers.update((maker.kind.name, maker) for maker in own)
        return makers

    def __getitem__(self, name: str) -> T:
        return self._part(self._all()[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"{type(self).__name__.lstrip('_')}({dict(self)!r})"


#: Every kind of exercise, as code (:class:`~cardlab.drills.base.Maker`), in the order a lesson meets them.
MAKERS: Mapping[str, Maker] = _Kinds(lambda maker: maker)

#: Each kind of exercise with the rule ids it teaches (:class:`Kind`).
KINDS: Mapping[str, Kind] = _Kinds(lambda maker: maker.kind)


def exercise(kind: str, seed: int, lang: str | None = "en", **settings: Any) -> Exercise:
    """The exercise of ``kind`` made from ``seed`` (a whole number >= 0), in ``lang``.

    ``settings`` are the kind's own (:attr:`Kind.settings`): ``deck`` and ``ace_low`` for
    the hands and the draw odds, ``players`` for Fight for the Lead, ``hierarchy`` and
    ``ace_low`` for parallel poker, ``low`` for a Kontrabluff round. What a setting leaves
    open comes from the seed. An unknown kind or setting, a bad value, seed or language
    raises :class:`DrillError` naming it.

    >>> exercise("round_points", seed=2).options
    ()
    >>> exercise("which_hand_wins", seed=1, deck=33)
    Traceback (most recent call last):
    ...
    cardlab.drills.DrillError: deck must be one of 52, 48, 44, 40, 36, 32, 28, 24, 20 (HR-3); got 33
    """
    maker = MAKERS.get(kind) if isinstance(kind, str) else None
    if maker is None:
        raise DrillError(f"no drill kind {kind!r}: the kinds are {', '.join(MAKERS)}")
    lang = checked_language(lang)
    checked = checked_settings(maker, settings)
    rng = generator(seed, maker.number)
    made = maker.make(rng, checked)
    data = read_only(made.data)
    with language(lang):
        prompt, options = maker.say(data)
    assert len(options) == made.options, (kind, options)
    return Exercise(kind, made.rule, prompt, tuple(options), made.answer, data, int(seed), lang,
                    read_only(checked), maker)


# a run of exercises, its answers and the mastery of each rule (after KINDS: it reads them)
from cardlab.drills.practice import MASTERY, Answer, Practice, Progress, kinds_for  # noqa: E402
