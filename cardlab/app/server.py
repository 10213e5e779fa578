"""The classroom server: Solara's server (Starlette on uvicorn) serving the classroom's pages from one process.

Solara gives every open page a *virtual kernel* of its own in this one process: its own
widgets, its own comm messages, nothing a page sends executed as code (an execute request
ends that page's own session). A widget message naming a model of another page finds
nothing (each page's comm manager knows only its own) and is refused in the server's log
(:func:`refuse_foreign_messages`). :mod:`cardlab.app.web` is the Solara app (the landing, join and teacher's
pages); this module sets Solara up before it is imported, adds the routes that are no
widget page (the printable slips, the pages' count) and runs uvicorn.

- **Offline.** The page's browser code is served from the package's copy
  (:mod:`cardlab.app.assets`), never a CDN; Solara's telemetry and its version check are off.
- **In the page's language.** Solara's own words on the page (the connection lost, a
  session being restored, loading) are replaced by cardlab's, in the page's language
  (:func:`page_in_language`, the words from :data:`cardlab.words.classroom.PAGE_FRAME`).
- **A restart loses nothing.** The rooms live in the store; a page whose kernel is gone
  (the server restarted) loads itself again once the server is back, and its new kernel
  rebuilds the table from the store (``SOLARA_THEME_FORCE_REFRESH``).
- **Pages that go.** A closed or reloaded tab ends its virtual kernel at once (the
  page's close beacon); a page whose browser went silent ends ``cull_after`` seconds
  after its websocket closed (``SOLARA_KERNEL_CULL_TIMEOUT``). Either way its seat is
  given up and its timers stop (:mod:`cardlab.app.web`).
- **One process, shared work.** The pages' timers run on one thread, their pushed and
  timed work on a small pool, long work on another (:mod:`cardlab.sessions.clock`); the
  rooms' changes reach every page of a room through one subscription per room, and
  another process's changes through one feed per process (:mod:`cardlab.rooms.notify`).
  Both are started here, before any page, so no page's context is bound to them.

>>> SOLARA_SETTINGS(5)["SOLARA_KERNEL_CULL_TIMEOUT"], SOLARA_SETTINGS(5)["SOLARA_TELEMETRY_MIXPANEL_ENABLE"]
('5s', 'False')
"""

from __future__ import annotations

import asyncio
import html as html_text
import json
import logging
import os
import re
import sys
import urllib.parse
import warnings
from dataclasses import dataclass
from typing import Any

from cardlab.app import DB_VARIABLE, assets

__all__ = ["Config", "CONFIG", "SOLARA_SETTINGS", "SOLARA_WORDS", "solara_version", "make_app", "serve", "open_pages",
           "refuse_foreign_messages", "warm", "page_in_language"]

logger = logging.getLogger("cardlab.app")


@dataclass
class Config:
    """What the pages need to know of the server: the store's file, the address students
    use (links start with it), and how long a silent page lives."""

    db: str = "classroom.db"
    base_url: str = "http://localhost:8866/"
    cull_after: int = 30


#: The running server's settings (set by :func:`make_app`, read by :mod:`cardlab.app.web`).
CONFIG = Config()
#: The running server's event loop (``"loop"``, noted by the first page asked for): the pages'
#: memory trim hands it work (:func:`cardlab.app.web.give_back_memory_soon`).
SERVER: dict[str, Any] = {}


def solara_version() -> str:
    """The Solara release the pages' browser code matches (``pyproject``'s pin)."""
    return assets.SOLARA


def SOLARA_SETTINGS(cull_after: int, base_url: str = "") -> dict[str, str]:  # noqa: N802 - a table of settings
    """Solara's settings for the classroom (environment variables, read when Solara is imported).
    A public address under a path (``--public-url https://school.example/cardlab/``, a proxy
    that passes ``/cardlab/…`` on as ``/…``) is the pages' root path: their browser code and
    websocket are asked for under it.

    >>> SOLARA_SETTINGS(5, "https://school.example/cardlab/")["SOLARA_ROOT_PATH"]
    '/cardlab'
    >>> "SOLARA_ROOT_PATH" in SOLARA_SETTINGS(5, "http://pc:8866/")
    False
    """
    settings = {
        "SOLARA_APP": "cardlab.app.web",
        "SOLARA_MODE": "production",  # no dev reloader, no online version check
        "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "False",
        "SOLARA_KERNEL_CULL_TIMEOUT": f"{int(cull_after)}s",
        "SOLARA_THEME_LOADER": "plain",
        "SOLARA_THEME_VARIANT": "light",
        # a page whose kernel is gone (the server restarted, or the page slept past the
        # culling) loads itself again: a new kernel rebuilds it from the store
        "SOLARA_THEME_FORCE_REFRESH": "True",
        "SOLARA_ASSETS_FONTAWESOME_ENABLED": "True",
        "SOLARA_CHECK_HOOKS": "off",
    }
    if not assets.missing():
        settings["SOLARA_ASSETS_PROXY_CACHE_DIR"] = str(assets.folder())
    root = urllib.parse.urlsplit(base_url).path.rstrip("/")
    if root:
        settings["SOLARA_ROOT_PATH"] = root
    return settings


