"""Invariants over random seeded playouts (STYLE.md: dominoes are neither created nor lost,
notation round-trips, views never leak, sampled states agree with the view).

Each example draws a seed and options; the playout picks random legal moves and samples
chance with `random.Random(seed)`. Low targets make hands end and games finish within
the step budget, so every phase is visited.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.engine.notation import plural
from gamenight.games.highrise import rules, story
from gamenight.games.highrise.moves import PLAY
from gamenight.games.highrise.state import HighriseState
from gamenight.games.highrise.tiles import ALL_TILES, SPACERS, TILES

from ..helpers import random_playout
from .conftest import game

MAX_STEPS = 400
TILE_NAME = re.compile(r"[0-6W]-[0-6W]")

options_strategy = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "basement_layout": st.sampled_from(["4x4", "2x8"]),
        "target_score": st.sampled_from([50, 150, 300]),
        "hands": st.sampled_from([None, 1, 2]),
        "tie_break": st.sampled_from(["share", "extra_hand"]),
        "opponents_subtract_on_out": st.booleans(),
    }
)
seeds = st.integers(0, 2**32 - 1)
bounded = settings(max_examples=30, deadline=None)


def playout(options: dict[str, Any], seed: int) -> Iterator[tuple[HighriseState, Any]]:
    return random_playout(game(**options), seed, MAX_STEPS)


def tiles_named(text: str) -> set[int]:
    return {TILES.parse(name) for name in TILE_NAME.findall(text)}


@bounded
@given(options_strategy, seeds)
def test_the_36_dominoes_and_12_spacers_are_never_created_or_lost(options, seed):
    """Tower + hands + draw pile is always exactly the set (D-HR-1); spacers in the tower plus
    spacers left is always 12 (D-HR-3)."""
    for state, _ in playout(options, seed):
        everywhere = state.tower.tiles() + [t for hand in state.hands for t in hand] + state.pile
        assert sorted(everywhere) == list(ALL_TILES)
        assert state.tower.spacers_left + state.tower.spacers_in_tower() == SPACERS


@bounded
@given(options_strategy, seeds)
def test_every_domino_in_the_tower_lies_level_on_two_different_dominoes(options, seed):
    """D-HR-3 as a fact about every tower that play builds: a domino's two halves lie at its
    level; under each half is a domino half or a spacer, and the two halves directly under it
    (looking through a spacer) belong to two different dominoes; the top of every cell is a
    domino half, never a bare spacer."""
    for state, _ in playout(options, seed):
        tower = state.tower
        for piece in tower.pieces[8:]:
            assert tower.layer(piece.a, piece.level).tile == piece.tile
            assert tower.layer(piece.b, piece.level).tile == piece.tile
            under = []
            for c in (piece.a, piece.b):
                below = tower.layer(c, piece.level - 1)
                if c == piece.spacer:
                    assert below.is_spacer
                    below = tower.layer(c, piece.level - 2)
                assert not below.is_spacer
                under.append(below.tile)
            assert under[0] != under[1]
        for c, stack in enumerate(tower.stacks):
            assert len(stack) - 1 == tower.height[c]
            assert not stack or not stack[-1].is_spacer


@bounded
@given(options_strategy, seeds)
def test_the_position_notation_reads_back_exactly_at_every_step(options, seed):
    g = game(**options)
    for state, _ in playout(options, seed):
        text = state.notation()
        again = g.state_from_notation(text)
        assert again.notation() == text
        assert again.to_act() == state.to_act()
        assert again.legal_moves() == state.legal_moves()
        assert list(again.chance_outcomes()) == list(state.chance_outcomes())


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


@settings(max_examples=15, deadline=None)
@given(options_strategy, seeds)
def test_every_listed_move_is_accepted_and_scores_what_its_description_says(options, seed):
    """`legal_moves()` is exactly what `apply()` accepts; a play scores pips times level, never less than 0."""
    for state, _ in playout(options, seed):
        if state.to_act() in (None, -1):
            continue
        for move in state.legal_moves():
            child = state.clone()
            before = child.totals[child.turn]
            description = story.describe(state, move)
            child.apply(move)
            if move.kind == PLAY and child.hand_number == state.hand_number and not child.is_over():  # the hand goes on
                gained = child.totals[state.turn] - before
                assert gained >= 0
                assert description.endswith(f"for {plural(gained, 'point')}")  # "1 point", "0 points"


@bounded
@given(options_strategy, seeds)
def test_a_view_never_shows_another_seats_dominoes_or_the_pile(options, seed):
    """A seat sees its own hand and the tower; other hands and the pile stay hidden. (The
    view's `absent` names dominoes a seat showed it lacks: public, and checked below to be
    sound.) A chance step's public description names no hidden domino either."""
    for state, step in playout(options, seed):
        on_table = set(state.tower.tiles())
        for seat in [None, *range(state.num_players)]:
            own = set(state.hands[seat]) if seat is not None else set()
            view = state.view(seat)
            del view["absent"]
            shown = tiles_named(json.dumps(view))
            assert shown <= on_table | own, (seat, state.notation())
        if state.to_act() == -1 and step is not None:
            public, _, _ = story.describe_outcome(state, step)
            after = state.clone()
            after.apply_chance(step)
            assert tiles_named(public) <= set(after.tower.tiles())


