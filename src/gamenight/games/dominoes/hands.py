"""Hands and the pile: what the three domino games do alike with the tiles nobody sees.

What the table tells about hidden hands: a seat that has to draw or pass shows that it
holds no tile that would have fitted then. The state keeps this public knowledge per seat
as a bit mask of tiles (`absent`, bit t for tile t), the view shows it, and sample_state
deals no such tile to that seat, so search samples only hands the table allows. What the
table may only guess (a seat's play suggests it lacks a tile: `unlikely`) bends the deal
without forbidding anything."""

from __future__ import annotations

import functools
import math
import random
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from gamenight.engine.errors import NotationError
from gamenight.engine.notation import hands_notation, parse_items

TRUST = 0.9
"""How often a sampled deal honours a seat's `unlikely` tiles (see deal_unseen): a guess read
from how people play, not a rule, so one deal in ten ignores it in case this seat does not."""


def deal_unseen(
    unseen: Sequence[int],
    sizes: Sequence[int],
    seat: int | None,
    own: list[int],
    rng: random.Random,
    absent: Sequence[int] = (),
    fresh: int | None = None,
    unlikely: Sequence[int] = (),
) -> tuple[list[list[int]], list[int]]:
    """Deal the unseen tiles at random to every hand but `seat`'s (which holds `own`), each
    as many as `sizes` says: (the hands, the rest as the pile, sorted). For sample_state:
    a full deal that agrees with what one seat (or, with seat None, a spectator) sees.

    `absent[s]` (a bit mask, bit t for tile t) holds the tiles seat s is known not to hold,
    because it could not play when they would have fitted (`absent_after_void`): s gets
    none of them. The most constrained seats are dealt first; should the constraints ever
    leave a seat short (they are sound, so only a bug could), it takes any tiles left.
    Seat `fresh` (if any) has just drawn a tile nobody else saw: its last tile is that one,
    dealt after the rest and free of what the seat showed before it drew.

    `unlikely[s]` (a bit mask too) holds tiles seat s probably lacks: a guess from its play,
    not a certainty. With chance TRUST the deal honours it (s gets such a tile only if the
    others run short); otherwise it deals s as if nothing were guessed."""
    rest = list(unseen)
    rng.shuffle(rest)
    hands: list[list[int]] = [own if s == seat else [] for s in range(len(sizes))]
    order = sorted((s for s in range(len(sizes)) if s != seat), key=lambda s: -(absent[s] if absent else 0).bit_count())
    for s in order:
        mask = absent[s] if absent else 0
        doubt = unlikely[s] if unlikely else 0
        size = sizes[s] - (s == fresh)
        if doubt and rng.random() >= TRUST:
            doubt = 0  # this time, deal as if the seat played by reasons of its own
        if mask or doubt:
            # A stable sort of the shuffled tiles: the allowed first, the doubted after them,
            # the absent at the very back.
            ranked = sorted(range(len(rest)), key=lambda i: 2 if mask >> rest[i] & 1 else doubt >> rest[i] & 1)
            taken = set(ranked[:size])
            hand = [rest[i] for i in ranked[:size]]
            rest = [t for i, t in enumerate(rest) if i not in taken]
        else:
            hand = rest[:size]
            del rest[:size]
        hands[s] = hand
    if fresh is not None and fresh != seat:
        hands[fresh].append(rest.pop())
    return hands, sorted(rest)


_bisect_left: Final = bisect_left
"""bisect_left as a constant: compiled (`make fast`), a module looks an imported function up
in its own dict at each call, and reads a Final constant from C (as FI's task types)."""

COMPILED: Final = not __file__.endswith(".py")
"""Whether the games run compiled (`make fast`, which compiles this module with them): see
`pile_index`."""


def pile_index(pile: list[int], tile: int) -> int:
    """Where `tile` lies in the draw pile (ValueError if it is not there), as `pile.index`
    finds it. A pile is kept in tile order (dealt from the whole set in order, read sorted
    from notation and by `deal_unseen`), so the tile is found by bisection: `list.index`
    and `list.remove` compare it with every tile before it, about a tenth of a compiled
    Wildfire decision (a draw or a deal at most decisions). A pile out of order is still
    searched whole, so the answer never depends on the order.

    The bisection is the C `bisect_left` in pure Python, and `bisect_tiles` compiled: there
    it is native code, where a call into CPython's `bisect_left` comparing boxed ints cost
    about 860 instructions a draw (in pure Python, the loop would cost more than the C)."""
    i = bisect_tiles(pile, tile) if COMPILED else _bisect_left(pile, tile)
    if i < len(pile) and pile[i] == tile:
        return i
    return pile.index(tile)


