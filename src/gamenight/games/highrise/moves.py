"""Moves and their notation (docs/notation.md, Highrise).

5-3@a1,b1       play 5-3: the 5 on a1, the 3 on b1
3-5@a1,b1       the same domino turned round: the 3 on a1, the 5 on b1
5-3@a1^,b1      a clear spacer on a1 first (a1 is one level lower than b1), then 5-3
draw  pass      when you cannot play

A play names the domino and the two cells it covers; the first half written goes on the
first cell written. Plays are *written* with the cells in board order (a1 before b1
before a2) and the domino turned to match, so every play has one written form.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from gamenight.engine.errors import NotationError
from gamenight.engine.notation import check_numbers
from gamenight.games.highrise.tiles import HALVES, TILES
from gamenight.games.highrise.tower import Base

PLAY: Final = 0
DRAW: Final = 1
PASS: Final = 2


class Move(NamedTuple):
    kind: int
    tile: int = -1
    a: int = -1  # the first cell, in board order
    b: int = -1  # the second cell
    half_a: int = -1  # the half laid on `a` (the other half goes on `b`)
    spacer: int = -1  # the cell that gets a clear spacer first (`a` or `b`), or -1


DRAW_MOVE: Final = Move(DRAW)
PASS_MOVE: Final = Move(PASS)

_PLAY = re.compile(r"^(\w+\s*-\s*\w+)\s*@\s*(\w+)\s*(\^?)\s*,\s*(\w+)\s*(\^?)$")


def other_half(tile: int, half: int) -> int:
    x, y = HALVES[tile]
    return y if half == x else x


def move_notation(move: Move, base: Base) -> str:
    if move.kind == DRAW:
        return "draw"
    if move.kind == PASS:
        return "pass"
    names = base.cell_names
    a = names[move.a] + ("^" if move.spacer == move.a else "")
    b = names[move.b] + ("^" if move.spacer == move.b else "")
    return f"{TILES.oriented(move.half_a, other_half(move.tile, move.half_a))}@{a},{b}"


def parse_move(text: str, base: Base) -> Move:
    """Syntax only (the cells must exist on `base`): whether the play is legal is the state's question."""
    check_numbers(text)
    t = " ".join(text.strip().split())
    low = t.lower()
    if low == "draw":
        return DRAW_MOVE
    if low == "pass":
        return PASS_MOVE
    m = _PLAY.match(t)
    if not m and re.match(r"^[0-9w]-[0-9w]$", t, re.IGNORECASE):
        TILES.parse_halves(t)  # a domino the set does not have is named as such
        raise NotationError(
            f"{text!r} says the domino but not where it goes: add the two cells it covers, as in {t}@a1,b1"
        )
    if not m:
        raise NotationError(
            f"{text!r} is not a Highrise move: write a play like 5-3@a1,b1 (the first half on the "
            "first cell; '^' after a cell lays a clear spacer there first, as in 5-3@a1^,b1), 'draw' or 'pass'"
        )
    first, second = TILES.parse_halves(m.group(1))
    a, b = base.cell(m.group(2)), base.cell(m.group(4))
    if a == b:
        raise NotationError(f"{text!r}: a domino covers two different cells, not {base.cell_names[a]} twice")
    if m.group(3) and m.group(5):
        raise NotationError(f"{text!r}: a player can never use more than one clear spacer per turn")
    spacer = a if m.group(3) else b if m.group(5) else -1
    tile = TILES.by_halves[(first, second)]
    if a > b:
        a, b, first = b, a, second
    return Move(PLAY, tile, a, b, first, spacer)