#: Solara's own English words on its page (its template, for the pinned release), each as a
#: pattern and the key of what the page says instead (:data:`cardlab.words.classroom.PAGE_FRAME`).
#: A test checks that each is still in Solara's template.
SOLARA_WORDS: tuple[tuple[str, str], ...] = (
    (r"Server\s+disconnected\.", "disconnected"),  # the overlay while the connection is lost
    (r"Could not restore session\. Please refresh the page\.", "not_restored"),
    (r"App is disconnected, and may not function properly\. Please refresh the page\.", "app_disconnected"),
    (r"Restoring session…", "restoring"),
    (r"Could not restore session\. Please refresh\.", "not_restored"),  # Vue 2's dialog
    (r"Could not restore session\. Will refresh in \{\{autoRefreshCount\}\} seconds\.", "not_restored"),
    (r"(?<=>)\s*Please refresh the page\s*(?=<)", "reload_title"),
    (r"(?<=>)\s*Refresh now\s*(?=<)", "reload_now"),
    (r"(?<=>)\s*Cancel\s*(?=</v-btn>)", "cancel"),
)
#: The loader's heading, which Solara's script sets ('Loading resources', 'Loading app'):
#: drawn by the page's own style in its language instead.
_LOADER = ("<style>#loader-container h1{{font-size:0}}"
           "#loader-container h1::after{{content:{text};font-size:2rem}}</style>")


def page_in_language(page: str, lang: str) -> str:
    """Solara's page with its own words (:data:`SOLARA_WORDS`) said by cardlab in ``lang``.

    >>> print(page_in_language("<span>Server\\n   disconnected.</span></head>", "sv"))  # doctest: +ELLIPSIS
    <span>Anslutningen till klassrumsservern bröts. Försöker igen…</span><style>...Laddar sidan…...</style></head>
    """
    from cardlab.words import language
    from cardlab.words.classroom import page_frame

    with language(lang or None):
        said = page_frame()
    for pattern, key in SOLARA_WORDS:
        page = re.sub(pattern, lambda _match, key=key: html_text.escape(said[key], quote=False), page)
    loader = _LOADER.format(text=json.dumps(said["loading"], ensure_ascii=False).replace("<", "\\3c "))
    return page.replace("</head>", loader + "</head>", 1)


def open_pages() -> dict[str, Any]:
    """How many pages are open now, by kind, and Solara's virtual kernels (for the tests and the log)."""
    from solara.server import kernel_context

    from cardlab.app import web

    return {"pages": web.open_pages(), "kernels": len(kernel_context.contexts)}


def refuse_foreign_messages() -> None:
    """A widget message from a page that names a model of another page (or of none) is
    refused with a line in the server's log, and reaches nothing: Solara would drop it
    without a word (its comm manager finds no such comm, and Solara hides that line)."""
    import solara.server.server as solara_server

    process = solara_server.process_kernel_messages
    if getattr(process, "refuses_foreign", False):
        return

    def refusing(kernel: Any, msg: dict) -> bool:
        header, content = msg.get("header") or {}, msg.get("content") or {}
        if header.get("msg_type") in ("comm_msg", "comm_close") and content.get("comm_id") not in kernel.comm_manager.comms:
            logger.warning("Refused a page's widget message: it names widget %r, which is not on that page",
                           str(content.get("comm_id"))[:64])
            return True  # the page goes on; nothing else is touched
        return process(kernel, msg)

    refusing.refuses_foreign = True  # type: ignore[attr-defined]
    solara_server.process_kernel_messages = refusing


def warm() -> None:
    """Before the first student comes, import what the pages draw with and play every game's
    opening in every language (no widget: a widget belongs to a page): the first page opens
    as fast as the others, and the server's memory at the start already holds what every
    page shares (the code, the catalogs, the hands' tables, the threads that run the pages'
    work)."""
    import encodings.unicode_escape  # noqa: F401 - imported amid the first page otherwise
    import mimetypes
    import threading

    import anyio._core._fileio  # noqa: F401 - Starlette's static files

    import cardlab.widgets.classroom  # noqa: F401 - imported for its cost, now
    import cardlab.widgets.landing  # noqa: F401
    from cardlab.cards import seeded_permutation
    from cardlab.games import GAMES
    from cardlab.sessions import TableSession
    from cardlab.sessions.clock import PAGE_THREADS, PAGE_WORK, ticker
    from cardlab.widgets import TABLES
    from cardlab.words import LANGUAGES, card_text, language
    from cardlab.words.table import notice_text

    # What outlives the pages is made now, not amid them: an object made amid a class and
    # kept keeps the memory around it from going back once the class has left (issue 37).
    mimetypes.init()
    every = threading.Barrier(PAGE_THREADS)  # every page-work thread started, each with its shuffler
    for started in [PAGE_WORK.submit(lambda: (seeded_permutation(52, 0), every.wait(timeout=30)))
                    for _ in range(PAGE_THREADS)]:
        started.result(timeout=30)
    loop = ticker().loop  # and the thread the memory trim runs in (cardlab.app.web)
    asyncio.run_coroutine_threadsafe(_in_executor(loop), loop).result(timeout=30)
    tuple(TABLES.values())  # each table's class: its module imported
    for name in TABLES:
        view = TableSession(GAMES[name].game(), seed=0, opponent="rule").view()
        for lang in LANGUAGES:
            with language(lang):
                notice_text("room_joined", {"seat": view.seat}, players=len(view.seats))
                for card in view.observation.hand[:1]:
                    card_text(card)  # the cards' letters in this language


