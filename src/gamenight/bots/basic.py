"""The simple bots: `random`, `greedy` (which asks the game's heuristics) and `easy` (between the two)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

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
        # The function, not its module: a module does not pickle, and an environment with
        # greedy opponents is copied and pickled with them (tests/envs/test_gymnasium.py).
        self.greedy_move: Callable[[View, Sequence[Move], random.Random], Move] = game.heuristics().greedy_move

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        return self.greedy_move(view, legal, rng)


class EasyBot:
    """The `easy` level: random, with sense for the obvious.

    A move that ends the game with this seat winning is always taken (tried on a state
    sampled from the view, so it never peeks); otherwise, half the time the greedy move,
    half the time any legal move. It plays the obvious well and blunders often.
    """

    name = "easy"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.greedy_move: Callable[[View, Sequence[Move], random.Random], Move] = game.heuristics().greedy_move

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
            return self.greedy_move(view, legal, rng)
        return rng.choice(legal)
