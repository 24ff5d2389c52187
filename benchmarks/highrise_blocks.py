"""How a Highrise hand ends, and why it blocks (issue 17; docs/rules/highrise.md, Blocked hands).

    .venv/bin/python benchmarks/highrise_blocks.py                    # 200 hands, 4 greedy bots
    .venv/bin/python benchmarks/highrise_blocks.py --hands 400 --players 2

Each hand is one game of one hand (the basic game), dealt from seeds 0..N-1. A hand ends
*out* (someone played their last domino) or *blocked* (nobody can play and the pile is
out). For blocked hands it reports the clear spacers still unused: if running out of
spacers caused the blocks, blocked hands would end with none left. For every turn it
records whether the seat could play from its hand, by how many dominoes were up in the
tower above the basement: the share of turns that had to draw shows how quickly the
two-halves rule (a domino must match the two halves it covers) leaves nothing to play.
"""

from __future__ import annotations

import argparse
import collections
import statistics

from gamenight.bots.registry import make_bot
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.games.highrise.moves import PLAY
from gamenight.games.highrise.state import HighriseState, Phase

BASEMENT = 8  # R-HR SET-UP: eight dominoes in the base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="greedy", help="the bot in every seat")
    args = parser.parse_args()
    game = make_game("highrise", {"players": args.players, "hands": 1})
    ends: collections.Counter[str] = collections.Counter()
    spacers_left_at_block: list[int] = []
    turns: collections.Counter[tuple[int, bool]] = collections.Counter()  # (dominoes up, could not play)
    for seed in range(args.hands):
        match = Match(game, [make_bot(args.seats, game) for _ in range(args.players)], seed=seed)
        while (state := match.state).to_act() is not None:
            assert isinstance(state, HighriseState)
            if state.phase == Phase.PLAY:  # a turn starts
                up = len(state.tower.tiles()) - BASEMENT
                turns[min(up, 12), state.legal_moves()[0].kind != PLAY] += 1
            match.step()
        final = match.state
        assert isinstance(final, HighriseState)
        if any(not hand for hand in final.hands):
            ends["out"] += 1
        else:
            ends["blocked"] += 1
            spacers_left_at_block.append(final.tower.spacers_left)
    total = sum(ends.values())
    print(f"{total} hands of {args.players} x {args.seats}, seeds 0..{total - 1}")
    print(f"  out {ends['out']} ({ends['out'] / total:.1%}), blocked {ends['blocked']} ({ends['blocked'] / total:.1%})")
    if spacers_left_at_block:
        none_left = sum(1 for s in spacers_left_at_block if s == 0)
        print(
            f"  blocked hands: clear spacers left, median {statistics.median(spacers_left_at_block):g} of 12;"
            f" none left in {none_left} of {len(spacers_left_at_block)}"
        )
    print("  turns with nothing in hand to play (draw or pass), by dominoes up above the basement:")
    for up in range(13):
        drew, played = turns[up, True], turns[up, False]
        if drew + played:
            label = f"{up}+" if up == 12 else str(up)
            print(f"    {label:>3} up: {drew / (drew + played):6.1%} of {drew + played} turns")
    stuck = sum(turns[up, True] for up in range(8, 13))
    late = stuck + sum(turns[up, False] for up in range(8, 13))
    if late:
        print(f"  from 8 up: {stuck / late:.1%} of {late} turns had nothing to play")


if __name__ == "__main__":
    main()
