"""Observations hold only the view: two states with one view give identical tensors."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.envs import observations
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


def _step(state, who: int, rng: random.Random) -> None:
    """One random step of a game not over: a chance outcome by its weight, or a legal move."""
    if who == CHANCE:
        outcomes = state.chance_outcomes()
        state.apply_chance(rng.choices([x for x, _ in outcomes], [w for _, w in outcomes])[0])
    else:
        state.apply(rng.choice(list(state.legal_moves())))


def _every_position(game, games: int, rng: random.Random) -> list:
    """Every position of random games, chance steps and the final one included."""
    out = []
    for _ in range(games):
        state = game.new_state()
        out.append(state.clone())
        while (who := state.to_act()) is not None:
            _step(state, who, rng)
            out.append(state.clone())
    return out


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encode_state_is_the_encoded_view(case):
    """The environments' fast path (read off the state) gives the view's tensor, bit for bit,
    for every seat at every position: so it holds what the view holds and nothing more."""
    name, options = case
    game = make_game(name, options)
    encoder = encoder_for(game)
    states = _every_position(game, 3, random.Random(23))
    compared = 0
    for state in states:
        for seat in range(state.num_players):
            want = encoder.encode(state.view(seat))
            got = encoder.encode_state(state, seat)
            assert got.dtype == np.float32 and got.shape == encoder.shape
            assert np.array_equal(got, want), (seat, np.flatnonzero(got != want)[:5], state.notation())
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encode_state_follows_one_state_through_its_games(case):
    """As in the environments: one state object played on, one encoder (which may keep what
    it read last), every seat encoded at every position, two games in a row, with and without
    what the environment keeps of its last observation (its Spelt: Wildfire's open ends are
    written again only where they changed, an obligation's hub number named included)."""
    name, options = case
    game = make_game(name, options)
    encoder = encoder_for(game)
    rng = random.Random(31)
    spelt = encoder.spelt()
    compared = 0
    for _ in range(2):
        state = game.new_state()
        while True:
            for seat in range(state.num_players):
                want = encoder.encode(state.view(seat))
                assert np.array_equal(encoder.encode_state(state, seat), want)
                assert np.array_equal(encoder.encode_state(state, seat, spelt), want), (seat, state.notation())
                compared += 1
            who = state.to_act()
            if who is None:
                break
            _step(state, who, rng)
    assert compared > 100


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_one_encoder_shared_by_games_played_in_turn_keeps_each_apart(case, monkeypatch):
    """As in the batched environment, whose games share one encoder: three states played on
    in turn, every seat encoded at every position, equal to the view's tensor. What the
    encoder keeps per layout (the `table` block; Highrise's `cells`) and per tile mask is
    cleared now and then on the way (compiled too: the limits are not Final, so read at run time)."""
    monkeypatch.setattr(observations, "TOWERS_KEPT", 2)
    monkeypatch.setattr(observations, "MASKS_KEPT", 3)
    name, options = case
    game = make_game(name, options)
    encoder = encoder_for(game)
    rng = random.Random(37)
    states = [game.new_state() for _ in range(3)]
    compared = 0
    while any(state.to_act() is not None for state in states):
        for state in states:
            who = state.to_act()
            if who is None:
                continue
            _step(state, who, rng)
            for seat in range(state.num_players):
                assert np.array_equal(encoder.encode_state(state, seat), encoder.encode(state.view(seat)))
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encode_state_is_a_function_of_the_view(case):
    name, options = case
    game = make_game(name, options)
    encoder = encoder_for(game)
    states = random_states(game, 2, random.Random(13), every=3)
    assert check_view_only(game, encoder.encode_state, states, samples=2) > 20


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
