"""Draw the board data as an SVG picture, so a person can check it against a real board.

    python -m gamenight.games.fireball_island.picture docs/board.svg

Everything drawn comes from the loaded board (data/board.toml, data/fireballs.toml): the
spaces where their `draw` lines put them, a line for every link, each rollway as an
arrow beside the spaces it crosses. The output depends on the data only, so the same data
always gives the same file (a test compares docs/board.svg with a fresh drawing).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from gamenight.games.fireball_island.board import Board, Point, Space
from gamenight.games.fireball_island.board_data import BOARD

WIDTH: Final = 1760  # the island on the left (1400 x 1000), the legend on the right
HEIGHT: Final = 1000
PANEL: Final = 1432  # where the legend column starts

SEA: Final = "#bfe0f2"
ISLAND: Final = "#dcebc4"
TRAIL: Final = ("#f4e2b8", "#8c6a3c")  # fill, stroke
DARK: Final = ("#4a3424", "#2a1d14")
SAFE: Final = ("#c4c4c4", "#6e6e6e")
BRIDGE: Final = ("#a0703c", "#5e3d18")
CAVE: Final = ("#262626", "#000000")
PIT: Final = ("#ff8a3d", "#a8320a")
WATER: Final = ("#3d8ed8", "#1c5a96")
ROCK_CHIP: Final = "#d4380d"
LINK: Final = "#8c6a3c"
FIREBALL_COLOURS: Final = ("#d62728", "#ef8a00", "#c2185b", "#7b3fb5", "#0f8b8d")
ROLLWAY_OFFSET: Final = 15.0  # how far beside the spaces a rollway's arrow runs

R_SPACE: Final = 12.5
R_PLACE: Final = 17.0


def render(board: Board = BOARD) -> str:
    """The SVG text of the board picture."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans, Verdana, sans-serif">',
        _defs(board),
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{SEA}"/>',
        f'<rect x="25" y="25" width="1390" height="960" rx="90" fill="{ISLAND}"/>',
        *_links(board),
        *_pit_connectors(board),
        *_segment_labels(board),
        *_rollways(board),
        *(_space(board, space) for space in board.spaces.values()),
        *_rollway_labels(board),
        *_fireballs(board),
        *_title(),
        *_legend(board),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _f(value: float) -> str:
    """A coordinate as the file writes it: one decimal, no trailing '.0'."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _colour(board: Board, fireball_id: str) -> str:
    return FIREBALL_COLOURS[list(board.fireballs).index(fireball_id) % len(FIREBALL_COLOURS)]


def _defs(board: Board) -> str:
    markers = [
        f'<marker id="arrow-{f}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
        f'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{_colour(board, f)}"/></marker>'
        for f in board.fireballs
    ]
    markers.append(
        '<marker id="arrow-link" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
        f'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{WATER[1]}"/></marker>'
    )
    return "<defs>" + "".join(markers) + "</defs>"


def _title() -> list[str]:
    lines = [
        "drawn from data/board.toml and",
        "data/fireballs.toml (CLARIFICATIONS",
        "D-FI-1, D-FI-2): a schematic of the",
        "trails, not the island's real shape",
    ]
    return [
        f'<text x="{PANEL}" y="62" font-size="25" font-weight="bold" fill="#1d3b50">Fireball Island</text>',
        f'<text x="{PANEL}" y="88" font-size="17" font-weight="bold" fill="#1d3b50">the board data</text>',
        *(
            f'<text x="{PANEL}" y="{110 + 15 * i}" font-size="12" fill="#1d3b50">{escape(line)}</text>'
            for i, line in enumerate(lines)
        ),
    ]


def _links(board: Board) -> list[str]:
    out: list[str] = []
    done: set[frozenset[str]] = set()
    for a, ends in board.links.items():
        for b in ends:
            pair = frozenset((a, b))
            if pair in done:
                continue
            done.add(pair)
            (x1, y1), (x2, y2) = board.layout[a], board.layout[b]
            coords = f'x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}"'
            if (a, b) in board.one_way:
                x2, y2 = _towards((x2, y2), (x1, y1), R_SPACE + 2)
                out.append(
                    f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{WATER[1]}" '
                    'stroke-width="2.5" stroke-dasharray="6 4" marker-end="url(#arrow-link)"/>'
                )
            elif board.spaces[a].is_cave or board.spaces[b].is_cave:
                out.append(f'<line {coords} stroke="#262626" stroke-width="2" stroke-dasharray="4 3"/>')
            else:
                out.append(f'<line {coords} stroke="{LINK}" stroke-width="5" stroke-linecap="round"/>')
    return out


def _pit_connectors(board: Board) -> list[str]:
    out: list[str] = []
    for pit in board.pits.values():
        if pit.rock_chip is None:
            continue
        (x1, y1), (x2, y2) = board.layout[pit.space], board.layout[pit.rock_chip]
        out.append(
            f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{ROCK_CHIP}" '
            'stroke-width="2" stroke-dasharray="2 3"/>'
        )
    return out


def _segment_labels(board: Board) -> list[str]:
    """Each segment's name where its `label` puts it."""
    out: list[str] = []
    for segment in board.segments.values():
        if segment.label is None:
            continue
        x, y = segment.label
        out.append(
            f'<text x="{_f(x)}" y="{_f(y + 4)}" font-size="12" font-style="italic" font-weight="bold" '
            f'text-anchor="middle" fill="#3b2a1a" stroke="{ISLAND}" stroke-width="3" paint-order="stroke">'
            f"{escape(segment.name)}</text>"
        )
    return out


