"""A seat's view in words: zone titles, and the table and information state as text (the
adapters' strings: OpenSpiel's observation and information-state strings, PettingZoo's
render). Built from an observation only, so they hold nothing the seat may not see.

>>> import cardlab.games  # each game registers its words (Kontrabluff's talon)
>>> from cardlab.engine import Zone
>>> zone_title(Zone("hand", 1, cards=(None,) * 4), 2)
"North's hand"
>>> zone_title(Zone("stock", cards=(None,) * 4), 2, "kontrabluff")
'talon'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.cards import Card
from cardlab.words import N_, ZONE_WORDS, card_text, cards_text, seat_names, translate, translate_in

__all__ = ["zone_title", "table_text", "info_text", "ZONE_NAMES", "NUMBERED_ZONES", "zone_word", "owned_zone"]

#: Each kind of zone (the engine's glossary) as the tables say it, in the catalogs with
#: the context "zone" (:mod:`cardlab.catalogs` extracts them): a zone's 'hand' is the
#: cards held, not a deal (the coach's 'hand'). A game's own word for a kind comes first
#: (:data:`cardlab.words.ZONE_WORDS`: Kontrabluff's stock is the talon).
ZONE_NAMES: dict[str, str] = {
    "hand": "hand", "row": "row", "low": "low", "stock": "stock", "discard": "discard", "muck": "muck",
    "laid_out": "laid out", "fight": "fight", "turned": "turned", "trick": "trick", "tricks": "tricks",
}
#: The numbered kinds: a whole phrase with the zone's index as ``{number}`` (PP-2's packets).
NUMBERED_ZONES: dict[str, str] = {"packet": N_("packet {number}")}


def zone_word(kind: str, game: str | None = None, index: int | None = None) -> str:
    """A kind of zone in words, without its owner, in the current language: the game's own
    word for it (Kontrabluff's stock is the talon), a numbered one with its number.

    >>> zone_word("stock", "kontrabluff"), zone_word("packet", index=3), zone_word("laid_out")
    ('talon', 'packet 3', 'laid out')
    """
    if index is not None:
        return translate(NUMBERED_ZONES[kind]).format(number=index)
    own = ZONE_WORDS.get(game or "", {}).get(kind)
    return translate_in("zone", own or ZONE_NAMES.get(kind) or kind.replace("_", " "))


def owned_zone(seat: str, zone: str) -> str:
    """A seat's zone: "North's hand" (``zone`` already in words)."""
    return translate("{seat}'s {zone}").format(seat=seat, zone=zone)


def zone_title(zone: Any, seats: int | Sequence[str], game: str | None = None, *, short: bool = False) -> str:
    """A zone in words from its kind, owner and index: "North's hand", "South's packet 3",
    'talon' (a game's own word for a kind). ``seats``: the seats' names, or the number of
    players (their names in the current language); ``short``: without the owner's name
    (inside the owner's own box on a table).

    >>> from cardlab.engine import Zone
    >>> zone_title(Zone("packet", 0, 3), ("Ana", "Ben")), zone_title(Zone("packet", 0, 3), 2, short=True)
    ("Ana's packet 3", 'packet 3')
    """
    word = zone_word(zone.kind, game, zone.index)
    if zone.owner is None or short:
        return word
    names = seat_names(seats) if isinstance(seats, int) else seats
    return owned_zone(names[zone.owner], word)


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
