"""The classroom's pages as a Solara app: ``/``, ``/join`` and ``/teacher``, each page a virtual kernel.

Solara imports this module (``SOLARA_APP``, set by :mod:`cardlab.app.server`) and gives
each open page a virtual kernel of its own; a page's component builds its widget once,
from the page's own query string (``solara.use_router().search``), with:

- its own **clock** (:class:`cardlab.sessions.clock.ThreadClock`): the page's pushed,
  timed and long work runs in worker threads inside the page's context, holding the
  page's lock (as Solara holds it while it handles the page's messages), and never
  once the page is closed;
- its own **store connection** (SQLite connections are not shared between pages);
- a **close**: when Solara closes the page's kernel (the tab closed or reloaded, or silent
  for ``--cull-after`` seconds), the seat is given up at once and the page's timers stop.

A page that fails while it is built shows a plain message (in its language) and touches
no other page; the details go to the server's log.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as W
import solara
from solara.server import kernel_context

from cardlab.app import PATHS, classroom_store, drill_page, join_page, landing_page, refusal_page, teacher_page
from cardlab.app.server import CONFIG
from cardlab.rooms import query_language
from cardlab.sessions.clock import ThreadClock, using
from cardlab.words import current_language, language, translate
from cardlab.words.table import notice_text

__all__ = ["routes", "Layout", "Landing", "Join", "Teacher", "Drill", "open_pages", "give_back_memory_soon"]

logger = logging.getLogger("cardlab.app")

#: The open pages: their kernel's id -> the page's kind (counted for the tests and the log).
_OPEN: dict[str, str] = {}
#: Each open page's widget, by its kernel's id (a component drawn again gets the same one).
_BUILT: dict[str, Any] = {}
_LOCK = threading.Lock()


def open_pages() -> dict[str, int]:
    """How many pages of each kind are open now."""
    with _LOCK:
        kinds = list(_OPEN.values())
    return {kind: kinds.count(kind) for kind in ("landing", "join", "teacher", "drill")}


def _page_clock(context: Any) -> ThreadClock:
    @contextlib.contextmanager
    def enter() -> Iterator[None]:
        with context, context.lock:
            yield

    return ThreadClock(enter, alive=lambda: not context.closed_event.is_set())


def _failed_page(lang: str) -> Any:
    """What a page shows when it could not be built: a plain message in its language."""
    from cardlab.widgets.landing import LANDING_HEADING

    with language(lang or None):
        return refusal_page(notice_text("room_failed", {}, players=2), translate(LANDING_HEADING), current_language())


def _closer(widget: Any) -> Callable[[], None]:
    """What ends a page's work when its kernel closes: the seat given up, timers and watches stopped."""
    def close() -> None:
        table = getattr(widget, "table", widget)  # the landing page's table, once a code opened one
        session = getattr(table, "session", None)
        if session is not None and hasattr(session, "leave"):
            session.leave()
        elif hasattr(table, "stop"):
            table.stop()
        if hasattr(widget, "stop") and widget is not table:
            widget.stop()
    return close


def _build(kind: str, make: Callable[[], Any], query: str) -> Any:
    """The page's widget, built once per page inside its clock; its close registered."""
    context = kernel_context.get_current_context()
    with _LOCK:
        if context.id in _BUILT:
            return _BUILT[context.id]
    try:
        with using(_page_clock(context)):
            built = make()
    except Exception:  # noqa: BLE001 - this page says so plainly; no other page is touched
        logger.exception("the %s page could not be built", kind)
        built = _failed_page(query_language(query))
    close = _closer(built)

    def closed() -> None:
        with _LOCK:
            _OPEN.pop(context.id, None)
            _BUILT.pop(context.id, None)
        try:
            close()
        except Exception:  # noqa: BLE001 - a page that is gone: logged
            logger.exception("the %s page did not close cleanly", kind)
        give_back_memory_soon()

    context.on_close(closed)
    with _LOCK:
        _OPEN[context.id] = kind
        _BUILT[context.id] = built
    return built


_trim: Any = None  # the planned trim (an asyncio timer on the pages' timer loop)
#: Seconds a closed page's websocket thread waits, idle, before it may be ended: AnyIO's
#: ``WorkerThread.MAX_IDLE_TIME`` (10 s), and a little more.
_IDLE_WORKERS_END = 11.0


