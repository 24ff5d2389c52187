"""Domino tiles as data: a tile set is a list of two-half tiles loaded from a text file.

Halves are small ints (codes) so the rules compare ints; each game names its codes
with symbols ("5", "W", "D", ...). A tile is its index in the set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

from gamenight.engine.errors import NotationError


@dataclass(frozen=True)
class TileSet:
    halves: tuple[tuple[int, int], ...]  # tile -> (first half, second half) as in the data file
    symbols: dict[int, str]  # half code -> symbol
    codes: dict[str, int]  # symbol (upper case) -> half code
    by_halves: dict[tuple[int, int], int]  # both orders -> tile
    by_name: dict[str, int] = field(init=False, repr=False, compare=False)
    """Both orders as written by `name` -> tile: `parse`'s short cut, since search reads the
    tiles of a view thousands of times a move."""
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """tile -> its name: every view names the tiles it shows, at every decision of a game."""

    def __post_init__(self) -> None:
        by_name = {f"{self.symbols[a]}-{self.symbols[b]}": t for (a, b), t in self.by_halves.items()}
        object.__setattr__(self, "by_name", by_name)
        object.__setattr__(self, "names", tuple(f"{self.symbols[a]}-{self.symbols[b]}" for a, b in self.halves))

    @classmethod
    def load(cls, package: str, filename: str, symbols: dict[int, str], size: int) -> TileSet:
        """Read one tile a line ("9-5"; '#' starts a comment) and check the set is exact."""
        text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
        codes = {s.upper(): c for c, s in symbols.items()}
        halves: list[tuple[int, int]] = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            try:
                halves.append(_parse_halves(line, codes))
            except NotationError as exc:
                raise ValueError(f"{filename}:{number}: {exc}") from None
        by_halves: dict[tuple[int, int], int] = {}
        for tile, (a, b) in enumerate(halves):
            if (a, b) in by_halves:
                raise ValueError(f"{filename}: tile {symbols[a]}-{symbols[b]} is listed twice")
            by_halves[(a, b)] = by_halves[(b, a)] = tile
        if len(halves) != size:
            raise ValueError(f"{filename}: {len(halves)} tiles, the set has {size}")
        return cls(tuple(halves), dict(symbols), codes, by_halves)

    def __len__(self) -> int:
        return len(self.halves)

    def name(self, tile: int) -> str:
        return self.names[tile]

    def oriented(self, inner: int, outer: int) -> str:
        return f"{self.symbols[inner]}-{self.symbols[outer]}"

    def parse_halves(self, text: str) -> tuple[int, int]:
        """'5-3' -> (5, 3) in the order written; NotationError if it is not a tile of the set."""
        a, b = _parse_halves(text, self.codes)
        if (a, b) not in self.by_halves:
            raise NotationError(f"{text!r} is not a tile of this set")
        return a, b

    def parse(self, text: str) -> int:
        tile = self.by_name.get(text)
        return tile if tile is not None else self.by_halves[self.parse_halves(text)]

    def is_double(self, tile: int) -> bool:
        a, b = self.halves[tile]
        return a == b


def _parse_halves(text: str, codes: dict[str, int]) -> tuple[int, int]:
    parts = text.strip().upper().split("-")
    if len(parts) != 2 or not all(parts):
        raise NotationError(f"{text!r} is not a tile: write two halves joined by '-', like 5-3")
    try:
        return codes[parts[0]], codes[parts[1]]
    except KeyError as exc:
        known = " ".join(codes)
        raise NotationError(f"{text!r}: {exc.args[0]!r} is not a half; halves are {known}") from None
