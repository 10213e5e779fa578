"""Headless tests of the tables (no browser): click buttons from code, play to the end.

Every move is made the way a person makes it: click the cards, set the amount,
click the action's button (``Button.click()``). After every click each widget's
text is searched for every card the seat may not know (``state.hidden_from``).
"""

from __future__ import annotations

import dataclasses
import html
import json
import re

import ipywidgets as W
import numpy as np
import pytest

from cardlab.cards import Card
from cardlab.engine import cards_in, Action, IllegalActionError
from cardlab.widgets import (
    DrawPokerTable,
    FightForTheLeadTable,
    KontrabluffTable,
    ParallelPokerTable,
    Table,
    play,
)
from cardlab.widgets.table import card_shown
from cardlab.widgets.words import plain
from cardlab.words import describe, hand_text, language, line
from cardlab.words.cards import card_label

# Short sessions so a game ends in a few dozen moves.
SHORT = {
    "kontrabluff": dict(target=40),
    "draw_poker": dict(players=3, hands=3, stack=30),
    "parallel_poker": dict(),
    "fight_for_the_lead": dict(players=3, games=2, stack=40),
}
TABLE_CLASSES = {
    "kontrabluff": KontrabluffTable,
    "draw_poker": DrawPokerTable,
    "parallel_poker": ParallelPokerTable,
    "fight_for_the_lead": FightForTheLeadTable,
}


# -- walking the widget tree -------------------------------------------------------------
def descendants(widget: W.Widget):
    """Every widget under ``widget``: children, and each one's layout and style models."""
    stack, seen = [widget], set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        stack.extend(getattr(item, "children", ()))
        for name in ("layout", "style"):
            part = getattr(item, name, None)
            if isinstance(part, W.Widget):
                stack.append(part)


def synced_state(widget: W.Widget) -> str:
    """Every synced trait of a widget as the browser receives it (value, description,
    tooltip, options, _dom_classes, style, layout, children...), as JSON text."""
    return json.dumps(widget.get_state(), ensure_ascii=False, default=str)


def texts(table: Table) -> list[str]:
    """Every piece of text any widget of the table holds, but the log (checked apart)."""
    found = []
    for widget in descendants(table.widget):
        if widget is table._log:
            continue
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                found.append(value)
        for option in getattr(widget, "options", ()) or ():
            found.append(str(option))
        for output in getattr(widget, "outputs", ()) or ():
            found.append(str(output))
    return found


def assert_no_leak(table: Table, seed: int | None = None) -> None:
    """Walk every widget of the table and read its synced state: no card hidden from the
    viewing seat, no colour class on a hidden card button, no seed before the game ends."""
    state, seat = table.session.state, table.seat
    # The log may name a card seen in an earlier deal that is hidden again now, so it
    # is checked apart: it holds exactly the engine's log for this seat, nothing else.
    lines = re.findall(r"<div>(.*?)</div>", table._log.value)
    obs, pause = table.observation(), table.pause
    held = pause is not None and not state.is_terminal and not table.seen.covered
    shown = table.log_shown(table.seen.shown, 200)
    full = tuple(table.log_events(table.seen.shown))
    assert tuple(shown) == full[-200:]
    truth = state.events_for(seat)
    ends = [len(truth)] if not (held or isinstance(table, ParallelPokerTable)) else range(len(truth), max(-1, len(truth) - 60), -1)
    # the log is the seat's own events, the newest (while a result is on screen: up to it)
    assert any(tuple(truth[max(0, k - len(shown)):k]) == tuple(shown) for k in ends)
    expected = [html.escape(line(event, state.game.num_players, table.viewer)) for event in reversed(shown)]
    if table.seen.covered:  # hot-seat, between two people: nothing private at all
        expected = []
        assert all(b.description == "" for b in table._card_buttons)
    assert [re.sub(r"<span class='cl-rule'[^>]*>(.*?)</span>", r"\1", line) for line in lines] == expected
    assert table.observation().log == ()  # the view holds events, never the state's lazy lines
    for button in table._card_buttons:  # a hidden card button tells nothing, not even its colour
        if not card_shown(button):
            assert button.description == "" and button.tooltip == ""
            assert not {"cl-red", "cl-black", "cl-selected"} & set(button._dom_classes)
    if table.pause is not None and not state.is_terminal:
        # The result on screen is what this seat saw a moment ago (cards then public may
        # have been shuffled back since): the board is drawn from that observation and
        # the banner from events this seat could see.
        assert table.pause.scene.player == seat
        assert table._board.value == table.board_html(table.pause.scene)
        shown = [b.tooltip for b in table._card_buttons if card_shown(b)]
        if not isinstance(table, ParallelPokerTable):
            with language(table.lang):
                assert shown == [card_label(c) for c in table.pause.scene.hand]  # the hand as it was
        hand_names = set(shown)
        seen = [e for e in state.history if e.visible(seat)]
        assert all(event in seen for event in table.pause.context)
        skip = {id(table._log), id(table._board), id(table._banner)}
    else:
        skip = {id(table._log)}
    skip.add(id(table._style))  # the same stylesheet every time (checked once below)
    # The coach speaks of the seat's own earlier decisions: cards it held then (now perhaps
    # face down in the muck), so it is checked apart: every card it names the seat saw.
    skip.update({id(table._coach), id(table._howto)})
    saw = {c for e in state.history if e.visible(seat) for c in cards_in(e.values)}
    assert cards_named(table._coach.value) <= saw, "the coach names a card the seat never saw"
    assert not cards_named(table._howto.value)  # the rules name no card of this game
    # The live region says the seat's newest events as the log does (a card it discarded
    # since may be face down now): every card it names the seat saw.
    skip.add(id(table._live))
    assert cards_named(table._live.value) <= saw, "the live region names a card the seat never saw"
    text = "\n".join(synced_state(w) for w in descendants(table.widget) if id(w) not in skip)
    if seed is not None and not state.is_terminal:
        assert str(seed) not in text, "the seed is in a widget before the game is over"
    hidden = state.hidden_from(seat)
    if table.pause is not None and not state.is_terminal:
        with language(table.lang):  # the seat's own hand a moment ago (its buttons' names)
            hidden = {c for c in hidden if card_label(c) not in hand_names}
    shown = cards_named(text)
    leaked = shown & hidden
    assert not leaked, f"hidden from seat {seat} but in a widget: {sorted(c.name for c in leaked)}"


