"""Move, position and chance notation (docs/notation.md, Wildstar), and what bad text is told."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamenight.bots.basic import RandomBot
from gamenight.engine.errors import IllegalMoveError, NotationError
from gamenight.engine.match import Match
from gamenight.engine.record import Record, replay
from gamenight.engine.registry import make_game
from gamenight.games.wildstar.moves import PLAY, Move

from .conftest import play, position, tile

FIVE = "9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"
EXAMPLE = (
    "shuffler=1 turn=3 phase=play sheet=12,0,30,7 | layout 8-8 8-5@e0 8-3@e0 "
    "| hands 6-3 S / 7-0 / SS 4-4 / 2-1 | pile *"
)
ANYWHERE = f"shuffler=1 | layout {FIVE} | hands 2-2 / 7-0 / 3-3 | pile *"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("4-6@e3", "4-6@e3"),
        ("4-6 @ e3", "4-6@e3"),
        ("4-6@3", "4-6@e3"),
        ("4-6@E3", "4-6@e3"),
        ("  4-6@e3  ", "4-6@e3"),
        ("S-7@e3", "S-7@e3"),
        ("s-7@e3", "S-7@e3"),
        ("SS@e3", "SS@e3"),
        ("ss @ 3", "SS@e3"),
        ("DRAW", "draw"),
        ("Pass", "pass"),
    ],
)
def test_moves_are_read_in_any_case_and_spacing_and_written_one_way(text, written):
    """docs/notation.md: a play is inner half, '-', outer half, '@', the end; a single star
    S-N (N declared), the double star SS; 'draw' and 'pass'."""
    state = position(ANYWHERE)
    assert state.move_notation(state.parse_move(text)) == written


def test_the_half_written_first_is_the_one_laid_against_the_end():
    """4-6@e3 lays the 4 on a 4; 6-4@e3 is the same tile laid the other way round."""
    state = position(ANYWHERE)
    four_in, six_in = state.parse_move("4-6@e3"), state.parse_move("6-4@e3")
    assert four_in.tile == six_in.tile == tile("6-4")
    assert (four_in.outer, six_in.outer) == (6, 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4-6", "'4-6' says the tile but not where it goes: add the open end, as in 4-6@e3"),
        ("S-7", "'S-7' says the tile but not where it goes: add the open end, as in S-7@e3"),
        ("SS", "'SS' says the tile but not where it goes: add the open end, as in SS@e3"),
        ("4-6@", "is not a Wildstar move"),
        ("4-6@e3 knock", "is not a Wildstar move"),
        ("10-2@e3", "is not a Wildstar move"),
        ("S-10@e3", "is not a Wildstar move"),
        ("W-5@e3", "is not a Wildstar move"),
        ("S@e3", "a single star is played with its declared outer number, like S-7@e3"),
        ("hub 7", "is not a Wildstar move"),
    ],
)
def test_text_that_is_not_a_move_raises_a_notation_error_saying_why(text, message):
    state = position(ANYWHERE)
    with pytest.raises(NotationError, match=message):
        state.parse_move(text)


def test_a_position_reads_back_to_exactly_the_same_text():
    """notation.py: "the whole state as one line of text that parses back exactly"."""
    state = position(EXAMPLE)
    text = state.notation()
    # 'pile *' is written out: every tile not named elsewhere, in the set's order.
    assert text.startswith(
        "shuffler=1 turn=3 phase=play sheet=12,0,30,7 | layout 8-8 8-5@e0 8-3@e0 "
        "| hands 6-3 S / 7-0 / SS 4-4 / 2-1 | pile 9-9 9-8 9-7 "
    )
    assert text.endswith(" 0-0 S S S")  # one star in seat 1's hand: three left in the pile
    assert len(text.split("| pile ")[1].split()) == 60 - 3 - 6
    assert position(text).notation() == text
    assert state.scores() == [12, 0, 30, 7]


def test_every_header_field_reads_back():
    """shuffler, turn, phase, drawn, lacked and a sheet of several hands, written in that order."""
    text = (
        "shuffler=2 turn=3 phase=afterdraw drawn=6-0 lacked=1:9,3:03468 sheet=1,2,3;4,5,6 "
        "| layout 7-7 7-4@e0 | hands 2-2 / 7-0 / 3-3 6-0 | pile *"
    )
    state = position(text)
    assert state.scores() == [5, 7, 9]
    assert state.view(None)["lacked"] == ["9", "", "03468"]
    assert position(state.notation()).notation() == state.notation()
    assert state.notation().startswith(text.split("|")[0])


def test_a_team_game_has_two_scores_a_row():
    """With partners, sheet rows hold one score per team (seats 1, 3, ... and 2, 4, ...)."""
    text = "shuffler=2 turn=3 sheet=0,31;12,0 | layout 7-7 7-4@e0 | hands 2-2 / 7-0 / 3-3 / S | pile *"
    state = position(text, partners=True)
    assert state.scores() == [12, 31, 12, 31]
    assert position(state.notation(), partners=True).notation() == state.notation()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty position"),
        ("turn=9 | layout 9-9 | hands 2-2 / 7-0 / 3-3", r"turn='9': seats are numbered 1 to 3"),
        ("phase=dance | layout 9-9 | hands 2-2 / 7-0 / 3-3", "phase 'dance' is not one of: deal, firstdouble, play"),
        ("colour=red | layout 9-9 | hands 2-2 / 7-0 / 3-3", r"unknown field\(s\) in the header: colour"),
        ("dealer=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3", r"unknown field\(s\) in the header: dealer"),
        ("shuffler | layout 9-9 | hands 2-2 / 7-0 / 3-3", "header field 'shuffler' is not key=value"),
        ("shuffler=1 | layout 9-9", "a position needs a 'hands' section"),
        ("shuffler=1 | layout 9-9 | hands 2-2 / 7-0", "2 hands for a 3-player game"),
        ("shuffler=1 | layout 9-9 | hands 2-2 / 9-9 / 3-3", "9-9 is named 2 times; the set has it once"),
        ("shuffler=1 | layout 9-9 | hands S S S / S S / 3-3", "S is named 5 times; the set has it 4 times"),
        ("shuffler=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3 | pile 9-8", r"55 tile\(s\) are nowhere \(write 'pile \*'"),
        ("shuffler=1 | layout 8-8 | hands 2-2 / 7-0 / 3-3", "this hand's centre is 9-9, not 8-8"),
        ("shuffler=1 | layout 9-9 5-3@e0 | hands 2-2 / 7-0 / 3-3", "'5-3@e0' is not a legal play: 5-3 has no 9"),
        ("shuffler=1 | layout 9-9 S-3@e0 | hands 2-2 / 7-0 / 3-3", "'S-3@e0' is not a legal play: no wildstar"),
        (
            "shuffler=1 | layout 9-9 9-4@e0 4-2@e1 | hands 2-2 / 7-0 / 3-3",
            r"'4-2@e1' is not a legal play: the first five plays go around the centre \(e0\)",
        ),
        (f"shuffler=1 | layout {FIVE} S-3@e2 | hands 2-2 / 7-0 / 3-3", "may not be declared 3-3"),
        (f"shuffler=1 | layout {FIVE} 5-1@e9 | hands 2-2 / 7-0 / 3-3", "there is no open end e9"),
        ("shuffler=1 | layout 9-9 draw | hands 2-2 / 7-0 / 3-3", "layout entry 'draw' is not a play like 4-6@e3"),
        ("shuffler=1 | table 9-9 | hands 2-2 / 7-0 / 3-3", "unknown section 'table'"),
        ("phase=play | layout | hands 2-2 / 7-0 / 3-3", r"the layout is empty: write the centre double \(9-9\) first"),
        ("phase=deal | layout 9-9 | hands - / - / -", "phase=deal is before the centre double is set"),
        ("phase=afterdraw | layout 9-9 | hands 2-2 / 7-0 / 3-3", "phase=afterdraw goes with drawn=TILE, and only then"),
        ("turn=2 drawn=6-0 phase=afterdraw | layout 9-9 | hands 6-0 / 7-0 / 3-3", "6-0 is not in seat 2's hand"),
        ("phase=firstdouble | layout | hands 9-9 / 7-0 / 3-3", "phase=firstdouble: 9-9 must still be in the pile"),
        ("sheet=1,2 | layout 8-8 | hands 2-2 / 7-0 / 3-3", "sheet row '1,2' needs 3 scores"),
        ("sheet=1,-2,3 | layout 8-8 | hands 2-2 / 7-0 / 3-3", "whole numbers"),
        ("phase=over | layout 9-9 | hands 2-2 / 7-0 / 3-3", "phase=over needs a score sheet of all 10 hands, not 0"),
        ("lacked=2-57 | layout 9-9 | hands 2-2 / 7-0 / 3-3", "lacked='2-57': write SEAT:NUMBERS, like 2:57"),
        ("lacked=4:57 | layout 9-9 | hands 2-2 / 7-0 / 3-3", "lacked='4': seats are numbered 1 to 3"),
        ("shuffler=1 | layout 9-9 | hands 2-2 / 7-x / 3-3", "'7-x' is not a Wildstar tile"),
    ],
)
def test_a_bad_position_raises_a_notation_error_naming_the_first_fault(text, message):
    with pytest.raises(NotationError, match=message):
        make_game("wildstar", {"players": 3}).state_from_notation(text)


def test_a_chance_phase_needs_a_pile_to_draw_from():
    """phase=draw is a tile about to come from the pile: an empty pile has none."""
    with pytest.raises(NotationError, match="phase=draw needs tiles in the pile"):
        position("phase=draw | layout 9-9 | hands 2-2 / 7-0 / * | pile -")


def test_a_full_score_sheet_means_the_game_is_over():
    """D-WS-6: ten rows on the sheet are a finished game; a game still in play has fewer."""
    sheet = ";".join(["1,2,3"] * 10)
    with pytest.raises(NotationError, match="the score sheet has 10 hands: the game of 10 hands is over"):
        make_game("wildstar", {"players": 3}).state_from_notation(f"sheet={sheet} | layout 0-0 | hands 2-2 / 7-0 / 3-3")


def test_a_drawn_tile_is_written_as_the_tile():
    """docs/notation.md: a chance outcome is the tile drawn: "5-3", "S", "SS"."""
    state = position(f"shuffler=1 turn=2 | layout {FIVE} | hands 2-2 / 7-1 5-2 / 7-7 | pile *")
    play(state, "draw")
    assert state.outcome_notation(tile("5-3")) == "5-3"
    assert state.outcome_notation(tile("S")) == "S"
    assert state.parse_outcome("3-5") == tile("5-3")
    assert state.parse_outcome(" ss ") == tile("SS")
    with pytest.raises(NotationError, match="'3-x' is not a Wildstar tile"):
        state.parse_outcome("3-x")


def test_a_record_holds_every_decision_and_chance_outcome_and_replays():
    """src/gamenight/engine/record.py: format, game, options, seats, seed, start, steps, result."""
    game = make_game("wildstar", {"players": 3, "hands": 1})
    record = Match(game, [RandomBot(), RandomBot(), RandomBot()], seed=7).run()
    data = json.loads(record.dumps())
    assert list(data) == ["format", "game", "options", "seats", "seed", "start", "steps", "result"]
    assert data["options"] == {
        "players": 3,
        "partners": False,
        "hands": 1,
        "doubles_branch": False,
        "winner_leads_after_set": True,
        "winner_collects": False,
    }
    assert [seat for seat, _ in data["steps"][:30]] == [-1] * 30  # the deal: 3 x 10 tiles
    assert all(seat in (-1, 0, 1, 2) for seat, _ in data["steps"])
    assert replay(Record.from_json(data)).scores() == data["result"]


def test_the_draw_pile_has_no_order_so_the_order_it_is_written_in_does_not_matter():
    """R-WS: the tiles are shuffled "facedown": a draw is any unseen tile, so two positions
    whose piles are written in different orders are the same position."""
    text = f"shuffler=1 turn=2 | layout {FIVE} | hands 2-2 / 7-1 5-2 / 7-7 | pile "
    in_order = position(text + "*")
    backwards = " ".join(reversed(in_order.notation().split("| pile ")[1].split()))
    reversed_pile = position(text + backwards)
    assert reversed_pile.notation() == in_order.notation()
    play(in_order, "draw")
    play(reversed_pile, "draw")
    assert list(reversed_pile.chance_outcomes()) == list(in_order.chance_outcomes())


def test_every_example_in_the_wildstar_notation_section_parses():
    """docs/notation.md: every line of its `wildstar-position` and `wildstar-moves` blocks is
    valid notation, and each position reads back to the same text. A position has as many
    players as hands; a block marked `partners` is a team game."""
    doc = (Path(__file__).parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```wildstar-(position|moves)( partners)?\n(.*?)```", doc, re.DOTALL)
    assert {kind for kind, _, _ in blocks} == {"position", "moves"}
    anywhere = position(ANYWHERE)
    for kind, partners, body in blocks:
        for line in body.strip().splitlines():
            if kind == "moves":
                anywhere.parse_move(line)
                continue
            state = position(line, partners=bool(partners))
            assert position(state.notation(), partners=bool(partners)).notation() == state.notation()


# -- a position must be one some game reaches (issue 17) ---------------------------------------


def refused(text: str, message: str, **options: object) -> None:
    """The position is refused with a NotationError naming the fault."""
    with pytest.raises(NotationError, match=message):
        position(text, **options)


def test_a_section_given_twice_is_refused_not_overridden():
    refused("shuffler=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3 | pile * | pile *", "section pile is given twice")


def test_a_position_with_a_seat_holding_no_tile_in_play_is_refused():
    """R-WS: "The first player to play all his or her dominoes is the winner of the hand" --
    the hand is over, whether that seat is to act or not."""
    refused("turn=2 | layout 9-9 | hands 2-2 / - / 3-3", "seat 2 holds no tile: it has gone out, so the hand is over")
    refused("turn=1 | layout 9-9 | hands 2-2 / - / 3-3", "seat 2 holds no tile: it has gone out")


def test_a_seat_holding_only_the_tile_it_drew_is_refused():
    """R-WS: "If a player cannot make a play ..., he must draw" -- holding a tile, or it would have gone out."""
    refused(
        "turn=2 phase=afterdraw drawn=6-0 | layout 9-9 | hands 2-2 / 6-0 / 3-3",
        "seat 2 holds only the tile it drew: with none before, it had gone out",
    )


def test_the_draw_for_the_hands_double_goes_round_one_tile_each_from_the_shuffler():
    """R-WS: the shuffler "draws a domino from the pile. If the shuffler does not draw the
    correct double then the drawing continues around the table"."""
    ten = " / ".join(
        [
            "8-0 8-1 8-2 8-3 8-4 8-5 8-6 8-7 7-0 7-1",
            "6-0 6-1 6-2 6-3 6-4 6-5 5-0 5-1 5-2 5-3",
            "4-0 4-1 4-2 4-3 3-0 3-1 3-2 2-0 2-1 1-0",
        ]
    )
    position(f"shuffler=3 turn=1 phase=firstdouble | layout | hands {ten} 7-2")  # seat 3 drew 7-2
    refused(f"shuffler=3 turn=2 phase=firstdouble | layout | hands {ten} 7-2", "it is seat 1's turn")
    refused(f"shuffler=2 turn=3 phase=firstdouble | layout | hands {ten} 7-2", "seat 2 holds 11, not 10")
    refused("phase=firstdouble | layout | hands 2-2 / 7-0 / 3-3", "phase=firstdouble comes after the deal, of 10 each")


