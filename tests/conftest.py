"""Fixtures for the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import throwaway_postgres


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """One throwaway PostgreSQL server for the session (tests/postgres.py): an empty database's
    SQLAlchemy URL. A test that uses it cleans up what it made, or uses names of its own."""
    with throwaway_postgres() as url:
        yield url
