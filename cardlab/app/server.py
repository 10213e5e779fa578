"""The classroom server: Voilà serving only the classroom's three pages, and ending kernels nobody uses.

Voilà, run on a folder, lists it at ``/`` and renders any notebook in it, and every page
visit starts a kernel (about 100 MB) that is never shut down. :class:`ClassroomVoila`
changes three things, and nothing else:

- **Only the classroom is served.** ``/`` is the landing page; ``/voila/render/`` renders
  only :data:`cardlab.app.PAGES` (the landing, join and teacher's pages shipped inside the
  package); there is no tree, no contents API and no other notebook.
- **A closed or reloaded page ends its kernel at once.** Voilà's page sends a shutdown
  beacon on unload with the ``_xsrf`` cookie's value, but Voilà never sets that cookie,
  so jupyter_server refuses the beacon (``403 '_xsrf' argument missing``, Voilà issue
  1458). The page handler here sets the cookie, so the beacon passes the ordinary check.
- **A kernel no page is connected to ends** after ``cull_idle_timeout`` seconds
  (:class:`ClassroomKernelManager`): a browser that crashed or lost the network, a page
  fetched and never opened. jupyter_server's own culler counts a kernel as busy
  whenever it sends a message, and the teacher's page redraws "3 s ago" every second
  while a join page draws the others' moves, to nobody once its tab is gone; so here a
  kernel's idle time runs from when its last websocket closed, whatever it sends.

>>> ClassroomKernelManager.class_traits()["cull_idle_timeout"].default_value > 0
True
>>> sorted(_page_names())
['join.ipynb', 'landing.ipynb', 'teacher.ipynb']
"""

from __future__ import annotations

import time
from typing import Any

import tornado.web
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from traitlets import Integer
from voila.app import Voila
from voila.static_file_handler import AllowListFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from cardlab.app import CULL_AFTER, CULL_INTERVAL, LANDING_PAGE, PAGES

__all__ = ["ClassroomKernelManager", "ClassroomPageHandler", "ClassroomVoila", "serve"]


def _page_names() -> list[str]:
    return [path.name for path in PAGES.glob("*.ipynb")]


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager, culling every kernel that no page has been connected to for
    ``cull_idle_timeout`` seconds (since its last websocket closed, or since it finished
    drawing its page: a kernel still running the page's notebook is not culled).

    A kernel with a page connected is left alone (``cull_connected`` stays False); one
    without counts as idle even while it talks, since nobody receives what it sends.
    """

    cull_idle_timeout = Integer(CULL_AFTER, config=True,
                                help="Seconds without a connected page after which a kernel is shut down.")
    cull_interval = Integer(CULL_INTERVAL, config=True, help="Seconds between two looks for kernels to shut down.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._alone_since: dict[str, float] = {}

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._alone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._alone_since[kernel_id] = time.monotonic()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await super().start_kernel(*args, **kwargs)
        self._alone_since.setdefault(kernel_id, time.monotonic())  # a page not yet connected
        return kernel_id

    async def cull_kernels(self) -> None:
        for kernel_id in set(self._alone_since) - set(self._kernels):  # shut down since the last look
            del self._alone_since[kernel_id]
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if self._kernel_connections.get(kernel_id, 0) > 0:
            return await super().cull_kernel_if_idle(kernel_id)  # connected: only jupyter_server's rules
        now = time.monotonic()
        state = getattr(self._kernels[kernel_id], "execution_state", None)
        if state == "dead":
            return await super().cull_kernel_if_idle(kernel_id)
        if state in ("starting", "busy") and not self.cull_busy:
            self._alone_since[kernel_id] = now  # still drawing its page: the clock starts when it is drawn
            return None
        alone = now - self._alone_since.setdefault(kernel_id, now)
        if alone > self.cull_idle_timeout:
            self.log.info("Shutting down kernel %s: no page connected for %d s", kernel_id, alone)
            await self.shutdown_kernel(kernel_id)


class ClassroomPageHandler(TornadoVoilaHandler):
    """Renders one of the classroom's pages, and refuses every other path with a 404."""

    async def get(self, path: str | None = None) -> None:
        if not self.notebook_path and path not in _page_names():
            raise tornado.web.HTTPError(404)
        _ = self.xsrf_token  # sets the _xsrf cookie that the page's shutdown beacon sends back
        await super().get(path)


class ClassroomVoila(Voila):
    """Voilà serving the classroom's pages folder, with :class:`ClassroomKernelManager`."""

    name = "cardlab-classroom"
    # The teacher's link is printed before the start: a taken port is an error, not another port.
    port_retries = Integer(0, config=True, help="Other ports to try when the port is taken (none).")

    def initialize(self, argv: Any = None) -> None:
        super().initialize([str(PAGES), *(argv or [])])
        self.voila_configuration.multi_kernel_manager_class = ClassroomKernelManager

    def init_handlers(self) -> list:
        handlers = []
        for pattern, handler, *options in super().init_handlers():
            if handler in (TornadoVoilaTreeHandler, VoilaContentsHandler, AllowListFileHandler):
                continue  # no listing of any folder, no contents API, no file of the pages' folder
            if handler is TornadoVoilaHandler:
                handler = ClassroomPageHandler
            handlers.append((pattern, handler, *options))
        page_options = {"template_paths": self.template_paths, "config": self.config,
                        "voila_configuration": self.voila_configuration}
        landing = (url_path_join(self.server_url, "/"), ClassroomPageHandler,
                   {**page_options, "notebook_path": LANDING_PAGE})
        return [landing, *handlers]


def serve(argv: list[str]) -> None:
    """Run the classroom server until it is stopped (``argv``: Voilà's options, no folder).

    Example: ``serve(["--port=8866", "--no-browser"])``; :func:`cardlab.app.main` builds them.
    """
    ClassroomVoila.launch_instance(argv)
