"""What the may-you drills share: a position replayed from its moves, and options checked by the engine.

A position is stored as the game's settings, its seed and the moves that reached it
(``(seat, action)`` pairs), so an exercise holds values, never a mutable state; grading
replays them (a few milliseconds) and asks the engine whether the chosen action is legal
(``action in state.legal_actions(seat)``) or which rule refuses it (``state.check``).

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> from cardlab.engine import Action
>>> state = replay(Kontrabluff(), 3, ())
>>> refusal(state, state.current_player, Action("pass"))       # the leader may not pass yet
'KB-4'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardlab.engine import Action, Game, GameState, IllegalActionError

__all__ = ["replay", "refusal", "candidates_checked", "choose_options", "OPTIONS"]

#: How many options a may-you drill offers: one legal action and three the engine refuses.
OPTIONS = 4


def replay(game: Game, seed: int, moves: Sequence[tuple[int, Action]]) -> GameState:
    """The state ``game`` reaches from ``seed`` after ``moves`` (each checked by the engine)."""
    state = game.new_state(seed=seed)
    for seat, action in moves:
        state.apply_for(seat, action)
    return state


def refusal(state: GameState, seat: int, action: Action) -> str:
    """The rule id the engine names when it refuses ``action`` for ``seat`` (the state is
    unchanged); an AssertionError if the engine allows it."""
    try:
        state.check(action, seat)
    except IllegalActionError as error:
        return error.rule
    raise AssertionError(f"{action} is legal for seat {seat}")


def candidates_checked(state: GameState, seat: int, candidates: Sequence[tuple[Action, str]]
                       ) -> list[tuple[Action, str, str]]:
    """The candidates the engine agrees with: a ``"yes"`` one must be legal, any other must be
    refused; each with the rule the engine names for a refusal ('' for a legal action)."""
    legal = state.legal_actions(seat)
    out = []
    for action, reason in candidates:
        allowed = action in legal
        if allowed != (reason == "yes"):
            continue
        out.append((action, reason, "" if allowed else refusal(state, seat, action)))
    return out


def choose_options(rng: np.random.Generator, checked: Sequence[tuple[Action, str, str]]
                   ) -> tuple[tuple[Action, ...], tuple[str, ...], int]:
    """One legal action and up to three refused ones (different mistakes first), in a
    seeded order: the actions, each one's reason and the index of the legal one."""
    legal = [c for c in checked if c[1] == "yes"]
    assert legal, "a position with no legal candidate"
    right = legal[int(rng.integers(len(legal)))]
    wrong: list[tuple[Action, str, str]] = []
    refused = [checked[i] for i in rng.permutation(len(checked)) if checked[i][1] != "yes"]
    for distinct in (True, False):
        for candidate in refused:
            if len(wrong) == OPTIONS - 1:
                break
            if candidate in wrong or any(candidate[0] == w[0] for w in wrong):
                continue
            if distinct and any(candidate[1] == w[1] for w in wrong):
                continue
            wrong.append(candidate)
    chosen = [right, *wrong]
    order = [int(i) for i in rng.permutation(len(chosen))]
    shown = [chosen[i] for i in order]
    return tuple(c[0] for c in shown), tuple(c[1] for c in shown), order.index(0)

