"""Which tile may go where: matching, doubles, wilds and obligations.

Rule sentences are quoted from the rulebook (R-WF) or cited by design decision (D-WF-n)
in CLARIFICATIONS.md; docs/rules/wildfire.md maps each to its test.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from gamenight.games.dominoes.hands import tile_mask
from gamenight.games.wildfire.layout import (
    DOUBLE_KINDS,
    DOUBLE_WILD_ONE,
    KIND_NAMES,
    OBLIGATION_KINDS,
    PLACEMENTS,
    WILD_ONE,
    WILDFIRE_KINDS,
    Layout,
    Placement,
    placement,
)
from gamenight.games.wildfire.moves import PLAY_MOVES, Move
from gamenight.games.wildfire.tiles import ALL_TILES, POINTS, TILES, WILD, is_double_wild_one, is_wild


def fits(inner: int, value: int) -> bool:
    """R-WF: an end matches the same pips; "The Wild Ones are wild and can be played on any open end"."""
    return inner == WILD or inner == value


def fills(p: Placement, value: int) -> bool:
    """Whether a placement meets an obligation's hub number: it matches (`fits`), or the hub
    shows 1 and the tile is a Wild One laid wild half out. R-WF: "If the hub shows a '1' then
    you must play a Wild One", and a Wild One laid with its wild half out is still a Wild One
    (D-WF-9 in docs/rules/wildfire.md; only as a closing play, as every new obligation)."""
    return fits(p.inner, value) or (value == WILD and p.kind == WILD_ONE)


def legal_plays(layout: Layout, tiles: Iterable[int]) -> list[Move]:
    """Every legal way to lay one of `tiles`, ends in id order."""
    if layout.obligation >= 0:
        return _obligation_plays(layout, tiles)
    kinds = layout.kind
    open_ends = layout.open_ends
    by_number = layout.by_number
    plays: list[Move] = []
    for tile in tiles:
        for inner, crosswise, moves in _WAYS[tile]:
            if inner != WILD:
                ends = by_number.get(inner)
                if ends:
                    for end in ends:
                        plays.append(moves[end])
            elif crosswise:
                # R-WF: "The Double Wild One can not be played on another double."
                plays += [moves[end] for end in open_ends if kinds[end] not in DOUBLE_KINDS]
            else:
                plays += [moves[end] for end in open_ends]
    return plays


# _WAYS[tile]: each of PLACEMENTS[tile] as (inner, crosswise, PLAY_MOVES[tile, inner]), so that
# legal-move generation reads a tuple where it built a key and read attributes.
_WAYS: Final = tuple(tuple((p.inner, p.crosswise, PLAY_MOVES[t, p.inner]) for p in PLACEMENTS[t]) for t in ALL_TILES)


# For `playable_mask`: the tiles that can go in with each number inward (any end showing the
# number takes them), those that go in wild-inward (any open end), and the Double Wild One.
# (a tuple by number, 0 to 9: indexed in C, where a dict hashes the number and looks it up)
_INNER_MASK: Final = tuple(tile_mask(t for t in ALL_TILES for p in PLACEMENTS[t] if p.inner == v) for v in range(10))
_WILD_IN_MASK: Final = tile_mask(t for t in ALL_TILES for p in PLACEMENTS[t] if p.inner == WILD and not p.crosswise)
_CROSSWISE_WILD_MASK: Final = tile_mask(t for t in ALL_TILES for p in PLACEMENTS[t] if p.inner == WILD and p.crosswise)

_OBLIGATION_MASKS: Final[dict[int, int]] = {}  # playable_mask on an obligation, by its key (_obligation_plays)

# The plain (flameless) tiles worth more than p points in hand, for each p.
_HEAVIER_MASK: Final = tuple(tile_mask(t for t in ALL_TILES if not is_wild(t) and POINTS[t] > p) for p in range(101))


def passed_over_mask(layout: Layout, played: int) -> int:
    """The tiles a seat passes over when it plays `played` from its hand now: every plain tile
    that would have fitted and is worth more in hand. Every tile left in hand counts against
    its holder at the round's end (R-WF SCORING), so a player sheds its heaviest tile when it
    can; one who plays a lighter tile probably holds none of these (a guess, not a rule: Wild
    Ones are kept for obligations, and a player may have reasons of their own)."""
    return playable_mask(layout) & _HEAVIER_MASK[POINTS[played]]


def playable_mask(layout: Layout) -> int:
    """Every tile that has a legal play now, as a bit mask (bit t for tile t): what a seat
    that has to draw or pass shows it does not hold. The same tiles `legal_plays` would
    find among all tiles (a test checks it), read off the open numbers without a search."""
    end = layout.obligation
    if end >= 0:
        # Which tiles fit an obligation depends only on its kind, its number and whether
        # one slot is left: worked out once per such triple (players draw often there).
        key = (layout.kind[end] * 16 + layout.value[end] + 1) * 2 + (layout.free[end] == 1)  # as _obligation_plays's
        mask = _OBLIGATION_MASKS.get(key)
        if mask is None:
            mask = _OBLIGATION_MASKS[key] = tile_mask(m.tile for m in _obligation_plays(layout, ALL_TILES))
        return mask
    if not layout.open_ends:
        return 0
    # Which tiles fit depends only on which numbers are open and whether an open end takes a
    # double: a key of eleven bits. A mask has 65 bits, so each `|` of masks would make a new
    # Python int (a call, compiled): the masks are worked out once per key.
    key = layout.numbers
    kinds = layout.kind
    for end in layout.open_ends:  # (a loop: `any` of a generator makes one at every call, compiled)
        if kinds[end] not in DOUBLE_KINDS:
            key |= _CROSSWISE_BIT
            break
    mask = _PLAYABLE[key]
    if mask < 0:
        mask = _PLAYABLE[key] = _playable_for(key)
    return mask


_CROSSWISE_BIT: Final = 1 << 10  # above the open numbers' bits (0 and 2 to 9)
_PLAYABLE: Final = [-1] * (2 * _CROSSWISE_BIT)  # playable_mask by key, -1 until worked out


def _playable_for(key: int) -> int:
    """playable_mask's tiles for a key: those that go in with an open number inward, those
    that go in wild-inward (on any open end), and the Double Wild One where an end is not a
    double's."""
    mask = _WILD_IN_MASK
    for number in range(10):
        if key >> number & 1:
            mask |= _INNER_MASK[number]
    return mask | _CROSSWISE_WILD_MASK if key & _CROSSWISE_BIT else mask


