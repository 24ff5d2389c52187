"""FINISHING A ROUND and SCORING: going out, a blocked game, the deal passing left (R-WF; D-WF-6)."""

from __future__ import annotations

import pytest

from gamenight.games.wildfire.tiles import ALL_TILES, POINTS, TILES

from .conftest import moves, play, position, tile

# Every Wild One and the Double Wild One are on the table, and the last Wild One's hub
# lit 1: only a wild could close it, so nobody can play (D-WF-1, D-WF-3).
NO_WILDS_LEFT = "9-9 W-9@e0 W-W@e1:5 5-3@e2 5-4@e2 W-8@e2 W-7@e5 W-6@e6 W-5@e7 W-4@e8 W-3@e9 W-2@e10 2-0@e11 0-W@e12:1"


def count(names):
    """R-WF SCORING, counted by hand: 1 a pip, a Wild One 10, Double Wildfire 20, Triple 30."""
    flame = {"W": 10, "D": 20, "T": 30}
    return sum(flame.get(half) or int(half) for name in names for half in name.split("-"))


@pytest.mark.parametrize(
    ("name", "points"),
    [("5-3", 8), ("0-0", 0), ("9-9", 18), ("W-4", 14), ("W-0", 10), ("W-W", 20), ("D-6", 26), ("T-9", 39)],
)
def test_each_domino_left_in_hand_counts_its_pips_plus_10_20_or_30_for_its_flames(name, points):
    """R-WF: "Add 1 point for each dot, Add 10 points for each Wild One, 20 points for each
    Double Wildfire, and 30 points for each Triple Wildfire." D-WF-6: blanks count 0, a Wild
    One scores 10 + the pips of its number half, the Double Wild One 20."""
    assert POINTS[tile(name)] == points


def test_the_whole_set_is_worth_888():
    """D-WF-1/D-WF-6: 440 for the 45 plain tiles, 134 for the Wild Ones, 20 for the Double
    Wild One, 120 for the Double and 174 for the Triple Wildfires."""
    assert sum(POINTS) == 888 == count(TILES.name(t) for t in ALL_TILES)


def test_a_player_who_goes_out_scores_zero_and_all_others_count_their_dominoes():
    """R-WF: "If a player goes out, that player scores zero points and all others count the
    number of pips (dots) on their remaining dominoes."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 | hands 5-3 / W-4 D-6 T-0 0-0 / W-W 9-4 | pile *")
    assert moves(state) == ["5-3@e1"]  # no knock on the last domino
    play(state, "5-3@e1")
    assert state.sheet == [[0, 14 + 26 + 30 + 0, 20 + 13]]
    assert state.scores() == [0, 70, 33]


def test_the_round_ends_when_a_player_plays_his_last_domino_and_the_deal_passes_to_the_left():
    """R-WF: "The round ends when a player plays his last domino ... To start the next hand,
    the player to the left of the dealer becomes the new dealer"; "the dominoes are
    reshuffled for the next round"."""
    state = position("dealer=3 turn=1 | layout 9-9 9-5@e0 | hands 5-3 / W-4 D-6 T-0 0-0 / W-W 9-4 | pile *")
    play(state, "5-3@e1")
    everything = " ".join(TILES.name(t) for t in ALL_TILES)
    assert (
        state.notation() == f"dealer=1 turn=1 phase=deal sheet=0,70,33 | layout  | hands - / - / - | pile {everything}"
    )
    assert state.to_act() == -1
    assert len(state.chance_outcomes()) == 65


def test_scores_are_recorded_for_each_player_round_after_round():
    """R-WF: "The scores are recorded for each player"."""
    state = position(
        "dealer=1 turn=1 sheet=10,20,30 | layout 9-9 9-5@e0 | hands 5-3 / W-4 D-6 T-0 0-0 / W-W 9-4 | pile *"
    )
    play(state, "5-3@e1")
    assert state.notation().startswith("dealer=2 turn=2 phase=deal sheet=10,20,30;0,70,33 |")
    assert state.scores() == [10, 90, 63]


def test_going_out_on_a_wild_ends_the_round_before_the_hub():
    """R-WF: "The round ends when a player plays his last domino" -- no hub, no obligation."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 | hands W-5 / 8-8 / 2-2 | pile *")
    play(state, "5-W@e1")
    assert state.notation().startswith("dealer=2 turn=2 phase=deal sheet=0,16,4 |")


def test_a_blocked_game_ends_the_round_and_each_player_counts_their_own_hand():
    """R-WF: the round ends "when the game is blocked because no other plays can be made and
    there are no dominoes left in the draw pile"; "If no player goes out, then each player
    adds up the score in their own hand." D-WF-3: "If every player passes in turn while the
    draw pile is empty, the round is blocked."""
    state = position(f"dealer=1 turn=2 | layout {NO_WILDS_LEFT} | hands 6-3 8-8 / 7-0 / * | pile -", target_score=1000)
    rest = [TILES.name(t) for t in state.hands[2]]
    assert moves(state) == ["pass"]
    play(state, "pass")
    assert state.sheet == [[25, 7, count(rest)]]
    on_table = [entry.split("@")[0] for entry in NO_WILDS_LEFT.split()]
    assert count(rest) == 888 - count(on_table) - 25 - 7 == 665
    assert state.notation().startswith("dealer=2 turn=2 phase=deal sheet=25,7,665 |")
