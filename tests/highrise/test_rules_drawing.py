"""PLAY: you must play if you can; else draw one domino, then play it or end your turn; pass when the pile is out."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import IllegalMoveError
from gamenight.games.highrise import story

from ..helpers import draws_from
from .conftest import assert_illegal, hand, moves, play, position, tile

#      a   b   c   d
#  4   0   2   4   W
#  3   0   3   6   W
#  2   3   6   2   1
#  1   5   6   W   4        neither 2-2, 3-3 nor 5-5 fits anywhere on this basement
BASEMENT = "basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W"
STUCK = f"turn=2 | {BASEMENT} | hands 6-5 6-0 / 2-2 3-3 | pile *"


def test_a_player_who_can_play_must_play_and_may_not_draw_or_pass():
    """R-HR: "After making a play (you must make a play if you have one), your turn ends." """
    state = position(f"| {BASEMENT} | hands 6-5 2-2 / 3-3 | pile *")
    assert moves(state) == ["5-6@a1,b1", "6-5@b1,c1", "6-5@c3,d3"]
    assert_illegal(state, "draw", "you can play, so you may not draw")
    assert_illegal(state, "pass", "you must make a play if you have one")


def test_a_player_who_cannot_play_must_draw_one_domino_from_the_draw_pile():
    """R-HR: "If you are unable to make a play, then you must draw one domino from the draw pile."
    The draw is a chance step over the unseen dominoes, each equally likely."""
    state = position(STUCK)
    assert moves(state) == ["draw"]
    assert_illegal(state, "pass", "you cannot pass before drawing: draw one domino first")
    play(state, "draw")
    assert state.notation().startswith("hand=1 turn=2 phase=draw ")
    assert state.to_act() == -1
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 - 8 - 4
    assert {p for _, p in outcomes} == {1 / 24}


@pytest.mark.parametrize("order", ["as dealt", "shuffled"])
def test_the_drawn_domino_and_only_it_leaves_the_pile(order: str):
    """The pile has no order (R-HR: "draw one domino from the draw pile"): whichever domino is
    drawn leaves it, and every other stays. Compiled, the engine finds it by bisection in a
    pile kept in the set's order (`hands.pile_index`); a pile in any other order is still
    searched whole."""
    state = position(STUCK)
    play(state, "draw")
    for drawn, probe in draws_from(state, order):
        assert probe.drawn == drawn and drawn in probe.hands[1]


def test_the_drawn_domino_is_private_to_its_drawer():
    state = position(STUCK)
    play(state, "draw")
    assert story.describe_outcome(state, tile("5-5")) == (
        "P2 draws a domino",
        "P2 draws 5-5",
        frozenset({1}),
    )
    state.apply_chance(tile("5-5"))
    assert state.view(1)["drawn"] == "5-5"
    assert "5-5" not in str(state.view(0))
    assert "5-5" not in str(state.view(None))


def test_after_drawing_the_player_must_play_the_drawn_domino_if_they_can():
    """R-HR: "After drawing the domino, you must either play it if you can, or end your turn
    without playing. You never draw more than one domino in your turn." """
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("1-0"))
    assert state.notation().startswith("hand=1 turn=2 phase=afterdraw drawn=1-0 ")
    assert hand(state, 2) == ["2-2", "3-3", "1-0"]
    assert moves(state) == ["1-0@d2,d3"]  # the 1 on the 1 at d2, the blank on the wild at d3
    assert_illegal(state, "pass", "you must make a play if you have one")
    assert_illegal(state, "draw", "you never draw more than one domino in your turn")
    play(state, "1-0@d2,d3")
    assert state.notation().startswith("hand=1 turn=1 phase=play scores=0,1 ")


def test_a_drawn_domino_that_cannot_be_played_is_kept_and_the_turn_ends():
    """R-HR: "or end your turn without playing" ('pass')."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("5-5"))
    assert moves(state) == ["pass"]
    assert story.describe(state, state.parse_move("pass")) == "ends the turn without playing"
    play(state, "pass")
    assert state.notation().startswith("hand=1 turn=1 phase=play ")
    assert hand(state, 2) == ["2-2", "3-3", "5-5"]


def test_with_no_more_dominoes_in_the_draw_pile_a_player_who_cannot_play_passes():
    """R-HR: "If there are no more dominoes in the draw pile, you must pass your turn if you cannot play." """
    state = position(f"turn=2 | {BASEMENT} | hands * / 2-2 3-3 | pile -")
    assert moves(state) == ["pass"]
    assert_illegal(state, "draw", "the draw pile is empty: you must pass")
    play(state, "pass")
    assert state.notation().startswith("hand=1 turn=1 phase=play ")


def test_with_the_pile_empty_a_player_who_can_play_must_still_play():
    state = position(f"turn=2 | {BASEMENT} | hands * / 2-2 6-5 | pile -")
    assert moves(state) == ["5-6@a1,b1", "6-5@b1,c1", "6-5@c3,d3"]
    assert_illegal(state, "pass", "you must make a play if you have one")


def test_a_chance_step_takes_only_a_domino_from_the_pile_and_is_no_players_move():
    state = position(STUCK)
    play(state, "draw")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="2-2 is not in the draw pile"):
        state.apply_chance(tile("2-2"))
    assert state.notation() == before
    assert_illegal(state, "pass", "no player is to act")
