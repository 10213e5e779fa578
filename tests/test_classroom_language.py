"""The classroom's language (issue 29): the teacher picks a class's or a room's language;
the join links and the printed slips carry it, the landing and join pages open in it, a
student may switch on the page, and a store written before languages reads as before.
"""

from __future__ import annotations

import base64
import html
import json
import re
import sqlite3

import pytest

from cardlab.rooms import JoinRequest, SeatSession, SQLiteStore, Switches, seat_class
from cardlab.widgets.classroom import TeacherDashboard
from cardlab.widgets.join import room_table
from cardlab.widgets.landing import landing_page
from cardlab.words import LANGUAGES, language, translate

BASE = "http://pc:8866/voila/render/"


@pytest.fixture()
def store(tmp_path):
    return SQLiteStore(tmp_path / "class.db")


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", value))


def test_a_store_from_before_languages_reads_with_no_language(tmp_path):
    """Rooms and classes stored without a language keep working: their pages open in the
    server's default language, and the links carry none."""
    path = tmp_path / "old.db"
    store = SQLiteStore(path)
    class_id = seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=1)
    old = json.dumps({"hints": True, "coach": False, "undo": False, "pace": 0.0})  # as an older cardlab wrote it
    with sqlite3.connect(path) as db:
        db.execute("UPDATE switches SET value = ?", (old,))
        db.execute("UPDATE classes SET switches = ?", (old,))
    store = SQLiteStore(path)
    room = store.classes()[0].rooms[0]
    assert store.switches(room) == Switches() and store.switches(room).lang == ""
    assert store.classes()[0].switches.lang == ""
    board = TeacherDashboard(store, base_url=BASE)
    assert all("lang=" not in link for link in board.links(room).values())
    sheet = board.sheet_html(class_id)
    assert "?lang=" not in sheet and "&lang=" not in sheet
    with pytest.raises(ValueError, match="language"):
        Switches(lang="de")


@pytest.mark.parametrize("lang", ["sv", "pl", "uk"])
def test_a_class_seated_in_a_language_gets_slips_links_and_tables_in_it(store, lang):
    board = TeacherDashboard(store, base_url=BASE)
    class_id = board.seat_class(["Ana", "Ben", "Cy", "Dee"], "draw_poker", 2, seed=3, switches=Switches(lang=lang))
    room = store.classes()[0].rooms[0]
    assert store.switches(room).lang == lang
    # the printed slips: in the language, and the first page's address asks for it
    sheet = board.sheet_html(class_id)
    assert f"<html lang='{lang}'>" in sheet and f"{board.landing_url}?lang={lang}" in sheet
    with language(lang):
        assert translate("{game} · Table {table} · seat {seat}").split(" · ")[1].split()[0] in _text(sheet)
    assert "Your code" not in sheet and "Table 1" not in sheet
    # the join links carry it, and the page a link opens speaks it
    links = board.links(room)
    assert links and all(link.endswith(f"&lang={lang}") for link in links.values())
    seat, link = next(iter(links.items()))
    session = SeatSession.join(store, link.split("?", 1)[1])
    table = room_table(session)
    assert table.lang == lang and table._lang_pick.value == lang
    title = _text(table._title.value)
    with language(lang):
        assert translate("Five-card draw poker (Polish rules)") in title
    assert "Five-card draw poker (Polish rules)" not in title
    # a student switches their own page (the room's language stays the class's)
    table._lang_pick.value = "en"
    assert table.lang == "en" and "Five-card draw poker (Polish rules)" in _text(table._title.value)
    assert store.switches(room).lang == lang


