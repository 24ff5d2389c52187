"""Hints at an online table (issue 30 item 3): a table option the host chooses, off by default.
A seat with a decision asks; the server answers with the hard bot's move for that seat's view,
worked out in a thread, never for a spectator or a table without hints."""

from __future__ import annotations

import dataclasses
import threading
import time
from typing import Any

from gamenight.bots import hints as bot_hints

from .conftest import UNLIMITED, Server
from .support import create_table, receive, start, sync, wait_for


def _hinted_table(client) -> str:
    """A two-player Highrise table allowing hints, against a medium bot, started: its id."""
    table_id = create_table(client, game="highrise", seats=("medium",), options={"players": 2}, hints="on")
    start(client, table_id)
    return table_id


def _my_decision(ws) -> dict:
    """The state once the seat has a decision between two moves or more. A forced one before
    it (a deal, made at random, that leaves the seat nothing to play but a draw) is played as
    a person would: a hint for it is "the only move", and is worked out by no search."""
    state = sync(ws)
    moved = -1
    while True:
        choices = state["pending"]["choices"] if state["pending"] else []
        if len(choices) > 1:
            return state
        if choices and moved != state["last"]:
            ws.send_json({"type": "move", "move": choices[0]["notation"], "after": state["last"]})
            moved = state["last"]
        state = wait_for(ws, lambda st: bool(st["pending"] and st["pending"]["choices"]))


def test_a_seat_asks_for_a_hint_and_gets_one_of_its_own_moves(make_client) -> None:
    ann = make_client()
    table_id = _hinted_table(ann)
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = _my_decision(ws)
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
    hinted = _hinted_table(ann)
    with watcher.websocket_connect(f"/t/{hinted}/ws") as ws:
        sync(ws)
        ws.send_json({"type": "hint"})
        assert receive(ws, "error")["reason"] == "a hint is for a seat with a decision to make"


def test_the_server_works_out_at_most_hints_at_once_and_none_when_it_is_0(data_dir, monkeypatch) -> None:
    """`gamenight serve --hints-at-once N`: a hint asked while N are being worked out is told to
    ask again, and answered once one is done; with 0, the server gives none."""
    # Ann's hint is held until Bob has been refused: a fast search (the compiled build) could
    # otherwise end before Bob asks, and the test would look at a moment, not a condition.
    refused = threading.Event()
    real_hint = bot_hints.hint

    def held_hint(*args: Any) -> Any:
        if not refused.wait(30):
            raise AssertionError("Bob was never refused")
        return real_hint(*args)

    monkeypatch.setattr(bot_hints, "hint", held_hint)
    limits = dataclasses.replace(UNLIMITED, hints_at_once=1, hint_seconds=2.0)
    with Server(data_dir / "one", limits=limits) as server:
        ann, bob = server.browser(), server.browser()
        tables = [_hinted_table(who) for who in (ann, bob)]
        hub = server.app.state.hub
        with (
            ann.websocket_connect(f"/t/{tables[0]}/ws") as ann_ws,
            bob.websocket_connect(f"/t/{tables[1]}/ws") as bob_ws,
        ):
            _my_decision(ann_ws)
            state = _my_decision(bob_ws)
            ann_ws.send_json({"type": "hint"})
            deadline = time.monotonic() + 30
            while hub.hints_running == 0 and time.monotonic() < deadline:  # Ann's is being worked out
                time.sleep(0.01)
            assert hub.hints_running == 1
            bob_ws.send_json({"type": "hint"})
            assert receive(bob_ws, "error")["reason"] == "hints are being worked out: ask again in a moment"
            refused.set()
            assert receive(ann_ws, "hint")["move"]
            bob_ws.send_json({"type": "hint"})
            assert receive(bob_ws, "hint")["move"] in [c["notation"] for c in state["pending"]["choices"]]
    with Server(data_dir / "none", limits=dataclasses.replace(UNLIMITED, hints_at_once=0)) as server:
        ann = server.browser()
        table_id = _hinted_table(ann)
        with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
            _my_decision(ws)
            ws.send_json({"type": "hint"})
            assert receive(ws, "error")["reason"] == "this server gives no hints"
