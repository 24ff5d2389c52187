"""The host's controls and the people at a table, hardened (issue 29): a rematch made once
however often it is asked for at once (item 13), names that could pass for a bot or for the
page's own marks refused (item 17), bounds on what one client may start (items 6 and 9), and
every seat told when a seat changes hands mid-game (item 5)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from gamenight.interfaces.web.limits import Limits
from gamenight.store.database import TableRow

from .conftest import Server
from .support import (
    create_table,
    duel_table,
    host_form,
    invite_path,
    join,
    play_to_end,
    receive,
    start,
    sync,
    wait_for,
)

pytestmark = pytest.mark.both_databases


def tables_stored(server) -> int:
    with server.app.state.store.session() as session:
        count: int = session.scalar(select(func.count()).select_from(TableRow))
        return count


def test_a_rematch_asked_for_five_times_at_once_makes_one_table(make_client, server) -> None:
    ann = make_client()
    table_id = create_table(ann, seats=("medium",), options={"players": 2, "rounds": 1})
    start(ann, table_id)
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        play_to_end(ws, 0)
    form = host_form(ann, table_id)
    before = tables_stored(server)
    with ThreadPoolExecutor(5) as clicks:
        answers = list(clicks.map(lambda _: ann.post(f"/t/{table_id}/rematch", data=form), range(5)))
    assert {answer.status_code for answer in answers} == {303}
    assert len({answer.headers["location"] for answer in answers}) == 1
    assert tables_stored(server) == before + 1


@pytest.mark.parametrize("name", ["Easy bot", "hard BOT", "Ann (host) x", "Bob [you]", "Host", "Zed-bot!"])
def test_a_name_that_poses_as_a_bot_or_the_host_is_refused(make_client, server, name: str) -> None:
    ann, eve = make_client(), make_client()
    table_id = create_table(ann, seats=("open", "medium"))
    refused = eve.post(invite_path(ann, table_id), data={"name": name})
    assert refused.status_code == 400
    assert "may not end in" in refused.text
    assert server.app.state.hub.tables[table_id].seats[1].kind == "open"
    before = tables_stored(server)
    made = eve.post("/tables", data={"name": name, "game": "wildfire"})
    assert made.status_code == 400 and tables_stored(server) == before


@pytest.mark.parametrize("name", ["Abbot", "Robot Wars fan", "Hostess Mary", "Young", "Ann (3)"])
def test_names_that_merely_hold_the_words_are_welcome(make_client, name: str) -> None:
    ann, guest = make_client(), make_client()
    table_id = create_table(ann, seats=("open", "medium"))
    assert guest.post(invite_path(ann, table_id), data={"name": name}).status_code == 303


def test_what_one_address_may_start_is_bounded(data_dir) -> None:
    """Item 6 and 9: tables an hour and tables with bots per address, with small limits; the
    addresses come through a trusted proxy (the test client's)."""
    limits = Limits(tables_per_hour=4, bot_tables_per_address=2, trusted_proxies=("testclient",))
    with Server(data_dir, limits=limits) as server:
        ann = server.browser()
        eve = {"X-Forwarded-For": "10.0.0.66"}
        bots = {"name": "Eve", "game": "wildfire", "seat_2": "medium", "seat_3": "medium"}
        people = {"name": "Eve", "game": "wildfire", "seat_2": "open", "seat_3": "open"}
        first = ann.post("/tables", data=bots, headers=eve)
        assert first.status_code == 303
        assert ann.post("/tables", data=bots, headers=eve).status_code == 303
        too_many_bots = ann.post("/tables", data=bots, headers=eve)
        assert too_many_bots.status_code == 429 and "tables with bots" in too_many_bots.text
        # A table of people only may still be made; once a bot table ends, another may be.
        assert ann.post("/tables", data=people, headers=eve).status_code == 303
        first_id = first.headers["location"].removeprefix("/t/")
        assert ann.post(f"/t/{first_id}/end", data=host_form(ann, first_id)).status_code == 303
        assert ann.post("/tables", data=bots, headers=eve).status_code == 303
        # Four tables in the hour: the fifth is refused, and says when to come back.
        before = tables_stored(server)
        hourly = ann.post("/tables", data=people, headers=eve)
        assert hourly.status_code == 429 and "try again in 60 minutes" in hourly.text
        assert hourly.headers["retry-after"] == "3600"  # and so does the header, for scripts
        assert too_many_bots.headers["retry-after"] == "60"
        assert tables_stored(server) == before
        # Another address is not held back by Eve's.
        assert ann.post("/tables", data=bots, headers={"X-Forwarded-For": "10.0.0.7"}).status_code == 303


def test_a_table_cannot_ask_for_bots_faster_than_the_floor(data_dir) -> None:
    with Server(data_dir, limits=Limits(min_bot_pace=0.5, min_zombie_timeout=5)) as server:
        ann = server.browser()
        form = {"name": "Ann", "game": "wildfire", "seat_2": "hard", "seat_3": "hard"}
        for field, value, said in (("bot_pace", "0", "at least 0.5"), ("zombie_timeout", "0.01", "at least 5")):
            refused = ann.post("/tables", data={**form, field: value})
            assert refused.status_code == 400 and said in refused.text
        assert tables_stored(server) == 0
        made = ann.post("/tables", data={**form, "bot_pace": "0.5", "zombie_timeout": "0"})  # 0: never
        assert made.status_code == 303
        table_id = made.headers["location"].removeprefix("/t/")
        settings = host_form(ann, table_id, {"bot_pace": "0.1", "zombie_timeout": "0"})
        assert ann.post(f"/t/{table_id}/settings", data=settings).status_code == 400
        assert server.app.state.hub.tables[table_id].data.bot_pace == 0.5


def test_every_seat_is_told_when_a_seat_changes_hands_mid_game(make_client, server) -> None:
    """Item 5: the host cannot open a person's seat, take it from a second browser and look
    at the hand unseen: every seat's log says who took which seat."""
    table_id, ann, _ = duel_table(make_client)
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        sync(ws)
        assert ann.post(f"/t/{table_id}/seats/2/revoke", data=host_form(ann, table_id)).status_code == 303
        opened = wait_for(ws, lambda state: bool(state["table"]["seat_changes"]))
        assert [c["text"] for c in opened["table"]["seat_changes"]] == ["the host opened seat 2 (Bob's)"]
        mallory = make_client()
        join(mallory, invite_path(ann, table_id), "Mallory")
        taken = wait_for(ws, lambda state: len(state["table"]["seat_changes"]) == 2)
        assert taken["table"]["seat_changes"][1]["text"] == "Mallory took seat 2 by the invite link"
    # Whoever connects later is told too: Mallory herself, and a spectator.
    for client, path in ((mallory, f"/t/{table_id}/ws"), (make_client(), f"/t/{table_id}/ws?watch=1")):
        with client.websocket_connect(path) as ws:
            assert len(sync(ws)["table"]["seat_changes"]) == 2
    # Before the game starts, seats change hands freely and nobody is told.
    quiet = create_table(ann, seats=("open", "medium"))
    assert ann.post(f"/t/{quiet}/seats/2", data=host_form(ann, quiet, {"to": "easy"})).status_code == 303
    with ann.websocket_connect(f"/t/{quiet}/ws") as ws:
        assert sync(ws)["table"]["seat_changes"] == []


def test_a_connection_syncs_from_far_back_only_so_often(make_client, data_dir) -> None:
    """Item 8: a full sync costs the game's length; one connection may ask for one once a
    minute here, while syncs from near its last event and moves go on."""
    with Server(data_dir, limits=Limits(full_sync_seconds=60)) as server:
        table_id, ann, bob = duel_table(server.browser)
        live = server.app.state.hub.tables[table_id]
        seat = live.table.to_act()
        with (ann, bob)[seat].websocket_connect(f"/t/{table_id}/ws") as ws:
            state = sync(ws)
            assert state["last"] > 10
            ws.send_json({"type": "sync", "since": 0})
            assert "once every 60 s" in receive(ws, "error")["reason"]
            assert sync(ws, state["last"])["events"] == []  # from where it stands: answered
            ws.send_json({"type": "move", "move": state["pending"]["choices"][0]["notation"]})
            wait_for(ws, lambda now: now["last"] > state["last"])
        with (ann, bob)[1 - seat].websocket_connect(f"/t/{table_id}/ws") as other:
            assert sync(other)["since"] == 0  # another connection has its own