def test_a_link_without_a_language_opens_in_the_rooms(store):
    board = TeacherDashboard(store, base_url=BASE)
    room = board.create_room("kontrabluff", seats=[None, "rule"], seed=4, lang="uk")
    assert store.switches(room).lang == "uk"
    link = board.links(room)[0]
    assert link.endswith("&lang=uk")
    bare = link.split("?", 1)[1].replace("&lang=uk", "")
    assert JoinRequest.parse(bare).lang == ""
    table = room_table(SeatSession.join(store, bare))
    assert table.lang == "uk"
    asked = room_table(SeatSession.join(store, bare + "&lang=pl"))  # the link's language wins
    assert asked.lang == "pl"
    with language("pl"):
        said = translate("You play {seat}. Moves by the others appear here as they are made.")
    status = _text(asked._status.value)
    assert said.format(seat=asked.seats[0]) in status and "You play" not in status


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_landing_page_speaks_the_slips_language_and_opens_the_table_in_it(store, lang):
    seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=1, switches=Switches(lang=lang))
    page = landing_page(store, start=False, lang=lang)
    with language(lang):
        assert translate("Join my table") == page.join.description
        assert html.escape(translate("Welcome to the classroom")) in page.welcome.value
    page.code.value = "nope-nope"
    page.join.click()
    with language(lang):
        assert page.said == translate("No seat has that code. Check it on your slip and type it again.")
    page.set_language("en")  # the student's switch: the refusal is said again
    assert page.said == "No seat has that code. Check it on your slip and type it again."
    page.set_language(lang)
    page.code.value = store.slips(store.classes()[0].id)[0].code
    assert page.table is not None and page.table.lang == lang


def test_a_landing_page_with_no_language_opens_the_table_in_the_class_language(store):
    seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=1, switches=Switches(lang="pl"))
    page = landing_page(store, start=False, lang="en")
    page.chosen = False  # as a page opened without ?lang= (the server's default, here English)
    page.code.value = store.slips(store.classes()[0].id)[1].code
    assert page.table.lang == "pl"


def test_the_join_page_reads_the_language_from_the_link_and_refuses_in_it(store, monkeypatch):
    from cardlab.app import join_page

    room = store.create_room("fight_for_the_lead", {"players": 2}, seed=2, seats=[None, "rule"])
    token = store.tokens(room)[0]
    monkeypatch.setenv("QUERY_STRING", f"room={room}&seat=0&token={token}&lang=uk")
    table = join_page(store)
    table.stop()
    assert table.lang == "uk"
    monkeypatch.setenv("QUERY_STRING", f"room={room}&seat=0&token=wrong&lang=pl")
    refused = join_page(store)
    with language("pl"):
        said = translate("This link does not open a seat: ask your teacher for your own link.")
    assert said != "This link does not open a seat: ask your teacher for your own link."
    assert html.escape(said) in refused.value


def test_the_teachers_switches_hold_the_language(store):
    board = TeacherDashboard(store, base_url=BASE)
    room = board.create_room("kontrabluff", seats=[None, None], seed=1)
    board._pick.value = room
    board._room_switches._lang.value = "sv"
    board._save_room_switches.click()
    assert store.switches(room).lang == "sv" and all(link.endswith("&lang=sv") for link in board.links(room).values())
    board._class_names.value = "Ana\nBen"
    board._class_switches._lang.value = "pl"
    board._seat.click()
    assert store.classes()[-1].switches.lang == "pl"
    sheet = base64.b64decode(re.search(r"base64,([^\"]+)", board._print.value)[1]).decode()
    assert "<html lang='pl'>" in sheet


def test_the_teachers_page_reads_its_language_from_its_link(store, monkeypatch):
    """``teacher.ipynb?key=…&lang=uk``: the dashboard in Ukrainian, its students' language
    pickers starting there too; a wrong key is refused in the link's language."""
    from cardlab.app import teacher_page

    store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, "rule"])
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("QUERY_STRING", f"key={store.teacher_key()}&lang=uk")
    board = teacher_page(store)
    board.stop()
    assert board.lang == "uk" and board._page_lang.value == "uk" and board._room_lang.value == "uk"
    with language("uk"):
        assert board._create.description == translate("Create room") != "Create room"
        assert translate("Kontrabluff") in board.rooms_html() and "to play" not in board.rooms_html()
    monkeypatch.setenv("QUERY_STRING", "key=wrong&lang=pl")
    refused = teacher_page(store).value
    assert "for the teacher" not in refused and "nauczyciel" in refused


def test_cardlab_classroom_lang_sets_the_pages_default(tmp_path, capsys, monkeypatch):
    """``cardlab-classroom --lang pl``: every page's kernel inherits CARDLAB_LANGUAGE, which
    :func:`cardlab.words.default_language` reads before the locale."""
    import cardlab.words as words
    from cardlab.app import main

    assert main(["--db", str(tmp_path / "c.db"), "--dry-run", "--lang", "pl"]) == 0
    assert "Polski" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--db", str(tmp_path / "c.db"), "--dry-run", "--lang", "de"])
    monkeypatch.setenv(words.LANGUAGE_VARIABLE, "pl")
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    monkeypatch.setattr(words, "_DEFAULT", [])
    assert words.default_language() == "pl"
    assert TeacherDashboard(store=SQLiteStore(tmp_path / "d.db")).lang == "pl"


