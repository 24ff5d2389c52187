"""Fireball Island's variants: each a decision named in CLARIFICATIONS.md section 4 or in
docs/rules/fireball-island.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamenight.engine.errors import ConfigError

FIREBALL_MODES: Final = ("probabilistic", "deterministic")
MAX_TURN_LIMIT: Final = 1000
"""A game's length is bounded (issue 29): a table on a server must end, and a record stay small.
Bots alone reach the Dock in well under this, when they do at all (docs/rules/fireball-island.md)."""


@dataclass(frozen=True)
class FireballIslandOptions:
    players: int = 4
    """2-4 (R-FI: "For 2 to 4 Players")."""
    fireball_mode: str = "probabilistic"
    """How a rolled Fireball hits (D-FI-3): "probabilistic" (the marble may stop early or
    roll past a piece) or "deterministic" (every piece on the rollway is hit)."""
    any_way_cards: bool = False
    """House rule (decision FI-28): MOVE ANY OPPONENT BACK and MOVE AHEAD walk any way along
    the trails, as a roll does, the card's player (MOVE BACK) or the mover (MOVE AHEAD)
    choosing. Off: back is away from the goal and ahead towards it."""
    turn_limit: int = 1000
    """The game stops undecided (nobody wins) after this many turns in all, 1 to 1000, so that
    every game ends, between bots that never reach the Dock too (decision FI-16)."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ConfigError(f"Fireball Island is for 2 to 4 players, not {self.players}")
        if self.fireball_mode not in FIREBALL_MODES:
            raise ConfigError(f"fireball_mode must be 'probabilistic' or 'deterministic', not {self.fireball_mode!r}")
        if not 1 <= self.turn_limit <= MAX_TURN_LIMIT:
            limit = self.turn_limit
            raise ConfigError(f"turn_limit must be 1 to {MAX_TURN_LIMIT} turns (every game ends), not {limit}")
