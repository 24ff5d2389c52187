"""The end of the game: ten hands, 9-9 down to 0-0 (or `hands` of them); the lowest total
wins, ties share (R-WS; D-WS-5, D-WS-6)."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import ConfigError, NotationError
from gamenight.engine.registry import make_game

from .conftest import assert_illegal, count, hand, laid, play, position

# The tenth hand: the 0-0 is in the centre with five arms out (ends 4, 3, 8, 9, 6).
ZERO = "0-0 0-4@e0 0-3@e0 0-8@e0 0-9@e0 0-6@e0"
# Seat 1 goes out with 4-2; seat 2 keeps S 5-5 (30), seat 3 keeps 6-5 (11).
LAST_PLAY = "shuffler=1 turn=1 sheet={sheet} | layout " + ZERO + " | hands 4-2 / S 5-5 / 6-5 | pile *"
# Every 0 and every wildstar is on the table and the five open ends all show 0.
ZERO_BLOCKED = f"{ZERO} S-7@e1 7-0@e6 S-5@e2 5-0@e8 S-2@e3 2-0@e10 9-1@e4 1-0@e12 S-0@e5 SS@e14"


def rows(*row: str) -> str:
    return ";".join(row)


def test_the_game_ends_after_the_tenth_hand_which_begins_with_the_0_0_and_the_lowest_score_wins():
    """R-WS: hands begin 9-9, 8-8, "and so on, continuing down through the 0-0"; "At the end
    of the game, the person or team with the lowest score is the winner." D-WS-6: 10 hands."""
    state = position(LAST_PLAY.format(sheet=rows(*["10,20,30"] * 9)))
    assert state.view(None)["hand_number"] == 10
    play(state, "4-2@e1")
    assert state.is_over()
    assert state.notation().startswith(f"shuffler=1 turn=1 phase=over sheet={rows(*['10,20,30'] * 9)};0,30,11 |")
    assert state.scores() == [90, 210, 281]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.to_act() is None
    assert state.legal_moves() == [] and state.chance_outcomes() == []
    assert_illegal(state, "draw", "the game is over")
    assert position(state.notation()).notation() == state.notation()


def test_before_the_tenth_hand_the_next_hand_is_dealt():
    """D-WS-6: a game is 10 hands; after the ninth (the 1-1) the 0-0 hand is dealt."""
    sheet = rows(*["10,20,30"] * 8)
    state = position(
        f"shuffler=1 turn=1 sheet={sheet} | layout 1-1 1-4@e0 1-3@e0 1-8@e0 1-0@e0 1-6@e0 | hands 4-2 / S / 6-5"
    )
    assert state.view(None)["hand_number"] == 9
    play(state, "4-2@e1")
    assert not state.is_over()
    assert state.notation().startswith(f"shuffler=1 turn=1 phase=deal sheet={sheet};0,20,11 |")
    assert state.view(None)["centre"] == "0-0"


def test_a_blocked_tenth_hand_ends_the_game():
    """D-WS-6: "A blocked hand still counts as a hand" -- a block in the 0-0 hand is the end."""
    state = position(
        f"shuffler=1 turn=1 sheet={rows(*['1,2,3'] * 9)} | layout {ZERO_BLOCKED} | hands 8-7 / 5-4 / * | pile -"
    )
    rest = count(hand(state, 3))
    play(state, "pass")
    assert state.is_over()
    assert state.sheet[-1] == [15, 9, rest]
    assert rest == 625 - count(laid(ZERO_BLOCKED)) - 15 - 9 == 625 - 185 - 24
    assert state.scores() == [9 + 15, 18 + 9, 27 + rest]
    assert state.winners() == [0]


def test_players_tied_on_the_lowest_score_share_the_win():
    """R-WS: "the person or team with the lowest score is the winner"; CLARIFICATIONS (as for
    Wildfire): ties share."""
    state = position(LAST_PLAY.format(sheet=rows(*["10,20,10"] * 8, "11,0,0")))
    play(state, "4-2@e1")
    assert state.scores() == [91, 190, 91]
    assert state.winners() == [0, 2]
    assert state.returns() == [0.5, 0.0, 0.5]


def test_with_winner_collects_the_highest_score_wins():
    """D-WS-5: "A flag winner_collects = True gives the literal "give their score to the
    winner" with highest-wins."""
    state = position(LAST_PLAY.format(sheet=rows(*["0,10,0"] * 9)), winner_collects=True)
    play(state, "4-2@e1")
    assert state.scores() == [41, 90, 0]
    assert state.winners() == [1]
    assert state.returns() == [0.0, 1.0, 0.0]


def test_with_partners_the_team_with_the_lowest_score_wins():
    """R-WS: "the person or team with the lowest score is the winner": both members of the team
    win (each has return 1)."""
    text = f"shuffler=1 turn=1 sheet={rows(*['5,7'] * 9)} | layout {ZERO} | hands 4-2 / 6-5 / 0-1 / S | pile *"
    state = position(text, partners=True)
    play(state, "4-2@e1")
    assert state.scores() == [45, 94, 45, 94]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 1.0, 0.0]


def test_a_shorter_game_of_fewer_hands_stops_after_them():
    """D-WS-6: "10 hands (9-9 ... 0-0). ... Configurable." (option `hands`): three hands play
    the 9-9, 8-8 and 7-7, and the game ends after the third."""
    state = position(
        "shuffler=1 turn=1 sheet=1,2,3;4,5,6 | layout 7-7 7-4@e0 7-3@e0 7-8@e0 7-0@e0 7-6@e0 "
        "| hands 4-2 / S / 6-5 | pile *",
        hands=3,
    )
    play(state, "4-2@e1")
    assert state.is_over()
    assert state.scores() == [5, 27, 20]
    with pytest.raises(NotationError, match="the score sheet has 3 hands: the game of 3 hands is over"):
        position("shuffler=1 sheet=1,2,3;4,5,6;7,8,9 | layout 6-6 | hands 4-1 / S / 6-5 | pile *", hands=3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hands": 0}, r"a game has 1 to 10 hands \(9-9 down to 0-0\), not 0"),
        ({"hands": 11}, "a game has 1 to 10 hands"),
        ({"hands": "ten"}, "option 'hands' must be int"),
        ({"deal": 7}, "unknown option 'deal'"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(ConfigError, match=message):
        make_game("wildstar", {"players": 3, **options})
