"""THE WILDFIRES: flame end out, the hub's number, two or three plays to close (R-WF; D-WF-2, D-WF-3)."""

from __future__ import annotations

from .conftest import assert_illegal, moves, play, position

# A Double Wildfire joined to the 8 at e1; the hub lit 5. Its flame end is e2.
OPEN_DOUBLE_WILDFIRE = "dealer=1 turn=2 | layout 9-9 9-8@e0 8-D@e1:5"


def obligation(state):
    return state.view(None)["obligation"]


def test_a_wildfire_joins_by_its_number_half_and_is_played_only_with_the_wildfire_end_out():
    """R-WF: "The Wildfire ends may only be played with the Wildfire end out"; D-WF-2: "A
    Wildfire tile is attached by its number half, which must match an open end"."""
    state = position("dealer=1 turn=1 | layout 9-9 9-8@e0 9-5@e0 | hands D-8 T-5 D-2 / 2-2 / 3-3 | pile *")
    assert sorted(moves(state)) == ["5-T@e2", "8-D@e1"]
    assert_illegal(state, "D-8@e1", "D-8 is a Wildfire: it is played only with the Wildfire end out")
    assert_illegal(state, "T-5@e0", "T-5 is a Wildfire: it is played only with the Wildfire end out")
    assert_illegal(state, "2-D@e1", "2-D does not match the 8 at e1")


def test_a_wildfire_may_be_played_on_the_centre_double():
    """R-WF forbids a double on a Wildfire, not a Wildfire on a double."""
    state = position("dealer=1 turn=1 | layout 9-9 | hands T-9 6-0 7-0 / 2-2 / 3-3 | pile *")
    assert moves(state) == ["9-T@e0"]


def test_a_double_wildfire_needs_the_next_two_plays_on_its_wildfire_end_with_the_hub_number():
    """R-WF: "If a Double Wildfire is played, then the next two plays MUST be made on that
    Wildfire end using the number that the hub lights up to complete (close) that Wildfire."""
    state = position("dealer=1 turn=1 | layout 9-9 9-8@e0 | hands D-8 7-0 6-0 4-4 / 5-3 5-2 9-4 / 5-0 2-0 9-3 | pile *")
    play(state, "8-D@e1")
    assert state.notation().startswith("dealer=1 turn=1 phase=hub | layout 9-9 9-8@e0 8-D@e1:? |")
    state.apply_chance(5)
    assert obligation(state) == {"end": 2, "kind": "Double Wildfire", "hub": 5, "slots_left": 2}
    assert sorted(moves(state)) == ["5-2@e2", "5-3@e2"]
    assert_illegal(state, "9-4@e0", "the open Double Wildfire at e2 must be completed first")
    play(state, "5-3@e2")
    assert obligation(state)["slots_left"] == 1
    assert moves(state) == ["5-0@e2"]
    play(state, "5-0@e2")
    assert obligation(state) is None
    # "Once the Wildfire is completed, normal play resumes": the two dominoes on it are open ends.
    assert sorted(moves(state)) == ["0-6@e4", "0-7@e4"]


def test_a_triple_wildfire_needs_the_next_three_plays_on_its_wildfire_end():
    """R-WF: "If a Triple Wildfire is played, then the next three plays MUST be made on that
    Wildfire end using the number that the hub lights up"."""
    state = position(
        "dealer=1 turn=2 | layout 9-9 9-5@e0 5-T@e1:4 | hands 4-0 8-8 7-0 / 4-3 9-3 8-0 / 4-2 9-2 8-2 | pile *"
    )
    assert obligation(state) == {"end": 2, "kind": "Triple Wildfire", "hub": 4, "slots_left": 3}
    assert moves(state) == ["4-3@e2"]
    play(state, "4-3@e2")
    assert moves(state) == ["4-2@e2"]
    play(state, "4-2@e2")
    assert moves(state) == ["4-0@e2"]
    play(state, "4-0@e2")
    assert obligation(state) is None


def test_a_double_may_never_be_played_on_a_wildfire():
    """R-WF: "NOTE: A double may never be played on a Wildfire." """
    state = position(f"{OPEN_DOUBLE_WILDFIRE} | hands 2-2 / 5-5 5-3 9-4 / 3-3 | pile *")
    assert moves(state) == ["5-3@e2"]
    assert_illegal(state, "5-5@e2", "a double may never be played on a Wildfire")


def test_a_double_may_not_close_a_wildfire_either():
    """R-WF: "A double may never be played on a Wildfire" -- not even as the last play."""
    state = position(f"{OPEN_DOUBLE_WILDFIRE} 5-0@e2 | hands 2-2 / 5-5 9-4 7-0 / 3-3 | pile *")
    assert moves(state) == ["draw"]
    assert_illegal(state, "5-5@e2", "a double may never be played on a Wildfire")


