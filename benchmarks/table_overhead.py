"""What driving games through a Table costs: arena-style bot games through `Match` (a short
loop over `engine.table.Table`), against the baseline of the loop `Match` was before the
Table (issue 18: "Arena games per second stay within 10% of today's").

    .venv/bin/python benchmarks/table_overhead.py                   # every game, greedy bots
    .venv/bin/python benchmarks/table_overhead.py --only wildfire --seconds 4 --repeats 5

Both contenders play the same seeded games with the same bots (greedy, as the arena's
medium level) and must produce identical records. The baseline, `plain_match`, is the
pre-Table `Match.step`, inlined: the agent chooses from a view, the move is described,
applied and recorded, and an Event is made; chance steps likewise. Time is
CPU time of this process; each repeat hands every contender the same budget in alternating
slices, and the table shows the median games per second over the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from gamenight.bots.registry import make_bot
from gamenight.engine.chance import sample, seat_rngs
from gamenight.engine.match import Event, Match
from gamenight.engine.protocol import CHANCE
from gamenight.engine.record import Record, Step
from gamenight.engine.registry import make_game

GAMES: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 4, "rounds": 1},
    "wildstar": {"players": 4, "hands": 1},
    "highrise": {"players": 4},
    "fireball-island": {"players": 4, "turn_limit": 200},
}


def plain_match(name: str, seed: int) -> list[tuple[int, str]]:
    """The baseline: the Match loop before the Table, inlined."""
    game = make_game(name, GAMES[name])
    state = game.new_state()
    agents = [make_bot("greedy", game) for _ in range(state.num_players)]
    rng = random.Random(seed)
    rngs = seat_rngs(rng, len(agents))
    record = Record(game.spec.name, dict(GAMES[name]), [a.name for a in agents], seed)
    while (seat := state.to_act()) is not None:
        if seat == CHANCE:
            outcome = sample(state.chance_outcomes(), rng)
            text = state.outcome_notation(outcome)
            public, private, owners = state.game.story().describe_outcome(state, outcome)
            state.apply_chance(outcome)
            record.steps.append(Step(seat, text))
            Event(CHANCE, text, public, private, owners, state)
        else:
            move = agents[seat].choose(state.view(seat), state.legal_moves(), rngs[seat])
            text = state.move_notation(move)
            description = state.game.story().describe(state, move)
            state.apply(move)
            record.steps.append(Step(seat, text))
            Event(seat, text, description, description, frozenset(), state)
        if state.to_act() is None:
            record.result = state.scores()
    return [(s.seat, s.text) for s in record.steps]


def table_match(name: str, seed: int) -> list[tuple[int, str]]:
    game = make_game(name, GAMES[name])
    agents = [make_bot("greedy", game) for _ in range(game.new_state().num_players)]
    record = Match(game, agents, seed).run()
    return [(s.seat, s.text) for s in record.steps]


CONTENDERS: dict[str, Callable[[str, int], list[tuple[int, str]]]] = {
    "pre-Table Match loop (baseline)": plain_match,
    "Match over Table": table_match,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=",".join(GAMES), help="games, split by ','")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per contender per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"greedy bots, CPU seconds {args.seconds} per contender per repeat, median of {args.repeats}\n")
    print(f"{'game':16} " + " ".join(f"{c:>32}" for c in CONTENDERS) + "   ratio")
    for name in args.only.split(","):
        for seed in range(3):  # both contenders play the very same games
            assert plain_match(name, seed) == table_match(name, seed), f"{name} seed {seed}: records differ"
        rates: dict[str, list[float]] = {c: [] for c in CONTENDERS}
        for _ in range(args.repeats):
            spent = dict.fromkeys(CONTENDERS, 0.0)
            played = dict.fromkeys(CONTENDERS, 0)
            seed = 0
            while min(spent.values()) < args.seconds:
                for contender, play in CONTENDERS.items():
                    start = time.process_time()
                    play(name, seed)
                    spent[contender] += time.process_time() - start
                    played[contender] += 1
                seed += 1
            for contender in CONTENDERS:
                rates[contender].append(played[contender] / spent[contender])
        medians = [statistics.median(rates[c]) for c in CONTENDERS]
        cells = " ".join(f"{m:>26.1f} games/s" for m in medians)
        print(f"{name:16} {cells}   {medians[1] / medians[0]:.3f}")


if __name__ == "__main__":
    main()
