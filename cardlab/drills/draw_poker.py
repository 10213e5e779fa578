"""Draw-poker drills: what you may bet now (DP-2, DP-3), the chance to improve and the best
discard (DP-5, exact).

The betting position is a real seeded hand of the engine; the odds are counted exactly
over every possible draw by :mod:`cardlab.odds` in the deck's own order (HR-4, HR-5).

>>> from cardlab.drills import exercise
>>> drill = exercise("chance_to_improve", seed=2, deck=52)
>>> len(drill.options), drill.grade(drill.answer).correct
(4, True)
>>> "DP-5" in drill.grade((drill.answer + 1) % 4).why
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from cardlab.cards import DECK_SIZES, Card, deck
from cardlab.drills.base import Judged, Kind, Made, Maker, ace_low_setting, deck_setting
from cardlab.drills.hands import deck_and_ace_low
from cardlab.drills.play import OPTIONS, candidates_checked, choose_options, refusal, replay
from cardlab.engine import Action
from cardlab.games.draw_poker import DrawPoker, DrawPokerState, Phase
from cardlab.hands import HandRules, evaluate
from cardlab.odds import all_choices, score_of
from cardlab.words import drills as said

__all__ = ["MAKERS", "MAY", "CHANCE", "DISCARD"]

_STEPS = 400
_BETTING = (Phase.FIRST_BETTING, Phase.SECOND_BETTING)


# -- what may you do now (DP-2, DP-3) ----------------------------------------------------------
MAY_KIND = Kind("may_draw_poker", ("DP-2", "DP-3"), "draw_poker", "choice")


def _policy(state: DrawPokerState, rng: np.random.Generator) -> Action:
    """A seeded choice for the seat to act: open or pass, mostly call, sometimes raise; draw
    a few cards; show."""
    seat = state.current_player
    if state.phase in _BETTING:
        view = state.legal_actions(seat)
        kinds = view.kinds()
        roll = rng.random()
        if "open" in kinds and roll < 0.6:
            return _amount(rng, view, "open")
        if "call" in kinds and roll < 0.75:
            return Action("call")
        if "raise" in kinds and roll < 0.85:
            return _amount(rng, view, "raise")
        return Action("pass")
    if state.phase is Phase.DRAW:
        hand = state.hands[seat]
        return Action("draw", tuple(hand[i] for i in rng.permutation(len(hand))[:int(rng.integers(0, 4))]))
    return Action("show")


def _amount(rng: np.random.Generator, view: Any, kind: str) -> Action:
    amounts = [a for a in view if a.kind == kind]
    return amounts[int(rng.integers(len(amounts)))]


def _position(game: DrawPoker, rng: np.random.Generator, opened: bool, skip: int
              ) -> tuple[int, list[tuple[int, Action]], DrawPokerState | None]:
    """A seeded betting decision (after ``skip`` moves, before or after the opening as
    ``opened`` asks) of a seat that can afford every bet on offer; None if the session ends first."""
    seed = int(rng.integers(2**31))
    state = game.new_state(seed=seed)
    moves: list[tuple[int, Action]] = []
    for step in range(_STEPS):
        seat = state.current_player
        if seat is None:
            return seed, moves, None
        if (state.phase in _BETTING and step >= skip and (state.opener is not None) == opened
                and state.stacks[seat] >= state.stake - state.put[seat] + game.max_bet + game.ante):
            return seed, moves, state
        action = _policy(state, rng)
        state.apply_for(seat, action)
        moves.append((seat, action))
    return seed, moves, None


def _make_may(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    players = int(rng.integers(2, 6))
    sizes = [s for s in DECK_SIZES if s >= 5 * (players + 1)]
    ante = int(rng.choice((1, 2, 5)))
    game = DrawPoker(players=players, deck_size=int(sizes[int(rng.integers(len(sizes)))]), ante=ante,
                     max_bet=ante * int(rng.integers(3, 11)))
    opened = bool(rng.random() < 0.55)
    skip = int(rng.integers(0, 12))
    while True:  # a session that ends first (one player left, DP-10) is dealt again from a new seed
        seed, moves, state = _position(game, rng, opened, skip)
        if state is not None:
            break
    seat = state.current_player
    view = state.legal_actions(seat)
    stack, top = state.stacks[seat], game.max_bet
    if state.opener is None:
        candidates = [(Action("pass"), "yes"), (_amount(rng, view, "open"), "yes"), (Action("check"), "check"),
                      (Action("call"), "not_open"), (Action("raise", amount=ante), "not_open"),
                      (Action("open", amount=ante), "open_low"),
                      (Action("open", amount=top + ante * int(rng.integers(1, 4))), "open_high")]
    else:
        candidates = [(Action("pass"), "yes"), (Action("call"), "yes"), (_amount(rng, view, "raise"), "yes"),
                      (Action("open", amount=min(top, stack)), "opened"),
                      (Action("raise", amount=top + ante * int(rng.integers(1, 4))), "raise_high"),
                      (Action("check"), "check_after")]
        if ante > 1:
            candidates.append((Action("raise", amount=int(rng.integers(1, ante))), "raise_low"))
    actions, reasons, answer = choose_options(rng, candidates_checked(state, seat, candidates))
    data = {"game": game, "seed": seed, "moves": tuple(moves), "seat": seat, "hand": tuple(state.hands[seat]),
            "opener": state.opener, "stake": state.stake, "put": state.put[seat], "stack": state.stacks[seat],
            "actions": actions,
            "reasons": reasons}
    return Made("DP-2" if state.opener is None else "DP-3", data, answer, len(actions))


def _say_may(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    game = data["game"]
    prompt = said.dp_may_prompt(game.players, data["seat"], data["hand"], game.ante, game.max_bet, data["opener"],
                                data["stake"], data["put"])
    return prompt, tuple(said.option(a.kind, amount=a.amount) for a in data["actions"])


def _judge_may(data: Mapping[str, Any], answer: int) -> Judged:
    game = data["game"]
    state = replay(game, data["seed"], data["moves"])
    action, seat = data["actions"][answer], data["seat"]
    if action in state.legal_actions(seat):
        opened = state.opener is not None
        reason = ("pass_after" if opened else "pass_before") if action.kind == "pass" else action.kind
        rule = "DP-3" if reason in ("pass_after", "call", "raise") else "DP-2"
        return Judged(True, rule, said.dp_yes(reason, game.ante, game.max_bet, state.stake - state.put[seat]))
    rule = refusal(state, seat, action)
    return Judged(False, rule, said.dp_no(data["reasons"][answer], rule, game.ante, game.max_bet))


MAY = Maker(MAY_KIND, _make_may, _say_may, _judge_may, stream=3)


# -- the chance to improve and the best discard (DP-5) ------------------------------------------------
CHANCE_KIND = Kind("chance_to_improve", ("DP-5", "HR-4", "HR-5"), "draw_poker", "choice", ("deck", "ace_low"))
DISCARD_KIND = Kind("best_discard", ("DP-5", "HR-4", "HR-5"), "draw_poker", "choice", ("deck", "ace_low"))
_SETTINGS = {"deck": deck_setting, "ace_low": ace_low_setting}


@dataclass(frozen=True)
class Draw:
    """One discard of a hand with the engine's exact counts (DP-5): how many of the possible
    draws end in a better category than the hand's (``good``), how many draws there are
    (``total``), and the expected category strength (0..8 in the deck's order)."""

    discard: tuple[Card, ...]
    good: int
    total: int
    expected: Fraction

    @property
    def chance(self) -> Fraction:
        return Fraction(self.good, self.total)


@functools.lru_cache(maxsize=64)
def draws(hand: tuple[Card, ...], rules: HandRules) -> tuple[Draw, ...]:
    """Every discard of ``hand`` (all 32, fewest cards first) counted by the engine
    (:func:`cardlab.odds.all_choices`); kept for the few hands a drill and its grading ask
    about again.

    >>> from cardlab.cards import parse_cards
    >>> pair = draws(parse_cards("Jh Js 8c 4d 2s"), HandRules())
    >>> len(pair), next(d for d in pair if d.discard == parse_cards("8c 4d 2s")).chance   # 4,656 of 16,215
    (32, Fraction(1552, 5405))
    """
    improve = score_of("improve", evaluate(hand, rules).category, rules)
    out = []
    for choice in all_choices(hand, rules, "expected"):
        total = math.comb(rules.deck_size - 5, len(choice.discard))
        out.append(Draw(choice.discard, int(improve(choice.odds) * total), total, Fraction(choice.score)))
    return tuple(out)


def _draw(hand: tuple[Card, ...], rules: HandRules, discard: tuple[Card, ...]) -> Draw:
    return next(d for d in draws(hand, rules) if d.discard == discard)


def _best(hand: tuple[Card, ...], rules: HandRules, key: str) -> Draw:
    """The discard that scores best by ``key`` (``"expected"`` or ``"chance"``); ties keep
    the higher cards, as :func:`cardlab.odds.best_discard` does."""
    def kept(d: Draw) -> list[int]:
        return sorted((c.rank.number for c in hand if c not in d.discard), reverse=True)

    return max(draws(hand, rules), key=lambda d: (getattr(d, key), kept(d)))


def _dealt(rng: np.random.Generator, rules: HandRules) -> tuple[Card, ...]:
    cards = deck(rules.deck_size)
    return tuple(cards[i] for i in rng.permutation(len(cards))[:5])


def _distinct(rng: np.random.Generator, right: Fraction, others: Sequence[Draw]) -> list[Draw]:
    """Up to three of ``others`` whose chances are not zero and read differently in words
    from ``right`` and from each other (a quarter apart at least), in a seeded order."""
    seen = {said.chance_words(right)}
    chances = [right]
    picked = []
    for i in rng.permutation(len(others)):
        draw = others[int(i)]
        chance = draw.chance
        words = said.chance_words(chance)
        if chance > 0 and words not in seen and all(abs(chance - c) >= max(chance, c) / 4 for c in chances):
            seen.add(words)
            chances.append(chance)
            picked.append(draw)
        if len(picked) == OPTIONS - 1:
            break
    return picked


def _rules(data: Mapping[str, Any]) -> HandRules:
    return HandRules(data["deck"], data["ace_low"])


def _shuffled(rng: np.random.Generator, right: Draw, wrong: Sequence[Draw]) -> tuple[tuple[tuple[Card, ...], ...], int]:
    shown = [right, *wrong]
    order = [int(i) for i in rng.permutation(len(shown))]
    return tuple(shown[i].discard for i in order), order.index(0)


def _make_chance(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    rules = HandRules(*deck_and_ace_low(rng, settings))
    while True:
        hand = _dealt(rng, rules)
        right = _best(hand, rules, "expected")  # the draw a player would make
        if not right.discard or not 0 < right.chance < 1:
            continue  # standing pat, or a draw that always or never improves: no question
        wrong = _distinct(rng, right.chance, [d for d in draws(hand, rules) if d.discard and d != right])
        if len(wrong) == OPTIONS - 1:
            break
    discards, answer = _shuffled(rng, right, wrong)
    data = {"hand": hand, "deck": rules.deck_size, "ace_low": rules.ace_low, "discard": right.discard,
            "discards": discards}
    return Made("DP-5", data, answer, OPTIONS)


def _say_chance(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    rules, hand = _rules(data), data["hand"]
    prompt = said.chance_prompt(rules.deck_size, rules.ace_low, hand, evaluate(hand, rules), data["discard"],
                                rules.deck_size - 5)
    return prompt, tuple(said.chance_text(_draw(hand, rules, d).chance) for d in data["discards"])


def _judge_chance(data: Mapping[str, Any], answer: int) -> Judged:
    rules, hand = _rules(data), data["hand"]
    right, chosen = _draw(hand, rules, data["discard"]), _draw(hand, rules, data["discards"][answer])
    correct = chosen.chance == right.chance
    why = said.chance_why(right.discard, right.good, right.total, evaluate(hand, rules))
    if not correct:
        why = f"{why} {said.chance_wrong(chosen.chance, chosen.discard)}"
    return Judged(correct, "DP-5", why)


CHANCE = Maker(CHANCE_KIND, _make_chance, _say_chance, _judge_chance, _SETTINGS, stream=6)


def _make_discard(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    rules = HandRules(*deck_and_ace_low(rng, settings))
    while True:
        hand = _dealt(rng, rules)
        best = _best(hand, rules, "chance")
        if best.chance == 0:
            continue  # nothing improves this hand
        wrong = _distinct(rng, best.chance, [d for d in draws(hand, rules) if d.chance < best.chance])
        if len(wrong) == OPTIONS - 1:
            break
    discards, answer = _shuffled(rng, best, wrong)
    data = {"hand": hand, "deck": rules.deck_size, "ace_low": rules.ace_low, "discards": discards}
    return Made("DP-5", data, answer, OPTIONS)


def _say_discard(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    rules, hand = _rules(data), data["hand"]
    options = tuple(said.option("throw", cards=d) if d else said.option("stand") for d in data["discards"])
    return said.discard_prompt(rules.deck_size, rules.ace_low, hand, evaluate(hand, rules)), options


def _judge_discard(data: Mapping[str, Any], answer: int) -> Judged:
    rules, hand = _rules(data), data["hand"]
    value = evaluate(hand, rules)
    best, chosen = _best(hand, rules, "chance"), _draw(hand, rules, data["discards"][answer])
    correct = chosen.chance == best.chance
    why = said.discard_why(best.discard, best.good, best.total, value)
    if not correct:
        why = f"{why} {said.discard_other(chosen.discard, chosen.good, chosen.total, value)}"
    return Judged(correct, "DP-5", why)


DISCARD = Maker(DISCARD_KIND, _make_discard, _say_discard, _judge_discard, _SETTINGS, stream=7)

#: This game's kinds of drill, in the order a lesson meets them (its entry's ``drills``).
MAKERS = (MAY, CHANCE, DISCARD)
