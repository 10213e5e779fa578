"""The classroom app: one command starts the server; three pages: landing, join and teacher's.

``cardlab-classroom`` (or ``python -m cardlab.app``) opens (or creates) the classroom
store, then serves the pages in :data:`PAGES` (shipped inside the package) with Voilà
(:mod:`cardlab.app.server`): a plain web page each, no code shown, no code a browser can
run, and nothing else: no file list, no other notebook. It prints the teacher's link,
which carries the teacher's key; the teacher creates rooms there and hands out each
seat's join link. A kernel whose page is closed or gone ends (see the server module).

Every page visit is a new kernel; the kernel finds the store through the environment
(``CARDLAB_DB``: a SQLite file or a ``postgresql://`` URL, see :func:`cardlab.rooms.open_store`) and reads the page's query string (``QUERY_STRING``, which
Voilà sets) to know who is asking. A student's page is usually a preheated kernel (one of
:data:`POOL` started in advance), which has imported everything and waits for the link.
"""

from __future__ import annotations

import argparse
import html
import os
import socket
import sys
from pathlib import Path
from typing import Any

__all__ = ["DB_VARIABLE", "PAGES", "POOL", "classroom_store", "preheated", "query_string", "wait_for_request",
           "under_voila", "landing_page", "teacher_page", "join_page", "main"]

#: The environment variable that names the classroom store (a SQLite path or URL, or a
#: ``postgresql://`` URL); the older ``CARDLAB_CLASSROOM_DB`` is still read after it.
DB_VARIABLE = "CARDLAB_DB"
DEFAULT_DB = "classroom.db"
#: The folder of the classroom's pages (Voilà notebooks), shipped as package data.
PAGES = Path(__file__).resolve().parent / "pages"
#: The page the server's bare address shows.
LANDING_PAGE = "landing.ipynb"
#: Seconds a page's kernel lives on with no browser connected to it (a page connects once it
#: is drawn: 8-12 s on a busy two-core laptop), and seconds between two looks for such kernels.
CULL_AFTER = 30
CULL_INTERVAL = 5
#: Kernels kept started (preheated) for each student page, so that a link opens in a second
#: or two, and the pages that have them.
POOL = 2
PREHEATED_PAGES = ("join.ipynb", LANDING_PAGE)


def classroom_store(url: str | None = None) -> Any:
    """The classroom's store: ``url`` (a path, ``sqlite:///…`` or ``postgresql://…``), else
    ``$CARDLAB_DB``, else ``$CARDLAB_CLASSROOM_DB``, else ./classroom.db."""
    from cardlab.rooms import open_store

    return open_store(url)


def under_voila() -> bool:
    """Whether this kernel serves a Voilà page (which sets the request's variables)."""
    return "SERVER_PORT" in os.environ or os.environ.get("VOILA_PREHEAT") is not None


def preheated() -> bool:
    """Whether this kernel was started ahead of its page (Voilà's pool): its request comes later."""
    return os.environ.get("VOILA_PREHEAT", "False") != "False"  # the same test as voila.utils.wait_for_request


def query_string() -> str:
    """The page's query string (``?room=…&seat=…``), once Voilà has handed it over.

    A preheated kernel (:func:`preheated`) ran its page before anyone asked for it, and
    waits here until a request takes it (:func:`wait_for_request`).
    """
    if preheated() and "QUERY_STRING" not in os.environ:
        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


#: Seconds a preheated kernel keeps trying to reach the server to wait for its request.
REACH_SERVER = 60.0


