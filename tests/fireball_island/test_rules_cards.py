"""Playing the cards: the reaction windows, the ten kinds of card and their timing, the discard pile
(R-FI PLAYING YOUR CARDS; D-FI-5; decisions FI-1..FI-9, FI-14, FI-22, FI-23, FI-28)."""

from __future__ import annotations

import pytest

from gamenight.engine.protocol import CHANCE
from gamenight.games.fireball_island.cards import COUNTS, parse_card

from .scenarios import (
    AT_END,
    AT_ROLL,
    AT_START,
    DETERMINISTIC,
    PRE_P2,
    assert_illegal,
    chances,
    everything_else,
    hand,
    moves,
    position,
    step,
    walks,
)

# -- the windows ------------------------------------------------------------------------


def test_a_window_asks_each_seat_holding_a_card_in_turn_order_from_the_player():
    """R-FI: "You can play most cards any time during your own turn or during an opponent's turn";
    decisions FI-1, FI-2: the window before the roll asks every seat holding a card, in turn order
    from the player whose turn it is; a seat without cards is not asked."""
    state = position(f"turn=2 | pieces WT1 TA3 TA8 WT4 | hands REROLL / CANCEL / REROLL / - | {AT_START}")
    asked = []
    while state.to_act() != CHANCE:
        asked.append((state.to_act(), moves(state)))
        step(state, "pass")
    # P1 holds only a card it cannot play before the roll, and is asked all the same (FI-2)
    assert asked == [(1, ["pass"]), (2, ["pass"]), (0, ["pass"])]
    assert state.tasks[-1] == ("roll", "move")


def test_a_seat_may_play_several_cards_in_one_window():
    """R-FI: "there's no limit to the number of cards that can be played during a single turn";
    decision FI-1: a seat that plays is asked again."""
    state = position(f"turn=1 | pieces TA5 TA8 | hands TAKE_1_CARD DOUBLE_NEXT_ROLL / REROLL CANCEL | {AT_START}")
    step(state, "DOUBLE_NEXT_ROLL", "pass")  # P2 lets it stand
    assert state.doubled and state.to_act() == 0
    step(state, "TAKE_1_CARD@2", "pass", "REROLL")
    assert hand(state, 1) == ["REROLL"] and state.to_act() == 0


def test_a_seat_that_passed_is_asked_again_when_another_card_is_played_in_the_window():
    """R-FI: "You can play most cards any time during your own turn or during an opponent's turn";
    decision FI-1: a card played asks every seat of its window again, in turn order from the
    player, those who passed before it included. P1 passed; P2 doubles P1's next roll; P1 is
    asked again, and may now take P3's card before it rolls."""
    state = position(f"turn=1 | pieces TA5 TA8 WT2 | hands TAKE_1_CARD / DOUBLE_NEXT_ROLL / REROLL | {AT_START}")
    step(state, "pass", "DOUBLE_NEXT_ROLL", "pass", "pass")  # P3 and P1 let it stand
    assert state.doubled and state.tasks[-1] == ("window", "pre", 0)
    assert state.to_act() == 0 and moves(state) == ["pass", "TAKE_1_CARD@3"]


def test_a_player_moved_back_before_its_roll_may_still_answer_with_cancel_double_or_the_token():
    """R-FI: cards "any time during your own turn"; "A Magic Charm token can be traded in on any one
    of your turns". P1 passed before its roll; P2 moves it back 2: P1 may CANCEL the card, and once
    moved back it is asked again (decision FI-1): it may double its roll or trade its token in."""
    state = position(f"turn=1 | pieces TA5 TA8 | tokens 1 0 | hands CANCEL DOUBLE_NEXT_ROLL / MOVE_BACK_2 | {AT_START}")
    step(state, "pass", "MOVE_BACK_2")
    assert state.to_act() == 0 and moves(state) == ["pass", "CANCEL"]
    step(state, "pass", "TA3")
    assert state.pos[0] == "TA3" and state.tasks[-1] == ("window", "pre", 0)
    assert state.to_act() == 0 and moves(state) == ["pass", "DOUBLE_NEXT_ROLL", "trade"]


def test_a_card_just_played_opens_a_cancel_chain_asking_the_others_in_turn_order():
    """R-FI CANCEL: "You may play this card on top of a card just played"; decision FI-1: the chain
    asks the seats after the card's player, in turn order, everyone but that player."""
    state = position(f"turn=1 | pieces TA5 TA8 WT4 WT12 | hands REROLL / TAKE_1_CARD / CANCEL / FIREBALL | {AT_START}")
    step(state, "pass", "TAKE_1_CARD@1")
    asked = []
    while state.tasks[-1][0] == "chain":
        asked.append(state.to_act())
        step(state, "pass")
    assert asked == [2, 3, 0]
    assert state.tasks[-1] == ("take", 1, 0)


# -- FIREBALL! --------------------------------------------------------------------------