def test_another_wildfire_may_not_be_used_unless_it_is_the_closing_play():
    """R-WF: "When a Wildfire is being played on, another Wildfire domino may not be used
    unless it is the last domino played on that WildFire to complete (close) it."""
    state = position("dealer=1 turn=2 | layout 9-9 9-8@e0 8-D@e1:6 | hands 2-2 / D-6 9-4 7-0 / 3-3 | pile *")
    assert moves(state) == ["draw"]
    assert_illegal(state, "6-D@e2", "a Double Wildfire may go on the open Double Wildfire only as the last play")


def test_another_wildfire_as_the_closing_play_starts_a_new_wildfire():
    """R-WF: "Once the Wildfire is completed, normal play resumes, until another WildFire is
    started." D-WF-3: at most one obligation is ever open."""
    state = position("dealer=1 turn=2 | layout 9-9 9-8@e0 8-D@e1:6 6-0@e2 | hands 2-2 / D-6 9-4 7-0 / 3-3 | pile *")
    assert moves(state) == ["6-D@e2"]
    play(state, "6-D@e2")
    state.apply_chance(3)
    assert " 8-D@e1:6 6-0@e2 6-D@e2:3 |" in state.notation()
    assert obligation(state) == {"end": 4, "kind": "Double Wildfire", "hub": 3, "slots_left": 2}


def test_a_wild_one_can_be_played_as_a_wild_on_a_wildfire():
    """R-WF: "Note: A Wild One can be played as a wild on a Wildfire (unless it is a double
    Wild One.)" """
    state = position(f"{OPEN_DOUBLE_WILDFIRE} | hands 2-2 / W-3 9-4 7-0 / 3-3 | pile *")
    assert moves(state) == ["W-3@e2"]


def test_a_wild_one_can_not_be_played_on_a_wildfire_as_an_open_end_unless_it_is_the_last_piece():
    """R-WF: "Note: A Wild One can NOT be played on a Wildfire as an open end unless its
    the last piece played." """
    state = position(f"{OPEN_DOUBLE_WILDFIRE} | hands 2-2 / W-5 9-4 7-0 / 3-3 | pile *")
    assert moves(state) == ["W-5@e2"]
    assert_illegal(state, "5-W@e2", "a Wild One may go on the open Double Wildfire only as the last play")
    state = position(f"{OPEN_DOUBLE_WILDFIRE} 5-0@e2 | hands 2-2 / W-5 9-4 7-0 / 3-3 | pile *")
    assert moves(state) == ["W-5@e2", "5-W@e2"]


def test_the_double_wild_one_may_not_be_played_on_a_wildfire():
    """R-WF: "(unless it is a double Wild One.)"; D-WF-3: "A Double Wild One is never played
    on any double, and never on a Wildfire" -- not even as the last piece."""
    for layout in (OPEN_DOUBLE_WILDFIRE, f"{OPEN_DOUBLE_WILDFIRE} 5-0@e2"):
        state = position(f"{layout} | hands 2-2 / W-W 9-4 7-0 / 3-3 | pile *")
        assert moves(state) == ["draw"]
        assert_illegal(state, "W-W@e2", "a double may never be played on a Wildfire")


def test_if_the_hub_shows_1_on_a_wildfire_the_players_must_play_the_wild_one():
    """R-WF: "Note: If the hub shows a "1" the players must play the "Wild One"." """
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 5-T@e1:1 | hands 2-2 / W-3 3-3 9-4 / 3-0 | pile *")
    assert moves(state) == ["W-3@e2"]


def test_with_hub_1_on_a_wildfire_a_wild_one_goes_wild_half_out_only_as_the_last_piece():
    """R-WF: "If the hub shows a "1" the players must play the "Wild One"" and "A Wild One can
    NOT be played on a Wildfire as an open end unless its the last piece played" (D-WF-9)."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 5-T@e1:1 W-2@e2 | hands 2-2 / W-3 3-3 9-4 / 3-0 | pile *")
    assert moves(state) == ["W-3@e2"]  # two slots left: wild half in only
    assert_illegal(state, "3-W@e2", "a Wild One may go on the open Triple Wildfire only as the last play")
    state = position(
        "dealer=1 turn=2 | layout 9-9 9-5@e0 5-T@e1:1 W-2@e2 W-4@e2 | hands 2-2 / W-3 3-3 9-4 / 3-0 | pile *"
    )
    assert moves(state) == ["W-3@e2", "3-W@e2"]  # the last slot: either way
