"""Highrise's variants: each named in the rulebook (R-HR THE WINNER) or a D-HR decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamenight.engine.errors import ConfigError
from gamenight.games.highrise.tower import BASES

TIE_BREAKS: Final = ("share", "extra_hand")

# A game's length is bounded (issue 29): a table on a server must end, and a record stay small.
# Far above what people agree on: to 300, Highrise takes 2 to 5 hands (greedy bots, 2-4 players).
MAX_TARGET_SCORE: Final = 1000
MAX_HANDS: Final = 50
LAST_HAND: Final = 60
"""No game goes past this hand, whatever the totals: a tie still standing is shared there
(tie_break="extra_hand" plays at most 10 hands after `hands=50`), and a target not reached
ends the game with the highest total winning (decision 14, docs/rules/highrise.md)."""


@dataclass(frozen=True)
class HighriseOptions:
    players: int = 4
    """2-4 (R-HR: "NUMBER OF PLAYERS: 2–4"). The default is a full table: the box is built
    for four (8 in the basement and 4 x 5 in hand leave a draw pile of 8)."""
    basement_layout: str = "4x4"
    """The base's grid of half-cells (D-HR-2): "4x4" (two rows of four dominoes, the
    turntable) or "2x8" (one row of eight). Both are data: data/bases.txt."""
    target_score: int | None = None
    """Play hands until, at the end of one, someone has this: "300 points (or an agreed upon
    total before the games begins)" (R-HR THE WINNER). None: the basic game of one hand."""
    hands: int | None = None
    """Play exactly this many hands (it overrides target_score). With neither, one hand, the
    rulebook's basic game: "At the end of the hand, the player with the most points is the
    winner. Players may play several hands and keep a running total." """
    tie_break: str = "share"
    """When the game would end with the highest total tied: "share" the win, or play an
    "extra_hand" (and another, while still tied) (D-HR-5)."""
    opponents_subtract_on_out: bool = False
    """When a player goes out, the others also subtract what is left in their own hands
    (D-HR-4; off by default: only the player who goes out gains)."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ConfigError(f"Highrise is for 2 to 4 players, not {self.players}")
        if self.basement_layout not in BASES:
            known = ", ".join(repr(name) for name in BASES)
            raise ConfigError(f"basement_layout must be one of {known}, not {self.basement_layout!r}")
        if self.target_score is not None and not 1 <= self.target_score <= MAX_TARGET_SCORE:
            raise ConfigError(f"target_score must be 1 to {MAX_TARGET_SCORE}, not {self.target_score}")
        if self.hands is not None and not 1 <= self.hands <= MAX_HANDS:
            raise ConfigError(f"hands must be 1 to {MAX_HANDS}, not {self.hands}")
        if self.tie_break not in TIE_BREAKS:
            raise ConfigError(f"tie_break must be 'share' or 'extra_hand', not {self.tie_break!r}")

    @property
    def fixed_hands(self) -> int | None:
        """How many hands the game is, or None when it is played to `target_score`."""
        if self.hands is not None:
            return self.hands
        return None if self.target_score is not None else 1
