"""A seated class in a real browser (issue 27, deliverable 6): the printed sheet and the code form;
the teacher's page naming the students, and its one click to the slips (issue 37).

The teacher's sheet opens in Chromium with one slip per student, each with its QR code
drawn; on the classroom's landing page (a page calling
:func:`cardlab.widgets.landing.landing_page`, served by Voilà over the classroom
store), a wrong code is refused in words and the right one, typed in lower case
without its dash and sent with Enter, brings up that student's own table.
"""

from __future__ import annotations

import json
import re
import os
import shutil

import pytest

from cardlab.app import DB_VARIABLE
from cardlab.rooms import Room, SQLiteStore, seat_class
from cardlab.app import PAGES
from cardlab.widgets.classroom import TeacherDashboard
from cardlab.words.cards import card_label

from .browser_servers import VIEWPORT, _notebook, server

pytestmark = pytest.mark.browser

LOAD = 120_000
STEP = 20_000


@pytest.fixture(scope="module")
def seated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seated")
    shutil.copy(PAGES / "join.ipynb", folder / "join.ipynb")
    shutil.copy(PAGES / "teacher.ipynb", folder / "teacher.ipynb")
    code = "from cardlab.widgets.landing import landing_page\n\nlanding_page()"
    (folder / "landing.ipynb").write_text(json.dumps(_notebook(code)))
    store = SQLiteStore(folder / "class.db")
    class_id = seat_class(store, ["Ana", "Ben", "Cy"], "kontrabluff", 2, seed=3)
    previous = os.environ.get(DB_VARIABLE)
    os.environ[DB_VARIABLE] = store.path
    try:
        with server("voila", folder) as running:
            yield running, store, class_id
    finally:
        if previous is None:
            os.environ.pop(DB_VARIABLE, None)
        else:
            os.environ[DB_VARIABLE] = previous


def new_page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(STEP)
    context.set_default_navigation_timeout(LOAD)
    return context, context.new_page()


def test_the_sheet_prints_one_slip_per_student_with_its_qr_code(browser, seated, screenshot):
    voila, store, class_id = seated
    board = TeacherDashboard(store, base_url=f"{voila.url}/voila/render/")
    context, page = new_page(browser)
    try:
        page.set_content(board.sheet_html(class_id))
        slips = page.locator(".cl-slip")
        assert slips.count() == 3
        for i, slip in enumerate(store.slips(class_id)):
            box = slips.nth(i).locator("svg").bounding_box()
            assert box and box["width"] > 80 and box["height"] > 80, "the QR code is not drawn"
            assert slip.student in slips.nth(i).inner_text()
        screenshot(page, "seating-sheet")
    finally:
        context.close()


def test_a_student_types_the_code_on_the_landing_page_and_gets_their_table(browser, seated, screenshot):
    voila, store, class_id = seated
    slip = store.slips(class_id)[1]
    context, page = new_page(browser)
    try:
        page.goto(f"{voila.url}/voila/render/landing.ipynb", timeout=LOAD)
        page.wait_for_selector("text=Welcome to the classroom", timeout=LOAD)
        field = page.locator(".cl-landing input[type=text]").first
        wrong = "ZZZZZZZZ" if slip.code != "ZZZZZZZZ" else "YYYYYYYY"
        field.fill(wrong.lower())
        field.press("Enter")
        page.wait_for_selector("text=No seat has that code", timeout=STEP)
        screenshot(page, "seating-landing-refused")
        field.fill(slip.code.lower())
        field.press("Enter")
        page.wait_for_selector(".cl-table .cl-log", timeout=STEP)
        names = {b.get_attribute("title") for b in page.locator(".cl-hand .cl-cardbtn:visible").all()}
        assert names == {card_label(card) for card in Room(store, slip.room).state.hands[slip.seat]}
        screenshot(page, "seating-landing-joined")
    finally:
        context.close()


def test_the_teachers_page_names_the_students_and_opens_their_slips_in_one_click(browser, seated, screenshot):
    """Issue 37: the rooms list each student by name, connected or not, at their table; *Print
    the slips* opens the slips in a new tab, a page that prints (here made by the dashboard:
    the Voilà server serves no slips page)."""
    voila, store, class_id = seated
    context, page = new_page(browser)
    try:
        page.goto(f"{voila.url}/voila/render/teacher.ipynb?key={store.teacher_key()}", timeout=LOAD)
        page.wait_for_selector("table.cl-rooms", timeout=LOAD)
        rooms = page.locator("table.cl-rooms").inner_text()
        for slip in store.slips(class_id):
            assert re.search(rf"(South|North): {slip.student}, (not )?connected", rooms), rooms
        assert re.search(r"Table 1\b", rooms) and re.search(r"Table 2\b", rooms)
        assert not any(room in rooms for room in store.classes()[0].rooms)
        link = page.locator("a.cl-print")
        link.wait_for(timeout=STEP)  # made by the page's first redraw, a second after it opens
        screenshot(page, "seating-teacher-page")
        with context.expect_page(timeout=STEP) as opened:
            link.click()
        slips = opened.value
        slips.wait_for_selector(".cl-slip", timeout=STEP)
        assert slips.locator(".cl-slip").count() == len(store.slips(class_id))
        assert "@media print" in slips.content()
        screenshot(slips, "seating-slips-tab")
    finally:
        context.close()
