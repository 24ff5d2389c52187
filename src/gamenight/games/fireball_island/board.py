"""The Fireball Island board: spaces, trails, smolder pits, caves, bridges and the Fireballs' rollways.

Every place a playing piece can be is a `Space` with an id ("WT5"): the trail spaces and
the two bridges, the six caves (CAVE1..CAVE6), the smolder pits A to F (PIT_A..PIT_F) and
the water penalty area (WATER, which is pit W). `Board.neighbours` gives the places one step
away. Some rules live in the rules engine, not in the graph: Vul-Kar Point is linked to
Blister Run and Fireflash Chute, but until the jewel is captured entering it ends the move
(R-FI); a cave ends the move that enters it; an empty bridge stops a piece; nothing walks
into a pit or the water.

This module is the model. The board itself is data (board_data.py reads and checks the
files; `board_data.BOARD` is the shipped board).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType

from gamenight.engine.errors import NotationError

Point = tuple[float, float]


class Kind(StrEnum):
    """What sort of place a space is."""

    TRAIL = "trail"  # every trail space, the start, Witchlord Step, Vul-Kar Point and the Dock included
    BRIDGE = "bridge"
    CAVE = "cave"
    PIT = "pit"  # a smolder pit A to F
    WATER = "water"  # the water penalty area, pit W


@dataclass(frozen=True)
class Space:
    """A place a playing piece can be."""

    id: str
    name: str
    kind: Kind
    segment: str | None = None  # its segment's id; None for caves, pits and the water
    smolder_pit: str | None = None  # the pit a piece Fireballed here goes to; None where nothing can hit it
    dark: bool = False  # R-FI: landing here draws a card
    safe: bool = False  # R-FI: "not affected by rolling Fireballs" (the gray spaces; caves, pits, water)
    rock_chip: bool = False  # the Rock Chip space next to a smolder pit
    bend: bool = False  # D-FI-3: a rollway bends here (listed in the data)
    junction: bool = False  # three or more trail links meet here (computed)
    cave: int | None = None  # a cave's number

    @property
    def is_trail(self) -> bool:
        """A space a piece walks over: a trail space or a bridge."""
        return self.kind in (Kind.TRAIL, Kind.BRIDGE)

    @property
    def is_bridge(self) -> bool:
        return self.kind is Kind.BRIDGE

    @property
    def is_cave(self) -> bool:
        return self.kind is Kind.CAVE

    @property
    def is_pit(self) -> bool:
        """A smolder pit, the water (pit W) included."""
        return self.kind in (Kind.PIT, Kind.WATER)

    @property
    def is_water(self) -> bool:
        return self.kind is Kind.WATER

    @property
    def slows_fireball(self) -> bool:
        """D-FI-3: a junction or bend space, where a rolling marble is likelier to stop."""
        return self.bend or self.junction


@dataclass(frozen=True)
class Segment:
    """A stretch of trail with one name and one smolder pit, its spaces in order."""

    id: str
    name: str
    spaces: tuple[str, ...]
    smolder_pit: str | None
    line: tuple[Point, ...]  # where the picture draws it
    label: Point | None  # where the picture writes its name (None: not written)


@dataclass(frozen=True)
class Pit:
    """A smolder pit of the chart: its own space, and the Rock Chip space next to it (none for the water)."""

    letter: str
    space: str
    rock_chip: str | None


@dataclass(frozen=True)
class Cave:
    number: int
    space: str  # CAVE1..CAVE6
    beside: str | None  # the trail space next to it; None for the dead end


@dataclass(frozen=True)
class Rollway:
    """The spaces a Fireball's marble rolls over, in the order it passes them (D-FI-2)."""

    id: str
    fireball: str
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class Fireball:
    id: str  # V (Vul-Kar), A, B, C, D
    name: str
    where: str  # where it rests, in words
    rotatable: bool  # Vul-Kar: turned to face the chosen rollway
    rollways: tuple[Rollway, ...]
    draw: Point  # where the picture draws it


