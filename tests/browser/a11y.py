"""What the accessibility tests share: an axe-core run that fails on serious and critical
violations, and moves made with the keyboard alone (Tab, the arrow keys, Space, Enter).

axe-core comes with axe-playwright-python (the dev extra); it is injected into the page
and run on the whole page, or on the tables only where the page is JupyterLab's own.
"""

from __future__ import annotations

import re

STEP = 20_000  # ms: a key's round trip through the kernel, with the bots' moves
SERIOUS = ("serious", "critical")


def axe_violations(page, context: str | None = None) -> list[str]:
    """The serious and critical violations axe-core finds on the page (or inside ``context``)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context, options={"resultTypes": ["violations"]})
    return [f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:4]]}"
            for v in results.response["violations"] if v["impact"] in SERIOUS]


def assert_axe_clean(page, screen: str, context: str | None = None) -> None:
    found = axe_violations(page, context)
    assert not found, f"axe-core on {screen}:\n" + "\n".join(found)


FOCUSED = """() => { const e = document.activeElement; if (!e) return {};
    return {cls: String(e.className || ''), text: (e.textContent || '').trim(), label: e.getAttribute('aria-label') || '',
            table: !!(e.closest && e.closest('.cl-table')), disabled: !!e.disabled}; }"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def tab_to(page, matches, presses: int = 80, key: str = "Tab") -> list[dict]:
    """Press Tab until the focused element ``matches`` (a function of :func:`focused`'s
    dict), unless it does already; returns every element passed on the way. Fails after
    ``presses`` presses."""
    passed: list[dict] = []
    if matches(focused(page)):
        return passed
    for _ in range(presses):
        page.keyboard.press(key)
        now = focused(page)
        passed.append(now)
        if matches(now):
            return passed
    brief = [(f.get("cls", "")[-30:], f.get("text", "")[:30]) for f in passed[-12:]]
    raise AssertionError(f"{presses} presses of {key} never reached the control: passed {brief}")


def is_card(f: dict) -> bool:
    return "cl-cardbtn" in f.get("cls", "") and f.get("table", False)


def is_action(text: str):
    return lambda f: "cl-action" in f.get("cls", "") and f.get("text", "") == text


def live_text(page) -> str:
    return page.evaluate("() => { const e = document.querySelector('.cl-live'); return e ? e.textContent : ''; }")


def live_is_polite(page) -> bool:
    return page.evaluate("() => { const e = document.querySelector('.cl-live');"
                         " return !!e && e.getAttribute('aria-live') === 'polite' && e.getAttribute('role') === 'status'; }")


def enabled_actions(page) -> list[str]:
    enabled = page.locator(".cl-action:visible:not([disabled])")
    return [enabled.nth(i).text_content().strip() for i in range(enabled.count())]


def banner_shown(page) -> bool:
    return page.locator(".cl-banner").count() > 0 and page.locator(".cl-banner").first.is_visible()


def wait_for_live_change(page, before: str) -> str:
    page.wait_for_function("before => { const e = document.querySelector('.cl-live');"
                           " return e && e.textContent && e.textContent !== before; }", arg=before, timeout=STEP)
    page.wait_for_timeout(300)  # the rest of the same redraw arrives just after
    return live_text(page)


def check_live(page, text: str) -> None:
    """The live region says the turn line on screen, and the result's first line when one shows."""
    status = page.locator(".cl-status .cl-turn, .cl-status").first.inner_text().split("\n")[0].strip()
    turn = page.locator(".cl-status .cl-turn")
    said = turn.first.inner_text().strip() if turn.count() else status
    assert said.rstrip(".") in text, f"the live region does not say the turn line {said!r}: {text!r}"
    if banner_shown(page):
        line = page.locator(".cl-banner-line").first.inner_text().strip()
        assert line.split(" — ")[0].rstrip(".") in text, f"the live region does not say the result {line!r}: {text!r}"


PREFERRED = ("Pass", "Hand over", "Keep all", "Stand pat", "Call", "Show", "Play on")


def keyboard_move(page, preferred=PREFERRED) -> str:
    """One move by keyboard alone; returns what the live region says after it.

    A preferred action is reached with Tab and pressed with Enter; else a card of the
    hand is reached with Tab (one stop for the whole hand), chosen with Space, more
    cards with the right arrow and Space, until an action takes them; Enter on the card
    plays them."""
    before = live_text(page)
    page.wait_for_selector(".cl-action:visible:not([disabled]), .cl-hand .cl-cardbtn:visible:not([disabled])",
                           timeout=STEP)
    page.wait_for_timeout(300)  # the rest of the same redraw arrives just after
    labels = enabled_actions(page)
    choice = next((label for word in preferred for label in labels
                   if label == word or label.startswith(word + " ")), None)
    if choice is not None:
        tab_to(page, is_action(choice))
        page.keyboard.press("Enter")
        return wait_for_live_change(page, before)
    tab_to(page, is_card)
    takes = page.locator(".cl-action.cl-takes-cards:visible:not([disabled])")
    for _ in range(6):
        start = focused(page)["label"]
        page.keyboard.press("Space")
        page.wait_for_function("label => document.activeElement && document.activeElement.getAttribute('aria-pressed')"
                               " === 'true'", arg=start, timeout=STEP)
        page.wait_for_timeout(400)
        if takes.count():
            break
        page.keyboard.press("ArrowRight")
        assert focused(page)["label"] != start, "the right arrow did not move along the hand"
    assert re.search("[♠♥♦♣]|\\d", takes.first.text_content()), "no action takes the chosen cards"
    page.keyboard.press("Enter")
    return wait_for_live_change(page, before)


def continue_by_keyboard(page) -> str:
    """Reach Continue with Tab and press Enter; returns what the live region says then."""
    before = live_text(page)
    tab_to(page, lambda f: "cl-continue" in f.get("cls", ""))
    page.keyboard.press("Enter")
    page.wait_for_selector(".cl-banner", state="detached", timeout=STEP)
    return wait_for_live_change(page, before)


def assert_hand_is_one_tab_stop(page) -> None:
    """From a card of the hand, Tab leaves the hand: the arrows move along it."""
    tab_to(page, is_card)
    page.keyboard.press("Tab")
    assert not is_card(focused(page)), "Tab moved to another card: the hand takes more than one Tab stop"
