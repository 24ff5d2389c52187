"""The `learned` bot: a policy trained by reinforcement learning, played from a seat's view.

examples/maskable_ppo.py trains sb3-contrib's MaskablePPO against the greedy bot on the
environments' candidate lists (docs/rl.md), and `--export` writes the trained policy's
network here, as NumPy arrays: `policies/<game>-<players>p.npz`. Only the games and player
counts with such a file have the bot: today two-player Highrise, where the policy plays as
well as the greedy (medium) bot and no better, so it is not one of the levels people choose
(docs/bots.md, "The learned bot").

A decision is the environment's, rebuilt from the view alone: the legal moves in greedy's
order (the game's `rank_view`), at most K of them, with their features
(`envs.core.candidate_features`), beside the view's encoding (`Encoder.encode`). The network
is Stable-Baselines3's default: two tanh layers of 64, then a score per candidate; the bot
plays the best-scored candidate, as the trained policy's `predict(deterministic=True)` does.
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
"""The network's arrays in the file: policy_net.0, policy_net.2 and action_net of SB3's policy."""


def policy_path(game: Game) -> Path:
    return POLICIES / f"{game.spec.name}-{game.options.players}p.npz"


def learned_games() -> list[tuple[str, int]]:
    """(game, players) for each shipped policy: where the `learned` bot plays."""
    found = []
    for path in sorted(POLICIES.glob("*p.npz")):
        name, _, players = path.stem.rpartition("-")
        found.append((name, int(players[:-1])))
    return found


class LearnedBot:
    """The shipped policy's choice among greedy's best K moves (see the module's text)."""

    name = "learned"

    def __init__(self, game: Game) -> None:
        path = policy_path(game)
        if not path.is_file():
            where = ", ".join(f"{players}-player {game_class(name).spec.title}" for name, players in learned_games())
            raise ConfigError(
                f"the learned bot plays only the games it was trained for ({where or 'none'}), "
                f"not {game.options.players}-player {game.spec.title}"
            )
        try:  # NumPy comes with the rl and web extras
            import numpy as np

            from gamenight.envs.actions import action_table
            from gamenight.envs.core import CANDIDATE_FEATURES, candidate_features
            from gamenight.envs.observations import encoder_for
        except ImportError:
            raise ConfigError("the learned bot needs NumPy: pip install 'gamenight[web]' or 'gamenight[rl]'") from None
        with np.load(path) as saved:
            self.layers = [saved[name] for name in LAYERS]
            meta: dict[str, Any] = json.loads(str(saved["meta"]))
        self.encoder = encoder_for(game)
        self.actions = action_table(game)
        self.k: int = meta["candidates"]
        if meta["features"] != list(CANDIDATE_FEATURES) or meta["observation"] != self.encoder.size:
            # The encoding changed since the policy was trained: it would read noise.
            raise ConfigError(f"{path.name} was trained on another encoding of the game: train it again")
        options = options_to_dict(game.options)
        other = sorted(k for k, v in meta["options"].items() if k not in LENGTH_OPTIONS and options.get(k) != v)
        if other:  # another board or other scoring: not the game it learned
            trained = ", ".join(f"{k}={meta['options'][k]}" for k in other)
            raise ConfigError(f"the learned bot plays the options it was trained with: {trained}")
        self._np = np
        self._features = candidate_features
        self._rank = game.heuristics().rank_view

    def scores(self, view: View, ranked_ids: Sequence[int], choices: int) -> Any:
        """The network's score for each of the K candidate slots (those past the decision's
        candidates are -inf)."""
        np = self._np
        features = self._features(self.actions, ranked_ids, choices, self.k)
        # SB3's CombinedExtractor flattens the observation's keys in sorted order: candidates first.
        x = np.concatenate([features.ravel(), self.encoder.encode(view)])
        return self.forward(x, len(ranked_ids))

    def forward(self, x: Any, shown: int) -> Any:
        np = self._np
        w0, b0, w1, b1, w2, b2 = self.layers
        h = np.tanh(w0 @ x + b0)
        h = np.tanh(w1 @ h + b1)
        logits = w2 @ h + b2
        logits[shown:] = -np.inf
        return logits

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        ranked: list[Move] = self._rank(view, legal, rng)[: self.k]
        ids = dict(zip(legal, self.actions.ids(legal), strict=True))
        scores = self.scores(view, [ids[m] for m in ranked], len(legal))
        return ranked[int(self._np.argmax(scores))]
