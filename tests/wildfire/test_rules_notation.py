"""Move, position and chance notation (docs/notation.md), and what bad text is told."""

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
from gamenight.games.wildfire.moves import PLAY, Move

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
        ("5-3", "says the tile but not where it goes: add the open end, as in 5-3@e2"),
        ("W-3", "says the tile but not where it goes: add the open end, as in W-3@e2 .the W against end e2."),
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


@pytest.mark.parametrize(
    "text",
    [
        "dealer=2 turn=3 phase=afterdraw drawn=6-0 knocked=1 sheet=1,2,3;4,5,6 "
        "| layout 9-9 9-5@e0 | hands 2-2 / 7-0 / 3-3 6-0 | pile *",
        "dealer=1 turn=2 phase=penalty penalty=2 | layout 9-9 9-5@e0 | hands 2-2 7-7 / 8-0 / 4-4 3-3 | pile *",
        "dealer=1 turn=3 phase=play loses_turn=2 | layout 9-9 9-5@e0 | hands 2-2 7-7 / 8-0 / * | pile -",
    ],
)
def test_every_header_field_reads_back(text):
    """knocked, drawn and a sheet of several rounds; penalty and loses_turn, which only the
    knock penalty sets (D-WF-8)."""
    state = position(text, knock_penalty=True)
    assert position(state.notation(), knock_penalty=True).notation() == state.notation()
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
            else:  # under the knock penalty, which the examples of penalty= need (D-WF-8)
                text = position(line, knock_penalty=True).notation()
                assert position(text, knock_penalty=True).notation() == text


# -- a position must be one some game reaches (issue 17) ---------------------------------------


def refused(text: str, message: str, **options: object) -> None:
    """The position is refused with a NotationError naming the fault."""
    with pytest.raises(NotationError, match=message):
        position(text, **options)


def test_a_section_or_header_field_given_twice_is_refused_not_overridden():
    refused("dealer=1 | layout 9-9 | hands 2-2 / 7-0 / 3-3 | hands 2-2 / 3-3 / 7-0", "section hands is given twice")
    refused("turn=1 turn=2 | layout 9-9 | hands 2-2 / 7-0 / 3-3", "header field turn= is given twice")


def test_a_deal_goes_one_tile_at_a_time_from_the_dealers_left():
    """R-WF SET-UP: the dealer "deals seven dominoes to each player", one at a time."""
    position("dealer=1 phase=deal | layout | hands - / 5-3 / - | pile *")
    refused("dealer=1 phase=deal | layout | hands 5-3 / - / - | pile *", "seat 1 holds 0, not 1")
    refused("dealer=1 phase=deal | layout | hands - / 5-3 4-3 / - | pile *", "seat 2 holds 1, not 2")


def test_a_deal_is_over_once_every_player_holds_seven():
    refused(
        "dealer=1 phase=deal | layout | hands 9-8 9-7 9-6 9-5 9-4 9-3 9-2 / 8-7 8-6 8-5 8-4 8-3 8-2 8-0 | pile *",
        "phase=deal: the deal is over once every player holds 7",
    )


def test_the_draw_for_a_first_double_keeps_hands_equal_and_double_free():
    """D-WF-7: nobody holds a double after the deal, and each player draws one a pass, from
    the dealer's left, until a double turns up."""
    seven = "9-8 9-7 9-6 9-5 9-4 9-3 9-2 / 8-7 8-6 8-5 8-4 8-3 8-2 8-0"
    position(f"dealer=1 turn=1 phase=firstdouble | layout | hands {seven} 9-9 | pile *")  # seat 2 drew 9-9
    refused(f"dealer=1 turn=2 phase=firstdouble | layout | hands {seven} 7-6 | pile *", "seat 1 holds 8, not 7")
    refused(f"dealer=1 turn=2 phase=firstdouble | layout | hands 2-2 {seven} | pile *", "seat 1 holds 7, not 8")
    refused(
        f"dealer=1 turn=2 phase=firstdouble | layout | hands {seven.replace('9-2', '2-2')} | pile *",
        "seat 1 holds 2-2, so the highest double would have started play",
    )


