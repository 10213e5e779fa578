"""Accessibility in a real browser (issue 30): every game played by the keyboard alone,
the live region's words after each move, and axe-core on every screen reached.

Voilà serves each play notebook (and the odds explorer); the classroom server serves the
landing, join and teacher's pages (JupyterLab's keyboard rounds are in
test_in_jupyterlab.py). A game is played from its seeded start to its first result and on past Continue, with
Tab, the arrow keys, Space and Enter only (no click, no mouse); after each move the live
region (``role="status"``, ``aria-live="polite"``) says the turn line on screen and,
when a result shows, the result (and never a result whose cards are still face down:
parallel poker's showings). After Enter plays a card the focus stays on the hand, on the
card that took its place (Kontrabluff lays two cards from the middle of its hand while
the computer moves at a pace). axe-core (the pinned, current version: tests/browser/a11y.py)
runs on every screen reached (the start, after each move, the result, after Continue)
and fails on a serious or critical violation. Screenshots go to
test-artifacts/screenshots/.
"""

from __future__ import annotations

import pytest

from .a11y import (
    assert_axe_clean,
    assert_hand_is_one_tab_stop,
    banner_shown,
    check_live,
    continue_by_keyboard,
    is_card,
    keyboard_move,
    live_is_polite,
    live_text,
    tab_to,
    wait_for_live_change,
)
from .test_tables_in_browser import TO_SHOWDOWN, assert_turn_fits, check_result, open_voila

pytestmark = pytest.mark.browser

MOVES = 30  # a game's first result comes within this many of the seat's moves


def play_by_keyboard(page, *, preferred=None, axe: str = "", context: str | None = None) -> list[str]:
    """Moves by keyboard alone until a result shows; the live region's words after each.
    With ``axe`` (the game's name), axe-core checks the screen after every move too."""
    said = []
    for number in range(1, MOVES + 1):
        if banner_shown(page):
            return said
        page.wait_for_selector(".cl-action:visible:not([disabled]), .cl-hand .cl-cardbtn:visible:not([disabled]), "
                               ".cl-banner", timeout=20_000)
        if banner_shown(page):
            return said
        text = keyboard_move(page, **({"preferred": preferred} if preferred else {}))
        check_live(page, text)
        said.append(text)
        if axe:
            assert_axe_clean(page, f"{axe}: after move {number}", context=context)
    raise AssertionError(f"no result after {MOVES} moves by keyboard: {said[-3:]}")


@pytest.mark.parametrize("game", ["kontrabluff", "draw-poker", "fight-for-the-lead"])
def test_voila_a_round_by_keyboard_alone_with_axe_on_every_screen(axe_core, page, voila, screenshot, game):
    open_voila(page, voila, f"play-{game}", screenshot)
    page.wait_for_timeout(500)
    assert live_is_polite(page), "the live region is not a polite status region"
    assert "Your turn" in live_text(page)
    assert page.locator(".cl-table .cl-turn", has_text="Your turn").count() == 1
    assert_turn_fits(page)  # the hand and every enabled action in view
    screenshot(page, f"voila-{game}-start")
    assert_axe_clean(page, f"{game}: the start")
    if page.locator(".cl-hand .cl-cardbtn:visible:not([disabled])").count():  # not while betting (DP-2)
        assert_hand_is_one_tab_stop(page)
    if game == "kontrabluff":  # cards laid from the middle of the hand while the computer moves at a pace
        lay_from_the_middle_at_a_pace(page)
    said = play_by_keyboard(page, preferred=TO_SHOWDOWN if game == "draw-poker" else None, axe=game)
    screenshot(page, f"voila-{game}-keyboard-result")
    assert said, "no move was made"
    check_result(page)  # it reads true and sits in view with its Continue
    assert_axe_clean(page, f"{game}: a result")
    text = continue_by_keyboard(page)
    check_live(page, text)
    assert_axe_clean(page, f"{game}: after Continue")
    assert not page.errors, page.errors


