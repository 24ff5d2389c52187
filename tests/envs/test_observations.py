"""Observations hold only the view: two states with one view give identical tensors."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamenight.engine.registry import make_game
from gamenight.envs.observations import LeakError, check_view_only, encoder_for, random_states
from tests.envs.conftest import CASES, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encoder_is_a_function_of_the_view(case):
    name, options = case
    game = make_game(name, options)
    encoder = encoder_for(game)
    states = random_states(game, 2, random.Random(11), every=3)

    def observe(state, seat):
        obs = encoder.encode(state.view(seat))
        assert obs.shape == encoder.shape and obs.dtype == np.float32
        assert np.all(np.abs(obs) <= 64.0)
        return obs

    assert check_view_only(game, observe, states, samples=2) > 20


@pytest.mark.parametrize("case", [c for c in CASES if c[1]["players"] == 2], ids=case_id)
def test_a_leaking_encoder_is_caught(case):
    """An encoder that also reads the state (another seat's hand, the pile) fails the check."""
    name, options = case
    game = make_game(name, options)
    encoder = encoder_for(game)
    states = random_states(game, 2, random.Random(5), every=3)

    def leaky(state, seat):
        obs = encoder.encode(state.view(seat))
        hidden = state.view((seat + 1) % state.num_players)["hand"]  # the next seat's hand
        return np.append(obs, np.float32(hash(tuple(hidden)) % 1000))

    with pytest.raises(LeakError):
        check_view_only(game, leaky, states, samples=2)


def test_the_observation_changes_with_what_the_seat_knows():
    game = make_game("highrise", {"players": 2})
    encoder = encoder_for(game)
    states = random_states(game, 1, random.Random(2))
    tensors = {encoder.encode(s.view(s.to_act())).tobytes() for s in states}
    assert len(tensors) > len(states) // 2
