"""What the drivers cost a decision: a `Match` step and a `Table` step against the raw rules step
(issue 31, target 2: a Match step at most 2x the raw step, a Table step at most 1.5x).

    .venv/bin/python benchmarks/drivers.py                          # make bench-drivers
    .venv/bin/python benchmarks/drivers.py --only highrise --seconds 2 --repeats 5

Three contenders play the very same games (same seed, same draws, same choices, checked):

- **raw** (the baseline): the rules alone, as `playouts.py` plays them: `to_act`,
  `legal_moves`, `apply`, and chance sampled with `engine.chance.sample`;
- **Match**: `engine.match.Match` with a random bot in every seat; each decision asks the
  state for the seat's view (every bot is handed one), and each step makes an `Event`;
- **Match, no words**: the same with `words=False`, as the arena plays (nothing there reads
  an event's words, so no step is told in them);
- **Table**: `engine.table.Table` as a server drives it: `submit` of the seat's move (checked,
  written in notation, told in words, logged; chance steps played by the table), then
  `events_for` every seat since the last event, as each seat's connection is sent.

With `--parts`, two more: the Table step without its `events_for` calls (`submit` alone),
and without its words too (`Table(words=False)`): where a Table step's time goes.

Every seat chooses `rngs[seat].choice(legal)` with the generators the table splits off its
seed, and chance draws from the table's generator, so all three make the same decisions.
Time is this process's CPU time, the contenders alternating game by game on the same seeds;
the ratio is CPU time per decision against the raw step, median over the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from gamenight.bots.basic import RandomBot
from gamenight.engine.chance import sample, seat_rngs
from gamenight.engine.match import Match
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import GAMES as REGISTERED
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table

GAMES: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 4},
    "wildstar": {"players": 4},
    "highrise": {"players": 4},
    "fireball-island": {"players": 4},
}
TARGETS = {"Match": 2.0, "Match, no words": 2.0, "Table": 1.5}  # at most this many raw steps a decision


def raw(game: Any, seed: int) -> int:
    """The rules alone; the number of decisions."""
    state = game.new_state()
    rng = random.Random(seed)
    rngs = seat_rngs(rng, state.num_players)
    decisions = 0
    while (seat := state.to_act()) is not None:
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        state.apply(rngs[seat].choice(state.legal_moves()))
        decisions += 1
    return decisions


def match(game: Any, seed: int, words: bool = True) -> int:
    players = game.new_state().num_players
    m = Match(game, [RandomBot() for _ in range(players)], seed, words=words)
    decisions = 0
    while (event := m.step()) is not None:
        decisions += event.seat != CHANCE
    return decisions


def match_untold(game: Any, seed: int) -> int:
    return match(game, seed, words=False)


def table(game: Any, seed: int) -> int:
    players = game.new_state().num_players
    t = Table(game, [f"P{s + 1}" for s in range(players)], seed)
    rngs = t.seat_rngs
    seats = range(players)
    decisions = seen = 0
    while (seat := t.to_act()) is not None:
        t.submit(seat, rngs[seat].choice(t.legal_moves()))
        decisions += 1
        for other in seats:
            t.events_for(other, seen)
        seen = t.number
    return decisions


def table_untold(game: Any, seed: int, words: bool = True) -> int:
    """`table` with nobody told: `submit` alone, no `events_for` (with `words` off, nothing
    told in words either): where a Table step's time goes (`--parts`)."""
    players = game.new_state().num_players
    t = Table(game, [f"P{s + 1}" for s in range(players)], seed, words=words)
    rngs = t.seat_rngs
    decisions = 0
    while (seat := t.to_act()) is not None:
        t.submit(seat, rngs[seat].choice(t.legal_moves()))
        decisions += 1
    return decisions


def table_wordless(game: Any, seed: int) -> int:
    return table_untold(game, seed, words=False)


