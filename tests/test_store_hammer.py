"""The hammer of issue 38: a class plays through two classroom processes sharing one store.

16 student processes in 10 rooms (6 rooms of two students, each pair served by two
different classroom processes, and 4 rooms of one student and computers), for
``CARDLAB_HAMMER_SECONDS`` seconds (20 by default, 8 in CI, so the two stores' runs take
some 20 s of CI's time in all). A third of the way in, a student's process is killed
(SIGKILL) and opens its link again on the other classroom process; half way, the
PostgreSQL server is restarted (every connection of both classroom processes is cut).
Afterwards every room's actions are numbered 1..n and replay legally from the seed, every
click a page was told had counted is stored under its number, and nothing else is stored
but the computers' moves and the clicks whose pages were told "reconnecting"
(tests/classroom_hammer.py says how it is counted).
"""

from __future__ import annotations

import os

import pytest

from tests.classroom_hammer import check_rooms, hammer

#: Seconds each store is hammered for.
SECONDS = float(os.environ.get("CARDLAB_HAMMER_SECONDS") or (8 if os.environ.get("CI") else 20))


@pytest.mark.slow
def test_16_students_in_10_rooms_through_two_classroom_processes_lose_and_double_nothing(store_kind, store_url,
                                                                                         request):
    restart = request.getfixturevalue("postgres_server").restart if store_kind == "postgresql" else None
    run = hammer(store_url, rooms=10, students=16, servers=2, seconds=SECONDS, restart_database=restart)
    check = check_rooms(run)
    assert not check.problems, "\n".join(check.problems)
    assert check.lost == check.doubled == 0
    assert len(run.faults) == (2 if restart else 1), run.faults
    assert run.total("committed") > 10 * SECONDS, f"only {run.total('committed')} clicks counted in {SECONDS} s"
    assert run.total("bot_moves") > 0 and run.total("stale") > 0, "no race happened: the test did not hammer"
    if restart:
        print(f"{run.total('reconnecting')} looks or clicks met the store reconnecting; "
              f"{run.total('uncertain')} clicks of unknown fate found stored once")
