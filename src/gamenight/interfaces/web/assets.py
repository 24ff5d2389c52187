"""The static geometry each game's board module draws from, served as `GET /api/boards/{game}`.

A view says where things are (a piece on `WT5`, a domino on `a1,b1`); the browser also needs
to know where `WT5` or `a1` is drawn. That never changes during a game, so it is sent once,
as JSON, and cached by the page. For Fireball Island it comes from the same board data and
geometry that draw docs/board.svg (`fireball_island.picture`), so the page and the picture
agree; for the domino games it is a few numbers (the hub's arms, Highrise's bases).
"""

from __future__ import annotations

from typing import Any

from gamenight.games.fireball_island import picture
from gamenight.games.fireball_island.board import Board, Space
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import COUNTS, FACES
from gamenight.games.fireball_island.story import card_help
from gamenight.games.highrise.tower import BASES

JSON = dict[str, Any]


def board_assets(game: str) -> JSON:
    """The geometry the board module of `game` needs; KeyError for a game there is none of.

    Both spellings of Fireball Island are read (`fireball-island` as the registry names it,
    `fireball_island` as its package and board module are named)."""
    makers = {
        "wildfire": _wildfire,
        "wildstar": _wildstar,
        "highrise": _highrise,
        "fireball-island": _fireball_island,
        "fireball_island": _fireball_island,
    }
    return makers[game]()


def _wildfire() -> JSON:
    # The hub has four notches (layout.CENTRE_ARMS); a double opens three ways.
    return {"game": "wildfire", "arms": 4}


def _wildstar() -> JSON:
    # The star centre piece has five arms (D-WS-2).
    return {"game": "wildstar", "arms": 5}


def _highrise() -> JSON:
    """Each base: its grid and the basement slots (which two cells each domino covers)."""
    bases = {
        name: {
            "cols": base.cols,
            "rows": base.rows,
            "cells": list(base.cell_names),
            "slots": [[base.cell_names[a], base.cell_names[b]] for a, b in base.slots],
        }
        for name, base in BASES.items()
    }
    return {"game": "highrise", "bases": bases}


def _xy(point: tuple[float, float]) -> list[float]:
    return [round(point[0], 1), round(point[1], 1)]


def _fireball_island(board: Board = BOARD) -> JSON:
    places = picture._places(board)
    sides = picture._sides(board)
    return {
        "game": "fireball-island",
        # The island only: the page shows its own legend, not the picture's side panel.
        "width": picture.PANEL - 12,
        "height": picture.HEIGHT,
        "colours": {
            "sea": picture.SEA,
            "island": picture.ISLAND,
            "trail": list(picture.TRAIL),
            "dark": list(picture.DARK),
            "safe": list(picture.SAFE),
            "bridge": list(picture.BRIDGE),
            "cave": list(picture.CAVE),
            "pit": list(picture.PIT),
            "water": list(picture.WATER),
            "rock_chip": picture.ROCK_CHIP,
            "link": picture.LINK,
        },
        "radius": {"space": picture.R_SPACE, "place": picture.R_PLACE},
        "spaces": [_space(board, space, places) for space in board.spaces.values()],
        "links": _links(board),
        "pits": [{"letter": pit.letter, "space": pit.space, "rock_chip": pit.rock_chip} for pit in board.pits.values()],
        "caves": [{"number": cave.number, "space": cave.space, "beside": cave.beside} for cave in board.caves],
        "bridges": list(board.bridges),
        "segments": [
            {"id": s.id, "name": s.name, "label": None if s.label is None else _xy(s.label)}
            for s in board.segments.values()
        ],
        "fireballs": [
            {
                "id": f.id,
                "name": f.name,
                "where": f.where,
                "rotatable": f.rotatable,
                "at": _xy(f.draw),
                "colour": picture._colour(board, f.id),
                "rollways": [r.id for r in f.rollways],
            }
            for f in board.fireballs.values()
        ],
        "rollways": [_rollway(board, f.id, r.id, sides[r.id]) for f in board.fireballs.values() for r in f.rollways],
        # Each card face by key, in the rulebook's order: its title, what it does and its copies.
        "cards": [
            {"key": c.key, "title": c.title, "does": card_help(c.type, c.spaces), "copies": COUNTS[c]} for c in FACES
        ],
        "start": board.start,
        "witchlord_step": board.witchlord_step,
        "vul_kar_point": board.vul_kar_point,
        "dock": board.dock,
        "water": board.water,
    }


def _space(board: Board, space: Space, places: dict[str, str]) -> JSON:
    """A space where the picture draws it, with what its shape and colour depend on."""
    return {
        "id": space.id,
        "name": space.name,
        "kind": str(space.kind),
        "at": _xy(board.layout[space.id]),
        "dark": space.dark,
        "safe": space.safe,
        "rock_chip": space.rock_chip,
        "cave": space.cave,
        "pit": space.smolder_pit,
        "place": places.get(space.id),  # the start, the Ruin, Vul-Kar Point, the Dock: drawn larger
        "title": picture._describe(board, space),
    }


def _links(board: Board) -> list[JSON]:
    """Every link once: `trail`, `cave` (to a cave) or `one-way` (out of the water)."""
    out: list[JSON] = []
    done: set[frozenset[str]] = set()
    for a, ends in board.links.items():
        for b in ends:
            if frozenset((a, b)) in done:
                continue
            done.add(frozenset((a, b)))
            if (a, b) in board.one_way:
                kind = "one-way"
            elif (b, a) in board.one_way:
                a, b, kind = b, a, "one-way"  # drawn from where it may be walked
            elif board.spaces[a].is_cave or board.spaces[b].is_cave:
                kind = "cave"
            else:
                kind = "trail"
            out.append({"from": a, "to": b, "kind": kind})
    return out


def _rollway(board: Board, fireball: str, rollway_id: str, side: float) -> JSON:
    """A rollway's arrow as the picture draws it: beside its spaces, on the side `_sides` picks
    (the page draws a faint lead from the Fireball to its first point), or straight from the
    Fireball when it crosses one space only; and where its id is written."""
    rollway = board.rollway(rollway_id)
    points = [board.layout[s] for s in rollway.spaces]
    start = board.fireballs[fireball].draw
    if len(points) == 1:
        line = [start, picture._towards(points[0], start, picture.R_SPACE + 3)]
        (x1, y1), (x2, y2) = start, points[0]
        label, anchor = ((x1 + x2) / 2 - 8, (y1 + y2) / 2), "end"
    else:
        line = picture._offset(points, picture.ROLLWAY_OFFSET * side)  # the page joins it to the Fireball
        label = picture._offset(points, (picture.ROLLWAY_OFFSET + 6) * side)[0]
        nx = picture._normal(points, 0)[0] * side
        anchor = "start" if nx > 0.3 else "end" if nx < -0.3 else "middle"
    return {
        "id": rollway.id,
        "fireball": fireball,
        "spaces": list(rollway.spaces),
        "points": [_xy(p) for p in line],
        "label": _xy(label),
        "anchor": anchor,
        "colour": picture._colour(board, fireball),
    }
