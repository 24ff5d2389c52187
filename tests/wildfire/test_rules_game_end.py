"""THE WINNER and ALTERNATE GAME PLAY: 300 points, fewest wins, shorter games, the strategic hub."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import ConfigError, IllegalMoveError
from gamenight.engine.registry import make_game

from .conftest import assert_illegal, moves, play, position

# Seat 1 goes out with 5-3; seat 2 is left with T-9 D-8 (39 + 28 = 67), seat 3 with 2-0 (2).
LAST_PLAY = "dealer=1 turn=1 sheet={sheet} | layout 9-9 9-5@e0 | hands 5-3 / T-9 D-8 / 2-0 | pile *"


def test_at_the_end_of_a_round_if_a_player_has_300_or_more_the_game_is_over_and_the_fewest_points_win():
    """R-WF: "At the end of a round, if one player has 300 or more points, then the game is
    over, and the player with the fewest points is the winner."""
    state = position(LAST_PLAY.format(sheet="100,250,120"))
    play(state, "5-3@e1")
    assert state.is_over()
    assert state.notation().startswith("dealer=1 turn=1 phase=over sheet=100,250,120;0,67,2 |")
    assert state.scores() == [100, 317, 122]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.to_act() is None
    assert state.legal_moves() == []
    assert_illegal(state, "draw", "the game is over")


def test_exactly_300_ends_the_game():
    """R-WF: "300 or more points"."""
    state = position(LAST_PLAY.format(sheet="100,233,120"))
    play(state, "5-3@e1")
    assert state.scores() == [100, 300, 122]
    assert state.is_over()


def test_below_300_the_next_round_is_dealt():
    """R-WF: the game is over only "if one player has 300 or more points"."""
    state = position(LAST_PLAY.format(sheet="100,232,120"))
    play(state, "5-3@e1")
    assert state.scores() == [100, 299, 122]
    assert not state.is_over()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.notation().startswith("dealer=2 turn=2 phase=deal ")


def test_players_tied_on_the_fewest_points_share_the_win():
    """D-WF-6: "At game end, ties on the lowest total are shared wins." """
    state = position(LAST_PLAY.format(sheet="120,250,118"))
    play(state, "5-3@e1")
    assert state.scores() == [120, 317, 120]
    assert state.winners() == [0, 2]
    assert state.returns() == [0.5, 0.0, 0.5]


def test_a_shorter_game_with_a_lower_set_score():
    """R-WF Shorter Game: "Use ... a lower set score to determine winner" (target_score)."""
    state = position(LAST_PLAY.format(sheet="10,40,10"), target_score=100)
    play(state, "5-3@e1")
    assert state.scores() == [10, 107, 12]
    assert state.is_over()
    assert state.winners() == [0]


def test_a_shorter_game_with_a_predetermined_number_of_rounds():
    """R-WF Shorter Game: "Use a predetermined number of rounds" (rounds): the game ends
    after that many rounds, whatever the scores."""
    state = position(LAST_PLAY.format(sheet="10,40,10"), rounds=2)
    play(state, "5-3@e1")
    assert state.is_over()
    assert state.winners() == [0]
    state = position(LAST_PLAY.format(sheet="10,40,10"), rounds=3)
    play(state, "5-3@e1")
    assert not state.is_over()


def test_with_a_number_of_rounds_300_points_do_not_end_the_game_early():
    """Option `rounds`: "play exactly this many rounds (the target is then not used)"."""
    state = position(LAST_PLAY.format(sheet="100,250,120"), rounds=3)
    play(state, "5-3@e1")
    assert state.scores() == [100, 317, 122]
    assert not state.is_over()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target_score": 0}, "target_score must be 1 to 1000, not 0"),
        ({"target_score": 10**9}, "target_score must be 1 to 1000, not 1000000000"),
        ({"rounds": 0}, "rounds must be 1 to 50, not 0"),
        ({"rounds": 1_000_000}, "rounds must be 1 to 50, not 1000000"),
        ({"hub": 3}, "unknown option 'hub'"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(ConfigError, match=message):
        make_game("wildfire", {"players": 3, **options})


# Seat 2 plays a Wild One with its wild half out.
WILD_OUT = "dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / W-5 8-0 6-0 / 4-4 | pile *"


def test_in_the_more_strategic_game_the_player_who_played_the_wild_names_the_number():
    """R-WF More Strategic Game: "Instead of pressing the center domino on the hub to
    determine the Wild One, have the player who played it call it out." (strategic)"""
    state = position(WILD_OUT, strategic=True)
    play(state, "5-W@e1")
    assert state.notation().startswith("dealer=1 turn=2 phase=hub |")
    assert state.to_act() == 1
    assert moves(state) == [f"hub {n}" for n in range(1, 10)]
    assert state.chance_outcomes() == []
    with pytest.raises(IllegalMoveError, match="this is not a chance step"):
        state.apply_chance(4)
    assert_illegal(state, "8-0@e0", "name the hub's number first")
    play(state, "hub 4")
    assert state.notation().startswith("dealer=1 turn=3 phase=play | layout 9-9 9-5@e0 5-W@e1:4 |")


@pytest.mark.parametrize(
    ("hands", "trigger"),
    [
        ("2-2 / W-W 8-0 6-0 / 4-4", "W-W@e1"),
        ("2-2 / D-4 8-0 6-0 / 4-4", "4-D@e1"),
        ("2-2 / T-5 8-0 6-0 / 4-4", "5-T@e1"),
    ],
)
def test_in_the_strategic_game_the_player_also_names_the_number_for_the_double_wild_one_and_wildfires(hands, trigger):
    """Decision made here (docs/rules/wildfire.md): the variant applies to every hub press."""
    layout = "9-9 9-5@e0" if "T" in trigger else "9-9 9-4@e0"
    state = position(f"dealer=1 turn=2 | layout {layout} | hands {hands} | pile *", strategic=True)
    play(state, trigger)
    assert state.to_act() == 1
    assert moves(state) == [f"hub {n}" for n in range(1, 10)]
    play(state, "hub 1")
    assert f" {trigger}:1 |" in state.notation()


def test_without_the_strategic_variant_nobody_names_the_number():
    """R-WF: the player "must immediately press the center domino on the Hub"."""
    state = position(WILD_OUT)
    play(state, "5-W@e1")
    assert state.to_act() == -1
    assert_illegal(state, "hub 4", "no player is to act")
    state = position(WILD_OUT)
    assert_illegal(state, "hub 4", "there is no hub number to name now")


def test_a_game_that_ends_on_a_wild_keeps_its_last_layout_and_notation_reads_it_back():
    """R-WF: "The round ends when a player plays his last domino" -- even a wild, whose hub is
    then never pressed; the finished game's notation parses back exactly."""
    state = position("dealer=1 turn=1 sheet=100,290,100 | layout 9-9 9-5@e0 | hands W-5 / 8-8 / 2-2 | pile *")
    play(state, "5-W@e1")
    text = state.notation()
    assert text.startswith("dealer=1 turn=1 phase=over sheet=100,290,100;0,16,4 | layout 9-9 9-5@e0 5-W@e1:? |")
    assert position(text).notation() == text
