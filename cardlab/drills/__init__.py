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
cardlab.drills.DrillError: no drill kind 'poker': the kinds are which_hand_wins, round_points, may_kontrabluff, may_draw_poker, may_parallel_poker, may_fight_for_the_lead, chance_to_improve, best_discard, trick_winner, lead_winner, showing_winner, match_score
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardlab.drills import draw_poker, fight_for_the_lead, hands, kontrabluff, parallel_poker
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
from cardlab.words import language

__all__ = ["KINDS", "Kind", "Exercise", "Verdict", "DrillError", "exercise", "Answer", "Practice", "Progress",
           "MASTERY", "kinds_for"]

#: Every kind of exercise, in the order a lesson meets them.
MAKERS: Mapping[str, Maker] = MappingProxyType({maker.kind.name: maker for maker in (
    hands.MAKER,
    kontrabluff.POINTS,
    kontrabluff.MAY,
    draw_poker.MAY,
    parallel_poker.MAY,
    fight_for_the_lead.MAY,
    draw_poker.CHANCE,
    draw_poker.DISCARD,
    fight_for_the_lead.TRICK,
    fight_for_the_lead.LEAD,
    parallel_poker.SHOWING,
    parallel_poker.GAME,
)})

#: Each kind of exercise with the rule ids it teaches (:class:`Kind`).
KINDS: Mapping[str, Kind] = MappingProxyType({name: maker.kind for name, maker in MAKERS.items()})


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
    rng = generator(seed, list(MAKERS).index(kind))
    made = maker.make(rng, checked)
    data = read_only(made.data)
    with language(lang):
        prompt, options = maker.say(data)
    assert len(options) == made.options, (kind, options)
    return Exercise(kind, made.rule, prompt, tuple(options), made.answer, data, int(seed), lang,
                    read_only(checked), maker)


# a run of exercises, its answers and the mastery of each rule (after KINDS: it reads them)
from cardlab.drills.practice import MASTERY, Answer, Practice, Progress, kinds_for  # noqa: E402
