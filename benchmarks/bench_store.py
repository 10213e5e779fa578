"""The classroom's store under a class: actions committed per second, SQLite against PostgreSQL (issue 38).

``--students`` students (30) at tables of two play random games with think times
(``--think`` seconds at most) through ``--servers`` classroom processes (2) that share one
store, each serving its pages from threads, as one-process servers do; the two students
of a table are served by different processes and wake on the store's news of their room
(LISTEN/NOTIFY in PostgreSQL, ``PRAGMA data_version`` polled in SQLite). The same class
plays on a SQLite file and on each ``--store`` in the same run. For each: the actions
committed per second, the clicks refused as stale (lost races, double clicks), the time
from a student's move written through one classroom process to the other student's page,
on the other process, being told of it by the store (``store.watch``: its ``NOTIFY`` in
PostgreSQL, its ``data_version`` feed in SQLite; median, p95, max), and the errors: clicks
told they counted but not stored (lost) and actions stored twice or by no click (doubled),
both to be 0 (tests/classroom_hammer.py checks them, replaying every room).

    python benchmarks/bench_store.py                          # SQLite, and a throwaway local PostgreSQL
    python benchmarks/bench_store.py --store postgresql://cardlab:…@db/cardlab --servers 2 --seconds 20

Without ``--store``, a PostgreSQL server of its own is started as the tests start theirs
(Debian's ``postgresql`` package; skipped, saying so, where there is none). The time from a
click in a real browser to the other server's page is printed by
tests/browser/test_two_servers_in_browser.py.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import pgserver  # noqa: E402
from tests.classroom_hammer import check_rooms, hammer  # noqa: E402


def measure(url: str, label: str, args: argparse.Namespace) -> dict:
    run = hammer(url, rooms=args.students // 2, students=args.students, servers=args.servers, seconds=args.seconds,
                 think=args.think, kill_student=False)
    check = check_rooms(run)
    for problem in check.problems:
        print(f"  {label}: {problem}")
    push = sorted(delay for tally in run.tallies for delay in tally["push"])
    return {"store": label, "actions": check.actions, "per_second": check.actions / run.seconds,
            "stale": run.total("stale"), "lost": check.lost, "doubled": check.doubled, "seconds": run.seconds,
            "push": push}


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` (nearest rank), NaN for none."""
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", action="append", default=[], help="a postgresql:// URL (repeatable); "
                        "without one, a throwaway local PostgreSQL server")
    parser.add_argument("--servers", type=int, default=2, help="classroom processes sharing the store")
    parser.add_argument("--students", type=int, default=30, help="students, at tables of two")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds each store is played on")
    parser.add_argument("--think", type=float, default=0.05, help="a student's longest think before a click")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: the throwaway server is stopped too
    if args.students % 2:
        parser.error("--students is even: they sit at tables of two")
    print(f"{args.students} students at {args.students // 2} tables of two, through {args.servers} classroom "
          f"processes, {args.seconds:g} s per store, think time up to {args.think:g} s")
    stores = [(str(Path(tempfile.mkdtemp()) / "bench.db"), "SQLite (one file)")]
    server = None
    if args.store:
        stores += [(url, "PostgreSQL") for url in args.store]
    elif (reason := pgserver.unavailable_reason()) is None:
        server = pgserver.PostgresServer().start()
        stores.append((server.new_database(), "PostgreSQL (local, fsync off)"))
    else:
        print(f"no PostgreSQL: {reason}")
    try:
        rows = [measure(url, label, args) for url, label in stores]
    finally:
        if server is not None:
            server.stop()
    print(f"{'store':32} {'actions':>8} {'per s':>7} {'stale':>6} {'lost':>5} {'doubled':>8} "
          f"{'to other server: moves':>23} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}")
    for row in rows:
        push = row["push"]
        print(f"{row['store']:32} {row['actions']:8d} {row['per_second']:7.1f} {row['stale']:6d} {row['lost']:5d} "
              f"{row['doubled']:8d} {len(push):23d} {quantile(push, 0.5) * 1000:7.0f} {quantile(push, 0.95) * 1000:7.0f} "
              f"{(push[-1] if push else float('nan')) * 1000:7.0f}")
    print("to other server: from a student's move written through one classroom process to the other student's "
          "page, on the other process, told of it by the store (target: p95 under 500 ms)")
    return 0 if all(row["lost"] == row["doubled"] == 0 for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
