"""A review after the game (issue 30): each of a seat's decisions judged by the hard bot.

For every decision of the seats reviewed that had a choice, the hard bot searches that seat's
view at that moment (never the state: the hidden tiles and cards are sampled from the view, as
for a hint) and picks its move. If that is not the move played, both moves are searched again
side by side, on the same sampled deals and draws (`root="halving"` with two moves: paired
samples), and with the win alone as the result, so that the two figures are each move's win
chance as the bot reckons it. A decision is marked when the bot's move wins clearly more often
than the one played: MISTAKE points of win chance or more ("mistake"), BLUNDER or more
("blunder"), as lichess marks chess moves by what they cost in winning chances.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from gamenight.bots.hints import hint
from gamenight.bots.ismcts import IsmctsBot
from gamenight.bots.registry import hard_options
from gamenight.engine.errors import RecordError, RulesError
from gamenight.engine.protocol import CHANCE, Game, Move, State, Story, View
from gamenight.engine.record import Record, initial_state, record_game

REVIEW_SECONDS = 1.0
"""The search one decision gets by default: half to find the bot's move, half to weigh it
against the move played."""
MISTAKE = 0.10
"""Win chance the move played gives away, at least, to be marked (10 points)..."""
BLUNDER = 0.25
"""...and to be marked a blunder."""


@dataclass(frozen=True)
class Decision:
    """One decision with a choice in it, as the seat faced it (`step`: its index in the record)."""

    step: int
    seat: int
    view: View
    legal: tuple[Move, ...]
    played: Move


@dataclass(frozen=True)
class Judged:
    """A decision reviewed: the move played, the hard bot's, and each one's win chance as the
    bot reckons it (None for the bot's own move when it is the one played: nothing to weigh)."""

    step: int
    seat: int
    played: str
    played_text: str
    best: str
    best_text: str
    played_chance: float
    best_chance: float
    games: int
    """Games searched with each move in the side-by-side search (0: the bot agreed)."""

    @property
    def cost(self) -> float:
        """Win chance the move played gave away (0 when it was as good as the bot's)."""
        return max(0.0, self.best_chance - self.played_chance)

    @property
    def mark(self) -> str | None:
        """ "blunder", "mistake", or None: a decision the bot does not clearly fault."""
        if self.cost >= BLUNDER:
            return "blunder"
        if self.cost >= MISTAKE:
            return "mistake"
        return None

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played,
            "played_text": self.played_text,
            "best": self.best,
            "best_text": self.best_text,
            "played_chance": round(self.played_chance, 4),
            "best_chance": round(self.best_chance, 4),
            "games": self.games,
            "cost": round(self.cost, 4),
            "mark": self.mark,
        }

    def words(self, name: Callable[[int], str] = lambda seat: f"P{seat + 1}") -> str:
        """The mark in a sentence: what was played, what the bot prefers, and the cost."""
        if self.mark is None:
            return f"step {self.step + 1}, {name(self.seat)}: {self.played} ({self.played_text}), as good as any"
        return (
            f"step {self.step + 1}, {name(self.seat)}: {self.played} ({self.played_text}) is a {self.mark}: "
            f"{self.best} ({self.best_text}) wins {self.best_chance:.0%} against {self.played_chance:.0%}, "
            f"{self.cost * 100:.0f} points of win chance given away"
        )


def position_after(record: Record, steps: int) -> State:
    """The record's position after its first `steps` steps (a finished record: every step of it
    was checked when it was kept); RulesError if a step does not apply."""
    state = initial_state(record)
    for step in record.steps[:steps]:
        if step.seat == CHANCE:
            state.apply_chance(state.parse_outcome(step.text))
        else:
            state.apply(state.parse_move(step.text))
    return state


def decisions(record: Record, seats: Collection[int]) -> Iterator[Decision]:
    """Every decision of `seats` with a choice in it, in the record's order, each with the view
    its seat had then; RecordError if the record does not replay."""
    state = initial_state(record)
    for index, step in enumerate(record.steps):
        try:
            if step.seat == CHANCE:
                state.apply_chance(state.parse_outcome(step.text))
                continue
            move = state.parse_move(step.text)
            if step.seat in seats:
                legal = tuple(state.legal_moves())
                if len(legal) > 1:
                    yield Decision(index, step.seat, state.view(step.seat), legal, move)
            state.apply(move)
        except RulesError as exc:
            raise RecordError(f"step {index + 1} ({step.text!r}): {exc}") from None


def judge(
    game: Game,
    decision: Decision,
    rng: random.Random,
    seconds: float = REVIEW_SECONDS,
    iterations: int | None = None,
    describe: Callable[[Move], tuple[str, str]] | None = None,
) -> Judged:
    """The hard bot's verdict on one decision, from its seat's view only. `iterations` (instead
    of `seconds`, for each of the two searches) makes it the same every time, for tests.
    `describe` gives a move's notation and words (default: its notation twice)."""
    words = describe or (lambda move: (str(move), str(move)))
    half = seconds / 2
    found = hint(game, decision.view, list(decision.legal), rng, half, iterations)
    played, best = decision.played, found.move
    if best == played:
        chance = found.searched.result if found.searched is not None else 0.0
        return Judged(decision.step, decision.seat, *words(played), *words(best), chance, chance, 0)
    budget: dict[str, float | int | None] = {"seconds": half} if iterations is None else {"iterations": iterations}
    bot = IsmctsBot(game, hard_options(game, {**budget, "per_move": None, "root": "halving", "margin": 0.0}))
    bot.choose(decision.view, [played, best], rng)
    values = bot.last_values
    played_chance, games = values.get(played, (0.0, 0))
    best_chance = values.get(best, (0.0, 0))[0]
    return Judged(decision.step, decision.seat, *words(played), *words(best), played_chance, best_chance, games)


def _words(story: Story, position: State) -> Callable[[Move], tuple[str, str]]:
    """A move's notation and words, in `position` (sampled from the seat's view)."""

    def describe(move: Move) -> tuple[str, str]:
        return position.move_notation(move), story.describe(position, move)

    return describe


def review(
    record: Record,
    seats: Collection[int],
    *,
    seed: int = 0,
    seconds: float = REVIEW_SECONDS,
    iterations: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Judged]:
    """Every decision of `seats` in `record` judged (`judge`), each from a generator seeded by
    `seed` and the step, so that one decision's verdict does not hang on the others'.
    `progress(done, total)` is told before the first and after each."""
    game = record_game(record)
    found = list(decisions(record, seats))
    story = game.story()
    judged: list[Judged] = []
    if progress is not None:
        progress(0, len(found))
    for done, decision in enumerate(found, 1):
        position = game.sample_state(decision.view, random.Random(0))  # for the moves' words only
        rng = random.Random(f"gamenight-review:{seed}:{decision.step}")
        judged.append(judge(game, decision, rng, seconds, iterations, _words(story, position)))
        if progress is not None:
            progress(done, len(found))
    return judged
