"""What each game declares once for everyone else (issue 26): its seats, its actions with
their rule ids, its events, its unit and the bounds the game-AI adapters need.

A game module ends with its :class:`GameSpec`; :data:`cardlab.games.GAMES` carries it, and
the words, the clicks, the OpenSpiel and PettingZoo adapters, the tables and the classroom
read it instead of keeping their own lists keyed by the game's name. Adding a game touches
its own module (rules and spec) and its words (:mod:`cardlab.words`).

>>> from cardlab.games import GAMES
>>> spec = GAMES["kontrabluff"].spec
>>> spec.players, [a.kind for a in spec.actions], spec.action("lay").rule
((2, 2), ['lay', 'low', 'hand_over', 'pass', 'see'], 'KB-3')
>>> [kind.name for kind in spec.results][:2]
['won_by_pass', 'won_at_showdown']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from cardlab.engine import Game
from cardlab.records import EventKind, event_kinds

__all__ = ["Takes", "ActionSpec", "GameSpec"]


class Takes(enum.Enum):
    """Which cards an action takes (how a table or an adapter builds it)."""

    NOTHING = "nothing"  # a button alone (pass, call, hand over)
    ONE = "one"  # always exactly one card: one click (lay, fight, play)
    CHOSEN = "chosen"  # the cards chosen first, then the button (low, see, draw, exchange)
    PACKETS = "packets"  # chosen packet by packet, in order (an arrangement, PP-2)


@dataclass(frozen=True)
class ActionSpec:
    """One kind of action: the rule that governs it, the cards it takes and whether it
    names an amount of chips (open 3, raise 2). ``cost``, for an action that moves chips
    from the seat's stack into the pot, says how many from the seat's observation (the
    game's own figures: FL-6's exchange fee per card, DP-3's call), so a button can say
    what it costs."""

    kind: str
    rule: str
    takes: Takes = Takes.NOTHING
    amount: bool = False
    cost: Callable[[Any, Any], int] | None = None


@dataclass(frozen=True)
class GameSpec:
    """The facts about one game that the layers above its module need.

    ``actions`` are in the order the adapters number them (one-card kinds, then buttons,
    then amounts, each in this order); ``unit`` is what the standings count ("points",
    "chips"); ``adapter_settings`` the settings a game-AI session starts from where the
    game's own defaults make a long session; ``bounds(game)`` gives the least and most a
    seat can win and a true bound on the number of adapter steps (clicks and chance nodes).
    ``packet`` is the size of a packet for a ``Takes.PACKETS`` action. ``joint`` says
    that every seat chooses at once in one phase and the choices are turned up together
    (PP-2), which the adapters play as one simultaneous node (Fight for the Lead's fight
    cards, FL-3, are laid one seat at a time as far as the adapters go).
    """

    name: str
    players: tuple[int, int]
    actions: tuple[ActionSpec, ...]
    unit: str
    bounds: Callable[[Game], tuple[float, float, int]]
    adapter_settings: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    packet: int = 0
    joint: bool = False

    def action(self, kind: str) -> ActionSpec:
        """The declaration of action ``kind`` (KeyError for a kind the game does not know)."""
        for action in self.actions:
            if action.kind == kind:
                return action
        raise KeyError(kind)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(action.kind for action in self.actions)

    @property
    def events(self) -> tuple[EventKind, ...]:
        """Every kind of event the game records, in declaration order."""
        return event_kinds(self.name)

    @property
    def results(self) -> tuple[EventKind, ...]:
        """The events a table stops on until they are read."""
        return tuple(kind for kind in self.events if kind.result)
