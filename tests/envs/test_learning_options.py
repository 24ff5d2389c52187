"""The options for learners: forced decisions played by the environment, and candidate lists."""

from __future__ import annotations

import pickle
import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE
from gamenight.envs import pettingzoo as pz
from gamenight.envs.core import CANDIDATE_FEATURES, Core
from gamenight.envs.gymnasium import GamenightEnv
from tests.envs.conftest import CASES, case_id

TWO = [c for c in CASES if c[1]["players"] == 2]


def _episode(env, seed, rng):
    """(the masks' legal counts, the rewards, the infos) of one episode played at random."""
    _, info = env.reset(seed=seed)
    counts, rewards, infos, done = [], [], [], False
    while not done:
        mask = info["action_mask"]
        counts.append(int(mask.sum()))
        _, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        rewards.append(reward)
        infos.append(info)
        done = term or trunc
    return counts, rewards, infos


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_gymnasium_plays_the_learners_forced_decisions_by_default(case):
    name, options = case
    rng = np.random.default_rng(0)
    asked = GamenightEnv(name, opponents="greedy", reward="margin", forced=False, **options)
    auto = GamenightEnv(name, opponents="greedy", reward="margin", **options)
    forced_steps = 0
    for seed in range(4):
        counts, _, _ = _episode(asked, seed, rng)
        forced_steps += sum(c == 1 for c in counts)
        counts, rewards, infos = _episode(auto, seed, rng)
        assert all(c >= 2 for c in counts[1:])  # only the episode's first decision may be forced
        assert sum(rewards) == pytest.approx(auto.core.rewards()[auto.seat])  # no reward lost
        assert all(isinstance(i["forced"], int) for i in infos)
    assert forced_steps > 0  # the games had forced decisions to play


@pytest.mark.parametrize("case", CASES[::2], ids=case_id)
def test_pettingzoo_forced_keeps_every_reward(case):
    name, options = case
    env = pz.env(name, forced=True, reward="margin", **options)
    rng = np.random.default_rng(1)
    for seed in range(2):
        env.reset(seed=seed)
        total = dict.fromkeys(env.possible_agents, 0.0)
        first = True
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            assert first or obs["action_mask"].sum() >= 2
            first = False
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert [total[a] for a in env.possible_agents] == pytest.approx(env.core.rewards())


@pytest.mark.parametrize("case", CASES[::3], ids=case_id)
@pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning")  # a Dict, as in test_pettingzoo
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_api_test_with_the_options(case):
    name, options = case
    api_test(pz.env(name, forced=True, candidates=8, **options), num_cycles=50)


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_candidates_are_the_legal_moves_greedy_first(case):
    name, options = case
    k = 6
    env = GamenightEnv(name, opponents="random", candidates=k, illegal_action="raise", **options)
    assert env.action_space.n == k
    rng = np.random.default_rng(2)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            assert env.observation_space.contains(obs)
            core = env.core
            legal = set(core.legal_ids())
            ids = [int(i) for i in info["candidate_ids"] if i >= 0]
            assert len(ids) == min(k, len(legal)) == info["action_mask"].sum() and len(set(ids)) == len(ids)
            assert set(ids) <= legal
            features = obs["candidates"]
            assert features.shape == (k, len(CANDIDATE_FEATURES))
            assert features[0, 0] == 1 and not features[1:, 0].any()  # greedy's choice comes first
            assert features[:, 5].max() == len(ids) / k and features[0, 6] == (len(legal) > k)
            choice = int(rng.integers(len(ids)))
            move, substituted = core.move(choice)  # the move action `choice` stands for
            assert core.legal()[ids[choice]] == move and not substituted
            obs, _, term, trunc, info = env.step(choice)
            done = term or trunc


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_check_env_with_candidates(case):
    name, options = case
    check_env(GamenightEnv(name, opponents="greedy", candidates=8, **options), skip_render_check=True)


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_candidates_read_only_what_the_seat_may_know(case):
    """States with the same view (drawn by the game's sample_state) give the same candidates
    and features, greedy's ties broken by the same generator."""
    name, options = case
    core = Core(name, options, candidates=10)
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        core.reset(seed)
        while (seat := core.to_act()) is not None and checked < 40 * (seed + 1):
            view = core.state.view(seat)
            real = core.state
            seen = []
            for draw in range(3):
                core.state = real if draw == 0 else core.game.sample_state(view, random.Random(draw))
                core._ranked = None
                core._rank_rng = random.Random(7)
                seen.append((core.candidate_ids(), core.candidate_features().tolist()))
            assert seen[1:] == seen[:1] * 2
            core.state, core._ranked = real, None
            checked += 1
            state = core.state
            state.apply(rng.choice(state.legal_moves()))
            while state.to_act() == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
            core.advance()
    assert checked >= 40


def test_bad_option_values_are_refused():
    for bad in (0, -3, 2.5, True, "8"):
        with pytest.raises(ValueError, match="candidates"):
            GamenightEnv("highrise", candidates=bad)
    with pytest.raises(ValueError, match="forced"):
        pz.env("highrise", forced="yes")


@pytest.mark.parametrize("candidates", [None, 8])
def test_the_spaces_pickle_as_a_saved_model_keeps_them(candidates: int | None) -> None:
    """Stable-Baselines3's `model.save` pickles the environment's spaces: the action space
    (which samples legal actions from the game it belongs to) pickles without the game, as the
    plain Discrete of its size, and the environment's own space still samples legal actions."""
    env = GamenightEnv("highrise", opponents="greedy", players=2, candidates=candidates)
    env.reset(seed=3)
    for space in (env.action_space, env.observation_space):
        copy = pickle.loads(pickle.dumps(space))
        assert copy == space
    back = pickle.loads(pickle.dumps(env.action_space))
    assert isinstance(back, gymnasium.spaces.Discrete) and back.n == env.action_space.n
    assert 0 <= int(back.sample()) < back.n
    mask = env.action_masks()
    assert all(mask[int(env.action_space.sample())] for _ in range(20))
    pz_env = pz.env("wildstar", players=2, hands=1)
    pz_env.reset(seed=1)
    agent = pz_env.agent_selection
    assert pickle.loads(pickle.dumps(pz_env.action_space(agent))).n == pz_env.action_space(agent).n
