"""The star on the table: the centre piece with its double, five arms, and every tile since.

A tile on the table is a *node*, named by its id ("e3"), which stays the same for the
whole hand; node 0 is the double in the star centre. Each later node was played on a
parent node and shows one number outward (`value`): the far half of a numbered tile,
the number a single star was declared as, or a double's number. A node with `free`
places left is an open end.

D-WS-2: the centre has five arms, opened one by one by the first five plays (the
*centre stage*); after that the outer ends of the arms are the open ends (the *open
stage*). Doubles are laid crosswise but do not branch, so they keep one place; with
the `doubles_branch` option a double opens its two sides as well (three places).

Each node belongs to an arm (`arm`): the centre to none (0), the Nth play on the centre
opens arm N (nodes 1..5), and every later node to its parent's arm. In the basic game an
arm is one line of tiles, so each arm has exactly one open end, its tip: the RL action
table names an end by its arm (envs/actions.py), which stays the same as the arm grows.
"""

from __future__ import annotations

from typing import Final

from gamenight.games.wildstar.tiles import is_double

ARMS: Final = 5  # D-WS-2: "The star centre holds the round's double and has 5 arms"
ARM_ENDS: Final = ARMS + 1
"""The ends there can be when arms do not branch: the centre (0) and each arm's tip (1..5)."""
NO_PARENT: Final = -1


class Layout:
    __slots__ = ("branching", "tiles", "parent", "arm", "value", "free", "open_ends", "ends_of", "entries")
    branching: bool  # the doubles_branch option
    tiles: list[int]  # node -> tile kind
    parent: list[int]  # node -> the node it was played on (NO_PARENT for the centre)
    arm: list[int]  # node -> its arm, 1..5 (0 for the centre)
    value: list[int]  # node -> the number its open places show
    free: list[int]  # node -> places still open on it
    open_ends: list[int]  # nodes with free places, in id order (the centre while it has arms to give)
    ends_of: list[list[int]]  # number -> the open ends showing it (an index for legal-move generation)
    # The notation of the first nodes, as notation.layout_entries last wrote them: a node's
    # tile, parent and value never change once laid, so a view writes only the nodes laid
    # since. A tuple, shared by clones (their first nodes are the same).
    entries: tuple[str, ...]

    def __init__(self, branching: bool = False, blank: bool = False) -> None:
        self.branching = branching
        # blank: the fields are left for clone() to fill (a compiled class makes its instances
        # through __init__ only, so a clone cannot be made with __new__: `make fast`).
        if blank:
            return
        self.tiles = []
        self.parent = []
        self.arm = []
        self.value = []
        self.free = []
        self.open_ends = []
        self.ends_of = [[] for _ in range(10)]
        self.entries = ()

    def clone(self) -> Layout:
        new = Layout(self.branching, True)
        new.tiles = self.tiles.copy()
        new.parent = self.parent.copy()
        new.arm = self.arm.copy()
        new.value = self.value.copy()
        new.free = self.free.copy()
        new.open_ends = self.open_ends.copy()
        new.ends_of = [ends.copy() for ends in self.ends_of]
        new.entries = self.entries
        return new

    @property
    def centre(self) -> int:
        """The centre number (the double in the star centre), or -1 before it is set."""
        return self.value[0] if self.value else -1

    @property
    def arms(self) -> int:
        """How many arms the first plays have opened around the centre."""
        return ARMS - self.free[0] if self.free else 0

    def in_centre_stage(self) -> bool:
        """R-WS: "The next five plays must be made with tiles that have an end with the same
        number as the center tile" -- until five arms are out, only the centre takes tiles."""
        return bool(self.free) and self.free[0] > 0

    def playable_ends(self) -> list[int]:
        """The ends a tile may go on now: the centre in the centre stage, else every open end."""
        return [0] if self.in_centre_stage() else self.open_ends

    def set_centre(self, double: int, number: int) -> None:
        """R-WS: the holder "places that tile in the star center piece"."""
        self.tiles.append(double)
        self.parent.append(NO_PARENT)
        self.arm.append(0)
        self.value.append(number)
        self.free.append(ARMS)
        self.open_ends.append(0)
        self.ends_of[number].append(0)

    def place(self, tile: int, end: int, outer: int) -> int:
        """Lay `tile` on `end`, showing `outer` outward; returns the new node's id."""
        node = len(self.tiles)
        places = 3 if self.branching and is_double(tile) and end != 0 else 1
        self.tiles.append(tile)
        self.parent.append(end)
        self.arm.append(node if end == 0 else self.arm[end])
        self.value.append(outer)
        self.free.append(places)
        self.open_ends.append(node)
        self.ends_of[outer].append(node)
        self.free[end] -= 1
        if not self.free[end]:
            self.open_ends.remove(end)
            self.ends_of[self.value[end]].remove(end)
        return node

    def open_numbers(self) -> int:
        """The numbers a tile could match now, as a bit mask (bit n for the number n)."""
        mask = 0
        for end in self.playable_ends():
            mask |= 1 << self.value[end]
        return mask
