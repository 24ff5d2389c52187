"""Search speed: ismcts iterations per CPU second with greedy rollouts, per game, against the
same search whose rollouts ask `greedy_move` for a view at every move (the baseline: what
rollouts cost before `rollout_move` read the sampled state directly).

Both contenders search the same decision points (states of seeded greedy games where the
seat to act has a choice) with the same seeds, so they do the same work move for move:
`rollout_move` chooses exactly what `greedy_move` does (tests/test_ismcts.py checks it).

    .venv/bin/python benchmarks/search.py                  # every game, 150 iterations a decision
    .venv/bin/python benchmarks/search.py --games wildstar --iterations 300 --decisions 8
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from gamenight.bots.ismcts import IsmctsBot, IsmctsOptions
from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE, State
from gamenight.engine.registry import make_game

GAMES: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 2, "rounds": 1},
    "wildstar": {"players": 2, "hands": 1},
    "highrise": {"players": 2, "hands": 1},
    "fireball-island": {"players": 4},
}


def decision_points(name: str, count: int, seed: int) -> list[State]:
    """States with a choice to make, from greedy games (one every third choice)."""
    game = make_game(name, GAMES[name])
    heuristics = game.heuristics()
    rng = random.Random(seed)
    found: list[State] = []
    seen = 0
    while len(found) < count:
        state = game.new_state()
        while (seat := state.to_act()) is not None and len(found) < count:
            if seat == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            legal = state.legal_moves()
            if len(legal) > 1:
                seen += 1
                if seen % 3 == 0:
                    found.append(state.clone())
            state.apply(heuristics.greedy_move(state.view(seat), legal, rng))
    return found


def measure(name: str, states: Sequence[State], iterations: int, via_view: bool) -> tuple[float, int]:
    """CPU seconds and iterations to search every state once."""
    game = make_game(name, GAMES[name])
    bot = IsmctsBot(game, IsmctsOptions(iterations=iterations, rollout="greedy", rollout_depth=30))
    if via_view:
        greedy = game.heuristics().greedy_move
        bot.greedy = lambda state, legal, rng: greedy(state.view(state.to_act()), legal, rng)
    spent, done = 0.0, 0
    for index, state in enumerate(states):
        seat = state.to_act()
        start = time.process_time()
        bot.choose(state.view(seat), state.legal_moves(), random.Random(index))
        spent += time.process_time() - start
        done += bot.last_iterations
    return spent, done


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--iterations", type=int, default=150, help="ismcts iterations per decision")
    parser.add_argument("--decisions", type=int, default=6, help="decision points per game")
    parser.add_argument("--repeats", type=int, default=3, help="timed repeats; the median is reported")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"ismcts, greedy rollouts, {args.iterations} iterations a decision, {args.decisions} decisions a game")
    print(f"{'game':<16} {'state (it/s)':>13} {'view (it/s)':>12} {'speed-up':>9}")
    for name in args.games.split(","):
        states = decision_points(name, args.decisions, args.seed)
        rates: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(args.repeats):
            for via_view in (False, True):  # interleaved: load on the machine falls on both alike
                spent, done = measure(name, states, args.iterations, via_view)
                rates[via_view].append(done / spent)
        fast, slow = statistics.median(rates[False]), statistics.median(rates[True])
        print(f"{name:<16} {fast:>13,.0f} {slow:>12,.0f} {fast / slow:>8.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
