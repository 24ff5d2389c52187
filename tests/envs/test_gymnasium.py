"""Gymnasium: one seat learns against bots by name; check_env passes."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from gamenight.envs.gymnasium import GamenightEnv
from tests.envs.conftest import CASES, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes")
def test_check_env(case):
    """check_env steps with unmasked samples: illegal ids are substituted."""
    name, options = case
    check_env(GamenightEnv(name, opponents="greedy", illegal_action="substitute", **options))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_episodes_against_named_bots(case):
    name, options = case
    env = GamenightEnv(
        name,
        opponents=[("greedy", "random", "easy")[i % 3] for i in range(options["players"] - 1)],
        seat="random",
        **options,
    )
    rng = np.random.default_rng(0)
    seats = set()
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        seats.add(info["seat"])
        done = False
        while not done:
            assert env.observation_space.contains(obs)
            mask = info["action_mask"]
            assert (mask == env.action_masks()).all() and mask.sum() >= 1
            obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            done = term or trunc
        assert reward == info["returns"][info["seat"]]


def test_opponents_must_fit_the_table():
    with pytest.raises(ValueError, match="3 opponents"):
        GamenightEnv("highrise", opponents=("greedy", "random"), players=4)


def test_registered_with_gymnasium():
    import gymnasium as gym

    from gamenight.envs.gymnasium import ENV_IDS

    for game, env_id in ENV_IDS.items():
        env = gym.make(env_id, opponents="random", players=2)
        assert env.unwrapped.core.name == game
        _, info = env.reset(seed=0)
        assert info["action_mask"].sum() >= 1


def test_margin_is_paid_as_points_are_scored():
    env = GamenightEnv("highrise", opponents="greedy", reward="margin", players=2)
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=3)
    rewards, done = [], False
    while not done:
        _, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        rewards.append(reward)
        done = term or trunc
    assert sum(rewards) == pytest.approx(env.core.rewards()[0])
    assert sum(r != 0 for r in rewards[:-1]) > 0


def test_view_in_info():
    env = GamenightEnv("wildfire", opponents="greedy", view_in_info=True, players=3, rounds=1)
    obs, info = env.reset(seed=4)
    assert info["view"]["seat"] == 0 and info["view"]["hand"]
    assert np.array_equal(env.core.encoder.encode(info["view"]), obs)