def test_fireball_may_be_played_on_an_opponents_turn_and_is_never_cancelled():
    """R-FI FIREBALL!: "Play this card any time on your own turn or on an opponent's turn. Then roll a
    Fireball according to the rules"; CANCEL: "EXCEPTION: The FIREBALL! card can never be canceled!"
    No CANCEL chain follows it: its player aims at once."""
    state = position(f"turn=1 | pieces TA3 DMP WT12 | hands - / FIREBALL CANCEL / CANCEL | {PRE_P2}", **DETERMINISTIC)
    step(state, "FIREBALL")
    assert state.tasks[-1] == ("fireball", 1, "card") and state.to_act() == 1
    assert moves(state) == ["B-1", "B-2"]
    assert_illegal(state, "CANCEL", "CANCEL cannot be played now")
    step(state, "B-1", "pass", "pass")  # the talisman window: nobody holds one
    assert state.pos[0] == "PIT_B"


def test_a_fireball_played_after_the_roll_costs_the_player_its_move():
    """R-FI FIREBALL! "any time"; D-FI-5: "Fireballed during your own turn: the rest of that turn is
    lost" — the rolled 4 is never walked."""
    state = position(f"turn=1 | pieces TA3 DMP | hands - / FIREBALL | {AT_ROLL}", **DETERMINISTIC)
    step(state, "4", "FIREBALL", "B-1")
    assert state.pos[0] == "PIT_B"
    assert state.turn == 1 and state.tasks[-1] == ("roll", "move")


def test_fireball_may_be_played_at_the_end_of_ones_own_turn():
    """R-FI: "any time on your own turn"."""
    state = position(f"turn=1 | pieces DMP TA3 | hands FIREBALL / - | {AT_END}", **DETERMINISTIC)
    assert moves(state) == ["pass", "FIREBALL"]
    step(state, "FIREBALL", "B-1")
    assert state.pos[1] == "PIT_B"


# -- FAKE JEWEL! ------------------------------------------------------------------------


def test_fake_jewel_foils_a_steal():
    """R-FI FAKE JEWEL!: "Play this card only when an opponent tries to steal the jewel from you. You
    keep the jewel, and the opponent must move on—empty-handed!" """
    state = position(f"turn=1 | pieces FC5 FC3 | jewel P2 | hands - / FAKE_JEWEL | {AT_ROLL}")
    step(state, "3", "pass", "FC2")
    assert state.tasks[-1] == ("steal", 1, 0) and moves(state) == ["pass", "FAKE_JEWEL"]
    step(state, "FAKE_JEWEL")
    assert state.owner == 1 and state.pos == ["FC2", "FC3"]  # P1 moved on, empty-handed
    assert " | discard FAKE_JEWEL |" in state.notation()


def test_fake_jewel_is_played_only_against_a_steal():
    """R-FI: "Play this card only when an opponent tries to steal the jewel from you." """
    state = position(f"turn=1 | pieces FC5 FC3 | jewel P2 | hands - / FAKE_JEWEL | {PRE_P2}")
    assert state.to_act() == 1 and moves(state) == ["pass"]
    assert_illegal(state, "FAKE_JEWEL", "FAKE_JEWEL cannot be played now \\(only when an opponent tries to steal")


def test_a_cancel_on_the_fake_jewel_lets_the_steal_go_through():
    """R-FI CANCEL ANY CARD EXCEPT FIREBALL CARD; decision FI-19: "unless a FAKE JEWEL stands"."""
    state = position(f"turn=1 | pieces FC5 FC3 | jewel P2 | hands CANCEL / FAKE_JEWEL | {AT_ROLL}")
    step(state, "3", "pass", "pass", "FC2", "FAKE_JEWEL")
    assert state.tasks[-1][0] == "chain" and state.to_act() == 0
    step(state, "CANCEL")
    assert state.owner == 0


# -- CANCEL ANY CARD EXCEPT FIREBALL CARD! ------------------------------------------------


def test_cancel_stops_the_card_just_played_before_it_acts():
    """R-FI CANCEL: "You may play this card on top of a card just played ... to cancel its effect
    before any action is taken." P2 cancels P1's MOVE AHEAD: P1 rolls as usual."""
    state = position(f"turn=1 | pieces TA5 TA8 | hands MOVE_AHEAD_4 / CANCEL | {AT_START}")
    step(state, "MOVE_AHEAD_4")
    assert moves(state) == ["pass", "CANCEL"] and state.to_act() == 1
    step(state, "CANCEL")
    assert state.ahead == 0 and state.tasks[-1] == ("roll", "move")
    assert " | discard CANCEL MOVE_AHEAD_4 |" in state.notation()


def test_cancel_may_be_played_on_another_cancel():
    """R-FI CANCEL: "—even another CANCEL card—": P1's CANCEL cancels P2's, and the MOVE AHEAD stands."""
    state = position(f"turn=1 | pieces TA5 TA8 | hands MOVE_AHEAD_4 CANCEL / CANCEL | {AT_START}")
    step(state, "MOVE_AHEAD_4", "CANCEL")
    assert state.to_act() == 0 and moves(state) == ["pass", "CANCEL"]
    step(state, "CANCEL")
    assert state.ahead == 4
    assert walks(state) == ["TA6>TA7>TA8>TA9"]


