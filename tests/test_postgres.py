"""The throwaway PostgreSQL server the storage tests run on: it starts as an unprivileged user
even when the tests run as root, answers SQL, and leaves nothing behind."""

from __future__ import annotations

import os
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import sqlalchemy as sa

from tests.postgres import throwaway_postgres


def test_a_throwaway_server_answers_sql_runs_unprivileged_and_is_removed_after() -> None:
    with throwaway_postgres() as url:
        folder = Path(parse_qs(urlparse(url).query)["host"][0])
        engine = sa.create_engine(url)
        with engine.begin() as db:
            db.execute(sa.text("CREATE TABLE moves (n integer PRIMARY KEY, text varchar)"))
            db.execute(sa.text("INSERT INTO moves VALUES (1, '5-3@e2')"))
        with engine.connect() as db:
            assert db.execute(sa.text("SELECT text FROM moves WHERE n = 1")).scalar_one() == "5-3@e2"
            assert db.execute(sa.text("SELECT current_database()")).scalar_one() == "gamenight"
        engine.dispose()
        pid = int((folder / "data" / "postmaster.pid").read_text().split()[0])
        server_uid = os.stat(f"/proc/{pid}").st_uid
        assert server_uid != 0  # PostgreSQL refuses root; as root the tests hand it to `nobody`
        assert server_uid == os.geteuid() or os.geteuid() == 0
    assert not folder.exists()
    assert _stopped(pid)  # not left running


def _stopped(pid: int, wait: float = 30.0) -> bool:
    """Whether process `pid` has ended (gone, or a zombie its parent has yet to reap)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False
