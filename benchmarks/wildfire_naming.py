"""Strategic Wildfire: does one way of naming the hub's number beat another? (issue 17;
docs/rules/wildfire.md, Blocked rounds)

    .venv/bin/python benchmarks/wildfire_naming.py 30 one --deals 400     # the bots' STALL against "always 1"
    .venv/bin/python benchmarks/wildfire_naming.py 30 1 --deals 400       # two STALL weights

Four greedy bots play one strategic round; two name the number one way (A) and two the other
(B), sitting A B A B, and every deal is played again as B A B A, so seats and deals favour
neither. A policy is a STALL weight for `heuristics.naming_value` (what a likely block costs,
in points) or `one` (always name 1, as the bots did before issue 17). It prints the mean
round score of A's seats minus B's (negative: A better, as the lowest total wins) with a 95%
interval, and how many rounds ended blocked.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.games.wildfire import heuristics
from gamenight.games.wildfire.moves import HUB, Move
from gamenight.games.wildfire.state import WildfireState
from gamenight.games.wildfire.tiles import HUB_NUMBERS

Policy = Callable[[dict[str, Any]], int]


def policy(text: str) -> Policy:
    if text == "one":
        return lambda view: 1
    stall = float(text)

    def name(view: dict[str, Any]) -> int:
        value = heuristics.naming_value
        saved, heuristics.STALL = heuristics.STALL, stall
        try:
            return max(HUB_NUMBERS, key=lambda number: (value(view, number), -number))
        finally:
            heuristics.STALL = saved

    return name


class Namer:
    """Greedy, but naming the hub's number by `names`."""

    def __init__(self, label: str, names: Policy) -> None:
        self.name = label
        self.names = names

    def choose(self, view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        if legal[0].kind == HUB:
            return Move(HUB, self.names(view))
        return heuristics.greedy_move(view, legal, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="policy A: a STALL weight, or 'one'")
    parser.add_argument("b", help="policy B: a STALL weight, or 'one'")
    parser.add_argument("--deals", type=int, default=400)
    args = parser.parse_args()
    game = make_game("wildfire", {"players": 4, "rounds": 1, "strategic": True})
    bots = {"A": Namer(args.a, policy(args.a)), "B": Namer(args.b, policy(args.b))}
    differences, blocked = [], 0
    for seed in range(args.deals):
        for order in ("ABAB", "BABA"):
            match = Match(game, [bots[side] for side in order], seed=seed)
            match.run()
            state = match.state
            assert isinstance(state, WildfireState)
            seats = list(zip(state.totals, order, strict=True))
            mean = {side: statistics.mean(total for total, o in seats if o == side) for side in "AB"}
            differences.append(mean["A"] - mean["B"])
            blocked += all(state.hands)
    half = 1.96 * statistics.stdev(differences) / len(differences) ** 0.5
    print(
        f"A={args.a} minus B={args.b}: {statistics.mean(differences):+.2f} ± {half:.2f} points a round"
        f" (negative: A better), {len(differences)} rounds, {blocked} blocked"
    )


if __name__ == "__main__":
    main()