def test_nobody_lacks_a_number_before_the_hand_is_played():
    refused("lacked=1:5 phase=deal | layout | hands - / - / -", "phase=deal: nobody has played yet")


def test_a_finished_game_is_a_position_too_but_only_as_a_hand_ends():
    """R-WS: who goes out scores 0 and the others add their counts; a game of one hand
    (D-WS-6) is over after it."""
    over = "phase=over sheet=0,4,6 | layout 9-9 9-4@e0 | hands - / 2-2 / 3-3"
    assert position(over, hands=1).is_over()
    refused(over.replace("0,4,6", "0,0,0"), "the last hand scores what the hands hold, 0,4,6, not 0,0,0", hands=1)
    refused(over.replace("/ 2-2 /", "/ - /"), "seats 1 and 2 hold no tile; one goes out", hands=1)
    refused(over.replace("hands -", "hands 5-5"), "nobody has gone out and the hand is not blocked", hands=1)


# -- apply() and apply_chance() are given moves and outcomes, or refuse (issue 17, defect 10) ----


@pytest.mark.parametrize("value", ["draw", None, 3, (0,), Move(PLAY, 999, 0, 0), Move(7), Move("x")])
def test_a_value_that_is_not_a_move_is_refused_as_an_illegal_move_and_changes_nothing(value):
    """The architecture's apply(): "rejects an illegal move with IllegalMoveError that says why"
    -- a string, None, a tuple or a tile the set has not got is no move at all."""
    state = position("shuffler=1 | layout 9-9 | hands 9-8 2-2 / 7-0 6-0 / 3-3 4-4 | pile *")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="is not a Wildstar move"):
        state.apply(value)
    assert state.notation() == before


