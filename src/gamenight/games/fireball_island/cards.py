"""The Fireball Island deck: the ten kinds of card in the rulebook's words, and the 48 cards.

How many copies of each card the deck holds is a design decision (CLARIFICATIONS D-FI-4)
kept in data/cards.toml, which is loaded and checked here. A card is a `Card`: its
`CardType` and, for MOVE AHEAD and MOVE ANY OPPONENT BACK, the number of spaces on it.
Its `key` ("FIREBALL", "MOVE_AHEAD_4") is how the data file and notation name it.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Final, NamedTuple

from gamenight.engine.errors import NotationError

DECK_SIZE: Final = 48  # R-FI CONTENTS: "1 deck of 48 cards"
HAND_LIMIT: Final = 4  # R-FI: "You can never have more than 4 cards in your hand at one time."


class CardType(StrEnum):
    """The ten kinds of card in PLAYING YOUR CARDS (R-FI), in the rulebook's order."""

    FIREBALL = "FIREBALL"
    FAKE_JEWEL = "FAKE_JEWEL"
    CANCEL = "CANCEL"
    MAGIC_TALISMAN = "MAGIC_TALISMAN"
    REROLL = "REROLL"
    TAKE_ANOTHER_TURN = "TAKE_ANOTHER_TURN"
    TAKE_1_CARD = "TAKE_1_CARD"
    MOVE_AHEAD = "MOVE_AHEAD"
    MOVE_BACK = "MOVE_BACK"
    DOUBLE_NEXT_ROLL = "DOUBLE_NEXT_ROLL"


# R-FI: "MOVE AHEAD (4 SPACES, 5 SPACES OR 6 SPACES)", "MOVE ANY OPPONENT BACK (1 SPACE, 2 SPACES OR 3 SPACES)"
NUMBERS: Final[dict[CardType, tuple[int, ...]]] = {
    CardType.MOVE_AHEAD: (4, 5, 6),
    CardType.MOVE_BACK: (1, 2, 3),
}

TITLES: Final[dict[CardType, str]] = {
    CardType.FIREBALL: "FIREBALL!",
    CardType.FAKE_JEWEL: "FAKE JEWEL!",
    CardType.CANCEL: "CANCEL ANY CARD EXCEPT FIREBALL CARD!",
    CardType.MAGIC_TALISMAN: "MAGIC TALISMAN STOPS A FIREBALL!",
    CardType.REROLL: "REROLL THE DIE!",
    CardType.TAKE_ANOTHER_TURN: "TAKE ANOTHER TURN AFTER YOUR TURN!",
    CardType.TAKE_1_CARD: "TAKE 1 CARD FROM ANY OPPONENT",
    CardType.MOVE_AHEAD: "MOVE AHEAD {n} SPACES INSTEAD OF ROLLING DIE",
    CardType.MOVE_BACK: "MOVE ANY OPPONENT BACK {n} SPACE{s}",
    CardType.DOUBLE_NEXT_ROLL: "DOUBLE THE NEXT DIE ROLL",
}


class Card(NamedTuple):
    """One card face: its type, and the number of spaces for MOVE_AHEAD / MOVE_BACK (else 0)."""

    type: CardType
    spaces: int = 0

    @property
    def key(self) -> str:
        return f"{self.type}_{self.spaces}" if self.type in NUMBERS else str(self.type)

    @property
    def title(self) -> str:
        """The card's text as the rulebook prints it."""
        return TITLES[self.type].format(n=self.spaces, s="" if self.spaces == 1 else "S")

    def __str__(self) -> str:
        return self.key


# Every card face of the rulebook, in its order: MOVE_AHEAD and MOVE_BACK once for each number.
FACES: Final = tuple(Card(kind, n) for kind in CardType for n in NUMBERS.get(kind, (0,)))
_BY_KEY: Final = {face.key: face for face in FACES}


def parse_card(text: str) -> Card:
    """'MOVE_AHEAD_4' or 'fireball' -> the card; NotationError naming the card keys otherwise."""
    key = text.strip().upper().replace("-", "_").replace(" ", "_")
    if key in _BY_KEY:
        return _BY_KEY[key]
    raise NotationError(f"{text!r} is not a Fireball Island card: write one of {', '.join(_BY_KEY)}")


def load_deck(source: str | Path | None = None) -> tuple[Card, ...]:
    """The deck from cards.toml text, a path to such a file, or (None) the shipped data.

    Every card in data order, repeated by its count. ValueError, naming the file and key,
    if a name is no card of the rulebook, a count is not a positive whole number, a kind
    of card is missing, or the cards do not add up to 48."""
    name, text = _read(source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{name}: not valid TOML: {error}") from None
    unknown = sorted(set(data) - {"deck"})
    if unknown:
        raise ValueError(f"{name}: unknown section {unknown[0]!r}: the file holds one [deck] table")
    table = data.get("deck")
    if not isinstance(table, dict) or not table:
        raise ValueError(f"{name}: [deck] is missing: one line per card face, e.g. FIREBALL = 8")
    deck: list[Card] = []
    for key, count in table.items():
        if key not in _BY_KEY:
            raise ValueError(f"{name}: [deck] {key}: no such card; the cards are {', '.join(_BY_KEY)}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ValueError(f"{name}: [deck] {key} = {count!r}: a count must be a whole number from 1 up")
        deck.extend([_BY_KEY[key]] * count)
    missing = [str(kind) for kind in CardType if all(card.type != kind for card in deck)]
    if missing:
        raise ValueError(f"{name}: [deck]: no {', '.join(missing)} card; every card of the rulebook is in the deck")
    if len(deck) != DECK_SIZE:
        raise ValueError(f"{name}: [deck]: the counts add up to {len(deck)} cards; the deck has {DECK_SIZE}")
    return tuple(deck)


def _read(source: str | Path | None) -> tuple[str, str]:
    if source is None:
        text = resources.files("gamenight.games.fireball_island").joinpath("data/cards.toml").read_text("utf-8")
        return "cards.toml", text
    if isinstance(source, Path):
        return str(source), source.read_text(encoding="utf-8")
    return "cards.toml", source


DECK: Final = load_deck()  # the 48 cards, in data order (the rules shuffle them)
COUNTS: Final = Counter(DECK)  # card -> copies in the deck
