"""Move, position and chance notation (docs/notation.md), and what bad text is told."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamenight.bots.basic import RandomBot
from gamenight.engine.errors import NotationError
from gamenight.engine.match import Match
from gamenight.engine.record import Record, replay
from gamenight.engine.registry import make_game

from .conftest import play, position, tile

EXAMPLE = (
    "dealer=1 turn=3 phase=play sheet=12,0,30 | layout 9-9 9-5@e0 5-W@e1:6 | hands 6-3 2-2 / 7-0 / W-4 8-8 | pile *"
)


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("5-3@e2", "5-3@e2"),
        ("5-3 @ e2", "5-3@e2"),
        ("5-3@2", "5-3@e2"),
        ("5-3@e2!", "5-3@e2 knock"),
        ("5-3@E2  KNOCK", "5-3@e2 knock"),
        ("w-5@e3", "W-5@e3"),
        ("5-W@e3", "5-W@e3"),
        ("4-D@e9", "4-D@e9"),
        ("W-W@e1", "W-W@e1"),
        ("DRAW", "draw"),
        ("Pass", "pass"),
        ("hub 7", "hub 7"),
    ],
)
def test_moves_are_read_in_any_case_and_spacing_and_written_one_way(text, written):
    """docs/notation.md: a play is inner half, '-', outer half, '@', the end; 'knock' or '!'."""
    state = position("dealer=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3 | pile *")
    assert state.move_notation(state.parse_move(text)) == written


def test_the_half_written_first_is_the_one_laid_against_the_end():
    """W-5 is the Wild One wild half in; 5-W is the same tile wild half out."""
    state = position("dealer=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3 | pile *")
    wild_in, wild_out = state.parse_move("W-5@e1"), state.parse_move("5-W@e1")
    assert wild_in.tile == wild_out.tile == tile("W-5")
    assert wild_in != wild_out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5-3", "is not a Wildfire move: write a play like 5-3@e2"),
        ("5-3@e2 knok", "is not a Wildfire move"),
        ("knock", "is not a Wildfire move"),
        ("1-3@e2", "'1' is not a half; halves are 0 2 3 4 5 6 7 8 9 W D T"),
        ("hub 0", "the hub shows 1 to 9, not 0"),
        ("hub 10", "the hub shows 1 to 9, not 10"),
    ],
)
def test_text_that_is_not_a_move_raises_a_notation_error_saying_why(text, message):
    state = position("dealer=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3 | pile *")
    with pytest.raises(NotationError, match=message):
        state.parse_move(text)


def test_a_position_reads_back_to_exactly_the_same_text():
    """notation.py: "the whole state as one line of text that parses back exactly"."""
    state = position(EXAMPLE)
    text = state.notation()
    # 'pile *' is written out: every tile not named elsewhere, in the set's order.
    assert text.startswith(
        "dealer=1 turn=3 phase=play sheet=12,0,30 | layout 9-9 9-5@e0 5-W@e1:6 "
        "| hands 6-3 2-2 / 7-0 / W-4 8-8 | pile 7-7 6-6 5-5 4-4 3-3 0-0 9-8 "
    )
    assert len(text.split("| pile ")[1].split()) == 65 - 3 - 5
    assert position(text).notation() == text
    assert state.scores() == [12, 0, 30]


def test_every_header_field_reads_back():
    """knocked, loses_turn, penalty, drawn and a sheet of several rounds."""
    text = (
        "dealer=2 turn=3 phase=afterdraw drawn=6-0 knocked=1 loses_turn=2 sheet=1,2,3;4,5,6 "
        "| layout 9-9 9-5@e0 | hands 2-2 / 7-0 / 3-3 6-0 | pile *"
    )
    state = position(text)
    assert state.scores() == [5, 7, 9]
    assert position(state.notation()).notation() == state.notation()
    assert state.notation().startswith(text.split("|")[0])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty position"),
        ("dealer=1 turn=9 | layout 9-9 | hands 2-2 / 7-0 / 3-3", r"turn='9': seats are numbered 1 to 3"),
        ("phase=dance | layout 9-9 | hands 2-2 / 7-0 / 3-3", "phase 'dance' is not one of: deal, firstdouble"),
        ("colour=red | layout 9-9 | hands 2-2 / 7-0 / 3-3", r"unknown field\(s\) in the header: colour"),
        ("dealer | layout 9-9 | hands 2-2 / 7-0 / 3-3", "header field 'dealer' is not key=value"),
        ("dealer=1 | layout 9-9", "a position needs a 'hands' section"),
        ("dealer=1 | layout 9-9 | hands 2-2 / 7-0", "2 hands for a 3-player game"),
        ("dealer=1 | layout 9-9 | hands 2-2 / 9-9 / 3-3", "9-9 is named twice"),
        ("dealer=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3 | pile 9-8", r"60 tile\(s\) are nowhere \(write 'pile \*'"),
        ("dealer=1 | layout 9-5 | hands 2-2 / 7-0 / 3-3", "the centre must be a plain double, not 9-5"),
        (
            "dealer=1 | layout 9-9 5-3@e0 | hands 2-2 / 7-0 / 3-3",
            "layout entry '5-3@e0' is not a legal play: 5-3 does not match the 9 at e0",
        ),
        ("dealer=1 | layout 9-9 9-5@e7 | hands 2-2 / 7-0 / 3-3", "'9-5@e7' is not a legal play: there is no e7"),
        ("dealer=1 | layout 9-9 9-5@x | hands 2-2 / 7-0 / 3-3", "'9-5@x' is not a play like 5-3@e2"),
        ("dealer=1 | layout 9-9 9-5@e0 5-W@e1 | hands 2-2 / 7-0 / 3-3", r"give the obligation's hub number \(:7\)"),
        ("dealer=1 | layout 9-9 9-5@e0:3 | hands 2-2 / 7-0 / 3-3", "only a wild that opens an obligation has a hub"),
        ("dealer=1 | layout 9-9 9-5@e0 5-W@e1:0 | hands 2-2 / 7-0 / 3-3", "5-W@e1:0: the hub shows 1 to 9"),
        ("phase=hub | layout 9-9 9-5@e0 | hands 2-2 / 7-0 / 3-3", "phase=hub goes with an obligation written ':\\?'"),
        ("phase=play | layout 9-9 9-5@e0 5-W@e1:? | hands 2-2 / 7-0 / 3-3", "phase=hub goes with an obligation"),
        ("phase=afterdraw | layout 9-9 | hands 2-2 / 7-0 / 3-3", "phase=afterdraw goes with drawn=TILE"),
        ("phase=penalty | layout 9-9 | hands 2-2 / 7-0 / 3-3", "phase=penalty goes with penalty=SEAT"),
        ("phase=play | table 9-9 | hands 2-2 / 7-0 / 3-3", "unknown section 'table'"),
        ("phase=play | layout | hands 2-2 / 7-0 / 3-3", "the layout is empty: write the centre double first"),
        ("phase=deal | layout 9-9 | hands 2-2 / 7-0 / 3-3", "phase=deal is before the centre double is placed"),
        ("sheet=1,2 | layout 9-9 | hands 2-2 / 7-0 / 3-3", "sheet row '1,2' needs 3 scores"),
        ("phase=play | layout 9-9 | hands 2-2 / 5-1 / 3-3", "'5-1': '1' is not a half"),
    ],
)
def test_a_bad_position_raises_a_notation_error_naming_the_first_fault(text, message):
    with pytest.raises(NotationError, match=message):
        make_game("wildfire", {"players": 3}).state_from_notation(text)


def test_a_drawn_tile_is_written_as_the_tile_and_a_hub_number_as_the_number():
    """docs/notation.md: chance outcomes are "5-3" for a draw and "7" for the hub."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / W-5 7-0 6-0 / 3-3 | pile *")
    play(state, "5-W@e1")
    assert state.outcome_notation(7) == "7"
    assert state.parse_outcome(" 7 ") == 7
    with pytest.raises(NotationError, match="'0' is not a hub number"):
        state.parse_outcome("0")
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / 7-0 6-0 / 3-3 | pile *")
    play(state, "draw")
    assert state.outcome_notation(tile("5-3")) == "5-3"
    assert state.parse_outcome("3-5") == tile("5-3")


