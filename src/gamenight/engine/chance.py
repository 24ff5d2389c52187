"""Chance outcomes, sampled with an injected generator (never the global one)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeVar, overload

from gamenight.engine.errors import StaleOutcomesError

T = TypeVar("T")

STALE: Final = (
    "these chance outcomes were listed before the pile was drawn from: list them again with chance_outcomes()"
)


def sample(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """One outcome, drawn with exactly one `rng.random()` call (replays depend on that)."""
    # (For a random.Random, its method taken from the class once, as in `choose`: compiled,
    # `rng.random()` looked the method up at every chance step.)
    r = _RANDOM_RANDOM(rng) if type(rng) is _RANDOM else rng.random()
    # The exact classes first: isinstance against a Sequence ABC (Uniform is one) goes through
    # ABCMeta.__instancecheck__, a Python call at every chance step of every playout.
    kind = type(outcomes)
    if kind is Uniform or kind is Alike or (kind is not list and kind is not tuple and isinstance(outcomes, Uniform)):
        # (a Uniform: mypy narrows on isinstance only. Declared, compiled code checks the
        # class once and reads the field natively, where `outcomes.items` is a lookup by name.)
        uniform: Uniform[T] = outcomes  # type: ignore[assignment]
        items = uniform.items
        n = len(items)
        if n != uniform.size:
            raise StaleOutcomesError(STALE)
        i = int(r * n)
        return items[i] if i < n else items[n - 1]  # (r * n rounded up to n: the last)
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]  # float rounding: r landed past the last partial sum


def choose(items: Sequence[T], rng: random.Random) -> T:
    """`rng.choice(items)`: the same item, drawn with the same `getrandbits` calls.

    This is Python's own algorithm for a `random.Random` (`_randbelow_with_getrandbits`: k
    bits, drawn again while the number is not below the length), so a game or a bot that moves
    to it replays as before; tests hold it to `rng.choice` (every length to 300, and longer). Why: compiled,
    `rng.choice` is two interpreted frames at every decision of a playout, and this one C call
    (the method taken from the class once, not looked up at each draw). A subclass may draw
    otherwise (one that overrides `random` alone draws with it): it is asked itself."""
    if type(rng) is not _RANDOM:
        return rng.choice(items)
    n = len(items)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    k = _BITS[n] if n < len(_BITS) else n.bit_length()  # (compiled, a method call costs more)
    r: int = _GETRANDBITS(rng, k)
    while r >= n:
        r = _GETRANDBITS(rng, k)
    return items[r]


_RANDOM: Final = random.Random
_RANDOM_RANDOM: Final = random.Random.random
_GETRANDBITS: Final = random.Random.getrandbits
_BITS: Final = [n.bit_length() for n in range(1024)]


class Uniform(Sequence[tuple[T, float]]):
    """Equally likely outcomes (a tile from the pile, the hub's number), listed lazily.

    A draw happens thousands of times a second in simulations: this keeps it to one
    index instead of a list of (outcome, probability) pairs and a running sum.

    `Uniform(items)` lists the list `items` itself, as a game lists its draw pile,
    `Uniform(self.pile)`: no copy at every draw (compiled, `make fast`, copying the pile and
    freeing the copy was about a twentieth of a decision). `uniform(items)` lists a copy.

    A pile is only ever cut (a draw or a deal takes a tile from it; a new deal is a new list),
    so a listing read after its pile was cut would name tiles no longer there: every read
    checks the pile's length first, and raises `StaleOutcomesError` rather than answer
    (`chance_outcomes()` lists the pile again)."""

    __slots__ = ("items", "size")

    def __init__(self, items: list[T]) -> None:
        self.items = items
        self.size = len(items)  # the pile's length when listed: shorter now, it was cut

    def _fresh(self) -> list[T]:
        """The items, checked to be those listed (see the class)."""
        items = self.items
        if len(items) != self.size:
            raise StaleOutcomesError(STALE)
        return items

    def __len__(self) -> int:
        return len(self._fresh())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Uniform):
            return self._fresh() == other._fresh()
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Uniform({self._fresh()!r})"

    @overload
    def __getitem__(self, index: int) -> tuple[T, float]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[T, float]]: ...

    def __getitem__(self, index: int | slice) -> tuple[T, float] | Sequence[tuple[T, float]]:
        items = self._fresh()
        p = 1.0 / len(items)
        if isinstance(index, slice):
            return [(item, p) for item in items[index]]
        return items[index], p


def seat_rngs(rng: random.Random, seats: int) -> list[random.Random]:
    """One generator per seat, split off a game's generator before its first chance step
    (one 64-bit draw each): bots draw from their own, so they never shift the chance steps."""
    return [random.Random(rng.getrandbits(64)) for _ in range(seats)]


def uniform(items: Sequence[T]) -> Uniform[T]:
    """Equally likely outcomes: a copy of `items`."""
    return Uniform(list(items))


class Alike(Uniform[T]):
    """Equally likely physical items of which some are alike (a pile holding four single
    stars): sampled by index like Uniform, listed as distinct outcomes whose
    probabilities add up the alike items. `Alike(items)` lists the list itself, as Uniform
    does; `alike(items)` a copy."""

    __slots__ = ("_distinct",)

    def __init__(self, items: list[T]) -> None:
        # Uniform.__init__, inlined: one is made at every draw
        self.items = items
        self.size = len(items)
        self._distinct: list[tuple[T, float]] | None = None

    def _pairs(self) -> list[tuple[T, float]]:
        items = self._fresh()  # (also when the pairs are kept: the pile may have been cut since)
        if self._distinct is None:
            p = 1.0 / len(items)
            counts: dict[T, int] = {}
            for item in items:
                counts[item] = counts.get(item, 0) + 1
            self._distinct = [(item, c * p) for item, c in counts.items()]
        return self._distinct

    def __len__(self) -> int:
        return len(self._pairs())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None

    @overload
    def __getitem__(self, index: int) -> tuple[T, float]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[T, float]]: ...

    def __getitem__(self, index: int | slice) -> tuple[T, float] | Sequence[tuple[T, float]]:
        return self._pairs()[index]


def alike(items: Sequence[T]) -> Alike[T]:
    """Equally likely items of which some are alike: a copy of `items`."""
    return Alike(list(items))
