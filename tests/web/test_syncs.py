"""A sync from the start costs the game once per event, not once per socket (issue 29, item 8):
each event is put in an audience's words (a seat's, or the spectators') the first time any
connection of that audience needs it, and every later sync reuses those words. What is sent
is exactly what the table tells that audience."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine.table import Table

from .support import create_table, play_to_end, start, sync

SPECTATORS = 6


@pytest.fixture
def worded(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The audience of every event put in words (by Table.events_for) from now on, once per event."""
    audiences: list[int | None] = []
    events_for = Table.events_for

    def counted(self: Table, seat: int | None, since: int = 0, until: int | None = None) -> list[dict[str, Any]]:
        told = events_for(self, seat, since, until)
        audiences.extend([seat] * len(told))
        return told

    monkeypatch.setattr(Table, "events_for", counted)
    return audiences


def test_many_full_syncs_put_each_event_in_words_once_per_audience(client, make_client, server, worded) -> None:
    table_id = create_table(client, seats=("medium", "medium", "medium"))
    start(client, table_id)
    live = server.app.state.hub.tables[table_id]
    with client.websocket_connect(f"/t/{table_id}/ws") as ann:
        play_to_end(ann, 0, moves=3)  # Ann's turn now: the table waits for her, unchanged
        table, number = live.table, live.table.number
        assert number > 20
        worded.clear()
        watchers = [make_client() for _ in range(SPECTATORS)]
        seen = []
        for watcher in watchers:
            with watcher.websocket_connect(f"/t/{table_id}/ws?watch=1") as ws:
                seen.append(sync(ws))
        mine = sync(ann)
        assert live.table is table and table.number == number
        # The spectators' words for each event once, however many synced: not once a socket.
        assert worded.count(None) == number
        assert all(s["events"] == table.events_for(None, 0, table.visible) for s in seen)
        assert mine["events"] == table.events_for(0, 0, table.visible)
        # Again at the same event number: nothing worded anew.
        worded.clear()
        with make_client().websocket_connect(f"/t/{table_id}/ws?watch=1") as ws:
            again = sync(ws)
        assert again["events"] == seen[0]["events"] and worded == []
