"""The drill widget in a real browser (issue 36, item 2): answered by the keyboard alone.

Voilà serves a notebook holding one ``Drill`` (seeded: the test knows each exercise from
the same seed, :class:`cardlab.drills.Practice`). With Tab and Enter only: a wrong option
is chosen (the polite live region says "Not quite." and why; the focus goes to "Next
question"; the rule's statement opens with Enter on its summary), Next is pressed (the
focus goes to the first option of the next exercise), the right option is chosen (the
live region says "Right!" and the next question; the focus goes to its first option),
then a number is typed and checked with Enter (the focus goes to the first option of the
next exercise). axe-core (the pinned version) runs on
every screen and fails on a serious or critical violation. The screenshot is
test-artifacts/screenshots/voila-drill-keyboard.png (1280x900).
"""

from __future__ import annotations

import json

import pytest

from cardlab.drills import Practice

from .a11y import assert_axe_clean, focused, live_is_polite, live_text, tab_to, wait_for_live_change
from .browser_servers import write_notebook

pytestmark = pytest.mark.browser

LOAD = 120_000  # ms: Voilà starts a kernel and runs the cell
STEP = 20_000  # ms: a key's round trip through the kernel
KINDS = ["which_hand_wins", "lead_winner", "round_points"]
SETTINGS = {"seed": 19, "deck": 32}  # which hand wins, who wins the lead, points to type, the lead again
NOTEBOOK = "drill-keyboard"
CELL = f"from cardlab.widgets import Drill\n\nDrill(kinds={KINDS!r}, seed={SETTINGS['seed']}, deck={SETTINGS['deck']})"

#: The focused element is an option of the drill whose words are ``text`` (a mark ✓/✗ aside).
IS_OPTION = "cl-option"


def option(text: str):
    return lambda f: IS_OPTION in f.get("cls", "") and f.get("text", "").lstrip("✓✗ ") == text


def wait_for_focus(page, css: str, text: str = "") -> dict:
    """Wait (bounded) until the focus is on an element matching ``css`` (with words ``text``)."""
    page.wait_for_function(
        "([css, text]) => { const e = document.activeElement;"
        " return !!e && e.matches(css) && (!text || e.textContent.trim() === text); }",
        arg=[css, text], timeout=STEP)
    return focused(page)


def test_a_drill_by_keyboard_alone_with_axe(axe_core, page, voila, notebooks_folder, screenshot):
    write_notebook(notebooks_folder, NOTEBOOK, CELL)
    run = Practice(KINDS, seed=SETTINGS["seed"], deck=SETTINGS["deck"])
    exercises = []
    for _ in range(4):
        exercises.append(run.exercise)
        run.next()
    first, second, third, fourth = exercises
    assert first.options and second.options and not third.options and fourth.options, [e.kind for e in exercises]

    page.goto(f"{voila.url}/voila/render/{NOTEBOOK}.ipynb", timeout=LOAD)
    page.wait_for_selector(".cl-drill .cl-option", timeout=LOAD)
    page.wait_for_timeout(500)
    assert live_is_polite(page), "the live region is not a polite status region"
    assert page.locator(".cl-drill .cl-prompt").inner_text().strip() == first.prompt
    assert_axe_clean(page, "the drill: the first question")

    # a wrong answer: Tab to a wrong option, Enter; why is said, the focus waits on Next
    wrong = first.options[(first.answer + 1) % len(first.options)]
    tab_to(page, option(wrong))
    before = live_text(page)
    page.keyboard.press("Enter")
    said = wait_for_live_change(page, before)
    why = first.grade((first.answer + 1) % len(first.options)).why
    assert said.startswith("Not quite.") and why in said, said
    wait_for_focus(page, ".cl-next")
    assert page.locator(".cl-drill .cl-option:disabled").count() == len(first.options)
    assert page.locator(".cl-drill .cl-right").inner_text().strip() == f"✓ {first.options[first.answer]}"
    screenshot(page, "voila-drill-keyboard-wrong")
    assert_axe_clean(page, "the drill: a wrong answer")
    # the rule's text one key away: Shift+Tab to its summary, Enter opens it
    tab_to(page, lambda f: f.get("text", "").startswith("Read the rule"), presses=6, key="Shift+Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !!document.querySelector('.cl-drill details[open]')", timeout=STEP)
    assert_axe_clean(page, "the drill: the rule opened")

    # Next: the focus goes to the first option of the next exercise
    tab_to(page, lambda f: "cl-next" in f.get("cls", ""), presses=6)
    before = live_text(page)
    page.keyboard.press("Enter")
    said = wait_for_live_change(page, before)
    assert said == f"Question 2: {second.prompt}", said
    wait_for_focus(page, ".cl-option", second.options[0])

    # a right answer: it says so, and the focus goes to the next exercise's number box
    tab_to(page, option(second.options[second.answer]), presses=len(second.options) + 1)
    before = live_text(page)
    page.keyboard.press("Enter")
    said = wait_for_live_change(page, before)
    assert said.startswith("Right!") and said.endswith(f"Question 3: {third.prompt}"), said
    wait_for_focus(page, ".cl-number input")
    assert page.locator(".cl-drill .cl-verdict-right").count() == 1
    assert_axe_clean(page, "the drill: a right answer and a number to type")

    # a number typed, and Enter in the box checks it
    page.keyboard.type(str(third.answer))
    before = live_text(page)
    page.keyboard.press("Enter")
    said = wait_for_live_change(page, before)
    assert said.startswith("Right!") and said.endswith(f"Question 4: {fourth.prompt}"), said
    wait_for_focus(page, ".cl-option", fourth.options[0])  # the first option of the next exercise
    page.wait_for_function("() => document.querySelectorAll('.cl-drill .cl-mastery li').length >= 3", timeout=STEP)
    page.wait_for_timeout(300)
    rows = page.locator(".cl-drill .cl-mastery li").all_inner_texts()
    assert any(row.endswith(f"{third.rule}: 1 of 5 in a row") for row in rows), rows
    screenshot(page, "voila-drill-keyboard")
    assert_axe_clean(page, "the drill: after three answers")
    contrast = page.evaluate("""() => [...document.querySelectorAll('.cl-drill .cl-option:not(:disabled)')].map(b => {
        const s = getComputedStyle(b); return [s.color, s.backgroundColor]; })""")
    assert contrast and all(pair == ["rgb(27, 27, 27)", "rgb(255, 255, 255)"] for pair in contrast), json.dumps(contrast)
    assert not page.errors, page.errors
