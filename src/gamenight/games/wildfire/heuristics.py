"""Game knowledge for bots, read from a view only.

The greedy player sheds the most points now, keeps its Wild Ones for obligations
(they fit any slot), completes obligations when it can, always knocks, and, naming the
hub's number, picks the number the others are least likely to hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gamenight.games.dominoes.hands import margin_result as dominoes_margin
from gamenight.games.wildfire.layout import placement
from gamenight.games.wildfire.moves import DRAW, HUB, PASS, PLAY, Move
from gamenight.games.wildfire.tiles import ALL_TILES, HUB_NUMBERS, POINTS, TILES, WILD, is_wild

if TYPE_CHECKING:
    from gamenight.games.wildfire.state import WildfireState

# The `hard` level: ismcts with these settings (bots/registry.py), measured to keep a move
# under about a second on a 2-core laptop (benchmarks/README.md: Strength).
ISMCTS_HARD: dict[str, object] = {
    "iterations": 500,
    "exploration": 0.3,
    "rollout": "greedy",
    "margin": 0.5,
    "tree_depth": 1,
}
KEEP_WILD = 15  # what holding a Wild One for a later obligation is worth, in points


def greedy_move(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    if legal[0].kind in (DRAW, PASS):
        return legal[0]
    if legal[0].kind == HUB:
        return Move(HUB, hub_number(view))
    hand = [TILES.parse(t) for t in view["hand"]]
    return best_play(hand, view["obligation"] is not None, legal, rng)


def rollout_move(state: WildfireState, legal: Sequence[Move], rng: random.Random) -> Move:
    """`greedy_move` read off a state instead of a view, for search rollouts (which play
    states sampled from the searcher's view): the same choice, without building a view."""
    if legal[0].kind != PLAY:
        return greedy_move(state.view(state.to_act()), legal, rng)
    return best_play(state.hands[state.turn], state.layout.obligation >= 0, legal, rng)


def rank_moves(state: WildfireState, legal: Sequence[Move], rng: random.Random) -> list[Move]:
    """The legal moves, greedy's favourite first (its value, ties broken at random): the
    order in which ismcts's `widening` lets a decision's moves into the search."""
    if legal[0].kind != PLAY:
        return list(legal)
    hand, in_obligation = state.hands[state.turn], state.layout.obligation >= 0
    return [
        m for _, _, m in sorted(((move_value(in_obligation, hand, m), rng.random(), m) for m in legal), reverse=True)
    ]


def best_play(hand: list[int], in_obligation: bool, legal: Sequence[Move], rng: random.Random) -> Move:
    scored = [(move_value(in_obligation, hand, m), rng.random(), m) for m in legal]
    return max(scored)[2]


def move_value(in_obligation: bool, hand: list[int], move: Move) -> float:
    value = float(POINTS[move.tile])
    p = placement(move.tile, move.inner)
    if p is not None and p.inner == WILD and not in_obligation and len(hand) > 2:
        value -= KEEP_WILD  # a wild spent on a plain end cannot fill an obligation later
    if move.knock:
        value += 100  # never be caught without knocking
    return value


def hub_number(view: dict[str, Any]) -> int:
    """The number with the fewest unseen tiles that could complete the obligation."""
    seen = {TILES.parse(t.split("@")[0]) for t in view["layout"]} | {TILES.parse(t) for t in view["hand"]}
    unseen = [t for t in ALL_TILES if t not in seen]
    unseen_wilds = sum(1 for t in unseen if WILD in TILES.halves[t])

    def fillers(number: int) -> int:
        plain = sum(1 for t in unseen if number in TILES.halves[t] and not is_wild(t))
        return plain + unseen_wilds

    return min(HUB_NUMBERS, key=fillers)


def margin_result(state: WildfireState) -> list[float]:
    """The score margin in [0, 1], for ismcts's `margin` option
    (a typical 2-player round ends about 20 points apart)."""
    return dominoes_margin(state.totals, range(state.n), True, scale=20)
