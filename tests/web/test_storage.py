"""Storage faults (issue 29, items 10 and 14): pages say plainly that storage is unavailable
(503, with Retry-After), the log gets one line per outage, not a traceback a request, and a
SQLite file deleted under the server is noticed: moves are refused until it is back. And the
server answers while its tables come back from storage (item 9)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from gamenight.interfaces.web.live import Hub
from gamenight.store.database import Store

from .conftest import Server
from .support import duel_table, receive, sync, wait_for


def disk_full(*_: object, **__: object) -> None:
    raise OperationalError("INSERT INTO tables ...", {}, sqlite3.OperationalError("database or disk is full"))


def storage_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("gamenight") and "storage" in r.getMessage()]


def test_pages_say_storage_is_unavailable_and_the_log_says_it_once(
    client, server, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, logger="gamenight")
    monkeypatch.setattr(Store, "public_tables", disk_full)
    monkeypatch.setattr(Store, "create_table", disk_full)
    for _ in range(5):
        lobby = client.get("/")
        assert lobby.status_code == 503
        assert lobby.headers["retry-after"] == "5"
        assert "storage is unavailable" in lobby.text and "Traceback" not in lobby.text
        made = client.post("/tables", data={"name": "Ann", "game": "wildfire"})
        assert made.status_code == 503
    lines = storage_lines(caplog)
    assert [r.getMessage() for r in lines] == [
        "storage unavailable: database or disk is full (pages answer 503 until it is back)"
    ]
    assert not any(r.exc_info for r in caplog.records)
    # The disk has room again: the next statement the database answers ends the outage.
    monkeypatch.undo()
    assert client.get("/t/nosuchtable").status_code == 404
    assert client.get("/").status_code == 200
    back = [r.getMessage() for r in storage_lines(caplog)][1:]
    assert len(back) == 1 and back[0].startswith("storage is back after ")


@pytest.mark.parametrize("data_dir", ["sqlite"], indirect=True)
def test_a_vanished_database_file_refuses_moves_until_it_is_back(
    make_client, server, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, ann, bob = duel_table(make_client)
    live = server.app.state.hub.tables[table_id]
    database = data_dir / "gamenight.db"
    moved = data_dir / "elsewhere.db"
    seat = live.table.to_act()
    mover = (ann, bob)[seat]
    with mover.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = sync(ws)
        database.rename(moved)  # deleted, or moved away: the server still holds it open
        try:
            ws.send_json({"type": "move", "move": state["pending"]["choices"][0]["notation"]})
            refused = receive(ws, "refused")
            assert "could not store that move" in refused["reason"]
            assert live.table.number == state["last"]
            assert ann.post("/tables", data={"name": "Ann", "game": "wildfire"}).status_code == 503
        finally:
            moved.rename(database)
        # Back: the same move is played, and stored.
        ws.send_json({"type": "move", "move": state["pending"]["choices"][0]["notation"]})
        wait_for(ws, lambda now: now["last"] > state["last"])
    assert len(server.app.state.store.record(table_id).steps) == live.table.number
    lines = [r.getMessage() for r in storage_lines(caplog)]
    assert lines[0].startswith(f"storage unavailable: the database file {database} is gone")
    assert not any(r.exc_info for r in caplog.records if r.name.startswith("gamenight"))


def test_requests_are_answered_while_the_tables_resume(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 9: a server with many tables to resume answers at once, not once they are all back."""
    release, resumed = threading.Event(), threading.Event()

    async def slow_resume(self: Hub) -> int:
        await asyncio.to_thread(release.wait, 10)
        resumed.set()
        return 0

    monkeypatch.setattr(Hub, "resume_all", slow_resume)
    with Server(data_dir) as server:
        try:
            assert server.browser().get("/").status_code == 200
            assert not resumed.is_set()
        finally:
            release.set()
