"""Headless tests of the tables (no browser): click buttons from code, play to the end.

Every move is made the way a person makes it: click the cards, set the amount,
click the action's button (``Button.click()``). After every click each widget's
text is searched for every card the seat may not know (``state.hidden_from``).
"""

from __future__ import annotations

import html
import re

import ipywidgets as W
import numpy as np
import pytest

from cardlab.cards import Card
from cardlab.engine import Action, IllegalActionError
from cardlab.widgets import (
    DrawPokerTable,
    FightForTheLeadTable,
    KontrabluffTable,
    ParallelPokerTable,
    Table,
    play,
)

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
    stack = [widget]
    while stack:
        item = stack.pop()
        yield item
        stack.extend(getattr(item, "children", ()))


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


def card_patterns(card: Card) -> list[re.Pattern]:
    """A card in each text form: 'ace of hearts' (aria-label), 'A♥', 'Ah' (whole tokens)."""
    edge = r"(?<![A-Za-z0-9])"
    return [
        re.compile(re.escape(card.name)),
        re.compile(edge + re.escape(str(card))),
        re.compile(edge + re.escape(card.short) + r"(?![A-Za-z0-9])"),
    ]


def assert_no_leak(table: Table) -> None:
    state, seat = table.state, table.view_seat
    # The log may name a card seen in an earlier deal that is hidden again now, so it
    # is checked apart: it holds exactly the engine's log for this seat, nothing else.
    lines = re.findall(r"<div>(.*?)</div>", table._log.value)
    expected = [html.escape(line) for line in reversed(table.log_lines(table.observation())[-200:])]
    if table._covered:  # hot-seat, between two people: nothing private at all
        expected = []
        assert table._board.value == "" and all(b.description == "" for b in table._card_buttons)
    assert lines == expected
    assert table.observation().log == state.log_for(seat)
    hidden = state.hidden_from(seat)
    if not hidden:
        return
    text = "\n".join(texts(table))
    for card in hidden:
        for pattern in card_patterns(card):
            match = pattern.search(text)
            assert match is None, (
                f"{card.name} is hidden from seat {seat} but a widget shows {match.group()!r}: "
                f"...{text[max(0, match.start() - 80): match.end() + 80]}..."
            )


# -- playing through the buttons ------------------------------------------------------------
def visible_card_buttons(table: Table) -> dict[Card, W.Button]:
    hand = table.observation().hand
    buttons = {}
    for button in table._card_buttons:
        if button.layout.display != "none" and button.tooltip:
            card = next(c for c in hand if c.name == button.tooltip)
            buttons[card] = button
    return buttons


def click_action(table: Table, action: Action) -> None:
    """Make ``action`` as a person does: click its cards, set its amount, click its button."""
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
    assert button in table._actions.children
    assert not button.disabled, f"{action}: {button.tooltip}"
    assert button.description.startswith(action.kind.replace("_", " "))
    button.click()


def play_through_buttons(table: Table, rng: np.random.Generator, max_moves: int = 3000, check_leaks: bool = True) -> int:
    """Play the table's seat(s) with random legal actions, by clicks, to the end."""
    moves = 0
    while not table.state.is_terminal:
        assert moves < max_moves, "the game did not end"
        if table._covered:
            table._cover.click()
        seat = table.view_seat
        assert seat in table.actors(), f"a person must be to act, not {table.actors()} ({table.message})"
        obs = table.observation()
        action = obs.legal_actions.sample(rng)
        before = len(table.state.actions)
        click_action(table, action)
        assert not table.message_is_error, table.message
        assert table.state.actions[before] == (seat, action)
        moves += 1
        if check_leaks:
            assert_no_leak(table)
    return moves


# -- the tests --------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(TABLE_CLASSES))
def test_play_a_game_to_the_end_by_clicking(name):
    table = TABLE_CLASSES[name](seed=11, **SHORT[name])
    assert_no_leak(table)
    moves = play_through_buttons(table, np.random.default_rng(1))
    state = table.state
    assert state.is_terminal and moves > 0
    if isinstance(table, ParallelPokerTable):
        assert "turn the showings up" in table._status.value  # PP-3: one by one
        table._all.click()
    # the engine's state is exactly the game its actions replay to
    assert table.game.state_from_json(state.to_json()) == state
    html = table._status.value
    assert "The game is over" in html
    assert table._actions.children == ()
    assert not table._replay.disabled
    # the log shows the engine's words with their rule ids
    prefix = {"kontrabluff": "KB-", "draw_poker": "DP-", "parallel_poker": "PP-", "fight_for_the_lead": "FL-"}[name]
    assert prefix in table._log.value


