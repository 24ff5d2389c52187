"""Where a domino may go, and what it scores.

Rule sentences are quoted from the rulebook (R-HR, shared/rules/highrise.txt) or cited
by design decision (D-HR-n) in CLARIFICATIONS.md; docs/rules/highrise.md maps each to
its test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gamenight.games.dominoes.hands import tile_mask
from gamenight.games.highrise.moves import PLAY, Move, other_half
from gamenight.games.highrise.tiles import ALL_TILES, FITS, HALVES, SPACERS, SYMBOLS, TILES, WILD, WILD_ON_WILD
from gamenight.games.highrise.tower import MAX_PAIRS, SPACER_SIDES, WILD_SHOWN, Base, Tower

Place = tuple[int, int, int]  # (a, b, spacer): two side-by-side cells, and the cell to raise or -1

NO_SPACER: Final = -1


def places(tower: Tower) -> list[Place]:
    """Every pair of side-by-side cells a domino may lie on, whatever it shows.

    R-HR: "place a domino ... directly onto the halves of two different dominoes" ("You must
    always cover over two dominoes. You can never directly cover just one domino."); the two
    halves covered "had to be from dominoes on the same level", except that "a player may use
    a clear spacer, which can be placed on a domino half which is one level lower than the
    other half being covered" -- "You can never use more than one clear spacer per turn", so
    a gap of two levels can never be bridged. D-HR-3: grid-aligned, orthogonally adjacent.
    The tower keeps these pairs up to date as dominoes are laid (`Tower.open_pairs`)."""
    open_pairs, way, size = tower.open_pairs(), tower.way, len(tower.base.edges)
    return [(a, b, (NO_SPACER, a, b)[way[i] // size]) for i, a, b in tower.base.pairs if open_pairs >> i & 1]


# PAIR_MASK[va][vb]: the dominoes that fit on two halves showing va and vb, either way
# round (bit t for domino t), for `playable_mask` and the greedy player's odds.
PAIR_MASK: Final = tuple(
    tuple(
        tile_mask(
            t
            for t in ALL_TILES
            if (FITS[HALVES[t][0]][va] and FITS[HALVES[t][1]][vb])
            or (FITS[HALVES[t][1]][va] and FITS[HALVES[t][0]][vb])
        )
        for vb in range(len(FITS))
    )
    for va in range(len(FITS))
)


def place_masks(tower: Tower) -> list[int]:
    """For each of `places(tower)`, the dominoes that fit there either way round (a bit mask)."""
    top = tower.top
    return [PAIR_MASK[top[a]][top[b]] for a, b, _ in places(tower)]


def playable_mask(tower: Tower) -> int:
    """Every domino that has a legal play now, as a bit mask (bit t for domino t): what a seat
    that has to draw or pass shows it does not hold. The same dominoes `legal_plays` would
    find among all of them (a test checks it), read off the places without a search; kept on
    the tower until the next play."""
    playable = tower.playable
    if playable < 0:
        playable = 0
        open_pairs, edges, top = tower.open_pairs(), tower.base.edges, tower.top
        for i in LOW_PAIRS[open_pairs & LOW_MASK] + HIGH_PAIRS[open_pairs >> HALF_BITS]:
            a, b = edges[i]
            playable |= PAIR_MASK[top[a]][top[b]]
        tower.playable = playable
    return playable


def legal_plays(tower: Tower, tiles: Sequence[int]) -> list[Move]:
    """Every legal way to lay one of `tiles`: by tile, then place, then the turn of the domino.

    R-HR: "Each half on the domino you place must match the number on the domino half it is
    covering"; "A wild half may be played to cover anything, and a wild half already on the
    tray may be covered by anything." Under a spacer "the number under the spacer is what
    must be matched" (D-HR-3), which is the cell's top half: the spacer is laid with the play.

    The tower's masks answer a domino at every place at once (`Tower.shows_first`): with halves
    x and y, it may lie x on the first cell of a pair whose first cell x may cover and whose
    second cell y may cover, or y on the first cell the other way round (a double is listed once)."""
    open_pairs = tower.level_pairs | tower.step_pairs if tower.spacers_left else tower.level_pairs
    plays: list[Move] = []
    if not open_pairs:
        return plays
    shows_first, shows_second, way = tower.shows_first, tower.shows_second, tower.way
    wild_first, wild_second = shows_first[WILD_SHOWN], shows_second[WILD_SHOWN]
    base = tower.base
    every_play = _PLAYS.get(base.name) or _plays_on(base)
    for tile in tiles:
        x, y = HALVES[tile]
        x_first = (shows_first[x] | wild_first) & (shows_second[y] | wild_second) & open_pairs
        y_first = (shows_first[y] | wild_first) & (shows_second[x] | wild_second) & open_pairs if x != y else 0
        found = x_first | y_first
        if not found:
            continue
        x_plays, y_plays = every_play[tile]
        # The pairs found, in board order: read off tables 12 pairs at a time (a loop peeling
        # off the lowest bit costs more, and a base has at most 24 pairs); each pair's play
        # looked up by its way (`Tower.way`).
        if not y_first:  # one way round only, as a double always is
            for i in LOW_PAIRS[x_first & LOW_MASK] + HIGH_PAIRS[x_first >> HALF_BITS]:
                plays.append(x_plays[way[i]])
        elif not x_first:
            for i in LOW_PAIRS[y_first & LOW_MASK] + HIGH_PAIRS[y_first >> HALF_BITS]:
                plays.append(y_plays[way[i]])
        else:
            for i in LOW_PAIRS[found & LOW_MASK] + HIGH_PAIRS[found >> HALF_BITS]:
                if x_first >> i & 1:
                    plays.append(x_plays[way[i]])
                if y_first >> i & 1:
                    plays.append(y_plays[way[i]])
    return plays


# LOW_PAIRS[m] / HIGH_PAIRS[m]: the pairs whose bits are set in m, the low / high half of a
# mask of pairs, in order.
HALF_BITS: Final = MAX_PAIRS // 2
LOW_MASK: Final = (1 << HALF_BITS) - 1
LOW_PAIRS: Final = tuple(tuple(i for i in range(HALF_BITS) if m >> i & 1) for m in range(1 << HALF_BITS))
HIGH_PAIRS: Final = tuple(tuple(i + HALF_BITS for i in pairs) for pairs in LOW_PAIRS)


PlaysOn = tuple[tuple[tuple[Move, ...], tuple[Move, ...]], ...]
_PLAYS: Final[dict[str, PlaysOn]] = {}


def _plays_on(base: Base) -> PlaysOn:
    """Every play a base can see, made once: [tile] -> (the plays with the tile's first half on
    a pair's first cell, those turned round), each indexed by the pair's way (`Tower.way`: the
    pair, and the cell a spacer raises). A move is a tuple: looking one up costs less than
    making it at every listing (a hand lists some 100)."""

    def laid(tile: int, half: int) -> tuple[Move, ...]:
        return tuple(
            Move(PLAY, tile, a, b, half, (NO_SPACER, a, b)[side]) for side in SPACER_SIDES for a, b in base.edges
        )

    plays = tuple((laid(tile, HALVES[tile][0]), laid(tile, HALVES[tile][1])) for tile in ALL_TILES)
    _PLAYS[base.name] = plays
    return plays


def level_of(tower: Tower, move: Move) -> int:
    """The level the domino will lie at. The basement "is not considered to be a level"; "The
    dominoes played directly on top of them ... are considered level one"; "Any domino played
    directly on top of level one is considered level two". With a spacer the lower cell is
    raised to meet the higher one, so either way it is one above the higher cell."""
    return max(tower.height[move.a], tower.height[move.b]) + 1


def half_points(half: int, covered: int) -> int:
    """R-HR: "Blanks count as zero points. Wilds are special and their value is determined by
    what they cover ... a Wild half placed on top of a spacer that is on top of a 4 is still
    counted as a 4. In the rare case that a Wild covers a Wild, the value is counted as a 7."
    D-HR-4: "A numbered half scores its own number, whatever it covers."""
    if half != WILD:
        return half
    return covered if covered != WILD else WILD_ON_WILD


def play_points(tower: Tower, move: Move) -> int:
    """R-HR: "A player's score is determined by the total number of points on the domino just
    played, multiplied by the level of the play." D-HR-4: "A wild–wild played on two numbers
    scores the sum of the two covered numbers." `tower` is the tower before the play."""
    top = tower.top
    _, tile, a, b, half_a, _ = move
    x, y = HALVES[tile]
    half_b = y if half_a == x else x  # other_half
    # half_points, inlined: this runs at every play of every playout
    pips = (half_a if half_a != WILD else top[a] if top[a] != WILD else WILD_ON_WILD) + (
        half_b if half_b != WILD else top[b] if top[b] != WILD else WILD_ON_WILD
    )
    height = tower.height
    return pips * ((height[a] if height[a] > height[b] else height[b]) + 1)  # level_of


def where(tower: Tower, cell: int) -> str:
    """'a1 (the basement)' / 'b2 (level 2)': a cell and the height of its top."""
    height = tower.height[cell]
    at = "the basement" if height == 0 else f"level {height}"
    return f"{tower.base.cell_names[cell]} ({at})"


def why_illegal(tower: Tower, move: Move) -> str:
    """The rule a play breaks, in words, for a play `legal_plays` does not list."""
    base = tower.base
    name_a, name_b = base.cell_names[move.a], base.cell_names[move.b]
    if not base.adjacent(move.a, move.b):
        return f"{name_a} and {name_b} are not side by side: a domino covers two cells next to each other"
    if tower.top_tile[move.a] == tower.top_tile[move.b]:
        covered = TILES.name(tower.top_tile[move.a])
        return (
            f"{name_a} and {name_b} are both halves of {covered}: a play must cover two different "
            "dominoes, never just one"
        )
    ha, hb = tower.height[move.a], tower.height[move.b]
    lower, higher = (move.a, move.b) if ha < hb else (move.b, move.a)
    gap = abs(ha - hb)
    if gap == 0 and move.spacer >= 0:
        return (
            f"{where(tower, move.a)} and {where(tower, move.b)} are on the same level: "
            "a clear spacer is only for a half one level lower"
        )
    if gap > 1:
        return (
            f"{where(tower, lower)} is {gap} levels lower than {where(tower, higher)}: both halves must be on "
            "the same level, or one level apart with a clear spacer (never more than one spacer per turn)"
        )
    if gap == 1:
        if tower.spacers_left == 0:
            return (
                f"{where(tower, lower)} is one level lower than {where(tower, higher)}, "
                f"and all {SPACERS} clear spacers are in the tower"
            )
        if move.spacer != lower:
            lower_name = base.cell_names[lower]
            return (
                f"{where(tower, lower)} is one level lower than {where(tower, higher)}: lay a clear spacer on "
                f"{lower_name} (write {lower_name}^), or the domino would slide off"
            )
    for cell, half in ((move.a, move.half_a), (move.b, other_half(move.tile, move.half_a))):
        value = tower.top[cell]
        if not FITS[half][value]:
            under = " under the spacer" if move.spacer == cell else ""
            return (
                f"the {SYMBOLS[half]} of {TILES.name(move.tile)} does not match the "
                f"{SYMBOLS[value]}{under} on {base.cell_names[cell]}"
            )
    return f"{TILES.name(move.tile)} cannot be played on {name_a} and {name_b}"  # pragma: no cover