def wait_for_request() -> None:
    """Block until Voilà hands this preheated kernel its request, then put the request's
    variables (``QUERY_STRING``, ``SERVER_NAME``, ...) into the environment.

    The same exchange as ``voila.utils.wait_for_request`` (one message on the server's
    ``voila/query/<kernel id>`` websocket), without importing ``voila.utils``: that module
    loads the Jupyter server, about 3 s and 40 MB in every student's kernel. The server
    may still be starting when the pool's first kernels get here, so the connection is
    tried again for :data:`REACH_SERVER` seconds; after that the page gets no request (and
    shows a refusal).
    """
    import json
    import time

    from websockets.sync.client import connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL", "/")
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")
    deadline = time.monotonic() + REACH_SERVER
    while True:
        try:
            with connect(url, open_timeout=10, max_size=2**20) as connection:
                message = connection.recv()  # as long as it takes a student to open the link
            break
        except (OSError, TimeoutError) as error:
            if time.monotonic() > deadline:
                print(f"no request reached this page ({error})", file=sys.stderr)
                return
            time.sleep(0.5)
        except Exception as error:  # the server closed the socket: it is stopping
            print(f"no request reached this page ({error})", file=sys.stderr)
            return
    env.update({str(name): str(value) for name, value in json.loads(message).items()})


def _refusal(message: str, heading: str, lang: str) -> Any:
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
        return _refusal(text, translate(JOIN_HEADING), current_language())


def landing_page() -> Any:
    """What a student sees at the server's own address: open the link your teacher gave you.

    >>> "your teacher" in landing_page().children[0].value
    True
    """
    from cardlab.rooms import query_language
    from cardlab.widgets.landing import landing_page as page

    lang = ""
    if under_voila():
        lang = query_language(query_string())  # a preheated page waits here for its visitor; a slip's link: ?lang=pl
    return page(lang=lang or None)


def teacher_page(store: Any = None, *, base_url: str | None = None, lang: str | None = None) -> Any:
    """The teacher's dashboard, or a refusal without any room in it when the key is wrong.

    In the teacher's own JupyterLab (not served by Voilà) no key is asked: whoever runs
    code there could read the store anyway. The page speaks ``lang``, else the language
    its link asks for (``&lang=pl``), else the server's default (``cardlab-classroom --lang``).
    """
    import urllib.parse

    from cardlab.rooms import query_language
    from cardlab.widgets.classroom import TEACHER_HEADING, TeacherDashboard
    from cardlab.words import N_, current_language, language, translate

    store = store or classroom_store()
    if under_voila():
        query = query_string()
        lang = lang or query_language(query) or None
        key = urllib.parse.parse_qs(query).get("key", [""])[0]
        if not store.check_teacher_key(key):
            with language(lang):
                return _refusal(translate(N_("This page is for the teacher: open it with the teacher's link that "
                                             "the classroom server printed when it started.")),
                                translate(TEACHER_HEADING), current_language())
    if base_url is None:
        host, port = os.environ.get("SERVER_NAME", "localhost"), os.environ.get("SERVER_PORT", "8866")
        base_url = f"http://{host}:{port}/voila/render/"
    dashboard = TeacherDashboard(store, base_url=base_url, lang=lang)
    dashboard.start()
    return dashboard


def join_page(store: Any = None) -> Any:
    """A student's table for the seat the join link names, or a plain refusal (no card),
    in the link's language (``&lang=pl``, the class's: the teacher's choice) or the room's;
    either under the page's heading (:data:`cardlab.widgets.join.JOIN_HEADING`).

    Everything the table needs is imported before the link is read: a preheated kernel
    (Voilà's pool) has done that work before the student opens the link.
    """
    from cardlab.rooms import AccessRefused, JoinRequest, SeatSession, query_language
    from cardlab.widgets.join import room_table

    query = query_string()
    try:
        request = JoinRequest.parse(query)  # before the store: a bare page opens nothing
        session = SeatSession(store or classroom_store(), request)
    except AccessRefused as refused:
        return _refused(refused, query_language(query))
    table = room_table(session)
    table.start()
    return table


