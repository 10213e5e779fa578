"""The random bot: a uniform choice among the legal actions, for every game."""

from __future__ import annotations

import numpy as np

from cardlab.engine import Action, Observation


class RandomBot:
    """Plays a legal action chosen uniformly at random; seeded, so games replay.

    >>> from cardlab.engine import ActionList, Observation, Action
    >>> bot = RandomBot(seed=3)
    >>> obs = Observation(game=None, player=0, current_player=0, hand=(),
    ...                   legal_actions=ActionList([Action("pass"), Action("hand_over")]))
    >>> bot(obs) in obs.legal_actions
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: Observation) -> Action:
        return observation.legal_actions.sample(self.rng)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
