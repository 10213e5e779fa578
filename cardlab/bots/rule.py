"""The rule-of-thumb bot for every game: it hands each decision to the game's own bot.

Each game's bot module ``cardlab.bots.<game name>`` names its rule-of-thumb class
``RULE_BOT``; :class:`RuleBot` imports it on first use (one instance per game).

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=4)
>>> bot = RuleBot(seed=1)
>>> bot(state.observation(state.current_player)) in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
from typing import Any

from cardlab.engine import Action, Observation

__all__ = ["RuleBot", "game_bot_module"]


def game_bot_module(game_name: str) -> Any:
    """The module ``cardlab.bots.<game_name>``, where a game keeps its own bots."""
    try:
        return importlib.import_module(f"cardlab.bots.{game_name}")
    except ModuleNotFoundError as error:
        raise NotImplementedError(f"no bots for the game {game_name!r} (cardlab.bots.{game_name} is missing)") from error


class RuleBot:
    """A rule-of-thumb player for any game of cardlab; seeded, observation in, action out."""

    name = "rule"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._bots: dict[str, Any] = {}

    def for_game(self, game_name: str) -> Any:
        """The game's own rule bot (made once, with this bot's seed)."""
        bot = self._bots.get(game_name)
        if bot is None:
            bot = self._bots[game_name] = game_bot_module(game_name).RULE_BOT(seed=self.seed)
        return bot

    def __call__(self, observation: Observation) -> Action:
        return self.for_game(observation.game.name)(observation)

    def candidates(self, observation: Observation) -> list[Action] | None:
        """The game bot's short list of actions worth searching, if it keeps one."""
        bot = self.for_game(observation.game.name)
        pick = getattr(bot, "candidates", None)
        return None if pick is None else pick(observation)

    def plausible(self, state: Any, observation: Observation) -> bool:
        """Whether a sampled ``state`` fits the others' play, if the game bot can tell."""
        check = getattr(self.for_game(observation.game.name), "plausible", None)
        return True if check is None else check(state, observation)

    def __repr__(self) -> str:
        return f"RuleBot(seed={self.seed!r})"
