"""Knocking on one domino, and the Penalty for not knocking (R-WF FINISHING A ROUND, ALTERNATE GAME PLAY; D-WF-8).

The Penalty is listed under ALTERNATE GAME PLAY, so it is an option (`knock_penalty`), off
by default; the scenarios of manual knocking and its penalty turn it on (PENALTY)."""

from __future__ import annotations

import pytest

from .conftest import assert_illegal, hand, moves, play, position, tile

PENALTY = {"knock_penalty": True}  # the alternate rule, with knocking a move of its own

# Seat 2 holds two dominoes; only 5-3 can be played, which leaves one.
TWO_LEFT = "dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 7-7 6-6 / 5-3 8-0 / 4-4 3-3 | pile *"


def test_the_play_that_leaves_one_domino_is_offered_with_and_without_a_knock():
    """R-WF: "When a player is down to one domino, they must knock to let everyone know."
    D-WF-8: knocking is an explicit action; the knock goes with that play."""
    state = position(TWO_LEFT, **PENALTY)
    assert moves(state) == ["5-3@e1", "5-3@e1 knock"]


def test_a_player_who_knocks_is_known_to_be_down_to_one_domino():
    """R-WF: "they must knock to let everyone know"."""
    state = position(TWO_LEFT, **PENALTY)
    play(state, "5-3@e1 knock")
    assert state.notation().startswith("dealer=1 turn=3 phase=play knocked=2 |")
    assert state.view(0)["knocked"] == [False, True, False]


def test_a_player_who_does_not_knock_takes_a_domino_from_the_draw_pile_as_a_penalty():
    """R-WF Penalty: "If you notice that a player does not knock when they are down to their
    last domino, that player must take a domino from the draw pile as a penalty.\""""
    state = position(TWO_LEFT, **PENALTY)
    play(state, "5-3@e1")
    assert state.notation().startswith("dealer=1 turn=2 phase=penalty penalty=2 |")
    assert state.to_act() == -1
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(state.pile) == 65 - 3 - 6  # layout 9-9 9-5 5-3; hands 2-2 7-7 6-6, 8-0, 4-4 3-3
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    state.apply_chance(tile("6-2"))
    assert hand(state, 2) == ["8-0", "6-2"]
    assert state.notation().startswith("dealer=1 turn=3 phase=play |")


def test_with_the_draw_pile_out_a_player_who_does_not_knock_loses_their_next_turn():
    """R-WF Penalty: "(If the draw pile is out of dominoes, that player loses their next turn)."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 | hands * / 5-3 8-0 / 4-4 3-3 7-7 | pile -", **PENALTY)
    play(state, "5-3@e1")
    assert state.notation().startswith("dealer=1 turn=3 phase=play loses_turn=2 |")
    play(state, "3-3@e2")
    play(state, "9-8@e0")  # seat 1; seat 2 is skipped
    assert state.notation().startswith("dealer=1 turn=3 phase=play |")
    assert hand(state, 2) == ["8-0"]


def test_the_penalty_for_a_wild_played_without_a_knock_comes_after_the_hub():
    """R-WF: the player "must immediately press the center domino on the Hub"; the penalty
    draw follows (D-WF-8)."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 7-7 / W-5 8-0 / 4-4 3-3 | pile *", **PENALTY)
    assert moves(state) == [
        "W-5@e0",
        "W-5@e1",
        "5-W@e1",
        "W-5@e0 knock",
        "W-5@e1 knock",
        "5-W@e1 knock",
    ]
    play(state, "5-W@e1")
    assert state.notation().startswith("dealer=1 turn=2 phase=hub penalty=2 |")
    state.apply_chance(3)
    assert state.notation().startswith("dealer=1 turn=2 phase=penalty penalty=2 |")
    state.apply_chance(tile("6-2"))
    assert state.notation().startswith("dealer=1 turn=3 phase=play | layout 9-9 9-5@e0 5-W@e1:3 |")
    assert hand(state, 2) == ["8-0", "6-2"]


def test_a_knock_goes_only_with_the_play_that_leaves_one_domino():
    """R-WF: knock "When a player is down to one domino" -- not before."""
    state = position("dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 / 5-3 8-0 7-0 / 4-4 3-3 | pile *", **PENALTY)
    assert moves(state) == ["5-3@e1"]
    assert_illegal(state, "5-3@e1 knock", "you knock only with the play that leaves you one domino")


def test_a_knock_does_not_make_an_illegal_play_legal():
    """The refusal names the rule the play breaks, not the knock."""
    state = position(TWO_LEFT, **PENALTY)
    assert_illegal(state, "8-0@e1 knock", "8-0 does not match the 5 at e1")


def test_a_player_who_knocked_and_then_draws_must_knock_again():
    """R-WF: a player who draws is no longer down to one domino; back on one, they knock again."""
    state = position(
        "dealer=1 turn=2 knocked=2 | layout 9-9 9-5@e0 | hands 2-2 7-7 / 8-0 / 4-4 3-3 | pile *", **PENALTY
    )
    play(state, "draw")
    state.apply_chance(tile("5-3"))
    assert "knocked" not in state.notation().split("|")[0]
    assert moves(state) == ["5-3@e1", "5-3@e1 knock"]


def test_with_auto_knock_everyone_knocks_automatically():
    """D-WF-8: "Implement knocking as an explicit action, with an option to knock
    automatically" (option auto_knock)."""
    state = position(TWO_LEFT, auto_knock=True, **PENALTY)
    assert moves(state) == ["5-3@e1"]
    assert_illegal(state, "5-3@e1 knock", "knocking is automatic in this game")
    play(state, "5-3@e1")
    assert state.notation().startswith("dealer=1 turn=3 phase=play knocked=2 |")


def test_by_default_the_penalty_is_not_played_and_the_last_domino_is_announced_by_itself():
    """R-WF: the Penalty sits under ALTERNATE GAME PLAY, so it is off by default; knocking
    itself stays ("they must knock to let everyone know"), made for the player."""
    state = position(TWO_LEFT)
    assert state.game.options.knock_penalty is False
    assert moves(state) == ["5-3@e1"]
    play(state, "5-3@e1")
    assert state.notation().startswith("dealer=1 turn=3 phase=play knocked=2 |")
    assert state.view(0)["knocked"] == [False, True, False]
    assert hand(state, 2) == ["8-0"]
