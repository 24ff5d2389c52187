"""What a pause at each round's end costs a table people play at (issue 28, item 1): the same
seeded games of random legal moves through a `Table` with card windows, as the server drives
them, without pauses (the baseline) and with them (`pauses=True`: a copy of the position before
each step, the round's end told at each, the deal held until `deal_on`). Both must produce the
same records.

    .venv/bin/python benchmarks/round_pause.py
    .venv/bin/python benchmarks/round_pause.py --games 20 --repeats 5

Time is CPU time of this process; the contenders alternate game by game, and the table shows
the median steps per second over the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gamenight.engine.registry import make_game
from gamenight.engine.table import Table

GAMES = {
    "wildfire": {"players": 4, "rounds": 3},
    "wildstar": {"players": 4, "hands": 3},
    "highrise": {"players": 4, "hands": 3},
}


def play(name: str, seed: int, pauses: bool) -> tuple[list[tuple[int, str]], float]:
    """One game: its steps and the CPU seconds it took."""
    start = time.process_time()
    game = make_game(name, GAMES[name])
    table = Table(game, ["x"] * GAMES[name]["players"], seed=seed, windows=True, pauses=pauses)
    rng = random.Random(seed)
    while not table.is_over():
        if table.paused:
            table.deal_on()
            continue
        seat = table.asked()[0]
        pending = table.pending_for(seat)
        assert pending is not None
        table.submit(seat, rng.choice(pending.choices).notation)
    return [(s.seat, s.text) for s in table.record.steps], time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games of each per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':10} {'without pauses (baseline)':>26} {'with pauses':>14} {'ratio':>7}")
    for name in GAMES:
        rates: dict[bool, list[float]] = {False: [], True: []}
        for repeat in range(args.repeats):
            steps = {False: 0, True: 0}
            seconds = {False: 0.0, True: 0.0}
            for seed in range(repeat * args.games, (repeat + 1) * args.games):
                plain, plain_time = play(name, seed, False)
                paused, paused_time = play(name, seed, True)
                assert plain == paused, f"{name} seed {seed}: a pause changed the record"
                steps[False] += len(plain)
                steps[True] += len(paused)
                seconds[False] += plain_time
                seconds[True] += paused_time
            for key in rates:
                rates[key].append(steps[key] / seconds[key])
        base, paused = statistics.median(rates[False]), statistics.median(rates[True])
        print(f"{name:10} {base:>20.0f} st/s {paused:>9.0f} st/s {paused / base:>7.2f}")


if __name__ == "__main__":
    main()
