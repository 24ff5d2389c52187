"""Hostile input, fuzzed: Hypothesis writes WebSocket messages (wrong types, unknown kinds,
huge payloads, moves for other seats, stale event numbers, floods) and HTTP requests (forms
of junk), and schemathesis walks the server's own OpenAPI schema. Every bad message gets a
clear error and changes nothing; no answer is ever a 500 or a traceback; the table stays.

Names are escaped wherever they are shown: a person called `<script>...` is text on every
page and in every message, never markup."""

from __future__ import annotations

import json
import warnings
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from starlette.websockets import WebSocketDisconnect

from gamenight.store.database import TableRow

from .conftest import Server
from .support import create_table, host_form, invite_path, join, start, sync

pytestmark = pytest.mark.both_databases

FUZZED: dict[str, int] = {"websocket": 0, "http": 0, "schemathesis": 0, "flood": 0}

json_scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=30)
json_values = st.recursive(
    json_scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
)
kinds = st.sampled_from(["sync", "move", "undo", "chat", "", "SYNC", "state", "error", None, 1, ["move"]])


@st.composite
def hostile_messages(draw: st.DrawFn, legal: list[str]) -> str | bytes:
    """One message a hostile or broken client might send, as the wire text (or bytes)."""
    shape = draw(st.integers(0, 7))
    if shape == 0:  # not JSON, or JSON that is not an object
        return draw(st.text(max_size=60) | st.sampled_from(["{", "[]", "null", '"move"', "1e999", "[" * 3000]))
    if shape == 1:  # an object of any kind and fields
        body = draw(st.dictionaries(st.sampled_from(["type", "move", "since", "after", "seat"]), json_values))
        return json.dumps({**body, "type": draw(kinds)})
    if shape == 2:  # a sync with a bad or a stale since
        return json.dumps({"type": "sync", "since": draw(json_values | st.integers(-5, 10**6))})
    if shape == 3:  # a move: another seat's legal move, junk notation, a wrong or stale after
        move = draw(st.sampled_from(legal) | st.text(max_size=40) | json_values)
        after = draw(st.none() | st.integers(-3, 10**9) | json_values)
        message: dict[str, Any] = {"type": "move", "move": move}
        if after is not None:
            message["after"] = after
        if draw(st.booleans()):
            message["seat"] = draw(st.integers(-2, 5))
        return json.dumps(message)
    if shape == 4:  # huge
        size = draw(st.sampled_from([4097, 10_000, 100_000, 1_000_000]))
        return json.dumps({"type": "move", "move": "x" * size})
    if shape == 5:
        return draw(st.binary(max_size=50))
    if shape == 6:  # a deeply nested object
        depth = draw(st.integers(100, 2000))
        return '{"type": "move", "move": ' + "[" * depth + "]" * depth + "}"
    return json.dumps({"type": "move", "move": draw(st.text(alphabet="\x00\ud7ff\u202e<>&'\"\\", max_size=20))})


def test_fuzzed_websocket_messages_get_errors_and_change_nothing(make_client, server) -> None:
    ann, bob = make_client(), make_client()
    table_id = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
    join(bob, invite_path(ann, table_id), "Bob")
    start(ann, table_id)
    live = server.app.state.hub.tables[table_id]
    hub = server.app.state.hub
    hub.message_rate = hub.message_burst = 1e9  # the flood test below has the real limits
    to_act = live.table.to_act()
    legal = [c.notation for c in live.table.pending().choices]
    store = server.app.state.store
    before = (live.table.number, live.table.state.notation(), len(store.record(table_id).steps))
    waiting = (ann, bob)[1 - to_act]
    with (
        waiting.websocket_connect(f"/t/{table_id}/ws") as seat_ws,
        server.browser().websocket_connect(f"/t/{table_id}/ws") as watch_ws,
    ):
        sync(seat_ws)
        sync(watch_ws)

        @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(message=hostile_messages(legal), spectator=st.booleans())
        def one(message: str | bytes, spectator: bool) -> None:
            ws = watch_ws if spectator else seat_ws
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message)
            ws.send_text('{"type": "sync", "since": 0}')  # the answer to this marks the end of the reply
            answers = []
            while True:
                answer = ws.receive_json()
                if answer["type"] == "state" and answer["since"] == 0 and len(answers) >= 1:
                    break
                answers.append(answer)
                if answer["type"] == "state" and answer["since"] == 0 and not _is_sync_of_junk(message):
                    break
            for answer in answers:
                assert answer["type"] in ("error", "refused", "state"), answer
                if answer["type"] != "state":
                    assert isinstance(answer["reason"], str) and 10 < len(answer["reason"]) < 300, answer
                    assert "could not handle" not in answer["reason"], (message[:200], answer)
                    assert "Traceback" not in answer["reason"]
                else:
                    assert answer["last"] == before[0]
            FUZZED["websocket"] += 1

        one()
    assert (live.table.number, live.table.state.notation(), len(store.record(table_id).steps)) == before
    assert hub.tables[table_id] is live and live.table is not None
    # The table plays on: the seat to act moves.
    with (ann, bob)[to_act].websocket_connect(f"/t/{table_id}/ws") as ws:
        state = sync(ws)
        ws.send_json({"type": "move", "move": legal[0], "after": state["last"]})
        while (state := ws.receive_json())["type"] != "state" or state["last"] == before[0]:
            assert state["type"] == "state", state
    assert live.table.number > before[0]


