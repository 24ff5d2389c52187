"""Wildfire's variants, each named in the rulebook's ALTERNATE GAME PLAY or a D-WF decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamenight.engine.errors import ConfigError

# A game's length is bounded (issue 29): a table on a server must end, and a record stay small.
# Far above what people agree on: to 300, Wildfire takes 3 to 15 rounds (greedy bots, 2-8 players).
MAX_TARGET_SCORE: Final = 1000
MAX_ROUNDS: Final = 50


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
    knock_penalty: bool = False
    """The rulebook's Alternate Game Play, with its Penalty: knocking is a move of its own, and a
    player who does not knock draws one, or loses the next turn if the pile is empty (D-WF-8). Off, the play that
    leaves one tile knocks by itself (R-WF: "they must knock to let everyone know")."""
    auto_knock: bool = False
    """With the Penalty on: knock for everyone automatically (D-WF-8)."""
    obligation_burns_out: bool = False
    """House rule: once the pile is empty and an obligation has gone round the whole table
    unfilled (every seat passed on it), its remaining slots close and play goes on. Off, the
    rulebook's reading: nobody can fill it and the pile is out, so the round is blocked."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 8:
            raise ConfigError(f"Wildfire is for 2 to 8 players, not {self.players}")
        if not 1 <= self.target_score <= MAX_TARGET_SCORE:
            raise ConfigError(f"target_score must be 1 to {MAX_TARGET_SCORE}, not {self.target_score}")
        if self.rounds is not None and not 1 <= self.rounds <= MAX_ROUNDS:
            raise ConfigError(f"rounds must be 1 to {MAX_ROUNDS}, not {self.rounds}")
