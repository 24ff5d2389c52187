"""Where `hard` chooses otherwise than greedy, and what its choice is worth, by kind of decision.

Games of greedy bots are played; at every decision of one seat with two or more legal moves,
the game's `hard` search also chooses, from the seat's view. Where the two differ, each
choice is played out `--rollouts` times from the real state, greedy then playing every seat
(the search's own greedy playouts, to the end), on the same draws for both (common random
numbers, drawn apart from the search), and the difference in the seat's share of the win is
counted by the kind of decision. Positive: the search's choice is worth more than greedy's,
as the table would go on. A kind of decision where it is worth less is one to leave to
greedy; one where it is worth most is where the search earns its time. The game goes on
with greedy's move, so every seat's positions are greedy's.

The kinds: Fireball Island's decision (and its window) with the move greedy chose (`window
/post: greedy play`, a card greedy would play after the roll); in the domino games the
tiles left in the seat's hand, in fives. The seat is each in turn, game by game; each game
has generators of its own, so the figures are the same with any number of `--workers`.

    .venv/bin/python benchmarks/choices.py fireball-island --games 40 --rollouts 200 --workers 2
    .venv/bin/python benchmarks/choices.py highrise --games 40
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ceiling import compared, stage  # benchmarks/ceiling.py, beside this script: the same walk of a game
from gamenight.bots.ismcts import IsmctsBot, ismcts_options
from gamenight.engine.protocol import View
from gamenight.engine.registry import make_game

GAMES: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 2, "rounds": 1},
    "wildstar": {"players": 2, "hands": 1},
    "highrise": {"players": 2, "hands": 1},
    "fireball-island": {"players": 4},
}


def kind_of(name: str) -> Callable[[View, Any], str]:
    """What is decided: Fireball Island's decision and window with greedy's move; a domino
    game's stage, by the tiles left in the seat's hand."""
    if name != "fireball-island":
        return stage

    def decision(view: View, move: Any) -> str:
        fields = view["decision"]
        window = f"/{fields['window']}" if fields.get("window") else ""
        return f"{fields['kind']}{window}: greedy {move.kind}"

    return decision


def one_game(task: tuple[str, int, int]) -> list[tuple[str, float | None]]:
    """(kind, the search's choice's worth minus greedy's) at each decision of the game's
    seat; None where the two chose alike."""
    name, index, rollouts = task
    game = make_game(name, GAMES[name])
    hard = IsmctsBot(game, ismcts_options(dict(game.heuristics().ISMCTS_HARD)))

    def searched_and_greedy(
        state: Any, view: View, legal: Sequence[Any], chosen: Any, own: random.Random
    ) -> tuple[Any, Any]:
        return hard.choose(view, legal, random.Random(own.getrandbits(64))), chosen

    # the deal, the draws and greedy's tie-breaks; the search's and the playouts' own
    rng, own = random.Random(6100 + index), random.Random(9100 + index)
    return compared(game, index % GAMES[name]["players"], rng, own, rollouts, searched_and_greedy, kind_of(name))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rollouts", type=int, default=200, help="playouts of each choice where they differ")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    for flag in ("games", "rollouts", "workers"):
        if (count := getattr(args, flag)) < 1:
            parser.error(f"--{flag} must be at least 1, not {count}")
    same: dict[str, int] = {}
    worth: dict[str, list[float]] = {}
    tasks = [(args.game, index, args.rollouts) for index in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        for found in pool.map(one_game, tasks):
            for what, gain in found:
                if gain is None:
                    same[what] = same.get(what, 0) + 1
                else:
                    worth.setdefault(what, []).append(gain)
    every = [gain for gains in worth.values() for gain in gains]
    print(
        f"{args.game}: {len(every) + sum(same.values())} decisions of one seat in {args.games} greedy games "
        f"({GAMES[args.game]}); hard chose otherwise at {len(every)}, its choice worth, in points of win:"
    )
    same["every kind"] = sum(same.values())
    for what, gains in [*sorted(worth.items(), key=lambda kv: -len(kv[1])), ("every kind", every)]:
        spread = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.nan
        print(
            f"  {what:>34}: {same.get(what, 0):4d} alike, {len(gains):4d} otherwise, "
            f"{statistics.fmean(gains) * 100:+.2f} (±{spread * 100:.2f}) a decision, "
            f"{sum(gains) * 100 / args.games:+.2f} a game"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
