"""CONTENTS and SET-UP: the 36 dominoes, the 12 spacers, the base, filling the basement, five each."""

from __future__ import annotations

import itertools
import random

import pytest

from gamenight.engine.chance import sample
from gamenight.engine.errors import ConfigError, IllegalMoveError, StaleOutcomesError
from gamenight.games.highrise import story
from gamenight.games.highrise.state import HighriseState
from gamenight.games.highrise.tiles import ALL_TILES, SPACERS, TILES
from gamenight.games.highrise.tower import BASES

from .conftest import assert_illegal, game, hand, moves, position, tile, top

NAMES = [TILES.name(t) for t in ALL_TILES]


def new_state(**options: object) -> HighriseState:
    return game(**options).new_state()


def lay(state: HighriseState, *dominoes: str) -> None:
    """Drive the basement's chance steps: each domino written as it lies, first half on the slot's first cell."""
    for text in dominoes:
        assert state.to_act() == -1
        assert state.legal_moves() == []
        state.apply_chance(state.parse_outcome(text))


def deal(state: HighriseState, *names: str) -> None:
    for name in names:
        assert state.to_act() == -1
        state.apply_chance(tile(name))


def test_the_set_is_a_double_six_set_plus_seven_wild_n_and_one_wild_wild():
    """R-HR CONTENTS: "36 dominoes"; D-HR-1: "a double-6 set (28) + 7 wild–N (N = 0…6) + 1 wild–wild"."""
    plain = [name for name in NAMES if "W" not in name]
    assert len(NAMES) == len(set(NAMES)) == 36
    assert sorted(tuple(sorted(map(int, n.split("-")))) for n in plain) == list(
        itertools.combinations_with_replacement(range(7), 2)
    )
    assert sorted(n for n in NAMES if n.count("W") == 1) == [f"W-{n}" for n in range(7)]
    assert [n for n in NAMES if n == "W-W"] == ["W-W"]


def test_there_are_twelve_clear_spacers_beside_the_draw_pile():
    """R-HR CONTENTS: "12 clear spacers"; SET-UP: "Place the twelve clear spacers near the draw pile."""
    state = new_state(players=2)
    assert SPACERS == 12
    assert state.tower.spacers_left == 12
    assert state.view(0)["spacers_left"] == 12


@pytest.mark.parametrize("players", [1, 5])
def test_highrise_is_for_two_to_four_players(players):
    """R-HR: "NUMBER OF PLAYERS: 2–4"."""
    with pytest.raises(ConfigError, match="2 to 4 players"):
        game(players=players)


def test_the_basement_is_filled_with_eight_random_dominoes_one_at_a_time_face_up():
    """R-HR SET-UP: "That player then randomly selects eight dominoes, one at a time, and places
    them face up, side by side in the base until it is full. This is known as filling the
    basement." Each is a chance step over the whole set; a domino may lie either way round,
    equally likely, and a double lies the same both ways."""
    state = new_state(players=2)
    assert state.notation().startswith("hand=1 turn=1 phase=basement scores=0,0 | basement | hands - / - | pile 6-6")
    outcomes = state.chance_outcomes()
    written = {state.outcome_notation(o): p for o, p in outcomes}
    assert len(written) == 8 + 2 * 28  # 7 doubles and W-W once; every other domino both ways round
    assert written["6-6"] == written["W-W"] == pytest.approx(1 / 36)
    assert written["5-3"] == written["3-5"] == written["W-4"] == written["4-W"] == pytest.approx(1 / 72)
    assert sum(written.values()) == pytest.approx(1)

    lay(state, "3-5", "6-6", "W-2", "4-1", "0-0", "3-2", "6-4")
    assert top(state, "a1") == ("3", 0)  # 5-3 came out turned: its 3 lies on a1
    assert top(state, "a2") == ("5", 0)
    assert state.notation().startswith(
        "hand=1 turn=1 phase=basement scores=0,0 | basement 3-5 6-6 W-2 4-1 0-0 3-2 6-4 |"
    )
    lay(state, "W-W")
    assert state.notation().startswith(
        "hand=1 turn=1 phase=deal scores=0,0 | basement 3-5 6-6 W-2 4-1 0-0 3-2 6-4 W-W |"
    )
    assert len(state.chance_outcomes()) == 36 - 8


def test_the_basement_draws_from_the_pile_as_it_is_at_every_draw():
    """Each basement draw is over the dominoes still in the pile, both ways round: the same
    outcomes, in the same order, whether the position was played to, read from its notation
    or copied, and a copy's draws leave the original's alone (the outcomes are kept between
    draws, and cut as dominoes are laid: HighriseState._basement_ways). Outcomes listed before
    the next domino is laid are not read after it: they would name a domino laid since."""
    state = new_state(players=3)
    for text in ("3-5", "6-6", "W-2", "1-4"):
        held = state.chance_outcomes()
        before = list(held)
        copy = state.clone()
        lay(copy, "0-0")
        assert list(state.chance_outcomes()) == before
        lay(state, text)
        for read in (list, len, lambda outcomes: sample(outcomes, random.Random(0))):
            with pytest.raises(StaleOutcomesError, match="list them again"):
                read(held)
        fresh = state.game.state_from_notation(state.notation())
        assert list(state.chance_outcomes()) == list(fresh.chance_outcomes())
    assert "3-5" not in [state.outcome_notation(o) for o, _ in state.chance_outcomes()]


