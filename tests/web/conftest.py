"""The web tests' server: an app on a SQLite file in a temporary folder, bots at pace 0, and
a watchdog so that a WebSocket waiting for a message that never comes fails the test
instead of hanging the suite.

GAMENIGHT_TEST_DATABASE=postgresql+psycopg://user@host/db runs them on PostgreSQL instead
(a database of their own: each test empties it)."""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from sqlalchemy import create_engine, text

from gamenight.interfaces.web.app import create_app
from gamenight.interfaces.web.limits import Limits
from gamenight.store.database import Base, Store, TableData
from tests.postgres import fresh_database
from tests.web.browsing import chromium, serving

with warnings.catch_warnings():
    # Starlette now asks for `httpx2` under its test client; `httpx` (in the [test] extra) still works.
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient, WebSocketTestSession

TEST_DATABASE = "GAMENIGHT_TEST_DATABASE"
RECEIVE_SECONDS = 15
"""How long a test waits for a WebSocket message before it fails."""
WATCHDOG_SECONDS = 180
"""The last resort: a web test stuck anywhere else fails after this long (pytest-timeout),
with every thread's stack in the output, and the run goes on. (It was faulthandler's
`dump_traceback_later(exit=True)`: it ended the whole run with exit code 1, its stacks
written into pytest's capture and lost, so CI said nothing but make's "Error 1".) A module
may give its tests longer: `pytestmark = pytest.mark.timeout(...)`."""
WEB = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if WEB in item.path.parents and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(WATCHDOG_SECONDS))


@pytest.fixture(autouse=True)
def watchdog(monkeypatch: pytest.MonkeyPatch) -> None:
    """A WebSocket waiting for a message that never comes fails the test after RECEIVE_SECONDS."""

    def receive(self: WebSocketTestSession) -> Any:
        async def wait() -> Any:
            with anyio.fail_after(RECEIVE_SECONDS):
                return await self._send_rx.receive()

        return self.portal.call(wait)

    monkeypatch.setattr(WebSocketTestSession, "receive", receive)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Tests marked `both_databases` run twice: on SQLite, and on a fresh database of the
    session's throwaway PostgreSQL (tests/postgres.py)."""
    if metafunc.definition.get_closest_marker("both_databases") and "data_dir" in metafunc.fixturenames:
        metafunc.parametrize("data_dir", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def data_dir(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The server's data folder; its database is SQLite in it, or the one GAMENIGHT_TEST_DATABASE
    names (emptied first), which the `postgresql` run of a `both_databases` test sets."""
    if getattr(request, "param", None) == "postgresql":
        postgres = request.getfixturevalue("postgres_url")
        monkeypatch.setenv(TEST_DATABASE, fresh_database(postgres, f"test_{secrets.token_hex(4)}"))
    url = os.environ.get(TEST_DATABASE)
    if url:
        engine = create_engine(url)
        with engine.begin() as connection:
            Base.metadata.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
        engine.dispose()
    return tmp_path / "data"


def two_seat_table(store: Store) -> TableData:
    """A waiting two-seat Highrise table, a person's seat and an easy bot's, in `store`."""
    return store.create_table(
        game="highrise",
        options={"players": 2},
        title="t",
        public=False,
        seats=[("person", None, "A"), ("bot", "easy", "B")],
        bot_pace=0.0,
        zombie_timeout=0.0,
        turn_timer=None,
    )


UNLIMITED = Limits(
    tables_per_hour=0, bot_tables_per_address=0, min_bot_pace=0, min_zombie_timeout=0, full_sync_seconds=0
)
"""The tests' server lets a client make any number of tables, with bots at full speed, and
sync from the start as often as it likes; the tests of those limits set their own."""
TEST_DEFAULTS: dict[str, Any] = {"bot_pace": 0.0, "limits": UNLIMITED, "round_pause": 0.0}
"""A test's server, unless it says otherwise: bots at full speed, no limits, and a round's end
that deals on at once (the tests of the pause between rounds set one)."""


class Server:
    """One app running in a test client's event loop, and browsers for it."""

    def __init__(self, data_dir: Path, database_url: str | None = None, **app_options: Any) -> None:
        """`app_options`: create_app's keywords (message_rate, seed, ...) beyond bot pace 0."""
        url = database_url or os.environ.get(TEST_DATABASE)
        self.app = create_app(url, data_dir, **{**TEST_DEFAULTS, **app_options})
        self.loop_client = TestClient(self.app, follow_redirects=False)

    def __enter__(self) -> Server:
        self.loop_client.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop_client.__exit__(None, None, None)

    def browser(self) -> TestClient:
        """Another browser on this server: the same event loop, a cookie jar of its own."""
        client = TestClient(self.app, follow_redirects=False)
        client.portal = self.loop_client.portal
        return client


@pytest.fixture
def server(data_dir: Path) -> Iterator[Server]:
    with Server(data_dir) as running:
        yield running


@pytest.fixture
def make_client(server: Server) -> Callable[[], TestClient]:
    return server.browser


@pytest.fixture
def client(make_client: Callable[[], TestClient]) -> TestClient:
    return make_client()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The counts the attack, fuzz and leak suites gathered, said once they have run (the
    figures of their reports); nothing is said of a suite that did not run."""
    attacks = sys.modules.get("tests.web.test_attacks")
    if attacks is not None and attacks.REFUSED:
        kinds, runs = len(set(attacks.REFUSED)), len(attacks.REFUSED)
        terminalreporter.write_line(f"authorisation attacks refused: {kinds} kinds, {runs} in all (each database)")
    fuzz = sys.modules.get("tests.web.test_fuzz")
    if fuzz is not None and any(fuzz.FUZZED.values()):
        terminalreporter.write_line(f"messages fuzzed: {fuzz.FUZZED}, total {sum(fuzz.FUZZED.values())}")
    leaks = sys.modules.get("tests.web.test_leaks")
    if leaks is not None and leaks.TOTAL.messages:
        total = leaks.TOTAL
        terminalreporter.write_line(f"leak check: {total.messages} messages and {total.pages} pages checked")


@contextlib.contextmanager
def real_server(folder: Path, **options: Any) -> Iterator[str]:
    """The real server in-process (uvicorn in a thread, on a free port), SQLite in `folder`, bots
    at pace 0, the serving limits lifted and no pause after a round unless `options` say
    otherwise: its URL."""
    with serving(create_app(None, folder / "data", **{**TEST_DEFAULTS, **options})) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright, for the browser tests of one module."""
    with chromium() as launched:
        yield launched
