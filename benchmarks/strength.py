"""Issue 30 item 1: how strong `hard` is against `greedy`, and how long it thinks, in CPU time.

Each game named plays `--games` arena games (`gamenight arena`'s seating: seats rotated every
game, each deal played once in every rotation, so a multiple of the number of seats keeps the
seats swapped), hard in one seat, greedy in the others: two-player Wildfire (one round),
Wildstar and Highrise (one hand), four-player Fireball Island (a whole game). Printed per
game: hard's win rate with its 95% Wilson interval, and the CPU seconds of hard's decisions
(those with two or more legal moves; `time.process_time` in the worker that plays the game,
so a loaded machine slows the run but not the figure): median, 95th percentile, maximum.

`--hard SPEC` puts another bot in hard's seat (`hard:iterations=600`, any spec the arena takes);
`--against SPEC` also plays SPEC on the same games and prints the difference deal by deal,
with a 95% interval from the spread of the per-deal differences (each deal's games are the
same for both bots, so the luck of the deal cancels out).

    .venv/bin/python benchmarks/strength.py --games 200 --seed 7001 --only highrise,wildfire,wildstar
    .venv/bin/python benchmarks/strength.py --seed 7002 --only highrise --hard hard:iterations=600 --against hard

With --keep FILE each game's result goes to FILE (JSON lines) as it finishes, and a game
already there (same game, bot, seed and index) is not played again: a stopped run
goes on where it stopped, and a paired comparison can be read back from two runs' lines.
docs/bots.md quotes the figures and names the seeds (none of them used for tuning).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from gamenight.sim.arena import play_chunk
from gamenight.sim.report import percentile, wilson_interval
from gamenight.sim.results import ArenaConfig

GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "wildfire": ({"rounds": 1}, 2),
    "wildstar": ({"hands": 1}, 2),
    "highrise": ({"hands": 1}, 2),
    "fireball-island": ({}, 4),
}
"""Each game's options and number of seats, as issue 30's targets name them."""
CHUNK = 4
"""Games a worker plays per task: each kept as soon as its task is done."""


def _worker_setup() -> None:
    import gamenight.sim.arena as arena

    # The arena times a decision with time.perf_counter (wall time); here CPU time is the
    # figure, so the workers' arena reads the process's CPU clock instead.
    class _Clock:
        perf_counter = staticmethod(time.process_time)

    arena.time = _Clock  # type: ignore[attr-defined,assignment]


def play(game: str, spec: str, games: int, seed: int, workers: int, keep: Path | None) -> list[Any]:
    options, seats = GAMES[game]
    config = ArenaConfig(game, (spec,) + ("greedy",) * (seats - 1), games, seed, options)
    key = {"game": game, "spec": spec, "seed": seed}
    done = {}
    if keep is not None and keep.exists():
        for line in keep.read_text().splitlines():
            row = json.loads(line)
            if {k: row.get(k) for k in key} == key:
                done[row["index"]] = row
    todo = [i for i in range(games) if i not in done]
    if todo:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_setup) as pool:
            chunks = [todo[i : i + CHUNK] for i in range(0, len(todo), CHUNK)]
            for future in as_completed([pool.submit(play_chunk, config, chunk) for chunk in chunks]):
                for result in future.result():
                    row = {
                        **key,
                        "index": result.index,
                        "deal": result.deal,
                        "hard": result.returns[result.seats.index(spec)],
                        "think": list(result.think[result.seats.index(spec)]),
                    }
                    done[result.index] = row
                    if keep is not None:
                        with keep.open("a") as out:
                            out.write(json.dumps(row) + "\n")
    return [done[i] for i in range(games)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default=",".join(GAMES), help="comma list of games")
    parser.add_argument("--hard", default="hard", help="the searching bot's spec (default: hard)")
    parser.add_argument(
        "--against", help="also play this spec on the same games, and print the paired difference (deal by deal)"
    )
    parser.add_argument("--keep", type=Path, help="each game's result, as JSON lines: played once, reused after")
    args = parser.parse_args()
    if "greedy" in (args.hard, args.against):
        # Its seats would not be told from greedy's own: to measure greedy, name it medium.
        parser.error("--hard and --against play against greedy: give another spec (medium is greedy by name)")
    for game in args.only.split(","):
        if game not in GAMES:
            parser.error(f"--only: no game {game!r}; the games are {', '.join(GAMES)}")
        start = time.perf_counter()
        rows = play(game, args.hard, args.games, args.seed, args.workers, args.keep)
        if args.against:
            base = play(game, args.against, args.games, args.seed, args.workers, args.keep)
            report(game, args.against, args.seed, base, 0.0)
            print(f"{game}: {args.hard} minus {args.against}: {paired(rows, base)}", flush=True)
        report(game, args.hard, args.seed, rows, time.perf_counter() - start)


def paired(rows: list[Any], base: list[Any]) -> str:
    """The difference in win rate between two runs of the same games, with a 95% interval
    from the spread of the per-deal differences (each deal's games are the same in both)."""
    by_deal: dict[int, float] = {}
    per_deal: dict[int, int] = {}
    for row, other in zip(rows, base, strict=True):
        by_deal[row["deal"]] = by_deal.get(row["deal"], 0.0) + row["hard"] - other["hard"]
        per_deal[row["deal"]] = per_deal.get(row["deal"], 0) + 1
    diffs = [by_deal[d] / per_deal[d] for d in by_deal]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return f"{mean:+.1%} ({mean - half:+.1%} to {mean + half:+.1%}, {n} deals)"


def report(game: str, spec: str, seed: int, rows: list[Any], seconds: float) -> None:
    wins = sum(r["hard"] for r in rows)
    low, high = wilson_interval(wins, len(rows))
    think = sorted(t for r in rows for t in r["think"])
    print(
        f"{game}: {spec} v greedy, {len(rows)} games, seed {seed}: "
        f"it wins {wins:g} = {wins / len(rows):.1%} ({low:.0%}-{high:.0%}); "
        f"CPU per decision median {percentile(think, 50):.3f} s, p95 {percentile(think, 95):.3f} s, "
        f"max {think[-1]:.3f} s ({len(think)} decisions); {seconds:.0f} s",
        flush=True,
    )


if __name__ == "__main__":
    main()
