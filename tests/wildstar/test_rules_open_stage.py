"""The open stage: once five arms are out, any tile matching an open end (R-WS; D-WS-2)."""

from __future__ import annotations

from .conftest import assert_illegal, moves, open_ends, play, position

# The five arms are out: e1 shows 4, e2 3, e3 8, e4 0, e5 6; the centre is full.
FIVE = "9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"


def test_once_five_dominoes_are_around_the_centre_any_domino_matching_an_open_end_may_be_played():
    """R-WS: "Once five matching dominoes have been played on the center tile, a player may
    play any domino from his hand whose end matches the open end of a domino played on the
    table." D-WS-2: "Phase 2: there are 5 open ends (the outer end of each arm)." A tile that
    matches two ends is two plays."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands 4-2 3-3 8-1 7-7 6-0 / 5-1 / 2-1 | pile *")
    assert open_ends(state) == {1: (4, 1), 2: (3, 1), 3: (8, 1), 4: (0, 1), 5: (6, 1)}
    assert sorted(moves(state)) == ["0-6@e4", "3-3@e2", "4-2@e1", "6-0@e5", "8-1@e3"]


def test_the_centre_takes_no_more_tiles_after_its_five_arms():
    """D-WS-2: the centre "has 5 arms"; after five plays it is full, even for a 9."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands 9-2 7-7 / 5-1 / 2-1 | pile *")
    assert moves(state) == ["draw"]
    assert_illegal(state, "9-2@e0", "there is no open end e0")


def test_the_half_written_first_is_laid_against_the_end_and_the_other_half_is_the_new_end():
    """R-WS: "whose end matches the open end": 4-2@e1 lays the 4 on the 4, and the 2 shows."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands 4-2 7-7 / 5-1 / 2-1 | pile *")
    assert_illegal(state, "2-4@e1", "2-4 puts its 2 against the 4 at e1: write 4-2@e1")
    play(state, "4-2@e1")
    assert open_ends(state) == {2: (3, 1), 3: (8, 1), 4: (0, 1), 5: (6, 1), 6: (2, 1)}
    assert state.notation().startswith(f"shuffler=1 turn=2 phase=play | layout {FIVE} 4-2@e1 |")


def test_a_domino_that_matches_no_open_end_is_refused_and_changes_nothing():
    """R-WS: a play's end must match "the open end of a domino played on the table"."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands 4-2 7-7 / 5-1 / 2-1 | pile *")
    assert_illegal(state, "7-7@e1", "7-7 does not match the 4 at e1")
    assert_illegal(state, "4-2@e2", "4-2 does not match the 3 at e2")


def test_a_play_on_a_covered_or_missing_end_is_refused():
    """An end that a tile already covers is no longer open."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} 4-2@e1 | hands 4-1 2-0 / 5-1 / 2-1 | pile *")
    assert_illegal(state, "4-1@e1", "there is no open end e1")
    assert_illegal(state, "2-0@e42", "there is no open end e42")


def test_a_player_plays_only_dominoes_from_his_own_hand():
    """R-WS: "a player may play any domino from his hand"."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands 4-2 7-7 / 3-1 / 2-1 | pile *")
    assert_illegal(state, "3-1@e2", "you do not hold 3-1")


def test_two_open_ends_showing_the_same_number_are_two_plays():
    """R-WS: "the open end of a domino played on the table" -- any of them; the player
    chooses, and the play lands where it was written."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} 4-2@e1 3-2@e2 | hands 2-5 7-7 / 5-1 / 2-1 | pile *")
    assert moves(state) == ["2-5@e6", "2-5@e7"]
    play(state, "2-5@e7")
    assert open_ends(state)[6] == (2, 1)
    assert open_ends(state)[8] == (5, 1)
    assert 7 not in open_ends(state)
