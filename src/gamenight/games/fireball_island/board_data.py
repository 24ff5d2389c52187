"""The Fireball Island board read from its data files and checked.

The rulebook's figures are lost, so the board is a design decision (CLARIFICATIONS D-FI-1,
D-FI-2) kept in two data files a person with the physical board can correct:
data/board.toml (segments of trail, links, pits, the water, caves) and data/fireballs.toml
(the five Fireballs and their rollways). `load_board` reads them into the model of board.py
and `validate` checks the whole; `BOARD` is the shipped board, loaded at import.
docs/board.md explains the files and shows the picture.
"""

from __future__ import annotations

import itertools
import math
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, NoReturn

from gamenight.games.fireball_island.board import Board, Cave, Fireball, Kind, Pit, Point, Rollway, Segment, Space

CAVE_NUMBERS: Final = (1, 2, 3, 4, 5, 6)  # R-FI: "There are six numbered caves on the gameboard"
DEAD_END_CAVE: Final = 4  # R-FI: "Cave 4 is a dead-end cave"
BRIDGES: Final = 2  # R-FI CONTENTS: "2 two-piece bridges"
BLUFF_SPACES: Final = 5  # R-FI: "climb the 5 trail spaces to the top of the bluff from the water's edge"
FIREBALLS: Final = 5  # R-FI CONTENTS: "5 red Fireball marbles"

_ID = re.compile(r"[A-Z][A-Z0-9_]*")
_RANGE = re.compile(r"([A-Z][A-Z_]*)(\d+)\.\.([A-Z][A-Z_]*)(\d+)")
_LINK = re.compile(r"(\S+)\s*(-|>)\s*(\S+)")


# -- reading the data files ------------------------------------------------------------


@dataclass(frozen=True)
class _Table:
    """One TOML table, for typed reads that name the file and the key in every error."""

    file: str
    where: str  # "[[segment]] WT"
    data: Mapping[str, Any]

    def fail(self, key: str | None, what: str) -> NoReturn:
        at = f"{self.where}, {key}" if key else self.where
        raise ValueError(f"{self.file}: {at}: {what}")

    def only(self, *keys: str) -> None:
        for key in self.data:
            if key not in keys:
                self.fail(key, f"unknown key; the keys here are {', '.join(keys)}")

    def has(self, key: str) -> bool:
        return key in self.data

    def text(self, key: str) -> str:
        value = self.data.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(key, "missing, or not a text in quotes" if value is None else f"{value!r} is not a text")
        return value.strip()

    def space_id(self, key: str) -> str:
        value = self.text(key)
        if not _ID.fullmatch(value):
            self.fail(key, f"{value!r} is not a space id (capital letters, digits and _, like WT5)")
        return value

    def flag(self, key: str) -> bool:
        value = self.data.get(key, False)
        if not isinstance(value, bool):
            self.fail(key, f"{value!r} is not true or false")
        return value

    def number(self, key: str) -> int:
        value = self.data.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(key, f"{value!r} is not a whole number")
        return value

    def ids(self, key: str) -> list[str]:
        """A list of space ids, "WT1..WT18" ranges expanded; [] when the key is absent."""
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(key, f"{value!r} is not a list of space ids in quotes")
        out: list[str] = []
        for token in value:
            out.extend(self._expand(key, token.strip()))
        return out

    def _expand(self, key: str, token: str) -> list[str]:
        if _ID.fullmatch(token):
            return [token]
        match = _RANGE.fullmatch(token)
        if not match or match[1] != match[3]:
            self.fail(key, f"{token!r} is neither a space id (WT5) nor a range of one trail's spaces (WT1..WT18)")
        first, last = int(match[2]), int(match[4])
        step = 1 if last >= first else -1
        return [f"{match[1]}{n}" for n in range(first, last + step, step)]

    def point(self, key: str, value: object = None) -> Point:
        value = self.data.get(key) if value is None else value
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        ):
            self.fail(key, f"{value!r} is not a point [x, y]")
        return float(value[0]), float(value[1])

    def points(self, key: str) -> tuple[Point, ...]:
        value = self.data.get(key)
        if not isinstance(value, list) or not value:
            self.fail(key, f"{value!r} is not a list of points [[x, y], ...]")
        return tuple(self.point(key, v) for v in value)

    def tables(self, key: str) -> list[Mapping[str, Any]]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.fail(key, f"must be written as [[{key}]] tables")
        return value

    def table(self, key: str) -> _Table:
        value = self.data.get(key)
        if not isinstance(value, dict):
            self.fail(key, f"missing: the file needs a [{key}] table")
        return _Table(self.file, f"[{key}]", value)


