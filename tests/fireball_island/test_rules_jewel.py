"""The jewel: capturing it from Vul-Kar and the bonus, stealing it, picking up a loose jewel, the
token that guards it, and winning at the Dock (R-FI CAPTURING THE JEWEL FROM VUL-KAR, STEALING THE
JEWEL, HOW TO WIN THE GAME; D-FI-5; decisions FI-17, FI-18, FI-19, FI-21)."""

from __future__ import annotations

from gamenight.engine.protocol import CHANCE

from .scenarios import (
    AT_ROLL,
    AT_START,
    DETERMINISTIC,
    assert_illegal,
    hand,
    moves,
    position,
    step,
)


def test_capturing_the_jewel_ends_the_move_on_vul_kar_point():
    """R-FI CAPTURING THE JEWEL FROM VUL-KAR: "Counting Vul-Kar Point as a space on your die roll,
    move onto it and end your move there—even if you haven't moved your full die count. Then take
    the jewel off the gameboard and place it in front of you." """
    state = position(f"turn=1 | pieces BR20 WT8 | hands - / - | {AT_ROLL}")
    step(state, "6", "VKP")
    assert state.pos[0] == "VKP"
    assert state.owner == 0 and state.jewel_at == ""
    assert " | jewel P1 |" in state.notation()


