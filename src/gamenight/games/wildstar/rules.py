"""Which tile may go where: the centre stage, matching, doubles and the wildstars.

Rule sentences are quoted from the rulebook (R-WS) or cited by design decision (D-WS-n)
in CLARIFICATIONS.md; docs/rules/wildstar.md maps each to its test.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from gamenight.games.wildstar.layout import Layout
from gamenight.games.wildstar.moves import PLAY, Move, inner_of
from gamenight.games.wildstar.tiles import DOUBLE_STAR, HALVES, KINDS, NAMES, NUMBERS, SINGLE_STAR, is_star


def _outers(kind: int, value: int) -> tuple[int, ...]:
    """The numbers `kind` may show outward when laid on an end showing `value`."""
    if kind == SINGLE_STAR:
        # D-WS-1: a single star stands in for any non-double: inner = the end, outer declared
        return tuple(n for n in NUMBERS if n != value)
    if kind == DOUBLE_STAR:
        return (-1,)  # D-WS-1: the double of the end's number, "treated exactly like a real double"
    a, b = HALVES[kind]
    if a == value:
        return (b,)
    if b == value:
        return (a,)
    return ()


# OUTERS[kind][value]: every way to lay a tile on an end showing `value` (the open stage).
OUTERS: Final = tuple(tuple(_outers(kind, value) for value in NUMBERS) for kind in KINDS)

# Every play there can be, made once: MOVES[kind][value][end] is the tuple of moves laying
# `kind` on `end` when it shows `value`. Legal-move generation then only indexes this table
# (benchmarks/README.md). A hand lays at most the 60 tiles, so end ids stay below 61.
MOVES: Final = tuple(
    tuple(
        tuple(tuple(Move(PLAY, kind, end, outer) for outer in OUTERS[kind][value]) for end in range(61))
        for value in NUMBERS
    )
    for kind in KINDS
)


# ONLY[kind][value][end]: for a numbered kind laid on an end showing one of its numbers, the
# one move of MOVES[kind][value][end] (empty where the kind cannot go on that number).
ONLY: Final = tuple(
    tuple(
        tuple(moves[0] for moves in MOVES[kind][value]) if kind < SINGLE_STAR and value in HALVES[kind] else ()
        for value in NUMBERS
    )
    for kind in KINDS
)


def legal_plays(layout: Layout, tiles: Iterable[int]) -> list[Move]:
    """Every legal way to lay one of `tiles` (kinds; repeats are ignored), tiles in kind order."""
    # Sorted, repeats kept: only the single star comes more than once in a set (four of it).
    # The centre stage takes no star, and the open stage's loop passes over a kind equal to
    # the one before: that costs less than making a set of every hand at every decision.
    kinds = sorted(tiles)
    plays: list[Move] = []
    free = layout.free
    if free and free[0] > 0:  # layout.in_centre_stage()
        # R-WS: the five plays around the centre "must be made with tiles that have an end with
        # the same number as the center tile"; "no wildstar" among them.
        centre = layout.centre
        for kind in kinds:
            if kind < SINGLE_STAR:
                plays.extend(MOVES[kind][centre][0])
        return plays
    # R-WS: after the five, "any domino ... whose end matches the open end of a domino played
    # on the table"; doubles and wildstars (D-WS-1) too.
    ends_of = layout.ends_of
    last = -1
    for kind in kinds:
        if kind == last:  # a second single star: its plays are listed already
            continue
        last = kind
        if kind >= SINGLE_STAR:  # a wildstar fits every open end
            table = MOVES[kind]
            values = layout.value
            for end in layout.open_ends:
                plays.extend(table[values[end]][end])
            continue
        # A numbered tile shows one number outward on an end that matches it: one move per end.
        a, b = HALVES[kind]
        ends = ends_of[a]
        if ends:
            only = ONLY[kind][a]
            for end in ends:
                plays.append(only[end])
        if b != a:
            ends = ends_of[b]
            if ends:
                only = ONLY[kind][b]
                for end in ends:
                    plays.append(only[end])
    return plays


def why_illegal(layout: Layout, move: Move) -> str:
    """The rule a play breaks, in words (the caller has checked the tile is in hand)."""
    name = NAMES[move.tile]
    if not layout.tiles:
        return "the centre double is not set yet"
    if move.end < 0 or move.end >= len(layout.tiles) or move.end not in layout.open_ends:
        return f"there is no open end e{move.end}"
    value = layout.value[move.end]
    if layout.in_centre_stage():
        if move.end != 0:
            return (
                f"the first five plays go around the centre (e0): {layout.arms} of 5 are out, "
                "so no other end is open yet"
            )
        if is_star(move.tile):
            return "no wildstar may be played around the centre: the five plays there must be numbered tiles"
        if value not in HALVES[move.tile]:
            return f"{name} has no {value}: the plays around the centre must carry the centre number"
    elif move.tile == SINGLE_STAR:
        if move.outer == value:
            return f"a single star stands in for a non-double only: it may not be declared {value}-{value}"
        if move.outer not in NUMBERS:
            return "a single star is declared with an outer number from 0 to 9"
    elif move.tile == DOUBLE_STAR:
        return "the double star is written SS@eN and stands for the double of that end's number"
    elif value not in HALVES[move.tile]:
        return f"{name} does not match the {value} at e{move.end}"
    if move.tile < SINGLE_STAR and inner_of(move) != value:
        return f"{inner_of(move)}-{move.outer} puts its {inner_of(move)} against the {value} at e{move.end}: " + (
            f"write {value}-{inner_of(move)}@e{move.end}"
        )
    return f"{name} cannot be played on e{move.end} that way"