_NAMED = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)\b")
_SYMBOL = re.compile(r"(?<![A-Za-z0-9])(10|[2-9JQKA])(?:\\n)?([♠♥♦♣])")
_SHORT = re.compile(r"(?<![A-Za-z0-9])(T|[2-9JQKA])([cdhs])(?![A-Za-z0-9])")
_RANK_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
               "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}


def cards_named(text: str) -> set[Card]:
    """Every card a text names in any form: 'ace of hearts' (aria-label, tooltip), 'A♥', a
    card button's 'A\\n♥' (rank over suit, as JSON writes it) and 'Ah' (data-card="Ah")."""
    found = {Card.parse(_RANK_WORDS[r] + s[0]) for r, s in _NAMED.findall(text)}
    found |= {Card.parse(r + s) for r, s in _SYMBOL.findall(text)}
    found |= {Card.parse(r + s) for r, s in _SHORT.findall(text)}
    return found


def test_the_leak_walk_finds_a_card_in_any_trait():
    table = KontrabluffTable(seed=3)
    secret = sorted(table.session.state.hidden_from(table.seat))[0]
    for widget, trait, value in [(table._action_buttons["lay"], "description", f"Lay {secret}"),
                                 (table._action_buttons["pass"], "tooltip", secret.name),
                                 (table._hint, "value", f'<span data-card="{secret.short}"></span>')]:
        old = getattr(widget, trait)
        setattr(widget, trait, value)
        with pytest.raises(AssertionError, match="hidden from seat"):
            assert_no_leak(table)
        setattr(widget, trait, old)
    assert_no_leak(table)
    hidden_button = table._card_buttons[-1]
    hidden_button._dom_classes = ("cl-cardbtn", "cl-gone", "cl-red")  # hidden, but a colour tells half the card
    with pytest.raises(AssertionError):
        assert_no_leak(table)


def test_cards_named_reads_every_form():
    text = 'x "ace of hearts" 10♣ "Q\\n♦" data-card="7s" ZAh 3♥z'
    assert cards_named(text) == {Card.parse(c) for c in ("Ah", "Tc", "Qd", "7s", "3h")}


def forbidden_words() -> list[re.Pattern]:
    """Words no visible text may hold: the engine's own observation field names (spaced or
    not), its phase names shown as fields, Python reprs, an underscore, and "his"."""
    from cardlab.games import draw_poker, fight_for_the_lead, kontrabluff, parallel_poker

    classes = [kontrabluff.KontrabluffObservation, draw_poker.DrawPokerObservation,
               fight_for_the_lead.FightForTheLeadObservation, parallel_poker.ParallelPokerObservation]
    # field names that are also the plain English a table or the engine's log uses
    english = {"fight cards", "hand sizes", "game", "player", "hand", "dealer", "pot", "log", "points",
               "lead", "trick", "tricks", "stake", "deal", "rows", "seen", "drawn", "shown", "turned",
               "stacks", "scores", "packets", "showings", "playing", "active", "exchanged", "losers",
               "current player", "legal actions", "is terminal", "laid out", "zones", "decisions",
               "held", "leader", "opener", "arranged", "opened", "put", "games", "first round", "fee", "last raiser",
               "to act"}
    phrases = set()
    for cls in classes:
        for f in dataclasses.fields(cls):
            spaced = f.name.replace("_", " ")
            if spaced not in english:
                phrases.add(spaced)
    patterns = [re.compile(rf"\b{re.escape(p)}\b", re.IGNORECASE) for p in sorted(phrases)]
    patterns += [re.compile(p) for p in (r"_", r"\bhis\b", r"\bHis\b", r"\bphase\b", r"\bNone\b", r"\bTrue\b",
                                         r"\bFalse\b", r"Card\(", r"Action\(", r"Phase\.", r"<cardlab")]
    return patterns


FORBIDDEN = forbidden_words()


def visible_texts(table: Table) -> list[str]:
    """What a person can read: HTML values without their tags and attributes, button
    descriptions, tooltips and options of every widget shown (log and banner included)."""
    found = []
    for widget in descendants(table.widget):
        if widget is table._style or isinstance(widget, (W.Layout, W.Output)) or "Style" in type(widget).__name__:
            continue
        value = getattr(widget, "value", None)
        if isinstance(widget, (W.HTML, W.HTMLMath)) and isinstance(value, str):
            words = re.sub(r"<[^>]*>", " ", re.sub(r"(?s)<style.*?</style>", " ", value))  # a style sheet is not read
            found.append(html.unescape(words))
            found.extend(html.unescape(t) for t in re.findall(r"(?:title|aria-label)='([^']*)'", value))
            found.extend(html.unescape(t) for t in re.findall(r'(?:title|aria-label)="([^"]*)"', value))
        for name in ("description", "tooltip", "placeholder"):
            text = getattr(widget, name, None)
            if isinstance(text, str):
                found.append(text)
        for option in getattr(widget, "options", ()) or ():
            found.append(str(option))
    return found


def assert_plain_words(table: Table) -> None:
    text = "\n".join(visible_texts(table))
    for pattern in FORBIDDEN:
        match = pattern.search(text)
        assert match is None, f"{pattern.pattern!r} shows: ...{text[max(0, match.start() - 80): match.end() + 80]}..."
    for title in titles(table):
        for pattern in FORBIDDEN_IN_TITLES:
            assert not pattern.search(title), f"a tooltip says {title!r} ({pattern.pattern})"


#: What a tooltip may not say beyond FORBIDDEN: a null or undefined that reached the page, markup.
FORBIDDEN_IN_TITLES = [re.compile(p) for p in (r"\bnull\b", r"\bundefined\b", r"[<>]")]


