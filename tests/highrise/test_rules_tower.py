"""The tower: cells, stacks, levels, and what covers what (D-HR-2, D-HR-3; R-HR SCORING on levels)."""

from __future__ import annotations

from gamenight.games.highrise.notation import picture
from gamenight.games.highrise.tiles import TILES

from .conftest import cell, play, position

# As in test_rules_scoring.py: four levels on the block a1 b1 a2 b2, then 6-2 on top at level 5.
LEVEL_FIVE = (
    "basement 0-1 2-3 6-6 5-5 4-4 3-3 2-2 1-1"
    " | level1 W-2@a1,b1 1-W@a2,b2 | level2 5-1@a1,a2 2-4@b1,b2"
    " | level3 5-2@a1,b1 1-4@a2,b2 | level4 W-W@a1,a2 W-4@b1,b2"
)
STEP = "basement 5-0 W-6 W-2 4-1 0-0 3-2 6-4 6-6 | level1 3-1@b1,c1"


def stack(state, name):
    """A cell's stack, bottom first: each layer's domino and the half of it on this cell."""
    return [
        "spacer" if layer.is_spacer else f"{TILES.name(layer.tile)}:{TILES.symbols[layer.half]}"
        for layer in state.tower.stacks[cell(state, name)]
    ]


def test_each_cell_is_a_stack_of_halves_from_the_basement_up():
    """D-HR-3: "Each cell holds a stack of layers"; height(cell) = the layers above the basement."""
    state = position(f"| {LEVEL_FIVE} | hands 6-2 6-1 / 4-0")
    play(state, "6-2@a1,b1")
    assert stack(state, "a1") == ["1-0:0", "W-2:W", "5-1:5", "5-2:5", "W-W:W", "6-2:6"]
    assert stack(state, "b1") == ["3-2:2", "W-2:2", "4-2:2", "5-2:2", "W-4:W", "6-2:2"]
    assert stack(state, "a2") == ["1-0:1", "W-1:1", "5-1:1", "4-1:1", "W-W:W"]
    assert stack(state, "c1") == ["6-6:6"]
    heights = {name: state.tower.height[cell(state, name)] for name in ("a1", "b1", "a2", "b2", "c1")}
    assert heights == {"a1": 5, "b1": 5, "a2": 4, "b2": 4, "c1": 0}


def test_what_covers_what():
    """Every domino covers two different dominoes: on a1 the 5-2 (level 3) is covered by the wild-wild."""
    state = position(f"| {LEVEL_FIVE} | hands 6-2 6-1 / 4-0")
    a1 = cell(state, "a1")
    covering = state.tower.covered_by(a1, 3)
    assert covering is not None and TILES.name(covering.tile) == "W-W"
    assert state.tower.covered_by(a1, 4) is None  # the wild-wild's half is on top
    assert TILES.name(state.tower.layer(a1, 3).tile) == "5-2"


def test_the_dominoes_level_by_level():
    """R-HR: "The dominoes played directly on top of them (at the "street level") are considered
    level one ... Any domino played directly on top of level one is considered level two"."""
    state = position(f"| {LEVEL_FIVE} | hands 6-2 6-1 / 4-0")
    levels = [[TILES.name(p.tile) for p in level] for level in state.tower.levels()]
    assert levels == [["W-2", "W-1"], ["5-1", "4-2"], ["5-2", "4-1"], ["W-W", "W-4"]]
    assert state.view(0)["levels"][3] == ["W-W@a1,a2", "W-4@b1,b2"]


def test_a_spacer_is_a_layer_of_its_own_raising_its_cell_by_one_and_the_domino_lies_on_it():
    """D-HR-3: "The new domino's level = max(heights) + 1. A spacer adds 1 to the height of its cell." """
    state = position(f"| {STEP} | hands 5-3 2-2 / 4-4")
    play(state, "5-3@a1^,b1")
    assert stack(state, "a1") == ["5-0:5", "spacer", "5-3:5"]
    assert stack(state, "b1") == ["W-6:W", "3-1:3", "5-3:3"]
    assert [p.level for p in state.tower.pieces[8:]] == [1, 2]


def test_the_tower_seen_from_above():
    """For people: each cell's top half and its level, row 1 at the bottom."""
    state = position(f"| {STEP} | hands 5-3 2-2 / 4-4")
    play(state, "5-3@a1^,b1")
    assert picture(state.tower) == [
        "   a    b    c    d",
        "4  0:0  2:0  4:0  6:0",
        "3  0:0  3:0  6:0  6:0",
        "2  0:0  6:0  2:0  1:0",
        "1  5:2  3:2  1:1  4:0",
    ]
    cells = state.view(None)["cells"]
    assert cells[0] == {"cell": "a1", "level": 2, "top": "5", "domino": "5-3"}
    assert cells[2] == {"cell": "c1", "level": 1, "top": "1", "domino": "3-1"}
