"""The `learned` bot (envs/learned.py): the policy examples/maskable_ppo.py trained, played from
a seat's view with NumPy, seeing each decision as the environment showed it in training."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from gamenight.bots.registry import make_bot
from gamenight.engine.errors import ConfigError
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.envs import learned
from gamenight.envs.core import Core
from gamenight.envs.learned import LearnedBot, policy_path
from gamenight.interfaces.cli import app

HIGHRISE_2 = {"players": 2}
runner = CliRunner()


def test_the_numpy_forward_pass_gives_the_scores_pytorch_gave() -> None:
    """The file keeps inputs with the scores PyTorch's policy gave them when it was exported."""
    bot = LearnedBot(make_game("highrise", HIGHRISE_2))
    with np.load(policy_path(make_game("highrise", HIGHRISE_2))) as saved:
        inputs, scores = saved["inputs"], saved["scores"]
    assert len(inputs) >= 8
    for x, expected in zip(inputs, scores, strict=True):
        assert np.allclose(bot.forward(x, bot.k), expected, atol=1e-4)


def _decisions(seed: int, count: int) -> list[tuple[Core, int]]:
    """Decisions with a choice in two-player Highrise, each in a Core with candidates=8, with
    the seed its greedy ranking breaks ties with."""
    out: list[tuple[Core, int]] = []
    core = Core("highrise", HIGHRISE_2, candidates=8)
    core.reset(seed)
    rng = random.Random(seed)
    while len(out) < count:
        if core.to_act() is None:
            core.reset(rng.getrandbits(32))
            continue
        if len(core.state.legal_moves()) > 1:
            tie = rng.getrandbits(32)
            twin = Core("highrise", HIGHRISE_2, candidates=8)
            twin.state = core.state.clone()
            twin.advance()
            twin._rank_rng = random.Random(tie)
            out.append((twin, tie))
        core.play(core.move(rng.randrange(len(core.ranked())))[0])
    return out


def test_the_bot_sees_a_decision_as_the_environment_showed_it() -> None:
    """From the view alone, the bot builds the environment's candidates, their features and
    the observation (ties in greedy's order broken by the same generator), and plays the
    candidate the network scores best on the environment's own arrays."""
    bot = LearnedBot(make_game("highrise", HIGHRISE_2))
    for core, tie in _decisions(seed=3, count=40):
        seat = core.to_act()
        assert seat is not None
        view, legal = core.state.view(seat), core.state.legal_moves()
        ranked = core.ranked()
        assert ranked == core.game.heuristics().rank_view(view, legal, random.Random(tie))[: bot.k]
        x = np.concatenate([core.candidate_features().ravel(), core.observe(seat)])
        best = int(np.argmax(bot.forward(x, len(ranked))))
        assert bot.choose(view, legal, random.Random(tie)) == ranked[best]


def test_the_bot_plays_only_what_it_was_trained_for() -> None:
    for name, options in [("highrise", {"players": 4}), ("wildstar", {"players": 2})]:
        with pytest.raises(ConfigError, match="the learned bot plays only the games it was trained for"):
            make_bot("learned", make_game(name, options))
    # Another basement is another board under the same encoding's size: refused by name.
    with pytest.raises(ConfigError, match="the options it was trained with: basement_layout=4x4"):
        make_bot("learned", make_game("highrise", {"players": 2, "basement_layout": "2x8"}))
    # How long the game lasts is not what it learned: any length plays.
    assert make_bot("learned", make_game("highrise", {"players": 2, "hands": 3})).name == "learned"


def test_a_policy_trained_on_another_encoding_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("highrise", HIGHRISE_2)
    with np.load(policy_path(game)) as saved:
        arrays = {key: saved[key] for key in saved.files}
    meta = json.loads(str(arrays["meta"]))
    arrays["meta"] = np.array(json.dumps({**meta, "observation": meta["observation"] + 1}))
    np.savez(tmp_path / policy_path(game).name, **arrays)
    monkeypatch.setattr(learned, "POLICIES", tmp_path)
    with pytest.raises(ConfigError, match="trained on another encoding of the game: train it again"):
        LearnedBot(game)
    shutil.rmtree(tmp_path)
    tmp_path.mkdir()
    with pytest.raises(ConfigError, match=r"trained for \(none\)"):
        LearnedBot(game)


def test_the_learned_bot_finishes_games_against_greedy() -> None:
    game = make_game("highrise", HIGHRISE_2)
    for seed in range(3):
        record = Match(game, [make_bot("learned", game), make_bot("greedy", game)], seed=seed).run()
        assert record.result is not None and record.seats == ["learned", "greedy"]


def test_the_terminal_seats_the_learned_bot_and_names_the_games_it_plays() -> None:
    played = runner.invoke(app, ["play", "highrise", "--seats", "learned,greedy", "--seed", "3"])
    assert played.exit_code == 0, played.output
    assert "Seats: P1 Learned bot, P2 Greedy bot" in played.output
    refused = runner.invoke(app, ["play", "highrise", "--seats", "learned,greedy,greedy", "--seed", "3"])
    assert refused.exit_code == 2
    assert "the learned bot plays only the games it was trained for (2-player Highrise)" in refused.output
    assert "Traceback" not in refused.output