def titles(table: Table) -> list[str]:
    """What a pointer shows: every widget's tooltip (ipywidgets writes it into ``title``;
    one of None becomes the word "null" on the page) and every title and aria-label in
    an HTML value."""
    found = []
    for widget in descendants(table.widget):
        if "tooltip" in widget.trait_names():
            assert widget.tooltip is not None, f"{type(widget).__name__} {getattr(widget, 'description', '')!r}: " \
                                               "a tooltip of None shows as 'null'"
            found.append(widget.tooltip)
        value = getattr(widget, "value", None)
        if isinstance(widget, (W.HTML, W.HTMLMath)) and isinstance(value, str) and widget is not table._style:
            found.extend(html.unescape(t) for t in re.findall(r"(?:title|aria-label)='([^']*)'", value))
            found.extend(html.unescape(t) for t in re.findall(r'(?:title|aria-label)="([^"]*)"', value))
    return found


def test_a_tooltip_of_none_or_markup_fails_the_words_check():
    table = KontrabluffTable(seed=3)
    assert_plain_words(table)
    for value in (None, "<b>Lay</b>"):
        table._undo.tooltip = value
        with pytest.raises(AssertionError, match="tooltip"):
            assert_plain_words(table)
    table._undo.tooltip = "Take back your last move"
    assert_plain_words(table)


# -- playing through the buttons ------------------------------------------------------------
def visible_card_buttons(table: Table) -> dict[Card, W.Button]:
    hand = table.observation().hand
    with language(table.lang):  # a card button's tooltip names its card in the table's language
        names = {card_label(c): c for c in hand}
    buttons = {}
    for button in table._card_buttons:
        if card_shown(button) and button.tooltip:
            card = names[button.tooltip]
            buttons[card] = button
    return buttons


def click_action(table: Table, action: Action) -> None:
    """Make ``action`` as a person does: click its cards, set its amount, click its button
    (and "Yes" where the table asks first)."""
    if isinstance(table, ParallelPokerTable):
        for card in action.cards:
            button = visible_card_buttons(table)[card]
            button.click()
        assert not table._lay.disabled, table._lay.tooltip
        table._lay.click()
        return
    for card in action.cards:
        button = visible_card_buttons(table)[card]
        assert not button.disabled, f"{card} cannot be clicked for {action}"
        button.click()
    if action.kind in table._amounts and action.amount is not None:
        slider = table._amounts[action.kind]
        assert slider.min <= action.amount <= slider.max
        slider.value = action.amount
    button = table._action_buttons[action.kind]
    assert button in table._actions.children and button.layout.display != "none"
    assert not button.disabled, f"{action}: {button.tooltip}"
    with language(table.lang):
        said = table.words.button(action, takes_cards=bool(table.seen.offers[action.kind][0].cards)
                                  or any(a.cards for a in table.seen.offers[action.kind]),
                                  observation=table.seen.observation)
    assert button.description == said
    button.click()
    if table._asking is not None:
        table._yes.click()


def play_through_buttons(table: Table, rng: np.random.Generator, max_moves: int = 3000, check_leaks: bool = True,
                         seed: int | None = None, undo_every: int = 0, plain_words: bool = False) -> int:
    """Play the table's seat(s) with random legal actions, by clicks, to the end; after every
    click walk the widgets for leaks and forbidden words (``plain_words``: the words only).
    Results are read and continued."""
    moves = 0
    while not table.session.state.is_terminal:
        assert moves < max_moves, "the game did not end"
        if table.pause is not None:
            assert table._continue.layout.display != "none" and table._banner.value
            table._continue.click()
            if check_leaks:
                assert_no_leak(table, seed)
            continue
        if table.seen.covered:
            table._cover.click()
        seat = table.seat
        assert seat in table.seen.actors, f"a person must be to act, not {table.seen.actors} ({table.message})"
        action = table.session.state.observation(seat).legal_actions.sample(rng)
        before = len(table.session.state.actions)
        click_action(table, action)
        assert not table.message_is_error, table.message
        assert table.session.state.actions[before] == (seat, action)
        moves += 1
        if plain_words:
            assert_plain_words(table)
        if check_leaks:
            assert_no_leak(table, seed)
            assert_plain_words(table)
        if undo_every and moves % undo_every == 0 and not table.session.state.is_terminal:
            table._undo.click()
            assert not table.message_is_error, table.message
            if check_leaks:
                assert_no_leak(table, seed)
                assert_plain_words(table)
    if check_leaks:
        assert_no_leak(table, seed)
        assert_plain_words(table)
    return moves


# -- the tests --------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(TABLE_CLASSES))
@pytest.mark.parametrize("lang", ["sv", "pl", "uk"])
def test_a_game_played_by_clicking_shows_plain_words_in_each_language(name, lang):
    """The words test in every language (issue 29): a game clicked to the end in Swedish,
    Polish and Ukrainian shows no field name, no snake_case and no repr after any click
    (English: the tests below, with the leak walk)."""
    table = TABLE_CLASSES[name](seed=11, lang=lang, **SHORT[name])
    assert play_through_buttons(table, np.random.default_rng(11), check_leaks=False, plain_words=True) > 0
    assert_plain_words(table)


@pytest.mark.parametrize("name", list(TABLE_CLASSES))
def test_play_a_game_to_the_end_by_clicking(name):
    table = TABLE_CLASSES[name](seed=11, **SHORT[name])
    assert_no_leak(table)
    moves = play_through_buttons(table, np.random.default_rng(1))
    state = table.session.state
    assert state.is_terminal and moves > 0
    if isinstance(table, ParallelPokerTable):
        assert "turn the showings up" in table._status.value  # PP-3: one by one
        assert table._banner.layout.display == "none"  # the result waits for the last showing
        table._all.click()
    # the engine's state is exactly the game its actions replay to
    assert table.game.state_from_json(state.to_json()) == state
    assert "The game is over" in table._status.value
    assert all(b.layout.display == "none" for b in table._action_buttons.values())
    assert not table._replay.disabled and table._replay.layout.display != "none"
    # final standings stay, with the seed for a replay, and no Continue
    banner = table._banner.value
    assert "Final standings" in banner and f"seed={state.seed}" in banner and table._continue.layout.display == "none"
    for seat, points in enumerate(table.shown_points(table.observation())):
        assert f"{table.seats[seat]}: <b>{points}</b>" in banner
    # the log shows the engine's words with their rule ids
    prefix = {"kontrabluff": "KB-", "draw_poker": "DP-", "parallel_poker": "PP-", "fight_for_the_lead": "FL-"}[name]
    assert prefix in table._log.value


