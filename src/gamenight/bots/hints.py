"""Hints: what the hard bot would play, and why, from one seat's view (issue 30).

A hint searches as the `hard` bot does (ISMCTS, every state it looks at sampled from the view:
it never peeks), for a time budget, and says the move with the seat's share of the win in the
games searched with it, beside the most searched other move's: "wins 62% of the 410 games
searched with it; the next most searched, 5-3@b1,c1, 48% of 120". That is the win alone,
though the search weighs the score's lead in too (`margin`: `IsmctsBot.last_values`). The
move's own words come from the story, where the caller has them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gamenight.bots.ismcts import IsmctsBot
from gamenight.bots.registry import hard_options
from gamenight.engine.protocol import Game, Move, View

HINT_SECONDS = 1.0
"""The search a hint gets: the hard bot's own budget, about a second."""


@dataclass(frozen=True)
class Searched:
    """A move as the search found it: the seat's mean share of the win in its games (1: won), and
    how many games."""

    move: Move
    result: float
    games: int


@dataclass(frozen=True)
class Hint:
    move: Move
    searched: Searched | None
    """The move's own figures; None when it was the only move."""
    runner_up: Searched | None
    """The most searched other move, if any."""

    def reason(self, notation: Callable[[Move], str] = str) -> str:
        """Why, in words: the search's figures (`notation` writes a move), or that nothing else
        was possible."""
        if self.searched is None:
            return "the only move"
        mine = self.searched
        why = f"wins {mine.result:.0%} of the {mine.games} games searched with it"
        other = self.runner_up
        if other is None:
            return why
        return f"{why}; the next most searched, {notation(other.move)}, {other.result:.0%} of {other.games}"


def hint(
    game: Game,
    view: View,
    legal: Sequence[Move],
    rng: random.Random,
    seconds: float = HINT_SECONDS,
    iterations: int | None = None,
) -> Hint:
    """The hard bot's choice among `legal` for the seat of `view`, searched for `seconds` (or
    for a count of `iterations`: the same search every time, for tests)."""
    budget: dict[str, float | int | None] = {"seconds": seconds} if iterations is None else {"iterations": iterations}
    bot = IsmctsBot(game, hard_options(game, budget))
    move = bot.choose(view, legal, rng)
    found = [Searched(m, result, games) for m, (result, games) in bot.last_values.items()]
    mine = next((s for s in found if s.move == move), None)
    others = sorted((s for s in found if s.move != move), key=lambda s: s.games, reverse=True)
    return Hint(move, mine, others[0] if others else None)
