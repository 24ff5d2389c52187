"""The proof that an observation holds only the view: `check_view_only`, and the random
positions it is run on. Apart from the encoders (gamenight.envs.observations, which
re-exports these names) so that they stay plain Python in the compiled build: mypyc cannot
compile a subclass of AssertionError."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gamenight.engine.protocol import CHANCE, Game, State


class LeakError(AssertionError):
    """Two states with the same view gave different observations."""


def check_view_only(
    game: Game,
    observe: Callable[[State, int], Any],
    states: Sequence[State],
    samples: int = 2,
    seed: int = 0,
) -> int:
    """For each state and seat: draw `samples` states with that seat's view
    (`game.sample_state`), check that the view is the same, and that `observe(state, seat)`
    gives identical arrays for all of them; LeakError names the first difference. Returns
    how many comparisons were made."""
    rng = random.Random(seed)
    compared = 0
    for state in states:
        if state.to_act() is None:
            continue
        for seat in range(state.num_players):
            view = state.view(seat)
            want = np.asarray(observe(state, seat))
            for _ in range(samples):
                other = game.sample_state(view, rng)
                if other.view(seat) != view:
                    raise AssertionError("sample_state gave a state with another view")
                got = np.asarray(observe(other, seat))
                if got.shape != want.shape or got.dtype != want.dtype or not np.array_equal(got, want):
                    where = np.flatnonzero(got != want)[:5] if got.shape == want.shape else "shape"
                    raise LeakError(f"seat {seat}: two states with one view gave different tensors (at {where})")
                compared += 1
    return compared


def random_states(game: Game, games: int, rng: random.Random, every: int = 1) -> list[State]:
    """Positions at rest from random games (a seat to decide), for checks."""
    out: list[State] = []
    for _ in range(games):
        state = game.new_state()
        step = 0
        while (who := state.to_act()) is not None:
            if who == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply_chance(rng.choices([x for x, _ in outcomes], [w for _, w in outcomes])[0])
                continue
            if step % every == 0:
                out.append(state.clone())
            step += 1
            state.apply(rng.choice(list(state.legal_moves())))
    return out
