"""What a seat may know, and states sampled to match it (for search bots).

A view holds the public table (the star, open ends, counts of tiles, what each seat
showed it lacked, the score sheet), the seat's own hand, and the tile it just drew;
never another hand or the pile's tiles. Its fields are documented in docs/views.md; `FORMAT`
changes when a field's meaning does.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, TypedDict

from gamenight.engine.errors import NotationError
from gamenight.games.dominoes.hands import deal_unseen
from gamenight.games.wildstar.layout import ARMS, Layout
from gamenight.games.wildstar.notation import _digits, layout_entries, parse_layout
from gamenight.games.wildstar.state import PHASE_NAMES, Phase, WildstarState
from gamenight.games.wildstar.tiles import ALL_TILES, HALVES, KINDS, NAMES, NUMBERS, is_double, parse

if TYPE_CHECKING:
    from gamenight.games.wildstar.game import WildstarGame

FORMAT: Final = "wildstar-view/2"


class OpenEnd(TypedDict):
    end: int
    arm: int  # the arm it is the tip of, 1..5 (0: the centre)
    value: int
    double: bool
    free: int


class WildstarView(TypedDict):
    """What a seat is told (docs/views.md, "Wildstar")."""

    format: Literal["wildstar-view/2"]
    game: Literal["wildstar"]
    seat: int | None
    players: int
    teams: list[list[int]] | None
    hand_number: int
    hands_in_game: int
    centre: str
    shuffler: int
    turn: int
    phase: str
    stage: str | None
    arms: int
    arms_needed: int
    to_act: int | None
    layout: list[str]
    open_ends: list[OpenEnd]
    hand: list[str] | None
    drawn: str | None
    hand_sizes: list[int]
    pile: int
    lacked: list[str]
    sheet: list[list[int]]
    scores: list[int]
    lowest_wins: bool
    winners: list[int] | None


def view(state: WildstarState, seat: int | None) -> WildstarView:
    layout = state.layout
    options = state.game.options
    stage = None
    if layout.tiles:
        stage = "centre" if layout.in_centre_stage() else "open"
    return {
        "format": FORMAT,
        "game": "wildstar",
        "seat": seat,
        "players": state.n,
        "teams": [state.members(side) for side in range(2)] if options.partners else None,
        "hand_number": state.hand_number,
        "hands_in_game": options.hands,
        "centre": NAMES[state.required_double],
        "shuffler": state.shuffler,
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "stage": stage,
        "arms": layout.arms,
        "arms_needed": ARMS,
        "to_act": state.to_act(),
        "layout": layout_entries(layout),
        "open_ends": [
            {
                "end": e,
                "arm": layout.arm[e],
                "value": layout.value[e],
                "double": is_double(layout.tiles[e]),
                "free": layout.free[e],
            }
            for e in layout.playable_ends()
        ],
        "hand": [NAMES[t] for t in state.hands[seat]] if seat is not None else None,
        "drawn": NAMES[state.drawn] if seat is not None and seat == state.turn and state.drawn >= 0 else None,
        "hand_sizes": [len(h) for h in state.hands],
        "pile": len(state.pile),
        "lacked": [_digits(mask) for mask in state.lacked],
        "sheet": [row.copy() for row in state.sheet],
        "scores": state.totals.copy(),
        "lowest_wins": not options.winner_collects,
        "winners": state.winners() if state.phase == Phase.OVER else None,
    }


@functools.lru_cache(maxsize=64)
def _public_layout(entries: tuple[str, ...], required_double: int, doubles_branch: bool) -> Layout:
    """The layout a view shows, read once: a search samples hundreds of states from one view,
    and reading the notation each time would cost more than a playout. Callers clone it."""
    return parse_layout(" ".join(entries), required_double, doubles_branch)


# The kinds that show number n, as a bit mask (bit k for kind k).
_SHOWING = tuple(sum(1 << k for k in KINDS if n in HALVES[k]) for n in NUMBERS)


def unlikely(lacked: int) -> int:
    """The kinds a seat probably lacks, as a bit mask: every kind showing a number it lacked
    when it last could not play. Only probably: it may have drawn one since and, drawing, a
    player "may" keep a playable tile (R-WS), so search deals them to it seldom, not never."""
    mask = 0
    for number in NUMBERS:
        if lacked >> number & 1:
            mask |= _SHOWING[number]
    return mask


def sample_state(game: WildstarGame, view: Mapping[str, Any], rng: random.Random) -> WildstarState:
    """A full state with this view: the unseen tiles dealt at random to the hidden places,
    seldom one showing a number its seat lacked."""
    try:
        if view["format"] != FORMAT:
            raise NotationError(f"not a {FORMAT} view: its format is {view['format']!r}")
        state = WildstarState(game)
        state.shuffler = view["shuffler"]
        state.turn = view["turn"]
        state.phase = PHASE_NAMES.index(view["phase"])
        state.sheet = [list(row) for row in view["sheet"]]
        state.totals = list(view["scores"])
        state.lacked = [sum(1 << int(d) for d in digits) for digits in view["lacked"]]
        entries = tuple(view["layout"])
        state.layout = _public_layout(entries, state.required_double, game.options.doubles_branch).clone()
        seat = view["seat"]
        sizes = view["hand_sizes"]
        own = [parse(t) for t in view["hand"]] if seat is not None else []
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise NotationError(f"not a Wildstar view: {exc}") from None
    unseen = list((Counter(ALL_TILES) - Counter(state.layout.tiles) - Counter(own)).elements())
    if state.phase == Phase.FIRST_DOUBLE:
        unseen.remove(state.required_double)  # nobody holds it: it is in the pile
    doubts = [unlikely(bits) for bits in state.lacked]
    state.hands, pile = deal_unseen(unseen, sizes, seat, own, rng, unlikely=doubts)
    state.pile = sorted(pile + ([state.required_double] if state.phase == Phase.FIRST_DOUBLE else []))
    if len(state.pile) != view["pile"]:
        raise NotationError("the view's counts do not add up to the set")
    state.drawn = -1
    if state.phase == Phase.AFTER_DRAW:
        drawn = view["drawn"]
        state.drawn = parse(drawn) if drawn is not None else rng.choice(state.hands[state.turn])
    return state
