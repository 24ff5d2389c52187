"""CLEAR SPACERS: a half one level lower may be raised on a spacer; one per turn; twelve in all."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import NotationError
from gamenight.games.highrise import story
from gamenight.games.highrise.tower import SPACER

from .conftest import assert_illegal, cell, moves, play, position, top

#      a   b   c   d
#  4   0   2   4   6
#  3   0   3   6   6
#  2   0   6   2   1
#  1   5   3¹  1¹  4        3-1 lies on b1-c1 at level 1 (on the wild halves of W-6 and W-2)
STEP = "basement 5-0 W-6 W-2 4-1 0-0 3-2 6-4 6-6 | level1 3-1@b1,c1"
# On STEP, 6-2 on b2-c2 (level 1), then 1-2 on c1-c2: c1 is at level 2, d1 still in the basement.
TWO_STEPS = "basement 5-0 W-6 W-2 4-1 0-0 3-2 6-4 6-6 | level1 3-1@b1,c1 6-2@b2,c2 | level2 1-2@c1,c2"

# From a random game (seed 42): all twelve spacers are in the tower. Seat 2 holds 5-5, which
# would fit on the 5 at c1 (level 3) and the 5 at d1 (level 4) with a spacer on c1.
ALL_SPACERS_USED = (
    "hand=1 turn=2 phase=play scores=161,124 | basement 3-1 6-6 6-2 6-4 0-1 0-3 2-W 3-3"
    " | level1 3-6@a1,b1 W-6@c1,d1 6-0@b2,b3 2-4@c2,d2 W-1@b4,c4"
    " | level2 6-5@b1,c1 1-6@a2^,b2 4-3@d2,d3^ 0-2@b3,c3^ 1-1@a4^,b4"
    " | level3 3-W@a1^,a2 5-W@c1,d1^ W-W@b2,c2^ 2-1@c3,c4^ | level4 5-4@d1,d2^ 4-0@b2,b3^ 2-3@c3,d3^"
    " | level5 4-4@b2,c2^ | hands 5-2 5-3 / 5-5 5-1 | pile *"
)


def test_a_clear_spacer_on_the_lower_half_then_the_domino_on_the_spacer_and_the_other_half():
    """R-HR: "a player may use a clear spacer, which can be placed on a domino half which is one
    level lower than the other half being covered. For example, if a 5 and a 3 are to be covered,
    but the 5 is one level lower than the 3, the player may place a clear spacer on the 5, then
    cover the spacer and the 3 with a 5–3 domino." It lies at level 2 and scores 8 x 2."""
    state = position(f"| {STEP} | hands 5-3 2-2 / 4-4")
    assert (top(state, "a1"), top(state, "b1")) == (("5", 0), ("3", 1))
    assert moves(state) == ["5-3@a1^,b1"]  # a spacer play is a play: the player must make it
    assert story.describe(state, state.parse_move("5-3@a1^,b1")) == (
        "lays a clear spacer on a1 and plays 5-3, the 5 on a1 and the 3 on b1, at level 2 for 16 points"
    )
    play(state, "5-3@a1^,b1")
    assert state.tower.spacers_left == 11
    assert [layer.tile == -1 for layer in state.tower.stacks[cell(state, "a1")]] == [False, True, False]
    assert state.tower.layer(cell(state, "a1"), 1) == SPACER
    assert (top(state, "a1"), top(state, "b1")) == (("5", 2), ("3", 2))
    assert state.scores() == [16, 0]
    assert state.notation().startswith(f"hand=1 turn=2 phase=play scores=16,0 | {STEP} | level2 5-3@a1^,b1 |")
    assert state.view(1)["spacers_left"] == 11


