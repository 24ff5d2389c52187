"""Wildfire's variants, each named in the rulebook's ALTERNATE GAME PLAY or a D-WF decision."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.errors import ConfigError


@dataclass(frozen=True)
class WildfireOptions:
    players: int = 4
    """2-8 (R-WF: PLAYERS: 2-8)."""
    target_score: int = 300
    """The game ends after the round in which someone reaches this (R-WF THE WINNER); a
    lower target is the rulebook's "Shorter Game"."""
    rounds: int | None = None
    """Shorter Game with "a predetermined number of rounds": play exactly this many rounds
    (the target is then not used)."""
    strategic: bool = False
    """More Strategic Game: the player who plays a wild names the hub number (D-WF-5)."""
    knock_penalty: bool = True
    """Penalty for not knocking: draw one, or lose the next turn if the pile is empty (D-WF-8)."""
    auto_knock: bool = False
    """Knock for everyone automatically (D-WF-8); off, a play that leaves one tile must say 'knock'."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 8:
            raise ConfigError(f"Wildfire is for 2 to 8 players, not {self.players}")
        if self.target_score < 1:
            raise ConfigError(f"target_score must be at least 1, not {self.target_score}")
        if self.rounds is not None and self.rounds < 1:
            raise ConfigError(f"rounds must be at least 1, not {self.rounds}")
