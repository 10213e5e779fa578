"""Players that choose an action from an observation (never from a state).

A bot is a callable ``bot(observation) -> Action`` with a ``name`` and a ``seed``
(:class:`Bot`); :func:`bot_for` makes the ones that play every game by name.
Each game's own bots are named in :data:`cardlab.games.GAMES`.
"""

from cardlab.bots.random_bot import RandomBot
from cardlab.bots.rule import RuleBot
from cardlab.bots.search import SearchBot
from cardlab.bots.protocol import BOTS, Bot, bot_for, check_bot

__all__ = ["BOTS", "Bot", "RandomBot", "RuleBot", "SearchBot", "bot_for", "check_bot"]
