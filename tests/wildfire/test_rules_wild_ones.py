"""THE WILD ONES: wild on any end, or wild half out with the hub naming the number (R-WF; D-WF-3, D-WF-5)."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import IllegalMoveError
from gamenight.games.wildfire import story

from .conftest import assert_illegal, moves, play, position

# Open ends: e0 the centre 9 (a double), e1 a 5, e2 an 8.
ENDS = "dealer=1 turn=1 | layout 9-9 9-5@e0 9-8@e0"
# A Wild One played wild half out on the 5 at e1; the hub lit 7. Seat 2 must close it.
OPEN_WILD_ONE = "dealer=1 turn=2 | layout 9-9 9-5@e0 9-8@e0 5-W@e1:7"


def obligation(state):
    return state.view(None)["obligation"]


def test_a_wild_one_is_wild_and_can_be_played_on_any_open_end():
    """R-WF: "The Wild Ones are wild and can be played on any open end." (Example 1)"""
    state = position(f"{ENDS} | hands W-4 6-0 7-0 / 2-2 / 3-3 | pile *")
    assert moves(state) == ["W-4@e0", "W-4@e1", "W-4@e2"]
    play(state, "W-4@e1")
    assert state.view(None)["open_ends"][-1] == {"end": 3, "line": 1, "value": 4, "double": False, "free": 1}
    assert obligation(state) is None
    assert state.notation().startswith("dealer=1 turn=2 phase=play | layout 9-9 9-5@e0 9-8@e0 W-4@e1 |")


def test_a_wild_one_may_be_played_wild_half_out_when_its_number_matches_an_open_end():
    """R-WF: "They may also be played with the Wild One as an open end if its other end
    matches an existing number played on the domino chain." (Example 2)"""
    state = position(f"{ENDS} | hands W-5 6-0 7-0 / 2-2 / 3-3 | pile *")
    assert moves(state) == ["W-5@e0", "W-5@e1", "W-5@e2", "5-W@e1"]


def test_a_wild_one_may_not_be_played_wild_half_out_on_an_end_of_another_number():
    """R-WF: wild half out only "if its other end matches"."""
    state = position(f"{ENDS} | hands W-4 6-0 7-0 / 2-2 / 3-3 | pile *")
    assert_illegal(state, "4-W@e1", "4-W does not match the 5 at e1")


def test_a_wild_one_played_wild_half_out_presses_the_hub_for_a_number_from_1_to_9():
    """R-WF: "the player playing the open end Wild One must immediately press the center
    domino on the Hub"; D-WF-5: "Draw uniformly from {1, ..., 9}"."""
    state = position(f"{ENDS} | hands W-5 6-0 7-0 / 2-2 / 3-3 | pile *")
    play(state, "5-W@e1")
    assert state.notation().startswith("dealer=1 turn=1 phase=hub | layout 9-9 9-5@e0 9-8@e0 5-W@e1:? |")
    assert state.to_act() == -1
    assert state.legal_moves() == []
    outcomes = state.chance_outcomes()
    assert [n for n, _ in outcomes] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert {p for _, p in outcomes} == {1 / 9}
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    state.apply_chance(7)
    assert state.notation().startswith("dealer=1 turn=2 phase=play | layout 9-9 9-5@e0 9-8@e0 5-W@e1:7 |")
    assert obligation(state) == {"end": 3, "kind": "Wild One", "hub": 7, "slots_left": 1}


@pytest.mark.parametrize("number", [0, 10])
def test_the_hub_shows_only_1_to_9(number):
    """D-WF-5: the hub's lights are 1..9."""
    state = position(f"{ENDS} | hands W-5 6-0 7-0 / 2-2 / 3-3 | pile *")
    play(state, "5-W@e1")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match=f"the hub shows 1 to 9, not {number}"):
        state.apply_chance(number)
    assert state.notation() == before


def test_the_next_domino_played_must_close_the_wild_one_with_the_hub_number():
    """R-WF: "The next domino played MUST match the designated number and be played to
    complete (close) the Wild One."""
    state = position(f"{OPEN_WILD_ONE} | hands 2-2 / 7-3 9-2 8-4 / 3-3 | pile *")
    assert moves(state) == ["7-3@e3"]
    assert_illegal(state, "9-2@e0", r"the open Wild One at e3 must be completed first \(hub number 7, 1 left\)")
    assert_illegal(state, "8-4@e3", "8-4 does not match the 7 at e3")