def bisect_tiles(tiles: list[int], tile: int) -> int:
    """`bisect_left(tiles, tile)`, written out (see `pile_index`)."""
    lo, hi = 0, len(tiles)
    while lo < hi:
        mid = (lo + hi) >> 1
        if tiles[mid] < tile:
            lo = mid + 1
        else:
            hi = mid
    return lo


def held(hands: list[list[int]]) -> int:
    """How many tiles the hands hold: during a deal, how many have been dealt. A loop, where
    `sum(map(len, hands))` is Python's fastest: compiled (`make fast`), the loop is native
    and the map is not, and every tile dealt asks it."""
    count = 0
    for hand in hands:
        count += len(hand)
    return count


def tile_mask(tiles: Iterable[int]) -> int:
    """Tiles as a bit mask: bit t for tile t."""
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


def mask_tiles(mask: int) -> list[int]:
    """The tiles of a bit mask, in id order (one step per tile held, not per bit)."""
    tiles = []
    while mask:
        low = mask & -mask
        tiles.append(low.bit_length() - 1)
        mask ^= low
    return tiles


def absent_view(absent: Sequence[int], name: Callable[[int], str]) -> list[list[str]]:
    """Each seat's known-absent tiles by name, for a view (public knowledge)."""
    return [list(_mask_names(mask, name)) if mask else [] for mask in absent]


@functools.lru_cache(maxsize=4096)
def _mask_names(mask: int, name: Callable[[int], str]) -> tuple[str, ...]:
    # A seat's mask changes only when it draws or passes, but a view is built at every
    # decision, for every seat: naming its tiles again each time was most of a view's cost.
    return tuple(name(t) for t in mask_tiles(mask))


def absent_from_view(names: Sequence[Sequence[str]], parse: Callable[[str], int]) -> list[int]:
    return [tile_mask(parse(t) for t in seat_names) for seat_names in names]


def absent_notation(absent: Sequence[int], name: Callable[[int], str], section: str = "absent") -> str:
    """The `absent` section of a position (or another per-seat tile mask's, such as
    `passed`), empty if nothing is known: seats split by '/'."""
    if not any(absent):
        return ""
    return f" | {section} " + hands_notation([mask_tiles(mask) for mask in absent], name)


def parse_absent(sections: dict[str, str], n: int, parse: Callable[[str], int], section: str = "absent") -> list[int]:
    if section not in sections:
        return [0] * n
    found = [tile_mask(parse_items(text, parse)) for text in sections[section].split("/")]
    if len(found) != n:
        raise NotationError(f"'{section}' lists {len(found)} seats for a {n}-player game")
    return found


def margin_result(totals: Sequence[int], sides: Sequence[int], low_wins: bool, scale: float) -> list[float]:
    """Each seat's point lead over the best other side, squashed into [0, 1] (a half for a
    tie): the shaped result search may mix into the win (ismcts's `margin` option).
    `sides[s]` is the entry of `totals` that seat s scores for; `scale` is a typical lead."""
    results = []
    for side in sides:
        best_other = [t for i, t in enumerate(totals) if i != side]
        other = min(best_other) if low_wins else max(best_other)
        lead = other - totals[side] if low_wins else totals[side] - other
        results.append(1.0 / (1.0 + math.exp(-lead / scale)))
    return results


def check_hands_in_play(hands: Sequence[Sequence[int]], turn: int, after_draw: bool, piece: str, part: str) -> None:
    """A position in play: every seat holds a `piece` ("tile", "domino"), since a seat that
    played its last has gone out and ended the `part` ("round", "hand"); and a seat that has
    just drawn held one before it drew. NotationError naming the seat otherwise."""
    for seat, hand in enumerate(hands):
        if not hand:
            raise NotationError(f"seat {seat + 1} holds no {piece}: it has gone out, so the {part} is over")
    if after_draw and len(hands[turn]) < 2:
        raise NotationError(f"seat {turn + 1} holds only the {piece} it drew: with none before, it had gone out")


def check_absent_not_held(
    hands: Sequence[Sequence[int]], absent: Sequence[int], drawer: int, drawn: int, name: Callable[[int], str]
) -> None:
    """No seat holds a tile it showed it lacks, but for the tile the `drawer` has just drawn
    (`drawn`, or -1), which may be one it lacked before. NotationError naming it otherwise."""
    for seat, hand in enumerate(hands):
        held = [t for t in hand if absent[seat] >> t & 1 and not (seat == drawer and t == drawn)]
        if held:
            raise NotationError(f"absent: seat {seat + 1} holds {name(held[0])}, which it showed it lacks")
