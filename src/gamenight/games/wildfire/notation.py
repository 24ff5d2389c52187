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
from gamenight.games.dominoes.hands import absent_notation, check_absent_not_held, check_hands_in_play, parse_absent
from gamenight.games.wildfire import rules
from gamenight.games.wildfire.layout import OBLIGATION_KINDS, UNSPUN, Layout, placement
from gamenight.games.wildfire.moves import PLAY, Move
from gamenight.games.wildfire.state import HAND_SIZE, PHASE_NAMES, Phase, WildfireState
from gamenight.games.wildfire.tiles import ALL_TILES, HUB_NUMBERS, POINTS, STARTING_DOUBLES, TILES, is_plain_double

if TYPE_CHECKING:
    from gamenight.games.wildfire.game import WildfireGame

# `:N` an obligation's hub number (`:?` before the hub); `x` after it: burnt out, its
# remaining slots closed (the obligation_burns_out house rule).
_PLACED = re.compile(r"^(.+?)@e?(\d+)(?::(\d|\?)(x)?)?$", re.IGNORECASE)


def layout_entries(layout: Layout) -> list[str]:
    """Each tile on the table as the play that laid it (`5-3@e2`, `5-W@e1:7`), the centre
    double first. Every view holds these, so they are written without building Moves, and
    a node is written once (`Layout.entries`); only an obligation's mark is written anew."""
    tiles, inners, values = layout.tiles, layout.inner, layout.value
    entries, obligations = layout.entries, layout.obligations
    if len(entries) < len(tiles):
        halves, symbols = TILES.halves, TILES.symbols
        more = [TILES.names[tiles[0]]] if not entries else []
        laid: list[int] = []
        for i in range(len(entries) + len(more), len(tiles)):
            inner = inners[i]
            a, b = halves[tiles[i]]
            more.append(f"{symbols[inner]}-{symbols[b if a == inner else a]}@e{layout.parent[i]}")
            if layout.kind[i] in OBLIGATION_KINDS:
                laid.append(i)
        entries = layout.entries = entries + tuple(more)
        obligations = layout.obligations = obligations + tuple(laid)
    written = list(entries)
    filled: list[int] | None = None  # tiles laid on each node, counted once if needed
    for i in obligations:
        mark = ":?" if values[i] == UNSPUN else f":{values[i]}"
        if layout.free[i] == 0:  # closed: every slot filled, or burnt out
            if filled is None:
                filled = [0] * len(tiles)
                for parent in layout.parent[1:]:
                    filled[parent] += 1
            if filled[i] < _slots(tiles[i], inners[i]):
                mark += "x"
        written[i] += mark
    return written


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
    named = state.layout.tiles + [t for h in state.hands for t in h]
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
    _check_reachable(state)
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
        if layout.obligation >= 0 and layout.value[layout.obligation] == UNSPUN:
            raise NotationError(f"{token}: the obligation before it has no hub number")
        if Move(PLAY, tile, inner, end) not in rules.legal_plays(layout, [tile]):
            why = rules.why_illegal(layout, tile, inner, end) if end < len(layout.tiles) else f"there is no e{end}"
            raise NotationError(f"layout entry {token!r} is not a legal play: {why}")
        node = layout.place(tile, inner, end)
        hub = m.group(3)
        if layout.kind[node] in OBLIGATION_KINDS:
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
    unspun = layout.obligation >= 0 and layout.value[layout.obligation] == UNSPUN
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
    if phase in (Phase.DEAL, Phase.FIRST_DOUBLE) and layout.tiles:
        raise NotationError(f"phase={PHASE_NAMES[phase]} is before the centre double is placed")
    if phase not in (Phase.DEAL, Phase.FIRST_DOUBLE, Phase.OVER) and not layout.tiles:
        raise NotationError("the layout is empty: write the centre double first")
    if phase in (Phase.DRAW, Phase.PENALTY, Phase.FIRST_DOUBLE) and not state.pile:
        raise NotationError(f"phase={PHASE_NAMES[phase]} needs tiles in the pile")


# -- a position some game reaches ------------------------------------------------------
# _check_phase() reads the fields against each other; what follows checks that a game could
# have come to this: a deal or a round under way as the rules run them (state.py), a seat to
# act that can act, flags only where play sets them, a score sheet that has not ended the game.


def _check_reachable(state: WildfireState) -> None:
    _check_score_sheet(state)
    _check_knocks(state)
    _check_absent(state)
    if state.phase == Phase.DEAL:
        _check_deal(state)
    elif state.phase == Phase.FIRST_DOUBLE:
        _check_first_double(state)
    elif state.phase == Phase.OVER:
        _check_finish(state)
    else:
        _check_round_in_play(state)


def _game_over(state: WildfireState, sheet: list[list[int]]) -> bool:
    """What _end_round() asks after a round: the rounds agreed are played, or someone has the target."""
    options = state.game.options
    if options.rounds is not None:
        return len(sheet) >= options.rounds
    return bool(sheet) and max(map(sum, zip(*sheet, strict=True))) >= options.target_score


def _check_score_sheet(state: WildfireState) -> None:
    # R-WF THE WINNER: the game ends after the first round that reaches the target (or the rounds agreed).
    if any(_game_over(state, state.sheet[:played]) for played in range(1, len(state.sheet))):
        raise NotationError("the score sheet goes on after a round that ended the game")
    if state.phase != Phase.OVER and _game_over(state, state.sheet):
        raise NotationError("the score sheet has ended the game: write phase=over")
    if state.phase == Phase.OVER and not _game_over(state, state.sheet):
        options = state.game.options
        end = f"{options.rounds} rounds" if options.rounds is not None else f"a total of {options.target_score}"
        raise NotationError(f"phase=over: the score sheet has not ended the game, which ends at {end}")


