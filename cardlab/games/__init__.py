"""One module per game: its settings (rules as data), its state machine and its spec.

:data:`GAMES` (from :mod:`cardlab.games.registry`) lists them with their bots and tables;
each game's module registers itself (:func:`register`) when it is imported, and this
package imports cardlab's four, in the order the lists show them. How to add a game:
:mod:`cardlab.games.spec`.
"""

from cardlab.games.registry import GAMES, GameEntry, by_game, game_entry, register, unregister

# cardlab's own games, each registered by its module (Kontrabluff first: the lists' order)
from cardlab.games import kontrabluff, draw_poker, parallel_poker, fight_for_the_lead  # noqa: E402,F401,I001

__all__ = ["GAMES", "GameEntry", "by_game", "game_entry", "register", "unregister"]