def test_the_number_under_the_spacer_must_still_be_matched():
    """D-HR-3: "Each half matches the effective value of its cell, i.e. the top domino half, seen
    through a spacer if there is one." A 6 may not lie on a spacer on the 5 at a1; the 6-3 may lie
    on a spacer on the 6 at b2 beside the 3 at b1, or on b2-b3 or b3-c3 in the basement."""
    state = position(f"| {STEP} | hands 6-3 2-2 / 4-4")
    assert moves(state) == ["3-6@b1,b2^", "6-3@b2,b3", "3-6@b3,c3"]
    assert_illegal(state, "6-3@a1^,b1", "the 6 of 6-3 does not match the 5 under the spacer on a1")


def test_without_a_spacer_the_halves_must_be_on_the_same_level():
    """R-HR: "the two halves covered had to be from dominoes on the same level (Otherwise, the
    newly placed domino would slide off, and this is not allowed)"."""
    state = position(f"| {STEP} | hands 5-3 2-2 / 4-4")
    message = r"a1 \(the basement\) is one level lower than b1 \(level 1\): lay a clear spacer on a1 \(write a1\^\)"
    assert_illegal(state, "5-3@a1,b1", message)


def test_the_spacer_goes_on_the_lower_half_only():
    state = position(f"| {STEP} | hands 5-3 2-2 / 4-4")
    assert_illegal(state, "5-3@a1,b1^", "lay a clear spacer on a1")


def test_no_spacer_between_halves_on_the_same_level():
    """A spacer is for "a domino half which is one level lower than the other half" only."""
    state = position(f"| {STEP} | hands 6-3 2-2 / 4-4")
    assert_illegal(state, "6-3@b2^,b3", "are on the same level: a clear spacer is only for a half one level lower")


def test_a_half_two_levels_lower_cannot_be_covered():
    """R-HR: "You can never use more than one clear spacer per turn", so a gap of two levels is
    never bridged: d1 (basement) beside c1 (level 2)."""
    state = position(f"| {TWO_STEPS} | hands W-W 2-2 / 4-4")
    assert (top(state, "c1"), top(state, "d1")) == (("1", 2), ("4", 0))
    assert not any(m.startswith("W-W@c1,d1") for m in moves(state))
    assert_illegal(state, "W-W@c1,d1^", r"d1 \(the basement\) is 2 levels lower than c1 \(level 2\)")


def test_a_player_can_never_use_more_than_one_clear_spacer_per_turn():
    """R-HR: "NOTE: A player can use one clear spacer per turn if needed. You can never use more
    than one clear spacer per turn." A play that names two spacers is not even a move."""
    state = position(f"| {STEP} | hands 5-3 2-2 / 4-4")
    with pytest.raises(NotationError, match="never use more than one clear spacer per turn"):
        state.parse_move("5-3@a1^,b1^")


def test_the_spacers_are_a_finite_supply_when_all_twelve_are_used_none_can_be_laid():
    """R-HR CONTENTS: "12 clear spacers"; D-HR-3: "Spacers are a shared, finite supply of 12 and are
    never removed." Seat 2's only fit needs a spacer, so it must draw instead."""
    state = position(ALL_SPACERS_USED)
    assert state.tower.spacers_left == 0
    assert (top(state, "c1"), top(state, "d1")) == (("5", 3), ("5", 4))
    assert moves(state) == ["draw"]
    assert_illegal(state, "5-5@c1^,d1", "all 12 clear spacers are in the tower")


def test_a_thirteenth_spacer_in_a_position_is_refused():
    text = ALL_SPACERS_USED.replace(" | hands", " | level6 5-5@c1^,d1 | hands")
    with pytest.raises(NotationError, match="all 12 clear spacers are in the tower"):
        position(text)


def test_the_spacers_stay_in_the_tower_until_the_hand_ends():
    """Spacers are "never removed" during a hand (D-HR-3); the next hand starts with all twelve."""
    state = position(f"| {STEP} | level2 5-3@a1^,b1 | hands 2-0 / 4-4 2-2", target_score=300)
    assert state.tower.spacers_left == 11
    play(state, "0-2@a4,b4")  # seat 1 goes out, and the hand ends
    assert state.tower.spacers_left == 12
    assert state.notation().startswith("hand=2 turn=2 phase=basement")