def test_cancel_is_played_only_on_a_card_just_played():
    state = position(f"turn=1 | pieces TA5 TA8 | hands CANCEL / - | {AT_START}")
    assert moves(state) == ["pass"]
    assert_illegal(state, "CANCEL", "CANCEL cannot be played now \\(only on top of a card just played\\)")


# -- MAGIC TALISMAN STOPS A FIREBALL! -----------------------------------------------------


def test_magic_talisman_stops_a_fireball_about_to_roll():
    """R-FI MAGIC TALISMAN: "This card prevents you or an opponent from rolling any of the 5
    Fireballs. Play it when an opponent is just about to roll a Fireball". Nothing is hit, and no
    chance step is due."""
    state = position(f"turn=1 | pieces DMP TA3 | hands - / MAGIC_TALISMAN | {AT_ROLL}")
    step(state, "1", "pass", "B-1")
    assert state.tasks[-1] == ("window", "talisman", 1) and state.to_act() == 1
    step(state, "MAGIC_TALISMAN")
    assert state.pos == ["DMP", "TA3"] and state.aim == ""
    assert state.turn == 1  # P1's turn went on to its end


def test_the_roller_plays_the_talisman_only_when_its_own_piece_is_the_target():
    """R-FI: "or play it after you roll a "1" on the die, if your playing piece is the target";
    decision FI-14."""
    state = position(f"turn=1 | pieces WT2 WT8 | hands MAGIC_TALISMAN / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", "pass", "A-1")
    assert moves(state) == ["pass", "MAGIC_TALISMAN"]
    step(state, "MAGIC_TALISMAN")
    assert state.pos[0] == "WT2" and state.turn == 1
    state = position(f"turn=1 | pieces WT2 TA3 | hands MAGIC_TALISMAN / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", "pass", "B-1")
    assert state.to_act() == 0 and moves(state) == ["pass"]
    assert_illegal(state, "MAGIC_TALISMAN", "MAGIC_TALISMAN cannot be played now")


def test_the_roller_of_a_fireball_card_cannot_stop_it_with_the_talisman():
    """R-FI MAGIC TALISMAN: "Play it when an opponent is just about to roll a Fireball; or play it
    after you roll a "1" on the die, if your playing piece is the target." Decision FI-14: P1
    played FIREBALL! with only its own piece on a rollway (P2 stands on the safe steps): it rolled
    no 1, so it cannot stop its own Fireball; P2 still could."""
    state = position(f"turn=1 | pieces WT2 WT8 | hands FIREBALL MAGIC_TALISMAN / - | {AT_START}", **DETERMINISTIC)
    step(state, "FIREBALL", "A-1")
    assert state.tasks[-2:] == [("hits", 0, "card"), ("window", "talisman", 0)]
    assert moves(state) == ["pass"]
    assert_illegal(state, "MAGIC_TALISMAN", "by its roller only after rolling a 1")
    step(state, "pass")
    assert state.pos[0] == "PIT_A"
    state = position(f"turn=1 | pieces WT2 WT8 | hands FIREBALL / MAGIC_TALISMAN | {AT_START}", **DETERMINISTIC)
    step(state, "FIREBALL", "A-1", "MAGIC_TALISMAN")
    assert state.pos[0] == "WT2"


def test_a_cancelled_talisman_lets_the_fireball_roll():
    state = position(f"turn=1 | pieces DMP TA3 | hands CANCEL / MAGIC_TALISMAN | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", "pass", "pass", "B-1", "pass", "MAGIC_TALISMAN", "CANCEL")
    assert state.pos[1] == "PIT_B"


def test_the_talisman_is_played_only_on_a_fireball_about_to_roll():
    state = position(f"turn=1 | pieces DMP TA3 | hands - / MAGIC_TALISMAN | {PRE_P2}")
    assert moves(state) == ["pass"]


# -- REROLL THE DIE! --------------------------------------------------------------------


def test_reroll_after_a_1_rolls_no_fireball_and_the_die_again():
    """R-FI REROLL THE DIE!: "Play this card after you or an opponent rolls the die. The player who
    rolled must ignore the first roll, and roll again. If the first die roll was a "1," a Fireball
    is not rolled." """
    state = position(f"turn=1 | pieces WT1 TA3 | hands REROLL / - | {AT_ROLL}")
    step(state, "1")
    assert moves(state) == ["pass", "REROLL"]
    step(state, "REROLL")
    assert state.tasks[-1] == ("roll", "move") and state.roll == 0
    step(state, "3")
    assert walks(state) == ["WT2>WT3>WT4"]


def test_an_opponent_may_make_the_player_reroll():
    """R-FI: "after you or an opponent rolls the die"."""
    state = position(f"turn=1 | pieces DR7 WT8 | jewel P1 | hands - / REROLL | {AT_ROLL}")
    step(state, "6", "REROLL", "2")
    assert walks(state) == ["DR6>DR5", "DR8>DR9"]


