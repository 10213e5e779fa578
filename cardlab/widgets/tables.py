"""The tables of the games that need no control of their own: thin :class:`Table` subclasses.

Each takes the game's settings as keywords and the table's options (``seat``,
``seed``, ``opponent``, ``pace``, ``auto``, ``hotseat``, ``teacher``, ``hints``).

>>> from cardlab.widgets import KontrabluffTable
>>> table = KontrabluffTable(seed=7, target=30)
>>> table.session.state.seed, table.game.target
(7, 30)
"""

from __future__ import annotations

from typing import Any

from cardlab.words import N_
from cardlab.engine import Game
from cardlab.games import game_entry
from cardlab.games.draw_poker import DrawPoker
from cardlab.games.fight_for_the_lead import FightForTheLead
from cardlab.games.kontrabluff import WON_AT_SHOWDOWN, WON_AT_SHOWDOWN_TIE, Kontrabluff
from cardlab.widgets.table import Table
from cardlab.widgets.view import Shown

__all__ = ["TABLE_OPTIONS", "GameTable", "KontrabluffTable", "DrawPokerTable", "FightForTheLeadTable"]

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


class DrawPokerTable(GameTable):
    """Five-card draw, Polish rules (DP-1..DP-10): bets with an amount, then the draw.

    The hint gives the exact odds of improving for each discard (DP-5), else the
    search bot's values (:mod:`cardlab.sessions.hints`).
    """

    title = N_("Five-card draw poker (Polish rules)")
    game_class = DrawPoker


class FightForTheLeadTable(GameTable):
    """Fight for the Lead (FL-1..FL-11): choose a fight card, exchange, then four tricks."""

    title = N_("Fight for the Lead")
    game_class = FightForTheLead
