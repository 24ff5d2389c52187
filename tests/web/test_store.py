"""The stored schema: the migrations shipped in the package build exactly what the models
describe, run again harmlessly, and the signing key is made once and kept."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from gamenight.store.database import Base, Store, sqlite_url

from .conftest import TEST_DATABASE

pytestmark = pytest.mark.both_databases


def database(data_dir: Path) -> str:
    data_dir.mkdir(parents=True, exist_ok=True)
    return os.environ.get(TEST_DATABASE) or sqlite_url(data_dir)


def test_the_migrations_build_the_models_schema_and_run_again_harmlessly(data_dir: Path) -> None:
    store = Store(database(data_dir))
    store.migrate()
    store.migrate()
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
        if store.engine.dialect.name == "sqlite":  # readers never wait on the writer
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.close()


def test_the_signing_key_is_made_once_and_kept_across_restarts(data_dir: Path) -> None:
    first = Store(database(data_dir))
    first.migrate()
    key = first.secret_key()
    assert len(key) >= 48
    assert first.secret_key() == key
    first.close()
    second = Store(database(data_dir))
    second.migrate()
    assert second.secret_key() == key
    second.close()


def test_the_lobby_listing_is_read_once_and_dropped_by_every_write_that_changes_it(data_dir: Path) -> None:
    """A flood's refusals each show the lobby: its listing costs one query until a table is
    made, seated, started or ended, and then the next lobby shows the change at once."""
    from sqlalchemy import event

    from gamenight.store.database import OPEN, PERSON, SeatData

    store = Store(database(data_dir))
    store.migrate()
    queries: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda *args: queries.append(args[2]))

    def listed() -> list[tuple[str, str, int]]:
        return [(t.id, t.status, t.open_seats) for t in store.public_tables()]

    def made() -> str:
        data = store.create_table(
            game="wildfire",
            options={},
            title="t",
            public=True,
            seats=[(PERSON, None, "Ann"), (OPEN, None, "")],
            bot_pace=0.5,
            zombie_timeout=30,
            turn_timer=None,
        )
        return data.id

    assert listed() == []
    first = made()
    assert listed() == [(first, "waiting", 1)]
    before = len(queries)
    for _ in range(20):
        assert listed() == [(first, "waiting", 1)]
    assert len(queries) == before  # kept: no query
    seat = store.load(first).seats[1]  # type: ignore[union-attr]
    store.set_seat(first, SeatData(1, PERSON, None, "Bea", "n2", True), seat.nonce)
    assert listed() == [(first, "waiting", 0)]
    store.set_status(first, "playing")
    assert listed() == [(first, "playing", 0)]
    second = made()
    assert [t[0] for t in listed()] == [second, first]
    store.set_status(first, "ended")
    assert [t[0] for t in listed()] == [second]
    store.close()
