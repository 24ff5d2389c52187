"""Another site's page cannot act for a seat (issue 29, item 3), and every answer says what a
browser may do with it (item 12).

A page on another port of the same host is the same *site* to the browser, so SameSite
cookies go with its requests: only `Origin` and the host's CSRF token tell it apart."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from gamenight.interfaces.web.limits import Limits

from .conftest import Server
from .support import create_table, duel_table, host_form, sync

OWN = "http://testserver"
FOREIGN = ["http://testserver:8001", "https://testserver", "http://evil.example", "null", "garbage"]


def test_a_foreign_origin_cannot_post_anything(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann)
    form = host_form(ann, table_id, {"zombie_timeout": "1", "bot_pace": "0"})
    live = server.app.state.hub.tables[table_id]
    for origin in FOREIGN:
        refused = ann.post(f"/t/{table_id}/settings", data=form, headers={"Origin": origin})
        assert refused.status_code == 403, origin
        assert "another site" in refused.text
        made = ann.post("/tables", data={"name": "Eve", "game": "wildfire"}, headers={"Origin": origin})
        assert made.status_code == 403
    assert live.data.zombie_timeout != 1
    assert [t.id for t in server.app.state.store.public_tables()] == [table_id]
    # The server's own origin passes.
    assert ann.post(f"/t/{table_id}/settings", data=form, headers={"Origin": OWN}).status_code == 303
    assert live.data.zombie_timeout == 1


def test_a_foreign_origin_cannot_open_a_seat_socket(make_client, server) -> None:
    table_id, ann, _ = duel_table(make_client)
    for origin in FOREIGN:
        socket = ann.websocket_connect(f"/t/{table_id}/ws", headers={"Origin": origin})
        with pytest.raises(WebSocketDisconnect) as closed, socket as ws:
            ws.receive_json()
        assert closed.value.code == 4403
    with ann.websocket_connect(f"/t/{table_id}/ws", headers={"Origin": OWN}) as ws:
        assert sync(ws)["seat"] == 0


def test_the_host_forms_need_their_csrf_token(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann)
    other = create_table(ann)
    ann.get(f"/t/{table_id}")
    live = server.app.state.hub.tables[table_id]
    for form in ({}, {"csrf": "0" * 64}, host_form(ann, other)):
        refused = ann.post(f"/t/{table_id}/settings", data={**form, "zombie_timeout": "1"})
        assert refused.status_code == 403
        assert "reload the page" in refused.text
        assert ann.post(f"/t/{table_id}/end", data=form).status_code == 403
    assert live.data.zombie_timeout != 1 and live.status == "waiting"
    # The token changes with the host's seat nonce: a guest's page never holds one.
    bob = make_client()
    page = bob.get(f"/t/{table_id}").text
    assert 'name="csrf"' not in page


def test_every_answer_carries_the_security_headers(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann)
    for path in ("/", f"/t/{table_id}", f"/t/{table_id}/watch", "/static/style.css", "/nosuch"):
        headers = ann.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert "script-src 'self' 'nonce-" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"
    page = ann.get(f"/t/{table_id}")
    assert page.headers["cache-control"] == "no-store"  # it shows the invite link
    assert "<script>" not in page.text  # the table page has no inline script (its code is in static/)
    lobby = ann.get("/")
    nonce = lobby.headers["content-security-policy"].split("'nonce-")[1].split("'")[0]
    assert f'<script nonce="{nonce}">' in lobby.text  # the lobby's own inline script runs
    assert ann.get("/").headers["content-security-policy"] != lobby.headers["content-security-policy"]


def test_a_seat_cookie_is_scoped_to_its_table_and_secure_over_https(make_client, data_dir) -> None:
    ann = make_client()
    form = {"name": "Ann", "game": "wildfire", "seat_2": "open", "seat_3": "medium"}
    made = ann.post("/tables", data=form)
    table_id = made.headers["location"].removeprefix("/t/")
    cookie = made.headers["set-cookie"]
    assert f"Path=/t/{table_id};" in cookie and "Secure" not in cookie
    # Behind a proxy that says the client came by HTTPS, from an address the server trusts.
    with Server(data_dir / "proxied", limits=Limits(trusted_proxies=("testclient",))) as proxied:
        made = proxied.browser().post("/tables", data=form, headers={"X-Forwarded-Proto": "https"})
        assert "Secure" in made.headers["set-cookie"]
    # The same header from anyone else is not believed.
    assert "Secure" not in ann.post("/tables", data=form, headers={"X-Forwarded-Proto": "https"}).headers["set-cookie"]


def test_the_public_url_makes_the_links_and_the_origin(data_dir) -> None:
    with Server(data_dir, public_url="https://games.example.org/") as server:
        ann = server.browser()
        form = {"name": "Ann", "game": "wildfire", "seat_2": "open", "seat_3": "medium"}
        assert ann.post("/tables", data=form, headers={"Origin": OWN}).status_code == 403
        made = ann.post("/tables", data=form, headers={"Origin": "https://games.example.org"})
        assert made.status_code == 303 and "Secure" in made.headers["set-cookie"]
        table_id = made.headers["location"].removeprefix("/t/")
        # The cookie is Secure: the test client sends it only to an https address.
        page = ann.get(f"https://testserver/t/{table_id}", headers={"Host": "evil.example"}).text
        assert f"https://games.example.org/t/{table_id}/join/" in page
        assert f"https://games.example.org/t/{table_id}/watch" in page
        assert "evil.example" not in page