PACE = "Seconds a move"
READOUT = """pace => [...document.querySelectorAll('.cl-table .widget-slider')].some(w =>
  (w.querySelector('.widget-label') || {}).textContent === pace && w.querySelector('.widget-readout').textContent.trim() === '0.30')"""


def lay_from_the_middle_at_a_pace(page, moves: int = 2) -> None:
    """Kontrabluff: "Seconds a move" raised to 0.3 with the right arrow (the computer then
    moves after a pause, and the hand is off while it waits), then two cards laid by
    keyboard, each the third card of the hand: after each the focus waits on the hand and
    comes back to the card that took the laid card's place, not to the first card
    (:func:`~tests.browser.a11y.keyboard_move` checks it)."""
    tab_to(page, lambda f: f.get("label") == PACE)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(READOUT, arg=PACE, timeout=20_000)
    page.wait_for_timeout(300)  # the pace reaches the kernel
    tab_to(page, is_card, key="Shift+Tab")
    for number in range(1, moves + 1):
        if banner_shown(page):  # the computer's answer ended the round
            return
        keyboard_move(page, preferred=(), place=2)  # it returns once the seat may act again (or a result shows)
        page.wait_for_timeout(300)  # the live region is the last piece of that redraw
        check_live(page, live_text(page))
        assert_axe_clean(page, f"kontrabluff: a card laid at a pace, {number}")


FOCUS_IN_HAND = """() => { const e = document.activeElement;
  return !!e && e.classList.contains('cl-cardbtn') && !!e.closest('.cl-hand') && e.offsetParent !== null && !e.disabled; }"""


def arrange_and_show_by_keyboard(page, context: str | None = None) -> None:
    """25 cards into five packets with Space alone (focus stays in the hand as each card
    leaves it), Enter on "Lay the packets" (the live region tells no result while the
    showings are face down), then Enter on "Show all", to the standings; axe-core on the
    showings' screen (inside ``context``, e.g. the tables in JupyterLab)."""
    tab_to(page, lambda f: "cl-cardbtn" in f.get("cls", ""))
    for remaining in range(25, 0, -1):
        # the focus is handed to the next card when a redraw hides the chosen one: wait for it
        # (a key pressed before would go to the page, as a student's would)
        page.wait_for_function(FOCUS_IN_HAND, timeout=20_000)
        page.keyboard.press("Space")
        page.wait_for_function(
            "n => [...document.querySelectorAll('.cl-hand .cl-cardbtn')].filter(b => b.offsetParent).length === n",
            arg=remaining - 1, timeout=20_000)
        page.wait_for_timeout(60)
    page.wait_for_timeout(300)
    before = live_text(page)
    tab_to(page, lambda f: f.get("text") == "Lay the packets")
    page.keyboard.press("Enter")
    said = wait_for_live_change(page, before)
    # the five showings are still face down: the live region tells no result, no review shows
    assert "five packets face down" in said and " wins" not in said and "PP-5" not in said, said
    assert page.locator(".cl-coach:visible").count() == 0, "the coach's review shows while the showings are face down"
    assert_axe_clean(page, "parallel poker: the showings", context=context)
    tab_to(page, lambda f: f.get("text") == "Show all")
    page.keyboard.press("Enter")
    page.wait_for_selector(".cl-banner >> text=Final standings", timeout=20_000)
    page.wait_for_timeout(300)
    check_live(page, live_text(page))


def test_voila_parallel_poker_by_keyboard_alone(axe_core, page, voila, screenshot):
    """Parallel poker by keyboard (:func:`arrange_and_show_by_keyboard`), axe-core at the
    start, at the showings and at the final standings."""
    open_voila(page, voila, "play-parallel-poker", screenshot)
    page.wait_for_timeout(500)
    assert_axe_clean(page, "parallel poker: the start")
    arrange_and_show_by_keyboard(page)
    screenshot(page, "voila-parallel-poker-keyboard-final")
    assert_axe_clean(page, "parallel poker: the final standings")
    assert not page.errors, page.errors


