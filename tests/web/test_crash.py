"""Crash tests in small form (tests/web/crashing.py; `make crash` for the full form): the
server is killed with SIGKILL at random moments while people and bots play, and started
again, on SQLite and on PostgreSQL. No acknowledged move is lost, every table plays on to its
end, every client catches up by sync, and every chance outcome is the seed's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.postgres import PostgresUnavailable, fresh_database, throwaway_postgres

from .crashing import run


def check(outcome) -> None:
    print(f"\n{outcome}")
    assert outcome.kills >= 2  # the games outlast the kills
    assert outcome.lost == 0
    assert outcome.errors == []
    assert outcome.finished == outcome.tables
    assert outcome.replays_matching == outcome.tables
    assert outcome.acknowledged_moves > 10


def test_kill_9_again_and_again_on_sqlite(tmp_path: Path) -> None:
    check(run(tmp_path / "data", kills=3, tables=2, seed=11, short=True))


def test_kill_9_again_and_again_on_postgresql(tmp_path: Path) -> None:
    try:
        postgres = throwaway_postgres()
        url = postgres.__enter__()
    except PostgresUnavailable as exc:  # pragma: no cover - CI has the server binaries
        pytest.fail(str(exc))
    try:
        check(run(tmp_path / "data", kills=2, tables=2, seed=12, database=url, short=True))
    finally:
        postgres.__exit__(None, None, None)


def test_kill_9_again_and_again_on_two_processes(tmp_path: Path, postgres_url: str) -> None:
    """Two servers on one PostgreSQL; each kill takes one of them, and its clients go on
    through the other (tests/web/test_cluster.py shows the hand-over itself)."""
    url = fresh_database(postgres_url, "crash_two_processes")
    check(run(tmp_path / "data", kills=3, tables=2, seed=13, database=url, short=True, processes=2))
