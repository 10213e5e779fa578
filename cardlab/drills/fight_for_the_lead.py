"""Fight for the Lead drills: who wins the lead (FL-4), who takes this trick and what you may
play (FL-6, FL-7).

Each plays a real seeded session with the engine (2 to 5 players, ``players=`` to choose)
until the position asked about; the engine's FL-4 and FL-7 (``fight_winner``,
``trick_winner``, the legal actions) decide and grade.

>>> from cardlab.drills import exercise
>>> drill = exercise("trick_winner", seed=1, players=4)
>>> len(drill.options), len(drill.data["trick"])
(4, 4)
>>> drill.grade(drill.answer).correct
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from cardlab.cards import Card, deck
from cardlab.drills.base import Judged, Kind, Made, Maker, whole_setting
from cardlab.drills.play import candidates_checked, choose_options, refusal, replay
from cardlab.engine import Action
from cardlab.games.fight_for_the_lead import (
    LEAD_IN_SUIT,
    LEAD_STOCK_OUT,
    FightForTheLead,
    FightForTheLeadState,
    Phase,
    fight_winner,
    trick_winner,
)
from cardlab.words import drills as said

__all__ = ["MAKERS", "TRICK", "LEAD", "MAY"]

_STEPS = 600
_LEADS = {kind.name for kind in (*LEAD_IN_SUIT.values(), LEAD_STOCK_OUT)}
_SETTINGS = {"players": whole_setting("players", 2, 5)}


def _game(rng: np.random.Generator, settings: Mapping[str, Any]) -> FightForTheLead:
    players = settings.get("players")
    if players is None:
        players = int(rng.choice((2, 3, 4, 5), p=(0.15, 0.35, 0.35, 0.15)))
    return FightForTheLead(players=players)


def _policy(state: FightForTheLeadState, rng: np.random.Generator) -> Action:
    """A seeded legal choice: any fight card, an exchange of at most two cards, any card
    that may be played, always play on."""
    seat = state.current_player
    if state.phase is Phase.EXCHANGE:
        hand = state.hands[seat]
        most = state.legal_actions(seat).most
        n = min(most, int(rng.integers(0, 3)))
        return Action("exchange", tuple(hand[i] for i in sorted(rng.permutation(len(hand))[:n])))
    if state.phase is Phase.DECIDE:
        return Action("stay")
    return state.legal_actions(seat).sample(rng)


def _play_until(game: FightForTheLead, rng: np.random.Generator,
                done: Any) -> tuple[int, list, FightForTheLeadState, Any]:
    """Play a seeded session until ``done(state, events)`` returns something (an event or
    True): the seed, the moves, the state and what ``done`` returned."""
    while True:  # a session that ends first (FL-10) is dealt again from a new seed
        seed = int(rng.integers(2**31))
        state = game.new_state(seed=seed)
        moves: list[tuple[int, Action]] = []
        for _ in range(_STEPS):
            seat = state.current_player
            if seat is None:
                break
            start = len(state.history)
            action = _policy(state, rng)
            trick = tuple(state.trick)
            state.apply_for(seat, action)
            moves.append((seat, action))
            played = trick + ((seat, action.cards[0]),) if action.kind == "play" else ()
            found = done(state, state.history[start:], played)
            if found:
                return seed, moves, state, found


# -- who takes this trick (FL-7) --------------------------------------------------------------------
TRICK_KIND = Kind("trick_winner", ("FL-7",), "fight_for_the_lead", "choice", ("players",))


def _make_trick(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    game = _game(rng, settings)
    wanted = int(rng.integers(1, 9))  # the wanted-th trick of the session

    count = 0

    def done(state: FightForTheLeadState, events: Any, trick: tuple) -> Any:
        nonlocal count
        ended = [e for e in events if e.kind == "trick"]
        if ended:
            count += 1
            if count >= wanted:
                return trick, ended[0]["winner"]
        return None

    _, _, _, (trick, winner) = _play_until(game, rng, done)
    seats = [seat for seat, _ in trick]
    data = {"trick": trick, "players": game.players}
    return Made("FL-7", data, seats.index(winner), len(trick))


def _say_trick(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    players = data["players"]
    return said.trick_prompt(data["trick"], players), tuple(said.seat_option(s, players) for s, _ in data["trick"])


def _judge_trick(data: Mapping[str, Any], answer: int) -> Judged:
    trick = data["trick"]
    winner = trick_winner(trick)
    cards = dict(trick)
    chosen = trick[answer][0]
    why = said.trick_why(data["players"], winner, cards[winner], chosen, cards[chosen])
    return Judged(chosen == winner, "FL-7", why)


TRICK = Maker(TRICK_KIND, _make_trick, _say_trick, _judge_trick, _SETTINGS, stream=8)


# -- who wins the lead (FL-4) ------------------------------------------------------------------------
LEAD_KIND = Kind("lead_winner", ("FL-4",), "fight_for_the_lead", "choice", ("players",))


def _make_lead(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    game = _game(rng, settings)
    wanted = int(rng.integers(1, 3))  # the lead of the first or the second game

    count = 0

    def done(state: FightForTheLeadState, events: Any, trick: tuple) -> Any:
        nonlocal count
        found = [e for e in events if e.kind in _LEADS]
        if found:
            count += 1
            if count >= wanted:
                return found[0]
        return None

    _, _, _, event = _play_until(game, rng, done)
    fights = tuple(zip(event["seats"], event["cards"]))
    data = {"fights": fights, "turned": event["turned"], "dealer": event["dealer"], "players": game.players,
            "stock_out": event.kind == LEAD_STOCK_OUT.name}
    return Made("FL-4", data, event["seats"].index(event["winner"]), len(fights))


def _say_lead(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    players = data["players"]
    prompt = said.lead_prompt(data["fights"], data["turned"], data["dealer"], players, data["stock_out"])
    return prompt, tuple(said.seat_option(s, players) for s, _ in data["fights"])


def _judge_lead(data: Mapping[str, Any], answer: int) -> Judged:
    fights = data["fights"]
    winner, _ = fight_winner(fights, data["turned"])
    card = dict(fights)[winner]
    why = said.lead_why(data["players"], winner, card, data["turned"], data["stock_out"])
    return Judged(fights[answer][0] == winner, "FL-4", why)


LEAD = Maker(LEAD_KIND, _make_lead, _say_lead, _judge_lead, _SETTINGS, stream=9)


# -- what may you do now (FL-6, FL-7) -----------------------------------------------------------------
MAY_KIND = Kind("may_fight_for_the_lead", ("FL-6", "FL-7"), "fight_for_the_lead", "choice", ("players",))


def _candidates(state: FightForTheLeadState, rng: np.random.Generator) -> list[tuple[Action, str]]:
    seat = state.current_player
    hand = state.hands[seat]
    seen = [c for _, c in state.trick] + [c for trick, _ in state.done_tricks for _, c in trick] + list(state.turned)
    strangers = [c for c in seen if c not in hand] or [c for c in deck(52) if c not in hand]
    stranger = strangers[int(rng.integers(len(strangers)))]
    others = [c for c in deck(52) if c not in hand and c != stranger]
    second = others[int(rng.integers(len(others)))]
    held = hand[int(rng.integers(len(hand)))]
    if state.phase is Phase.EXCHANGE:
        legal = state.legal_actions(seat)
        n = int(rng.integers(1, legal.most + 1)) if legal.most else 0
        swap = tuple(hand[i] for i in sorted(rng.permutation(len(hand))[:n]))
        return [(Action("exchange", swap), "yes"), (Action("exchange"), "yes"),
                (Action("play", (held,)), "not_yet"), (Action("exchange", (stranger,)), "not_held")]
    out = [(Action("play", (card,)), "yes" if Action("play", (card,)) in state.legal_actions(seat) else "follow")
           for card in hand]
    return out + [(Action("play", (stranger,)), "not_held"), (Action("exchange", (held,)), "exchange_over"),
                  (Action("play", (second,)), "not_held")]


def _make_may(rng: np.random.Generator, settings: Mapping[str, Any]) -> Made:
    game = _game(rng, settings)
    exchange = bool(rng.random() < 0.3)
    skip = int(rng.integers(0, 10))
    following = bool(rng.random() < 0.8)
    steps = 0

    def done(state: FightForTheLeadState, events: Any, trick: tuple) -> bool:
        nonlocal steps
        steps += 1
        if steps < skip or state.current_player is None:
            return False
        if exchange:
            return state.phase is Phase.EXCHANGE
        return state.phase is Phase.PLAY and bool(state.trick) == following

    seed, moves, state, _ = _play_until(game, rng, done)
    seat = state.current_player
    actions, reasons, answer = choose_options(rng, candidates_checked(state, seat, _candidates(state, rng)))
    data = {"game": game, "seed": seed, "moves": tuple(moves), "seat": seat, "hand": tuple(state.hands[seat]),
            "phase": "exchange" if exchange else "play", "trick": tuple(state.trick), "stack": state.stacks[seat],
            "stock": len(state.stock),
            "actions": actions, "reasons": reasons}
    return Made("FL-6" if exchange else "FL-7", data, answer, len(actions))


def _say_may(data: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    game = data["game"]
    prompt = said.fl_may_prompt(game.players, data["seat"], data["hand"], data["phase"], data["trick"],
                                game.exchange_fee, data["stack"])
    options = []
    for action in data["actions"]:
        if action.kind == "exchange":
            options.append(said.option("exchange", cards=action.cards) if action.cards else said.option("keep"))
        else:
            options.append(said.option("play", cards=action.cards))
    return prompt, tuple(options)


def _judge_may(data: Mapping[str, Any], answer: int) -> Judged:
    game = data["game"]
    state = replay(game, data["seed"], data["moves"])
    action, seat, trick = data["actions"][answer], data["seat"], data["trick"]
    led = trick[0][1].suit if trick else None
    if action in state.legal_actions(seat):
        if action.kind == "exchange":
            return Judged(True, "FL-6", said.fl_yes("exchange" if action.cards else "keep", fee=game.exchange_fee))
        card = action.cards[0]
        reason = "lead" if led is None else "follow" if card.suit is led else "void"
        return Judged(True, "FL-7", said.fl_yes(reason, card=card, suit=led))
    rule = refusal(state, seat, action)
    follow = [c for c in data["hand"] if c.suit is led] if led is not None else []
    card: Card | None = action.cards[0] if action.cards else None
    return Judged(False, rule, said.fl_no(data["reasons"][answer], rule, card=card, suit=led, follow=follow))


MAY = Maker(MAY_KIND, _make_may, _say_may, _judge_may, _SETTINGS, stream=5)

#: This game's kinds of drill, in the order a lesson meets them (its entry's ``drills``).
MAKERS = (MAY, TRICK, LEAD)
