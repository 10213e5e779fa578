"""One module per game: its settings (rules as data) and its state machine.

:data:`GAMES` (from :mod:`cardlab.games.registry`) lists them with their bots and tables.
"""

from cardlab.games.registry import GAMES, GameEntry, game_entry

__all__ = ["GAMES", "GameEntry", "game_entry"]
