"""The tables in a real browser (Debian's chromium driven by Playwright), at 1280x900.

Voilà serves each play notebook as a plain page (the classroom app). Here: parallel
poker arranged by clicking and shown one showing at a time, the hot-seat cover, the
questions before leaving and before a new game (each game's round to a result, with
the result's checks, is played by keyboard in test_a11y_in_browser.py and
test_in_jupyterlab.py; every screen is clicked through in test_tables_fit.py).
axe-core (tests/browser/a11y.py) checks each screen these reach that the keyboard
tests do not: the packets laid out and the first showing, the cover, the questions.
Every wait has a limit; a page or kernel that is not ready is tried again a bounded
number of times, then the test fails with a screenshot and the server's log.
Screenshots (full page) go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import re

import pytest

from .a11y import assert_axe_clean

pytestmark = pytest.mark.browser

LOAD = 120_000  # ms: a kernel starts and runs the notebook
STEP = 20_000  # ms: one click's round trip, with the bots' moves
OPEN_ATTEMPTS = 2  # a page whose table does not show is loaded again once


def fail(page, server, screenshot, name: str, why: str) -> None:
    path = screenshot(page, f"{name}-failed")
    pytest.fail(f"{why}\nscreenshot: {path}\nthe server's log ends:\n{server.log_tail()}")


def open_voila(page, voila, notebook: str, screenshot) -> None:
    for attempt in range(1, OPEN_ATTEMPTS + 1):
        try:
            page.goto(f"{voila.url}/voila/render/{notebook}.ipynb", timeout=LOAD)
            page.wait_for_selector(".cl-table .cl-log", timeout=LOAD)
            return
        except Exception as error:  # noqa: BLE001 - Playwright's TimeoutError or a failed load
            if attempt == OPEN_ATTEMPTS:
                fail(page, voila, screenshot, f"voila-{notebook}", f"the table did not show: {error}")


def dismiss_dialogs(page) -> None:
    """Accept JupyterLab's dialogs (its kernel chooser shows when a run meets a kernel still starting)."""
    for _ in range(5):  # a second chooser can follow the first (two runs met the kernel starting)
        dialog = page.locator(".jp-Dialog .jp-mod-accept")
        if not dialog.count():
            return
        dialog.first.click(timeout=STEP)
        try:
            page.wait_for_selector(".jp-Dialog", state="detached", timeout=3_000)
            return
        except Exception:  # noqa: BLE001 - another dialog is up: accept it too
            continue
    page.wait_for_selector(".jp-Dialog", state="detached", timeout=STEP)


def log_text(page) -> str:
    return page.locator(".cl-log").first.text_content(timeout=STEP)


def banner_shown(page) -> bool:
    return page.locator(".cl-banner").count() > 0 and page.locator(".cl-banner").first.is_visible()


def in_viewport(page, locator) -> bool:
    box = locator.bounding_box(timeout=STEP)
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] + 1 \
        and box["y"] + box["height"] <= size["height"] + 1


def assert_turn_fits(page) -> None:
    """The hand and every enabled action button inside the viewport, without scrolling."""
    hand = page.locator(".cl-hand:visible")
    if hand.count():
        assert in_viewport(page, hand.first), f"the hand lies outside the viewport: {hand.first.bounding_box()}"
    buttons = page.locator(".cl-action:visible:not([disabled])")
    for i in range(buttons.count()):
        assert in_viewport(page, buttons.nth(i)), f"{buttons.nth(i).text_content()!r} lies outside the viewport"


def assert_packets_unclipped(page) -> None:
    """Five full packets side by side in one row, every card wholly inside its packet's box."""
    boxes = page.evaluate("""() => [...document.querySelectorAll('.cl-packet')].map(p => {
        const box = p.getBoundingClientRect();
        const cards = [...p.querySelectorAll('.cl-cardbtn')].filter(b => b.offsetParent)
            .map(b => b.getBoundingClientRect());
        return {top: box.top, left: box.left, right: box.right, bottom: box.bottom,
                cards: cards.map(c => [c.left, c.right, c.bottom])};
    })""")
    assert len(boxes) == 5 and all(len(b["cards"]) == 5 for b in boxes), boxes
    assert len({round(b["top"]) for b in boxes}) == 1, f"the packets wrap onto two rows: {boxes}"
    for k, b in enumerate(boxes, 1):
        for left, right, bottom in b["cards"]:
            assert b["left"] <= left and right <= b["right"] and bottom <= b["bottom"], f"packet {k} clips a card: {b}"


