"""What a seat may know, and states sampled to match it (for search bots).

A view holds the public table (layout, scores, counts, who knocked, the tiles each seat
showed it lacks by drawing or passing, and those it probably lacks: `passed_over`, heavier
tiles that fitted when it played a lighter one), the seat's own hand, and the tile it just drew;
never another hand or the pile's tiles. Its fields are documented in docs/views.md; `FORMAT`
changes when a field's meaning does.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, TypedDict

from gamenight.engine.errors import NotationError
from gamenight.games.dominoes.hands import absent_from_view, absent_view, deal_unseen
from gamenight.games.wildfire.layout import KIND_NAMES, UNSPUN, Layout
from gamenight.games.wildfire.notation import _parse_layout, layout_entries
from gamenight.games.wildfire.state import PHASE_NAMES, Phase, WildfireState
from gamenight.games.wildfire.tiles import ALL_TILES, TILES

if TYPE_CHECKING:
    from gamenight.games.wildfire.game import WildfireGame

FORMAT: Final = "wildfire-view/2"


class OpenEnd(TypedDict):
    end: int
    line: int  # the line it lies on (games/wildfire/layout.py): how the RL action table names it
    value: int
    double: bool
    free: int


class Obligation(TypedDict):
    end: int
    kind: str
    hub: int | None
    slots_left: int


class WildfireView(TypedDict):
    """What a seat is told (docs/views.md, "Wildfire")."""

    format: Literal["wildfire-view/2"]
    game: Literal["wildfire"]
    seat: int | None
    players: int
    round: int
    dealer: int
    turn: int
    phase: str
    to_act: int | None
    layout: list[str]
    open_ends: list[OpenEnd]
    obligation: Obligation | None
    hand: list[str] | None
    drawn: str | None
    hand_sizes: list[int]
    pile: int
    knocked: list[bool]
    loses_turn: list[bool]
    penalty: int | None
    unfilled: int
    absent: list[list[str]]
    passed_over: list[list[str]]
    sheet: list[list[int]]
    scores: list[int]
    winners: list[int] | None


def view(state: WildfireState, seat: int | None) -> WildfireView:
    layout = state.layout
    own = seat is not None
    obligation: Obligation | None = None
    if layout.obligation >= 0:
        hub = layout.value[layout.obligation]
        obligation = {
            "end": layout.obligation,
            "kind": KIND_NAMES[layout.kind[layout.obligation]],
            "hub": None if hub == UNSPUN else hub,
            "slots_left": layout.free[layout.obligation],
        }
    return {
        "format": FORMAT,
        "game": "wildfire",
        "seat": seat,
        "players": state.n,
        "round": len(state.sheet) + 1 if state.phase != Phase.OVER else len(state.sheet),
        "dealer": state.dealer,
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.to_act(),
        "layout": layout_entries(layout),
        "open_ends": [
            {
                "end": e,
                "line": layout.line[e],
                "value": layout.value[e],
                "double": layout.is_double(e),
                "free": layout.free[e],
            }
            for e in layout.open_ends
        ],
        "obligation": obligation,
        "hand": [TILES.name(t) for t in state.hands[seat]] if seat is not None else None,
        "drawn": TILES.name(state.drawn) if own and seat == state.turn and state.drawn >= 0 else None,
        "hand_sizes": [len(h) for h in state.hands],
        "pile": len(state.pile),
        "knocked": state.knocked.copy(),
        "loses_turn": state.loses_turn.copy(),
        "penalty": state.penalty if state.penalty >= 0 else None,
        "unfilled": state.unfilled,
        "absent": absent_view(state.absent, TILES.name),
        "passed_over": absent_view(state.passed_over, TILES.name),
        "sheet": [row.copy() for row in state.sheet],
        "scores": state.totals.copy(),
        "winners": state.winners() if state.phase == Phase.OVER else None,
    }


@functools.lru_cache(maxsize=64)
def public_layout(entries: tuple[str, ...]) -> Layout:
    """The layout a view shows, read once: a search samples hundreds of states from one view,
    and reading the notation would otherwise cost a quarter of its time. Callers clone it."""
    return _parse_layout(" ".join(entries))


def sample_state(game: WildfireGame, view: Mapping[str, Any], rng: random.Random) -> WildfireState:
    """A full state with this view: the unseen tiles dealt at random to the hidden places,
    none to a seat that showed it lacks it, seldom one a seat passed over."""
    try:
        if view["format"] != FORMAT:
            raise NotationError(f"not a {FORMAT} view: its format is {view['format']!r}")
        state = WildfireState(game)
        state.dealer = view["dealer"]
        state.turn = view["turn"]
        state.phase = PHASE_NAMES.index(view["phase"])
        state.layout = public_layout(tuple(view["layout"])).clone()
        state.sheet = [list(row) for row in view["sheet"]]
        state.totals = list(view["scores"])
        state.knocked = list(view["knocked"])
        state.loses_turn = list(view["loses_turn"])
        state.penalty = -1 if view["penalty"] is None else view["penalty"]
        state.unfilled = view["unfilled"]
        state.absent = absent_from_view(view["absent"], TILES.parse)
        state.passed_over = absent_from_view(view["passed_over"], TILES.parse)
        state.guessing = False  # for search: its playouts never read the guesses (state.apply)
        seat = view["seat"]
        sizes = view["hand_sizes"]
        own = [TILES.parse(t) for t in view["hand"]] if seat is not None else []
    except (KeyError, TypeError, ValueError) as exc:
        raise NotationError(f"not a Wildfire view: {exc}") from None
    unseen = sorted(set(ALL_TILES) - set(state.layout.tiles) - set(own))
    after_draw = state.phase == Phase.AFTER_DRAW
    fresh = state.turn if after_draw else None
    state.hands, state.pile = deal_unseen(
        unseen, sizes, seat, own, rng, state.absent, fresh, unlikely=state.passed_over
    )
    if len(state.pile) != view["pile"]:
        raise NotationError("the view's counts do not add up to the set")
    state.drawn = -1
    if after_draw:
        drawn = view["drawn"]
        state.drawn = TILES.parse(drawn) if drawn is not None else state.hands[state.turn][-1]
    return state
