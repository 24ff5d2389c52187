"""The wildstars: four single stars stand in for any non-double, the double star for any
double; never around the centre, and the double star never as the centre (R-WS; D-WS-1)."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import NotationError
from gamenight.games.wildstar import story

from .conftest import assert_illegal, moves, open_ends, play, position

# The five arms are out: e1 shows 4, e2 3, e3 8, e4 0, e5 6.
FIVE = "9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"
ENDS = {1: 4, 2: 3, 3: 8, 4: 0, 5: 6}


def test_a_single_star_may_stand_in_for_any_non_double_on_any_open_end_with_a_declared_outer_number():
    """R-WS: "All wildstar dominoes are wild and can be substituted for any domino-blank
    through 9"; D-WS-1: a single star "stands in for any non-double a-b, played in line ...
    Its inner value matches the open end automatically, and the player declares the outer
    value (0-9)". Any tile: S-9@e1 stands for a 4-9, though the real 9-4 is on the table."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands S 7-7 / 5-1 / 2-1 | pile *")
    expected = [f"S-{n}@e{end}" for end, value in ENDS.items() for n in range(10) if n != value]
    assert len(expected) == 5 * 9
    assert sorted(moves(state)) == sorted(expected)


def test_the_declared_number_is_the_new_open_end():
    """D-WS-1: the player "declares the outer value": S-7 on the 3 at e2 is the tile 3-7,
    and a 7 goes on it next."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands S 7-7 / 7-5 1-1 / 2-1 | pile *")
    assert (
        story.describe(state, state.parse_move("S-7@e2"))
        == "plays a single star as 3-7 on the 3 at e2 (sheds 20 points)"
    )
    play(state, "S-7@e2")
    assert open_ends(state)[6] == (7, 1)
    assert moves(state) == ["7-5@e6"]
    assert state.notation().startswith(f"shuffler=1 turn=2 phase=play | layout {FIVE} S-7@e2 |")


def test_a_single_star_is_never_a_double():
    """D-WS-1: a single star stands in for a "non-double a-b"; doubles are the double star's."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands S 7-7 / 7-5 / 2-1 | pile *")
    assert_illegal(state, "S-3@e2", "a single star stands in for a non-double only: it may not be declared 3-3")


def test_a_single_star_must_be_written_with_its_declared_number():
    """docs/notation.md: a single star is written S-N@eE, N the declared outer number."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands S 7-7 / 7-5 / 2-1 | pile *")
    with pytest.raises(NotationError, match="a single star is played with its declared outer number, like S-7@e3"):
        state.parse_move("S@e2")


def test_the_four_single_stars_are_alike_so_each_play_is_listed_once():
    """D-WS-1: four single stars, none with pips: two in hand make the same plays as one."""
    one = position(f"shuffler=1 turn=1 | layout {FIVE} | hands S 7-7 / 7-5 / 2-1 | pile *")
    two = position(f"shuffler=1 turn=1 | layout {FIVE} | hands S S 7-7 / 7-5 / 2-1 | pile *")
    assert moves(two) == moves(one)
    play(two, "S-1@e1")
    assert two.notation().split("| hands ")[1].startswith("S 7-7 /")


def test_the_double_star_stands_in_for_the_double_of_the_open_ends_number():
    """R-WS: wildstars "can be substituted for any domino-blank through 9 in horizontal or
    vertical direction"; D-WS-1: "The double star stands in for any double x-x, played
    crosswise (the "vertical" direction), where x is the open end it is played on." """
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands SS 7-7 / 3-5 / 2-1 | pile *")
    assert sorted(moves(state)) == ["SS@e1", "SS@e2", "SS@e3", "SS@e4", "SS@e5"]
    assert (
        story.describe(state, state.parse_move("SS@e2"))
        == "plays the double star as 3-3 on the 3 at e2 (sheds 20 points)"
    )
    play(state, "SS@e2")
    assert open_ends(state)[6] == (3, 1)
    assert [e["double"] for e in state.view(None)["open_ends"] if e["end"] == 6] == [True]
    assert moves(state) == ["3-5@e6"]


def test_the_double_star_is_treated_exactly_like_a_real_double_when_doubles_branch():
    """D-WS-1: the double star "is then treated exactly like a real double" -- with
    doubles_branch (D-WS-2) it opens three places, as 3-3 would."""
    text = f"shuffler=1 turn=1 | layout {FIVE} | hands SS 7-7 / 3-5 / 2-1 | pile *"
    state = position(text, doubles_branch=True)
    play(state, "SS@e2")
    assert open_ends(state)[6] == (3, 3)
    state = position(text.replace("SS 7-7", "3-3 7-7"), doubles_branch=True)
    play(state, "3-3@e2")
    assert open_ends(state)[6] == (3, 3)


def test_the_double_star_may_follow_a_double_of_the_same_number():
    """D-WS-1: the double star is x-x "where x is the open end it is played on" -- the far
    side of a 3-3 shows 3, so the double star there stands for a 3-3 again (decision made
    here: nothing forbids it)."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} 3-3@e2 | hands SS 7-7 / 3-5 / 2-1 | pile *")
    play(state, "SS@e6")
    assert open_ends(state)[7] == (3, 1)
