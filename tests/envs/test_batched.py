"""The batched environment: N games stepped in one call, each row the game one Core plays."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamenight.envs.batched import BatchedGames
from gamenight.envs.core import Core, IllegalActionError
from tests.envs.conftest import CASES, case_id

SHORT = [CASES[0], CASES[3], CASES[6], CASES[9]]  # one two-player case of each game


def _random_actions(batch, rng: random.Random) -> list[int]:
    return [int(rng.choice(np.flatnonzero(row))) for row in batch.mask]


@pytest.mark.parametrize("case", SHORT, ids=case_id)
def test_every_row_is_the_game_one_core_plays_from_the_rows_seed(case):
    """Row i shows exactly what a lone Core shows of the same game: the seat to decide, its
    view encoded (read off the state, and from the view itself), its legal actions; the
    rewards are the Core's payouts, and a game that ends is reported done with its returns,
    its row already holding the next game."""
    name, options = case
    games = BatchedGames(name, 3, reward="margin", **options)
    batch = games.reset(seed=11)
    seeds = random.Random(11)
    seeds.getrandbits(64)  # the bots' generator is drawn first
    lone = []
    for _ in range(3):
        core = Core(name, options, "margin")
        core.reset(seeds.getrandbits(63))
        lone.append(core)
    rng = random.Random(5)
    ended = 0
    for _ in range(400):
        for row, core in enumerate(lone):
            seat = core.to_act()
            assert batch.seat[row] == seat
            assert np.array_equal(batch.obs[row], core.observe(seat))
            assert np.array_equal(batch.obs[row], core.encoder.encode(core.state.view(seat)))  # from the view
            assert np.array_equal(batch.mask[row], core.mask())
            assert batch.legal[row] == core.legal_ids()  # the mask's 1s, in the rules' order
            assert sorted(batch.legal[row]) == np.flatnonzero(batch.mask[row]).tolist()
        actions = _random_actions(batch, rng)
        batch = games.step(actions)
        for row, core in enumerate(lone):
            core.play(core.move(actions[row])[0])
            assert batch.rewards[row].tolist() == pytest.approx(core.payout())
            over = core.to_act() is None
            assert bool(batch.dones[row]) == over
            if over:
                ended += 1
                assert batch.final_returns[row].tolist() == pytest.approx(core.state.returns())
                core.reset(seeds.getrandbits(63))
            else:
                assert not batch.final_returns[row].any()
    assert ended >= 1


def test_the_same_seed_gives_the_same_games_and_another_seed_others():
    def run(seed: int) -> list[bytes]:
        games = BatchedGames("highrise", 4, players=2)
        batch = games.reset(seed=seed)
        rng = random.Random(0)
        seen = []
        for _ in range(60):
            batch = games.step(_random_actions(batch, rng))
            seen.append(batch.obs.tobytes() + batch.rewards.tobytes())
        return seen

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_an_illegal_action_is_refused_naming_it_and_no_game_moves():
    games = BatchedGames("wildfire", 2, players=2, rounds=1)
    batch = games.reset(seed=1)
    before = batch.obs.copy(), batch.mask.copy()
    illegal = int(np.flatnonzero(batch.mask[1] == 0)[0])
    legal = int(np.flatnonzero(batch.mask[0])[0])
    with pytest.raises(IllegalActionError, match=f"action {illegal} is not legal now"):
        games.step([legal, illegal])
    assert np.array_equal(batch.obs, before[0])  # the batch's own arrays: nothing was played
    assert np.array_equal(batch.mask, before[1])
    with pytest.raises(ValueError, match="give one action per game: 2, not 1"):
        games.step([legal])
    substituting = BatchedGames("wildfire", 2, players=2, rounds=1, illegal_action="substitute")
    batch = substituting.reset(seed=1)
    substituting.step([legal, illegal])  # played as a random legal move instead


def test_bad_options_are_refused_in_words():
    with pytest.raises(ValueError, match="n must be a number of games from 1"):
        BatchedGames("highrise", 0, players=2)
    with pytest.raises(ValueError, match="illegal_action must be one of"):
        BatchedGames("highrise", 2, players=2, illegal_action="ignore")
    with pytest.raises(ValueError, match="3 players need 2 opponents"):
        BatchedGames("highrise", 2, players=3, opponents=("greedy", "greedy", "greedy"))
    with pytest.raises(RuntimeError, match="call reset"):
        BatchedGames("highrise", 2, players=2).step([0, 0])


def test_with_opponents_every_row_is_the_learners_decision_and_bots_play_the_rest():
    games = BatchedGames("highrise", 4, players=3, opponents="greedy", learner=1)
    batch = games.reset(seed=2)
    rng = random.Random(1)
    dones = 0
    for _ in range(300):
        assert (batch.seat == 1).all()
        batch = games.step(_random_actions(batch, rng))
        dones += int(batch.dones.sum())
        # a seat's share of a finished game is paid to every seat at once: the learner's is its own
        assert (batch.final_returns[batch.dones].sum(axis=1) > 0).all()
    assert dones >= 1


def test_candidates_give_small_masks_and_features_per_row():
    games = BatchedGames("wildstar", 3, players=2, hands=1, candidates=4, forced=True)
    batch = games.reset(seed=0)
    assert batch.mask.shape == (3, 4) and batch.features is not None and batch.features.shape == (3, 4, 7)
    rng = random.Random(0)
    for _ in range(50):
        for row in range(3):
            shown = int(batch.mask[row].sum())
            assert shown >= 2  # forced decisions are played by the environment
            assert batch.legal[row] == list(range(shown))  # candidate indices
            assert batch.features[row, :shown, 0].tolist() == [1.0] + [0.0] * (shown - 1)  # greedy's first
        batch = games.step(_random_actions(batch, rng))


def _steps(games: BatchedGames, batch, rng: random.Random, steps: int) -> list[tuple[object, ...]]:
    """`steps` steps of random legal actions: every array of every step, as bytes."""
    seen = []
    for _ in range(steps):
        batch = games.step(_random_actions(batch, rng))
        arrays = (batch.obs, batch.mask, batch.seat, batch.rewards, batch.dones, batch.final_returns)
        features = b"" if batch.features is None else batch.features.tobytes()
        seen.append((*(a.tobytes() for a in arrays), features, [list(row) for row in batch.legal]))
    return seen


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("wildfire", {"players": 2, "rounds": 1}),
        ("highrise", {"players": 3, "opponents": "greedy", "learner": 1}),
        ("wildstar", {"players": 2, "hands": 1, "candidates": 4, "forced": True}),
        ("fireball-island", {"players": 2, "turn_limit": 40, "reward": "margin"}),
    ],
)
@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_batch_copied_mid_game_steps_on_as_the_original(name, options, how):
    """Copied (`copy.deepcopy`, or pickled and read back, as a learner checkpoints its
    environment) part way through its games, a batch steps on exactly as the original: the
    same arrays at every step for the same actions, games ended and begun anew included. Its
    rows' memoryviews do not pickle, and a candidate list ranked again would break greedy's
    ties with draws the original never made."""
    import copy
    import pickle

    games = BatchedGames(name, 3, **options)
    batch = games.reset(seed=4)
    _steps(games, batch, random.Random(1), 15)
    twin = copy.deepcopy(games) if how == "deepcopy" else pickle.loads(pickle.dumps(games))
    assert twin.cores[1].actions is twin.cores[0].actions  # its games share one table again
    now, then = games._batch(), twin._batch()
    assert now.obs.tobytes() == then.obs.tobytes() and now.mask.tobytes() == then.mask.tobytes()
    assert _steps(twin, then, random.Random(2), 120) == _steps(games, now, random.Random(2), 120)


def test_a_batch_copied_before_reset_is_reset_as_the_original():
    import copy

    games = BatchedGames("highrise", 2, players=2)
    twin = copy.deepcopy(games)
    with pytest.raises(RuntimeError, match="call reset"):
        twin.step([0, 0])
    assert twin.reset(seed=3).obs.tobytes() == games.reset(seed=3).obs.tobytes()
