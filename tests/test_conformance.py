"""Every registered game passes the generic checks; and the checks catch broken games."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine.conformance import ConformanceError, check_game
from gamenight.engine.registry import GAMES, make_game
from gamenight.games.wildfire.game import WildfireGame
from gamenight.games.wildfire.state import WildfireState

# Option sets chosen to reach every phase and variant: several rounds/hands, 2 and 8 players,
# Wildfire's strategic hub and auto knock, Wildstar's partners, branching doubles and scoring.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "wildfire": [
        {"players": 2, "rounds": 2},
        {"players": 4},
        {"players": 8, "rounds": 2, "strategic": True},
        {"players": 3, "rounds": 2, "auto_knock": True, "knock_penalty": True},
        {"players": 5, "rounds": 2, "knock_penalty": True, "obligation_burns_out": True},
    ],
    "wildstar": [
        {"players": 2, "hands": 2},
        {"players": 4, "partners": True, "hands": 3, "doubles_branch": True},
        {"players": 8, "hands": 2, "winner_collects": True, "winner_leads_after_set": True},
        {"players": 3, "hands": 3},
    ],
    "highrise": [
        {"players": 2},
        {"players": 4},
        {"players": 3, "basement_layout": "2x8", "hands": 2},
        {"players": 2, "target_score": 100, "tie_break": "extra_hand", "opponents_subtract_on_out": True},
    ],
    # Random play rarely reaches the Dock: a turn limit keeps each game short (decision FI-16).
    "fireball-island": [
        {"players": 2, "turn_limit": 150},
        {"players": 4, "turn_limit": 120},
        {"players": 3, "turn_limit": 150, "fireball_mode": "deterministic"},
    ],
}


def test_every_registered_game_has_option_sets_here() -> None:
    assert set(OPTION_SETS) == set(GAMES)


@pytest.mark.parametrize(("name", "options"), [(name, o) for name, sets in OPTION_SETS.items() for o in sets], ids=str)
def test_game_conforms(name: str, options: dict[str, Any]) -> None:
    steps = check_game(make_game(name, options), seeds=(0, 1))
    assert steps > 100  # the games really were played, not stopped at the deal


def _game_of(state_class: type[WildfireState], options: dict[str, Any]) -> WildfireGame:
    """A Wildfire game whose states (new or parsed) are of a deliberately broken class."""

    class MutantGame(WildfireGame):
        def new_state(self) -> WildfireState:
            return state_class(self)

        def state_from_notation(self, text: str) -> WildfireState:
            state = super().state_from_notation(text)
            mutant = state_class.__new__(state_class)
            for slot in WildfireState.__slots__:
                setattr(mutant, slot, getattr(state, slot))
            return mutant

    return MutantGame.from_options(options)


class _LeakyState(WildfireState):
    """A broken game: every view shows the next seat's hand."""

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        if seat is not None:
            view["neighbour"] = sorted(self.hands[(seat + 1) % self.n])
        return view


def test_conformance_catches_a_view_that_leaks_hidden_tiles() -> None:
    with pytest.raises(ConformanceError, match="sample_state"):
        check_game(_game_of(_LeakyState, {"players": 3, "rounds": 1}), seeds=(0,))


class _ForgivingState(WildfireState):
    """A broken game: an illegal move is silently ignored instead of refused."""

    def apply(self, move: Any) -> None:
        if move in self.legal_moves():
            super().apply(move)


def test_conformance_catches_an_illegal_move_that_is_not_refused() -> None:
    with pytest.raises(ConformanceError, match="not a legal move"):
        check_game(_game_of(_ForgivingState, {"players": 2, "rounds": 1}), seeds=(0,))
