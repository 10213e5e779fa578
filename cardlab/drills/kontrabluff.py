"""Kontrabluff drills: the points of a round (KB-5, KB-6) and what you may do now (KB-2 .. KB-6).

Both play a real seeded match with the engine: the round (or the position) is reached by
seeded choices, the engine scores the round or refuses the action, and the grade asks
the engine again by replaying the same moves.

>>> from cardlab.drills import exercise
>>> drill = exercise("round_points", seed=5)
>>> drill.answer in (1, 3, 6, 10, 15, 21, 28, 36, 45, 55), drill.options
(True, ())
>>> may = exercise("may_kontrabluff", seed=5)
>>> len(may.options), sum(may.grade(i).correct for i in range(len(may.options)))
(4, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardlab.cards import Card, deck
from cardlab.drills.base import DrillError, Judged, Kind, Made, Maker
from cardlab.drills.play import candidates_checked, choose_options, refusal, replay
from cardlab.engine import Action
from cardlab.games.kontrabluff import Kontrabluff, KontrabluffState, Phase
from cardlab.words import drills as said

__all__ = ["MAKERS", "POINTS", "MAY"]

GAME = Kontrabluff()
_RESULTS = {"won_by_pass": "passed", "won_at_showdown": "full", "won_at_showdown_tie": "full",
            "low_passed": "low_passed", "low_won_by_leader": "low_seen", "low_won_by_leader_tie": "low_seen",
            "low_won_by_seer": "low_seen"}
_STEPS = 400  # a guard: every position sought is reached long before


def _five(rng: np.random.Generator, hand: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(hand[i] for i in sorted(rng.permutation(len(hand))[:5]))


def _one(rng: np.random.Generator, hand: Sequence[Card]) -> Card:
    return hand[int(rng.integers(len(hand)))]


def _policy(state: KontrabluffState, rng: np.random.Generator, *, low: float = 0.2, stop_at: int = 0) -> Action:
    """A seeded choice for the seat to act: mostly normal rounds of a few cards; ``stop_at``
    makes a normal round's player pass once that many cards lie on the table."""
    hand, phase = state.hands[state.to_act], state.phase
    on_table = len(state.rows[0]) + len(state.rows[1])
    if phase is Phase.CHOOSE:
        return Action("low", _five(rng, hand)) if rng.random() < low else Action("hand_over")
    if phase is Phase.LEAD:
        return Action("low", _five(rng, hand)) if rng.random() < low else Action("lay", (_one(rng, hand),))
    if phase is Phase.NORMAL:
        if (stop_at and on_table >= stop_at) or (not stop_at and rng.random() < 0.15):
            return Action("pass")
        return Action("lay", (_one(rng, hand),))
    return Action("see" if rng.random() < 0.5 else "pass", _five(rng, hand))


def _play_rounds(state: KontrabluffState, rng: np.random.Generator, rounds: int, moves: list) -> None:
    """Play ``rounds`` whole rounds with the seeded policy, recording the moves."""
    target = state.round_index + rounds
    for _ in range(_STEPS):
        if state.round_index >= target:
            return
        seat = state.to_act
        action = _policy(state, rng)
        state.apply_for(seat, action)
        moves.append((seat, action))


# -- the points of a round (KB-5, KB-6) ----------------------------------------------------------
POINTS_KIND = Kind("round_points", ("KB-5", "KB-6"), "kontrabluff", "number", ("low",))


