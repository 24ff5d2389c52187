"""Game knowledge for bots, read from a view only.

The greedy player sheds the most points now, keeps its Wild Ones for obligations
(they fit any slot), completes obligations when it can, always knocks, and, naming the
hub's number, weighs what each number costs the others and itself (`naming_value`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gamenight.games.dominoes.hands import absent_from_view, mask_tiles, tile_mask
from gamenight.games.dominoes.hands import margin_result as dominoes_margin
from gamenight.games.wildfire import rules
from gamenight.games.wildfire.layout import Layout, placement
from gamenight.games.wildfire.moves import DRAW, HUB, PASS, PLAY, Move
from gamenight.games.wildfire.tiles import ALL_TILES, HUB_NUMBERS, POINTS, TILES, WILD
from gamenight.games.wildfire.view import public_layout

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
STALL = 30.0  # naming: the cost of an obligation likely to block the round, in points


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
    if legal[0].kind == HUB:
        return Move(HUB, _Table.of_state(state).best_number())
    if legal[0].kind != PLAY:
        return legal[0]  # draw or pass
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
    """The number to name in the strategic game: the one worth most to the namer, by
    `naming_value`. Naming the number nobody holds is not always best: when it comes back
    round the namer draws too, and once the pile is out nobody can fill it and the round is
    blocked."""
    return _Table.of_view(view).best_number()


def naming_value(view: dict[str, Any], number: int) -> float:
    """What naming `number` is worth to the namer, in points against the average opponent
    (`_Table.naming_value`)."""
    return _Table.of_view(view).naming_value(number)


class _Table:
    """What the namer knows, read once for all nine numbers: from its view, or, in a
    search's rollouts, from the sampled state (the same facts, without building a view)."""

    def __init__(self, layout: Layout, seat: int, sizes: list[int], hand: int, absent: list[int], pile: int) -> None:
        self.layout = layout  # a copy of the table's own: naming changes its hub number
        self.seat, self.sizes, self.hand, self.absent, self.pile = seat, sizes, hand, absent, pile
        self.unseen = tile_mask(ALL_TILES) & ~tile_mask(layout.tiles) & ~hand
        self.pool = self.unseen.bit_count()
        self.average = sum(POINTS[t] for t in mask_tiles(self.unseen)) / max(self.pool, 1)

    @classmethod
    def of_view(cls, view: dict[str, Any]) -> _Table:
        hand = tile_mask(TILES.parse(t) for t in view["hand"])
        layout = public_layout(tuple(view["layout"])).clone()
        absent = absent_from_view(view["absent"], TILES.parse)
        return cls(layout, view["seat"], view["hand_sizes"], hand, absent, view["pile"])

    @classmethod
    def of_state(cls, state: WildfireState) -> _Table:
        sizes = [len(h) for h in state.hands]
        hand = tile_mask(state.hands[state.turn])
        return cls(state.layout.clone(), state.turn, sizes, hand, state.absent, len(state.pile))

    def best_number(self) -> int:
        return max(HUB_NUMBERS, key=lambda number: (self.naming_value(number), -number))

    def naming_value(self, number: int) -> float:
        """The obligation goes round from the namer's left. Each opponent fills it from hand
        with the chance that its hidden hand holds a filler (the unseen tiles dealt at random,
        none it showed it lacks), or draws one tile and fills with the drawn tile's chance. The
        namer, last, fills if it holds a filler, else draws too. Each tile drawn costs its
        drawer the average unseen tile; an obligation still open when the pile is out blocks
        the round (D-WF-3). Three times round at most."""
        if self.pool == 0:
            return 0.0
        self.layout.set_hub(number)  # the table's own copy: only the hub's number changes
        fillers = rules.playable_mask(self.layout)
        seat, sizes, pool, average = self.seat, self.sizes, self.pool, self.average
        n = len(sizes)
        i_fill = bool(self.hand & fillers)
        unseen_fillers = self.unseen & fillers
        draw_fills = unseen_fillers.bit_count() / pool
        pile = float(self.pile)
        still_open, value = 1.0, 0.0
        for turn in range(1, 3 * n + 1):
            other = (seat + turn) % n
            if other == seat:
                if i_fill:
                    return value
                if pile >= 1:
                    value -= still_open * average
                    pile -= still_open
                    still_open *= 1 - draw_fills
                continue
            holds = _holds_one(pool, (unseen_fillers & ~self.absent[other]).bit_count(), sizes[other])
            fills = holds
            if pile >= 1:
                value += still_open * (1 - holds) * average / (n - 1)
                pile -= still_open * (1 - holds)
                fills = holds + (1 - holds) * draw_fills
            still_open *= 1 - fills
        # Still open with the pile out, it blocks the round. A blocked round scores the hands
        # as they are, which is what playing on is worth in expectation too (a lighter hand is
        # as likely to go out first): it is no gain, and the table would rather play on.
        return value - still_open * STALL


def _holds_one(pool: int, good: int, size: int) -> float:
    """The chance that `size` tiles dealt at random from `pool` include one of `good`."""
    if size > pool:
        return 1.0 if good else 0.0
    return 1 - math.comb(pool - good, size) / math.comb(pool, size)


def margin_result(state: WildfireState) -> list[float]:
    """The score margin in [0, 1], for ismcts's `margin` option
    (a typical 2-player round ends about 20 points apart)."""
    return dominoes_margin(state.totals, range(state.n), True, scale=20)
