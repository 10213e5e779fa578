"""What is still face down is never told (issue 35): not by the live region a screen
reader says, nor by any other widget the page receives.

Each game is played from a seed through its buttons, as a student clicks, with the coach
on. After every click (a move, "Continue", each of parallel poker's showings turned up)
the seat's events are split where the page stands: those its log has reached, and the
later ones (the next deal behind a result on screen; parallel poker's showings still face
down, PP-3, and the game's result they decide, PP-5). Then no synced trait of any widget,
the live region's text among them,

- names a card that only the later events or another seat's hidden hand hold,
- says the sentence of a later event (a showing's winner, a game's score) in any form
  (the log's, the live region's with cards in words, the banner's headline),

and a finished game's review and final standings wait until its last result shows.
(tests/test_widgets.py walks the same traits for the engine's secrets;
tests/browser/test_a11y_in_browser.py reads the live region in a real browser.)
"""

from __future__ import annotations

import html
import json
import re

import numpy as np
import pytest

from cardlab.engine import cards_in
from cardlab.records import Event
from cardlab.widgets import ParallelPokerTable, Table, play
from cardlab.words import describe, headline
from cardlab.words.cards import spoken

from .test_widgets import SHORT, TABLE_CLASSES, cards_named, click_action, descendants, synced_state


def split_where_the_page_stands(table: Table) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """The seat's events up to the newest its log shows, and the ones after."""
    truth = tuple(table.session.state.events_for(table.seat))
    shown = tuple(table.log_events(table.seen.shown))
    for end in range(len(truth), len(shown) - 1, -1):
        if truth[end - len(shown):end] == shown:
            return truth[:end], truth[end:]
    raise AssertionError("the log shows events the seat does not have")


def page_texts(table: Table) -> tuple[str, str]:
    """Every synced trait of every widget, as the browser receives it (JSON) and as a
    reader meets it (tags dropped, entities read, spaces collapsed, case folded)."""
    states = [synced_state(w) for w in descendants(table.widget) if w is not table._style]
    strings = []
    for state in states:
        strings += [value for value in _strings(json.loads(state))]
    read = " ".join(html.unescape(re.sub(r"<[^>]*>", "", s)) for s in strings)
    return "\n".join(states), re.sub(r"\s+", " ", read).casefold()


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def sayings(event: Event, players: int) -> set[str]:
    """Each way a page says ``event``: the log's sentence, the live region's (cards in
    words), the banner's headline; without the final stop, case folded."""
    return {text.rstrip(".").casefold() for text in (describe(event, players), spoken(event, players),
                                                    headline(event, players))}


def assert_nothing_face_down_is_told(table: Table, where: str) -> None:
    state, seat, players = table.session.state, table.seat, len(table.seats)
    reached, later = split_where_the_page_stands(table)
    raw, read = page_texts(table)
    scene = table.seen.shown  # the observation the page draws (a result's, while one is on screen)
    own = {card for zone in scene.zones if zone.owner == seat for card in zone.cards if card is not None}
    known = {card for event in reached for card in cards_in(event.values)} | set(scene.hand) | own
    face_down = ({card for event in later for card in cards_in(event.values)} | state.hidden_from(seat)) - known
    named = cards_named(raw) & face_down
    assert not named, f"{where}: a widget names {sorted(c.name for c in named)}, face down for seat {seat}"
    live = html.unescape(table._live.value).casefold()
    said_before = {text for event in reached for text in sayings(event, players)}
    for event in later:
        for text in sayings(event, players) - said_before:
            assert text not in live, f"{where}: the live region says {text!r} before it is turned up: {live!r}"
            assert text not in read, f"{where}: a widget says {text!r} before it is turned up"
    if later and table.seen.over:  # the game's last results are still face down
        assert table._coach.value == "" and table._review.layout.display == "none", f"{where}: the review shows"
        assert table._banner.value == "", f"{where}: the final standings show"


def walk(table: Table, rng: np.random.Generator, max_moves: int = 400) -> int:
    """Click through the game (random legal moves, each result continued, parallel poker's
    showings turned up one by one), checking after every click; returns the clicks."""
    clicks = 0
    assert_nothing_face_down_is_told(table, "the start")
    while not table.session.state.is_terminal:
        assert clicks < max_moves, "the game did not end"
        if table.pause is not None:
            table._continue.click()
        else:
            click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
        clicks += 1
        assert_nothing_face_down_is_told(table, f"click {clicks}")
    if isinstance(table, ParallelPokerTable):
        while table._next.layout.display != "none":
            table._next.click()
            clicks += 1
            assert_nothing_face_down_is_told(table, f"showing {table.revealed} turned up")
        assert table.revealed == len(table.observation().showings)
    return clicks


@pytest.mark.parametrize("name", list(TABLE_CLASSES))
@pytest.mark.parametrize("seed", [2, 8])
def test_nothing_face_down_is_told_at_any_step_of_a_seeded_game(name, seed):
    table = play(name, seed=seed, seat=seed % 2, coach=True, **SHORT[name])
    assert walk(table, np.random.default_rng(seed)) > 0
    assert table._banner.value and "Final standings" in table._banner.value


def test_parallel_poker_says_each_showing_when_it_is_turned_up_and_the_result_last():
    """After "Lay the packets" the live region says the packets were laid and what to do;
    each "Next showing" says that showing; the game's result is said with the last one."""
    table = ParallelPokerTable(seed=7, coach=True)
    for card in list(table.observation().hand):
        table.put(card)
    table.lay_packets()
    live = html.unescape(table._live.value)
    assert "You lay your five packets face down" in live and "turn the showings up one by one" in live, live
    assert "wins" not in live and "PP-5" not in live
    assert table._coach.value == "" and table._banner.value == ""
    for number in range(1, 6):
        table._next.click()
        live = html.unescape(table._live.value)
        assert f"showing {number}:" in live and f"showing {number + 1}:" not in live, live
        assert ("PP-5" in live) == (number == 5), live
    assert live.count("Game 1:") + live.count("game 1:") == 1, f"the result is said twice: {live!r}"
    assert table._coach.value and "Final standings" in table._banner.value
