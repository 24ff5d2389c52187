"""The centre stage: the five plays after the set go around the centre, carry its number,
and are no wildstars; a player who cannot play there draws one (R-WS; D-WS-2, D-WS-4)."""

from __future__ import annotations

from gamenight.games.wildstar.tiles import HALVES, NAMES, NUMBERS, is_double, is_star

from .conftest import assert_illegal, count, hand, moves, open_ends, play, position, tile

# The 9-9 is set and one arm, 9-4, is out; seat 1 is to play.
ONE_ARM = "shuffler=1 turn=1 | layout 9-9 9-4@e0"


def test_the_next_five_plays_must_be_made_with_tiles_that_have_the_centre_number():
    """R-WS: "The next five plays must be made with tiles that have an end with the same
    number as the center tile." A double of another number does not carry it."""
    state = position(f"{ONE_ARM} | hands 9-3 4-2 5-5 / 7-1 / 6-2 | pile *")
    assert moves(state) == ["9-3@e0"]
    assert_illegal(state, "5-5@e0", "5-5 has no 9: the plays around the centre must carry the centre number")
    assert_illegal(state, "3-9@e0", "3-9 puts its 3 against the 9 at e0: write 9-3@e0")


def test_the_five_plays_go_around_the_centre_and_no_other_end_is_open_meanwhile():
    """D-WS-2: "the first five plays of a hand must each open a new arm with a tile showing
    the centre number ... During phase 1 no other play is legal." The 4 of the first arm
    takes nothing until all five arms are out."""
    state = position(f"{ONE_ARM} | hands 9-3 9-6 4-2 / 9-8 5-1 / 9-0 6-1 | pile *")
    assert open_ends(state) == {0: (9, 4)}
    assert_illegal(state, "4-2@e1", r"the first five plays go around the centre \(e0\): 1 of 5 are out")
    for seat, arm, left in ((1, "9-3", 3), (2, "9-8", 2), (3, "9-0", 1)):
        assert state.to_act() == seat - 1
        play(state, f"{arm}@e0")
        assert open_ends(state) == {0: (9, left)}
        assert state.view(None)["stage"] == "centre"
    play(state, "9-6@e0")  # the fifth arm
    assert open_ends(state) == {1: (4, 1), 2: (3, 1), 3: (8, 1), 4: (0, 1), 5: (6, 1)}
    assert state.view(None)["stage"] == "open"
    assert state.notation().startswith(
        "shuffler=1 turn=2 phase=play | layout 9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0 | hands 4-2 / 5-1 / 6-1 |"
    )


def test_the_five_dominoes_played_around_the_center_may_be_no_wildstar():
    """R-WS: "The five dominoes played around the center must be matching numbered
    dominoes-no wildstar." A player holding only stars cannot play and draws."""
    state = position(f"{ONE_ARM} | hands 9-3 S SS / S / 6-2 | pile *")
    assert moves(state) == ["9-3@e0"]
    assert_illegal(state, "S-3@e0", "no wildstar may be played around the centre")
    assert_illegal(state, "SS@e0", "no wildstar may be played around the centre")
    state = position("shuffler=1 turn=2 | layout 9-9 9-4@e0 | hands 9-3 / S SS / 6-2 | pile *")
    assert moves(state) == ["draw"]


def test_star_dominoes_then_may_be_used_on_all_later_plays():
    """R-WS: "Star dominoes then may be used on all later plays": the play after the fifth
    arm may be a star, on any open end."""
    state = position(
        "shuffler=1 turn=1 | layout 9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 | hands 9-6 2-0 / SS 7-1 / 2-1 | pile *"
    )
    assert moves(state) == ["9-6@e0"]
    play(state, "9-6@e0")
    assert moves(state) == ["SS@e1", "SS@e2", "SS@e3", "SS@e4", "SS@e5"]


def test_a_player_who_cannot_play_on_the_centre_draws_and_may_play_a_playable_tile():
    """R-WS: "If a player cannot make a play on the center tile, he must draw a tile from the
    pile. If the player draws a playable tile, then he may play it." """
    state = position(f"{ONE_ARM.replace('turn=1', 'turn=2')} | hands 9-3 / 5-1 4-2 / 9-0 | pile *")
    assert moves(state) == ["draw"]
    assert_illegal(state, "pass", "you cannot pass before drawing: draw one tile first")
    play(state, "draw")
    assert state.to_act() == -1
    state.apply_chance(tile("9-7"))
    assert state.notation().startswith("shuffler=1 turn=2 phase=afterdraw drawn=9-7 lacked=2:9 |")
    assert moves(state) == ["9-7@e0", "pass"]
    play(state, "9-7@e0")
    assert state.notation().startswith(
        "shuffler=1 turn=3 phase=play lacked=2:9 | layout 9-9 9-4@e0 9-7@e0 | hands 9-3 / 5-1 4-2 /"
    )


def test_a_drawn_tile_that_cannot_be_played_is_added_to_the_hand_and_play_moves_on():
    """R-WS: "If not, that tile is added to the player's hand and play moves on to the next
    person." A 4 is no play yet: only the centre is open."""
    state = position(f"{ONE_ARM.replace('turn=1', 'turn=2')} | hands 9-3 / 5-1 6-2 / 9-0 | pile *")
    play(state, "draw")
    state.apply_chance(tile("4-0"))
    assert moves(state) == ["pass"]
    play(state, "pass")
    assert hand(state, 2) == ["5-1", "6-2", "4-0"]
    assert state.notation().startswith("shuffler=1 turn=3 phase=play lacked=2:9 | layout 9-9 9-4@e0 |")


def test_the_centre_stage_cannot_stall_with_this_set_because_each_number_is_on_nine_tiles():
    """CLARIFICATIONS 5, Wildstar 8 fears a centre nobody can finish. With the 60-tile set
    every number is on nine non-doubles, more than the five arms: while arms are missing and
    the pile is empty, the rest are in hands, and their holder must play."""
    for number in NUMBERS:
        carriers = [k for k, halves in enumerate(HALVES) if number in halves and not is_double(k) and not is_star(k)]
        assert len(carriers) == 9, NAMES[number]
    # Four arms out, the pile empty: seats 1 and 2 have no 9 and pass; seat 3 plays the fifth.
    state = position("shuffler=1 turn=1 | layout 9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 | hands 8-7 S / 0-0 5-4 / * | pile -")
    assert moves(state) == ["pass"]
    play(state, "pass")
    play(state, "pass")
    assert sorted(moves(state)) == ["9-1@e0", "9-2@e0", "9-5@e0", "9-6@e0", "9-7@e0"]


def test_a_stalled_centre_with_an_empty_pile_is_a_blocked_hand():
    """CLARIFICATIONS 5, Wildstar 8: "if nobody can supply the 5th centre tile and the pile is
    empty. -> Treat it as a blocked hand and score it as blocked." The test above shows the
    60-tile set cannot reach this; the rule is kept for a set that could, so the position is
    edited by hand: the 9s left for the centre are taken out of play."""
    state = position("shuffler=1 turn=1 | layout 9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 | hands 8-7 S / 0-0 5-4 / * | pile -")
    state.hands[2] = [t for t in state.hands[2] if 9 not in HALVES[t]]
    state._legal = None
    left = [NAMES[t] for t in state.hands[2]]
    assert moves(state) == ["pass"]
    play(state, "pass")  # seat 2 cannot play, nor can anyone: the hand is over
    assert state.sheet == [[15 + 20, 30 + 9, count(left)]]
    assert state.notation().startswith("shuffler=1 turn=1 phase=deal sheet=35,39,")
