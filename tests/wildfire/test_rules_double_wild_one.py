"""The Double Wild One: crosswise on any end but a double, then three plays on it (R-WF; D-WF-3, D-WF-4)."""

from __future__ import annotations

from .conftest import assert_illegal, moves, play, position

# The Double Wild One on the 8 at e1, hub 6: three plays must go on e2.
OPEN_DWO = "dealer=1 turn=2 | layout 9-9 9-8@e0 W-W@e1:6"


def obligation(state):
    return state.view(None)["obligation"]


def test_the_double_wild_one_may_be_played_crosswise_on_any_open_end_but_not_on_a_double():
    """R-WF: "The Double Wild One may be played criss-crossed on any open end" and "Note:
    The Double Wild One can not be played on another double." The centre is a double too."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 5-5@e1 9-8@e0 | hands W-W 6-0 7-0 / 2-2 / 3-3 | pile *")
    assert moves(state) == ["W-W@e3"]
    assert_illegal(state, "W-W@e0", "the Double Wild One can not be played on another double")
    assert_illegal(state, "W-W@e2", "the Double Wild One can not be played on another double")


def test_the_double_wild_one_presses_the_hub_and_opens_three_slots():
    """R-WF: "Once played the player must immediately press the center domino on the Hub,
    to see what number the open Double Wild One will be"; D-WF-4: its three arms are its
    obligation slots."""
    state = position("dealer=1 turn=1 | layout 9-9 9-8@e0 | hands W-W 6-0 7-0 / 2-2 / 3-3 | pile *")
    play(state, "W-W@e1")
    assert state.notation().startswith("dealer=1 turn=1 phase=hub | layout 9-9 9-8@e0 W-W@e1:? |")
    assert [n for n, _ in state.chance_outcomes()] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    state.apply_chance(6)
    assert obligation(state) == {"end": 2, "kind": "Double Wild One", "hub": 6, "slots_left": 3}
    assert state.view(None)["open_ends"][-1] == {"end": 2, "line": 1, "value": 6, "double": True, "free": 3}
    assert state.to_act() == 1


def test_the_next_three_plays_must_be_played_on_the_double_wild_one():
    """R-WF: "the next three plays MUST be played on that Wild One domino to complete it"."""
    state = position(f"{OPEN_DWO} | hands 6-0 9-7 8-2 / 6-3 9-4 7-4 8-8 / 6-6 9-2 7-3 | pile *")
    assert moves(state) == ["6-3@e2"]
    assert_illegal(state, "9-4@e0", r"the open Double Wild One at e2 must be completed first \(hub number 6, 3 left\)")
    play(state, "6-3@e2")
    assert obligation(state)["slots_left"] == 2
    assert moves(state) == ["6-6@e2"]  # D-WF-3: a plain double may fill a Double Wild One slot
    play(state, "6-6@e2")
    assert obligation(state)["slots_left"] == 1
    assert moves(state) == ["6-0@e2"]
    play(state, "6-0@e2")
    assert obligation(state) is None
    assert moves(state) == ["9-4@e0"]  # normal play resumes


def test_a_wild_one_goes_on_the_double_wild_one_only_wild_half_in_before_the_third_play():
    """R-WF: "players may play a new Wild One domino on this double, but not with the Wild
    One as the open end, unless it is the third and final play on this double"."""
    state = position(f"{OPEN_DWO} | hands 2-2 / W-6 6-3 7-0 / 3-3 | pile *")
    assert moves(state) == ["W-6@e2", "6-3@e2"]
    assert_illegal(state, "6-W@e2", "a Wild One may go on the open Double Wild One only as the last play")


def test_a_wild_one_may_go_on_the_double_wild_one_wild_half_out_as_the_third_play():
    """R-WF: "... unless it is the third and final play on this double to complete it"."""
    state = position(f"{OPEN_DWO} 6-3@e2 6-4@e2 | hands 2-2 / W-6 6-5 7-0 / 3-3 | pile *")
    assert sorted(moves(state)) == ["6-5@e2", "6-W@e2", "W-6@e2"]
    play(state, "6-W@e2")
    state.apply_chance(2)
    assert obligation(state) == {"end": 5, "kind": "Wild One", "hub": 2, "slots_left": 1}


def test_a_wildfire_may_go_on_the_double_wild_one_only_as_the_third_play():
    """D-WF-3: "Only the last slot of an obligation may be filled by a tile that starts a
    new obligation"."""
    state = position(f"{OPEN_DWO} | hands 2-2 / D-6 9-4 7-0 / 3-3 | pile *")
    assert moves(state) == ["draw"]
    assert_illegal(state, "6-D@e2", "a Double Wildfire may go on the open Double Wild One only as the last play")
    state = position(f"{OPEN_DWO} 6-3@e2 6-4@e2 | hands 2-2 / D-6 9-4 7-0 / 3-3 | pile *")
    assert moves(state) == ["6-D@e2"]


def test_a_double_wild_one_may_close_a_wild_one_and_opens_its_own_three_slots():
    """D-WF-3: the Double Wild One starts an obligation, so it may fill a last slot; a Wild
    One's only slot is its last."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 5-W@e1:7 | hands 2-2 / W-W 6-0 3-0 / 3-3 | pile *")
    assert moves(state) == ["W-W@e2"]
    play(state, "W-W@e2")
    state.apply_chance(4)
    assert obligation(state) == {"end": 3, "kind": "Double Wild One", "hub": 4, "slots_left": 3}


def test_with_hub_1_the_double_wild_one_takes_only_wild_ones():
    """R-WF: "If the hub shows a 1 then you must play a Wild One" applies to every slot."""
    state = position("dealer=1 turn=2 | layout 9-9 9-8@e0 W-W@e1:1 | hands 2-2 / W-6 6-6 7-0 / 3-3 | pile *")
    assert moves(state) == ["W-6@e2"]


def test_with_hub_1_the_double_wild_one_may_close_a_wild_one():
    """D-WF-3: "When N = 1 only a wild may fill the slot" -- and the Double Wild One is a
    wild that may fill a last slot. (R-WF says "you must play a Wild One"; see the
    decisions in docs/rules/wildfire.md.)"""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 5-W@e1:1 | hands 2-2 / W-W 6-0 3-0 / 3-3 | pile *")
    assert moves(state) == ["W-W@e2"]
