"""Drawing and passing after the centre stage: play if you can; else draw one, then play it
or pass; with the pile empty, pass (R-WS; D-WS-4)."""

from __future__ import annotations

import random

import pytest

from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.registry import make_game
from gamenight.games.wildstar.tiles import HALVES

from .conftest import assert_illegal, hand, moves, play, position, tile

# The five arms are out: e1 shows 4, e2 3, e3 8, e4 0, e5 6.
FIVE = "9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0"
# Seat 2 holds nothing for a 4, 3, 8, 0 or 6, and no star.
STUCK = f"shuffler=1 turn=2 | layout {FIVE} | hands 2-2 / 7-1 5-2 / 7-7 | pile *"


def test_a_player_who_can_play_must_play_and_may_not_draw_or_pass():
    """D-WS-4: "Must play if able (standard for draw games; the text only describes what
    happens when you cannot)"."""
    state = position(f"shuffler=1 turn=1 | layout {FIVE} | hands 4-1 7-1 / 2-2 / 7-7 | pile *")
    assert moves(state) == ["4-1@e1"]
    assert_illegal(state, "draw", r"you can play, so you may not draw \(D-WS-4")
    assert_illegal(state, "pass", r"you must play when you can \(D-WS-4\)")


def test_a_player_holding_a_star_can_always_play_after_the_centre_stage():
    """D-WS-1: a single star fits any open end, so its holder never draws in the open stage."""
    state = position(f"shuffler=1 turn=2 | layout {FIVE} | hands 2-2 / 7-1 S / 7-7 | pile *")
    assert "draw" not in moves(state)
    assert_illegal(state, "draw", "you can play, so you may not draw")


def test_a_player_who_cannot_play_draws_one_tile_from_the_pile():
    """D-WS-4: "In phase 2 a player who cannot play also draws one tile, then plays it or
    passes." The draw is any tile of the pile, equally likely."""
    state = position(STUCK)
    assert moves(state) == ["draw"]
    assert_illegal(state, "pass", "you cannot pass before drawing: draw one tile first")
    play(state, "draw")
    assert state.notation().startswith("shuffler=1 turn=2 phase=draw lacked=2:03468 |")
    assert state.to_act() == -1
    outcomes = dict(state.chance_outcomes())
    pile = 60 - 6 - 4
    assert outcomes[tile("5-4")] == pytest.approx(1 / pile)
    assert outcomes[tile("S")] == pytest.approx(4 / pile)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_the_drawn_tile_may_be_played_if_it_can_be():
    """R-WS: "If the player draws a playable tile, then he may play it" (D-WS-4: as in the
    centre stage)."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("5-4"))
    assert state.notation().startswith("shuffler=1 turn=2 phase=afterdraw drawn=5-4 lacked=2:03468 |")
    assert hand(state, 2) == ["7-1", "5-2", "5-4"]
    assert moves(state) == ["4-5@e1", "pass"]
    assert_illegal(state, "draw", "you have drawn already: play the drawn tile or pass")
    play(state, "4-5@e1")
    assert state.notation().startswith(f"shuffler=1 turn=3 phase=play lacked=2:03468 | layout {FIVE} 4-5@e1 |")


def test_may_play_means_a_playable_drawn_tile_may_also_be_kept():
    """R-WS: "he may play it"; decision made here: "may" is a choice, so passing with a
    playable drawn tile is allowed; the tile stays in the hand."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("5-4"))
    play(state, "pass")
    assert hand(state, 2) == ["7-1", "5-2", "5-4"]
    assert state.notation().startswith("shuffler=1 turn=3 phase=play lacked=2:03468 |")


def test_after_drawing_only_the_drawn_tile_may_be_played():
    """R-WS: "If the player draws a playable tile, then he may play it" -- that tile, no other."""
    state = position(
        f"shuffler=1 turn=2 phase=afterdraw drawn=S lacked=2:03468 | layout {FIVE} "
        "| hands 2-2 / 7-1 5-2 S / 7-7 | pile *"
    )
    assert "pass" in moves(state) and len(moves(state)) == 5 * 9 + 1
    state = position(
        f"shuffler=1 turn=2 phase=afterdraw drawn=5-4 | layout {FIVE} | hands 2-2 / 4-1 5-2 5-4 / 7-7 | pile *"
    )
    assert moves(state) == ["4-5@e1", "pass"]
    assert_illegal(state, "4-1@e1", "after drawing you may play only the tile you drew, 5-4")


