"""Roll and move: the full count, any direction, no space twice, occupied spaces, moving on;
dark spaces and the 4-card limit; Witchlord Step and the Magic Charm tokens (R-FI WHAT YOU DO ON
YOUR TURN, SPECIAL SPACES; D-FI-5; decisions FI-10, FI-11, FI-25)."""

from __future__ import annotations

import pytest

from gamenight.engine.errors import IllegalMoveError, NotationError
from gamenight.engine.protocol import CHANCE
from gamenight.games.fireball_island.board_data import BOARD

from .scenarios import (
    AT_END,
    AT_ROLL,
    AT_START,
    DETERMINISTIC,
    PRE_P2,
    assert_illegal,
    hand,
    moves,
    position,
    step,
    walks,
)


def test_roll_and_move_the_full_count_along_the_trails_in_any_direction():
    """R-FI: "roll the die, then move your playing piece along the trails, the number of spaces
    indicated on the die"; "You can move along the trails in any direction"; "Move your playing
    piece by the full die count." """
    state = position(f"turn=1 | pieces TA5 DMP | hands - / - | {AT_ROLL}")
    step(state, "3")
    assert walks(state) == ["TA4>TA3>TA2", "TA6>TA7>TA8"]
    assert moves(state) == ["TA2", "TA8"]
    step(state, "TA2")
    assert state.pos[0] == "TA2"


def test_a_move_never_enters_the_same_space_twice():
    """R-FI: "as long as you don't move onto the same space twice during one move." No walk
    offered repeats a space or comes back to where it began, and a walk that would is refused."""
    for start, roll in [("TA5", 6), ("SHB", 6), ("GSB4", 6), ("FJ", 5), ("GF", 6)]:
        state = position(f"turn=1 | pieces {start} DMP | hands - / - | {AT_ROLL}")
        step(state, str(roll))
        for move in state.legal_moves():
            assert len(set(move.path)) == len(move.path) and start not in move.path
    state = position(f"turn=1 | pieces TA5 DMP | hands - / - | {AT_ROLL}")
    step(state, "3")
    assert_illegal(state, "TA6>TA5>TA4", "TA6>TA5>TA4 is not a walk of 3 spaces from TA5")
    assert_illegal(state, "TA6>TA7>TA6", "not a walk of 3 spaces from TA5")


def test_every_space_counts_whether_it_is_occupied_or_not():
    """R-FI: "As you move, count each space whether it's occupied or not." """
    state = position(f"turn=1 | pieces TA5 TA7 | hands - / - | {AT_ROLL}")
    step(state, "4")
    assert "TA6>TA7>TA8>TA9" in walks(state)


def test_landing_on_an_opponent_moves_you_on_to_the_next_open_space():
    """R-FI: "If you land on a space occupied by an opponent's playing piece, move to the next open
    space." D-FI-5: keep moving the same way, to the next free space."""
    state = position(f"turn=1 | pieces TA5 TA8 TA9 | hands - / - / - | {AT_ROLL}")
    step(state, "3")
    assert walks(state) == ["TA4>TA3>TA2", "TA6>TA7>TA8>TA9>TA10"]
    step(state, "TA10")
    assert state.pos == ["TA10", "TA8", "TA9"]


def test_at_a_fork_the_mover_chooses_where_to_move_on():
    """D-FI-5: "when a move ends on an occupied space, keep moving in the same direction to the
    next free space. At a fork, the mover chooses." P2 stands on the hub where Thunder Alley meets
    Skeleton Head Beach, Blister Run and the Low Road."""
    state = position(f"turn=1 | pieces TA11 SHB | hands - / - | {AT_ROLL}")
    step(state, "2")
    assert walks(state) == ["TA10>TA9", "TA10>CAVE2", "TA12>SHB>SB1", "TA12>SHB>BR1", "TA12>SHB>LR1"]


def test_start_dock_and_pits_hold_any_number_of_pieces_so_nobody_moves_on_from_them():
    """Decision FI-10: the start, the Dock, the smolder pits (R-FI: "Any number of playing pieces
    may occupy the same smolder pit") and the water hold any number of pieces."""
    state = position(f"turn=1 | pieces WT2 DMP | hands - / - | {AT_ROLL}")
    step(state, "2")
    assert walks(state) == ["WT1>DMP", "WT3>WT4"]
    state = position(f"turn=1 | pieces DR8 DOCK | jewel P2 | hands - / - | {AT_ROLL}")
    step(state, "2")
    assert "DR9>DOCK" in walks(state)
    with pytest.raises(NotationError, match="two pieces on TA3"):
        position(f"turn=1 | pieces TA3 TA3 | hands - / - | {AT_ROLL}")


def test_only_walks_of_the_full_count_are_offered():
    """R-FI: "Move your playing piece by the full die count"; decision FI-11: a walk that runs into
    a dead end before its count is no walk. Back from Witchlord Trail 2 the trail ends at the start."""
    state = position(f"turn=1 | pieces WT2 TA1 | hands - / - | {AT_ROLL}")
    step(state, "3")
    assert walks(state) == ["WT3>WT4>WT5"]