def test_a_rerolled_double_roll_is_doubled_again():
    """Decision FI-6: "a doubled roll's double is kept for the new roll" — the first roll is
    ignored, and the double was for the next roll that counts."""
    state = position(f"turn=1 doubled=1 | pieces TA3 WT8 | hands - / REROLL | {AT_ROLL}")
    step(state, "2", "REROLL")
    assert state.doubled and state.roll == 0
    step(state, "3")
    assert state.roll == 6


def test_a_cave_roll_may_be_rerolled():
    """Decision FI-6: REROLL is played after any roll, a cave roll included."""
    state = position(f"turn=1 | pieces CAVE3 WT8 | hands - / REROLL | {PRE_P2} declare")
    step(state, "cave", "pass", "2", "REROLL", "5")
    assert state.pos[0] == "CAVE5"


def test_reroll_is_played_only_after_a_roll():
    state = position(f"turn=1 | pieces WT1 TA3 | hands REROLL / - | {AT_START}")
    assert moves(state) == ["pass"]
    assert_illegal(state, "REROLL", "REROLL cannot be played now \\(only right after a roll of the die\\)")


# -- TAKE ANOTHER TURN AFTER YOUR TURN! ---------------------------------------------------


def test_take_another_turn_gives_an_extra_full_turn():
    """R-FI TAKE ANOTHER TURN AFTER YOUR TURN!: "After any of your turns, play this card for an extra
    full turn." Decision FI-8: in one's own end window, once a turn."""
    state = position(f"turn=1 | pieces TA5 TA8 | hands TAKE_ANOTHER_TURN TAKE_ANOTHER_TURN / - | {AT_END}")
    step(state, "TAKE_ANOTHER_TURN")
    assert state.extra == 1 and moves(state) == ["pass"]  # once a turn
    step(state, "pass")
    assert state.turn == 0 and state.turns == 2 and state.tasks[-1] == ("window", "pre", 0)


def test_take_another_turn_may_be_played_after_a_turn_cut_short_by_a_fireball():
    """R-FI: "After any of your turns, play this card for an extra full turn." Decision FI-22: a
    player Fireballed during its own turn loses the rest of it but keeps its end, and may play the
    card there; its extra turn is then spent standing up."""
    state = position(f"turn=1 | pieces TA3 WT8 | hands TAKE_ANOTHER_TURN / FIREBALL | {PRE_P2}", **DETERMINISTIC)
    step(state, "FIREBALL", "B-1", "pass")  # P1 lets the Fireball roll
    assert state.pos[0] == "PIT_B" and state.tasks[-1] == ("window", "end", 0)
    assert moves(state) == ["pass", "TAKE_ANOTHER_TURN"]
    step(state, "TAKE_ANOTHER_TURN")
    assert state.turns == 3 and state.turn == 1  # P1's extra turn (the 2nd) went on standing up


def test_take_another_turn_is_only_for_oneself():
    """D-FI-5: "TAKE ANOTHER TURN: only on yourself, right after your own turn." P2 holding it is
    not offered it on P1's turn."""
    state = position(f"turn=1 | pieces TA5 TA8 | hands - / TAKE_ANOTHER_TURN | {PRE_P2}")
    assert state.to_act() == 1 and moves(state) == ["pass"]
    assert_illegal(state, "TAKE_ANOTHER_TURN", "only at the end of your own turn")


# -- TAKE 1 CARD FROM ANY OPPONENT ---------------------------------------------------------


def test_take_1_card_takes_a_card_at_random_from_the_chosen_opponent():
    """R-FI TAKE 1 CARD FROM ANY OPPONENT: "Play this card on your own turn or on an opponent's turn.
    Then take one card at random from any opponent's hand." The card taken is a chance step over
    the opponent's cards."""
    state = position(
        f"turn=1 | pieces TA5 TA8 WT2 | hands TAKE_1_CARD / REROLL FIREBALL FIREBALL / CANCEL | {AT_START}"
    )
    assert moves(state) == ["pass", "TAKE_1_CARD@2", "TAKE_1_CARD@3"]
    step(state, "TAKE_1_CARD@2", "pass", "pass")
    assert state.to_act() == CHANCE
    assert chances(state) == pytest.approx({"FIREBALL": 2 / 3, "REROLL": 1 / 3})
    step(state, "FIREBALL")
    assert hand(state, 1) == ["FIREBALL"] and hand(state, 2) == ["FIREBALL", "REROLL"]


def test_take_1_card_may_be_played_on_an_opponents_turn():
    state = position(f"turn=2 | pieces TA5 TA8 | hands TAKE_1_CARD / REROLL | {AT_START}")
    step(state, "pass")
    assert state.to_act() == 0 and moves(state) == ["pass", "TAKE_1_CARD@2"]
    step(state, "TAKE_1_CARD@2", "pass", "REROLL")
    assert hand(state, 1) == ["REROLL"] and state.hands[1] == []


