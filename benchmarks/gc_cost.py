"""What Python's garbage collector costs a long simulation: the share of a `Match` step's time
spent collecting, by generation, and what one full collection costs once the games' caches
are warm (benchmarks/README.md, *Garbage collection in long simulations*).

    .venv/bin/python benchmarks/gc_cost.py                               # every game, 4 s each
    .venv/bin/python benchmarks/gc_cost.py --only fireball-island --seconds 6 --games 200

Each game is played as `drivers.py` plays it (random bots, four players), through `Match`
without words as the arena plays it, for a CPU-time budget; `gc.callbacks` time every
collection. Then `--games` more games warm the caches, and the tracked objects are counted
and a full collection timed (the best of three). To compare two commits, run it on each
(`git archive <commit> src` into a folder, `PYTHONPATH` set to its `src`).
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any

from drivers import GAMES, match_untold  # benchmarks/drivers.py, beside this script
from gamenight.engine.registry import make_game


def collecting(game: Any, seconds: float) -> tuple[float, list[tuple[int, float]]]:
    """µs a decision, and per generation (collections, share of the time)."""
    spent = {0: [0, 0.0], 1: [0, 0.0], 2: [0, 0.0]}
    began = [0.0]

    def clock(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            row = spent[info["generation"]]
            row[0] += 1
            row[1] += time.perf_counter() - began[0]

    match_untold(game, 0)  # warm up
    gc.callbacks.append(clock)
    try:
        start, decisions, seed = time.process_time(), 0, 1
        while time.process_time() - start < seconds:
            decisions += match_untold(game, seed)
            seed += 1
        elapsed = time.process_time() - start
    finally:
        gc.callbacks.remove(clock)
    return 1e6 * elapsed / decisions, [(int(n), t / elapsed) for n, t in spent.values()]


def full_collection(game: Any, games: int) -> tuple[int, float]:
    """Tracked objects after `games` more games, and ms for one full collection (best of 3)."""
    for seed in range(games):
        match_untold(game, 1000 + seed)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        gc.collect()
        best = min(best, time.perf_counter() - start)
    return len(gc.get_objects()), 1e3 * best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--games", type=int, default=200, help="games played before the full collection is timed")
    parser.add_argument("--only", default="", help="comma-separated game names")
    args = parser.parse_args()
    names = [n for n in GAMES if not args.only or n in args.only.split(",")]
    print(f"{'game':16} {'µs/decision':>11} {'young':>14} {'middle':>14} {'full':>14} {'tracked':>8} {'one full':>9}")
    for name in names:
        game = make_game(name, GAMES[name])
        per, generations = collecting(game, args.seconds)
        tracked, full_ms = full_collection(game, args.games)
        cells = " ".join(f"{n:>5} = {100 * share:4.1f}%" for n, share in generations)
        print(f"{name:16} {per:11.2f} {cells} {tracked:>8,} {full_ms:7.1f}ms")


if __name__ == "__main__":
    main()
