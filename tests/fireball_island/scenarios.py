"""Helpers that keep the Fireball Island rule scenarios close to the rulebook (R-FI).

`position(text, **options)` reads a position in notation (notation.py's docstring,
docs/notation.md); the number of players is the number of pieces written, and a header
without `turns=` gets `turns=1` (the turn under way). A turn's stack of tasks is long to
write, so the usual ones have names:

    AT_START  the player's turn begins: its cards window before the roll is open
    AT_ROLL   the window before the roll is closed: the die is to be rolled
    AT_END    the player's own window at the end of its turn is open
    PRE_P2    as AT_START, but seat 1 (holding no card) is passed over: seat 2 is asked

(A window never asks a seat that holds no card, so the engine never stops at AT_START
with the player's hand empty; a position written so would ask it anyway.)

`step(state, "4", "TA8", "pass")` carries out steps in notation, each a chance outcome
(a die, a card drawn, the seats a Fireball hits) when a chance step is due, else a move.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island.cards import DECK
from gamenight.games.fireball_island.state import FireballIslandState

__all__ = [
    "AT_END",
    "AT_ROLL",
    "AT_START",
    "DETERMINISTIC",
    "PRE_P2",
    "assert_illegal",
    "chances",
    "everything_else",
    "hand",
    "moves",
    "new_state",
    "pass_windows",
    "play",
    "position",
    "step",
    "walks",
]

AT_START = "tasks end window:end:0 pushes act window:pre:0"
AT_ROLL = "tasks end window:end:0 pushes roll:move"
AT_END = "tasks end window:end:0"
PRE_P2 = "tasks end window:end:0 pushes act window:pre:1"
DETERMINISTIC: dict[str, Any] = {"fireball_mode": "deterministic"}


def new_state(**options: Any) -> FireballIslandState:
    state = make_game("fireball-island", dict(options)).new_state()
    assert isinstance(state, FireballIslandState)
    return state


def position(text: str, **options: Any) -> FireballIslandState:
    pieces = text.split("| pieces", 1)[1].split("|", 1)[0]
    options.setdefault("players", len(pieces.split()))
    header, _, rest = text.partition(" |")
    if "turns=" not in header:
        text = f"{header} turns=1 |{rest}"  # the turn under way is counted
    state = make_game("fireball-island", dict(options)).state_from_notation(text)
    assert isinstance(state, FireballIslandState)
    return state


def moves(state: FireballIslandState) -> list[str]:
    """The legal moves, in notation, in the order the state lists them (as tests/helpers.py,
    typed for this game's state)."""
    return [state.move_notation(m) for m in state.legal_moves()]


def play(state: FireballIslandState, text: str) -> None:
    state.apply(state.parse_move(text))


def assert_illegal(state: FireballIslandState, text: str, match: str) -> None:
    """The move is refused with a reason naming the rule, and nothing changes."""
    before = state.notation()
    with pytest.raises(IllegalMoveError, match=match):
        play(state, text)
    assert state.notation() == before


def step(state: FireballIslandState, *texts: str) -> FireballIslandState:
    for text in texts:
        if state.to_act() == CHANCE:
            state.apply_chance(state.parse_outcome(text))
        else:
            play(state, text)
    return state


def pass_windows(state: FireballIslandState) -> FireballIslandState:
    """Every seat asked in a window, CANCEL chain or steal plays nothing."""
    while state.tasks and state.to_act() != CHANCE and state.tasks[-1][0] in ("window", "chain", "steal"):
        play(state, "pass")
    return state


def walks(state: FireballIslandState) -> list[str]:
    """The walks offered now, each written in full (`TA6>TA7>TA8`)."""
    return [">".join(m.path) for m in state.legal_moves()]


def chances(state: FireballIslandState) -> dict[str, float]:
    """The chance step due, as {outcome in notation: probability}."""
    out: dict[str, float] = {}
    for outcome, p in state.chance_outcomes():
        key = state.outcome_notation(outcome)
        out[key] = out.get(key, 0.0) + p
    return out


def hand(state: FireballIslandState, seat: int) -> list[str]:
    """Seat `seat`'s cards by key; seats are numbered from 1, as in the notation."""
    return [card.key for card in state.hands[seat - 1]]


def everything_else(*named: str) -> str:
    """Every card of the deck but those named, as a notation list (for a discard pile
    holding all the rest)."""
    rest = [card.key for card in DECK]
    for key in named:
        rest.remove(key)
    return " ".join(rest)
