"""Gymnasium: one seat learns against bots by name; check_env passes."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from gamenight.envs.core import IllegalActionError
from gamenight.envs.gymnasium import GamenightEnv
from tests.envs.conftest import CASES, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_check_env(case, capsys):
    """As a researcher calls it, on the registered environment with its defaults, render modes
    included: check_env plays an action drawn before a seeded reset in the position after it,
    which an illegal id ends (illegal_action="terminate")."""
    import gymnasium as gym

    from gamenight.envs.gymnasium import ENV_IDS

    name, options = case
    check_env(gym.make(ENV_IDS[name], opponents="greedy", **options).unwrapped)
    check_env(GamenightEnv(name, **options), skip_render_check=True)


def test_an_illegal_action_ends_the_episode_by_default():
    env = GamenightEnv("wildstar", opponents="greedy", players=2, hands=1)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, trunc, info["illegal_action"]) == (-1.0, True, False, True)
    assert not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = GamenightEnv("wildstar", opponents="greedy", illegal_action="raise", players=2, hands=1)
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_sampling_the_space_draws_legal_actions():
    env = GamenightEnv("highrise", opponents="greedy", illegal_action="raise", players=2)
    env.action_space.seed(1)
    _, info = env.reset(seed=1)
    done = False
    while not done:
        legal = set(np.flatnonzero(info["action_mask"]))
        action = env.action_space.sample()
        assert action in legal
        _, _, term, trunc, info = env.step(action)
        done = term or trunc


def test_human_render_mode_prints_the_board(capsys):
    env = GamenightEnv("highrise", opponents="greedy", render_mode="human", players=2)
    _, info = env.reset(seed=2)
    assert "spacers" in capsys.readouterr().out
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.render() is None
    assert "spacers" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        GamenightEnv("highrise", render_mode="rgb_array")


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


FRESH = """
import gymnasium as gym
env = gym.make("gamenight.envs.gymnasium:gamenight/Highrise-v0", opponents="greedy", players=2)
_, info = env.reset(seed=0)
print(env.unwrapped.core.name, int(info["action_mask"].sum()) > 0)
"""


def test_gymnasium_make_in_a_fresh_interpreter():
    """Gymnasium 1.0 removed the plugin system (entry points in the `gymnasium.envs` group are
    no longer read), so a fresh interpreter finds the environments by the module named before
    the id, Gymnasium's own way to load a third party's registrations."""
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True, check=True, timeout=120)
    assert run.stdout.split() == ["highrise", "True"]


def test_the_required_gymnasium_reads_no_entry_points():
    """Why there is no `gymnasium.envs` entry point in pyproject.toml: the Gymnasium this
    package requires (>=1.0) has no plugin loader. Should one come back, this fails, and the
    entry point is worth declaring."""
    import gymnasium.envs.registration as registration

    assert not hasattr(registration, "load_plugin_envs") and not hasattr(registration, "load_env_plugins")


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


@pytest.mark.parametrize(
    ("game", "opponents", "options"),
    [
        ("wildfire", "greedy", {"players": 3, "rounds": 1}),
        ("highrise", "easy", {"players": 2}),
        ("wildstar", "learned", {"players": 2, "hands": 1}),
        ("fireball-island", "greedy", {"players": 2, "turn_limit": 40}),
    ],
)
@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_an_environment_copied_mid_game_with_its_opponents_goes_on_as_the_original(game, opponents, options, how):
    """Copied mid-game (`copy.deepcopy`, or pickled and read back) with its bots, the copy
    plays on as the original does: the bots held a module (the game's heuristics, NumPy),
    which does not pickle, and the encoder memoryviews (tests/envs/test_pettingzoo.py)."""
    import copy
    import pickle
    import random

    def play_on(env, info, rng):
        seen = []
        while True:
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, term, trunc, info = env.step(int(legal[rng.randrange(len(legal))]))
            seen.append((obs.tobytes(), info["action_mask"].tobytes(), reward))
            if term or trunc:
                return seen

    env = GamenightEnv(game, opponents=opponents, **options)
    _, info = env.reset(seed=5)
    for _ in range(4):
        _, _, term, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not term
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert all(info["action_mask"][twin.action_space.sample()] for _ in range(20))  # its own game's legal actions
    assert play_on(twin, dict(info), random.Random(3)) == play_on(env, info, random.Random(3))
