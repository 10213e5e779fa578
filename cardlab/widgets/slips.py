"""A class's slips as a page that prints: one slip per student, with the join code and its QR code.

:func:`class_sheet_html` makes the page (in the class's language; a print stylesheet; with
``print_on_load`` it asks the browser to print once loaded). The teacher opens it with one
click from the dashboard (:class:`cardlab.widgets.classroom.TeacherDashboard`):

- served by the classroom server at :data:`SLIPS_ROUTE` (``/slips?class=…&key=…&print=1``):
  :func:`slips_page_html` answers such a request with the page, or a plain refusal without
  any code when the teacher's key or the class is wrong;
- else (the dashboard in the teacher's own notebook) :func:`slips_link_html` makes a link
  that opens the page in a new tab straight from the dashboard (and saves it as a file
  where the browser runs no script).

The slips hold every student's join code: only the teacher's key opens them.

>>> import tempfile, os
>>> from cardlab.rooms import SQLiteStore, seat_class
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
>>> class_id = seat_class(store, ["Ana", "Ben"], "kontrabluff", 2, seed=1)
>>> link = lambda room, seat, token: f"http://pc/join?room={room}&seat={seat}&token={token}"
>>> status, page = slips_page_html(store, f"class={class_id}&key={store.teacher_key()}&print=1", link=link)
>>> status, page.count('class="cl-slip"'), "window.print()" in page, "@media print" in page
(200, 2, True, True)
>>> status, page = slips_page_html(store, f"class={class_id}&key=wrong", link=link)
>>> status, "cl-slip" in page
(403, False)
"""

from __future__ import annotations

import base64
import html
import urllib.parse
from collections.abc import Callable

import segno

from cardlab.games import by_game
from cardlab.rooms import RoomStore, query_language, show_code
from cardlab.words import N_, default_language, language, seat_names, translate as _
from cardlab.words.classroom import class_name, student_name

__all__ = ["SLIPS_ROUTE", "class_sheet_html", "slips_page_html", "slips_link_html"]

#: The path the classroom server serves a class's slips at (``?class=<id>&key=<teacher's key>``,
#: ``&print=1`` to print on load, ``&lang=`` for a refusal's language), relative to its root.
SLIPS_ROUTE = "/slips"
#: Games in plain words.
GAME_TITLES = by_game(lambda entry: entry.title)
#: The link that opens the slips, on the teacher's page.
PRINT_SLIPS = N_("Print the slips")
#: What the slips page says instead, when its link opens nothing.
_REFUSED = {
    403: N_("This page is for the teacher: open it with the teacher's link that the classroom server printed "
            "when it started."),
    404: N_("There is no such class here: open the slips from the teacher's page."),
}


def class_sheet_html(store: RoomStore, class_id: str, *, link: Callable[[str, int, str], str],
                     landing_url: str = "", print_on_load: bool = False) -> str:
    """A printable page with one slip per student: name, table, seat, join code and a QR code
    of the join link (``link(room, seat, token)``); the slips follow the class list. The
    page is in the class's language (:attr:`cardlab.rooms.Switches.lang`), and its links
    carry it (``&lang=pl``; the classroom's first page ``?lang=pl``), so the pages they open
    speak it too. The page has a print stylesheet (one slip never split across pages, the
    instructions and the Print button left off) and, with ``print_on_load``, asks the browser
    to print as soon as it has loaded (the page the teacher's *Print the slips* opens).

    >>> import tempfile, os
    >>> from cardlab.rooms import SQLiteStore, Switches, seat_class
    >>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
    >>> class_id = seat_class(store, 3, "fight_for_the_lead", 3, seed=2)
    >>> page = class_sheet_html(store, class_id, link=lambda room, seat, token: f"http://pc/join?room={room}")
    >>> page.count('class="cl-slip"'), "Student 3" in page, "Table 1" in page
    (3, True, True)
    >>> store.set_class_switches(class_id, Switches(lang="uk"))
    >>> page = class_sheet_html(store, class_id, link=lambda room, seat, token: f"http://pc/join?room={room}",
    ...                         landing_url="http://pc/")
    >>> "lang='uk'" in page, "Стіл 1" in page, "http://pc/?lang=uk" in page
    (True, True, True)
    """
    info = next((each for each in store.classes() if each.id == class_id), None)
    if info is None:
        raise ValueError(f"there is no class {class_id!r}")
    lang = info.switches.lang or default_language()
    asks = f"lang={lang}" if info.switches.lang else ""  # a class with no language chosen: the server's default
    if asks and landing_url:
        landing_url = f"{landing_url}?{asks}"
    with language(lang):
        title = _(GAME_TITLES.get(info.game, info.game))
        names = seat_names(info.table_size)
        where = (html.escape(_("Scan the square, or open {address} and type your code. Keep your code to yourself."))
                 .format(address=f"<b>{html.escape(landing_url)}</b>") if landing_url else
                 html.escape(_("Scan the square, or type your code on the classroom's first page. "
                               "Keep your code to yourself.")))
        slips = []
        for slip in store.slips(class_id):
            url = link(slip.room, slip.seat, slip.token)
            if asks:
                url += ("&" if "?" in url else "?") + asks
            qr = segno.make(url, error="m").svg_inline(scale=3, title=_("Join link"))
            where_at = _("{game} · Table {table} · seat {seat}").format(game=title, table=slip.table,
                                                                        seat=names[slip.seat])
            code = html.escape(_("Your code: {code}")).format(code=f'<span class="cl-slip-code">{show_code(slip.code)}</span>')
            slips.append(
                f'<div class="cl-slip"><div class="cl-slip-name">{html.escape(student_name(slip.student, slip.number))}'
                f'</div>'
                f'<div>{html.escape(where_at)}</div>'
                f'<div class="cl-slip-qr">{qr}</div>'
                f'<div>{code}</div>'
                f'<div class="cl-slip-how">{where}</div></div>')
        said = class_name(info.name, info.students)
        head = _("{name}: seats and codes").format(name=said)
        heading = _("{name}: {game}, tables of {size}").format(name=said, game=title, size=info.table_size)
        cut = _("Print this page and cut along the dashed lines: one slip per student.")
        again = _("Print")
    printing = "<script>window.addEventListener('load', function () { window.print(); });</script>" if print_on_load else ""
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(head)}"
            f"</title>{_SHEET_CSS}{printing}</head><body><h1>{html.escape(heading)}</h1><p class='cl-no-print'>"
            f"{html.escape(cut)} <button type='button' onclick='window.print()'>{html.escape(again)}</button>"
            f"</p><div class='cl-slips'>{''.join(slips)}</div></body></html>")


