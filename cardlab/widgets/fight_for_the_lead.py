"""Fight for the Lead's table: the generic table, built from the game's settings.

>>> from cardlab.widgets.fight_for_the_lead import FightForTheLeadTable
>>> FightForTheLeadTable(seed=2, players=3).title
'Fight for the Lead'
"""

from __future__ import annotations

from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.widgets.tables import GameTable
from cardlab.words import N_

__all__ = ["FightForTheLeadTable"]


class FightForTheLeadTable(GameTable):
    """Fight for the Lead (FL-1..FL-11): choose a fight card, exchange, then four tricks."""

    title = N_("Fight for the Lead")
    game_class = FightForTheLead
