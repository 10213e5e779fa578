"""A class on the classroom server in a real browser (issue 37): one process, thirty students.

One Chromium, a context per student (their own laptop), every request that would leave
the machine failed by the test (the pages must work on a school network with no
internet). ``cardlab-classroom`` serves a class of 30 seated in 15 Kontrabluff rooms:

- every student opens the landing page and types the code on their slip; all thirty
  tables are up at once, each with its own seat's cards;
- two rooms play by clicks: each move shows on the other student's screen by itself
  (pushed, no poll; the times are printed);
- the secrecy checks: no card hidden from a seat in its page's text, titles or labels,
  nor in any widget state its websocket brought (the first sync included);
- forged messages: a click on a button that is off is refused with the engine's reason; a
  widget message naming another page's model is refused in the log and changes nothing;
- the teacher's page names every student at their table, connected or not (no room's id),
  and one click opens the slips in a new tab: a page that prints, every slip with its QR code;
- reloads and closed tabs free their sessions (the server's own count): a reload at once,
  a closed tab at once, a browser gone silent after ``--cull-after``;
- a server restart mid-game: the pages come back by themselves and play on, nothing lost.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import time

import pytest

from cardlab.rooms import Room, SQLiteStore, seat_class
from tests.test_widgets import cards_named

from .browser_servers import (CLASSROOM, VIEWPORT, _command, _stop, _wait_for, free_port, open_pages, server,
                              wait_for_pages)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(400, method="signal")]

CLASS = 30
CULL_AFTER = 3  # s: a silent page's session ends this long after its websocket closed
LOAD = 60_000
STEP = 15_000
#: What a page may load: its own server (and the browser's own data: and blob: URLs).
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/|^(data|blob|about):")
LOG = "() => document.querySelector('.cl-log').textContent"


def offline_context(browser, blocked: list[str]):
    """A browser context (a laptop) whose requests never leave the machine: each one that
    would is failed, and noted in ``blocked``."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(STEP)
    context.route("**/*", lambda route: route.continue_() if LOCAL.match(route.request.url)
                  else (blocked.append(route.request.url), route.abort()))
    return context


class Student:
    """One student's page, in a laptop of its own or in a shared one (``context``: the
    browser's cache is shared, as a classroom's proxy would), and a tap on its page's
    websocket (every frame both ways, and a way to send one)."""

    def __init__(self, browser, blocked: list[str], tap: bool = False, context=None):
        self.own = context is None
        self.context = offline_context(browser, blocked) if context is None else context
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.sent: list[str] = []
        self.received: list[str] = []
        self.server = None
        if tap:
            self.page.route_web_socket(re.compile(r".*/channels.*"), self._tap)

    def _tap(self, socket) -> None:
        server = socket.connect_to_server()
        self.server = server

        def from_page(message) -> None:
            self.sent.append(message if isinstance(message, str) else "")
            server.send(message)

        def from_server(message) -> None:
            self.received.append(message if isinstance(message, str) else "")
            socket.send(message)

        socket.on_message(from_page)
        server.on_message(from_server)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.page.close(run_before_unload=True)
            if self.own:
                self.context.close()


def strings(frame: str) -> list[str]:
    """Every string a JSON frame holds (widget states, descriptions, tooltips)."""
    found: list[str] = []

    def walk(value) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for each in value.values():
                walk(each)
        elif isinstance(value, list):
            for each in value:
                walk(each)

    with contextlib.suppress(ValueError):
        walk(json.loads(frame))
    return found


def table_words(page) -> str:
    """The table's text outside its log, and every title and aria-label (a card's name)."""
    return page.evaluate("""() => {
      const table = document.querySelector('.cl-table'); const out = [];
      for (const el of table.querySelectorAll('[title], [aria-label]'))
        if (!el.closest('.cl-log')) out.push((el.getAttribute('title') || '') + ' ' + (el.getAttribute('aria-label') || ''));
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement.closest('.cl-log, style')) out.push(node.nodeValue);
      return out.join('\\n'); }""")


def my_turn(page) -> bool:
    """The page says it is this student's turn, and something to click is on: a move offered
    or a card to choose (not a page caught between two redraws)."""
    return page.locator(".cl-table .cl-turn", has_text="Your turn").count() > 0 and page.locator(
        ".cl-action:visible:not([disabled]), .cl-hand .cl-cardbtn:visible:not([disabled])").count() > 0


