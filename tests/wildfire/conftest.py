"""Helpers that keep the Wildfire scenarios close to the rulebook.

`position(text, **options)` reads a position in notation (docs/notation.md). The number
of players is the number of hands unless `players=` is given. One convenience for
tests only: a hand written `*` holds every tile named nowhere else, so a position
with an empty pile (`pile -`) need not list all 65 tiles.
"""

from __future__ import annotations

from gamenight.engine.registry import make_game
from gamenight.games.wildfire.state import WildfireState
from gamenight.games.wildfire.tiles import ALL_TILES, TILES

from ..helpers import assert_illegal, fill_star_hand, moves, play

__all__ = ["assert_illegal", "hand", "moves", "play", "position", "tile"]


def position(text: str, **options: object) -> WildfireState:
    text, players = fill_star_hand(text, _tile_of, ALL_TILES, TILES.name)
    options.setdefault("players", players)
    state = make_game("wildfire", dict(options)).state_from_notation(text)
    assert isinstance(state, WildfireState)
    return state


def _tile_of(entry: str) -> int:
    return TILES.parse(entry.split("@")[0])


def tile(name: str) -> int:
    return TILES.parse(name)


def hand(state: WildfireState, seat: int) -> list[str]:
    """Seat `seat`'s tiles by name; seats are numbered from 1, as in the notation."""
    return [TILES.name(t) for t in state.hands[seat - 1]]
