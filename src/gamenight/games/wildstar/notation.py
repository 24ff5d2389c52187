"""Position notation: the whole state as one line of text that parses back exactly.

    shuffler=1 turn=3 phase=play sheet=12,0,30,7 | layout 8-8 8-5@e0 8-3@e0 | hands 6-3 S / 7-0 / SS 4-4 / 2-1 | pile *

Sections are split by '|'. The header holds key=value fields (seats numbered from 1);
the hand being played is one more than the rows of the score sheet, and its double is
the centre (9-9 for the first hand, 0-0 for the tenth). `layout` lists the tiles in the
order they were played, the centre double first, each later one as a play (4-6@e3,
S-7@e3, SS@e3); `hands` lists each seat's tiles, seats split by '/', '-' for an empty
hand; `pile` lists the draw pile, or '*' for every tile not named elsewhere.
`lacked=2:57` records, as public knowledge, that seat 2 could not play when the open
numbers were 5 and 7. docs/notation.md has the full grammar.
"""

from __future__ import annotations

import re
from collections import Counter
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
from gamenight.games.dominoes.hands import check_hands_in_play
from gamenight.games.wildstar import rules
from gamenight.games.wildstar.layout import Layout
from gamenight.games.wildstar.moves import PLAY, Move, move_notation, parse_move
from gamenight.games.wildstar.state import PHASE_NAMES, Phase, WildstarState, hand_size
from gamenight.games.wildstar.tiles import ALL_TILES, COPIES, DOUBLE_STAR, HALVES, NAMES, NUMBERS, name, parse

if TYPE_CHECKING:
    from gamenight.games.wildstar.game import WildstarGame

_LACKED = re.compile(r"^(\d+):(\d*)$")


def layout_entries(layout: Layout) -> list[str]:
    """Each node as the layout section writes it, in id order: the centre double's name, then
    each later node as the play that laid it. Only the nodes laid since the last call are
    written (`Layout.entries`)."""
    entries = layout.entries
    if len(entries) < len(layout.tiles):
        more = []
        for node in range(len(entries), len(layout.tiles)):
            tile, parent = layout.tiles[node], layout.parent[node]
            if parent < 0:
                more.append(NAMES[tile])
            else:
                outer = -1 if tile == DOUBLE_STAR else layout.value[node]
                more.append(move_notation(Move(PLAY, tile, parent, outer)))
        entries = layout.entries = entries + tuple(more)
    return list(entries)


def position_notation(state: WildstarState) -> str:
    header = [f"shuffler={state.shuffler + 1}", f"turn={state.turn + 1}", f"phase={PHASE_NAMES[state.phase]}"]
    if state.phase == Phase.AFTER_DRAW:
        header.append(f"drawn={NAMES[state.drawn]}")
    if any(state.lacked):
        cells = [f"{s + 1}:{_digits(mask)}" for s, mask in enumerate(state.lacked) if mask]
        header.append("lacked=" + ",".join(cells))
    if state.sheet:
        header.append("sheet=" + ";".join(",".join(map(str, row)) for row in state.sheet))
    hands = hands_notation(state.hands, name)
    pile = items_notation(sorted(state.pile), name)
    return f"{' '.join(header)} | layout {' '.join(layout_entries(state.layout))} | hands {hands} | pile {pile}"


def _digits(mask: int) -> str:
    return _DIGITS[mask]


# _digits of every mask of the ten numbers, written once (a view writes one per seat).
_DIGITS = tuple("".join(str(n) for n in NUMBERS if mask >> n & 1) for mask in range(1 << len(NUMBERS)))


