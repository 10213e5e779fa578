"""A PostgreSQL server owned by the tests (or a benchmark): started on a free port, stopped at the end.

Debian's ``postgresql`` package (``tools/test.sh`` installs it as root) gives ``initdb``
and ``pg_ctl`` in ``/usr/lib/postgresql/<version>/bin``. ``initdb`` refuses to run as
root, so as root both run as the ``postgres`` user (``runuser``), in a folder of their
own under the system's temporary folder; as anyone else, as that user. The server
listens on 127.0.0.1 and a socket folder of its own, trusts local connections (a
throwaway server, never a school's), and runs without fsync: about half a second to
start. Each test gets a database of its own (``CREATE DATABASE``, some 50 ms).
"""

from __future__ import annotations

import atexit
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

__all__ = ["PostgresServer", "postgres_bin", "unavailable_reason"]

USER = "cardlab"


def postgres_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (Debian's newest version first), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]), reverse=True)
    if found:
        return Path(found[0]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def unavailable_reason() -> str | None:
    """Why no test server can start here (None: one can)."""
    if postgres_bin() is None:
        return ("PostgreSQL is not installed (apt-get install postgresql; tools/test.sh installs it when run as root): "
                "the PostgreSQL store's tests are skipped")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "initdb refuses to run as root and runuser is missing: the PostgreSQL store's tests are skipped"
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError as missing:
        return f"psycopg is not installed ({missing}; pip install -e '.[dev]'): the PostgreSQL store's tests are skipped"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """One throwaway server: :meth:`start`, :meth:`new_database`, :meth:`restart`, :meth:`stop`."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.folder = Path(tempfile.mkdtemp(prefix="cardlab-pg-"))
        self.data = self.folder / "data"
        self.sockets = self.folder / "sockets"
        self.port = 0
        self.running = False

    def _run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        return subprocess.run(prefix + [str(self.bin / command[0]), *command[1:]], capture_output=True, text=True,
                              check=check, timeout=60)

    def start(self) -> PostgresServer:
        self.sockets.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            shutil.chown(self.sockets, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", USER, "--no-sync", "-E", "UTF8")
        for attempt in range(5):  # a free port may be taken between the look and the start
            self.port = _free_port()
            result = self._pg_ctl_start(check=attempt == 4)
            if result.returncode == 0:
                break
        self.running = True
        atexit.register(self.stop)  # also when the process ends without the fixture's finalizer
        return self

    def _pg_ctl_start(self, *, check: bool = True) -> subprocess.CompletedProcess:
        options = f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        return self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "30", "-l", str(self.folder / "server.log"),
                         "start", "-o", options, check=check)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop_server(self) -> None:
        """Stop the server (``pg_ctl stop -m fast``: connections are ended), keeping its data."""
        self._run("pg_ctl", "-D", str(self.data), "-w", "stop", "-m", "fast", check=False)

    def start_server(self) -> None:
        """Start the stopped server again on the same port."""
        self._pg_ctl_start()

    def restart(self) -> None:
        """Stop the server, ending every connection, and start it again (a database restarted mid-lesson)."""
        self.stop_server()
        self.start_server()

    def stop(self) -> None:
        """Stop the server and remove its folder (twice is harmless)."""
        if self.running:
            self.running = False
            self.stop_server()
        shutil.rmtree(self.folder, ignore_errors=True)