CONTENDERS: dict[str, Callable[[Any, int], int]] = {
    "raw": raw,
    "Match": match,
    "Match, no words": match_untold,
    "Table": table,
}
PARTS: dict[str, Callable[[Any, int], int]] = {
    "Table, nobody told": table_untold,
    "Table, no words": table_wordless,
}
"""With `--parts`: a Table step without its `events_for` calls, and without its words too."""


def same_games(game: Any, seeds: range) -> None:
    """The three contenders make the same decisions: the same records, step for step."""
    for seed in seeds:
        players = game.new_state().num_players
        by_match = Match(game, [RandomBot() for _ in range(players)], seed).run().steps
        t = Table(game, [f"P{s + 1}" for s in range(players)], seed)
        while (seat := t.to_act()) is not None:
            t.submit(seat, t.seat_rngs[seat].choice(t.legal_moves()))
        if by_match != t.record.steps:
            raise AssertionError(f"seed {seed}: Match and Table played different games")
        if Match(game, [RandomBot() for _ in range(players)], seed, words=False).run().steps != by_match:
            raise AssertionError(f"seed {seed}: Match without words played a different game")
        if raw(game, seed) != sum(step.seat != CHANCE for step in by_match):
            raise AssertionError(f"seed {seed}: the raw loop played a different game")


def measure(name: str, seconds: float, contenders: dict[str, Callable[[Any, int], int]]) -> dict[str, float]:
    """CPU seconds per decision of each contender, alternating game by game on the same seeds."""
    game = make_game(name, GAMES[name])
    spent = dict.fromkeys(contenders, 0.0)
    decisions = dict.fromkeys(contenders, 0)
    clock = time.process_time
    seed = 0
    while min(spent.values()) < seconds:
        for key, play in contenders.items():
            start = clock()
            decisions[key] += play(game, seed)
            spent[key] += clock() - start
        seed += 1
    return {key: spent[key] / decisions[key] for key in contenders}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=",".join(g for g in GAMES if g in REGISTERED), help="games, split by ','")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per contender per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--parts", action="store_true", help="also a Table step without events_for, and without words: where it goes"
    )
    args = parser.parse_args()
    contenders = {**CONTENDERS, **PARTS} if args.parts else CONTENDERS
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    print(f"random seats, {args.seconds:g} CPU s per contender per repeat, games alternated, median of {args.repeats}")
    print("per decision: CPU microseconds, and the ratio to the raw rules step\n")
    header = (
        f"{'game':16} {'raw µs':>8} {'Match µs':>9} {'no words':>9} {'Table µs':>9}"
        f"  {'Match/raw':>10}  {'no words/raw':>12}  {'Table/raw':>10}"
    )
    print(header)
    print("-" * len(header))
    verdicts, parts = [], []
    for name in names:
        same_games(make_game(name, GAMES[name]), range(2))
        runs = [measure(name, args.seconds, contenders) for _ in range(args.repeats)]
        micro = {key: statistics.median(run[key] for run in runs) * 1e6 for key in CONTENDERS}
        ratio = {key: statistics.median(run[key] / run["raw"] for run in runs) for key in TARGETS}
        print(
            f"{name:16} {micro['raw']:8.1f} {micro['Match']:9.1f} {micro['Match, no words']:9.1f} {micro['Table']:9.1f}"
            f"  {ratio['Match']:9.2f}x  {ratio['Match, no words']:11.2f}x  {ratio['Table']:9.2f}x"
        )
        for key, most in TARGETS.items():
            met = "met" if ratio[key] <= most else "NOT met"
            verdicts.append(f"target {name} {key} step <= {most:g}x raw: {ratio[key]:.2f}x, {met}")
        if args.parts:
            part = {key: statistics.median(run[key] / run["raw"] for run in runs) for key in ("Table", *PARTS)}
            parts.append(f"{name:16} " + "  ".join(f"{key} {value:.2f}x" for key, value in part.items()))
    if parts:
        print("\nwhere a Table step goes (each against the raw step): all of it; submit alone; submit without words")
        print("\n".join(parts))
    print("\n" + "\n".join(verdicts))


if __name__ == "__main__":
    main()
