"""What the accessibility tests share: an axe-core run that fails on serious and critical
violations, and moves made with the keyboard alone (Tab, the arrow keys, Space, Enter).

axe-core is the npm package at the version pinned in ``tools/axe/package.json`` (its lock
file holds the checksum), which ``tools/test.sh`` installs with ``npm ci --prefix tools/axe``.
Its ``axe.min.js`` is injected into the page (once a page) and run with axe-core's default
rules -- WCAG 2.0/2.1/2.2 A and AA and the best practices; the experimental and AAA rules
are off, as axe-core ships them -- on the whole page, or on the tables only where the page
is JupyterLab's own. Where the script is missing (no npm) the tests that need it skip,
saying so (the fixture ``axe_core``); a page whose axe-core is not the pinned version fails.
"""

from __future__ import annotations

import functools
import json
import re

import pytest

from .browser_servers import ROOT

STEP = 20_000  # ms: a key's round trip through the kernel, with the bots' moves
SERIOUS = ("serious", "critical")
AXE_FOLDER = ROOT / "tools" / "axe"
#: The axe-core version the tests run (the pin in tools/axe/package.json).
AXE_VERSION: str = json.loads((AXE_FOLDER / "package.json").read_text())["dependencies"]["axe-core"]
AXE_SCRIPT = AXE_FOLDER / "node_modules" / "axe-core" / "axe.min.js"
AXE_MISSING = (f"no axe-core: {AXE_SCRIPT.relative_to(ROOT)} is missing; tools/test.sh installs axe-core "
               f"{AXE_VERSION} with `npm ci --prefix tools/axe` (it needs npm)")
#: A rule the axe-core before 4.11 did not run (WCAG 2.5.3, label in name): each run must have it.
LABEL_IN_NAME = "label-content-name-mismatch"
#: Runs the injected axe-core on the page or inside ``context``: its version, the rules it
#: ran, and each violation with its first nodes. The run's promise is awaited: axe-core
#: never waits on the kernel, and the test's own timeout bounds it.
RUN_AXE = """async context => {
  const results = await window.axe.run(context ? document.querySelector(context) : document,
                                       {resultTypes: ['violations']});
  const ran = [...results.violations, ...results.passes, ...results.incomplete, ...results.inapplicable];
  return {version: window.axe.version, engine: results.testEngine.version, ran: ran.map(r => r.id),
          violations: results.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map(n => [n.target.join(' '), (n.failureSummary || '').split('\\n').pop()])}))};
}"""


@functools.cache
def axe_script() -> str:
    """The pinned axe-core's ``axe.min.js`` (the test skips, saying why, where it is missing)."""
    if not AXE_SCRIPT.exists():
        pytest.skip(AXE_MISSING)
    script = AXE_SCRIPT.read_text(encoding="utf-8")
    assert f"axe v{AXE_VERSION}" in script[:200], f"{AXE_SCRIPT} is not axe-core {AXE_VERSION}: npm ci --prefix tools/axe"
    return script


def axe_violations(page, context: str | None = None) -> list[str]:
    """The serious and critical violations axe-core finds on the page (or inside ``context``);
    the script is injected once a page (a navigation makes a new one)."""
    if page.evaluate("() => window.axe ? window.axe.version : null") != AXE_VERSION:
        page.evaluate(axe_script())
    found = page.evaluate(RUN_AXE, context)
    assert found["version"] == found["engine"] == AXE_VERSION, f"axe-core {found['version']} ran, not {AXE_VERSION}"
    assert LABEL_IN_NAME in found["ran"], f"axe-core {AXE_VERSION} did not run {LABEL_IN_NAME}"
    return [f"{v['impact']} {v['id']}: {v['help']} at {v['nodes']}" for v in found["violations"] if v["impact"] in SERIOUS]


def assert_axe_clean(page, screen: str, context: str | None = None) -> None:
    found = axe_violations(page, context)
    assert not found, f"axe-core {AXE_VERSION} on {screen}:\n" + "\n".join(found)


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


