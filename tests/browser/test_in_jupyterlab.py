"""JupyterLab in a real browser (Chromium, 1280x900): the tables as a student meets them in
a notebook. One file and one page: JupyterLab and its kernel start once (tens of seconds
on a busy machine), and each test runs its own cells of one notebook (the others'
outputs cleared, so one game's table is on the page at a time).

- Each game played by keyboard alone to a result and past Continue (issue 30; Voilà's
  rounds, with axe-core after every move, are in test_a11y_in_browser.py): the
  notebook's own shortcuts never take the keys, the live region says each move, the
  result reads true and sits in view, axe-core finds nothing serious in the table.
  Draw poker throws a card away by keyboard (DP-5) rather than standing pat.
- Each game's final standings at its most players fit the notebook panel, with the file
  browser open and closed (issue 28).
"""

from __future__ import annotations

import json

import pytest

from .a11y import assert_axe_clean, check_live, continue_by_keyboard, live_is_polite, live_text
from .browser_servers import SCREENSHOTS, VIEWPORT
from .test_a11y_in_browser import arrange_and_show_by_keyboard, play_by_keyboard
from .test_tables_fit import CASES, SETTLE
from .test_tables_in_browser import LOAD, STEP, check_result, dismiss_dialogs, fail

pytestmark = pytest.mark.browser

GAMES = ["kontrabluff", "draw-poker", "fight-for-the-lead", "parallel-poker"]
#: Draw poker's keyboard round: no "Stand pat" among the preferred buttons, so the draw
#: is made by choosing a card with Space and Enter (DP-5); with seed 6 a bot calls South's
#: opening and the hand reaches the draw (seed 7, the play notebook's, ends before it).
DISCARD = ("Call", "Show", "Open")
DRAW_POKER_CELL = 'from cardlab.widgets import DrawPokerTable\n\nDrawPokerTable(seed=6, players=4, opponent="rule")'

#: Each game at its most players, played out to the final standings in the kernel (in the
#: sweep the tallest screen, or nearly: a result with every card it names).
LAB_CASES = [CASES[0], CASES[2], CASES[3], CASES[5]]
NOTEBOOK = "in-lab"
#: The notebook panel's visible height and width, and each table's height and overflow.
LAB_MEASURE = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  return {room: panel.clientHeight, width: panel.clientWidth, tables: [...document.querySelectorAll('.cl-table')].map(
    t => ({height: Math.ceil(t.getBoundingClientRect().height), overflow: t.scrollWidth - t.clientWidth}))};
}"""
KERNEL_READY = """() => { const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle'; }"""
#: Clear every output, then run the given cells (not awaited in the page: a run's promise
#: can wait on a kernel for ever; the test's own wait is the limit).
RUN_CELLS = """cells => {
  const app = window.jupyterapp, notebook = app.shell.currentWidget.content;
  app.commands.execute('notebook:clear-all-cell-outputs');
  for (const k of cells) { notebook.activeCellIndex = k; app.commands.execute('notebook:run-cell'); }
  return true;
}"""


def play_cell(game: str, notebooks_folder) -> str:
    """The code of the game's play notebook (the table a student opens)."""
    notebook = json.loads((notebooks_folder / f"play-{game}.ipynb").read_text())
    return "".join(next(cell["source"] for cell in notebook["cells"] if cell["cell_type"] == "code"))


def fit_cell(case) -> str:
    settings = f", {case.settings}" if case.settings else ""
    return (f"from cardlab.widgets import {case.table}\nfrom tests.browser.seat_secrets import play_out\n\n"
            f"play_out({case.table}(seed={case.seed}, opponent='rule'{settings}), seed={case.seed})")


@pytest.fixture(scope="module")
def lab_page(browser, lab, notebooks_folder, screenshot):
    """One page of JupyterLab with the notebook open and its kernel idle: first a cell per
    game's play notebook (GAMES), then a cell per fit case (LAB_CASES)."""
    cells = [DRAW_POKER_CELL if game == "draw-poker" else play_cell(game, notebooks_folder) for game in GAMES] + [fit_cell(case) for case in LAB_CASES]
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{k}", "metadata": {}, "outputs": [],
                           "source": code} for k, code in enumerate(cells)],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (notebooks_folder / f"{NOTEBOOK}.ipynb").write_text(json.dumps(notebook))
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(STEP)
    context.set_default_navigation_timeout(LOAD)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(f"{lab.url}/lab/tree/{NOTEBOOK}.ipynb?reset", timeout=LOAD)
    try:
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=LOAD)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=LOAD)
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands.hasCommand('notebook:run-cell')",
                               timeout=STEP)
        page.wait_for_function(KERNEL_READY, timeout=LOAD)  # a run sent before this is lost
    except Exception as error:  # noqa: BLE001
        fail(page, lab, screenshot, f"lab-{NOTEBOOK}", f"JupyterLab or its kernel was not ready: {error}")
    try:
        yield page
    finally:
        context.close()


