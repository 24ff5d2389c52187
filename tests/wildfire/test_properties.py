"""Invariants over random seeded playouts (STYLE.md: tiles are neither created nor lost,
notation round-trips, views never leak).

Each example draws a seed and options; the playout picks random legal moves and samples
chance with `random.Random(seed)`. Low targets make rounds end and games finish within
the step budget, so every phase is visited.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.engine.registry import make_game
from gamenight.games.wildfire import rules, story
from gamenight.games.wildfire.state import WildfireState
from gamenight.games.wildfire.tiles import ALL_TILES, TILES

from ..helpers import random_playout

MAX_STEPS = 400
TILE_NAME = re.compile(r"[0-9WDT]-[0-9WDT]")

options_strategy = st.fixed_dictionaries(
    {
        "players": st.integers(2, 8),
        "target_score": st.sampled_from([30, 100, 300]),
        "strategic": st.booleans(),
        "auto_knock": st.booleans(),
        "knock_penalty": st.booleans(),
        "obligation_burns_out": st.booleans(),
    }
)
seeds = st.integers(0, 2**32 - 1)
bounded = settings(max_examples=30, deadline=None)


def playout(options: dict[str, Any], seed: int) -> Iterator[tuple[WildfireState, Any]]:
    return random_playout(make_game("wildfire", options), seed, MAX_STEPS)


def tiles_named(text: str) -> set[int]:
    return {TILES.parse(name) for name in TILE_NAME.findall(text)}


@bounded
@given(options_strategy, seeds)
def test_the_65_tiles_are_never_created_or_lost(options, seed):
    """Layout + hands + draw pile is always exactly the set (D-WF-1)."""
    for state, _ in playout(options, seed):
        everywhere = state.layout.tiles + [t for hand in state.hands for t in hand] + state.pile
        assert sorted(everywhere) == list(ALL_TILES)


@bounded
@given(options_strategy, seeds)
def test_the_position_notation_reads_back_exactly_at_every_step(options, seed):
    game = make_game("wildfire", options)
    for state, _ in playout(options, seed):
        text = state.notation()
        again = game.state_from_notation(text)
        assert again.notation() == text
        assert again.to_act() == state.to_act()
        assert again.legal_moves() == state.legal_moves()
        assert again.chance_outcomes() == state.chance_outcomes()


@bounded
@given(options_strategy, seeds)
def test_every_legal_move_and_chance_outcome_round_trips_through_its_notation(options, seed):
    for state, _ in playout(options, seed):
        if state.to_act() == -1:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            for outcome, _ in outcomes:
                assert state.parse_outcome(state.outcome_notation(outcome)) == outcome
            continue
        for move in state.legal_moves():
            assert state.parse_move(state.move_notation(move)) == move


@bounded
@given(options_strategy, seeds)
def test_playable_mask_is_every_tile_legal_plays_finds(options, seed):
    """What a seat that cannot play shows it lacks: read off the open numbers, it is the
    same set of tiles the full search for legal plays finds, obligations and all."""
    for state, _ in playout(options, seed):
        if state.layout.tiles:
            found = {m.tile for m in rules.legal_plays(state.layout, ALL_TILES)}
            mask = rules.playable_mask(state.layout)
            assert {t for t in ALL_TILES if mask >> t & 1} == found, state.notation()


@bounded
@given(options_strategy, seeds)
def test_a_seat_never_holds_a_tile_it_showed_it_lacks(options, seed):
    """Drawing or passing shows a seat holds no tile that fits: what the state records as
    absent from a seat's hand is never in it, whatever it drew or was dealt since (but for
    the tile it has just drawn and may still play)."""
    for state, _ in playout(options, seed):
        for seat, hand in enumerate(state.hands):
            held = [t for t in hand if t != state.drawn or seat != state.turn]
            assert not any(state.absent[seat] >> t & 1 for t in held), (seat, state.notation())


@settings(max_examples=15, deadline=None)
@given(options_strategy, seeds)
def test_every_listed_move_is_accepted(options, seed):
    """`legal_moves()` is exactly what `apply()` accepts: each listed move applies to a copy."""
    for state, _ in playout(options, seed):
        if state.to_act() in (None, -1):
            continue
        for move in state.legal_moves():
            state.clone().apply(move)


@bounded
@given(options_strategy, seeds)
def test_a_view_never_shows_another_seats_tiles_or_the_pile(options, seed):
    """A seat sees its own hand and the table; other hands and the pile stay hidden. (The
    view's `absent` names tiles a seat showed it lacks: public, and checked below to be
    sound; `passed_over` names tiles that fitted when a seat played a lighter one: public,
    a guess read off the table.) A chance step's public description names no hidden tile either."""
    for state, step in playout(options, seed):
        on_table = set(state.layout.tiles)
        for seat in [None, *range(state.num_players)]:
            own = set(state.hands[seat]) if seat is not None else set()
            view = state.view(seat)
            del view["absent"], view["passed_over"]
            shown = tiles_named(json.dumps(view))
            assert shown <= on_table | own, (seat, state.notation())
        if state.to_act() == -1 and step is not None:
            public, _, _ = story.describe_outcome(state, step)
            after = state.clone()
            after.apply_chance(step)
            assert tiles_named(public) <= set(after.layout.tiles) | on_table
