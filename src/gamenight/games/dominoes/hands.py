"""Hands and the pile: what the three domino games do alike with the tiles nobody sees."""

from __future__ import annotations

import random
from collections.abc import Sequence


def deal_unseen(
    unseen: Sequence[int], sizes: Sequence[int], seat: int | None, own: list[int], rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """Deal the unseen tiles at random to every hand but `seat`'s (which holds `own`), each
    as many as `sizes` says: (the hands, the rest as the pile, sorted). For sample_state:
    a full deal that agrees with what one seat (or, with seat None, a spectator) sees."""
    rest = list(unseen)
    rng.shuffle(rest)
    hands = []
    for s, size in enumerate(sizes):
        if s == seat:
            hands.append(own)
        else:
            hands.append(rest[:size])
            del rest[:size]
    return hands, sorted(rest)
