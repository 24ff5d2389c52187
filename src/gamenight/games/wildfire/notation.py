"""Position notation: the whole state as one line of text that parses back exactly.

    dealer=1 turn=3 phase=play sheet=12,0,30 | layout 9-9 9-5@e0 5-W@e1:6 | hands 6-3 2-2 / 7-0 / W-4 8-8 | pile *

Sections are split by '|'. The header holds key=value fields (seats are numbered from
1, as people number them); `layout` lists the tiles in the order they were played,
the centre double first, each later one as a play (`inner-outer@eN`, `:N` giving an
obligation's hub number, `:?` before the hub); `hands` lists each seat's tiles, seats
split by '/', '-' for an empty hand; `pile` lists the draw pile, or '*' for every tile
not named elsewhere; `absent` (only when something is known) lists, seat by seat like
`hands`, the tiles each seat showed it lacks by drawing or passing; `passed` (likewise) the
heavier tiles that fitted when each seat played a lighter one. docs/notation.md has the full grammar.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gamenight.engine.errors import NotationError
from gamenight.engine.notation import (
    check_no_fields_left,
    hands_notation,
    int_row,
    items_notation,
    parse_hands,
    parse_items,
    pop_choice,
    seat_parser,
    split_position,
)
from gamenight.games.dominoes.hands import absent_notation, parse_absent
from gamenight.games.wildfire import rules
from gamenight.games.wildfire.layout import OBLIGATION_KINDS, UNSPUN, Layout, placement
from gamenight.games.wildfire.moves import PLAY, Move, move_notation
from gamenight.games.wildfire.state import PHASE_NAMES, Phase, WildfireState
from gamenight.games.wildfire.tiles import ALL_TILES, HUB_NUMBERS, TILES, is_plain_double

if TYPE_CHECKING:
    from gamenight.games.wildfire.game import WildfireGame

# `:N` an obligation's hub number (`:?` before the hub); `x` after it: burnt out, its
# remaining slots closed (the obligation_burns_out house rule).
_PLACED = re.compile(r"^(.+?)@e?(\d+)(?::(\d|\?)(x)?)?$", re.IGNORECASE)


def layout_entries(layout: Layout) -> list[str]:
    entries = []
    filled = [0] * len(layout.nodes)
    for node in layout.nodes[1:]:
        filled[node.parent] += 1
    for i, node in enumerate(layout.nodes):
        if node.parent < 0:
            entries.append(TILES.name(node.tile))
            continue
        text = move_notation(Move(PLAY, node.tile, node.inner, node.parent))
        if node.kind in OBLIGATION_KINDS:
            text += ":?" if node.value == UNSPUN else f":{node.value}"
            if layout.free[i] + filled[i] < _slots(node.tile, node.inner):
                text += "x"  # burnt out
        entries.append(text)
    return entries


def _slots(tile: int, inner: int) -> int:
    p = placement(tile, inner)
    assert p is not None
    return p.free


def position_notation(state: WildfireState) -> str:
    header = [f"dealer={state.dealer + 1}", f"turn={state.turn + 1}", f"phase={PHASE_NAMES[state.phase]}"]
    if state.phase == Phase.AFTER_DRAW:
        header.append(f"drawn={TILES.name(state.drawn)}")
    for key, flags in (("knocked", state.knocked), ("loses_turn", state.loses_turn)):
        if any(flags):
            header.append(f"{key}=" + ",".join(str(s + 1) for s, f in enumerate(flags) if f))
    if state.penalty >= 0:
        header.append(f"penalty={state.penalty + 1}")
    if state.unfilled:
        header.append(f"unfilled={state.unfilled}")
    if state.sheet:
        header.append("sheet=" + ";".join(",".join(map(str, row)) for row in state.sheet))
    hands = hands_notation(state.hands, TILES.name)
    pile = items_notation(sorted(state.pile), TILES.name)
    absent = absent_notation(state.absent, TILES.name)
    passed = absent_notation(state.passed_over, TILES.name, "passed")
    return (
        f"{' '.join(header)} | layout {' '.join(layout_entries(state.layout))} | hands {hands} | pile {pile}"
        f"{absent}{passed}"
    )


def parse_position(game: WildfireGame, text: str) -> WildfireState:
    """The state the notation describes; NotationError naming the first thing wrong."""
    header, sections = split_position(text, ("layout", "hands", "pile", "absent", "passed"))
    state = WildfireState(game)
    n = state.n
    seat = seat_parser(n)
    state.dealer = seat("dealer", header.pop("dealer", "1"))
    state.turn = seat("turn", header.pop("turn", "1"))
    state.phase = pop_choice(header, "phase", PHASE_NAMES, "play")
    if "sheet" in header:
        state.sheet = [_score_row(row, n) for row in header.pop("sheet").split(";")]
        state.totals = [sum(col) for col in zip(*state.sheet, strict=True)]
    for key in ("knocked", "loses_turn"):
        flags = [False] * n
        for s in filter(None, header.pop(key, "").split(",")):
            flags[seat(key, s)] = True
        setattr(state, key, flags)
    state.penalty = seat("penalty", header.pop("penalty")) if "penalty" in header else -1
    state.unfilled = _unfilled(header.pop("unfilled", "0"), state)
    drawn_text = header.pop("drawn", None)
    check_no_fields_left(header)

    state.layout = _parse_layout(sections.get("layout", ""))
    state.hands = parse_hands(sections, n, TILES.parse)
    named = state.layout.tiles() + [t for h in state.hands for t in h]
    pile_text = sections.get("pile", "*").strip()
    # The pile has no order (chance draws any unseen tile), but chance_outcomes() lists it in
    # order: keep it in the set's order, as play does, so equal notation samples equally.
    if pile_text == "*":
        state.pile = sorted(set(ALL_TILES) - set(named))
    else:
        state.pile = sorted(parse_items(pile_text, TILES.parse))
    _check_every_tile_once(named + state.pile)
    state.absent = parse_absent(sections, n, TILES.parse)
    state.passed_over = parse_absent(sections, n, TILES.parse, "passed")
    state.drawn = -1
    if drawn_text is not None:
        state.drawn = TILES.parse(drawn_text)
    _check_phase(state)
    return state


def _unfilled(text: str, state: WildfireState) -> int:
    if not state.game.options.obligation_burns_out and text != "0":
        raise NotationError("unfilled= counts passes on an obligation only under obligation_burns_out")
    if not text.isascii() or not text.isdigit() or int(text) >= state.n:
        raise NotationError(f"unfilled={text}: the passes in a row on the obligation, 0 to {state.n - 1}")
    return int(text)


def _score_row(text: str, n: int) -> list[int]:
    return int_row(text, n, f"sheet row {text!r} needs {n} scores, whole numbers, split by ','")


def _check_every_tile_once(tiles: list[int]) -> None:
    seen: set[int] = set()
    for t in tiles:
        if t in seen:
            raise NotationError(f"{TILES.name(t)} is named twice")
        seen.add(t)
    missing = set(ALL_TILES) - seen
    if missing:
        names = " ".join(TILES.name(t) for t in sorted(missing))
        raise NotationError(f"{len(missing)} tile(s) are nowhere (write 'pile *' for the rest): {names}")


def _parse_layout(text: str) -> Layout:
    """Lay the tiles again one by one: each must have been a legal play when it was made."""
    layout = Layout()
    tokens = text.split()
    if not tokens:
        return layout
    centre = TILES.parse(tokens[0])
    if not is_plain_double(centre):
        raise NotationError(f"the centre must be a plain double, not {tokens[0]}")
    layout.place_centre(centre)
    burnt = -1  # an obligation written burnt out: closed once play moves elsewhere
    for token in tokens[1:]:
        m = _PLACED.match(token)
        if not m:
            raise NotationError(f"layout entry {token!r} is not a play like 5-3@e2 (or 5-W@e2:7)")
        inner, outer = TILES.parse_halves(m.group(1))
        tile, end = TILES.by_halves[(inner, outer)], int(m.group(2))
        if burnt >= 0 and layout.obligation == burnt and end != burnt:
            layout.burn_out()
        if layout.obligation >= 0 and layout.nodes[layout.obligation].value == UNSPUN:
            raise NotationError(f"{token}: the obligation before it has no hub number")
        if Move(PLAY, tile, inner, end) not in rules.legal_plays(layout, [tile]):
            why = rules.why_illegal(layout, tile, inner, end) if end < len(layout.nodes) else f"there is no e{end}"
            raise NotationError(f"layout entry {token!r} is not a legal play: {why}")
        node = layout.place(tile, inner, end)
        hub = m.group(3)
        if layout.nodes[node].kind in OBLIGATION_KINDS:
            if hub is None:
                raise NotationError(f"{token}: give the obligation's hub number (:7), or :? before the hub")
            if hub != "?":
                if int(hub) not in HUB_NUMBERS:
                    raise NotationError(f"{token}: the hub shows 1 to 9")
                layout.set_hub(int(hub))
            if m.group(4):
                if hub == "?":
                    raise NotationError(f"{token}: an obligation burns out only after its hub number is known")
                burnt = node
        elif hub is not None:
            raise NotationError(f"{token}: only a wild that opens an obligation has a hub number")
    if burnt >= 0 and layout.obligation == burnt:
        layout.burn_out()
    return layout


def _check_phase(state: WildfireState) -> None:
    phase, layout = state.phase, state.layout
    unspun = layout.obligation >= 0 and layout.nodes[layout.obligation].value == UNSPUN
    # R-WF: "The round ends when a player plays his last domino": going out on a wild
    # ends the game before the hub, so a finished game may keep an obligation at ':?'.
    if unspun != (phase == Phase.HUB) and not (unspun and phase == Phase.OVER):
        raise NotationError("phase=hub goes with an obligation written ':?', and only then")
    if (phase == Phase.AFTER_DRAW) != (state.drawn >= 0):
        raise NotationError("phase=afterdraw goes with drawn=TILE, and only then")
    if state.drawn >= 0 and state.drawn not in state.hands[state.turn]:
        raise NotationError(f"the drawn tile {TILES.name(state.drawn)} is not in seat {state.turn + 1}'s hand")
    if (phase == Phase.PENALTY) != (state.penalty >= 0) and phase != Phase.HUB:
        raise NotationError("phase=penalty goes with penalty=SEAT")
    if phase in (Phase.DEAL, Phase.FIRST_DOUBLE) and layout.nodes:
        raise NotationError(f"phase={PHASE_NAMES[phase]} is before the centre double is placed")
    if phase not in (Phase.DEAL, Phase.FIRST_DOUBLE, Phase.OVER) and not layout.nodes:
        raise NotationError("the layout is empty: write the centre double first")
    if phase in (Phase.DRAW, Phase.PENALTY, Phase.FIRST_DOUBLE) and not state.pile:
        raise NotationError(f"phase={PHASE_NAMES[phase]} needs tiles in the pile")
