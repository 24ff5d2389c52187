"""A table from the lobby to its rematch: create, invite, start, play to the end over the
WebSocket with bots in the other seats, the result, the record, the rematch."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from gamenight.engine.record import Record, replay

from .support import create_table, invite_path, join, play_to_end, start


def test_lobby_lists_public_tables_and_offers_every_game(client) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for game in ("wildfire", "wildstar", "highrise", "fireball-island"):
        assert f'value="{game}"' in page.text
    table_id = create_table(client)
    private = create_table(client, name="Bea", public=False)
    page = client.get("/")
    assert f"/t/{table_id}" in page.text
    assert f"/t/{private}" not in page.text


def test_two_people_and_bots_play_a_wildfire_round_to_its_end(make_client) -> None:
    ann, bob = make_client(), make_client()
    table_id = create_table(ann, seats=("open", "medium", "easy"))
    join(bob, invite_path(ann, table_id), "Bob")
    start(ann, table_id)
    page = ann.get(f"/t/{table_id}")
    assert f'data-table-id="{table_id}"' in page.text
    assert 'data-seat="0"' in page.text
    # Each person plays at their own browser, at the same time.
    with (
        ann.websocket_connect(f"/t/{table_id}/ws") as ws_ann,
        bob.websocket_connect(f"/t/{table_id}/ws") as ws_bob,
        ThreadPoolExecutor(2) as people,
    ):
        ann_playing = people.submit(play_to_end, ws_ann, 0)
        bob_playing = people.submit(play_to_end, ws_bob, 1)
        end, bob_end = ann_playing.result(), bob_playing.result()
    assert end["table"]["status"] == "over"
    assert end["result"] == bob_end["result"]
    record = Record.from_json(ann.get(f"/t/{table_id}/record").json())
    assert replay(record).scores() == end["result"]["scores"]
