"""Observation encoders: a seat's view as a fixed-shape float32 vector.

An encoder reads only the view (`state.view(seat)`), never the state: what a seat may not
know cannot reach its tensor. `check_view_only` proves it for any observation function of a
state: two states with the same view (the second drawn by `game.sample_state`) must give
identical tensors.

`encode_state(state, seat)` is the environments' fast way to the same tensor: it reads
the state's fields that the view is built from (the seat's own hand, the public table),
without building the view's dict and its names. It must equal `encode(state.view(seat))`
bit for bit: tests/envs/test_observations.py checks both that and `check_view_only` on it.

Seats are written relative to the observer (its own first, then the next to its left,
...), so one policy can play any seat. The layouts, block by block, are
`encoder.layout()`, listed in docs/rl.md.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from gamenight.engine.protocol import Game

# (check_view_only and the rest live apart, in plain Python: see view_only.)
from gamenight.envs.view_only import LeakError as LeakError
from gamenight.envs.view_only import check_view_only as check_view_only
from gamenight.envs.view_only import random_states as random_states
from gamenight.games.dominoes.hands import mask_tiles
from gamenight.games.fireball_island.state import FireballIslandState
from gamenight.games.highrise.state import HighriseState
from gamenight.games.highrise.tower import Tower
from gamenight.games.wildfire.layout import LINES, Layout
from gamenight.games.wildfire.state import WildfireState
from gamenight.games.wildstar.layout import ARM_ENDS
from gamenight.games.wildstar.state import WildstarState
from gamenight.games.wildstar.tiles import is_double

Obs = npt.NDArray[np.float32]


class Encoder:
    """Blocks of a flat vector, named; `encode(view)` fills them."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.blocks: list[tuple[str, int, int]] = []  # name, offset, size
        self._offsets: dict[str, int] = {}
        self.size = 0
        self.made_with: tuple[int, ...] = (players,)  # what __init__ was given
        self._ix: tuple[Any, ...] = ()  # (made once the layout is known: `indices`)

    def indices(self) -> tuple[Any, ...]:
        """Every position of the vector as a ready-made int, for the writes on the hot path
        (`w[ix[i]] = ONE`): compiled (`make fast`), `w[i] = 1.0` makes an int object for an
        index past 256 and a float at every write, then frees both, about a tenth of a
        batched Wildfire step; an item of this tuple (typed Any, so kept as the object it is)
        is only read. In plain Python it is one more subscript a write: the batched steps
        counted within 2% of before, either way (docs/rl.md, *Speed*)."""
        if len(self._ix) != self.size:
            self._ix = tuple(range(self.size))
        return self._ix

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as made anew: what an encoder keeps besides its layout is
        blocks already spelt out, as memoryviews (which do not pickle), all of which it
        spells out again. So an environment can be copied (`copy.deepcopy`) or pickled."""
        return (type(self), self.made_with)

    def block(self, name: str, size: int) -> int:
        self.blocks.append((name, self.size, size))
        self._offsets[name] = self.size
        self.size += size
        return self.size - size

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def layout(self) -> list[tuple[str, int, int]]:
        """(block, offset, size) in order."""
        return list(self.blocks)

    def rel(self, seat: int | None, me: int) -> int:
        """A seat relative to the observer: 0 itself, 1 the next to its left, ..."""
        return (seat - me) % self.players if seat is not None and seat >= 0 else self.players

    def encode(self, view: Mapping[str, Any]) -> Obs:
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(out, view)
        return out

    def fill(self, out: Obs, view: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def encode_state(self, state: Any, seat: int, spelt: Spelt | None = None) -> Obs:
        """`encode(state.view(seat))`, read off the state's fields that the view is built
        from (the same tensor, bit for bit; tests check it)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.write_state(writer(out), state, seat, spelt)
        return out

    def fill_state(self, out: Obs, state: Any, seat: int) -> None:
        self.write_state(writer(out), state, seat)

    def write_state(self, w: memoryview[float], state: Any, seat: int, spelt: Spelt | None = None) -> None:
        """`fill_state` into `w`, a memoryview of the encoder's size, all zeros: a batch keeps
        one per row (`out.data` makes a memoryview, and took a tenth of an observation's time).
        `spelt`, from `self.spelt()`, is the caller's own: what its last observations copied
        (a game's rows keep one each; the tensor is the same without it)."""
        self.fill(np.asarray(w), state.view(seat))

    def spelt(self) -> Spelt | None:
        """A Spelt for one caller's observations of one game at a time (None: the encoder
        spells no masks)."""
        return None

    # helpers
    def seats_onehot(self, out: Obs, name: str, seat: int | None, me: int) -> None:
        """P+1 slots: the seat relative to the observer, or the last slot for none/chance."""
        out[self._offsets[name] + self.rel(seat, me)] = 1.0

    def per_seat(self, out: Obs, name: str, values: Sequence[float], me: int, scale: float = 1.0) -> None:
        base = self._offsets[name]
        n = self.players
        for s, v in enumerate(values):
            out[base + (s - me) % n] = float(v) / scale


def _tile_parser(parse: Callable[[str], int]) -> Callable[[str], int]:
    return functools.lru_cache(maxsize=None)(parse)


ONE: Any = 1.0
"""1.0, written through a memoryview as this object (typed Any: compiled, a float literal is
made into an object again at every write). Read into a local where it is written often."""
ZERO: Any = 0.0
"""0.0, as ONE."""


def writer(out: Obs) -> memoryview[float]:
    """`out` as a memoryview: setting one float through it costs a third of NumPy's
    `out[i] = x` (both round the Python float to float32 alike)."""
    return cast("memoryview[float]", out.data)


def _write_hand(w: memoryview[float], hand0: int, drawn0: int, hand: list[int], drawn: int) -> None:
    """The three domino games' `hand` and `drawn` blocks (at `hand0`, `drawn0`): the seat's own
    tiles, and the tile it drew (-1: none, or not its turn)."""
    one = ONE
    for tile in hand:
        w[hand0 + tile] = one
    if drawn >= 0:
        w[drawn0 + drawn] = one


Rings = list[tuple[slice, slice]]
"""Where a ring of masks by seat goes for each observer (`ring_slices`)."""


def ring_slices(block: int, size: int, players: int) -> Rings:
    """For each observer, where the two parts of a ring (`Spelt.ring`) go in the block of
    masks by seat at `block`, `size` floats a seat: its own seat's on, then the rest."""
    out = []
    for me in range(players):
        split = block + (players - me) * size
        out.append((slice(block, split), slice(split, block + players * size)))
    return out


