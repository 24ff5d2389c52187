"""The Wildstar set and what each tile counts, in the rulebook's words.

A tile is a *kind*, an int: the 55 numbered tiles first, in the order of the data file,
then SINGLE_STAR and DOUBLE_STAR. The set holds four single stars, so a hand or the
pile is a list of kinds in which SINGLE_STAR may repeat.
"""

from __future__ import annotations

from collections import Counter
from importlib import resources
from typing import Final

from gamenight.engine.errors import NotationError

NUMBERS: Final = tuple(range(10))  # blank to 9
STAR_NAMES: Final = ("S", "SS")  # D-WS-1: a single star, the double star
SET_SIZE: Final = 60  # R-WS: "a double-9 set (55 pieces) plus 5 extra dominoes ... a total of 60"


def _load() -> tuple[list[str], list[tuple[int, int]], list[str]]:
    """The data file's tiles: (numbered names, their halves, every tile of the set by name)."""
    text = resources.files("gamenight.games.wildstar").joinpath("data/tiles.txt").read_text(encoding="utf-8")
    names: list[str] = []
    halves: list[tuple[int, int]] = []
    every: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        for token in raw.split("#", 1)[0].split():
            every.append(token)
            if token in STAR_NAMES:
                continue
            a, _, b = token.partition("-")
            if not (a.isdigit() and b.isdigit() and int(a) in NUMBERS and int(b) in NUMBERS):
                raise ValueError(f"data/tiles.txt:{number}: {token!r} is neither a-b (0-9) nor S or SS")
            if token in names or f"{b}-{a}" in names:
                raise ValueError(f"data/tiles.txt:{number}: {token} is listed twice")
            names.append(token)
            halves.append((int(a), int(b)))
    if len(every) != SET_SIZE or len(names) != 55:
        raise ValueError(f"data/tiles.txt: {len(every)} tiles ({len(names)} numbered), the set has 60 (55)")
    return names, halves, every


_NUMBERED, _HALVES, _EVERY = _load()

SINGLE_STAR: Final = len(_NUMBERED)
DOUBLE_STAR: Final = SINGLE_STAR + 1
NAMES: Final = (*_NUMBERED, *STAR_NAMES)  # kind -> name
KINDS: Final = tuple(range(len(NAMES)))
HALVES: Final = (*_HALVES, (-1, -1), (-1, -1))  # kind -> its two numbers; stars have none
_BY_NAME: Final = {
    **{f"{a}-{b}": k for k, (a, b) in enumerate(_HALVES)},
    **{f"{b}-{a}": k for k, (a, b) in enumerate(_HALVES)},
    "S": SINGLE_STAR,
    "SS": DOUBLE_STAR,
}
ALL_TILES: Final = tuple(sorted(_BY_NAME[name] for name in _EVERY))  # the 60 tiles, stars repeated
COPIES: Final = Counter(ALL_TILES)
DOUBLE_OF: Final = {a: k for k, (a, b) in enumerate(_HALVES) if a == b}  # number -> its double

# The count (R-WS): "Each dot on a domino counts 1 point ... Each wildstar counts 20 points.
# 0-0 counts 30 points."
POINTS: Final = tuple(
    20 if k in (SINGLE_STAR, DOUBLE_STAR) else 30 if HALVES[k] == (0, 0) else sum(HALVES[k]) for k in KINDS
)

# R-WS: the first hand begins with 9-9, "the second with the 8-8; and so on ... down through the 0-0".
STARTING_DOUBLES: Final = tuple(DOUBLE_OF[n] for n in reversed(NUMBERS))


def is_star(kind: int) -> bool:
    return kind >= SINGLE_STAR


def is_double(kind: int) -> bool:
    """A numbered double, or the double star (which stands in for any double, D-WS-1)."""
    a, b = HALVES[kind]
    return kind == DOUBLE_STAR or (a == b and a >= 0)


def name(kind: int) -> str:
    return NAMES[kind]


def parse(text: str) -> int:
    """'5-3' or '3-5', 'S', 'SS' -> the kind; NotationError otherwise."""
    key = text.strip().upper()
    if key in _BY_NAME:
        return _BY_NAME[key]
    raise NotationError(f"{text!r} is not a Wildstar tile: write a-b with numbers 0 to 9 (5-3), S or SS")


def counts(tiles: list[int]) -> Counter[int]:
    return Counter(tiles)