_SHEET_CSS = """<style>
body { font-family: sans-serif; margin: 12mm; }
h1 { font-size: 18px; }
.cl-slips { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0; }
.cl-slip { border: 1px dashed #888; padding: 8px; break-inside: avoid; page-break-inside: avoid; text-align: center; }
.cl-slip-name { font-size: 18px; font-weight: bold; }
.cl-slip-code { font-family: monospace; font-size: 22px; letter-spacing: 2px; font-weight: bold; }
.cl-slip-how { font-size: 11px; color: #444; }
.cl-no-print button { font-size: 16px; padding: 4px 16px; margin-left: 8px; }
@media print { .cl-no-print { display: none; } body { margin: 0; } }
</style>"""


def slips_page_html(store: RoomStore, query: str, *, link: Callable[[str, int, str], str],
                    landing_url: str = "") -> tuple[int, str]:
    """The answer to a request for :data:`SLIPS_ROUTE`: ``(status, page)``. ``query`` is the
    request's query string (``class``, ``key``: the teacher's, ``print=1``, ``lang``);
    ``link`` and ``landing_url`` make the slips' join links as the dashboard does. A wrong
    key gets 403 and an unknown class 404, each a plain page without any code."""
    fields = urllib.parse.parse_qs(query or "")
    key, class_id = fields.get("key", [""])[0], fields.get("class", [""])[0]
    status = 200 if store.check_teacher_key(key) else 403
    if status == 200 and not any(info.id == class_id for info in store.classes()):
        status = 404
    if status == 200:
        return 200, class_sheet_html(store, class_id, link=link, landing_url=landing_url,
                                     print_on_load=fields.get("print", [""])[0] == "1")
    with language(query_language(query) or None) as lang:
        said, title = _(_REFUSED[status]), _(PRINT_SLIPS)
    return status, (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(title)}"
                    f"</title></head><body style='font-family:sans-serif;padding:24px;max-width:640px'>"
                    f"<p style='font-size:18px'>{html.escape(said)}</p></body></html>")


#: Opens the page the link holds in a new tab (the browser refuses to open a ``data:`` page
#: there, so it is made a file of the browser's own first); without scripts the link saves it.
#: ``window.URL``: in an element's handler a bare ``URL`` is ``document.URL``, the page's address.
_OPEN_IN_TAB = ("event.preventDefault();var b=atob(this.href.split(',')[1]),a=new Uint8Array(b.length);"
                "for(var i=0;i<b.length;i++){a[i]=b.charCodeAt(i);}"
                "window.open(window.URL.createObjectURL(new Blob([a],{type:'text/html'})),'_blank');")


def slips_link_html(words: str, *, url: str | None = None, page: str = "") -> str:
    """The teacher's *Print the slips*, a link drawn as a button: to the classroom server's
    page (``url``, :data:`SLIPS_ROUTE` with its query) in a new tab, or, without a server,
    holding the slips' ``page`` itself (see the module).

    >>> slips_link_html("Print the slips", url="/slips?class=c&key=k&print=1")
    '<a class="cl-print" href="/slips?class=c&amp;key=k&amp;print=1" target="_blank" rel="noopener">Print the slips</a>'
    """
    said = html.escape(words)
    if url is not None:
        return f'<a class="cl-print" href="{html.escape(url)}" target="_blank" rel="noopener">{said}</a>'
    data = base64.b64encode(page.encode()).decode()
    return (f'<a class="cl-print" href="data:text/html;base64,{data}" download="slips.html" '
            f'onclick="{html.escape(_OPEN_IN_TAB)}">{said}</a>')