def test_a_position_with_a_seat_holding_no_tile_in_play_is_refused():
    """R-WF: "The round ends when a player plays his last domino" -- the seat to act included."""
    refused("turn=2 | layout 9-9 | hands 2-2 / - / 3-3 | pile *", "seat 2 holds no tile: it has gone out")
    refused("turn=1 | layout 9-9 | hands 2-2 / - / 3-3 | pile *", "seat 2 holds no tile: it has gone out")


def test_a_seat_holding_only_the_tile_it_drew_is_refused():
    """R-WF: a player draws "If a player cannot play" -- holding a tile, or it would have gone out."""
    refused(
        "turn=2 phase=afterdraw drawn=6-0 | layout 9-9 | hands 2-2 / 6-0 / 3-3",
        "seat 2 holds only the tile it drew: with none before, it had gone out",
    )


def test_a_game_in_play_whose_sheet_reached_the_target_or_the_rounds_is_refused():
    """R-WF THE WINNER: "At the end of a round, if one player has 300 or more points, then
    the game is over"; a Shorter Game ends after its rounds."""
    refused("sheet=300,0,0 | layout 9-9 | hands 2-2 / 7-0 / 3-3", "the score sheet has ended the game")
    refused("sheet=1,2,3;4,5,6 | layout 9-9 | hands 2-2 / 7-0 / 3-3", "the score sheet has ended the game", rounds=2)
    refused("sheet=300,0,0;1,2,3 | layout 9-9 | hands 2-2 / 7-0 / 3-3", "goes on after a round that ended the game")


def test_a_knock_by_a_seat_holding_two_or_three_tiles_is_refused():
    """R-WF: "When a player is down to one domino, they must knock"; a draw undoes it."""
    refused("knocked=1 | layout 9-9 | hands 2-2 4-4 / 7-0 / 3-3", "knocked=1: seat 1 holds 2 tiles; one knocks on one")
    refused("knocked=3 | layout 9-9 | hands 2-2 / 7-0 / 3-3 4-4 6-0", "knocked=3: seat 3 holds 3 tiles")


def test_penalty_and_loses_turn_come_only_from_the_knock_penalty():
    """D-WF-8: only the knock penalty makes a seat that did not knock draw or lose a turn."""
    penalty = "turn=2 phase=penalty penalty=2 | layout 9-9 9-5@e0 | hands 2-2 7-7 / 8-0 / 4-4 3-3 | pile *"
    position(penalty, knock_penalty=True)
    refused(penalty, "penalty=2: only the knock penalty makes a seat draw")
    refused(penalty.replace("8-0", "8-0 6-0"), "penalty=2: only the knock penalty", knock_penalty=True)
    loses = "turn=3 loses_turn=2 | layout 9-9 9-5@e0 | hands 2-2 7-7 / 8-0 / * | pile -"
    position(loses, knock_penalty=True)
    refused(loses, "loses_turn=2: only the knock penalty takes a turn")
    refused(loses.replace("| pile -", "| pile 6-0"), "loses_turn=2", knock_penalty=True)


def test_a_tile_a_seat_showed_it_lacks_is_not_in_its_hand():
    """A seat that draws holds nothing that fitted then (docs/notation.md, absent)."""
    refused("| layout 9-9 | hands 2-2 / 7-0 / 3-3 | absent - / 7-0 / -", "seat 2 holds 7-0, which it showed it lacks")


def test_a_finished_game_is_a_position_too_but_only_as_a_round_ends():
    """R-WF SCORING: who goes out scores 0 and the others count their hands; the game is
    over only once the sheet reaches the target."""
    over = "dealer=1 turn=1 phase=over sheet=100,290,100;0,16,4 | layout 9-9 9-5@e0 5-W@e1:? | hands - / 8-8 / 2-2"
    assert position(over).is_over()
    refused(over.replace("0,16,4", "0,16,5"), "the last round scores what the hands hold, 0,16,4, not 0,16,5")
    refused(over.replace("290", "190"), "phase=over: the score sheet has not ended the game")
    refused(over.replace("hands - / 8-8", "hands 6-3 / 8-8"), "nobody has gone out and the round is not blocked")
    refused("phase=over sheet=300,0,0 | layout | hands - / - / -", "a round ends with a play")


# -- apply() and apply_chance() are given moves and outcomes, or refuse (issue 17, defect 10) ----


