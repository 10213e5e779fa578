"""cardlab's games as PettingZoo AEC environments, with action masks.

Actions are the :mod:`cardlab.interop.clicks` ids (choose a card, press a button);
``observe(agent)`` gives ``{"observation": vector, "action_mask": mask}``, the vector
built from ``state.observation(seat)`` alone. ``reset(seed=)`` makes the same deals for
the same seed; ``render()`` (``render_mode="ansi"``) writes the table in words as the
seat to act sees it. Rewards come at the end: chips won (draw poker, Fight for the
Lead) or the points margin (Kontrabluff, parallel poker).

>>> env = env_for("draw_poker", players=2, hands=1, render_mode="ansi")
>>> env.reset(seed=3)
>>> env.agents, env.agent_selection
(['south', 'north'], 'south')
>>> print(env.render().splitlines()[0])
You are South; you are to act.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardlab.engine import Game, LegalActions
from cardlab.games import by_game, game_entry
from cardlab.words import seat_names
from cardlab.interop.clicks import Clicks, observation_vector, seat_returns, table_text, vector_size

__all__ = ["CardlabEnv", "env_for", "DEFAULTS"]

#: Settings an environment starts from (each game's ``spec.adapter_settings``): one hand
#: of draw poker, one game of Fight for the Lead.
DEFAULTS: Mapping[str, Mapping[str, Any]] = by_game(lambda entry: entry.spec.adapter_settings)


def env_for(name: str, render_mode: str | None = None, **settings: Any) -> CardlabEnv:
    """The environment of a cardlab game by name, settings as keywords."""
    cls = game_entry(name).game  # a ValueError naming the games for an unknown name
    return CardlabEnv(cls(**{**DEFAULTS.get(name, {}), **settings}), render_mode=render_mode)


class CardlabEnv(AECEnv):
    """One cardlab game as a PettingZoo AEC environment (agents are the seat names)."""

    metadata = {"render_modes": ["ansi"], "name": "cardlab", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.clicks = Clicks(game)
        self.metadata = {**self.metadata, "name": f"cardlab_{game.name}_v0"}
        self.possible_agents = [name.lower() for name in seat_names(game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = vector_size(game)
        self._action_space = spaces.Discrete(self.clicks.num_actions)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.clicks.num_actions,), dtype=np.int8),
        })
        self._seeds = np.random.default_rng()
        self.state = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    # -- the loop ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state = self.game.new_state(seed=int(self._seeds.integers(2**62)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.chosen = dict.fromkeys(self.agents, ())
        # Work kept while the position stands (several clicks make one cardlab action, and an
        # agent observes before it steps): who acts (None at the end), the offers of the seat
        # to act, its legal ids, and each seat's observation vector with its chosen cards.
        self._moves = 0  # cardlab actions played since the reset
        self._acting: int | None = self.state.current_player
        self._offers_cache: tuple[int, int, list] | None = None
        self._ids_cache: tuple[int, tuple[int, ...], list[int]] | None = None  # (moves, chosen, ids)
        self._vectors: dict[int, tuple[tuple[int, ...], np.ndarray, np.ndarray]] = {}  # seat: (chosen, vector, mask)
        self._vectors_at = 0
        self.agent_selection = self.possible_agents[self._acting]

    def _offers(self, seat: int, view: LegalActions | None = None) -> list:
        """The seat's offers at this position, from ``view`` (an observation's own legal
        view) if given, else from a view made for them."""
        if self._offers_cache is None or self._offers_cache[:2] != (self._moves, seat):
            view = self.state.legal_actions(seat) if view is None else view
            self._offers_cache = (self._moves, seat, self.clicks.offers(view))
        return self._offers_cache[2]

    def legal_ids(self, agent: str) -> list[int]:
        seat = self._seat[agent]
        if self._acting != seat:  # not to act, or the game is over (None)
            return []
        chosen = self.chosen[agent]
        known = self._ids_cache
        # the same position: no action since, and the very tuple of chosen cards (a click makes a new one)
        if known is None or known[0] != self._moves or known[1] is not chosen:
            known = self._ids_cache = (self._moves, chosen, self.clicks.legal_ids(self._offers(seat), chosen))
        return known[2]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        if self._vectors_at != self._moves:
            self._vectors, self._vectors_at = {}, self._moves
        chosen = self.chosen[agent]
        known = self._vectors.get(seat)
        if known is None or known[0] is not chosen:
            if known is not None and known[0] == chosen[:-1]:  # one card chosen since: mark it (chosen block)
                vector = known[1].copy()
                vector[self.clicks.d + chosen[-1]] = 1.0
            else:
                obs = self.state.observation(seat)
                if seat == self._acting:  # the mask's offers come from the observation's legal view, not a second one
                    self._offers(seat, obs.legal_actions)
                vector = observation_vector(obs, self.clicks, chosen)
            mask = np.zeros(self.clicks.num_actions, np.int8)
            mask.put(self.legal_ids(agent), 1)  # put: half the cost of mask[ids] = 1 for a list
            known = self._vectors[seat] = (chosen, vector, mask)
        # copies: the caller may keep or change them
        return {"observation": known[1].copy(), "action_mask": known[2].copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        action = int(action)
        if action not in self.legal_ids(agent):
            raise ValueError(f"{self.clicks.words(action) if 0 <= action < self.clicks.num_actions else action} "
                             f"(id {action}) is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        if action < self.clicks.d:  # a card chosen: the same seat acts on, nothing is paid
            self.chosen[agent] = self.chosen[agent] + (action,)
            return
        played = self.clicks.commit(self._offers(seat), action, self.chosen[agent])
        # checked against the ids read from this state's legal view: legal by construction
        self.state.apply_trusted(seat, played)
        self.chosen[agent] = ()
        self._moves += 1
        if self.state.is_terminal:
            self._acting = None
            for agent_, value in zip(self.possible_agents, self._returns()):
                self.rewards[agent_] = value
                self.terminations[agent_] = True
            self._accumulate_rewards()
        else:  # rewards come at the end only (all zero until then: nothing to accumulate)
            self._acting = self.state.current_player
            self.agent_selection = self.possible_agents[self._acting]

    def _returns(self) -> list[float]:
        state = self.state
        return seat_returns(state)  # chips won, or the points margin

    def render(self) -> str | None:
        """The table in words, as the seat to act sees it (nothing hidden from that seat)."""
        if self.render_mode is None:
            return None
        seat = self._seat[self.agent_selection]
        chosen = tuple(self.clicks.deck[i] for i in self.chosen.get(self.agent_selection, ()))
        return table_text(self.state.observation(seat), chosen)

    def close(self) -> None:
        pass
