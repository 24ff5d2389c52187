"""A server dropped mid-game loses no acknowledged move: every move is committed before
anyone hears of it, and a new server on the same database resumes every table where it was
(`Table.resume` from the stored record) with the same view and the same choices."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from gamenight.engine.record import replay
from gamenight.interfaces.web.tokens import cookie_name

from .browsing import free_port
from .conftest import Server
from .crashing import ServerProcess
from .support import create_table, host_form, invite_path, join, play_to_end, start, sync, wait_for

pytestmark = pytest.mark.both_databases


def test_a_new_server_on_the_same_database_resumes_every_acknowledged_move(data_dir: Path) -> None:
    first = Server(data_dir).__enter__()
    second = None
    try:
        ann, bob = first.browser(), first.browser()
        table_id = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
        join(bob, invite_path(ann, table_id), "Bob")
        start(ann, table_id)
        with ann.websocket_connect(f"/t/{table_id}/ws") as wa, bob.websocket_connect(f"/t/{table_id}/ws") as wb:
            sockets = (wa, wb)
            states = [sync(wa), sync(wb)]
            for _ in range(8):
                seat = states[0]["pending"]["seat"]
                number = states[seat]["last"]
                sockets[seat].send_json({"type": "move", "move": states[seat]["pending"]["choices"][-1]["notation"]})
                # Acknowledged: the mover is told of its move.
                states[seat] = wait_for(sockets[seat], lambda st, n=number: st["last"] > n)
                states[1 - seat] = sync(sockets[1 - seat], states[1 - seat]["last"])
        acknowledged = [sync_once(first, client, table_id) for client in (ann, bob)]
        assert acknowledged[0]["last"] == states[0]["last"] > 8

        # The first server is dropped as it stands (no shutdown); a second one opens the same file.
        second = Server(data_dir).__enter__()
        for seat, client in enumerate((ann, bob)):
            browser = second.browser()
            browser.cookies.set(cookie_name(table_id), client.cookies[cookie_name(table_id)])
            resumed = sync_once(second, browser, table_id)
            for key in ("last", "view", "pending", "events", "seat", "result"):
                assert resumed[key] == acknowledged[seat][key], key
        # It plays on from there.
        with browser.websocket_connect(f"/t/{table_id}/ws") as ws:
            assert sync(ws)["seat"] == 1
        live = second.app.state.hub.tables[table_id]
        assert live.table.record.steps == first.app.state.hub.tables[table_id].table.record.steps
    finally:
        if second is not None:
            second.__exit__(None, None, None)
        first.__exit__(None, None, None)


def test_bots_resume_after_a_restart_and_finish_the_game(data_dir: Path) -> None:
    with Server(data_dir) as first:
        ann = first.browser()
        table_id = create_table(ann, seats=("medium", "easy"), options={"players": 3, "rounds": 1})
        start(ann, table_id)
        with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
            before = play_to_end(ws, 0, moves=3)
    with Server(data_dir) as second:
        browser = second.browser()
        browser.cookies.set(cookie_name(table_id), ann.cookies[cookie_name(table_id)])
        with browser.websocket_connect(f"/t/{table_id}/ws") as ws:
            assert sync(ws)["last"] == before["last"]
            end = play_to_end(ws, 0)
        record = second.app.state.store.record(table_id)
        assert replay(record).scores() == end["result"]["scores"]
        assert browser.get(f"/t/{table_id}/record").status_code == 200


def sync_once(server: Server, client, table_id: str) -> dict:
    with client.websocket_connect(f"/t/{table_id}/ws") as ws:
        return sync(ws)


# -- kill -9 --------------------------------------------------------------------------------


def test_kill_9_mid_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = ServerProcess(tmp_path, port, None)
    server.start()
    try:
        with httpx.Client(base_url=base) as ann:
            form = {"name": "Ann", "game": "wildfire", "wildfire:players": "2", "wildfire:rounds": "1"}
            created = ann.post("/tables", data={**form, "seat_2": "medium", "bot_pace": "0"})
            table_id = created.headers["location"].removeprefix("/t/")
            assert ann.post(f"/t/{table_id}/start", data=host_form(ann, table_id)).status_code == 303
            cookie = f"{cookie_name(table_id)}={ann.cookies[cookie_name(table_id)]}"
        ws_url = f"ws://127.0.0.1:{port}/ws/t/{table_id}"
        with connect(ws_url, additional_headers={"Cookie": cookie}) as ws:
            state = person_sync(ws, 0)
            seen = list(state["events"])

            def next_state() -> dict:
                message = json.loads(ws.recv(timeout=10))
                assert message["type"] == "state", message
                seen.extend(message["events"])
                return message

            for _ in range(3):
                while state["pending"]["seat"] != 0:  # the bot's turn: its move comes
                    state = next_state()
                number = state["last"]
                ws.send(json.dumps({"type": "move", "move": state["pending"]["choices"][0]["notation"]}))
                while state["last"] <= number:
                    state = next_state()
            acknowledged = state["last"]
        server.kill()
        server.start()
        with connect(ws_url, additional_headers={"Cookie": cookie}) as ws:
            resumed = person_sync(ws, 0)
        assert resumed["last"] >= acknowledged > 3
        assert resumed["events"][: len(seen)] == seen
    finally:
        server.stop()


def person_sync(ws, since: int) -> dict:
    ws.send(json.dumps({"type": "sync", "since": since}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "state" and message["since"] == since:
            return message


def test_gamenight_serve_refuses_a_huge_websocket_frame_before_reading_it(tmp_path: Path) -> None:
    """uvicorn would read a 16 MiB frame whole; `gamenight serve` closes on one over 64 KiB
    (1009, message too big), and answers a smaller oversized message with an error."""
    server = ServerProcess(tmp_path, free_port(), None)
    server.start()
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{server.port}") as ann:
            form = {"name": "Ann", "game": "wildfire", "wildfire:players": "2", "seat_2": "medium"}
            table_id = ann.post("/tables", data=form).headers["location"].removeprefix("/t/")
        url = f"ws://127.0.0.1:{server.port}/ws/t/{table_id}"  # watched: no seat needed
        with connect(url) as ws:
            ws.send(json.dumps({"type": "sync", "since": 0, "pad": "x" * 200_000}))
            with pytest.raises(ConnectionClosedError) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        with connect(url) as ws:
            ws.send(json.dumps({"type": "sync", "since": 0, "pad": "x" * 10_000}))
            answer = json.loads(ws.recv(timeout=10))
            assert answer["type"] == "error" and "too long" in answer["reason"]
    finally:
        server.stop()
