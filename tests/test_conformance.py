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


class _Mutant:
    """A deliberately broken Wildfire state: a real one inside, everything it does passed on but
    what a subclass overrides. (A wrapper, not a subclass of WildfireState: the compiled build's
    classes cannot be subclassed in Python, and the checks must catch the same faults there.)"""

    def __init__(self, state: WildfireState) -> None:
        self.state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def clone(self) -> _Mutant:
        return type(self)(self.state.clone())


class _MutantGame:
    """A Wildfire game whose states (new or parsed) are `mutant`s of its own."""

    def __init__(self, mutant: type[_Mutant], options: dict[str, Any]) -> None:
        self.game = WildfireGame.from_options(options)
        self.mutant = mutant

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def new_state(self) -> _Mutant:
        return self.mutant(self.game.new_state())

    def state_from_notation(self, text: str) -> _Mutant:
        return self.mutant(self.game.state_from_notation(text))


def _game_of(mutant: type[_Mutant], options: dict[str, Any]) -> Any:
    return _MutantGame(mutant, options)


class _LeakyState(_Mutant):
    """A broken game: every view shows the next seat's hand."""

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.state.view(seat)
        if seat is not None:
            view["neighbour"] = sorted(self.state.hands[(seat + 1) % self.state.n])
        return view


def test_conformance_catches_a_view_that_leaks_hidden_tiles() -> None:
    with pytest.raises(ConformanceError, match="sample_state"):
        check_game(_game_of(_LeakyState, {"players": 3, "rounds": 1}), seeds=(0,))


class _ForgivingState(_Mutant):
    """A broken game: an illegal move is silently ignored instead of refused."""

    def apply(self, move: Any) -> None:
        if move in self.state.legal_moves():
            self.state.apply(move)


def test_conformance_catches_an_illegal_move_that_is_not_refused() -> None:
    with pytest.raises(ConformanceError, match="not a legal move"):
        check_game(_game_of(_ForgivingState, {"players": 2, "rounds": 1}), seeds=(0,))
