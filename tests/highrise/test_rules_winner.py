"""THE WINNER: the basic game is one hand, the most points wins; or hands are played until, at
the end of a hand, someone has 300 (target_score); highest wins. Variants."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import ConfigError

from .conftest import assert_illegal, game, play, position

BASEMENT = "basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W"
# Seat 1 goes out with 6-5 (11 points), collecting seat 2's W-4 3-0 (14): 25 in all.
GOING_OUT = f"scores={{scores}} | {BASEMENT} | hands 6-5 / W-4 3-0 | pile *"
# The same, after seat 2 has played 2-4 (6 points) this hand: how a total passes 300 in a hand
# under way (before it, every total was short of the target, or the game was over).
SEAT_2_PLAYED = f"scores={{scores}} | {BASEMENT} | level1 2-4@b4,c4 | hands 6-5 / W-4 3-0 | pile *"
TO_300 = {"target_score": 300}  # "Players may play several hands and keep a running total"


def test_at_the_end_of_a_hand_if_a_player_has_300_the_player_with_highest_score_is_the_winner():
    """R-HR THE WINNER: "At the end of a hand, if at least one player has reached a running total of
    300 points ..., then the player with highest score is the winner."""
    state = position(GOING_OUT.format(scores="280,100"), **TO_300)
    play(state, "5-6@a1,b1")
    assert state.scores() == [305, 100]
    assert state.is_over()
    assert state.to_act() is None
    assert state.legal_moves() == []
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    assert state.notation().startswith("hand=1 turn=1 phase=over scores=305,100 |")
    assert_illegal(state, "draw", "the game is over")


def test_the_highest_total_wins_not_the_first_to_reach_300():
    state = position(SEAT_2_PLAYED.format(scores="278,305"), **TO_300)
    play(state, "5-6@a1,b1")
    assert state.scores() == [303, 305]
    assert state.winners() == [1]


def test_exactly_300_ends_the_game():
    """R-HR: "reached a running total of 300 points"."""
    state = position(GOING_OUT.format(scores="275,100"), **TO_300)
    play(state, "5-6@a1,b1")
    assert state.scores() == [300, 100]
    assert state.is_over()


def test_below_300_another_hand_is_played_and_the_start_moves_to_the_left():
    """R-HR: "Players may play several hands and keep a running total"; "The next hand is started by
    the player to the left of the youngest player, and so on." (D-HR-6)"""
    state = position(GOING_OUT.format(scores="274,100"), **TO_300)
    play(state, "5-6@a1,b1")
    assert state.scores() == [299, 100]
    assert not state.is_over()
    assert state.returns() == [0.0, 0.0]
    assert state.notation().startswith("hand=2 turn=2 phase=basement scores=299,100 |")


def test_the_starting_seat_rotates_left_every_hand_and_round_the_table():
    """D-HR-6: "the starting seat rotates left each hand": hand 1 seat 1, hand 2 seat 2, hand 3
    seat 3, hand 4 seat 1 again. The first turn of the hand is the starter's."""
    state = position(f"hand=3 turn=1 | {BASEMENT} | hands 6-5 / W-4 3-0 / 2-2 | pile *", **TO_300)
    assert state.starter == 2
    play(state, "5-6@a1,b1")
    assert state.notation().startswith("hand=4 turn=1 phase=basement ")
    assert state.view(None)["starter"] == 0


def test_reaching_300_during_a_hand_does_not_end_it():
    """Only "At the end of a hand" is the total looked at."""
    state = position(f"scores=295,0 | {BASEMENT} | hands 6-5 2-2 / W-4 3-0 | pile *", **TO_300)
    play(state, "5-6@a1,b1")
    assert state.scores() == [306, 0]
    assert not state.is_over()
    assert state.to_act() == 1


def test_players_tied_on_the_highest_total_share_the_win():
    """D-HR-5: "Highest total wins; ties share the win"."""
    state = position(SEAT_2_PLAYED.format(scores="280,305"), **TO_300)
    play(state, "5-6@a1,b1")
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_with_the_extra_hand_tie_break_a_tie_plays_one_more_hand():
    """D-HR-5: "or play one more hand if tie_break = "extra_hand"."""
    state = position(SEAT_2_PLAYED.format(scores="280,305"), tie_break="extra_hand", **TO_300)
    play(state, "5-6@a1,b1")
    assert not state.is_over()
    assert state.notation().startswith("hand=2 turn=2 phase=basement scores=305,305 |")


def test_extra_hands_stop_at_hand_60_where_a_tie_still_standing_is_shared():
    """Decision 14 (issue 29): every game ends; no game goes past hand 60, extra hands included."""
    tied = GOING_OUT.format(scores="280,305")
    state = position(f"hand=59 {tied}", tie_break="extra_hand", hands=50)
    play(state, "5-6@a1,b1")
    assert state.notation().startswith("hand=60 turn=2 phase=basement scores=305,305 |")
    state = position(f"hand=60 {tied}", tie_break="extra_hand", hands=50)
    play(state, "5-6@a1,b1")
    assert state.is_over()
    assert state.winners() == [0, 1]
    untied = position(f"hand=60 {GOING_OUT.format(scores='0,5')}", target_score=1000)
    play(untied, "5-6@a1,b1")
    assert untied.is_over() and untied.winners() == [0]


def test_an_agreed_total_other_than_300():
    """R-HR: "300 points (or an agreed upon total before the games begins)" (target_score)."""
    state = position(GOING_OUT.format(scores="80,10"), target_score=100)
    play(state, "5-6@a1,b1")
    assert state.is_over()
    assert state.winners() == [0]


def test_the_basic_game_is_one_hand_and_the_player_with_the_most_points_is_the_winner():
    """R-HR: "At the end of the hand, the player with the most points is the winner. Players
    may play several hands and keep a running total" -- one hand unless agreed otherwise."""
    state = position(GOING_OUT.format(scores="0,40"))
    play(state, "5-6@a1,b1")
    assert state.is_over()
    assert state.scores() == [25, 40]
    assert state.winners() == [1]


def test_with_a_number_of_hands_300_points_do_not_end_the_game_early():
    state = position(GOING_OUT.format(scores="400,10"), hands=2)
    play(state, "5-6@a1,b1")
    assert not state.is_over()
    assert state.notation().startswith("hand=2 ")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target_score": 0}, "target_score must be 1 to 1000, not 0"),
        ({"target_score": 1001}, "target_score must be 1 to 1000, not 1001"),
        ({"hands": 0}, "hands must be 1 to 50, not 0"),
        ({"hands": 1_000_000}, "hands must be 1 to 50, not 1000000"),
        ({"tie_break": "coin"}, "tie_break must be 'share' or 'extra_hand', not 'coin'"),
        ({"players": "two"}, "'players' must be int"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(ConfigError, match=message):
        game(**options)


def test_the_default_game_is_one_hand_of_four_players_on_the_4x4_base():
    options = game().options
    assert (options.players, options.target_score, options.basement_layout) == (4, None, "4x4")
    assert (options.hands, options.tie_break, options.opponents_subtract_on_out) == (None, "share", False)
    assert options.fixed_hands == 1  # the basic game: one hand