def _is_sync_of_junk(message: str | bytes) -> bool:
    """A fuzzed message that is itself a valid `sync since 0`: its state may come first."""
    try:
        parsed = json.loads(message)
    except (ValueError, RecursionError):
        return False
    return isinstance(parsed, dict) and parsed.get("type") == "sync" and parsed.get("since") == 0


def test_a_flood_is_told_then_closed_and_the_table_stays(data_dir) -> None:
    with Server(data_dir, message_rate=5.0, message_burst=10.0) as server:
        ann = server.browser()
        table_id = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
        assert ann.get(f"/t/{table_id}").status_code == 200
        live = server.app.state.hub.tables[table_id]
        with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
            sync(ws)
            errors = 0
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(1000):
                    ws.send_text('{"type": "sync", "since": 0}')
                    FUZZED["flood"] += 1
                while True:
                    message = ws.receive_json()
                    if message["type"] == "error":
                        assert "too many messages" in message["reason"]
                        errors += 1
            assert closed.value.code == 1008
            # Told, once a streak; the rest dropped without a word (answering would double the flood).
            assert 1 <= errors < 10
        # The table is still there, and Ann's next connection works at once.
        assert server.app.state.hub.tables[table_id] is live
        with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
            assert sync(ws)["seat"] == 0


form_values = st.text(max_size=50) | st.sampled_from(["", "0", "-1", "1e9", "nan", "inf", "on", "open", "bot"])
form_keys = st.sampled_from(
    [
        "name",
        "game",
        "title",
        "public",
        "seat_2",
        "seat_3",
        "seat_9",
        "bot_pace",
        "zombie_timeout",
        "turn_timer",
        "to",
        "wildfire:players",
        "wildfire:rounds",
        "highrise:players",
        "wildstar:hands",
        "fireball-island:turn_limit",
    ]
) | st.text(max_size=10)


def test_fuzzed_http_requests_are_never_a_server_error(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann, seats=("open", "medium"), options={"players": 3, "rounds": 1})
    code = invite_path(ann, table_id).rsplit("/", 1)[1]
    anyone = make_client()
    paths = [
        "/tables",
        f"/t/{table_id}/join/{code}",
        f"/t/{table_id}/settings",
        f"/t/{table_id}/seats/2",
        f"/t/{table_id}/seats/3",
        f"/t/{table_id}/seats/99/revoke",
        f"/t/{table_id}/start",
        f"/t/{table_id}/rematch",
    ]

    @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(
        path=st.sampled_from(paths) | st.builds(lambda junk: "/t/" + quote(junk, safe="/"), st.text(max_size=40)),
        form=st.dictionaries(form_keys, form_values, max_size=8),
        host=st.booleans(),
        method=st.sampled_from(["POST", "GET"]),
    )
    def one(path: str, form: dict[str, str], host: bool, method: str) -> None:
        client = ann if host else anyone
        try:
            response = client.request(method, path, data=form if method == "POST" else None)
        except (UnicodeEncodeError, httpx.InvalidURL):  # httpx refuses to send it at all: nothing to test
            return
        assert response.status_code < 500, (method, path, form, response.text[:300])
        assert "Traceback" not in response.text
        FUZZED["http"] += 1

    one()
    assert server.app.state.hub.tables[table_id].status in ("waiting", "playing")