def _read(source: str | Path | None, default: str) -> tuple[str, str]:
    if source is None:
        text = resources.files("gamenight.games.fireball_island").joinpath(f"data/{default}").read_text("utf-8")
        return default, text
    if isinstance(source, Path):
        return str(source), source.read_text(encoding="utf-8")
    return default, source


def _toml(file: str, text: str) -> _Table:
    try:
        return _Table(file, "top level", tomllib.loads(text))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{file}: not valid TOML: {error}") from None


class _BoardBuilder:
    """Reads board.toml into spaces and links; `load_board` then adds the Fireballs and validates."""

    def __init__(self, file: str, text: str) -> None:
        self.top = _toml(file, text)
        self.top.only("places", "links", "segment", "pit", "water", "cave")
        self.spaces: dict[str, Space] = {}
        self.where: dict[str, str] = {}  # space id -> the table that made it
        self.layout: dict[str, Point] = {}
        self.segments: dict[str, Segment] = {}
        self.links: dict[str, list[str]] = {}
        self.one_way: set[tuple[str, str]] = set()

    def add(self, table: _Table, key: str, space: Space, at: Point) -> None:
        if space.id in self.spaces:
            table.fail(key, f"{space.id} is listed twice (also in {self.where[space.id]})")
        self.spaces[space.id] = space
        self.where[space.id] = table.where
        self.layout[space.id] = at
        self.links[space.id] = []

    def link(self, table: _Table, key: str, a: str, b: str, one_way: bool = False) -> None:
        for end in (a, b):
            if end not in self.spaces:
                table.fail(key, f"the link {a} {'>' if one_way else '-'} {b} names {end}, which is no space")
        if a == b or b in self.links[a] or (a in self.links[b] and not one_way):
            table.fail(key, f"the link {a} - {b} links a space to itself, or is given twice")
        self.links[a].append(b)
        if one_way:
            self.one_way.add((a, b))
        else:
            self.links[b].append(a)

    def read_segments(self) -> None:
        for data in self.top.tables("segment"):
            table = _Table(self.top.file, f"[[segment]] {data.get('id', '?')}", data)
            table.only("id", "name", "spaces", "smolder_pit", "dark", "safe", "bridge", "bend", "draw", "label")
            seg_id, name = table.space_id("id"), table.text("name")
            if seg_id in self.segments:
                table.fail("id", f"a second segment {seg_id}")
            ids = table.ids("spaces")
            if not ids:
                table.fail("spaces", "a segment needs at least one space")
            pit = table.text("smolder_pit") if table.has("smolder_pit") else None
            if isinstance(table.data.get("safe"), bool):
                safe = set(ids) if table.flag("safe") else set()
            else:
                safe = set(self._subset(table, "safe", ids))
            dark, bend = set(self._subset(table, "dark", ids)), set(self._subset(table, "bend", ids))
            line = table.points("draw")
            if len(ids) > 1 and len(line) < 2:
                table.fail("draw", f"{len(ids)} spaces need a line of two points or more")
            kind = Kind.BRIDGE if table.flag("bridge") else Kind.TRAIL
            for space_id, at in zip(ids, _spread(line, len(ids)), strict=True):
                space = Space(
                    space_id,
                    _space_name(name, seg_id, space_id, len(ids)),
                    kind,
                    segment=seg_id,
                    smolder_pit=pit,
                    dark=space_id in dark,
                    safe=space_id in safe,
                    bend=space_id in bend,
                )
                self.add(table, "spaces", space, at)
            for a, b in itertools.pairwise(ids):
                self.link(table, "spaces", a, b)
            label = table.point("label") if table.has("label") else None
            self.segments[seg_id] = Segment(seg_id, name, tuple(ids), pit, line, label)

    @staticmethod
    def _subset(table: _Table, key: str, ids: list[str]) -> list[str]:
        listed = table.ids(key)
        for space_id in listed:
            if space_id not in ids:
                table.fail(key, f"{space_id} is not one of this segment's spaces ({ids[0]} to {ids[-1]})")
        return listed

    def read_water(self) -> tuple[str, str, str]:
        """The water's space; returns (its id, its pit letter, the bluff segment's id)."""
        table = self.top.table("water")
        table.only("id", "name", "smolder_pit", "bluff", "draw")
        water = table.space_id("id")
        self.add(table, "id", Space(water, table.text("name"), Kind.WATER, safe=True), table.point("draw"))
        return water, table.text("smolder_pit"), table.text("bluff")

    def read_pits(self) -> list[tuple[str, str | None]]:
        """A space for each smolder pit; returns (letter, rock chip or None) in data order."""
        pits: list[tuple[str, str | None]] = []
        for data in self.top.tables("pit"):
            table = _Table(self.top.file, f"[[pit]] {data.get('letter', '?')}", data)
            table.only("letter", "rock_chip", "draw")
            letter = table.text("letter")
            if not re.fullmatch(r"[A-Z]", letter):
                table.fail("letter", f"{letter!r} is not one capital letter")
            rock_chip = table.space_id("rock_chip") if table.has("rock_chip") else None
            if rock_chip is not None and rock_chip not in self.spaces:
                table.fail("rock_chip", f"{rock_chip} is no space of the trails")
            space = Space(f"PIT_{letter}", f"Smolder pit {letter}", Kind.PIT, safe=True)
            self.add(table, "letter", space, table.point("draw"))
            pits.append((letter, rock_chip))
        return pits

    def read_caves(self) -> list[Cave]:
        caves: list[Cave] = []
        for data in self.top.tables("cave"):
            table = _Table(self.top.file, f"[[cave]] {data.get('number', '?')}", data)
            table.only("number", "beside", "draw")
            number = table.number("number")
            beside = table.space_id("beside") if table.has("beside") else None
            space = Space(f"CAVE{number}", f"Cave {number}", Kind.CAVE, safe=True, cave=number)
            self.add(table, "number", space, table.point("draw"))
            if beside is not None:
                if beside not in self.spaces or not self.spaces[beside].is_trail:
                    table.fail("beside", f"{beside} is no trail space")
                self.link(table, "beside", space.id, beside)
            caves.append(Cave(number, space.id, beside))
        return caves

    def read_links(self) -> None:
        table = self.top.table("links")
        table.only("pairs")
        pairs = table.data.get("pairs")
        if not isinstance(pairs, list) or not all(isinstance(p, str) for p in pairs):
            table.fail("pairs", 'a list of links in quotes, like "DMP - WT1" or "WATER > GSB1"')
        for pair in pairs:
            match = _LINK.fullmatch(pair.strip())
            if not match:
                table.fail("pairs", f"{pair!r} is not a link: write 'A - B' (both ways) or 'A > B' (one way)")
            self.link(table, "pairs", match[1], match[3], one_way=match[2] == ">")

    def places(self) -> dict[str, str]:
        table = self.top.table("places")
        names = ("start", "witchlord_step", "vul_kar_point", "dock")
        table.only(*names)
        places = {name: table.space_id(name) for name in names}
        for name, space_id in places.items():
            if space_id not in self.spaces or self.spaces[space_id].kind is not Kind.TRAIL:
                table.fail(name, f"{space_id} is no trail space")
        return places

    def junctions(self) -> None:
        for space in self.spaces.values():
            trail_links = [n for n in self.links[space.id] if self.spaces[n].is_trail]
            if space.is_trail and len(trail_links) >= 3:
                self.spaces[space.id] = replace(space, junction=True)


