"""The table every game can be played at: :class:`GameTable`, a thin :class:`Table` that
builds its game from keyword settings.

It takes the game's settings as keywords and the table's options (``seat``, ``seed``,
``opponent``, ``pace``, ``auto``, ``hotseat``, ``teacher``, ``hints``). A game whose table
needs something of its own subclasses it in its own file, ``cardlab/widgets/<game>.py``
(its entry's ``table`` names it: :class:`cardlab.games.GameEntry`).

>>> from cardlab.widgets import KontrabluffTable
>>> table = KontrabluffTable(seed=7, target=30)
>>> table.session.state.seed, table.game.target
(7, 30)
"""

from __future__ import annotations

from typing import Any

from cardlab.engine import Game
from cardlab.games import game_entry
from cardlab.widgets.table import Table

__all__ = ["TABLE_OPTIONS", "GameTable"]

#: The options of a table (the other keywords are the game's settings).
TABLE_OPTIONS = {"seat", "seed", "opponent", "pace", "auto", "hotseat", "teacher", "hints", "coach", "session", "lang", "heading"}


class GameTable(Table):
    """A table that builds its game (of ``game_class``) from keyword settings; as it is,
    the table of any game given as settings (a game without a table of its own, whose
    entry names :data:`cardlab.games.registry.GENERIC_TABLE`), titled by its entry.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> GameTable(Kontrabluff(target=30), seed=2).title
    'Kontrabluff'
    """

    game_class: type[Game] = Game

    def __init__(self, game: Game | None = None, **kwargs: Any):
        options = {k: kwargs.pop(k) for k in list(kwargs) if k in TABLE_OPTIONS}
        if game is None:
            game = self.game_class(**kwargs)
        elif kwargs:
            raise TypeError(f"give either a game or its settings, not both: {sorted(kwargs)}")
        if type(self).title == Table.title:  # no title of its own: the game's
            self.title = game_entry(game).title
        super().__init__(game, **options)