def test_a_record_holds_every_decision_and_chance_outcome_with_seat_minus_one_for_chance():
    """src/gamenight/engine/record.py: format, game, options, seats, seed, start, steps, result."""
    game = make_game("wildfire", {"players": 2, "rounds": 1})
    record = Match(game, [RandomBot(), RandomBot()], seed=7).run()
    data = json.loads(record.dumps())
    assert list(data) == ["format", "game", "options", "seats", "seed", "start", "steps", "result"]
    assert data["format"] == "gamenight-record/1"
    assert data["options"]["rounds"] == 1
    assert data["start"] is None
    assert data["steps"][0][0] == -1 and "-" in data["steps"][0][1]  # the deal: a tile
    assert all(seat in (-1, 0, 1) for seat, _ in data["steps"])
    assert replay(Record.from_json(data)).scores() == data["result"]


def test_the_draw_pile_has_no_order_so_the_order_it_is_written_in_does_not_matter():
    """The pile is face down and shuffled (R-WF SET-UP): a draw is any unseen tile. Two
    positions with the same notation draw the same tile from the same seed."""
    text = "dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / 7-0 6-0 / 3-3 | pile "
    in_order = position(text + "*")
    backwards = " ".join(reversed(in_order.notation().split("| pile ")[1].split()))
    reversed_pile = position(text + backwards)
    assert reversed_pile.notation() == in_order.notation()
    play(in_order, "draw")
    play(reversed_pile, "draw")
    assert reversed_pile.chance_outcomes() == in_order.chance_outcomes()


def test_every_example_in_this_document_parses():
    """docs/notation.md: every line of its `position` and `moves` blocks is valid notation."""
    doc = (Path(__file__).parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(position|moves)\n(.*?)```", doc, re.DOTALL)
    assert {kind for kind, _ in blocks} == {"position", "moves"}
    anywhere = position("dealer=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3 | pile *")
    for kind, body in blocks:
        for line in body.strip().splitlines():
            if kind == "moves":
                anywhere.parse_move(line)
            else:
                assert position(position(line).notation()).notation() == position(line).notation()
