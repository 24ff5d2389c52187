"""The `learned` bot (bots/learned.py): the network examples/learn_from_rollouts.py trained,
played from a seat's view with NumPy, on candidates and features read from the view alone."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from gamenight.bots import learned
from gamenight.bots.learned import LearnedBot, learned_games, policy_path
from gamenight.bots.registry import make_bot
from gamenight.engine.errors import ConfigError
from gamenight.engine.match import Match
from gamenight.engine.protocol import State
from gamenight.engine.registry import make_game
from gamenight.interfaces.cli import app
from tests.test_ismcts import decision_points

TRAINED = [("highrise", {"players": 2}), ("wildstar", {"players": 2})]
runner = CliRunner()


def _decisions(name: str, options: dict[str, Any], count: int) -> list[State]:
    """States where the seat to act has several moves, from random games."""
    found = [state for seed in range(40) for state in decision_points(name, options, seed, every=1)]
    return found[:: max(1, len(found) // count)][:count]


def test_the_shipped_networks_are_the_two_player_highrise_and_wildstar_ones() -> None:
    assert learned_games() == [("highrise", 2), ("wildstar", 2)]


@pytest.mark.parametrize(("name", "options"), TRAINED)
def test_the_numpy_forward_pass_gives_the_scores_pytorch_gave(name: str, options: dict[str, Any]) -> None:
    """The file keeps inputs with the scores PyTorch's network gave them when it was exported."""
    game = make_game(name, options)
    bot = LearnedBot(game)
    with np.load(policy_path(game)) as saved:
        inputs, scores = saved["inputs"], saved["scores"]
    assert len(inputs) >= 8
    assert np.allclose(bot.forward(inputs), scores, atol=1e-4)


@pytest.mark.parametrize(("name", "options"), TRAINED)
def test_the_features_are_read_from_the_view_alone(name: str, options: dict[str, Any]) -> None:
    """A state dealt again from a seat's view (other hidden tiles) gives its candidates the same
    features, row for row: nothing hidden is read."""
    game = make_game(name, options)
    heuristics = game.heuristics()
    for i, state in enumerate(_decisions(name, options, count=12)):
        seat = state.to_act()
        view = state.view(seat)
        candidates = heuristics.rank_view(view, state.legal_moves(), random.Random(i))[:8]
        other = game.sample_state(view, random.Random(100 + i))
        assert other.view(seat) == view
        again = heuristics.rank_view(other.view(seat), other.legal_moves(), random.Random(i))[:8]
        assert again == candidates
        features = heuristics.candidate_features(view, candidates)
        assert features == heuristics.candidate_features(other.view(seat), again)
        assert all(len(row) == len(heuristics.CANDIDATE_FEATURES) for row in features)


@pytest.mark.parametrize(("name", "options"), TRAINED)
def test_the_bot_plays_the_candidate_its_network_scores_best_and_departs_from_greedy(
    name: str, options: dict[str, Any]
) -> None:
    """Among greedy's best K plays, the best scored; and the network is not greedy again: in
    some decisions it prefers another of greedy's candidates than greedy's favourite."""
    game = make_game(name, options)
    bot = LearnedBot(game)
    heuristics = game.heuristics()
    departed = 0
    for i, state in enumerate(_decisions(name, options, count=60)):
        view, legal = state.view(state.to_act()), state.legal_moves()
        ranked = heuristics.rank_view(view, legal, random.Random(i))[: bot.k]
        move = bot.choose(view, legal, random.Random(i))
        assert move in legal and move in ranked
        if len(ranked) > 1:
            scores = bot.forward(np.asarray(heuristics.candidate_features(view, ranked), dtype=np.float32))
            assert move == ranked[int(np.argmax(scores))]
        departed += move != ranked[0]
    assert 0 < departed < 60


def test_the_bot_plays_only_what_it_was_trained_for() -> None:
    for name, options in [("highrise", {"players": 4}), ("wildfire", {"players": 2})]:
        with pytest.raises(ConfigError, match="the learned bot plays only the games it was trained for"):
            make_bot("learned", make_game(name, options))
    # Another basement is another board: refused by name.
    with pytest.raises(ConfigError, match="the options it was trained with: basement_layout=4x4"):
        make_bot("learned", make_game("highrise", {"players": 2, "basement_layout": "2x8"}))
    # How long the game lasts is not what it learned: any length plays.
    assert make_bot("learned", make_game("highrise", {"players": 2, "hands": 3})).name == "learned"
    assert make_bot("learned", make_game("wildstar", {"players": 2, "hands": 1})).name == "learned"


def test_a_network_trained_on_other_features_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("highrise", {"players": 2})
    with np.load(policy_path(game)) as saved:
        arrays = {key: saved[key] for key in saved.files}
    meta = json.loads(str(arrays["meta"]))
    arrays["meta"] = np.array(json.dumps({**meta, "features": meta["features"][:-1]}))
    np.savez(tmp_path / policy_path(game).name, **arrays)
    monkeypatch.setattr(learned, "POLICIES", tmp_path)
    with pytest.raises(ConfigError, match="trained on other features of the game: train it again"):
        LearnedBot(game)
    shutil.rmtree(tmp_path)
    tmp_path.mkdir()
    with pytest.raises(ConfigError, match=r"trained for \(none\)"):
        LearnedBot(game)


@pytest.mark.parametrize(("name", "options"), [("highrise", {"players": 2}), ("wildstar", {"players": 2, "hands": 2})])
def test_the_learned_bot_finishes_games_against_greedy(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    for seed in range(3):
        record = Match(game, [make_bot("learned", game), make_bot("greedy", game)], seed=seed).run()
        assert record.result is not None and record.seats == ["learned", "greedy"]


def test_the_terminal_seats_the_learned_bot_and_names_the_games_it_plays() -> None:
    played = runner.invoke(app, ["play", "highrise", "--seats", "learned,greedy", "--seed", "3"])
    assert played.exit_code == 0, played.output
    assert "Seats: P1 Learned bot, P2 Greedy bot" in played.output
    refused = runner.invoke(app, ["play", "highrise", "--seats", "learned,greedy,greedy", "--seed", "3"])
    assert refused.exit_code == 2
    assert (
        "the learned bot plays only the games it was trained for (2-player Highrise and 2-player Wildstar)"
        in refused.output
    )
    assert "Traceback" not in refused.output