def test_a_default_class_name_is_shown_in_the_pages_language(store):
    board = TeacherDashboard(store, base_url=BASE, lang="pl")
    class_id = board.seat_class(5, "kontrabluff", 2, seed=1)
    assert store.classes()[0].name == "" and {slip.student for slip in store.slips(class_id)} == {""}  # no words
    rooms = _text(board.rooms_html())
    assert board._class_pick.label.startswith("5 uczniów") and "Stół 1" in rooms and "Stół 3" in rooms
    assert "5 uczniów: połączenie ma 0 z 5 uczniów" in rooms and "Uczeń 5, brak połączenia" in rooms
    store.set_class_switches(class_id, Switches(lang="sv"))
    assert "Elev 5" in _text(board.sheet_html(class_id)) and "Student 5" not in board.sheet_html(class_id)


def test_a_store_from_before_keeps_no_english_default_names(tmp_path):
    """A store written when unnamed students and classes were stored as 'Student 3' and
    '5 students' (in English) reads them as unnamed, so they are said in the page's
    language; a name the teacher gave stays, even one that looks like a default."""
    path = tmp_path / "old.db"
    store = SQLiteStore(path)
    unnamed = seat_class(store, 5, "kontrabluff", 2, seed=1)
    named = seat_class(store, ["Ana", "Student 7", "Cy"], "kontrabluff", 2, seed=1, name="3 students, 9b")
    with sqlite3.connect(path) as db:  # as an older cardlab wrote them
        db.execute("UPDATE codes SET student = 'Student ' || number WHERE class = ?", (unnamed,))
        db.execute("UPDATE classes SET name = '5 students' WHERE id = ?", (unnamed,))
        db.execute("DELETE FROM meta WHERE key IN ('unnamed_defaults', 'schema')")  # no version: made before they were kept
    store = SQLiteStore(path)
    assert [(info.name, info.students) for info in store.classes()] == [("", 5), ("3 students, 9b", 3)]
    assert {slip.student for slip in store.slips(unnamed)} == {""}
    assert [slip.student for slip in store.slips(named)] == ["Ana", "Student 7", "Cy"]
    for class_id in (unnamed, named):
        store.set_class_switches(class_id, Switches(lang="sv"))  # the slips speak the class's language
    board = TeacherDashboard(store, base_url=BASE, lang="pl")
    assert "Elev 3" in _text(board.sheet_html(unnamed)) and "5 elever" in _text(board.sheet_html(unnamed))
    assert "Student 7" in _text(board.sheet_html(named))
    assert board._class_pick.options[0][0].startswith("5 uczniów")  # the dashboard's own language


def _h1(value: str) -> str:
    """The text of the one ``<h1>`` in an HTML widget's value."""
    (heading,) = re.findall(r"<h1[^>]*>(.*?)</h1>", value)
    return html.unescape(heading)


@pytest.mark.parametrize("lang", ["sv", "pl", "uk"])
def test_each_pages_heading_and_intro_are_in_its_language(store, monkeypatch, lang):
    """The landing, join and teacher's pages (and the refusals) say their heading, an
    ``<h1>``, in the page's language: no English heading above a Polish table."""
    from cardlab.app import join_page, teacher_page
    from cardlab.widgets.classroom import TEACHER_HEADING
    from cardlab.widgets.join import JOIN_HEADING
    from cardlab.widgets.landing import LANDING_HEADING

    with language(lang):
        said = {english: translate(english) for english in (LANDING_HEADING, JOIN_HEADING, TEACHER_HEADING)}
    assert all(english != translated for english, translated in said.items())
    assert _h1(landing_page(store, start=False, lang=lang).welcome.value) == said[LANDING_HEADING]

    room = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, "rule"])
    monkeypatch.setenv("QUERY_STRING", f"room={room}&seat=0&token={store.tokens(room)[0]}&lang={lang}")
    table = join_page(store)
    table.stop()
    assert table.widget.children[1] is table.heading and _h1(table.heading.value) == said[JOIN_HEADING]
    monkeypatch.setenv("QUERY_STRING", f"room={room}&seat=0&token=wrong&lang={lang}")
    assert _h1(join_page(store).value) == said[JOIN_HEADING]

    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("QUERY_STRING", f"key={store.teacher_key()}&lang={lang}")
    board = teacher_page(store)
    board.stop()
    assert _h1(board._title.value) == said[TEACHER_HEADING]
    intro = html.unescape(re.sub(r"<[^>]*>", "", board._intro.value))
    # issue 37: the served page tells the teacher where the students go, never to start the server it is on
    assert "cardlab-classroom" not in intro and "Seat a class" not in intro and "http://localhost:8866/" in intro
    with language(lang):
        assert translate("Seat a class below and print the slips: each student opens {address} and types the code "
                         "on their slip (or scans its square).").format(address="http://localhost:8866/") in intro
    monkeypatch.setenv("QUERY_STRING", f"key=wrong&lang={lang}")
    assert _h1(teacher_page(store).value) == said[TEACHER_HEADING]


