"""Fireball Island's rules that read the board: walks, Fireball targets and hits.

These are pure functions of the board and where the pieces stand; `state.py` runs the
turns and decides who may play what. Names follow the rulebook (R-FI) and the design
decisions in CLARIFICATIONS.md section 4 (D-FI-1..5) and docs/rules/fireball-island.md.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator, Sequence
from functools import cache, lru_cache
from typing import Final, NamedTuple

from gamenight.games.fireball_island.board_data import BOARD

START: Final = BOARD.start
DOCK: Final = BOARD.dock
VUL_KAR: Final = BOARD.vul_kar_point
WITCHLORD_STEP: Final = BOARD.witchlord_step
WATER: Final = BOARD.water
BRIDGES: Final = frozenset(BOARD.bridges)

# Spaces that hold any number of pieces: the start (every piece begins there), the Dock,
# the smolder pits (R-FI: "Any number of playing pieces may occupy the same smolder pit")
# and the water. Landing on another piece anywhere else moves you on (R-FI "Roll and Move").
CROWDABLE: Final = frozenset({START, DOCK, WATER} | {BOARD.pit_space(p) for p in BOARD.pits})

_TRAIL_NEXT: Final = {s: BOARD.trail_neighbours(s) for s in BOARD.spaces}
TRAILS: Final = frozenset(s for s, space in BOARD.spaces.items() if space.is_trail)  # trail spaces and bridges
# The caves and the dark spaces as sets of ids: asked at every turn and every landing, and quicker
# to ask than the space's own `is_cave` (a property that reads an enum member off its class).
CAVES: Final = frozenset(s for s, space in BOARD.spaces.items() if space.is_cave)
DARK: Final = frozenset(s for s, space in BOARD.spaces.items() if space.dark)
_CAVE_BESIDE: Final = {s: BOARD.cave_beside(s) for s in BOARD.spaces if BOARD.spaces[s].is_trail}


def way_out(space: str) -> tuple[str, ...]:
    """Where a walk from `space` may take its first step.

    From a trail space: its trail neighbours. From a smolder pit: its Rock Chip (R-FI:
    "move your playing piece out onto the trail, starting on the Rock Chip space"). From a
    cave: the space beside it (R-FI: "starting on the space next to the cave you're
    exiting"); cave 4 has none. From the water: the foot of Great Sway Bluff."""
    if space in TRAILS:
        return _TRAIL_NEXT[space]
    kind = BOARD.spaces[space]
    if kind.is_water:
        return BOARD.neighbours(space)
    if kind.is_pit:
        chip = BOARD.rock_chip_of(_PIT_LETTER[space])
        return (chip,) if chip else ()
    exit_space = BOARD.cave_exit(space)
    return (exit_space,) if exit_space else ()


_PIT_LETTER: Final = {BOARD.pit_space(letter): letter for letter in BOARD.pits}

# The way a card walks a piece, by the change in its steps to the goal at every space entered:
# MOVE ANY OPPONENT BACK "back on the trail", MOVE AHEAD "ahead" (decision FI-28).
ANY_WAY: Final = 0
BACK: Final = 1
AHEAD: Final = -1


def _steps_to(goal: str) -> dict[str, int]:
    """The fewest spaces from every place to `goal` along the trails, read from the board once.

    Trail spaces and bridges by a breadth-first search out from the goal (the trail links run
    both ways). A cave, a smolder pit or the water is one space further than the space a piece
    leaves it by (`way_out`); cave 4, with no way out, has no distance and is left out."""
    steps = {goal: 0}
    todo = deque([goal])
    while todo:
        here = todo.popleft()
        for space in _TRAIL_NEXT[here]:
            if space not in steps:
                steps[space] = steps[here] + 1
                todo.append(space)
    for space, kind in BOARD.spaces.items():
        if not kind.is_trail:
            out = way_out(space)
            if out:
                steps[space] = steps[out[0]] + 1
    return steps


# R-FI BASIC PLAY: players move "toward the jewel in the center", then the owner "heads toward
# the Dock with it" and the others race after it: the goal of every piece is Vul-Kar Point
# until the jewel is taken, the Dock after (indexed by `vul_kar_open`).
STEPS_TO_GOAL: Final = {False: _steps_to(VUL_KAR), True: _steps_to(DOCK)}


def walks(
    start: str,
    steps: int,
    occupied: Collection[str],
    *,
    vul_kar_open: bool,
    push: bool = False,
    way: int = ANY_WAY,
) -> Iterator[tuple[str, ...]]:
    """Every walk of `steps` counted spaces from `start`, as the spaces entered in order.

    R-FI "Roll and Move": count every space, occupied or not, never enter a space twice in
    one move, and if the count ends on another piece go on to the next open space (D-FI-5:
    the same way on; at a fork the mover chooses). Special spaces stop a walk short:
    - a cave, entered from the space beside it, counts one space and ends the move
      (R-FI Caves 1: "not necessary to land in a cave by exact die count");
    - Vul-Kar Point before the jewel is captured ends the move (R-FI CAPTURING THE JEWEL);
    - the Dock needs no exact count (R-FI The Dock);
    - an empty bridge stops the piece; an occupied one may be crossed (R-FI Bridges).
    `occupied` holds every space another piece stands on (a walk asks only whether a space
    is in it). A push (MOVE ANY OPPONENT BACK, `push=True`) walks trails and bridges only:
    never into a cave, onto Vul-Kar Point before the capture, or onto the Dock (decision
    FI-9 in docs/rules/fireball-island.md).
    `way` BACK or AHEAD keeps to the spaces one step further from the goal, or one step nearer,
    at every space entered, a move-on included, and enters no cave (decision FI-28)."""
    yield from _walks(start, steps, occupied, vul_kar_open, push, way)


# Where a walk that enters the space ends (and a push may not go: FI-9), by `vul_kar_open`:
# Vul-Kar Point before the jewel is captured, and the Dock.
_WALK_ENDS: Final = {False: frozenset({VUL_KAR, DOCK}), True: frozenset({DOCK})}


def _walks(
    start: str, steps: int, occupied: Collection[str], vul_kar_open: bool, push: bool, way: int
) -> list[tuple[str, ...]]:
    """`walks`, as a list."""
    steps_to = STEPS_TO_GOAL[vul_kar_open]
    ends = _WALK_ENDS[vul_kar_open]
    seen = {start}
    path: list[str] = []
    found: list[tuple[str, ...]] = []
    keep = found.append

    # Walked depth first into a list (a recursive generator re-yields every walk at every level).
    def step(here: str, left: int, first: bool) -> None:
        options = way_out(here) if first else _TRAIL_NEXT[here]
        for space in options:
            if space in seen:
                continue
            if space not in TRAILS:  # a cave met on a trail; ways out of pits hold none
                continue
            if way and steps_to[space] - steps_to[here] != way:
                continue
            if space in ends:  # Vul-Kar Point before the capture, the Dock: no exact count needed
                if not push:  # (a push may not enter them)
                    keep((*path, space))
                continue
            path.append(space)
            if space in BRIDGES and space not in occupied:  # an empty bridge stops the piece
                keep(tuple(path))
            elif left <= 1:
                if space in occupied and space not in CROWDABLE:
                    seen.add(space)
                    step(space, 0, False)  # move on to the next open space
                    seen.discard(space)
                else:
                    keep(tuple(path))
            else:
                seen.add(space)
                step(space, left - 1, False)
                seen.discard(space)
            path.pop()
        if not push and not way and left >= 1 and here in TRAILS:
            cave = _CAVE_BESIDE.get(here)
            if cave is not None and cave not in occupied and cave not in seen:
                keep((*path, cave))

    if steps > 0:
        step(start, steps, True)
    return found


def walk_paths(
    start: str, steps: int, occupied: Collection[str], vul_kar_open: bool, push: bool, way: int
) -> tuple[tuple[str, ...], ...]:
    """`walks`, listed, and kept for the next time the same walk is asked with the same pieces
    near it (`pieces_near`), so that more positions share them."""
    return _walk_paths(start, steps, pieces_near(start, steps, occupied)[0], vul_kar_open, push, way)


def pieces_near(start: str, steps: int, occupied: Collection[str]) -> tuple[tuple[str, ...], int]:
    """The spaces in `occupied` that can change a walk of `steps` (or fewer) from `start`, in
    order, and how far from `start` (`distances`) any space of such a walk may be.

    A walk reads `occupied` only for spaces it enters (at most `steps` spaces, and one more
    for each piece it moves on past) and for the caves beside them, so a piece further than
    that from `start` cannot change it; nor can a piece on a CROWDABLE space (nothing moves on
    past it, and a walk never enters a pit or the water).

    A sorted tuple, not a frozenset: it keys the walks kept (`_walk_paths`, and the state's
    choices of walk), tens of thousands of keys that live as long as the process. Python's
    collector stops watching a tuple of strings once it has seen one, but watches every
    frozenset and every tuple holding one at every full collection: with frozensets (and
    moves kept by `_walk_choices`) a full collection of a long simulation cost 83-116 ms
    (benchmarks/README.md, *Garbage collection in long simulations*). At most three pieces: a
    tuple is searched as fast as a set."""
    distance = _distances(start)
    standing = [space for space in occupied if space not in CROWDABLE]
    reach = steps + len(standing) + 1
    return tuple(sorted([space for space in standing if distance.get(space, reach + 1) <= reach])), reach


class OpenWalk(NamedTuple):
    """What the walks from a space look at and enter on a board with no other piece on it."""

    looked: frozenset[str]  # the spaces a piece on would change the walks (none CROWDABLE)
    entered: frozenset[str]  # every space some walk enters


class _Watcher(Collection[str]):
    """An `occupied` for `_walks` that holds no piece and notes every space it is asked about."""

    def __init__(self) -> None:
        self.asked: set[str] = set()

    def __contains__(self, space: object) -> bool:
        assert isinstance(space, str)
        self.asked.add(space)
        return False

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


@lru_cache(maxsize=1 << 13)
def open_walk(start: str, steps: int, vul_kar_open: bool, push: bool, way: int) -> OpenWalk:
    """The spaces walks of `steps` from `start` ask about and enter when no other piece stands
    in their way (and of fewer steps for a card's walk, which decision FI-28 may shorten).

    A walk reads where the pieces are only by asking whether the spaces in `looked` are
    occupied, so with none of them occupied its walks are those of the empty board: a walk
    task keeps them by its start and count alone, where most of the pieces are far away. Kept
    by its five arguments (at most 152 starts x 12 steps x 12, fewer in play)."""
    watcher = _Watcher()
    entered: set[str] = set()
    for count in range(1, steps + 1) if way else (steps,):
        for path in _walks(start, count, watcher, vul_kar_open, push, way):
            entered.update(path)
    return OpenWalk(frozenset(watcher.asked - CROWDABLE), frozenset(entered))


def within(start: str, space: str, reach: int) -> bool:
    """Whether a walk from `start` may enter `space` when no space of it is further than `reach`."""
    return _distances(start).get(space, reach + 1) <= reach


@lru_cache(maxsize=1 << 14)
def _walk_paths(
    start: str, steps: int, near: tuple[str, ...], vul_kar_open: bool, push: bool, way: int
) -> tuple[tuple[str, ...], ...]:
    return tuple(_walks(start, steps, near, vul_kar_open, push, way))


@cache
def _distances(start: str) -> dict[str, int]:
    """The fewest moves from `start` to every space a walk may reach or look at: along the
    trails, out of a cave, pit or the water, and into the cave beside a trail space (more
    ways than any one walk has, so never more than a walk's count)."""
    distance = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        cave = _CAVE_BESIDE.get(here)
        for space in (*way_out(here), *_TRAIL_NEXT[here], *((cave,) if cave else ())):
            if space not in distance:
                distance[space] = distance[here] + 1
                todo.append(space)
    return distance


def passes(path: tuple[str, ...]) -> tuple[str, ...]:
    """The spaces a walk passes over: every space entered but the last."""
    return path[:-1]


# -- Fireballs ------------------------------------------------------------------------

HIT: Final = 0.85  # D-FI-3: the marble hits a piece on its space
KNOCK_ON: Final = 0.30  # D-FI-3: a toppled piece hits the piece on the next rollway space
STOP: Final = 0.04  # D-FI-3: base chance the marble stops after a space
STOP_BEND: Final = 0.10  # D-FI-3: added on junction and bend spaces
STOP_PER_HIT: Final = 0.25  # D-FI-3: added to every later stop chance after each piece it hits

ROLLWAYS: Final = tuple(BOARD.all_rollways.values())


def pieces_on(rollway: str, positions: Sequence[str]) -> list[int]:
    """The seats standing on a rollway's spaces, in the order the marble reaches them."""
    return [seat for _, seat in standing_on(rollway, positions)]


def standing_on(rollway: str, positions: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """The pieces on a rollway as (the index of its space on the rollway, seat), in the order
    the marble reaches them; a space two seats share counts the later seat. Read from the few
    pieces rather than the rollway's many spaces: it is asked at every Fireball."""
    index = _ROLLWAY_INDEX[rollway]
    at: dict[int, int] = {}
    for seat, space in enumerate(positions):
        k = index.get(space)
        if k is not None:
            at[k] = seat
    return tuple(sorted(at.items()))


# _ROLLWAY_INDEX[rollway][space]: where on the rollway the space is (board_data checks it is crossed once).
_ROLLWAY_INDEX: Final = {rollway.id: {space: k for k, space in enumerate(rollway.spaces)} for rollway in ROLLWAYS}


def targets(roller: int, positions: Sequence[str]) -> list[str]:
    """The rollways the roller may aim at (R-FI ROLLING A FIREBALL 1, D-FI-2's target rule):
    those with an opponent on them; if none, those with the roller's own piece; else none."""
    # Read from the pieces' spaces (the rollways over each), not rollway by rollway: it is asked
    # at every turn's start. As in `pieces_on`, a space two seats share counts the later seat.
    opponents = own = 0  # bit i: ROLLWAYS[i]
    for space, seat in {space: seat for seat, space in enumerate(positions)}.items():
        over = _ROLLWAYS_OVER.get(space, 0)
        if seat == roller:
            own |= over
        else:
            opponents |= over
    chosen = opponents or own
    return [rollway.id for i, rollway in enumerate(ROLLWAYS) if chosen >> i & 1]


# _ROLLWAYS_OVER[space]: the rollways (bit i for ROLLWAYS[i]) with `space` among their spaces.
_ROLLWAYS_OVER: Final = {
    space: sum(1 << i for i, rollway in enumerate(ROLLWAYS) if space in rollway.spaces)
    for rollway in ROLLWAYS
    for space in rollway.spaces
}


def hit_chances(rollway: str, positions: Sequence[str]) -> list[tuple[int, float]]:
    """D-FI-3's probabilistic hit model, exactly: each set of seats hit (a bit mask) with its
    probability. The marble passes the rollway's spaces in order; after each it stops with
    chance STOP (+STOP_BEND on bends and junctions, +STOP_PER_HIT per piece it has hit); on
    a piece's space it hits with chance HIT while rolling; a piece hit topples onto the next
    space and hits a piece there with chance KNOCK_ON."""
    return list(standing_hit_chances(rollway, standing_on(rollway, positions)))


@lru_cache(maxsize=4096)
def standing_hit_chances(rollway: str, standing: tuple[tuple[int, int], ...]) -> tuple[tuple[int, float], ...]:
    """`hit_chances` for the pieces `standing` on the rollway, as `standing_on` finds them (index
    on it, seat; an aim's words have found them already): cached. Worked out for where the
    pieces stand (`_hit_patterns`), whoever they are, and named."""
    seats = [seat for _, seat in standing]
    named = [
        (sum(1 << seat for j, seat in enumerate(seats) if hit >> j & 1), p)
        for hit, p in _hit_patterns(rollway, tuple([k for k, _ in standing]))
    ]
    return tuple(sorted(named))


@lru_cache(maxsize=1024)
def _hit_patterns(rollway: str, indices: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The hit model for pieces at `indices` on the rollway (in the order the marble reaches
    them): each set of them hit, as a mask of their places in `indices`, with its probability.
    The same sums, in the same order, for any seats that stand there: the seats only name
    the pieces hit (`standing_hit_chances`), so pieces on the same spaces share it."""
    piece_at = {k: j for j, k in enumerate(indices)}
    # (rolling, direct hits so far, the last space's piece toppled, mask) -> probability
    states: dict[tuple[bool, int, bool, int], float] = {(True, 0, False, 0): 1.0}
    for k, space in enumerate(BOARD.spaces_on_rollway(rollway)):
        piece = piece_at.get(k)
        slows = BOARD.spaces[space].slows_fireball
        after: dict[tuple[bool, int, bool, int], float] = {}
        for (rolling, hits, toppled, mask), p in states.items():
            branches: list[tuple[int, float]] = []  # 0 missed, 1 hit by the marble, 2 knocked over
            if piece is None:
                branches.append((0, 1.0))
            else:
                direct = HIT if rolling else 0.0
                knock = (1.0 - direct) * (KNOCK_ON if toppled else 0.0)
                branches += [(1, direct), (2, knock), (0, 1.0 - direct - knock)]
            for how, q in branches:
                if q <= 0.0:
                    continue
                hits_now = hits + (how == 1)
                hit_mask = mask | (1 << piece) if how and piece is not None else mask
                if rolling:
                    stop = min(1.0, STOP + (STOP_BEND if slows else 0.0) + STOP_PER_HIT * hits_now)
                    for still, r in ((True, 1.0 - stop), (False, stop)):
                        if r > 0.0:
                            key = (still, hits_now, how > 0, hit_mask)
                            after[key] = after.get(key, 0.0) + p * q * r
                else:
                    key = (False, hits_now, how > 0, hit_mask)
                    after[key] = after.get(key, 0.0) + p * q
        states = after
    by_mask: dict[int, float] = {}
    for (_, _, _, mask), p in states.items():
        by_mask[mask] = by_mask.get(mask, 0.0) + p
    return tuple([(mask, p) for mask, p in by_mask.items() if p > 1e-12])


def seats_in(mask: int) -> list[int]:
    return [seat for seat in range(mask.bit_length()) if mask >> seat & 1]
