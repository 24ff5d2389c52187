"""What each connection is told: its seat's view and events, choices only to the seat to act,
the spectator's view to spectators, exactly the missed events on a resync, no other seat's
hand ever, and the record only once the game is over."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gamenight.engine.record import Record, replay
from gamenight.engine.table import Table

from .support import create_table, invite_path, join, play_to_end, start, sync
from .support import wait_for as wait_until


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def mentions(message: dict[str, Any], tile: str) -> bool:
    pattern = re.compile(rf"(?<![\w-]){re.escape(tile)}(?![\w-])")
    return any(pattern.search(text) for text in strings(message))


INFERENCES = ("absent", "passed_over")
"""View fields (docs/views.md) listing per seat the tiles it showed it does *not* hold: a
tile named there may well be in another hand; that is what everyone saw, not a leak."""


def without_inferences(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in INFERENCES}


DECLARED = re.compile(r"\bstar as \d-\d")
"""Wildstar's words for the value a played star stands for ("plays a single star as 1-0 on the
1"): said openly at the table, the same as the tile of that name only in writing."""


def without_declarations(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**event, "text": DECLARED.sub("star as ?", event["text"])} for event in events]


@pytest.fixture
def duel(make_client, server):
    """Ann and Bob at a started two-seat game of `game` (no bots: nothing moves unless they do)."""

    def seat(game: str = "wildfire", options: dict[str, Any] | None = None):
        ann, bob = make_client(), make_client()
        table_id = create_table(ann, game=game, seats=("open",), options=options or {"players": 2, "rounds": 1})
        join(bob, invite_path(ann, table_id), "Bob")
        start(ann, table_id)
        return table_id, (ann, bob), server.app.state.hub.tables[table_id]

    return seat


def test_each_seat_gets_its_own_view_and_only_the_seat_to_act_gets_choices(duel) -> None:
    table_id, (ann, bob), live = duel()
    table = live.table
    with ann.websocket_connect(f"/t/{table_id}/ws") as wa, bob.websocket_connect(f"/t/{table_id}/ws") as wb:
        states = [sync(wa), sync(wb)]
    to_act = table.to_act()
    for seat, state in enumerate(states):
        assert state["seat"] == seat
        assert state["view"] == dict(table.view(seat))
        assert state["events"] == table.events_for(seat, 0)
        assert state["pending"]["seat"] == to_act
        expected = [c.notation for c in table.pending().choices] if seat == to_act else []
        assert [c["notation"] for c in state["pending"]["choices"]] == expected
        assert state["table"]["to_act"] == to_act
        assert [s["name"] for s in state["table"]["seats"]] == ["Ann", "Bob"]


def test_a_spectator_gets_the_spectator_view_no_choices_and_no_drawn_tile(duel, server) -> None:
    table_id, _, live = duel()
    watcher = server.browser()
    page = watcher.get(f"/t/{table_id}/watch")
    assert 'data-seat=""' in page.text
    with watcher.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = sync(ws)
    assert state["seat"] is None
    assert state["view"] == dict(live.table.view(None))
    assert state["view"]["hand"] is None
    assert state["pending"]["choices"] == []
    assert state["events"] == live.table.events_for(None, 0)
    hands = [tile for seat in (0, 1) for tile in live.table.view(seat)["hand"]]
    told = dict(state, view=without_inferences(state["view"]))
    assert not [tile for tile in hands if mentions(told, tile)]


def test_the_page_itself_holds_no_view_data(duel) -> None:
    table_id, (ann, _), live = duel()
    page = ann.get(f"/t/{table_id}").text
    main = re.search(r'<main id="table"[^>]*></main>', page)
    assert main is not None
    assert f'data-ws="/t/{table_id}/ws"' in main.group(0)
    assert 'data-game="wildfire"' in main.group(0)
    assert '<script type="module" src="/static/table.js"></script>' in page
    assert '<link rel="stylesheet" href="/static/style.css">' in page
    for tile in live.table.view(0)["hand"]:
        assert not re.search(rf"(?<![\w-]){re.escape(tile)}(?![\w-])", page), tile


