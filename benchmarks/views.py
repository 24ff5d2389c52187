"""What a seat's view costs, against the raw rules step (the baseline, measured in the same run).

A view is written wherever a seat is shown the table: the web server writes one for each
connected seat after every move, a bot that reads views (medium, easy, learned) one at each
of its decisions, a hint or the review one per position. Here every decision of random
four-player games asks the view of every seat (as a server with four people does), and
the same games' raw steps (`to_act`, `legal_moves`, `apply`, chance by `sample`) are timed
alone. Each game is played twice, with the views and without (a view draws nothing from the
generator, so the games are the same), one after the other; the difference is the views'
cost. Time is this process's CPU time.

    .venv/bin/python benchmarks/views.py
    .venv/bin/python benchmarks/views.py --only highrise --games 40

To compare two versions of the code, run it on each (`PYTHONPATH=<their src>`), in turn.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game

GAMES = ("wildfire", "wildstar", "highrise", "fireball-island")


def one_game(name: str, seed: int, views: bool) -> tuple[float, int]:
    """(CPU seconds, decisions) of one random game, asking every seat's view at every
    decision if `views`. A view draws nothing from the generator, so with and without them
    the same game is played, and the difference is what the views cost."""
    game = make_game(name, {"players": 4})
    state = game.new_state()
    rng = random.Random(seed)
    seats = range(state.num_players)
    decisions = 0
    start = time.process_time()
    while (seat := state.to_act()) is not None:
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        if views:
            for who in seats:
                state.view(who)
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return time.process_time() - start, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="random games per game and repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", help="games, comma-separated")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(GAMES)
    print(f"{'game':<18}{'view µs':>10}{'raw step µs':>14}{'view / raw step':>18}")
    for name in names:
        per_view, per_step = [], []
        for repeat in range(args.repeats):
            bare = viewed = 0.0
            decisions = 0
            for seed in range(repeat * args.games, (repeat + 1) * args.games):
                # alternated game by game, so that load slows both alike
                seconds, decisions_now = one_game(name, seed, views=False)
                bare += seconds
                decisions += decisions_now
                viewed += one_game(name, seed, views=True)[0]
            per_step.append(bare / decisions * 1e6)
            per_view.append((viewed - bare) / (decisions * 4) * 1e6)
        view, step = statistics.median(per_view), statistics.median(per_step)
        print(f"{name:<18}{view:>10.1f}{step:>14.1f}{view / step:>17.1f}x")


if __name__ == "__main__":
    main()
