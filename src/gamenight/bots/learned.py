"""The `learned` bot: a small network, learned from rollouts, that knows where to depart from greedy.

examples/learn_from_rollouts.py (docs/rl.md, "Beating greedy: learning from rollouts") labels
the greedy player's candidate moves by playing each out on deals drawn from the seat's view,
and trains a network to score a candidate from its features; `--export` writes the network
here as NumPy arrays: `policies/<game>-<players>p.npz`. Only the games and player counts with
such a file have the bot: two-player Highrise and two-player Wildstar, where it beats the
greedy (medium) bot (docs/bots.md, "The learned bot").

A decision, from the view alone: the legal moves in greedy's order (the game's `rank_view`),
at most K of them, each with the game's `candidate_features` (games/<game>/heuristics.py);
the network (two ReLU layers) scores each candidate, and the best-scored one is played.
PyTorch is needed to train, never to play: the forward pass is three NumPy products.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gamenight.engine.errors import ConfigError
from gamenight.engine.options import options_to_dict
from gamenight.engine.protocol import Game, Move, View
from gamenight.engine.registry import game_class

POLICIES = Path(__file__).with_name("policies")
LENGTH_OPTIONS = ("hands", "target_score", "rounds", "turn_limit")
"""Options that only say how long a game lasts: the policy plays any of them (a decision is a
decision); every other option must be as it was trained."""
LAYERS = ("w0", "b0", "w1", "b1", "w2", "b2")
"""The network's arrays in the file: its three linear layers, as PyTorch keeps them."""


def policy_path(game: Game) -> Path:
    return POLICIES / f"{game.spec.name}-{game.options.players}p.npz"


def learned_games() -> list[tuple[str, int]]:
    """(game, players) for each shipped policy: where the `learned` bot plays."""
    found = []
    for path in sorted(POLICIES.glob("*p.npz")):
        name, _, players = path.stem.rpartition("-")
        found.append((name, int(players[:-1])))
    return found


def where_it_plays() -> str:
    """The shipped networks' games, as people read them: "2-player Highrise and 2-player Wildstar"."""
    return " and ".join(f"{players}-player {game_class(name).spec.title}" for name, players in learned_games())


def plays(game: Game) -> bool:
    """Whether the learned bot plays `game`: a network trained for its game, player count and
    options (the web's seats offer it only there)."""
    key = (game.spec.name, json.dumps(options_to_dict(game.options), sort_keys=True, default=str))
    if key not in _PLAYS:
        try:
            LearnedBot(game)
            _PLAYS[key] = True
        except ConfigError:
            _PLAYS[key] = False
    return _PLAYS[key]


_PLAYS: dict[tuple[str, str], bool] = {}


class LearnedBot:
    """The shipped network's choice among greedy's best K moves (see the module's text)."""

    name = "learned"

    def __init__(self, game: Game) -> None:
        path = policy_path(game)
        if not path.is_file():
            raise ConfigError(
                f"the learned bot plays only the games it was trained for ({where_it_plays() or 'none'}), "
                f"not {game.options.players}-player {game.spec.title}"
            )
        try:  # NumPy comes with the rl and web extras
            import numpy as np
        except ImportError:
            raise ConfigError("the learned bot needs NumPy: pip install 'gamenight[web]' or 'gamenight[rl]'") from None
        heuristics = game.heuristics()
        with np.load(path) as saved:
            self.layers = [saved[name] for name in LAYERS]
            meta: dict[str, Any] = json.loads(str(saved["meta"]))
        if meta["features"] != list(heuristics.CANDIDATE_FEATURES):
            # The features changed since the network was trained: it would read noise.
            raise ConfigError(f"{path.name} was trained on other features of the game: train it again")
        options = options_to_dict(game.options)
        other = sorted(k for k, v in meta["options"].items() if k not in LENGTH_OPTIONS and options.get(k) != v)
        if other:  # another board or other scoring: not the game it learned
            trained = ", ".join(f"{k}={meta['options'][k]}" for k in other)
            raise ConfigError(f"the learned bot plays the options it was trained with: {trained}")
        self.k: int = meta["candidates"]
        self._features = heuristics.candidate_features
        self._rank = heuristics.rank_view

    def forward(self, x: Any) -> Any:
        """The network's score for each row of features."""
        import numpy as np  # (checked there by __init__; imported where used, so that the bot pickles)

        w0, b0, w1, b1, w2, b2 = self.layers
        h = np.maximum(x @ w0.T + b0, 0.0)
        h = np.maximum(h @ w1.T + b1, 0.0)
        return (h @ w2.T + b2)[:, 0]

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        ranked: list[Move] = self._rank(view, legal, rng)[: self.k]
        if len(ranked) == 1:
            return ranked[0]
        import numpy as np

        scores = self.forward(np.asarray(self._features(view, ranked), dtype=np.float32))
        return ranked[int(np.argmax(scores))]
