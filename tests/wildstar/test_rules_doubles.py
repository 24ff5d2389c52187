"""Doubles: played on an open end of their number, crosswise, and (by default) not branching
(R-WS; D-WS-2 and its flag `doubles_branch`)."""

from __future__ import annotations

from .conftest import assert_illegal, moves, open_ends, play, position

FIVE = "9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"


def test_a_double_is_played_on_an_open_end_of_its_number_like_any_domino():
    """R-WS: "A player also has the option of playing a double domino or wildstar domino."
    Decision made here: the sentence lists the kinds of play after the five; a double still
    "matches the open end" as every domino does, so a 7-7 with no 7 showing is no play."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands 3-3 7-7 / 5-1 / 2-1 | pile *")
    assert moves(state) == ["3-3@e2"]
    assert_illegal(state, "7-7@e2", "7-7 does not match the 3 at e2")


def test_doubles_are_placed_crosswise_but_do_not_branch():
    """D-WS-2: "Doubles are placed crosswise but do not branch. They add no new arms; play
    continues from their far side only." The 3-3 shows one 3, which one tile covers."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands 3-3 2-1 / 3-5 3-2 / 3-1 | pile *")
    play(state, "3-3@e2")
    assert open_ends(state)[6] == (3, 1)
    view = state.view(None)
    assert [e["double"] for e in view["open_ends"] if e["end"] == 6] == [True]
    assert sorted(moves(state)) == ["3-2@e6", "3-5@e6"]
    play(state, "3-5@e6")
    assert 6 not in open_ends(state)
    assert open_ends(state)[7] == (5, 1)
    assert moves(state) == ["draw"]  # seat 3's 3-1 finds no 3 left on the table


def test_with_doubles_branch_a_double_opens_its_two_sides_as_well():
    """D-WS-2: "Provide a config flag doubles_branch in case a physical set shows otherwise":
    with it, a double opens its two sides and its far side, three places in all."""
    state = position(
        f"shuffler=1 turn=1 | layout {FIVE} | hands 3-3 2-1 7-7 / 3-5 3-2 / 3-1 3-0 | pile *", doubles_branch=True
    )
    play(state, "3-3@e2")
    assert open_ends(state)[6] == (3, 3)
    play(state, "3-5@e6")
    play(state, "3-1@e6")
    assert open_ends(state)[6] == (3, 1)
    assert open_ends(state)[7] == (5, 1) and open_ends(state)[8] == (1, 1)
    play(state, "1-2@e8")
    assert sorted(moves(state)) == ["2-3@e9", "3-2@e6"]
    play(state, "3-2@e6")  # the third place: the double is full
    assert 6 not in open_ends(state)