@pytest.mark.parametrize("name", list(TABLE_CLASSES))
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_no_secret_in_any_synced_trait_after_every_click(name, seed):
    """Random games through the buttons; after every click, every widget's get_state()."""
    big = 7_340_155 + seed  # a seed no card count or score can be mistaken for
    rng = np.random.default_rng(seed)
    table = play(name, seed=big, seat=int(rng.integers(2)), **SHORT[name])
    assert_no_leak(table, big)
    play_through_buttons(table, rng, seed=big)
    if isinstance(table, ParallelPokerTable):
        table._all.click()
    assert str(big) in table._banner.value  # shown once the game is over, for a replay


@pytest.mark.parametrize("name", list(TABLE_CLASSES))
def test_no_secret_after_undo(name):
    big = 5_550_123
    table = play(name, seed=big, **SHORT[name])
    play_through_buttons(table, np.random.default_rng(9), seed=big, undo_every=3)


@pytest.mark.parametrize("name", list(TABLE_CLASSES))
def test_no_secret_in_hot_seat_and_the_cover_hides_everything(name):
    big = 6_123_457
    table = play(name, seed=big, hotseat=True, **SHORT[name])
    assert table.session.bots == {}
    rng = np.random.default_rng(4)
    seats_seen, covers = set(), 0
    raised, leaks = [], []

    def cover_goes_up(change):  # the moment the page gets the cover: every other trait is already sent
        if change["new"] is None:
            raised.append(table.seat)
            try:
                assert_no_leak(table, big)
            except AssertionError as error:
                leaks.append(str(error)[:200])

    table._cover.layout.observe(cover_goes_up, "display")
    moves = 0
    while not table.session.state.is_terminal and moves < 400:
        if table.pause is not None:
            table._continue.click()
            assert_no_leak(table, big)
            continue
        if table.seen.covered:
            covers += 1
            assert table._cover.layout.display != "none" and "clicks here to see their cards" in table._cover.description
            assert table._hand.layout.display == "none"
            assert all(b.layout.display == "none" for b in table._action_buttons.values())
            assert "cl-zone" not in table._board.value  # no cards of anyone, not even face down
            assert_no_leak(table, big)
            table._cover.click()
        seats_seen.add(table.seat)
        assert table.seat in table.seen.actors
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
        moves += 1
        assert_no_leak(table, big)
        assert_plain_words(table)
    assert seats_seen == set(range(table.game.num_players)) and covers > 0
    assert raised and not leaks, leaks  # the cover is sent after the previous player's cards are blanked


def test_a_round_result_stays_on_screen_until_continue():
    table = KontrabluffTable(seed=3, target=60, opponent="rule")
    rng = np.random.default_rng(2)
    while table.pause is None:
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
    actions = len(table.session.state.actions)
    banner = table._banner.value
    assert re.search(r"(You win|(South|North) wins) \d+ points", banner) and "— KB-" in banner  # who, what, which rule
    assert table._continue.layout.display != "none" and table._banner.layout.display != "none"
    assert "Continue" in table._status.value
    assert all(b.layout.display == "none" for b in table._action_buttons.values())  # nothing to play meanwhile
    assert table._board.value == table.board_html(table.pause.scene)  # the rows as they lay
    # the log stops at the result too: the refill and the next round (KB-9) wait for Continue
    def in_log(line: str) -> bool:  # the words after the rule id (the id itself is a hover span)
        return html.escape(plain(line).split(": ", 1)[-1]) in table._log.value

    events = list(table.session.state.events_for(table.seat))
    upto = max(i for i, e in enumerate(events) if e == table.pause.results[-1]) + 1
    later = [line(event, 2, table.viewer) for event in events[upto:]]  # the seat's own said to "you"
    assert later and any(line.startswith(("KB-9", "KB-1")) for line in later), later
    assert in_log(describe(table.pause.results[-1], 2, table.viewer)) and not any(in_log(line) for line in later)
    table.step()  # bots wait too
    assert len(table.session.state.actions) == actions
    table._continue.click()
    assert table.pause is None and table._banner.layout.display == "none"
    assert all(in_log(line) for line in later)  # now they show


def play_to_a_showdown(table, wanted, seed: int = 0):
    """Click calm moves (call, show, draw; else anything but passing) until the result on
    screen is ``wanted`` (DP-7, DP-8); returns it. Other results are continued past."""
    rng = np.random.default_rng(seed)
    for _ in range(400):
        assert not table.session.state.is_terminal, "no showdown reached"
        result = table.pause
        if result is not None:
            if wanted(result):
                return result
            table._continue.click()
            continue
        legal = list(table.session.state.observation(table.seat).legal_actions)
        calm = [a for a in legal if a.kind in ("call", "show", "draw")] or [a for a in legal if a.kind != "pass"] or legal
        click_action(table, calm[int(rng.integers(len(calm)))])
    raise AssertionError("no showdown reached")


def test_draw_poker_showdown_shows_the_hands_face_up_in_the_banner():
    table = DrawPokerTable(seed=1, players=2, stack=200, hands=6, opponent="rule")
    play_to_a_showdown(table, lambda result: any(e.rule == "DP-8" for e in result.results))
    banner = table._banner.value
    assert "— DP-8" in banner and "shows" in banner
    shows = banner.count(" shows ")
    assert shows >= 1 and banner.count('role="img"') >= 5 * shows  # every shown hand, face up


