"""Game knowledge for bots, read from a view only.

The greedy player sheds the most points now, keeps its Wild Ones for obligations
(they fit any slot), completes obligations when it can, always knocks, and, naming the
hub's number, picks the number the others are least likely to hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.games.wildfire.layout import placement
from gamenight.games.wildfire.moves import DRAW, HUB, PASS, Move
from gamenight.games.wildfire.tiles import ALL_TILES, HUB_NUMBERS, POINTS, TILES, WILD, is_wild

KEEP_WILD = 15  # what holding a Wild One for a later obligation is worth, in points


def greedy_move(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    if legal[0].kind in (DRAW, PASS):
        return legal[0]
    if legal[0].kind == HUB:
        return Move(HUB, hub_number(view))
    hand = [TILES.parse(t) for t in view["hand"]]
    scored = [(move_value(view, hand, m), rng.random(), m) for m in legal]
    return max(scored)[2]


def move_value(view: dict[str, Any], hand: list[int], move: Move) -> float:
    value = float(POINTS[move.tile])
    p = placement(move.tile, move.inner)
    in_obligation = view["obligation"] is not None
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
