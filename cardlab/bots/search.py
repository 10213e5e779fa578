"""A Monte Carlo search bot for every game: sample the hidden cards, play each action out.

For each candidate action the bot deals the cards it cannot see at random, consistent
with its observation (``game.sample_state``, determinization), applies the action and
plays on with a rollout policy until the scoring round ends (``state.round_index``
changes). An action's value is the mean of its own points gain minus the others' mean
gain. The same samples serve every action (common random numbers), so the comparison
is sharper than the sample count suggests. A work budget (the game's spec's
``search_budget``, counted in rollout actions, not in seconds, so a seed still gives the
same decision) bounds the slowest decisions: when the rollouts would overrun it, every action is scored on fewer
of the same samples.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=5)
>>> bot = SearchBot(seed=1, samples=4)
>>> bot(state.observation(state.current_player)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardlab.bots.rule import RuleBot
from cardlab.engine import Action, Game, GameState, Observation
from cardlab.games import game_entry

__all__ = ["SearchBot", "rollout_gain", "affordable_samples"]

Policy = Callable[[Observation], Action]


def rollout_gain(state: GameState, player: int, action: Action, policy: Policy, max_actions: int = 1000) -> float:
    """``player`` plays ``action``, then ``policy`` plays every seat until the round ends:
    ``player``'s points gain minus the others' mean gain, counted from before the action
    (which may itself end the round). ``state`` is changed in place.

    A trusted caller: ``action`` must be legal for ``player`` now and ``policy`` must
    return one of its observation's legal actions (as every :class:`~cardlab.bots.Bot`
    does), so both are played unchecked (:meth:`~cardlab.engine.GameState.apply_trusted`).
    """
    start, before = state.round_index, state.points
    state.apply_trusted(player, action)
    for _ in range(max_actions):
        if state.is_terminal or state.round_index != start:
            break
        seat = state.current_player
        state.apply_trusted(seat, policy(state.observation(seat)))
    after = state.points
    gains = [a - b for a, b in zip(after, before)]
    others = [g for seat, g in enumerate(gains) if seat != player]
    return gains[player] - (sum(others) / len(others) if others else 0.0)


def affordable_samples(budget: float, spent: int, per_rollout: float, done: Sequence[int], limit: int, least: int) -> int:
    """How many samples every candidate can be scored on within ``budget`` rollout actions:
    the most, up to ``limit`` and at least ``least``, when ``spent`` are played already,
    a rollout plays ``per_rollout`` on average and candidate ``i`` has ``done[i]`` samples.

    >>> affordable_samples(1000, spent=200, per_rollout=10, done=[20, 0, 0], limit=32, least=8)
    32
    >>> affordable_samples(1000, spent=200, per_rollout=20, done=[20, 0, 0], limit=32, least=8)
    20
    >>> affordable_samples(100, spent=400, per_rollout=20, done=[20, 0, 0], limit=32, least=8)
    8
    """
    for samples in range(limit, least, -1):
        if spent + per_rollout * sum(max(0, samples - d) for d in done) <= budget:
            return samples
    return least


class SearchBot:
    """Monte Carlo search over sampled hidden cards (determinization), for any game.

    ``samples`` worlds are drawn per decision and shared by all candidate actions
    (redrawn when the rollout bot finds them implausible, see :meth:`sample_worlds`);
    ``rollout`` plays both sides after the action (default: :class:`RuleBot`).
    Candidates are the rollout bot's short list when it keeps one (``candidates``),
    else every legal action, or at most ``max_actions`` of them when there are more.
    ``budget`` bounds the rollout actions of one decision (None: the game's spec's
    ``search_budget``, if any; ``math.inf``: no bound): once ``samples // 4`` rollouts show
    their average length, the candidates are scored on only as many samples as the
    budget affords, never fewer than ``samples // 4`` (see :meth:`action_values`).
    The rollout policy must return legal actions (:func:`rollout_gain` trusts it).
    A game whose entry in :data:`cardlab.games.GAMES` names its own search bot is
    played by that class instead.
    """

    name = "search"

    def __init__(self, seed: int | None = None, samples: int = 32, rollout: Policy | None = None, max_actions: int = 12,
                 budget: float | None = None):
        if samples < 1:
            raise ValueError(f"samples must be at least 1, got {samples!r}")
        if budget is not None and not budget > 0:
            raise ValueError(f"budget must be a positive number of rollout actions (or None), got {budget!r}")
        self.seed = seed
        self.samples = samples
        self.max_actions = max_actions
        self.budget = budget
        self.rng = np.random.default_rng(seed)
        self.rollout = rollout if rollout is not None else RuleBot(seed)
        self._delegates: dict[str, Any] = {}

    def _delegate(self, game: Game) -> Any:
        if game.name not in self._delegates:
            cls = game_entry(game).search_bot_class
            self._delegates[game.name] = None if cls is None else cls(seed=self.seed)
        return self._delegates[game.name]

    def __call__(self, observation: Observation) -> Action:
        delegate = self._delegate(observation.game)
        if delegate is not None:
            return delegate(observation)
        values = self.action_values(observation)
        return max(values, key=values.__getitem__)  # ties go to the earlier candidate

    def candidates(self, observation: Observation) -> list[Action]:
        """The actions this bot will compare, the rollout policy's own choice first."""
        legal = observation.legal_actions
        short = getattr(self.rollout, "candidates", None)
        listed = short(observation) if short is not None else None
        if listed:
            return [a for a in dict.fromkeys(listed) if a in legal]
        if len(legal) <= self.max_actions:
            return list(legal)
        found = dict.fromkeys([self.rollout(observation)])
        for _ in range(4 * self.max_actions):
            if len(found) >= self.max_actions:
                break
            found[legal.sample(self.rng)] = None
        return list(found)

    def sample_worlds(self, observation: Observation) -> list[GameState]:
        """``samples`` full states consistent with the observation.

        When the rollout policy can judge a sample (``plausible(state, observation)``:
        would the others have played as they did with those cards?), implausible
        samples are redrawn, up to ``4 * samples`` draws; if too few are plausible the
        plausible ones are used again, and only when none is, samples as drawn.
        """
        game = observation.game
        plausible = getattr(self.rollout, "plausible", None)
        worlds: list[GameState] = []
        spare: list[GameState] = []
        for _ in range(4 * self.samples if plausible else self.samples):
            world = game.sample_state(observation, self.rng)
            if plausible is None or plausible(world, observation):
                worlds.append(world)
                if len(worlds) == self.samples:
                    break
            elif len(spare) < self.samples:
                spare.append(world)
        if not worlds:
            return spare
        return [worlds[i % len(worlds)] for i in range(self.samples)]

    def action_values(self, observation: Observation) -> dict[Action, float]:
        """Each candidate action's mean points margin over the sampled worlds (hints for tables).

        Candidates are played out one after the other, each on the samples in order. The
        rollout actions are counted: when, at the average length so far, the rest would
        overrun the budget, fewer samples are kept (:func:`affordable_samples`) and every
        candidate's margin is its mean over the same first ones.
        """
        delegate = self._delegate(observation.game)
        if delegate is not None and hasattr(delegate, "action_values"):
            return delegate.action_values(observation)
        actions = self.candidates(observation)
        if len(actions) == 1:
            return {actions[0]: 0.0}
        player = observation.player
        worlds = self.sample_worlds(observation)
        budget = self.budget if self.budget is not None else game_entry(observation.game).spec.search_budget or math.inf
        limit, least = len(worlds), min(len(worlds), max(1, self.samples // 4))
        gains: list[list[float]] = [[] for _ in actions]
        spent = rollouts = 0
        for mine, action in zip(gains, actions):
            for world in worlds[:limit]:
                if len(mine) >= limit:
                    break
                state = world.clone()
                played = len(state.actions)
                mine.append(rollout_gain(state, player, action, self.rollout))
                spent += len(state.actions) - played
                rollouts += 1
                if rollouts >= least and limit > least:
                    limit = affordable_samples(budget, spent, spent / rollouts, [len(g) for g in gains], limit, least)
        return {action: sum(mine[:limit]) / limit for action, mine in zip(actions, gains)}

    def __repr__(self) -> str:
        budget = "" if self.budget is None else f", budget={self.budget!r}"
        return f"SearchBot(seed={self.seed!r}, samples={self.samples!r}{budget})"