def test_fight_for_the_lead_stops_after_each_trick_with_its_winner():
    table = FightForTheLeadTable(seed=2, players=3, games=1)
    rng = np.random.default_rng(1)
    tricks = 0
    while not table.session.state.is_terminal:
        if table.pause is not None:
            if any(e.kind == "trick" for e in table.pause.results):
                tricks += 1
                assert re.search(r"wins? trick \d with", table._banner.value) and "FL-7" in table._banner.value
            table._continue.click()
            continue
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
    assert tricks >= 1


def _cards_by_seat(banner: str) -> dict[str, list[str]]:
    """The banner's cards, grouped under the seat name each group carries."""
    groups = re.findall(r"<div class='cl-shown'[^>]*><b>([^<]+)</b>(.*?)</div>", banner)
    return {name: re.findall(r'data-card="(\w+)"', body) for name, body in groups}


def test_trick_cards_name_their_players_and_show_once():
    """FL-7: each card of the trick on the board carries the name of the seat that played
    it; while the trick is on screen its cards are drawn there only (not in a won pile too,
    nor again in the banner)."""
    table = FightForTheLeadTable(seed=2, players=4, games=1)
    rng = np.random.default_rng(1)
    checked = 0
    while not table.session.state.is_terminal:
        result = table.pause
        if result is not None:
            if result.results[0].kind == "trick":
                board, plays = table._board.value, result.scene.trick
                for seat, card in plays:
                    assert re.search(rf'data-card="{card.short}".*?</span></span><span class=\'cl-by\'[^>]*>'
                                     rf'{table.seats[seat]}</span>', board), (card, table.seats[seat])
                    assert board.count(f'data-card="{card.short}"') == 1  # once, in the middle
                    assert f'data-card="{card.short}"' not in table._banner.value
                checked += 1
            table._continue.click()
            continue
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
    assert checked >= 3  # the last trick's table shows the payout (FL-8)


def test_the_lead_stops_the_table_with_each_fight_card_by_its_seat():
    """FL-4: the banner says who won the lead and with what, and lays each fight card
    under its player's name, the winner first; Continue goes on to the exchange."""
    table = FightForTheLeadTable(seed=2, players=4, games=1)
    rng = np.random.default_rng(1)
    while table.pause is None:
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
    (lead,) = table.pause.results
    assert lead.kind.startswith("lead_won") and table._continue.layout.display != "none"
    winner, card = table.seats[lead["winner"]], lead["card"]
    banner = html.unescape(table._banner.value)
    said = "You win" if lead["winner"] == table.seat else f"{winner} wins"  # the person at the screen is "you"
    assert f"{said} the lead: {card} is the highest" in banner and "— FL-4" in banner
    by_seat = _cards_by_seat(table._banner.value)
    assert list(by_seat)[0] == winner
    assert by_seat == {table.seats[s]: [c.short] for s, c in zip(lead["seats"], lead["cards"])}
    table._continue.click()
    assert table.pause is None and table.session.state.phase == "exchange"


def test_a_showdown_banner_lays_each_hand_by_its_seat_and_says_what_beat_what():
    """DP-7, DP-8: every hand shown sits under its seat's name, the winner's first, and
    the banner says whose hand beat whose."""
    table = DrawPokerTable(seed=1, players=2, stack=200, hands=6, opponent="rule")
    result = play_to_a_showdown(
        table, lambda result: any(e.kind == "won" for e in result.results) and len(table.shown_hands()) == 2)
    (won,) = [e for e in result.results if e.kind == "won"]
    shows = {e["seat"]: e for e in result.context if e.kind.startswith("show")}
    by_seat = _cards_by_seat(table._banner.value)
    winner = table.seats[won["winner"]]
    assert list(by_seat)[0] == winner  # the winner's hand first, by his name
    assert by_seat == {table.seats[s]: [c.short for c in e["cards"]] for s, e in shows.items()}
    (loser,) = set(shows) - {won["winner"]}
    said = f"{winner}'s {hand_text(won['hand'])}, beats {table.seats[loser]}'s {hand_text(shows[loser]['hand'])}."
    assert said in html.unescape(table._banner.value)


def test_leaving_and_a_new_game_ask_first():
    table = FightForTheLeadTable(seed=4, players=3, games=3, stack=200)
    rng = np.random.default_rng(3)
    while "leave" not in table.seen.offers:
        assert not table.session.state.is_terminal
        if table.pause is not None:
            table._continue.click()
            continue
        legal = [a for a in table.session.state.observation(table.seat).legal_actions if a.kind != "leave"]
        click_action(table, legal[int(rng.integers(len(legal)))])
    actions = len(table.session.state.actions)
    table._action_buttons["leave"].click()
    assert len(table.session.state.actions) == actions and table._confirm.layout.display != "none"
    assert "bots finish the session" in table._question.value
    table._no.click()
    assert len(table.session.state.actions) == actions and table._confirm.layout.display == "none"
    table._action_buttons["leave"].click()
    table._yes.click()
    assert table.session.state.actions[actions] == (table.seat, Action("leave"))
    state = table.session.state
    table._new.click()
    assert table.session.state is state and "new game" in table._question.value
    table._no.click()
    assert table.session.state is state
    table._new.click()
    table._yes.click()
    assert table.session.state is not state and table.session.state.actions[:1] != state.actions[:1] or table.session.state.seed != state.seed


def test_the_seed_is_not_shown_until_the_game_ends_and_a_new_game_draws_a_new_one():
    a = KontrabluffTable(seed=9)
    b = KontrabluffTable(seed=9)
    assert a.session.state == b.session.state and a._board.value == b._board.value
    assert not any("seed" in t.lower() for t in texts(a))
    a._new.click()
    a._yes.click()
    assert a.session.state.seed != 9
    assert a.session.state.seed == (b._new.click(), b._yes.click(), b.session.state.seed)[2]  # the table's own sequence


