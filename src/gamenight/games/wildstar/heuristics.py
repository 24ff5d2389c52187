"""Game knowledge for bots, read from a view only.

The greedy player sheds the most points now, keeps its wildstars for later (a star can
always be played in the open stage, so it is a turn saved), shows outward numbers it
holds itself, and reads the table: a seat that had to draw or pass showed which numbers
it lacked. With partners it avoids turning an end to a number its partner lacked (that
blocks the partner) and prefers numbers the other team lacked; without partners every
other seat is an opponent.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from gamenight.games.dominoes.hands import margin_result as dominoes_margin
from gamenight.games.wildstar.moves import DRAW, PLAY, Move
from gamenight.games.wildstar.tiles import DOUBLE_STAR, HALVES, POINTS, SINGLE_STAR, is_star, parse

if TYPE_CHECKING:
    from gamenight.games.wildstar.state import WildstarState

# The `hard` level: ismcts with these settings (bots/registry.py), measured to keep a move
# under about a second on a 2-core laptop (benchmarks/README.md: Strength).
ISMCTS_HARD: dict[str, object] = {"iterations": 250, "rollout": "greedy", "margin": 0.5, "widening": 2.0}
KEEP_STAR = 14  # what holding a wildstar for later is worth, in points
FOLLOW_UP = 2.0  # per tile in hand that can follow on the number shown
PARTNER_LACKS = 3.0  # showing a number the partner lacked (benchmarks/README.md: tuned in self-play)
OPPONENT_LACKS = 4.0  # showing a number an opponent lacked (shared by the opponents)


def greedy_move(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    plays = [m for m in legal if m.kind == PLAY]
    if not plays:
        return next((m for m in legal if m.kind == DRAW), legal[0])
    table = Table(
        view["seat"], view["players"], view["teams"], [sum(1 << int(d) for d in digits) for digits in view["lacked"]]
    )
    hand = [parse(t) for t in view["hand"]]
    values = {e["end"]: e["value"] for e in view["open_ends"]}
    return best_play(table, hand, values, plays, rng)


def rollout_move(state: WildstarState, legal: Sequence[Move], rng: random.Random) -> Move:
    """`greedy_move` read off a state instead of a view, for search rollouts (which play
    states sampled from the searcher's view): the same choice, without building a view."""
    plays = [m for m in legal if m.kind == PLAY]
    if not plays:
        return next((m for m in legal if m.kind == DRAW), legal[0])
    judge = _judge(state)
    return max((judge.move_value(m), rng.random(), m) for m in plays)[2]


def rank_moves(state: WildstarState, legal: Sequence[Move], rng: random.Random) -> list[Move]:
    """The legal moves, greedy's favourite first (its value, ties broken at random): the
    order in which ismcts's `widening` lets a decision's moves into the search, so the
    many numbers a star may be declared as are tried best first, not all at once."""
    judge = _judge(state)
    keyed = [(judge.move_value(m) if m.kind == PLAY else -math.inf, rng.random(), m) for m in legal]
    return [m for _, _, m in sorted(keyed, reverse=True)]


def _judge(state: WildstarState) -> Judge:
    teams = [state.members(side) for side in range(2)] if state.game.options.partners else None
    table = Table(state.turn, state.n, teams, state.lacked)
    layout = state.layout
    values = {e: layout.value[e] for e in layout.playable_ends()}
    return Judge(table, state.hands[state.turn], values)


class Table(NamedTuple):
    """What the greedy player reads off the table besides its hand."""

    seat: int
    players: int
    teams: list[list[int]] | None
    lacked: list[int]  # per seat, bit n set: it could not play on number n


def best_play(table: Table, hand: list[int], values: dict[int, int], plays: list[Move], rng: random.Random) -> Move:
    judge = Judge(table, hand, values)
    scored = [(judge.move_value(m), rng.random(), m) for m in plays]
    return max(scored)[2]


class Judge:
    """Values the plays of one decision. What depends only on a number (how many tiles in
    hand follow on it, what showing it tells the table) is worked out once per number:
    rollouts ask this for every play of every move of every search iteration."""

    def __init__(self, table: Table, hand: list[int], values: dict[int, int]) -> None:
        self.table = table
        self.hand = hand
        self.values = values
        self.keep_stars = len(hand) > 2
        self._shows: dict[int, float] = {}  # number -> FOLLOW_UP * followers in hand + table value
        self._shown: dict[int, float] = {}  # number -> table value

    def move_value(self, move: Move) -> float:
        tile = move.tile
        value = float(POINTS[tile])
        if self.keep_stars and (tile == SINGLE_STAR or tile == DOUBLE_STAR):
            value -= KEEP_STAR
        before = self.values.get(move.end, -1)
        outer = before if tile == DOUBLE_STAR else move.outer
        shows = self._shows.get(outer)
        if shows is None:
            follow = sum(1 for t in self.hand if outer in HALVES[t])
            shows = self._shows[outer] = FOLLOW_UP * follow + self.shown(outer)
        if outer in HALVES[tile]:
            value -= FOLLOW_UP  # the played tile leaves the hand: it follows on nothing
        return value + shows - self.shown(before)

    def shown(self, number: int) -> float:
        value = self._shown.get(number)
        if value is None:
            value = self._shown[number] = _table_value(self.table, number)
        return value


def _table_value(table: Table, number: int) -> float:
    """How good it is for us that `number` shows on the table: bad if our partner lacked it,
    good if opponents did."""
    seat = table.seat
    if number < 0:
        return 0.0  # no number shows (a star's end before it is named)
    bit = 1 << number
    value = 0.0
    opponents = [s for s in range(table.players) if s != seat]
    if table.teams is not None:
        partners = next(team for team in table.teams if seat in team)
        opponents = [s for s in opponents if s not in partners]
        value -= PARTNER_LACKS * sum(1 for s in partners if s != seat and table.lacked[s] & bit)
    value += OPPONENT_LACKS * sum(1 for s in opponents if table.lacked[s] & bit) / len(opponents)
    return value


def _view_judge(view: dict[str, Any]) -> Judge:
    table = Table(
        view["seat"], view["players"], view["teams"], [sum(1 << int(d) for d in digits) for digits in view["lacked"]]
    )
    return Judge(table, [parse(t) for t in view["hand"]], {e["end"]: e["value"] for e in view["open_ends"]})


def rank_view(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> list[Move]:
    """The plays, greedy's favourite first (ties broken at random), read from a view: the
    `learned` bot's candidates (bots/learned.py). Without a play: the legal moves as they are."""
    plays = [m for m in legal if m.kind == PLAY]
    if not plays:
        return list(legal)
    judge = _view_judge(view)
    return [m for _, _, m in sorted(((judge.move_value(m), rng.random(), m) for m in plays), reverse=True)]


CANDIDATE_FEATURES = (
    "value",
    "behind_best",
    "points",
    "star",
    "double",
    "followers",
    "tiles_fitting_next",
    "hand_left",
    "hand_points_left",
    "goes_out",
    "next_hand",
    "pile",
    "open_ends",
    "shows",
    "covers",
    "shown_already",
    "arms",
    "choices",
)
"""What `candidate_features` says of each play, in its order (the `learned` bot's input)."""


def candidate_features(view: dict[str, Any], plays: Sequence[Move]) -> list[list[float]]:
    """Each play's CANDIDATE_FEATURES, read from the view alone, each scaled to about [0, 1]:
    greedy's value and how far it is behind the best play's, the count shed, whether it is a
    star or a double, and what greedy does not weigh: how many dominoes kept could follow on
    the number it shows and how many would fit some open end after it, the count left in
    hand, the next seat's hand and the pile, the open ends, what the number shown and the
    number covered tell the table, whether that number shows already, how far the star is."""
    judge = _view_judge(view)
    hand = judge.hand
    values = judge.values
    scores = [judge.move_value(m) for m in plays]
    best = max(scores)
    shown_now = {v for v in values.values() if v >= 0}
    seat: int = view["seat"]
    sizes: list[int] = view["hand_sizes"]
    rows = []
    for move, score in zip(plays, scores, strict=True):
        tile = move.tile
        star = tile in (SINGLE_STAR, DOUBLE_STAR)
        rest = list(hand)
        rest.remove(tile)
        before = values.get(move.end, -1)
        outer = before if tile == DOUBLE_STAR else move.outer
        shown = {v for e, v in values.items() if e != move.end and v >= 0} | ({outer} if outer >= 0 else set())
        fit = sum(1 for t in rest if is_star(t) or HALVES[t][0] in shown or HALVES[t][1] in shown)
        rows.append(
            [
                score / 20,
                (best - score) / 20,
                POINTS[tile] / 20,
                float(star),
                float(not star and HALVES[tile][0] == HALVES[tile][1]),
                sum(1 for t in rest if outer in HALVES[t]) / 5,
                fit / 10,
                len(rest) / 20,
                sum(POINTS[t] for t in rest) / 100,
                float(len(hand) == 1),
                sizes[(seat + 1) % len(sizes)] / 20,
                view["pile"] / 20,
                len(values) / 6,
                judge.shown(outer) / 4,
                judge.shown(before) / 4,
                float(outer in shown_now),
                view["arms"] / max(1, view["arms_needed"]),
                len(plays) / 30,
            ]
        )
    return rows


def margin_result(state: WildstarState) -> list[float]:
    """The score margin in [0, 1], for ismcts's `margin` option
    (a typical 2-player hand ends about 10 points apart)."""
    return dominoes_margin(
        state.totals, [state.side(s) for s in range(state.n)], not state.game.options.winner_collects, scale=10
    )
