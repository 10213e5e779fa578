"""The tables in a real browser (Debian's chromium driven by Playwright).

Voilà serves each play notebook as a plain page (the classroom app); JupyterLab
runs one as a student would. Each test clicks cards and buttons and checks that the
page updates; screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

LOAD = 120_000  # ms: a kernel starts and runs the notebook
STEP = 20_000  # ms: one click's round trip, with the bots' moves


def open_voila(page, voila_url: str, notebook: str) -> None:
    page.goto(f"{voila_url}/voila/render/{notebook}.ipynb", timeout=LOAD)
    page.wait_for_selector(".cl-table .cl-log", timeout=LOAD)


def newest_log_line(page) -> str:
    return page.locator(".cl-log div").first.text_content()


def enabled_cards(page):
    return page.locator(".cl-hand .cl-cardbtn:not([disabled])").filter(has_not_text=re.compile("^$"))


def log_text(page) -> str:
    return page.locator(".cl-log").text_content()


def wait_log_change(page, before: str) -> str:
    """Wait until the log differs from ``before`` (its whole text); the newest line."""
    page.wait_for_function(
        "before => { const d = document.querySelector('.cl-log'); return d && d.textContent !== before; }",
        arg=before, timeout=STEP,
    )
    return newest_log_line(page)


def test_voila_kontrabluff_select_a_card_and_pass(page, voila_url, screenshot):
    open_voila(page, voila_url, "play-kontrabluff")
    assert "KB-1" in page.locator(".cl-log").inner_text()
    assert page.locator('.cl-table [aria-label="face-down card"]').count() > 0  # North's hand, the talon
    screenshot(page, "voila-kontrabluff-start")
    card = enabled_cards(page).first
    label = card.get_attribute("title")
    card.click()
    page.wait_for_selector(".cl-hand .cl-cardbtn.cl-selected", timeout=STEP)
    assert page.locator(".cl-hand .cl-cardbtn.cl-selected").get_attribute("title") == label
    screenshot(page, "voila-kontrabluff-selected")
    card.click()
    page.wait_for_selector(".cl-hand .cl-cardbtn.cl-selected", state="detached", timeout=STEP)
    before = log_text(page)
    page.locator(".cl-action", has_text="pass").click()  # KB-2: North led the first round; South answers
    after = wait_log_change(page, before)
    assert re.match(r"KB-\d+:", after), after
    screenshot(page, "voila-kontrabluff-after-pass")
    assert not page.errors, page.errors


def test_voila_parallel_poker_arrange_by_clicking_then_show_one_by_one(page, voila_url, screenshot):
    open_voila(page, voila_url, "play-parallel-poker")
    hand = page.locator(".cl-hand .cl-cardbtn:visible")
    assert hand.count() == 25
    for remaining in range(25, 0, -1):
        hand.first.click()
        page.wait_for_function(
            "n => [...document.querySelectorAll('.cl-hand .cl-cardbtn')].filter(b => b.offsetParent).length === n",
            arg=remaining - 1, timeout=STEP,
        )
    screenshot(page, "voila-parallel-poker-arranged")
    page.locator(".cl-action", has_text="Lay the packets").click()
    page.locator("button", has_text="Next showing").click()
    page.wait_for_selector("text=showing 1", timeout=STEP)
    assert "PP-3" in page.locator(".cl-log").inner_text()
    screenshot(page, "voila-parallel-poker-first-showing")
    assert not page.errors, page.errors


def test_voila_draw_poker_bets_with_an_amount(page, voila_url, screenshot):
    open_voila(page, voila_url, "play-draw-poker")
    actions = page.locator(".cl-action:not([disabled])")
    assert actions.count() >= 2
    assert page.locator(".cl-table .widget-slider").count() >= 1  # the amount of a bet
    before = log_text(page)
    page.locator(".cl-action", has_text=re.compile("^(call|open|pass)")).first.click()
    after = wait_log_change(page, before)
    assert after.startswith("DP-"), after
    screenshot(page, "voila-draw-poker")
    assert not page.errors, page.errors


def test_jupyterlab_fight_for_the_lead_run_and_play_a_fight_card(page, lab_url, screenshot):
    page.goto(f"{lab_url}/lab/tree/play-fight-for-the-lead.ipynb?reset", timeout=LOAD)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=LOAD)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=LOAD)  # kernel ready
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands.hasCommand('notebook:run-all-cells')")
    # A run sent while the kernel is still connecting can be lost: run again until the table shows.
    for attempt in range(6):
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        try:
            page.wait_for_selector(".cl-table .cl-log", state="attached", timeout=STEP)
            break
        except Exception:
            if attempt == 5:
                screenshot(page, "jupyterlab-fight-for-the-lead-failed")
                raise
    screenshot(page, "jupyterlab-fight-for-the-lead-start")
    card = enabled_cards(page).first
    card.click()
    page.wait_for_selector(".cl-hand .cl-cardbtn.cl-selected", timeout=STEP)
    fight = page.locator(".cl-action", has_text=re.compile("^fight"))
    assert fight.is_enabled()
    before = log_text(page)
    fight.click()
    after = wait_log_change(page, before)
    assert after.startswith("FL-"), after
    screenshot(page, "jupyterlab-fight-for-the-lead")
