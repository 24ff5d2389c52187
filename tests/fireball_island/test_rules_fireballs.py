"""Rolling a Fireball and getting Fireballed (R-FI ROLLING A FIREBALL, GETTING FIREBALLED, FIREBALL
PENALTY AREAS; D-FI-2's target rule, D-FI-3's hit model; decisions FI-13, FI-15, FI-22, FI-24)."""

from __future__ import annotations

import pytest

from gamenight.engine.protocol import CHANCE
from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board_data import BOARD

from .scenarios import AT_ROLL, DETERMINISTIC, assert_illegal, chances, moves, position, step, walks


def test_the_fireball_must_be_aimed_at_a_rollway_holding_an_opponent():
    """R-FI ROLLING A FIREBALL 1: "If possible, the Fireball you roll must hit at least one target
    (playing piece) along a trail." D-FI-2: "Legal rollways are those with at least one opponent on
    them." P1 stands on A-1, P2 on B-1: only B-1 may be chosen."""
    state = position(f"turn=1 | pieces WT2 TA3 | hands - / - | {AT_ROLL}")
    step(state, "1")
    assert moves(state) == ["B-1"]
    assert_illegal(state, "A-1", "A-1 has no target on it")
    assert_illegal(state, "pass", "the Fireball must be rolled")


def test_every_rollway_holding_an_opponent_may_be_chosen():
    """R-FI: "Push ... the Fireball down a trailway or rollway that leads to your target(s)." The hub
    of Skeleton Head Beach lies on Vul-Kar's Blister Run rollway and on Fireball D's beach rollway."""
    state = position(f"turn=1 | pieces DMP SHB | hands - / - | {AT_ROLL}")
    step(state, "1")
    assert moves(state) == ["V-blister", "D-3"]


def test_with_every_opponent_in_a_safe_area_you_must_target_your_own_piece():
    """R-FI: "If all playing pieces are in safe areas except your own, you must choose your own
    playing piece as the target!" The gray steps (WT8), the caves and the pits are safe."""
    assert BOARD.rollways_over("WT8") == () and BOARD.rollways_over("CAVE2") == ()
    state = position(f"turn=1 | pieces WT2 WT8 PIT_B | hands - / - / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1")
    assert moves(state) == ["A-1"]
    step(state, "A-1")
    assert state.pos[0] == "PIT_A" and state.lying[0]


def test_with_nobody_on_any_rollway_no_fireball_is_rolled():
    """D-FI-2: "If there are none of those either, nothing is rolled, and the rolled 1 is simply
    lost"; decision FI-24."""
    state = position(f"turn=1 | pieces WT8 PIT_A | hands - / - | {AT_ROLL}")
    step(state, "1")
    assert state.pos == ["WT8", "PIT_A"]
    assert state.turn == 1 and state.tasks[-1] == ("roll", "move")


def test_deterministic_mode_hits_every_piece_on_the_rollway():
    """D-FI-3: "fireball_mode = "deterministic": every piece on the rollway is hit". No chance step;
    a roller standing on its own target's rollway is hit as well. R-FI: "Any number of playing
    pieces may occupy the same smolder pit." """
    state = position(f"turn=1 | pieces WT2 TA1 TA3 TA9 | hands REROLL / - / - / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", "pass", "B-1", "pass")
    assert state.tasks[-1] == ("window", "end", 0)
    assert state.pos == ["WT2", "PIT_B", "PIT_B", "PIT_B"]
    assert state.lying == [False, True, True, True]
    assert " | pieces WT2 PIT_B! PIT_B! PIT_B! |" in state.notation()


def test_by_default_where_the_fireball_hits_is_a_chance_step():
    """D-FI-3: the marble hits a piece it reaches with 0.85, and is still rolling at space k with
    0.96^(k-1); decision FI-15: one chance step, the set of seats hit, every probability exact.
    P2 stands on the third space of B-1."""
    state = position(f"turn=1 | pieces DMP TA3 | hands REROLL / - | {AT_ROLL}")
    step(state, "1", "pass", "B-1", "pass")
    assert state.to_act() == CHANCE
    odds = chances(state)
    assert odds == pytest.approx({"miss": 1 - 0.85 * 0.96**2, "P2": 0.85 * 0.96**2})
    hit = state.clone()
    step(hit, "P2")
    assert hit.pos[1] == "PIT_B" and hit.lying[1]
    step(state, "miss")
    assert state.pos[1] == "TA3" and not state.lying[1]


