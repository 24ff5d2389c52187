"""The server is the only judge: a refused move comes back to its sender with the reason and
changes nothing, and a message that is not a sync or a move is answered with an error on a
connection that stays open."""

from __future__ import annotations

import json

import pytest

from gamenight.engine.errors import IllegalMoveError

from .support import create_table, duel_table, host_form, invite_path, join, play_to_end, receive, start, sync


@pytest.fixture
def duel(make_client, server):
    """Ann (seat 0) and Bob (seat 1) at a started two-seat Wildfire table, both connected."""
    table_id, ann, bob = duel_table(make_client)
    live = server.app.state.hub.tables[table_id]
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws_ann, bob.websocket_connect(f"/t/{table_id}/ws") as ws_bob:
        yield {"id": table_id, "live": live, "ws": [ws_ann, ws_bob], "clients": [ann, bob], "server": server}


def stored_steps(server, table_id: str) -> int:
    record = server.app.state.store.record(table_id)
    return len(record.steps)


def assert_refused(ws, move: str, reason_part: str) -> None:
    ws.send_json({"type": "move", "move": move})
    refused = receive(ws, "refused")
    assert refused["move"] == move
    assert reason_part in refused["reason"], refused["reason"]


def test_a_seat_not_to_act_is_refused_and_nothing_changes(duel) -> None:
    live, ws = duel["live"], duel["ws"]
    state = sync(ws[0])
    to_act = state["pending"]["seat"]
    other = 1 - to_act
    before = (live.table.number, live.table.state.notation(), stored_steps(duel["server"], duel["id"]))
    legal = live.table.pending().choices[0].notation  # a legal move, from the wrong seat
    assert_refused(ws[other], legal, f"it is P{to_act + 1}'s turn")
    assert (live.table.number, live.table.state.notation(), stored_steps(duel["server"], duel["id"])) == before


def test_an_illegal_move_is_refused_with_the_rule_it_breaks(duel) -> None:
    live, ws = duel["live"], duel["ws"]
    to_act = sync(ws[0])["pending"]["seat"]
    move = f"{live.table.view(1 - to_act)['hand'][0]}@e0"  # a tile the seat to act does not hold
    state = live.table.state.clone()
    with pytest.raises(IllegalMoveError) as rule:
        state.apply(state.parse_move(move))
    before = live.table.state.notation()
    assert_refused(ws[to_act], move, str(rule.value))
    assert "you do not hold" in str(rule.value)
    assert live.table.state.notation() == before


def test_bad_notation_is_refused_with_the_notation_expected(duel) -> None:
    live, ws = duel["live"], duel["ws"]
    to_act = sync(ws[0])["pending"]["seat"]
    before = live.table.number
    assert_refused(ws[to_act], "castle kingside", "castle kingside")
    assert live.table.number == before
    # The refused move did not cost the seat its turn: a legal one is accepted next.
    move = sync(ws[to_act])["pending"]["choices"][0]["notation"]
    ws[to_act].send_json({"type": "move", "move": move})
    assert receive(ws[to_act])["last"] > before


def test_a_spectator_cannot_move(duel) -> None:
    spectator = duel["server"].browser()
    live = duel["live"]
    with spectator.websocket_connect(f"/t/{duel['id']}/ws") as ws:
        state = sync(ws)
        assert state["seat"] is None
        before = live.table.number
        assert_refused(ws, live.table.pending().choices[0].notation, "spectators cannot move")
        assert live.table.number == before


def test_a_seated_person_on_the_watch_link_is_a_spectator(duel) -> None:
    ann = duel["clients"][0]
    with ann.websocket_connect(f"/t/{duel['id']}/ws?watch=1") as ws:
        state = sync(ws)
        assert state["seat"] is None
        assert state["view"]["hand"] is None
        assert_refused(ws, "draw", "spectators cannot move")


def test_a_move_after_the_end_is_refused(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann, seats=("medium",), options={"players": 2, "rounds": 1})
    start(ann, table_id)
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        end = play_to_end(ws, 0)
        assert end["table"]["status"] == "over"
        steps = stored_steps(server, table_id)
        assert_refused(ws, "draw", "the game is over")
    assert stored_steps(server, table_id) == steps


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("this is not json", "not JSON"),
        ("[1, 2]", "unknown message"),
        ('{"type": "undo"}', "unknown message"),
        ('{"type": "move"}', "move needs"),
        ('{"type": "move", "move": 7}', "move needs"),
        ('{"type": "sync"}', "sync needs since"),
        ('{"type": "sync", "since": -1}', "sync needs since"),
        ('{"type": "sync", "since": true}', "sync needs since"),
        (json.dumps({"type": "move", "move": "x" * 5000}), "message too long"),
    ],
)
def test_a_malformed_message_gets_an_error_and_the_connection_stays_open(duel, message: str, reason: str) -> None:
    ws, live = duel["ws"][0], duel["live"]
    before = live.table.number
    ws.send_text(message)
    error = ws.receive_json()
    assert error["type"] == "error"
    assert reason in error["reason"]
    assert sync(ws)["last"] == before == live.table.number


def test_bytes_and_a_sync_past_the_last_event_get_errors(duel) -> None:
    ws, live = duel["ws"][0], duel["live"]
    ws.send_bytes(b'{"type": "sync", "since": 0}')
    assert "not bytes" in ws.receive_json()["reason"]
    ws.send_json({"type": "sync", "since": live.table.number + 5})
    assert f"cannot start after {live.table.number + 5}" in ws.receive_json()["reason"]
    assert receive(ws)["last"] == live.table.number


def test_moves_before_the_start_and_after_the_host_ends_are_refused(make_client, server) -> None:
    ann, bob = make_client(), make_client()
    table_id = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
    join(bob, invite_path(ann, table_id), "Bob")
    with bob.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = sync(ws)
        assert state["table"]["status"] == "waiting"
        assert state["view"] is None
        assert_refused(ws, "draw", "has not started")
        start(ann, table_id)
        state = receive(ws)
        assert state["table"]["status"] == "playing"
        assert ann.post(f"/t/{table_id}/end", data=host_form(ann, table_id)).status_code == 303
        assert receive(ws)["table"]["status"] == "ended"
        assert_refused(ws, "draw", "host ended this table")
