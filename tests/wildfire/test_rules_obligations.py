"""Obligations passed round the table: whoever cannot close draws one, plays it there or passes (R-WF; D-WF-3)."""

from __future__ import annotations

from gamenight.games.wildfire.state import Phase
from gamenight.games.wildfire.tiles import POINTS

from .conftest import assert_illegal, hand, moves, play, position, tile

# An open Wild One at e2 (hub 7). Seat 2 could play 9-3 on the centre, but not close it.
OPEN = "dealer=1 turn=2 | layout 9-9 9-5@e0 5-W@e1:7"


def obligation(state):
    return state.view(None)["obligation"]


def test_while_an_obligation_is_open_a_player_who_cannot_fill_it_must_draw_even_if_he_could_play_elsewhere():
    """D-WF-3: "While an obligation is open, every play by any player must fill one of its
    slots. Nothing else may be played."""
    state = position(f"{OPEN} | hands 2-2 / 9-3 6-0 8-0 / 7-4 8-8 6-6 | pile *")
    assert moves(state) == ["draw"]
    assert_illegal(state, "9-3@e0", "the open Wild One at e2 must be completed first")


def test_a_player_who_cannot_close_it_draws_one_domino_and_plays_it_there_if_possible():
    """R-WF: "If a player cannot play on this end with a domino from his hand, he must draw
    one domino from the draw pile and play it on the Wild One end if possible"."""
    state = position(f"{OPEN} | hands 2-2 / 9-3 6-0 8-0 / 7-4 8-8 6-6 | pile *")
    play(state, "draw")
    state.apply_chance(tile("7-2"))
    assert moves(state) == ["7-2@e2"]
    play(state, "7-2@e2")
    assert obligation(state) is None


def test_a_drawn_domino_that_fits_only_elsewhere_is_not_played():
    """R-WF: "play it on the Wild One end if possible, or say "pass" if the domino cannot be
    played" -- a 9 drawn for an open 7 cannot go on the centre."""
    state = position(f"{OPEN} | hands 2-2 / 9-3 6-0 8-0 / 7-4 8-8 6-6 | pile *")
    play(state, "draw")
    state.apply_chance(tile("9-4"))
    assert moves(state) == ["pass"]
    assert_illegal(state, "9-4@e0", "the open Wild One at e2 must be completed first")


def test_the_job_of_completing_it_is_then_passed_to_the_next_player():
    """R-WF: "The job of completing the wildfire is then passed to the next player, and so
    on." (D-WF-3: the same for every obligation.)"""
    state = position(f"{OPEN} | hands 2-2 / 9-3 6-0 8-0 / 7-4 8-8 6-6 | pile *")
    play(state, "draw")
    state.apply_chance(tile("9-4"))
    play(state, "pass")
    assert state.notation().startswith("dealer=1 turn=3 phase=play |")
    assert obligation(state) == {"end": 2, "kind": "Wild One", "hub": 7, "slots_left": 1}
    assert moves(state) == ["7-4@e2"]


def test_the_job_goes_all_the_way_round_the_table():
    """R-WF: "and so on": each player in turn draws one and passes until someone closes it."""
    state = position(f"{OPEN} | hands 2-2 3-3 / 9-3 6-0 8-0 / 4-4 8-8 | pile *")
    for seat, drawn in ((2, "9-4"), (3, "6-2"), (1, "6-4")):
        assert state.to_act() == seat - 1
        assert moves(state) == ["draw"]
        play(state, "draw")
        state.apply_chance(tile(drawn))
        play(state, "pass")
    assert state.to_act() == 1
    play(state, "draw")
    state.apply_chance(tile("7-3"))
    play(state, "7-3@e2")
    assert obligation(state) is None
    assert hand(state, 1) == ["2-2", "3-3", "6-4"]


def test_with_the_pile_empty_a_player_who_cannot_fill_the_obligation_passes_it_on():
    """R-WF: "If all the dominoes get used from the draw pile, the player must pass if
    unable to play" -- and the obligation stays for the next player."""
    state = position(f"{OPEN} | hands 2-2 / 9-3 6-0 8-0 / * | pile -")
    assert moves(state) == ["pass"]
    play(state, "pass")
    assert state.to_act() == 2
    assert obligation(state) == {"end": 2, "kind": "Wild One", "hub": 7, "slots_left": 1}
    assert all(m.endswith("@e2") for m in moves(state))