def _make_points(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    seed = int(rng.integers(2**31))
    state = GAME.new_state(seed=seed)
    moves: list[tuple[int, Action]] = []
    _play_rounds(state, rng, int(rng.integers(0, 4)), moves)
    low = settings.get("low")
    if low is None:
        low = bool(rng.random() < 0.3)
    # the round asked about: low (seen or passed), or normal (a pass after 1..9 cards, or both rows full)
    stop_at = 0 if low else int(rng.integers(1, 11))
    seen = bool(rng.random() < 0.5)
    start = len(state.history)
    rows: tuple[tuple[Card, ...], ...] = ((), ())
    for _ in range(_STEPS):
        seat = state.to_act
        if state.phase is Phase.LOW:
            action = Action("see" if seen else "pass", _five(rng, state.hands[seat]))
        elif low:
            action = _policy(state, rng, low=1.0) if state.phase is not Phase.CHOOSE or rng.random() < 0.5 \
                else Action("hand_over")
        else:
            action = _policy(state, rng, low=0.0, stop_at=stop_at if stop_at < 10 else 99)
        rows = (tuple(state.rows[0]) + (action.cards if seat == 0 and action.kind == "lay" else ()),
                tuple(state.rows[1]) + (action.cards if seat == 1 and action.kind == "lay" else ()))
        leader = state.leader if state.leader is not None else seat
        state.apply_for(seat, action)
        moves.append((seat, action))
        result = next((e for e in state.history[start:] if e.kind in _RESULTS), None)
        if result is not None:
            break
    how = _RESULTS[result.kind]
    winner, points = result["winner"], result["points"]
    data = {"game": GAME, "seed": seed, "moves": tuple(moves), "how": how, "leader": leader, "winner": winner,
            "rows": rows if how in ("passed", "full") else ((), ()),
            "passer": 1 - winner if how == "passed" else None,
            "seen_with": action.cards if how == "low_seen" else (),
            "cards": len(rows[0]) + len(rows[1]) if how in ("passed", "full") else 10}
    return Made("KB-5" if how in ("passed", "full") else "KB-6", data, points)


def _result(data: Mapping[str, Any]) -> tuple[str, int]:
    """The engine's score of the round: replay the moves, read the round's result."""
    state = replay(data["game"], data["seed"], data["moves"][:-1])
    start = len(state.history)
    state.apply_for(*data["moves"][-1])
    result = next(e for e in state.history[start:] if e.kind in _RESULTS)
    return ("KB-5" if _RESULTS[result.kind] in ("passed", "full") else "KB-6"), result["points"]


def _say_points(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    return said.round_prompt(data["how"], data["leader"], data["winner"], data["rows"], data["passer"],
                             data["seen_with"]), ()


def _judge_points(data: Mapping[str, Any], answer: int) -> Judged:
    rule, points = _result(data)
    return Judged(answer == points, rule, said.round_why(data["how"], data["cards"], points))


def _low_setting(value: Any) -> bool:
    if not isinstance(value, bool):
        raise DrillError(f"low must be True (a low round, KB-6) or False (a normal round, KB-5); got {value!r}")
    return value


POINTS = Maker(POINTS_KIND, _make_points, _say_points, _judge_points, {"low": _low_setting}, stream=1)


# -- what may you do now (KB-2, KB-3, KB-4, KB-6) ----------------------------------------------------
MAY_KIND = Kind("may_kontrabluff", ("KB-2", "KB-3", "KB-4", "KB-6"), "kontrabluff", "choice")
_PHASES = {Phase.LEAD: "lead", Phase.NORMAL: "normal", Phase.CHOOSE: "choose"}
#: The rule that allows each kind of action in each phase (the words' "Yes (KB-n)").
_YES_RULES = {("lead", "lay"): "KB-3", ("lead", "low"): "KB-6", ("normal", "lay"): "KB-3",
              ("normal", "pass"): "KB-4", ("choose", "low"): "KB-2", ("choose", "hand_over"): "KB-2"}


def _candidates(state: KontrabluffState, rng: np.random.Generator, phase: str) -> list[tuple[Action, str]]:
    """Options to offer, each with the reason it is right (``"yes"``) or the kind of mistake."""
    seat = state.to_act
    hand = state.hands[seat]
    away = [c for c in deck(52) if c not in hand]
    on_table = [c for row in state.rows for c in row]
    stranger = _one(rng, on_table) if on_table and rng.random() < 0.7 else _one(rng, away)
    five = _five(rng, hand)
    lay, low, see = Action("lay", (_one(rng, hand),)), Action("low", five), Action("see", five)
    if phase == "lead":
        return [(lay, "yes"), (low, "yes"), (Action("pass"), "leader_pass"), (Action("hand_over"), "lead_other"),
                (see, "lead_other"), (Action("lay", (stranger,)), "not_held")]
    if phase == "normal":
        return [(lay, "yes"), (Action("pass"), "yes"), (low, "normal_other"), (Action("hand_over"), "normal_other"),
                (see, "normal_other"), (Action("lay", (stranger,)), "not_held")]
    return [(low, "yes"), (Action("hand_over"), "yes"), (Action("pass"), "dealer_pass"), (lay, "dealer_lay"),
            (see, "dealer_lay")]


def _make_may(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    seed = int(rng.integers(2**31))
    state = GAME.new_state(seed=seed)
    moves: list[tuple[int, Action]] = []
    target = (Phase.LEAD, Phase.NORMAL, Phase.CHOOSE)[int(rng.choice(3, p=(0.3, 0.45, 0.25)))]
    _play_rounds(state, rng, int(rng.integers(0 if target is not Phase.CHOOSE else 1, 4)), moves)
    laid = int(rng.integers(1, 9))
    for _ in range(_STEPS):
        on_table = len(state.rows[0]) + len(state.rows[1])
        if state.phase is target and (target is not Phase.NORMAL or on_table >= laid):
            break
        seat = state.to_act
        action = _policy(state, rng, low=0.1 if target is not Phase.CHOOSE else 0.0)
        state.apply_for(seat, action)
        moves.append((seat, action))
    phase = _PHASES[state.phase]
    seat = state.to_act
    checked = candidates_checked(state, seat, _candidates(state, rng, phase))
    actions, reasons, answer = choose_options(rng, checked)
    data = {"game": GAME, "seed": seed, "moves": tuple(moves), "seat": seat, "phase": phase,
            "first_round": state.first_round, "hand": tuple(state.hands[seat]),
            "rows": (tuple(state.rows[0]), tuple(state.rows[1])), "actions": actions, "reasons": reasons}
    return Made(_YES_RULES[phase, actions[answer].kind], data, answer, len(actions))


def _say_may(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    prompt = said.kb_may_prompt(data["phase"], data["seat"], data["hand"], data["rows"], data["first_round"])
    return prompt, tuple(said.option(a.kind, cards=a.cards) for a in data["actions"])


def _judge_may(data: Mapping[str, Any], answer: int) -> Judged:
    state = replay(data["game"], data["seed"], data["moves"])
    action, seat = data["actions"][answer], data["seat"]
    if action in state.legal_actions(seat):
        return Judged(True, _YES_RULES[data["phase"], action.kind], said.kb_yes(data["phase"], action.kind))
    rule = refusal(state, seat, action)
    return Judged(False, rule, said.kb_no(data["reasons"][answer], rule, action.cards[0] if action.cards else None))


MAY = Maker(MAY_KIND, _make_may, _say_may, _judge_may, stream=2)

#: This game's kinds of drill, in the order a lesson meets them (its entry's ``drills``).
MAKERS = (POINTS, MAY)
