"""Pure functions from an observation to the HTML a table shows (no widgets, no state).

A table's callbacks only assign what these compute (the bqplot pattern), so each
piece can be checked on its own. The seats sit around the table: the viewer at the
bottom, the others above and at the sides, in clockwise order.

>>> from cardlab.engine import Zone
>>> seats = ("South", "North")
>>> html = zone_html(Zone("hand 1", (None,) * 4, owner=1, kind="hand"), seats)
>>> "North's hand — 4 cards, face down" in html, html.count('aria-label="face-down card"')  # one back, counted
(True, 1)
>>> places(4, me=0)
['bottom', 'left', 'top', 'right']
>>> len(set(places(8, me=3)))  # eight players, eight places
8
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardlab.cards import Card
from cardlab.engine import Event, Observation, Zone
from cardlab.words import describe, parts
from cardlab.words.howto import UNITS, amount
from cardlab.render import cards_html

__all__ = ["label", "places", "zone_html", "seats_html", "log_html", "lines_with_cards_html", "hand_count"]

_PILE_KINDS = {"stock", "discard", "deck", "pile", "removed", "out", "muck"}
_FAN_KINDS = {"row", "hand", "fan", "face_down", "tricks", "turned"}
#: Where each other seat sits, clockwise from the viewer's left, by the number of players.
_PLACES = {
    1: [],
    2: ["top-wide"],
    3: ["left", "right"],
    4: ["left", "top", "right"],
    5: ["left", "top-left", "top-right", "right"],
    6: ["left", "top-left", "top", "top-right", "right"],
    7: ["bottom-left", "left", "top-left", "top-right", "right", "bottom-right"],
    8: ["bottom-left", "left", "top-left", "top", "top-right", "right", "bottom-right"],
}


def label(name: str) -> str:
    """An identifier in words: ``'hand_over'`` -> ``'hand over'``."""
    return name.replace("_", " ")


def places(players: int, me: int) -> list[str]:
    """Where each seat sits on the screen, the viewer ``me`` at the bottom."""
    around = _PLACES.get(players) or ["top"] * (players - 1)
    spots = ["bottom"] * players
    for step in range(1, players):
        spots[(me + step) % players] = around[step - 1]
    return spots


def _zone_title(zone: Zone, seats: Sequence[str]) -> str:
    name = label(zone.name)
    if zone.owner is not None:
        bare = re.sub(rf"\b{re.escape(seats[zone.owner])}\b", "", name).strip()
        if bare == name:  # 'hand 2' of seat 2: "North's hand"
            bare = name.removesuffix(f" {zone.owner}")
        name = f"{seats[zone.owner]}'s {bare or 'cards'}"
    return name


def zone_html(zone: Zone, seats: Sequence[str], *, size: str | None = None, short: bool = False,
              game: str | None = None) -> str:
    """A zone with its name, owner and count; a face-down pile as one back and its count.

    ``short``: without the owner's name (inside the owner's own box on the table).
    """
    text_name = _zone_title(zone, seats)
    if short and zone.owner is not None:
        text_name = text_name.removeprefix(f"{seats[zone.owner]}'s ")
    cards = zone.cards
    count = len(cards)
    hidden = f", {zone.hidden} face down" if zone.hidden and zone.hidden != count else ""
    if zone.hidden == count and count:
        hidden = ", face down"
    text = f"{text_name} — {count} card{'s' * (count != 1)}{hidden}"
    if short and zone.hidden == count and count:
        text = f"{text_name}: {count} face down"
    if count > 3 and zone.hidden == count and zone.kind in _PILE_KINDS | {"hand"}:
        body = cards_html(cards[:1], size="sm", label=text)
    elif zone.hidden > 3 and zone.kind in _PILE_KINDS:  # a pile partly face down: its face-up cards and one back
        body = cards_html([c for c in cards if c is not None] + [None], size="sm", label=text)
    elif count > 12:
        text += ", the last 12 shown"
        body = cards_html(cards[-12:], size="sm", fan=True, label=text)
    else:
        size = size or ("sm" if zone.kind in _PILE_KINDS else "md")
        # a long row or pile overlaps, so the board fits the window (1280x900)
        fan = (zone.kind in _FAN_KINDS and count > 1) or count > 7 or (zone.kind in _PILE_KINDS and count > 4)
        body = cards_html(cards, fan=fan, size=size, label=text)
    tight = " cl-tight" if count > 7 else ""  # many cards overlap more: a seat's box at the side holds ten
    return f'<div class="cl-zone{tight}"><span class="cl-zone-name">{html.escape(text, quote=False)}</span>{body}</div>'


def hand_count(observation: Observation, seat: int) -> int | None:
    """How many cards ``seat`` holds, as the observation tells it (None if it does not)."""
    sizes = getattr(observation, "hand_sizes", None)
    if sizes and seat < len(sizes):
        return sizes[seat]
    for zone in observation.zones:
        if zone.owner == seat and zone.kind == "hand":
            return len(zone.cards)
    return None


def _seat_box(observation: Observation, seat: int, seats: Sequence[str], unit: str, points: Sequence[Any],
              acting: Iterable[int], place: str) -> str:
    parts = [f"<b>{html.escape(seats[seat])}</b>"]
    if getattr(observation, "dealer", None) == seat:
        parts.append("<span class='cl-badge'>dealer</span>")
    if seat in acting:
        parts.append("<span class='cl-badge cl-acting'>to act</span>")
    facts = []
    count = hand_count(observation, seat)
    if count is not None:
        cards = f"{count} card{'s' * (count != 1)}" if count else "no cards"
        facts.append(f"{cards} in hand" if place == "bottom" else f"holds {cards}")
    if seat < len(points):
        facts.append(amount(points[seat], unit) if unit in UNITS else f"{points[seat]} {unit}")
    in_session = getattr(observation, "in_session", ())  # the chip games' seats (one name in every game)
    in_play = getattr(observation, "in_play", ())
    if seat < len(in_session) and not in_session[seat]:
        facts.append("has left the table")
    elif seat < len(in_play) and not in_play[seat] and not observation.is_terminal:
        facts.append("out of this hand")
    zones = []
    for zone in observation.zones:
        if zone.owner != seat or not zone.cards:
            continue
        if zone.kind == "hand" and (seat == observation.player or zone.hidden == len(zone.cards)):
            continue  # the count says it (and the viewer's own hand is drawn as buttons)
        zones.append(zone_html(zone, seats, size="sm", short=True, game=observation.game.name))
    return (
        f"<div class='cl-seat cl-{place}'>{' '.join(parts)} <span class='cl-facts'>{' · '.join(facts)}</span>"
        f"{'<div>' + ''.join(zones) + '</div>' if zones else ''}</div>"
    )


def seats_html(observation: Observation, seats: Sequence[str], *, unit: str, points: Sequence[Any],
               acting: Iterable[int] = (), centre: str = "") -> str:
    """The table: other seats above and at the sides, the public cards in the middle,
    the viewer's own seat (its cards on the table, not its hand) at the bottom."""
    me = observation.player
    spots = places(len(seats), me)
    acting = set(acting)
    boxes = [_seat_box(observation, p, seats, unit, points, acting, spots[p]) for p in range(len(seats))]
    middle = [zone_html(z, seats, size="sm", game=observation.game.name) for z in observation.zones
              if z.owner is None and z.cards]
    return (
        "<div class='cl-felt'>"
        + "".join(boxes)
        + f"<div class='cl-centre'>{centre}{''.join(middle)}</div></div>"
    )