def _sides(board: Board) -> dict[str, float]:
    """Which side of its spaces each rollway's arrow runs: the left of travel, or the right
    when an earlier rollway starts along the same two spaces (so the two arrows stay apart)."""
    sides: dict[str, float] = {}
    starts: set[tuple[str, ...]] = set()
    for rollway in board.all_rollways.values():
        start = rollway.spaces[:2]
        sides[rollway.id] = -1.0 if start in starts else 1.0
        starts.add(start)
    return sides


def _rollways(board: Board) -> list[str]:
    out: list[str] = []
    sides = _sides(board)
    for fireball in board.fireballs.values():
        colour = _colour(board, fireball.id)
        for rollway in fireball.rollways:
            points = [board.layout[s] for s in rollway.spaces]
            fx, fy = fireball.draw
            if len(points) == 1:
                x, y = _towards(points[0], fireball.draw, R_SPACE + 3)
                out.append(
                    f'<line x1="{_f(fx)}" y1="{_f(fy)}" x2="{_f(x)}" y2="{_f(y)}" stroke="{colour}" '
                    f'stroke-width="3" marker-end="url(#arrow-{fireball.id})"/>'
                )
            else:
                shifted = _offset(points, ROLLWAY_OFFSET * sides[rollway.id])
                sx, sy = shifted[0]
                out.append(
                    f'<line x1="{_f(fx)}" y1="{_f(fy)}" x2="{_f(sx)}" y2="{_f(sy)}" stroke="{colour}" '
                    'stroke-width="1.5" stroke-dasharray="5 4" opacity="0.6"/>'
                )
                path = " ".join(f"{_f(x)},{_f(y)}" for x, y in shifted)
                out.append(
                    f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="3" '
                    f'stroke-linejoin="round" opacity="0.9" marker-end="url(#arrow-{fireball.id})"/>'
                )
    return out


def _rollway_labels(board: Board) -> list[str]:
    """Each rollway's id beside its first space, outside its arrow, above the spaces."""
    out: list[str] = []
    sides = _sides(board)
    for fireball in board.fireballs.values():
        for rollway in fireball.rollways:
            points = [board.layout[s] for s in rollway.spaces]
            if len(points) == 1:
                (x1, y1), (x2, y2) = fireball.draw, points[0]
                x, y, anchor = (x1 + x2) / 2 - 8, (y1 + y2) / 2, "end"
            else:
                side = sides[rollway.id]
                x, y = _offset(points, (ROLLWAY_OFFSET + 6) * side)[0]
                nx = _normal(points, 0)[0] * side
                anchor = "start" if nx > 0.3 else "end" if nx < -0.3 else "middle"
            out.append(
                f'<text x="{_f(x)}" y="{_f(y + 4)}" font-size="11" font-weight="bold" text-anchor="{anchor}" '
                f'fill="{_colour(board, fireball.id)}" stroke="white" stroke-width="3" paint-order="stroke">'
                f"{escape(rollway.id)}</text>"
            )
    return out


def _space(board: Board, space: Space) -> str:
    x, y = board.layout[space.id]
    title = escape(_describe(board, space))
    shape, text_colour = _shape(board, space, x, y)
    label = (
        f'<text x="{_f(x)}" y="{_f(y + 3)}" font-size="8.5" font-weight="bold" text-anchor="middle" '
        f'fill="{text_colour}">{escape(space.id)}</text>'
    )
    return f"<g id={quoteattr('space-' + space.id)}><title>{title}</title>{shape}{label}</g>"