def test_action_buttons_are_made_once_and_hidden_when_not_on_offer():
    table = DrawPokerTable(seed=2, players=3, hands=2, stack=30)
    play_through_buttons(table, np.random.default_rng(1), check_leaks=False)
    table.new_game(5)
    play_through_buttons(table, np.random.default_rng(2), check_leaks=False)
    from ipywidgets.widgets.widget import _instances

    count = len(_instances)
    children = table._actions.children
    table.new_game(6)
    play_through_buttons(table, np.random.default_rng(3), check_leaks=False)
    assert len(_instances) == count  # no widget made per move
    assert table._actions.children is children or table._actions.children == children


def test_buttons_offer_exactly_the_legal_action_kinds():
    table = DrawPokerTable(seed=2, players=3)
    for _ in range(30):
        if table.session.state.is_terminal:
            break
        if table.pause is not None:
            table._continue.click()
            continue
        obs = table.observation()
        shown = {kind for kind, button in table._action_buttons.items() if button.layout.display != "none"}
        assert shown == set(obs.legal_actions.kinds())
        for kind, slider in table._amounts.items():
            if slider.layout.display != "none":
                amounts = [a.amount for a in obs.legal_actions if a.kind == kind]
                assert (slider.min, slider.max) == (min(amounts), max(amounts))
        click_action(table, obs.legal_actions.sample(np.random.default_rng(len(table.session.state.actions))))


def test_a_card_button_needs_a_selection_and_says_why_on_the_page():
    table = FightForTheLeadTable(seed=1, players=3)  # FL-3: first, a fight card
    obs = table.observation()
    card_kinds = {a.kind for a in obs.legal_actions if a.cards}
    assert card_kinds == {"fight"}
    assert table._action_buttons["fight"].disabled
    assert "Select the card to fight with." in table._reason.value  # on the page, not only a tooltip
    assert "Your turn: choose a fight card." in table._status.value
    # selecting a legal card enables its button, which then names the card
    action = next(a for a in obs.legal_actions if len(a.cards) == 1)
    visible_card_buttons(table)[action.cards[0]].click()
    button = table._action_buttons["fight"]
    assert not button.disabled and button.description == f"Fight with {action.cards[0]}"
    assert table._reason.value == ""
    assert "cl-selected" in visible_card_buttons(table)[action.cards[0]]._dom_classes


def test_words_one_verb_per_action_and_plain_log():
    from cardlab.widgets.words import words_for

    dp = words_for("draw_poker")
    assert dp.button(Action("draw"), takes_cards=True) == "Stand pat"
    assert dp.button(Action("draw", "Ah 2c 3d"), takes_cards=True) == "Draw 3"
    assert dp.button(Action("raise", amount=4)) == "Raise 4"
    fl = words_for("fight_for_the_lead")
    assert fl.button(Action("stay")) == "Play on"  # the log says "plays on"
    assert fl.button(Action("exchange"), takes_cards=True) == "Keep all"  # the log says "keeps their cards"
    assert words_for("kontrabluff").prompt({"lay", "low"}) == "lay a card, or play low with five cards"


def test_you_hold_names_the_hand_and_the_table_shows_every_count():
    table = DrawPokerTable(seed=3, players=4)
    obs = table.observation()
    from cardlab.hands import evaluate

    assert f"You hold 5 cards — <b>{hand_text(evaluate(obs.hand, table.game.rules))}</b>" in table._hand_label.value
    board = table._board.value
    for seat in range(1, 4):
        assert f"<b>{table.seats[seat]}</b>" in board
    assert board.count("holds ") == 3 and f"Pot {obs.pot} chips" in table._status.value
    assert all(f"cl-{place}" in board for place in ("left", "top", "right", "bottom"))
    kb = KontrabluffTable(seed=2, target=300)
    assert "first to 300 points" in kb._status.value and re.search(r"holds (\d+ cards?|no cards)", kb._board.value)


def test_same_seed_same_game():
    a, b = KontrabluffTable(seed=9), KontrabluffTable(seed=9)
    assert a.session.state == b.session.state and a._board.value == b._board.value
    a.new_game(10)
    assert a.session.state.seed == 10 and a.session.state.actions == KontrabluffTable(seed=10).session.state.actions


def test_undo_takes_back_the_seats_last_action_and_what_followed():
    """Betting shows no card (DP-2, DP-3): Undo takes the seat's bet back, and the bots' replies."""
    table = DrawPokerTable(seed=4, players=3, opponent="rule")
    while table.pause is not None or table.seat not in table.seen.actors:
        table._continue.click() if table.pause is not None else table.step()
    actions = list(table.session.state.actions)
    bet = next(a for a in table.session.state.observation(table.seat).legal_actions if a.kind in {"open", "call"})
    table.play(bet)
    assert table.seen.undo is None and not table._undo.disabled
    table._undo.click()
    assert list(table.session.state.actions) == actions
    assert table.seat in table.seen.actors and "Undone" in table.message


def test_replay_walks_through_the_finished_game():
    table = ParallelPokerTable(seed=8)
    play_through_buttons(table, np.random.default_rng(3))
    table._all.click()
    assert not table._replay.disabled
    table._replay.click()
    assert table.session.replay is not None and table._replay_slider.max == len(table.session.state.actions)
    table._replay_slider.value = 0
    assert "The game is over" not in table._status.value
    assert table._actions.layout.display == "none"  # a replay plays nothing
    table._replay_slider.value = table._replay_slider.max
    assert "The game is over" in table._status.value
    table._replay.click()
    assert table.session.replay is None


def test_the_stylesheet_names_no_card():
    from cardlab.widgets.style import style_tag

    assert not re.search(r"[♠♥♦♣]|\b(?:10|[2-9JQKA])[cdhs]\b", style_tag())


