"""Interactive tables (ipywidgets) for the four games, and the odds explorer.

Every table is one shared component, :class:`~cardlab.widgets.table.Table`, drawing
only what its seat may see; parallel poker adds its packet arranger.

>>> from cardlab.widgets import play
>>> table = play("fight_for_the_lead", seed=2, players=3)
>>> table.title, table.game.num_players
('Fight for the Lead', 3)
"""

from __future__ import annotations

from typing import Any

from cardlab.bots import bot_for
from cardlab.games import GAMES
from cardlab.widgets.odds import OddsExplorer
from cardlab.widgets.parallel_poker import ParallelPokerTable
from cardlab.widgets.table import Table
from cardlab.widgets.tables import DrawPokerTable, FightForTheLeadTable, GameTable, KontrabluffTable

__all__ = [
    "TABLES",
    "Table",
    "GameTable",
    "KontrabluffTable",
    "DrawPokerTable",
    "ParallelPokerTable",
    "FightForTheLeadTable",
    "OddsExplorer",
    "bot_for",
    "play",
]

#: The table of each game, by the game's name (as :data:`cardlab.games.GAMES` wires them).
TABLES: dict[str, type[GameTable]] = {name: entry.table_class for name, entry in GAMES.items()}


def play(game: str, **options: Any) -> GameTable:
    """A table for ``game`` ('kontrabluff', 'draw_poker', 'parallel_poker', 'fight_for_the_lead').

    ``options`` are the table's (seat, seed, opponent, pace, auto, hotseat, teacher,
    hints) and the game's settings.
    """
    key = game.lower().replace(" ", "_").replace("-", "_")
    if key not in TABLES:
        raise ValueError(f"no table for {game!r}; choose one of {', '.join(TABLES)}")
    return TABLES[key](**options)
