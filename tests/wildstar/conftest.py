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

from collections import Counter

import pytest

from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.registry import make_game
from gamenight.games.wildstar.state import WildstarState
from gamenight.games.wildstar.tiles import ALL_TILES, NAMES, parse


def new_state(**options: object) -> WildstarState:
    state = make_game("wildstar", dict(options)).new_state()
    assert isinstance(state, WildstarState)
    return state


def position(text: str, **options: object) -> WildstarState:
    sections = [part.strip() for part in text.split("|")]
    hands_at = next(i for i, part in enumerate(sections) if part.startswith("hands"))
    hands = [h.strip() for h in sections[hands_at].removeprefix("hands").split("/")]
    options.setdefault("players", len(hands))
    if "*" in hands:
        sections[hands_at] = "hands " + " / ".join(_rest(sections) if h == "*" else h for h in hands)
    state = make_game("wildstar", dict(options)).state_from_notation(" | ".join(sections))
    assert isinstance(state, WildstarState)
    return state


def _rest(sections: list[str]) -> str:
    named: Counter[int] = Counter()
    for part in sections[1:]:
        _section, _, body = part.partition(" ")
        for token in body.replace("/", " ").split():
            if token in ("*", "-"):
                continue
            played = token.split("@")[0]
            named[parse("S" if played.upper().startswith("S-") else played)] += 1
    return " ".join(NAMES[t] for t in (Counter(ALL_TILES) - named).elements())


def count(names: list[str]) -> int:
    """R-WS "The count", worked by hand for the tests: "Each dot on a domino counts 1 point
    ... Each wildstar counts 20 points. 0-0 counts 30 points." """
    special = {"S": 20, "SS": 20, "0-0": 30}
    return sum(special.get(n) or sum(int(x) for x in n.split("-")) for n in names)


def laid(layout: str) -> list[str]:
    """The tiles of a written layout by name: 9-4@e0 is the 9-4, S-7@e1 a single star."""
    names = [entry.split("@")[0] for entry in layout.split()]
    return ["S" if n.upper().startswith("S-") else n for n in names]


def moves(state: WildstarState) -> list[str]:
    """The legal moves, in notation, in the order the state lists them."""
    return [state.move_notation(m) for m in state.legal_moves()]


def play(state: WildstarState, text: str) -> None:
    state.apply(state.parse_move(text))


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


def assert_illegal(state: WildstarState, text: str, match: str) -> None:
    """The move is refused with a reason naming the rule, and nothing changes."""
    before = state.notation()
    with pytest.raises(IllegalMoveError, match=match):
        play(state, text)
    assert state.notation() == before
