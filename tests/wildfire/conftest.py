"""Helpers that keep the Wildfire scenarios close to the rulebook.

`position(text, **options)` reads a position in notation (docs/notation.md). The number
of players is the number of hands unless `players=` is given. One convenience for
tests only: a hand written `*` holds every tile named nowhere else, so a position
with an empty pile (`pile -`) need not list all 65 tiles.
"""

from __future__ import annotations

import pytest

from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.registry import make_game
from gamenight.games.wildfire.state import WildfireState
from gamenight.games.wildfire.tiles import ALL_TILES, TILES


def position(text: str, **options: object) -> WildfireState:
    sections = [part.strip() for part in text.split("|")]
    hands_at = next(i for i, part in enumerate(sections) if part.startswith("hands"))
    hands = [h.strip() for h in sections[hands_at].removeprefix("hands").split("/")]
    options.setdefault("players", len(hands))
    if "*" in hands:
        sections[hands_at] = "hands " + " / ".join(_rest(sections) if h == "*" else h for h in hands)
    state = make_game("wildfire", dict(options)).state_from_notation(" | ".join(sections))
    assert isinstance(state, WildfireState)
    return state


def _rest(sections: list[str]) -> str:
    named: set[int] = set()
    for part in sections[1:]:
        _section, _, body = part.partition(" ")
        for token in body.replace("/", " ").split():
            if token in ("*", "-"):
                continue
            named.add(TILES.parse(token.split("@")[0]))
    return " ".join(TILES.name(t) for t in ALL_TILES if t not in named)


def moves(state: WildfireState) -> list[str]:
    """The legal moves, in notation, in the order the state lists them."""
    return [state.move_notation(m) for m in state.legal_moves()]


def play(state: WildfireState, text: str) -> None:
    state.apply(state.parse_move(text))


def tile(name: str) -> int:
    return TILES.parse(name)


def hand(state: WildfireState, seat: int) -> list[str]:
    """Seat `seat`'s tiles by name; seats are numbered from 1, as in the notation."""
    return [TILES.name(t) for t in state.hands[seat - 1]]


def assert_illegal(state: WildfireState, text: str, match: str) -> None:
    """The move is refused with a reason naming the rule, and nothing changes."""
    before = state.notation()
    with pytest.raises(IllegalMoveError, match=match):
        play(state, text)
    assert state.notation() == before
