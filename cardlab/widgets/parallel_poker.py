"""Parallel poker's table: arrange the 25 cards into five packets by clicking (PP-2),
then watch the five showings one by one (PP-3, PP-4).

Click a card of the hand to put it into the packet being filled (chosen with the
packet buttons); click a card in a packet to take it back. "Lay the packets" plays
``Action("arrange", ...)`` once all 25 lie in packets; the engine judges it, and says why
not while the packets are not full (the button's reason is the engine's refusal).

>>> from cardlab.widgets import ParallelPokerTable
>>> table = ParallelPokerTable(seed=3)
>>> for card in list(table.observation().hand):
...     table.put(card)
>>> [len(p) for p in table.packets]
[5, 5, 5, 5, 5]
>>> table.lay_packets(); table.seen.over
True
>>> table.reveal_all(); table.revealed
5
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
import html
from typing import Any

import ipywidgets as W

from cardlab.cards import Card
from cardlab.engine import Action, Event, Observation
from cardlab.games.parallel_poker import SPEC, ParallelPoker
from cardlab.hands import evaluate
from cardlab.widgets.view import cards_html
from cardlab.words import N_, Plural, cards_text, fill, hand_text, translate as _
from cardlab.widgets.table import card_button, plain_button, plain_html, style_card_button
from cardlab.widgets.tables import GameTable
from cardlab.words import describe
from cardlab.words.seats import zone_title

__all__ = ["ParallelPokerTable"]

PACKETS, PACKET_SIZE = SPEC.packets, SPEC.packet  # PP-2: the geometry the game declares


class ParallelPokerTable(GameTable):
    """Parallel poker (PP-1..PP-5) against a bot, or hot-seat.

    ``packets`` holds the seat's arrangement in progress; ``revealed`` how many of
    the showings are turned up so far (the rest wait for "next showing").
    """

    title = N_("Parallel poker")
    game_class = ParallelPoker

    def __init__(self, game: Any = None, **kwargs: Any):
        self.packets: list[list[Card]] = [[] for _ in range(PACKETS)]
        self.revealed = 0
        self._packet_buttons: list[list[W.Button]] = []
        super().__init__(game, **kwargs)

    # -- arranging (PP-2) ---------------------------------------------------------------
    def put(self, card: Card, packet: int | None = None) -> None:
        """Put a held card into ``packet`` (0..4; the one being filled when None, or the next with room)."""
        if any(card in p for p in self.packets):
            return
        start = int(self._fill.value) - 1 if packet is None else packet
        for k in [*range(start, PACKETS), *range(0, start)]:
            if len(self.packets[k]) < PACKET_SIZE:
                self.packets[k].append(card)
                if len(self.packets[k]) == PACKET_SIZE and packet is None:
                    free = [j for j in range(PACKETS) if len(self.packets[j]) < PACKET_SIZE]
                    if free:
                        self._fill.value = str(free[0] + 1)
                return

    def take_back(self, packet: int, index: int) -> None:
        """Return a card from a packet to the hand."""
        if index < len(self.packets[packet]):
            self.packets[packet].pop(index)

    def arrangement(self) -> Action:
        """The arrange action of the packets as they lie (packet 1 first)."""
        return Action("arrange", tuple(c for p in self.packets for c in p))

    def lay_packets(self) -> None:
        """Play the arrangement (PP-2); the engine refuses an incomplete one."""
        self.play(self.arrangement())  # an illegal one raises and leaves the packets as they lie
        self._clear_packets()  # the next arrangement (hot-seat, next game) starts at packet 1
        self._refresh()

    def clear_selection(self) -> None:
        """A new game or an undo: the packets start empty again, at packet 1."""
        super().clear_selection()
        self._clear_packets()

    # -- showings one by one (PP-3) -------------------------------------------------------
    def next_showing(self) -> None:
        self.revealed = min(self.revealed + 1, len(self.observation().showings))

    def reveal_all(self) -> None:
        self.revealed = len(self.observation().showings)

    # -- widgets ------------------------------------------------------------------------
    def build_board(self) -> None:
        self._fill = W.ToggleButtons(options=[str(k) for k in range(1, PACKETS + 1)], value="1",
                                     description="fill packet", style={"button_width": "30px", "description_width": "70px"})
        self._fill.observe(lambda _: self._guard(lambda: None), "value")
        self._lay = plain_button(description="Lay the packets", button_style="primary", icon="check")
        self._lay.add_class("cl-action")
        self._lay.on_click(lambda _: self._guard(self.lay_packets))
        self._clear = plain_button(description="Take all back", icon="times")
        self._clear.on_click(lambda _: self._guard(self._clear_packets))
        self._next = plain_button(description="Next showing", button_style="info", icon="eye")
        self._next.on_click(lambda _: self._guard(self.next_showing))
        self._all = plain_button(description="Show all")
        self._all.on_click(lambda _: self._guard(self.reveal_all))
        self._packet_rows = [W.VBox(layout=W.Layout(width="144px")) for _ in range(PACKETS)]
        self._packet_labels = [plain_html() for _ in range(PACKETS)]
        for k in range(PACKETS):
            buttons = [card_button(lambda k=k, i=i: self._guard(self.take_back, k, i)) for i in range(PACKET_SIZE)]
            for button in buttons:
                style_card_button(button, None, small=True)
            self._packet_buttons.append(buttons)
            fan = W.HBox(buttons, layout=W.Layout(min_height="62px"))
            fan.add_class("cl-fan")
            self._packet_rows[k].children = (self._packet_labels[k], fan)
            self._packet_rows[k].add_class("cl-packet")
        # the five packets side by side, each a fan of small cards; the packet being filled is marked
        self._arranging = W.HBox(self._packet_rows, layout=W.Layout(flex_flow="row wrap"))
        self._showings = plain_html()
        self._extra.children = (self._arranging, W.HBox([self._next, self._all]), self._showings)
        self._actions.children = (self._fill, self._lay, self._clear)  # made once; hidden while not arranging

    def board_labels(self) -> None:
        self._fill.description = _("fill packet")
        self._lay.description = self.words.verb("arrange").label()
        self._clear.description = _("Take all back")
        self._next.description = _("Next showing")
        self._all.description = _("Show all")

    def action_words(self, action: Action) -> str:
        """An arrangement as its five packets: 'packets 7♣ 8♣ ... | ...'."""
        if action.kind != "arrange":
            return super().action_words(action)
        packets = [action.cards[i : i + PACKET_SIZE] for i in range(0, len(action.cards), PACKET_SIZE)]
        return _("packets {packets}").format(packets=" | ".join(cards_text(p) for p in packets))

    def _clear_packets(self) -> None:
        self.packets = [[] for _ in range(PACKETS)]
        self._fill.value = "1"

    def select_card(self, index: int) -> None:
        hand = self.observation().hand
        if index < len(hand):
            self.put(hand[index])  # a card already in a packet stays there (its button is hidden)

    def _free(self, obs: Observation) -> list[Card]:
        used = {c for p in self.packets for c in p}
        return [c for c in obs.hand if c not in used]

    def draw_hand(self, obs: Observation, my_turn: bool) -> None:
        # Button i always shows card i of the hand, hidden while that card lies in a packet:
        # a click changes one button, not every button after it.
        used = {c for p in self.packets for c in p}
        hand = obs.hand
        while len(self._card_buttons) < PACKETS * PACKET_SIZE:
            index = len(self._card_buttons)
            self._card_buttons.append(card_button(lambda i=index: self._guard(self.select_card, i)))
        if len(self._hand.children) != len(self._card_buttons):
            self._hand.children = tuple(self._card_buttons)
        covered = self.seen.covered
        self._hand.layout.display = "none" if covered or len(used) >= len(hand) else None
        for i, button in enumerate(self._card_buttons):
            card = hand[i] if i < len(hand) and not covered and hand[i] not in used else None
            style_card_button(button, card, small=True)
            button.disabled = not my_turn

    def hand_label_html(self, obs: Observation, my_turn: bool) -> str:
        if not my_turn:
            return ""
        free = self._free(obs)
        said = fill(Plural("You hold {n} card not yet in a packet:", "You hold {n} cards not yet in a packet:", n="n"),
                    n=len(free))
        return f"<div class='cl-you-hold'>{html.escape(said)}</div>"

    def draw_actions(self, my_turn: bool) -> None:
        self._actions.layout.display = None if my_turn else "none"
        if not my_turn:
            self._lay.tooltip = ""
            self._reason.value = ""
            return
        why = self.why_not(self.arrangement())
        self._lay.disabled = bool(why)
        self._lay.tooltip = why or self._lay.description
        self._reason.value = f"<div class='cl-reason'>{html.escape(why)}</div>" if why else ""

    def banner_ready(self) -> bool:
        """The result waits for the last showing (PP-3)."""
        return self.revealed >= len(self.observation().showings)

    def shown_hands(self) -> tuple:
        """None above the showings: the showings panel lays every showing's packets by seat
        with its hands (PP-3, PP-4), so the banner says the result in words only."""
        return ()

    def draw_board(self, obs: Observation, my_turn: bool) -> None:
        rules = self.game.rules
        if not obs.showings and self.seen.replay is None:  # a new game: none turned up yet
            self.revealed = 0
        self._arranging.layout.display = None if my_turn else "none"
        for k in range(PACKETS):
            packet = self.packets[k] if my_turn else []
            for i, button in enumerate(self._packet_buttons[k]):
                style_card_button(button, packet[i] if i < len(packet) else None, small=True)
                button.disabled = not my_turn
            what = (hand_text(evaluate(packet, rules)) if len(packet) == PACKET_SIZE
                    else _("{n} of {size}").format(n=len(packet), size=PACKET_SIZE))
            here = " ◀" if my_turn and self._fill.value == str(k + 1) else ""
            name = html.escape(_("packet {number}").format(number=k + 1))
            self._packet_labels[k].value = f"<b>{name}</b>{here} <span style='font-size:12px'>{html.escape(what)}</span>"
        hidden = max(0, len(obs.showings) - self.revealed)
        self._next.layout.display = None if hidden else "none"
        self._all.layout.display = None if hidden > 1 else "none"
        self._showings.value = self._showings_html(obs)

    def _showings_html(self, obs: Observation) -> str:
        """The showings turned up so far (PP-3, PP-4): one column per showing, one row per
        seat (its packet, small, and the hand it makes), the showing's result below;
        five packets a seat across, so the last showing still fits the window."""
        seats = self.seats
        if not obs.showings:
            return ""
        totals = [0, 0]
        games: dict[int, list] = {}
        for showing in obs.showings[: self.revealed]:
            if showing.winner is not None:
                totals[showing.winner] += showing.points
            games.setdefault(showing.game, []).append(showing)
        tables = []
        for game, showings in games.items():
            head = "".join(
                "<th>{}</th>".format(html.escape(_("game {game}, showing {packet}").format(game=game, packet=s.packet)))
                for s in showings)
            rows = "".join(
                f"<tr><th>{seats[p]}</th>" + "".join(
                    f"<td>{cards_html(s.cards[p], size='sm')}<div>{html.escape(hand_text(s.values[p]))}</div></td>"
                    for s in showings) + "</tr>"
                for p in (0, 1))
            results = "".join(
                "<td>{}</td>".format(html.escape(_("tie: no points (PP-4)"))) if s.winner is None else
                "<td><b>{}</b></td>".format(html.escape(fill(
                    Plural("{seat} wins {points} point (PP-4)", "{seat} wins {points} points (PP-4)", n="points"),
                    seat=seats[s.winner], points=s.points)))
                for s in showings)
            tables.append(f"<table class='cl-showings'><tr><th></th>{head}</tr>{rows}<tr><th></th>{results}</tr></table>")
        waiting = max(0, len(obs.showings) - self.revealed)
        note = fill(Plural("{n} showing still face down.", "{n} showings still face down.", n="n"), n=waiting)
        note = f"<div>{html.escape(note)}</div>" if waiting else ""
        head = _("Showings (PP-3) — so far {seat} {points}, {other} {other_points}").format(
            seat=seats[0], points=totals[0], other=seats[1], other_points=totals[1])
        return f"<div class='cl-panel'><b>{html.escape(head)}</b>{''.join(tables)}{note}</div>"

    def board_html(self, obs: Observation, my_turn: bool = False) -> str:
        # While the last game's showings are turned up one by one, the other seat's
        # later packets stay face down on the board.
        hidden = len(obs.showings) - self.revealed
        if not obs.is_terminal or hidden <= 0:
            return super().board_html(obs, my_turn)
        last = obs.showings[-1].game
        shown = sum(1 for s in obs.showings[: self.revealed] if s.game == last)
        zones = []
        for zone in obs.zones:
            if zone.owner not in (None, obs.player) and zone.kind == "packet" and zone.cards and zone.index > shown:
                zone = dataclasses.replace(zone, cards=(None,) * len(zone.cards))
            zones.append(zone)
        return super().board_html(dataclasses.replace(obs, zones=tuple(zones)), my_turn)

    def result_context(self) -> tuple[str, ...]:
        return ()  # the showings table below shows every packet turned up

    def banner_lines(self) -> list[str]:
        """The game's and the match's result (PP-5), once every showing is turned up."""
        players = self.game.num_players
        texts = [describe(event, players, viewer=self.viewer) for event in self.observation().events if event.rule == "PP-5"]
        return [f"{text[:1].upper()}{text[1:]} — PP-5" for text in texts[-2:]]

    def teacher_html(self) -> str:
        """Every card, each player's laid packets as five rows under the player's name
        (teacher's view only)."""
        every, parts = self.seen.every_card or (), []
        for zone in every:
            if zone.kind != "packet":
                parts.append(f"<div class='cl-zone' style='display:block'><span class='cl-zone-name'>"
                             f"{html.escape(zone_title(zone, self.seats, self.game.name))} ({len(zone.cards)})</span>"
                             f"{cards_html(list(zone.cards), size='sm', fan=True)}</div>")
            elif zone.index == 1:  # a seat's five packets in one box (PP-2)
                rows = "".join(
                    f"<div>{html.escape(zone_title(packet, self.seats, self.game.name, short=True))}: "
                    f"{cards_html(list(packet.cards), size='sm')}</div>"
                    for packet in every if packet.kind == "packet" and packet.owner == zone.owner)
                parts.append(f"<div class='cl-zone'><span class='cl-zone-name'>{html.escape(self.seats[zone.owner])}"
                             f"</span>{rows}</div>")
        head = html.escape(_("Teacher's view: every card"))
        return f'<div class="cl-panel"><b>{head}</b><br>' + "".join(parts) + "</div>"

    def over_text(self, obs: Observation) -> str:
        if self.revealed < len(obs.showings):
            return _("All packets are laid: turn the showings up one by one (PP-3).")
        return super().over_text(obs)

    def shown_points(self, obs: Observation) -> tuple:
        """The scores without the showings still face down (PP-4)."""
        scores = list(obs.points)
        for showing in obs.showings[self.revealed:]:
            if showing.winner is not None:
                scores[showing.winner] -= showing.points
        return tuple(scores)

    def log_events(self, obs: Observation) -> Sequence[Event]:
        """The seat's events up to the last showing turned up (later ones would tell the result)."""
        count = 0
        for i, event in enumerate(obs.events):  # the seat's newest events, in order
            if event.rule == "PP-3":
                count += 1
                if count > self.revealed:
                    return obs.events[:i]
        return obs.events
