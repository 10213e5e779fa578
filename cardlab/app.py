"""The classroom app: one command starts the server; two pages, the teacher's and the join page.

``cardlab-classroom`` (or ``python -m cardlab.app``) opens (or creates) the classroom
store, then serves ``notebooks/`` with Voilà: a plain web page per notebook, no code
shown, and no code a browser can run. It prints the teacher's link, which carries the
teacher's key; the teacher creates rooms there and hands out each seat's join link.

Every page visit is a new kernel; the kernel finds the store through the environment
(``CARDLAB_CLASSROOM_DB``) and reads the page's query string (``QUERY_STRING``, which
Voilà sets) to know who is asking.
"""

from __future__ import annotations

import argparse
import html
import os
import shutil
import socket
import sys
from pathlib import Path
from typing import Any

__all__ = ["DB_VARIABLE", "classroom_store", "query_string", "under_voila", "teacher_page", "join_page", "main"]

#: The environment variable that names the classroom store's file.
DB_VARIABLE = "CARDLAB_CLASSROOM_DB"
DEFAULT_DB = "classroom.db"


def classroom_store(path: str | None = None) -> Any:
    """The classroom's store: ``path``, else ``$CARDLAB_CLASSROOM_DB``, else ./classroom.db."""
    from cardlab.rooms import SQLiteStore

    return SQLiteStore(path or os.environ.get(DB_VARIABLE) or DEFAULT_DB)


def under_voila() -> bool:
    """Whether this kernel serves a Voilà page (which sets the request's variables)."""
    return "SERVER_PORT" in os.environ or os.environ.get("VOILA_PREHEAT") is not None


def query_string() -> str:
    """The page's query string (``?room=…&seat=…``), once Voilà has handed it over."""
    try:
        from voila.utils import wait_for_request
    except ImportError:
        pass
    else:
        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def _refusal(message: str) -> Any:
    import ipywidgets as W

    return W.HTML(f'<div style="font-size:18px;padding:24px;max-width:640px">{html.escape(message)}</div>')


def teacher_page(store: Any = None, *, base_url: str | None = None) -> Any:
    """The teacher's dashboard, or a refusal without any room in it when the key is wrong.

    In the teacher's own JupyterLab (not served by Voilà) no key is asked: whoever runs
    code there could read the store anyway.
    """
    import urllib.parse

    from cardlab.widgets.classroom import TeacherDashboard

    store = store or classroom_store()
    if under_voila():
        key = urllib.parse.parse_qs(query_string()).get("key", [""])[0]
        if not store.check_teacher_key(key):
            return _refusal("This page is for the teacher: open it with the teacher's link that the "
                            "classroom server printed when it started.")
    if base_url is None:
        host, port = os.environ.get("SERVER_NAME", "localhost"), os.environ.get("SERVER_PORT", "8866")
        base_url = f"http://{host}:{port}/voila/render/"
    dashboard = TeacherDashboard(store, base_url=base_url)
    dashboard.start()
    return dashboard


def join_page(store: Any = None) -> Any:
    """A student's table for the seat the join link names, or a plain refusal (no card)."""
    from cardlab.rooms import AccessRefused, JoinRequest, SeatSession

    try:
        request = JoinRequest.parse(query_string())  # before the store: a bare page opens nothing
        session = SeatSession(store or classroom_store(), request)
    except AccessRefused as refused:
        return _refusal(str(refused))
    from cardlab.widgets.join import room_table

    table = room_table(session)
    table.start()
    return table


def main(argv: list[str] | None = None) -> int:
    """``cardlab-classroom [--db FILE] [--port N] [--host ADDRESS]``: serve the classroom."""
    parser = argparse.ArgumentParser(prog="cardlab-classroom", description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get(DB_VARIABLE, DEFAULT_DB), help="the classroom store (SQLite file)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--host", default=socket.gethostname(), help="the address students use (default: this machine's name)")
    parser.add_argument("--notebooks", default=str(Path(__file__).resolve().parent.parent / "notebooks"))
    parser.add_argument("--dry-run", action="store_true", help="print the links and the command, serve nothing")
    args = parser.parse_args(argv)

    db = str(Path(args.db).resolve())
    store = classroom_store(db)
    host = args.host
    print(f"Classroom store: {db}")
    print(f"Teacher's link (keep it to yourself): http://{host}:{args.port}/voila/render/teacher.ipynb?key={store.teacher_key()}")
    print("Create rooms there; each student seat gets its own join link.")
    store.close()
    voila = shutil.which("voila")
    command = [voila or "voila", args.notebooks, "--no-browser", f"--port={args.port}", "--Voila.ip=0.0.0.0",
               "--show_tracebacks=False"]
    if args.dry_run:
        print(" ".join(command))
        return 0
    if voila is None:
        print("Voilà is not installed: pip install -e '.[app]'", file=sys.stderr)
        return 2
    os.environ[DB_VARIABLE] = db
    os.execv(voila, command)
    return 0  # not reached


if __name__ == "__main__":
    raise SystemExit(main())
