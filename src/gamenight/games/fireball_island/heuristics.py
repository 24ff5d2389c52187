"""Game knowledge for bots, read from a view only (placeholder: first legal move)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.games.fireball_island.moves import Move


def greedy_move(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    return legal[0]