def parse_position(game: WildstarGame, text: str) -> WildstarState:
    """The state the notation describes; NotationError naming the first thing wrong."""
    header, sections = split_position(text, ("layout", "hands", "pile"))
    state = WildstarState(game)
    n = state.n
    seat = seat_parser(n)
    state.shuffler = seat("shuffler", header.pop("shuffler", "1"))
    state.turn = seat("turn", header.pop("turn", "1"))
    state.phase = pop_choice(header, "phase", PHASE_NAMES, "play")
    if "sheet" in header:
        state.sheet = [_score_row(row, state.sides) for row in header.pop("sheet").split(";")]
        state.totals = [sum(col) for col in zip(*state.sheet, strict=True)]
    state.lacked = [0] * n
    for cell in filter(None, header.pop("lacked", "").split(",")):
        m = _LACKED.match(cell)
        if not m:
            raise NotationError(f"lacked={cell!r}: write SEAT:NUMBERS, like 2:57")
        state.lacked[seat("lacked", m.group(1))] = sum(1 << int(d) for d in set(m.group(2)))
    drawn_text = header.pop("drawn", None)
    check_no_fields_left(header)
    _check_hand_count(state, game.options.hands)

    state.layout = parse_layout(sections.get("layout", ""), state.required_double, game.options.doubles_branch)
    state.hands = parse_hands(sections, n, parse)
    named = Counter(state.layout.tiles) + Counter(t for h in state.hands for t in h)
    pile_text = sections.get("pile", "*").strip()
    # The pile has no order (a draw is any unseen tile): keep it sorted, as play does.
    if pile_text == "*":
        state.pile = sorted((Counter(ALL_TILES) - named).elements())
    else:
        state.pile = sorted(parse_items(pile_text, parse))
    _check_every_tile_once(named + Counter(state.pile))
    state.drawn = parse(drawn_text) if drawn_text is not None else -1
    _check_phase(state)
    _check_reachable(state)
    return state


def _score_row(text: str, sides: int) -> list[int]:
    return int_row(text, sides, f"sheet row {text!r} needs {sides} scores (one per player or team), whole numbers")


def _check_hand_count(state: WildstarState, hands: int) -> None:
    played = len(state.sheet)
    if state.phase == Phase.OVER and played != hands:
        raise NotationError(f"phase=over needs a score sheet of all {hands} hands, not {played}")
    if state.phase != Phase.OVER and played >= hands:
        raise NotationError(f"the score sheet has {played} hands: the game of {hands} hands is over")


def _check_every_tile_once(named: Counter[int]) -> None:
    for tile, count in sorted(named.items()):
        if count > COPIES[tile]:
            times = "once" if COPIES[tile] == 1 else f"{COPIES[tile]} times"
            raise NotationError(f"{NAMES[tile]} is named {count} times; the set has it {times}")
    missing = Counter(ALL_TILES) - named
    if missing:
        names = " ".join(NAMES[t] for t in sorted(missing.elements()))
        raise NotationError(f"{missing.total()} tile(s) are nowhere (write 'pile *' for the rest): {names}")


def parse_layout(text: str, double: int, branching: bool) -> Layout:
    """Lay the tiles again one by one: each must have been a legal play when it was made."""
    layout = Layout(branching)
    tokens = text.split()
    if not tokens:
        return layout
    centre = parse(tokens[0])
    if centre != double:
        raise NotationError(f"this hand's centre is {NAMES[double]}, not {tokens[0]}")
    layout.set_centre(centre, HALVES[centre][0])
    for token in tokens[1:]:
        move = parse_move(token)
        if move.kind != PLAY:
            raise NotationError(f"layout entry {token!r} is not a play like 4-6@e3")
        if move not in rules.legal_plays(layout, [move.tile]):
            raise NotationError(f"layout entry {token!r} is not a legal play: {rules.why_illegal(layout, move)}")
        layout.place(move.tile, move.end, layout.value[move.end] if move.tile == DOUBLE_STAR else move.outer)
    return layout


