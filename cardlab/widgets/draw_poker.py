"""Draw poker's table: the generic table, titled with its Polish rules.

>>> from cardlab.widgets.draw_poker import DrawPokerTable
>>> DrawPokerTable(seed=1, players=3).game.num_players
3
"""

from __future__ import annotations

from cardlab.games.draw_poker import DrawPoker
from cardlab.widgets.tables import GameTable
from cardlab.words import N_

__all__ = ["DrawPokerTable"]


class DrawPokerTable(GameTable):
    """Five-card draw, Polish rules (DP-1..DP-10): bets with an amount, then the draw.

    The hint gives the exact odds of improving for each discard (DP-5), else the
    search bot's values (:mod:`cardlab.sessions.hints`).
    """

    title = N_("Five-card draw poker (Polish rules)")
    game_class = DrawPoker
