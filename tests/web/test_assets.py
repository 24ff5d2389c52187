"""The board geometry the browser draws from (`GET /api/boards/{game}`)."""

from __future__ import annotations

import json

import pytest

from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.highrise.tower import BASES
from gamenight.interfaces.web.assets import board_assets

GAMES = ("wildfire", "wildstar", "highrise", "fireball-island")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_json_assets_naming_it(game: str) -> None:
    assets = board_assets(game)
    assert json.loads(json.dumps(assets)) == assets
    assert assets["game"] == game


def test_an_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        board_assets("chess")


def test_both_spellings_of_fireball_island_give_the_same_board() -> None:
    assert board_assets("fireball_island") == board_assets("fireball-island")


def test_the_domino_hubs_have_their_arms() -> None:
    assert board_assets("wildfire")["arms"] == 4
    assert board_assets("wildstar")["arms"] == 5


def test_highrise_bases_are_the_games_bases() -> None:
    bases = board_assets("highrise")["bases"]
    assert set(bases) == set(BASES)
    four = bases["4x4"]
    assert (four["cols"], four["rows"]) == (4, 4)
    assert four["cells"][:5] == ["a1", "b1", "c1", "d1", "a2"]
    assert four["slots"][0] == ["a1", "a2"]
    for base in bases.values():
        assert sorted(c for slot in base["slots"] for c in slot) == sorted(base["cells"])


def test_every_space_is_where_the_picture_draws_it() -> None:
    assets = board_assets("fireball-island")
    spaces = {s["id"]: s for s in assets["spaces"]}
    assert list(spaces) == list(BOARD.spaces)
    for space_id, (x, y) in BOARD.layout.items():
        assert spaces[space_id]["at"] == [round(x, 1), round(y, 1)]
        assert spaces[space_id]["kind"] == str(BOARD.spaces[space_id].kind)
        assert 0 <= x <= assets["width"] and 0 <= y <= assets["height"]
    assert spaces["DMP"]["place"] and spaces["VKP"]["place"] and spaces["DOCK"]["place"]
    assert [c["space"] for c in assets["caves"]] == [f"CAVE{n}" for n in range(1, 7)]
    assert assets["bridges"] == list(BOARD.bridges)
    assert {p["letter"] for p in assets["pits"]} == set(BOARD.pits)


def test_every_link_is_drawn_once_and_the_waters_way_out_points_out() -> None:
    links = board_assets("fireball-island")["links"]
    pairs = [frozenset((link["from"], link["to"])) for link in links]
    assert len(pairs) == len(set(pairs))
    assert set(pairs) == {frozenset((a, b)) for a, ends in BOARD.links.items() for b in ends}
    for link in links:
        if link["kind"] == "one-way":
            assert (link["from"], link["to"]) in BOARD.one_way


def test_every_rollway_runs_over_its_spaces_from_its_fireball() -> None:
    assets = board_assets("fireball-island")
    rollways = {r["id"]: r for r in assets["rollways"]}
    assert set(rollways) == set(BOARD.all_rollways)
    fireballs = {f["id"]: f for f in assets["fireballs"]}
    for rollway_id, rollway in BOARD.all_rollways.items():
        drawn = rollways[rollway_id]
        assert drawn["spaces"] == list(rollway.spaces)
        assert drawn["fireball"] == rollway.fireball
        assert rollway_id in fireballs[rollway.fireball]["rollways"]
        # One point beside each space, or a straight arrow from the Fireball to a lone space.
        assert len(drawn["points"]) == (len(rollway.spaces) if len(rollway.spaces) > 1 else 2)


def test_every_card_face_has_its_title() -> None:
    cards = board_assets("fireball-island")["cards"]
    assert [c["key"] for c in cards][:3] == ["FIREBALL", "FAKE_JEWEL", "CANCEL"]
    assert sum(c["copies"] for c in cards) == 48
    assert {c["key"]: c["title"] for c in cards}["MOVE_BACK_1"] == "MOVE ANY OPPONENT BACK 1 SPACE"
