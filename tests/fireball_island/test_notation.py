"""Fireball Island's notation (docs/notation.md, Fireball Island): moves, chance outcomes and
positions read back exactly, and bad text gets a NotationError that names the fault.

Positions here are written in full (no helper fills anything in), so what is tested is the
notation itself. The examples come from seeded games between random players.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.bots.basic import RandomBot
from gamenight.engine.errors import IllegalMoveError, NotationError
from gamenight.engine.match import Match
from gamenight.engine.protocol import CHANCE
from gamenight.engine.record import Record, replay
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island.moves import GO, Move
from gamenight.games.fireball_island.notation import TASK_ARGS
from gamenight.games.fireball_island.state import FireballIslandState
from gamenight.games.fireball_island.tasks import RECORDS

from ..helpers import random_playout

DOC = Path(__file__).parents[2] / "docs" / "notation.md"

# Real positions (seeded random games), named for what they show.
PRE = (  # 3 players: seat 3's window before the roll asks seat 2 (seats 3 and 1 hold no card)
    "turn=3 turns=6 first=6,1,4 | pieces WT2 WT12 WT7 | jewel VKP | tokens 0 0 0 "
    "| hands - / MAGIC_TALISMAN / - | discard FIREBALL REROLL | pile * | tasks end window:end:0 pushes act window:pre:2"
)
DEAL = (
    "turn=1 | pieces DMP DMP DMP | jewel VKP | tokens 0 0 0 | hands CANCEL / FIREBALL / - | discard - "
    "| pile * | tasks first:1+2+3 draw:3:1"
)
FIRST = (
    "turn=1 first=1,0,0 | pieces DMP DMP DMP | jewel VKP | tokens 0 0 0 | hands CANCEL / FIREBALL / REROLL "
    "| discard - | pile * | tasks first:1+2+3"
)
WALK = (  # seat 2 rolled a 6 and walks out of pit A: DMP, WT10 or CAVE1
    "turn=2 turns=9 roll=6 rolling=move first=4,1,5 | pieces PIT_A PIT_A WT5 | jewel VKP | tokens 0 0 0 "
    "| hands - / FAKE_JEWEL / FAKE_JEWEL | discard MOVE_AHEAD_6 | pile * | tasks end window:end:0 pushes path:2:6:2"
)
REROLL_CHAIN = (  # seat 3 played REROLL on its roll; seat 1 may CANCEL it
    "turn=3 turns=1 roll=4 rolling=move first=1,1,3 | pieces DMP DMP DMP | jewel VKP | tokens 0 0 0 "
    "| hands CANCEL / FIREBALL / - | discard REROLL | pile * "
    "| tasks end window:end:0 pushes rolled:move window:post:0 chain:REROLL:3:-:0:3:0"
)
AIMING = (  # seat 1 rolled a 1: A-1 is the only rollway with an opponent on it
    "turn=1 turns=5 roll=1 rolling=move first=1,1,3 | pieces WT6 WT2 PIT_A | jewel VKP | tokens 0 0 0 "
    "| hands - / - / - | discard CANCEL FIREBALL REROLL | pile * | tasks end window:end:0 pushes fireball:1:die"
)
HITS = (  # 2 players: Fireball A rolls down A-2, where both pieces stand
    "turn=1 turns=3 roll=1 rolling=move aim=A-2 first=4,1 | pieces WT4 WT5 | jewel VKP | tokens 0 0 "
    "| hands REROLL / - | discard MOVE_AHEAD_4 | pile * | tasks end window:end:0 pushes hits:1:die"
)
TAKE = (  # 4 players: seat 2 takes a card at random from seat 3
    "turn=2 turns=1 first=4,5,2,1 | pieces DMP DMP DMP DMP | jewel VKP | tokens 0 0 0 0 "
    "| hands REROLL / - / MOVE_BACK_3 / REROLL | discard TAKE_1_CARD | pile * "
    "| tasks end window:end:0 pushes act window:pre:0 take:2:3"
)
STEAL = (  # 4 players: seat 4, walking from BR8, passes seat 1 (the jewel's owner) on BR6
    "turn=4 turns=97 roll=3 rolling=move first=4,3,5,2 | pieces BR6 TA1 SB1 BR6 | jewel P1 | tokens 0 0 0 0 "
    "| hands FAKE_JEWEL TAKE_1_CARD / - / - / - | discard CANCEL DOUBLE_NEXT_ROLL FIREBALL FIREBALL MOVE_AHEAD_4 "
    "MOVE_AHEAD_4 MOVE_AHEAD_6 MOVE_BACK_2 MOVE_BACK_2 MOVE_BACK_2 MOVE_BACK_3 REROLL | pile * "
    "| tasks end window:end:0 pushes walk:4:BR5:go snatch:1:4 steal:1:4"
)
IN_CAVE = (
    "turn=1 turns=14 first=1,1,3 | pieces CAVE2 WT7 WT1 | jewel VKP | tokens 0 0 0 | hands - / - / - "
    "| discard CANCEL FIREBALL REROLL | pile * | tasks end window:end:0 pushes act window:pre:0 declare"
)


def game(players: int, **options: Any) -> Any:
    return make_game("fireball-island", {"players": players, **options})


def position(text: str, **options: Any) -> FireballIslandState:
    """The position as written; as many players as pieces."""
    pieces = text.split("| pieces", 1)[1].split("|", 1)[0].split()
    state = game(len(pieces), **options).state_from_notation(text)
    assert isinstance(state, FireballIslandState)
    return state


def moves(state: FireballIslandState) -> list[str]:
    return [state.move_notation(m) for m in state.legal_moves()]


def outcomes(state: FireballIslandState) -> list[str]:
    return [state.outcome_notation(o) for o, _ in state.chance_outcomes()]


def fireball_island_part() -> str:
    doc = DOC.read_text(encoding="utf-8")
    return doc[doc.index("# Notation: Fireball Island") :]


# -- the examples in docs/notation.md ---------------------------------------------------------


def test_every_example_in_the_fireball_island_notation_section_parses():
    """docs/notation.md: every line of its `fireball-island-position` and `fireball-island-moves`
    blocks is valid notation, and each position is written back exactly as it stands there.
    A position has as many players as pieces; `key=value` words after the block's name are
    the game's options."""
    blocks = re.findall(r"```fireball-island-(position|moves)([^\n]*)\n(.*?)```", DOC.read_text("utf-8"), re.DOTALL)
    assert {kind for kind, _, _ in blocks} == {"position", "moves"}
    anywhere = game(4).new_state()
    positions = 0
    for kind, words, body in blocks:
        options = {k: int(v) if v.isdigit() else v for k, _, v in (w.partition("=") for w in words.split())}
        for line in body.strip().splitlines():
            if kind == "moves":
                assert isinstance(anywhere.parse_move(line), Move)
                continue
            state = position(line, **options)
            assert state.notation() == line
            positions += 1
    assert positions >= 15


