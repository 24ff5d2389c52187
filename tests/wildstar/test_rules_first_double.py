"""The first play of a hand: the holder of the hand's double sets it in the star centre; if
nobody holds it, the shuffler draws, then each player in turn (R-WS; D-WS-3)."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import NotationError
from gamenight.games.wildstar import story

from .conftest import deal, hand, moves, new_state, play, position, tile

# Thirty tiles with no 9-9, no 9-8 and no double star, ten for each of three seats.
SEAT_2 = "8-8 8-7 8-6 8-5 8-4 8-3 8-2 8-1 8-0 7-7"
SEAT_3 = "7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-6 6-5 6-4"
SEAT_1 = "6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0"


def with_9_9(tiles: str) -> str:
    return "9-9 " + tiles.split(maxsplit=1)[1]


def test_the_player_holding_the_9_9_places_it_in_the_star_centre_and_play_continues_clockwise():
    """R-WS: "The player holding the 9-9 places that tile in the star center piece to begin
    the game." "Once the first play of that round has been made, play continues clockwise";
    D-WS-3: the set "counts as their turn"."""
    state = new_state(players=3)
    deal(state, SEAT_2, with_9_9(SEAT_3), SEAT_1)  # seat 3 holds the 9-9
    assert state.notation().startswith("shuffler=1 turn=1 phase=play | layout 9-9 | hands 6-3 ")
    assert len(hand(state, 3)) == 9 and "9-9" not in hand(state, 3)
    assert state.to_act() == 0  # seat 1 sits to the left of seat 3


def test_the_shuffler_holding_the_double_sets_it_and_the_next_seat_plays():
    """D-WS-3: "The holder of the required double sets it in the centre, and this counts as
    their turn. Play then continues clockwise from them" -- even when the holder shuffled."""
    state = new_state(players=3)
    deal(state, SEAT_2, SEAT_3, with_9_9(SEAT_1))
    assert state.notation().startswith("shuffler=1 turn=2 phase=play | layout 9-9 |")


def test_if_nobody_holds_the_double_the_shuffler_draws_then_the_drawing_continues_around_the_table():
    """R-WS: "If no player holds the correct double to begin that round, then the person who
    shuffled the dominoes draws a domino from the "pile." If the shuffler does not draw the
    correct double then the drawing continues around the table until one is drawn."""
    state = new_state(players=3)
    deal(state, SEAT_2, SEAT_3, SEAT_1)
    assert state.notation().startswith("shuffler=1 turn=1 phase=firstdouble | layout  | hands")
    assert state.to_act() == -1 and state.legal_moves() == []
    assert len(state.chance_outcomes()) == 30 - 3  # 27 distinct tiles: the four single stars are alike

    state.apply_chance(tile("9-8"))  # the shuffler draws first, and keeps what is not the double
    assert hand(state, 1)[-1] == "9-8"
    assert state.notation().startswith("shuffler=1 turn=2 phase=firstdouble")
    state.apply_chance(tile("SS"))  # D-WS-1: the double star stands for a double, but never the centre
    assert hand(state, 2)[-1] == "SS"
    assert state.notation().startswith("shuffler=1 turn=3 phase=firstdouble")
    state.apply_chance(tile("9-9"))  # seat 3 draws it and sets it: that is its turn
    assert state.notation().startswith("shuffler=1 turn=1 phase=play | layout 9-9 |")
    assert hand(state, 3) == SEAT_3.split()
    assert moves(state) == ["9-8@e0"]  # the 9-8 the shuffler drew goes around the centre


def test_the_double_star_may_not_be_used_as_the_centre_domino():
    """R-WS: "The double star (wildstar) may not be used as a center domino." A dealt double
    star does not start the hand, and a layout may not begin with it."""
    state = new_state(players=3)
    deal(state, SEAT_2, SEAT_3, "SS " + SEAT_1.split(maxsplit=1)[1])
    assert state.notation().startswith("shuffler=1 turn=1 phase=firstdouble | layout  |")
    with pytest.raises(NotationError, match="this hand's centre is 9-9, not SS"):
        position("shuffler=1 | layout SS | hands 9-9 / 7-4 / 2-1 | pile *")


def test_with_eight_players_the_drawing_for_the_double_may_empty_the_pile():
    """R-WS: 8 x 7 = 56 tiles dealt, 4 left; "the drawing continues around the table until one
    is drawn" -- here the 9-9 is the fourth and last tile, drawn by seat 4."""
    state = new_state(players=8)
    for _ in range(56):
        state.apply_chance(max(state.pile))  # the pile keeps the four lowest kinds: 9-9 9-8 9-7 9-6
    assert sorted(t for t, _ in state.chance_outcomes()) == sorted(tile(n) for n in ("9-9", "9-8", "9-7", "9-6"))
    for name in ("9-8", "9-7", "9-6"):
        state.apply_chance(tile(name))
    state.apply_chance(tile("9-9"))
    assert state.notation().startswith("shuffler=1 turn=5 phase=play | layout 9-9 |")
    assert state.pile == []
    assert [hand(state, seat)[-1] for seat in (1, 2, 3)] == ["9-8", "9-7", "9-6"]