def test_take_1_card_names_its_opponent_and_no_other_card_does():
    """Bad input: TAKE 1 CARD FROM ANY OPPONENT is written with the opponent (`TAKE_1_CARD@2`); a
    card without one (MOVE BACK hits the player whose turn it is) is written without '@'."""
    state = position(f"turn=2 | pieces TA5 TA8 | hands TAKE_1_CARD / REROLL | {AT_START}")
    step(state, "pass")
    assert_illegal(state, "TAKE_1_CARD", "TAKE_1_CARD names the opponent it is played against: write TAKE_1_CARD@SEAT")
    assert_illegal(state, "TAKE_1_CARD@1", "TAKE_1_CARD cannot be played now \\(against an opponent holding a card")
    state = position(f"turn=1 | pieces TA5 TA8 | hands - / MOVE_BACK_2 | {PRE_P2}")
    assert_illegal(state, "MOVE_BACK_2@1", "MOVE_BACK_2 names no opponent: write it without '@'")


def test_take_1_card_is_not_played_against_an_empty_hand():
    state = position(f"turn=1 | pieces TA5 TA8 | hands TAKE_1_CARD / - | {AT_START}")
    assert moves(state) == ["pass"]
    assert_illegal(state, "TAKE_1_CARD@2", "TAKE_1_CARD cannot be played now")


# -- MOVE AHEAD 4 / 5 / 6 SPACES INSTEAD OF ROLLING DIE ------------------------------------


@pytest.mark.parametrize("spaces", [4, 5, 6])
def test_move_ahead_on_your_turn_instead_of_rolling(spaces):
    """R-FI MOVE AHEAD (4 SPACES, 5 SPACES OR 6 SPACES) INSTEAD OF ROLLING DIE: "Play one of these
    cards on your turn, to move ahead the indicated number of spaces." Decision FI-4: it replaces
    the roll; the mover chooses the walk."""
    state = position(f"turn=1 | pieces WT1 TA8 | hands MOVE_AHEAD_{spaces} / - | {AT_START}")
    step(state, f"MOVE_AHEAD_{spaces}")
    assert state.ahead == spaces
    assert state.tasks[-1] == ("path", 0, spaces, 0) and state.to_act() == 0  # no die is rolled
    assert walks(state) == [">".join(f"WT{i}" for i in range(2, spaces + 2))]


def test_move_ahead_moves_ahead_towards_the_goal():
    """R-FI MOVE AHEAD: "to move ahead the indicated number of spaces"; decision FI-28: ahead is
    towards the goal, Vul-Kar Point before the jewel is taken: from Thunder Alley 7 on towards
    Skeleton Head Beach, not back towards Witchlord Step, and not into cave 2 (a cave is no
    trail ahead)."""
    state = position(f"turn=1 | pieces TA7 WT2 | hands MOVE_AHEAD_4 / - | {AT_START}")
    step(state, "MOVE_AHEAD_4")
    assert walks(state) == ["TA8>TA9>TA10>TA11"]


def test_the_mover_chooses_among_the_ways_ahead_and_a_forced_opponent_chooses_its_own():
    """R-FI: "Or play one on an opponent's turn, to force the opponent to move ahead"; decision
    FI-28: where two ways lead ahead (BR13, with the jewel taken: as near the Dock by Vul-Kar
    Point as by the beach), the mover chooses, even when the card is forced on it."""
    state = position(f"turn=1 | pieces BR13 TA8 | jewel P2 | hands - / MOVE_AHEAD_4 | {PRE_P2}")
    step(state, "MOVE_AHEAD_4")
    assert state.to_act() == 0
    assert walks(state) == ["BR12>BR11>BR10>BR9", "BR14>BR15>BR16>BR17"]


def test_move_ahead_played_on_an_opponents_turn_forces_the_opponent_to_move():
    """R-FI: "Or play one on an opponent's turn, to force the opponent to move ahead the indicated
    number of spaces." The forced player walks (decision FI-4), and the move counts as its own: it
    steals the jewel passing its owner, ahead of it on the High Road towards the Dock."""
    state = position(f"turn=1 | pieces HR1 HR3 | jewel P2 | hands - / MOVE_AHEAD_4 | {PRE_P2}")
    step(state, "MOVE_AHEAD_4")
    assert state.to_act() == 0
    assert walks(state) == ["HR2>HR3>HR4>HR5"]
    step(state, "HR5")
    assert state.owner == 0
    state = position(f"turn=1 | pieces WT17 TA8 | hands - / MOVE_AHEAD_4 | {PRE_P2}")
    step(state, "MOVE_AHEAD_4", "TA2", "REROLL")  # decision FI-25: the token is collected on the way
    assert state.token == [True, False]