def test_the_docs_describe_every_task_and_header_field():
    """The task list names every task of TASK_ARGS with its number of values, and the header
    table every field the notation writes."""
    part = fireball_island_part()
    tasks = part[part.index("### The task list") : part.index("### Checks")]
    for name, args in TASK_ARGS.items():
        row = re.search(rf"^\| `{name}(:[^`]*)?` \|", tasks, re.MULTILINE)
        assert row, f"no row for task {name}"
        assert len((row.group(1) or "").split(":")[1:]) == len(args), name
    header = "turn turns extra roll ahead rolling declared aim doubled was_doubled reroll another stopped blocked"
    for field in [*header.split(), "first", "pushes", "winner"]:
        assert f"`{field}`" in part, field


def test_every_task_is_a_named_record_written_field_by_field():
    """Each task word has a record whose fields after `step` are the values written after it,
    in order; a position read back holds those records, equal to what was written."""
    assert set(RECORDS) == set(TASK_ARGS)
    for name, record in RECORDS.items():
        assert record._fields[0] == "step" and len(record._fields) - 1 == len(TASK_ARGS[name]), name
    state = position(
        "turn=1 turns=9 | pieces TA5 WT3 | jewel VKP | tokens 0 0 | hands CANCEL / - | discard MOVE_BACK_3 | pile *"
        " | tasks end window:end:0 pushes act window:pre:1 chain:MOVE_BACK_3:2:-:0:2:0"
    )
    chain = state.tasks[-1]
    assert type(chain) is RECORDS["chain"]
    assert chain._asdict() == {
        "step": "chain", "card": "MOVE_BACK_3", "player": 1, "target": -1, "cancels": 0, "last": 1, "asked": 0
    }  # fmt: skip


# -- moves ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("pass", "pass"),
        ("Pass", "pass"),
        ("roll", "pass"),
        ("  ROLL ", "pass"),
        ("FIREBALL", "FIREBALL"),
        ("fireball", "FIREBALL"),
        ("move_back_2", "MOVE_BACK_2"),
        ("MOVE-AHEAD-4", "MOVE_AHEAD_4"),
        ("take_1_card@3", "TAKE_1_CARD@3"),
        ("TAKE-1-CARD@4", "TAKE_1_CARD@4"),
        ("trade", "trade"),
        ("TRADE", "trade"),
        ("Cave", "cave"),
        ("EXIT", "exit"),
        ("V-chute", "V-chute"),
        ("v-CHUTE", "V-chute"),
        ("a-1", "A-1"),
        ("d-3", "D-3"),
    ],
)
def test_moves_are_read_in_any_case_and_written_one_way(text, written):
    """docs/notation.md, Moves: `roll` is `pass`; card keys in any case, with '-' for '_';
    TAKE 1 CARD names its opponent after '@'; rollway ids in any case."""
    state = game(4).new_state()
    assert state.move_notation(state.parse_move(text)) == written


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("DMP", "DMP"),
        ("dmp", "DMP"),
        (" wt10 ", "WT10"),
        ("CAVE1", "CAVE1"),
        ("WT5>WT4>WT3>WT2>WT1>DMP", "DMP"),
        ("wt5>wt6>wt7>wt8>wt9>cave1", "CAVE1"),
    ],
)
def test_a_walk_is_written_as_the_space_it_ends_on_and_read_whole_too(text, written):
    """Seat 2 walks a roll of 6 from pit A: each walk is written as its end, and the whole
    walk (every space entered, split by '>') is read as the same move."""
    state = position(WALK)
    assert moves(state) == ["DMP", "WT10", "CAVE1"]
    move = state.parse_move(text)
    assert move in state.legal_moves()
    assert state.move_notation(move) == written