def move(page) -> float | None:
    """One move as a student makes it: Pass or Hand over where offered, else cards chosen
    until a move with them is offered (one to lay; five to pass or see), else the first move
    offered; returns the time of the deciding click (None: nothing to click after all)."""
    page.bring_to_front()  # pages of one laptop are its tabs: the student looks at this one
    page.wait_for_timeout(200)  # the rest of the same redraw arrives just after the prompt
    actions = page.locator(".cl-action:visible:not([disabled])")
    labels = [b.text_content().strip() for b in actions.all()]
    for plain in ("Pass", "Hand over"):
        if plain in labels:
            clicked = time.perf_counter()
            page.locator(".cl-action:visible", has_text=plain).first.click()
            return clicked
    choice = page.locator(".cl-action:visible:not([disabled])", has_text=re.compile(r"^(Lay |Pass|See)"))
    cards = page.locator(".cl-hand .cl-cardbtn:visible:not([disabled]):not(.cl-selected)")
    for _ in range(6):
        if choice.count() or not cards.count():
            break
        cards.first.click()
        page.wait_for_timeout(150)
    chosen = choice if choice.count() else actions
    if not chosen.count():
        return None  # the page had not yet drawn its own last move: nothing of this student's to click
    clicked = time.perf_counter()
    chosen.first.click()
    return clicked


def play_by_clicks(pages: list, moves: int) -> list[float]:
    """The two students of a room play ``moves`` moves; for each, the seconds until the other
    page's log shows it."""
    delays: list[float] = []
    for _ in range(moves * 10):
        if len(delays) == moves:
            break
        for page in pages:
            if page.locator(".cl-continue:visible").count():
                with contextlib.suppress(Exception):
                    page.bring_to_front()
                    page.locator(".cl-continue:visible").first.click(timeout=2_000)
        mover = next((i for i, page in enumerate(pages) if my_turn(page)), None)
        if mover is None:
            pages[0].wait_for_timeout(200)
            continue
        other = pages[1 - mover]
        before = other.evaluate(LOG)
        clicked = move(pages[mover])
        if clicked is None:
            continue
        # polled (not on animation frames, which a tab in the background does not get)
        other.wait_for_function(f"before => ({LOG})() !== before", arg=before, timeout=STEP, polling=20)
        delays.append(time.perf_counter() - clicked)
    assert len(delays) == moves, f"only {len(delays)} moves were made"
    return delays


def hidden_on_page(page, store, room: str, seat: int) -> set:
    return cards_named(table_words(page)) & set(Room(store, room).state.hidden_from(seat))


