"""The generic random-playout check every game reuses (after OpenSpiel's random_sim_test).

After every action it checks the invariants the rule pages list: cards conserved
(every card of the deck in exactly one place), chips conserved where there are chips,
no card hidden from a seat in that seat's observation, and that an illegal action
raises IllegalActionError and leaves the state exactly as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

from cardlab.engine import Action, Game, GameState, IllegalActionError, cards_in


def assert_cards_conserved(state: GameState) -> None:
    places = state.zones()
    found = Counter(card for zone in places for card in zone.cards)
    expected = Counter(state.game.full_deck)
    assert found == expected, f"cards not conserved: extra {found - expected}, missing {expected - found} in {places}"


def assert_no_leak(state: GameState) -> None:
    for player in range(state.game.num_players):
        seen = cards_in(state.observation(player))
        leaked = seen & state.hidden_from(player)
        assert not leaked, f"seat {player}'s observation shows hidden cards {sorted(leaked)}"


def assert_illegal_leaves_state(state: GameState, action: Action) -> None:
    before = state.clone()
    before_json = state.to_json()
    try:
        state.apply(action)
    except IllegalActionError as error:
        assert error.rule and str(error).startswith(error.rule), error
    else:
        raise AssertionError(f"{action} was accepted but is not legal")
    assert state == before, f"state changed by the illegal action {action}"
    assert state.to_json() == before_json


def assert_view_and_check_agree(state: GameState, seat: int | None, actions, rule_ok: Callable[[IllegalActionError], bool]
                                 ) -> tuple[int, int]:
    """One source of legality (issue 26): each of ``actions`` is in ``state.legal_actions(seat)``
    exactly when ``state.can_apply(action, seat)``, and ``check`` of an illegal one raises an
    :class:`IllegalActionError` that ``rule_ok`` accepts (its rule id). Returns how many were
    legal and how many refused."""
    view = state.legal_actions(seat)
    legal = refused = 0
    for action in actions:
        listed = action in view
        assert listed == state.can_apply(action, seat), (action, seat, getattr(state, "phase", None))
        if listed:
            legal += 1
            continue
        refused += 1
        with pytest.raises(IllegalActionError) as caught:
            state.check(action, seat)
        assert rule_ok(caught.value), caught.value
    return legal, refused


def played(game: Game, seed: int, moves: int) -> GameState:
    """A state of ``game`` after up to ``moves`` random legal actions from ``seed``."""
    state = game.new_state(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(state.legal_actions().sample(rng))
    return state


def random_playout(
    game: Game,
    seed: int,
    *,
    max_actions: int = 100_000,
    illegal: Callable[[GameState, np.random.Generator], Action | None] | None = None,
    every: int = 1,
    extra_check: Callable[[GameState, GameState], None] | None = None,
) -> GameState:
    """Play ``game`` from ``seed`` with random legal actions to the end, checking invariants.

    ``illegal(state, rng)`` may return an action that is illegal now (or None); it is
    tried before each action. ``extra_check(before, after)`` runs after each action
    (e.g. scores only grow). Returns the final state.
    """
    rng = np.random.default_rng(seed)
    state = game.new_state(seed=seed)
    chips = state.chips()
    for step in range(max_actions):
        if step % every == 0:
            assert_cards_conserved(state)
            assert_no_leak(state)
            assert state.chips() == chips, f"chips not conserved: {state.chips()} != {chips}"
            if illegal is not None:
                bad = illegal(state, rng)
                if bad is not None:
                    assert_illegal_leaves_state(state, bad)
        if state.is_terminal:
            break
        player = state.current_player
        action = state.observation(player).legal_actions.sample(rng)
        before = state.clone() if extra_check else None
        state.apply(action)
        if extra_check:
            extra_check(before, state)
    else:
        raise AssertionError(f"no end after {max_actions} actions")
    assert state.returns() is not None
    return state
