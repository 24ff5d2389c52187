"""Wildstar's variants, each named in CLARIFICATIONS.md section 2 (D-WS-1..6)."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.errors import ConfigError


@dataclass(frozen=True)
class WildstarOptions:
    players: int = 4
    """2-8 (R-WS: "Number of Players: 2 - 8")."""
    partners: bool = False
    """Two teams sitting alternately, for an even number of players (R-WS "Partners")."""
    hands: int = 10
    """Hands in a game (D-WS-6): 10 runs 9-9 down to 0-0; fewer stop earlier (9-9 ... )."""
    doubles_branch: bool = False
    """A double opens its two sides as well as its far side (D-WS-2's flag); off, doubles do not branch."""
    winner_leads_after_set: bool = True
    """R-WS: the winner of the previous hand "is the first player of the next round": after the
    hand's double is set, the last hand's winner (the shuffler) plays first, or sets it if holding
    it. Hand 1 has no previous winner: play goes on from the setter's left. Off, the house rule of
    D-WS-3's first reading: play always goes on from the left of whoever set the double."""
    winner_collects: bool = False
    """The literal reading: the losers' counts go to the winner, and the highest total wins (D-WS-5).
    A blocked hand goes to the lowest count, who collects the others' counts."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 8:
            raise ConfigError(f"Wildstar is for 2 to 8 players, not {self.players}")
        if self.partners and self.players % 2:
            raise ConfigError(f"partners need an even number of players, not {self.players}")
        if not 1 <= self.hands <= 10:
            raise ConfigError(f"a game has 1 to 10 hands (9-9 down to 0-0), not {self.hands}")
