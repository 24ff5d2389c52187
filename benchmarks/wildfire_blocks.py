"""How often a Wildfire round ends blocked, and why: by the rulebook, with the strategic hub
and with the `obligation_burns_out` house rule (issue 17; docs/rules/wildfire.md, Blocked rounds).

    .venv/bin/python benchmarks/wildfire_blocks.py                      # 200 rounds a variant
    .venv/bin/python benchmarks/wildfire_blocks.py --rounds 400 --players 2 --seats greedy

Each variant plays the same seeds: round k of every variant is dealt from seed k. A round
ends *out* (someone played their last tile) or *blocked*; a blocked round is put down to
the obligation when one was open at the end (nobody could fill it and the pile was out),
else to the open ends. For the strategic hub it also counts the numbers the bots named.
"""

from __future__ import annotations

import argparse
import collections
import math
from typing import Any

from gamenight.bots.registry import make_bot
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.games.wildfire.layout import KIND_NAMES
from gamenight.games.wildfire.state import WildfireState

VARIANTS: dict[str, dict[str, Any]] = {
    "rulebook": {},
    "strategic": {"strategic": True},
    "burns out": {"obligation_burns_out": True},
    "strategic, burns out": {"strategic": True, "obligation_burns_out": True},
}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_round(options: dict[str, Any], seats: list[str], seed: int) -> tuple[str, list[int]]:
    """One round: how it ended ('out', 'blocked: obligation', 'blocked: open ends') and the
    hub numbers named in it."""
    game = make_game("wildfire", {**options, "players": len(seats), "rounds": 1})
    match = Match(game, [make_bot(name, game) for name in seats], seed=seed)
    record = match.run()
    state = match.state
    assert isinstance(state, WildfireState)
    named = [int(step.text.split()[1]) for step in record.steps if step.seat >= 0 and step.text.startswith("hub ")]
    if any(not hand for hand in state.hands):
        return "out", named
    end = state.layout.obligation
    if end < 0:
        return "blocked: open ends", named
    return f"blocked: obligation: {KIND_NAMES[state.layout.kind[end]]}, hub {state.layout.value[end]}", named


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=200, help="rounds per variant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="greedy", help="the bot in every seat")
    parser.add_argument("--only", default="", help="variants to run, split by ',' (default: all)")
    args = parser.parse_args()
    seats = [args.seats] * args.players
    chosen = [v for v in VARIANTS if not args.only or v in args.only.split(",")]
    print(f"{args.rounds} rounds of {args.players} x {args.seats} per variant, seeds 0..{args.rounds - 1}\n")
    print(f"{'variant':22} {'blocked':>22} {'by an obligation':>18} {'by open ends':>13}  hub numbers named")
    causes: collections.Counter[str] = collections.Counter()
    for name in chosen:
        ends: collections.Counter[str] = collections.Counter()
        named: collections.Counter[int] = collections.Counter()
        for seed in range(args.rounds):
            end, numbers = play_round(VARIANTS[name], seats, seed)
            ends[end] += 1
            named.update(numbers)
        by_obligation = sum(c for end, c in ends.items() if end.startswith("blocked: obligation"))
        blocked = by_obligation + ends["blocked: open ends"]
        low, high = wilson(blocked, args.rounds)
        rate = f"{blocked / args.rounds:6.1%} ({low:.1%}-{high:.1%})"
        numbers = " ".join(f"{n}:{c}" for n, c in sorted(named.items())) or "-"
        print(f"{name:22} {rate:>22} {by_obligation:>18} {ends['blocked: open ends']:>13}  {numbers}")
        causes.update({end: c for end, c in ends.items() if end.startswith("blocked: obligation")})
    if causes:
        print("\nthe obligations open at a block, all variants together:")
        for end, c in causes.most_common():
            print(f"  {c:4}  {end.removeprefix('blocked: obligation: ')}")


if __name__ == "__main__":
    main()