def keyboard_move(page, preferred=PREFERRED, place: int = 0) -> str:
    """One move by keyboard alone; returns what the live region says after it.

    A preferred action is reached with Tab and pressed with Enter; else a card of the
    hand is reached with Tab (one stop for the whole hand), the right arrow pressed
    ``place`` times (where the hand has more cards), the card chosen with Space, more
    cards with the right arrow and Space, until an action takes them; Enter on the card
    plays them, and the focus stays on the hand (:func:`assert_focus_stays_on_the_hand`)."""
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
    for _ in range(place):
        if page.evaluate(HAND_FOCUS)["at"] + 1 < page.locator(".cl-hand .cl-cardbtn:visible:not([disabled])").count():
            page.keyboard.press("ArrowRight")
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
    place = page.evaluate(HAND_FOCUS)["at"]
    page.keyboard.press("Enter")
    said = wait_for_live_change(page, before)
    assert_focus_stays_on_the_hand(page, place)
    return said


#: Where the focus is: a card of the hand (its place among the hand's cards shown, and
#: which of them can be used), the hand's row itself, what a result asks (Continue,
#: Yes/Cancel, the hot-seat cover), or elsewhere.
HAND_FOCUS = """() => { const e = document.activeElement, table = e && e.closest && e.closest('.cl-table');
  const visible = b => !!b.offsetParent, on = css => [...document.querySelectorAll(css)].some(visible);
  const waits = on('.cl-continue') || on('.cl-confirm button') || on('.cl-cover');
  if (!table) return {on: 'elsewhere', waits};
  if (e.closest('.cl-continue, .cl-confirm, .cl-cover')) return {on: 'next', waits};
  const row = e.closest('.cl-hand');
  if (!row) return {on: e === table ? 'table' : 'elsewhere', waits, cls: String(e.className)};
  const shown = [...row.querySelectorAll('.cl-cardbtn')].filter(visible);
  return {on: e === row ? 'row' : 'card', at: shown.indexOf(e), usable: shown.map(b => !b.disabled), waits}; }"""
#: The seat may act again after a card was played (a card or an action it can use), or a
#: result asks something (Continue, Yes/Cancel, the hot-seat cover), or the game is over.
TURN_BACK = """() => { const visible = e => !!e.offsetParent, usable = css =>
    [...document.querySelectorAll(css)].some(e => visible(e) && !e.disabled);
  return usable('.cl-hand .cl-cardbtn') || usable('.cl-action') || usable('.cl-continue') ||
    usable('.cl-confirm button') || usable('.cl-cover') || usable('.cl-standings'); }"""

#: The focus is where the helper leaves it: on a card or what a result asks, or on the
#: hand's row while none of its cards can be used.
SETTLED = """() => { const e = document.activeElement; if (!e || !e.closest) return false;
  if (e.closest('.cl-continue, .cl-confirm, .cl-cover') || e.classList.contains('cl-cardbtn')) return true;
  return e.classList.contains('cl-hand') &&
    ![...e.querySelectorAll('.cl-cardbtn')].some(b => !!b.offsetParent && !b.disabled); }"""


def assert_focus_stays_on_the_hand(page, place: int) -> None:
    """After Enter played the card at ``place`` of the hand, once the seat may act again
    the focus is on the hand: on the card that took the played card's place (the first
    that can be used from there on, else the nearest before it), on the hand's row while
    none of its cards can be used (a round of bets), or on Continue where a result
    shows -- never on the whole table or the page, so the next move starts where this
    one was made, not at the first card."""
    page.wait_for_function(TURN_BACK, timeout=STEP)
    try:  # the helper hands the focus on 30 ms after a redraw's piece (250 ms to a card before the place)
        page.wait_for_function(SETTLED, timeout=2_000)
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError: the assertions below say where the focus is
        pass
    page.wait_for_timeout(100)
    now = page.evaluate(HAND_FOCUS)
    assert now["on"] in ("card", "row", "next"), f"the focus left the hand after a card was played: {now}"
    if now["on"] == "row":
        assert not any(now["usable"]) and not now["waits"], f"the hand's row kept the focus from a card: {now}"
    if now["on"] == "card":
        usable, start = now["usable"], min(place, len(now["usable"]) - 1)
        after = [k for k in range(start, len(usable)) if usable[k]]
        expected = after[0] if after else max(k for k in range(start) if usable[k])
        assert now["at"] == expected, f"the focus is on card {now['at']} of the hand, not {expected} (played: {place})"


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
