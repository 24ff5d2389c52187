"""Tables in memory only while someone needs them (issue 29, item 9; web/idle.py): at startup
only the games that go on with nobody there are resumed, a table is loaded when someone asks
for it, and an idle one is let go, to come back exactly where it was. Nothing stored is lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.interfaces.web.tokens import cookie_name
from gamenight.store.database import Store

from .conftest import Server
from .support import create_table, host_form, invite_path, join, play_to_end, start, sync, until


def same_place(state: dict[str, Any]) -> dict[str, Any]:
    return {key: state[key] for key in ("table", "seat", "view", "pending", "events", "last", "result")}


def test_an_idle_table_leaves_memory_and_comes_back_where_it_was(data_dir: Path) -> None:
    with Server(data_dir, idle_lifetime=0.3) as server:
        hub, store = server.app.state.hub, server.app.state.store
        ann = server.browser()
        table_id = create_table(ann, seats=("medium", "medium"), zombie_timeout="0")
        start(ann, table_id)
        with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
            play_to_end(ws, 0, moves=2)  # Ann's turn: nothing moves until she does
            given = ann.post(f"/t/{table_id}/seats/3", data=host_form(ann, table_id, {"to": "easy"}))
            assert given.status_code == 303
            before = sync(ws)
            assert before["pending"]["seat"] == 0 and before["table"]["seat_changes"]
        steps = len(store.record(table_id).steps)
        until(lambda: table_id not in hub.tables, "the idle table to be let go")
        assert len(store.record(table_id).steps) == steps  # nothing stored was dropped
        with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
            after = sync(ws)
            assert same_place(after) == same_place(before)
            ws.send_json({"type": "move", "move": after["pending"]["choices"][0]["notation"], "after": after["last"]})
            until(lambda: len(store.record(table_id).steps) > steps, "Ann's move, then the bots', stored")


def stored_with_a_bot_to_move(store: Store, kind: str = "bot") -> tuple[str, int]:
    """A two-seat Wildfire table written straight to the database, seat 2 to move: (id, steps).
    Seat 2 is a bot's, or (kind "open") a person's seat opened mid-game, which a bot plays."""
    options = {"players": 2, "rounds": 1}
    data = store.create_table(
        game="wildfire",
        options=options,
        title="t",
        public=False,
        seats=[
            ("person", None, "Ann"),
            (kind, "medium" if kind == "bot" else None, "Medium bot" if kind == "bot" else ""),
        ],
        bot_pace=0.0,
        zombie_timeout=0.0,
        turn_timer=None,
    )
    table = Table(make_game("wildfire", options), ["Ann", "Medium bot"], seed=7, windows=True)
    while table.to_act() != 1:
        seat = table.to_act()
        assert seat is not None
        pending = table.pending_for(seat)
        assert pending is not None
        table.submit(seat, pending.choices[0].move)
    store.start(data.id, table.record)
    return data.id, len(table.record.steps)


def test_at_startup_only_the_games_that_go_on_alone_are_resumed(data_dir: Path) -> None:
    with Server(data_dir) as first:
        ann, bob = first.browser(), first.browser()
        people = create_table(ann, seats=("open",), options={"players": 2, "rounds": 1}, zombie_timeout="0")
        join(bob, invite_path(ann, people), "Bob")
        start(ann, people)
        waiting = create_table(ann, seats=("medium",), options={"players": 2, "rounds": 1}, zombie_timeout="0")
        start(ann, waiting)
        with ann.websocket_connect(f"/t/{waiting}/ws") as ws:
            until(lambda: sync(ws)["pending"]["seat"] == 0, "Ann's turn, the bot's move made")
        bot_to_move, steps = stored_with_a_bot_to_move(first.app.state.store)
        opened, opened_steps = stored_with_a_bot_to_move(first.app.state.store, "open")
    with Server(data_dir) as second:
        hub, store = second.app.state.hub, second.app.state.store
        # The bot moves though nobody opened its table: it was resumed for it.
        until(lambda: len(store.record(bot_to_move).steps) > steps, "the bot's move, with nobody there")
        until(lambda: len(store.record(opened).steps) > opened_steps, "a bot's move for the opened seat")
        until(lambda: hub.resumed is not None, "the startup's resuming to end")
        assert hub.resumed == 3  # the tables a bot plays at; the people's own waits for a person
        assert people not in hub.tables  # never loaded: nothing can happen there without a person
        assert waiting not in hub.tables  # loaded, found waiting for Ann, let go at once
        bob_again = second.browser()
        bob_again.cookies.set(cookie_name(people), bob.cookies[cookie_name(people)])
        with bob_again.websocket_connect(f"/t/{people}/ws") as ws:  # loaded when someone asks
            assert sync(ws)["seat"] == 1 and people in hub.tables
