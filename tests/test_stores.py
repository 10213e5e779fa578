"""The classroom's two stores keep the same promises (issue 38): SQLite and PostgreSQL.

Each test runs against each store (the ``store`` fixture, tests/conftest.py) unless it is
about one of them: a store URL opens the right one; a store made by an older cardlab is
upgraded, one made by a newer cardlab refused in words that say what to do; a process
hears of the rooms other processes change (``watch``, fed by the store), its own at once; the threads of
one process share one store; a connection lost mid-transaction is rolled back and tried
once more, a click whose commit was lost on the way counts once, a database restarted
mid-lesson is reconnected, and a click while it is down is refused in words (in every
language) with the store as before; the lesson's data are the same from either store.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from cardlab.engine import IllegalActionError
from cardlab.rooms import (Reconnecting, Room, RoomError, RoomHub, SeatSession, SQLiteStore, StaleView, StoreError,
                           StoreUnavailable, StoreVersionError, open_store, store_url)
from cardlab.rooms import notify
from cardlab.rooms.lesson import lesson_table
from cardlab.rooms.rehearsal import rehearse_class
from cardlab.rooms.sql import SCHEMA_VERSION, SQLTransaction
from cardlab.words import language
from tests.test_rooms import assert_store_is_a_serial_replay, link


def wait_for(condition, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def play_some(room: Room, moves: int, seed: int = 0) -> None:
    """Play ``moves`` random legal actions through the store, for whoever is to act."""
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        room.refresh()
        seat = room.state.current_player
        room.act(seat, room.state.legal_actions(seat).sample(rng), seen=room.version)


# -- a URL opens its store ---------------------------------------------------------------
def test_a_path_a_sqlite_url_and_a_postgresql_url_open_their_stores(tmp_path, postgres_server, monkeypatch):
    from cardlab.rooms.postgres import PostgresStore

    assert isinstance(open_store(tmp_path / "a.db"), SQLiteStore)
    by_url = open_store(f"sqlite:///{tmp_path / 'b.db'}")
    assert isinstance(by_url, SQLiteStore) and by_url.url == str(tmp_path / "b.db")
    url = postgres_server.new_database()
    shared = open_store(url)
    assert isinstance(shared, PostgresStore) and shared.url == url and shared.schema_version() == SCHEMA_VERSION
    shared.close()
    with pytest.raises(StoreError, match="not 'redis://"):
        open_store("redis://school/0")
    monkeypatch.delenv("CARDLAB_DB", raising=False)
    monkeypatch.setenv("CARDLAB_CLASSROOM_DB", str(tmp_path / "old.db"))
    assert store_url() == str(tmp_path / "old.db")  # the older variable still works
    monkeypatch.setenv("CARDLAB_DB", url)
    assert store_url() == url and store_url("given.db") == "given.db"  # CARDLAB_DB first; --db before both


def test_an_unreachable_database_is_refused_with_the_reason(postgres_server):
    with pytest.raises(StoreUnavailable) as refused:
        open_store("postgresql://cardlab@127.0.0.1:1/nowhere", timeout=1.0)  # nothing listens on port 1
    assert "cannot reach the classroom store" in refused.value.reason


def test_the_classroom_command_takes_a_postgresql_url_and_hides_its_password(postgres_server, capsys):
    from cardlab.app import main

    url = postgres_server.new_database()
    assert main(["--db", url, "--host", "pc", "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert f"Classroom store: {url}\n" in printed and "/teacher?key=" in printed
    assert main(["--db", "postgresql://cardlab:s3cret@127.0.0.1:1/school", "--dry-run"]) == 2  # nothing listens there
    said = capsys.readouterr()
    assert "s3cret" not in said.out + said.err and "cannot be opened" in said.err


def test_the_store_objects_of_one_process_share_one_pool_of_connections(postgres_server):
    """A one-process server opens a store object for each page: thirty pages hold no more
    connections than one pool's, and the pool closes with the last of them."""
    import psycopg

    url = postgres_server.new_database()

    def connections() -> int:
        with psycopg.connect(url, autocommit=True) as probe:
            return probe.execute("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
                                 "AND pid <> pg_backend_pid()").fetchone()[0]

    pages = [open_store(url) for _ in range(30)]
    room = pages[0].create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, None])
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert set(pool.map(lambda page: page.room_status(room), pages)) == {"open"}
    assert len({id(page._pool) for page in pages}) == 1  # noqa: SLF001
    assert connections() <= 10  # the pool's size, not thirty
    for page in pages[1:]:
        page.close()
    assert pages[0].room_status(room) == "open"  # the others' closing leaves it its pool
    pages[0].close()
    pages[0].close()  # twice: harmless
    assert wait_for(lambda: connections() == 0), "the last page's closing did not close the pool"