def test_schemathesis_on_the_servers_own_openapi_schema(make_client, server) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # schemathesis's imports warn about their own dependencies
        import schemathesis
    ann = make_client()
    stranger = make_client()
    table_id = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
    schema = schemathesis.openapi.from_dict(server.app.openapi())
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10

    for operation in operations:

        @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=operation.as_strategy())
        def one(case: Any) -> None:
            # Half the time on a real table (its id put in), to get past "no such table".
            if case.path_parameters and "table_id" in case.path_parameters and FUZZED["schemathesis"] % 2:
                case.path_parameters["table_id"] = table_id
            kwargs = case.as_transport_kwargs(base_url="http://testserver")
            client = ann if FUZZED["schemathesis"] % 3 else stranger  # the host, and someone with no seat
            try:
                response = client.request(
                    kwargs["method"],
                    kwargs["url"],
                    params=kwargs.get("params"),
                    headers={k: v for k, v in (kwargs.get("headers") or {}).items() if k.lower() != "content-length"},
                    cookies=None,
                    content=_body(kwargs),
                )
            except (UnicodeEncodeError, ValueError):
                return
            assert response.status_code < 500, (kwargs, response.text[:300])
            FUZZED["schemathesis"] += 1

        one()
    assert FUZZED["schemathesis"] > 100


def _body(kwargs: dict[str, Any]) -> bytes | None:
    if kwargs.get("json") is not None:
        return json.dumps(kwargs["json"]).encode()
    data = kwargs.get("data")
    if isinstance(data, str):
        return data.encode()
    if isinstance(data, bytes):
        return data
    return None


SCRIPTS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>']


@pytest.mark.parametrize("evil", SCRIPTS)
def test_script_names_are_text_everywhere_they_are_shown(make_client, server, evil: str) -> None:
    ann, bob = make_client(), make_client()
    table_id = create_table(ann, seats=("open", "open"), options={"players": 3, "rounds": 1}, name=evil)
    invite = invite_path(ann, table_id)
    join(bob, invite, f"B{evil}")
    ann.post(f"/t/{table_id}/settings", data=host_form(ann, table_id, {"bot_pace": "0"}))
    pages = {
        "lobby": bob.get("/").text,
        "table (host)": ann.get(f"/t/{table_id}").text,
        "table (seated)": bob.get(f"/t/{table_id}").text,
        "watch": make_client().get(f"/t/{table_id}/watch").text,
        "join form (seat list)": make_client().get(invite).text,
    }
    for where, page in pages.items():
        assert evil not in page, where
        assert "<script>alert" not in page and "<img src=x" not in page, where
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page or "&#34;&gt;&lt;img src=x" in page, where
    # The WebSocket's META carries the name as data (JSON), for the page to set as text.
    with bob.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = sync(ws)
    assert state["table"]["seats"][0]["name"] == evil
    assert state["table"]["title"].startswith(evil)
    # A finished game's result lists names too: play it out with bots, then look again.
    assert ann.post(f"/t/{table_id}/seats/3", data=host_form(ann, table_id, {"to": "easy"})).status_code == 303
    start(ann, table_id)
    for where, page in {"table": ann.get(f"/t/{table_id}").text, "lobby": ann.get("/").text}.items():
        assert evil not in page, where


# Found by the HTTP fuzzer on PostgreSQL, which refuses a NUL in text where SQLite stores it:
# both were answered 500.


@pytest.mark.parametrize("table_id", ["\x00", "a\x00b", "é", "a b", "a.b"])
def test_a_table_id_that_is_not_one_of_ours_is_not_found(client, table_id: str) -> None:
    assert client.get(f"/t/{quote(table_id)}").status_code == 404
    assert client.get(f"/t/{quote(table_id)}/record").status_code == 404
    with client.websocket_connect(f"/t/{quote(table_id)}/ws") as ws:
        assert ws.receive_json() == {"type": "error", "reason": "there is no such table"}


def test_a_title_with_a_control_character_is_refused_and_no_table_made(server, client) -> None:
    form = {"name": "Ann", "game": "highrise", "highrise:players": "2", "seat_2": "easy", "title": "a\x00b"}
    response = client.post("/tables", data=form)
    assert response.status_code == 400
    assert "title is letters, digits, spaces and punctuation" in response.text
    assert stored_tables(server) == 0
    form["title"] = "  Friday\tnight  "  # spaces and tabs fold to one space
    created = client.post("/tables", data=form)
    assert created.status_code == 303
    assert stored_tables(server) == 1
    assert "Friday night" in client.get(created.headers["location"]).text


def stored_tables(server: Server) -> int:
    with server.app.state.store.session() as session:
        return int(session.scalar(select(func.count()).select_from(TableRow)))
