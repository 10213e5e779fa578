"""The rule-of-thumb bot for every game: it hands each decision to the game's own bot.

Each game's entry in :data:`cardlab.games.GAMES` names its rule-of-thumb class;
:class:`RuleBot` makes one on first use (one instance per game).

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> state = Kontrabluff().new_state(seed=4)
>>> bot = RuleBot(seed=1)
>>> bot(state.observation(state.current_player)) in state.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from cardlab.engine import Action, Game, Observation
from cardlab.games import game_entry

__all__ = ["RuleBot"]


class RuleBot:
    """A rule-of-thumb player for any game of cardlab; seeded, observation in, action out."""

    name = "rule"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._bots: dict[str, Any] = {}

    def for_game(self, game: Game) -> Any:
        """The game's own rule bot (made once, with this bot's seed); a ValueError for a game not in GAMES."""
        bot = self._bots.get(game.name)
        if bot is None:
            bot = self._bots[game.name] = game_entry(game).rule_bot_class(seed=self.seed)
        return bot

    def __call__(self, observation: Observation) -> Action:
        return self.for_game(observation.game)(observation)

    def candidates(self, observation: Observation) -> list[Action] | None:
        """The game bot's short list of actions worth searching, if it keeps one."""
        bot = self.for_game(observation.game)
        pick = getattr(bot, "candidates", None)  # an optional method, not a dispatch by name
        return None if pick is None else pick(observation)

    def plausible(self, state: Any, observation: Observation) -> bool:
        """Whether a sampled ``state`` fits the others' play, if the game bot can tell."""
        check = getattr(self.for_game(observation.game), "plausible", None)
        return True if check is None else check(state, observation)

    def __repr__(self) -> str:
        return f"RuleBot(seed={self.seed!r})"