PREFERRED = ("Pass", "Hand over", "Keep all", "Stand pat", "Call", "Show", "Play on")
#: Draw poker calls down to a showdown, so hands are turned up (passing all the way shows none, DP-4).
TO_SHOWDOWN = ("Call", "Stand pat", "Show", "Open")


def wait_for_change(page, before: str) -> None:
    page.wait_for_function(
        "before => { const d = document.querySelector('.cl-log'); const b = document.querySelector('.cl-banner');"
        " return (d && d.textContent !== before) || (b && b.offsetParent); }", arg=before, timeout=STEP)


def play_to_a_result(page, *, moves: int = 40, fits: bool = True, preferred=PREFERRED, until=None) -> None:
    """Click as a player does (a preferred button, else a card then the action it enables)
    until a result banner shows (or ``until(page)`` holds)."""
    for _ in range(moves):
        if banner_shown(page) or (until is not None and until(page)):
            return
        page.wait_for_selector(".cl-action:visible:not([disabled]), .cl-hand .cl-cardbtn:visible:not([disabled]), "
                               ".cl-banner", timeout=STEP)
        if banner_shown(page) or (until is not None and until(page)):
            return
        if fits:
            assert_turn_fits(page)
        before = log_text(page)
        enabled = page.locator(".cl-action:visible:not([disabled])")
        labels = [enabled.nth(i).text_content().strip() for i in range(enabled.count())]
        choice = next((label for word in preferred for label in labels
                       if label == word or label.startswith(word + " ")), None)
        if choice is None:  # select cards (one, or five for a low round) until the button names them
            named = page.locator(".cl-action:visible:not([disabled])").filter(has_text=re.compile(r"[♠♥♦♣]|\d\s*$|chips?\s*$|See|Pass"))
            for chosen in range(1, 6):
                page.locator(".cl-hand .cl-cardbtn:visible:not([disabled]):not(.cl-selected)").first.click()
                # the click's round trip first (a busy machine), then whether the button names it:
                # one card too many would leave no named button at all
                page.wait_for_function(
                    "n => document.querySelectorAll('.cl-hand .cl-cardbtn.cl-selected').length >= n",
                    arg=chosen, timeout=STEP)
                try:
                    named.first.wait_for(timeout=1_500)
                    break
                except Exception:  # noqa: BLE001 - not yet: select one more
                    continue
            choice = named.first.text_content(timeout=STEP).strip()
        page.locator(".cl-action:visible", has_text=choice).first.click()
        wait_for_change(page, before)
        page.wait_for_timeout(400)  # the other widgets of the same refresh arrive just after the log
    raise AssertionError(f"no result after {moves} moves")


def check_result(page) -> str:
    """The result on screen reads true and is in view, with its Continue; returns its words."""
    banner = page.locator(".cl-banner").first
    assert banner.is_visible()
    text = banner.inner_text()
    assert re.search(r"(wins|win|tie)", text) and re.search(r"— (KB|DP|FL|PP)-\d+", text), text
    assert in_viewport(page, banner), "the result is not in view"
    if "without showing" not in text:  # DP-4: the last player left shows nothing
        face_up = page.locator(".cl-table .cl-card:not(.cl-back):visible")
        assert face_up.count() > 0, "no card face up with the result"
    cont = page.locator(".cl-continue:visible")
    assert cont.count() == 1 and in_viewport(page, cont.first), cont.first.bounding_box()
    return text


def check_result_and_continue(page) -> str:
    text = check_result(page)
    page.locator(".cl-continue:visible").first.click()
    page.wait_for_selector(".cl-banner", state="detached", timeout=STEP)
    return text


def test_voila_parallel_poker_arrange_by_clicking_then_show_one_by_one(axe_core, page, voila, screenshot):
    open_voila(page, voila, "play-parallel-poker", screenshot)
    hand = page.locator(".cl-hand .cl-cardbtn:visible")
    assert hand.count() == 25
    assert_turn_fits(page)
    for remaining in range(25, 0, -1):
        hand.first.click()
        page.wait_for_function(
            "n => [...document.querySelectorAll('.cl-hand .cl-cardbtn')].filter(b => b.offsetParent).length === n",
            arg=remaining - 1, timeout=STEP,
        )
    screenshot(page, "voila-parallel-poker-arranged")
    assert_packets_unclipped(page)
    assert_axe_clean(page, "parallel poker: five packets filled")
    page.locator(".cl-action", has_text="Lay the packets").click()
    page.locator("button", has_text="Next showing").click()
    page.wait_for_selector("text=showing 1", timeout=STEP)
    assert "PP-3" in page.locator(".cl-log").inner_text()
    screenshot(page, "voila-parallel-poker-first-showing")
    assert_axe_clean(page, "parallel poker: the first showing turned up")
    page.locator("button", has_text="Show all").click()
    page.wait_for_selector(".cl-banner >> text=Final standings", timeout=STEP)
    screenshot(page, "voila-parallel-poker-final")
    assert not page.errors, page.errors