def test_when_two_walks_end_on_one_space_each_is_written_whole_and_the_bare_end_is_refused():
    """state.move_notation/parse_move: should two walks that differ on the way end on one
    space, the end alone does not say which. This board's trails never offer that, so the
    two walks stand in for the legal moves here (a private cache, set for the test)."""
    state = position(WALK)
    one, other = Move(GO, path=("WT5", "WT6", "WT7")), Move(GO, path=("WT5", "WS", "WT7"))
    state._legal = [one, other]
    assert [state.move_notation(m) for m in (one, other)] == ["WT5>WT6>WT7", "WT5>WS>WT7"]
    assert state.parse_move("wt5>ws>wt7") == other
    with pytest.raises(NotationError, match="several walks end on WT7: write the whole walk, one of WT5>WT6>WT7"):
        state.parse_move("WT7")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("   ", "empty move"),
        ("jump", "'jump' is not a Fireball Island move: write pass, roll, trade, cave, exit, a card"),
        ("FIREBALL!", "is not a Fireball Island move"),
        ("TAKE_1_CARD@9", "after .@. comes the seat the card is played against"),
        ("TAKE_1_CARD@0", "after .@. comes the seat the card is played against"),
        ("TAKE_1_CARD@²", "after .@. comes the seat the card is played against"),
        ("TAKE_1_CARD@", "after .@. comes the seat the card is played against"),
        ("MOVE_BACK_4", "is not a Fireball Island move"),
        ("XX9", "is not a Fireball Island move"),
        ("TA3>XX9", r"'XX9' is not a Fireball Island space \(ids like DMP"),
        ("TA3>", "is not a Fireball Island space"),
        ("Z-9", "is not a Fireball Island move"),
    ],
)
def test_text_that_is_not_a_move_raises_a_notation_error_saying_why(text, message):
    state = game(4).new_state()
    with pytest.raises(NotationError, match=message):
        state.parse_move(text)


def test_a_move_read_but_not_legal_is_refused_when_applied_and_changes_nothing():
    """Reading is not judging: `TA9` is a space, so it reads, and apply() refuses it."""
    state = position(WALK)
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="TA9 is not a walk of 6 spaces from PIT_A"):
        state.apply(state.parse_move("TA9"))
    assert state.notation() == before


# -- chance outcomes -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        (FIRST, ["1", "2", "3", "4", "5", "6"]),
        (TAKE, ["MOVE_BACK_3"]),
        (HITS, ["miss", "P1", "P2", "P1+P2"]),
        (DEAL, ["FIREBALL", "FAKE_JEWEL", "CANCEL", "MAGIC_TALISMAN", "REROLL", "TAKE_ANOTHER_TURN"]),
    ],
)
def test_each_chance_step_writes_its_outcomes_and_reads_them_back(text, written):
    """A die is its number, a card its key, the seats a Fireball hits P1+P2 or miss."""
    state = position(text)
    assert state.to_act() == CHANCE
    assert outcomes(state)[: len(written)] == written
    for o, _ in state.chance_outcomes():
        assert state.parse_outcome(state.outcome_notation(o)) == o
    assert position(HITS).parse_outcome("P1+P2") == 0b11


def test_a_drawn_card_is_written_as_its_key_and_read_in_any_case():
    state = position(DEAL)
    assert "REROLL" in outcomes(state)
    assert state.parse_outcome("reroll") == state.parse_outcome("REROLL")
    assert state.outcome_notation(state.parse_outcome("move-back-2")) == "MOVE_BACK_2"


def test_the_seats_hit_are_read_in_any_order_and_case_and_written_in_seat_order():
    state = position(HITS)
    assert state.outcome_notation(state.parse_outcome("p2+P1")) == "P1+P2"
    assert state.parse_outcome("MISS") == 0


@pytest.mark.parametrize(
    ("text", "said", "message"),
    [
        (FIRST, "7", r"'7' is not a roll of the die \(1 to 6\)"),
        (FIRST, "0", "is not a roll of the die"),
        (FIRST, "²", "is not a roll of the die"),
        (FIRST, "four", "is not a roll of the die"),
        (FIRST, "", "empty outcome"),
        (DEAL, "JOKER", "'JOKER' is not a Fireball Island card: write one of FIREBALL"),
        (DEAL, "4", "is not a Fireball Island card"),
        (HITS, "P3", "write the seats hit like P2\\+P3, or miss"),
        (HITS, "P2+", "write the seats hit like P2\\+P3, or miss"),
        (HITS, "P0", "write the seats hit like P2\\+P3, or miss"),
        (HITS, "P²", "write the seats hit like P2\\+P3, or miss"),
        (HITS, "2", "write the seats hit like P2\\+P3, or miss"),
        (WALK, "4", "no chance step is due"),
    ],
)
def test_text_that_is_not_an_outcome_raises_a_notation_error_saying_why(text, said, message):
    state = position(text)
    with pytest.raises(NotationError, match=message):
        state.parse_outcome(said)


def test_a_finished_game_has_no_outcome_to_read():
    state = position(
        "turn=1 turns=300 | pieces HR6 GSB5 | jewel P1 | tokens 0 0 | hands - / - | discard - | pile * | tasks -",
        turn_limit=300,
    )
    with pytest.raises(NotationError, match="the game is over"):
        state.parse_outcome("4")


# -- positions -----------------------------------------------------------------------------------


def test_a_position_reads_back_to_exactly_the_same_text():
    for text in (PRE, DEAL, FIRST, WALK, REROLL_CHAIN, AIMING, HITS, TAKE, STEAL, IN_CAVE):
        assert position(text).notation() == text


def test_the_token_traded_in_while_a_fireball_is_aimed_reads_back():
    """FI-25: the player whose turn it is trades its token in in any window of its turn, the
    talisman window included, so a draw may stand on window:talisman (a seeded game reached it)."""
    text = (
        "turn=2 turns=21 roll=5 rolling=move aim=B-2 first=2,6 | pieces WS WT15 | jewel VKP | tokens 2 2 "
        "| hands MAGIC_TALISMAN / - | discard FIREBALL FIREBALL MOVE_BACK_2 MOVE_BACK_3 REROLL TAKE_1_CARD "
        "| pile * | tasks end window:end:0 hits:2:card window:talisman:0 draw:2:4"
    )
    assert position(text).notation() == text


def test_a_new_game_is_written_with_only_the_fields_and_sections_it_needs():
    state = game(2).new_state()
    assert state.notation() == (
        "turn=1 | pieces DMP DMP | jewel VKP | tokens 0 0 | hands - / - | discard - | pile * "
        "| tasks first:1+2 draw:2:1 draw:1:1"
    )