def test_rolling_a_1_moves_nothing_and_rolls_a_fireball_instead():
    """R-FI: "If you roll a "1" on the die, don't move your playing piece along the trail! Instead,
    you must roll a Fireball!" """
    state = position(f"turn=1 | pieces WT1 TA3 | hands - / - | {AT_ROLL}")
    step(state, "1")
    assert state.pos == ["WT1", "TA3"]
    assert state.tasks[-1] == ("fireball", 0, "die")
    assert moves(state) == ["B-1"]


def test_landing_on_a_dark_space_draws_a_card():
    """R-FI Dark Trail Spaces: "Whenever you land on (not just pass over) a dark trail space, take
    a card from the drawpile and add it to your hand." The card drawn is a chance step."""
    assert BOARD.spaces["WT3"].dark
    state = position(f"turn=1 | pieces WT1 TA3 | hands - / - | {AT_ROLL}")
    step(state, "2", "WT3")
    assert state.to_act() == CHANCE and state.tasks[-1] == ("draw", 0, 1)
    step(state, "MAGIC_TALISMAN")
    assert hand(state, 1) == ["MAGIC_TALISMAN"]


def test_passing_over_a_dark_space_draws_nothing():
    """R-FI: "land on (not just pass over)"; nor does moving on past an occupied dark space."""
    state = position(f"turn=1 | pieces WT1 TA3 | hands - / - | {AT_ROLL}")
    step(state, "3", "WT4")
    assert state.hands[0] == [] and state.turn == 1
    state = position(f"turn=1 | pieces WT1 WT3 | hands - / - | {AT_ROLL}")
    step(state, "2", "WT4")  # the count ends on P2's dark space, and P1 moves on
    assert state.hands[0] == [] and state.turn == 1


def test_never_draw_a_card_with_four_in_hand():
    """R-FI YOUR 4-CARD LIMIT: "You can never have more than 4 cards in your hand at one time.
    Never draw a card if you already have 4 of them." """
    state = position(f"turn=1 | pieces WT1 TA3 | hands REROLL REROLL CANCEL CANCEL / - | {AT_ROLL}")
    step(state, "2", "pass", "WT3")
    assert len(state.hands[0]) == 4
    assert state.tasks[-1] == ("window", "end", 0) and state.to_act() == 0


def test_no_position_holds_a_hand_of_five():
    """R-FI: "You can never have more than 4 cards in your hand at one time." """
    with pytest.raises(NotationError, match="seat 1 holds 5 cards; the limit is 4"):
        position(f"turn=1 | pieces WT1 TA3 | hands REROLL REROLL CANCEL CANCEL FIREBALL / - | {AT_ROLL}")


@pytest.mark.parametrize(("roll", "end"), [("2", "WS"), ("3", "TA1")])
def test_landing_on_or_passing_witchlord_step_collects_a_magic_charm_token(roll, end):
    """R-FI: "If you land on or pass Witchlord Step, collect one Magic Charm token from the Ruin." """
    state = position(f"turn=1 | pieces WT17 DMP | hands - / - | {AT_ROLL}")
    step(state, roll, end)
    assert state.token == [True, False] and state.collected == [True, False]
    assert " | tokens 1 0 |" in state.notation()


@pytest.mark.parametrize("tokens", ["1 0", "2 0"])
def test_only_one_token_is_collected_in_a_game(tokens):
    """R-FI: "You can only collect one token during the game." Passing Witchlord Step again,
    holding the token (1) or having traded it in (2), collects nothing."""
    state = position(f"turn=1 | pieces TA1 DMP | tokens {tokens} | hands REROLL REROLL CANCEL CANCEL / - | {AT_ROLL}")
    step(state, "3", "pass", "WT17")
    assert f" | tokens {tokens} |" in state.notation()


def test_trading_the_token_in_fills_the_hand_to_four():
    """R-FI: "A Magic Charm token can be traded in on any one of your turns, to give you a full hand
    of 4 cards"; "Return it to the Ruin, then take enough cards from the drawpile to fill your hand
    to 4 cards." Decision FI-25: at any point of one's own turn, here before the roll."""
    state = position(f"turn=1 | pieces TA1 DMP | tokens 1 0 | hands REROLL / - | {AT_START}")
    assert moves(state) == ["pass", "trade"]
    step(state, "trade")
    assert " | tokens 2 0 |" in state.notation() and state.token == [False, False]
    assert state.to_act() == CHANCE and state.tasks[-1] == ("draw", 0, 3)
    step(state, "FIREBALL", "CANCEL", "MOVE_AHEAD_4")
    assert hand(state, 1) == ["FIREBALL", "CANCEL", "REROLL", "MOVE_AHEAD_4"]
    assert moves(state) == ["pass", "FIREBALL", "MOVE_AHEAD_4"]  # still before the roll, no more trade


def test_the_token_may_be_traded_in_at_the_end_of_the_turn():
    """R-FI: "A Magic Charm token can be traded in on any one of your turns"; the end of it too."""
    state = position(f"turn=1 | pieces TA1 DMP | tokens 1 0 | hands - / - | {AT_END}")
    assert moves(state) == ["pass", "trade"]
    step(state, "trade", "REROLL", "REROLL", "CANCEL", "CANCEL")
    assert len(state.hands[0]) == 4 and state.turn == 0 and state.to_act() == 0