def run_cells(page, lab, screenshot, cells: list[int], ready: str, count: int = 1) -> None:
    """Run only ``cells`` (every output cleared first) until ``count`` elements match
    ``ready``; a run sent while the kernel still connects can be lost, so it is sent
    again, a bounded number of times."""
    for attempt in range(1, 5):
        dismiss_dialogs(page)
        page.evaluate(RUN_CELLS, cells)
        try:
            page.wait_for_function("([css, n]) => document.querySelectorAll(css).length >= n", arg=[ready, count],
                                   timeout=LOAD // 3)
            page.wait_for_timeout(1_000)
            dismiss_dialogs(page)
            return
        except Exception as error:  # noqa: BLE001
            if attempt == 4:
                fail(page, lab, screenshot, f"lab-cells-{cells[0]}", f"cells {cells} did not show {ready}: {error}")


@pytest.mark.parametrize("game", GAMES)
def test_jupyterlab_a_round_by_keyboard_alone(axe_core, lab_page, lab, screenshot, game):
    """In JupyterLab the helper runs too, and the notebook's own shortcuts (Enter, the
    arrows) do not take the keys pressed in the table. The result reads true and sits
    in view with its Continue, as in Voilà; parallel poker goes to its final standings."""
    page = lab_page
    run_cells(page, lab, screenshot, [GAMES.index(game)], ".cl-table .cl-log")
    assert page.locator(".cl-table").count() == 1, "another game's table is still on the page"
    assert live_is_polite(page), "the live region is not a polite status region in JupyterLab"
    assert "Your turn" in live_text(page)
    page.locator(".cl-table").first.focus()  # the keyboard's way in: Tab from the notebook's cell
    if game == "parallel-poker":  # one move of 25 cards, then the showings (PP-3, PP-4)
        arrange_and_show_by_keyboard(page, context=".cl-table")
        screenshot(page, f"jupyterlab-{game}-keyboard-final")
        assert_axe_clean(page, f"JupyterLab, {game}: the final standings", context=".cl-table")
    else:
        said = play_by_keyboard(page, preferred=DISCARD if game == "draw-poker" else None)
        assert said, "no move was made"
        screenshot(page, f"jupyterlab-{game}-keyboard-result")
        check_result(page)
        if game == "draw-poker":
            assert "You draw 1 card" in page.locator(".cl-log").first.inner_text(), "no card drawn by keyboard (DP-5)"
        # axe-core runs after every move in Voilà (the same tables); here on the result
        assert_axe_clean(page, f"JupyterLab, {game}: a result", context=".cl-table")
        check_live(page, continue_by_keyboard(page))
    assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 0, "a key reached the notebook's shortcuts"
    assert not page.errors, page.errors


def test_jupyterlab_each_games_final_standings_fit_the_notebook_panel(lab_page, lab, screenshot):
    """One cell per game (its most players), each table played out to its final
    standings. With the file browser open (JupyterLab's own layout) the notebook is
    narrower: each table is drawn a little smaller there (zoomed to the width, not
    wrapped taller) and is at most as tall as the notebook panel's visible height (what
    is left of 900 px under JupyterLab's menus, tabs and toolbar, above its status bar),
    so scrolled to it a student sees all of it; nothing sticks out sideways. With the
    file browser closed (Ctrl+B: the notebook gets the window's width, as in Voilà) each
    table must fit too."""
    page = lab_page
    first = len(GAMES)
    run_cells(page, lab, screenshot, list(range(first, first + len(LAB_CASES))), ".cl-table .cl-standings",
              count=len(LAB_CASES))
    measured = page.evaluate(LAB_MEASURE)
    print(f"JupyterLab, the file browser open: the notebook panel shows {measured['width']}x{measured['room']} px; "
          f"the tables' heights {[t['height'] for t in measured['tables']]}")
    assert len(measured["tables"]) == len(LAB_CASES)
    for case, table in zip(LAB_CASES, measured["tables"]):  # JupyterLab's own layout: a narrower notebook
        assert table["height"] <= measured["room"], f"{case.name}, file browser open: {table['height']} px"
        assert table["overflow"] <= 1, f"{case.name}, file browser open: {table['overflow']} px stick out sideways"
    # Ctrl+B, fired without awaiting its promise (evaluate would wait on it with no limit): the wait below is bounded
    page.evaluate("() => { window.jupyterapp.commands.execute('application:toggle-left-area'); }")
    page.wait_for_function("w => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')"
                           ".clientWidth > w", arg=measured["width"], timeout=STEP)
    page.wait_for_timeout(SETTLE)
    measured = page.evaluate(LAB_MEASURE)
    page.locator(".cl-table").nth(len(LAB_CASES) - 1).scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "fit-jupyterlab.png"))  # the window: the page is four tables tall
    print(f"JupyterLab, the file browser closed: the panel shows {measured['width']}x{measured['room']} px; the tables' heights "
          f"{[t['height'] for t in measured['tables']]} ({', '.join(c.name for c in LAB_CASES)})")
    for case, table in zip(LAB_CASES, measured["tables"]):
        assert table["height"] <= measured["room"], f"{case.name}: {table['height']} px, the panel shows {measured['room']}"
        assert table["overflow"] <= 1, f"{case.name}: {table['overflow']} px stick out sideways"
    assert not page.errors, page.errors
