"""The layout on the table: the centre double in the hub and every tile played since.

A tile on the table is a *node*. It was played on a parent node with its `inner` half,
and its outer half (or halves) are where the next tiles go. Each node has a number of
free places (`free`); a node with free places is an *open end*, named by its node id
("e7"), which stays the same for the whole round. Geometry is ignored (D-WF-4): the
rules only ask which numbers are open and whether an end belongs to a double or a
Wildfire.

Each node also lies on a *line* (`line`), a number the rules never read: the RL action
table names an end by its line (envs/actions.py), which keeps the id of a play on it while
the line grows. The centre is line 0. A tile laid on an end's last free place goes on with
that end's line (a plain tile on a plain end: the line grows by a tile); a tile laid on an
end that keeps free places (a double's first two, the centre's first three) starts a line,
the lowest number no open end holds. So the open ends hold distinct lines, and no more lines
are in use than there are open ends (below `LINES`): 37 where end ids need 65.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from gamenight.games.wildfire.tiles import (
    ALL_TILES,
    DOUBLE_FLAME,
    TILES,
    TRIPLE_FLAME,
    WILD,
    is_double_wild_one,
    is_plain_double,
)

# What a node is, for the rules. The last four open an *obligation* (D-WF-3).
PLAIN: Final = 0  # one outer end
DOUBLE: Final = 1  # crosswise plain double: three new openings (R-WF); the centre has four
WILD_ONE: Final = 2  # Wild One played with the wild half as the open end: 1 slot
DOUBLE_WILD_ONE: Final = 3  # crosswise, the next three plays go on it: 3 slots
DOUBLE_WILDFIRE: Final = 4  # flame end out, the next two plays: 2 slots
TRIPLE_WILDFIRE: Final = 5  # flame end out, the next three plays: 3 slots

KIND_NAMES: Final = ("plain", "double", "Wild One", "Double Wild One", "Double Wildfire", "Triple Wildfire")
OBLIGATION_KINDS: Final = frozenset({WILD_ONE, DOUBLE_WILD_ONE, DOUBLE_WILDFIRE, TRIPLE_WILDFIRE})
WILDFIRE_KINDS: Final = frozenset({DOUBLE_WILDFIRE, TRIPLE_WILDFIRE})
DOUBLE_KINDS: Final = frozenset({DOUBLE, DOUBLE_WILD_ONE})  # ends that belong to a double
CENTRE_ARMS: Final = 4  # the hub's four notches (CLARIFICATIONS 1.2, D-WF-4)
UNSPUN: Final = -1  # an obligation's number before the hub has been pressed


class Placement(NamedTuple):
    """One way to lay a tile: which half goes in, and what it makes on the table."""

    inner: int
    outer: int
    kind: int
    free: int  # places it opens
    value: int  # the number its open places must match (UNSPUN for an obligation)
    crosswise: bool  # played as a double (a plain double or the Double Wild One)


def _placements(tile: int) -> tuple[Placement, ...]:
    a, b = TILES.halves[tile]
    if is_double_wild_one(tile):
        return (Placement(WILD, WILD, DOUBLE_WILD_ONE, 3, UNSPUN, True),)
    if is_plain_double(tile):
        return (Placement(a, a, DOUBLE, 3, a, True),)
    if a in (DOUBLE_FLAME, TRIPLE_FLAME):
        # D-WF-2: a Wildfire joins by its number half; the flame half is the new end.
        kind, slots = (DOUBLE_WILDFIRE, 2) if a == DOUBLE_FLAME else (TRIPLE_WILDFIRE, 3)
        return (Placement(b, a, kind, slots, UNSPUN, False),)
    if a == WILD:
        return (
            Placement(WILD, b, PLAIN, 1, b, False),  # wild-in: the Wild One matches any end
            Placement(b, WILD, WILD_ONE, 1, UNSPUN, False),  # wild-out: the hub names the end
        )
    return (Placement(a, b, PLAIN, 1, b, False), Placement(b, a, PLAIN, 1, a, False))


PLACEMENTS: Final = tuple(_placements(t) for t in ALL_TILES)

_OPENS: Final = [max(p.free for p in placements) - 1 for placements in PLACEMENTS]  # places a tile adds
LINES: Final = CENTRE_ARMS + sum(_OPENS) - min(_OPENS[t] for t in ALL_TILES if is_plain_double(t))
"""Lines a round can hold at once: each open end holds one and has a free place, and the free
places are the centre's four plus what each tile laid since adds (its places, less the one it
fills): a double 2, a Double Wildfire 1... The centre is a plain double, whose own two are
already in its four: 4 + 35 - 2 = 37."""


def placement(tile: int, inner: int) -> Placement | None:
    for p in PLACEMENTS[tile]:
        if p.inner == inner:
            return p
    return None


class Node(NamedTuple):
    """One node as a record (`Layout.node`), for what reads a node whole: a rule broken, the words."""

    tile: int
    inner: int
    parent: int  # -1 for the centre
    kind: int
    value: int  # the number to match here: outer half, double's number, or the hub's number


class Layout:
    """Nodes in the order they were played, their free places, and the open obligation.

    A node's fields are kept in lists by node id (`tiles[i]`, `kind[i]`, `value[i]`...), as
    Wildstar's layout keeps its own: the rules read one field of a node at a time, and a
    record made at every play (a NamedTuple) cost more than the rest of laying the tile."""

    __slots__ = (
        "tiles", "inner", "parent", "kind", "value", "free", "open_ends", "by_number", "numbers", "obligation",
        "entries", "obligations", "line", "vacant",
    )  # fmt: skip

    def __init__(self, blank: bool = False) -> None:
        # blank: the fields are left for clone() to fill (a compiled class makes its instances
        # through __init__ only, so a clone cannot be made with __new__: `make fast`).
        if blank:
            return
        self.tiles: list[int] = []  # node -> the tile laid
        self.inner: list[int] = []  # node -> the half laid against its parent
        self.parent: list[int] = []  # node -> the node it was laid on; -1 for the centre
        self.kind: list[int] = []  # node -> what it is for the rules (PLAIN, DOUBLE...)
        self.value: list[int] = []  # node -> the number to match there: outer half, double's number, hub's number
        self.free: list[int] = []
        self.open_ends: list[int] = []  # node ids with free places, ascending
        # The open ends outside obligations, by the number they need: the index every
        # legal-move search starts from, kept up to date as tiles are laid.
        self.by_number: dict[int, list[int]] = {}
        self.numbers = 0  # by_number's keys as bits (bit n for number n): rules.playable_mask's key
        self.obligation = -1  # the node whose slots must be filled first, or -1
        # The notation of the first nodes as notation.layout_entries last wrote them, without
        # an obligation's hub number or closing mark (those change after it is laid; the
        # rest of a node never does), and which of them are obligations: a view writes only
        # the nodes laid since. Tuples, shared by clones (their first nodes are the same).
        self.entries: tuple[str, ...] = ()
        self.obligations: tuple[int, ...] = ()
        self.line: list[int] = []  # node -> its line (the module's docstring)
        self.vacant: list[int] = []  # lines below the highest given that no open end holds (burnt out)

    def clone(self) -> Layout:
        new = Layout(True)
        new.tiles = self.tiles.copy()
        new.inner = self.inner.copy()
        new.parent = self.parent.copy()
        new.kind = self.kind.copy()
        new.value = self.value.copy()
        new.free = self.free.copy()
        new.open_ends = self.open_ends.copy()
        new.by_number = {number: ends.copy() for number, ends in self.by_number.items()}
        new.numbers = self.numbers
        new.obligation = self.obligation
        new.entries = self.entries
        new.obligations = self.obligations
        new.line = self.line.copy()
        new.vacant = self.vacant.copy()
        return new

    def node(self, i: int) -> Node:
        return Node(self.tiles[i], self.inner[i], self.parent[i], self.kind[i], self.value[i])

    def is_double(self, node: int) -> bool:
        """An end that belongs to a double: the centre, a crosswise double, the Double Wild One."""
        return self.kind[node] in DOUBLE_KINDS

    def place_centre(self, tile: int) -> None:
        a, _ = TILES.halves[tile]
        self._add(tile, a, -1, DOUBLE, a, CENTRE_ARMS, 0)

    def place(self, tile: int, inner: int, parent: int) -> int:
        """Lay `tile` on `parent` (already checked legal); returns the new node id."""
        p = placement(tile, inner)
        assert p is not None
        line = self.line[parent] if self.free[parent] == 1 else self._new_line()
        node = self._add(tile, inner, parent, p.kind, p.value, p.free, line)
        left = self.free[parent] - 1  # (read once, into a name: `-=` on an item is a generic call, compiled)
        self.free[parent] = left
        if left == 0:
            self.open_ends.remove(parent)
            if parent == self.obligation:
                self.obligation = -1  # the last slot is filled: normal play resumes
            else:
                number = self.value[parent]
                ends = self.by_number[number]
                ends.remove(parent)
                if not ends:
                    del self.by_number[number]
                    self.numbers &= ~(1 << number)
        if p.kind in OBLIGATION_KINDS:
            self.obligation = node
        return node

    def burn_out(self) -> None:
        """Close the open obligation's remaining slots (the `obligation_burns_out` house rule)."""
        end = self.obligation
        self.free[end] = 0
        self.open_ends.remove(end)
        self.obligation = -1
        self.vacant.append(self.line[end])

    def set_hub(self, number: int) -> None:
        self.value[self.obligation] = number

    def _new_line(self) -> int:
        """The lowest line no open end holds: a burnt-out end's, else the next number (the open
        ends hold the lines below it, one each, as the vacant ones are taken first)."""
        if not self.vacant:
            return len(self.open_ends)
        line = min(self.vacant)
        self.vacant.remove(line)
        return line

    def _add(self, tile: int, inner: int, parent: int, kind: int, value: int, free: int, line: int) -> int:
        end = len(self.tiles)
        self.tiles.append(tile)
        self.inner.append(inner)
        self.parent.append(parent)
        self.kind.append(kind)
        self.value.append(value)
        self.free.append(free)
        self.line.append(line)
        self.open_ends.append(end)
        if kind not in OBLIGATION_KINDS:
            ends = self.by_number.get(value)  # (not setdefault: it would make a list at every call)
            if ends is None:
                self.by_number[value] = [end]
                self.numbers |= 1 << value
            else:
                ends.append(end)
        return end
