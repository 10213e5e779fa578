"""A seat's view in words: zone titles, and the table and information state as text (the
adapters' strings: OpenSpiel's observation and information-state strings, PettingZoo's
render). Built from an observation only, so they hold nothing the seat may not see.

>>> from cardlab.engine import Zone
>>> zone_title(Zone("hand 1", (None,) * 4, owner=1, kind="hand"), 2)
"North's hand"
>>> zone_title(Zone("stock", (None,) * 4, kind="stock"), 2, "kontrabluff")
'talon'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardlab.cards import Card
from cardlab.words import ZONE_WORDS, card_text, cards_text, seat_names, translate, translate_in

__all__ = ["zone_title", "table_text", "info_text", "ZONE_NAMES", "zone_word", "owned_zone"]

#: The zones' names as the tables say them (a zone's key without its seat number, and
#: each game's own word for a kind, :data:`cardlab.words.ZONE_WORDS`), in the catalogs with
#: the context "zone" (:mod:`cardlab.catalogs` extracts them): a zone's 'hand' is the
#: cards held, not a deal (the coach's 'hand').
ZONE_NAMES = ("hand", "row", "low", "fight", "tricks", "stock", "turned", "trick", "discard", "laid out",
              "talon", "tricks taken", "cards", "muck")
_PACKET = re.compile(r"packet (\d+)")


def zone_word(bare: str, game: str | None = None) -> str:
    """A zone's name without its owner, in the current language: 'talon' (Kontrabluff's
    stock), 'packet 3'.

    >>> zone_word("stock", "kontrabluff"), zone_word("packet 3")
    ('talon', 'packet 3')
    """
    bare = ZONE_WORDS.get(game or "", {}).get(bare, bare)
    packet = _PACKET.fullmatch(bare)
    if packet:
        return translate("packet {number}").format(number=packet[1])
    return translate_in("zone", bare)


def owned_zone(seat: str, zone: str) -> str:
    """A seat's zone: "North's hand" (``zone`` already in words)."""
    return translate("{seat}'s {zone}").format(seat=seat, zone=zone)


def zone_title(zone: Any, players: int, game: str | None = None) -> str:
    """A zone in words: "North's hand", 'packet 3', 'talon' (a game's own word for a kind).

    A zone's name is a key (``"hand 1"``, ``"packet 3 0"``, ``"stock"``); the owner's name
    and the game's word for its kind are put in here.
    """
    seats = seat_names(players)
    name = zone.name.replace("_", " ")
    if zone.owner is None:
        return zone_word(name, game)
    bare = name.removesuffix(f" {zone.owner}")  # 'hand 2' of seat 2: "North's hand"
    return owned_zone(seats[zone.owner], zone_word(bare or "cards", game))


def _cards_words(cards: Sequence[Card | None]) -> str:
    shown = [card_text(c) for c in cards if c is not None]
    down = sum(c is None for c in cards)
    parts = [" ".join(shown)] if shown else []
    if down:
        parts.append(f"{down} face down")
    return ", ".join(parts) if parts else "empty"


def table_text(obs: Any, chosen: Sequence[Card] = ()) -> str:
    """The table as ``obs.player`` sees it, in words: built from the observation only.

    >>> from cardlab.games.parallel_poker import ParallelPoker
    >>> print(table_text(ParallelPoker().new_state(seed=1, dealer=0).observation(1)).splitlines()[0])
    You are North; South is to act.
    """
    players = obs.game.num_players
    names = seat_names(players)
    me = names[obs.player]
    if obs.is_terminal:
        head = f"You are {me}; the game is over."
    elif obs.current_player is None:
        head = f"You are {me}."
    else:
        head = f"You are {me}; {'you are' if obs.current_player == obs.player else names[obs.current_player] + ' is'} to act."
    lines = [head, f"Your hand: {_cards_words(obs.hand) if obs.hand else 'no cards'}"]
    if chosen:
        lines.append(f"Chosen: {cards_text(chosen)}")
    for zone in obs.zones:
        if zone.cards:
            title = zone_title(zone, players, obs.game.name)
            lines.append(f"{title[:1].upper()}{title[1:]}: {_cards_words(zone.cards)}")
    chips = obs.pot is not None
    if obs.points:
        label = "Chips" if chips else "Points"
        lines.append(f"{label}: " + ", ".join(f"{names[p]} {v}" for p, v in enumerate(obs.points)))
    if chips:
        lines.append(f"Pot: {obs.pot}")
    return "\n".join(lines)


def info_text(obs: Any, own_actions: Sequence[Any], chosen: Sequence[Card] = ()) -> str:
    """The information state of ``obs.player`` (perfect recall): everything it has seen
    happen (its log) and everything it did, then the table now."""
    did = "; ".join(str(a) for a in own_actions) or "nothing yet"
    return "\n".join([*obs.log, f"You did: {did}", table_text(obs, chosen)])
