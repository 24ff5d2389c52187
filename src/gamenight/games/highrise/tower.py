"""The tower: the base's half-cells, the stack on each, and which domino covers which.

The base is a grid of half-cells (D-HR-2): columns a, b, c, ... and rows 1, 2, ...
A domino always covers two orthogonally adjacent cells, one half on each (D-HR-3).

Each cell holds a *stack* of layers, bottom first. Layer 0 is a basement domino's half;
every layer above it is either a half of a domino played later or a clear spacer.
The *height* of a cell is the number of layers above the basement, so the basement is
height 0 and a domino played straight on it lies at height 1, "street level" (R-HR:
"The dominoes played directly on top of them ... are considered level one"). A spacer
adds one to the height of its cell and is always covered by the domino laid with it,
so the top layer of every cell is a domino half: the one the next domino must match.

A domino's *level* is the height of its two halves, which is always the same on both
cells: one more than the higher of the two cells it covers (and a spacer lifts the lower
cell to meet the higher). The basement is level 0, which the rulebook does not count.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Final, NamedTuple

from gamenight.engine.errors import NotationError
from gamenight.games.highrise.tiles import BASEMENT_SIZE, HALVES, SPACERS, WILD

# Where Tower.shows_first and shows_second keep the pairs of a cell showing a half: a number at
# its own index, a wild at WILD_SHOWN (WILD itself holds every pair: what a wild half may cover).
WILD_SHOWN: Final = WILD + 1
# (Typed: a tuple made by unpacking is read as one of objects, and compiled code then indexed the
# masks' lists through CPython's generic calls at every play.)
SHOWN: Final[tuple[int, ...]] = (*range(WILD), WILD_SHOWN)

# Which cell of a pair a clear spacer raises, as in `Tower.way`: pair i with no spacer is way i,
# with a spacer on its first cell i + ON_FIRST * (the base's number of pairs), on its second
# i + ON_SECOND * (that number).
NO_SPACER_SIDE: Final = 0
ON_FIRST: Final = 1
ON_SECOND: Final = 2
SPACER_SIDES: Final = (NO_SPACER_SIDE, ON_FIRST, ON_SECOND)

# A base covers the 16 cells of its eight basement dominoes: at most 24 pairs of cells side by
# side (4 x 4), which rules.legal_plays reads off tables half a mask at a time.
MAX_PAIRS: Final = 24


@dataclass(frozen=True)
class Base:
    """The geometry of a base, as data (data/bases.txt): cells, slots, adjacency."""

    name: str
    cols: int
    rows: int
    cell_names: tuple[str, ...]  # cell -> "a1"; a cell is row * cols + col
    slots: tuple[tuple[int, int], ...]  # the basement dominoes' cells, in the order they are filled
    edges: tuple[tuple[int, int], ...]  # every pair of side-by-side cells (a, b), a < b, in order
    neighbours: tuple[tuple[int, ...], ...]  # cell -> the cells beside it
    edges_of: tuple[tuple[int, ...], ...]  # cell -> the indices in `edges` of the pairs it is in
    # The pairs as bits (bit i for edges[i]), for the tower's masks of places:
    first_of: tuple[int, ...]  # cell -> the pairs whose first cell it is
    second_of: tuple[int, ...]  # cell -> the pairs whose second cell it is
    pairs: tuple[tuple[int, int, int], ...]  # (i, a, b) for every pair (a, b) = edges[i], in order
    all_pairs: int  # every pair
    basement_pairs: int  # every pair but those under one basement domino
    near_mask: tuple[int, ...]  # i -> the pairs sharing a cell with edges[i], itself too
    # i -> for each other pair j sharing a cell with edges[i]: (j, 1 << j, its cell not in edges[i],
    # the Tower.way of j if that cell is the lower, and if it is the higher)
    around: tuple[tuple[tuple[int, int, int, int, int], ...], ...]
    pair_index: tuple[tuple[int, ...], ...]  # [a][b] and [b][a] -> the index in `edges` of (a, b), or -1

    @property
    def size(self) -> int:
        return self.cols * self.rows

    def cell(self, text: str) -> int:
        """'b3' -> its cell; NotationError naming the base's cells if there is no such cell."""
        name = text.strip().lower()
        try:
            return self.cell_names.index(name)
        except ValueError:
            first, last = self.cell_names[0], self.cell_names[-1]
            raise NotationError(f"{text!r} is not a cell of the {self.name} base ({first} to {last})") from None

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]


