"""examples/learn_from_rollouts.py's labels (issue 32): each candidate's value is its result on
deals shared by every candidate, and Wildstar's counts the hand the move was played in. The
labelling needs no PyTorch, so these run without the `train` extra."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from gamenight.engine.protocol import CHANCE, State
from gamenight.games.wildstar.moves import PLAY
from gamenight.games.wildstar.tiles import POINTS

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learn_from_rollouts.py"


@pytest.fixture(scope="module")
def recipe() -> ModuleType:
    spec = importlib.util.spec_from_file_location("learn_from_rollouts", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _greedy_decisions(recipe: ModuleType, name: str, seed: int) -> Iterator[State]:
    """Every decision of greedy games, one game after another, as the recipe labels them."""
    recipe._start_worker(name)
    game, heuristics = recipe._game, recipe._game.heuristics()
    rng = random.Random(seed)
    state = game.new_state()
    while True:
        seat = state.to_act()
        if seat is None:
            state = game.new_state()
        elif seat == CHANCE:
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_chance(rng.choices(outcomes, weights)[0])
        else:
            yield state
            state.apply(heuristics.greedy_move(state.view(seat), state.legal_moves(), rng))


def _choices(recipe: ModuleType, name: str, seed: int, count: int) -> list[State]:
    """Decisions with a choice of plays."""
    found: list[State] = []
    for state in _greedy_decisions(recipe, name, seed):
        rank = recipe._game.heuristics().rank_view
        if len(rank(state.view(state.to_act()), state.legal_moves(), random.Random(0))) > 1:
            found.append(state.clone())
            if len(found) == count:
                return found
    raise AssertionError("unreachable: the games go on")


@pytest.mark.parametrize("name", ["highrise", "wildstar"])
def test_every_candidate_is_played_out_on_the_same_deals(recipe: ModuleType, name: str) -> None:
    """Common random numbers: a candidate listed twice gets the very same value (the same
    deals, the same draws after it), while different candidates get different values."""
    differ = 0
    for i, state in enumerate(_choices(recipe, name, seed=3, count=6)):
        recipe._setting = dataclasses.replace(recipe.SETTINGS[name], rollouts=6)
        view = state.view(state.to_act())
        heuristics = recipe._game.heuristics()
        candidates = heuristics.rank_view(view, state.legal_moves(), random.Random(i))[:3]
        values = recipe.values(view, [*candidates, candidates[0]], random.Random(i))
        assert values[-1] == values[0]
        differ += len(set(values[:-1])) > 1
    assert differ > 0


def test_a_wildstar_label_counts_the_hand_its_move_ends(recipe: ModuleType) -> None:
    """A play that goes out ends the hand: its value is the other side's count, per 50 (the
    one who goes out scores 0), though the hand is over before the play-out starts."""
    checked = 0
    for state in _greedy_decisions(recipe, "wildstar", seed=11):
        seat = state.to_act()
        legal = state.legal_moves()
        if len(state.hands[seat]) == 1 and legal[0].kind == PLAY:
            count = sum(POINTS[t] for t in state.hands[1 - seat])
            heuristics = recipe._game.heuristics()
            played = state.clone()
            value = recipe.wildstar_value(played, legal[0], random.Random(0), heuristics.rollout_move, heuristics)
            assert value == count / 50 > 0
            checked += 1
            if checked == 5:
                return
