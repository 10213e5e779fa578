"""The classroom app: one command, one process serving every student's page and the teacher's.

``cardlab-classroom`` (or ``python -m cardlab.app``) opens (or creates) the classroom
store and serves, from one Python process (:mod:`cardlab.app.server`, Solara's server:
each open page is a virtual kernel of its own, with its own widgets; nothing a page sends
is run as code):

- ``/``: the landing page, where a student types the code on their slip (:func:`landing_page`);
- ``/join?room=…&seat=…&token=…``: a student's table by their link (:func:`join_page`), and
  ``/drill?room=…&seat=…&token=…``: the class's drills on a page of their own (:func:`drill_page`);
- ``/teacher?key=…``: the teacher's page (:func:`teacher_page`), and
  ``/slips?class=…&key=…``: a class's printable slips (:func:`slips_page`).

Every page holds only its seat's view; the rooms live in the store, so a restart loses
nothing. A page that closes frees its seat at once, a page whose browser went silent
within ``--cull-after`` seconds. The pages' browser code is installed with the package
(:mod:`cardlab.app.assets`): nothing is fetched from the internet.
"""

from __future__ import annotations

import argparse
import html
import os
import socket
import sys
import urllib.parse
from pathlib import Path
from typing import Any

__all__ = ["DB_VARIABLE", "CULL_AFTER", "PORT", "PATHS", "classroom_store", "public_base", "query_string",
           "landing_page", "own_link", "teacher_page", "join_page", "drill_page", "slips_page", "refusal_page",
           "links", "main"]

#: The environment variable that names the classroom store (a SQLite path or URL, or a
#: ``postgresql://`` URL); the older ``CARDLAB_CLASSROOM_DB`` is still read after it.
DB_VARIABLE = "CARDLAB_DB"
DEFAULT_DB = "classroom.db"
#: Seconds a page lives on once its browser is gone without a word (a crashed laptop, a
#: lost network); a page closed or reloaded in the browser ends at once.
CULL_AFTER = 30
PORT = 8866
#: The server's pages, by what they are (paths under the server's address).
PATHS = {"landing": "", "join": "join", "teacher": "teacher", "slips": "slips", "drill": "drill"}


def classroom_store(url: str | None = None) -> Any:
    """The classroom's store: ``url`` (a path, ``sqlite:///…`` or ``postgresql://…``), else
    ``$CARDLAB_DB``, else ``$CARDLAB_CLASSROOM_DB``, else ./classroom.db (see
    :func:`cardlab.rooms.open_store`). Each page opens its own store object; the store objects
    of one process on one PostgreSQL database share one pool of connections."""
    from cardlab.rooms import open_store

    return open_store(url)


def public_base(url: str) -> str:
    """The address students and the teacher use, as links start with it (``--public-url``):
    a scheme and host, a port if any, and a path ending in ``/``.

    >>> public_base("https://school.example/cardlab"), public_base("http://pc:8866")
    ('https://school.example/cardlab/', 'http://pc:8866/')
    >>> public_base("school.example")
    Traceback (most recent call last):
    ...
    ValueError: a public address is http://… or https://… with a host, got 'school.example'
    """
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"a public address is http://… or https://… with a host, got {url!r}")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") + "/", "", ""))


def query_string() -> str:
    """The page's query string where a notebook server put it in the environment (Voilà:
    ``QUERY_STRING``); the classroom server hands each page its own instead."""
    return os.environ.get("QUERY_STRING", "")


def links(base: str, key: str) -> dict[str, str]:
    """The server's addresses for the people at ``base`` (``http://pc:8866/``).

    >>> links("http://pc:8866/", "K")["teacher"]
    'http://pc:8866/teacher?key=K'
    """
    return {"students": base, "teacher": f"{base}{PATHS['teacher']}?key={key}", "join": f"{base}{PATHS['join']}"}


