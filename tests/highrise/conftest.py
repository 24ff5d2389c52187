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

import pytest

from gamenight.engine.errors import IllegalMoveError
from gamenight.games.highrise.game import HighriseGame
from gamenight.games.highrise.state import HighriseState
from gamenight.games.highrise.tiles import ALL_TILES, TILES


def game(**options: object) -> HighriseGame:
    return HighriseGame.from_options(dict(options))


def position(text: str, **options: object) -> HighriseState:
    sections = [part.strip() for part in text.split("|")]
    hands_at = next(i for i, part in enumerate(sections) if part.startswith("hands"))
    hands = [h.strip() for h in sections[hands_at].removeprefix("hands").split("/")]
    options.setdefault("players", len(hands))
    if "*" in hands:
        sections[hands_at] = "hands " + " / ".join(_rest(sections) if h == "*" else h for h in hands)
    return game(**options).state_from_notation(" | ".join(sections))


def _rest(sections: list[str]) -> str:
    named: set[int] = set()
    for part in sections[1:]:
        _section, _, body = part.partition(" ")
        for token in body.replace("/", " ").split():
            if token in ("*", "-"):
                continue
            named.add(TILES.parse(token.split("@")[0]))
    return " ".join(TILES.name(t) for t in ALL_TILES if t not in named)


def moves(state: HighriseState) -> list[str]:
    """The legal moves, in notation, in the order the state lists them."""
    return [state.move_notation(m) for m in state.legal_moves()]


def play(state: HighriseState, text: str) -> None:
    state.apply(state.parse_move(text))


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


def assert_illegal(state: HighriseState, text: str, match: str) -> None:
    """The move is refused with a reason naming the rule, and nothing changes."""
    before = state.notation()
    with pytest.raises(IllegalMoveError, match=match):
        play(state, text)
    assert state.notation() == before
