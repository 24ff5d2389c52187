"""PettingZoo's own tests, unmodified, for every game and several player counts."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_seed_test, render_test, seed_test

from gamenight.envs import pettingzoo as pz
from gamenight.envs.core import IllegalActionError
from tests.envs.conftest import CASES, case_id

# pettingzoo.test warns that a Dict observation (observation + action_mask, as in its own
# classic games) is neither a Box nor a Discrete: that is the point of the mask.
QUIET = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
@QUIET[0]
@QUIET[1]
def test_api_test(case):
    name, options = case
    api_test(pz.env(name, **options), num_cycles=100)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_seed_test(case):
    name, options = case
    seed_test(lambda: pz.env(name, **options), num_cycles=100)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_max_cycles_test(case):
    """As a researcher calls it, with the default illegal_action="raise": it samples from the
    action space without the mask, which draws a legal action. It wants every agent to reach
    4 decisions: Fireball Island's short turn limit (a seat without cards decides only on its
    own turns) could end the game first."""
    name, options = case
    if name == "fireball-island":
        options = {**options, "turn_limit": 1000}
    max_cycles_test(pz.module(name, **options))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_parallel_seed_test(case):
    name, options = case
    parallel_seed_test(lambda: pz.parallel_env(name, **options), num_cycles=100)


@pytest.mark.parametrize("case", CASES[::3], ids=case_id)
def test_render_test(case, capsys):
    """Every declared mode: "ansi" returns the board, "human" prints it and returns None."""
    name, options = case
    render_test(lambda **kw: pz.env(name, **options, **kw))
    assert "P1" in capsys.readouterr().out


@pytest.mark.parametrize("case", CASES[::3], ids=case_id)
def test_sampling_the_space_draws_legal_actions(case):
    name, options = case
    env = pz.parallel_env(name, **options)
    env.reset(seed=5)
    for agent in env.possible_agents:
        env.action_space(agent).seed(0)
    while env.agents:
        agent = env.possible_agents[env.core.to_act()]
        legal = env.core.legal_ids()
        assert {int(env.action_space(agent).sample()) for _ in range(5)} <= set(legal)
        env.step({a: env.action_space(a).sample() for a in env.agents})


def test_an_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode"):
        pz.env("highrise", render_mode="rgb_array")
    with pytest.raises(ValueError, match="render_mode"):
        pz.parallel_env("highrise", render_mode="rgb_array")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_chance_steps_are_not_agent_steps(case):
    name, options = case
    env = pz.env(name, max_cycles=6, **options)
    env.reset(seed=3)
    steps = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert env.core.to_act() == env.possible_agents.index(agent)  # never a chance step
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() >= 1
        steps[agent] += 1
        env.step(int(np.flatnonzero(mask)[0]))
    assert max(steps.values()) == 6  # truncation counted decisions only


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_full_games_reward_the_winners(case):
    name, options = case
    env = pz.env(name, **options)
    rng = np.random.default_rng(0)
    for seed in range(2):
        env.reset(seed=seed)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert total == dict(zip(env.possible_agents, env.core.rewards(), strict=True))
        assert all(0.0 <= r <= 1.0 for r in total.values())  # winners (a winning team's seats) get 1


def test_margin_rewards_and_ansi_render():
    env = pz.env("highrise", players=2, reward="margin", render_mode="ansi")
    env.reset(seed=1)
    assert "spacers" in env.render()
    total = dict.fromkeys(env.possible_agents, 0.0)
    paid_before_the_end = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        paid_before_the_end += reward != 0 and not term
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
    scores = env.core.state.scores()
    margin = env.core.rewards()
    assert margin[0] == pytest.approx((scores[0] - scores[1]) / 100)
    assert [total[a] for a in env.possible_agents] == pytest.approx(margin)  # the payouts add up
    assert paid_before_the_end > 0  # points are paid as they are scored


def test_an_illegal_action_is_refused_by_default():
    env = pz.env("wildstar", players=2, hands=1)
    env.reset(seed=0)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)


def test_the_view_itself_for_own_encoders():
    env = pz.env("fireball-island", players=3, turn_limit=5, view_in_info=True)
    env.reset(seed=2)
    for agent in env.agent_iter(max_iter=30):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        view = info["view"]
        assert view["format"] == "fireball-island-view/1"
        assert view["seat"] == env.possible_agents.index(agent)
        assert np.array_equal(env.core.encoder.encode(view), obs["observation"])
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def _play_on(env, rng, steps=None):
    """The AEC loop with actions drawn by `rng`: each step's (agent, observation, mask,
    reward, termination), for `steps` steps or to the end."""
    seen = []
    for agent in env.agent_iter(max_iter=steps if steps is not None else 2**63):
        obs, reward, term, trunc, _ = env.last()
        seen.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term or trunc))
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return seen


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_an_environment_copied_mid_game_goes_on_as_the_original(case, how):
    """A researcher's copy of an environment (`copy.deepcopy`, or pickled and read back, as
    a search that plays ahead from a position does) goes on exactly as the original: the same
    observations, masks and rewards for the same actions. (An encoder's blocks already spelt
    out are memoryviews, which do not copy: the copy spells them out again.)"""
    import copy
    import pickle
    import random

    name, options = case
    env = pz.env(name, **options)
    env.reset(seed=11)
    _play_on(env, random.Random(1), steps=12)
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    agent = twin.agent_selection
    mask = twin.observe(agent)["action_mask"]
    assert all(mask[twin.action_space(agent).sample()] for _ in range(20))  # its own game's legal actions
    assert _play_on(twin, random.Random(2)) == _play_on(env, random.Random(2))


@pytest.mark.parametrize("case", [CASES[0], CASES[3], CASES[6], CASES[9]], ids=case_id)
@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copy_with_candidates_names_the_same_moves_by_the_same_indices(case, how):
    """With `candidates`, an action is an index into the decision's candidates, ranked by greedy
    with ties broken by a generator: a copy made after the ranking keeps it (ranked again,
    from the generator as it stands after the first ranking, index 1 would name another move
    in a tie, and the copy play on otherwise than the original)."""
    import copy
    import pickle
    import random

    name, options = case
    for seed in range(4):
        env = pz.env(name, candidates=4, **options)
        env.reset(seed=seed)
        _play_on(env, random.Random(1), steps=8)
        twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
        assert twin.core.ranked() == env.core.ranked()
        assert _play_on(twin, random.Random(2)) == _play_on(env, random.Random(2))