def refusal_page(message: str, heading: str, lang: str) -> Any:
    """A page that opens nothing: its heading and why, both already said in ``lang``."""
    import ipywidgets as W

    from cardlab.widgets.style import page_heading_html

    return W.HTML(f'<div lang="{lang}" style="padding:24px;max-width:640px">{page_heading_html(heading)}'
                  f'<p style="font-size:18px">{html.escape(message)}</p></div>')


def _refused(refused: Any, lang: str) -> Any:
    """A room's refusal (a notice of the words layer) under the join page's heading, said
    in the page's language."""
    from cardlab.widgets.join import JOIN_HEADING
    from cardlab.words import current_language, language, translate
    from cardlab.words.table import notice_text

    with language(lang or None):
        text = notice_text(refused.notice, refused.values, players=2) if refused.notice else str(refused)
        return refusal_page(text, translate(JOIN_HEADING), current_language())


def landing_page(store: Any = None, *, query: str | None = None, start: bool = True) -> Any:
    """What a student sees at the server's own address: open the link your teacher gave
    you, or type the code on your slip; in the link's language (a slip's ``?lang=pl``).
    A right code opens the student's table and puts their own join link in the page's
    address (:func:`own_link`), so that a reload brings them back to their seat.

    >>> "your teacher" in landing_page(query="").children[0].value
    True
    """
    from cardlab.rooms import query_language
    from cardlab.widgets.landing import landing_page as page

    lang = query_language(query_string() if query is None else query)
    return page(store if store is not None else classroom_store, lang=lang or None, start=start, own_link=own_link)


def own_link(room: str, seat: int, token: str, lang: str = "") -> str:
    """A seat's own page relative to the landing page (the server's root): where a page that
    joined by a code moves its address, so that a reload opens the seat again.

    >>> own_link("r1", 0, "T", "pl")
    'join?room=r1&seat=0&token=T&lang=pl'
    """
    from cardlab.widgets.classroom import join_link

    return join_link("", PATHS["join"], room, seat, token, lang)


def teacher_page(store: Any = None, *, base_url: str | None = None, lang: str | None = None,
                 slips_url: str | None = None, query: str | None = None) -> Any:
    """The teacher's dashboard, or a refusal without any room in it when the key is wrong.

    ``slips_url`` is where the server serves a class's slips as a page that prints
    (:data:`cardlab.widgets.slips.SLIPS_ROUTE`, answered by :func:`slips_page`); without
    it, *Print the slips* opens the page in a new tab from the dashboard itself.

    A served page (``query`` given, or a notebook server's ``QUERY_STRING``) must carry the
    teacher's key; in the teacher's own JupyterLab no key is asked (whoever runs code there
    could read the store anyway). The page speaks ``lang``, else its link's (``&lang=pl``),
    else the server's default (``cardlab-classroom --lang``). ``base_url`` is the server's
    address, which the join links start with.
    """
    from cardlab.rooms import query_language
    from cardlab.widgets.classroom import TEACHER_HEADING, TeacherDashboard
    from cardlab.words import N_, current_language, language, translate

    store = store or classroom_store()
    served = query is not None or "QUERY_STRING" in os.environ
    if served:
        query = query_string() if query is None else query
        lang = lang or query_language(query) or None
        key = urllib.parse.parse_qs(query).get("key", [""])[0]
        if not store.check_teacher_key(key):
            with language(lang):
                return refusal_page(translate(N_("This page is for the teacher: open it with the teacher's link that "
                                             "the classroom server printed when it started.")),
                                translate(TEACHER_HEADING), current_language())
    if base_url is None:
        base_url = _default_base_url()
    dashboard = TeacherDashboard(store, base_url=base_url, join_page=PATHS["join"], lang=lang, slips_url=slips_url)
    dashboard.start()
    return dashboard


def join_page(store: Any = None, *, query: str | None = None) -> Any:
    """A student's table for the seat the join link names, or a plain refusal (no card),
    in the link's language (``&lang=pl``, the class's: the teacher's choice) or the room's;
    either under the page's heading (:data:`cardlab.widgets.join.JOIN_HEADING`)."""
    from cardlab.rooms import AccessRefused, JoinRequest, SeatSession, query_language
    from cardlab.widgets.join import room_table

    query = query_string() if query is None else query
    try:
        request = JoinRequest.parse(query)  # before the store: a bare page opens nothing
        session = SeatSession(store or classroom_store(), request)
    except AccessRefused as refused:
        return _refused(refused, query_language(query))
    table = room_table(session)
    table.start()
    return table


