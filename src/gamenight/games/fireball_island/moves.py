"""Fireball Island's decisions and how they are written (docs/notation.md, Fireball Island).

| written | the decision |
|---|---|
| `pass` (or `roll`) | play no card now; for the player whose turn it is, go on to the roll |
| `FIREBALL`, `MOVE_AHEAD_4`, `MOVE_BACK_2`, ... | play that card (its key in cards.toml) |
| `TAKE_1_CARD@3` | play TAKE 1 CARD FROM ANY OPPONENT against seat 3 |
| `trade` | trade the Magic Charm token in for a full hand |
| `TA3`, `SHB>LR1>LR2` | walk: the space the walk ends on, or the whole walk when several lead there |
| `V-chute` | aim a Fireball down this rollway |
| `cave`, `exit` | in a cave, before rolling: roll for a new cave, or leave by the trail |
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

from gamenight.engine.errors import NotationError
from gamenight.engine.notation import check_numbers, is_number
from gamenight.games.fireball_island.cards import Card, parse_card

PASS: Final = "pass"
PLAY: Final = "play"
TRADE: Final = "trade"
GO: Final = "go"
AIM: Final = "aim"
CAVE: Final = "cave"
EXIT: Final = "exit"


class Move(NamedTuple):
    kind: str
    card: Card | None = None
    target: int = -1  # TAKE 1 CARD's opponent (a 0-based seat)
    path: tuple[str, ...] = ()  # GO: the spaces entered in order; AIM: (the rollway id,)


PASS_MOVE: Final = Move(PASS)
TRADE_MOVE: Final = Move(TRADE)
CAVE_MOVE: Final = Move(CAVE)
EXIT_MOVE: Final = Move(EXIT)


@cache
def play(card: Card, target: int = -1) -> Move:
    """The move playing `card` (at `target`): made once per card and target, since every card
    window lists the plays of every card in hand."""
    return Move(PLAY, card, target)


def card_notation(move: Move) -> str:
    assert move.card is not None
    return move.card.key if move.target < 0 else f"{move.card.key}@{move.target + 1}"


def parse_card_move(text: str, players: int) -> Move:
    """'MOVE_BACK_2' or 'take_1_card@3' -> the card played; NotationError otherwise."""
    check_numbers(text)
    key, at, seat = text.partition("@")
    card = parse_card(key)
    if not at:
        return play(card)
    if not is_number(seat) or not 1 <= int(seat) <= players:
        raise NotationError(f"{text!r}: after '@' comes the seat the card is played against, 1 to {players}")
    return play(card, int(seat) - 1)
