"""check_game(): the generic checks every registered game must pass.

They drive seeded random games through the protocol only and check, at every step:
legal moves apply and nothing else does (an illegal move raises and changes nothing),
chance outcomes are distinct with probabilities summing to 1, clones are independent,
the position notation parses back, views are JSON-ready and survive a change of the
hidden information, and `sample_state(view)` gives a state with that same view. Over
whole games: the same seed gives the same game, and records replay exactly.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence

from gamenight.engine.chance import sample
from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.match import Match
from gamenight.engine.protocol import CHANCE, Game, Move, State, View
from gamenight.engine.record import Record, replay


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where (seed, step, position)."""


class _RandomAgent:
    name = "random"

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(legal)


def check_game(game: Game, seeds: Sequence[int] = (0, 1), samples_per_step: int = 1) -> int:
    """Run every check over one random game per seed; returns the number of steps checked."""
    steps = 0
    for seed in seeds:
        steps += _check_playout(game, seed, samples_per_step)
        _check_determinism_and_records(game, seed)
    return steps


def _fail(seed: int, step: int, state: State, what: str) -> ConformanceError:
    return ConformanceError(f"seed {seed}, step {step}: {what}\n  position: {state.notation()}")


def _check_playout(game: Game, seed: int, samples_per_step: int) -> int:
    rng = random.Random(seed)
    state = game.new_state()
    seen_moves: list[Move] = []  # moves legal somewhere: candidates for illegal ones elsewhere
    step = 0
    while True:
        _check_position(game, state, seed, step, rng, samples_per_step)
        actor = state.to_act()
        if actor is None:
            if state.legal_moves() or state.chance_outcomes():
                raise _fail(seed, step, state, "a finished game still offers moves or chance")
            if len(state.returns()) != state.num_players:
                raise _fail(seed, step, state, "returns() must give one value per seat")
            return step
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            _check_chance(outcomes, seed, step, state)
            state.apply_chance(sample(outcomes, rng))
        else:
            legal = list(state.legal_moves())
            _check_decision(state, legal, seen_moves, seed, step, rng)
            seen_moves.extend(legal[:4])
            del seen_moves[:-200]
            state.apply(rng.choice(legal))
        step += 1


def _check_chance(outcomes: Sequence[tuple[object, float]], seed: int, step: int, state: State) -> None:
    if not outcomes:
        raise _fail(seed, step, state, "a chance step with no outcomes")
    if not math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9):
        raise _fail(seed, step, state, "chance probabilities do not sum to 1")
    if any(p <= 0 for _, p in outcomes):
        raise _fail(seed, step, state, "a chance outcome with probability <= 0")
    if len({o for o, _ in outcomes}) != len(outcomes):
        raise _fail(seed, step, state, "the same chance outcome is listed twice")
    if state.legal_moves():
        raise _fail(seed, step, state, "a chance step also offers decisions")


def _check_decision(
    state: State, legal: list[Move], seen: list[Move], seed: int, step: int, rng: random.Random
) -> None:
    if not legal:
        raise _fail(seed, step, state, f"seat {state.to_act()} is to act but has no legal move")
    if len(set(legal)) != len(legal):
        raise _fail(seed, step, state, "the same move is listed twice")
    before = state.notation()
    for move in legal:
        text = state.move_notation(move)
        if state.parse_move(text) != move:
            raise _fail(seed, step, state, f"move notation {text!r} does not parse back")
        child = state.clone()
        child.apply(move)  # must not raise
        if state.notation() != before:
            raise _fail(seed, step, state, f"applying {text!r} to a clone changed the original")
    legal_set = set(legal)
    for move in rng.sample(seen, min(len(seen), 8)):
        if move in legal_set:
            continue
        probe = state.clone()
        try:
            probe.apply(move)
        except IllegalMoveError as exc:
            if not str(exc):
                raise _fail(seed, step, state, f"{move!r} was refused without a reason") from None
        else:
            raise _fail(seed, step, state, f"{move!r} is not a legal move, but apply() took it")
        if probe.notation() != before:
            raise _fail(seed, step, state, f"the refused move {move!r} changed the state")


def _check_position(game: Game, state: State, seed: int, step: int, rng: random.Random, samples: int) -> None:
    text = state.notation()
    again = game.state_from_notation(text)
    if again.notation() != text:
        raise _fail(seed, step, state, "position notation does not parse back to itself")
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        if again.view(seat) != view:
            raise _fail(seed, step, state, f"the view of seat {seat} differs after a notation round trip")
        try:
            json.dumps(view)
        except (TypeError, ValueError) as exc:
            raise _fail(seed, step, state, f"the view of seat {seat} is not JSON-ready: {exc}") from None
        for _ in range(samples):
            sampled = game.sample_state(view, rng)
            if sampled.view(seat) != view:
                raise _fail(seed, step, state, f"sample_state(view of seat {seat}) has another view")
            if seat is not None and sampled.to_act() == seat and sampled.legal_moves() != state.legal_moves():
                raise _fail(seed, step, state, "a sampled state offers the seat to act other moves")


def _check_determinism_and_records(game: Game, seed: int) -> None:
    def play() -> Record:
        state = game.new_state()
        return Match(game, [_RandomAgent() for _ in range(state.num_players)], seed).run()

    first, second = play(), play()
    if first.to_json() != second.to_json():
        raise ConformanceError(f"seed {seed}: the same seed gave two different games")
    loaded = Record.from_json(json.loads(first.dumps()))
    if loaded.to_json() != first.to_json():
        raise ConformanceError(f"seed {seed}: the record does not survive a JSON round trip")
    final = replay(loaded)
    if final.scores() != first.result:
        raise ConformanceError(f"seed {seed}: the replay ends with {final.scores()}, not {first.result}")
