"""The simple bots: `random`, `greedy` (which asks the game's heuristics) and `easy` (between the two)."""

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


class EasyBot:
    """The `easy` level: random, with sense for the obvious.

    A move that ends the game with this seat winning is always taken (tried on a state
    sampled from the view, so it never peeks); otherwise, half the time the greedy move,
    half the time any legal move. It plays the obvious well and blunders often.
    """

    name = "easy"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.heuristics = game.heuristics()

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        for move in legal:
            state = self.game.sample_state(view, rng)
            state.apply(move)
            if state.is_over() and state.returns()[seat] == 1:
                return move
        if rng.random() < 0.5:
            greedy: Move = self.heuristics.greedy_move(view, legal, rng)
            return greedy
        return rng.choice(legal)