def _check_knocks(state: WildfireState) -> None:
    options = state.game.options
    manual = options.knock_penalty and not options.auto_knock
    for seat, hand in enumerate(state.hands):
        # R-WF: "When a player is down to one domino, they must knock"; a draw undoes it. Once
        # over, the seat that went out on its last domino keeps its knock.
        if state.knocked[seat] and len(hand) != 1 and not (state.phase == Phase.OVER and not hand):
            raise NotationError(f"knocked={seat + 1}: seat {seat + 1} holds {len(hand)} tiles; one knocks on one")
        if state.loses_turn[seat] and not (manual and len(hand) == 1 and not state.knocked[seat] and not state.pile):
            raise NotationError(
                f"loses_turn={seat + 1}: only the knock penalty takes a turn, from a seat that ended a turn "
                "on one domino without knocking while the pile was out (D-WF-8)"
            )
    if state.loses_turn[state.turn]:
        raise NotationError(f"loses_turn={state.turn + 1}: seat {state.turn + 1} is to play, so it has missed no turn")
    seat = state.penalty
    if seat >= 0 and not (manual and seat == state.turn and len(state.hands[seat]) == 1 and not state.knocked[seat]):
        raise NotationError(
            f"penalty={seat + 1}: only the knock penalty makes a seat draw, the seat that has just ended its "
            "turn on one domino without knocking (D-WF-8)"
        )
    if state.unfilled and (state.pile or state.layout.obligation < 0):
        raise NotationError("unfilled= counts passes on an open obligation once the pile is out")


def _check_absent(state: WildfireState) -> None:
    drawer = state.turn if state.phase == Phase.AFTER_DRAW else -1
    check_absent_not_held(state.hands, state.absent, drawer, state.drawn, TILES.name)


def _check_new_round(state: WildfireState) -> None:
    """Before the centre double: nothing of the round has happened but the deal and the draws."""
    if any(state.knocked) or any(state.loses_turn) or state.penalty >= 0 or state.unfilled:
        raise NotationError(f"phase={PHASE_NAMES[state.phase]}: nobody has played yet, so nobody has knocked")
    if any(state.absent) or any(state.passed_over):
        raise NotationError(f"phase={PHASE_NAMES[state.phase]}: nobody has played yet, so nothing is known absent")


def _check_deal(state: WildfireState) -> None:
    _check_new_round(state)
    # R-WF SET-UP: seven each, dealt one at a time from the dealer's left (state.next_dealt_seat).
    dealt = sum(len(h) for h in state.hands)
    if dealt >= HAND_SIZE * state.n:
        raise NotationError(f"phase=deal: the deal is over once every player holds {HAND_SIZE}")
    for seat, hand in enumerate(state.hands):
        first = (seat - state.dealer - 1) % state.n
        expected = 0 if dealt <= first else (dealt - first - 1) // state.n + 1
        if len(hand) != expected:
            raise NotationError(
                f"phase=deal: {dealt} dealt one at a time from the dealer's left, "
                f"so seat {seat + 1} holds {expected}, not {len(hand)}"
            )


def _check_first_double(state: WildfireState) -> None:
    _check_new_round(state)
    # D-WF-7: nobody held a double after the deal, so each player draws one a pass, from the
    # dealer's left; the seats before `turn` in this pass have drawn theirs.
    order = [(state.dealer + 1 + i) % state.n for i in range(state.n)]
    drawn_this_pass = order[: order.index(state.turn)]
    size = len(state.hands[state.turn])
    for seat in order:
        expected = size + 1 if seat in drawn_this_pass else size
        if size < HAND_SIZE or len(state.hands[seat]) != expected:
            raise NotationError(
                f"phase=firstdouble: every player holds {HAND_SIZE} or more and draws one a pass from the "
                f"dealer's left, so seat {seat + 1} holds {max(expected, HAND_SIZE)}, not {len(state.hands[seat])}"
            )
        doubles = [t for t in state.hands[seat] if t in STARTING_DOUBLES]
        # Nobody held a double when this pass began, so each has at most the one it drew since.
        if len(doubles) > (seat in drawn_this_pass):
            raise NotationError(
                f"phase=firstdouble: seat {seat + 1} holds {TILES.name(doubles[-1])}, "
                "so the highest double would have started play"
            )


def _check_round_in_play(state: WildfireState) -> None:
    # R-WF: "The round ends when a player plays his last domino."
    check_hands_in_play(state.hands, state.turn, state.phase == Phase.AFTER_DRAW, "tile", "round")


def _check_finish(state: WildfireState) -> None:
    """phase=over: the last round ended, a seat going out or the table blocked, and its row
    on the sheet is what the hands left count (R-WF SCORING)."""
    if not state.layout.tiles:
        raise NotationError("phase=over: a round ends with a play, so the layout holds the last round")
    out = [seat for seat, hand in enumerate(state.hands) if not hand]
    if len(out) > 1:
        raise NotationError(f"phase=over: seats {out[0] + 1} and {out[1] + 1} hold no tile; one goes out")
    if not out and (state.pile or not state._blocked()):
        raise NotationError("phase=over: nobody has gone out and the round is not blocked, so it is not over")
    counts = [sum(POINTS[t] for t in hand) for hand in state.hands]
    if state.sheet[-1] != counts:
        row = ",".join(map(str, counts))
        written = ",".join(map(str, state.sheet[-1]))
        raise NotationError(f"phase=over: the last round scores what the hands hold, {row}, not {written}")