def _space_name(segment_name: str, segment_id: str, space_id: str, count: int) -> str:
    """'Witchlord Trail 5' for WT5; the segment's own name for a one-space segment or a hub like SHB."""
    digits = space_id[len(space_id.rstrip("0123456789")) :]
    return f"{segment_name} {digits}" if count > 1 and digits and space_id != segment_id else segment_name


def _spread(line: tuple[Point, ...], count: int) -> list[Point]:
    """`count` points evenly along the polyline `line`, from its first point to its last."""
    if count == 1:
        return [line[0]]
    legs = [math.dist(a, b) for a, b in itertools.pairwise(line)]
    total = sum(legs)
    points: list[Point] = []
    for i in range(count):
        target = total * i / (count - 1)
        leg = 0
        while leg < len(legs) - 1 and target > legs[leg]:
            target -= legs[leg]
            leg += 1
        (x1, y1), (x2, y2) = line[leg], line[leg + 1]
        t = min(1.0, target / legs[leg]) if legs[leg] else 0.0
        points.append((round(x1 + (x2 - x1) * t, 1), round(y1 + (y2 - y1) * t, 1)))
    return points


def _read_fireballs(file: str, text: str, spaces: Mapping[str, Space]) -> dict[str, Fireball]:
    top = _toml(file, text)
    top.only("fireball")
    fireballs: dict[str, Fireball] = {}
    seen: set[str] = set()
    for data in top.tables("fireball"):
        table = _Table(file, f"[[fireball]] {data.get('id', '?')}", data)
        table.only("id", "name", "where", "rotatable", "draw", "rollways")
        fireball_id = table.space_id("id")
        if fireball_id in fireballs:
            table.fail("id", f"a second Fireball {fireball_id}")
        raw = data.get("rollways")
        if not isinstance(raw, dict) or not raw:
            table.fail("rollways", "missing: every Fireball needs a [fireball.rollways] table")
        rollways_table = _Table(file, f"[[fireball]] {fireball_id} rollways", raw)
        rollways: list[Rollway] = []
        for rollway_id in raw:
            if rollway_id in seen:
                rollways_table.fail(rollway_id, "a second rollway with this id")
            seen.add(rollway_id)
            path = rollways_table.ids(rollway_id)
            for space_id in path:
                if space_id not in spaces:
                    rollways_table.fail(rollway_id, f"{space_id} is no space of board.toml")
            rollways.append(Rollway(rollway_id, fireball_id, tuple(path)))
        fireballs[fireball_id] = Fireball(
            fireball_id,
            table.text("name"),
            table.text("where"),
            table.flag("rotatable"),
            tuple(rollways),
            table.point("draw"),
        )
    return fireballs


