"""Helpers that keep the Wildstar scenarios close to the rulebook.

`position(text, **options)` reads a position in notation (docs/notation.md, Wildstar).
The number of players is the number of hands unless `players=` is given. One
convenience for tests only: a hand written `*` holds every tile named nowhere else
(the four single stars counted one by one), so a position with an empty pile
(`pile -`) need not list all 60 tiles.

    shuffler=1 turn=2 phase=play | layout 9-9 9-4@e0 | hands 9-3 5-5 / 9-8 S / * | pile -

A layout lists the centre double, then each later tile as the play that laid it: the
half written first is the half laid against the end (`9-4@e0`: the 9 on the centre,
4 shows outward); `S-7@e3` is a single star declared as (e3's number)-7; `SS@e3` the
double star as the double of e3's number.
"""

from __future__ import annotations

from gamenight.engine.registry import make_game
from gamenight.games.wildstar.state import WildstarState
from gamenight.games.wildstar.tiles import ALL_TILES, NAMES, name, parse

from ..helpers import assert_illegal, fill_star_hand, moves, play

__all__ = [
    "assert_illegal",
    "count",
    "deal",
    "hand",
    "laid",
    "moves",
    "new_state",
    "open_ends",
    "play",
    "position",
    "tile",
]


def new_state(**options: object) -> WildstarState:
    state = make_game("wildstar", dict(options)).new_state()
    assert isinstance(state, WildstarState)
    return state


def position(text: str, **options: object) -> WildstarState:
    text, players = fill_star_hand(text, _tile_of, ALL_TILES, name)
    options.setdefault("players", players)
    state = make_game("wildstar", dict(options)).state_from_notation(text)
    assert isinstance(state, WildstarState)
    return state


def _tile_of(entry: str) -> int:
    """The tile a hand, layout or pile entry names: S-7@e3 is a single star."""
    played = entry.split("@")[0]
    return parse("S" if played.upper().startswith("S-") else played)


def count(names: list[str]) -> int:
    """R-WS "The count", worked by hand for the tests: "Each dot on a domino counts 1 point
    ... Each wildstar counts 20 points. 0-0 counts 30 points." """
    special = {"S": 20, "SS": 20, "0-0": 30}
    return sum(special.get(n) or sum(int(x) for x in n.split("-")) for n in names)


def laid(layout: str) -> list[str]:
    """The tiles of a written layout by name: 9-4@e0 is the 9-4, S-7@e1 a single star."""
    names = [entry.split("@")[0] for entry in layout.split()]
    return ["S" if n.upper().startswith("S-") else n for n in names]


def tile(name: str) -> int:
    return parse(name)


def hand(state: WildstarState, seat: int) -> list[str]:
    """Seat `seat`'s tiles by name; seats are numbered from 1, as in the notation."""
    return [NAMES[t] for t in state.hands[seat - 1]]


def open_ends(state: WildstarState) -> dict[int, tuple[int, int]]:
    """The ends a tile may go on now, as {end: (number shown, places left)}."""
    return {e["end"]: (e["value"], e["free"]) for e in state.view(None)["open_ends"]}


def deal(state: WildstarState, *hands: str) -> None:
    """Drive the DEAL chance steps: one tile at a time, from the shuffler's left.

    `hands` lists what each seat receives, in seat order from the shuffler's left."""
    rows = [h.split() for h in hands]
    for i in range(len(rows[0])):
        for row in rows:
            assert state.to_act() == -1
            assert state.legal_moves() == []
            state.apply_chance(tile(row[i]))
