"""The same seeded Highrise games before and after a speed change: one hash of every step.

A speed change to the rules must not change a single game. This plays seeded random games of
Highrise, 2, 3 and 4 players on both bases (one hand, and games to 300), exactly as
playouts.py does (chance through `engine.chance.sample`, decisions by `rng.choice`), and
hashes, step by step: the legal moves (their notation), the chance outcomes, the choice or
the outcome drawn, and the position's notation. Every fifth game goes on from a clone at each
decision, so that clones are checked too. Run it before and after; the digests must agree.

    PYTHONPATH=src .venv/bin/python benchmarks/highrise_same_games.py              # 400 games
    PYTHONPATH=src .venv/bin/python benchmarks/highrise_same_games.py --games 60
"""

from __future__ import annotations

from typing import Any

from same_games import main  # benchmarks/same_games.py, beside this script

OPTIONS: list[dict[str, Any]] = [
    {"players": players, "basement_layout": base, **length}
    for players in (2, 3, 4)
    for base in ("4x4", "2x8")
    for length in ({"hands": 1}, {"target_score": 300})
]


if __name__ == "__main__":
    main("highrise", OPTIONS, 400, None, __doc__)
