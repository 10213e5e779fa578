"""cardlab's games as PettingZoo AEC environments (issue 18): PettingZoo's API and seed
tests, reproducible seeded resets, masks that hold exactly the legal clicks, the table
in words, and no hidden card in any observation."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install cardlab[interop])")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardlab.interop.pettingzoo import DEFAULTS, env_for  # noqa: E402
from tests.interop_checks import QUICK, cards_in_text, cards_in_vector  # noqa: E402

NAMES = list(DEFAULTS)


def _play(env, rng, steps=10_000):
    """Random masked play to the end; yields after every step."""
    for _ in range(steps):
        if not env.agents:
            return
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
        else:
            mask = env.observe(agent)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        yield


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api_and_seed_tests_pass(name):
    api_test(env_for(name, render_mode="ansi", **QUICK[name]), num_cycles=300, verbose_progress=False)
    seed_test(lambda: env_for(name, render_mode="ansi", **QUICK[name]), num_cycles=100)


@pytest.mark.parametrize("name", NAMES)
def test_a_seeded_reset_replays_the_same_game(name):
    def trace(seed):
        env = env_for(name, **QUICK[name])
        env.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        for _ in _play(env, rng):
            if env.agents:
                seen.append(env.observe(env.agent_selection)["observation"].tobytes())
        return seen, dict(env._cumulative_rewards), env.state.to_json()

    assert trace(4) == trace(4)
    assert trace(4)[2] != trace(5)[2]


@pytest.mark.parametrize("name", NAMES)
def test_the_mask_holds_exactly_the_clicks_that_lead_to_legal_actions(name):
    env = env_for(name, **QUICK[name])
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    legal = set(np.flatnonzero(mask))
    assert legal and legal == set(env.legal_ids(agent))
    others = [a for a in env.agents if a != agent]
    assert all(not env.observe(a)["action_mask"].any() for a in others)  # only the seat to act clicks
    before = env.state.to_json()
    illegal = next(i for i in range(env.action_space(agent).n) if i not in legal)
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    assert env.state.to_json() == before and env.agent_selection == agent


def test_render_writes_the_table_in_words_for_the_seat_to_act():
    env = env_for("kontrabluff", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    seat = env._seat[env.agent_selection]
    assert text.startswith(f"You are {env.agent_selection.title()}; you are to act.")
    assert "Your hand: " + " ".join(map(str, env.state.hands[seat])) in text
    assert not cards_in_text(text) & env.state.hidden_from(seat)
    assert "_" not in text


@pytest.mark.parametrize("name", NAMES)
def test_no_observation_or_render_of_a_seat_holds_a_card_hidden_from_it(name):
    env = env_for(name, render_mode="ansi", **QUICK[name])
    deck = env.clicks.deck
    rng = np.random.default_rng(3)
    checked = 0
    for seed in range(4 if name == "draw_poker" else 1):
        env.reset(seed=seed)
        for _ in _play(env, rng):
            if not env.agents:
                break
            for agent in env.agents:
                seat = env._seat[agent]
                hidden = env.state.hidden_from(seat)
                assert not cards_in_vector(env.observe(agent)["observation"], deck) & hidden
                checked += 1
            acting = env._seat[env.agent_selection]
            assert not cards_in_text(env.render()) & env.state.hidden_from(acting)
    assert checked > 20


def test_rewards_are_the_chips_won():
    env = env_for("draw_poker", players=3)
    env.reset(seed=8)
    total = None
    for _ in _play(env, np.random.default_rng(0)):
        if total is None and all(env.terminations.values()):
            total = dict(env.rewards)  # the rewards of the last move, before the seats step out
    assert list(total.values()) == env.state.returns() and sum(total.values()) == 0
