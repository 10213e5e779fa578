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
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardlab.cards import Card, parse_cards
from cardlab.engine import Observation, Zone
from cardlab.render import cards_html

__all__ = ["label", "places", "zone_html", "seats_html", "log_html", "lines_with_cards_html", "hand_count"]

_PILE_KINDS = {"stock", "talon", "discard", "discards", "deck", "pile", "removed", "out", "muck"}
_FAN_KINDS = {"row", "hand", "fan", "face_down", "tricks"}
#: Where each other seat sits, clockwise from the viewer's left, by the number of players.
_PLACES = {
    1: [],
    2: ["top-wide"],
    3: ["left", "right"],
    4: ["left", "top", "right"],
    5: ["left", "top-left", "top-right", "right"],
}
_CARD = re.compile(r"(?<![\w])(10|[2-9JQKA])([♠♥♦♣])")


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


def zone_html(zone: Zone, seats: Sequence[str], *, size: str | None = None, short: bool = False) -> str:
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
    elif count > 12:
        text += ", the last 12 shown"
        body = cards_html(cards[-12:], size="sm", fan=True, label=text)
    else:
        size = size or ("sm" if zone.kind in _PILE_KINDS else "md")
        body = cards_html(cards, fan=zone.kind in _FAN_KINDS and count > 1, size=size, label=text)
    return f'<div class="cl-zone"><span class="cl-zone-name">{html.escape(text, quote=False)}</span>{body}</div>'


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
        facts.append(f"{points[seat]} {unit}")
    seated = getattr(observation, "seated", None) or getattr(observation, "in_session", None)
    active = getattr(observation, "active", None)
    if seated and seat < len(seated) and not seated[seat]:
        facts.append("has left the table")
    elif active and seat < len(active) and not active[seat] and not observation.is_terminal:
        facts.append("out of this hand")
    zones = []
    for zone in observation.zones:
        if zone.owner != seat or not zone.cards:
            continue
        if zone.kind == "hand" and (seat == observation.player or zone.hidden == len(zone.cards)):
            continue  # the count says it (and the viewer's own hand is drawn as buttons)
        zones.append(zone_html(zone, seats, size="sm", short=True))
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
    middle = [zone_html(z, seats, size="sm") for z in observation.zones if z.owner is None and z.cards]
    return (
        "<div class='cl-felt'>"
        + "".join(boxes)
        + f"<div class='cl-centre'>{centre}{''.join(middle)}</div></div>"
    )


def lines_with_cards_html(lines: Iterable[str]) -> str:
    """Log lines with every card they name drawn face up after the words.

    >>> 'aria-label="ace of hearts"' in lines_with_cards_html(["North shows A♥ K♥"])
    True
    """
    rows = []
    for line in lines:
        cards = [Card.parse(m.group(0)) for m in _CARD.finditer(line)]
        drawn = cards_html(cards, size="sm") if cards else ""
        rows.append(f"<div class='cl-line'>{html.escape(line)}{'<br>' + drawn if drawn else ''}</div>")
    return "".join(rows)


def log_html(lines: Sequence[str], last: int = 200, explain: Callable[[str], str] | None = None) -> str:
    """The log, newest first (no script can scroll a widget), each line escaped; a rule
    id shows the rule's sentence on hover when ``explain`` gives one.

    >>> log_html(["KB-1: South deals", "KB-3: North lays 5♠"])
    '<div class="cl-log" aria-live="polite"><b>Log</b> (newest first)<div>KB-3: North lays 5♠</div><div>KB-1: South deals</div></div>'
    """
    recent = lines[-last:] if isinstance(lines, Sequence) else list(lines)[-last:]  # a log view slices in O(last)
    rows = []
    for line in reversed(recent):
        line = html.escape(line)
        if explain is not None:
            rule, sep, rest = line.partition(": ")
            sentence = explain(rule) if sep and re.fullmatch(r"[A-Z]{2}-\d+", rule) else ""
            if sentence:
                line = f"<span class='cl-rule' title='{html.escape(sentence, quote=True)}'>{rule}</span>: {rest}"
        rows.append(f"<div>{line}</div>")
    return f'<div class="cl-log" aria-live="polite"><b>Log</b> (newest first){"".join(rows)}</div>'


def cards_in_text(text: str) -> list[Card]:
    """The cards a line of words names ('A♥', '10♣').

    >>> cards_in_text("West wins trick 1 with Q♣")
    [Card('Qc')]
    """
    return list(parse_cards(" ".join(m.group(0) for m in _CARD.finditer(text)), allow_repeats=True)) if _CARD.search(text) else []
