"""What the web tests do alike: create a table through the lobby's form, join it by its
invite link, and talk to its WebSocket."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import httpx
from starlette.testclient import TestClient, WebSocketTestSession

Message = dict[str, Any]

SHORT = {
    "wildfire": {"rounds": 1},
    "wildstar": {"hands": 1},
    "highrise": {},
    "fireball-island": {"turn_limit": 12},
}
"""Options for a short game of each: one round or hand (Fireball Island: a dozen turns)."""


WAIT_SECONDS = 30.0


def until(condition: Callable[[], Any], what: str) -> Any:
    """Poll `condition` until it holds (a condition, never a moment), or fail saying `what`."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not (held := condition()):
        assert time.monotonic() < deadline, f"waited {WAIT_SECONDS:g} s for {what}"
        time.sleep(0.02)
    return held


def create_table(
    client: TestClient,
    game: str = "wildfire",
    seats: Sequence[str] = ("open", "medium", "medium"),
    options: Mapping[str, Any] | None = None,
    name: str = "Ann",
    public: bool = True,
    **settings: str,
) -> str:
    """Create a table through the lobby's form; `seats` are seats 2 and on. The table's id."""
    chosen = dict(SHORT[game] if options is None else options)
    chosen.setdefault("players", len(seats) + 1)
    form: dict[str, str] = {"name": name, "game": game, **settings}
    for key, value in chosen.items():
        if value is True:
            form[f"{game}:{key}"] = "on"
        elif value is not False:
            form[f"{game}:{key}"] = str(value)
    for index, seat in enumerate(seats, 2):
        form[f"seat_{index}"] = seat
    if public:
        form["public"] = "on"
    response = client.post("/tables", data=form)
    assert response.status_code == 303, response.text
    table_id = response.headers["location"].removeprefix("/t/")
    assert f"gn_{table_id}" in client.cookies
    return table_id


def duel_table(make_client: Callable[[], TestClient]) -> tuple[str, TestClient, TestClient]:
    """(table id, Ann, Bob): Ann (seat 1, the host) and Bob (seat 2, by the invite link) at a
    started two-seat, one-round Wildfire table."""
    ann, bob = make_client(), make_client()
    table_id = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1})
    join(bob, invite_path(ann, table_id), "Bob")
    start(ann, table_id)
    return table_id, ann, bob


def invite_path(client: TestClient, table_id: str) -> str:
    """The invite link as the table's page shows it to a seated person."""
    page = client.get(f"/t/{table_id}")
    assert page.status_code == 200, page.text
    found = re.search(rf"/t/{table_id}/join/[\w-]+", page.text)
    assert found, "the page shows no invite link"
    return found.group(0)


CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


def host_form(client: httpx.Client, table_id: str, fields: Mapping[str, str] | None = None) -> dict[str, str]:
    """`fields` and the CSRF token of the host's forms, as the table's page gives it to this
    client (none unless it is the host's page)."""
    found = CSRF.search(client.get(f"/t/{table_id}").text)
    return {**(fields or {}), **({"csrf": found.group(1)} if found else {})}


def join(client: TestClient, path: str, name: str) -> None:
    response = client.post(path, data={"name": name})
    assert response.status_code == 303, response.text


def start(client: TestClient, table_id: str) -> None:
    response = client.post(f"/t/{table_id}/start", data=host_form(client, table_id))
    assert response.status_code == 303, response.text


def receive(ws: WebSocketTestSession, kind: str = "state") -> Message:
    """The next message of `kind` (states in between are skipped only when asking for another kind)."""
    while True:
        message: Message = ws.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] == "state", message


def sync(ws: WebSocketTestSession, since: int = 0) -> Message:
    """Ask for the events after `since`: the state that answers (a state sent before the
    question, with other news, is passed over)."""
    ws.send_json({"type": "sync", "since": since})
    while (state := receive(ws))["since"] != since:
        pass
    return state


Chooser = Callable[[Message], str]


def first_choice(state: Message) -> str:
    notation: str = state["pending"]["choices"][0]["notation"]
    return notation


def play_to_end(
    ws: WebSocketTestSession, seat: int, choose: Chooser = first_choice, moves: int | None = None
) -> Message:
    """Play `seat`'s turns until the game is over, or (with `moves`) until its turn comes
    after that many moves: then the table waits for it. The last state. Every state's events
    follow on from the last one's: none missed, none twice."""
    state = sync(ws)
    last = state["last"]
    moved_at = -1  # a state can come before the move's (a seat connected): never move twice on one position
    while state["result"] is None:
        pending = state["pending"]
        if pending is not None and pending["seat"] == seat and pending["choices"] and last != moved_at:
            if moves is not None and moves <= 0:
                return state
            ws.send_json({"type": "move", "move": choose(state), "after": last})
            moved_at = last
            moves = None if moves is None else moves - 1
        message = ws.receive_json()
        if message["type"] == "refused" and "choose again" in message["reason"]:
            # A card window's answer overtaken by a card played before it in turn order (Fireball
            # Island): the window has closed, and the next state asks again.
            moved_at = -1
            continue
        assert message["type"] == "state", message
        state = message
        assert state["since"] == last, (state["since"], last)
        assert [e["n"] for e in state["events"]] == list(range(last + 1, state["last"] + 1))
        last = state["last"]
    return state


def wait_for(ws: WebSocketTestSession, until: Callable[[Message], bool]) -> Message:
    while True:
        state = receive(ws)
        if until(state):
            return state
