"""Caves, bridges, the Dock and Vul-Kar Point as a link (R-FI SPECIAL SPACES; CLARIFICATIONS §5
Fireball Island 6; decisions FI-10, FI-12, FI-20)."""

from __future__ import annotations

from gamenight.engine.protocol import CHANCE
from gamenight.games.fireball_island.board_data import BOARD

from .scenarios import AT_ROLL, AT_START, DETERMINISTIC, assert_illegal, moves, position, step, walks

IN_CAVE = f"{AT_START} declare"  # a turn that begins in a cave: declare first


def test_entering_a_cave_counts_one_space_and_needs_no_exact_count():
    """R-FI Caves 1: "Counting the cave as a space on your die roll, move your playing piece into
    the cave from the trail space next to it. It's not necessary to land in a cave by exact die
    count." Cave 1 is beside Witchlord Trail 9: from WT7 a 5 reaches it in 3."""
    state = position(f"turn=1 | pieces WT7 TA3 | hands - / - | {AT_ROLL}")
    step(state, "5")
    assert walks(state) == ["WT6>WT5>WT4>WT3>WT2", "WT8>WT9>WT10>WT11>WT12", "WT8>WT9>CAVE1"]
    step(state, "CAVE1")
    assert state.pos[0] == "CAVE1"


def test_in_the_cave_roll_again_and_move_to_the_cave_of_that_number():
    """R-FI Caves 2: "On your same turn, roll the die again, and move your playing piece into the
    cave that matches the number on the die." The cave roll is a chance step of the same turn."""
    state = position(f"turn=1 | pieces WT7 TA3 | hands - / - | {AT_ROLL}")
    step(state, "5", "CAVE1")
    assert state.to_act() == CHANCE and state.tasks[-1] == ("roll", "cave") and state.turn == 0
    step(state, "5")
    assert state.pos[0] == "CAVE5"
    assert state.turn == 1


def test_an_occupied_cave_rolled_leaves_the_piece_where_it_is():
    """R-FI Caves 2: "If the cave you roll is occupied by your own playing piece or an opponent's,
    leave your playing piece where it is—don't roll again on this turn." """
    state = position(f"turn=1 | pieces WT7 CAVE5 | hands - / - | {AT_ROLL}")
    step(state, "5", "CAVE1", "5")
    assert state.pos == ["CAVE1", "CAVE5"]
    assert state.turn == 1  # no second cave roll: the turn is over


def test_rolling_the_number_of_your_own_cave_leaves_you_there():
    """R-FI Caves 2: "occupied by your own playing piece"; CLARIFICATIONS §5 Fireball Island 6:
    stay put."""
    state = position(f"turn=1 | pieces CAVE3 TA3 | hands - / - | {IN_CAVE}")
    step(state, "cave", "3")
    assert state.pos == ["CAVE3", "TA3"] and state.turn == 1


def test_a_1_in_a_cave_moves_to_cave_1_then_rolls_a_fireball():
    """R-FI Caves NOTE: "If you roll a "1" while in a cave, move to Cave 1 (if you can), then roll a
    Fireball!" """
    state = position(f"turn=1 | pieces CAVE3 TA3 | hands - / - | {IN_CAVE}", **DETERMINISTIC)
    step(state, "cave", "1")
    assert state.pos[0] == "CAVE1"
    assert state.tasks[-1] == ("fireball", 0, "die") and moves(state) == ["B-1"]
    step(state, "B-1")
    assert state.pos == ["CAVE1", "PIT_B"]


def test_a_1_in_a_cave_with_cave_1_taken_stays_and_still_rolls_a_fireball():
    """R-FI: "move to Cave 1 (if you can)"; CLARIFICATIONS §5 Fireball Island 6: "A rolled 1 with
    Cave 1 occupied: stay put, and still roll a Fireball"; decision FI-20."""
    state = position(f"turn=1 | pieces CAVE3 CAVE1 TA3 | hands - / - / - | {IN_CAVE}")
    step(state, "cave", "1")
    assert state.pos == ["CAVE3", "CAVE1", "TA3"]
    assert state.tasks[-1] == ("fireball", 0, "die") and moves(state) == ["B-1"]


def test_before_rolling_next_turn_declare_a_new_cave_or_the_way_out():
    """R-FI Caves 3: "Before rolling the die on your next turn, declare whether you wish to enter a
    new cave, or to move out of your cave onto the trail." The declaration comes even before the
    cards window."""
    state = position(f"turn=1 | pieces CAVE3 TA3 | hands REROLL / FIREBALL | {IN_CAVE}")
    assert state.to_act() == 0 and moves(state) == ["cave", "exit"]
    assert_illegal(state, "pass", "in a cave, first declare: cave or exit")
    step(state, "cave")
    assert state.declared == "cave" and state.tasks[-1] == ("window", "pre", 0)
    step(state, "pass", "pass")
    assert state.tasks[-1] == ("roll", "cave")
    step(state, "6", "pass", "pass")  # the window after the roll (REROLL may be played on it)
    assert state.pos[0] == "CAVE6"


def test_moving_out_of_a_cave_starts_on_the_space_next_to_it():
    """R-FI Caves 4: "If you wish to move out of the cave and onto the trail, roll the die, then
    move out along the trail, starting on the space next to the cave you're exiting." Decision
    FI-12: that space is the first counted. Cave 3 is beside Skeleton Head Beach 5."""
    assert BOARD.cave_exit("CAVE3") == "SB5"
    state = position(f"turn=1 | pieces CAVE3 TA3 | hands - / - | {IN_CAVE}")
    step(state, "exit", "3")
    assert state.tasks[-1][0] == "path"
    assert walks(state) == ["SB5>SB4>SB3", "SB5>SB6>FJ"]