def _shape(board: Board, space: Space, x: float, y: float) -> tuple[str, str]:
    """The space's shape and the colour of its label."""
    at = f'cx="{_f(x)}" cy="{_f(y)}"'
    if space.is_water:
        return f'<ellipse {at} rx="36" ry="22" fill="{WATER[0]}" stroke="{WATER[1]}" stroke-width="2"/>', "white"
    if space.is_pit:
        return f'<circle {at} r="19" fill="{PIT[0]}" stroke="{PIT[1]}" stroke-width="2"/>', "black"
    if space.is_cave:
        box = f'x="{_f(x - 21)}" y="{_f(y - 11)}" width="42" height="22" rx="11"'
        return f'<rect {box} fill="{CAVE[0]}" stroke="{CAVE[1]}" stroke-width="1.5"/>', "white"
    if space.is_bridge:
        box = f'x="{_f(x - 18)}" y="{_f(y - 11)}" width="36" height="22" rx="3"'
        return f'<rect {box} fill="{BRIDGE[0]}" stroke="{BRIDGE[1]}" stroke-width="2"/>', "white"
    fill, stroke = DARK if space.dark else SAFE if space.safe else TRAIL
    width = 1.5
    if space.dark and space.safe:
        stroke, width = SAFE[0], 3.5
    if space.rock_chip:
        stroke, width = ROCK_CHIP, 3.5
    radius = R_PLACE if space.id in _places(board) else R_SPACE
    text_colour = "white" if space.dark else "black"
    return f'<circle {at} r="{_f(radius)}" fill="{fill}" stroke="{stroke}" stroke-width="{_f(width)}"/>', text_colour


def _places(board: Board) -> dict[str, str]:
    return {
        board.start: "Dead Man's Plateau (start)",
        board.witchlord_step: "Witchlord Step (the Ruin)",
        board.vul_kar_point: "Vul-Kar Point (the jewel)",
        board.dock: "The Dock (finish)",
    }


def _describe(board: Board, space: Space) -> str:
    facts = [space.id, space.name]
    facts += [word for word, yes in (("dark: draw a card", space.dark), ("safe", space.safe)) if yes]
    if space.smolder_pit:
        facts.append(f"Fireballed: pit {space.smolder_pit}")
    if space.rock_chip:
        facts.append("Rock Chip")
    if space.slows_fireball:
        facts.append("junction" if space.junction else "bend")
    rollways = [r.id for r in board.rollways_over(space.id)]
    if rollways:
        facts.append("rollways " + ", ".join(rollways))
    return " · ".join(facts)


def _fireballs(board: Board) -> list[str]:
    out: list[str] = []
    for fireball in board.fireballs.values():
        x, y = fireball.draw
        colour = _colour(board, fireball.id)
        out.append(
            f"<g id={quoteattr('fireball-' + fireball.id)}><title>{escape(fireball.name)}: {escape(fireball.where)}"
            f'</title><circle cx="{_f(x)}" cy="{_f(y)}" r="14" fill="#e0241b" stroke="{colour}" stroke-width="4"/>'
            f'<text x="{_f(x)}" y="{_f(y + 5)}" font-size="14" font-weight="bold" text-anchor="middle" '
            f'fill="white">{escape(fireball.id)}</text></g>'
        )
    for space_id, name in _places(board).items():
        x, y = board.layout[space_id]
        out.append(
            f'<text x="{_f(x)}" y="{_f(y + R_PLACE + 14)}" font-size="12" font-weight="bold" text-anchor="middle" '
            f'fill="#3b2a1a" stroke="{ISLAND}" stroke-width="3" paint-order="stroke">{escape(name)}</text>'
        )
    return out


