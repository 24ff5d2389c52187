"""Helpers that keep the Highrise scenarios close to the rulebook.

`position(text, **options)` reads a position in notation (docs/notation.md, Highrise).
The number of players is the number of hands unless `players=` is given. One
convenience for tests only: a hand written `*` holds every domino named nowhere else,
so a position with an empty pile (`pile -`) need not list all 36 dominoes.

The base, seen from above with row 1 at the bottom (4x4, the default):

    a4 b4 c4 d4      basement slots, filled in this order:
    a3 b3 c3 d3      a1-a2 b1-b2 c1-c2 d1-d2 a3-a4 b3-b4 c3-c4 d3-d4
    a2 b2 c2 d2      (the first half written goes on the first cell)
    a1 b1 c1 d1
"""

from __future__ import annotations

from gamenight.games.highrise.game import HighriseGame
from gamenight.games.highrise.state import HighriseState
from gamenight.games.highrise.tiles import ALL_TILES, TILES

from ..helpers import assert_illegal, fill_star_hand, moves, play

__all__ = ["assert_illegal", "cell", "game", "hand", "moves", "play", "position", "tile", "top"]


def game(**options: object) -> HighriseGame:
    return HighriseGame.from_options(dict(options))


def position(text: str, **options: object) -> HighriseState:
    text, players = fill_star_hand(text, _tile_of, ALL_TILES, TILES.name)
    options.setdefault("players", players)
    return game(**options).state_from_notation(text)


def _tile_of(entry: str) -> int:
    return TILES.parse(entry.split("@")[0])


def tile(name: str) -> int:
    return TILES.parse(name)


def hand(state: HighriseState, seat: int) -> list[str]:
    """Seat `seat`'s dominoes by name; seats are numbered from 1, as in the notation."""
    return [TILES.name(t) for t in state.hands[seat - 1]]


def cell(state: HighriseState, name: str) -> int:
    return state.tower.base.cell(name)


def top(state: HighriseState, name: str) -> tuple[str, int]:
    """What is on top of a cell, seen from above: the half's symbol and its level."""
    c = cell(state, name)
    return TILES.symbols[state.tower.top[c]], state.tower.height[c]
