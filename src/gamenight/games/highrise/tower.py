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
from gamenight.games.highrise.tiles import BASEMENT_SIZE, HALVES, SPACERS


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
    for a, b in slots:
        if b not in neighbours[a]:
            raise ValueError(f"bases.txt: base {name}: slot {names[a]}-{names[b]} is not two side-by-side cells")
    edges_of = tuple(tuple(i for i, edge in enumerate(edges) if c in edge) for c in range(len(names)))
    return Base(name, cols, rows, names, slots, tuple(edges), neighbours, edges_of)


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
    """The stacks on every cell, the dominoes in the order they were laid, and the spacers left.

    `height`, `top` and `top_tile` are the top of each stack, kept beside the stacks so
    that legal-move generation reads three lists instead of walking the stacks."""

    __slots__ = (
        "base",
        "stacks",
        "height",
        "top",
        "top_tile",
        "pieces",
        "spacers_left",
        "places",
        "fitting",
        "edge_fit",
        "edge_spacer",
        "edge_spacers",
        "dirty",
        "playable",
    )

    def __init__(self, base: Base, blank: bool = False) -> None:
        self.base = base
        # blank: the fields are left for clone() to fill (a compiled class makes its instances
        # through __init__ only, so a clone cannot be made with __new__: `make fast`).
        if blank:
            return
        n = base.size
        self.stacks: list[tuple[Layer, ...]] = [() for _ in range(n)]
        self.height = [-1] * n  # -1: the basement slot under this cell is still empty
        self.top = [-1] * n  # the half code on top of each cell
        self.top_tile = [-1] * n  # the domino that half belongs to
        self.pieces: list[Piece] = []
        self.spacers_left = SPACERS  # R-HR SET-UP: "Place the twelve clear spacers near the draw pile."
        # rules.places() of this tower, kept until a cell changes: every hand's legal plays
        # (and the blocked-hand check) read it, and it depends on the tower only.
        self.places: list[tuple[int, int, int]] | None = None
        self.fitting: list[int] | None = None  # rules.place_masks(), kept the same way
        # Per pair of cells in `base.edges`, what rules.places() finds there: the dominoes that
        # fit (0 where none may lie) and the cell a spacer raises (rules.NOT_A_PLACE where no
        # domino may lie), as of the last look and with spacers left then or not; `dirty`
        # lists the cells changed since, so that a play looks again at the pairs of its cells
        # only. New lists replace them (clones share them).
        self.edge_fit: list[int] | None = None
        self.edge_spacer: list[int] = []
        self.edge_spacers = True
        self.dirty: tuple[int, ...] = ()
        self.playable = 0  # the dominoes that fit somewhere (bit t for domino t), as of the last look

    def clone(self) -> Tower:
        new = Tower(self.base, True)
        new.stacks = self.stacks.copy()  # the stacks are tuples: shared until a cell changes
        new.height = self.height.copy()
        new.top = self.top.copy()
        new.top_tile = self.top_tile.copy()
        new.pieces = self.pieces.copy()
        new.spacers_left = self.spacers_left
        new.places = self.places
        new.fitting = self.fitting
        new.edge_fit = self.edge_fit
        new.edge_spacer = self.edge_spacer
        new.edge_spacers = self.edge_spacers
        new.dirty = self.dirty
        new.playable = self.playable
        return new

    # -- what is where --------------------------------------------------------

    def tiles(self) -> list[int]:
        return [p.tile for p in self.pieces]

    def basement_full(self) -> bool:
        return len(self.pieces) >= BASEMENT_SIZE

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

    # -- laying dominoes -------------------------------------------------------

    def lay_basement(self, tile: int, turned: bool) -> Piece:
        """Fill the next basement slot; the tile's first half (as the set lists it) goes
        on the slot's first cell, or its second half if `turned`."""
        a, b = self.base.slots[len(self.pieces)]
        x, y = HALVES[tile]
        piece = Piece(tile, a, b, y if turned else x, 0, -1)
        self._push(a, Layer(tile, piece.half_a))
        self._push(b, Layer(tile, piece.half_b))
        self.pieces.append(piece)
        return piece

    def place(self, tile: int, a: int, b: int, half_a: int, spacer: int) -> Piece:
        """Lay a domino (already checked legal): a clear spacer first on `spacer` if it is
        a cell, then the half `half_a` on `a` and the other half on `b`."""
        if spacer >= 0:
            self._push(spacer, SPACER)
            self.spacers_left -= 1
        height = self.height
        level = max(height[a], height[b]) + 1
        x, y = HALVES[tile]
        half_b = y if half_a == x else x
        # Built with tuple.__new__: a NamedTuple's generated __new__ costs twice as much, and
        # a play makes three of them.
        new = tuple.__new__
        piece: Piece = new(Piece, (tile, a, b, half_a, level, spacer))
        self._push(a, new(Layer, (tile, half_a)))
        self._push(b, new(Layer, (tile, half_b)))
        self.pieces.append(piece)
        return piece

    def _push(self, cell: int, layer: Layer) -> None:
        self.places = self.fitting = None
        self.dirty += (cell,)
        self.stacks[cell] = (*self.stacks[cell], layer)
        self.height[cell] += 1
        tile, half = layer
        if tile >= 0:  # not a spacer
            self.top[cell] = half
            self.top_tile[cell] = tile
