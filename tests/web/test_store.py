"""The stored schema: the migrations shipped in the package build exactly what the models
describe, run again harmlessly, and the signing key is made once and kept."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from gamenight.store.database import Base, Store, sqlite_url


def test_the_migrations_build_the_models_schema_and_run_again_harmlessly(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path))
    store.migrate()
    store.migrate()
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.close()


def test_the_signing_key_is_made_once_and_kept_across_restarts(tmp_path: Path) -> None:
    first = Store(sqlite_url(tmp_path))
    first.migrate()
    key = first.secret_key()
    assert len(key) >= 48
    assert first.secret_key() == key
    first.close()
    second = Store(sqlite_url(tmp_path))
    second.migrate()
    assert second.secret_key() == key
    second.close()