@pytest.mark.parametrize("name", list(TABLE_CLASSES))
@pytest.mark.parametrize("seed", [3, 4, 5, 6, 7, 8])
def test_no_hidden_card_ever_appears_in_a_widget(name, seed):
    rng = np.random.default_rng(seed)
    table = play(name, seed=seed, seat=int(rng.integers(2)), hints=False, **SHORT[name])
    play_through_buttons(table, rng)


def test_hot_seat_view_follows_the_player_to_act_behind_a_cover():
    table = KontrabluffTable(seed=5, hotseat=True)
    assert table.bots == {}
    seats_seen = set()
    rng = np.random.default_rng(0)
    for _ in range(12):
        if table._covered:
            assert table._hand.layout.display == "none" and table._actions.children == ()
            table._cover.click()
        seats_seen.add(table.view_seat)
        assert table.view_seat == table.state.current_player
        click_action(table, table.observation().legal_actions.sample(rng))
        assert_no_leak(table)
    assert seats_seen == {0, 1}


@pytest.mark.parametrize("name", ["parallel_poker", "fight_for_the_lead"])
def test_hot_seat_with_simultaneous_choices_plays_to_the_end(name):
    table = play(name, seed=6, hotseat=True, **SHORT[name])
    assert table.bots == {}
    play_through_buttons(table, np.random.default_rng(6))
    assert table.state.is_terminal


def test_buttons_offer_exactly_the_legal_action_kinds():
    table = DrawPokerTable(seed=2, players=3)
    for _ in range(30):
        if table.state.is_terminal:
            break
        obs = table.observation()
        shown = {kind for kind, button in table._action_buttons.items() if button in table._actions.children}
        assert shown == set(obs.legal_actions.kinds())
        for kind, slider in table._amounts.items():
            if slider in table._actions.children:
                amounts = [a.amount for a in obs.legal_actions if a.kind == kind]
                assert (slider.min, slider.max) == (min(amounts), max(amounts))
        click_action(table, obs.legal_actions.sample(np.random.default_rng(len(table.state.actions))))


def test_a_card_button_needs_a_selection_and_names_the_rule_when_disabled():
    table = FightForTheLeadTable(seed=1, players=3)  # FL-3: first, a fight card
    obs = table.observation()
    card_kinds = {a.kind for a in obs.legal_actions if a.cards}
    assert card_kinds
    for kind in card_kinds:
        assert table._action_buttons[kind].disabled
        assert table._action_buttons[kind].tooltip
    # selecting a legal card enables its button, which then names the card
    action = next(a for a in obs.legal_actions if len(a.cards) == 1)
    visible_card_buttons(table)[action.cards[0]].click()
    button = table._action_buttons[action.kind]
    assert not button.disabled and str(action.cards[0]) in button.description
    assert "translateY" not in button.description
    assert "cl-selected" in visible_card_buttons(table)[action.cards[0]]._dom_classes


def test_same_seed_same_game_and_new_game_changes_it():
    a, b = KontrabluffTable(seed=9), KontrabluffTable(seed=9)
    assert a.state == b.state and a._board.value == b._board.value
    a._seed_box.value = 10
    a._new.click()
    assert a.state.seed == 10 and a.state.actions == KontrabluffTable(seed=10).state.actions


def test_undo_takes_back_the_seats_last_action_and_what_followed():
    table = FightForTheLeadTable(seed=4, players=3)
    rng = np.random.default_rng(2)
    for _ in range(3):
        click_action(table, table.observation().legal_actions.sample(rng))
    actions = list(table.state.actions)
    mine = [i for i, (p, _) in enumerate(actions) if p == table.seat]
    table._undo.click()
    kept = table.state.actions[: mine[-1]]
    assert kept == actions[: mine[-1]]
    assert len(table.state.actions) < len(actions)
    assert table.seat in table.actors()


def test_replay_walks_through_the_finished_game():
    table = ParallelPokerTable(seed=8)
    play_through_buttons(table, np.random.default_rng(3))
    table._all.click()
    assert not table._replay.disabled
    table._replay.click()
    assert table.replay_states is not None and table._replay_slider.max == len(table.state.actions)
    table._replay_slider.value = 0
    assert "The game is over" not in table._status.value
    assert table._actions.children == ()  # a replay plays nothing
    table._replay_slider.value = table._replay_slider.max
    assert "The game is over" in table._status.value
    table._replay.click()
    assert table.replay_states is None


