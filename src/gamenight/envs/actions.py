"""Fixed action tables: every move a game can ever offer, as an integer, and back.

Each table is built once per game and options (Wildfire's on its variants, Highrise's on
the base, Fireball Island's on nothing but its board); its ids never depend on the
position: a Wildfire end is named by its line (games/wildfire/layout.py), a Wildstar
end by its arm, a Highrise play by its domino and two cells (with a spacer where the heights
need one), a walk by the space it ends on.
`ids(legal, state)` gives one id per legal move of the state, all distinct, in the order of
`legal`; `describe(id)` says what an id is. docs/rl.md lays the tables out.

| game | layout | size |
|---|---|---|
| wildfire | draw, pass, then (way, line): a tile, two ways for a Wild One | 2 + 74 x 37 = 2740 |
| | strategic: hub 1..9 after pass; manual knock: x 2 (knock) | up to 11 + 74 x 37 x 2 = 5487 |
| wildstar | draw, pass, then (orientation, arm: the centre or arm 1..5) | 2 + 111 x 6 = 668 |
| | doubles_branch: (orientation, end) | 2 + 111 x 57 = 6329 |
| highrise | draw, pass, then (orientation, edge); a spacer as the heights need | 2 + 64 x 24 = 1538 (4x4), 1410 (2x8) |
| fireball-island | pass, trade, cave, exit, card x target, rollway, (space, variant) | 74 + 12 + 152 x 8 = 1302 |
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from gamenight.engine.protocol import Game, Move
from gamenight.games.fireball_island import moves as fireball_island_moves
from gamenight.games.highrise import moves as highrise_moves
from gamenight.games.wildfire import moves as wildfire_moves
from gamenight.games.wildstar import moves as wildstar_moves


class ActionTable:
    """The base: `size`, `ids(legal)`, `describe(id)`, `mask(legal)`."""

    game: str = ""
    size: int = 0

    def __init__(self) -> None:
        self._known: dict[Move, int] = {}  # each move's id, once worked out

    def id_of(self, move: Any) -> int:
        raise NotImplementedError

    def ids(self, legal: Sequence[Move], state: Any = None) -> list[int]:
        """One id per legal move of `state`, in the same order; all distinct. A move's id is
        worked out once (moves are hashable tuples, and an id depends on the move alone but
        in Wildstar, where it names an end's arm, and Fireball Island, where a walk's depends
        on the other walks)."""
        known = self._known
        out = []
        for m in legal:
            action = known.get(m)
            if action is None:
                action = known[m] = self.id_of(m)
            out.append(action)
        return out

    def describe(self, action: int) -> str:
        raise NotImplementedError

    def mask(self, legal: Sequence[Move], state: Any = None) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.ids(legal, state)] = 1
        return mask


# -- Wildfire ------------------------------------------------------------------------------


class WildfireActions(ActionTable):
    """0 draw, 1 pass; in the strategic variant 2..10 `hub 1`..`hub 9`; then one id per
    (way, line), times two (without and with the knock) where the player knocks himself (the
    Penalty variant without `auto_knock`). A *way* is a tile as it can be laid, in tile
    order: one for most tiles, whose half laid against the end is the half that matches it
    (a plain tile's other half never matches the same end too), two for each Wild One
    (`W-n`: the wild half in, matching any end, or the wild half out, `n` in). 65 tiles and
    9 Wild Ones: 74 ways. The basic game has neither hubs nor knocks: 2 + 74 x 37 ids, where
    a table with both variants' ids in every game would be twice as wide, and half of every
    mask would be moves no position of the basic game can offer.

    An end is named by its *line* (games/wildfire/layout.py): no two open ends share one, a
    play on an end's last place goes on with its line, so the same play on a growing line
    keeps its id, and a round holds at most 37 lines at once where it lays up to 65 end ids
    (the mask of the basic game 2,740 wide, not 4,812)."""

    game = "wildfire"
    HUB0: Final = 2
    INNERS: Final = 10  # the half codes a tile can be laid in with, 0..9

    def __init__(self, strategic: bool = False, manual_knock: bool = False) -> None:
        super().__init__()
        from gamenight.games.wildfire.layout import LINES, PLACEMENTS
        from gamenight.games.wildfire.tiles import WILD

        # Each way as (tile, the half laid in), the one `describe` writes: a plain tile's first
        # placement, its halves as the set prints them, stands for both.
        self.ways: list[tuple[int, int]] = []
        self._way: dict[tuple[int, int], int] = {}  # each placement (tile, inner) -> its way
        for tile, placements in enumerate(PLACEMENTS):
            wild_one = placements[0].inner == WILD and len(placements) == 2
            for p in placements:
                if wild_one or p is placements[0]:
                    self.ways.append((tile, p.inner))
                self._way[tile, p.inner] = len(self.ways) - 1
        self.lines = LINES
        self.hubs = 9 if strategic else 0
        self.knocks = 2 if manual_knock else 1  # ids per (way, line)
        self.play0 = self.HUB0 + self.hubs
        self.size = self.play0 + len(self.ways) * LINES * self.knocks
        # A play's id but its line's and its knock's parts, by its placement, tile * INNERS +
        # inner (`ids`): read from a list, where a dict keyed by the move hashed it each time.
        self._rest = [-1] * (len(PLACEMENTS) * self.INNERS)
        for (tile, inner), way in self._way.items():
            assert 0 <= inner < self.INNERS
            self._rest[tile * self.INNERS + inner] = self.play0 + way * LINES * self.knocks

    def id_of(self, move: Any) -> int:
        m = wildfire_moves
        if move.kind == m.DRAW:
            return 0
        if move.kind == m.PASS:
            return 1
        if move.kind == m.HUB:
            return self.HUB0 + int(move.tile) - 1
        raise ValueError("a play's id names the line of its end: use ids(legal, state)")

    def ids(self, legal: Sequence[Move], state: Any = None) -> list[int]:
        if state is None:
            raise ValueError("Wildfire's ids name an end by its line: pass the state, ids(legal, state)")
        line: list[int] = state.layout.line  # an end's line, which names it in the id
        rest, knocks, play = self._rest, self.knocks, wildfire_moves.PLAY
        out = []
        for m in cast("Sequence[wildfire_moves.Move]", legal):
            if m.kind == play:
                out.append(rest[m.tile * self.INNERS + m.inner] + line[m.end] * knocks + int(m.knock))
            else:
                out.append(self.id_of(m))
        return out

    def describe(self, action: int) -> str:
        """The play as the notation writes it, on its line (`9-8@line5`); a tile laid the way
        the end needs is written as the set prints it (9-8 on an end of 8, which the notation
        writes `8-9@e5`)."""
        if action == 0:
            return "draw"
        if action == 1:
            return "pass"
        if action < self.play0:
            return f"hub {action - self.HUB0 + 1}"
        rest, knock = divmod(action - self.play0, self.knocks)
        way, line = divmod(rest, self.lines)
        tile, inner = self.ways[way]
        text = wildfire_moves.move_notation(wildfire_moves.Move(wildfire_moves.PLAY, tile, inner, 0, bool(knock)))
        return text.replace("@e0", f"@line{line}", 1)


# -- Wildstar ------------------------------------------------------------------------------


class WildstarActions(ActionTable):
    """0 draw, 1 pass, then 2 + orientation x ends + end. The 111 orientations: each numbered
    tile by the number it shows outward (one for a double), the single star by its declared
    number 0..9, the double star.

    An end is named by its arm in the basic game (games/wildstar/layout.py): 0 the centre
    (a play in the centre stage, which opens the next arm), 1..5 the tip of that arm. An arm
    is one line of tiles there, with one open end, so a play on arm 3 keeps its id while the
    arm grows, and the table has 6 ends where end ids would need 57. With `doubles_branch` a
    double branches an arm into three: ends are then named by their ids, e0..e56."""

    game = "wildstar"
    ENDS: Final = 57  # a hand lays at most the 57 tiles: end ids 0..56

    def __init__(self, branching: bool = False) -> None:
        super().__init__()
        from gamenight.games.wildstar.layout import ARM_ENDS
        from gamenight.games.wildstar.tiles import DOUBLE_STAR, HALVES, SINGLE_STAR

        self.orientations: list[tuple[int, int]] = []
        for tile, (a, b) in enumerate(HALVES):
            if tile == SINGLE_STAR:
                self.orientations += [(tile, n) for n in range(10)]
            elif tile == DOUBLE_STAR:
                self.orientations.append((tile, -1))
            else:
                self.orientations += [(tile, a)] if a == b else [(tile, a), (tile, b)]
        self._index = {o: i for i, o in enumerate(self.orientations)}
        self.by_arm = not branching
        self.ends = ARM_ENDS if self.by_arm else self.ENDS
        self.size = 2 + len(self.orientations) * self.ends
        # A play's id but its arm's part, by tile * 11 + the number shown outward + 1 (-1 for
        # the double star): read from a list (`ids`), where a dict keyed by the move hashed it.
        self._rest = [-1] * (len(HALVES) * 11)
        for (tile, outer), o in self._index.items():
            assert -1 <= outer <= 9
            self._rest[tile * 11 + outer + 1] = 2 + o * self.ends

    def id_of(self, move: Any) -> int:
        m = wildstar_moves
        if move.kind == m.DRAW:
            return 0
        if move.kind == m.PASS:
            return 1
        if self.by_arm:
            raise ValueError("a play's id names the arm of its end: use ids(legal, state)")
        return 2 + self._index[move.tile, move.outer] * self.ENDS + int(move.end)

    def ids(self, legal: Sequence[Move], state: Any = None) -> list[int]:
        if not self.by_arm:
            return super().ids(legal)
        if state is None:
            raise ValueError("Wildstar's ids name an end by its arm: pass the state, ids(legal, state)")
        arm: list[int] = state.layout.arm  # an end's arm, which names it in the id
        rest, play = self._rest, wildstar_moves.PLAY
        out = []
        for m in cast("Sequence[wildstar_moves.Move]", legal):
            out.append(rest[m.tile * 11 + m.outer + 1] + arm[m.end] if m.kind == play else self.id_of(m))
        return out

    def describe(self, action: int) -> str:
        if action < 2:
            return ("draw", "pass")[action]
        o, end = divmod(action - 2, self.ends)
        tile, outer = self.orientations[o]
        text = wildstar_moves.move_notation(wildstar_moves.Move(wildstar_moves.PLAY, tile, end, outer))
        if self.by_arm and end:  # the tip of an arm (its node changes as the arm grows): "4-2@arm3"
            return f"{text.split('@')[0]}@arm{end}"
        return text


# -- Highrise ------------------------------------------------------------------------------


class HighriseActions(ActionTable):
    """0 draw, 1 pass, then 2 + orientation x edges + edge. An orientation is a domino with
    the half laid on the edge's first cell (in board order), one for a double: 64; the edges
    are the base's pairs of side-by-side cells (24 on 4x4, 22 on 2x8).

    Whether the play lays a clear spacer, and under which cell, is not in the id: the heights
    decide it (docs/rules/highrise.md, *Decisions made here*, 8): none when the two cells are level, under
    the lower when it is one level lower, no play otherwise. So a domino on two cells is one
    legal move at most, and `describe` names it by its cells alone ("5-3@a1,b1"; the
    notation writes the spacer, "5-3@a1^,b1"). A spacer slot in every id would make the
    table three times as wide, two thirds of every mask moves no position can offer."""

    game = "highrise"
    HALF_CODES: Final = 8  # a half's symbol, 0..7
    CELLS: Final = 16  # the base's cells, on either base

    def __init__(self, basement_layout: str = "4x4") -> None:
        super().__init__()
        from gamenight.games.highrise.tiles import HALVES
        from gamenight.games.highrise.tower import BASES

        self.base = BASES[basement_layout]
        self.edges = list(self.base.edges)
        self._edge = {e: i for i, e in enumerate(self.edges)}
        self.orientations: list[tuple[int, int]] = []
        for tile, (a, b) in enumerate(HALVES):
            self.orientations += [(tile, a)] if a == b else [(tile, a), (tile, b)]
        self._index = {o: i for i, o in enumerate(self.orientations)}
        self.size = 2 + len(self.orientations) * len(self.edges)
        # The two parts of a play's id read from lists (`ids`), where a dict keyed by the move
        # hashed it each time: the orientation's, by tile * HALF_CODES + the half laid on a;
        # the edge's, by a * CELLS + b.
        self._rest = [-1] * (len(HALVES) * self.HALF_CODES)
        for (tile, half), o in self._index.items():
            assert 0 <= half < self.HALF_CODES
            self._rest[tile * self.HALF_CODES + half] = 2 + o * len(self.edges)
        self._edge_at = [-1] * (self.CELLS * self.CELLS)
        for (a, b), edge in self._edge.items():
            assert 0 <= a < self.CELLS and 0 <= b < self.CELLS
            self._edge_at[a * self.CELLS + b] = edge

    def id_of(self, move: Any) -> int:
        m = highrise_moves
        if move.kind == m.DRAW:
            return 0
        if move.kind == m.PASS:
            return 1
        return 2 + self._index[move.tile, move.half_a] * len(self.edges) + self._edge[move.a, move.b]

    def ids(self, legal: Sequence[Move], state: Any = None) -> list[int]:
        rest, edge, play, cells = self._rest, self._edge_at, highrise_moves.PLAY, self.CELLS
        out = []
        for m in cast("Sequence[highrise_moves.Move]", legal):
            if m.kind == play:
                out.append(rest[m.tile * self.HALF_CODES + m.half_a] + edge[m.a * cells + m.b])
            else:
                out.append(self.id_of(m))
        return out

    def describe(self, action: int) -> str:
        if action < 2:
            return ("draw", "pass")[action]
        o, edge = divmod(action - 2, len(self.edges))
        tile, half = self.orientations[o]
        a, b = self.edges[edge]
        move = highrise_moves.Move(highrise_moves.PLAY, tile, a, b, half, -1)
        return highrise_moves.move_notation(move, self.base)


# -- Fireball Island -----------------------------------------------------------------------


class FireballIslandActions(ActionTable):
    """0 pass (or roll), 1 trade, 2 cave, 3 exit; 4 + face x 5 + (target + 1): a card of the
    14 faces played, against nobody (0) or seat 0..3 (TAKE 1 CARD); then one per rollway
    (aim a Fireball); then (space x 8 + variant): a walk ending on that space. Walks to one
    space differ only when they differ on the way (the Witchlord Step, the jewel, a steal):
    the variant is the walk's rank among the legal walks to that space, ordered by their
    spaces, so at most 8."""

    game = "fireball-island"
    VARIANTS: Final = 8
    CARD0: Final = 4

    def __init__(self) -> None:
        super().__init__()
        from gamenight.games.fireball_island.board_data import BOARD
        from gamenight.games.fireball_island.cards import FACES

        self.faces = list(FACES)
        self._face = {f: i for i, f in enumerate(self.faces)}
        self.rollways = list(BOARD.all_rollways)
        self._rollway = {r: i for i, r in enumerate(self.rollways)}
        self.spaces = list(BOARD.spaces)
        self._space = {s: i for i, s in enumerate(self.spaces)}
        self.aim0 = self.CARD0 + len(self.faces) * 5
        self.go0 = self.aim0 + len(self.rollways)
        self.size = self.go0 + len(self.spaces) * self.VARIANTS
        self._fixed = {
            fireball_island_moves.PASS: 0,
            fireball_island_moves.TRADE: 1,
            fireball_island_moves.CAVE: 2,
            fireball_island_moves.EXIT: 3,
        }

    def id_of(self, move: Any) -> int:
        kind = move.kind
        if kind in self._fixed:
            return self._fixed[str(kind)]
        if kind == fireball_island_moves.PLAY:
            return self.CARD0 + self._face[move.card] * 5 + int(move.target) + 1
        if kind == fireball_island_moves.AIM:
            return self.aim0 + self._rollway[move.path[0]]
        raise ValueError("a walk's id depends on the other legal walks: use ids(legal)")

    def ids(self, legal: Sequence[Move], state: Any = None) -> list[int]:
        go = fireball_island_moves.GO
        walks: dict[str, list[tuple[str, ...]]] = {}
        for m in legal:
            if m.kind == go:  # type: ignore[attr-defined]
                walks.setdefault(m.path[-1], []).append(m.path)  # type: ignore[attr-defined]
        for paths in walks.values():
            paths.sort()
        out = []
        for m in legal:
            if m.kind == go:  # type: ignore[attr-defined]
                path = m.path  # type: ignore[attr-defined]
                out.append(self.go0 + self._space[path[-1]] * self.VARIANTS + walks[path[-1]].index(path))
            else:
                out.append(self.id_of(m))
        return out

    def describe(self, action: int) -> str:
        if action < self.CARD0:
            return ("pass", "trade", "cave", "exit")[action]
        if action < self.aim0:
            face, target = divmod(action - self.CARD0, 5)
            key = self.faces[face].key
            return key if target == 0 else f"{key}@{target}"
        if action < self.go0:
            return self.rollways[action - self.aim0]
        space, variant = divmod(action - self.go0, self.VARIANTS)
        return f"{self.spaces[space]}" + (f" (walk {variant + 1})" if variant else "")


def action_table(game: Game) -> ActionTable:
    """The table for `game` (as its options make it)."""
    name = game.spec.name
    if name == "wildfire":
        options = game.options
        return WildfireActions(options.strategic, options.knock_penalty and not options.auto_knock)
    if name == "wildstar":
        return WildstarActions(game.options.doubles_branch)
    if name == "highrise":
        return HighriseActions(game.options.basement_layout)
    if name == "fireball-island":
        return FireballIslandActions()
    raise ValueError(f"no action table for {name!r}")
