"""A walk of every screen of seeded random games of every game, in each language (issue 29):
no English message text and no placeholder left on screen, and the plain-words check
(no field names, no snake_case) in all four languages.

The English messages come from the catalog template (``cardlab/locale/cardlab.pot``):
each message's literal pieces (the text between its placeholders) of 14 characters or
more are searched for in what the table shows (HTML text, buttons, tooltips, options),
unless the language's catalog says the same words (names such as 'Kontrabluff').
"""

from __future__ import annotations

import re
import string
from types import SimpleNamespace

import numpy as np
import pytest

from cardlab.words import LANGUAGE_NAMES, LANGUAGES, catalog
from tests.test_languages import LOCALE, TRANSLATED
from tests.test_widgets import FORBIDDEN, SHORT, TABLE_CLASSES, visible_texts

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
#: The shortest piece of an English message the walk looks for (shorter ones, such as
#: 'Pas' or ' of ', may be words of the other language too).
PIECE = 14


def english_pieces(lang: str) -> set[str]:
    """The literal pieces of every English message whose translation in ``lang`` differs."""
    with open(LOCALE / "cardlab.pot", "rb") as file:
        template = read_po(file)
    words = catalog(lang)
    pieces = set()
    for message in template:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        for msgid in ids:
            said = (words.pgettext(message.context, msgid) if message.context
                    else words.gettext(msgid) if isinstance(message.id, str) else words.ngettext(*message.id, 5))
            for literal, _, _, _ in string.Formatter().parse(msgid):
                literal = literal.strip(" .,;:()—-")
                if len(literal) >= PIECE and literal not in said:
                    pieces.add(literal)
    return pieces


def screen(table) -> str:
    return "\n".join(visible_texts(table))


def check(table, pieces: set[str], where: str) -> None:
    check_text(screen(table), pieces, where)


def check_text(text: str, pieces: set[str], where: str, *, plain: bool = True) -> None:
    """No placeholder, no piece of English and (``plain``) no forbidden word in ``text``
    (the teacher's dashboard shows links and tokens, which hold underscores)."""
    left = PLACEHOLDER.search(text)
    assert left is None, f"{where}: a placeholder is left: ...{text[max(0, left.start() - 60): left.end() + 60]}"
    english = [piece for piece in pieces if piece in text]
    assert not english, f"{where}: English shows: {english[:3]}"
    for pattern in FORBIDDEN if plain else ():
        match = pattern.search(text)
        assert match is None, f"{where}: {pattern.pattern!r} shows: ...{text[max(0, match.start() - 60): match.end() + 60]}"


def walk(name: str, lang: str, seed: int, pieces: set[str] | None = None, max_moves: int = 3000) -> int:
    """Play a seeded random game of ``name`` in ``lang`` through the table, checking every
    screen for ``pieces`` of English (default: :func:`english_pieces`); returns the number
    of screens checked."""
    if pieces is None:
        pieces = english_pieces(lang) if lang != "en" else set()
    table = TABLE_CLASSES[name](seed=seed, lang=lang, hints=True, **SHORT[name])
    rng = np.random.default_rng(seed)
    screens = 0
    check(table, pieces, f"{name} {lang} start")
    while not table.session.state.is_terminal:
        assert screens < max_moves, "the game did not end"
        if table.pause is not None:
            table.resume()
        else:
            if table.seen.covered:
                table.session.uncover()
            seat = table.seat
            action = table.session.state.observation(seat).legal_actions.sample(rng)
            table.play(action)
        screens += 1
        check(table, pieces, f"{name} {lang} screen {screens}")
    if hasattr(table, "reveal_all"):
        table.reveal_all()
        table.refresh()
    check(table, pieces, f"{name} {lang} end")
    return screens


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TABLE_CLASSES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_in_each_language_says_no_english_and_no_placeholder(name, lang):
    if lang != "en" and lang not in TRANSLATED:
        pytest.xfail(f"the {lang} catalog is being translated")
    assert walk(name, lang, seed=7) > 0


def test_the_walk_finds_english_where_a_catalog_is_missing(monkeypatch):
    """The walk can fail: with the Polish catalog's words taken away, the screens show the
    English messages, and it says so."""
    import gettext

    import cardlab.words as words

    pieces = english_pieces("pl")
    assert len(pieces) > 200
    monkeypatch.setitem(words._CATALOGS, "pl", gettext.NullTranslations())  # English under the Polish switch
    with pytest.raises(AssertionError, match="English shows"):
        walk("kontrabluff", "pl", seed=7, pieces=pieces)