def test_every_header_field_reads_back():
    """Fields in any order (keys in any case), written in one order; fields at their start value
    are left out."""
    fields = (
        "blocked=1 stopped=1 another=1 reroll=1 was_doubled=1 doubled=1 declared=exit rolling=cave "
        "ahead=5 ROLL=3 extra=2 turns=6 turn=3 first=6,1,4 pushes=1:2,2:3"
    )
    text = fields + " |" + PRE.split(" |", 1)[1]
    state = position(text)
    assert (state.extra, state.roll, state.ahead, state.rolling, state.declared) == (2, 3, 5, "cave", "exit")
    assert state.pushes == [(0, 2), (1, 3)]
    assert state.notation().split(" | ")[0] == (
        "turn=3 turns=6 extra=2 roll=3 ahead=5 rolling=cave declared=exit doubled=1 was_doubled=1 reroll=1 "
        "another=1 stopped=1 blocked=1 first=6,1,4 pushes=1:2,2:3"
    )
    quiet = position("doubled=0 extra=0 ahead=0 " + PRE)
    assert quiet.notation() == PRE


def test_aim_and_winner_read_back():
    assert "aim=A-2" in position(HITS).notation()
    won = position(
        "turn=2 turns=780 winner=2 | pieces TA11 DOCK BR2 | jewel P2 | tokens 2 2 2 | hands - / - / - "
        "| discard - | pile * | tasks -"
    )
    assert won.winners() == [1]
    assert won.returns() == [0.0, 1.0, 0.0]
    assert "winner=2" in won.notation()


def test_sections_are_read_in_any_order_and_case_and_written_in_one_form():
    """Space ids and card keys in any case, hands and discard in any order; the sections in
    any order; `jewel VKP`, `tokens 0 …` and `pile *` may be left out."""
    text = (
        "turn=3 turns=6 first=6,1,4 | tasks end window:end:0 pushes act window:pre:2 | hands - / magic_talisman / - "
        "| discard REROLL fireball | pieces wt2 WT12 wt7"
    )
    assert position(text).notation() == PRE


def test_the_pile_is_every_card_named_nowhere_else_and_a_written_pile_is_checked():
    state = position(PRE)
    assert state.pile.total() == 48 - 3
    listed = " ".join(c.key for c in sorted(state.pile.elements(), key=lambda c: c.key))
    assert position(PRE.replace("pile *", f"pile {listed}")).notation() == PRE


def test_a_hand_is_written_in_the_rulebooks_order():
    text = PRE.replace("hands - / MAGIC_TALISMAN / -", "hands DOUBLE_NEXT_ROLL MOVE_BACK_1 FIREBALL / - / -")
    text = text.replace("window:pre:2", "window:pre:1")
    assert "hands FIREBALL MOVE_BACK_1 DOUBLE_NEXT_ROLL / - / -" in position(text).notation()


def test_two_pieces_share_a_trail_space_only_while_a_steal_is_answered():
    """notation.py: a walk passing the jewel's owner stops on its space until the steal is
    answered (snatch:OWNER:MOVER in the stack); at no other time."""
    state = position(STEAL)
    assert state.pos[0] == state.pos[3] == "BR6"
    assert moves(state) == ["pass", "FAKE_JEWEL"]
    state.apply(state.parse_move("pass"))
    assert state.pos == ["BR6", "TA1", "SB1", "BR5"]
    assert state.owner == 3