def test_a_plain_tuple_equal_to_a_legal_play_is_not_a_move():
    state = position("shuffler=1 | layout 9-9 | hands 9-8 2-2 / 7-0 6-0 / 3-3 4-4 | pile *")
    legal = state.parse_move("9-8@e0")
    assert legal in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="is not a Wildstar move"):
        state.apply(tuple(legal))


@pytest.mark.parametrize("value", ["5-3", None, True, 3.0])
def test_a_value_that_is_not_a_chance_outcome_is_refused_and_changes_nothing(value):
    """A draw is a tile from the pile (docs/notation.md): a string or a bool is no draw (True
    would have drawn the tile numbered 1)."""
    state = position("shuffler=1 | layout 9-9 | hands 8-5 2-2 / 7-0 6-0 / 3-3 4-4 | pile *")
    play(state, "draw")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="is not a chance outcome"):
        state.apply_chance(value)
    assert state.notation() == before


BIG = "1" * 5000  # past the 4,300 digits int() reads


@pytest.mark.parametrize(
    "text",
    [
        f"sheet={BIG},0 | layout | hands - / - | pile *",
        f"lacked={BIG}:5 | layout | hands - / - | pile *",
        f"shuffler={BIG} | layout | hands - / - | pile *",
    ],
)
def test_a_number_longer_than_any_notation_writes_is_a_notation_error(text):
    """Issue 29: scores and end ids of 5,000 digits raised a ValueError from int()."""
    game = make_game("wildstar", {"players": 2})
    with pytest.raises(NotationError, match="a number of 5000 digits: no number in notation has more than 30"):
        game.state_from_notation(text)
    for move in (f"4-6@e{BIG}", f"S-7@e{BIG}"):
        with pytest.raises(NotationError, match="a number of 5000 digits"):
            game.new_state().parse_move(move)
