"""Authorisation, attacked: every way a curious player with the browser's developer tools
might try to act for someone else, or twice, or too late, is refused over the WebSocket and
changes nothing stored. (test_tokens.py shows the page and the host's controls refusing the
same tokens; this file attacks the moves themselves, and adds the replays.)

A move may carry `after`, the last event the client had when it chose: a move chosen against
an older position is refused, so a resent or replayed message is never applied twice. A move
without `after` (older clients) is applied only if it is legal now."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from gamenight.interfaces.web.tokens import Tokens, cookie_name

from .support import create_table, duel_table, host_form, play_to_end, receive, start, sync, wait_for

pytestmark = pytest.mark.both_databases

REFUSED: list[str] = []
"""The attacks refused in this run, by name, once per database (tests/web/conftest.py says the count)."""


@pytest.fixture
def duel(make_client, server):
    """Ann (seat 0, the host) and Bob (seat 1) at a started two-seat Wildfire table."""
    table_id, ann, bob = duel_table(make_client)
    live = server.app.state.hub.tables[table_id]
    return {"id": table_id, "ann": ann, "bob": bob, "server": server, "live": live}


def stored(duel: dict[str, Any]) -> tuple[int, int, str]:
    record = duel["server"].app.state.store.record(duel["id"])
    return len(record.steps), duel["live"].table.number, duel["live"].table.state.notation()


def browser_with(duel: dict[str, Any], token: str):
    browser = duel["server"].browser()
    browser.cookies.set(cookie_name(duel["id"]), token)
    return browser


def assert_socket_refused(duel: dict[str, Any], token: str, reason: str, name: str) -> None:
    """The token's WebSocket is refused before it can send anything: an error naming
    `reason`, then a close with 4403; nothing stored changes."""
    before = stored(duel)
    with browser_with(duel, token).websocket_connect(f"/t/{duel['id']}/ws") as ws:
        error = ws.receive_json()
        assert error["type"] == "error"
        assert reason in error["reason"], error
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.send_json({"type": "move", "move": "draw"})
            ws.receive_json()
        assert closed.value.code == 4403
    assert stored(duel) == before
    REFUSED.append(name)


def assert_move_refused(ws, move: dict[str, Any], reason: str, duel: dict[str, Any], name: str) -> None:
    before = stored(duel)
    ws.send_json(move)
    refused = receive(ws, "refused")
    assert reason in refused["reason"], refused
    assert stored(duel) == before
    REFUSED.append(name)


def to_act_socket(duel: dict[str, Any]):
    seat = duel["live"].table.to_act()
    return seat, (duel["ann"], duel["bob"])[seat]


def test_forged_tokens_cannot_open_a_seat_socket(duel) -> None:
    live = duel["live"]
    assert_socket_refused(duel, "eyJ0IjoiYWJjIn0.forged.signature", "not one this server signed", "forged: garbage")
    other_key = Tokens("a key of my own").sign(duel["id"], 0, live.seats[0].nonce)
    assert_socket_refused(duel, other_key, "not one this server signed", "forged: signed with another key")
    # A good signature spliced onto a payload naming seat 0.
    good = duel["server"].app.state.tokens.sign(duel["id"], 1, live.seats[1].nonce)
    payload_of_host = Tokens("x").sign(duel["id"], 0, live.seats[0].nonce).split(".")[0]
    spliced = ".".join([payload_of_host, *good.split(".")[1:]])
    assert_socket_refused(duel, spliced, "not one this server signed", "forged: spliced payload")


def test_a_token_from_another_table_cannot_move_here(duel) -> None:
    ann = duel["ann"]
    other = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
    token = ann.cookies[cookie_name(other)]
    assert_socket_refused(duel, token, "for another table", "another table's token")


def test_a_seat_token_cannot_act_for_another_seat(duel) -> None:
    live = duel["live"]
    tokens = duel["server"].app.state.tokens
    # Signed by the server, Bob's nonce under the host's seat number: not seat 0's token.
    assert_socket_refused(duel, tokens.sign(duel["id"], 0, live.seats[1].nonce), "revoked", "token renamed to seat 0")
    assert_socket_refused(duel, tokens.sign(duel["id"], 7, live.seats[1].nonce), "revoked", "token for a seat past 2")
    # The seat comes from the token alone: a message naming another seat acts for its sender.
    seat, _ = to_act_socket(duel)
    waiting = (duel["ann"], duel["bob"])[1 - seat]
    move = live.table.pending().choices[0].notation
    with waiting.websocket_connect(f"/t/{duel['id']}/ws") as ws:
        assert sync(ws)["seat"] == 1 - seat
        assert_move_refused(ws, {"type": "move", "move": move, "seat": seat}, "turn", duel, "a message naming seat")
        assert_move_refused(ws, {"type": "move", "move": move, "as": seat}, "turn", duel, "a message naming as")


def test_a_spectator_cannot_move_even_with_the_right_notation(duel) -> None:
    live = duel["live"]
    move = live.table.pending().choices[0].notation
    watcher = duel["server"].browser()
    with watcher.websocket_connect(f"/t/{duel['id']}/ws") as ws:
        state = sync(ws)
        assert state["seat"] is None
        assert_move_refused(
            ws, {"type": "move", "move": move, "after": state["last"]}, "spectators", duel, "spectator moves"
        )
    # The host watching by the watch link is a spectator there too.
    with duel["ann"].websocket_connect(f"/t/{duel['id']}/ws?watch=1") as ws:
        assert sync(ws)["seat"] is None
        assert_move_refused(ws, {"type": "move", "move": move}, "spectators", duel, "seated person on the watch link")


def test_a_revoked_token_cannot_move_on_an_open_socket_or_a_new_one(duel) -> None:
    ann, bob, live = duel["ann"], duel["bob"], duel["live"]
    token = bob.cookies[cookie_name(duel["id"])]
    with bob.websocket_connect(f"/t/{duel['id']}/ws") as ws:
        assert sync(ws)["seat"] == 1
        assert ann.post(f"/t/{duel['id']}/seats/2/revoke", data=host_form(ann, duel["id"])).status_code == 303
        assert "watching now" in receive(ws, "error")["reason"]
        # The open seat is played by a bot until it is Ann's turn: then nothing moves but what
        # the attack could move. The open socket now only watches.
        wait_for(ws, lambda state: bool(state["pending"]) and state["pending"]["seat"] == 0)
        assert_move_refused(ws, {"type": "move", "move": "draw"}, "spectators", duel, "revoked: open socket")
    assert live.seats[1].kind == "open"
    assert_socket_refused(duel, token, "revoked", "revoked: new socket")


def test_a_replayed_move_is_not_applied_twice(duel) -> None:
    """The seat to act sends its move with `after` twice at once (a double click, or a
    replay racing the original): one is played, one refused. The same message sent again
    later names an old position and is refused too."""
    live = duel["live"]
    _, client = to_act_socket(duel)
    with client.websocket_connect(f"/t/{duel['id']}/ws") as ws:
        state = sync(ws)
        move = {"type": "move", "move": state["pending"]["choices"][0]["notation"], "after": state["last"]}
        ws.send_json(move)
        ws.send_json(move)
        refused = receive(ws, "refused")
        assert f"after event {move['after']}" in refused["reason"]
        assert len(duel["server"].app.state.store.record(duel["id"]).steps) == live.table.number > move["after"]
        REFUSED.append("replay: a double send")
        assert_move_refused(ws, move, f"after event {move['after']}", duel, "replay: the same message again")


def test_a_replay_waits_for_the_same_seat_to_be_up_again(duel) -> None:
    """Both seats play on; the first move's message, kept, is replayed whenever its seat is to
    act again: always refused, and the table plays on."""
    live, ann, bob = duel["live"], duel["ann"], duel["bob"]
    with ann.websocket_connect(f"/t/{duel['id']}/ws") as wa, bob.websocket_connect(f"/t/{duel['id']}/ws") as wb:
        sockets = (wa, wb)
        states = [sync(wa), sync(wb)]
        kept: dict[int, dict[str, Any]] = {}
        replays = 0
        for _ in range(12):
            seat = live.table.to_act()
            if seat is None:
                break
            if seat in kept and replays < 3:
                assert_move_refused(sockets[seat], kept[seat], "after event", duel, f"replay {replays + 1} later")
                replays += 1
            state = states[seat]
            message = {"type": "move", "move": state["pending"]["choices"][0]["notation"], "after": state["last"]}
            kept.setdefault(seat, message)
            sockets[seat].send_json(message)
            target = message["after"]
            states[seat] = wait_for(sockets[seat], lambda st, t=target: st["last"] > t)
            states[1 - seat] = wait_for(sockets[1 - seat], lambda st, n=states[seat]["last"]: st["last"] == n)
        assert replays >= 1


def test_after_must_be_an_event_number(duel) -> None:
    _, client = to_act_socket(duel)
    with client.websocket_connect(f"/t/{duel['id']}/ws") as ws:
        sync(ws)
        for bad in (-1, "3", True, 1.5, [1]):
            before = stored(duel)
            ws.send_json({"type": "move", "move": "draw", "after": bad})
            assert "after, if given" in receive(ws, "error")["reason"]
            assert stored(duel) == before
        REFUSED.append("after: not an event number")


def test_a_move_after_the_end_is_refused_with_or_without_after(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann, seats=("medium",), options={"players": 2, "rounds": 1})
    start(ann, table_id)
    duel = {"id": table_id, "server": server, "live": server.app.state.hub.tables[table_id]}
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        end = play_to_end(ws, 0)
        assert end["result"] is not None
        assert_move_refused(ws, {"type": "move", "move": "draw"}, "over", duel, "after the end")
        assert_move_refused(
            ws, {"type": "move", "move": "draw", "after": end["last"]}, "over", duel, "after the end, current after"
        )
        assert_move_refused(ws, {"type": "move", "move": "draw", "after": 1}, "over", duel, "after the end, stale")