def _write_ring(
    w: memoryview[float],
    spelt: Spelt,
    k: int,
    masks: Sequence[int],
    size: int,
    to: Rings,
    seat: int,
    ix: tuple[Any, ...],
) -> None:
    """Ring k of `spelt`, brought up to date with `masks` (`size` floats a seat), written where
    `to` says for `seat`."""
    near, far = to[seat]
    head, tail = spelt.ring(k, masks, size, ix)[seat]
    w[near] = head
    if seat:
        w[far] = tail


MASKS_KEPT = 16384
"""Masks a `MaskBlocks` keeps spelt out. (Fewer, 2048, cost more: masks are often new, and
each is spelt out again after a clear.) Not Final, as TOWERS_KEPT."""


class MaskBlocks:
    """Tile masks (bit t for tile t) as blocks of `size` floats, 1.0 for each tile: a seat's
    known-absent tiles change seldom, so each mask is spelt out once, and copied into its
    block whole. Each encoder has its own (a dict read directly costs a fraction of an
    lru_cache's call); past MASKS_KEPT all are dropped (the masks of games long over, mostly)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[int, memoryview[float]] = {}

    def get(self, mask: int) -> memoryview[float]:
        block = self._kept.get(mask)
        if block is None:
            if len(self._kept) >= MASKS_KEPT:
                self._kept.clear()
            block = writer(np.zeros(self.size, dtype=np.float32))
            for tile in mask_tiles(mask):
                block[tile] = 1.0
            self._kept[mask] = block
        return block


_NO_BLOCK: Final = writer(np.zeros(0, dtype=np.float32))


class Spelt:
    """What one caller's last observations copied, kept for its next: a batch's rows share
    one encoder, and each row (or lone environment) keeps its own Spelt, since its game
    changes little from one decision to the next. The tensor is the same with or without it.

    - The tile masks, a ring of them for each block of masks by seat (Wildfire's `absent`
      and `passed_over`, Wildstar's `lacked`, Highrise's `absent`): ring k's seats' masks
      spelt out one after another, in seat order, in one block of its own, which a new mask
      changes tile by tile (a decision adds a tile or two to a mask, or none). The
      MaskBlocks' dict of thousands, each mask spelt out in a block of its own, cost 7% of a
      batched Wildfire step; a block for each seat's mask, each copied apart, 5% (`ring`).
    - The `table` block of what was `laid` (LaidBlocks; Highrise's with its `cells` after it,
      HighriseEncoder._tower), and Wildfire's `table` and `ends` blocks of `layout`
      (WildfireEncoder._table_and_ends): the blocks of the caller's own game, held with the
      object they were made for (so its identity is its own), brought up to date at each
      observation."""

    def __init__(self, rings: int = 0, players: int = 0) -> None:
        self.players = players
        self.masks: list[list[int]] = [[] for _ in range(rings)]  # each ring's seats' masks, as it holds them
        self.rings: list[memoryview[float]] = [_NO_BLOCK] * rings
        self.cuts: list[list[tuple[memoryview[float], memoryview[float]]]] = [[] for _ in range(rings)]
        self.layout: object = None
        self.ends: memoryview[float] = _NO_BLOCK
        self.end_keys: list[int] = []  # the node each end's features were written for, and its value (-1: none)
        self.end_free: list[int] = []  # and its free places then (0: not written)
        self.open: list[int] = []  # the ends written
        self.laid: object = None
        self.table: memoryview[float] = _NO_BLOCK
        self.count = 0  # the dominoes of `laid` in `table` (Wildfire: the tiles of `layout`)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled empty (its blocks are memoryviews): it is spelt out again."""
        return (Spelt, (len(self.rings), self.players))

    def ring(
        self, k: int, masks: Sequence[int], size: int, ix: tuple[Any, ...]
    ) -> list[tuple[memoryview[float], memoryview[float]]]:
        """Ring k brought up to date with the seats' `masks` (bit t for tile t), `size` floats
        a seat; for each observer, the ring's two parts that, copied one after the other, put
        the seats in its order (`Encoder.rel`): from its own to the last seat, then from the
        first to the one before it (empty for seat 0). Two copies, where a block for each
        seat took one for each seat whose mask was not empty (up to eight in Wildfire).
        `ix`: ready-made indices (`Encoder.indices`), as many as the ring has floats at least."""
        seen = self.masks[k]
        if masks == seen:  # (most decisions: one comparison of the lists, in C)
            return self.cuts[k]
        n = self.players
        block = self.rings[k]
        if len(block) != n * size:
            block = self.rings[k] = writer(np.zeros(n * size, dtype=np.float32))
            self.cuts[k] = [(block[me * size :], block[: me * size]) for me in range(n)]
            seen = [0] * n
        one, zero = ONE, ZERO
        for s in range(n):
            mask, old = masks[s], seen[s]
            if mask != old:
                base = s * size
                for tile in mask_tiles(old & ~mask):
                    block[ix[base + tile]] = zero
                for tile in mask_tiles(mask & ~old):
                    block[ix[base + tile]] = one
        self.masks[k] = list(masks)
        return self.cuts[k]


TOWERS_KEPT = 1024
"""Layouts whose blocks an encoder keeps (`LaidBlocks`, HighriseEncoder._tower). Not Final:
a test lowers it, and a compiled module reads a Final's value where it is used."""


def _kept_for(kept: dict[int, Spelt], laid: list[Any]) -> Spelt:
    """For a caller without a Spelt: the one an encoder keeps for the list `laid` (by its
    identity, at most TOWERS_KEPT of them; the Spelt holds the list once used, so its id
    cannot pass to another)."""
    spelt = kept.get(id(laid))
    if spelt is None:
        if len(kept) >= TOWERS_KEPT:
            kept.clear()  # the layouts of games long over, mostly
        spelt = kept[id(laid)] = Spelt()
    return spelt