def _replace(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # the header
        ("", "empty position"),
        (_replace(PRE, "turn=3", "colour=red turn=3"), r"unknown field\(s\) in the header: colour"),
        (_replace(PRE, "turn=3", "turn"), "header field 'turn' is not key=value"),
        (_replace(PRE, "turn=3", "turn=4"), "turn='4': seats are numbered 1 to 3"),
        (_replace(PRE, "turn=3", "turn=²"), "turn='²': seats are numbered 1 to 3"),
        (_replace(PRE, "turns=6", "turns=six"), "turns='six': write a whole number"),
        (_replace(PRE, "turns=6", "turns=²"), "turns='²': write a whole number"),
        (_replace(PRE, "turns=6", "turns=-6"), "turns='-6': write a whole number"),
        (_replace(PRE, "turns=6", "turns=6 rolling=fly"), "rolling='fly': write one of move, cave"),
        (_replace(PRE, "turns=6", "turns=6 declared=in"), "declared='in': write one of cave, exit"),
        (_replace(PRE, "turns=6", "turns=6 aim=Z-9"), "aim='Z-9' is not a rollway: one of V-chute"),
        (_replace(PRE, "turns=6", "turns=6 doubled=2"), r"doubled='2': a flag is 1 \(on\) or 0 \(off\)"),
        (_replace(PRE, "first=6,1,4", "first=6,1"), "first needs 3 values, one per seat, not 2"),
        (_replace(PRE, "first=6,1,4", "first=6,1,7"), r"first: '7' is not a roll of the die \(0 for not rolled"),
        (_replace(PRE, "first=6,1,4", "first=6,1,²"), "first: '²' is not a roll of the die"),
        (_replace(PRE, "turns=6", "turns=6 pushes=2-2"), "pushes: '2-2': write SEAT:SPACES for a MOVE BACK"),
        (_replace(PRE, "turns=6", "turns=6 pushes=2:4"), "pushes: '2:4': write SEAT:SPACES"),
        (_replace(PRE, "turns=6", "turns=6 pushes=²:1"), "pushes: '²:1': write SEAT:SPACES"),
        (_replace(PRE, "turns=6", "turns=6 pushes=5:1"), "pushes='5': seats are numbered 1 to 3"),
        (_replace(PRE, "turns=6", "turns=6 winner=4"), "winner='4': seats are numbered 1 to 3"),
        # sections
        (_replace(PRE, "| pile *", "| table * | pile *"), "unknown section 'table': the sections are pieces, jewel"),
        (_replace(PRE, "pieces WT2 WT12 WT7", "pieces WT2 WT12"), "pieces needs 3 spaces, one per seat, not 2"),
        (_replace(PRE, "pieces WT2 WT12 WT7", "pieces WT2 WT12 WT7 WT8"), "pieces needs 3 spaces, one per seat, not 4"),
        (_replace(PRE, "| pieces WT2 WT12 WT7 ", ""), "pieces needs 3 spaces, one per seat, not 0"),
        (_replace(PRE, "WT12", "WT2"), "pieces: two pieces on WT2; only the start, pits, water and Dock hold several"),
        (_replace(PRE, "WT12", "XX9"), r"'XX9' is not a Fireball Island space \(ids like DMP"),
        (_replace(PRE, "WT2 ", "WT2! "), r"pieces: 'WT2!': only a piece in a smolder pit lies down \('!'\)"),
        (_replace(PRE, "WT2 ", "WATER! "), r"pieces: 'WATER!': only a piece in a smolder pit lies down"),
        (_replace(PRE, "WT2 ", "CAVE3! "), r"pieces: 'CAVE3!': only a piece in a smolder pit lies down"),
        (_replace(PRE, "jewel VKP", "jewel TA3"), "jewel 'TA3': an unowned jewel lies by Vul-Kar"),
        (_replace(PRE, "jewel VKP", "jewel DOCK"), "jewel 'DOCK': an unowned jewel lies by Vul-Kar"),
        (_replace(PRE, "jewel VKP", "jewel P4"), "jewel='4': seats are numbered 1 to 3"),
        (_replace(PRE, "jewel VKP", "jewel P²"), r"'P²' is not a Fireball Island space"),
        (_replace(PRE, "tokens 0 0 0", "tokens 0 0"), "tokens needs 3 values, one per seat, not 2"),
        (_replace(PRE, "tokens 0 0 0", "tokens 0 3 0"), r"tokens: '3': write 0 \(not collected\), 1 \(held\)"),
        (_replace(PRE, "tokens 0 0 0", "tokens 0 ² 0"), "tokens: '²': write 0"),
        (_replace(PRE, "tokens 0 0 0", "tokens 0,0,0"), "tokens needs 3 values, one per seat, not 1"),
        (_replace(PRE, "| hands - / MAGIC_TALISMAN / - ", ""), "a position needs a 'hands' section"),
        (_replace(PRE, "hands - / MAGIC_TALISMAN / -", "hands - / MAGIC_TALISMAN"), "2 hands for a 3-player game"),
        (_replace(PRE, "hands - / MAGIC", "hands JOKER / MAGIC"), "'JOKER' is not a Fireball Island card"),
        (
            _replace(PRE, "hands - /", "hands FIREBALL CANCEL REROLL CANCEL FIREBALL /"),
            "seat 1 holds 5 cards; the limit is 4",
        ),
        (
            _replace(PRE, "discard FIREBALL REROLL", "discard " + " ".join(["TAKE_ANOTHER_TURN"] * 4)),
            "TAKE_ANOTHER_TURN is named 4 times; the deck has 3",
        ),
        (
            _replace(PRE, "discard FIREBALL", "discard " + " ".join(["FIREBALL"] * 9)),
            "FIREBALL is named 9 times; the deck has 8",
        ),
        (
            _replace(_replace(_replace(PRE, "pile *", "pile FIREBALL"), "MAGIC_TALISMAN", "-"), "FIREBALL REROLL", "-"),
            r"47 card\(s\) are nowhere \(write 'pile \*' for the rest\): CANCEL CANCEL CANCEL CANCEL DOUBLE_NEXT_ROLL",
        ),
        # tasks: names and values
        (_replace(PRE, "pushes act", "pushes dance"), "tasks: 'dance' is not a task: one of first, draw, begin"),
        (_replace(PRE, "window:pre:2", "window:pre"), r"tasks: 'window:pre': window takes 2 value\(s\) after ':'"),
        (_replace(PRE, "window:pre:2", "window:pre:2:0"), r"window takes 2 value\(s\)"),
        (_replace(PRE, "window:pre:2", "window:lunch:2"), "'lunch' is not one of pre, post, end, talisman"),
        (_replace(PRE, "window:pre:2", "window:pre:²"), "tasks window='²': write a whole number"),
        (_replace(PRE, "window:pre:2", "window:pre:2 take:9:1"), "tasks='9': seats are numbered 1 to 3"),
        (_replace(PRE, "window:pre:2", "window:pre:2 take:²:1"), "tasks='²': seats are numbered 1 to 3"),
        (_replace(PRE, "window:pre:2", "window:pre:2 chain:JOKER:1:-:0:1:0"), "'JOKER' is not a Fireball Island card"),
        (_replace(PRE, "pushes act", "pushes walk:3:XX9:go"), "'XX9' is not a Fireball Island space"),
        (_replace(PRE, "pushes act", "pushes roll:fly"), "'fly' is not one of move, cave"),
        (_replace(PRE, "pushes act", "pushes first:1+²"), "tasks='²': seats are numbered 1 to 3"),
        # tasks: a stack the game builds
        (
            _replace(PRE, "end window:end:0 pushes", "end"),
            "tasks: act cannot stand on end: the game puts there window:end",
        ),
        (
            _replace(PRE, "tasks end ", "tasks "),
            "tasks: window:end:0 cannot stand at the bottom: the game puts there first, end",
        ),
        (_replace(PRE, "act window:pre:2", "act window:post:2"), "tasks: window:post:2 cannot stand on act"),
        (_replace(PRE, "window:pre:2", "window:pre:2 declare"), "only a piece in a cave declares"),
        (
            _replace(PRE, "window:pre:2", "window:pre:2 hits:3:card window:talisman:0"),
            "hits:3:card: a Fireball about to roll needs aim=",
        ),
        (_replace(PRE, "turns=6", "turns=6 aim=A-1"), "aim=A-1 names a Fireball about to roll, but no hits task"),
        (
            _replace(PRE, "act window:pre:2", "rolled:move window:post:1"),
            "rolled:move: the die was rolled for a move: write rolling=move and roll= 1 to 12",
        ),
        (
            _replace(PRE, "act window:pre:2", "path:1:3:1"),
            r"path:1:3:1: only the piece of the seat whose turn it is \(seat 3\) walks",
        ),
        (_replace(PRE, "act window:pre:2", "path:3:13:3"), "path:3:13:3: 13 spaces is no walk"),
        (_replace(PRE, "act window:pre:2", "path:3:4:1"), r"4 spaces is no walk \(MOVE BACK: 1 to 3\)"),
        (_replace(PRE, "window:pre:2", "window:pre:2 path:3:3:3"), "the walk a window leads to is a MOVE BACK"),
        (
            _replace(PRE, "window:pre:2", "window:pre:2 take:2:2"),
            "take:2:2: a seat takes a card from an opponent, not from itself",
        ),
        (_replace(PRE, "turns=6 ", ""), "end: a turn is under way, so turns= counts it"),
        (
            _replace(PRE, "pushes act window:pre:2", "pushes act window:pre:2 first:1+2+3"),
            "first:1\\+2\\+3 cannot stand on window:pre:2",
        ),
        (
            _replace(PRE, "end window:end:0 pushes act window:pre:2", "first:1+2+3"),
            "the roll for who goes first comes before the first turn",
        ),
        (_replace(PRE, "WT7", "PIT_D!"), "seat 3 lies in its pit, Fireballed this turn: only its end window is left"),
        (
            _replace(PRE, "tasks end window:end:0 pushes act window:pre:2", "tasks -"),
            "no tasks left, but nobody has won",
        ),
        (_replace(PRE, "turns=6", "turns=6 winner=1"), "winner=1: the winner stands on the Dock holding the jewel"),
        # tasks: chains
        (
            _replace(REROLL_CHAIN, "chain:REROLL", "chain:FIREBALL"),
            "FIREBALL can never be CANCELed, so it has no chain",
        ),
        (
            _replace(REROLL_CHAIN, "chain:REROLL", "chain:CANCEL"),
            "a CANCEL is counted in the chain of the card it cancels",
        ),
        (_replace(REROLL_CHAIN, "chain:REROLL", "chain:MOVE_AHEAD_4"), "MOVE_AHEAD_4 is not played in a post window"),
        (
            _replace(REROLL_CHAIN, "chain:REROLL:3", "chain:MOVE_BACK_1:3"),
            "MOVE BACK is played on the seat whose turn it is, by an opponent",
        ),
        (_replace(REROLL_CHAIN, "chain:REROLL:3:-", "chain:REROLL:3:1"), "only TAKE 1 CARD names a target"),
        (_replace(REROLL_CHAIN, "chain:REROLL:3:-", "chain:TAKE_1_CARD:3:-"), "only TAKE 1 CARD names a target"),
        (_replace(REROLL_CHAIN, "chain:REROLL:3:-", "chain:TAKE_1_CARD:3:3"), "only TAKE 1 CARD names a target"),
        (
            _replace(REROLL_CHAIN, "REROLL:3:-:0:3:0", "REROLL:3:-:0:2:0"),
            "with no CANCEL on it yet, the card on top is the card itself",
        ),
        (
            _replace(REROLL_CHAIN, "REROLL:3:-:0:3:0", "REROLL:3:-:0:3:5"),
            "the game never stops at chain:REROLL:3:-:0:3:5",
        ),
        # tasks: at rest
        (
            _replace(PRE, "window:pre:2", "window:pre:0"),
            r"tasks: the game never stops at window:pre:0: it goes on at once \(to window:pre:2\)",
        ),
        (_replace(PRE, "pushes act window:pre:2", "pushes act"), "the game never stops at act"),
        (
            _replace(PRE, " pushes act window:pre:2", ""),
            r"the game never stops at window:end:0: it goes on at once \(to window:pre:1\)",
        ),
        (_replace(PRE, "window:pre:2", "window:pre:2 draw:2:0"), "the game never stops at draw:2:0"),
        (_replace(PRE, "window:pre:2", "window:pre:2 take:1:3"), "the game never stops at take:1:3"),
        (_replace(_replace(PRE, "act window:pre:2", "path:3:2:3"), "turns=6", "turns=6 roll=2 rolling=move"), None),
        (
            _replace(_replace(PRE, "act window:pre:2", "path:3:5:3"), "turns=6", "turns=6 roll=2 rolling=move"),
            r"path:3:5:3: the piece walks its own move, 2 spaces \(roll=, or ahead= for MOVE AHEAD\), not 5",
        ),
        (_replace(PRE, "act window:pre:2", "path:3:2:3"), "the piece walks its own move, 0 spaces"),
        (_replace(IN_CAVE, " declare", ""), "seat 1 is in a cave: it declares"),
        (_replace(AIMING, "WT6 WT2", "DMP DMP"), "the game never stops at fireball:1:die"),
    ],
)
def test_a_bad_position_raises_a_notation_error_naming_the_first_fault(text, message):
    """Three players (or four, for the steal): each position is a real one with one fault."""
    if message is None:  # a control: the position is fine
        game(3).state_from_notation(text)
        return
    with pytest.raises(NotationError, match=message):
        game(3).state_from_notation(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            _replace(STEAL, "jewel P1", "jewel P2"),
            "snatch:1:4: seat 4, whose turn it is, stands on the space of seat 1, the jewel's owner",
        ),
        (_replace(STEAL, "walk:4:BR5:go", "walk:4:TA3:go"), "walk:4:TA3:go: TA3 is not next to BR6"),
        (_replace(STEAL, "walk:4:BR5:go", "walk:4:BR5:push"), "a walk waiting for a steal is the own move"),
        (
            _replace(STEAL, "steal:1:4", "steal:1:4 chain:FAKE_JEWEL:2:-:0:2:0"),
            "FAKE JEWEL is played by the jewel's owner",
        ),
        (
            _replace(STEAL, "walk:4:BR5:go snatch:1:4 steal:1:4", "walk:4:BR5:go"),
            "pieces: two pieces on BR6; only the start, pits, water and Dock hold several",
        ),
    ],
)
def test_a_steal_under_way_must_fit_the_position(text, message):
    """The walk stopped on the owner's space, the owner answering: the tasks name the owner and
    the mover, the walk goes on from that space, and only the owner plays FAKE JEWEL."""
    position(STEAL)
    with pytest.raises(NotationError, match=message):
        game(4).state_from_notation(text)