def test_teacher_mode_is_chosen_when_the_table_is_built_not_by_a_student_control():
    student = KontrabluffTable(seed=6)
    names = [str(getattr(w, "description", "")).lower() for w in descendants(student.widget)]
    assert not any("teacher" in n for n in names)
    assert student._teacher_view not in list(descendants(student.widget))
    teacher = KontrabluffTable(seed=6, teacher=True)
    hidden = teacher.session.state.hidden_from(teacher.seat)
    assert all(card.name in teacher._teacher_view.value for card in hidden)
    pp = ParallelPokerTable(seed=6, teacher=True)
    for card in list(pp.observation().hand):
        pp.put(card)
    pp.lay_packets()
    assert pp._teacher_view.value.count("packet 5:") == 2  # each player's packets as rows


@pytest.mark.parametrize("lang", ["sv", "pl", "uk"])
def test_the_teachers_table_names_every_place_in_the_tables_language(lang):
    """Issue 35: the teacher's view of every card names each zone through the words layer
    from its kind, owner and index (no English "South's deck: laid out" on a Polish table)."""
    from cardlab.words import language
    from cardlab.words.seats import zone_title

    pp = ParallelPokerTable(seed=6, teacher=True, lang=lang)
    for card in list(pp.observation().hand):
        pp.put(card)
    pp.lay_packets()
    text = html.unescape(re.sub(r"<[^>]*>", " ", pp._teacher_view.value))
    zones = pp.session.state.zones()
    with language(lang):
        said = [zone_title(zone, pp.seats, "parallel_poker", short=zone.kind == "packet") for zone in zones]
    assert all(words in text for words in said) and text.count(said[-1]) == 2  # packet 5 of each seat
    assert "'s " not in text and "laid out" not in text and "packet" not in text
    table = DrawPokerTable(seed=3, teacher=True, lang=lang)
    text = html.unescape(re.sub(r"<[^>]*>", " ", table._teacher_view.value))
    with language(lang):
        assert all(zone_title(zone, table.seats, "draw_poker") in text for zone in table.session.state.zones())
    assert "'s " not in text and "discard" not in text and "stock" not in text


def test_an_error_in_a_callback_is_shown_in_the_table():
    class BrokenBot:
        name, seed = "broken", None

        def __call__(self, observation):
            raise RuntimeError("the bot fell off its chair")

    table = KontrabluffTable(seed=1, opponent=BrokenBot(), auto=False)
    while table.seat in table.seen.actors and table.pause is None:
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(np.random.default_rng(0)))
    table._step.click()
    assert table.message_is_error and "fell off its chair" in table.message
    assert any("fell off its chair" in str(o) for o in table.errors.outputs)
    assert "fell off its chair" in table._status.value


def test_step_by_step_bots_wait_for_the_step_button():
    table = FightForTheLeadTable(seed=3, players=3, auto=False)
    rng = np.random.default_rng(5)
    while table.seat in table.seen.actors:
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
    before = len(table.session.state.actions)
    assert not table._step.disabled
    table._step.click()
    assert len(table.session.state.actions) == before + 1


def test_an_illegal_play_raises_and_changes_nothing():
    table = KontrabluffTable(seed=2)
    before = table.session.state.clone()
    with pytest.raises(IllegalActionError):
        table.play(Action("lay", (Card.parse("Ah"), Card.parse("Kh"))))
    assert table.session.state == before


def test_parallel_poker_packets_by_clicking_and_showings_one_by_one():
    table = ParallelPokerTable(seed=4)
    hand = list(table.observation().hand)
    assert len(hand) == 25 and table._lay.disabled
    assert "South's packet" not in table._board.value  # only packets that hold cards are drawn
    table._fill.value = "3"
    visible_card_buttons(table)[hand[0]].click()
    assert table.packets[2] == [hand[0]]
    table._packet_buttons[2][0].click()  # take it back
    assert table.packets[2] == []
    for card in hand:
        visible_card_buttons(table)[card].click()
    assert sorted(c for p in table.packets for c in p) == sorted(hand) and not table._lay.disabled
    table._lay.click()
    assert table.session.state.is_terminal
    assert table.revealed == 0 and "packet 1" in table._board.value
    assert table.shown_points(table.observation()) == (0, 0)  # no result before the showings
    assert table._board.value.count("face-down card") >= 25  # the other's packets, still face down
    for k in range(1, 6):
        table._next.click()
        assert table.revealed == k
        assert f"showing {k}" in table._showings.value and f"showing {k + 1}<" not in table._showings.value
    assert table._next.layout.display == "none"
    assert table.shown_points(table.observation()) == table.session.state.points
    assert table._board.value.count('aria-label="face-down card"') == 0
    assert "Final standings" in table._banner.value


# -- the odds explorer ----------------------------------------------------------------------
def test_odds_explorer_updates_counts_and_hierarchy_with_the_deck_and_hr5():
    from cardlab.widgets import OddsExplorer

    explorer = OddsExplorer()
    text = explorer._table.value
    assert "2,598,960" in text and "624" in text  # 52 cards: C(52,5) hands, 624 fours of a kind
    assert text.index("<td>full house</td>") < text.index("<td>flush</td>")
    explorer._deck.value = 32
    text = explorer._table.value
    assert "201,376" in text  # C(32, 5)
    assert text.index("<td>flush</td>") < text.index("<td>four of a kind</td>")  # HR-4
    with_low = explorer._table.value
    explorer._ace_low.value = False
    assert explorer._table.value != with_low and "HR-5 off" in explorer._table.value
    assert len(explorer._buttons) >= 32 and sum(r.children != () for r in explorer._rows.children) == 4


def test_odds_explorer_pick_five_cards_by_clicking():
    from cardlab.widgets import OddsExplorer

    explorer = OddsExplorer()
    for short in ("Ah", "Kh", "Qh", "Jh", "Th"):
        explorer._buttons[Card.parse(short)].click()
    assert explorer.standing.better == 0 and explorer.standing.tied == 4  # four royal flushes
    assert "straight flush" in explorer._verdict.value
    explorer._buttons[Card.parse("Th")].click()  # unselect one: no verdict
    assert explorer.standing is None and "4 of 5" in explorer._verdict.value
    explorer._typed.value = "Ac Ad Ah Ks Kd"
    assert explorer.standing.better == 664  # the 40 straight flushes and the 624 fours of a kind
    explorer._typed.value = "Ah Zz"
    assert "cl-msg-error" in explorer._verdict.value
    assert "'Zz' is not a card" in html.unescape(explorer._verdict.value)
    assert explorer.standing.better == 664  # nothing lost


