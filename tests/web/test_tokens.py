"""Seat tokens: a signed cookie bound to one table, one seat and the seat's nonce. Forged,
expired, another table's, another seat's or revoked tokens are refused with a message,
never a server error, and never act for anyone."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from gamenight.interfaces.web.tokens import Tokens, cookie_name

from .support import create_table, host_form, invite_path, join, receive, start, sync


@pytest.fixture
def table(make_client, server):
    ann, bob = make_client(), make_client()
    table_id = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
    join(bob, invite_path(ann, table_id), "Bob")
    return {"id": table_id, "ann": ann, "bob": bob, "server": server, "live": server.app.state.hub.tables[table_id]}


def with_cookie(server, table_id: str, value: str):
    browser = server.browser()
    browser.cookies.set(cookie_name(table_id), value)
    return browser


def assert_refused_everywhere(browser, table_id: str, reason: str) -> None:
    """The WebSocket says `reason` and closes; the page is a 403 naming `reason`, and it drops
    the cookie that will never work again; the host's controls are refused."""
    with browser.websocket_connect(f"/t/{table_id}/ws") as ws:
        error = ws.receive_json()
        assert error == {"type": "error", "reason": error["reason"]}
        assert reason in error["reason"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    page = browser.get(f"/t/{table_id}")
    assert page.status_code == 403
    assert reason in page.text
    assert "Traceback" not in page.text
    assert f'{cookie_name(table_id)}=""' in page.headers["set-cookie"]
    assert browser.post(f"/t/{table_id}/start", data=host_form(browser, table_id)).status_code == 403


def test_a_forged_token_is_refused(table) -> None:
    browser = with_cookie(table["server"], table["id"], "eyJ0IjoiYWJjIn0.forged.signature")
    assert_refused_everywhere(browser, table["id"], "not one this server signed")
    # Signed with another key: the payload is right, the signature is not.
    other = Tokens("not the server's key").sign(table["id"], 0, table["live"].seats[0].nonce)
    assert_refused_everywhere(
        with_cookie(table["server"], table["id"], other), table["id"], "not one this server signed"
    )


def test_a_token_for_another_table_is_refused(table, make_client) -> None:
    ann = table["ann"]
    second = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
    token = ann.cookies[cookie_name(second)]  # Ann is the host there: a good token, for the other table
    assert_refused_everywhere(with_cookie(table["server"], table["id"], token), table["id"], "for another table")


def test_an_expired_token_is_refused(table) -> None:
    table["server"].app.state.tokens.max_age = -1  # every token is now older than allowed
    assert_refused_everywhere(table["bob"], table["id"], "expired")


def test_a_token_cannot_name_another_seat(table) -> None:
    """Bob's nonce under seat 0's number: signed by the server, but not seat 0's token."""
    live = table["live"]
    forged_seat = table["server"].app.state.tokens.sign(table["id"], 0, live.seats[1].nonce)
    assert_refused_everywhere(with_cookie(table["server"], table["id"], forged_seat), table["id"], "revoked")


def test_a_seat_token_acts_only_for_its_seat(table) -> None:
    ann, bob, live = table["ann"], table["bob"], table["live"]
    assert (
        bob.post(f"/t/{table['id']}/start", data=host_form(bob, table["id"])).status_code == 403
    )  # the host's control
    start(ann, table["id"])
    to_act = live.table.to_act()
    other = (ann, bob)[1 - to_act]
    with other.websocket_connect(f"/t/{table['id']}/ws") as ws:
        assert sync(ws)["seat"] == 1 - to_act
        ws.send_json({"type": "move", "move": live.table.pending().choices[0].notation})
        assert "turn" in receive(ws, "refused")["reason"]
    assert live.table.number == len(live.table.record.steps)
    assert live.table.to_act() == to_act


def test_a_revoked_token_stops_working_at_once(table) -> None:
    ann, bob, live = table["ann"], table["bob"], table["live"]
    start(ann, table["id"])
    with bob.websocket_connect(f"/t/{table['id']}/ws") as ws:
        assert sync(ws)["seat"] == 1
        assert ann.post(f"/t/{table['id']}/seats/2/revoke", data=host_form(ann, table["id"])).status_code == 303
        error = ws.receive_json()
        assert error["type"] == "error"
        assert "you are watching now" in error["reason"]
        state = receive(ws)
        assert state["seat"] is None
        assert state["view"]["hand"] is None
        assert state["table"]["seats"][1]["away"]  # open mid-game: a bot plays it for now
        ws.send_json({"type": "move", "move": "draw"})
        assert "spectators cannot move" in receive(ws, "refused")["reason"]
    assert live.seats[1].kind == "open"
    assert_refused_everywhere(bob, table["id"], "revoked")


def test_revoking_retires_the_invite_link_and_the_new_one_seats_a_person_again(table) -> None:
    ann, bob = table["ann"], table["bob"]
    old = bob.cookies[cookie_name(table["id"])]
    invite = invite_path(ann, table["id"])
    assert ann.post(f"/t/{table['id']}/seats/2/revoke", data=host_form(ann, table["id"])).status_code == 303
    assert bob.get(f"/t/{table['id']}").status_code == 403  # and the dead cookie is dropped
    assert cookie_name(table["id"]) not in bob.cookies
    # The link Bob came by is retired with his seat: he cannot take it straight back.
    assert bob.get(invite).status_code == 404
    assert bob.post(invite, data={"name": "Bob"}).status_code == 404
    assert table["live"].seats[1].kind == "open"
    new_invite = invite_path(ann, table["id"])
    assert new_invite != invite
    join(bob, new_invite, "Bob again")
    assert bob.cookies[cookie_name(table["id"])] != old
    assert bob.get(f"/t/{table['id']}").status_code == 200
    assert_refused_everywhere(with_cookie(table["server"], table["id"], old), table["id"], "revoked")


def test_a_wrong_invite_code_and_an_unknown_table_are_not_found(table) -> None:
    browser = table["server"].browser()
    assert browser.get(f"/t/{table['id']}/join/wrong").status_code == 404
    assert browser.post(f"/t/{table['id']}/join/wrong", data={"name": "Eve"}).status_code == 404
    page = browser.get("/t/nosuchtable")
    assert page.status_code == 404
    assert "no such table" in page.text
    with browser.websocket_connect("/t/nosuchtable/ws") as ws:
        assert ws.receive_json()["type"] == "error"


def test_the_host_can_issue_a_new_invite_link(table, make_client) -> None:
    ann, bob = table["ann"], table["bob"]
    invite = invite_path(ann, table["id"])
    assert bob.post(f"/t/{table['id']}/invite", data=host_form(bob, table["id"])).status_code == 403
    assert invite_path(ann, table["id"]) == invite
    assert ann.post(f"/t/{table['id']}/invite", data=host_form(ann, table["id"])).status_code == 303
    assert make_client().get(invite).status_code == 404
    assert make_client().get(invite_path(ann, table["id"])).status_code == 200
    assert bob.get(f"/t/{table['id']}").status_code == 200  # a seat taken by the old link is kept
