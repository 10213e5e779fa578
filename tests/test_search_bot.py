"""The search bot's work budget (counted rollout actions, so a seed gives one decision)."""

from __future__ import annotations

import dataclasses
import math
import types

import pytest

from cardlab.bots import RuleBot, SearchBot
from cardlab.bots import search
from cardlab.games import GAMES, registry
from cardlab.games.draw_poker import DrawPoker


def _first_betting():
    state = DrawPoker().new_state(seed=11)  # DP-2: the first seat to speak, nobody has opened
    return state.observation(state.current_player)


@pytest.fixture
def played(monkeypatch):
    """(action, rollout actions) of every rollout the search bot plays."""
    log: list[tuple] = []
    real = search.rollout_gain

    def counting(state, player, action, policy, max_actions=1000):
        start = len(state.actions)
        gain = real(state, player, action, policy, max_actions)
        log.append((action, len(state.actions) - start))
        return gain

    monkeypatch.setattr(search, "rollout_gain", counting)
    return log


def test_without_a_binding_budget_every_candidate_plays_every_sample(played):
    obs = _first_betting()
    free = SearchBot(seed=3, samples=16, budget=math.inf).action_values(obs)
    work = sum(n for _, n in played)
    assert len(free) >= 3 and len(played) == 16 * len(free)
    played.clear()
    assert SearchBot(seed=3, samples=16, budget=2 * work).action_values(obs) == free  # a budget well above changes nothing
    assert sum(n for _, n in played) == work


def test_a_budget_bounds_the_work_and_scores_every_candidate_on_the_same_samples(played):
    obs = _first_betting()
    SearchBot(seed=3, samples=16, budget=math.inf).action_values(obs)
    work, rollouts = sum(n for _, n in played), len(played)
    played.clear()
    values = SearchBot(seed=3, samples=16, budget=work // 3).action_values(obs)
    spent = sum(n for _, n in played)
    assert spent <= work // 3 * 1.25 and len(played) < rollouts / 2
    per_candidate = {action: sum(1 for a, _ in played if a == action) for action in values}
    assert min(per_candidate.values()) >= 16 // 4  # never fewer than samples // 4
    assert SearchBot(seed=3, samples=16, budget=work // 3).action_values(obs) == values  # counted, not timed: seeded


def test_draw_poker_has_a_default_budget_and_a_bad_budget_is_refused(played, monkeypatch):
    entry = GAMES["draw_poker"]
    assert entry.spec.search_budget > 0  # the game's spec declares it; the other games need none
    assert {name for name, other in GAMES.items() if other.spec.search_budget} == {"draw_poker"}
    obs = _first_betting()
    SearchBot(seed=3, samples=16, budget=math.inf).action_values(obs)
    work = sum(n for _, n in played)
    # the bot's default is the spec's budget: a spec whose budget binds bounds its work
    bound = dataclasses.replace(entry, spec=dataclasses.replace(entry.spec, search_budget=work // 3))
    monkeypatch.setattr(registry, "GAMES", types.MappingProxyType({**GAMES, "draw_poker": bound}))
    played.clear()
    assert SearchBot(seed=3, samples=16).action_values(obs) == SearchBot(seed=3, samples=16, budget=work // 3).action_values(obs)
    assert sum(n for _, n in played) < work
    with pytest.raises(ValueError, match="budget must be a positive number"):
        SearchBot(seed=1, budget=0)
    assert repr(SearchBot(seed=1, budget=500)) == "SearchBot(seed=1, samples=32, budget=500)"


class _CheckedPolicy:
    """The rule bot as a rollout policy, asserting that each action it plays unchecked is legal."""

    def __init__(self, bot):
        self.bot, self.played = bot, 0

    def __getattr__(self, name):  # candidates, plausible: the rule bot's own
        return getattr(self.bot, name)

    def __call__(self, observation):
        action = self.bot(observation)
        assert action in observation.legal_actions, (action, observation.phase)
        self.played += 1
        return action


@pytest.mark.parametrize("name", [name for name, entry in GAMES.items() if entry.search_bot is None])
def test_rollouts_play_only_legal_actions_in_the_sampled_worlds(name):
    """rollout_gain plays the policy's actions unchecked (apply_trusted): they must be legal."""
    game = GAMES[name].game()
    state = game.new_state(seed=4)
    policy = _CheckedPolicy(RuleBot(seed=5))
    bot = SearchBot(seed=6, samples=3, rollout=policy)
    for _ in range(40):
        if state.is_terminal:
            break
        seat = state.current_player
        state.apply(bot(state.observation(seat)))  # the bot's own choice, checked
    assert policy.played > 100
