"""The Wildfire set and what each tile is, in the rulebook's words.

Half codes: the numbers 0, 2..9 are themselves; 1 is the Wild One's flame (D-WF-1:
the "1" suit is printed as the Wild One, which is why the hub's "1" can only be met by
a wild); DOUBLE_FLAME and TRIPLE_FLAME are the Wildfire ends.
"""

from __future__ import annotations

from typing import Final

from gamenight.games.dominoes.tiles import TileSet

WILD: Final = 1
DOUBLE_FLAME: Final = 12
TRIPLE_FLAME: Final = 13
NUMBERS: Final = (0, 2, 3, 4, 5, 6, 7, 8, 9)
HUB_NUMBERS: Final = tuple(range(1, 10))  # the hub's lights, 1..9 (D-WF-5)

SYMBOLS: Final = {**{n: str(n) for n in NUMBERS}, WILD: "W", DOUBLE_FLAME: "D", TRIPLE_FLAME: "T"}

# Score of a half left in hand: pips, +10 a Wild One, +20 Double, +30 Triple Wildfire (R-WF
# SCORING; D-WF-6: a Wild One's number half counts its pips too, the Double Wild One 20).
HALF_POINTS: Final = {**{n: n for n in NUMBERS}, WILD: 10, DOUBLE_FLAME: 20, TRIPLE_FLAME: 30}

TILES: Final = TileSet.load("gamenight.games.wildfire", "data/tiles.txt", SYMBOLS, size=65)
ALL_TILES: Final = tuple(range(len(TILES)))
NAMES: Final = TILES.names
"""tile -> its name, read as a tuple: a chance step's notation and words name its tile, and
`TILES.name(tile)` would cost a call more for the same lookup."""

POINTS: Final = tuple(HALF_POINTS[a] + HALF_POINTS[b] for a, b in TILES.halves)


def is_plain_double(tile: int) -> bool:
    a, b = TILES.halves[tile]
    return a == b and a != WILD


def is_double_wild_one(tile: int) -> bool:
    return TILES.halves[tile] == (WILD, WILD)


def is_wild_one(tile: int) -> bool:
    """A single Wild One (W-n); the Double Wild One is not one of these."""
    a, b = TILES.halves[tile]
    return (a == WILD) != (b == WILD)


def is_wildfire(tile: int) -> bool:
    return any(h in (DOUBLE_FLAME, TRIPLE_FLAME) for h in TILES.halves[tile])


def is_wild(tile: int) -> bool:
    """Anything with a flame: Wild Ones, the Double Wild One, Wildfires."""
    return any(h not in NUMBERS for h in TILES.halves[tile])


# The highest plain double starts each round (R-WF PLAY; D-WF-7): 9-9 first, 0-0 last.
STARTING_DOUBLES: Final = tuple(sorted((t for t in ALL_TILES if is_plain_double(t)), key=lambda t: -TILES.halves[t][0]))