def load_board(board: str | Path | None = None, fireballs: str | Path | None = None) -> Board:
    """The board from board.toml and fireballs.toml: each a text, a path, or None for the shipped file.

    Raises ValueError naming the file, the table and key, and what is wrong."""
    board_file, board_text = _read(board, "board.toml")
    fireballs_file, fireballs_text = _read(fireballs, "fireballs.toml")
    builder = _BoardBuilder(board_file, board_text)
    builder.read_segments()
    water, water_pit, bluff = builder.read_water()
    pit_list = builder.read_pits()
    caves = builder.read_caves()
    builder.read_links()
    places = builder.places()
    builder.junctions()
    pits = {letter: Pit(letter, f"PIT_{letter}", rock_chip) for letter, rock_chip in pit_list}
    if water_pit in pits:
        builder.top.table("water").fail("smolder_pit", f"pit {water_pit} is also a [[pit]]")
    pits[water_pit] = Pit(water_pit, water, None)
    for pit in pits.values():
        if pit.rock_chip is not None:
            builder.spaces[pit.rock_chip] = replace(builder.spaces[pit.rock_chip], rock_chip=True)
    if bluff not in builder.segments:
        builder.top.table("water").fail("bluff", f"{bluff} is no segment")
    result = Board(
        spaces=MappingProxyType(dict(builder.spaces)),
        segments=MappingProxyType(builder.segments),
        links=MappingProxyType({k: tuple(v) for k, v in builder.links.items()}),
        one_way=frozenset(builder.one_way),
        pits=MappingProxyType(pits),
        caves=tuple(caves),
        water=water,
        bluff=builder.segments[bluff].spaces,
        fireballs=MappingProxyType(_read_fireballs(fireballs_file, fireballs_text, builder.spaces)),
        layout=MappingProxyType(builder.layout),
        source=board_file,
        fireballs_source=fireballs_file,
        **places,
    )
    validate(result)
    return result


