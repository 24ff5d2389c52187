"""The Highrise set, the clear spacers, and what a domino is worth, in the rulebook's words.

Half codes: the numbers 0..6 are themselves; WILD is the wild half. 7 is used for the
wild because a wild half left in a hand counts seven (R-HR GOING OUT), but the rules
never compare a wild by its code: `fits` and the scoring functions name it.
"""

from __future__ import annotations

from typing import Final

from gamenight.games.dominoes.tiles import TileSet

WILD: Final = 7
NUMBERS: Final = tuple(range(7))
SYMBOLS: Final = {**{n: str(n) for n in NUMBERS}, WILD: "W"}

TILES: Final = TileSet.load("gamenight.games.highrise", "data/tiles.txt", SYMBOLS, size=36)
ALL_TILES: Final = tuple(range(len(TILES)))
HALVES: Final = TILES.halves
NAMES: Final = TILES.names
"""tile -> its name, read as a tuple: a chance step's notation and words name its tile, and
`TILES.name(tile)` would cost a call more for the same lookup."""

SPACERS: Final = 12  # R-HR CONTENTS: "36 dominoes and 12 clear spacers"
BASEMENT_SIZE: Final = 8  # R-HR SET-UP: "randomly selects eight dominoes ... until it is full"
HAND_SIZE: Final = 5  # R-HR: "All players each take five of the remaining dominoes"
WILD_ON_WILD: Final = 7  # R-HR: "In the rare case that a Wild covers a Wild, the value is counted as a 7."

# A half left in a hand: "Wild halves count seven points and blanks count zero points".
HAND_HALF_POINTS: Final = {**{n: n for n in NUMBERS}, WILD: 7}
HAND_POINTS: Final = tuple(HAND_HALF_POINTS[a] + HAND_HALF_POINTS[b] for a, b in HALVES)

# FITS[half][covered]: "A wild half may be played to cover anything, and a wild half
# already on the tray may be covered by anything"; otherwise "Each half on the domino you
# place must match the number on the domino half it is covering."
FITS: Final = tuple(tuple(h == v or h == WILD or v == WILD for v in range(8)) for h in range(8))


def is_double(tile: int) -> bool:
    a, b = HALVES[tile]
    return a == b


def hand_points(tiles: list[int]) -> int:
    """The unplayed points in a hand: pips, wild halves seven, blanks zero (R-HR GOING OUT)."""
    # (A loop, not sum(map(HAND_POINTS.__getitem__, tiles)): compiled, the loop is native, where
    # the bound method and the map are calls into CPython; a hand holds five dominoes at most.)
    points = 0
    for tile in tiles:
        points += HAND_POINTS[tile]
    return points
