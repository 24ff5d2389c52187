"""What a seat may know, and states sampled to match it (for search bots).

A view holds the public table (the whole tower, the spacers left, the scores, how many
dominoes each player holds and the pile has, the dominoes each seat showed it lacks by
drawing or passing), the seat's own hand, and the domino it just drew; never another hand
or the pile's dominoes. Its fields are documented in docs/views.md; `FORMAT` changes when a
field's meaning does.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, TypedDict

from gamenight.engine.errors import NotationError
from gamenight.games.dominoes.hands import absent_from_view, absent_view, deal_unseen
from gamenight.games.highrise.notation import basement_entries, level_entries, parse_tower
from gamenight.games.highrise.state import PHASE_NAMES, HighriseState, Phase
from gamenight.games.highrise.tiles import ALL_TILES, NAMES, SYMBOLS, TILES
from gamenight.games.highrise.tower import Base, Tower

if TYPE_CHECKING:
    from gamenight.games.highrise.game import HighriseGame

FORMAT: Final = "highrise-view/1"


class Cell(TypedDict):
    cell: str
    level: int | None
    top: str | None
    domino: str | None


class HighriseView(TypedDict):
    """What a seat is told (docs/views.md, "Highrise")."""

    format: Literal["highrise-view/1"]
    game: Literal["highrise"]
    seat: int | None
    players: int
    basement_layout: str
    hand_number: int
    starter: int
    turn: int
    phase: str
    to_act: int | None
    basement: list[str]
    levels: list[list[str]]
    cells: list[Cell]
    spacers_left: int
    hand: list[str] | None
    drawn: str | None
    hand_sizes: list[int]
    pile: int
    absent: list[list[str]]
    scores: list[int]
    winners: list[int] | None


def view(state: HighriseState, seat: int | None) -> HighriseView:
    tower = state.tower
    return {
        "format": FORMAT,
        "game": "highrise",
        "seat": seat,
        "players": state.n,
        "basement_layout": tower.base.name,
        "hand_number": state.hand_number,
        "starter": state.starter,
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.to_act(),
        # The tower twice over: level by level as notation (exact), and each cell's top
        # as the players see it from above (for reading at a glance, and for bots).
        "basement": basement_entries(tower),
        "levels": level_entries(tower),
        "cells": [
            {
                "cell": name,
                "level": level if level >= 0 else None,
                "top": SYMBOLS[top] if top >= 0 else None,
                "domino": NAMES[tile] if tile >= 0 else None,
            }
            # (zipped: each cell's fields as locals, where indexing the tower's lists took
            # three attribute lookups a field)
            for name, level, top, tile in zip(
                tower.base.cell_names, tower.height, tower.top, tower.top_tile, strict=True
            )
        ],
        "spacers_left": tower.spacers_left,
        "hand": [TILES.name(t) for t in state.hands[seat]] if seat is not None else None,
        "drawn": TILES.name(state.drawn) if seat is not None and seat == state.turn and state.drawn >= 0 else None,
        "hand_sizes": [len(h) for h in state.hands],
        "pile": len(state.pile),
        "absent": absent_view(state.absent, TILES.name),
        "scores": state.totals.copy(),
        "winners": state.winners() if state.phase == Phase.OVER else None,
    }


@functools.lru_cache(maxsize=64)
def _public_tower(base: Base, basement: tuple[str, ...], levels: tuple[tuple[str, ...], ...]) -> Tower:
    """The tower a view shows, read once: a search samples hundreds of states from one view,
    and reading the notation would otherwise cost more than the playouts. Callers clone it."""
    return parse_tower(base, " ".join(basement), {level: " ".join(e) for level, e in enumerate(levels, 1)})


def sample_state(game: HighriseGame, view: Mapping[str, Any], rng: random.Random) -> HighriseState:
    """A full state with this view: the unseen dominoes dealt at random to the hidden places,
    none to a seat that showed it lacks it."""
    try:
        if view["format"] != FORMAT:
            raise NotationError(f"not a {FORMAT} view: its format is {view['format']!r}")
        state = HighriseState(game)
        if view["basement_layout"] != state.tower.base.name:
            raise NotationError(
                f"the view is of a {view['basement_layout']} base, this game's is {state.tower.base.name}"
            )
        state.hand_number = view["hand_number"]
        state.turn = view["turn"]
        state.phase = PHASE_NAMES.index(view["phase"])
        levels = tuple(tuple(entries) for entries in view["levels"])
        state.tower = _public_tower(state.tower.base, tuple(view["basement"]), levels).clone()
        state.totals = list(view["scores"])
        state.absent = absent_from_view(view["absent"], TILES.parse)
        seat = view["seat"]
        sizes = view["hand_sizes"]
        own = [TILES.parse(t) for t in view["hand"]] if seat is not None else []
    except (KeyError, TypeError, ValueError) as exc:
        raise NotationError(f"not a Highrise view: {exc}") from None
    unseen = sorted(set(ALL_TILES) - set(state.tower.tiles()) - set(own))
    after_draw = state.phase == Phase.AFTER_DRAW
    fresh = state.turn if after_draw else None
    state.hands, state.pile = deal_unseen(unseen, sizes, seat, own, rng, state.absent, fresh)
    if len(state.pile) != view["pile"]:
        raise NotationError("the view's counts do not add up to the set")
    state.drawn = -1
    if after_draw:
        drawn = view["drawn"]
        state.drawn = TILES.parse(drawn) if drawn is not None else state.hands[state.turn][-1]
    return state