def _end_idle_workers() -> None:
    """End the server's idle AnyIO worker threads (one held each page's websocket): AnyIO
    ends threads idle for 10 s only when it is next given work, so hand it a no-op on the
    server's loop. Each ended thread frees its stack and its thread-local state (which
    would keep the memory around it from being given back)."""
    import asyncio

    from cardlab.app.server import SERVER

    loop = SERVER.get("loop")
    if loop is None or loop.is_closed():
        return

    async def nothing() -> None:
        import anyio.to_thread

        await anyio.to_thread.run_sync(lambda: None)

    try:
        asyncio.run_coroutine_threadsafe(nothing(), loop).result(timeout=10)
    except Exception:  # a server that is stopping: nothing to give back
        logger.debug("idle worker threads not ended", exc_info=True)


def give_back_memory_soon(after: float = _IDLE_WORKERS_END) -> None:
    """Once no page has closed for ``after`` seconds, hand the memory the closed pages freed
    back to the system: end the idle threads that held their websockets, drop what only
    they kept (the line cache a warning's lines, urllib the pages' addresses split), then
    collect and trim (glibc keeps freed memory in its arenas otherwise, so a class that has
    left would still weigh on the server). Python's small-object arenas go back only when nothing at all is left in them:
    every object that outlives the pages keeps one whole (so :func:`cardlab.app.server.warm`
    makes what outlives them before the first page)."""
    from cardlab.sessions.clock import ticker

    def trim() -> None:
        import ctypes
        import gc
        import linecache
        import urllib.parse

        _end_idle_workers()
        linecache.clearcache()
        urllib.parse.clear_cache()  # the closed pages' addresses, split
        gc.collect()
        try:
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        except (OSError, AttributeError):
            pass  # not glibc: the memory is reused by the next pages instead

    def plan() -> None:
        global _trim
        if _trim is not None:
            _trim.cancel()
        _trim = loop.call_later(after, lambda: loop.run_in_executor(None, trim))

    loop = ticker().loop
    loop.call_soon_threadsafe(plan)


def _shown(widget: Any) -> Any:
    """The ipywidget to display (a table or a dashboard hands over its box)."""
    return widget if isinstance(widget, W.Widget) else widget.widget


def _title(heading: str, query: str) -> str:
    with language(query_language(query) or None):
        return translate(heading)


@solara.component
def Layout(children: list = []) -> None:  # noqa: B006 - Solara's signature
    """Only the page: no app bar, no navigation, no footer."""
    solara.Column(children=children, gap="0", style={"padding": "0"})


@solara.component
def Landing() -> None:
    """``/``: the landing page (``?lang=pl`` from a slip)."""
    from cardlab.widgets.landing import LANDING_HEADING

    query = solara.use_router().search or ""
    widget = solara.use_memo(lambda: _build("landing", lambda: landing_page(
        lambda: classroom_store(CONFIG.db), query=query), query), [])
    solara.Title(_title(LANDING_HEADING, query))
    solara.display(_shown(widget))


@solara.component
def Join() -> None:
    """``/join?room=…&seat=…&token=…``: a student's table, or a plain refusal."""
    from cardlab.widgets.join import JOIN_HEADING

    query = solara.use_router().search or ""
    widget = solara.use_memo(lambda: _build("join", lambda: join_page(classroom_store(CONFIG.db), query=query),
                                            query), [])
    solara.Title(_title(JOIN_HEADING, query))
    solara.display(_shown(widget))


@solara.component
def Teacher() -> None:
    """``/teacher?key=…``: the teacher's page, or a refusal without any room in it."""
    from cardlab.widgets.classroom import TEACHER_HEADING

    query = solara.use_router().search or ""
    widget = solara.use_memo(lambda: _build("teacher", lambda: teacher_page(
        classroom_store(CONFIG.db), base_url=CONFIG.base_url, slips_url=f"{CONFIG.base_url}{PATHS['slips']}",
        query=query), query), [])
    solara.Title(_title(TEACHER_HEADING, query))
    solara.display(_shown(widget))


@solara.component
def Drill() -> None:
    """``/drill?room=…&seat=…&token=…``: the class's drills on a page of their own, or a plain refusal."""
    from cardlab.widgets.join import JOIN_HEADING

    query = solara.use_router().search or ""
    widget = solara.use_memo(lambda: _build("drill", lambda: drill_page(classroom_store(CONFIG.db), query=query),
                                            query), [])
    solara.Title(_title(JOIN_HEADING, query))
    solara.display(_shown(widget))


routes = [
    solara.Route(path="/", component=Landing, layout=Layout),  # the root route's layout frames every page
    solara.Route(path="join", component=Join),
    solara.Route(path="teacher", component=Teacher),
    solara.Route(path="drill", component=Drill),
]

