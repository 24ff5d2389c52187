"""Moves and their notation (docs/notation.md).

9-4@e0     play 9-4 on the centre (e0), the 9 inward: halves are written inner-outer
4-6@e3     play 4-6 on end e3, which shows 4
S-7@e3     a single star on e3, declared as the tile (e3's number)-7 (D-WS-1)
SS@e3      the double star on e3: the double of e3's number
draw pass  when you cannot play
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from gamenight.engine.errors import NotationError
from gamenight.engine.notation import check_numbers, kept
from gamenight.games.wildstar.tiles import DOUBLE_STAR, HALVES, SINGLE_STAR, parse

PLAY: Final = 0
DRAW: Final = 1
PASS: Final = 2


class Move(NamedTuple):
    kind: int
    tile: int = -1
    end: int = -1
    outer: int = -1  # the number a tile shows outward once laid: a single star's declared number;
    # -1 for the double star, which shows the number of the end it is laid on


DRAW_MOVE: Final = Move(DRAW)
PASS_MOVE: Final = Move(PASS)

_PLAY = re.compile(r"^(SS|S-(\d)|(\d)-(\d))\s*@\s*e?(\d+)$", re.IGNORECASE)


def inner_of(move: Move) -> int:
    """The number laid against the end, for a numbered tile."""
    a, b = HALVES[move.tile]
    return b if a == move.outer else a


@kept
def move_notation(move: Move) -> str:
    if move.kind == DRAW:
        return "draw"
    if move.kind == PASS:
        return "pass"
    if move.tile == DOUBLE_STAR:
        return f"SS@e{move.end}"
    if move.tile == SINGLE_STAR:
        return f"S-{move.outer}@e{move.end}"
    return f"{inner_of(move)}-{move.outer}@e{move.end}"


def parse_move(text: str) -> Move:
    """Syntax only: whether the move is legal is the state's question."""
    check_numbers(text)
    t = " ".join(text.strip().split())
    low = t.lower()
    if low == "draw":
        return DRAW_MOVE
    if low == "pass":
        return PASS_MOVE
    if m := _PLAY.match(t):
        end = int(m.group(5))
        if m.group(1).upper() == "SS":
            return Move(PLAY, DOUBLE_STAR, end, -1)
        if m.group(2) is not None:
            return Move(PLAY, SINGLE_STAR, end, int(m.group(2)))
        inner, outer = int(m.group(3)), int(m.group(4))
        return Move(PLAY, parse(f"{inner}-{outer}"), end, outer)
    if re.match(r"^(\d-\d|S-\d|SS)$", t, re.IGNORECASE):
        raise NotationError(f"{text!r} says the tile but not where it goes: add the open end, as in {t}@e3")
    if re.match(r"^S\s*@", t, re.IGNORECASE):
        raise NotationError(f"{text!r}: a single star is played with its declared outer number, like S-7@e3")
    raise NotationError(
        f"{text!r} is not a Wildstar move: write a play like 4-6@e3 (inner half first, then the end), "
        "S-7@e3 (a single star declared as ?-7), SS@e3 (the double star), 'draw' or 'pass'"
    )
