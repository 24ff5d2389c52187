"""The bot levels measured (issue 30 item 2): one round robin per game, every pair of levels
playing the same number of two-player games (seats swapped every other game, each pair of
games on one deal), and one openskill PlackettLuce rating per level from all of a game's
games, in the order they were played. docs/bots.md quotes its table.

    .venv/bin/python benchmarks/levels.py --games 40 --seed 0
    .venv/bin/python benchmarks/levels.py --games 40 --only highrise --levels easy,medium,hard
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from typing import Any

from gamenight.sim.arena import run_arena
from gamenight.sim.report import rate
from gamenight.sim.results import ArenaConfig, GameResult

GAMES: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 2, "rounds": 1},
    "wildstar": {"players": 2, "hands": 1},
    "highrise": {"players": 2, "hands": 1},
    "fireball-island": {"players": 2},
}
"""Short games, so that a round robin fits a loaded machine: one round or hand of the domino
games, a whole Fireball Island game."""
LEVELS = ("easy", "medium", "hard", "expert")


def round_robin(game: str, levels: tuple[str, ...], games: int, seed: int, workers: int) -> dict[str, Any]:
    played: list[GameResult] = []
    pairs: dict[str, dict[str, float]] = {}
    start = time.perf_counter()
    for a, b in itertools.combinations(levels, 2):
        config = ArenaConfig(game, (a, b), games, seed, GAMES[game])
        result = run_arena(config, workers=workers)
        played.extend(result.games)
        wins_a = sum(g.returns[g.seats.index(a)] for g in result.games)
        wins_b = sum(g.returns[g.seats.index(b)] for g in result.games)
        pairs[f"{a} v {b}"] = {a: wins_a, b: wins_b, "games": games}
        print(f"{game}: {a} v {b}: {wins_a:g}-{wins_b:g} of {games}", flush=True)
    ratings, notes = rate(played, levels)
    return {
        "game": game,
        "options": GAMES[game],
        "games_per_pair": games,
        "seed": seed,
        "pairs": pairs,
        "ratings": {level: vars(r) for level, r in ratings.items()},
        "notes": notes,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per pair of levels (even: seats swap)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default=",".join(GAMES), help="comma list of games")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma list of levels")
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    results = []
    for game in args.only.split(","):
        found = round_robin(game, levels, args.games, args.seed, args.workers)
        results.append(found)
        ranked = sorted(found["ratings"].items(), key=lambda item: item[1]["ordinal"], reverse=True)
        for level, r in ranked:
            print(f"{game}: {level:7} mu {r['mu']:6.2f} sigma {r['sigma']:5.2f} ordinal {r['ordinal']:6.2f}")
        print(f"{game}: {found['seconds']:.0f} s", flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=1)


if __name__ == "__main__":
    main()