def test_voila_odds_explorer_by_keyboard_alone(axe_core, page, voila, screenshot):
    """Five cards picked with Tab, the arrows and Space; the verdict is read aloud."""
    open_voila_page(page, voila, "odds-explorer", ".cl-table .cl-cardrow")
    assert_axe_clean(page, "the odds explorer")
    tab_to(page, lambda f: "cl-cardbtn" in f.get("cls", ""))
    for _ in range(5):
        before = live_text(page)
        page.keyboard.press("Space")
        page.wait_for_function("b => document.querySelector('.cl-live').textContent !== b", arg=before, timeout=20_000)
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    assert live_is_polite(page)
    assert "beat it" in live_text(page), live_text(page)
    screenshot(page, "voila-odds-explorer-keyboard")
    assert_axe_clean(page, "the odds explorer with a verdict")
    assert not page.errors, page.errors


def open_voila_page(page, server, notebook: str, ready: str, query: str = "") -> None:
    page.goto(f"{server.url}/voila/render/{notebook}.ipynb{query}", timeout=120_000)
    page.wait_for_selector(ready, timeout=120_000)
    page.wait_for_timeout(500)


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    from cardlab.rooms import SQLiteStore

    from .browser_servers import server

    folder = tmp_path_factory.mktemp("classroom-a11y")
    store = SQLiteStore(folder / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=5, seats=[None, "rule"])
    with server("classroom", folder) as running:
        yield running, store, room


def open_classroom_page(page, server, path: str, ready: str) -> None:
    """A page of the classroom server (one process: ``/``, ``/join?…``, ``/teacher?…``)."""
    page.goto(f"{server.url}{path}", timeout=120_000)
    page.wait_for_selector(ready, timeout=120_000)
    page.wait_for_timeout(500)


def test_classroom_pages_by_keyboard_with_axe(axe_core, page, classroom, screenshot):
    """The landing page, a student's join page (a move by keyboard, the live region) and
    the teacher's page (a room made and paused by keyboard): no serious or critical
    violation."""
    server, store, room = classroom
    open_classroom_page(page, server, "/", ".cl-landing input")
    assert_axe_clean(page, "the landing page")
    tab_to(page, lambda f: f.get("text") == "Join my table")  # every control reached by Tab
    open_classroom_page(page, server, f"/join?room={room}&seat=0&token={store.tokens(room)[0]}", ".cl-table .cl-log")
    assert live_is_polite(page)
    assert_axe_clean(page, "the join page")
    text = keyboard_move(page)
    check_live(page, text)
    screenshot(page, "classroom-join-keyboard")
    assert_axe_clean(page, "the join page after a move")
    open_classroom_page(page, server, f"/teacher?key={store.teacher_key()}", "table.cl-rooms")
    assert_axe_clean(page, "the teacher's page")
    # the teacher's work by keyboard: a room made (Enter on Create room), then paused (Enter on Pause)
    before = {info.id for info in store.rooms()}
    tab_to(page, lambda f: f.get("text") == "Create room")
    page.keyboard.press("Enter")
    for _ in range(40):  # the click's round trip through the kernel, at most 20 s (the page's rows
        if {info.id for info in store.rooms()} - before:  # include a class's own rows: count the store's)
            break
        page.wait_for_timeout(500)
    (made,) = {info.id for info in store.rooms()} - before
    page.wait_for_function("n => document.querySelectorAll('table.cl-rooms tr').length >= n",
                           arg=len(before) + 2, timeout=20_000)  # a header row and a row a room, at least
    tab_to(page, lambda f: f.get("text") == "Pause")
    page.keyboard.press("Enter")
    for _ in range(40):  # the click's round trip through the kernel, at most 20 s
        if store.room_status(made) == "paused":
            break
        page.wait_for_timeout(500)
    assert store.room_status(made) == "paused", "Enter on Pause did not pause the room just made"
    screenshot(page, "classroom-teacher-axe")
    assert_axe_clean(page, "the teacher's page, a room made and paused")
    assert not page.errors, page.errors
