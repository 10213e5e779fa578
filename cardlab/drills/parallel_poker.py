"""Parallel-poker drills: which packets you may lay (PP-1, PP-2), who wins a showing (PP-3) and
a game's points (PP-4).

A real seeded game of the engine: the dealer's seven cards laid out, both players' 25
cards arranged (some packets made to be a real poker hand, the rest as they fall), the
showings scored by the engine. ``hierarchy`` (``"traditional"`` or ``"32-card"``, PP-3)
and ``ace_low`` (HR-5) are settings.

>>> from cardlab.drills import exercise
>>> drill = exercise("match_score", seed=4, hierarchy="32-card")
>>> drill.options, 0 <= drill.answer <= 25
((), True)
>>> drill.grade(drill.answer).correct
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardlab.cards import Card
from cardlab.drills.base import Judged, Kind, Made, Maker, ace_low_setting, choice_setting
from cardlab.drills.hands import hand_of
from cardlab.drills.play import candidates_checked, choose_options, refusal, replay
from cardlab.engine import Action
from cardlab.games.parallel_poker import (
    HIERARCHIES,
    PACKET_SIZE,
    SHOWING_POINTS,
    ParallelPoker,
    arrange,
    hand_rules,
    showdown,
)
from cardlab.hands import Category, HandRules, evaluate
from cardlab.words import drills as said

__all__ = ["MAKERS", "MAY", "SHOWING", "GAME"]

_SETTINGS = {"hierarchy": choice_setting("hierarchy", tuple(HIERARCHIES)), "ace_low": ace_low_setting}
_MADE = (Category.ONE_PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.STRAIGHT, Category.FLUSH,
         Category.FULL_HOUSE, Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH)
_WEIGHTS = np.array((4, 4, 3, 3, 3, 2, 1, 0.5)) / 20.5
TIE = 2


def _game(rng: np.random.Generator, settings: Mapping[str, Any]) -> ParallelPoker:
    hierarchy = settings.get("hierarchy") or str(rng.choice(tuple(HIERARCHIES)))
    ace_low = settings.get("ace_low")
    if ace_low is None:
        ace_low = bool(rng.random() < 0.5)
    return ParallelPoker(hierarchy=hierarchy, ace_low=ace_low)


def _sorted(packet: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(packet, key=lambda c: (c.rank.number, c.suit.index), reverse=True))


def arrangement(rng: np.random.Generator, held: Sequence[Card], rules: HandRules) -> tuple[tuple[Card, ...], ...]:
    """Five packets of the 25 ``held`` cards (PP-2): one to three made into a real poker
    hand (a pair up to a straight flush), the rest as a shuffle deals them; each packet's
    cards highest first, the packets in a seeded order.

    >>> from cardlab.cards import deck
    >>> packets = arrangement(np.random.default_rng(3), deck(32)[7:], hand_rules())
    >>> sorted(c for p in packets for c in p) == sorted(deck(32)[7:])
    True
    """
    free = list(held)
    packets = []
    for _ in range(int(rng.integers(1, 4))):
        category = _MADE[int(rng.choice(len(_MADE), p=_WEIGHTS))]
        packet = hand_of(category, rules, rng, free)
        if packet is not None:
            packets.append(packet)
            free = [c for c in free if c not in packet]
    order = rng.permutation(len(free))
    free = [free[i] for i in order]
    packets += [tuple(free[i:i + PACKET_SIZE]) for i in range(0, len(free), PACKET_SIZE)]
    return tuple(_sorted(packets[i]) for i in rng.permutation(len(packets)))


def _played(rng: np.random.Generator, settings: Mapping[str, Any]) -> tuple[ParallelPoker, tuple, Any]:
    """A seeded game, both arrangements laid and shown by the engine."""
    game = _game(rng, settings)
    state = game.new_state(seed=int(rng.integers(2**31)))
    arrangements = tuple(arrangement(rng, state.held, game.rules) for _ in range(2))
    for seat in (0, 1):
        state.apply_for(seat, arrange(arrangements[seat]))
    return game, arrangements, state


# -- who wins this showing (PP-3) ---------------------------------------------------------------------
SHOWING_KIND = Kind("showing_winner", ("PP-3", "HR-1", "HR-2", "HR-4", "HR-5"), "parallel_poker", "choice",
                    ("hierarchy", "ace_low"))


def _make_showing(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    game, arrangements, state = _played(rng, settings)
    showing = state.showings[int(rng.integers(len(state.showings)))]
    data = {"hierarchy": game.hierarchy, "ace_low": game.ace_low, "packet": showing.packet, "packets": showing.cards}
    return Made("PP-3", data, TIE if showing.winner is None else showing.winner, 3)


def _say_showing(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    k = data["packet"]
    prompt = said.showing_prompt(data["hierarchy"], data["ace_low"], k, SHOWING_POINTS[k - 1], data["packets"])
    return prompt, (said.seat_option(0, 2), said.seat_option(1, 2), said.option("tie_showing"))


def _judge_showing(data: Mapping[str, Any], answer: int) -> Judged:
    rules = hand_rules(data["hierarchy"], data["ace_low"])
    values = [evaluate(p, rules) for p in data["packets"]]
    winner = 0 if values[0] > values[1] else 1 if values[1] > values[0] else None
    k = data["packet"]
    why = said.showing_why(k, winner, SHOWING_POINTS[k - 1], data["packets"], values)
    return Judged(answer == (TIE if winner is None else winner), "PP-3", why)


SHOWING = Maker(SHOWING_KIND, _make_showing, _say_showing, _judge_showing, _SETTINGS, stream=10)


# -- a game's points (PP-4) -------------------------------------------------------------------------
GAME_KIND = Kind("match_score", ("PP-4", "PP-3"), "parallel_poker", "number", ("hierarchy", "ace_low"))


def _make_game(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    game, arrangements, state = _played(rng, settings)
    seat = int(rng.integers(2))
    data = {"hierarchy": game.hierarchy, "ace_low": game.ace_low, "arrangements": arrangements, "seat": seat}
    return Made("PP-4", data, state.scores[seat])


def _say_game(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    return said.game_prompt(data["hierarchy"], data["ace_low"], data["seat"], data["arrangements"]), ()


def _judge_game(data: Mapping[str, Any], answer: int) -> Judged:
    rules = hand_rules(data["hierarchy"], data["ace_low"])
    seat, arrangements = data["seat"], data["arrangements"]
    flat = [tuple(c for packet in a for c in packet) for a in arrangements]
    points = showdown(flat[0], flat[1], rules)[seat]
    won = [k + 1 for k, (mine, theirs) in enumerate(zip(arrangements[seat], arrangements[1 - seat]))
           if evaluate(mine, rules) > evaluate(theirs, rules)]
    return Judged(answer == points, "PP-4", said.game_why(seat, won, [SHOWING_POINTS[k - 1] for k in won]))


GAME = Maker(GAME_KIND, _make_game, _say_game, _judge_game, _SETTINGS, stream=11)


# -- which packets may you lay (PP-1, PP-2) ---------------------------------------------------------------
MAY_KIND = Kind("may_parallel_poker", ("PP-1", "PP-2"), "parallel_poker", "choice")


def _flat(packets: Sequence[Sequence[Card]]) -> list[Card]:
    return [c for packet in packets for c in packet]


def _make_may(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    game = _game(rng, {})
    seed = int(rng.integers(2**31))
    state = game.new_state(seed=seed)
    held, laid_out = state.held, state.laid_out
    made = [_flat(arrangement(rng, held, game.rules)) for _ in range(4)]
    legal = made[0]
    twice = list(made[1])
    i, j = int(rng.integers(0, 10)), int(rng.integers(15, 25))  # in different packets
    twice_note = (twice[i], twice[j])
    twice[j] = twice[i]
    laid = list(made[2])
    j = int(rng.integers(25))
    stranger = laid_out[int(rng.integers(len(laid_out)))]
    laid_note = (stranger, laid[j])
    laid[j] = stranger
    short = made[3][:24]
    notes = {"yes": (None, None), "twice": twice_note, "laid_out": laid_note, "short": (None, made[3][24])}
    candidates = [(Action("arrange", tuple(legal)), "yes"), (Action("arrange", tuple(twice)), "twice"),
                  (Action("arrange", tuple(laid)), "laid_out"), (Action("arrange", tuple(short)), "short")]
    actions, reasons, answer = choose_options(rng, candidates_checked(state, 0, candidates))
    data = {"game": game, "seed": seed, "moves": (), "seat": 0, "laid_out": laid_out, "held": held,
            "actions": actions, "reasons": reasons, "notes": tuple(notes[r] for r in reasons)}
    return Made("PP-2", data, answer, len(actions))


def _say_may(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    return (said.pp_may_prompt(data["laid_out"], data["held"]),
            tuple(said.option("arrange", cards=a.cards) for a in data["actions"]))


def _judge_may(data: Mapping[str, Any], answer: int) -> Judged:
    state = replay(data["game"], data["seed"], data["moves"])
    action, seat = data["actions"][answer], data["seat"]
    if action in state.legal_actions(seat):
        return Judged(True, "PP-2", said.pp_yes())
    rule = refusal(state, seat, action)
    card, missing = data["notes"][answer]
    return Judged(False, rule, said.pp_no(data["reasons"][answer], rule, card, missing))


MAY = Maker(MAY_KIND, _make_may, _say_may, _judge_may, stream=4)

#: This game's kinds of drill, in the order a lesson meets them (its entry's ``drills``).
MAKERS = (MAY, SHOWING, GAME)