# -- the schema's versions ------------------------------------------------------------------
def _make_version_1(store) -> str:
    """Turn a new store into one as a cardlab before versions were kept left it: no
    version, no switches table, and the English names it gave unnamed students and
    classes; returns a room played a few moves."""
    from cardlab.rooms import seat_class

    class_id = seat_class(store, 4, "kontrabluff", 2, seed=3)
    room = store.classes()[0].rooms[0]
    play_some(Room(store, room), 3)
    with store.transaction() as tx:
        tx.execute("DELETE FROM meta WHERE key IN ('schema', 'unnamed_defaults')")
        tx.execute("DROP TABLE switches")
        tx.execute("UPDATE codes SET student = 'Student ' || number")
        tx.execute("UPDATE classes SET name = '4 students' WHERE id = ?", (class_id,))
    return room


def test_a_store_made_by_an_older_cardlab_is_upgraded_as_it_opens(store, store_url):
    room = _make_version_1(store)
    before = Room(store, room).state.to_json()
    store.close()
    again = open_store(store_url)
    assert again.schema_version() == SCHEMA_VERSION
    (info,) = again.classes()
    assert info.name == "" and {slip.student for slip in again.slips(info.id)} == {""}  # names said by the pages now
    assert again.switches(room).hints is True  # the table made again, with the defaults
    assert Room(again, room).state.to_json() == before  # every move kept
    assert_store_is_a_serial_replay(again, room)
    again.close()
    assert open_store(store_url).schema_version() == SCHEMA_VERSION  # opening it again changes nothing


@pytest.mark.parametrize("version, words", [
    (99, r"made by a newer cardlab \(store version 99; this cardlab reads versions up to 3\)\. "
                          r"Install the newer cardlab on this server \(pip install -U cardlab\)"),
    (0, r"is at version 0, older than this cardlab can upgrade \(from version 1 on\)\. Open it once with the cardlab "
        r"release that made it"),
])
def test_a_store_of_a_version_this_cardlab_cannot_read_is_refused_saying_what_to_do(store, store_url, version, words):
    room = store.create_room("kontrabluff", {"target": 300}, seed=1, seats=[None, None])
    with store.transaction() as tx:
        tx.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(version),))
    store.close()
    with pytest.raises(StoreVersionError, match=words):
        open_store(store_url)
    with pytest.raises(StoreVersionError):
        open_store(store_url)  # still refused: the failed opening wrote nothing
    assert room


def test_a_store_of_version_2_gains_the_drills_and_the_change_list_as_it_opens(store, store_url):
    """Version 2 (the shared SQL before the drills came to it) had no drill set, no answers,
    and in SQLite no list of changed rooms: opening it makes them, and they work."""
    from cardlab.rooms import assign_drills, seat_class

    class_id = seat_class(store, 4, "kontrabluff", 2, seed=3)
    room = store.classes()[0].rooms[0]
    play_some(Room(store, room), 2)
    with store.transaction() as tx:
        for table in ("drill_answers", "drill_sets", *(name for name, _ in store.OWN_TABLES)):
            tx.execute(f"DROP TABLE {table}")
        tx.execute("UPDATE meta SET value = '2' WHERE key = 'schema'")
    store.close()
    # A server upgrades its store as it starts; this process still remembers the change
    # numbers of the table just dropped (SQLite numbers anew from 1): it starts afresh too.
    notify._hubs.clear()
    again = open_store(store_url)
    assert again.schema_version() == SCHEMA_VERSION == 3
    assert again.answers() == [] and again.drills(class_id) == ()
    kinds = assign_drills(again, class_id, game="kontrabluff")
    assert again.drills(class_id) == tuple(kinds)
    seat = next(slip.seat for slip in again.slips(class_id) if slip.room == room)
    again.add_answer(room, seat, kind=kinds[0], rule="HR-1", seed=1, correct=True, seconds=2.5)
    assert [(a.class_id, a.kind, a.correct) for a in again.answers(class_id)] == [(class_id, kinds[0], True)]
    other, heard = elsewhere(store_url), []
    unwatch = again.watch(room, heard.append)
    other.set_status(room, "paused")
    assert wait_for(lambda: heard == [room])  # the feed reads the change list the upgrade made
    unwatch()
    other.close()
    again.close()


