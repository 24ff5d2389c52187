"""Moves and their notation (docs/notation.md).

5-3@e2         play 5-3 on end e2, the 5 inward (halves are written inner-outer)
5-W@e2         a Wild One with the wild half out; W-5@e2 is the same tile wild-in
4-D@e9         a Double Wildfire joined by its 4 (the flame is always out)
3-2@e4 knock   a play that leaves one tile, knocking
draw  pass     when you cannot play
hub 7          the strategic variant: name the hub's number
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from gamenight.engine.errors import NotationError
from gamenight.engine.notation import check_numbers, kept
from gamenight.games.wildfire.layout import PLACEMENTS
from gamenight.games.wildfire.tiles import ALL_TILES, HUB_NUMBERS, TILES

PLAY: Final = 0
DRAW: Final = 1
PASS: Final = 2
HUB: Final = 3


class Move(NamedTuple):
    kind: int
    tile: int = -1  # for HUB: the number named
    inner: int = -1  # the half code laid against the end
    end: int = -1
    knock: bool = False


# Every play there can be, made once: legal-move generation then only indexes this
# table, PLAY_MOVES[tile, inner][end], instead of building a Move per option per turn.
# A round lays at most all 65 tiles, so end ids stay below 65.
PLAY_MOVES: Final = {
    (tile, p.inner): tuple(Move(PLAY, tile, p.inner, end) for end in range(len(ALL_TILES)))
    for tile in ALL_TILES
    for p in PLACEMENTS[tile]
}

DRAW_MOVE: Final = Move(DRAW)
PASS_MOVE: Final = Move(PASS)

_PLAY = re.compile(r"^([0-9a-z])-([0-9a-z])\s*@\s*e?(\d+)(\s+knock|!)?$", re.IGNORECASE)
_HUB = re.compile(r"^hub\s+(\d+)$", re.IGNORECASE)
_TILE_ONLY = re.compile(r"^[0-9a-z]-[0-9a-z]$", re.IGNORECASE)


@kept
def move_notation(move: Move) -> str:
    if move.kind == DRAW:
        return "draw"
    if move.kind == PASS:
        return "pass"
    if move.kind == HUB:
        return f"hub {move.tile}"
    a, b = TILES.halves[move.tile]
    outer = b if a == move.inner else a
    knock = " knock" if move.knock else ""
    return f"{TILES.oriented(move.inner, outer)}@e{move.end}{knock}"


def parse_move(text: str) -> Move:
    """Syntax only: whether the move is legal is the state's question."""
    check_numbers(text)
    t = " ".join(text.strip().split())
    low = t.lower()
    if low == "draw":
        return DRAW_MOVE
    if low == "pass":
        return PASS_MOVE
    if m := _HUB.match(t):
        number = int(m.group(1))
        if number not in HUB_NUMBERS:
            raise NotationError(f"the hub shows 1 to 9, not {number}")
        return Move(HUB, number)
    if m := _PLAY.match(t):
        inner, outer = TILES.parse_halves(f"{m.group(1)}-{m.group(2)}")
        return Move(PLAY, TILES.by_halves[(inner, outer)], inner, int(m.group(3)), bool(m.group(4)))
    if _TILE_ONLY.match(t):
        inner, _ = TILES.parse_halves(t)  # a tile the set does not have is named as such
        raise NotationError(
            f"{text!r} says the tile but not where it goes: add the open end, as in {t}@e2 "
            f"(the {TILES.symbols.get(inner, inner)} against end e2)"
        )
    raise NotationError(
        f"{text!r} is not a Wildfire move: write a play like 5-3@e2 (inner half first, "
        "then the end), '5-3@e2 knock', 'draw', 'pass' or 'hub 7'"
    )