def test_teacher_mode_reveals_all_cards_and_is_off_by_default():
    table = KontrabluffTable(seed=6)
    hidden = table.state.hidden_from(table.seat)
    assert not table._teacher.value and table._teacher_view.value == ""
    table._teacher.value = True
    shown = sum(card.name in table._teacher_view.value for card in hidden)
    assert shown == len(hidden)


def test_an_error_in_a_callback_is_shown_in_the_table():
    def broken_bot(observation):
        raise RuntimeError("the bot fell off its chair")

    table = KontrabluffTable(seed=1, opponent=broken_bot, auto=False)
    assert not table._step.disabled or table.seat in table.actors()
    while table.seat in table.actors():
        click_action(table, table.observation().legal_actions.sample(np.random.default_rng(0)))
    table._step.click()
    assert table.message_is_error and "fell off its chair" in table.message
    assert any("fell off its chair" in str(o) for o in table.errors.outputs)
    assert "fell off its chair" in table._status.value


def test_step_by_step_bots_wait_for_the_step_button():
    table = FightForTheLeadTable(seed=3, players=3, auto=False)
    rng = np.random.default_rng(5)
    while table.seat in table.actors():
        click_action(table, table.observation().legal_actions.sample(rng))
    before = len(table.state.actions)
    assert not table._step.disabled
    table._step.click()
    assert len(table.state.actions) == before + 1


def test_an_illegal_play_raises_and_changes_nothing():
    table = KontrabluffTable(seed=2)
    before = table.state.clone()
    with pytest.raises(IllegalActionError):
        table.play(Action("lay", (Card.parse("Ah"), Card.parse("Kh"))))
    assert table.state == before


def test_parallel_poker_packets_by_clicking_and_showings_one_by_one():
    table = ParallelPokerTable(seed=4)
    hand = list(table.observation().hand)
    assert len(hand) == 25 and table._lay.disabled
    table._fill.value = "3"
    visible_card_buttons(table)[hand[0]].click()
    assert table.packets[2] == [hand[0]]
    table._packet_buttons[2][0].click()  # take it back
    assert table.packets[2] == []
    for card in hand:
        visible_card_buttons(table)[card].click()
    assert sorted(c for p in table.packets for c in p) == sorted(hand) and not table._lay.disabled
    table._lay.click()
    assert table.state.is_terminal
    assert table.revealed == 0 and "packet 1" in table._board.value
    assert table.shown_points(table.observation()) == (0, 0)  # no result before the showings
    assert table._board.value.count("face-down card") >= 25  # the other's packets, still face down
    for k in range(1, 6):
        table._next.click()
        assert table.revealed == k
        assert f"showing {k}" in table._showings.value and f"showing {k + 1}<" not in table._showings.value
    assert table._next.layout.display == "none"
    assert table.shown_points(table.observation()) == table.state.points
    assert table._board.value.count('aria-label="face-down card"') == 0


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


@pytest.mark.parametrize("name", ["kontrabluff", "draw_poker"])
def test_hints_name_only_the_seats_own_options_and_no_hidden_card(name):
    table = play(name, seed=12, hints=True, **SHORT[name])
    rng = np.random.default_rng(4)
    shown = 0
    for _ in range(8):
        if table.state.is_terminal:
            break
        shown += bool(table._hint.value)
        assert_no_leak(table)
        click_action(table, table.observation().legal_actions.sample(rng))
    assert shown > 0 and not table.errors.outputs


def test_with_a_pace_bots_move_one_by_one_on_the_event_loop():
    import asyncio

    async def main():
        table = FightForTheLeadTable(seed=3, players=4, pace=0.01)
        start = len(table.state.actions)
        assert table._pending is not None  # the first bot move waits for its timer
        for _ in range(500):
            if table._pending is None:
                break
            await asyncio.sleep(0.005)
        return table, start

    # In a thread of its own: Playwright's sync API (the browser tests) may hold this thread's loop.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        table, start = pool.submit(asyncio.run, main()).result()
    assert table._pending is None and len(table.state.actions) > start
    assert table.seat in table.actors()  # the bots stopped for the person