# -- changes made elsewhere ---------------------------------------------------------------
class _Quiet:
    """A feed that hears nothing (a store standing for another process needs none)."""

    def changes(self, timeout):
        time.sleep(timeout)
        return []

    def close(self):
        pass


def elsewhere(url: str):
    """The store as another process opens it: the same database, a hub of its own, so what it
    commits reaches this process's pages only through the store's feed (as from another server)."""
    other = open_store(url)
    other._hub = RoomHub(_Quiet)
    return other


def test_a_page_hears_of_its_room_at_once_from_its_own_process_and_by_the_feed_from_others(store, store_url):
    other = elsewhere(store_url)
    room = store.create_room("kontrabluff", {"target": 300}, seed=2, seats=[None, None])
    quiet_room = store.create_room("kontrabluff", {"target": 300}, seed=3, seats=[None, None])
    heard: list[str | None] = []
    every: list[str | None] = []
    unwatch = store.watch(room, heard.append)
    unwatch_every = store.watch(None, every.append)
    play_some(Room(other, room), 1)  # another server's move: the feed brings it, naming the room
    assert wait_for(lambda: heard), "the other process's move was not heard"
    assert set(heard) == {room} and set(every) == {room}
    heard.clear()
    every.clear()
    play_some(Room(store, room), 2)  # this process's own moves: told in the writer's thread, at its commit
    assert heard == [room, room]
    store.set_status(quiet_room, "paused")  # another room: not this page's
    time.sleep(0.5)  # ... and the feed does not tell them again
    assert heard == [room, room] and every == [room, room, quiet_room]
    other.set_status(room, "paused")  # the teacher, on another server
    assert wait_for(lambda: len(heard) == 3) and heard[-1] == room
    unwatch()
    unwatch_every()
    other.set_status(room, "open")
    store.set_status(room, "ended")
    time.sleep(0.5)
    assert len(heard) == 3 and len(every) == 4
    other.close()


def test_the_threads_of_one_process_share_one_store(store):
    """A one-process server serves every page from threads: 8 pages in 4 rooms click at
    once through one store object, and each room is still a serial replay."""
    rooms = [store.create_room("kontrabluff", {"target": 60}, seed=s, seats=[None, None]) for s in range(4)]

    def page(room: str, seat: int) -> int:
        session = SeatSession.join(store, link(store, room, seat))
        rng = np.random.default_rng(10 * seat + len(room))
        made = 0
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not session.room.state.is_terminal:
            session.poll()
            state = session.room.state
            if state.is_terminal or state.current_player != seat:
                time.sleep(0.001)
                continue
            try:
                session.act(session.observation().legal_actions.sample(rng))
                made += 1
            except (StaleView, IllegalActionError):
                pass
        return made

    with ThreadPoolExecutor(max_workers=8) as pool:
        made = sum(pool.map(lambda job: page(*job), [(room, seat) for room in rooms for seat in (0, 1)]))
    assert made == sum(len(store.actions(room)) for room in rooms) > 0
    for room in rooms:
        assert_store_is_a_serial_replay(store, room)
        assert Room(store, room).state.is_terminal


# -- faults --------------------------------------------------------------------------------
def _drop_connection(tx: SQLTransaction, kind: str) -> None:
    """Lose the transaction's connection: PostgreSQL's server ends it (as a restart or a
    network cut would); SQLite has none to lose, so its driver's failure is raised."""
    if kind == "postgresql":
        with pytest.raises(StoreUnavailable):
            tx.execute("SELECT pg_terminate_backend(pg_backend_pid())")
    raise StoreUnavailable("the connection was lost")


def test_a_connection_lost_mid_transaction_is_rolled_back_and_tried_once_more(store, store_kind, monkeypatch):
    room_id = store.create_room("kontrabluff", {"target": 300}, seed=6, seats=[None, None])
    room = Room(store, room_id)
    seat = room.state.current_player
    action = next(iter(room.state.legal_actions()))
    original, tries = SQLTransaction.append_action, []

    def lost_once(tx, *args):
        tries.append(args)
        original(tx, *args)  # written ...
        if len(tries) == 1:
            _drop_connection(tx, store_kind)  # ... and lost before the commit: rolled back

    monkeypatch.setattr(SQLTransaction, "append_action", lost_once)
    assert room.act(seat, action, seen=0) == 1
    assert len(tries) == 2 and [row[0] for row in store.actions(room_id)] == [1]
    assert room.state.actions == Room(store, room_id).state.actions and room.version == 1