# -- validation ------------------------------------------------------------------------------


def validate(board: Board) -> None:
    """Check the board as a whole; ValueError naming the file, the table and what is wrong.

    The links are known spaces and run both ways (one way only out of a penalty area);
    every trail space and bridge can be walked to from the start; every space a Fireball can
    hit has a smolder pit, and every pit but the water a Rock Chip space on its own trails;
    the caves are 1 to 6 with cave 4 a dead end; there are 2 bridges, whose pit is the water,
    and the bluff climbs from the water; there are 5 Fireballs, Vul-Kar the one that turns; a
    rollway runs along linked spaces and never over a safe one; every space that is not safe
    lies on some rollway."""
    _check_links(board)
    _check_reachable(board)
    _check_pits(board)
    _check_caves(board)
    _check_bridges_and_water(board)
    _check_fireballs(board)


def _fail(file: str, where: str, what: str) -> NoReturn:
    raise ValueError(f"{file}: {where}: {what}")


def _where(board: Board, space_id: str) -> str:
    space = board.spaces[space_id]
    return f"[[segment]] {space.segment}" if space.segment else f"{space.name} ({space_id})"


def _check_links(board: Board) -> None:
    for a, ends in board.links.items():
        if a not in board.spaces:
            _fail(board.source, "[links]", f"{a} has links but is no space")
        for b in ends:
            if b not in board.spaces:
                _fail(board.source, "[links]", f"the link {a} - {b} dangles: {b} is no space")
            if (a, b) in board.one_way:
                if not board.spaces[a].is_pit:
                    _fail(board.source, "[links], pairs", f"{a} > {b} is one-way, but only a penalty area may be")
            elif a not in board.links.get(b, ()):
                _fail(board.source, "[links], pairs", f"{a} links to {b} but {b} not back to {a}")
    for a, b in board.one_way:
        if b not in board.links[a]:
            _fail(board.source, "[links], pairs", f"the one-way link {a} > {b} is missing from the links")


def _check_reachable(board: Board) -> None:
    reached = board.reachable(board.start)
    for space in board.spaces.values():
        if space.is_trail and space.id not in reached:
            _fail(
                board.source,
                _where(board, space.id),
                f"{space.id} cannot be walked to from {board.start} ({board.spaces[board.start].name}): "
                "check the links",
            )


def _check_pits(board: Board) -> None:
    for segment in board.segments.values():
        unsafe = [s for s in segment.spaces if not board.spaces[s].safe]
        if unsafe and segment.smolder_pit is None:
            _fail(
                board.source,
                f"[[segment]] {segment.id}",
                f"{segment.name} has spaces a Fireball can hit ({unsafe[0]}...) but no smolder_pit",
            )
        if segment.smolder_pit is not None and segment.smolder_pit not in board.pits:
            _fail(board.source, f"[[segment]] {segment.id}, smolder_pit", f"pit {segment.smolder_pit} is no [[pit]]")
    for pit in board.pits.values():
        if board.spaces[pit.space].is_water:
            continue
        where = f"[[pit]] {pit.letter}"
        if pit.rock_chip is None:
            _fail(board.source, where, f"pit {pit.letter} has no rock_chip (R-FI: each pit has a Rock Chip space)")
        # R-FI: a piece leaves its pit "starting on the Rock Chip space right next to your smolder pit",
        # so the Rock Chip lies on a trail that sends pieces to that pit (and so every pit is used).
        if pit.rock_chip not in board.spaces or board.pit_of(pit.rock_chip) != pit.letter:
            _fail(
                board.source,
                f"{where}, rock_chip",
                f"{pit.rock_chip} is not on a trail whose smolder_pit is {pit.letter}",
            )


