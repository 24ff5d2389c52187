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
