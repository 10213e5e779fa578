"""The classroom server: Voilà serving only the classroom's three pages, and ending kernels nobody uses.

Voilà, run on a folder, lists it at ``/`` and renders any notebook in it, and every page
visit starts a kernel (about 100 MB) that is never shut down. :class:`ClassroomVoila`
changes these things, and nothing else:

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
- **A page loads only the widgets' lab extensions** (:data:`PAGE_EXTENSIONS`), not every
  one installed beside Voilà.
- **Students' pages are ready in advance.** Voilà's preheated kernels: a few kernels per
  student page (:data:`cardlab.app.POOL`; the join and landing pages, not the teacher's)
  are started beforehand and run their page up to reading the link
  (:func:`cardlab.app.query_string`), so opening a link skips the kernel's start and the
  imports. A kernel taken from the pool is replaced a second later; a pool kernel is
  never culled (it has no page yet), so the server runs ``2 * pool`` kernels more than
  its open pages.

>>> ClassroomKernelManager.class_traits()["cull_idle_timeout"].default_value > 0
True
>>> sorted(_page_names())
['join.ipynb', 'landing.ipynb', 'teacher.ipynb']
>>> pools(2)
{'default': {'pool_size': 0}, 'join.ipynb': {'pool_size': 2}, 'landing.ipynb': {'pool_size': 2}}
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

from cardlab.app import CULL_AFTER, CULL_INTERVAL, LANDING_PAGE, POOL, PREHEATED_PAGES, PAGES

__all__ = ["ClassroomKernelManager", "ClassroomPageHandler", "ClassroomVoila", "pools", "serve"]


#: The lab extensions a page loads: the widgets' (Voilà's page would load every installed one,
#: jupytext's and pygments' too, some 200 kB more script for each student's browser).
PAGE_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8")


def _page_names() -> list[str]:
    return [path.name for path in PAGES.glob("*.ipynb")]


def pools(size: int) -> dict[str, dict[str, int]]:
    """Voilà's ``kernel_pools_config``: ``size`` preheated kernels for each student page, none
    for the teacher's (opened once, and it must not wait in a pool)."""
    return {"default": {"pool_size": 0}, **{page: {"pool_size": size} for page in PREHEATED_PAGES}}


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager, culling every kernel that no page has been connected to for
    ``cull_idle_timeout`` seconds (since its last websocket closed, or since it finished
    drawing its page: a kernel still running the page's notebook is not culled, nor one
    waiting in the pool, whose time there does not count once a visitor takes it).

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
        now = time.monotonic()
        for kernel_id in self._pooled():  # waiting for a visitor: not alone (its clock restarts until one comes)
            self._alone_since[kernel_id] = now
        await super().cull_kernels()

    def _pooled(self) -> set[str]:
        """The kernels waiting in Voilà's pool of preheated kernels (none without a pool)."""
        pooled = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    pooled.add(task.result()["kernel_id"])
        return pooled

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
    pool = Integer(POOL, config=True, help="Preheated kernels kept ready for each student page (0: none).")

    def initialize(self, argv: Any = None) -> None:
        super().initialize([str(PAGES), *(argv or [])])
        self.voila_configuration.multi_kernel_manager_class = ClassroomKernelManager
        configuration = self.voila_configuration
        if not configuration.extension_allowlist and not configuration.extension_denylist:
            configuration.extension_allowlist = list(PAGE_EXTENSIONS)  # no other lab extension's code
        if self.pool > 0:
            configuration.preheat_kernel = True
            self.config.ClassroomKernelManager.kernel_pools_config = pools(self.pool)

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
