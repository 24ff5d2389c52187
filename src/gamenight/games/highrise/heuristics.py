"""Game knowledge for bots, read from a view only.

The greedy player weighs the points a play scores now against the best opening it
leaves the next player: every place the next player could then cover, at its level,
weighted by how likely an unseen domino fits there and what such a domino is worth.
Going out is worth the most: it also collects every opponent's hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gamenight.games.dominoes.hands import margin_result as dominoes_margin
from gamenight.games.dominoes.hands import tile_mask
from gamenight.games.highrise import rules
from gamenight.games.highrise.moves import DRAW, PASS, Move
from gamenight.games.highrise.notation import parse_tower
from gamenight.games.highrise.tiles import ALL_TILES, HALVES, HAND_POINTS, TILES, WILD
from gamenight.games.highrise.tower import BASES, Tower

if TYPE_CHECKING:
    from gamenight.games.highrise.state import HighriseState

# The `hard` level: ismcts with these settings (bots/registry.py), measured to keep a move
# under about a second on a 2-core laptop (benchmarks/README.md: Strength).
ISMCTS_HARD: dict[str, object] = {
    "iterations": 450,
    "rollout": "greedy",
    "margin": 0.5,
    "tree_depth": 1,
    "widening": 2.0,
}
RISK = 1.0  # a point the next player may score counts as one scored now (docs/rules/highrise.md: Bots)
GOING_OUT = 30  # besides the opponents' hands: the hand ends before they score again
UNSEEN_HAND_POINTS = sum(HAND_POINTS) / len(HAND_POINTS)  # a domino's average worth in hand: 252 / 36 = 7


def greedy_move(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    if legal[0].kind in (DRAW, PASS):
        return legal[0]
    hand = [TILES.parse(t) for t in view["hand"]]
    return best_play(tower_from_view(view), hand, view["hand_sizes"], view["seat"], legal, rng)


def rollout_move(state: HighriseState, legal: Sequence[Move], rng: random.Random) -> Move:
    """`greedy_move` read off a state instead of a view, for search rollouts (which play
    states sampled from the searcher's view): the same choice, without building a view."""
    if legal[0].kind in (DRAW, PASS):
        return legal[0]
    seat = state.turn
    return best_play(state.tower, state.hands[seat], [len(h) for h in state.hands], seat, legal, rng)


def rank_moves(state: HighriseState, legal: Sequence[Move], rng: random.Random) -> list[Move]:
    """The legal moves, greedy's favourite first (its value, ties broken at random): the
    order in which ismcts's `widening` lets a decision's moves into the search."""
    if legal[0].kind in (DRAW, PASS):
        return list(legal)
    seat = state.turn
    return _ranked(_scored(state.tower, state.hands[seat], [len(h) for h in state.hands], seat, legal, rng))


def rank_view(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> list[Move]:
    """`rank_moves` read from a view: the `learned` bot's candidates (bots/learned.py)."""
    if legal[0].kind in (DRAW, PASS):
        return list(legal)
    hand = [TILES.parse(t) for t in view["hand"]]
    return _ranked(_scored(tower_from_view(view), hand, view["hand_sizes"], view["seat"], legal, rng))


def _ranked(scored: list[tuple[float, float, Move]]) -> list[Move]:
    """Greedy's favourite first: by value, ties broken by the random key `_scored` drew."""
    return [m for _, _, m in sorted(scored, reverse=True)]


def best_play(
    tower: Tower, hand: list[int], sizes: list[int], seat: int, legal: Sequence[Move], rng: random.Random
) -> Move:
    return max(_scored(tower, hand, sizes, seat, legal, rng))[2]


def _scored(
    tower: Tower, hand: list[int], sizes: list[int], seat: int, legal: Sequence[Move], rng: random.Random
) -> list[tuple[float, float, Move]]:
    unseen = _ALL_MASK & ~tile_mask(tower.tiles()) & ~tile_mask(hand)
    next_hand = sizes[(seat + 1) % len(sizes)]
    openings = Openings(unseen, next_hand)
    return [(move_value(tower, hand, sizes, seat, openings, m), rng.random(), m) for m in legal]


def tower_from_view(view: dict[str, Any]) -> Tower:
    levels = {level: " ".join(entries) for level, entries in enumerate(view["levels"], 1)}
    return parse_tower(BASES[view["basement_layout"]], " ".join(view["basement"]), levels)


def move_value(tower: Tower, hand: list[int], sizes: list[int], seat: int, openings: Openings, move: Move) -> float:
    points = float(rules.play_points(tower, move))
    if len(hand) == 1:
        others = sum(size for s, size in enumerate(sizes) if s != seat)
        return points + GOING_OUT + others * UNSEEN_HAND_POINTS
    after = tower.clone()
    after.place(move.tile, move.a, move.b, move.half_a, move.spacer)
    return points - RISK * openings.best(after)


class Openings:
    """What the next player may expect to score on a tower, from the dominoes we cannot see
    (`unseen`, a bit mask: bit t for domino t)."""

    def __init__(self, unseen: int, hand_size: int) -> None:
        self.unseen = unseen
        self.unseen_count = unseen.bit_count()
        self.hand_size = hand_size
        self._by_values: dict[tuple[int, int], float] = {}

    def best(self, tower: Tower) -> float:
        top, height = tower.top, tower.height
        best = 0.0
        for a, b, _spacer in rules.places(tower):
            level = max(height[a], height[b]) + 1
            value = self._expected(top[a], top[b]) * level
            if value > best:
                best = value
        return best

    def _expected(self, va: int, vb: int) -> float:
        """Chance the next hand holds a domino that fits on (va, vb), times what one is worth."""
        key = (va, vb)
        if key not in self._by_values:
            fitting = self.unseen & rules.PAIR_MASK[va][vb]
            if not fitting:
                self._by_values[key] = 0.0
            else:
                count = fitting.bit_count()
                miss = 1.0 - count / self.unseen_count
                chance = 1.0 - miss**self.hand_size
                points = sum(HAND_POINTS[t] for t in _PAIR_TILES[va][vb] if fitting >> t & 1)
                self._by_values[key] = chance * points / count
        return self._by_values[key]


_ALL_MASK = tile_mask(ALL_TILES)
# The dominoes of each PAIR_MASK, in order, to add up the worth of those still unseen.
_PAIR_TILES = tuple(tuple(tuple(t for t in ALL_TILES if m >> t & 1) for m in row) for row in rules.PAIR_MASK)


CANDIDATE_FEATURES = (
    "points",
    "opening",
    "value",
    "behind_best",
    "goes_out",
    "hand_left",
    "hand_points_left",
    "best_next",
    "tiles_playable_next",
    "level",
    "pile",
    "next_hand",
    "spacers_left",
    "tile_points",
    "wild",
    "spacer",
    "unseen",
    "choices",
)
"""What `candidate_features` says of each play, in its order (the `learned` bot's input)."""


def candidate_features(view: dict[str, Any], plays: Sequence[Move]) -> list[list[float]]:
    """Each play's CANDIDATE_FEATURES, read from the view alone, each scaled to about [0, 1]:
    what greedy weighs (the points now, the best opening left to the next player, greedy's
    value and how far it is behind the best play's), and what greedy does not look at: what
    the hand keeps (how many dominoes, their count if stuck with them, the best the hand
    could score on the tower the play leaves and how many of its dominoes would fit there),
    the level, the pile, the next hand's size, the spacers, the domino's own worth."""
    hand = [TILES.parse(t) for t in view["hand"]]
    tower = tower_from_view(view)
    sizes: list[int] = view["hand_sizes"]
    seat: int = view["seat"]
    unseen = _ALL_MASK & ~tile_mask(tower.tiles()) & ~tile_mask(hand)
    next_hand = sizes[(seat + 1) % len(sizes)]
    openings = Openings(unseen, next_hand)
    values = [move_value(tower, hand, sizes, seat, openings, m) for m in plays]
    best = max(values)
    rows = []
    for move, value in zip(plays, values, strict=True):
        after = tower.clone()
        after.place(move.tile, move.a, move.b, move.half_a, move.spacer)
        rest = list(hand)
        rest.remove(move.tile)
        later = rules.legal_plays(after, rest) if rest else []
        x, y = HALVES[move.tile]
        rows.append(
            [
                rules.play_points(tower, move) / 50,
                openings.best(after) / 50,
                value / 50,
                (best - value) / 50,
                float(len(hand) == 1),
                len(rest) / 5,
                sum(HAND_POINTS[t] for t in rest) / 50,
                max((rules.play_points(after, m) for m in later), default=0) / 50,
                len({m.tile for m in later}) / 5,
                rules.level_of(tower, move) / 6,
                view["pile"] / 20,
                next_hand / 6,
                (view["spacers_left"] - (move.spacer >= 0)) / 12,
                HAND_POINTS[move.tile] / 14,
                float(WILD in (x, y)),
                float(move.spacer >= 0),
                unseen.bit_count() / 30,
                len(plays) / 30,
            ]
        )
    return rows


def margin_result(state: HighriseState) -> list[float]:
    """The score margin in [0, 1], for ismcts's `margin` option
    (a typical 2-player hand ends about 40 points apart)."""
    return dominoes_margin(state.totals, range(state.n), False, scale=40)
