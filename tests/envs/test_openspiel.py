"""OpenSpiel: random_sim_test with serialization, and IS-MCTS and MCTS playing full games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from gamenight.envs import openspiel as gos
from tests.envs.conftest import CASES, GAMES, case_id


def decisions(game: Any, rng: random.Random, count: int) -> Iterator[Any]:
    """The first `count` decisions of a game played at random (chance by its odds), each state
    as it is met; the decision is then played with a random legal action."""
    state = game.new_initial_state()
    while not state.is_terminal() and count > 0:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        yield state
        count -= 1
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test_with_serialization(case):
    name, options = case
    game = gos.load(name, **options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_registered(name):
    assert gos.short_name(name) in pyspiel.registered_names()
    game = pyspiel.load_game(gos.short_name(name))
    assert game.num_distinct_actions() == gos.GAME_CLASSES[name]().actions.size


@pytest.mark.parametrize("case", [c for c in CASES if c[1]["players"] == 2], ids=case_id)
def test_resampled_states_share_the_information_state(case):
    name, options = case
    checked = 0
    for state in decisions(gos.load(name, **options), random.Random(1), 15):
        player = state.current_player()
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_legal_actions_string_is_its_moves_notation_in_the_position(case):
    """`action_to_string` of a legal action says the move as the game's notation writes it
    there (a Highrise spacer's `^`, a Wildstar end's id), which the action table's name of the
    id, the same in every position, leaves to the position."""
    name, options = case
    game = gos.load(name, **options)
    said = 0
    for state in decisions(game, random.Random(3), 15):
        player, gn = state.current_player(), state.gn
        moves = dict(zip(game.actions.ids(gn.legal_moves(), gn), gn.legal_moves(), strict=True))
        for action in state.legal_actions():
            assert state.action_to_string(player, action) == gn.move_notation(moves[action])
            said += 1
    assert said >= 15


SEARCH_CASES = [
    ("wildfire", {"players": 2, "rounds": 1}),
    ("wildstar", {"players": 2, "hands": 1}),
    ("highrise", {"players": 2}),
    ("fireball-island", {"players": 2, "turn_limit": 10}),
]


@pytest.mark.parametrize("case", SEARCH_CASES, ids=case_id)
def test_ismcts_and_mcts_play_full_games(case):
    name, options = case
    game = gos.load(name, **options)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(1)),
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=np.random.RandomState(2)),
    ]
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    moves = [0, 0]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves[player] += 1
    assert min(moves) > 0
    assert all(r in (0.0, 0.5, 1.0) for r in state.returns())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_utility_is_what_the_returns_add_up_to(case):
    """Constant-sum where every game ends with a winner (utility_sum: 1, 2 for Wildstar's
    partners), general-sum for Fireball Island stopped at a turn limit."""
    name, options = case
    game = gos.load(name, **options)
    constant = name != "fireball-island"  # which always has a turn limit, where nobody wins
    expected = pyspiel.GameType.Utility.CONSTANT_SUM if constant else pyspiel.GameType.Utility.GENERAL_SUM
    assert game.get_type().utility == expected
    if not constant:
        return
    rng = random.Random(2)
    for _ in range(3):
        state = gos.play_random(game.new_initial_state(), rng)
        assert sum(state.returns()) == pytest.approx(game.utility_sum())


class ToolPassedItsChecks(Exception):
    """Raised where exploitability starts walking the game tree, far too large here."""


def _stop_at_the_tree_walk(*args, **kwargs):
    raise ToolPassedItsChecks


@pytest.mark.parametrize("name", GAMES)
def test_exploitability_accepts_the_two_player_games(name, monkeypatch):
    from open_spiel.python.algorithms import exploitability
    from open_spiel.python.policy import UniformRandomPolicy

    monkeypatch.setattr(exploitability.pyspiel_best_response, "CPPBestResponsePolicy", _stop_at_the_tree_walk)
    game = gos.load(name, players=2)
    if name == "fireball-island":
        # Every game of it ends by its turn limit at the latest (1 to 1000 turns, issue 29), and one
        # stopped there has no winner: it is not constant-sum, and the tool says so.
        with pytest.raises(ValueError, match="constant- or zero-sum"):
            exploitability.exploitability(game, UniformRandomPolicy(game))
        return
    with pytest.raises(ToolPassedItsChecks):
        exploitability.exploitability(game, UniformRandomPolicy(game))


@pytest.mark.parametrize("case", CASES[::2], ids=case_id)
def test_undo_action_takes_back_the_last_action(case):
    name, options = case
    game = gos.load(name, **options)
    rng = random.Random(4)
    state = game.new_initial_state()
    undone = 0
    while not state.is_terminal() and undone < 40:
        player = state.current_player()
        action = (
            gos.sample(state.chance_outcomes(), rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
        seats = range(game.num_players())
        before = (str(state), state.history(), state.move_number(), state.legal_actions())
        views = [state.information_state_string(p) for p in seats]
        state.apply_action(action)
        state.undo_action(player, action)
        assert (str(state), state.history(), state.move_number(), state.legal_actions()) == before
        assert [state.information_state_string(p) for p in seats] == views
        undone += 1
        state.apply_action(action)
    assert undone == 40 or state.is_terminal()
    last = state.history()[-1]
    with pytest.raises(ValueError, match="last action"):
        state.undo_action(0, last + 1)
