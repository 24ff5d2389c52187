"""Matching pips, doubles crosswise, and the centre double in the hub (R-WF NOTE, PLAY; D-WF-4)."""

from __future__ import annotations

from .conftest import assert_illegal, moves, play, position


def open_ends(state):
    return {e["end"]: (e["value"], e["double"], e["free"]) for e in state.view(None)["open_ends"]}


def test_a_domino_is_played_so_that_its_pips_match_an_open_end_of_the_chain():
    """R-WF: "Each player must play a domino on the center domino (with an end matching the
    number of the domino in the center), or play a domino matching another open end"."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 9-8@e0 | hands 5-3 8-2 9-4 6-0 / 7-7 / 2-2 | pile *")
    assert sorted(moves(state)) == ["5-3@e1", "8-2@e2", "9-4@e0"]


def test_the_half_written_first_is_the_half_laid_against_the_end():
    """docs/notation.md: a play is written inner-outer; 3-5 on a 5 is not a legal play."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 | hands 5-3 6-0 4-0 / 7-7 / 2-2 | pile *")
    play(state, "5-3@e1")
    assert state.notation().startswith("dealer=1 turn=2 phase=play | layout 9-9 9-5@e0 5-3@e1 |")
    assert open_ends(state) == {0: (9, True, 3), 2: (3, False, 1)}


def test_a_domino_that_matches_no_end_is_refused_and_changes_nothing():
    """R-WF: the pips "on one end of the domino match the pips on the open domino"."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 | hands 5-3 6-0 / 7-7 / 2-2 | pile *")
    assert_illegal(state, "5-3@e0", "5-3 does not match the 9 at e0")
    assert_illegal(state, "3-5@e1", "3-5 does not match the 5 at e1")


def test_a_play_on_a_covered_or_missing_end_is_refused():
    """An end that a domino already covers is no longer open."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 5-2@e1 | hands 5-3 6-0 / 7-7 / 2-2 | pile *")
    assert_illegal(state, "5-3@e1", "there is no open end e1")
    assert_illegal(state, "5-3@e42", "there is no open end e42")


def test_a_player_plays_only_dominoes_from_their_own_hand():
    """R-WF: "If a player cannot play a domino from their hand" -- a play is from one's own hand."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 | hands 5-3 6-0 / 5-2 / 2-2 | pile *")
    assert_illegal(state, "5-2@e1", "you do not hold 5-2")


def test_the_centre_double_has_four_arms():
    """D-WF-4: "The centre double has 4 open arms" (the hub's four notches)."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 9-8@e0 9-7@e0 | hands 9-6 2-0 4-0 / 9-4 3-0 / 2-2 | pile *")
    assert open_ends(state)[0] == (9, True, 1)
    assert moves(state) == ["9-6@e0"]
    play(state, "9-6@e0")
    assert 0 not in open_ends(state)
    assert moves(state) == ["draw"]  # seat 2's 9-4 has no 9 left to go on


def test_a_later_double_is_played_crosswise_and_makes_three_openings():
    """R-WF: "Doubles are always played criss-cross to the domino played upon, so that three
    openings are made by playing the double"; D-WF-4: every later double has 3 arms."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 | hands 5-5 6-0 4-0 / 5-4 5-3 5-2 6-2 / 2-2 | pile *")
    assert moves(state) == ["5-5@e1"]
    play(state, "5-5@e1")
    assert open_ends(state) == {0: (9, True, 3), 2: (5, True, 3)}


def test_the_three_openings_of_a_double_close_after_three_plays():
    """D-WF-4: a later double takes exactly three dominoes."""
    state = position(
        "dealer=1 turn=1 | layout 9-9 9-5@e0 5-5@e1 5-4@e2 5-3@e2 | hands 5-2 5-0 8-0 / 6-5 7-3 6-0 / 2-2 | pile *"
    )
    assert sorted(moves(state)) == ["5-0@e2", "5-2@e2"]
    play(state, "5-2@e2")
    assert 2 not in open_ends(state)
    assert moves(state) == ["3-7@e4"]  # seat 2's 6-5 finds no 5


def test_a_double_does_not_need_to_be_completed_before_playing_on_other_dominoes():
    """R-WF: "If a double is played, it does NOT need to be completed before playing on any
    other dominoes."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 5-5@e1 | hands 9-4 5-4 6-0 / 7-7 / 2-2 | pile *")
    assert sorted(moves(state)) == ["5-4@e2", "9-4@e0"]
    play(state, "9-4@e0")
    assert open_ends(state)[2] == (5, True, 3)


def test_a_domino_may_be_played_on_every_matching_open_end_and_each_is_listed():
    """R-WF: "play a domino matching another open end on the domino chain" -- any end.
    Two ends showing the same number are two different plays (`legal_moves` lists both)."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 9-8@e0 8-5@e2 | hands 5-3 6-0 4-0 / 7-7 / 2-2 | pile *")
    assert moves(state) == ["5-3@e1", "5-3@e3"]
    play(state, "5-3@e3")
    assert " 8-5@e2 5-3@e3 |" in state.notation()
    assert open_ends(state) == {0: (9, True, 2), 1: (5, False, 1), 4: (3, False, 1)}


def test_a_five_on_a_double_and_a_plain_five_are_both_open_ends():
    """R-WF: a double's three openings and a plain end take the same plain dominoes."""
    state = position(
        "dealer=1 turn=1 | layout 9-9 9-5@e0 5-5@e1 9-8@e0 8-5@e3 | hands 5-3 6-0 4-0 / 7-7 / 2-2 | pile *"
    )
    assert moves(state) == ["5-3@e2", "5-3@e4"]