@bounded
@given(options_strategy, seeds)
def test_playable_mask_is_every_domino_legal_plays_finds(options, seed):
    """What a seat that cannot play shows it lacks: read off the places, it is the same set
    of dominoes the full search for legal plays finds."""
    for state, _ in playout(options, seed):
        if state.tower.basement_full():
            found = {m.tile for m in rules.legal_plays(state.tower, ALL_TILES)}
            mask = rules.playable_mask(state.tower)
            assert {t for t in ALL_TILES if mask >> t & 1} == found, state.notation()


@bounded
@given(options_strategy, seeds)
def test_a_seat_never_holds_a_domino_it_showed_it_lacks(options, seed):
    """Drawing or passing shows a seat holds no domino that fits: what the state records as
    absent from a seat's hand is never in it, whatever it drew since (but for the domino it
    has just drawn and may still play)."""
    for state, _ in playout(options, seed):
        for seat, hand in enumerate(state.hands):
            held = [t for t in hand if t != state.drawn or seat != state.turn]
            assert not any(state.absent[seat] >> t & 1 for t in held), (seat, state.notation())


@bounded
@given(options_strategy, seeds, seeds)
def test_a_state_sampled_from_a_view_has_that_view(options, seed, sampling_seed):
    """sample_state(view).view(seat) == view, and the seat to act is offered the same moves."""
    g = game(**options)
    rng = random.Random(sampling_seed)
    for state, _ in playout(options, seed):
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            sampled = g.sample_state(view, rng)
            assert sampled.view(seat) == view
            if seat is not None and state.to_act() == seat:
                assert sampled.legal_moves() == state.legal_moves()


def plays_read_from_the_stacks(state: HighriseState, tiles: list[int]) -> set[str]:
    """Every legal play, found the slow way from the stacks alone, straight from the rulebook's
    words: two cells next to each other (by their coordinates), the tops of two different
    dominoes, on the same level or one level apart with a spacer on the lower (if one is left),
    each half equal to the half it covers or either of them wild."""
    tower = state.tower
    base = tower.base
    spacers_left = SPACERS - sum(layer.is_spacer for stack in tower.stacks for layer in stack)
    found = set()
    for a in range(base.size):
        for b in range(a + 1, base.size):
            (ra, ca), (rb, cb) = divmod(a, base.cols), divmod(b, base.cols)
            if abs(ra - rb) + abs(ca - cb) != 1:
                continue
            top_a, top_b = tower.stacks[a][-1], tower.stacks[b][-1]
            if top_a.tile == top_b.tile:
                continue
            ha, hb = len(tower.stacks[a]) - 1, len(tower.stacks[b]) - 1
            if ha == hb:
                raised = ""
            elif abs(ha - hb) == 1 and spacers_left > 0:
                raised = "a" if ha < hb else "b"
            else:
                continue
            for t in tiles:
                for x, y in {TILES.halves[t], TILES.halves[t][::-1]}:
                    if all(h == v or "W" in (h, v) for h, v in ((SYM[x], SYM[top_a.half]), (SYM[y], SYM[top_b.half]))):
                        cell_a = base.cell_names[a] + ("^" if raised == "a" else "")
                        cell_b = base.cell_names[b] + ("^" if raised == "b" else "")
                        found.add(f"{SYM[x]}-{SYM[y]}@{cell_a},{cell_b}")
    return found


SYM = TILES.symbols


@bounded
@given(options_strategy, seeds)
def test_the_legal_plays_are_exactly_those_the_rules_allow_read_from_the_stacks(options, seed):
    """The fast move generator (a precomputed table of side-by-side cells and the tops of the
    stacks) agrees with a slow reading of the rules from the stacks, for every hand at every step."""
    for state, _ in playout(options, seed):
        if not state.tower.basement_full():
            continue
        for hand in state.hands:
            fast = [state.move_notation(m) for m in rules.legal_plays(state.tower, hand)]
            assert len(fast) == len(set(fast))
            assert set(fast) == plays_read_from_the_stacks(state, hand), state.notation()