def _check_phase(state: WildstarState) -> None:
    phase, layout = state.phase, state.layout
    if (phase == Phase.AFTER_DRAW) != (state.drawn >= 0):
        raise NotationError("phase=afterdraw goes with drawn=TILE, and only then")
    if state.drawn >= 0 and state.drawn not in state.hands[state.turn]:
        raise NotationError(f"the drawn tile {NAMES[state.drawn]} is not in seat {state.turn + 1}'s hand")
    if phase in (Phase.DEAL, Phase.FIRST_DOUBLE):
        if layout.tiles:
            raise NotationError(f"phase={PHASE_NAMES[phase]} is before the centre double is set")
        dealt = sum(len(h) for h in state.hands)
        size = hand_size(state.n)
        if phase == Phase.DEAL and not (
            dealt < size * state.n and all(len(h) == _dealt_to(state, s, dealt) for s, h in enumerate(state.hands))
        ):
            raise NotationError(
                f"phase=deal: the hands must be a deal under way ({size} each, one at a time from the shuffler's left)"
            )
        if phase == Phase.FIRST_DOUBLE and state.required_double not in state.pile:
            raise NotationError(f"phase=firstdouble: {NAMES[state.required_double]} must still be in the pile")
    elif not layout.tiles:
        raise NotationError(f"the layout is empty: write the centre double ({NAMES[state.required_double]}) first")
    if phase == Phase.DRAW and not state.pile:
        raise NotationError("phase=draw needs tiles in the pile")


def _dealt_to(state: WildstarState, seat: int, dealt: int) -> int:
    """How many of the first `dealt` tiles of a deal from the shuffler's left go to `seat`."""
    first = (seat - state.shuffler - 1) % state.n
    return 0 if dealt <= first else (dealt - first - 1) // state.n + 1


# -- a position some game reaches ------------------------------------------------------
# _check_phase() reads the fields against each other; what follows checks that a game could
# have come to this, as state.py runs the rules.


def _check_reachable(state: WildstarState) -> None:
    if state.phase in (Phase.DEAL, Phase.FIRST_DOUBLE) and any(state.lacked):
        raise NotationError(f"phase={PHASE_NAMES[state.phase]}: nobody has played yet, so nobody has lacked= a number")
    if state.phase == Phase.FIRST_DOUBLE:
        _check_first_double(state)
    elif state.phase == Phase.OVER:
        _check_finish(state)
    elif state.phase != Phase.DEAL:
        # R-WS: "The first player to play all his or her dominoes is the winner of the hand."
        check_hands_in_play(state.hands, state.turn, state.phase == Phase.AFTER_DRAW, "tile", "hand")


def _check_first_double(state: WildstarState) -> None:
    """R-WS: "the person who shuffled ... draws a domino from the pile. If the shuffler does not
    draw the correct double then the drawing continues around the table": one tile each, in turn."""
    size = hand_size(state.n)
    draws = sum(len(h) for h in state.hands) - size * state.n
    if draws < 0:
        raise NotationError(f"phase=firstdouble comes after the deal, of {size} each")
    if state.turn != (state.shuffler + draws) % state.n:
        raise NotationError(
            f"phase=firstdouble: after the deal of {size} each, the drawing goes round from the shuffler, "
            f"so after {draws} draws it is seat {(state.shuffler + draws) % state.n + 1}'s turn"
        )
    for seat, hand in enumerate(state.hands):
        expected = size + _dealt_to(state, (seat + 1) % state.n, draws)  # the drawing starts at the shuffler
        if len(hand) != expected:
            raise NotationError(
                f"phase=firstdouble: {draws} drawn one at a time from the shuffler, "
                f"so seat {seat + 1} holds {expected}, not {len(hand)}"
            )


def _check_finish(state: WildstarState) -> None:
    """phase=over: the last hand ended, a seat going out or the table blocked, and its row on
    the sheet is what the hands left score (R-WS, D-WS-5)."""
    out = [seat for seat, hand in enumerate(state.hands) if not hand]
    if len(out) > 1:
        raise NotationError(f"phase=over: seats {out[0] + 1} and {out[1] + 1} hold no tile; one goes out")
    if not out and (state.pile or not state._blocked()):
        raise NotationError("phase=over: nobody has gone out and the hand is not blocked, so it is not over")
    # Score the last hand again from the hands, as the game did at its end.
    again = state.clone()
    again.sheet = state.sheet[:-1]
    again.totals = [sum(col) for col in zip(*again.sheet, strict=True)] if again.sheet else [0] * state.sides
    again._end_hand(out[0] if out else None)
    if again.sheet[-1] != state.sheet[-1]:
        row, written = (",".join(map(str, r)) for r in (again.sheet[-1], state.sheet[-1]))
        raise NotationError(f"phase=over: the last hand scores what the hands hold, {row}, not {written}")
