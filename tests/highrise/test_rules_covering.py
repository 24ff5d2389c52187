"""PLAY: a domino covers the halves of two different dominoes, each half matching the half it covers."""

from __future__ import annotations

from .conftest import assert_illegal, moves, play, position, top

#      a   b   c   d
#  4   0   2   4   W
#  3   0   3   6   W        the basement dominoes lie across rows 1-2 and rows 3-4:
#  2   3   6   2   1        a1-a2 5-3, b1-b2 6-6, c1-c2 W-2, d1-d2 4-1,
#  1   5   6   W   4        a3-a4 0-0, b3-b4 3-2, c3-c4 6-4, d3-d4 W-W
BASEMENT = "basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W"


def test_a_domino_is_placed_on_two_cells_side_by_side_each_half_matching_the_half_it_covers():
    """R-HR: "place a domino from your hand directly onto the halves of two different dominoes
    already in the base"; "Each half on the domino you place must match the number on the
    domino half it is covering. For example, if you play a 4–3 domino, the 4 half must cover a
    4 half already on the tray, and the 3 half must cover a 3 half". Every such place, and each
    way round the domino fits, is a move of its own."""
    state = position(f"| {BASEMENT} | hands 6-5 2-2 / 1-1")
    assert moves(state) == ["5-6@a1,b1", "6-5@b1,c1", "6-5@c3,d3"]  # c1 and d3 are wild
    play(state, "5-6@a1,b1")
    assert top(state, "a1") == ("5", 1)
    assert top(state, "b1") == ("6", 1)
    assert state.notation().startswith(f"hand=1 turn=2 phase=play scores=11,0 | {BASEMENT} | level1 5-6@a1,b1 |")


def test_you_must_always_cover_two_dominoes_never_just_one():
    """R-HR: "You must always cover over two dominoes. You can never directly cover just one
    domino." d3 and d4 are the two halves of the wild-wild: 6-5 matches both, but may not lie there."""
    state = position(f"| {BASEMENT} | hands 6-5 2-2 / 1-1")
    assert "6-5@d3,d4" not in moves(state)
    assert_illegal(state, "6-5@d3,d4", "d3 and d4 are both halves of W-W: a play must cover two different dominoes")


def test_the_two_cells_must_be_side_by_side_never_apart_or_diagonal():
    """D-HR-3: "A placement covers two orthogonally adjacent cells (grid-aligned only ...)"."""
    state = position(f"| {BASEMENT} | hands 6-5 2-2 / 1-1")
    assert_illegal(state, "5-6@a1,c3", "a1 and c3 are not side by side")
    assert_illegal(state, "5-6@a1,b2", "a1 and b2 are not side by side")


def test_a_half_that_does_not_match_the_half_it_covers_is_refused():
    """R-HR: "Each half on the domino you place must match the number on the domino half it is covering"."""
    state = position(f"| {BASEMENT} | hands 6-5 2-2 / 1-1")
    assert_illegal(state, "6-5@a1,b1", "the 6 of 6-5 does not match the 5 on a1")


def test_a_domino_that_fits_both_ways_round_may_be_played_either_way():
    """The 6-3 fits 6 then 3 across b2-b3, 3 then 6 across a2-b2 and b3-c3, and with its 3 on
    the wild halves at c1 and d3."""
    state = position(f"| {BASEMENT} | hands 6-3 2-2 / 1-1")
    assert moves(state) == ["6-3@b1,c1", "3-6@a2,b2", "6-3@b2,b3", "3-6@b3,c3", "6-3@c3,d3"]


def test_a_double_lies_the_same_either_way_round_and_is_listed_once():
    """The 1-1 on the 1 at d2 and the wild at d3: one move, however it is written."""
    state = position(f"| {BASEMENT} | hands 1-1 2-2 / 0-1")
    assert moves(state) == ["1-1@d2,d3"]
    assert state.parse_move("1-1@d3,d2") == state.parse_move("1-1@d2,d3")


def test_a_player_plays_only_dominoes_from_their_own_hand():
    state = position(f"| {BASEMENT} | hands 6-5 2-2 / 6-3")
    assert_illegal(state, "3-6@a2,b2", "you do not hold 6-3")


def test_after_making_a_play_your_turn_ends():
    """R-HR: "After making a play ... your turn ends." Turns pass to the left, round the table."""
    state = position(f"turn=3 | {BASEMENT} | hands 1-1 / 2-2 / 6-5 5-5")
    play(state, "6-5@c3,d3")
    assert state.to_act() == 0
    assert state.notation().startswith("hand=1 turn=1 phase=play")
