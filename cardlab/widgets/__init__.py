"""Interactive tables (ipywidgets) for every game, and the odds explorer.

Every table is one shared component, :class:`~cardlab.widgets.table.Table`, drawing
only what its seat may see; parallel poker adds its packet arranger. A game's own table
lives in its own file (``cardlab/widgets/<game>.py``) and is found through its entry in
:data:`cardlab.games.GAMES`: this package names no game, yet each table is here by its
class name (``from cardlab.widgets import KontrabluffTable``), for a game registered
later too.

>>> from cardlab.widgets import play
>>> table = play("fight_for_the_lead", seed=2, players=3)
>>> table.title, table.game.num_players
('Fight for the Lead', 3)
>>> from cardlab.widgets import ParallelPokerTable
>>> ParallelPokerTable is TABLES["parallel_poker"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.bots import bot_for
from cardlab.games import GAMES, by_game
from cardlab.widgets.drill import Drill
from cardlab.widgets.odds import OddsExplorer
from cardlab.widgets.table import Table
from cardlab.widgets.tables import TABLE_OPTIONS, GameTable

__all__ = [
    "TABLES",
    "Table",
    "GameTable",
    "OddsExplorer",
    "Drill",
    "bot_for",
    "play",
]

#: The table of each game, by the game's name (as :data:`cardlab.games.GAMES` wires them).
TABLES: Mapping[str, type[GameTable]] = by_game(lambda entry: entry.table_class)


def __getattr__(name: str) -> type[GameTable]:
    """A game's own table by its class name (``KontrabluffTable``), from the registry."""
    if name[:1].isupper():
        for table in TABLES.values():
            if table.__name__ == name:
                return table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *(table.__name__ for table in TABLES.values())})


def play(game: str, **options: Any) -> GameTable:
    """A table for ``game``, by its name in :data:`cardlab.games.GAMES` ('kontrabluff',
    'draw_poker', 'parallel_poker', 'fight_for_the_lead', and any game registered since).

    ``options`` are the table's (seat, seed, opponent, pace, auto, hotseat, teacher,
    hints) and the game's settings.
    """
    key = game.lower().replace(" ", "_").replace("-", "_")
    if key not in TABLES:
        raise ValueError(f"no table for {game!r}; choose one of {', '.join(TABLES)}")
    settings = {name: value for name, value in options.items() if name not in TABLE_OPTIONS}
    table_options = {name: value for name, value in options.items() if name in TABLE_OPTIONS}
    return TABLES[key](GAMES[key].game(**settings), **table_options)
