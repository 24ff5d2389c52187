"""The count and the score sheet: pips, 20 a wildstar, 30 for the 0-0; penalty scoring by
default, the literal "give their score to the winner" as an option (R-WS; D-WS-5)."""

from __future__ import annotations

import pytest

from gamenight.games.wildstar.tiles import ALL_TILES, POINTS

from .conftest import count, hand, play, position, tile

FIVE = "9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"
BLOCKED = f"{FIVE} S-7@e1 7-9@e6 S-5@e2 5-9@e8 S-2@e3 2-9@e10 0-1@e4 1-9@e12 S-9@e5 SS@e14"
# The second hand (one row on the sheet), centre 8-8. Seat 1 goes out with 4-2; seat 2 keeps
# S 0-0 (20 + 30), seat 3 keeps 6-5 (11).
LAST_PLAY = "shuffler=1 turn=1 sheet=10,20,30 | layout 8-8 8-4@e0 8-3@e0 8-9@e0 8-0@e0 8-6@e0 | hands 4-2 / S 0-0 / 6-5"


@pytest.mark.parametrize(
    ("name", "points"),
    [("6-5", 11), ("9-9", 18), ("5-0", 5), ("1-0", 1), ("0-0", 30), ("S", 20), ("SS", 20)],
)
def test_the_count_is_a_point_a_dot_20_a_wildstar_and_30_for_the_0_0(name, points):
    """R-WS: "Each dot on a domino counts 1 point. (Example: The 6-5 counts 11 points.) Each
    wildstar counts 20 points. 0-0 counts 30 points." """
    assert POINTS[tile(name)] == points


def test_the_whole_set_counts_625():
    """R-WS "The count" over the 60 tiles: a double-9 set has 495 pips (each number on 11
    halves, 11 x 45), the 0-0 counts 30 instead of 0, and five wildstars 100."""
    assert sum(POINTS[t] for t in ALL_TILES) == 495 + 30 + 100 == 625


def test_the_hand_winner_scores_nothing_and_each_other_player_adds_his_own_count():
    """D-WS-5: "Default is penalty scoring: each loser adds their own hand count to their own
    score and the hand winner adds 0, so lowest wins." """
    state = position(LAST_PLAY)
    play(state, "4-2@e1")
    assert state.sheet == [[10, 20, 30], [0, 50, 11]]
    assert state.scores() == [10, 70, 41]
    assert state.notation().startswith("shuffler=1 turn=1 phase=deal sheet=10,20,30;0,50,11 |")


def test_in_a_blocked_hand_everyone_adds_his_own_count_to_his_own_score():
    """R-WS: "everyone makes a count of their dominoes and that score is added to each
    person's score"."""
    state = position(f"shuffler=1 turn=1 | layout {BLOCKED} | hands 8-7 / 0-0 5-4 / * | pile -")
    rest = count(hand(state, 3))
    play(state, "pass")
    assert state.sheet == [[15, 39, rest]]
    assert state.scores() == [15, 39, 335]


def test_with_winner_collects_the_others_give_their_count_to_the_winner_of_the_hand():
    """R-WS: "The other players determine the count of the dominoes remaining in their hands
    and give their score to the winner of that hand"; D-WS-5: "A flag winner_collects = True
    gives the literal "give their score to the winner" with highest-wins."""
    state = position(LAST_PLAY, winner_collects=True)
    play(state, "4-2@e1")
    assert state.sheet[-1] == [50 + 11, 0, 0]
    assert state.scores() == [71, 20, 30]
    assert state.view(None)["lowest_wins"] is False


def test_with_winner_collects_a_blocked_hand_goes_to_the_lowest_count():
    """R-WS: the others "give their score to the winner"; a blocked hand has no one who went
    out, and as the highest total wins under winner_collects, the lowest count wins the block
    and collects the others' counts (decision made here: a block must not reward the heaviest
    hand). Seat 1 holds 8-7 (15): it collects seat 2's 39 and seat 3's count."""
    state = position(f"shuffler=1 turn=1 | layout {BLOCKED} | hands 8-7 / 0-0 5-4 / * | pile -", winner_collects=True)
    rest = count(hand(state, 3))
    play(state, "pass")
    assert state.sheet == [[39 + rest, 0, 0]]


def test_with_winner_collects_a_blocked_hand_tied_on_the_lowest_count_scores_nothing():
    """Decision made here: two hands tied on the lowest count have no single winner to collect,
    and a block scores nothing for anyone under winner_collects."""
    state = position(f"shuffler=1 turn=1 | layout {BLOCKED} | hands 8-7 / 6-5 4-0 / * | pile -", winner_collects=True)
    play(state, "pass")
    assert state.sheet == [[0, 0, 0]]
