"""A server dropped mid-game loses no acknowledged move: every move is committed before
anyone hears of it, and a new server on the same database resumes every table where it was
(`Table.resume` from the stored record) with the same view and the same choices."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from gamenight.engine.record import replay
from gamenight.interfaces.web.tokens import cookie_name

from .conftest import Server
from .support import create_table, invite_path, join, play_to_end, start, sync, wait_for


def test_a_new_server_on_the_same_database_resumes_every_acknowledged_move(data_dir: Path) -> None:
    first = Server(data_dir).__enter__()
    second = None
    try:
        ann, bob = first.browser(), first.browser()
        table_id = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
        join(bob, invite_path(ann, table_id), "Bob")
        start(ann, table_id)
        with ann.websocket_connect(f"/ws/t/{table_id}") as wa, bob.websocket_connect(f"/ws/t/{table_id}") as wb:
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
        with browser.websocket_connect(f"/ws/t/{table_id}") as ws:
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
        with ann.websocket_connect(f"/ws/t/{table_id}") as ws:
            before = play_to_end(ws, 0, moves=3)
    with Server(data_dir) as second:
        browser = second.browser()
        browser.cookies.set(cookie_name(table_id), ann.cookies[cookie_name(table_id)])
        with browser.websocket_connect(f"/ws/t/{table_id}") as ws:
            assert sync(ws)["last"] == before["last"]
            end = play_to_end(ws, 0)
        record = second.app.state.store.record(table_id)
        assert replay(record).scores() == end["result"]["scores"]
        assert browser.get(f"/t/{table_id}/record").status_code == 200


def sync_once(server: Server, client, table_id: str) -> dict:
    with client.websocket_connect(f"/ws/t/{table_id}") as ws:
        return sync(ws)


# -- kill -9 --------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def serve(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    """`gamenight serve` in a process of its own, once it answers."""
    log = data_dir / "server.log"
    with log.open("ab") as output:  # the child keeps its own copy of the file
        process = subprocess.Popen(
            [sys.executable, "-m", "gamenight", "serve", "--port", str(port), "--data", str(data_dir)],
            stdout=output,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    process.wait()
    raise AssertionError(f"the server did not start: {log.read_text()}")


def test_kill_9_mid_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = serve(tmp_path, port)
    try:
        with httpx.Client(base_url=base) as ann:
            form = {"name": "Ann", "game": "wildfire", "wildfire:players": "2", "wildfire:rounds": "1"}
            created = ann.post("/tables", data={**form, "seat_2": "medium", "bot_pace": "0"})
            table_id = created.headers["location"].removeprefix("/t/")
            assert ann.post(f"/t/{table_id}/start").status_code == 303
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
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        process = serve(tmp_path, port)
        with connect(ws_url, additional_headers={"Cookie": cookie}) as ws:
            resumed = person_sync(ws, 0)
        assert resumed["last"] >= acknowledged > 3
        assert resumed["events"][: len(seen)] == seen
    finally:
        process.kill()
        process.wait(timeout=10)


def person_sync(ws, since: int) -> dict:
    ws.send(json.dumps({"type": "sync", "since": since}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "state" and message["since"] == since:
            return message