def test_move_ahead_once_a_turn_and_from_a_cave_only_after_declaring_the_way_out():
    """Decision FI-4: once a turn; D-FI-5: "MOVE AHEAD against a piece in a cave: allowed only when
    that player has declared exit"."""
    state = position(f"turn=1 | pieces TA5 TA8 | hands MOVE_AHEAD_4 / MOVE_AHEAD_6 | {AT_START}")
    step(state, "MOVE_AHEAD_4", "pass")
    assert state.to_act() == 1 and moves(state) == ["pass"]
    for declared, offered in (("cave", ["pass"]), ("exit", ["pass", "MOVE_AHEAD_4"])):
        state = position(f"turn=1 | pieces CAVE2 TA8 | hands MOVE_AHEAD_4 / - | {AT_START} declare")
        step(state, declared)
        assert moves(state) == offered


def test_move_ahead_is_played_before_the_roll_only():
    state = position(f"turn=1 | pieces TA5 TA8 | hands MOVE_AHEAD_4 / - | {AT_ROLL}")
    step(state, "3")
    assert moves(state) == ["pass"]
    assert_illegal(state, "MOVE_AHEAD_4", "MOVE_AHEAD_4 cannot be played now \\(before the roll, instead of it")


# -- MOVE ANY OPPONENT BACK 1 / 2 / 3 SPACES ----------------------------------------------


def test_move_back_before_the_roll_moves_the_opponent_back_first():
    """R-FI MOVE ANY OPPONENT BACK: "If you play the card before the opponent rolls the die, the
    opponent must move back before rolling." Back is away from the goal (decision FI-28)."""
    state = position(f"turn=1 | pieces TA5 TA8 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2")
    assert state.tasks[-1] == ("path", 0, 2, 1) and state.to_act() == 1
    assert walks(state) == ["TA4>TA3"]
    step(state, "TA3")
    assert state.pos[0] == "TA3" and state.tasks[-1] == ("roll", "move")


def test_move_back_after_the_roll_waits_until_the_move_is_finished():
    """R-FI: "If you play the card after the opponent has rolled the die, the opponent must finish the
    move, then move back." Decision FI-5."""
    state = position(f"turn=1 | pieces TA5 WT8 | hands - / MOVE_BACK_3 | {AT_ROLL}")
    step(state, "2", "MOVE_BACK_3")
    assert state.pushes == [(1, 3)] and " pushes=2:3 " in state.notation()
    step(state, "TA7")
    assert state.tasks[-1] == ("path", 0, 3, 1) and state.to_act() == 1
    step(state, "TA4")
    assert state.pos[0] == "TA4" and state.pushes == []


def test_move_any_opponent_back_moves_the_opponent_back_away_from_vul_kar_point():
    """R-FI MOVE ANY OPPONENT BACK: "to move the opponent back on the trail the number of spaces
    indicated on the card". Back is the way the piece has come towards its goal, Vul-Kar Point
    before the jewel is taken (decision FI-28): from Thunder Alley 5 towards Witchlord Step, never
    on to TA8; from the safe steps before cave 1 (WT9) back towards the start, not on to WT10."""
    state = position(f"turn=1 | pieces TA5 WT2 | hands - / MOVE_BACK_3 | {PRE_P2}")
    step(state, "MOVE_BACK_3")
    assert walks(state) == ["TA4>TA3>TA2"]
    state = position(f"turn=1 | pieces WT9 TA8 | hands - / MOVE_BACK_1 | {PRE_P2}")
    step(state, "MOVE_BACK_1")
    assert walks(state) == ["WT8"]


def test_move_any_opponent_back_moves_the_opponent_back_away_from_the_dock_once_the_jewel_is_taken():
    """Decision FI-28: once the jewel is taken every piece's goal is the Dock, for the owner and
    for those racing after it: on the High Road, back turns round, towards Fireflash Chute."""
    state = position(f"turn=1 | pieces HR3 TA8 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2")
    assert walks(state) == ["HR4>HR5"]
    state = position(f"turn=1 | pieces HR3 TA8 | jewel P2 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2")
    assert walks(state) == ["HR2>HR1"]


def test_where_two_ways_back_are_equally_back_the_cards_player_chooses():
    """Decision FI-28: from the top of Great Sway Bluff (GSB5), with the jewel taken, the Gully and
    the bluff both lead away from the Dock; P2, who played the card, chooses. Bridge 1, on the
    way to the Dock, is no way back."""
    state = position(f"turn=1 | pieces GSB5 TA8 | jewel P2 | hands - / MOVE_BACK_3 | {PRE_P2}")
    step(state, "MOVE_BACK_3")
    assert state.to_act() == 1
    assert sorted(walks(state)) == ["GSB4>GSB3>GSB2", "GY2>GY1>GF"]
    step(state, "GF")
    assert state.pos[0] == "GF"


