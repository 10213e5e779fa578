"""Players that choose an action from an observation (never from a state).

A bot is a callable ``bot(observation) -> Action``, seeded.
"""

from cardlab.bots.random_bot import RandomBot
from cardlab.bots.rule import RuleBot
from cardlab.bots.search import SearchBot

__all__ = ["RandomBot", "RuleBot", "SearchBot"]
