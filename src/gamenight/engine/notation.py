"""The plumbing every position notation shares (docs/notation.md).

A position is one line: a header of `key=value` fields, then sections split by '|',
each a name and its body (`hands 6-3 2-2 / 7-0 | pile *`). Seats are written from 1,
as people number them. What the fields and sections mean is each game's own business;
these helpers only cut the text up and read the parts every game writes the same way,
raising a NotationError that names what was wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from gamenight.engine.errors import NotationError, RulesError

T = TypeVar("T")

_SIGNED = re.compile(r"-?[0-9]+")
_NUMBER = re.compile(r"[0-9]+")
MAX_DIGITS = 30
"""No number in a position or a move comes near this (scores, seats, ends, counts); int() refuses
a longer one only past 4,300 digits, with a ValueError, and is slow well before that."""
_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_DIGITS + 1},}}")


def check_numbers(text: str) -> None:
    """NotationError if `text` holds a number longer than any notation writes: every parser
    asks this first, so none of them reads one with int()."""
    if m := _LONG_NUMBER.search(text):
        raise NotationError(f"a number of {len(m.group())} digits: no number in notation has more than {MAX_DIGITS}")


def is_number(text: str) -> bool:
    """Plain digits 0-9 only: str.isdigit() also takes '²', which int() then refuses."""
    return bool(_NUMBER.fullmatch(text))


def split_parts(text: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The header fields by (lower-case) key, and each section as (name as written, body)."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty position")
    check_numbers(text)
    parts = [p.strip() for p in text.split("|")]
    header: dict[str, str] = {}
    for field in parts[0].split():
        key, eq, value = field.partition("=")
        if not eq or not value:
            raise NotationError(f"header field {field!r} is not key=value")
        if key.lower() in header:
            # Read on, the later one would silently win: the text says two things at once.
            raise NotationError(f"header field {key.lower()}= is given twice")
        header[key.lower()] = value
    sections = []
    for part in parts[1:]:
        name, _, body = part.partition(" ")
        sections.append((name, body.strip()))
    return header, sections


def split_position(text: str, names: tuple[str, ...]) -> tuple[dict[str, str], dict[str, str]]:
    """The header fields and the sections by name; every section must be one of `names`."""
    header, parts = split_parts(text)
    sections: dict[str, str] = {}
    for name, body in parts:
        if name.lower() not in names:
            raise NotationError(f"unknown section {name!r}: the sections are {', '.join(names)}")
        if name.lower() in sections:
            raise NotationError(f"section {name.lower()} is given twice")
        sections[name.lower()] = body
    return header, sections


def is_move(move: object, move_type: type, written: Callable[[Any], str], read: Callable[[str], object]) -> bool:
    """Whether `move` is a move of the game at all: a value of its move type whose notation
    (`written`) reads back (`read`) to it. apply() asks this of what it refuses, before it
    explains the rule a move breaks, so a value that is no move (a string, None, a plain tuple,
    a tile the set does not have) is told so by an IllegalMoveError, not by an AttributeError."""
    if not isinstance(move, move_type):
        return False
    try:
        return read(written(move)) == move
    except (RulesError, LookupError, TypeError, ValueError):
        return False  # its fields name nothing notation can write


SEATS: Final = 8
"""The most seats any game has (Wildfire's and Wildstar's eight)."""
SEAT_NAMES: Final = tuple(f"P{seat + 1}" for seat in range(SEATS))
"""A seat as the log names it, "P1" for seat 0: written once, where every step of a story names one."""
ONLY: Final = tuple(frozenset({seat}) for seat in range(SEATS))
"""The owners of an outcome only that seat may see (a tile it draws): made once, not at every draw."""
EVERYONE: Final[frozenset[int]] = frozenset()
"""The owners of an outcome every seat may see (a die rolled): none, made once. A new set at
every roll would be one more object the log keeps and the cycle collector walks."""


def plural(count: int, word: str) -> str:
    """A count of things in words: "1 point", "2 points", "0 points", "2 dominoes"."""
    return f"{count} {word}" + ("" if count == 1 else "es" if word.endswith("o") else "s")


def seat_words(words: str) -> tuple[str, ...]:
    """Each seat's name, then `words` ("P1 draws a tile"), by seat: a story tells one at most
    chance steps, and a string written once costs an index where a formatted one costs a
    new string (which the table's log then keeps)."""
    return tuple(f"{name} {words}" for name in SEAT_NAMES)


def seat_tile_words(words: str, names: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """`seat_words(f"{words} {name}")` for each of `names` (a game's tiles): [seat][tile], such
    as "P1 draws 6-3", what a drawer alone is told. Written once: 8 seats by a few dozen tiles."""
    return tuple(tuple(f"{seat} {words} {name}" for name in names) for seat in SEAT_NAMES)


KEPT = 1 << 16
"""How many moves' notation `kept` keeps: far more than a game's moves can be (Wildstar has
about 20,000); a stray move past them is written again each time."""


def kept(write: Callable[[T], str]) -> Callable[[T], str]:
    """`write` (a move's notation, a function of the move alone), with each text kept by the move
    it was written for: a table writes every move it plays (the record, the log), and a
    formatted string costs several times a dict lookup. A value that cannot be a key (a move
    with a list in it) is written each time."""
    written: dict[T, str] = {}

    def notation(move: T) -> str:
        try:
            text = written.get(move)
        except TypeError:
            return write(move)
        if text is None:
            text = write(move)
            if len(written) < KEPT:
                written[move] = text
        return text

    notation.__doc__ = write.__doc__
    return notation


def seat_parser(n: int) -> Callable[[str, str], int]:
    """seat_parser(n)(key, text): the 0-based seat written `text` (1 to n) in field `key`."""

    def seat(key: str, text: str) -> int:
        if not is_number(text) or not 1 <= int(text) <= n:
            raise NotationError(f"{key}={text!r}: seats are numbered 1 to {n}")
        return int(text) - 1

    return seat


def pop_choice(header: dict[str, str], key: str, names: Sequence[str], default: str) -> int:
    """Take field `key` out of the header: the index of its value in `names`."""
    value = header.pop(key, default)
    if value not in names:
        raise NotationError(f"{key} {value!r} is not one of: {', '.join(names)}")
    return names.index(value)


def check_no_fields_left(header: dict[str, str]) -> None:
    """Once a game has popped every field it knows: any left are unknown."""
    if header:
        raise NotationError(f"unknown field(s) in the header: {', '.join(sorted(header))}")


def int_row(text: str, n: int, error: str, *, signed: bool = False) -> list[int]:
    """`n` whole numbers split by ','; NotationError(error) otherwise."""
    cells = text.split(",")
    if len(cells) != n or not all(_is_int(c, signed) for c in cells):
        raise NotationError(error)
    return [int(c) for c in cells]


def _is_int(text: str, signed: bool) -> bool:
    return bool(_SIGNED.fullmatch(text)) if signed else is_number(text)


def parse_items(text: str, parse: Callable[[str], T]) -> list[T]:
    """The items written in `text`, split by spaces; a lone '-' is none."""
    tokens = text.split()
    if tokens == ["-"]:
        return []
    return [parse(t) for t in tokens]


def items_notation(values: Sequence[T], name: Callable[[T], str]) -> str:
    """The inverse of parse_items(): the names split by spaces, '-' for none."""
    return " ".join(name(v) for v in values) or "-"


def parse_hands(sections: dict[str, str], n: int, parse: Callable[[str], T]) -> list[list[T]]:
    """The `hands` section: each seat's items, seats split by '/'."""
    text = sections.get("hands")
    if text is None:
        raise NotationError("a position needs a 'hands' section")
    found = [parse_items(h, parse) for h in text.split("/")]
    if len(found) != n:
        raise NotationError(f"{len(found)} hands for a {n}-player game")
    return found


def hands_notation(seat_hands: Sequence[Sequence[T]], name: Callable[[T], str]) -> str:
    """The inverse of parse_hands(): the body of the `hands` section."""
    return " / ".join(items_notation(hand, name) for hand in seat_hands)