def test_where_the_trail_goes_no_further_back_the_push_stops_there():
    """R-FI: "move the opponent back on the trail the number of spaces indicated"; decision FI-28:
    the trail behind a piece ends at the start (and at the far point of a loop, here BR3, as far
    from Vul-Kar Point by Blister Run as by the beach), so the push goes back as far as it can:
    from WT1 onto Dead Man's Plateau; from DMP or BR3 nowhere, and the roll comes next."""
    state = position(f"turn=1 | pieces WT1 TA8 | hands - / MOVE_BACK_3 | {PRE_P2}")
    step(state, "MOVE_BACK_3")
    assert walks(state) == ["DMP"]
    state = position(f"turn=1 | pieces BR2 TA8 | hands - / MOVE_BACK_3 | {PRE_P2}")
    step(state, "MOVE_BACK_3")
    assert walks(state) == ["BR3"]
    for where in ("DMP", "BR3"):
        state = position(f"turn=1 | pieces {where} TA8 | hands - / MOVE_BACK_3 | {PRE_P2}")
        step(state, "MOVE_BACK_3")
        assert state.pos[0] == where and state.tasks[-1] == ("roll", "move")


def test_house_rule_any_way_cards_lets_move_back_and_move_ahead_go_any_way():
    """Option any_way_cards (off by default), the engine's first reading (FI-28): the card's
    player walks a MOVE BACK any way along the trails, as a roll goes, and the mover a MOVE AHEAD."""
    state = position(f"turn=1 | pieces TA5 WT2 | hands - / MOVE_BACK_2 | {PRE_P2}", any_way_cards=True)
    step(state, "MOVE_BACK_2")
    assert walks(state) == ["TA4>TA3", "TA6>TA7"]
    state = position(f"turn=1 | pieces TA5 WT2 | hands MOVE_AHEAD_4 / - | {AT_START}", any_way_cards=True)
    step(state, "MOVE_AHEAD_4")
    assert walks(state) == ["TA4>TA3>TA2>TA1", "TA6>TA7>TA8>TA9"]


@pytest.mark.parametrize("spaces", [1, 2, 3])
def test_move_back_moves_the_number_of_spaces_on_the_card(spaces):
    state = position(f"turn=1 | pieces WT7 TA8 | hands - / MOVE_BACK_{spaces} | {PRE_P2}")
    step(state, f"MOVE_BACK_{spaces}")
    assert walks(state)[0] == ">".join(f"WT{7 - i}" for i in range(1, spaces + 1))


def test_move_back_does_not_move_a_piece_in_a_cave_pit_or_the_water():
    """R-FI NOTE: "These cards do not move players out of caves, smolder pits, or the water penalty
    area at the bottom of Great Sway Bluff." Before the roll the card is not offered; played after
    a roll that ends in a cave, it does nothing."""
    for where in ("WATER", "PIT_B"):
        state = position(f"turn=1 | pieces {where} TA8 | hands - / MOVE_BACK_3 | {PRE_P2}")
        assert state.to_act() == 1 and moves(state) == ["pass"]
    state = position(f"turn=1 | pieces CAVE2 TA8 | hands - / MOVE_BACK_3 | {PRE_P2} declare")
    step(state, "exit")
    assert state.to_act() == 1 and moves(state) == ["pass"]
    state = position(f"turn=1 | pieces TA11 TA8 | hands - / MOVE_BACK_3 | {AT_ROLL}")
    step(state, "2", "MOVE_BACK_3", "CAVE2", "2")
    assert state.pos[0] == "CAVE2" and state.turn == 1  # the cave was P1's own: it stays there


def test_move_back_onto_an_unoccupied_bridge_stops_there():
    """R-FI NOTE: "If one of these cards moves an opponent back onto an unoccupied bridge, the
    opponent must end his or her move on the bridge." Before the jewel is taken, back from the
    Peak is away from Vul-Kar Point, onto bridge 2; after, away from the Dock, onto bridge 1."""
    state = position(f"turn=1 | pieces PK1 TA8 | hands - / MOVE_BACK_3 | {PRE_P2}")
    step(state, "MOVE_BACK_3")
    assert walks(state) == ["PK2>PK3>BRG2"]
    state = position(f"turn=1 | pieces PK1 TA8 | jewel P2 | hands - / MOVE_BACK_3 | {PRE_P2}")
    step(state, "MOVE_BACK_3")
    assert walks(state) == ["BRG1"]
    step(state, "BRG1")
    assert state.pos[0] == "BRG1"


def test_move_back_never_pushes_into_a_cave_onto_vul_kar_point_or_the_dock():
    """Decision FI-9: a push walks trails and bridges only: past cave 2's mouth (TA10), and, on
    Dock Run before the jewel is taken (the Dock is then the farthest place from Vul-Kar Point),
    only as far as DR9 (decision FI-28)."""
    state = position(f"turn=1 | pieces TA11 WT8 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2")
    assert walks(state) == ["TA10>TA9"]
    state = position(f"turn=1 | pieces DR8 WT8 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2")
    assert walks(state) == ["DR9"]
    state = position(f"turn=1 | pieces BR21 WT8 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2")
    assert walks(state) == ["BR20>BR19"]


