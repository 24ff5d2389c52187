"""The host's controls and the people at a table, hardened (issue 29): a rematch made once
however often it is asked for at once (item 13), and names that could pass for a bot or for
the page's own marks refused (item 17)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from gamenight.store.database import TableRow

from .support import create_table, host_form, invite_path, play_to_end, start

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
