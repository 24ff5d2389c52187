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

import argparse
import hashlib
import random
from typing import Any

from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game

OPTIONS: list[dict[str, Any]] = [
    {"players": players, "fireball_mode": mode, "any_way_cards": any_way}
    for players in (2, 3, 4)
    for mode, any_way in (("probabilistic", False), ("deterministic", False), ("probabilistic", True))
]


def play(options: dict[str, Any], seed: int, clones: bool, reread: bool, digest: Any) -> int:
    """One seeded game, every step fed to `digest`; the number of steps."""
    game = make_game("fireball-island", options)
    state: Any = game.new_state()
    rng = random.Random(seed)
    steps = 0
    while (seat := state.to_act()) is not None:
        steps += 1
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            digest.update(repr([(state.outcome_notation(o), round(p, 12)) for o, p in outcomes]).encode())
            outcome = sample(outcomes, rng)
            digest.update(state.outcome_notation(outcome).encode())
            state.apply_chance(outcome)
        else:
            legal = state.legal_moves()
            digest.update(f"{seat}:{[state.move_notation(m) for m in legal]}".encode())
            move = rng.choice(legal)
            digest.update(state.move_notation(move).encode())
            if clones:
                state = state.clone()
            state.apply(move)
        text = state.notation()
        digest.update(text.encode())
        if reread:
            state = game.state_from_notation(text)
    digest.update(repr((state.scores(), state.returns())).encode())
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=150)
    args = parser.parse_args()
    digest = hashlib.sha256()
    steps = 0
    for game in range(args.games):
        steps += play(OPTIONS[game % len(OPTIONS)], game, game % 5 == 4, game % 7 == 6, digest)
    print(f"{args.games} games, {steps} steps: {digest.hexdigest()}")


if __name__ == "__main__":
    main()