def test_a_1_rolled_to_leave_a_cave_rolls_a_fireball_and_the_piece_stays_in_its_cave():
    """R-FI: "If you roll a "1" on the die, don't move your playing piece along the trail! Instead,
    you must roll a Fireball!" The Caves NOTE (a 1 sends the piece to Cave 1) belongs to the roll
    for a cave (step 2); the roll to leave is a roll to move (decision FI-26)."""
    state = position(f"turn=1 | pieces CAVE3 TA3 | hands - / - | {IN_CAVE}")
    step(state, "exit", "1")
    assert state.pos[0] == "CAVE3"
    assert state.tasks[-1] == ("fireball", 0, "die") and moves(state) == ["B-1"]


def test_cave_4_is_a_dead_end():
    """R-FI Caves 3 NOTE: "Cave 4 is a dead-end cave. From Cave 4, you must roll the die to enter a
    new cave." No trail space is beside it, so no walk enters it either."""
    assert BOARD.cave_exit("CAVE4") is None
    assert all(BOARD.cave_beside(space) != "CAVE4" for space in BOARD.spaces)
    state = position(f"turn=1 | pieces CAVE4 TA3 | hands - / - | {IN_CAVE}")
    assert moves(state) == ["cave"]
    assert_illegal(state, "exit", "cave 4 is a dead end: from it you must roll for a new cave")


def test_a_cave_holding_a_piece_cannot_be_entered():
    """Decision FI-10: a cave holds one piece (R-FI Caves 2 keeps a piece out of an occupied cave)."""
    state = position(f"turn=1 | pieces WT7 CAVE1 | hands - / - | {AT_ROLL}")
    step(state, "5")
    assert "CAVE1" not in moves(state)


def test_a_piece_moving_on_past_an_opponent_does_not_slip_into_a_cave():
    """D-FI-5: moving on goes to the next free space of the trail; a cave is no trail space."""
    state = position(f"turn=1 | pieces TA8 TA10 | hands - / - | {AT_ROLL}")
    step(state, "2")
    assert walks(state) == ["TA7>TA6", "TA9>TA10>TA11"]


def test_an_unoccupied_bridge_stops_the_move():
    """R-FI Bridges: "A bridge counts as a space on your die roll. ... If there is no playing piece
    on the bridge, you must stop your playing piece on the bridge—even if you haven't moved your
    full die count." """
    state = position(f"turn=1 | pieces GSB4 DMP | hands - / - | {AT_ROLL}")
    step(state, "5")
    assert "GSB5>BRG1" in walks(state)
    assert not any("PK" in walk for walk in walks(state))
    step(state, "BRG1")
    assert state.pos[0] == "BRG1" and state.turn == 1


def test_an_occupied_bridge_may_be_crossed():
    """R-FI Bridges: "If an opponent's playing piece occupies a bridge, you may cross it." """
    state = position(f"turn=1 | pieces GSB4 BRG1 | hands - / - | {AT_ROLL}")
    step(state, "5")
    assert "GSB5>BRG1>PK1>PK2>PK3" in walks(state)
    step(state, "PK3")
    assert state.pos == ["PK3", "BRG1"]


def test_a_count_ending_on_an_occupied_bridge_moves_on():
    """R-FI: "If you land on a space occupied by an opponent's playing piece, move to the next open
    space" — a bridge too."""
    state = position(f"turn=1 | pieces GSB4 BRG1 | hands - / - | {AT_ROLL}")
    step(state, "2")
    assert walks(state) == ["GSB3>GSB2", "GSB5>GY2", "GSB5>BRG1>PK1"]


def test_the_dock_needs_no_exact_count():
    """R-FI The Dock: "The Dock is the Finish Space. You don't have to land on the Dock by exact
    count." """
    state = position(f"turn=1 | pieces DR7 DMP | hands - / - | {AT_ROLL}")
    step(state, "6")
    assert walks(state) == ["DR6>DR5>DR4>DR3>DR2>DR1", "DR8>DR9>DOCK"]


def test_before_the_capture_vul_kar_point_ends_the_move():
    """R-FI Vul-Kar Point: "To capture the jewel, you don't have to land on Vul-Kar Point by exact
    count"; CAPTURING THE JEWEL: "end your move there"."""
    state = position(f"turn=1 | pieces BR20 TA3 | hands - / - | {AT_ROLL}")
    step(state, "6")
    assert walks(state) == ["BR19>BR18>BR17>BR16>BR15>BR14", "BR21>BR22>VKP"]


def test_after_the_capture_vul_kar_point_joins_blister_run_to_fireflash_chute():
    """R-FI: "After the jewel is captured, Vul-Kar Point may be used by players on Blister Run as a
    connecting space to Fireflash Chute." """
    state = position(f"turn=1 | pieces BR20 TA3 | jewel P2 | hands - / - | {AT_ROLL}")
    step(state, "6")
    assert walks(state) == ["BR19>BR18>BR17>BR16>BR15>BR14", "BR21>BR22>VKP>FC8>FC7>FC6"]
    state = position(f"turn=1 | pieces FC7 TA3 | jewel TA6 | hands - / - | {AT_ROLL}")
    step(state, "4")
    assert "FC8>VKP>BR22>BR21" in walks(state)