def _legend(board: Board) -> list[str]:
    x0, y0 = PANEL + 14, 210
    rows: list[tuple[str, str]] = [
        (f'<circle r="9" fill="{TRAIL[0]}" stroke="{TRAIL[1]}" stroke-width="1.5"/>', "trail space"),
        (f'<circle r="9" fill="{DARK[0]}" stroke="{DARK[1]}" stroke-width="1.5"/>', "dark: landing draws a card"),
        (f'<circle r="9" fill="{SAFE[0]}" stroke="{SAFE[1]}" stroke-width="1.5"/>', "safe (gray): no Fireball hits"),
        (f'<circle r="9" fill="{DARK[0]}" stroke="{SAFE[0]}" stroke-width="3.5"/>', "dark and safe"),
        (f'<circle r="9" fill="{TRAIL[0]}" stroke="{ROCK_CHIP}" stroke-width="3.5"/>', "Rock Chip space of a pit"),
        (f'<rect x="-15" y="-9" width="30" height="18" rx="3" fill="{BRIDGE[0]}"/>', "bridge (pit W: the water)"),
        (f'<rect x="-15" y="-9" width="30" height="18" rx="9" fill="{CAVE[0]}"/>', "cave (- - to its trail space)"),
        (f'<circle r="10" fill="{PIT[0]}" stroke="{PIT[1]}" stroke-width="2"/>', "smolder pit (··· to its Rock Chip)"),
        (f'<ellipse rx="15" ry="9" fill="{WATER[0]}"/>', "water penalty area, one way out"),
    ]
    rows += [
        (
            f'<circle r="9" fill="#e0241b" stroke="{_colour(board, f.id)}" stroke-width="3.5"/>',
            f"{f.name}{' (turns)' if f.rotatable else ''}: " + ", ".join(r.id for r in f.rollways),
        )
        for f in board.fireballs.values()
    ]
    facts = [*_pit_chart(board), ((), False), *_cave_list(board)]
    height = 50 + 24 * len(rows) + 17 * len(facts)
    out = [
        f'<rect x="{x0 - 14}" y="{y0 - 24}" width="{WIDTH - x0}" height="{height}" rx="10" fill="white" '
        'fill-opacity="0.92" stroke="#8c6a3c"/>',
        f'<text x="{x0 - 2}" y="{y0 - 4}" font-size="13" font-weight="bold" fill="#3b2a1a">Legend</text>',
    ]
    for i, (symbol, text) in enumerate(rows):
        y = y0 + 20 + 24 * i
        out.append(f'<g transform="translate({x0 + 8},{y})">{symbol}</g>')
        out.append(f'<text x="{x0 + 32}" y="{y + 4}" font-size="11.5" fill="#3b2a1a">{escape(text)}</text>')
    y = y0 + 28 + 24 * len(rows)
    for i, (columns, bold) in enumerate(facts):
        weight = ' font-weight="bold"' if bold else ""
        for dx, text in zip((0, 16, 120), columns, strict=False):
            out.append(
                f'<text x="{x0 - 2 + dx}" y="{y + 17 * i}" font-size="11.5"{weight} fill="#3b2a1a">'
                f"{escape(text)}</text>"
            )
    return out


def _pit_chart(board: Board) -> list[tuple[tuple[str, ...], bool]]:
    """The smolder-pit chart as the data gives it: each pit, its way out, and the trails that send
    pieces there, one a line (columns: letter, way out, trail)."""
    lines: list[tuple[tuple[str, ...], bool]] = [(("Smolder pits: way out, and who goes there",), True)]
    for pit in board.pits.values():
        trails = [s.name for s in board.segments.values() if s.smolder_pit == pit.letter]
        exit_ = f"Rock Chip {pit.rock_chip}" if pit.rock_chip else f"up to {board.neighbours(pit.space)[0]}"
        lines += [((pit.letter, exit_, trail) if i == 0 else ("", "", trail), False) for i, trail in enumerate(trails)]
    return lines


def _cave_list(board: Board) -> list[tuple[tuple[str, ...], bool]]:
    beside = [f"{c.number} {c.beside or 'dead end'}" for c in board.caves]
    half = (len(beside) + 1) // 2
    return [
        (("Caves and the space beside each:",), True),
        ((", ".join(beside[:half]),), False),
        ((", ".join(beside[half:]),), False),
    ]


# -- geometry ---------------------------------------------------------------------------------


def _towards(point: Point, target: Point, distance: float) -> Point:
    """`point` moved `distance` towards `target`."""
    (x, y), (tx, ty) = point, target
    length = ((tx - x) ** 2 + (ty - y) ** 2) ** 0.5 or 1.0
    return x + (tx - x) * distance / length, y + (ty - y) * distance / length


def _normal(points: list[Point], i: int) -> Point:
    """The unit normal (to the left of travel) of the polyline at its point i."""
    before = points[max(i - 1, 0)]
    after = points[min(i + 1, len(points) - 1)]
    dx, dy = after[0] - before[0], after[1] - before[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return dy / length, -dx / length


def _offset(points: list[Point], distance: float) -> list[Point]:
    out: list[Point] = []
    for i, (x, y) in enumerate(points):
        nx, ny = _normal(points, i)
        out.append((x + nx * distance, y + ny * distance))
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m gamenight.games.fireball_island.picture OUT.svg", file=sys.stderr)
        return 2
    Path(args[0]).write_text(render(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