def _obligation_plays(layout: Layout, tiles: Iterable[int]) -> list[Move]:
    end = layout.obligation
    kind, value = layout.kind[end], layout.value[end]
    # Which tiles may go on an open obligation, and with which inner halves, depends only on
    # its kind, its hub number (or UNSPUN, -1) and whether one slot is left: one int for the
    # three (a tuple would be built and hashed at every call).
    key = (kind * 16 + value + 1) * 2 + (layout.free[end] == 1)
    ways = _OBLIGATION_WAYS.get(key)
    if ways is None:
        ways = _OBLIGATION_WAYS[key] = tuple(
            tuple(PLAY_MOVES[t, inner] for inner in _filling_inners(t, kind, value, layout.free[end] == 1))
            for t in ALL_TILES
        )
    plays: list[Move] = []
    for tile in tiles:
        for moves in ways[tile]:
            plays.append(moves[end])
    return plays


# Per obligation's key (in _obligation_plays): for each tile, the plays (PLAY_MOVES[tile,
# inner], by end) with which it may go on the obligation (`_filling_inners`), made once a key.
_OBLIGATION_WAYS: Final[dict[int, tuple[tuple[tuple[Move, ...], ...], ...]]] = {}


def _filling_inners(tile: int, kind: int, value: int, last_slot: bool) -> tuple[int, ...]:
    """The inner halves of `tile`'s placements that may go on an open obligation of `kind`
    showing `value` (its hub number), in PLACEMENTS order."""
    on_wildfire = kind in WILDFIRE_KINDS
    on_double = kind == DOUBLE_WILD_ONE
    inners = []
    for p in PLACEMENTS[tile]:
        if not fills(p, value):
            continue
        if on_wildfire and p.crosswise:
            continue  # R-WF: "A double may never be played on a Wildfire."
        if on_double and is_double_wild_one(tile):
            continue  # R-WF: "The Double Wild One can not be played on another double."
        if p.kind in OBLIGATION_KINDS and not last_slot:
            continue  # D-WF-3: a new obligation only as the closing play
        inners.append(p.inner)
    return tuple(inners)


def why_illegal(layout: Layout, tile: int, inner: int, end: int) -> str:
    """The rule a play breaks, in words, for a play `legal_plays` does not list."""
    name = TILES.name(tile)
    p = placement(tile, inner)
    if p is None:
        if any(h != WILD and h not in range(10) for h in TILES.halves[tile]):
            return f"{name} is a Wildfire: it is played only with the Wildfire end out"
        return f"{name} has no half {TILES.symbols.get(inner, inner)} to play inward"
    if end not in layout.open_ends:
        return f"there is no open end e{end}"
    ob = layout.obligation
    if ob >= 0 and end != ob:
        node = layout.node(ob)
        return (
            f"the open {KIND_NAMES[node.kind]} at e{ob} must be completed first "
            f"(hub number {node.value}, {layout.free[ob]} left)"
        )
    node = layout.node(end)
    if not (fills(p, node.value) if end == ob else fits(p.inner, node.value)):
        return f"{TILES.oriented(p.inner, p.outer)} does not match the {node.value} at e{end}"
    if ob >= 0 and node.kind in WILDFIRE_KINDS and p.crosswise:
        return "a double may never be played on a Wildfire"
    if is_double_wild_one(tile) and layout.is_double(end):
        return "the Double Wild One can not be played on another double"
    if ob >= 0 and p.kind in OBLIGATION_KINDS:
        return (
            f"a {KIND_NAMES[p.kind]} may go on the open {KIND_NAMES[node.kind]} only as the last play that completes it"
        )
    return f"{name} cannot be played at e{end}"