def test_the_capture_bonus_a_full_hand_any_one_fireball_and_three_turns_in_a_row():
    """R-FI: "When you capture the jewel from Vul-Kar, you get a bonus! On your same turn, follow the
    steps below, in order: 1. Take enough cards from the drawpile to fill your hand to 4 cards.
    2. Roll any one Fireball. 3. Take 3 full turns in a row." D-FI-5: 3 extra turns after the
    capturing turn; decision FI-21."""
    state = position(f"turn=1 | pieces BR20 TA3 WT2 | hands REROLL / - / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "6", "pass", "VKP")
    assert state.to_act() == CHANCE and state.tasks[-1] == ("draw", 0, 3)  # 1. fill the hand to 4
    step(state, "FIREBALL", "CANCEL", "MOVE_AHEAD_4")
    assert len(state.hands[0]) == 4
    assert state.tasks[-1] == ("fireball", 0, "capture")  # 2. any one Fireball: every rollway with a target
    assert moves(state) == ["A-1", "B-1"]
    step(state, "B-1", "pass")
    assert state.pos[1] == "PIT_B"
    assert state.extra == 3  # 3. three more turns
    for turns, walk in ((2, "FC7"), (3, "FC5"), (4, "FC7")):
        step(state, "pass")  # the end window of the turn before
        assert state.turn == 0 and state.turns == turns
        step(state, "pass", "2", "pass", walk)
    step(state, "pass")
    assert state.turn == 2 and state.turns == 6  # P2's turn went by standing up; now P3's
    assert state.extra == 0


def test_a_capture_with_a_full_hand_draws_nothing():
    """R-FI: "Take enough cards from the drawpile to fill your hand to 4 cards" — none with 4."""
    state = position(f"turn=1 | pieces BR20 TA3 | hands REROLL REROLL CANCEL CANCEL / - | {AT_ROLL}")
    step(state, "6", "pass", "VKP")
    assert state.tasks[-1] == ("fireball", 0, "capture")


def test_passing_the_owner_on_a_trail_steals_the_jewel():
    """R-FI STEALING THE JEWEL FROM AN OPPONENT: "You can steal the jewel by passing its owner on a
    trail or bridge. To steal the jewel, just take it from its owner as you pass." """
    state = position(f"turn=1 | pieces FC5 FC3 | jewel P2 | hands - / - | {AT_ROLL}")
    step(state, "3", "FC2")
    assert state.owner == 0 and state.pos == ["FC2", "FC3"]


def test_moving_on_past_the_owner_after_landing_on_it_steals_the_jewel():
    """D-FI-5: "passing through the owner's space, including by a bump, steals the jewel";
    decision FI-19."""
    state = position(f"turn=1 | pieces FC5 FC3 | jewel P2 | hands - / - | {AT_ROLL}")
    step(state, "2", "FC2")
    assert state.owner == 0


def test_passing_the_owner_on_a_bridge_steals_the_jewel():
    """R-FI: "passing its owner on a trail or bridge"; the occupied bridge may be crossed."""
    state = position(f"turn=1 | pieces GSB4 BRG1 | jewel P2 | hands - / - | {AT_ROLL}")
    step(state, "3", "PK1")
    assert state.owner == 0 and state.pos == ["PK1", "BRG1"]


def test_walking_away_from_the_owner_steals_nothing():
    state = position(f"turn=1 | pieces FC5 FC3 | jewel P2 | hands - / - | {AT_ROLL}")
    step(state, "3", "FC8")
    assert state.owner == 1


def test_the_owner_holding_a_card_is_asked_before_the_steal():
    """Decision FI-19: "If the owner holds any card it is asked (FAKE JEWEL or pass)"; decision FI-2:
    being asked reveals nothing, so an owner holding only a REROLL is asked too."""
    state = position(f"turn=1 | pieces FC5 FC3 | jewel P2 | hands - / REROLL | {AT_ROLL}")
    step(state, "3", "pass", "FC2")
    assert state.to_act() == 1 and moves(state) == ["pass"]
    step(state, "pass")
    assert state.owner == 0


def test_a_loose_jewel_on_a_rock_chip_is_taken_by_moving_onto_it():
    """R-FI Fireballed With the Jewel: "the first player to move onto or pass the Rock Chip space
    captures it!" """
    state = position(f"turn=1 | pieces TA4 WT8 | jewel TA6 | hands - / - | {AT_ROLL}")
    step(state, "2", "TA6")
    assert state.owner == 0 and " | jewel P1 |" in state.notation()


def test_a_loose_jewel_on_a_rock_chip_is_taken_by_passing_it():
    """R-FI: "onto or pass the Rock Chip space"."""
    state = position(f"turn=1 | pieces TA4 WT8 | jewel TA6 | hands - / - | {AT_ROLL}")
    step(state, "3", "TA7")
    assert state.owner == 0


def test_the_fireballed_owner_may_take_its_jewel_back_leaving_the_pit():
    """Decision FI-18: the first own move onto or over the jewel's space takes it, the Fireballed
    owner's coming out of its pit included (its Rock Chip is its first space)."""
    state = position(f"turn=2 | pieces WT8 PIT_B | jewel TA6 | hands - / - | {AT_ROLL}")
    step(state, "2", "TA7")
    assert state.owner == 1


def test_a_loose_jewel_on_a_bridge_is_taken_by_moving_onto_the_bridge():
    """R-FI Fireballed With the Jewel (on a bridge): "The jewel is now unowned, and the first player to
    move onto the bridge captures it!" """
    state = position(f"turn=1 | pieces GSB4 WT8 | jewel BRG1 | hands - / - | {AT_ROLL}")
    step(state, "4", "BRG1")
    assert state.owner == 0 and state.pos[0] == "BRG1"


def test_the_player_who_reaches_the_dock_with_the_jewel_wins():
    """R-FI HOW TO WIN THE GAME: "The player who reaches the Dock with the jewel wins the game!" """
    state = position(f"turn=1 | pieces DR7 WT8 | jewel P1 | hands - / - | {AT_ROLL}")
    step(state, "6", "DOCK")
    assert state.is_over()
    assert state.winners() == [0] and state.returns() == [1.0, 0.0] and state.scores() == [1, 0]
    assert state.notation().startswith("turn=1 turns=1 roll=6 rolling=move winner=1 |")
    assert state.notation().endswith("| tasks -")


def test_stealing_the_jewel_on_the_way_to_the_dock_wins():
    """R-FI: steal by passing, then reach the Dock with it: both in one move."""
    state = position(f"turn=1 | pieces DR4 DR6 | jewel P2 | hands - / - | {AT_ROLL}")
    step(state, "6", "DOCK")
    assert state.winners() == [0]


def test_reaching_the_dock_without_the_jewel_wins_nothing():
    """Decision FI-17 (CLARIFICATIONS §5 Fireball Island 10): a piece without the jewel may enter the
    Dock, but only the jewel's holder wins there."""
    state = position(f"turn=1 | pieces DR7 WT8 | jewel P2 | hands - / - | {AT_ROLL}")
    step(state, "6", "DOCK")
    assert not state.is_over() and state.winners() == []
    assert state.pos[0] == "DOCK" and state.turn == 1


def test_the_jewel_fitted_into_the_token_guards_against_take_1_card():
    """R-FI Fitting the Jewel Into Your Token: "If you own the jewel and a Magic Charm token ... Until
    you separate them by trading in the token or losing the jewel, no opponent can play a TAKE 1
    CARD FROM ANY OPPONENT card on you!" """
    state = position(
        f"turn=1 | pieces TA5 WT8 WT2 | jewel P2 | tokens 0 1 0 | hands TAKE_1_CARD / REROLL / CANCEL | {AT_START}"
    )
    assert moves(state) == ["pass", "TAKE_1_CARD@3"]
    assert_illegal(state, "TAKE_1_CARD@2", "TAKE_1_CARD cannot be played now")


def test_the_jewel_alone_or_the_token_alone_guards_nothing():
    """R-FI: "the jewel and the token at the same time"."""
    for jewel, tokens in (("P2", "0 0 0"), ("VKP", "0 1 0"), ("P2", "0 2 0")):
        hands = "hands TAKE_1_CARD / REROLL / CANCEL"
        state = position(f"turn=1 | pieces TA5 WT8 WT2 | jewel {jewel} | tokens {tokens} | {hands} | {AT_START}")
        assert moves(state) == ["pass", "TAKE_1_CARD@2", "TAKE_1_CARD@3"]


def test_losing_the_jewel_separates_it_from_the_token():
    """R-FI: "Until you separate them by ... losing the jewel": once stolen, TAKE 1 CARD is open again."""
    state = position(
        f"turn=1 | pieces FC5 FC3 WT2 | jewel P2 | tokens 0 1 0 | hands TAKE_1_CARD / REROLL / - | {AT_ROLL}"
    )
    step(state, "3", "pass", "pass", "FC2", "pass")  # P2, holding a card, is asked before the steal
    assert state.owner == 0
    assert state.tasks[-1] == ("window", "end", 0)
    assert moves(state) == ["pass", "TAKE_1_CARD@2"]
    assert hand(state, 2) == ["REROLL"]
