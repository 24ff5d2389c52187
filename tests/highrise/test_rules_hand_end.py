"""GOING OUT and a blocked hand: the goer-out collects the opponents' hands; blocked, everyone subtracts their own."""

from __future__ import annotations

from gamenight.games.highrise import story

from .conftest import moves, play, position

BASEMENT = "basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W"
# Seat 1 goes out with 6-5 on a1-b1 (11 points at level 1). Seat 2 is left with W-4 3-0
# (7 + 4 + 3 + 0 = 14), seat 3 with W-5 2-2 (7 + 5 + 2 + 2 = 16).
LAST_DOMINO = f"scores=10,20,30 | {BASEMENT} | hands 6-5 / W-4 3-0 / W-5 2-2 | pile *"

# From a random game (seed 199), the draw pile out: seat 1 lays 6-1 on a spacer on the wild at
# a1 (level 1) and on the 1 at b1 (level 2), at level 3 for 7 x 3, and after it nobody can play.
# Seat 1 keeps 4-4 0-0 3-3 (14), seat 2 keeps 3-0 (3).
LAST_PLAY_BEFORE_BLOCK = (
    "hand=1 turn=1 phase=play scores=0,0 | basement 6-0 3-5 6-3 0-2 6-6 1-2 5-4 5-6"
    " | level1 W-W@a1,b1 6-W@c1,d1 0-5@a2,b2 2-5@d2,d3 W-5@b3,c3 W-2@a4,b4 4-6@c4,d4"
    " | level2 1-5@b1,b2 3-2@c2^,d2 W-4@a3^,b3 5-5@c3,d3 2-4@b4,c4"
    " | level3 2-2@d1^,d2 0-1@a2^,a3 3-W@c2,c3 1-W@a4^,b4 | level4 1-4@a3,b3^ 0-W@c3,d3^"
    " | level5 2-6@d2^,d3 1-1@a3,a4^ 4-3@b3,b4^ | level6 4-0@b3,c3^ 1-3@a4,b4"
    " | hands 6-1 4-4 0-0 3-3 / 3-0 | pile -"
)


def test_a_player_who_plays_their_last_domino_has_gone_out_and_scores_the_opponents_hands():
    """R-HR GOING OUT: "If one player plays their last domino, that player has "gone out." After
    scoring the points earned for the final play, that player also scores all the unplayed points
    in the opponents' hands (Wild halves count seven points and blanks count zero points)."""
    state = position(LAST_DOMINO)
    move = state.parse_move("5-6@a1,b1")
    assert (
        story.describe(state, move) == "plays 6-5, the 5 on a1 and the 6 on b1, at level 1 for 11 points, and goes out"
    )
    play(state, "5-6@a1,b1")
    assert state.scores() == [10 + 11 + 14 + 16, 20, 30]


def test_going_out_ends_the_hand_and_the_next_hand_starts_with_a_new_basement():
    """The hand is over: all 36 dominoes go back, the basement is filled again (D-HR-6: the next
    hand is started by the player to the left)."""
    state = position(LAST_DOMINO, target_score=300)  # several hands: the next one is dealt
    play(state, "5-6@a1,b1")
    assert state.notation().startswith("hand=2 turn=2 phase=basement scores=51,20,30 | basement | hands - / - / - |")
    assert len(state.pile) == 36
    assert state.tower.spacers_left == 12


def test_the_opponents_do_not_also_lose_their_hands_unless_the_option_says_so():
    """D-HR-4: "When a player goes out, opponents do not also subtract their hands; only the
    goer-out gains. Flag opponents_subtract_on_out = False." With the flag on, they do."""
    state = position(LAST_DOMINO, opponents_subtract_on_out=True)
    play(state, "5-6@a1,b1")
    assert state.scores() == [51, 20 - 14, 30 - 16]


def test_if_no_one_can_make_any_more_plays_the_hand_ends_and_each_player_subtracts_their_own_hand():
    """R-HR: "If no player goes out, and no one can make any more plays, the hand ends and each
    player must subtract the points remaining in their hand from their score." The hand ends as
    soon as nobody can play and the pile is out: nobody need pass round the table first (D-HR-5)."""
    state = position(LAST_PLAY_BEFORE_BLOCK, target_score=300)
    assert moves(state) == ["6-1@a1^,b1", "1-6@b1,c1^"]
    play(state, "6-1@a1^,b1")
    assert state.scores() == [21 - 14, -3]  # a running total may go below zero
    assert state.notation().startswith("hand=2 turn=2 phase=basement scores=7,-3 |")


def test_a_hand_is_not_over_while_someone_can_still_play():
    """Seat 2 cannot play and the pile is out, but seat 1 can: seat 2 passes and play goes on."""
    state = position(f"turn=2 | {BASEMENT} | hands * / 2-2 3-3 | pile -")
    assert moves(state) == ["pass"]
    play(state, "pass")
    assert state.notation().startswith("hand=1 turn=1 phase=play ")