@pytest.fixture(scope="module")
def lesson(tmp_path_factory, browser):
    folder = tmp_path_factory.mktemp("class-of-30")
    store = SQLiteStore(folder / "class.db")
    names = [f"Pupil {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(CLASS)]
    class_id = seat_class(store, names, "kontrabluff", 2, seed=11, order="list")
    blocked: list[str] = []
    students: list[Student] = []
    with server("classroom", folder, options=(f"--cull-after={CULL_AFTER}",)) as running:
        shared = offline_context(browser, blocked)
        try:
            yield running, store, class_id, names, students, blocked, shared
        finally:
            for student in students:
                student.close()
            shared.close()


def test_a_class_of_thirty_joins_by_codes_and_two_rooms_play_by_clicks(browser, lesson, screenshot):
    running, store, class_id, names, students, blocked, shared = lesson
    slips = store.slips(class_id)
    start = time.perf_counter()
    for number, slip in enumerate(slips):  # everyone opens the classroom's address at once
        alone = number >= CLASS - 2  # two laptops of their own (one will vanish without a word)
        students.append(Student(browser, blocked, tap=slip.table <= 2, context=None if alone else shared))
        # the last laptop will vanish without a word (as a crash would): its page sends no goodbye
        address = running.url + ("/?solara-no-close-beacon=1" if number == CLASS - 1 else "/")
        students[-1].page.goto(address, wait_until="commit", timeout=LOAD)
    for student, slip in zip(students, slips):  # and types the code on their slip, as written or not
        field = student.page.locator(".cl-landing input[type=text]").first
        field.wait_for(timeout=LOAD)
        student.page.bring_to_front()
        field.fill(slip.code.lower() if slip.number % 2 else f"{slip.code[:4]}-{slip.code[4:]}")
        field.press("Enter")
    for student, slip in zip(students, slips):
        student.page.wait_for_selector(".cl-table .cl-hand .cl-cardbtn", timeout=LOAD)
    joined = time.perf_counter() - start
    assert open_pages(running)["pages"]["landing"] == CLASS
    for student, slip in zip(students[:4], slips[:4]):  # each table holds its own seat's cards only
        hand = {b.get_attribute("title") for b in student.page.locator(".cl-hand .cl-cardbtn:visible").all()}
        assert len(hand) == len(Room(store, slip.room).state.hands[slip.seat])
        assert not hidden_on_page(student.page, store, slip.room, slip.seat)
    # the first sync (and every frame before any move) names no card of the other seat
    for student, slip in zip(students[:4], slips[:4]):
        other_hand = set(Room(store, slip.room).state.hands[1 - slip.seat])
        named = set().union(*(cards_named(text) for frame in student.received for text in strings(frame)))
        assert student.received and not named & other_hand, "the page's websocket brought another seat's cards"
    screenshot(students[0].page, "class-of-30-joined")

    delays = []
    for table in (1, 2):  # two rooms play by clicks, each move checked on the other screen
        pair = [student for student, slip in zip(students, slips) if slip.table == table]
        pair_slips = [slip for slip in slips if slip.table == table]
        delays += play_by_clicks([s.page for s in pair], 4)
        for student, slip in zip(pair, pair_slips):
            if not student.page.locator(".cl-banner:visible").count():  # a result shows the cards it turned up
                assert not hidden_on_page(student.page, store, slip.room, slip.seat)
    print(f"\n{CLASS} students joined by their codes in {joined:.1f} s (one browser: 28 tabs of one laptop, 2 laptops of their own); "
          f"a click showed on the other screen after {', '.join(f'{d * 1000:.0f}' for d in delays)} ms")
    assert max(delays) < 5.0
    assert not blocked, f"requests that would leave the machine: {blocked[:5]}"
    assert not [error for student in students for error in student.errors], "a page failed in the browser"


def test_forged_messages_are_refused_and_change_nothing(lesson):
    running, store, class_id, _, students, *_ = lesson
    slips = store.slips(class_id)
    first, second = (student for student, slip in zip(students, slips) if slip.table == 1)
    third = next(student for student, slip in zip(students, slips) if slip.table == 2)
    room = slips[0].room
    waiting = first if not my_turn(first.page) else second
    assert not my_turn(waiting.page)

    def model(student: Student, description: str) -> str:
        """The comm id of the student's widget showing ``description`` (from its frames)."""
        for frame in reversed(student.received):
            message = json.loads(frame) if frame.startswith("{") else {}
            content = message.get("content", {})
            state = (content.get("data") or {}).get("state") or {}
            if message.get("header", {}).get("msg_type") == "comm_open" and state.get("description") == description:
                return content["comm_id"]
        raise AssertionError(f"no widget {description!r} in the page's frames")

    click = next(json.loads(frame) for frame in reversed(waiting.sent)
                 if '"comm_msg"' in frame and '"click"' in frame)  # a click the page really sent

    def forge(comm_id: str) -> None:
        click["content"]["comm_id"] = comm_id
        click["header"]["msg_id"] = f"forged-{time.monotonic_ns()}"
        waiting.server.send(json.dumps(click))

    actions = store.actions(room)
    forge(model(waiting, "Pass"))  # the button is off: not this seat's turn
    waiting.page.wait_for_selector(".cl-table :text('EN-1')", timeout=STEP)
    assert store.actions(room) == actions
    before = third.page.evaluate(LOG)
    forge(model(third, "Continue") if any('"Continue"' in f for f in third.received) else model(third, "Pass"))
    waiting.page.wait_for_timeout(1000)
    assert third.page.evaluate(LOG) == before and store.actions(room) == actions
    assert "Refused a page's widget message" in running.log_tail(50_000)


def test_the_teachers_page_and_the_slips(browser, lesson, screenshot):
    running, store, class_id, names, students, blocked, _ = lesson
    teacher = Student(browser, blocked)
    try:
        start = time.perf_counter()
        teacher.page.goto(f"{running.url}/teacher?key={store.teacher_key()}", timeout=LOAD)
        teacher.page.wait_for_selector("table.cl-rooms", timeout=LOAD)
        opened = time.perf_counter() - start
        rooms = teacher.page.locator("table.cl-rooms").inner_text()
        for slip in store.slips(class_id):  # who sits where, connected or not, by table number, no room id
            assert re.search(rf"(South|North): {slip.student}, (not )?connected", rooms), slip.student
        assert re.search(r"Table 1\b", rooms) and re.search(rf"Table {CLASS // 2}\b", rooms)
        assert not any(room in rooms for room in store.classes()[0].rooms)
        screenshot(teacher.page, "class-of-30-teacher")
        link = teacher.page.locator("a.cl-print")  # one click: the slips, a page that prints, in a new tab
        link.wait_for(timeout=STEP)
        with teacher.context.expect_page(timeout=STEP) as tab:
            link.click()
        sheet = tab.value
        sheet.wait_for_selector(".cl-slip", timeout=STEP)
        slips = sheet.locator(".cl-slip")
        assert slips.count() == CLASS and "@media print" in sheet.content()
        for i in (0, CLASS - 1):
            box = slips.nth(i).locator("svg").bounding_box()
            assert box and box["width"] > 80 and box["height"] > 80, "the QR code is not drawn"
            assert names[i] in slips.nth(i).inner_text()
        teacher.page = sheet
        screenshot(teacher.page, "class-of-30-slips")
        print(f"\nthe teacher's page opened in {opened:.1f} s with all {CLASS} students connected")
    finally:
        teacher.close()
    assert not blocked


def test_reloads_and_closed_tabs_free_their_sessions(lesson):
    running, store, class_id, _, students, *_ = lesson
    wait_for_pages(running, lambda pages: pages["pages"] == {"landing": CLASS, "join": 0, "teacher": 0, "drill": 0}, 20)
    slips = store.slips(class_id)
    reloading, closing, vanishing = students[0], students[-2], students[-1]  # the last two: laptops of their own
    for _ in range(3):
        reloading.page.reload(timeout=LOAD)
        reloading.page.wait_for_selector(".cl-landing input", timeout=LOAD)
        wait_for_pages(running, lambda pages: pages["pages"]["landing"] == CLASS and pages["kernels"] == CLASS, 10)
    assert store.seats(slips[0].room)[slips[0].seat].holder is None, "a reloaded page kept its seat"
    closing.page.close(run_before_unload=True)  # the tab is closed: the page says goodbye
    took = wait_for_pages(running, lambda pages: pages["pages"]["landing"] == CLASS - 1, 10)
    assert store.seats(slips[-2].room)[slips[-2].seat].holder is None, "a closed page kept its seat"
    vanishing.context.close()  # the laptop is gone: nothing said
    gone = wait_for_pages(running, lambda pages: pages["pages"]["landing"] == CLASS - 2, CULL_AFTER + 20)
    assert gone > CULL_AFTER - 1.5, "a silent page's session ended before --cull-after: a slow network would be cut off"
    print(f"\na closed tab's session ended after {took:.1f} s, a silent one's after {gone:.1f} s "
          f"(--cull-after {CULL_AFTER})")
    for student in students:
        student.close()
    wait_for_pages(running, lambda pages: pages == {"pages": {"landing": 0, "join": 0, "teacher": 0, "drill": 0}, "kernels": 0},
                   CULL_AFTER + 20)


@contextlib.contextmanager
def restartable(folder, port: int):
    """The classroom server on a fixed port; the yielded function restarts it (same store, same port)."""
    procs = []
    url = f"http://127.0.0.1:{port}"

    def start() -> None:
        log = open(folder / f"classroom-{len(procs)}.log", "w")
        procs.append(subprocess.Popen([*_command("classroom", port, folder, CLASSROOM), f"--cull-after={CULL_AFTER}"],
                                      cwd=folder, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
        _wait_for(url + "/_cardlab/pages", procs[-1], folder / log.name, 90)

    def restart() -> None:
        _stop(procs[-1])
        start()

    start()
    try:
        yield url, restart
    finally:
        for proc in procs:
            _stop(proc)


def test_a_server_restart_mid_game_loses_nothing_and_the_pages_come_back(browser, tmp_path):
    store = SQLiteStore(tmp_path / "class.db")
    room = store.create_room("kontrabluff", {"target": 300}, seed=9, seats=[None, None])
    tokens = store.tokens(room)
    blocked: list[str] = []
    pair = [Student(browser, blocked) for _ in (0, 1)]
    try:
        with restartable(tmp_path, free_port()) as (url, restart):
            for seat, student in enumerate(pair):
                student.page.goto(f"{url}/join?room={room}&seat={seat}&token={tokens[seat]}", timeout=LOAD)
                student.page.wait_for_selector(".cl-hand .cl-cardbtn", timeout=LOAD)
            pages = [student.page for student in pair]
            play_by_clicks(pages, 2)
            played = store.actions(room)
            for page in pages:
                page.evaluate("() => { window.beforeRestart = true; }")
            start = time.perf_counter()
            restart()
            for page in pages:  # each page loads itself again once the server is back
                page.wait_for_function("() => !window.beforeRestart && document.querySelector('.cl-hand .cl-cardbtn')",
                                       timeout=90_000, polling=200)
            back = time.perf_counter() - start
            assert store.actions(room) == played  # nothing lost
            assert Room(store, room).version == len(played)
            delays = play_by_clicks(pages, 2)
            print(f"\nafter a restart the two pages were back by themselves in {back:.1f} s and played on "
                  f"({', '.join(f'{d * 1000:.0f}' for d in delays)} ms to the other screen)")
            assert store.actions(room)[:len(played)] == played and len(store.actions(room)) >= len(played) + 2
    finally:
        for student in pair:
            student.close()
    assert not blocked
