"""Partners: two teams sitting alternately; when one goes out only the other team is counted;
in a block each team adds both members' counts (R-WS "Partners"; D-WS-5)."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import ConfigError, NotationError
from gamenight.engine.registry import make_game

from .conftest import count, hand, play, position

FIVE = "9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"
BLOCKED = f"{FIVE} S-7@e1 7-9@e6 S-5@e2 5-9@e8 S-2@e3 2-9@e10 0-1@e4 1-9@e12 S-9@e5 SS@e14"
# Seat 1 goes out with 4-2. Seat 3, its partner, keeps the 0-0 (30); seats 2 and 4 keep
# 6-5 (11) and a star (20).
LAST_PLAY = f"shuffler=1 turn=1 | layout {FIVE} | hands 4-2 / 6-5 / 0-0 / S | pile *"


def test_partners_sit_alternately_around_the_table():
    """R-WS: "they may divide into two teams, sitting alternately around the table": seats 1
    and 3 against seats 2 and 4 (numbered from 0 in views)."""
    state = position(LAST_PLAY, partners=True)
    assert state.view(None)["teams"] == [[0, 2], [1, 3]]
    six = position(f"shuffler=1 | layout {FIVE} | hands 4-2 / 6-5 / 0-0 / S / 7-7 / 2-1 | pile *", partners=True)
    assert six.view(None)["teams"] == [[0, 2, 4], [1, 3, 5]]


def test_when_a_member_goes_out_only_the_other_teams_dominoes_are_counted():
    """R-WS: "When a member of one team plays the last domino in his hand, only the dominoes
    left remaining in the hands of the other team are counted and recorded"; D-WS-5: "the
    losing team's combined count goes to the losing team"."""
    state = position(LAST_PLAY, partners=True)
    play(state, "4-2@e1")
    assert state.sheet == [[0, 11 + 20]]
    assert state.scores() == [0, 31, 0, 31]
    assert state.notation().startswith("shuffler=1 turn=1 phase=deal sheet=0,31 |")


def test_with_winner_collects_the_other_teams_count_goes_to_the_winning_team():
    """R-WS "give their score to the winner", with partners: the winning team records the
    other team's count (D-WS-5's flag)."""
    state = position(LAST_PLAY, partners=True, winner_collects=True)
    play(state, "4-2@e1")
    assert state.sheet == [[31, 0]]
    assert state.scores() == [31, 0, 31, 0]


def test_in_a_blocked_hand_each_team_adds_both_members_counts():
    """R-WS: "that score is added to each person's score or each team's score"; D-WS-5: "When
    blocked, each team adds both members' counts." """
    state = position(
        f"shuffler=1 turn=1 | layout {BLOCKED} | hands 8-7 / 0-0 5-4 / 8-5 2-0 / * | pile -", partners=True
    )
    fourth = count(hand(state, 4))
    play(state, "pass")
    assert state.sheet == [[15 + 15, 39 + fourth]]
    assert fourth == 335 - 15


def test_after_a_blocked_team_hand_the_player_with_the_lowest_count_shuffles():
    """Decision made here: after a block the single player with the lowest count shuffles,
    partners or not -- seat 2 (2 points), though its team has the higher total."""
    state = position(f"shuffler=1 turn=1 | layout {BLOCKED} | hands 8-7 / 2-0 / 8-5 / * | pile -", partners=True)
    play(state, "pass")
    assert state.sheet[0][0] < state.sheet[0][1]
    assert state.notation().startswith("shuffler=2 turn=2 phase=deal ")


def test_the_score_sheet_has_one_column_per_team():
    """With partners a sheet row holds two scores, one per team."""
    state = position("shuffler=1 sheet=0,31;12,0 | layout 7-7 | hands 4-2 / 6-5 / 0-0 / S | pile *", partners=True)
    assert state.scores() == [12, 31, 12, 31]
    with pytest.raises(NotationError, match="sheet row '0,31,0,31' needs 2 scores"):
        position("shuffler=1 sheet=0,31,0,31 | layout 8-8 | hands 4-2 / 6-5 / 0-0 / S | pile *", partners=True)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_partners_need_an_even_number_of_players(players):
    """R-WS: "If an even number of people are playing, they may divide into two teams"."""
    with pytest.raises(ConfigError, match=f"partners need an even number of players, not {players}"):
        make_game("wildstar", {"players": players, "partners": True})
