"""Pure functions from an observation to the HTML a table shows (no widgets, no state).

A table's callbacks only assign what these compute (the bqplot pattern), so each
piece can be checked on its own.

>>> from cardlab.engine import Zone
>>> seats = ("South", "North")
>>> html = zone_html(Zone("hand 1", (None,) * 4, owner=1, kind="hand"), seats)
>>> "North's hand — 4 cards, face down" in html, html.count('aria-label="face-down card"')
(True, 4)
"""

from __future__ import annotations

import dataclasses
import enum
import html
from collections.abc import Iterable, Sequence
from typing import Any

from cardlab.engine import Observation, Zone
from cardlab.render import cards_html

__all__ = ["label", "per_seat", "zone_html", "board_html", "extras_html", "log_html"]

_BASE_FIELDS = {f.name for f in dataclasses.fields(Observation)}
_SEAT_FIELDS = {"dealer", "leader", "lead", "opener", "winner", "last_raiser", "to_act", "first"}
_PILE_KINDS = {"stock", "talon", "discard", "discards", "deck", "pile", "removed", "out", "muck"}
_FAN_KINDS = {"row", "hand", "fan", "face_down"}


def label(name: str) -> str:
    """An identifier in words: ``'hand_over'`` -> ``'hand over'``."""
    return name.replace("_", " ")


def per_seat(seats: Sequence[str], values: Sequence[Any]) -> str:
    """One value per seat: ``South <b>3</b> · North <b>22</b>``.

    >>> per_seat(("South", "North"), (3, 22))
    'South <b>3</b> · North <b>22</b>'
    """
    return " · ".join(f"{name} <b>{value}</b>" for name, value in zip(seats, values))


def zone_html(zone: Zone, seats: Sequence[str]) -> str:
    """A zone with its name, owner and count; a face-down pile as one back and its count."""
    name = label(zone.name)
    if zone.owner is not None and seats[zone.owner] not in zone.name:
        name = name.removesuffix(f" {zone.owner}")  # 'hand 2' of seat 2: "North's hand"
        name = f"{seats[zone.owner]}'s {name}"
    cards = zone.cards
    count = len(cards)
    hidden = f", {zone.hidden} face down" if zone.hidden and zone.hidden != count else ""
    if zone.hidden == count and count:
        hidden = ", face down"
    text = f"{name} — {count} card{'s' * (count != 1)}{hidden}"
    if count > 3 and zone.hidden == count and zone.kind in _PILE_KINDS:
        body = cards_html(cards[:1], size="sm", label=text)
    elif count > 12:
        text += ", the last 12 shown"
        body = cards_html(cards[-12:], size="sm", fan=True, label=text)
    else:
        size = "sm" if zone.kind in _PILE_KINDS else "md"
        body = cards_html(cards, fan=zone.kind in _FAN_KINDS and count > 1, size=size, label=text)
    return f'<div class="cl-zone"><span class="cl-zone-name">{html.escape(text, quote=False)}</span>{body}</div>'


def board_html(observation: Observation, seats: Sequence[str]) -> str:
    """The zones in three bands: the other seats', the public ones, the seat's own.

    The seat's hand, drawn as buttons by the table, is not drawn twice.
    """
    me = observation.player
    theirs = [z for z in observation.zones if z.owner is not None and z.owner != me]
    public = [z for z in observation.zones if z.owner is None]
    hand = set(observation.hand)
    mine = [z for z in observation.zones if z.owner == me and not (z.cards and set(z.cards) == hand)]
    return "".join(
        f'<div class="cl-panel">{"".join(zone_html(z, seats) for z in band)}</div>'
        for band in (theirs, public, mine) if band
    )


def extras_html(observation: Observation, seats: Sequence[str]) -> str:
    """A game's own observation fields that are plain numbers or words (phase, dealer ...).

    Cards and per-seat tuples are left out: the zones and the status line show them.
    """
    items = []
    for f in dataclasses.fields(observation):
        if f.name in _BASE_FIELDS or f.name.startswith("_"):
            continue
        value = getattr(observation, f.name)
        if isinstance(value, enum.Enum):  # a phase: its value is its word
            value = label(str(value.value))
        if isinstance(value, bool) or not isinstance(value, (int, str)) or value == "":
            continue
        seatlike = f.name in _SEAT_FIELDS or f.name.endswith(("dealer", "leader"))
        if seatlike and isinstance(value, int) and 0 <= value < len(seats):
            value = seats[value]
        items.append(f"<span style='margin-right:14px'>{label(f.name)}: <b>{html.escape(str(value))}</b></span>")
    return f"<div style='font-size:13px;opacity:.9'>{''.join(items)}</div>" if items else ""


def log_html(lines: Iterable[str], last: int = 200) -> str:
    """The log, newest first (no script can scroll a widget), each line escaped.

    >>> log_html(["KB-1: South deals", "KB-3: North lays 5♠"])
    '<div class="cl-log" aria-live="polite"><b>Log</b> (newest first)<div>KB-3: North lays 5♠</div><div>KB-1: South deals</div></div>'
    """
    recent = lines[-last:] if isinstance(lines, Sequence) else list(lines)[-last:]  # a log view slices in O(last)
    rows = "".join(f"<div>{html.escape(line)}</div>" for line in reversed(recent))
    return f'<div class="cl-log" aria-live="polite"><b>Log</b> (newest first){rows}</div>'