@pytest.mark.parametrize(("k", "figure"), [(1, 0.85), (5, 0.72), (10, 0.59), (15, 0.48), (20, 0.39)])
def test_the_chance_of_a_hit_falls_with_the_distance_rolled(k, figure):
    """D-FI-3: "If nothing has been hit earlier, P(hit at k) ≈ 0.85 × 0.96^(k−1): about 0.85 at
    k = 1, 0.72 at k = 5, 0.59 at k = 10, 0.48 at k = 15, 0.39 at k = 20." Blister Run (V-blister)
    is long and straight."""
    space = BOARD.spaces_on_rollway("V-blister")[k - 1]
    odds = dict(rules.hit_chances("V-blister", ["DMP", space]))
    assert odds[0b10] == pytest.approx(0.85 * 0.96 ** (k - 1))
    assert odds[0b10] == pytest.approx(figure, abs=0.005)
    assert sum(odds.values()) == pytest.approx(1.0)


def test_a_bend_makes_the_marble_likelier_to_stop():
    """D-FI-3: "Base stop chance s_j = 0.04. Add +0.10 on junction/bend spaces." V-chute runs down
    Fireflash Chute (8 spaces), over the junction FJ, onto the High Road."""
    assert BOARD.spaces["FJ"].slows_fireball
    odds = dict(rules.hit_chances("V-chute", ["DMP", "HR1"]))
    assert odds[0b10] == pytest.approx(0.85 * 0.96**8 * (1 - 0.14))


def test_a_hit_slows_the_marble_and_a_toppled_piece_may_knock_over_the_next():
    """D-FI-3: "Add +0.25 to every later s after each piece it hits"; "Knock-on: a hit piece topples
    onto the next rollway space. If that space holds a piece, that piece is also hit with
    probability 0.30" — R-FI: "or by any other game part as a result of a rolling Fireball".
    P2 and P3 stand on the first two spaces of V-blister; worked by hand."""
    odds = dict(rules.hit_chances("V-blister", ["DMP", "BR22", "BR21"]))
    after_a_hit = (1 - 0.29) * (0.85 + 0.15 * 0.30) + 0.29 * 0.30  # still rolling, or stopped
    assert odds == pytest.approx(
        {
            0b000: 0.15 * (1 - 0.96 * 0.85),
            0b010: 0.85 * (1 - after_a_hit),
            0b100: 0.15 * 0.96 * 0.85,
            0b110: 0.85 * after_a_hit,
        }
    )
    assert sum(odds.values()) == pytest.approx(1.0)


def test_the_chances_of_every_rollway_add_up_to_one():
    """D-FI-3 as a probability distribution: with a piece on every space of a rollway (four seats
    at most), the sets of seats hit add up to 1."""
    for rollway in rules.ROLLWAYS:
        spaces = BOARD.spaces_on_rollway(rollway.id)
        pieces = (list(spaces[::3]) + ["DMP"] * 4)[:4]
        odds = rules.hit_chances(rollway.id, pieces)
        assert sum(p for _, p in odds) == pytest.approx(1.0)
        assert all(0 < p <= 1 for _, p in odds)


@pytest.mark.parametrize(
    ("space", "rollway", "pit", "chip"),
    [
        ("WT2", "A-1", "PIT_A", "WT5"),  # Witchlord Trail: A
        ("TA3", "B-1", "PIT_B", "TA6"),  # Thunder Alley: B
        ("SB2", "D-3", "PIT_C", "SB3"),  # Skeleton Head Beach: C
        ("BR5", "V-blister", "PIT_C", "SB3"),  # Blister Run: C
        ("FC4", "V-chute", "PIT_D", "HR6"),  # Fireflash Chute: D
        ("HR8", "D-1", "PIT_D", "HR6"),  # High Road: D
        ("LR3", "D-2", "PIT_D", "HR6"),  # Low Road: D
        ("VP8", "V-west", "PIT_E", "VP4"),  # Viper Pass: E
        ("DR4", "V-west", "PIT_F", "DR3"),  # Dock Run: F
    ],
)
def test_fireballed_on_a_trail_goes_to_that_trails_smolder_pit_and_drops_the_jewel_on_its_rock_chip(
    space, rollway, pit, chip
):
    """R-FI Getting Fireballed on a Trail 1: "place your playing piece on its side in the specified
    smolder pit" (the chart FIREBALL PENALTY AREAS); Fireballed With the Jewel: "place it on the
    Rock Chip trail space right next to your smolder pit. The jewel is now un-owned" (BD-4: one Rock
    Chip a pit)."""
    state = position(f"turn=1 | pieces DMP {space} | jewel P2 | hands REROLL / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", "pass", rollway, "pass")
    assert state.tasks[-1] == ("window", "end", 0)  # P1's turn goes on
    assert state.pos[1] == pit and state.lying[1]
    assert state.owner == -1 and state.jewel_at == chip
    assert f" | pieces DMP {pit}! | jewel {chip} |" in state.notation()


