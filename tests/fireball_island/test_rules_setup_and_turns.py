"""Set-up, who goes first, the order of play, the options (R-FI GAME SETUP, WHO GOES FIRST?,
Ending Your Turn; decisions FI-16, FI-23 in docs/rules/fireball-island.md)."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import ConfigError
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import COUNTS, DECK, parse_card

from .scenarios import AT_END, AT_ROLL, chances, hand, new_state, position, step


@pytest.mark.parametrize("players", [1, 5])
def test_fireball_island_is_for_two_to_four_players(players):
    """R-FI: "For 2 to 4 Players"."""
    with pytest.raises(ConfigError, match="Fireball Island is for 2 to 4 players"):
        make_game("fireball-island", {"players": players})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_piece_starts_on_dead_mans_plateau_tokens_in_the_ruin_jewel_by_vul_kar(players):
    """R-FI GAME SETUP 5, 6, 9: "Place the 4 tokens in the Ruin space", "Fit the jewel in the
    recessed circle next to the Idol", "place it on the Start Space. All players do the same."
    From Dead Man's Plateau (the Start Space)."""
    state = new_state(players=players)
    view = state.view(None)
    assert view["pieces"] == ["DMP"] * players
    assert BOARD.start == "DMP"
    assert view["tokens"] == [False] * players and view["collected"] == [False] * players
    assert view["jewel"] == {"owner": None, "at": "VKP"}
    assert " | jewel VKP | tokens " + " ".join(["0"] * players) + " |" in state.notation()


def test_five_fireballs_one_loaded_in_the_idol_vul_kar():
    """R-FI GAME SETUP 7: "Load one Fireball into the Idol Vul-Kar ... Then place the 4 remaining
    Fireballs in the 4 gameboard indentations"; D-FI-2: V on Vul-Kar Point turns to face a rollway."""
    assert sorted(BOARD.fireballs) == ["A", "B", "C", "D", "V"]
    assert [f for f, fireball in BOARD.fireballs.items() if fireball.rotatable] == ["V"]
    assert "Vul-Kar" in BOARD.fireballs["V"].where


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_secret_card_is_dealt_to_each_player_and_the_rest_is_the_draw_pile(players):
    """R-FI GAME SETUP 8: "Shuffle the cards, then deal one card facedown to each player. Place the
    remaining cards facedown next to the gameboard, to form a draw-pile." Each card dealt is a
    chance step over the cards left in the pile (FI-23): each FIREBALL of the 8 is as likely as
    any other card."""
    state = new_state(players=players)
    assert len(DECK) == 48
    for seat in range(1, players + 1):
        assert state.to_act() == CHANCE and state.tasks[-1] == ("draw", seat - 1, 1)  # seat 1 first
        odds = chances(state)
        assert odds["FIREBALL"] == pytest.approx(COUNTS[parse_card("FIREBALL")] / (49 - seat))
        assert sum(odds.values()) == pytest.approx(1.0)
        step(state, "MOVE_AHEAD_4" if seat == 1 else "REROLL")
    assert [len(h) for h in state.hands] == [1] * players
    assert state.pile.total() == 48 - players
    # "Look at your card, but keep it a secret from your opponents."
    assert state.view(0)["hand"] == ["MOVE_AHEAD_4"]
    assert state.view(1)["hand"] == ["REROLL"]
    assert "MOVE_AHEAD_4" not in str(state.view(1)) and state.view(1)["hand_sizes"] == [1] * players


def test_highest_roller_goes_first():
    """R-FI WHO GOES FIRST?: "All players roll the die. Highest roller goes first." Each roll is a
    chance step, seat 1 first."""
    state = new_state(players=3)
    step(state, "FIREBALL", "REROLL", "CANCEL")
    assert chances(state) == pytest.approx({str(d): 1 / 6 for d in range(1, 7)})
    step(state, "2", "5", "3")
    assert state.turn == 1
    assert state.notation().startswith("turn=2 turns=1 first=2,5,3 |")
    assert state.to_act() == 1  # P2's turn: its window before the roll (it holds a card)


def test_a_tie_for_the_highest_roll_is_rolled_again_by_the_tied_players_only():
    """R-FI: "Highest roller goes first." A tie names no highest roller; the tied players roll
    again (CLARIFICATIONS 4.1 "Highest roll goes first"; the issue: "re-roll ties")."""
    state = new_state(players=3)
    step(state, "FIREBALL", "REROLL", "CANCEL")
    step(state, "5", "3", "5")
    assert state.first == [0, 3, 0] and state.tasks[-1] == ("first", 0b101)
    assert state.first_roller() == 0
    step(state, "4", "6")  # P1 rolls 4, P3 rolls 6
    assert state.turn == 2
    assert state.first == [4, 3, 6]


def test_play_continues_to_the_left():
    """R-FI: "Play continues to the left after each player's turn"; "Signal the end of your turn
    by passing the die to the player on your left." Seat n is followed by seat n+1, the last seat
    by seat 1."""
    state = position(f"turn=3 | pieces WT1 WT10 TA4 | hands - / - / - | {AT_ROLL}")
    step(state, "3", "TA7")
    assert state.turn == 0 and state.turns == 2
    step(state, "2", "WT3", "REROLL", "pass")  # P1 lands on a dark space and draws a card
    assert state.turn == 1 and state.turns == 3
    assert hand(state, 1) == ["REROLL"]


def test_turn_limit_stops_the_game_undecided():
    """Decision FI-16: option turn_limit (default 1000 turns in all); the game then stops and
    nobody wins."""
    assert make_game("fireball-island", {}).options.turn_limit == 1000
    state = position(f"turn=1 turns=6 | pieces WT1 WT10 | hands - / - | {AT_ROLL}", turn_limit=6)
    step(state, "3", "WT4")
    assert state.is_over()
    assert state.winners() == [] and state.returns() == [0.0, 0.0]
    longer = position(f"turn=1 turns=6 | pieces WT1 WT10 | hands - / - | {AT_ROLL}", turn_limit=7)
    step(longer, "3", "WT4")
    assert not longer.is_over() and longer.turns == 7


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"fireball_mode": "sometimes"}, "fireball_mode must be 'probabilistic' or 'deterministic'"),
        ({"turn_limit": -1}, "turn_limit must be 1 to 1000 turns"),
        ({"turn_limit": 0}, r"turn_limit must be 1 to 1000 turns \(every game ends\), not 0"),
        ({"turn_limit": 1001}, "turn_limit must be 1 to 1000 turns"),
    ],
)
def test_options_refuse_values_they_do_not_know(options, message):
    """The options: players, fireball_mode (D-FI-3), turn_limit (FI-16)."""
    with pytest.raises(ConfigError, match=message):
        make_game("fireball-island", options)


def test_the_default_fireball_mode_is_probabilistic():
    """D-FI-3: the probabilistic model is the default; "deterministic" is the option."""
    assert make_game("fireball-island", {}).options.fireball_mode == "probabilistic"
    assert make_game("fireball-island", {}).options.players == 4


def test_the_end_window_is_the_players_own():
    """Decision FI-1: the window at the end of a turn asks only the player whose turn it is."""
    state = position(f"turn=1 | pieces WT1 WT10 | hands REROLL / FIREBALL | {AT_END}")
    assert state.to_act() == 0
    step(state, "pass")
    assert state.turn == 1 and state.to_act() == 1  # P2's own turn begins: its window before the roll
