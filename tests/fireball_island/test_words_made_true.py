"""What a player reads is true (issue 27 item 6): each sentence checked against what the engine
then does, in the position where the words used to be wrong."""

from __future__ import annotations

from gamenight.engine.table import Table
from gamenight.games.fireball_island import story

from .scenarios import AT_ROLL, AT_START, DETERMINISTIC, position, step


def described(state, notation: str) -> str:
    return story.describe(state, state.parse_move(notation))


def walk_words(state, end: str) -> str:
    while state.tasks[-1][0] == "window":  # the windows before the walk: nobody plays
        step(state, "pass")
    return described(state, end)


def test_a_walk_that_steals_the_jewel_on_the_way_to_the_dock_is_told_as_winning():
    """R-FI: "You can steal the jewel by passing its owner"; "The player who reaches the Dock with
    the jewel wins the game!" P1 passes P2, the owner, and ends on the Dock: it wins."""
    state = position(f"turn=1 | pieces DR4 DR6 | jewel P2 | hands - / FAKE_JEWEL | {AT_ROLL}")
    step(state, "6")
    words = walk_words(state, "DOCK")
    assert "wins, unless P2 plays FAKE JEWEL" in words and "without the jewel" not in words
    step(state, "DOCK", "pass")  # P2 lets the jewel go
    assert state.winners() == [0]


def test_a_walk_ending_on_a_dark_space_with_four_cards_in_hand_draws_no_card():
    """R-FI: "Never draw a card if you already have 4 of them." """
    hand = "REROLL REROLL REROLL REROLL"
    state = position(f"turn=1 | pieces WT1 TA8 | hands {hand} / - | {AT_ROLL}")
    step(state, "2")
    assert walk_words(state, "WT3").endswith("dark: draws no card (4 in hand), in the path of A-1")
    before = state.pile.total()
    step(state, "WT3")
    assert state.pile.total() == before and len(state.hands[0]) == 4


def test_a_move_back_onto_a_dark_space_with_four_cards_in_hand_draws_no_card():
    hand = "REROLL REROLL REROLL REROLL"
    state = position(f"turn=2 | pieces TA8 WT4 | hands MOVE_BACK_1 / {hand} | {AT_START}")
    step(state, "pass", "MOVE_BACK_1", "pass")  # P2 lets it stand; P1 chooses where P2 goes back
    assert described(state, "WT3").endswith("P2 draws no card (4 in hand), in the path of A-1")


def test_move_back_before_the_roll_on_a_piece_that_cannot_go_back_says_it_moves_nobody():
    """R-FI MOVE ANY OPPONENT BACK; decision FI-28: back as far as the trail goes, and from the
    start nowhere: the menu says the card moves nobody, and it does not."""
    state = position(f"turn=2 | pieces TA8 DMP | hands MOVE_BACK_2 / REROLL | {AT_START}")
    step(state, "pass")  # P2 does not play before its roll
    assert described(state, "MOVE_BACK_2") == (
        "plays MOVE ANY OPPONENT BACK 2 SPACES: moves nobody: P2 cannot move back from DMP"
    )
    step(state, "MOVE_BACK_2", "pass")
    assert state.pos[1] == "DMP"


def test_move_back_after_a_one_says_the_piece_goes_back_after_the_fireball_unless_hit():
    state = position(f"turn=2 | pieces TA8 WT4 | hands MOVE_BACK_1 / REROLL | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1")
    words = described(state, "MOVE_BACK_1")
    assert words.endswith("P2 moves back 1 after the Fireball, unless it is hit")


def test_fireballed_into_the_water_on_ones_own_turn_loses_the_rest_of_that_turn_not_the_next():
    """R-FI Getting Fireballed on a Bridge: "Move it immediately to the water penalty area ... You
    do not lose your next turn." D-FI-5: "Fireballed during your own turn: the rest of that turn
    is lost." Decision FI-29: both hold: knocked off a bridge before its roll, the piece is in the
    water, its roll is lost (the end of the turn still asks it), and its next turn is a full one."""
    state = position(f"turn=2 | pieces WT1 BRG1 | hands FIREBALL / REROLL | {AT_START}", **DETERMINISTIC)
    table = Table(state.game, ["P1", "P2"], seed=1, state=state)
    table.submit(1, "pass")
    table.submit(0, "FIREBALL")
    aims = [c.notation for c in table.pending().choices]
    rollway = next(a for a in aims if 1 in story.on_rollway(a, table.state.pos))
    table.submit(0, rollway)
    table.submit(1, "pass")  # no MAGIC TALISMAN
    assert table.state.pos[1] == "WATER" and not table.state.lying[1]
    assert table.state.roll == 0 and table.state.tasks[-1] == ("window", "end", 0)  # no roll: the turn ends
    table.submit(1, "pass")
    assert table.state.turn == 0


def test_a_fireball_says_the_jewel_is_left_on_the_rock_chip_only_when_it_hits_the_jewels_owner():
    """R-FI Fireballed With the Jewel: "place it on the Rock Chip trail space right next to your
    smolder pit." The same Fireball hits P2 on the same space twice: when P2 holds the jewel its
    words say where the jewel goes, and when P1 holds it they say nothing of it, and the jewel
    stays (a hit's words are written once for where the pieces stand: the owner keeps them apart)."""
    for owner, left, jewel_after in (("P2", "; the jewel is left on HR6", "HR6"), ("P1", "", "")):
        state = position(f"turn=1 | pieces DMP LR3 | jewel {owner} | hands REROLL / - | {AT_ROLL}")
        step(state, "1", "pass", "D-2", "pass")  # P1 rolls a 1, plays no REROLL, aims, no talisman
        public, private, owners = story.describe_outcome(state, state.parse_outcome("P2"))
        assert public == private == f"the Fireball rolls down D-2 and hits P2 on LR3 (into smolder pit D{left})"
        assert owners == frozenset()
        step(state, "P2")
        assert state.pos[1] == "PIT_D" and state.jewel_at == jewel_after
