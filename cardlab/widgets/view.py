"""Pure functions from an observation to the HTML a table shows (no widgets, no state).

A table's callbacks only assign what these compute (the bqplot pattern), so each
piece can be checked on its own. The seats sit around the table: the viewer at the
bottom, the others above and at the sides, in clockwise order.

>>> from cardlab.engine import Zone
>>> seats = ("South", "North")
>>> html = zone_html(Zone("hand", 1, cards=(None,) * 4), seats)
>>> "North's hand — 4 cards, face down" in html, html.count('aria-label="face-down card"')  # one back, counted
(True, 1)
>>> places(4, me=0)
['bottom', 'left', 'top', 'right']
>>> len(set(places(8, me=3)))  # eight players, eight places
8
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.cards import Card
from cardlab.engine import Event, Observation, Zone
from cardlab.hands import HandValue
from cardlab.records import CARDS, HAND, SEAT, SEATS
from cardlab.words import Plural, card_text, describe, fill, hand_text, parts, translate as _
from cardlab.words.howto import UNITS, amount
from cardlab.words.seats import zone_title
from cardlab.render import card_html, cards_html

__all__ = ["cards_html", "places", "zone_html", "seats_html", "log_html", "lines_with_cards_html",
           "hand_count", "Shown", "winners_of", "shown_by_seat", "by_seat_html"]

_PILE_KINDS = {"stock", "discard", "muck", "laid_out"}
_FAN_KINDS = {"row", "hand", "low", "packet", "tricks", "turned"}
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


def places(players: int, me: int) -> list[str]:
    """Where each seat sits on the screen, the viewer ``me`` at the bottom."""
    around = _PLACES.get(players) or ["top"] * (players - 1)
    spots = ["bottom"] * players
    for step in range(1, players):
        spots[(me + step) % players] = around[step - 1]
    return spots


# How a zone is said with its count (whole sentences, so a translator can reorder them).
_ZONE_SHOWN = Plural("{zone} — {n} card", "{zone} — {n} cards", n="n")
_ZONE_DOWN = Plural("{zone} — {n} card, face down", "{zone} — {n} cards, face down", n="n")
_ZONE_SOME_DOWN = Plural("{zone} — {n} card, {hidden} face down", "{zone} — {n} cards, {hidden} face down", n="n")


def zone_html(zone: Zone, seats: Sequence[str], *, size: str | None = None, short: bool = False,
              game: str | None = None) -> str:
    """A zone with its name, owner and count; a face-down pile as one back and its count.

    ``short``: without the owner's name (inside the owner's own box on the table).
    """
    text_name = zone_title(zone, seats, game, short=short)
    cards = zone.cards
    count = len(cards)
    if zone.hidden == count and count:
        text = fill(_ZONE_DOWN, zone=text_name, n=count)
    elif zone.hidden:
        text = fill(_ZONE_SOME_DOWN, zone=text_name, n=count, hidden=zone.hidden)
    else:
        text = fill(_ZONE_SHOWN, zone=text_name, n=count)
    if short and zone.hidden == count and count:
        text = fill(Plural("{zone}: {n} face down", "{zone}: {n} face down", n="n"), zone=text_name, n=count)
    if zone.players and len(zone.players) == count and not zone.hidden:  # a trick: each card over its player
        body = _captioned(cards, [seats[p] for p in zone.players], size or "md", text)
    elif count > 3 and zone.hidden == count and zone.kind in _PILE_KINDS | {"hand"}:
        body = cards_html(cards[:1], size="sm", label=text)
    elif zone.hidden > 3 and zone.kind in _PILE_KINDS:  # a pile partly face down: its face-up cards and one back
        body = cards_html([c for c in cards if c is not None] + [None], size="sm", label=text)
    elif count > 12:
        text = _("{zone}, the last 12 shown").format(zone=text)
        body = cards_html(cards[-12:], size="sm", fan=True, label=text)
    else:
        size = size or ("sm" if zone.kind in _PILE_KINDS else "md")
        # a long row or pile overlaps, so the board fits the window (1280x900)
        fan = (zone.kind in _FAN_KINDS and count > 1) or count > 7 or (zone.kind in _PILE_KINDS and count > 4)
        body = cards_html(cards, fan=fan, size=size, label=text)
    tight = " cl-tight" if count > 7 else ""  # many cards overlap more: a seat's box at the side holds ten
    return f'<div class="cl-zone{tight}"><span class="cl-zone-name">{html.escape(text, quote=False)}</span>{body}</div>'


def _captioned(cards: Sequence[Card], names: Sequence[str], size: str, text: str) -> str:
    """Cards in a row, each with a name under it (who played it, FL-7), as one group."""
    items = "".join(
        f"<span class='cl-played' style='display:inline-block;text-align:center;vertical-align:top'>"
        f"{card_html(card, size=size)}<span class='cl-by' style='display:block;font-size:11px;line-height:1.1'>"
        f"{html.escape(name)}</span></span>"
        for card, name in zip(cards, names))
    return (f'<span class="cl-cards" role="group" aria-label="{html.escape(text, quote=True)}" '
            f'style="display:inline-block;white-space:nowrap;padding-top:8px">{items}</span>')


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
        dealer = html.escape(_("dealer"))
        parts.append(f"<span class='cl-badge'>{dealer}</span>")
    if seat in acting:
        to_act = html.escape(_("to act"))
        parts.append(f"<span class='cl-badge cl-acting'>{to_act}</span>")
    facts = []
    count = hand_count(observation, seat)
    if count is not None:
        if place == "bottom":
            facts.append(fill(Plural("{n} card in hand", "{n} cards in hand", n="n"), n=count) if count
                         else _("no cards in hand"))
        else:
            facts.append(fill(Plural("holds {n} card", "holds {n} cards", n="n"), n=count) if count
                         else _("holds no cards"))
    if seat < len(points):
        facts.append(amount(points[seat], unit) if unit in UNITS else f"{points[seat]} {unit}")
    in_session = getattr(observation, "in_session", ())  # the chip games' seats (one name in every game)
    in_play = getattr(observation, "in_play", ())
    if seat < len(in_session) and not in_session[seat]:
        facts.append(html.escape(_("has left the table")))
    elif seat < len(in_play) and not in_play[seat] and not observation.is_terminal:
        facts.append(html.escape(_("out of this hand")))
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


def lines_with_cards_html(events: Iterable[Event], players: int, *, cards: bool = True,
                          viewer: int | None = None) -> str:
    """Events in words, with every card their fields name drawn face up after the words
    (``cards=False``: the words only, where the cards are drawn by their seats instead);
    an event that names ``viewer``'s seat is said to them (:func:`cardlab.words.to_you`).

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> dealt = Kontrabluff().new_state(seed=1, dealer=0).history[2]
    >>> html = lines_with_cards_html([dealt], 2)
    >>> "South is dealt 5♥" in html, 'aria-label="five of hearts"' in html
    (True, True)
    """
    rows = []
    for event in events:
        said = parts(event, players, viewer=viewer)
        named = [part for part in said if isinstance(part, Card)]
        text = "".join(part if type(part) is str else card_text(part) for part in said)
        drawn = cards_html(named, size="sm") if named and cards else ""
        rows.append(f"<div class='cl-line'>{html.escape(text)}{'<br>' + drawn if drawn else ''}</div>")
    return "".join(rows)


def log_html(events: Sequence[Event], players: int, last: int = 200,
             explain: Callable[[str], str] | None = None, viewer: int | None = None) -> str:
    """The log, newest first (no script can scroll a widget): each event's rule id (its
    rule's sentence on hover when ``explain`` gives one), then its words, escaped; an
    event that names ``viewer``'s seat is said to them (:func:`cardlab.words.to_you`).

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> history = Kontrabluff().new_state(seed=1, dealer=0).history
    >>> log_html(history[:2], 2)
    '<div class="cl-log" tabindex="0" role="region" aria-label="Log"><b>Log</b> (newest first)<div>KB-1: deal 1: South deals 10 cards each; 32 cards in the talon</div><div>KB-1: South deals first</div></div>'
    """
    recent = events[-last:] if isinstance(events, Sequence) else list(events)[-last:]  # a view slices in O(last)
    rows = []
    for event in reversed(recent):
        text = html.escape(describe(event, players, viewer))
        rule = html.escape(event.rule)
        sentence = explain(event.rule) if explain is not None and event.rule else ""
        if sentence:
            rule = f"<span class='cl-rule' title='{html.escape(sentence, quote=True)}'>{rule}</span>"
        rows.append(f"<div>{rule}: {text}</div>" if event.rule else f"<div>{text}</div>")
    # A region of its own the keyboard can reach and scroll; the table's live region, not
    # this one, reads the moves aloud (this element is made anew at each redraw).
    head, order = html.escape(_("Log")), html.escape(_("(newest first)"))
    return (f'<div class="cl-log" tabindex="0" role="region" aria-label="{head}"><b>{head}</b> {order}'
            f'{"".join(rows)}</div>')




@dataclass(frozen=True)
class Shown:
    """One seat's cards shown for a result: ``seat``, its ``cards``, and the ``hand`` they
    make where the game ranks hands (None where it does not: a fight card, a trick)."""

    seat: int
    cards: tuple[Card, ...]
    hand: HandValue | None = None


def winners_of(results: Iterable[Event]) -> tuple[int, ...]:
    """The seats the result events name as winning (a ``winner`` or ``winners`` field).

    >>> from cardlab.games.fight_for_the_lead import TRICK
    >>> winners_of([Event.of(TRICK, 2, 1, Card.parse("Ah"))])
    (2,)
    """
    found: list[int] = []
    for event in results:
        kinds = dict(event.spec.fields)
        if kinds.get("winner") is SEAT:
            found.append(event["winner"])
        elif kinds.get("winners") is SEATS:
            found.extend(event["winners"])
    return tuple(dict.fromkeys(found))


def _showings(event: Event) -> Iterable[Shown]:
    """The cards an event shows by seat: a seat field with its cards (and the hand they
    make) -- ``seat``/``winner`` with ``cards`` and ``hand``, ``other`` with ``other_cards``
    and ``other_hand`` -- or ``seats`` with one of ``cards`` each (FL-4's fight cards)."""
    kinds = dict(event.spec.fields)
    if kinds.get("seats") is SEATS and kinds.get("cards") is CARDS and len(event["seats"]) == len(event["cards"]):
        for seat, card in zip(event["seats"], event["cards"]):
            yield Shown(seat, (card,))
        return
    for name, kind in event.spec.fields:
        if kind is not SEAT:
            continue
        prefix = "" if name in ("seat", "winner") else f"{name}_"
        if kinds.get(f"{prefix}cards") is CARDS and event[f"{prefix}cards"]:
            hand = event[f"{prefix}hand"] if kinds.get(f"{prefix}hand") is HAND else None
            yield Shown(event[name], tuple(event[f"{prefix}cards"]), hand)


def shown_by_seat(results: Sequence[Event], context: Sequence[Event]) -> tuple[Shown, ...]:
    """The cards shown for a result, one entry a seat, the winners first: what the result
    and the public events before it show (a showdown's hands, DP-7; the fight cards,
    FL-4). A seat that showed twice counts with its last showing.

    >>> from cardlab.games.fight_for_the_lead import LEAD_STOCK_OUT
    >>> from cardlab.cards import parse_cards
    >>> lead = Event.of(LEAD_STOCK_OUT, (0, 1), parse_cards("9h Jh"), 1, (), 1, Card.parse("Jh"))
    >>> [(s.seat, s.cards) for s in shown_by_seat([lead], ())]
    [(1, (Card('Jh'),)), (0, (Card('9h'),))]
    """
    by_seat: dict[int, Shown] = {}
    for event in (*context, *results):
        for shown in _showings(event):
            by_seat.pop(shown.seat, None)
            by_seat[shown.seat] = shown
    first = [seat for seat in winners_of(results) if seat in by_seat]
    return tuple(by_seat[seat] for seat in [*first, *(s for s in by_seat if s not in first)])


def by_seat_html(shown: Sequence[Shown], seats: Sequence[str]) -> str:
    """Each seat's shown cards in one row of small cards under its name (and its hand's
    name), side by side, the first (the winner) leftmost.

    >>> html = by_seat_html([Shown(1, (Card.parse("Jh"),))], ("South", "North"))
    >>> "<b>North</b>" in html and 'aria-label="jack of hearts"' in html
    True
    """
    groups = []
    for item in shown:
        name = html.escape(seats[item.seat])
        said = hand_text(item.hand) if item.hand else ""
        hand = f" <span class='cl-hand-name'>{html.escape(said)}</span>" if said else ""
        text = f"{seats[item.seat]}: {said}" if said else seats[item.seat]
        groups.append(f"<div class='cl-shown' style='display:inline-block;vertical-align:top;margin-right:14px'>"
                      f"<b>{name}</b>{hand}<br>{cards_html(item.cards, size='sm', label=text)}</div>")
    return f"<div class='cl-by-seat'>{''.join(groups)}</div>" if groups else ""