def _default_base_url() -> str:
    host, port = os.environ.get("SERVER_NAME", "localhost"), os.environ.get("SERVER_PORT", str(PORT))
    return f"http://{host}:{port}/"


def slips_page(query: str, store: Any = None, *, base_url: str | None = None,
               join_page: str = PATHS["join"]) -> tuple[int, str]:
    """The answer to ``GET /slips?class=…&key=…&print=1`` (:data:`cardlab.widgets.slips.SLIPS_ROUTE`):
    ``(status, html)``, the class's slips as a page that prints on load, or a plain refusal
    (403: a wrong teacher's key, 404: no such class) without any code. ``base_url`` and
    ``join_page`` make the slips' join links (as the teacher's page does). Serve the page as
    ``text/html; charset=utf-8``.

    >>> import tempfile, os
    >>> from cardlab.rooms import SQLiteStore, seat_class
    >>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "class.db"))
    >>> class_id = seat_class(store, 4, "kontrabluff", 2, seed=1)
    >>> status, page = slips_page(f"class={class_id}&key={store.teacher_key()}&print=1", store,
    ...                           base_url="http://pc:8866/")
    >>> status, page.count('class="cl-slip"'), "<b>http://pc:8866/</b>" in page
    (200, 4, True)
    >>> slips_page(f"class={class_id}&key=wrong", store, base_url="http://pc:8866/")[0]
    403
    """
    from cardlab.widgets.classroom import join_link, landing_address
    from cardlab.widgets.slips import slips_page_html

    store = store or classroom_store()
    base_url = base_url or _default_base_url()
    return slips_page_html(store, query, link=lambda room, seat, token: join_link(base_url, join_page, room, seat, token),
                           landing_url=landing_address(base_url))


def drill_page(store: Any = None, query: str | None = None) -> Any:
    """A student's drills on a page of their own (``/drill?room=…&seat=…&token=…&lang=…``: the
    seat's join link's query string; ``query`` None reads the page's, as :func:`join_page`
    does): the drill set the teacher gave the class, every answer kept in the store, or a
    plain refusal. The seat is not taken from the student's table. The join page offers the
    same drills beside the table (its *Practice the rules* button)."""
    from cardlab.rooms import query_language
    from cardlab.widgets.practice import practice_page

    query = query_string() if query is None else query
    return practice_page(store or classroom_store(), query, lang=query_language(query) or None)


def _serve_with_the_system_allocator(argv: list[str]) -> None:
    """Start this server again in this process with Python's small objects in the system's
    allocator (``PYTHONMALLOC=malloc``, read only when Python starts). Python's own keeps
    memory in arenas of 1 MiB that go back only when nothing at all is left in them, and a
    class's pages leave a few objects in most of them: with the system's, the memory they
    freed goes back once they close (the trim in :mod:`cardlab.app.web`). Measured with 40
    students (``benchmarks/bench_rooms.py --class 40``): 120 s after they left, 9% above the
    start instead of 20-21%, for 1.6 MB a student connected instead of 1.2."""
    sys.stdout.flush()
    os.execve(sys.executable, [sys.executable, "-m", "cardlab.app", *argv], {**os.environ, "PYTHONMALLOC": "malloc"})


