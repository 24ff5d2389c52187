"""How much room hidden information leaves: ismcts handed the true state against greedy.

The `hard` bot must guess the hidden hands (it samples them from its view). Here, and only
here, an oracle search breaks that rule on purpose: every iteration starts from a copy of
the real state, hands and all, while the draws still come at random. What it wins against
`greedy` bounds what better guessing (inference from the table) could add at the same
number of iterations: in two-player games it knows exactly what a perfect reading of the
other seat's hand could tell, and no more. Two players, one round or hand; each deal is
played twice, the oracle in each seat, with the same chance draws. `--hard` searches with
the game's `hard` settings (ISMCTS_HARD) instead of a full tree at `--iterations` and
`--exploration`; `--paired` also plays the same search guessing the hands, as `hard` does,
on the same deals and seats, and prints the difference deal by deal (the room a reading of
the table has, at most), with a 95% interval from the spread of the per-deal differences.

    .venv/bin/python benchmarks/ceiling.py wildfire --deals 25 --iterations 500
    .venv/bin/python benchmarks/ceiling.py highrise --deals 25 --hard
    .venv/bin/python benchmarks/ceiling.py highrise --deals 200 --hard --paired --workers 2

`--where GAMES` asks where the oracle's gain lies: at every decision of seat 1 (two or more
legal moves) in GAMES games of greedy against greedy, the game's `hard` search chooses once
guessing the hands and once seeing them; where the two differ, each choice is played out
`--rollouts` times from the real state, greedy then playing both seats, on the same draws
(common random numbers, drawn apart from both searches), and the difference in seat 1's
share of the win is counted by how far the hand has gone (the tiles left in the seat's hand).
`--workers` shares the games among processes; each game has generators of its own, so the
figures are the same with any number.

    .venv/bin/python benchmarks/ceiling.py wildstar --where 40 --rollouts 200 --workers 2
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from gamenight.bots.ismcts import IsmctsBot, ismcts_options
from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE, Game, State, View
from gamenight.engine.registry import make_game
from gamenight.sim.report import wilson_interval

SHORT: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 2, "rounds": 1},
    "wildstar": {"players": 2, "hands": 1},
    "highrise": {"players": 2, "hands": 1},
}


class Oracle:
    """Stands in for the game as the search's sampler: hands it the real state."""

    def __init__(self) -> None:
        self.state: State | None = None

    def sample_state(self, view: View, rng: random.Random) -> State:
        assert self.state is not None
        return self.state.clone()


def play(name: str, deal: int, oracle_seat: int, settings: dict[str, Any], sees: bool = True) -> float:
    """One game of the search in `oracle_seat` against greedy: handed the real state (`sees`),
    or guessing the hands from its view as `hard` does."""
    game = make_game(name, SHORT[name])
    greedy = game.heuristics().greedy_move
    bot = IsmctsBot(game, ismcts_options(settings))
    oracle = Oracle()
    if sees:
        bot.game = oracle  # type: ignore[assignment]
    rng = random.Random(1000 + deal)  # the deal, the draws and greedy's tie-breaks
    bot_rng = random.Random(deal * 7 + oracle_seat)
    state = game.new_state()
    while (seat := state.to_act()) is not None:
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_moves()
        if seat == oracle_seat:
            oracle.state = state
            move = bot.choose(state.view(seat), legal, bot_rng)
        else:
            move = greedy(state.view(seat), legal, rng)
        state.apply(move)
    return state.returns()[oracle_seat]


def _play(task: tuple[str, int, int, dict[str, Any], bool]) -> float:
    return play(*task)


def value(state: State, move: Any, seat: int, seeds: Sequence[int], playouts: IsmctsBot) -> float:
    """`seat`'s mean share of the win after `move`, one greedy playout (the search's own,
    `rollout` "greedy" to the end) per seed."""
    total = 0.0
    for seed in seeds:
        played = state.clone()
        played.apply(move)
        total += playouts._rollout(played, random.Random(seed))[1][seat]
    return total / len(seeds)


def where(name: str, games: int, rollouts: int, workers: int = 1) -> dict[str, list[float]]:
    """For each stage of the hand (the tiles left in the seat's hand, in fives), the value
    the oracle's choice adds over the guessing search's at each decision where they differ;
    "same" counts the decisions where they agree (as 0.0 each). Each game has generators of
    its own (`_where_game`), so the figures are the same with any number of workers."""
    gains: dict[str, list[float]] = {"same": []}
    with ProcessPoolExecutor(workers) as pool:
        for found in pool.map(_where_game, [(name, index, rollouts) for index in range(games)]):
            for stage, values in found.items():
                gains.setdefault(stage, []).extend(values)
    return gains


Pair = Callable[[State, View, Sequence[Any], Any, random.Random], tuple[Any, Any]]
"""At a decision (state, view, legal moves, greedy's move, the bots' generator): the choice
measured and the one it is measured against."""