class LaidBlocks:
    """A layout's `table` block, 1.0 for each tile laid, from its list of the tiles laid (by
    id, in the order laid). Such a list only grows (a layout appends; a clone copies it), so
    each list's block is kept, by the list's identity, and only the tiles laid since are added.
    A caller's Spelt keeps its own game's; without one, several are kept here (a batch's games
    share one encoder: `_kept_for`)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[int, Spelt] = {}

    def get(self, laid: list[int], spelt: Spelt | None = None) -> memoryview[float]:
        if spelt is None:
            spelt = _kept_for(self._kept, laid)
        if spelt.laid is laid and spelt.count == len(laid):
            return spelt.table  # nothing laid since (most decisions)
        if spelt.laid is laid and spelt.count < len(laid):
            block, count = spelt.table, spelt.count
        else:
            block, count = writer(np.zeros(self.size, dtype=np.float32)), 0
        for tile in laid[count:]:
            block[tile] = 1.0
        spelt.laid, spelt.table, spelt.count = laid, block, len(laid)
        return block


def _rel_table(players: int) -> list[list[int]]:
    """rel[me][seat]: the seat relative to the observer (see Encoder.rel); index `players`
    (and -1, for a chance step) gives `players`, the slot for none."""
    return [[(s - me) % players for s in range(players)] + [players, players] for me in range(players)]


def _indexer(parse: Callable[[str], int]) -> Callable[[tuple[str, ...]], npt.NDArray[np.intp]]:
    """Tile names -> their indices as an array, cached: a seat's list of absent tiles
    changes seldom, and one NumPy assignment marks them all."""

    @functools.lru_cache(maxsize=4096)
    def indices(names: tuple[str, ...]) -> npt.NDArray[np.intp]:
        return np.array([parse(n) for n in names], dtype=np.intp)

    return indices


# -- Wildfire ------------------------------------------------------------------------------

WF_PHASES: Final = ("deal", "firstdouble", "play", "draw", "afterdraw", "hub", "penalty", "over")
WF_KINDS: Final = ("Wild One", "Double Wild One", "Double Wildfire", "Triple Wildfire")


class WildfireEncoder(Encoder):
    TILES: Final = 65
    ENDS: Final = LINES  # an end's features at its line (games/wildfire/layout.py), as the action table names it
    END_FEATURES: Final = 15  # open, value one-hot (-1, 0..9: 11), double, free/4, obligation

    def __init__(self, players: int) -> None:
        super().__init__(players)
        from gamenight.games.wildfire.tiles import TILES

        self._parse = _tile_parser(TILES.parse)
        self._indices = _indexer(self._parse)
        self._rel = _rel_table(players)
        from gamenight.games.wildfire.layout import DOUBLE_KINDS, KIND_NAMES, UNSPUN
        from gamenight.games.wildfire.state import PHASE_NAMES, Phase

        # What fill_state reads of the game's modules, kept here: an import statement in it
        # costs about a microsecond a call, a tenth of the whole.
        self._double_kinds, self._unspun, self._over = DOUBLE_KINDS, UNSPUN, Phase.OVER

        assert tuple(PHASE_NAMES) == WF_PHASES  # fill_state writes the phase as it is
        assert all(self._parse(TILES.name(tile)) == tile for tile in range(self.TILES))
        self._kind_index = {k: WF_KINDS.index(name) for k, name in enumerate(KIND_NAMES) if name in WF_KINDS}
        p, t = players, self.TILES
        self._at_hand = self.block("hand", t)
        self._at_drawn = self.block("drawn", t)
        self._at_table = self.block("table", t)
        self._at_ends = self.block("ends", self.ENDS * self.END_FEATURES)
        self._at_obligation_kind = self.block("obligation_kind", 5)
        self._at_obligation_hub = self.block("obligation_hub", 10)
        self._at_obligation_slots = self.block("obligation_slots", 1)
        self._at_phase = self.block("phase", len(WF_PHASES))
        self._at_to_act = self.block("to_act", p + 1)
        self._at_turn = self.block("turn", p + 1)
        self._at_dealer = self.block("dealer", p + 1)
        self._at_penalty = self.block("penalty", p + 1)
        self._at_hand_sizes = self.block("hand_sizes", p)
        self._at_knocked = self.block("knocked", p)
        self._at_loses_turn = self.block("loses_turn", p)
        self._at_scores = self.block("scores", p)
        self._at_absent = self.block("absent", p * t)
        self._at_passed_over = self.block("passed_over", p * t)
        self._at_pile = self.block("pile", 1)
        self._at_unfilled = self.block("unfilled", 1)
        self._at_round = self.block("round", 1)
        self._laid = LaidBlocks(t)  # the table, from the layout's tiles
        self._masks = MaskBlocks(t)
        self._no_end = writer(np.zeros(self.END_FEATURES, dtype=np.float32))
        # The blocks' slices, made once (`write_state`).
        f = self.END_FEATURES
        self._table_slice = slice(self._at_table, self._at_table + t)
        assert self._at_ends == self._at_table + t  # (one copy for both: `_table_and_ends`)
        self._table_and_ends_slice = slice(self._at_table, self._at_ends + self.ENDS * f)
        self._line_slices = [slice(t + at * f, t + (at + 1) * f) for at in range(self.ENDS)]  # in that block
        self._mask_slices = [
            [slice(block + r * t, block + (r + 1) * t) for r in range(p)]
            for block in (self._at_absent, self._at_passed_over)
        ]
        self._rings = [ring_slices(block, t, p) for block in (self._at_absent, self._at_passed_over)]

    def fill(self, out: Obs, v: Mapping[str, Any]) -> None:
        o = self._offsets
        me = v["seat"]
        parse = self._parse
        for name in v["hand"] or ():
            out[o["hand"] + parse(name)] = 1.0
        if v["drawn"] is not None:
            out[o["drawn"] + parse(v["drawn"])] = 1.0
        if v["layout"]:
            out[o["table"] + self._indices(tuple(e.split("@", 1)[0] for e in v["layout"]))] = 1.0
        ends, f = o["ends"], self.END_FEATURES
        line_of = {}
        for e in v["open_ends"]:
            line_of[e["end"]] = e["line"]
            base = ends + e["line"] * f
            out[base] = 1.0
            out[base + 2 + e["value"]] = 1.0  # -1..9 -> 1..11
            out[base + 12] = float(e["double"])
            out[base + 13] = e["free"] / 4.0
        ob = v["obligation"]
        if ob is None:
            out[o["obligation_kind"] + 4] = 1.0
        else:
            out[ends + line_of[ob["end"]] * f + 14] = 1.0
            out[o["obligation_kind"] + WF_KINDS.index(ob["kind"])] = 1.0
            out[o["obligation_hub"] + (0 if ob["hub"] is None else ob["hub"])] = 1.0
            out[o["obligation_slots"]] = ob["slots_left"] / 4.0
        out[o["phase"] + WF_PHASES.index(v["phase"])] = 1.0
        self.seats_onehot(out, "to_act", v["to_act"], me)
        self.seats_onehot(out, "turn", v["turn"], me)
        self.seats_onehot(out, "dealer", v["dealer"], me)
        self.seats_onehot(out, "penalty", v["penalty"], me)
        self.per_seat(out, "hand_sizes", v["hand_sizes"], me, 20.0)
        self.per_seat(out, "knocked", v["knocked"], me)
        self.per_seat(out, "loses_turn", v["loses_turn"], me)
        self.per_seat(out, "scores", v["scores"], me, 300.0)
        n, t = self.players, self.TILES
        indices = self._indices
        for key in ("absent", "passed_over"):
            for s, names in enumerate(v[key]):
                if names:
                    out[o[key] + ((s - me) % n) * t + indices(tuple(names))] = 1.0
        out[o["pile"]] = v["pile"] / 65.0
        out[o["unfilled"]] = v["unfilled"] / n
        out[o["round"]] = v["round"] / 10.0

    def spelt(self) -> Spelt:
        return Spelt(2, self.players)  # absent, then passed over, each by seat

    def _write_end(self, w: memoryview[float], base: int, value: int, kind: int, free: int) -> None:
        """An open end's features but the obligation's mark, at `base` (zeros)."""
        ix, one = self.indices(), ONE  # (the whole vector's: `base` is in `w`, a block or the vector)
        w[ix[base]] = one
        w[ix[base + 2 + value]] = one
        if kind in self._double_kinds:
            w[ix[base + 12]] = one
        w[ix[base + 13]] = free / 4.0

    def _table_and_ends(self, spelt: Spelt, layout: Layout) -> memoryview[float]:
        """The `table` and `ends` blocks (side by side in the vector, so one copy), the latter
        but the obligation's mark, as `spelt`'s caller last had this layout's, brought up to
        date: the tiles laid since are added to the table (a layout's list of tiles only
        grows), an end closed since is cleared from its line, and a line whose end or free
        places changed is written again (a line goes on through the tile laid on its end's
        last place). A decision changes one or two of the open ends (up to 27 in random
        games), each of which cost four writes."""
        f, t = self.END_FEATURES, self.TILES
        if spelt.layout is not layout:  # a new round or game: a layout of its own
            spelt.layout = layout
            spelt.ends = writer(np.zeros(t + self.ENDS * f, dtype=np.float32))
            spelt.count = 0  # the tiles of the table written
            spelt.end_keys = [-1] * self.ENDS  # by line: the node last written there, with its value
            spelt.end_free = [0] * self.ENDS
            spelt.open = []
        block, end_keys, end_free = spelt.ends, spelt.end_keys, spelt.end_free
        ix, one, tiles = self.indices(), ONE, layout.tiles
        for i in range(spelt.count, len(tiles)):
            block[ix[tiles[i]]] = one
        spelt.count = len(tiles)
        values, kinds, free, line, none = layout.value, layout.kind, layout.free, layout.line, self._no_end
        lines = self._line_slices
        for e in spelt.open:
            if free[e] == 0:
                at = line[e]
                block[lines[at]] = none
                end_keys[at] = -1
                end_free[at] = 0
        for e in layout.open_ends:
            # the node and its value (an obligation's hub number is set after it is laid;
            # values run from -1, UNSPUN, to 9)
            key, at = e << 4 | (values[e] + 1), line[e]
            if end_keys[at] != key or end_free[at] != free[e]:
                block[lines[at]] = none
                self._write_end(block, t + at * f, values[e], kinds[e], free[e])
                end_keys[at] = key
                end_free[at] = free[e]
        spelt.open = layout.open_ends.copy()
        return block

    def write_state(self, w: memoryview[float], state: WildfireState, seat: int, spelt: Spelt | None = None) -> None:
        """`fill(out, view(state, seat))` from the fields games/wildfire/view.py reads. The
        writes take their index and their 1.0 ready-made (`Encoder.indices`), and the blocks
        their slices: compiled, each would be made and freed at every write."""
        unspun = self._unspun
        n, t = self.players, self.TILES
        rel = self._rel[seat]
        ix, one = self.indices(), ONE
        _write_hand(w, self._at_hand, self._at_drawn, state.hands[seat], state.drawn if seat == state.turn else -1)
        layout = state.layout
        values, free = layout.value, layout.free
        ends, f = self._at_ends, self.END_FEATURES
        if spelt is not None:
            w[self._table_and_ends_slice] = self._table_and_ends(spelt, layout)
        else:
            w[self._table_slice] = self._laid.get(layout.tiles)
            for e in layout.open_ends:
                self._write_end(w, ends + layout.line[e] * f, values[e], layout.kind[e], free[e])
        ob = layout.obligation
        if ob < 0:
            w[ix[self._at_obligation_kind + 4]] = one
        else:
            hub = values[ob]
            w[ix[ends + layout.line[ob] * f + 14]] = one
            w[ix[self._at_obligation_kind + self._kind_index[layout.kind[ob]]]] = one
            w[ix[self._at_obligation_hub + (0 if hub == unspun else hub)]] = one
            w[ix[self._at_obligation_slots]] = free[ob] / 4.0
        phase = state.phase
        w[ix[self._at_phase + phase]] = one
        to_act = state.to_act()
        w[ix[self._at_to_act + (n if to_act is None else rel[to_act])]] = one
        w[ix[self._at_turn + rel[state.turn]]] = one
        w[ix[self._at_dealer + rel[state.dealer]]] = one
        w[ix[self._at_penalty + rel[state.penalty]]] = one  # -1: none
        sizes, scores = self._at_hand_sizes, self._at_scores
        knocked, loses = self._at_knocked, self._at_loses_turn
        for s in range(n):
            r = rel[s]
            w[ix[sizes + r]] = len(state.hands[s]) / 20.0
            if state.totals[s]:  # (the row is zeros: a 0 is not written, here and below)
                w[ix[scores + r]] = state.totals[s] / 300.0
            if state.knocked[s]:
                w[ix[knocked + r]] = one
            if state.loses_turn[s]:
                w[ix[loses + r]] = one
        if spelt is not None:
            _write_ring(w, spelt, 0, state.absent, t, self._rings[0], seat, ix)
            _write_ring(w, spelt, 1, state.passed_over, t, self._rings[1], seat, ix)
        else:
            kept, slots = self._masks, self._mask_slices
            for k, masks in enumerate((state.absent, state.passed_over)):
                for s in range(n):
                    mask = masks[s]
                    if mask:
                        w[slots[k][rel[s]]] = kept.get(mask)
        rounds = len(state.sheet) + (0 if phase == self._over else 1)
        w[ix[self._at_pile]] = len(state.pile) / 65.0
        if state.unfilled:
            w[ix[self._at_unfilled]] = state.unfilled / n
        w[ix[self._at_round]] = rounds / 10.0


# -- Wildstar ------------------------------------------------------------------------------

WS_PHASES: Final = ("deal", "firstdouble", "play", "draw", "afterdraw", "over")


class WildstarEncoder(Encoder):
    """The `ends` block speaks of ends as the action table names them (envs/actions.py): by
    arm in the basic game (slot 0 the centre, 1..5 the arms' tips), by end id e0..e56 with
    `doubles_branch`."""

    TILES: Final = 57
    ENDS: Final = 57
    END_FEATURES: Final = 14  # open, value one-hot (-1, 0..9: 11), double, free/5

    def __init__(self, players: int, branching: bool = False) -> None:
        super().__init__(players)
        self.made_with = (players, branching)
        self.by_arm = not branching
        self.ends = ARM_ENDS if self.by_arm else self.ENDS
        from gamenight.games.wildstar.tiles import DOUBLE_STAR, SINGLE_STAR, parse

        def parse_tile(name: str) -> int:
            if name.upper() == "SS":
                return DOUBLE_STAR
            if name.upper().startswith("S"):
                return SINGLE_STAR
            return parse(name)

        self._parse = _tile_parser(parse_tile)
        self._rel = _rel_table(players)
        from gamenight.games.wildstar.state import PHASE_NAMES
        from gamenight.games.wildstar.tiles import NAMES

        assert tuple(PHASE_NAMES) == WS_PHASES  # fill_state writes the phase as it is
        assert all(self._parse(NAMES[tile]) == tile for tile in range(self.TILES))
        self._centre = [int(name[0]) if name[0].isdigit() else -1 for name in NAMES]
        self._laid = LaidBlocks(self.TILES)  # the table, from the layout's tiles
        self._digits = MaskBlocks(10)  # a seat's lacked numbers (bit d for number d)
        p, t = players, self.TILES
        self._at_hand = self.block("hand", t)
        self._at_drawn = self.block("drawn", t)
        self._at_table = self.block("table", t)
        self._table_slice = slice(self._at_table, self._at_table + t)
        self._at_centre = self.block("centre", 10)
        self._at_ends = self.block("ends", self.ends * self.END_FEATURES)
        self._at_phase = self.block("phase", len(WS_PHASES))
        self._at_stage = self.block("stage", 3)
        self._at_arms = self.block("arms", 1)
        self._at_to_act = self.block("to_act", p + 1)
        self._at_turn = self.block("turn", p + 1)
        self._at_shuffler = self.block("shuffler", p + 1)
        self._at_hand_sizes = self.block("hand_sizes", p)
        self._at_lacked = self.block("lacked", p * 10)
        self._rings = ring_slices(self._at_lacked, 10, p)
        self._at_scores = self.block("scores", p)
        self._at_partner = self.block("partner", p)
        self._at_pile = self.block("pile", 1)
        self._at_hand_number = self.block("hand_number", 1)
        self._at_lowest_wins = self.block("lowest_wins", 1)

    def fill(self, out: Obs, v: Mapping[str, Any]) -> None:
        o = self._offsets
        me = v["seat"]
        parse = self._parse
        for name in v["hand"] or ():
            out[o["hand"] + parse(name)] = 1.0
        if v["drawn"] is not None:
            out[o["drawn"] + parse(v["drawn"])] = 1.0
        for entry in v["layout"]:
            out[o["table"] + parse(entry.split("@", 1)[0])] = 1.0
        out[o["centre"] + int(v["centre"][0])] = 1.0
        ends, f, slot = o["ends"], self.END_FEATURES, "arm" if self.by_arm else "end"
        for e in v["open_ends"]:
            base = ends + e[slot] * f
            out[base] = 1.0
            out[base + 2 + e["value"]] = 1.0
            out[base + 12] = float(e["double"])
            out[base + 13] = e["free"] / 5.0
        out[o["phase"] + WS_PHASES.index(v["phase"])] = 1.0
        out[o["stage"] + (0 if v["stage"] is None else 1 if v["stage"] == "centre" else 2)] = 1.0
        out[o["arms"]] = v["arms"] / 5.0
        self.seats_onehot(out, "to_act", v["to_act"], me)
        self.seats_onehot(out, "turn", v["turn"], me)
        self.seats_onehot(out, "shuffler", v["shuffler"], me)
        self.per_seat(out, "hand_sizes", v["hand_sizes"], me, 20.0)
        n = self.players
        for s, digits in enumerate(v["lacked"]):
            base = o["lacked"] + ((s - me) % n) * 10
            for d in digits:
                out[base + int(d)] = 1.0
        teams = v["teams"]
        scores = v["scores"]
        if teams is not None:  # a team's total shown at each of its seats
            scores = [scores[s % 2] for s in range(n)]
            self.per_seat(out, "partner", [1.0 if s % 2 == me % 2 else 0.0 for s in range(n)], me)
        self.per_seat(out, "scores", scores, me, 200.0)
        out[o["pile"]] = v["pile"] / 57.0
        out[o["hand_number"]] = v["hand_number"] / 10.0
        out[o["lowest_wins"]] = float(v["lowest_wins"])

    def spelt(self) -> Spelt:
        return Spelt(1, self.players)  # lacked, by seat

    def write_state(self, w: memoryview[float], state: WildstarState, seat: int, spelt: Spelt | None = None) -> None:
        """`fill(out, view(state, seat))` from the fields games/wildstar/view.py reads."""
        ix, one = self.indices(), ONE  # (ready-made: `Encoder.indices`)
        n = self.players
        rel = self._rel[seat]
        options = state.game.options
        partners = options.partners  # (the options are a plain dataclass: each read is a lookup)
        _write_hand(w, self._at_hand, self._at_drawn, state.hands[seat], state.drawn if seat == state.turn else -1)
        layout = state.layout
        tiles, value, free = layout.tiles, layout.value, layout.free
        w[self._table_slice] = self._laid.get(tiles, spelt)
        w[ix[self._at_centre + self._centre[state.required_double]]] = one
        ends, f = self._at_ends, self.END_FEATURES
        slots = layout.arm if self.by_arm else range(self.ENDS)
        for e in layout.playable_ends():
            base = ends + slots[e] * f
            w[ix[base]] = one
            w[ix[base + 2 + value[e]]] = one
            if is_double(tiles[e]):
                w[ix[base + 12]] = one
            w[ix[base + 13]] = free[e] / 5.0
        w[ix[self._at_phase + state.phase]] = one
        w[ix[self._at_stage + (0 if not tiles else 1 if layout.in_centre_stage() else 2)]] = one
        w[ix[self._at_arms]] = layout.arms / 5.0
        to_act = state.to_act()
        w[ix[self._at_to_act + (n if to_act is None else rel[to_act])]] = one
        w[ix[self._at_turn + rel[state.turn]]] = one
        w[ix[self._at_shuffler + rel[state.shuffler]]] = one
        sizes, lacked, scores = self._at_hand_sizes, self._at_lacked, self._at_scores
        totals = state.totals
        for s in range(n):
            r = rel[s]
            w[ix[sizes + r]] = len(state.hands[s]) / 20.0
            mask = state.lacked[s]
            if mask and spelt is None:
                base = lacked + r * 10
                w[base : base + 10] = self._digits.get(mask)
            total = totals[s % 2] if partners else totals[s]
            if total:  # (the row is zeros: a 0 is not written)
                w[ix[scores + r]] = total / 200.0
            if partners and s % 2 == seat % 2:
                w[ix[self._at_partner + r]] = one
        if spelt is not None:
            _write_ring(w, spelt, 0, state.lacked, 10, self._rings, seat, ix)
        w[ix[self._at_pile]] = len(state.pile) / 57.0
        w[ix[self._at_hand_number]] = state.hand_number / 10.0
        if not options.winner_collects:
            w[ix[self._at_lowest_wins]] = one


# -- Highrise ------------------------------------------------------------------------------

HR_PHASES: Final = ("basement", "deal", "play", "draw", "afterdraw", "over")
HR_TOPS: Final = {"0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "W": 7}


class HighriseEncoder(Encoder):
    TILES: Final = 36
    CELLS: Final = 16
    CELL_FEATURES: Final = 11  # level/8, no level yet, top one-hot (none, 0..6, W: 9)

    def __init__(self, players: int) -> None:
        super().__init__(players)
        from gamenight.games.highrise.tiles import TILES

        self._parse = _tile_parser(TILES.parse)
        self._indices = _indexer(self._parse)
        self._rel = _rel_table(players)
        from gamenight.games.highrise.state import PHASE_NAMES
        from gamenight.games.highrise.tiles import SYMBOLS

        assert tuple(PHASE_NAMES) == HR_PHASES  # fill_state writes the phase as it is
        assert all(self._parse(TILES.name(tile)) == tile for tile in range(self.TILES))
        # a cell's top half code (-1: none) -> its slot after `level` and `no level yet`
        self._top_slot = {-1: 2, **{code: 3 + HR_TOPS[symbol] for code, symbol in SYMBOLS.items()}}
        self._towers: dict[int, Spelt] = {}  # see _tower
        self._masks = MaskBlocks(self.TILES)
        # a cell's 11 features by [height + 1][top + 1] (height -1: no level yet; top -1: none)
        self._cell_blocks = [[self._cell(height, top) for top in range(-1, 8)] for height in range(-1, 64)]
        p, t = players, self.TILES
        self._at_hand = self.block("hand", t)
        self._at_drawn = self.block("drawn", t)
        self._at_table = self.block("table", t)
        self._at_cells = self.block("cells", self.CELLS * self.CELL_FEATURES)
        f = self.CELL_FEATURES
        self._table_and_cells = slice(self._at_table, self._at_cells + self.CELLS * f)  # side by side: `_tower`
        self._cell_slices = [slice(t + c * f, t + (c + 1) * f) for c in range(self.CELLS)]  # in `_tower`'s block
        self._at_spacers_left = self.block("spacers_left", 1)
        self._at_phase = self.block("phase", len(HR_PHASES))
        self._at_to_act = self.block("to_act", p + 1)
        self._at_turn = self.block("turn", p + 1)
        self._at_starter = self.block("starter", p + 1)
        self._at_hand_sizes = self.block("hand_sizes", p)
        self._at_absent = self.block("absent", p * t)
        self._rings = ring_slices(self._at_absent, t, p)
        self._at_scores = self.block("scores", p)
        self._at_pile = self.block("pile", 1)
        self._at_hand_number = self.block("hand_number", 1)

    def fill(self, out: Obs, v: Mapping[str, Any]) -> None:
        o = self._offsets
        me = v["seat"]
        parse = self._parse
        for name in v["hand"] or ():
            out[o["hand"] + parse(name)] = 1.0
        if v["drawn"] is not None:
            out[o["drawn"] + parse(v["drawn"])] = 1.0
        for name in v["basement"]:
            out[o["table"] + parse(name)] = 1.0
        for level in v["levels"]:
            for entry in level:
                out[o["table"] + parse(entry.split("@", 1)[0])] = 1.0
        base, f = o["cells"], self.CELL_FEATURES
        for i, cell in enumerate(v["cells"]):
            at = base + i * f
            if cell["level"] is None:
                out[at + 1] = 1.0
            else:
                out[at] = cell["level"] / 8.0
            top = cell["top"]
            out[at + 2 + (0 if top is None else 1 + HR_TOPS[top])] = 1.0
        out[o["spacers_left"]] = v["spacers_left"] / 12.0
        out[o["phase"] + HR_PHASES.index(v["phase"])] = 1.0
        self.seats_onehot(out, "to_act", v["to_act"], me)
        self.seats_onehot(out, "turn", v["turn"], me)
        self.seats_onehot(out, "starter", v["starter"], me)
        self.per_seat(out, "hand_sizes", v["hand_sizes"], me, 10.0)
        n, t = self.players, self.TILES
        for s, names in enumerate(v["absent"]):
            if names:
                out[o["absent"] + ((s - me) % n) * t + self._indices(tuple(names))] = 1.0
        self.per_seat(out, "scores", v["scores"], me, 100.0)
        out[o["pile"]] = v["pile"] / 36.0
        out[o["hand_number"]] = v["hand_number"] / 10.0

    def _tower(self, tower: Tower, spelt: Spelt | None) -> memoryview[float]:
        """The `table` block (a 1 for each domino in the tower) and the `cells` block, side by
        side as in the vector (one copy for both). Both change only when a domino is laid, and
        a tower's list of dominoes laid (`laid`: tile, cell a, cell b, ... as plain tuples) only
        grows then (tower.py appends; a clone copies it): so each list's blocks are kept, by
        the list's identity, and only the dominoes laid since are added, with the cells they
        lie on. A caller's `spelt` keeps its own game's; without it, several towers are kept
        here (a batch's games share one encoder: `_kept_for`)."""
        laid = tower.laid
        if spelt is None:
            spelt = _kept_for(self._towers, laid)
        if spelt.laid is laid and spelt.count == len(laid):
            return spelt.table  # nothing laid since (most decisions)
        if spelt.laid is laid and spelt.count < len(laid):
            both, count = spelt.table, spelt.count
        else:
            both, count = writer(np.zeros(self.TILES + self.CELLS * self.CELL_FEATURES, dtype=np.float32)), 0
        self._lay(tower, both, count)
        spelt.laid, spelt.table, spelt.count = laid, both, len(laid)
        return both

    def _lay(self, tower: Tower, both: memoryview[float], count: int) -> None:
        """The dominoes of `tower.laid` from `count` on added to the `table` and `cells` blocks
        in `both` (every cell written when there are none yet)."""
        blocks, height, top, laid, cells = self._cell_blocks, tower.height, tower.top, tower.laid, self._cell_slices
        if count == 0:
            for cell in range(self.CELLS):
                both[cells[cell]] = blocks[height[cell] + 1][top[cell] + 1]
        for i in range(count, len(laid)):
            tile, a, b = laid[i][:3]  # the domino, and its two cells (a spacer is under one)
            both[tile] = 1.0
            for cell in (a, b):
                both[cells[cell]] = blocks[height[cell] + 1][top[cell] + 1]

    def _cell(self, height: int, top: int) -> memoryview[float]:
        values = np.zeros(self.CELL_FEATURES, dtype=np.float32)
        if height < 0:
            values[1] = 1.0
        else:
            values[0] = height / 8.0
        values[self._top_slot[top]] = 1.0
        return writer(values)

    def spelt(self) -> Spelt:
        return Spelt(1, self.players)  # absent, by seat

    def write_state(self, w: memoryview[float], state: HighriseState, seat: int, spelt: Spelt | None = None) -> None:
        """`fill(out, view(state, seat))` from the fields games/highrise/view.py reads."""
        ix, one = self.indices(), ONE  # (ready-made: `Encoder.indices`)
        n, t = self.players, self.TILES
        rel = self._rel[seat]
        _write_hand(w, self._at_hand, self._at_drawn, state.hands[seat], state.drawn if seat == state.turn else -1)
        tower = state.tower
        w[self._table_and_cells] = self._tower(tower, spelt)
        w[ix[self._at_spacers_left]] = tower.spacers_left / 12.0
        w[ix[self._at_phase + state.phase]] = one
        to_act = state.to_act()
        w[ix[self._at_to_act + (n if to_act is None else rel[to_act])]] = one
        w[ix[self._at_turn + rel[state.turn]]] = one
        w[ix[self._at_starter + rel[state.starter]]] = one
        sizes, absent, scores = self._at_hand_sizes, self._at_absent, self._at_scores
        hands, totals, absents = state.hands, state.totals, state.absent
        kept = self._masks
        for s in range(n):
            r = rel[s]
            w[ix[sizes + r]] = len(hands[s]) / 10.0
            if totals[s]:
                w[ix[scores + r]] = totals[s] / 100.0
            mask = absents[s]
            if mask and spelt is None:
                at = absent + r * t
                w[at : at + t] = kept.get(mask)
        if spelt is not None:
            _write_ring(w, spelt, 0, absents, t, self._rings, seat, ix)
        w[ix[self._at_pile]] = len(state.pile) / 36.0
        w[ix[self._at_hand_number]] = state.hand_number / 10.0


# -- Fireball Island -----------------------------------------------------------------------

FI_DECISIONS: Final = ("window", "cancel", "steal", "declare", "aim", "walk", "first", "draw", "roll", "take", "hits")
FI_WINDOWS: Final = ("pre", "post", "end", "talisman", "stand")
FI_WAYS: Final = ("any", "ahead", "back")
_FI_OTHERS: Final = ("roller", "mover", "player", "owner", "victim", "drawer")  # whom a decision names


class FireballIslandEncoder(Encoder):
    def __init__(self, players: int, turn_limit: int = 1000) -> None:
        super().__init__(players)
        self.made_with = (players, turn_limit)
        from gamenight.games.fireball_island.board_data import BOARD
        from gamenight.games.fireball_island.cards import FACES
        from gamenight.games.fireball_island.decision import decision_fields

        self._decision_fields = decision_fields  # (kept for write_state, as Wildfire's encoder keeps its names)

        self.turn_limit = turn_limit or 1000
        self._space = {s: i for i, s in enumerate(BOARD.spaces)}
        self._face = {f.key: i for i, f in enumerate(FACES)}
        self._card_face = {f: i for i, f in enumerate(FACES)}
        self._decision_index = {kind: i for i, kind in enumerate(FI_DECISIONS)}
        self._window_index = {kind: i for i, kind in enumerate(FI_WINDOWS)}
        self._rel = _rel_table(players)
        self._rollway = {r: i for i, r in enumerate(BOARD.all_rollways)}
        spaces, faces, rollways = len(self._space), len(self._face), len(self._rollway)
        p = players
        self._at_pieces = self.block("pieces", p * spaces)
        self._at_lying = self.block("lying", p)
        self._at_tokens = self.block("tokens", p)
        self._at_collected = self.block("collected", p)
        self._at_jewel_owner = self.block("jewel_owner", p + 1)
        self._at_jewel_at = self.block("jewel_at", spaces + 1)
        self._at_hand = self.block("hand", faces)
        self._at_hand_sizes = self.block("hand_sizes", p)
        self._at_discard = self.block("discard", faces)
        self._at_pile = self.block("pile", 1)
        self._at_turn = self.block("turn", p + 1)
        self._at_to_act = self.block("to_act", p + 1)
        self._at_turns = self.block("turns", 1)
        self._at_decision = self.block("decision", len(FI_DECISIONS))
        self._at_window = self.block("window", len(FI_WINDOWS))
        self._at_decision_seat = self.block("decision_seat", p + 1)
        self._at_decision_other = self.block(
            "decision_other", p + 1
        )  # roller, mover, player, owner, victim: whoever it names
        self._at_decision_card = self.block("decision_card", faces)
        self._at_decision_steps = self.block("decision_steps", 1)
        self._at_way = self.block("way", len(FI_WAYS))
        self._at_cancels = self.block("cancels", 1)
        self._at_aim = self.block("aim", rollways + 1)
        self._at_flags = self.block(
            "flags", 9
        )  # doubled, was_doubled, reroll, another, stopped, blocked, cave, exit, rolling cave
        self._at_extra = self.block("extra", 1)
        self._at_first = self.block("first", p)
        self._at_roll = self.block("roll", 1)
        self._at_ahead = self.block("ahead", 1)
        self._at_pushes = self.block("pushes", p)

    def fill(self, out: Obs, v: Mapping[str, Any]) -> None:
        o = self._offsets
        me = v["seat"]
        n = self.players
        nsp = len(self._space)
        for s, space in enumerate(v["pieces"]):
            out[o["pieces"] + ((s - me) % n) * nsp + self._space[space]] = 1.0
        self.per_seat(out, "lying", v["lying"], me)
        self.per_seat(out, "tokens", v["tokens"], me)
        self.per_seat(out, "collected", v["collected"], me)
        jewel = v["jewel"]
        self.seats_onehot(out, "jewel_owner", jewel["owner"], me)
        out[o["jewel_at"] + (nsp if jewel["at"] is None else self._space[jewel["at"]])] = 1.0
        for key in v["hand"] or ():
            out[o["hand"] + self._face[key]] += 0.25
        self.per_seat(out, "hand_sizes", v["hand_sizes"], me, 4.0)
        for key, count in v["discard"].items():
            out[o["discard"] + self._face[key]] = count / 8.0
        out[o["pile"]] = v["pile"] / 48.0
        self.seats_onehot(out, "turn", v["turn"], me)
        self.seats_onehot(out, "to_act", v["to_act"], me)
        out[o["turns"]] = v["turns"] / self.turn_limit
        d = v["decision"]
        if d is not None:
            out[o["decision"] + FI_DECISIONS.index(d["kind"])] = 1.0
            if "window" in d:
                out[o["window"] + FI_WINDOWS.index(d["window"])] = 1.0
            self.seats_onehot(out, "decision_seat", d["seat"], me)
            other = next((d[k] for k in ("roller", "mover", "player", "owner", "victim", "drawer") if k in d), None)
            self.seats_onehot(out, "decision_other", other, me)
            if "card" in d:
                out[o["decision_card"] + self._face[d["card"]]] = 1.0
            out[o["decision_steps"]] = d.get("steps", 0) / 12.0
            if "way" in d:
                out[o["way"] + FI_WAYS.index(d["way"])] = 1.0
            out[o["cancels"]] = d.get("cancels", 0) / 4.0
        aim = v["aim"]
        out[o["aim"] + (self._rollway[aim] if aim else len(self._rollway))] = 1.0
        flags = o["flags"]
        for i, key in enumerate(("doubled", "was_doubled", "reroll", "another", "stopped", "blocked")):
            out[flags + i] = float(v[key])
        out[flags + 6] = float(v["declared"] == "cave")
        out[flags + 7] = float(v["declared"] == "exit")
        out[flags + 8] = float(v["rolling"] == "cave")
        out[o["extra"]] = v["extra"] / 3.0
        self.per_seat(out, "first", v["first"], me, 6.0)
        out[o["roll"]] = v["roll"] / 12.0
        out[o["ahead"]] = v["ahead"] / 6.0
        pushes = [0.0] * n
        for player, spaces in v["pushes"]:
            pushes[player] += spaces / 3.0
        self.per_seat(out, "pushes", pushes, me)

    def write_state(
        self, w: memoryview[float], state: FireballIslandState, seat: int, spelt: Spelt | None = None
    ) -> None:
        """`fill(out, view(state, seat))` from the fields games/fireball_island/view.py
        reads (the decision without its words: `decision_fields`)."""
        decision_fields = self._decision_fields
        ix, one = self.indices(), ONE  # (ready-made: `Encoder.indices`)
        n = self.players
        rel = self._rel[seat]
        nsp = len(self._space)
        space, card_face = self._space, self._card_face
        pieces, lying, tokens = self._at_pieces, self._at_lying, self._at_tokens
        collected, sizes, first = self._at_collected, self._at_hand_sizes, self._at_first
        pos, lies, token, got = state.pos, state.lying, state.token, state.collected
        hands, firsts = state.hands, state.first
        for s in range(n):
            r = rel[s]
            w[ix[pieces + r * nsp + space[pos[s]]]] = one
            if lies[s]:
                w[ix[lying + r]] = float(lies[s])
            if token[s]:
                w[ix[tokens + r]] = float(token[s])
            if got[s]:
                w[ix[collected + r]] = float(got[s])
            w[ix[sizes + r]] = len(hands[s]) / 4.0
            if firsts[s]:
                w[ix[first + r]] = float(firsts[s]) / 6.0
        owner = state.owner
        w[ix[self._at_jewel_owner + (rel[owner] if owner >= 0 else n)]] = one
        at = state.jewel_at or None
        w[ix[self._at_jewel_at + (nsp if at is None else space[at])]] = one
        hand = self._at_hand
        for card in hands[seat]:
            w[ix[hand + card_face[card]]] += 0.25
        discard = self._at_discard
        for card, count in state.discard.items():
            w[ix[discard + card_face[card]]] = count / 8.0
        w[ix[self._at_pile]] = sum(state.pile.values()) / 48.0  # (Counter.total is Python code: slower compiled)
        w[ix[self._at_turn + rel[state.turn]]] = one
        d = decision_fields(state)
        # The decision's seat is to_act, None for chance (and no decision: the game is over);
        # both fill the one-hot's last slot.
        who = None if d is None else d["seat"]
        w[ix[self._at_to_act + (n if who is None else rel[who])]] = one
        w[ix[self._at_turns]] = state.turns / self.turn_limit
        if d is not None:
            w[ix[self._at_decision + self._decision_index[d["kind"]]]] = one
            if "window" in d:
                w[ix[self._at_window + self._window_index[d["window"]]]] = one
            w[ix[self._at_decision_seat + (n if who is None else rel[who])]] = one
            other = None  # the first of them the decision names (a loop: a generator costs more)
            for key in _FI_OTHERS:
                if key in d:
                    other = d[key]
                    break
            w[ix[self._at_decision_other + (n if other is None else rel[other])]] = one
            if "card" in d:
                w[ix[self._at_decision_card + self._face[d["card"]]]] = one
            if "steps" in d:
                w[ix[self._at_decision_steps]] = d["steps"] / 12.0
            if "way" in d:
                w[ix[self._at_way + FI_WAYS.index(d["way"])]] = one
            if "cancels" in d:
                w[ix[self._at_cancels]] = d["cancels"] / 4.0
        aim = state.aim
        w[ix[self._at_aim + (self._rollway[aim] if aim else len(self._rollway))]] = one
        flags = self._at_flags
        if state.doubled:
            w[ix[flags]] = one
        if state.was_doubled:
            w[ix[flags + 1]] = one
        if state.reroll:
            w[ix[flags + 2]] = one
        if state.another:
            w[ix[flags + 3]] = one
        if state.stopped:
            w[ix[flags + 4]] = one
        if state.blocked:
            w[ix[flags + 5]] = one
        declared = state.declared
        if declared == "cave":
            w[ix[flags + 6]] = one
        elif declared == "exit":
            w[ix[flags + 7]] = one
        if state.rolling == "cave":
            w[ix[flags + 8]] = one
        w[ix[self._at_extra]] = state.extra / 3.0
        w[ix[self._at_roll]] = state.roll / 12.0
        w[ix[self._at_ahead]] = state.ahead / 6.0
        if state.pushes:
            pushes = [0.0] * n
            for player, spaces in state.pushes:
                pushes[player] += spaces / 3.0
            for s in range(n):
                w[ix[self._at_pushes + rel[s]]] = pushes[s]


def encoder_for(game: Game) -> Encoder:
    """The encoder for `game` (its player count fixes the shape)."""
    name, opts = game.spec.name, game.options
    if name == "wildfire":
        return WildfireEncoder(opts.players)
    if name == "wildstar":
        return WildstarEncoder(opts.players, opts.doubles_branch)
    if name == "highrise":
        return HighriseEncoder(opts.players)
    if name == "fireball-island":
        return FireballIslandEncoder(opts.players, opts.turn_limit)
    raise ValueError(f"no encoder for {name!r}")
