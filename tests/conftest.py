import os

from hypothesis import settings

# CI runs the property tests a fixed number of times, without deadlines (2 shared cores).
settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The fifth game of tests/test_fifth_game.py registers itself when its module is imported: the
# doctest collector (--doctest-modules over tests/) must not import it, or every xdist worker
# would hold a fifth game while other files run. Its test imports it inside a fixture.
collect_ignore = ["three_tricks.py", "three_tricks_words.py", "three_tricks_bot.py"]

# -- the classroom's stores: every store-facing test runs against each ---------------------
import pytest  # noqa: E402

from tests import pgserver  # noqa: E402

#: The kinds of classroom store the store-facing tests run against (the ``store`` fixture's ids).
STORES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server of this test session (one per xdist worker), stopped at its end;
    the tests that need it skip, saying why, where none can start."""
    reason = pgserver.unavailable_reason()
    if reason:
        pytest.skip(reason)
    server = pgserver.PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture()
def make_store_url(request, tmp_path, store_kind):
    """A function that gives the URL of a new empty store of the test's kind (``store_kind``)."""
    kind = store_kind
    made = iter(range(1000))

    def make() -> str:
        if kind == "sqlite":
            return str(tmp_path / f"class-{next(made)}.db")
        return request.getfixturevalue("postgres_server").new_database()

    return make


@pytest.fixture(params=STORES)
def store_kind(request):
    return request.param


@pytest.fixture()
def store_url(make_store_url):
    """The URL of a new empty classroom store, of each kind in turn."""
    return make_store_url()


@pytest.fixture()
def store(store_url):
    """A new empty classroom store, of each kind in turn (SQLite, PostgreSQL)."""
    from cardlab.rooms import open_store

    store = open_store(store_url)
    yield store
    store.close()
