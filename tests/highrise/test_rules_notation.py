"""Move, position and chance notation (docs/notation.md, Highrise), and what bad text is told."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamenight.engine.errors import IllegalMoveError, NotationError

from .conftest import game, play, position, tile

BASEMENT = "basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W"
STEP = "basement 5-0 W-6 W-2 4-1 0-0 3-2 6-4 6-6 | level1 3-1@b1,c1"
EXAMPLE = f"hand=2 turn=1 phase=play scores=12,-5 | {STEP} | level2 5-3@a1^,b1 | hands 6-5 2-2 / 4-4 0-3 | pile *"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("5-6@a1,b1", "5-6@a1,b1"),
        ("5-6 @ A1 , B1", "5-6@a1,b1"),
        ("6-5@b1,a1", "5-6@a1,b1"),  # cells in board order, the domino turned to match
        ("5-3@a1^,b1", "5-3@a1^,b1"),
        ("5-3 @ a1 ^ , b1", "5-3@a1^,b1"),
        ("3-5@b1,a1^", "5-3@a1^,b1"),
        ("w-w@c1,b1", "W-W@b1,c1"),
        ("1-1@d3,d2", "1-1@d2,d3"),
        ("DRAW", "draw"),
        ("Pass", "pass"),
    ],
)
def test_moves_are_read_in_any_case_and_spacing_and_written_one_way(text, written):
    """docs/notation.md: a play is the domino, '@', the two cells (the first half on the first
    cell), '^' after the cell raised on a clear spacer."""
    state = position(f"| {BASEMENT} | hands 6-5 / 1-1")
    assert state.move_notation(state.parse_move(text)) == written


def test_the_first_half_written_goes_on_the_first_cell_written():
    state = position(f"| {BASEMENT} | hands 6-3 2-2 / 1-1")
    six_on_b2 = state.parse_move("6-3@b2,b3")
    assert state.parse_move("3-6@b3,b2") == six_on_b2
    assert state.parse_move("3-6@b2,b3") != six_on_b2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5-3", "says the domino but not where it goes: add the two cells it covers, as in 5-3@a1,b1"),
        ("W-3", "says the domino but not where it goes: add the two cells it covers, as in W-3@a1,b1"),
        ("5-3@a1", "is not a Highrise move"),
        ("5-3@a1,b1,c1", "is not a Highrise move"),
        ("knock", "is not a Highrise move"),
        ("5-9@a1,b1", "'9' is not a half; halves are 0 1 2 3 4 5 6 W"),
        ("5-3@e1,b1", r"'e1' is not a cell of the 4x4 base \(a1 to d4\)"),
        ("5-3@a0,b1", "'a0' is not a cell"),
        ("5-3@a1,a1", "a domino covers two different cells, not a1 twice"),
        ("5-3@a1^,b1^", "never use more than one clear spacer per turn"),
    ],
)
def test_text_that_is_not_a_move_raises_a_notation_error_saying_why(text, message):
    state = position(f"| {BASEMENT} | hands 6-5 / 1-1")
    with pytest.raises(NotationError, match=message):
        state.parse_move(text)


def test_cells_are_named_on_the_2x8_strip_too():
    state = position(f"| {BASEMENT} | hands 3-0 / 1-1", basement_layout="2x8")
    assert state.move_notation(state.parse_move("3-0@f1,e1")) == "0-3@e1,f1"
    with pytest.raises(NotationError, match=r"'a3' is not a cell of the 2x8 base \(a1 to h2\)"):
        state.parse_move("0-3@a3,b3")


def test_a_position_reads_back_to_exactly_the_same_text():
    state = position(EXAMPLE, target_score=300)  # a second hand: a game played to 300
    text = state.notation()
    assert text.startswith(f"hand=2 turn=1 phase=play scores=12,-5 | {STEP} | level2 5-3@a1^,b1 | hands 6-5 2-2 /")
    assert text.split("| pile ")[1].split()[:3] == ["5-5", "3-3", "1-1"]  # the pile, in the set's order
    assert position(text, target_score=300).notation() == text
    assert state.scores() == [12, -5]
    assert state.starter == 1


def test_the_dominoes_of_a_level_may_be_written_in_any_order_and_are_written_in_board_order():
    """Dominoes on one level never share a cell, so the order they are written in is no fact of
    the position: levels are written bottom up, each in board order of its first cell."""
    text = f"| {BASEMENT} | level1 1-1@d2,d3 5-6@a1,b1 | hands 4-4 / 2-2 | pile *"
    assert " | level1 5-6@a1,b1 1-1@d2,d3 | " in position(text).notation()
    swapped = f"| {BASEMENT} | level2 6-0@b1,c1^ | level1 1-1@d2,d3 5-6@a1,b1 | hands 4-4 / 2-2 | pile *"
    assert " | level1 5-6@a1,b1 1-1@d2,d3 | level2 6-0@b1,c1^ | " in position(swapped).notation()


def test_the_header_fields_read_back():
    """hand, turn, phase, drawn (in phase afterdraw) and scores, written in that order."""
    text = f"hand=3 turn=2 phase=afterdraw drawn=3-0 scores=1,2 | {STEP} | hands 6-5 / 4-4 3-0 | pile "
    state = position(text + "*", target_score=300)
    assert state.notation().startswith(text)
    assert state.drawn == tile("0-3")
    assert (state.hand_number, state.turn, state.starter, state.totals) == (3, 1, 0, [1, 2])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty position"),
        (f"turn=3 | {BASEMENT} | hands 2-2 / 3-3", "turn='3': seats are numbered 1 to 2"),
        (f"phase=dance | {BASEMENT} | hands 2-2 / 3-3", "phase 'dance' is not one of: basement, deal, play"),
        (f"colour=red | {BASEMENT} | hands 2-2 / 3-3", r"unknown field\(s\) in the header: colour"),
        (f"turn | {BASEMENT} | hands 2-2 / 3-3", "header field 'turn' is not key=value"),
        (f"hand=0 | {BASEMENT} | hands 2-2 / 3-3", "hand='0': hands are numbered from 1"),
        (f"scores=1 | {BASEMENT} | hands 2-2 / 3-3", "scores='1' needs 2 whole numbers"),
        (f"| {BASEMENT}", "a position needs a 'hands' section"),
        (f"| {BASEMENT} | hands 2-2 / 3-3 / 1-1", "3 hands for a 2-player game"),
        (f"| {BASEMENT} | hands 2-2 / 6-6", "6-6 is named twice"),
        (f"| {BASEMENT} | hands 2-2 / 3-3 | pile 1-1", r"25 domino\(es\) are nowhere \(write 'pile \*'"),
        (f"| {BASEMENT} 1-1 | hands 2-2 / 3-3", "the basement holds 8 dominoes, not 9"),
        ("| basement 5-3 5-3 | hands 2-2 / 3-3", "5-3 is named twice"),
        ("| basement 5-3 | level1 6-6@a1,b1 | hands 2-2 / 3-3", "the basement must be full before any domino"),
        (
            f"| {BASEMENT} | level1 6-5@a1,b1 | hands 2-2 / 3-3",
            "level1 entry '6-5@a1,b1' could not have been played: the 6 of 6-5 does not match the 5 on a1",
        ),
        (f"| {BASEMENT} | level1 6-5@d3,d4 | hands 2-2 / 3-3", "d3 and d4 are both halves of W-W"),
        (f"| {BASEMENT} | level2 5-6@a1,b1 | hands 2-2 / 3-3", "level2 entry '5-6@a1,b1' would lie at level 1"),
        (f"| {BASEMENT} | level1 5-6@a1,b1 5-6@a1,b1 | hands 2-2 / 3-3", "6-5 is named twice"),
        (f"| {BASEMENT} | level1 draw | hands 2-2 / 3-3", "level1 entry 'draw' is not a domino like 5-3@a1,b1"),
        (f"| {BASEMENT} | level1 | hands 2-2 / 3-3", "level1 is empty: leave it out"),
        (f"| {BASEMENT} | level0 5-6@a1,b1 | hands 2-2 / 3-3", "levels are numbered from 1"),
        (f"| {BASEMENT} | tower 5-6@a1,b1 | hands 2-2 / 3-3", "unknown section 'tower'"),
        (f"phase=basement | {BASEMENT} | hands 2-2 / 3-3", "phase=basement goes with a basement of fewer than 8"),
        ("phase=play | basement 5-3 | hands 2-2 / 3-3", "phase=basement goes with a basement of fewer than 8"),
        ("phase=basement | basement 5-3 | hands 2-2 / -", "phase=basement is before the deal"),
        (f"phase=deal | {BASEMENT} | level1 5-6@a1,b1 | hands - / -", "phase=deal is before any domino is played"),
        (
            f"phase=deal | {BASEMENT} | hands - / 2-2",
            "phase=deal: 1 dealt one at a time from seat 1, so seat 1 holds 1, not 0",
        ),
        (f"phase=afterdraw | {BASEMENT} | hands 2-2 / 3-3", "phase=afterdraw goes with drawn=TILE"),
        (f"phase=afterdraw drawn=1-1 | {BASEMENT} | hands 2-2 / 3-3", "the drawn domino 1-1 is not in seat 1's hand"),
        (f"phase=draw | {BASEMENT} | hands * / 3-3 | pile -", "phase=draw needs dominoes in the pile"),
    ],
)
def test_a_bad_position_raises_a_notation_error_naming_the_first_fault(text, message):
    sections = text.split("|")
    if "*" in text:
        with pytest.raises(NotationError, match=message):
            position(text)
        return
    assert sections
    with pytest.raises(NotationError, match=message):
        game(players=2).state_from_notation(text)


def test_a_basement_domino_is_written_as_it_lies_and_a_drawn_domino_as_the_domino():
    """docs/notation.md: a basement outcome is the domino written with the half on the slot's
    first cell first (`3-5`: 3 on a1, 5 on a2); a dealt or drawn domino is the domino."""
    state = game(players=2).new_state()
    turned = state.parse_outcome("3-5")
    assert state.outcome_notation(turned) == "3-5"
    assert state.parse_outcome("5-3") != turned
    assert state.parse_outcome("6-6") == tile("6-6") * 2
    state = position(f"turn=2 | {BASEMENT} | hands 6-5 6-0 / 2-2 3-3 | pile *")
    play(state, "draw")
    assert state.outcome_notation(tile("5-5")) == "5-5"
    assert state.parse_outcome(" 1-0 ") == tile("1-0") == state.parse_outcome("0-1")
    play_state = position(f"| {BASEMENT} | hands 6-5 / 1-1")
    with pytest.raises(NotationError, match="there is no chance step in phase play"):
        play_state.parse_outcome("5-5")


def test_the_draw_pile_has_no_order_so_the_order_it_is_written_in_does_not_matter():
    """The pile is face down and mixed (R-HR SET-UP): a draw is any unseen domino."""
    text = f"turn=2 | {BASEMENT} | hands 6-5 6-0 / 2-2 3-3 | pile "
    in_order = position(text + "*")
    backwards = " ".join(reversed(in_order.notation().split("| pile ")[1].split()))
    reversed_pile = position(text + backwards)
    assert reversed_pile.notation() == in_order.notation()


def test_every_example_in_the_highrise_notation_section_parses():
    """docs/notation.md: every line of its `highrise-position` and `highrise-moves` blocks is
    valid notation, and each position reads back to the same text. A position has as many
    players as hands, in a game played to 300 (R-HR THE WINNER), as the examples of later hands need."""
    doc = (Path(__file__).parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```highrise-(position|moves)\n(.*?)```", doc, re.DOTALL)
    assert {kind for kind, _ in blocks} == {"position", "moves"}
    anywhere = position(f"| {BASEMENT} | hands 6-5 / 1-1")
    for kind, body in blocks:
        for line in body.strip().splitlines():
            if kind == "moves":
                anywhere.parse_move(line)
            else:
                text = position(line, target_score=300).notation()
                assert position(text, target_score=300).notation() == text


# -- a position must be one some game reaches (issue 17) ---------------------------------------


def refused(text: str, message: str, **options: object) -> None:
    """The position is refused with a NotationError naming the fault."""
    with pytest.raises(NotationError, match=message):
        position(text, **options)


def test_a_header_field_given_twice_is_refused_not_overridden():
    refused(f"turn=1 turn=2 | {BASEMENT} | hands 2-2 / 3-3", "header field turn= is given twice")


def test_a_position_with_a_seat_holding_no_domino_in_play_is_refused():
    """R-HR: "If one player plays their last domino, that player has 'gone out'" -- the hand
    is over, whether that seat is to act or not."""
    refused(f"turn=2 | {BASEMENT} | hands 2-2 / -", "seat 2 holds no domino: it has gone out, so the hand is over")
    refused(f"turn=1 | {BASEMENT} | hands 2-2 / -", "seat 2 holds no domino")


def test_a_seat_holding_only_the_domino_it_drew_is_refused():
    """R-HR: "If you are unable to make a play, then you must draw" -- holding a domino, or it
    would have gone out."""
    refused(
        f"turn=2 phase=afterdraw drawn=1-0 | {BASEMENT} | hands 2-2 / 1-0",
        "seat 2 holds only the domino it drew: with none before, it had gone out",
    )


def test_a_hand_after_the_game_has_ended_is_refused():
    """R-HR THE WINNER: the basic game is one hand; a game of agreed hands ends after them; a
    game to 300 ends after the hand that reaches it (unless tied, with extra_hand: D-HR-5)."""
    refused(f"hand=2 | {BASEMENT} | hands 2-2 / 3-3", "hand=2: the game was over after hand 1")
    refused(f"hand=4 | {BASEMENT} | hands 2-2 / 3-3", "hand=4: the game was over after hand 3", hands=3)
    deal = f"hand=2 phase=deal scores=305,{{}} | {BASEMENT} | hands - / - | pile *"
    refused(deal.format(100), "hand=2: the game was over after hand 1", target_score=300)
    position(deal.format(305), target_score=300, tie_break="extra_hand")


def test_a_total_past_the_target_in_a_hand_under_way_was_reached_by_this_hands_plays():
    """R-HR THE WINNER: a hand begins with every total short of the target (or the game was over),
    and a play adds to its player's total only: issue 29's scores=500 in phase play is refused."""
    refused(
        f"scores=500,0 | {BASEMENT} | hands 2-2 / 3-3",
        "plays have scored 0, so before it someone had reached 300",
        target_score=300,
    )
    refused(f"phase=draw scores=0,300 | {BASEMENT} | hands 2-2 / 3-3", "someone had reached 300", target_score=300)
    level1 = f"{BASEMENT} | level1 2-4@b4,c4"  # 6 points
    position(f"scores=305,0 | {level1} | hands 2-2 / 3-3", target_score=300)
    refused(f"scores=306,0 | {level1} | hands 2-2 / 3-3", "plays have scored 6", target_score=300)
    refused(f"scores=303,303 | {level1} | hands 2-2 / 3-3", "plays have scored 6", target_score=300)
    position(f"scores=500,0 | {BASEMENT} | hands 2-2 / 3-3", hands=2)  # a game of hands has no target
    position(f"hand=2 scores=500,500 | {BASEMENT} | hands 2-2 / 3-3", target_score=300, tie_break="extra_hand")


def test_nothing_is_known_absent_before_the_hand_is_played():
    """Issue 29: `absent` in the deal let the deal give a seat what it "lacked", a position refused."""
    refused(f"phase=deal | {BASEMENT} | hands - / - | absent 3-3 / -", "phase=deal: nobody has played yet")
    refused("phase=basement | basement 5-3 | hands - / - | absent 3-3 / -", "phase=basement: nobody has played yet")


def test_a_domino_a_seat_showed_it_lacks_is_not_in_its_hand():
    """A seat that draws holds nothing that fitted then (docs/notation.md, absent)."""
    refused(f"| {BASEMENT} | hands 2-2 / 3-3 | absent - / 3-3", "seat 2 holds 3-3, which it showed it lacks")


def test_a_finished_game_is_a_position_too_but_only_as_a_hand_ends():
    """R-HR: a hand ends when a player goes out, or when nobody can play; the game then ends
    as THE WINNER says."""
    over = f"phase=over scores=312,254 | {BASEMENT} | level1 5-6@a1,b1 | hands - / W-4 3-0"
    assert position(over).is_over()
    assert position(over, target_score=300).is_over()
    refused(over.replace("312", "212"), "phase=over: hand 1 does not end the game", target_score=300)
    refused(over.replace("W-4 3-0", "-"), "seats 1 and 2 hold no domino; one goes out")
    refused(over.replace("hands -", "hands 2-2"), "nobody has gone out and someone can still play")


# -- apply() is given moves, or refuses (issue 17, defect 10) -----------------------------------


def test_a_plain_tuple_equal_to_a_legal_play_is_not_a_move_and_changes_nothing():
    """The architecture's apply(): "rejects an illegal move with IllegalMoveError that says why";
    a tuple has the fields of a play but is none."""
    state = position(f"| {BASEMENT} | hands 6-5 2-0 / 4-4 3-0 | pile *")
    legal = state.legal_moves()[0]
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="is not a Highrise move"):
        state.apply(tuple(legal))
    assert state.notation() == before


BIG = "1" * 5000  # past the 4,300 digits int() reads


@pytest.mark.parametrize(
    "text",
    [
        f"hand={BIG} | {BASEMENT} | hands - / - | pile *",
        f"scores={BIG},0 | {BASEMENT} | hands - / - | pile *",
        f"scores=0,-{BIG} | {BASEMENT} | hands - / - | pile *",
        f"phase=play | {BASEMENT} | level{BIG} 5-6@a1,b1 | hands 2-2 / 4-4 | pile *",
    ],
)
def test_a_number_longer_than_any_notation_writes_is_a_notation_error(text):
    """Issue 29: hand numbers, totals and levels of 5,000 digits raised a ValueError from int()."""
    with pytest.raises(NotationError, match="a number of 5000 digits: no number in notation has more than 30"):
        game(players=2).state_from_notation(text)
    with pytest.raises(NotationError, match="a number of 5000 digits"):
        game(players=2).new_state().parse_move(f"5-6@a{BIG},b1")
