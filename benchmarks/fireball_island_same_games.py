"""The same seeded Fireball Island games before and after a speed change: one hash of every step.

A speed change to the rules must not change a single game. This plays seeded random games of
Fireball Island, 2, 3 and 4 players (the probabilistic and the deterministic Fireball, the
cards' walks back and ahead and the any-way house rule), exactly as playouts.py does (chance
through `engine.chance.sample`, decisions by `rng.choice`), and hashes, step by step: the legal
moves (their notation), the chance outcomes, the choice or the outcome drawn, and the
position's notation. Every fifth game goes on from a clone at each decision, and every
seventh from its position's notation read back at each step, so that clones and notation
round trips are checked too. Run it before and after; the digests must agree.

    PYTHONPATH=src .venv/bin/python benchmarks/fireball_island_same_games.py              # 150 games
    PYTHONPATH=src .venv/bin/python benchmarks/fireball_island_same_games.py --games 30
"""

from __future__ import annotations

from typing import Any

from same_games import main  # benchmarks/same_games.py, beside this script

OPTIONS: list[dict[str, Any]] = [
    {"players": players, "fireball_mode": mode, "any_way_cards": any_way}
    for players in (2, 3, 4)
    for mode, any_way in (("probabilistic", False), ("deterministic", False), ("probabilistic", True))
]


if __name__ == "__main__":
    main("fireball-island", OPTIONS, 150, 7, __doc__)
