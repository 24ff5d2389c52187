"""Game knowledge for bots, read from a view only.

The greedy player sheds the most points now, keeps its wildstars for later (a star can
always be played in the open stage, so it is a turn saved), shows outward numbers it
holds itself, and reads the table: a seat that had to draw or pass showed which numbers
it lacked. With partners it avoids turning an end to a number its partner lacked (that
blocks the partner) and prefers numbers the other team lacked; without partners every
other seat is an opponent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.games.wildstar.moves import DRAW, PLAY, Move
from gamenight.games.wildstar.tiles import DOUBLE_STAR, HALVES, POINTS, SINGLE_STAR, parse

KEEP_STAR = 14  # what holding a wildstar for later is worth, in points
FOLLOW_UP = 2.0  # per tile in hand that can follow on the number shown
PARTNER_LACKS = 3.0  # showing a number the partner lacked (benchmarks/README.md: tuned in self-play)
OPPONENT_LACKS = 4.0  # showing a number an opponent lacked (shared by the opponents)


def greedy_move(view: dict[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    plays = [m for m in legal if m.kind == PLAY]
    if not plays:
        return next((m for m in legal if m.kind == DRAW), legal[0])
    hand = [parse(t) for t in view["hand"]]
    values = {e["end"]: e["value"] for e in view["open_ends"]}
    scored = [(move_value(view, hand, values, m), rng.random(), m) for m in plays]
    return max(scored)[2]


def move_value(view: dict[str, Any], hand: list[int], values: dict[int, int], move: Move) -> float:
    value = float(POINTS[move.tile])
    if move.tile in (SINGLE_STAR, DOUBLE_STAR) and len(hand) > 2:
        value -= KEEP_STAR
    outer = values.get(move.end, -1) if move.tile == DOUBLE_STAR else move.outer
    rest = list(hand)
    rest.remove(move.tile)
    value += FOLLOW_UP * sum(1 for t in rest if outer in HALVES[t])
    value += _table_value(view, outer) - _table_value(view, values.get(move.end, -1))
    return value


def _table_value(view: dict[str, Any], number: int) -> float:
    """How good it is for us that `number` shows on the table: bad if our partner lacked it,
    good if opponents did."""
    seat = view["seat"]
    teams = view["teams"]
    digit = str(number)
    value = 0.0
    opponents = [s for s in range(view["players"]) if s != seat]
    if teams is not None:
        partners = next(team for team in teams if seat in team)
        opponents = [s for s in opponents if s not in partners]
        value -= PARTNER_LACKS * sum(1 for s in partners if s != seat and digit in view["lacked"][s])
    value += OPPONENT_LACKS * sum(1 for s in opponents if digit in view["lacked"][s]) / len(opponents)
    return value