def test_voila_hot_seat_cover_shows_no_card(axe_core, page, voila, screenshot):
    open_voila(page, voila, "play-hotseat", screenshot)
    if page.locator(".cl-cover:visible").count():  # the first player to act uncovers their cards
        page.locator(".cl-cover").click()
    page.wait_for_selector(".cl-hand .cl-cardbtn:visible", timeout=STEP)
    me = re.search(r"you are (\w+)", page.locator(".cl-title").inner_text())[1]
    page.locator(".cl-hand .cl-cardbtn:visible:not([disabled])").first.click()  # lay a card (KB-3)
    lay = page.locator(".cl-action:visible:not([disabled])").filter(has_text=re.compile("[♠♥♦♣]"))
    lay.first.click()
    page.wait_for_selector(".cl-cover:visible", timeout=STEP)
    # at the moment the cover shows, the previous player's cards are already gone (no settling:
    # the view sends the cover last)
    assert not re.search("[♠♥♦♣]", page.locator(".cl-table").first.inner_text()), "a card shows beside the cover"
    screenshot(page, "voila-hotseat-cover")
    assert_axe_clean(page, "the hot-seat cover")
    other = {"South": "North", "North": "South"}[me]
    assert f"{other} clicks here to see their cards" in page.locator(".cl-cover").inner_text()
    table = page.locator(".cl-table").first
    assert page.locator(".cl-table .cl-card:not(.cl-back)").count() == 0
    assert page.locator(".cl-hand .cl-cardbtn:visible").count() == 0
    assert not re.search("[♠♥♦♣]", table.inner_text()), "a card shows behind the cover"
    page.locator(".cl-cover").click()
    page.wait_for_selector(".cl-hand .cl-cardbtn:visible", timeout=STEP)
    assert page.locator(".cl-title", has_text=f"you are {other}").count() == 1
    page.wait_for_function(  # the next player reads what the first one did
        "me => document.querySelector('.cl-log').textContent.includes(me + ' lays')", arg=me, timeout=STEP)
    assert not page.errors, page.errors


def test_voila_leaving_the_table_asks_first(axe_core, page, voila, screenshot):
    open_voila(page, voila, "play-fight-for-the-lead", screenshot)
    leave = page.locator(".cl-action:visible", has_text="Leave")
    for _ in range(12):  # tricks and payouts until the players decide to play on or leave (FL-10)
        play_to_a_result(page, fits=False, until=lambda p: leave.count() > 0)
        if leave.count():
            break
        page.locator(".cl-continue:visible").click()
        page.wait_for_selector(".cl-banner", state="detached", timeout=STEP)
    leave.click()
    page.locator(".cl-confirm:visible", has_text="The bots finish the session").wait_for(timeout=STEP)
    screenshot(page, "voila-fight-for-the-lead-leave-asks")
    assert_axe_clean(page, "Fight for the Lead: the question before leaving")
    page.locator(".cl-confirm button", has_text="Cancel").click()
    page.wait_for_selector(".cl-confirm", state="hidden", timeout=STEP)
    page.wait_for_timeout(500)
    assert "South leaves" not in log_text(page) and leave.count() == 1  # nothing happened; the choice is still open
    assert not page.errors, page.errors


def test_voila_new_game_asks_first(axe_core, page, voila, screenshot):
    open_voila(page, voila, "play-kontrabluff", screenshot)
    before = log_text(page)
    page.locator("button", has_text="New game").click()
    # the question's text and the box's display are two widget messages: wait for both
    page.locator(".cl-confirm:visible", has_text="Start a new game?").wait_for(timeout=STEP)
    screenshot(page, "voila-new-game-asks")
    assert_axe_clean(page, "the question before a new game")
    page.locator(".cl-confirm button", has_text="Cancel").click()
    page.wait_for_selector(".cl-confirm", state="hidden", timeout=STEP)
    assert log_text(page) == before
    assert not page.errors, page.errors
