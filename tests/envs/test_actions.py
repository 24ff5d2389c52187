"""The action tables: fixed sizes, one distinct id per legal move, ids that read back."""

from __future__ import annotations

import random

import pytest

from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.envs.actions import action_table
from gamenight.envs.observations import random_states
from tests.envs.conftest import CASES, case_id

SIZES = [
    ("wildfire", {}, 7152),  # the basic game: draw, pass, 110 placements x 65 ends
    ("wildfire", {"strategic": True}, 7161),  # and the 9 hub numbers
    ("wildfire", {"knock_penalty": True}, 14302),  # and each play with its knock
    ("wildfire", {"knock_penalty": True, "auto_knock": True}, 7152),  # knocks made for the players
    ("wildfire", {"strategic": True, "knock_penalty": True}, 14311),
    ("wildstar", {}, 6329),
    ("highrise", {}, 4610),
    ("highrise", {"basement_layout": "2x8"}, 4226),
    ("fireball-island", {}, 1302),
]


@pytest.mark.parametrize(("game", "options", "size"), SIZES)
def test_sizes_are_the_documented_ones(game, options, size):
    assert action_table(make_game(game, options)).size == size


def test_a_wildfire_table_has_ids_for_what_its_variants_offer_and_no_more():
    """The basic game offers no hub to name and no knock to make: its table has no ids for
    them, and a move's id is the same whether or not the strategic variant adds the hubs'."""
    basic = action_table(make_game("wildfire", {"players": 2, "rounds": 1}))
    knocking = action_table(make_game("wildfire", {"players": 2, "rounds": 1, "knock_penalty": True}))
    names = {basic.describe(i) for i in range(basic.size)}
    assert not any(name.startswith("hub") or name.endswith("knock") for name in names)
    assert len(names) == basic.size
    knocks = [knocking.describe(i) for i in range(knocking.size) if knocking.describe(i).endswith("knock")]
    assert len(knocks) == knocking.size - basic.size


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_legal_move_has_one_id_that_reads_back(case):
    name, options = case
    game = make_game(name, options)
    table = action_table(game)
    rng = random.Random(7)
    decisions = 0
    for state in random_states(game, 3, rng):
        assert state.to_act() not in (None, CHANCE)
        legal = list(state.legal_moves())
        ids = table.ids(legal)
        assert len(set(ids)) == len(ids) == len(legal)
        if name != "fireball-island":  # (a walk's id depends on the other walks: ids alone)
            assert ids == [table.id_of(move) for move in legal]  # the batch's arithmetic, one by one
        assert all(0 <= i < table.size for i in ids)
        mask = table.mask(legal)
        assert mask.sum() == len(legal)
        for move, i in zip(legal, ids, strict=True):
            text = table.describe(i)
            if name == "fireball-island":
                # a walk is told by the space it ends on; every other decision by its notation
                assert text.split(" ")[0] in state.move_notation(move).split(">")[-1] + state.move_notation(move)
            else:
                assert text == state.move_notation(move)
        decisions += 1
    assert decisions > 20


def test_ids_do_not_depend_on_how_many_tiles_were_laid():
    """The same play on the same end keeps its id as the layout grows."""
    game = make_game("wildstar", {"players": 2, "hands": 1})
    table = action_table(game)
    seen: dict[str, int] = {}
    for state in random_states(game, 4, random.Random(3)):
        for move, i in zip(state.legal_moves(), table.ids(list(state.legal_moves())), strict=True):
            text = state.move_notation(move)
            assert seen.setdefault(text, i) == i
    assert len(seen) > 30
