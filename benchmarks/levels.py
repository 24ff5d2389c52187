"""The bot levels measured (issue 30 item 2): one round robin per game, every pair of levels
playing the same number of two-player games (seats swapped every other game, each pair of
games on one deal), and one openskill PlackettLuce rating per level from all of a game's
games, in the order they were played. docs/bots.md quotes its table.

    .venv/bin/python benchmarks/levels.py --games 40 --seed 0 --keep results/levels.jsonl
    .venv/bin/python benchmarks/levels.py --games 40 --only highrise --levels easy,medium,hard

With --keep FILE each pair's games are written to FILE as soon as they are played, and a pair
already there (same game, levels, games and seed) is not played again: a run stopped half way
goes on where it stopped, and the ratings come from every game kept.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from gamenight.sim.arena import run_arena
from gamenight.sim.results import ArenaConfig

GAMES: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 2, "rounds": 1},
    "wildstar": {"players": 2, "hands": 1},
    "highrise": {"players": 2, "hands": 1},
    "fireball-island": {"players": 2},
}
"""Short games, so that a round robin fits a loaded machine: one round or hand of the domino
games, a whole Fireball Island game."""
LEVELS = ("easy", "medium", "hard", "expert")


def rate(played: list[Any], levels: tuple[str, ...]) -> dict[str, dict[str, float]]:
    """One openskill PlackettLuce rating per level from every pair's games, taken in turn (the
    first game of each pair, then the second of each...), so that no pair's games all come
    before another's: each game rates its two levels (teams of one) by their results, a draw
    (nobody won) as a tie. (`sim.report.rate` rates arenas in which every entrant plays every
    game.)"""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {level: model.rating(name=level) for level in levels}
    in_turn = [g for games in itertools.zip_longest(*played) for g in games if g is not None]
    for game in in_turn:
        a, b = game.seats
        rated = model.rate([[current[a]], [current[b]]], ranks=[-game.returns[0], -game.returns[1]])
        current[a], current[b] = rated[0][0], rated[1][0]
    return {level: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for level, r in current.items()}


def kept(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def round_robin(
    game: str, levels: tuple[str, ...], games: int, seed: int, workers: int, keep: Path | None
) -> dict[str, Any]:
    played: list[Any] = []
    pairs: dict[str, dict[str, float]] = {}
    start = time.perf_counter()
    done = kept(keep)
    # The stronger pairs last (a stopped run has the weaker levels' whole round robin).
    order = sorted(itertools.combinations(levels, 2), key=lambda pair: (levels.index(pair[1]), levels.index(pair[0])))
    for a, b in order:
        key = {"game": game, "pair": [a, b], "games": games, "seed": seed}
        found = next((p for p in done if {k: p[k] for k in key} == key), None)
        if found is None:
            config = ArenaConfig(game, (a, b), games, seed, GAMES[game])
            result = run_arena(config, workers=workers)
            found = {**key, "played": [{"seats": g.seats, "returns": g.returns} for g in result.games]}
            if keep is not None:
                with keep.open("a") as out:
                    out.write(json.dumps(found) + "\n")
        results = [SimpleNamespace(seats=tuple(g["seats"]), returns=tuple(g["returns"])) for g in found["played"]]
        played.append(results)
        wins_a = sum(g.returns[g.seats.index(a)] for g in results)
        wins_b = sum(g.returns[g.seats.index(b)] for g in results)
        pairs[f"{a} v {b}"] = {a: wins_a, b: wins_b, "games": games}
        print(f"{game}: {a} v {b}: {wins_a:g}-{wins_b:g} of {games}", flush=True)
    ratings = rate(played, levels)
    return {
        "game": game,
        "options": GAMES[game],
        "games_per_pair": games,
        "seed": seed,
        "pairs": pairs,
        "ratings": ratings,
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
    parser.add_argument("--keep", type=Path, help="each pair's games, as JSON lines: played once, reused after")
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    results = []
    for game in args.only.split(","):
        found = round_robin(game, levels, args.games, args.seed, args.workers, args.keep)
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