def _cell_name(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def _beside(edges: list[tuple[int, int]], i: int, j: int) -> tuple[int, int, int, int, int]:
    """Base.around's entry for pair j, which shares a cell with pair i."""
    first, second = edges[j]
    if second in edges[i]:  # its first cell is the one apart
        return j, 1 << j, first, j + ON_FIRST * len(edges), j + ON_SECOND * len(edges)
    return j, 1 << j, second, j + ON_SECOND * len(edges), j + ON_FIRST * len(edges)


def _parse_base(name: str, slots_text: str) -> Base:
    pairs = [slot.split("-") for slot in slots_text.split()]
    coords = [(ord(c[0]) - ord("a"), int(c[1:]) - 1) for pair in pairs for c in pair]
    cols = max(c for c, _ in coords) + 1
    rows = max(r for _, r in coords) + 1
    names = tuple(_cell_name(c, r) for r in range(rows) for c in range(cols))
    slots = tuple((names.index(a), names.index(b)) for a, b in pairs)
    covered = sorted(cell for slot in slots for cell in slot)
    if len(slots) != BASEMENT_SIZE or covered != list(range(cols * rows)):
        raise ValueError(f"bases.txt: base {name} must cover its {cols}x{rows} cells with {BASEMENT_SIZE} dominoes")
    edges: list[tuple[int, int]] = []
    for cell in range(cols * rows):
        row, col = divmod(cell, cols)
        if col + 1 < cols:
            edges.append((cell, cell + 1))
        if row + 1 < rows:
            edges.append((cell, cell + cols))
    edges.sort()
    neighbours = tuple(
        tuple(sorted({b for a, b in edges if a == c} | {a for a, b in edges if b == c})) for c in range(len(names))
    )
    if len(edges) > MAX_PAIRS:
        raise ValueError(f"bases.txt: base {name} has {len(edges)} pairs of cells side by side, more than {MAX_PAIRS}")
    for a, b in slots:
        if b not in neighbours[a]:
            raise ValueError(f"bases.txt: base {name}: slot {names[a]}-{names[b]} is not two side-by-side cells")
    edges_of = tuple(tuple(i for i, edge in enumerate(edges) if c in edge) for c in range(len(names)))
    first_of = tuple(sum(1 << i for i, (a, _) in enumerate(edges) if a == c) for c in range(len(names)))
    second_of = tuple(sum(1 << i for i, (_, b) in enumerate(edges) if b == c) for c in range(len(names)))
    near = [sorted(set(edges_of[a]) | set(edges_of[b])) for a, b in edges]
    around = tuple(tuple(_beside(edges, i, j) for j in near[i] if j != i) for i in range(len(edges)))
    pair_index = [[-1] * len(names) for _ in names]
    for i, (a, b) in enumerate(edges):
        pair_index[a][b] = pair_index[b][a] = i
    return Base(
        name,
        cols,
        rows,
        names,
        slots,
        tuple(edges),
        neighbours,
        edges_of,
        first_of,
        second_of,
        tuple((i, a, b) for i, (a, b) in enumerate(edges)),
        (1 << len(edges)) - 1,
        sum(1 << i for i, edge in enumerate(edges) if edge not in slots),
        tuple(sum(1 << j for j in js) for js in near),
        around,
        tuple(map(tuple, pair_index)),
    )


def _load_bases() -> dict[str, Base]:
    text = resources.files("gamenight.games.highrise").joinpath("data/bases.txt").read_text(encoding="utf-8")
    bases: dict[str, Base] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            name, _, slots = line.partition(":")
            bases[name.strip()] = _parse_base(name.strip(), slots)
    return bases


BASES: Final = _load_bases()


class Layer(NamedTuple):
    """One layer of a cell's stack: a domino's half, or a clear spacer (tile -1)."""

    tile: int
    half: int  # the half's code; -1 for a spacer

    @property
    def is_spacer(self) -> bool:
        return self.tile < 0


SPACER: Final = Layer(-1, -1)


class Piece(NamedTuple):
    """A domino in the tower: the half `half_a` lies on cell `a`, the other half on `b`."""

    tile: int
    a: int
    b: int
    half_a: int
    level: int  # 0 for the basement
    spacer: int  # the cell raised on a clear spacer under this domino, or -1

    @property
    def half_b(self) -> int:
        x, y = HALVES[self.tile]
        return y if self.half_a == x else x


class Tower:
    """The dominoes in the order they were laid, the top of every cell, and the spacers left.

    `height`, `top` and `top_tile` are the top of each cell's stack: all the rules read. The
    stacks themselves are read off the pieces when asked (`stacks`): no rule needs them. The
    pieces are kept as laid, as plain tuples (`laid`), and made Pieces when asked (`pieces`):
    a NamedTuple costs four times as much to make, at every play.

    Beside the tops the tower keeps what legal-move generation asks, as bit masks over the
    base's pairs of side-by-side cells (bit i for `base.edges[i]`), each play bringing them up
    to date for the pairs of its own two cells only (a hand asks far more often than the tower
    changes, and a few masks answer a domino at every place at once):

    - `shows_first[v]`, `shows_second[v]`: the pairs whose first (second) cell shows the number
      v on top, and at WILD_SHOWN those showing a wild; at WILD, every pair. A half v may then
      cover the first cells of `shows_first[v] | shows_first[WILD_SHOWN]`: those showing v, or
      a wild ("a wild half already on the tray may be covered by anything"), and every cell for
      a wild half v ("A wild half may be played to cover anything") (`rules.legal_plays`);
    - `level_pairs`: the pairs whose tops are on one level and halves of two different dominoes;
    - `step_pairs`: those one level apart, where a clear spacer on the lower cell lets a domino
      lie while spacers are left (`open_pairs`); `way[i]` says on which cell of the pair a
      spacer goes, as i plus ON_FIRST or ON_SECOND times the number of pairs (i alone on a
      level pair): the index of the pair's plays in `rules.legal_plays`'s tables.
    """

    __slots__ = (
        "base",
        "height",
        "top",
        "top_tile",
        "laid",
        "_pieces",
        "spacers_left",
        "shows_first",
        "shows_second",
        "level_pairs",
        "step_pairs",
        "way",
        "playable",
    )

    def __init__(self, base: Base, blank: bool = False) -> None:
        self.base = base
        # blank: the fields are left for clone() to fill (a compiled class makes its instances
        # through __init__ only, so a clone cannot be made with __new__: `make fast`).
        if blank:
            return
        n = base.size
        self.height = [-1] * n  # -1: the basement slot under this cell is still empty
        self.top = [-1] * n  # the half code on top of each cell
        self.top_tile = [-1] * n  # the domino that half belongs to
        self.laid: list[tuple[int, int, int, int, int, int]] = []  # each domino laid: a Piece's fields
        self._pieces: list[Piece] = []  # `laid` as Pieces, as far as they have been asked for
        self.spacers_left = SPACERS  # R-HR SET-UP: "Place the twelve clear spacers near the draw pile."
        self.shows_first = [0] * WILD + [base.all_pairs, 0]  # [WILD]: all, [WILD_SHOWN]: none yet
        self.shows_second = self.shows_first.copy()
        self.level_pairs = 0  # none until the basement is full: nothing is played before
        self.step_pairs = 0
        self.way = list(range(len(base.edges)))
        # rules.playable_mask() of this tower, or -1 until it is asked (a play forgets it).
        self.playable = -1

    def clone(self) -> Tower:
        new = Tower(self.base, True)
        new.height = self.height.copy()
        new.top = self.top.copy()
        new.top_tile = self.top_tile.copy()
        new.laid = self.laid.copy()
        new._pieces = self._pieces.copy()
        new.spacers_left = self.spacers_left
        new.shows_first = self.shows_first.copy()
        new.shows_second = self.shows_second.copy()
        new.level_pairs = self.level_pairs
        new.step_pairs = self.step_pairs
        new.way = self.way.copy()
        new.playable = self.playable
        return new

    # -- what is where --------------------------------------------------------

    @property
    def stacks(self) -> list[tuple[Layer, ...]]:
        """Each cell's stack of layers, bottom first, as the pieces were laid: a piece's spacer
        first (on its lower cell), then its two halves."""
        stacks: list[list[Layer]] = [[] for _ in range(self.base.size)]
        for piece in self.pieces:
            if piece.spacer >= 0:
                stacks[piece.spacer].append(SPACER)
            stacks[piece.a].append(Layer(piece.tile, piece.half_a))
            stacks[piece.b].append(Layer(piece.tile, piece.half_b))
        return [tuple(stack) for stack in stacks]

    @property
    def pieces(self) -> list[Piece]:
        """The dominoes in the order they were laid, the basement first. The list is kept (and
        grows as dominoes are laid): callers must not change it."""
        pieces, laid = self._pieces, self.laid
        if len(pieces) < len(laid):
            pieces.extend(map(Piece._make, laid[len(pieces) :]))
        return pieces

    def tiles(self) -> list[int]:
        return [p[0] for p in self.laid]  # (p[0]: the tile)

    def basement_full(self) -> bool:
        return len(self.laid) >= BASEMENT_SIZE

    def basement(self) -> list[Piece]:
        return self.pieces[:BASEMENT_SIZE]

    def levels(self) -> list[list[Piece]]:
        """The played dominoes level by level (level 1 first), each level in cell order."""
        played = sorted(self.pieces[BASEMENT_SIZE:], key=lambda p: (p.level, p.a, p.b))
        top = played[-1].level if played else 0
        return [[p for p in played if p.level == level] for level in range(1, top + 1)]

    def layer(self, cell: int, height: int) -> Layer:
        """What lies on `cell` at `height` (0 is the basement)."""
        return self.stacks[cell][height]

    def covered_by(self, cell: int, height: int) -> Layer | None:
        """What lies directly on the layer at `height` of `cell`, or None if it is the top."""
        stack = self.stacks[cell]
        return stack[height + 1] if height + 1 < len(stack) else None

    def spacers_in_tower(self) -> int:
        return sum(1 for p in self.pieces if p.spacer >= 0)

    def open_pairs(self) -> int:
        """The pairs a domino may lie on now (bit i for `base.edges[i]`): a pair one level apart
        needs a clear spacer, and the spacers are a finite supply (D-HR-3)."""
        return self.level_pairs | self.step_pairs if self.spacers_left else self.level_pairs

    # -- laying dominoes -------------------------------------------------------

    def lay_basement(self, tile: int, turned: bool) -> None:
        """Fill the next basement slot; the tile's first half (as the set lists it) goes
        on the slot's first cell, or its second half if `turned`."""
        base = self.base
        a, b = base.slots[len(self.laid)]
        x, y = HALVES[tile]
        if turned:
            x, y = y, x
        self.laid.append((tile, a, b, x, 0, -1))
        self.height[a] = self.height[b] = 0
        self.top[a], self.top[b] = x, y
        self.top_tile[a] = self.top_tile[b] = tile
        shows_first, shows_second = self.shows_first, self.shows_second  # (`m[i] = m[i] | x`: see place)
        sx, sy = SHOWN[x], SHOWN[y]
        shows_first[sx] = shows_first[sx] | base.first_of[a]
        shows_second[sx] = shows_second[sx] | base.second_of[a]
        shows_first[sy] = shows_first[sy] | base.first_of[b]
        shows_second[sy] = shows_second[sy] | base.second_of[b]
        if len(self.laid) == BASEMENT_SIZE:
            # Every cell at height 0: a domino may lie on any pair but a basement domino's own.
            self.level_pairs = base.basement_pairs

    def place(self, tile: int, a: int, b: int, half_a: int, spacer: int) -> None:
        """Lay a domino (already checked legal): a clear spacer first on `spacer` if it is
        a cell, then the half `half_a` on `a` and the other half on `b`. Both cells end at the
        domino's level: a spacer lifts the lower one to the higher."""
        if spacer >= 0:
            self.spacers_left -= 1
        height = self.height
        ha, hb = height[a], height[b]
        level = (ha if ha > hb else hb) + 1
        x, y = HALVES[tile]
        half_b = y if half_a == x else x
        self.laid.append((tile, a, b, half_a, level, spacer))
        height[a] = height[b] = level
        self.top_tile[a] = self.top_tile[b] = tile
        top = self.top
        covered_a, covered_b = top[a], top[b]
        top[a], top[b] = half_a, half_b
        # The pairs of a and b move from the masks of the halves covered to those of the halves
        # laid, where they differ: a number lies on its own number unless a wild is on either side.
        # (`m[i] = m[i] | x`, not `m[i] |= x`: compiled, an operator assigned to an item is a
        # generic call into CPython, where a typed item is worked natively; the same elsewhere.)
        base, shows_first, shows_second = self.base, self.shows_first, self.shows_second
        if covered_a != half_a:
            first, second = base.first_of[a], base.second_of[a]
            covered, laid = SHOWN[covered_a], SHOWN[half_a]
            shows_first[covered] = shows_first[covered] & ~first
            shows_second[covered] = shows_second[covered] & ~second
            shows_first[laid] = shows_first[laid] | first
            shows_second[laid] = shows_second[laid] | second
        if covered_b != half_b:
            first, second = base.first_of[b], base.second_of[b]
            covered, laid = SHOWN[covered_b], SHOWN[half_b]
            shows_first[covered] = shows_first[covered] & ~first
            shows_second[covered] = shows_second[covered] & ~second
            shows_first[laid] = shows_first[laid] | first
            shows_second[laid] = shows_second[laid] | second
        # Where a domino may lie changes on the pairs of a cell just covered, each pairing it with
        # a cell whose height tells. R-HR: "You must always cover over two dominoes. You can never
        # directly cover just one domino" (the pair just covered shows one domino); the halves
        # covered "had to be from dominoes on the same level", except that "a clear spacer ... can
        # be placed on a domino half which is one level lower than the other half being covered",
        # and "You can never use more than one clear spacer per turn", so a gap of two levels is
        # never bridged.
        i = base.pair_index[a][b]
        near = ~base.near_mask[i]
        level_pairs, step_pairs = self.level_pairs & near, self.step_pairs & near
        way = self.way
        for j, bit, other, other_lower, other_higher in base.around[i]:
            step = height[other] - level
            if step == 0:
                level_pairs |= bit
                way[j] = j
            elif step == -1:
                step_pairs |= bit
                way[j] = other_lower
            elif step == 1:
                step_pairs |= bit
                way[j] = other_higher
        self.level_pairs, self.step_pairs = level_pairs, step_pairs
        self.playable = -1