# -- every step of seeded games ------------------------------------------------------------------


def check_every_notation(state: FireballIslandState) -> None:
    """The position reads back exactly; every legal move and chance outcome reads back."""
    text = state.notation()
    again = state.game.state_from_notation(text)
    assert again.notation() == text
    assert again.to_act() == state.to_act()
    for move in state.legal_moves():
        assert state.parse_move(state.move_notation(move)) == move
    assert again.legal_moves() == state.legal_moves()
    for outcome, _ in state.chance_outcomes():
        assert state.parse_outcome(state.outcome_notation(outcome)) == outcome
    assert again.chance_outcomes() == state.chance_outcomes()


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "turn_limit": 120},
        {"players": 3, "turn_limit": 80, "fireball_mode": "deterministic"},
        {"players": 4, "turn_limit": 60},
    ],
    ids=str,
)
@pytest.mark.parametrize("seed", [0, 1])
def test_every_legal_move_and_chance_outcome_round_trips_through_its_notation(options, seed):
    """At every step of a seeded random game to its end: parse_move(move_notation(m)) == m for
    every legal move, parse_outcome(outcome_notation(o)) == o for every outcome, and the
    position reads back exactly."""
    steps = 0
    for state, _ in random_playout(game(**options), seed, 100_000):
        check_every_notation(state)
        steps += 1
    assert state.is_over()
    assert steps > 200


