"""WILDS: "A wild half may be played to cover anything, and a wild half already on the tray may be covered by
anything." """

from __future__ import annotations

from .conftest import moves, play, position

#      a   b   c   d
#  4   2   1   0   5
#  3   2   1   0   6
#  2   0   1   6   5
#  1   4   3   6   5        a 4 (a1) beside a 3 (b1), two different basement dominoes
FOUR_BESIDE_THREE = "basement 4-0 3-1 6-6 5-5 2-2 1-1 0-0 6-5"
# The same, with a wild half on a1 in place of the 4.
WILD_BESIDE_THREE = "basement W-0 3-1 6-6 5-5 2-2 1-1 0-0 6-5"


def test_a_wild_half_may_cover_anything():
    """R-HR example 1: "a wild–3 domino may cover a 4–3": the wild half on the 4, the 3 on the 3.
    The wild goes on any half; the 3 still needs a 3 (b1 is the only one)."""
    state = position(f"| {FOUR_BESIDE_THREE} | hands W-3 5-2 / 4-4")
    assert moves(state) == ["W-3@a1,b1", "3-W@b1,c1"]
    play(state, "W-3@a1,b1")
    assert state.scores() == [4 + 3, 0]  # the wild counts the 4 it covers


def test_a_wild_half_already_on_the_tray_may_be_covered_by_anything():
    """R-HR example 2: "a 4–3 domino may cover a wild–3": the 4 on the wild half, the 3 on the 3."""
    state = position(f"| {WILD_BESIDE_THREE} | hands 4-3 5-2 / 4-4")
    assert moves(state) == ["4-3@a1,b1"]
    play(state, "4-3@a1,b1")
    assert state.scores() == [4 + 3, 0]  # D-HR-4: "A numbered half scores its own number, whatever it covers."


def test_which_half_lies_on_the_wild_changes_the_score():
    """The wild-3 may lie wild on wild (a1) and 3 on 3, or 3 on the wild and wild on the 3. R-HR:
    "In the rare case that a Wild covers a Wild, the value is counted as a 7"; a wild on a 3 counts 3."""
    wild_on_wild = position(f"| {WILD_BESIDE_THREE} | hands W-3 5-2 / 4-4")
    assert moves(wild_on_wild) == ["W-3@a1,b1", "3-W@a1,b1", "3-W@b1,c1"]
    three_on_wild = wild_on_wild.clone()
    play(wild_on_wild, "W-3@a1,b1")
    play(three_on_wild, "3-W@a1,b1")
    assert wild_on_wild.scores() == [7 + 3, 0]
    assert three_on_wild.scores() == [3 + 3, 0]


def test_the_wild_wild_on_two_numbers_scores_the_two_numbers_it_covers():
    """D-HR-4: "A wild–wild played on two numbers scores the sum of the two covered numbers."""
    state = position(f"| {FOUR_BESIDE_THREE} | hands W-W 5-2 / 4-4")
    play(state, "W-W@a1,b1")
    assert state.scores() == [4 + 3, 0]


def test_the_wild_wild_on_a_wild_and_a_number_scores_seven_and_the_number():
    """R-HR: "a Wild covers a Wild ... counted as a 7"; the other wild half counts what it covers."""
    state = position(f"| {WILD_BESIDE_THREE} | hands W-W 5-2 / 4-4")
    play(state, "W-W@a1,b1")
    assert state.scores() == [7 + 3, 0]


def test_the_wild_wild_may_go_on_any_two_dominoes_side_by_side():
    """Both halves wild: every pair of side-by-side cells of two different dominoes is a place
    (16 on the 4x4 base at street level: 24 pairs less the 8 basement dominoes)."""
    state = position(f"| {FOUR_BESIDE_THREE} | hands W-W 5-2 / 4-4")
    assert len(moves(state)) == 16