def compared(
    game: Game, who: int, rng: random.Random, own: random.Random, rollouts: int, pair: Pair, kind: Callable[..., str]
) -> list[tuple[str, float | None]]:
    """A game of greedy bots, dealt and drawn from `rng`. At each decision of seat `who` with
    a choice, `pair` gives two choices. Where they differ, each is played out `rollouts` times
    from the real state on the same draws (seeds from `own`, after `pair`'s). Returns
    (`kind(view, greedy's move)`, the first choice's worth minus the second's) per decision,
    None where the two agree. The game goes on with greedy's move."""
    greedy = game.heuristics().greedy_move
    playouts = IsmctsBot(game, ismcts_options({"rollout": "greedy", "rollout_depth": 100_000}))
    found: list[tuple[str, float | None]] = []
    state = game.new_state()
    while (seat := state.to_act()) is not None:
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_moves()
        view = state.view(seat)
        chosen = greedy(view, legal, rng)
        if seat == who and len(legal) > 1:
            first, second = pair(state, view, legal, chosen, own)
            worth = None
            if first != second:
                seeds = [own.getrandbits(64) for _ in range(rollouts)]
                worth = value(state, first, seat, seeds, playouts) - value(state, second, seat, seeds, playouts)
            found.append((kind(view, chosen), worth))
        state.apply(chosen)
    return found


def stage(view: View, move: Any = None) -> str:
    """How far a domino hand has gone: the tiles left in the seat's hand, in fives."""
    left = len(view["hand"])
    return f"{left // 5 * 5}-{left // 5 * 5 + 4} tiles in hand"


def _where_game(task: tuple[str, int, int]) -> dict[str, list[float]]:
    """`where` for one game: its decisions of seat 1, by stage."""
    name, index, rollouts = task
    game = make_game(name, SHORT[name])
    settings = dict(game.heuristics().ISMCTS_HARD)
    guessing = IsmctsBot(game, ismcts_options(settings))
    seeing = IsmctsBot(game, ismcts_options(settings))
    oracle = Oracle()
    seeing.game = oracle  # type: ignore[assignment]

    def seen_and_guessed(state: State, view: View, legal: Sequence[Any], _: Any, own: random.Random) -> tuple[Any, Any]:
        guessed = guessing.choose(view, legal, random.Random(own.getrandbits(64)))
        oracle.state = state
        return seeing.choose(view, legal, random.Random(own.getrandbits(64))), guessed

    gains: dict[str, list[float]] = {"same": []}
    # the deal, the draws and greedy's tie-breaks; the searches' and the rollouts' own
    rng, own = random.Random(5000 + index), random.Random(77 + index)
    for when, gain in compared(game, 1, rng, own, rollouts, seen_and_guessed, stage):
        gains.setdefault("same" if gain is None else when, []).append(gain or 0.0)
    return gains


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(SHORT))
    parser.add_argument("--deals", type=int, default=25, help="deals, each played twice (the oracle in each seat)")
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--exploration", type=float, default=0.3)
    parser.add_argument("--hard", action="store_true", help="the game's hard settings instead")
    parser.add_argument("--paired", action="store_true", help="also the same search guessing the hands, same deals")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--where", type=int, metavar="GAMES", help="where the oracle chooses otherwise (see above)")
    parser.add_argument("--rollouts", type=int, default=200, help="with --where: playouts of each choice")
    args = parser.parse_args(argv)
    for flag in ("deals", "iterations", "workers", "where", "rollouts"):
        if (count := getattr(args, flag)) is not None and count < 1:
            parser.error(f"--{flag} must be at least 1, not {count}")
    if args.where:
        gains = where(args.game, args.where, args.rollouts, args.workers)
        decisions = sum(map(len, gains.values()))
        differ = decisions - len(gains["same"])
        print(
            f"{args.game}: {decisions} decisions of seat 1 in {args.where} greedy games; "
            f"the oracle chose otherwise at {differ}:"
        )
        del gains["same"]
        for stage, values in sorted(gains.items(), key=lambda kv: int(kv[0].split("-")[0])):
            spread = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
            print(
                f"  {stage:>22}: {len(values):4d} differ, the oracle's choice {statistics.fmean(values) * 100:+.1f} "
                f"points of win (±{spread * 100:.1f}) a decision, {sum(values):+.1f} wins in all"
            )
        return 0
    settings: dict[str, Any] = {"iterations": args.iterations, "rollout": "greedy", "exploration": args.exploration}
    if args.hard:
        settings = dict(make_game(args.game, SHORT[args.game]).heuristics().ISMCTS_HARD)
    kinds = (True, False) if args.paired else (True,)
    tasks = [(args.game, deal, seat, settings, sees) for sees in kinds for deal in range(args.deals) for seat in (0, 1)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(_play, tasks, chunksize=4))
    games = 2 * args.deals
    for k, sees in enumerate(kinds):
        wins = results[k * games : (k + 1) * games]
        low, high = wilson_interval(sum(wins), games)
        who = "oracle ismcts (every hand seen)" if sees else "the same search guessing the hands"
        print(
            f"{args.game}: {who} ({settings}) against greedy won {sum(wins):g} of {games} games: "
            f"{sum(wins) / games:.1%} ({low:.0%}-{high:.0%})"
        )
    if args.paired:
        seen, guessed = results[:games], results[games:]
        per_deal = [seen[i] + seen[i + 1] - guessed[i] - guessed[i + 1] for i in range(0, games, 2)]
        mean = statistics.fmean(per_deal) / 2
        half = 1.96 * statistics.stdev(per_deal) / 2 / math.sqrt(len(per_deal))
        print(
            f"{args.game}: seeing every hand, minus guessing: {mean * 100:+.1f} points "
            f"({(mean - half) * 100:+.1f} to {(mean + half) * 100:+.1f}), {len(per_deal)} deals"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