def main(argv: list[str] | None = None) -> int:
    """``cardlab-classroom [--db FILE-OR-URL] [--port N] [--host NAME] [--cull-after S] [--pool N] [--lang sv|pl|uk|en] [--VOILA-OPTION=…]``.

    Voilà is imported from the Python running this command (its own environment, whatever
    ``PATH`` says). ``--dry-run`` prints the links and the server's options, and serves nothing:

    >>> import tempfile, os
    >>> main(["--db", os.path.join(tempfile.mkdtemp(), "c.db"), "--host", "pc", "--dry-run"])  # doctest: +ELLIPSIS
    Classroom store: ...c.db
    Teacher's link (keep it to yourself): http://pc:8866/voila/render/teacher.ipynb?key=...
    Students start at http://pc:8866/ (it asks for their own link).
    Create rooms there; each student seat gets its own join link.
    Voilà options: --no-browser --port=8866 --Voila.ip=0.0.0.0 ... --MappingKernelManager.cull_idle_timeout=30 ...
    0
    """
    from cardlab.words import LANGUAGE_NAMES, LANGUAGE_VARIABLE, LANGUAGES

    parser = argparse.ArgumentParser(prog="cardlab-classroom", description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--db", default=None,
                        help="the classroom store: a SQLite file (default: $CARDLAB_DB, else ./classroom.db) or a "
                             "PostgreSQL URL, postgresql://user:password@host/database, which several servers share")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--host", default=socket.gethostname(), help="the address students use (default: this machine's name)")
    parser.add_argument("--ip", default="0.0.0.0", help="the address the server listens on (default: all)")
    parser.add_argument("--cull-after", type=int, default=CULL_AFTER,
                        help="seconds a page's kernel lives on once no browser is connected to it")
    parser.add_argument("--cull-interval", type=int, default=CULL_INTERVAL, help="seconds between two looks for such kernels")
    parser.add_argument("--pool", type=int, default=POOL,
                        help="kernels kept started for each student page, so that a link opens at once (0: none)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the pages' language when their link asks for none (default: the locale's, else English)")
    parser.add_argument("--dry-run", action="store_true", help="print the links and the server's options, serve nothing")
    args, voila_options = parser.parse_known_args(argv)
    if any(not option.startswith("--") for option in voila_options):  # a folder or notebook: never served
        parser.error(f"unknown arguments: {' '.join(voila_options)} (only Voilà's --options pass through)")

    from cardlab.rooms import StoreError, store_url

    db = store_url(args.db)
    if db.startswith("sqlite:///"):
        db = db[len("sqlite:///"):]
    if "://" not in db:  # a file: its full path, so every page's kernel finds the same one
        db = str(Path(db).resolve())
    try:
        store = classroom_store(db)
    except StoreError as refused:
        print(f"The classroom store cannot be opened: {getattr(refused, 'reason', '') or refused}", file=sys.stderr)
        return 2
    base = f"http://{args.host}:{args.port}/"
    print(f"Classroom store: {store.url}")
    print(f"Teacher's link (keep it to yourself): {base}voila/render/teacher.ipynb?key={store.teacher_key()}")
    print(f"Students start at {base} (it asks for their own link).")
    print("Create rooms there; each student seat gets its own join link.")
    if args.lang:
        print(f"The pages speak {LANGUAGE_NAMES[args.lang]} unless a link asks for another language.")
    store.close()
    options = ["--no-browser", f"--port={args.port}", f"--Voila.ip={args.ip}", "--show_tracebacks=False",
               f"--MappingKernelManager.cull_idle_timeout={args.cull_after}",
               f"--MappingKernelManager.cull_interval={args.cull_interval}",
               "--MappingKernelManager.cull_connected=False", f"--ClassroomVoila.pool={args.pool}"]
    given = {option.split("=", 1)[0] for option in voila_options}  # traitlets refuses an option given twice
    options = [option for option in options if option.split("=", 1)[0] not in given] + voila_options
    if args.dry_run:
        print("Voilà options:", " ".join(options))
        return 0
    try:
        from cardlab.app.server import serve
    except ImportError as missing:
        print(f"Voilà is not installed for {sys.executable} ({missing}): "
              f"{sys.executable} -m pip install 'cardlab[app]'", file=sys.stderr)
        return 2
    os.environ[DB_VARIABLE] = db  # every page's kernel inherits it
    if args.lang:
        os.environ[LANGUAGE_VARIABLE] = args.lang  # and the pages' default language (cardlab.words.default_language)
    if args.ip not in ("0.0.0.0", "::", ""):  # where a preheated kernel asks for its request (Voilà: 127.0.0.1)
        os.environ.setdefault("VOILA_APP_IP", args.ip)
    sys.stdout.flush()  # the links first, also when the output goes to a file
    serve(options)
    return 0