def test_the_basement_is_public():
    """The basement dominoes are laid face up: everyone sees each one as it is laid."""
    state = new_state(players=3)
    public, private, owners = story.describe_outcome(state, state.parse_outcome("3-5"))
    assert public == private == "3-5 is laid in the basement on a1,a2"
    assert owners == frozenset()


def test_a_domino_not_in_the_pile_cannot_be_laid_and_a_double_cannot_be_turned():
    state = new_state(players=2)
    lay(state, "5-3")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="5-3 is not in the draw pile"):
        state.apply_chance(state.parse_outcome("3-5"))
    with pytest.raises(IllegalMoveError, match="6-6 is a double"):
        state.apply_chance(tile("6-6") * 2 + 1)
    assert state.notation() == before


def test_each_player_takes_five_of_the_remaining_dominoes_and_the_rest_is_the_draw_pile():
    """R-HR: "All players each take five of the remaining dominoes to form their hand of
    dominoes ... The dominoes not selected become the draw pile". One at a time, round the
    table from the player who starts; each is private to its taker."""
    state = new_state(players=3)
    lay(state, "5-3", "6-6", "W-2", "4-1", "0-0", "3-2", "6-4", "W-W")
    public, private, owners = story.describe_outcome(state, tile("6-5"))
    assert (public, private, owners) == ("P1 takes a domino", "P1 takes 6-5", frozenset({0}))
    deal(state, "6-5", "5-5", "4-4", "6-3", "5-4", "3-3", "6-2", "5-2", "2-2", "6-1", "5-1", "1-1", "6-0", "5-0", "W-0")
    assert hand(state, 1) == ["6-5", "6-3", "6-2", "6-1", "6-0"]
    assert hand(state, 2) == ["5-5", "5-4", "5-2", "5-1", "5-0"]
    assert hand(state, 3) == ["4-4", "3-3", "2-2", "1-1", "W-0"]
    assert len(state.pile) == 36 - 8 - 15
    assert state.view(0)["pile"] == 13


def test_the_youngest_player_has_the_first_turn():
    """R-HR: "The youngest player has the first turn." D-HR-6: seat 1 is the youngest."""
    state = new_state(players=2)
    lay(state, "5-3", "6-6", "W-2", "4-1", "0-0", "3-2", "6-4", "W-W")
    deal(state, "6-5", "5-5", "4-4", "6-3", "5-4", "3-3", "6-2", "5-2", "2-2", "6-1")
    assert state.notation().startswith("hand=1 turn=1 phase=play scores=0,0 |")
    assert state.to_act() == 0
    assert moves(state)[0] != "draw"


def test_the_4x4_base_is_two_rows_of_four_dominoes_each_across_two_rows_of_cells():
    """D-HR-2: "a 4 × 4 grid of half-cells (2 rows × 4 columns of dominoes, each domino lying
    'vertically' across 2 rows)". D-HR-3: a domino covers two orthogonally adjacent cells."""
    base = BASES["4x4"]
    assert (base.cols, base.rows) == (4, 4)
    assert [f"{base.cell_names[a]}-{base.cell_names[b]}" for a, b in base.slots] == [
        "a1-a2", "b1-b2", "c1-c2", "d1-d2", "a3-a4", "b3-b4", "c3-c4", "d3-d4",
    ]  # fmt: skip
    assert len(base.edges) == 24  # 12 side by side in rows, 12 in columns
    assert [base.cell_names[c] for c in base.neighbours[base.cell("b2")]] == ["b1", "a2", "c2", "b3"]
    assert not base.adjacent(base.cell("b2"), base.cell("c3"))  # never diagonally


def test_the_2x8_strip_is_one_row_of_eight_dominoes():
    """D-HR-2: "`"2x8"` (8 columns, one row of dominoes) is the alternative" (basement_layout)."""
    base = BASES["2x8"]
    assert (base.cols, base.rows) == (8, 2)
    assert [f"{base.cell_names[a]}-{base.cell_names[b]}" for a, b in base.slots][::7] == ["a1-a2", "h1-h2"]
    assert len(base.edges) == 7 + 7 + 8
    #      a  b  c  d  e  f  g  h
    #  2   3  6  2  1  0  2  4  W
    #  1   5  6  W  4  0  3  6  W
    state = position("| basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W | hands 3-0 / 1-1", basement_layout="2x8")
    # At street level a domino lies along a row, across two basement dominoes: the 0 on e1, the 3 on f1.
    assert moves(state) == ["0-3@e1,f1"]
    assert_illegal(state, "0-3@e1,e2", "e1 and e2 are both halves of 0-0: a play must cover two different dominoes")
    assert state.view(None)["basement_layout"] == "2x8"


def test_an_unknown_base_is_refused():
    with pytest.raises(ConfigError, match="basement_layout must be one of '4x4', '2x8', not '3x3'"):
        game(basement_layout="3x3")
