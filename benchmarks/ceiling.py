"""How much room hidden information leaves: ismcts handed the true state against greedy.

The `hard` bot must guess the hidden hands (it samples them from its view). Here, and only
here, an oracle search breaks that rule on purpose: every iteration starts from a copy of
the real state, hands and all, while the draws still come at random. What it wins against
`greedy` bounds what better guessing (inference from the table) could add at the same
number of iterations. Two players, one round or hand; each deal is played twice, the
oracle in each seat, with the same chance draws. `--hard` searches with the game's `hard`
settings (ISMCTS_HARD) instead of a full tree at `--iterations` and `--exploration`.

    .venv/bin/python benchmarks/ceiling.py wildfire --deals 25 --iterations 500
    .venv/bin/python benchmarks/ceiling.py highrise --deals 25 --hard
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from gamenight.bots.ismcts import IsmctsBot, ismcts_options
from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE, State, View
from gamenight.engine.registry import make_game

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


def play(name: str, deal: int, oracle_seat: int, settings: dict[str, Any]) -> float:
    game = make_game(name, SHORT[name])
    greedy = game.heuristics().greedy_move
    bot = IsmctsBot(game, ismcts_options(settings))
    oracle = Oracle()
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(SHORT))
    parser.add_argument("--deals", type=int, default=25, help="deals, each played twice (the oracle in each seat)")
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--exploration", type=float, default=0.3)
    parser.add_argument("--hard", action="store_true", help="the game's hard settings instead")
    args = parser.parse_args(argv)
    settings: dict[str, Any] = {"iterations": args.iterations, "rollout": "greedy", "exploration": args.exploration}
    if args.hard:
        settings = dict(make_game(args.game, SHORT[args.game]).heuristics().ISMCTS_HARD)
    wins = [play(args.game, deal, seat, settings) for deal in range(args.deals) for seat in (0, 1)]
    print(f"{args.game}: oracle ismcts ({settings}) against greedy won {sum(wins):g} of {len(wins)} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
