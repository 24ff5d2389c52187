"""What an arena is asked to play and what it gives back, as plain data.

`arena` plays the games and `report` computes the statistics and writes the files; both
use these types, and neither needs the other's to name them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamenight import __version__
from gamenight.engine.record import Record


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    seats: tuple[str, ...]
    """One bot spec per seat, as `make_bot` takes them: "greedy", "ismcts:iterations=50"."""
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    """Game options as `make_game` takes them; `players` is the number of seats."""
    records: bool = False
    """Keep every game's record in its result (and write them with the outputs)."""

    @property
    def entrants(self) -> tuple[str, ...]:
        """The distinct specs, in the order they first appear in the seats."""
        return tuple(dict.fromkeys(self.seats))

    def game_options(self) -> dict[str, Any]:
        return {**self.options, "players": len(self.seats)}


@dataclass(frozen=True)
class GameResult:
    index: int
    deal: int
    seed: int
    seats: tuple[str, ...]
    """The spec playing each seat in this game (the arena's seats, rotated)."""
    scores: tuple[int, ...]
    returns: tuple[float, ...]
    """Winners share 1, the rest get 0; all 0 when nobody wins."""
    decisions: tuple[int, ...]
    """Moves each seat chose (forced ones included: every step that was not chance)."""
    steps: int
    """Steps in the record: decisions and chance outcomes."""
    think: tuple[tuple[float, ...], ...]
    """Per seat, seconds spent in `choose` for each decision with more than one legal move."""
    record: Record | None = None
    first: int = 0
    """The seat of the game's first decision: the first to play (not always P1)."""

    @property
    def decided(self) -> bool:
        return any(r > 0 for r in self.returns)

    def without_timing(self) -> GameResult:
        """The same result with no think times: what must not depend on the machine or the workers."""
        return GameResult(
            self.index,
            self.deal,
            self.seed,
            self.seats,
            self.scores,
            self.returns,
            self.decisions,
            self.steps,
            tuple(() for _ in self.think),
            self.record,
            self.first,
        )


@dataclass(frozen=True)
class ThinkStats:
    """Milliseconds per decision; 0 when the bot never had a choice to make."""

    decisions: int
    median_ms: float
    p95_ms: float
    max_ms: float


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    ordinal: float
    """mu - 3 sigma: a rating the bot is very likely above, which is what to rank by."""


@dataclass(frozen=True)
class EntrantStats:
    bot: str
    seat_games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    """The 95% Wilson interval of the win rate."""
    score_mean: float
    score_sd: float
    decisions_mean: float
    """Moves chosen per seat-game."""
    think: ThinkStats
    rating: Rating | None


@dataclass(frozen=True)
class Summary:
    entrants: tuple[EntrantStats, ...]
    games: int
    decided: int
    undecided: int
    """Games nobody won (returns all 0), e.g. Fireball Island stopped at its turn limit."""
    length_mean: float
    length_median: float
    """Game length in decisions: moves chosen by all seats."""
    notes: tuple[str, ...] = ()
    seat_wins: tuple[float, ...] = ()
    """Wins (shared wins split) by seat, every bot pooled: P1's, P2's, ..."""
    order_wins: tuple[float, ...] = ()
    """The same by place in the turn order: the first to play's, the next seat's, ..."""


@dataclass(frozen=True)
class ArenaResult:
    config: ArenaConfig
    options: dict[str, Any]
    """The game's options as the game resolved them (defaults filled in)."""
    games: tuple[GameResult, ...]
    """In index order."""
    summary: Summary
    workers: int
    """Processes that played (1: the calling process itself); with a caller's executor, the
    `workers` it was said to have (no more than there were chunks of games to give it)."""
    wall_seconds: float
    version: str = __version__