# R-WS: "The person winning the previous hand shuffles ... and is the first player of the next
# round." Hand 2 (the 8-8): seat 1 won hand 1 and shuffles.
HAND_2 = "shuffler=1 turn=1 phase=deal sheet=0,40,25 | layout | hands - / - / - | pile *"
NO_8_8 = (
    "9-9 9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0",  # seat 2, left of the shuffler
    "7-7 7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-6 6-5",  # seat 3
    "6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1",  # seat 1, the shuffler
)


def with_8_8(tiles: str) -> str:
    return "8-8 " + tiles.split(maxsplit=1)[1]


def test_the_winner_of_the_previous_hand_is_the_first_player_after_the_double_is_set():
    """R-WS: the winner of the previous hand "is the first player of the next round": seat 2
    holds the 8-8 and sets it, then seat 1, the last hand's winner, plays first."""
    state = position(HAND_2)
    deal(state, with_8_8(NO_8_8[0]), NO_8_8[1], NO_8_8[2])
    assert state.notation().startswith("shuffler=1 turn=1 phase=play sheet=0,40,25 | layout 8-8 |")
    house = position(HAND_2, winner_leads_after_set=False)  # the house rule: the setter's left plays
    deal(house, with_8_8(NO_8_8[0]), NO_8_8[1], NO_8_8[2])
    assert house.notation().startswith("shuffler=1 turn=3 phase=play sheet=0,40,25 | layout 8-8 |")


def test_a_winner_holding_the_double_sets_it_and_that_is_the_first_play():
    """R-WS: the winner is the first player, and "The player holding the [double] places that
    tile in the star center piece": setting it is the winner's first play, and the next seat
    plays after it."""
    state = position(HAND_2)
    deal(state, NO_8_8[0], NO_8_8[1], with_8_8(NO_8_8[2]))
    assert state.notation().startswith("shuffler=1 turn=2 phase=play sheet=0,40,25 | layout 8-8 |")


def test_the_winner_also_plays_first_after_a_double_drawn_round_the_table():
    """R-WS: nobody holds the 8-8, so the shuffler draws, "the drawing continues around the
    table until one is drawn"; seat 3 draws and sets it, and the winner plays first."""
    state = position(HAND_2)
    deal(state, *NO_8_8)
    state.apply_chance(tile("8-7"))
    state.apply_chance(tile("S"))
    state.apply_chance(tile("8-8"))
    assert state.notation().startswith("shuffler=1 turn=1 phase=play sheet=0,40,25 | layout 8-8 |")
    play(state, "8-7@e0")
    assert state.notation().startswith("shuffler=1 turn=2 phase=play sheet=0,40,25 | layout 8-8 8-7@e0 |")


def test_the_first_hand_has_no_previous_winner_so_play_goes_on_from_the_setter():
    """R-WS: the winner leads "the next round"; hand 1 follows no hand, so nobody has won one.
    Seat 2 sets the 9-9 and seat 3, on its left, plays first, not seat 1 (the first shuffler)."""
    state = new_state(players=3)
    deal(state, with_9_9(SEAT_2), SEAT_3, SEAT_1)
    assert state.game.options.winner_leads_after_set is True
    assert state.notation().startswith("shuffler=1 turn=3 phase=play | layout 9-9 |")


def test_the_last_tile_of_the_deal_tells_everyone_who_sets_the_double():
    """R-WS: "The player holding the 9-9 places that tile in the star center piece": the
    setting is public; the tile dealt last is its owner's alone."""
    state = new_state(players=3)
    rows = [SEAT_2.split(), with_9_9(SEAT_3).split(), SEAT_1.split()]
    deal(state, *(" ".join(row[:9]) for row in rows))
    state.apply_chance(tile(rows[0][9]))
    state.apply_chance(tile(rows[1][9]))
    public, private, owners = story.describe_outcome(state, tile(rows[2][9]))
    assert public == "P1 is dealt a tile; P3 holds 9-9 and sets it in the star centre"
    assert private == f"P1 is dealt {rows[2][9]}; P3 holds 9-9 and sets it in the star centre"
    assert owners == frozenset({0})
    nobody = new_state(players=3)
    deal(nobody, *(" ".join(row[:9]) for row in (SEAT_2.split(), SEAT_3.split(), SEAT_1.split())))
    nobody.apply_chance(tile(SEAT_2.split()[9]))
    nobody.apply_chance(tile(SEAT_3.split()[9]))
    public, _, _ = story.describe_outcome(nobody, tile(SEAT_1.split()[9]))
    assert public == "P1 is dealt a tile; nobody holds the hand's double, so P1 draws for it first"