def _check_caves(board: Board) -> None:
    numbers = sorted(c.number for c in board.caves)
    if numbers != list(CAVE_NUMBERS):
        _fail(board.source, "[[cave]]", f"the caves are numbered {numbers}; R-FI: six caves, 1 to 6")
    beside: dict[str, int] = {}
    for cave in board.caves:
        where = f"[[cave]] {cave.number}"
        if cave.number == DEAD_END_CAVE and cave.beside is not None:
            _fail(board.source, f"{where}, beside", "cave 4 is a dead end (R-FI) and has no trail space")
        if cave.number != DEAD_END_CAVE and cave.beside is None:
            _fail(board.source, where, f"cave {cave.number} needs the trail space beside it")
        if cave.beside in beside:
            _fail(board.source, f"{where}, beside", f"{cave.beside} is already beside cave {beside[cave.beside]}")
        if cave.beside is not None:
            beside[cave.beside] = cave.number


def _check_bridges_and_water(board: Board) -> None:
    water_pit = next(p.letter for p in board.pits.values() if p.space == board.water)
    if len(board.bridges) != BRIDGES:
        _fail(board.source, "[[segment]], bridge", f"{len(board.bridges)} bridge spaces; R-FI: two bridges")
    for bridge in board.bridges:
        if board.pit_of(bridge) != water_pit:
            _fail(board.source, _where(board, bridge), f"a piece knocked off {bridge} goes to the water (pit W)")
    if len(board.bluff) != BLUFF_SPACES:
        _fail(board.source, "[water], bluff", f"the bluff has {len(board.bluff)} spaces; R-FI: 5 trail spaces")
    if board.links[board.water] != (board.bluff[0],) or (board.water, board.bluff[0]) not in board.one_way:
        _fail(
            board.source,
            "[links], pairs",
            f"the water's only way out is '{board.water} > {board.bluff[0]}' (the bluff's first space)",
        )


def _check_fireballs(board: Board) -> None:
    file = board.fireballs_source
    if len(board.fireballs) != FIREBALLS:
        _fail(file, "[[fireball]]", f"{len(board.fireballs)} Fireballs; R-FI: 5 Fireballs")
    turning = [f.id for f in board.fireballs.values() if f.rotatable]
    if len(turning) != 1:
        _fail(file, "[[fireball]], rotatable", f"{len(turning)} rotatable Fireballs; only Vul-Kar turns (R-FI)")
    for fireball in board.fireballs.values():
        for rollway in fireball.rollways:
            _check_rollway(board, rollway)
    covered = {s for r in board.all_rollways.values() for s in r.spaces}
    for space in board.spaces.values():
        if not space.safe and space.id not in covered:
            _fail(
                file,
                "rollways",
                f"{space.id} ({space.name}) is not safe but lies on no rollway: "
                f"add it to a rollway, or mark it safe in {board.source}",
            )


def _check_rollway(board: Board, rollway: Rollway) -> None:
    where = f"[[fireball]] {rollway.fireball} rollways, {rollway.id}"
    if not rollway.spaces:
        _fail(board.fireballs_source, where, "a rollway needs at least one space")
    for i, space_id in enumerate(rollway.spaces):
        if space_id not in board.spaces:
            _fail(board.fireballs_source, where, f"{space_id} is no space")
        space = board.spaces[space_id]
        if space.safe or not space.is_trail:
            _fail(board.fireballs_source, where, f"{space_id} is safe: no Fireball can hit it (D-FI-2)")
        if space_id in rollway.spaces[:i]:
            _fail(board.fireballs_source, where, f"{space_id} is crossed twice")
        if i and space_id not in board.links[rollway.spaces[i - 1]]:
            _fail(board.fireballs_source, where, f"{rollway.spaces[i - 1]} and {space_id} are not linked")


BOARD: Final = load_board()
"""The shipped board, read and validated at import."""