@pytest.mark.parametrize(
    ("game", "options"),
    [("wildfire", {"players": 2, "rounds": 1}), ("highrise", {"players": 2}), ("wildstar", {"players": 2, "hands": 1})],
)
def test_no_message_to_a_seat_names_a_tile_in_the_other_hand(duel, server, game: str, options: dict[str, Any]) -> None:
    """Both seats play a whole game while a spectator watches; every message each receives
    is checked, as it arrives, against the true hands at that moment."""
    table_id, (ann, bob), live = duel(game, options)
    watcher = server.browser()
    with (
        ann.websocket_connect(f"/t/{table_id}/ws") as wa,
        bob.websocket_connect(f"/t/{table_id}/ws") as wb,
        watcher.websocket_connect(f"/t/{table_id}/ws") as ww,
    ):
        sockets = (wa, wb, ww)
        states = [sync(wa), sync(wb), sync(ww)]
        checked = 0
        while states[0]["result"] is None:
            seat = live.table.to_act()
            hands = [set(live.table.view(s)["hand"]) for s in (0, 1)]
            for s, state in enumerate(states):
                # Identical pieces (Wildstar's stars, S) are named by their kind: only a tile the
                # seat does not hold a copy of would tell it something. A spectator holds none.
                hidden = (hands[1 - s] - hands[s]) if s < 2 else hands[0] | hands[1]
                # The seat's own choices name values a wild piece may take ("plays a star as 6-1"):
                # they are checked whole instead, as exactly what the table offers this seat.
                told = {"view": without_inferences(state["view"]), "events": without_declarations(state["events"])}
                leaks = [t for t in hidden if mentions(told, t)]
                assert not leaks, (s, leaks, [x for x in strings(told) if any(t in x for t in leaks)])
                assert state["view"] == dict(live.table.view(None if s == 2 else s))
                offered = [c.notation for c in live.table.pending().choices] if s == seat else []
                assert [c["notation"] for c in state["pending"]["choices"]] == offered
                checked += 1
            number = live.table.number
            sockets[seat].send_json({"type": "move", "move": states[seat]["pending"]["choices"][0]["notation"]})
            # Nothing moves but the two of them: once the mover hears of its move, the table
            # stands still until the next one, and the others catch up to the same number.
            states[seat] = wait_until(sockets[seat], lambda st, number=number: st["last"] > number)
            target = states[seat]["last"]
            for s in {0, 1, 2} - {seat}:
                states[s] = wait_until(sockets[s], lambda st, target=target: st["last"] == target)
    assert checked >= 3 * 8  # three connections, eight positions at least


def test_a_resync_returns_exactly_the_missed_events(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann, seats=("medium", "medium"), options={"players": 3, "rounds": 1})
    start(ann, table_id)
    live = server.app.state.hub.tables[table_id]
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = play_to_end(ws, 0, moves=3)
        last = state["last"]
        assert last > 10
        for since in (0, 1, last // 2, last - 1, last):
            again = sync(ws, since)
            assert again["since"] == since
            assert again["events"] == live.table.events_for(0, since)
            assert [e["n"] for e in again["events"]] == list(range(since + 1, again["last"] + 1))
    # A new connection (a reloaded page) starting from nothing is told everything.
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = sync(ws, 0)
        assert state["events"] == live.table.events_for(0, 0)
        assert state["view"] == dict(live.table.view(0))


def test_the_record_is_refused_before_the_end_and_replays_after(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann, seats=("easy",), options={"players": 2, "rounds": 1})
    start(ann, table_id)
    refused = ann.get(f"/t/{table_id}/record")
    assert refused.status_code == 403
    assert "when the game is over" in refused.json()["error"]
    assert "seed" not in refused.json()
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        end = play_to_end(ws, 0)
    assert end["result"]["record_url"] == f"/t/{table_id}/record"
    response = server.browser().get(end["result"]["record_url"])  # anyone may have it now
    assert response.status_code == 200
    record = Record.from_json(response.json())
    assert record.seats == ["Ann", "Easy bot"]
    assert record.result == end["result"]["scores"]
    assert replay(record).scores() == end["result"]["scores"]
    resumed = Table.resume(record)
    assert resumed.is_over()
    assert resumed.events_for(0, 0) == server.app.state.hub.tables[table_id].table.events_for(0, 0)
    # The finished game is listed on the table's page with its result.
    page = ann.get(f"/t/{table_id}").text
    assert 'id="results"' in page
    assert f"/t/{table_id}/record" in page
