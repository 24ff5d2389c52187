"""Invariants over random seeded playouts (STYLE.md: tiles are neither created nor lost,
notation round-trips, replays reproduce, views never leak).

Each example draws a seed and options; the playout picks random legal moves and samples
chance with `random.Random(seed)`. Short games (1 to 3 hands) finish within the step
budget, so every phase is visited, the end of a game included.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.bots.basic import RandomBot
from gamenight.engine.match import Match
from gamenight.engine.record import Record, replay
from gamenight.engine.registry import make_game
from gamenight.games.wildstar import story
from gamenight.games.wildstar.state import WildstarState
from gamenight.games.wildstar.tiles import ALL_TILES, parse

from ..helpers import random_playout

MAX_STEPS = 600
# A tile named anywhere: a-b (also inside a layout entry, 9-4@e0), or a star standing alone
# (S, SS@e3), not the S of a single star's play S-7@e3.
TILE_NAME = re.compile(r"(?<![\w-])(\d-\d|SS?)(?![\w-])")


@st.composite
def options_strategy(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 8))
    return {
        "players": players,
        "partners": players % 2 == 0 and draw(st.booleans()),
        "hands": draw(st.integers(1, 3)),
        "doubles_branch": draw(st.booleans()),
        "winner_leads_after_set": draw(st.booleans()),
        "winner_collects": draw(st.booleans()),
    }


seeds = st.integers(0, 2**32 - 1)
bounded = settings(max_examples=12, deadline=None)


def playout(options: dict[str, Any], seed: int) -> Iterator[tuple[WildstarState, Any]]:
    return random_playout(make_game("wildstar", options), seed, MAX_STEPS)


def tiles_named(view: dict[str, Any]) -> list[int]:
    """Every tile a view names, but for `centre`: the hand's double is public from the start
    (R-WS: 9-9 first, then each lower double), wherever it lies."""
    shown = {key: value for key, value in view.items() if key != "centre"}
    return [parse(name) for name in TILE_NAME.findall(json.dumps(shown))]


@bounded
@given(options_strategy(), seeds)
def test_the_60_tiles_are_never_created_or_lost(options, seed):
    """Layout + hands + draw pile is always exactly the set: 55 numbered tiles, four single
    stars, one double star (R-WS; D-WS-1)."""
    for state, _ in playout(options, seed):
        everywhere = state.layout.tiles + [t for hand in state.hands for t in hand] + state.pile
        assert sorted(everywhere) == sorted(ALL_TILES)


@bounded
@given(options_strategy(), seeds)
def test_the_position_notation_reads_back_exactly_at_every_step(options, seed):
    game = make_game("wildstar", options)
    for state, _ in playout(options, seed):
        text = state.notation()
        again = game.state_from_notation(text)
        assert again.notation() == text
        assert again.to_act() == state.to_act()
        assert again.legal_moves() == state.legal_moves()
        assert list(again.chance_outcomes()) == list(state.chance_outcomes())


@bounded
@given(options_strategy(), seeds)
def test_every_legal_move_and_chance_outcome_round_trips_through_its_notation(options, seed):
    for state, _ in playout(options, seed):
        if state.to_act() == -1:
            outcomes = list(state.chance_outcomes())
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            for outcome, _ in outcomes:
                assert state.parse_outcome(state.outcome_notation(outcome)) == outcome
            continue
        for move in state.legal_moves():
            assert state.parse_move(state.move_notation(move)) == move


@bounded
@given(options_strategy(), seeds)
def test_a_view_never_shows_another_seats_tiles_or_the_pile(options, seed):
    """A seat sees its own hand and the table; other hands and the pile stay hidden. A chance
    step's public description names no hidden tile either."""
    for state, step in playout(options, seed):
        on_table = set(state.layout.tiles)
        for seat in [None, *range(state.num_players)]:
            own = set(state.hands[seat]) if seat is not None else set()
            assert set(tiles_named(state.view(seat))) <= on_table | own, (seat, state.notation())
        if state.to_act() == -1 and step is not None:
            public, _, _ = story.describe_outcome(state, step)
            after = state.clone()
            after.apply_chance(step)
            named = {parse(name) for name in TILE_NAME.findall(public)}
            assert named <= set(after.layout.tiles) | on_table


@bounded
@given(options_strategy(), seeds, st.integers(0, 2**32 - 1))
def test_a_state_sampled_from_a_view_has_that_same_view(options, seed, sample_seed):
    """`sample_state(view)` deals the unseen tiles at random to the hidden places: the state it
    gives shows every seat's view unchanged (what search bots rely on)."""
    game = make_game("wildstar", options)
    rng = random.Random(sample_seed)
    for state, _ in playout(options, seed):
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            sampled = game.sample_state(view, rng)
            assert sampled.view(seat) == view


@settings(max_examples=8, deadline=None)
@given(options_strategy(), seeds)
def test_a_record_replays_to_the_same_game(options, seed):
    """engine/record.py: replaying a record re-runs every step, checks it, and ends in the
    same position with the same result."""
    game = make_game("wildstar", options)
    match = Match(game, [RandomBot() for _ in range(options["players"])], seed)
    record = match.run()
    again = replay(Record.from_json(json.loads(record.dumps())))
    assert again.notation() == match.state.notation()
    assert again.scores() == record.result