def test_a_push_takes_no_token_steals_nothing_and_picks_up_no_jewel_but_draws_on_a_dark_space():
    """D-FI-5: "The push does not steal the jewel and does not award tokens"; decision FI-9: nor
    does it pick up a loose jewel, and landing on a dark space draws a card ("whenever you land")."""
    state = position(f"turn=1 | pieces TA1 WT8 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2", "WT18")
    assert state.token == [False, False] and state.pos[0] == "WT18"
    state = position(f"turn=1 | pieces TA6 TA5 WT8 | jewel P2 | hands - / - / MOVE_BACK_3 | {PRE_P2[:-1]}2")
    step(state, "MOVE_BACK_3", "TA3")
    assert state.owner == 1 and state.pos[0] == "TA3"
    state = position(f"turn=1 | pieces TA7 WT8 | jewel TA6 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2", "TA5")
    assert state.jewel_at == "TA6" and state.owner == -1
    state = position(f"turn=1 | pieces TA4 WT8 | hands - / MOVE_BACK_2 | {PRE_P2}")
    step(state, "MOVE_BACK_2", "TA2")
    assert state.tasks[-1] == ("draw", 0, 1)


def test_move_back_is_played_only_on_an_opponent():
    """R-FI: "MOVE ANY OPPONENT BACK": never on oneself."""
    state = position(f"turn=1 | pieces TA5 TA8 | hands MOVE_BACK_2 / - | {AT_START}")
    assert moves(state) == ["pass"]
    assert_illegal(state, "MOVE_BACK_2", "MOVE_BACK_2 cannot be played now \\(on the opponent whose turn it is")


# -- DOUBLE THE NEXT DIE ROLL -------------------------------------------------------------


def test_double_the_next_die_roll():
    """R-FI DOUBLE THE NEXT DIE ROLL: "Play this card on your own turn or on an opponent's turn, to
    double the next die roll." P2 doubles P1's roll."""
    state = position(f"turn=1 | pieces TA3 WT8 | hands - / DOUBLE_NEXT_ROLL | {PRE_P2}")
    step(state, "DOUBLE_NEXT_ROLL")
    assert state.doubled and " doubled=1 " in state.notation()
    step(state, "3")
    assert state.roll == 6 and not state.doubled and state.was_doubled
    assert walks(state) == ["TA2>TA1>WS>WT18>WT17>WT16", "TA4>TA5>TA6>TA7>TA8>TA9"]


def test_a_doubled_1_is_a_2_and_rolls_no_fireball():
    """R-FI: "For example, a die roll of "1" becomes a "2"—and a Fireball is not rolled." """
    state = position(f"turn=1 doubled=1 | pieces TA3 WT2 | hands - / - | {AT_ROLL}")
    step(state, "1")
    assert state.roll == 2 and state.tasks[-1] == ("path", 0, 2, 0)
    assert walks(state) == ["TA2>TA1", "TA4>TA5"]


def test_only_one_double_waits_at_a_time():
    """Decision FI-7: "Only one can wait at a time." """
    state = position(f"turn=1 doubled=1 | pieces TA3 WT2 | hands DOUBLE_NEXT_ROLL / - | {AT_START}")
    assert moves(state) == ["pass"]
    assert_illegal(state, "DOUBLE_NEXT_ROLL", "DOUBLE_NEXT_ROLL cannot be played now")


def test_a_cave_roll_is_not_doubled_and_the_double_waits():
    """Decision FI-7: the double applies to the next roll to move; a cave roll names a cave."""
    state = position(
        "turn=1 doubled=1 declared=cave | pieces CAVE2 WT2 | hands - / - | tasks end window:end:0 pushes roll:cave"
    )
    step(state, "3")
    assert state.pos[0] == "CAVE3" and state.doubled


# -- the discard pile -------------------------------------------------------------------


def test_when_the_draw_pile_runs_out_the_discard_pile_becomes_the_new_draw_pile():
    """R-FI: "Place the cards you play in a faceup discard pile next to the drawpile. If the drawpile
    runs out, shuffle the discard pile and turn it face-down to create a new drawpile." Decision
    FI-23: the draw from the new pile is a chance step over its cards."""
    rest = everything_else("REROLL", "CANCEL")
    state = position(f"turn=1 | pieces WT1 TA8 | hands REROLL / CANCEL | discard {rest} | pile - | {AT_ROLL}")
    assert state.view(None)["pile"] == 0
    step(state, "2", "pass", "pass", "WT3")
    assert state.to_act() == CHANCE
    odds = chances(state)
    assert odds["FIREBALL"] == pytest.approx(COUNTS[parse_card("FIREBALL")] / 46)
    assert "REROLL" in odds and odds["REROLL"] == pytest.approx(3 / 46)
    step(state, "FIREBALL")
    assert state.discard.total() == 0 and state.pile.total() == 45
    assert hand(state, 1) == ["FIREBALL", "REROLL"]


def test_a_card_played_goes_face_up_on_the_discard_pile():
    state = position(f"turn=1 | pieces TA5 TA8 | hands MOVE_AHEAD_4 / - | {AT_START}")
    step(state, "MOVE_AHEAD_4")
    assert state.view(1)["discard"] == {"MOVE_AHEAD_4": 1}