def test_once_the_wild_one_is_closed_normal_play_resumes():
    """R-WF: the obligation is one play; then any open end may be played again (D-WF-3:
    "Once the last slot is filled, normal play resumes")."""
    state = position(f"{OPEN_WILD_ONE} | hands 2-2 / 7-3 9-2 8-4 / 3-0 9-0 4-0 | pile *")
    play(state, "7-3@e3")
    assert obligation(state) is None
    assert sorted(moves(state)) == ["3-0@e4", "9-0@e0"]


def test_another_wild_one_may_close_a_wild_one():
    """R-WF: "Note: another Wild One may be played to complete (close) this Wild One.\""""
    state = position(f"{OPEN_WILD_ONE} | hands 2-2 / W-8 9-2 6-0 / 3-3 | pile *")
    assert moves(state) == ["W-8@e3"]
    play(state, "W-8@e3")
    assert obligation(state) is None
    assert state.notation().startswith("dealer=1 turn=3 phase=play |")


def test_a_wild_one_closing_a_wild_one_may_open_a_new_one_wild_half_out():
    """D-WF-3: "Only the last slot of an obligation may be filled by a tile that starts a
    new obligation", and a Wild One's only slot is its last."""
    state = position(f"{OPEN_WILD_ONE} | hands 2-2 / W-7 9-2 6-0 / 3-3 | pile *")
    assert moves(state) == ["W-7@e3", "7-W@e3"]
    play(state, "7-W@e3")
    state.apply_chance(4)
    assert " 5-W@e1:7 7-W@e3:4 |" in state.notation()
    assert obligation(state) == {"end": 4, "kind": "Wild One", "hub": 4, "slots_left": 1}


def test_a_plain_double_of_the_hub_number_may_close_a_wild_one():
    """D-WF-3: "Plain doubles are allowed to close a Wild One or a Double Wild One slot,
    because the rules forbid doubles only on Wildfires"."""
    state = position(f"{OPEN_WILD_ONE} | hands 2-2 / 7-7 9-2 6-0 / 3-3 | pile *")
    assert moves(state) == ["7-7@e3"]
    play(state, "7-7@e3")
    assert state.view(None)["open_ends"][-1] == {"end": 4, "line": 1, "value": 7, "double": True, "free": 3}


def test_if_the_hub_shows_1_only_a_wild_one_can_close_it():
    """R-WF: "If the hub shows a "1" then you must play a Wild One." (D-WF-1: there are no
    plain 1s, so only a Wild One meets it)."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 5-W@e1:1 | hands 2-2 / W-6 5-5 9-3 / 3-3 | pile *")
    assert moves(state) == ["W-6@e2", "6-W@e2"]
    assert_illegal(state, "5-5@e2", "5-5 does not match the 1 at e2")


def test_with_hub_1_a_wild_one_played_wild_half_out_is_still_a_wild_one():
    """R-WF: "If the hub shows a "1" then you must play a Wild One" -- and a Wild One laid
    with its wild half out is a Wild One all the same (D-WF-9). It closes the slot and, as a
    closing play may (D-WF-3), opens a Wild One of its own: the hub is pressed again."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 5-W@e1:1 | hands 2-2 / W-6 5-5 9-3 / 3-3 | pile *")
    play(state, "6-W@e2")
    assert state.notation().startswith("dealer=1 turn=2 phase=hub | layout 9-9 9-5@e0 5-W@e1:1 6-W@e2:? |")
    state.apply_chance(9)
    assert obligation(state) == {"end": 3, "kind": "Wild One", "hub": 9, "slots_left": 1}


def test_with_hub_1_a_player_without_a_wild_one_must_draw():
    """R-WF: hub 1 "then you must play a Wild One"; whoever cannot, draws (D-WF-3)."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 5-W@e1:1 | hands 2-2 / 5-5 9-3 6-0 / 3-3 | pile *")
    assert moves(state) == ["draw"]


def test_a_wild_one_is_described_by_what_it_does_wild_half_in_or_out():
    """R-WF: a Wild One laid with the Wild One as the open end makes the hub name the number
    "the next domino played MUST match": the two ways of laying it read differently, and each
    says the points it takes out of the hand (R-WF SCORING: +10 a Wild One)."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / W-5 8-0 6-0 | pile *")
    assert story.describe(state, state.parse_move("W-5@e1")) == "plays W-5 on the 5 at e1 (sheds 15 points)"
    assert story.describe(state, state.parse_move("5-W@e1")) == (
        "plays 5-W on the 5 at e1: wild half out, a Wild One the next play must close with the "
        "hub's number (sheds 15 points)"
    )
