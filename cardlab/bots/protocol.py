"""What every bot is (:class:`Bot`), and :func:`bot_for`, which makes one from its name.

A bot is called with an observation and returns one of its legal actions; it also
says what it is (``name``) and the seed it was made with (``seed``, None for a bot
that draws nothing at random), so a table, a room or a tournament can name and
replay it. Every bot class of cardlab fits the protocol (a test checks each one).

>>> from cardlab.bots import RandomBot
>>> isinstance(RandomBot(seed=1), Bot)
True
>>> bot_for("rule", seed=2)
RuleBot(seed=2)
>>> bot_for(lambda observation: observation.legal_actions[0])
Traceback (most recent call last):
...
TypeError: <lambda> is not a bot: it has no name, seed (a bot is called with an observation, returns an action, and has a name and a seed; see cardlab.bots.Bot)
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from cardlab.bots.random_bot import RandomBot
from cardlab.bots.rule import RuleBot
from cardlab.bots.search import SearchBot
from cardlab.engine import Action, Game, Observation
from cardlab.games import game_entry

__all__ = ["Bot", "BOTS", "bot_for", "check_bot"]


@runtime_checkable
class Bot(Protocol):
    """A player: ``bot(observation) -> Action``, with a ``name`` and the ``seed`` it was made with."""

    name: str
    seed: int | None

    def __call__(self, observation: Observation) -> Action: ...


#: The bots that play every game, by the name a table, a room or a notebook gives.
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "rule": RuleBot, "search": SearchBot}


def check_bot(bot: Any) -> Bot:
    """``bot`` itself if it fits :class:`Bot`, else a TypeError saying what it lacks.

    >>> check_bot(RuleBot(seed=3))
    RuleBot(seed=3)
    """
    if isinstance(bot, Bot):
        return bot
    missing = [part for part in ("__call__", "name", "seed") if not hasattr(bot, part)]
    label = getattr(bot, "__qualname__", None) or f"a {type(bot).__name__}"
    raise TypeError(f"{label} is not a bot: it has no {', '.join(missing)} (a bot is called with an observation, "
                    "returns an action, and has a name and a seed; see cardlab.bots.Bot)")


def bot_for(kind: str | Bot, seed: int | None = None, game: Game | None = None, **options: Any) -> Bot:
    """A bot from its name ('random', 'rule', 'search', made with ``seed`` and ``options``) or a ready bot.

    A ready bot is checked against :class:`Bot`; with ``game``, a bot by name is only
    made for a game of :data:`cardlab.games.GAMES`. Nothing falls back: an unknown
    name is a ValueError, a callable that is not a bot a TypeError, and wrong
    ``options`` the bot class's own TypeError.

    >>> bot_for("search", seed=1, samples=8)
    SearchBot(seed=1, samples=8)
    >>> bot_for("clever")
    Traceback (most recent call last):
    ...
    ValueError: a bot is one of random, rule, search or a ready bot, got 'clever'
    """
    if game is not None:
        game_entry(game)  # a ValueError naming the games cardlab has bots for
    if isinstance(kind, str):
        if kind not in BOTS:
            raise ValueError(f"a bot is one of {', '.join(BOTS)} or a ready bot, got {kind!r}")
        return BOTS[kind](seed=seed, **options)
    if options:
        raise TypeError(f"options {sorted(options)} are for a bot made by name, not for the ready bot {kind!r}")
    return check_bot(kind)
