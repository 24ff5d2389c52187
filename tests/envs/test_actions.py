"""The action tables: fixed sizes, one distinct id per legal move, ids that read back."""

from __future__ import annotations

import random

import pytest

from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.envs.actions import action_table
from gamenight.envs.observations import random_states
from tests.envs.conftest import CASES, case_id

SIZES = {
    ("wildfire", "4x4"): 14311,
    ("wildstar", "4x4"): 6329,
    ("highrise", "4x4"): 4610,
    ("highrise", "2x8"): 4226,
    ("fireball-island", "4x4"): 1302,
}


@pytest.mark.parametrize(("game", "layout"), list(SIZES))
def test_sizes_are_the_documented_ones(game, layout):
    options = {"basement_layout": layout} if game == "highrise" else {}
    assert action_table(make_game(game, options)).size == SIZES[game, layout]


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
