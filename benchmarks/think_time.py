"""The hard bot's think time: `hard` as each game tunes it, stopping once its choice is decided
(`early_stop`, the default), against the same search running its whole count of iterations
at every decision (the baseline, `early_stop=False`).

Both search the same decision points (states of seeded greedy games where the seat to act has
a choice, `search.decision_points`) from the same seeds, in turn, so the machine's load falls
on both alike. A stopped search chooses what the whole one chooses (tests/test_ismcts.py
proves it); the script counts the decisions where they agree, which must be all of them.
CPU seconds a decision (`time.process_time`), median and 95th percentile over the decisions
(`sim.report.percentile`, as `strength.py` reports them).

    .venv/bin/python benchmarks/think_time.py                     # every game, 40 decisions each
    .venv/bin/python benchmarks/think_time.py --games highrise --decisions 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from gamenight.bots.ismcts import IsmctsBot
from gamenight.bots.registry import hard_options
from gamenight.engine.registry import make_game
from gamenight.sim.report import percentile
from search import GAMES, decision_points


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--decisions", type=int, default=40, help="decision points per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print("hard, CPU seconds a decision: stopped once decided (early_stop) against the whole count")
    print(f"{'game':<16} {'decisions':>9} {'agree':>6} {'iterations':>15} {'median':>15} {'p95':>15} {'mean':>7}")
    for name in args.games.split(","):
        game = make_game(name, GAMES[name])
        bots = {stop: IsmctsBot(game, hard_options(game, {"early_stop": stop})) for stop in (True, False)}
        spent: dict[bool, list[float]] = {True: [], False: []}
        iterations: dict[bool, int] = {True: 0, False: 0}
        agree = 0
        for index, state in enumerate(decision_points(name, args.decisions, args.seed)):
            seat = state.to_act()
            view, legal = state.view(seat), state.legal_moves()
            chosen = {}
            for stop in (index % 2 == 0, index % 2 != 0):  # which goes first alternates
                start = time.process_time()
                chosen[stop] = bots[stop].choose(view, legal, random.Random(index))
                spent[stop].append(time.process_time() - start)
                iterations[stop] += bots[stop].last_iterations
            agree += chosen[True] == chosen[False]
        n = len(spent[True])
        its = f"{iterations[True] / n:.0f} / {iterations[False] / n:.0f}"
        median = f"{statistics.median(spent[True]):.3f} / {statistics.median(spent[False]):.3f}"
        high = f"{percentile(spent[True], 95):.3f} / {percentile(spent[False], 95):.3f}"
        ratio = sum(spent[True]) / sum(spent[False])
        print(f"{name:<16} {n:>9} {agree:>6} {its:>15} {median:>15} {high:>15} {ratio:>6.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