@pytest.mark.parametrize("value", ["draw", None, 3, (0,), Move(PLAY, 999, 9, 0), Move(7), Move(PLAY, 8, "9", 0)])
def test_a_value_that_is_not_a_move_is_refused_as_an_illegal_move_and_changes_nothing(value):
    """The architecture's apply(): "rejects an illegal move with IllegalMoveError that says why"
    -- a string, None, a tuple or a tile the set has not got is no move at all."""
    state = position("dealer=1 | layout 9-9 | hands 9-8 2-2 / 7-0 6-0 / 3-3 4-4 | pile *")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="is not a Wildfire move"):
        state.apply(value)
    assert state.notation() == before


def test_a_plain_tuple_equal_to_a_legal_play_is_not_a_move():
    state = position("dealer=1 | layout 9-9 | hands 9-8 2-2 / 7-0 6-0 / 3-3 4-4 | pile *")
    legal = state.parse_move("9-8@e0")
    assert legal in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="is not a Wildfire move"):
        state.apply(tuple(legal))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("5-3", "is not a chance outcome"),
        (True, "is not a chance outcome"),
        (3.0, "is not a chance outcome"),
        (999, "999 is not in the draw pile"),
    ],
)
def test_a_value_that_is_not_a_chance_outcome_is_refused_and_changes_nothing(value, message):
    """A draw is a tile from the pile (docs/notation.md): a string, a bool or a tile the set has
    not got is no draw."""
    state = position("dealer=1 | layout 9-9 | hands 8-5 2-2 / 7-0 6-0 / 3-3 4-4 | pile *")
    play(state, "draw")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match=message):
        state.apply_chance(value)
    assert state.notation() == before


BIG = "1" * 5000  # past the 4,300 digits int() reads


@pytest.mark.parametrize(
    "text",
    [
        f"sheet={BIG},0 | layout | hands - / - | pile *",
        f"sheet=0,{BIG} | layout | hands - / - | pile *",
        f"turn=1 | layout 9-9 9-5@e{BIG} | hands 2-2 / 7-0 | pile *",
        f"turn={BIG} | layout | hands - / - | pile *",
    ],
)
def test_a_number_longer_than_any_notation_writes_is_a_notation_error(text):
    """Issue 29: scores and end ids of 5,000 digits raised a ValueError from int()."""
    game = make_game("wildfire", {"players": 2})
    with pytest.raises(NotationError, match="a number of 5000 digits: no number in notation has more than 30"):
        game.state_from_notation(text)
    for move in (f"5-3@e{BIG}", f"hub {BIG}"):
        with pytest.raises(NotationError, match="a number of 5000 digits"):
            game.new_state().parse_move(move)


@pytest.mark.parametrize("burns_out", [False, True])
def test_the_layout_is_written_the_same_whether_its_tiles_were_written_before_or_not(burns_out: bool) -> None:
    """A view writes only the tiles laid since it last wrote the layout (`Layout.entries`,
    shared by clones); an obligation's hub number and closing mark, which change after it
    is laid, are written anew each time. At every step of random games, and on a clone kept
    from earlier, the layout reads as a layout never written before reads."""
    from gamenight.games.wildfire.layout import Layout
    from gamenight.games.wildfire.notation import layout_entries

    def afresh(layout: Layout) -> list[str]:  # a clone that has written nothing
        fresh = layout.clone()
        fresh.entries, fresh.obligations = (), ()
        return layout_entries(fresh)

    game = make_game("wildfire", {"players": 3, "obligation_burns_out": burns_out})
    marks: set[object] = set()
    for seed in range(6):
        kept: list[tuple[Layout, list[str]]] = []
        match = Match(game, [RandomBot() for _ in range(3)], seed)
        while (event := match.step()) is not None:
            layout = event.state.layout
            written = layout_entries(layout)
            assert written == afresh(layout)
            marks.update(entry[entry.index("@") :].count(":") for entry in written[1:])
            marks.update("x" for entry in written if entry.endswith("x"))
            if len(layout.tiles) % 7 == 3:
                kept.append((layout.clone(), written))
        for clone, then in kept:
            assert layout_entries(clone) == then == afresh(clone)
    assert 1 in marks  # obligations were written
    assert ("x" in marks) == burns_out
