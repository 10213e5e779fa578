"""Kontrabluff's table: the generic table, with the two rows shown face up at a showdown (KB-5).

>>> from cardlab.widgets.kontrabluff import KontrabluffTable
>>> table = KontrabluffTable(seed=7, target=30)
>>> table.session.state.seed, table.game.target, table.title
(7, 30, 'Kontrabluff')
"""

from __future__ import annotations

from cardlab.games.kontrabluff import WON_AT_SHOWDOWN, WON_AT_SHOWDOWN_TIE, Kontrabluff
from cardlab.widgets.tables import GameTable
from cardlab.widgets.view import Shown
from cardlab.words import N_

__all__ = ["KontrabluffTable"]


class KontrabluffTable(GameTable):
    """Kontrabluff (KB-1..KB-12) against a bot: lay cards to your row, pass, play low.

    Select one card and click "lay"; for a low round (KB-6) select five cards.
    """

    title = N_("Kontrabluff")
    game_class = Kontrabluff

    def shown_hands(self) -> tuple[Shown, ...]:
        """At a showdown (KB-5) the two rows, face up on the table, with the hands they
        make: the winner's first."""
        shown = super().shown_hands()
        result = self.seen.result
        if shown or result is None:
            return shown
        for event in result.results:
            if event.kind in (WON_AT_SHOWDOWN.name, WON_AT_SHOWDOWN_TIE.name):
                rows = {zone.owner: zone.cards for zone in result.scene.zones
                        if zone.kind == "row" and zone.cards and not zone.hidden}
                winner, other = event["winner"], 1 - event["winner"]
                if winner in rows and other in rows:
                    return Shown(winner, rows[winner], event["hand"]), Shown(other, rows[other], event["against"])
        return ()