def test_the_token_may_be_traded_in_after_the_roll():
    """R-FI: "A Magic Charm token can be traded in on any one of your turns"; decision FI-25: at any
    point of it, here after the roll: with the full hand, P1 may REROLL the 4 it rolled."""
    state = position(f"turn=1 | pieces TA1 DMP | tokens 1 0 | hands - / - | {AT_ROLL}")
    step(state, "4")
    assert state.tasks[-1] == ("window", "post", 0) and moves(state) == ["pass", "trade"]
    step(state, "trade", "REROLL", "REROLL", "CANCEL", "CANCEL")
    assert hand(state, 1) == ["CANCEL", "CANCEL", "REROLL", "REROLL"]
    assert state.to_act() == 0 and moves(state) == ["pass", "REROLL"]


def test_the_token_may_be_traded_in_during_the_turn_spent_standing_up():
    """R-FI GETTING FIREBALLED 2: "You cannot roll, move or play any cards on this turn"; the token is
    no card, and "can be traded in on any one of your turns" (decision FI-13): standing up, P1 is
    asked for its token only (`window:stand`), not for the FIREBALL it holds."""
    state = position(f"turn=2 | pieces PIT_A! TA8 | tokens 1 0 | hands FIREBALL / REROLL | {AT_END}")
    step(state, "pass")  # P2 ends its turn: P1 stands up
    assert state.turn == 0 and not state.lying[0] and state.tasks[-1] == ("window", "stand", 0)
    assert moves(state) == ["pass", "trade"]
    assert_illegal(state, "FIREBALL", "FIREBALL cannot be played now")
    step(state, "trade", "REROLL", "CANCEL", "CANCEL")
    assert hand(state, 1) == ["FIREBALL", "CANCEL", "CANCEL", "REROLL"] and moves(state) == ["pass"]
    step(state, "pass")
    assert state.turn == 1 and state.pos[0] == "PIT_A"


def test_the_token_may_be_traded_in_after_being_fireballed_on_ones_own_turn():
    """R-FI: "on any one of your turns"; decision FI-22: Fireballed by P2's FIREBALL! before its roll,
    P1 loses the rest of its turn but not its end, where it may trade the token in."""
    state = position(f"turn=1 | pieces TA3 WT8 | tokens 1 0 | hands - / FIREBALL | {PRE_P2}", **DETERMINISTIC)
    step(state, "FIREBALL", "B-1", "pass")  # in the talisman window P1 could trade too, and waits
    assert state.pos[0] == "PIT_B" and state.tasks[-1] == ("window", "end", 0)
    assert moves(state) == ["pass", "trade"]
    step(state, "trade", "REROLL", "CANCEL", "CANCEL", "FIREBALL")
    assert len(state.hands[0]) == 4 and state.turn == 0


def test_the_token_is_not_traded_with_a_full_hand_nor_on_another_players_turn():
    """D-FI-5: "not while your hand is full"; R-FI: "on any one of your turns"."""
    state = position(f"turn=1 | pieces TA1 DMP | tokens 1 0 | hands REROLL REROLL CANCEL CANCEL / - | {AT_START}")
    assert "trade" not in moves(state)
    assert_illegal(state, "trade", "the token is traded in on your own turn, when you are asked, with fewer than 4")
    state = position(f"turn=2 | pieces TA1 WT3 | tokens 1 0 | hands REROLL / FIREBALL | {AT_START}")
    step(state, "pass")
    assert state.to_act() == 0 and moves(state) == ["pass"]
    assert_illegal(state, "trade", "the token is traded in on your own turn")


def test_a_move_that_is_not_due_is_refused_and_changes_nothing():
    """Bad input: a walk while the die is to be rolled, a walk of the wrong length, a card not
    held, words that are no move."""
    state = position(f"turn=1 | pieces TA5 DMP | hands REROLL / - | {AT_ROLL}")
    assert_illegal(state, "TA8", "no decision is due: the next step is a roll of the die")
    step(state, "3")
    assert_illegal(state, "CANCEL", "P1 holds no CANCEL card")
    step(state, "pass")
    assert_illegal(state, "TA9", "TA9 is not a walk of 3 spaces from TA5")
    assert_illegal(state, "pass", "the move must be made: choose a walk")
    assert_illegal(state, "cave", "only a piece in a cave declares, before rolling")
    assert_illegal(state, "A-1", "no Fireball is being aimed now")
    with pytest.raises(NotationError, match="is not a Fireball Island move"):
        state.parse_move("jump")
    with pytest.raises(NotationError, match="is not a roll of the die"):
        position(f"turn=1 | pieces TA5 DMP | hands - / - | {AT_ROLL}").parse_outcome("7")
    with pytest.raises(IllegalMoveError, match="not a possible outcome"):
        position(f"turn=1 | pieces TA5 DMP | hands - / - | {AT_ROLL}").apply_chance(7)