@pytest.mark.parametrize(("bridge", "rollway"), [("BRG1", "C-1"), ("BRG2", "C-2")])
def test_fireballed_on_a_bridge_falls_into_the_water_and_leaves_the_jewel_on_the_bridge(bridge, rollway):
    """R-FI Getting Fireballed on a Bridge: "Move it immediately to the water penalty area ... at the
    bottom of Great Sway Bluff"; "If you own the jewel when Fireballed on a bridge, place it on the
    bridge." The piece does not lie down: it loses no turn."""
    state = position(f"turn=1 | pieces DMP {bridge} | jewel P2 | hands - / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", rollway)
    assert state.pos[1] == "WATER" and not state.lying[1]
    assert state.owner == -1 and state.jewel_at == bridge


def test_after_the_water_the_next_turn_is_a_full_turn_climbing_the_bluff():
    """R-FI: "You do not lose your next turn. However, to get back to the bridges again you must
    climb the 5 trail spaces to the top of the bluff from the water's edge." Decision FI-12: the
    bluff's first space is the first counted."""
    state = position(f"turn=1 | pieces DMP BRG1 | hands - / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", "C-1")
    assert state.turn == 1 and state.tasks[-1] == ("roll", "move")  # P2 rolls at once
    step(state, "6")
    assert walks(state) == ["GSB1>GSB2>GSB3>GSB4>GSB5>GY2", "GSB1>GSB2>GSB3>GSB4>GSB5>BRG1"]
    step(state, "BRG1")
    assert state.pos[1] == "BRG1"


def test_next_turn_stand_up_and_the_turn_after_leave_the_pit_from_its_rock_chip():
    """R-FI Getting Fireballed on a Trail 2: "On your next turn, place your playing piece upright in
    the smolder pit. You cannot roll, move or play any cards on this turn." 3: "On your following
    turn, roll the die, then move your playing piece out onto the trail, starting on the Rock Chip
    space right next to your smolder pit." Decision FI-13: the stand-up turn asks nobody for a card
    (only a player holding a token, for it), so it passes with no decision; FI-12: the Rock Chip is
    the first space counted."""
    state = position(f"turn=1 | pieces WT1 PIT_B! | hands REROLL / FIREBALL | {AT_ROLL}")
    step(state, "3", "pass", "pass", "WT4", "pass")  # P1's turn, to its end window
    assert state.turn == 0 and state.turns == 3  # P2's turn came and went
    assert state.lying == [False, False] and state.pos[1] == "PIT_B"
    assert state.hands[1] and state.to_act() == 0  # P2 played nothing in it: P1's window is open
    step(state, "pass", "pass", "2", "pass", "pass", "WT6", "pass")
    assert state.turn == 1 and state.tasks[-1] == ("window", "pre", 0)
    step(state, "pass", "pass", "3", "pass", "pass")
    assert walks(state) == ["TA6>TA5>TA4", "TA6>TA7>TA8"]


def test_the_roller_standing_on_the_rollway_it_aims_at_is_hit_too():
    """R-FI: "Any playing pieces hit as the result of the rolling Fireball are penalized." P1 aims at
    P2 down Thunder Alley, where P1 stands too (deterministic mode)."""
    state = position(f"turn=1 | pieces TA1 TA3 | hands - / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", "B-1")
    assert state.pos == ["PIT_B", "PIT_B"]


def test_fireballed_during_your_own_turn_loses_the_rest_of_it_but_not_its_end():
    """D-FI-5: "Fireballed during your own turn: the rest of that turn is lost"; decision FI-22: but
    not its end window, where TAKE ANOTHER TURN ("After any of your turns") and the token ("on any
    one of your turns") may still be played; extra turns already earned stay (here the next one is
    spent standing up)."""
    state = position(f"turn=1 extra=1 | pieces WT2 WT8 | hands REROLL / - | {AT_ROLL}", **DETERMINISTIC)
    step(state, "1", "pass", "A-1", "pass")
    assert state.pos[0] == "PIT_A" and state.lying[0]
    assert state.tasks[-2:] == [("end",), ("window", "end", 0)] and moves(state) == ["pass"]
    step(state, "pass")
    assert state.turn == 1 and state.turns == 3  # P1's extra turn went on standing up
    assert state.lying == [False, False] and state.extra == 0
    assert state.tasks[-1] == ("window", "pre", 1) and state.to_act() == 0  # P2's turn: P1's REROLL is asked


def test_a_stand_up_turn_is_still_a_turn_of_the_turn_limit():
    """Decision FI-16 counts every turn begun, a stand-up turn included."""
    state = position(f"turn=1 turns=4 | pieces WT1 PIT_B! | hands - / - | {AT_ROLL}", turn_limit=5)
    step(state, "3", "WT4")
    assert state.is_over() and state.turns == 5
