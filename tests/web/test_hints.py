"""Hints at an online table (issue 30 item 3): a table option the host chooses, off by default.
A seat with a decision asks; the server answers with the hard bot's move for that seat's view,
worked out in a thread, never for a spectator or a table without hints."""

from __future__ import annotations

from .support import create_table, receive, start, sync, wait_for


def test_a_seat_asks_for_a_hint_and_gets_one_of_its_own_moves(make_client) -> None:
    ann = make_client()
    table_id = create_table(ann, game="highrise", seats=("medium",), options={"players": 2}, hints="on")
    start(ann, table_id)
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = sync(ws)
        if not (state["pending"] and state["pending"]["choices"]):
            state = wait_for(ws, lambda st: bool(st["pending"] and st["pending"]["choices"]))
        assert state["table"]["hints"] is True
        ws.send_json({"type": "hint"})
        answer = receive(ws, "hint")
        assert answer["move"] in [c["notation"] for c in state["pending"]["choices"]]
        assert "wins" in answer["text"] and answer["after"] == state["last"]


def test_no_hint_at_a_table_without_hints_nor_for_a_spectator(make_client) -> None:
    ann, watcher = make_client(), make_client()
    table_id = create_table(ann, game="highrise", seats=("medium",), options={"players": 2})
    start(ann, table_id)
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        assert sync(ws)["table"]["hints"] is False
        ws.send_json({"type": "hint"})
        assert receive(ws, "error")["reason"] == "the host has not allowed hints at this table"
    hinted = create_table(ann, game="highrise", seats=("medium",), options={"players": 2}, hints="on")
    start(ann, hinted)
    with watcher.websocket_connect(f"/t/{hinted}/ws") as ws:
        sync(ws)
        ws.send_json({"type": "hint"})
        assert receive(ws, "error")["reason"] == "a hint is for a seat with a decision to make"
