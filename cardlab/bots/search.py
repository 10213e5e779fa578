"""A Monte Carlo search bot for every game: sample the hidden cards, play each action out.

For each candidate action the bot deals the cards it cannot see at random, consistent
with its observation (``game.sample_state``, determinization), applies the action and
plays on with a rollout policy until the scoring round ends (``state.round_index``
changes). An action's value is the mean of its own points gain minus the others' mean
gain. The same samples serve every action (common random numbers), so the comparison
is sharper than the sample count suggests.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=5)
>>> bot = SearchBot(seed=1, samples=4)
>>> bot(state.observation(state.current_player)) in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from cardlab.bots.rule import RuleBot
from cardlab.engine import Action, Game, GameState, Observation
from cardlab.games import game_entry

__all__ = ["SearchBot", "rollout_gain"]

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


class SearchBot:
    """Monte Carlo search over sampled hidden cards (determinization), for any game.

    ``samples`` worlds are drawn per decision and shared by all candidate actions
    (redrawn when the rollout bot finds them implausible, see :meth:`sample_worlds`);
    ``rollout`` plays both sides after the action (default: :class:`RuleBot`).
    Candidates are the rollout bot's short list when it keeps one (``candidates``),
    else every legal action, or at most ``max_actions`` of them when there are more.
    A game whose entry in :data:`cardlab.games.GAMES` names its own search bot is
    played by that class instead.
    """

    name = "search"

    def __init__(self, seed: int | None = None, samples: int = 32, rollout: Policy | None = None, max_actions: int = 12):
        if samples < 1:
            raise ValueError(f"samples must be at least 1, got {samples!r}")
        self.seed = seed
        self.samples = samples
        self.max_actions = max_actions
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
        """Each candidate action's mean points margin over the sampled worlds (hints for tables)."""
        delegate = self._delegate(observation.game)
        if delegate is not None and hasattr(delegate, "action_values"):
            return delegate.action_values(observation)
        actions = self.candidates(observation)
        if len(actions) == 1:
            return {actions[0]: 0.0}
        player = observation.player
        worlds = self.sample_worlds(observation)
        values: dict[Action, float] = {}
        for action in actions:
            total = 0.0
            for world in worlds:
                total += rollout_gain(world.clone(), player, action, self.rollout)
            values[action] = total / len(worlds)
        return values

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed!r}, samples={self.samples!r})"