def test_a_click_whose_commit_happened_before_its_connection_was_lost_counts_once(store, monkeypatch):
    room_id = store.create_room("kontrabluff", {"target": 300}, seed=7, seats=[None, None])
    room = Room(store, room_id)
    seat = room.state.current_player
    transaction, lost = store.transaction, []

    def commit_then_lose():
        context = transaction()

        class Lost:
            def __enter__(self):
                return context.__enter__()

            def __exit__(self, *error):
                done = context.__exit__(*error)
                if error == (None, None, None) and not lost:
                    lost.append(True)  # committed, but the answer never came back
                    raise StoreUnavailable("the connection was lost during the commit")
                return done

        return Lost()

    monkeypatch.setattr(store, "transaction", commit_then_lose)
    assert room.act(seat, next(iter(room.state.legal_actions())), seen=0) == 1  # found stored by the second try
    assert lost and [row[0] for row in store.actions(room_id)] == [1]
    assert room.version == 1 and room.state.actions == Room(store, room_id).state.actions


def test_a_database_restarted_mid_lesson_is_reconnected_and_nothing_is_lost_or_doubled(postgres_server):
    url = postgres_server.new_database()
    server_a, server_b = open_store(url), elsewhere(url)  # two classroom servers
    room_id = server_a.create_room("draw_poker", {"players": 2, "hands": 6}, seed=4, seats=[None, None])
    heard: list[str | None] = []
    unwatch = server_a.watch(None, heard.append)
    play_some(Room(server_b, room_id), 4, seed=1)
    assert wait_for(lambda: room_id in heard)
    heard.clear()
    postgres_server.restart()  # every connection of both servers is gone
    assert wait_for(lambda: None in heard, 10), "the listener did not say it had reconnected"
    heard.clear()
    play_some(Room(server_a, room_id), 4, seed=2)  # the pools' dead connections are replaced
    heard.clear()
    play_some(Room(server_b, room_id), 4, seed=3)
    assert wait_for(lambda: room_id in heard), "the other server's changes are not heard after the restart"
    assert len(server_a.actions(room_id)) == 12
    assert_store_is_a_serial_replay(server_a, room_id)
    unwatch()
    server_a.close()
    server_b.close()


def test_a_click_while_the_database_is_down_is_refused_in_words_and_stored_once_it_is_back(postgres_server):
    url = postgres_server.new_database()
    store = open_store(url, timeout=1.0)
    room_id = store.create_room("kontrabluff", {"target": 300}, seed=5, seats=[None, None])
    session = SeatSession.join(store, link(store, room_id, Room(store, room_id).state.current_player))
    action = next(iter(session.observation().legal_actions))
    postgres_server.stop_server()
    try:
        with pytest.raises(Reconnecting) as refused:
            session.act(action)
        assert refused.value.notice == "store_reconnecting" and "reconnecting" in str(refused.value)
        assert isinstance(refused.value, RoomError)  # a page shows it as any refusal of a room
        with pytest.raises(StoreUnavailable):
            session.poll()
        for lang, word in (("sv", "återansluter"), ("pl", "ponowne łączenie"), ("uk", "перепідключення")):
            with language(lang):
                assert word in str(Reconnecting.said("store_reconnecting")).lower()
    finally:
        postgres_server.start_server()
    started = time.monotonic()
    assert wait_for(lambda: _answers(store), 10)
    assert time.monotonic() - started < 4, "the store took too long to answer again"
    assert store.actions(room_id) == []  # the click did not count ...
    session.poll()
    assert session.room.version == 0
    assert session.act(action) == 1  # ... and counts once made again
    assert [row[0] for row in store.actions(room_id)] == [1]
    store.close()


def _answers(store) -> bool:
    try:
        store.room_status(store.rooms()[0].id)
    except StoreUnavailable:
        return False
    return True


# -- the lesson's data ---------------------------------------------------------------------
def test_the_lessons_data_are_the_same_from_either_store(tmp_path, postgres_server):
    tables = []
    for store in (SQLiteStore(tmp_path / "class.db"), open_store(postgres_server.new_database())):
        rehearse_class(store, ["Ana", "Ben", "Cy", "Dee", "Eve"], "fight_for_the_lead", 3, seed=8,
                       settings={"games": 2}, name="5B")
        tables.append(lesson_table(store).drop(columns=["room"]))
        store.close()
    assert len(tables[0]) > 20
    assert tables[0].equals(tables[1])