async def _in_executor(loop: asyncio.AbstractEventLoop) -> None:
    await loop.run_in_executor(None, lambda: None)


def make_app(*, db: str, base_url: str, cull_after: int) -> Any:
    """The Starlette app of the classroom (Solara's, with the classroom's own routes first)."""
    missing = assets.missing()
    if missing:
        print(f"The classroom's browser code is not installed ({', '.join(missing[:3])} …): pages will fetch it "
              f"from the internet. Install it once with: {sys.executable} -m cardlab.app.assets", file=sys.stderr)
    for name, value in SOLARA_SETTINGS(cull_after, base_url).items():
        os.environ[name] = value
    os.environ[DB_VARIABLE] = db
    CONFIG.db, CONFIG.base_url, CONFIG.cull_after = db, base_url, int(cull_after)

    import solara
    import solara.server.starlette as solara_starlette
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse
    from starlette.routing import Route

    from cardlab.app import PATHS, classroom_store, slips_page
    from cardlab.sessions.clock import ticker

    if solara.__version__ != assets.SOLARA:
        print(f"Solara {solara.__version__} is installed, the classroom's browser code is {assets.SOLARA}'s: "
              f"{sys.executable} -m pip install 'solara=={assets.SOLARA}'", file=sys.stderr)

    def slips(request: Request) -> HTMLResponse:
        store = classroom_store(CONFIG.db)
        try:
            status, page = slips_page(request.url.query, store, base_url=CONFIG.base_url)
        finally:
            store.close()
        return HTMLResponse(page, status_code=status, headers={"Cache-Control": "no-store"})

    def pages(request: Request) -> JSONResponse:
        return JSONResponse(open_pages(), headers={"Cache-Control": "no-store"})

    async def page(request: Request) -> Any:
        """Solara's page, saying its language (``<html lang>``) and letting a student zoom."""
        SERVER.setdefault("loop", asyncio.get_running_loop())
        response = await solara_starlette.root(request, fullpath=request.url.path.lstrip("/"))
        if getattr(response, "media_type", None) != "text/html" or response.status_code != 200:
            return response
        from cardlab.rooms import query_language
        from cardlab.words import default_language

        lang = query_language(request.url.query) or default_language()
        html = response.body.decode("utf-8").replace("<html>", f'<html lang="{lang}">', 1)
        html = html.replace(", maximum-scale=1, user-scalable=no", "", 1)  # WCAG 1.4.4: the page may be zoomed
        html = page_in_language(html, lang)  # Solara's own words too (the connection lost, loading)
        headers = {k: v for k, v in response.headers.items() if k.lower() not in ("content-length", "content-type")}
        return HTMLResponse(html, status_code=200, headers=headers)

    # Solara warns at a page's first request that a cookie asked samesite=none over http and
    # falls back to lax itself: the classroom is served over plain http on the school's network
    warnings.filterwarnings("ignore", message="Cookies with samesite=none require https", category=UserWarning)
    refuse_foreign_messages()
    app = solara_starlette.app
    if not getattr(app.state, "cardlab", False):
        app.state.cardlab = True
        app.router.routes[0:0] = [Route(f"/{PATHS['slips']}", slips), Route("/_cardlab/pages", pages),
                                  *(Route(f"/{PATHS[kind]}", page) for kind in ("landing", "join", "teacher", "drill"))]
    # shared by every page, started outside any page (a thread started inside a page's
    # context would keep that page's context for its whole life)
    ticker()
    warm()
    store = classroom_store(db)
    app.state.cardlab_watch = store.watch(None, lambda room: None)  # the feed of other processes' changes runs
    return app


def serve(*, db: str, ip: str, port: int, base_url: str, cull_after: int) -> int:
    """Serve the classroom until stopped (Ctrl-C or SIGTERM: the pages end, the rooms stay in the store)."""
    import uvicorn

    app = make_app(db=db, base_url=base_url, cull_after=cull_after)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = uvicorn.Config(app, host=ip, port=port, log_level="warning", timeout_graceful_shutdown=3,
                            ws_ping_interval=10, ws_ping_timeout=10)
    server = uvicorn.Server(config)
    try:
        server.run()
    except OSError as error:  # the port is taken: say so plainly
        print(f"The classroom server could not listen on {ip}:{port}: {error}", file=sys.stderr)
        return 1
    return 0
