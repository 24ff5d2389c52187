"""SCORING: each play scores its domino's points times its level; blanks 0; wilds count what they cover."""

from __future__ import annotations

import pytest

from gamenight.engine.table import Table
from gamenight.games.highrise import story
from gamenight.games.highrise.tiles import HAND_POINTS

from .conftest import moves, play, position, tile, top

# a1 5, b1 2 (5-0 across a1-a2, 2-1 across b1-b2); a2 0, a3 3 (3-3 across a3-a4).
STREET = "basement 5-0 2-1 6-6 4-4 3-3 1-1 0-0 6-5"

# a1-a2 W-6 turned (6 on a1, wild on a2), b1-b2 5-4 turned (4 on b1, 5 on b2); on them,
# 6-4 across a1-b1 and 5-3 across a2-b2, its 3 on the wild: a 6 above a 3 at level 1.
LEVEL_TWO = "basement 6-W 4-5 0-0 1-1 2-2 3-3 4-4 5-5 | level1 6-4@a1,b1 3-5@a2,b2"

# Four levels on the block a1 b1 a2 b2, each layer turned a quarter from the one below, so
# that every domino covers two: on top, the wild-wild across a1-a2 and the wild of W-4 on b1.
THREE_LEVELS = (
    "basement 0-1 2-3 6-6 5-5 4-4 3-3 2-2 1-1"
    " | level1 W-2@a1,b1 1-W@a2,b2 | level2 5-1@a1,a2 2-4@b1,b2 | level3 5-2@a1,b1 1-4@a2,b2"
)
LEVEL_FIVE = f"{THREE_LEVELS} | level4 W-W@a1,a2 W-4@b1,b2"


def test_a_5_2_played_at_level_one_scores_7():
    """R-HR: "a 5–2 domino played at level one is scored as 7 times 1, or 7 points"."""
    state = position(f"| {STREET} | hands 5-2 6-1 / 4-0")
    assert "5-2@a1,b1" in moves(state)
    assert (
        story.describe(state, state.parse_move("5-2@a1,b1"))
        == "plays 5-2, the 5 on a1 and the 2 on b1, at level 1 for 7 points"
    )
    play(state, "5-2@a1,b1")
    assert state.scores() == [7, 0]


def test_a_6_3_played_on_level_two_scores_18():
    """R-HR: "Any domino played directly on top of level one is considered level two. For example,
    a 6–3 domino played on level two is scored as 9 times 2, or 18 points"."""
    state = position(f"| {LEVEL_TWO} | hands 6-3 2-0 / 4-0")
    assert (top(state, "a1"), top(state, "a2")) == (("6", 1), ("3", 1))
    play(state, "6-3@a1,a2")
    assert top(state, "a1") == ("6", 2)
    assert state.scores() == [18, 0]


def test_a_6_2_played_on_level_five_scores_40():
    """R-HR: "a 6–2 domino played on level five is scored as 8 times 5, or 40 points"."""
    state = position(f"scores=100,90 | {LEVEL_FIVE} | hands 6-2 6-1 / 4-0")
    assert (top(state, "a1"), top(state, "b1")) == (("W", 4), ("W", 4))
    play(state, "6-2@a1,b1")
    assert top(state, "a1") == ("6", 5)
    assert state.scores() == [140, 90]  # the running total on the score sheet


def test_the_basement_is_not_a_level_and_street_level_is_level_one():
    """R-HR: "The eight dominoes in the basement ... are not considered to be a level. The dominoes
    played directly on top of them (at the "street level") are considered level one."""
    state = position(f"| {STREET} | hands 5-2 6-1 / 4-0")
    assert top(state, "a1") == ("5", 0)
    play(state, "5-2@a1,b1")
    assert top(state, "a1") == ("5", 1)


def test_blanks_count_as_zero_points():
    """R-HR: "Blanks count as zero points." The 0-3: its blank on a2, its 3 on a3."""
    state = position(f"| {STREET} | hands 0-3 6-1 / 4-0")
    play(state, "0-3@a2,a3")
    assert state.scores() == [3, 0]


def test_a_wild_half_on_a_spacer_on_a_4_is_still_counted_as_a_4():
    """R-HR: "a Wild half that covers a 4 is counted as a 4. Also, a Wild half placed on top of a
    spacer that is on top of a 4 is still counted as a 4." The 1-W: its 1 on the 1 at c1 (level
    1), its wild on a spacer on the basement 4 at d1; it lies at level 2."""
    state = position("| basement 5-0 W-6 W-2 4-1 0-0 3-2 6-4 6-6 | level1 3-1@b1,c1 | hands W-1 6-1 / 4-0")
    play(state, "1-W@c1,d1^")
    assert state.scores() == [(1 + 4) * 2, 0]


def test_a_wild_half_on_a_spacer_on_a_wild_counts_7():
    """D-HR-4: "A wild half over a spacer over a wild counts 7." (CLARIFICATIONS §5 Highrise 6)"""
    state = position("| basement 5-0 W-6 W-2 W-1 0-0 3-2 6-4 6-6 | level1 3-5@b1,c1 | hands W-5 6-1 / 4-0")
    assert top(state, "d1") == ("W", 0)
    play(state, "5-W@c1,d1^")
    assert state.scores() == [(5 + 7) * 2, 0]


def test_the_wild_wild_on_two_numbers_at_level_four_scores_their_sum_times_four():
    """D-HR-4: the wild-wild scores the two numbers it covers; R-HR: times its level."""
    state = position(f"| {THREE_LEVELS} | hands W-W 6-1 / 4-0")
    assert (top(state, "a1"), top(state, "a2")) == (("5", 3), ("1", 3))
    play(state, "W-W@a1,a2")
    assert state.scores() == [(5 + 1) * 4, 0]


@pytest.mark.parametrize(
    ("name", "points"), [("5-3", 8), ("0-0", 0), ("6-6", 12), ("W-4", 11), ("W-0", 7), ("W-W", 14)]
)
def test_in_a_hand_wild_halves_count_seven_and_blanks_zero(name, points):
    """R-HR GOING OUT: "Wild halves count seven points and blanks count zero points"."""
    assert HAND_POINTS[tile(name)] == points


def test_a_single_point_is_told_in_the_singular():
    """R-HR: a 1-0 at level one scores 1 times 1, "1 point", and going out against a hand of one
    1-0 scores "the 1 point left"; its count at the hand's end is "1 pip" (the page writes each
    part as its number, then what it counts)."""
    state = position(f"| {STREET} | hands 1-0 6-1 / 4-0")
    assert story.describe(state, state.parse_move("0-1@a2,b2")) == (
        "plays 1-0, the 0 on a2 and the 1 on b2, at level 1 for 1 point"
    )
    state = position(f"| {STREET} | hands 0-3 / 1-0")
    table = Table(state.game, ["P1", "P2"], 1, state, pauses=True)
    table.submit(0, "0-3@a2,a3")
    end = table.round_end
    assert end is not None
    assert end["says"].startswith("P1 went out and scores the 1 point left in the others' hands")
    assert [line["parts"] for line in end["seats"]] == [[["pips", 0]], [["pip", 1]]]
