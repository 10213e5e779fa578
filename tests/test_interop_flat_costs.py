"""The adapters' steps cost the same late in a long session as early (issue 18, issue 20's
rule): counted, not timed. The work of a window of steps (the Python bytecodes run,
through pyspiel's callbacks too) is counted near the start of a session and again
thousands of steps later; a Python loop over the session so far would show there. (A
copy made in C, ``list(history)``, is one bytecode however long: the engine's own tests,
tests/test_flat_costs.py, check that nothing copies the history or the log.)
A perfect-recall information state grows with the history by definition, so it is not
read here; the observation string and tensor are.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel has no wheel for this platform (pip install open_spiel)")
pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install cardlab[interop])")

from cardlab.interop import openspiel as cos  # noqa: E402
from cardlab.interop.pettingzoo import env_for  # noqa: E402

#: Sessions that outlast the test (OpenSpiel needs a bound that fits its steps in an int: a large one).
LONG = {"kontrabluff": {"target": 10**6}, "draw_poker": {"players": 3, "stack": 10**4, "hands": 10**4},
        "parallel_poker": {"games": 10**5}, "fight_for_the_lead": {"players": 3, "stack": 10**9, "games": 10**5}}
EARLY, LATE, WINDOW = 200, 3000, 1000


def work_done(step, count: int) -> int:
    """The Python bytecodes that ``count`` calls of ``step`` run (loops included), counted
    with ``sys.settrace``: pyspiel's callbacks into Python are counted too."""
    ops = 0

    def local(frame, event, arg):
        nonlocal ops
        ops += event == "opcode"
        return local

    def trace(frame, event, arg):
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        return local

    sys.settrace(trace)
    try:
        for _ in range(count):
            step()
    finally:
        sys.settrace(None)
    return ops


def choice(rng: np.random.Generator, legal, clicks) -> int:
    """A random legal id, but always play on (FL-10: a seat that leaves would end the session)."""
    stay = clicks.button_id("stay") if clicks.game.name == "fight_for_the_lead" else -1
    return stay if stay in legal else int(rng.choice(legal))


def early_and_late(step) -> tuple[int, int]:
    for _ in range(EARLY):
        step()
    early = work_done(step, WINDOW)
    for _ in range(LATE - EARLY - WINDOW):
        step()
    return early, work_done(step, WINDOW)


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize("name", list(LONG))
def test_an_openspiel_step_costs_the_same_late_in_a_session(name, chance):
    game = cos.load(name, chance=chance, **LONG[name])
    state = game.new_initial_state()
    rng = np.random.default_rng(1)

    def step():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            return
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([choice(rng, state.legal_actions(p), game.clicks) for p in range(state.num_players())])
        else:
            state.apply_action(choice(rng, state.legal_actions(), game.clicks))
        if state.cardlab_state is not None and not state.is_terminal():
            seat = max(state.current_player(), 0)
            state.observation_string(seat), state.observation_tensor(seat)

    early, late = early_and_late(step)
    assert not state.is_terminal()
    assert late < 1.2 * early, (early, late)


@pytest.mark.parametrize("name", list(LONG))
def test_a_pettingzoo_step_costs_the_same_late_in_a_session(name):
    env = env_for(name, **LONG[name])
    env.reset(seed=1)
    rng = np.random.default_rng(1)

    def step():
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        env.step(choice(rng, np.flatnonzero(mask).tolist(), env.clicks))

    early, late = early_and_late(step)
    assert not any(env.terminations.values())
    assert late < 1.2 * early, (early, late)