options_strategy = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "fireball_mode": st.sampled_from(["probabilistic", "deterministic"]),
        "turn_limit": st.sampled_from([1, 30, 1000]),
    }
)
seeds = st.integers(0, 2**32 - 1)


@settings(max_examples=8, deadline=None)
@given(options_strategy, seeds)
def test_the_position_notation_reads_back_exactly_at_every_step(options, seed):
    for state, _ in random_playout(game(**options), seed, 250):
        check_every_notation(state)


# -- fuzz: changed positions are refused or read back ---------------------------------------------


@cache
def real_positions() -> tuple[tuple[int, str], ...]:
    """Every 7th position of a few seeded games: (players, text)."""
    found = []
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        for i, (state, _) in enumerate(random_playout(game(players, turn_limit=150), seed, 100_000)):
            if i % 7 == 0:
                found.append((players, state.notation()))
    return tuple(found)


@cache
def words() -> tuple[str, ...]:
    """The words of those positions: tasks, spaces, cards, header fields."""
    return tuple(sorted({w for _, text in real_positions() for w in text.split()} - {"|"}))


def play_a_little(state: FireballIslandState, seed: int) -> Iterator[FireballIslandState]:
    """A few random steps from a parsed position (it must be playable)."""
    rng = random.Random(seed)
    for _ in range(30):
        yield state
        who = state.to_act()
        if who is None:
            return
        if who == CHANCE:
            chances = state.chance_outcomes()
            assert chances
            state.apply_chance(rng.choices([o for o, _ in chances], [p for _, p in chances])[0])
        else:
            state.apply(rng.choice(state.legal_moves()))


@settings(max_examples=300, deadline=None)
@given(
    st.data(),
    st.integers(0, 10**6),
    st.one_of(
        st.sampled_from(["-", "²", "0", "1", "12", "P1", "P9", "!", "*", ":", "end", "pushes", "act"]),
        st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:!+>=-²*", max_size=10),
    ),
)
def test_a_changed_position_is_refused_with_a_notation_error_or_reads_back_and_plays(data, seed, noise):
    """Real positions with words swapped, dropped or added: parse_position either refuses with a
    NotationError or gives a state that reads back exactly, offers a move or a chance step when
    the game is not over, and plays on into positions that read back too."""
    players, text = data.draw(st.sampled_from(real_positions()))
    tokens = text.split(" ")
    at = data.draw(st.integers(0, len(tokens) - 1))
    how = data.draw(st.sampled_from(["swap", "noise", "drop", "add"]))
    if how == "swap":
        tokens[at] = data.draw(st.sampled_from(words()))
    elif how == "noise":
        tokens[at] = noise
    elif how == "drop":
        del tokens[at]
    else:
        tokens.insert(at, data.draw(st.sampled_from(words())))
    changed = " ".join(tokens)
    try:
        state = game(players, turn_limit=150).state_from_notation(changed)
    except NotationError:
        return
    for step in play_a_little(state, seed):
        written = step.notation()
        assert step.game.state_from_notation(written).notation() == written
        assert step.is_over() or step.legal_moves() or step.chance_outcomes()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=20))
