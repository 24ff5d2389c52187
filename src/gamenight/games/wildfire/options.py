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
    knock_penalty: bool = False
    """ALTERNATE GAME PLAY's Penalty: knocking is a move of its own, and a player who does not
    knock draws one, or loses the next turn if the pile is empty (D-WF-8). Off, the play that
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
        if self.target_score < 1:
            raise ConfigError(f"target_score must be at least 1, not {self.target_score}")
        if self.rounds is not None and self.rounds < 1:
            raise ConfigError(f"rounds must be at least 1, not {self.rounds}")