def lines_with_cards_html(events: Iterable[Event], players: int) -> str:
    """Events in words, with every card their fields name drawn face up after the words.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> dealt = Kontrabluff().new_state(seed=1, dealer=0).history[2]
    >>> html = lines_with_cards_html([dealt], 2)
    >>> "South is dealt 5♥" in html, 'aria-label="five of hearts"' in html
    (True, True)
    """
    rows = []
    for event in events:
        said = parts(event, players)
        cards = [part for part in said if isinstance(part, Card)]
        text = "".join(str(part) for part in said)
        drawn = cards_html(cards, size="sm") if cards else ""
        rows.append(f"<div class='cl-line'>{html.escape(text)}{'<br>' + drawn if drawn else ''}</div>")
    return "".join(rows)


def log_html(events: Sequence[Event], players: int, last: int = 200,
             explain: Callable[[str], str] | None = None) -> str:
    """The log, newest first (no script can scroll a widget): each event's rule id (its
    rule's sentence on hover when ``explain`` gives one), then its words, escaped.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> history = Kontrabluff().new_state(seed=1, dealer=0).history
    >>> log_html(history[:2], 2)
    '<div class="cl-log" aria-live="polite"><b>Log</b> (newest first)<div>KB-1: deal 1: South deals 10 cards each; 32 cards in the talon</div><div>KB-1: South deals first</div></div>'
    """
    recent = events[-last:] if isinstance(events, Sequence) else list(events)[-last:]  # a view slices in O(last)
    rows = []
    for event in reversed(recent):
        text = html.escape(describe(event, players))
        rule = html.escape(event.rule)
        sentence = explain(event.rule) if explain is not None and event.rule else ""
        if sentence:
            rule = f"<span class='cl-rule' title='{html.escape(sentence, quote=True)}'>{rule}</span>"
        rows.append(f"<div>{rule}: {text}</div>" if event.rule else f"<div>{text}</div>")
    return f'<div class="cl-log" aria-live="polite"><b>Log</b> (newest first){"".join(rows)}</div>'


