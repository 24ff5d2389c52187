"""The simple bots: `random` and `greedy` (which asks the game's heuristics)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamenight.engine.protocol import Game, Move, View


class RandomBot:
    """Any legal move, uniformly."""

    name = "random"

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(legal)


class GreedyBot:
    """The move the game's heuristics rate best now (games/<game>/heuristics.py)."""

    name = "greedy"

    def __init__(self, game: Game) -> None:
        self.heuristics = game.heuristics()

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        move: Move = self.heuristics.greedy_move(view, legal, rng)
        return move


BOTS = ("random", "greedy")


def make_bot(name: str, game: Game) -> RandomBot | GreedyBot:
    from gamenight.engine.errors import ConfigError

    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot(game)
    raise ConfigError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
