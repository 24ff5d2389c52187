"""The same seeded games before and after a speed change: one hash of every step (the shared
part of `highrise_same_games.py` and `fireball_island_same_games.py`).

A speed change to the rules must not change a single game. `play` plays one seeded random
game exactly as playouts.py does (chance through `engine.chance.sample`, decisions by
`rng.choice`) and hashes, step by step: the legal moves (their notation), the chance
outcomes, the choice or the outcome drawn, and the position's notation. With `clones` the
game goes on from a clone at each decision, with `reread` from its position's notation read
back at each step, so that clones and notation round trips are checked too.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from typing import Any

from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game


def play(name: str, options: dict[str, Any], seed: int, clones: bool, reread: bool, digest: Any) -> int:
    """One seeded game of `name`, every step fed to `digest`; the number of steps."""
    game = make_game(name, options)
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


def main(name: str, options: list[dict[str, Any]], games: int, reread_every: int | None, doc: str | None) -> None:
    """The command line of a game's script: `--games` seeded games (seed = the game's number),
    cycling through `options`; every fifth from clones, every `reread_every`th reread."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=games)
    args = parser.parse_args()
    digest = hashlib.sha256()
    steps = 0
    for game in range(args.games):
        reread = reread_every is not None and game % reread_every == reread_every - 1
        steps += play(name, options[game % len(options)], game, game % 5 == 4, reread, digest)
    print(f"{args.games} games, {steps} steps: {digest.hexdigest()}")
