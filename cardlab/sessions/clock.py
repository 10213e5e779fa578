"""When a page's work runs: later (a computer's pace), soon (a room's change, pushed from any
thread), or off the page (long work: a search bot's choice, a coach's verdict), then back.

A session takes the page's :class:`Clock` when it is made (:func:`current_clock`) and
hands it every piece of work that is not a click's own:

- in a Jupyter kernel (JupyterLab, Voilà) it is the kernel's event loop (:class:`LoopClock`):
  the work runs on the kernel's own thread, as widgets there need;
- in a server of many pages in one process (the classroom's), the server makes a
  :class:`ThreadClock` per page and sets it while the page is built (:func:`using`): the work
  runs in a worker thread, inside the page's own context and lock (so it never runs at the
  same time as that page's clicks), and never on the thread that serves the other pages;
- in plain Python (a script, a doctest) there is none: the work is done at once.

Inside an event loop (as a kernel's) the clock is that loop's (run here on a thread of its own,
so that a loop already running on the caller's thread does not matter):

>>> import asyncio, concurrent.futures
>>> async def page():
...     got = asyncio.get_running_loop().create_future()
...     current_clock().off(lambda: 6 * 7, got.set_result)
...     return await got
>>> concurrent.futures.ThreadPoolExecutor(1).submit(asyncio.run, page()).result()
42
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

__all__ = ["Clock", "Handle", "LoopClock", "ThreadClock", "current_clock", "using", "running_loop", "LONG_WORK"]

logger = logging.getLogger("cardlab.sessions")
T = TypeVar("T")

#: Threads for long work (a search bot's choice, a coach's verdict), shared by every page of a process.
LONG_WORK = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="cardlab-long-work")


class Handle:
    """Work planned for later; :meth:`cancel` drops it (if it has not run yet)."""

    def __init__(self, fn: Callable[[], Any]):
        self._fn: Callable[[], Any] | None = fn

    def cancel(self) -> None:
        self._fn = None

    @property
    def cancelled(self) -> bool:
        return self._fn is None

    def run(self) -> None:
        fn, self._fn = self._fn, None
        if fn is not None:
            fn()


class Clock(Protocol):
    """Where a page's own work runs (see the module)."""

    def later(self, seconds: float, fn: Callable[[], Any]) -> Handle:
        """Run ``fn`` on the page in ``seconds``, unless the handle is cancelled first."""
        ...

    def soon(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the page as soon as it is free; may be called from any thread."""
        ...

    def off(self, work: Callable[[], T], then: Callable[[T], Any],
            failed: Callable[[BaseException], Any] | None = None) -> None:
        """Run ``work`` away from the page (it must not touch widgets), then ``then(result)``
        on the page (or ``failed(error)`` if ``work`` raised)."""
        ...


def _logged(fn: Callable[[], Any]) -> None:
    try:
        fn()
    except Exception:  # noqa: BLE001 - the page's session says what went wrong; here it is logged
        logger.exception("a page's timed work failed")


class LoopClock:
    """A Jupyter kernel's event loop: the work runs on the kernel's thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop

    def later(self, seconds: float, fn: Callable[[], Any]) -> Handle:
        handle = Handle(fn)
        self.loop.call_soon_threadsafe(self.loop.call_later, max(0.0, seconds), handle.run)
        return handle

    def soon(self, fn: Callable[[], Any]) -> None:
        self.loop.call_soon_threadsafe(_logged, fn)

    def off(self, work: Callable[[], T], then: Callable[[T], Any],
            failed: Callable[[BaseException], Any] | None = None) -> None:
        _off(self, work, then, failed)


def _off(clock: Any, work: Callable[[], T], then: Callable[[T], Any],
         failed: Callable[[BaseException], Any] | None) -> None:
    context = contextvars.copy_context()  # the page's language and clock travel with the work

    def done(future: concurrent.futures.Future) -> None:
        error = future.exception()
        if error is None:
            clock.soon(lambda: then(future.result()))
        elif failed is not None:
            clock.soon(lambda: failed(error))
        else:
            logger.error("a page's long work failed", exc_info=error)

    LONG_WORK.submit(context.run, work).add_done_callback(done)


class _Ticker:
    """One event loop in one thread for the timers of every page of a process (nothing runs on
    it but the timers themselves: each hands its work to the page's pool)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        thread = threading.Thread(target=self.loop.run_forever, name="cardlab-page-timers", daemon=True)
        thread.start()


_ticker: _Ticker | None = None
_ticker_lock = threading.Lock()
#: Threads that run the pages' pushed and timed work (never the server's own thread).
PAGE_THREADS = 4
PAGE_WORK = concurrent.futures.ThreadPoolExecutor(max_workers=PAGE_THREADS, thread_name_prefix="cardlab-page-work")


def ticker() -> _Ticker:
    """The process's timer thread (started on first use; a server starts it before any page)."""
    global _ticker
    with _ticker_lock:
        if _ticker is None:
            _ticker = _Ticker()
        return _ticker


class ThreadClock:
    """A page of a server that serves many pages from one process: its work runs in a worker
    thread, inside ``enter()`` (the page's context, holding its lock), and only while
    ``alive()`` (a closed page's timers do nothing)."""

    def __init__(self, enter: Callable[[], contextlib.AbstractContextManager[Any]],
                 alive: Callable[[], bool] = lambda: True):
        self._enter = enter
        self.alive = alive

    def _run(self, fn: Callable[[], Any]) -> None:
        if not self.alive():
            return
        with self._enter():
            if self.alive():
                _logged(fn)

    def later(self, seconds: float, fn: Callable[[], Any]) -> Handle:
        handle = Handle(fn)

        def due() -> None:
            if not handle.cancelled:
                PAGE_WORK.submit(self._run, handle.run)

        loop = ticker().loop
        loop.call_soon_threadsafe(loop.call_later, max(0.0, seconds), due)
        return handle

    def soon(self, fn: Callable[[], Any]) -> None:
        PAGE_WORK.submit(self._run, fn)

    def off(self, work: Callable[[], T], then: Callable[[T], Any],
            failed: Callable[[BaseException], Any] | None = None) -> None:
        _off(self, work, then, failed)


_current: contextvars.ContextVar[Clock | None] = contextvars.ContextVar("cardlab_page_clock", default=None)


@contextlib.contextmanager
def using(clock: Clock | None) -> Iterator[None]:
    """Build a page with ``clock``: the sessions made inside take it (:func:`current_clock`)."""
    token = _current.set(clock)
    try:
        yield
    finally:
        _current.reset(token)


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop (a notebook's, Voilà's), even from a widget's click handler
    that runs outside it; None in plain Python."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        loop = getattr(kernel, "io_loop", None)
        return getattr(loop, "asyncio_loop", None)
    except Exception:  # noqa: BLE001 - no kernel: bots move at once
        return None


def current_clock() -> Clock | None:
    """The clock of the page being built: the one set by :func:`using`, else the kernel's
    event loop, else None (plain Python: work is done at once)."""
    clock = _current.get()
    if clock is not None:
        return clock
    loop = running_loop()
    return LoopClock(loop) if loop is not None else None