def main(argv: list[str] | None = None) -> int:
    """``cardlab-classroom [--db FILE-OR-URL] [--port N] [--host NAME | --public-url URL] [--ip ADDRESS] [--cull-after S] [--lang sv|pl|uk|en] [--dry-run]``.

    ``--dry-run`` prints the links and what the server would do, and serves nothing:

    >>> import tempfile, os
    >>> main(["--db", os.path.join(tempfile.mkdtemp(), "c.db"), "--host", "pc", "--dry-run"])  # doctest: +ELLIPSIS
    Classroom store: ...c.db
    Teacher's page (keep this link to yourself): http://pc:8866/teacher?key=...
    Students start at http://pc:8866/ and type the code on their slip.
    On the teacher's page, seat a class and print the slips: one code per student.
    One process serves every page; a page whose browser is gone ends after 30 s.
    0

    Behind a proxy (a school's several servers under one name), ``--public-url`` is the
    address every link and slip starts with:

    >>> main(["--db", os.path.join(tempfile.mkdtemp(), "c.db"), "--public-url", "https://school.example/cardlab",
    ...       "--dry-run"])  # doctest: +ELLIPSIS
    Classroom store: ...c.db
    Teacher's page (keep this link to yourself): https://school.example/cardlab/teacher?key=...
    Students start at https://school.example/cardlab/ and type the code on their slip.
    ...
    """
    from cardlab.words import LANGUAGE_NAMES, LANGUAGE_VARIABLE, LANGUAGES, N_, language, translate
    from cardlab.words.classroom import server_lines

    parser = argparse.ArgumentParser(prog="cardlab-classroom", description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--db", default=None,
                        help="the classroom store: a SQLite file (default: $CARDLAB_DB, else ./classroom.db) or a "
                             "PostgreSQL URL, postgresql://user:password@host/database, which several servers share")
    parser.add_argument("--port", type=int, default=PORT)
    parser.add_argument("--host", default=socket.gethostname(), help="the address students use (default: this machine's name)")
    parser.add_argument("--public-url", default=None,
                        help="the address students and the teacher use when a proxy stands before this server "
                             "(https://school.example/cardlab/): links and slips start with it")
    parser.add_argument("--ip", default="0.0.0.0", help="the address the server listens on (default: all)")
    parser.add_argument("--cull-after", type=int, default=CULL_AFTER,
                        help="seconds a page lives on once its browser is gone without closing it")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the pages' language when their link asks for none (default: the locale's, else English)")
    parser.add_argument("--dry-run", action="store_true", help="print the links, serve nothing")
    args = parser.parse_args(argv)
    if args.cull_after < 1:
        parser.error("--cull-after is at least 1 second")
    try:
        base = public_base(args.public_url) if args.public_url else f"http://{args.host}:{args.port}/"
    except ValueError as wrong:
        parser.error(f"--public-url: {wrong}")
    if not args.dry_run and os.environ.get("PYTHONMALLOC") is None:
        _serve_with_the_system_allocator(sys.argv[1:] if argv is None else argv)

    from cardlab.rooms import StoreError, store_url

    db = store_url(args.db)
    if db.startswith("sqlite:///"):
        db = db[len("sqlite:///"):]
    if "://" not in db:  # a file: its full path, so every page finds the same one
        db = str(Path(db).resolve())
    try:
        store = classroom_store(db)
    except StoreError as refused:
        print(f"The classroom store cannot be opened: {getattr(refused, 'reason', '') or refused}", file=sys.stderr)
        return 2
    addresses = links(base, store.teacher_key())
    with language(args.lang):  # what the pages ask for, in the pages' language
        for line in server_lines(store.url, addresses["teacher"], addresses["students"],
                                 speaks=LANGUAGE_NAMES[args.lang] if args.lang else ""):
            print(line)
        print(translate(N_("One process serves every page; a page whose browser is gone ends after {seconds} s."))
              .format(seconds=args.cull_after))
    store.close()
    if args.dry_run:
        return 0
    if args.lang:
        os.environ[LANGUAGE_VARIABLE] = args.lang  # the pages' default language (cardlab.words.default_language)
    try:
        from cardlab.app.server import serve
    except ImportError as missing:
        print(f"The classroom server is not installed for {sys.executable} ({missing}): "
              f"{sys.executable} -m pip install 'cardlab[app]'", file=sys.stderr)
        return 2
    sys.stdout.flush()  # the links first, also when the output goes to a file
    return serve(db=db, ip=args.ip, port=args.port, base_url=base, cull_after=args.cull_after)