@dataclass(frozen=True)
class Board:
    """The board as loaded from the data files. Build it with `board_data.load_board`, which validates it."""

    spaces: Mapping[str, Space]  # in data order: trails, water, pits, caves
    segments: Mapping[str, Segment]
    links: Mapping[str, tuple[str, ...]]  # space -> the places one step away
    one_way: frozenset[tuple[str, str]]  # links that run from the first space to the second only
    pits: Mapping[str, Pit]  # letter -> pit, A..F and W
    caves: tuple[Cave, ...]  # in data order
    water: str
    bluff: tuple[str, ...]  # Great Sway Bluff, from the water's edge to the top
    start: str
    witchlord_step: str
    vul_kar_point: str
    dock: str
    fireballs: Mapping[str, Fireball]
    layout: Mapping[str, Point]  # where the picture draws each space
    source: str = "board.toml"
    fireballs_source: str = "fireballs.toml"

    # -- spaces --------------------------------------------------------------

    def space(self, space_id: str) -> Space:
        """The space with this id (case and spaces ignored); NotationError if there is none."""
        key = space_id.strip().upper()
        if key in self.spaces:
            return self.spaces[key]
        raise NotationError(f"{space_id!r} is not a Fireball Island space (ids like DMP, WT5, BRG1, CAVE4, PIT_A)")

    def neighbours(self, space_id: str) -> tuple[str, ...]:
        """The places one step from here: trail and bridge links, the cave beside a trail space,
        a cave's trail space, and the water's way out onto the bluff."""
        return self.links[space_id]

    def trail_neighbours(self, space_id: str) -> tuple[str, ...]:
        """The trail spaces and bridges one step from here (no caves)."""
        return tuple(n for n in self.links[space_id] if self.spaces[n].is_trail)

    def is_dark(self, space_id: str) -> bool:
        return self.spaces[space_id].dark

    def is_safe(self, space_id: str) -> bool:
        return self.spaces[space_id].safe

    @cached_property
    def bridges(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.is_bridge)

    def segment_of(self, space_id: str) -> Segment | None:
        segment = self.spaces[space_id].segment
        return None if segment is None else self.segments[segment]

    def reachable(self, start: str, avoid: Iterable[str] = ()) -> frozenset[str]:
        """The trail spaces and bridges a piece can walk to from `start` (no caves), never entering `avoid`."""
        seen = {start}
        todo = [start]
        blocked = set(avoid)
        while todo:
            for n in self.trail_neighbours(todo.pop()):
                if n not in seen and n not in blocked:
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    # -- smolder pits -----------------------------------------------------------

    def pit_of(self, space_id: str) -> str | None:
        """The letter of the pit a piece Fireballed on this space goes to (R-FI chart), or None."""
        return self.spaces[space_id].smolder_pit

    def pit_space(self, letter: str) -> str:
        """The space of pit `letter`: PIT_A..PIT_F, or WATER for W."""
        return self.pits[letter].space

    def rock_chip_of(self, letter: str) -> str | None:
        """The Rock Chip trail space next to pit `letter`; None for the water (a jewel stays on the bridge)."""
        return self.pits[letter].rock_chip

    # -- caves --------------------------------------------------------------------

    def cave(self, number: int) -> str:
        """The space of cave `number` (CAVE1..CAVE6)."""
        for cave in self.caves:
            if cave.number == number:
                return cave.space
        raise KeyError(f"there is no cave {number}")

    def cave_exit(self, cave_id: str) -> str | None:
        """The trail space beside this cave, where a piece leaves it; None for the dead-end cave."""
        for cave in self.caves:
            if cave.space == cave_id:
                return cave.beside
        raise KeyError(f"{cave_id} is no cave")

    def cave_beside(self, space_id: str) -> str | None:
        """The cave entered from this trail space, if any."""
        return next((c.space for c in self.caves if c.beside == space_id), None)

    # -- Fireballs -------------------------------------------------------------------

    def rollways(self, fireball_id: str) -> tuple[Rollway, ...]:
        return self.fireballs[fireball_id].rollways

    @cached_property
    def all_rollways(self) -> Mapping[str, Rollway]:
        """Every rollway by id, Fireball by Fireball."""
        return MappingProxyType({r.id: r for f in self.fireballs.values() for r in f.rollways})

    def rollway(self, rollway_id: str) -> Rollway:
        return self.all_rollways[rollway_id]

    def spaces_on_rollway(self, rollway_id: str) -> tuple[str, ...]:
        return self.all_rollways[rollway_id].spaces

    def rollways_over(self, space_id: str) -> tuple[Rollway, ...]:
        """The rollways that cross this space: the Fireballs that can hit a piece here."""
        return tuple(r for r in self.all_rollways.values() if space_id in r.spaces)
