"""What a live table keeps between its moves is no work for the cycle collector.

A table's views and pending decisions are kept from one move to the next (for every socket
of the seat, and the next sync). Kept as dicts and lists, thousands of tables' worth of them
were walked by every young collection of Python's cycle collector while they lived: at 1,000
tables, collections of 100 to 270 ms (benchmarks/README.md, *Young collections*). They are
kept as JSON text, which the collector never walks.
"""

from __future__ import annotations

import gc
from typing import Any

from .support import create_table, play_to_end, start, sync


def walked_by_the_collector(live: Any) -> list[object]:
    """What the table keeps of its seats' views and pending decisions that the cycle collector
    would walk at every collection while it lives."""
    return [part for _key, *kept in live.told.values() for part in kept if part is not None and gc.is_tracked(part)]


def started(make_client, server) -> tuple[Any, Any, Any]:
    """(Ann's client, a spectator's client, the live table): Ann against a medium bot, started."""
    ann, spectator = make_client(), make_client()
    table_id = create_table(ann, seats=("medium",), options={"players": 2, "rounds": 1})
    start(ann, table_id)
    return ann, spectator, server.app.state.hub.tables[table_id]


def test_a_tables_kept_views_and_pending_decisions_are_text_the_collector_never_walks(make_client, server) -> None:
    ann, spectator, live = started(make_client, server)
    with (
        ann.websocket_connect(f"/t/{live.id}/ws") as ann_ws,
        spectator.websocket_connect(f"/t/{live.id}/ws") as watching,
    ):
        sync(watching)
        state = play_to_end(ann_ws, 0, moves=3)  # Ann plays three turns, the bot its own
        assert state["view"]["hand"] and state["pending"]["choices"]  # the state read back whole
        sync(watching)
        assert set(live.told) == {0, None}  # Ann's view and the spectators' are kept now
        assert walked_by_the_collector(live) == []


def test_the_check_finds_a_view_kept_as_a_dict(make_client, server) -> None:
    """The check above, on a table that keeps a seat's view as the dict it was made from."""
    ann, _spectator, live = started(make_client, server)
    with ann.websocket_connect(f"/t/{live.id}/ws") as ann_ws:
        sync(ann_ws)
        key, _text, pending = live.told[0]
        live.told[0] = (key, dict(live.table.view_for(0)), pending)
        assert len(walked_by_the_collector(live)) == 1