def _page_text(page: str) -> str:
    """A whole page's text as a reader meets it: the words between tags, and the titles and
    labels a pointer or a screen reader says (the QR code's title too)."""
    import html

    said = [html.unescape(re.sub(r"<[^>]*>", " ", re.sub(r"<style.*?</style>", " ", page, flags=re.S)))]
    said += [html.unescape(t) for t in re.findall(r"(?:title|aria-label)=[\'\"]([^\'\"]*)[\'\"]", page)]
    return "\n".join(said)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_classroom_pages_say_no_english(lang, tmp_path, monkeypatch):
    """The students' classroom pages in the class's language: the printed slips, the
    landing page (its refusal too), the table a code opens, and the join page's refusal."""
    from types import SimpleNamespace

    from cardlab.app import join_page
    from cardlab.rooms import SQLiteStore, Switches
    from cardlab.widgets.classroom import TeacherDashboard
    from cardlab.widgets.landing import landing_page

    pieces = english_pieces(lang)
    store = SQLiteStore(tmp_path / "class.db")
    board = TeacherDashboard(store, base_url="http://pc:8866/voila/render/")
    class_id = board.seat_class(["Ana", "Ben", "Cy"], "fight_for_the_lead", 3, seed=5, switches=Switches(lang=lang))
    check_text(_page_text(board.sheet_html(class_id)), pieces, f"{lang} slips")
    page = landing_page(store, start=False, lang=lang)
    check_text("\n".join(visible_texts(SimpleNamespace(widget=page, _style=None))), pieces, f"{lang} landing")
    page.code.value = "nope-nope"
    check_text("\n".join(visible_texts(SimpleNamespace(widget=page, _style=None))), pieces, f"{lang} refused code")
    page.code.value = store.slips(class_id)[0].code
    check(page.table, pieces, f"{lang} table from a code")
    room = store.classes()[0].rooms[0]
    monkeypatch.setenv("QUERY_STRING", f"room={room}&seat=0&token=wrong&lang={lang}")
    check_text(_page_text(join_page(store).value), pieces, f"{lang} join refused")


def _dashboard_texts(tmp_path, lang: str):
    """The teacher's dashboard in ``lang`` with everything it can show: a seated class, a
    room with a move made and every card shown, and each message line said (a refusal, a
    class seated, the sheet's, the history's and the CSV's links, switches saved, a pause);
    returns the dashboard and its visible texts, before and after (CSS left out)."""
    from cardlab.rooms import Room, SQLiteStore
    from cardlab.widgets.classroom import TeacherDashboard

    store = SQLiteStore(tmp_path / f"{lang}.db")
    board = TeacherDashboard(store, base_url="http://pc:8866/voila/render/", lang=lang)
    page = SimpleNamespace(widget=board.widget, _style=board.widget.children[0])
    texts = visible_texts(page)  # no room yet
    board._class_names.value = "Ana\nBen\nCy\nDee"
    board._class_game.value, board._class_size.value = "fight_for_the_lead", 3
    board._class_seed.value = "x"
    board._seat.click()  # a refusal
    texts += visible_texts(page)
    board._class_seed.value = "5"
    board._seat.click()
    board._class_names.value, board._class_count.value = "", 5
    board._seat.click()  # unnamed students: the default class name
    board._apply_class.click()
    board._seed.value = "7"
    board._create.click()
    room = Room(store, board._pick.value)
    seat = room.state.current_player
    room.act(seat, next(iter(room.state.legal_actions(seat))))
    board._all_cards.value = True
    board._download.click()
    board._lesson.click()
    board._save_room_switches.click()
    board._pause.click()
    board.refresh()
    return board, _shown(texts + visible_texts(page))


def _shown(texts: list[str]) -> list[str]:
    """What a reader sees of the dashboard's texts: a choice's label (not its value,
    'draw_poker')."""
    import ast

    return [ast.literal_eval(text)[0] if text.startswith("('") else text for text in texts]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_teachers_dashboard_says_no_english(lang, tmp_path):
    """The teacher's dashboard in each language: no English message (the walk's pieces),
    no placeholder, and no text the English dashboard shows at the same place, short words
    too ('Pause', 'Room'), unless the language writes it the same way (a game's name, a
    language's own name, Swedish 'Coach'); then switched to English and back by its picker."""
    pieces = english_pieces(lang)
    board, texts = _dashboard_texts(tmp_path, lang)
    check_text("\n".join(texts), pieces, f"{lang} dashboard", plain=False)
    _, english = _dashboard_texts(tmp_path, "en")
    assert len(english) == len(texts)
    with open(LOCALE / "cardlab.pot", "rb") as file:
        words = catalog(lang)
        same = {m.id for m in read_po(file) if isinstance(m.id, str) and not m.context and words.gettext(m.id) == m.id}
    same |= set(LANGUAGE_NAMES.values())
    left = []
    for said, there in zip(english, texts):
        label = said.strip()
        if said == there and re.search(r"[A-Za-z]{2}", label) and label not in same:
            left.append(label)
    assert not left, f"{lang} dashboard says in English: {left[:5]}"
    # the page's own picker: English, then the language again (the message lines said anew)
    board._page_lang.value = "en"
    assert board._create.description == "Create room" and "That did not work" not in board._message.value
    assert "switches saved" in board._message.value and board._class_switches._lang.value == lang
    board._page_lang.value = lang
    page = SimpleNamespace(widget=board.widget, _style=board.widget.children[0])
    check_text("\n".join(_shown(visible_texts(page))), pieces, f"{lang} dashboard switched back", plain=False)
