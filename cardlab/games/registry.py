"""The games of cardlab, wired explicitly: each game's settings, state, bots and table.

:data:`GAMES` is the one list of games. Bots, rooms, interop and widgets look a game up
here instead of building a module name from the game's name. A game's settings and
state classes are imported (they sit in this layer); its bots and its table sit in
layers above (``cardlab.bots``, ``cardlab.widgets``), so they are named by their full
dotted path, ``"package.module:Class"``, and loaded only when a caller of that layer
asks (:attr:`GameEntry.rule_bot_class`, :attr:`GameEntry.table_class`): importing a
game never imports a bot or a widget.

>>> entry = GAMES["kontrabluff"]
>>> entry.title, entry.game.name, entry.state.__name__
('Kontrabluff', 'kontrabluff', 'KontrabluffState')
>>> entry.rule_bot_class(seed=1)
KontrabluffRuleBot(seed=1)
>>> game_entry(entry.game(target=30)) is entry      # a game's settings find their entry
True
>>> game_entry("poker")
Traceback (most recent call last):
...
ValueError: no game named 'poker' in cardlab.games.GAMES; the games are kontrabluff, draw_poker, parallel_poker, fight_for_the_lead
"""

from __future__ import annotations

import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cardlab.engine import Game, GameState
from cardlab.games import draw_poker, fight_for_the_lead, kontrabluff, parallel_poker
from cardlab.games.draw_poker import DrawPoker, DrawPokerState
from cardlab.games.fight_for_the_lead import FightForTheLead, FightForTheLeadState
from cardlab.games.kontrabluff import Kontrabluff, KontrabluffState
from cardlab.games.parallel_poker import ParallelPoker, ParallelPokerState
from cardlab.games.spec import GameSpec

__all__ = ["GameEntry", "GAMES", "game_entry"]


@dataclass(frozen=True)
class GameEntry:
    """One game's wiring: its settings class, its state class, its spec (the facts every
    other layer reads: seats, actions and their rules, events, unit, adapter bounds), its
    own bots and its table.

    ``rule_bot``, ``search_bot`` and ``table`` are dotted paths (``"module:Class"``) to
    classes in the layers above the games; ``search_bot`` is None for a game that the
    generic :class:`cardlab.bots.SearchBot` plays itself.
    """

    name: str
    title: str
    game: type[Game]
    state: type[GameState]
    spec: GameSpec
    rule_bot: str
    search_bot: str | None
    table: str

    @property
    def rule_bot_class(self) -> type:
        """The game's rule-of-thumb bot (for the bots' layer and above)."""
        return pkgutil.resolve_name(self.rule_bot)

    @property
    def search_bot_class(self) -> type | None:
        """The game's own search bot, or None when the generic search bot plays it."""
        return None if self.search_bot is None else pkgutil.resolve_name(self.search_bot)

    @property
    def table_class(self) -> type:
        """The game's interactive table (for the widgets' layer only: it imports ipywidgets)."""
        return pkgutil.resolve_name(self.table)


#: Every game of cardlab, by the name its settings class declares (``Game.name``).
GAMES: Mapping[str, GameEntry] = MappingProxyType({entry.name: entry for entry in (
    GameEntry("kontrabluff", "Kontrabluff", Kontrabluff, KontrabluffState, kontrabluff.SPEC,
              rule_bot="cardlab.bots.kontrabluff:KontrabluffRuleBot", search_bot=None,
              table="cardlab.widgets.tables:KontrabluffTable"),
    GameEntry("draw_poker", "Draw poker", DrawPoker, DrawPokerState, draw_poker.SPEC,
              rule_bot="cardlab.bots.draw_poker:RuleOfThumb", search_bot=None,
              table="cardlab.widgets.tables:DrawPokerTable"),
    GameEntry("parallel_poker", "Parallel poker", ParallelPoker, ParallelPokerState, parallel_poker.SPEC,
              rule_bot="cardlab.bots.parallel_poker:Balanced", search_bot="cardlab.bots.parallel_poker:SearchArrangement",
              table="cardlab.widgets.parallel_poker:ParallelPokerTable"),
    GameEntry("fight_for_the_lead", "Fight for the Lead", FightForTheLead, FightForTheLeadState, fight_for_the_lead.SPEC,
              rule_bot="cardlab.bots.fight_for_the_lead:RuleOfThumb", search_bot=None,
              table="cardlab.widgets.tables:FightForTheLeadTable"),
)})


def game_entry(game: str | Game | type[Game] | Any) -> GameEntry:
    """The entry of a game given by its name, its settings or its settings class.

    Anything else, or a game not in :data:`GAMES`, raises a ValueError naming it.

    >>> game_entry("draw_poker").game is DrawPoker and game_entry(DrawPoker).name
    'draw_poker'
    """
    if isinstance(game, str):
        entry = GAMES.get(game)
    elif isinstance(game, type) and issubclass(game, Game):
        entry = GAMES.get(game.name)
        entry = entry if entry is not None and entry.game is game else None
    elif isinstance(game, Game):
        entry = GAMES.get(type(game).name)
        entry = entry if entry is not None and isinstance(game, entry.game) else None
    else:
        entry = None
    if entry is None:
        raise ValueError(f"no game named {game!r} in cardlab.games.GAMES; the games are {', '.join(GAMES)}")
    return entry
