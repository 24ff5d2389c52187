"""Drawing and passing (R-WF PLAY): play if you can; else draw one, then play it or pass."""

from __future__ import annotations

import random
from bisect import bisect_left

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.registry import make_game
from gamenight.games.dominoes.hands import bisect_tiles
from gamenight.games.wildfire.tiles import TILES

from ..helpers import draws_from
from .conftest import assert_illegal, hand, moves, play, position, tile

# Seat 2 holds nothing that matches the centre 9 or the 5 at e1.
STUCK = "dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / 7-0 6-0 8-3 / 3-3 | pile *"


def test_a_player_who_can_play_must_play_and_may_not_draw_or_pass():
    """R-WF: "Each player must play a domino ... If a player cannot play a domino from
    their hand, they must draw" -- drawing is only for a player who cannot play."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 | hands 5-3 7-0 6-0 / 2-2 / 3-3 | pile *")
    assert moves(state) == ["5-3@e1"]
    assert_illegal(state, "draw", "you can play, so you may not draw")
    assert_illegal(state, "pass", "you must play when you can")


def test_a_player_who_cannot_play_draws_one_domino_from_the_pile():
    """R-WF: "If a player cannot play a domino from their hand, they must draw one domino
    from the pile"."""
    state = position(STUCK)
    assert moves(state) == ["draw"]
    assert_illegal(state, "pass", "you cannot pass before drawing: draw one domino first")
    play(state, "draw")
    assert state.notation().startswith("dealer=1 turn=2 phase=draw |")
    assert state.to_act() == -1
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 65 - 2 - 5
    assert {p for _, p in outcomes} == {1 / 58}
    assert sum(p for _, p in outcomes) == pytest.approx(1)


def test_the_drawn_domino_is_played_if_it_can_be():
    """R-WF: draw one domino "and either play it or say pass if the drawn domino cannot be
    played"; decision made here: a drawn domino that can be played must be played."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("5-4"))
    assert state.notation().startswith("dealer=1 turn=2 phase=afterdraw drawn=5-4 |")
    assert hand(state, 2) == ["7-0", "6-0", "8-3", "5-4"]
    assert moves(state) == ["5-4@e1"]
    assert_illegal(state, "pass", "you must play when you can")
    assert_illegal(state, "draw", "you have drawn already: play the drawn tile or pass")
    play(state, "5-4@e1")
    assert state.notation().startswith("dealer=1 turn=3 phase=play | layout 9-9 9-5@e0 5-4@e1 |")


def test_after_drawing_only_the_drawn_domino_may_be_played():
    """R-WF: "draw one domino from the pile and either play it or say pass"."""
    state = position(
        "dealer=1 turn=2 phase=afterdraw drawn=5-4 | layout 9-9 9-5@e0 | hands 2-2 / 9-3 8-3 5-4 / 3-3 | pile *"
    )
    assert moves(state) == ["5-4@e1"]
    assert_illegal(state, "9-3@e0", "after drawing you may play only the tile you drew, 5-4")


def test_a_drawn_domino_that_cannot_be_played_is_kept_and_the_player_passes():
    """R-WF: "or say 'pass' if the drawn domino cannot be played"."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("6-4"))
    assert moves(state) == ["pass"]
    assert_illegal(state, "6-4@e1", "6-4 does not match the 5 at e1")
    play(state, "pass")
    assert state.notation().startswith("dealer=1 turn=3 phase=play |")
    assert hand(state, 2) == ["7-0", "6-0", "8-3", "6-4"]


def test_when_the_draw_pile_is_used_up_a_player_who_cannot_play_passes():
    """R-WF: "If all the dominoes get used from the draw pile, the player must pass if
    unable to play."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / 7-0 6-0 8-3 / * | pile -")
    assert moves(state) == ["pass"]
    assert_illegal(state, "draw", "the draw pile is empty: you must pass")
    play(state, "pass")
    assert state.notation().startswith("dealer=1 turn=3 phase=play |")


def test_with_an_empty_pile_a_player_who_can_play_must_still_play():
    """R-WF: "the player must pass if unable to play" -- and only then."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / 5-0 6-0 8-3 / * | pile -")
    assert moves(state) == ["5-0@e1"]
    assert_illegal(state, "pass", "you must play when you can")


def test_play_proceeds_clockwise_to_the_left_and_round_the_table():
    """R-WF: "Play proceeds clockwise around the table" (seat 3 is followed by seat 1)."""
    state = position("dealer=1 turn=3 | layout 9-9 | hands 2-2 7-0 / 6-0 8-3 / 9-3 5-0 4-0 | pile *")
    play(state, "9-3@e0")
    assert state.to_act() == 0
    assert state.notation().startswith("dealer=1 turn=1 phase=play |")