def test_switching_a_pages_language_redraws_its_heading(store):
    """The landing page's, the join page's and the dashboard's pickers say the heading
    (and the dashboard's intro) again in the language chosen."""
    page = landing_page(store, start=False, lang="pl")
    page.picker.value = "uk"
    with language("uk"):
        assert _h1(page.welcome.value) == translate("Card games classroom") != "Card games classroom"
    page.picker.value = "en"
    assert _h1(page.welcome.value) == "Card games classroom"

    room = store.create_room("draw_poker", {"players": 2}, seed=2, seats=[None, "rule"])
    table = room_table(SeatSession.join(store, f"room={room}&seat=0&token={store.tokens(room)[0]}&lang=en"))
    assert _h1(table.heading.value) == "Your classroom table"
    table._lang_pick.value = "sv"
    with language("sv"):
        assert _h1(table.heading.value) == translate("Your classroom table") != "Your classroom table"

    board = TeacherDashboard(store, base_url=BASE, lang="en")
    assert _h1(board._title.value) == "The classroom: the teacher's page" and "Seat a class" in board._intro.value
    board._page_lang.value = "pl"
    with language("pl"):
        assert _h1(board._title.value) == translate("The classroom: the teacher's page")
    assert "teacher's page" not in board._title.value and "Seat a class" not in board._intro.value
    assert "lang='pl'" in board._title.value and "lang='pl'" in board._intro.value


#: English words of places that no other language's all-cards view may show (its own
#: words come from the catalogs; the possessive "'s" is English only).
_ENGLISH_PLACES = ("'s ", "laid out", "deck", "discard", "stock", "packet", "tricks", "turned", "fight")


@pytest.mark.parametrize("lang", ["sv", "pl", "uk"])
@pytest.mark.parametrize("game, seats", [("kontrabluff", 2), ("draw_poker", 3), ("parallel_poker", 2),
                                         ("fight_for_the_lead", 4)])
def test_the_teachers_all_cards_view_names_every_place_in_the_pages_language(store, lang, game, seats):
    """Issue 35: every zone of the all-cards view is named by the words layer from its kind,
    owner and index, in the dashboard's language ("Południe's deck: laid out" was English
    around a Polish seat), and holds the zone's cards: every card of the deck once."""
    from cardlab.rooms import Room, move_bots
    from cardlab.words import seat_names
    from cardlab.words.seats import zone_title

    board = TeacherDashboard(store, base_url=BASE, lang=lang)
    room = board.create_room(game, seats=["random"] * seats, seed=5)
    move_bots(Room(store, room), "test", max_moves=6)  # cards on the table, some in piles
    board._all_cards.value = True
    shown = re.findall(r'<span class="cl-zone-name">([^<]*)</span>', board.room_html(room, all_cards=True))
    state = Room(store, room).state
    with language(lang):
        names = seat_names(seats)
        wanted = [f"{zone_title(zone, names, game)} ({len(zone.cards)})" for zone in state.zones()]
    assert [html.unescape(name) for name in shown] == wanted
    assert sum(len(zone.cards) for zone in state.zones()) == len(state.game.full_deck)
    for english in _ENGLISH_PLACES:
        assert not any(english in html.unescape(name) for name in shown), (english, shown)