def test_any_text_is_read_as_a_move_or_outcome_or_refused_with_a_notation_error(text):
    for state in (position(WALK), position(HITS), position(DEAL), position(FIRST)):
        with contextlib.suppress(NotationError):
            state.parse_move(text)
        with contextlib.suppress(NotationError):
            state.parse_outcome(text)


# -- records -------------------------------------------------------------------------------------


def test_a_record_holds_every_decision_and_chance_outcome_and_replays():
    """docs/notation.md, Fireball Island, Records: seed 5 of a two-player game between random
    bots, its first steps as the docs show them; seat -1 marks chance."""
    match = Match(game(2, turn_limit=20), [RandomBot(), RandomBot()], seed=5)
    data = json.loads(match.run().dumps())
    assert data["options"] == {"players": 2, "fireball_mode": "probabilistic", "any_way_cards": False, "turn_limit": 20}
    assert data["steps"][:18] == [
        [-1, "MOVE_BACK_1"], [-1, "DOUBLE_NEXT_ROLL"], [-1, "5"], [-1, "6"],
        [1, "DOUBLE_NEXT_ROLL"], [0, "pass"], [0, "pass"], [-1, "1"], [0, "pass"], [1, "WT2"],
        [0, "pass"], [-1, "3"], [0, "pass"], [0, "WT3"], [-1, "MOVE_BACK_3"], [0, "pass"],
        [0, "MOVE_BACK_3"], [0, "DMP"],
    ]  # fmt: skip
    assert replay(Record.from_json(data)).scores() == data["result"]


def test_a_card_against_a_seat_that_is_not_there_names_the_seats() -> None:
    state = make_game("fireball-island", {"players": 4}).new_state()
    with pytest.raises(NotationError, match="after '@' comes the seat the card is played against, 1 to 4"):
        state.parse_move("TAKE_1_CARD@9")


# -- a position must be one some game reaches (issue 17) ---------------------------------------

DEALING = (
    "turn=1 | pieces DMP DMP DMP | jewel VKP | tokens 0 0 0 | hands CANCEL / FIREBALL / - | pile * "
    "| tasks first:1+2+3 draw:3:1"
)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("pieces DMP", "pieces WT5", r"before the first turn every piece stands on the Start \(DMP\)"),
        ("jewel VKP", "jewel P1", r"before the first turn the jewel lies by Vul-Kar \(VKP\)"),
        ("tokens 0 0 0", "tokens 1 0 0", "before the first turn the tokens are in the Ruin"),
        ("| pile *", "| discard REROLL | pile *", "before the first turn no card has been discarded"),
        ("FIREBALL / -", "FIREBALL / REROLL", "the deal gives each seat one card, so seat 3 holds 0, not 1"),
        ("CANCEL /", "CANCEL REROLL /", "the deal gives each seat one card, so seat 1 holds 1, not 2"),
        # issue 29: a deal that would go on to give a seat two cards, or deal seat 1 last
        ("draw:3:1", "draw:3:2", "the deal gives one card to each seat, seat 1 first, so the draws still waiting"),
        ("draw:3:1", "draw:3:1 draw:3:1", "the draws still waiting end the stack draw:3:1 draw:2:1 draw:1:1"),
        ("CANCEL / FIREBALL / - | pile * | tasks first:1+2+3 draw:3:1",
         "- / FIREBALL / REROLL | pile * | tasks first:1+2+3 draw:1:1",
         "the deal gives one card to each seat, seat 1 first"),
        ("turn=1 |", "turn=1 first=3,0,0 |", "every seat rolls for who goes first once the deal is over, not before"),
        ("first:1+2+3", "first:1+2", "every seat rolls for who goes first once the deal is over, not before"),
    ],
)  # fmt: skip
def test_before_the_first_turn_the_table_is_as_set_up(old, new, message):
    """R-FI GAME SETUP 5-9: pieces on the Start, the jewel by Vul-Kar, the tokens in the Ruin,
    one card dealt to each player (seat 1 first)."""
    position(DEALING)
    with pytest.raises(NotationError, match=message):
        position(_replace(DEALING, old, new))


def test_a_game_past_its_turn_limit_is_refused():
    """FI-16: the game stops undecided once turn_limit turns have begun, so no later turn is under way."""
    assert position(_replace(IN_CAVE, "turns=14", "turns=1000")).turns == 1000
    with pytest.raises(NotationError, match=r"turns=1001: the game stops after 1000 turns \(turn_limit, FI-16\)"):
        position(_replace(IN_CAVE, "turns=14", "turns=1001"))


def test_a_section_given_twice_is_refused_not_overridden():
    with pytest.raises(NotationError, match="section hands is given twice"):
        position(DEALING + " | hands - / - / -")


BIG = "1" * 5000  # past the 4,300 digits int() reads


@pytest.mark.parametrize("field", ["turns", "extra", "roll", "first", "pushes"])
def test_a_number_longer_than_any_notation_writes_is_a_notation_error(field):
    """Issue 29: turns= and the other counts of 5,000 digits raised a ValueError from int()."""
    value = {"first": f"{BIG},1,1", "pushes": f"2:{BIG}"}.get(field, BIG)
    with pytest.raises(NotationError, match="a number of 5000 digits: no number in notation has more than 30"):
        position(f"{field}={value} {DEALING}")
    state = position(DEALING)
    with pytest.raises(NotationError, match="a number of 5000 digits"):
        state.parse_move(f"TAKE_1_CARD@{BIG}")
    with pytest.raises(NotationError, match="a number of 5000 digits"):
        state.parse_outcome(BIG)