def test_a_chance_step_takes_only_a_tile_from_the_pile():
    """The draw is a tile from the unseen pile, never one that is already in play."""
    state = position(STUCK)
    play(state, "draw")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="2-2 is not in the draw pile"):
        state.apply_chance(tile("2-2"))
    assert state.notation() == before
    with pytest.raises(IllegalMoveError, match="no player is to act"):
        play(state, "pass")


@pytest.mark.parametrize("order", ["as dealt", "shuffled"])
def test_the_drawn_tile_and_only_it_leaves_the_pile(order: str):
    """The pile has no order (R-WF: "draw one domino from the pile"): whichever tile is drawn
    leaves it, and every other stays. The engine keeps the pile in tile order and finds the
    tile by bisection (`pile_index`); a pile in any other order is still searched whole."""
    state = position(STUCK)
    play(state, "draw")
    for drawn, probe in draws_from(state, order):
        assert drawn in probe.hands[2] or probe.drawn == drawn


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 70), max_size=70).map(sorted), st.integers(-1, 71))
def test_the_compiled_builds_bisection_finds_where_bisect_left_does(tiles: list[int], tile: int):
    """`pile_index` bisects with `bisect_tiles` when compiled (`make fast`): wherever
    `bisect_left` would put a tile, in any pile in order, repeats and missing tiles included."""
    assert bisect_tiles(tiles, tile) == bisect_left(tiles, tile)


def test_a_player_who_draws_shows_the_table_they_hold_nothing_that_fits():
    """Public knowledge, not a rule of its own: a player draws only when nothing in their
    hand fits (R-WF PLAY), so every seat now knows they hold no 9, no 5 and no Wild One.
    Search deals them none of those when it guesses their hand (sample_state)."""
    state = position(STUCK)
    play(state, "draw")
    absent = state.view(0)["absent"][1]
    assert "5-4" in absent and "9-0" in absent and "W-3" in absent
    assert "6-4" not in absent and "8-3" not in absent
    state.apply_chance(tile("5-4"))
    play(state, "5-4@e1")  # the drawn tile fitted: the rest of the hand is as it was
    view = state.view(0)
    assert view["absent"][1] == absent
    game = make_game("wildfire", {"players": 3})
    for seed in range(20):
        sampled = game.sample_state(view, random.Random(seed))
        assert not {TILES.name(t) for t in sampled.hands[1]} & set(absent)


def test_a_player_who_keeps_a_drawn_tile_is_known_to_lack_only_what_fits_now():
    """After drawing and passing, the kept tile fits nowhere now, but it may be one the
    player showed earlier that they lacked: only what fits the layout now stays known."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("6-4"))
    play(state, "pass")
    assert "6-4" not in state.view(None)["absent"][1]
    assert "5-3" in state.view(None)["absent"][1]
    text = state.notation()
    assert "| absent - / " in text
    assert make_game("wildfire", {"players": 3}).state_from_notation(text).absent == state.absent


def test_a_player_who_sheds_a_light_tile_probably_holds_no_heavier_one_that_fits():
    """A guess, not a rule: what is left in hand counts against its holder (R-WF SCORING), so
    a player sheds the heaviest tile they can. One who lays 5-4 (9 points) on the 5, where
    9-7 or 6-5 would also have fitted, probably holds neither: the table records every
    plain tile that fitted and is worth more (`passed_over`, public), and search deals
    such tiles to that seat seldom, but not never (it may be keeping one for a reason)."""
    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 | hands 9-2 5-4 7-0 / 2-2 / 3-3 | pile *")
    play(state, "5-4@e1")
    passed = state.view(1)["passed_over"][0]
    assert {"9-7", "6-5", "9-2", "9-8"} <= set(passed)
    assert not {"5-3", "9-0", "W-5", "7-0"} & set(passed)  # lighter, as heavy, a Wild One, not fitting
    assert state.view(None)["passed_over"] == [passed, [], []]
    text = state.notation()
    assert "| passed " in text
    assert make_game("wildfire", {"players": 3}).state_from_notation(text).passed_over == state.passed_over
    game = make_game("wildfire", {"players": 3})
    samples = [game.sample_state(state.view(1), random.Random(seed)).hands[0] for seed in range(200)]
    holding = sum(1 for hand in samples if {TILES.name(t) for t in hand} & set(passed))
    blind = state.view(1)
    blind["passed_over"] = [[], [], []]
    dealt_blindly = [game.sample_state(blind, random.Random(seed)).hands[0] for seed in range(200)]
    holding_blindly = sum(1 for hand in dealt_blindly if {TILES.name(t) for t in hand} & set(passed))
    assert 0 < holding < holding_blindly / 3


def test_a_drawn_tile_played_at_once_was_no_choice_and_passes_nothing_over():
    """After drawing, only the drawn tile may be played (R-WF): playing it tells nothing."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("5-2"))
    play(state, "5-2@e1")
    assert state.passed_over == [0, 0, 0]