def test_a_drawn_tile_that_cannot_be_played_is_added_to_the_hand_and_play_moves_on():
    """R-WS: "If not, that tile is added to the player's hand and play moves on to the next
    person."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("7-5"))
    assert moves(state) == ["pass"]
    assert_illegal(state, "7-5@e1", "7-5 does not match the 4 at e1")
    play(state, "pass")
    assert hand(state, 2) == ["7-1", "5-2", "7-5"]
    assert state.notation().startswith("shuffler=1 turn=3 phase=play lacked=2:03468 |")


def test_a_player_who_cannot_play_passes_when_the_pile_is_empty():
    """D-WS-4: "When the pile is empty, they pass." """
    state = position(f"shuffler=1 turn=2 | layout {FIVE} | hands 2-2 / 7-1 5-2 / * | pile -")
    assert moves(state) == ["pass"]
    assert_illegal(state, "draw", "the draw pile is empty: you must pass")
    play(state, "pass")
    assert state.notation().startswith("shuffler=1 turn=3 phase=play lacked=2:03468 |")


def test_with_the_pile_empty_a_player_who_can_play_must_still_play():
    """D-WS-4: "Must play if able" -- the empty pile changes nothing for a player who can."""
    state = position(f"shuffler=1 turn=2 | layout {FIVE} | hands 2-2 / 4-1 5-2 / * | pile -")
    assert moves(state) == ["4-1@e1"]
    assert_illegal(state, "pass", "you must play when you can")


def test_play_continues_clockwise_around_the_table():
    """R-WS: "play continues clockwise around the table" -- seat 3 is followed by seat 1."""
    state = position(f"shuffler=1 turn=3 | layout {FIVE} | hands 2-2 7-7 / 7-1 5-2 / 4-1 3-1 | pile *")
    play(state, "4-1@e1")
    assert state.to_act() == 0
    assert state.notation().startswith("shuffler=1 turn=1 phase=play |")


def test_a_player_who_could_not_play_showed_the_table_which_numbers_he_lacked():
    """Decision made here: drawing or passing is seen by all, so the numbers open at that
    moment are public (`lacked=` in the notation, `lacked` in every view); a later draw or
    pass replaces them."""
    state = position(STUCK)
    play(state, "draw")
    assert state.view(0)["lacked"] == ["", "03468", ""]
    assert state.view(2)["lacked"] == ["", "03468", ""]
    state.apply_chance(tile("7-5"))
    play(state, "pass")
    play(state, "draw")  # seat 3's 7-7 finds no 7 either
    assert state.view(None)["lacked"] == ["", "03468", "03468"]
    earlier = position(f"shuffler=1 turn=2 lacked=2:5 | layout {FIVE} | hands 2-2 / 7-1 5-2 / 7-7 | pile *")
    play(earlier, "draw")
    assert earlier.view(None)["lacked"] == ["", "03468", ""]  # the 5 it lacked once is forgotten


def test_search_seldom_deals_a_seat_a_tile_showing_a_number_it_lacked():
    """What the table may guess from `lacked`: seat 2 drew for want of a 0, 3, 4, 6 or 8, so
    it held no tile showing one. It may have drawn one since, and a drawn tile that fits
    may be kept (R-WS: "he may play it"), so this is no certainty: sample_state deals it
    such tiles seldom (`view.unlikely`), not never."""
    state = position(STUCK)
    play(state, "draw")
    state.apply_chance(tile("7-5"))
    play(state, "pass")
    game = make_game("wildstar", {"players": 3})
    view = state.view(0)
    blind = dict(view, lacked=["", "", ""])

    def holding(v: dict[str, object]) -> int:
        hands = [game.sample_state(v, random.Random(seed)).hands[1] for seed in range(200)]
        return sum(1 for h in hands if any(n in HALVES[k] for k in h for n in (0, 3, 4, 6, 8)))

    assert 0 < holding(view) < holding(blind) / 3


def test_a_chance_step_takes_only_a_tile_from_the_pile():
    """The draw is a tile from the face-down pile, never one already in play."""
    state = position(STUCK)
    play(state, "draw")
    before = state.notation()
    with pytest.raises(IllegalMoveError, match="2-2 is not in the draw pile"):
        state.apply_chance(tile("2-2"))
    assert state.notation() == before
    with pytest.raises(IllegalMoveError, match="no player is to act"):
        play(state, "pass")
