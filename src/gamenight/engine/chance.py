"""Chance outcomes, sampled with an injected generator (never the global one)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def sample(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """One outcome, drawn with exactly one `rng.random()` call (replays depend on that)."""
    r = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]  # float rounding: r landed past the last partial sum


def uniform(items: Sequence[T]) -> list[tuple[T, float]]:
    p = 1.0 / len(items)
    return [(item, p) for item in items]