@pytest.mark.parametrize("lang, typed, english", [
    ("pl", "Ac Dd Wh Kh Ah", "Ac Qd Jh Kh Ah"),      # W walet, D dama
    ("sv", "Ec Dd Kn♥ Kh Eh", "Ac Qd Jh Kh Ah"),    # E ess, D dam, Kn knekt
    ("uk", "Тc Дd Вh Кh Тh", "Ac Qd Jh Kh Ah"),     # Т туз, Д дама, В валет, К король
])
def test_odds_explorer_reads_cards_as_its_language_writes_them(lang, typed, english):
    """A student types the rank letters the page shows (issue 29: Polish W D K A, Swedish
    Kn D K E, Ukrainian В Д К Т); the placeholder shows them, and a typing mistake is said
    in the page's language, the choice on screen kept."""
    from cardlab.widgets import OddsExplorer

    explorer = OddsExplorer(lang=lang)
    explorer._typed.value = typed
    assert explorer.selected == [Card.parse(c) for c in english.split()]
    assert explorer.standing is not None
    english_explorer = OddsExplorer(lang="en")
    assert explorer._typed.placeholder != english_explorer._typed.placeholder
    before = explorer.standing
    explorer._typed.value = "Ah Zz"
    assert "cl-msg-error" in explorer._verdict.value and "is not a card" not in explorer._verdict.value
    assert "'Zz'" in html.unescape(explorer._verdict.value) and explorer.standing == before
    explorer._deck.value = 32
    explorer._typed.value = "2c 3d 4h 5s 6c"  # no twos to sixes in 32 cards
    assert "HR-3" in explorer._verdict.value and "deck" not in explorer._verdict.value


@pytest.mark.parametrize("name", ["kontrabluff", "draw_poker"])
def test_hints_name_only_the_seats_own_options_and_no_hidden_card(name):
    table = play(name, seed=12, hints=True, **SHORT[name])
    rng = np.random.default_rng(4)
    shown = 0
    for _ in range(8):
        if table.session.state.is_terminal:
            break
        if table.pause is not None:
            table._continue.click()
            continue
        shown += bool(table._hint.value)
        assert_no_leak(table)
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
    assert shown > 0 and not table.errors.outputs


def test_a_hint_is_stable_says_what_its_numbers_are_and_goes_when_stale():
    a = KontrabluffTable(seed=12, target=60, hints=True)
    b = KontrabluffTable(seed=12, target=60, hints=True)
    assert a._hint.value and a._hint.value == b._hint.value  # the same position, the same hint
    a._hint_cache = None
    a._refresh()
    assert a._hint.value == b._hint.value  # computed again: still the same
    assert "sampled deals of the cards you cannot see" in a._hint.value and "points you gain" in a._hint.value
    rng = np.random.default_rng(1)
    while a.pause is None and a.seat in a.seen.actors:
        click_action(a, a.session.state.observation(a.seat).legal_actions.sample(rng))
        if a.pause is not None:
            assert a._hint.value == ""  # not the seat's turn: no stale hint


def test_with_a_pace_bots_move_one_by_one_on_the_event_loop():
    import asyncio

    async def main():
        table = FightForTheLeadTable(seed=3, players=4, pace=0.01)
        start = len(table.session.state.actions)
        assert table.session._pending is not None  # the first bot move waits for its timer
        for _ in range(500):
            if table.session._pending is None:
                break
            await asyncio.sleep(0.005)
        return table, start

    # In a thread of its own: Playwright's sync API (the browser tests) may hold this thread's loop.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        table, start = pool.submit(asyncio.run, main()).result()
    assert table.session._pending is None and len(table.session.state.actions) > start
    assert table.seat in table.seen.actors  # the bots stopped for the person


def test_every_game_has_its_table_through_the_registry():
    from cardlab.games import GAMES
    from cardlab.widgets import TABLES

    assert set(TABLES) == set(GAMES)
    for name, entry in GAMES.items():
        assert TABLES[name] is entry.table_class and TABLES[name].game_class is entry.game


def test_a_table_refuses_an_opponent_that_is_not_a_bot():
    with pytest.raises(TypeError, match="is not a bot: it has no name, seed"):
        KontrabluffTable(seed=1, opponent=lambda observation: observation.legal_actions[0])
    with pytest.raises(ValueError, match="one of random, rule, search"):
        KontrabluffTable(seed=1, opponent="clever")


def test_a_face_down_card_keeps_its_colour_and_no_repr_leaks_into_its_html():
    """A merge once turned the back's colour constant into a function: the page's style
    then held '<function _BACK at 0x…>'. Every card's HTML is words and values only."""
    from cardlab import render

    for card in (None, "Ah", "10c"):
        drawn = render.card_html(card)
        assert "<function" not in drawn and " at 0x" not in drawn and "None" not in drawn
    assert f"background-color:{render._BACK}" in render.card_html(None)


def test_each_game_draws_its_board_through_the_declared_hooks_only():
    """Issue 28: a game's board drawing is a small declared interface (Table.BOARD_HOOKS),
    not overrides of the view's private methods. Every method a game's table class
    defines that the base view also has must be a declared hook (or its constructor)."""
    from cardlab.widgets import TABLES
    from cardlab.widgets.table import Table

    assert all(callable(getattr(Table, hook)) for hook in Table.BOARD_HOOKS)
    for name, table_class in TABLES.items():
        for klass in table_class.__mro__:
            if klass is Table or not issubclass(klass, Table):
                continue
            overridden = {attr for attr, value in vars(klass).items()
                          if callable(value) and hasattr(Table, attr) and attr != "__init__"}
            assert overridden <= set(Table.BOARD_HOOKS), (name, klass.__name__, overridden - set(Table.BOARD_HOOKS))