def test_a_slot_of_a_wildfire_is_passed_on_like_a_wild_one():
    """R-WF (Double Wildfire): "If a player cannot play on this end with a domino from their
    hand, they must draw one domino from the pile and play it on the Wildfire end if
    possible, or say "pass" ... The job of completing the Wildfire is then passed"."""
    state = position(
        "dealer=1 turn=2 | layout 9-9 9-8@e0 8-D@e1:5 5-0@e2 | hands 2-2 / 9-3 6-0 8-0 / 5-4 8-8 6-6 | pile *"
    )
    play(state, "draw")
    state.apply_chance(tile("5-5"))  # a double may never be played on a Wildfire
    assert moves(state) == ["pass"]
    play(state, "pass")
    assert obligation(state) == {"end": 2, "kind": "Double Wildfire", "hub": 5, "slots_left": 1}
    assert moves(state) == ["5-4@e2"]


# Every Wild One is on the table (wild half in), the pile is out, and seat 1 is about to lay
# the Double Wild One on the 6 at e6. With hub 1 only a Wild One could fill it: nobody can.
ALL_WILD_ONES_OUT = (
    "dealer=1 turn=1 | layout 9-9 W-0@e0 W-2@e0 W-3@e0 W-4@e0 W-5@e1 W-6@e2 W-7@e3 W-8@e4 W-9@e5"
    " | hands W-W 2-2 / 9-3 6-0 8-0 / * | pile -"
)


def test_by_the_rulebook_an_obligation_nobody_can_fill_with_the_pile_out_blocks_the_round():
    """R-WF: the round ends "when the game is blocked because no other plays can be made and
    there are no dominoes left in the draw pile"; while the Double Wild One is open nothing
    else may be played (D-WF-3), so the round is blocked although 9-3 would fit elsewhere."""
    state = position(ALL_WILD_ONES_OUT, rounds=1)
    play(state, "W-W@e6")
    state.apply_chance(1)
    assert state.phase == Phase.OVER
    assert state.sheet == [[2 + 2, 9 + 3 + 6 + 8, sum(POINTS[t] for t in state.hands[2])]]


def test_obligation_burns_out_after_going_round_the_whole_table_unfilled_with_the_pile_out():
    """House rule `obligation_burns_out`: "once the pile is empty and the obligation has
    gone round the whole table unfilled, its remaining slots close and play goes on"."""
    state = position(ALL_WILD_ONES_OUT, rounds=1, obligation_burns_out=True)
    play(state, "W-W@e6")
    state.apply_chance(1)
    for seat in (2, 3, 1):
        assert state.to_act() == seat - 1
        assert moves(state) == ["pass"]
        play(state, "pass")
    assert obligation(state) is None
    assert " W-W@e6:1x |" in state.notation()  # burnt out: written with an x
    assert state.to_act() == 1
    assert "9-3@e9" in moves(state)  # play goes on where the Double Wild One held it up
    again = position(state.notation(), rounds=1, obligation_burns_out=True)
    assert again.notation() == state.notation()
    assert moves(again) == moves(state)


def test_obligation_burns_out_counts_the_passes_in_public():
    """Everyone at the table sees the obligation go round: the passes so far are in the
    position (`unfilled=N`) and in every seat's view, so search samples the same count."""
    state = position(ALL_WILD_ONES_OUT, rounds=1, obligation_burns_out=True)
    play(state, "W-W@e6")
    state.apply_chance(1)
    play(state, "pass")
    play(state, "pass")
    assert state.notation().startswith("dealer=1 turn=1 phase=play knocked=1 unfilled=2 |")
    assert [state.view(seat)["unfilled"] for seat in (0, 1, 2, None)] == [2, 2, 2, 2]
    assert "unfilled" not in position(ALL_WILD_ONES_OUT).notation()
