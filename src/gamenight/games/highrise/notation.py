"""Position notation: the whole state as one line of text that parses back exactly (shown
here on two):

    hand=1 turn=2 phase=play scores=11,0 | basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W
        | level1 5-6@a1,b1 | hands 4-4 3-0 3-3 2-2 / 6-3 5-5 1-0 2-1 5-2 | pile *

Sections are split by '|'. The header holds key=value fields (seats are numbered from
1, as people number them). Then the tower, from the bottom up:
- `basement`: the basement dominoes in slot order (data/bases.txt: on the 4x4 base
  a1-a2, b1-b2, c1-c2, d1-d2, a3-a4, b3-b4, c3-c4, d3-d4), each written with the half on
  the slot's first cell first: `5-3` puts the 5 on a1 and the 3 on a2;
- `level1`, `level2`, ...: the dominoes at that level, each as the play that laid it
  (`5-6@a1,b1`; `^` marks the cell raised on a clear spacer), in board order.
`hands` lists each seat's dominoes, seats split by '/', '-' for an empty hand; `pile`
lists the draw pile, or '*' for every domino not named elsewhere. docs/notation.md has
the full grammar.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gamenight.engine.errors import NotationError
from gamenight.engine.notation import (
    KEPT,
    check_no_fields_left,
    hands_notation,
    int_row,
    is_number,
    items_notation,
    parse_hands,
    parse_items,
    pop_choice,
    seat_parser,
    split_parts,
)
from gamenight.games.dominoes.hands import absent_notation, check_absent_not_held, check_hands_in_play, parse_absent
from gamenight.games.highrise import rules
from gamenight.games.highrise.moves import PLAY, Move, move_notation, parse_move
from gamenight.games.highrise.state import PHASE_NAMES, HighriseState, Phase
from gamenight.games.highrise.tiles import ALL_TILES, BASEMENT_SIZE, HALVES, HAND_SIZE, SYMBOLS, TILES
from gamenight.games.highrise.tower import Base, Piece, Tower

if TYPE_CHECKING:
    from gamenight.games.highrise.game import HighriseGame

_LEVEL = re.compile(r"^level(\d+)$")


def piece_notation(piece: Piece, tower: Tower) -> str:
    """A domino of the tower as the play that laid it; a basement domino as its oriented tile.
    Each text is kept by its piece and base: every view writes the whole tower, where a
    play adds one domino to it."""
    key = (piece, tower.base.name)
    text = _PIECES.get(key)
    if text is None:
        if piece.level == 0:
            text = TILES.oriented(piece.half_a, piece.half_b)
        else:
            text = move_notation(Move(PLAY, piece.tile, piece.a, piece.b, piece.half_a, piece.spacer), tower.base)
        if len(_PIECES) < KEPT:
            _PIECES[key] = text
    return text


_PIECES: dict[tuple[Piece, str], str] = {}


def basement_entries(tower: Tower) -> list[str]:
    return [piece_notation(p, tower) for p in tower.basement()]


def level_entries(tower: Tower) -> list[list[str]]:
    """level_entries(tower)[0] is level 1: each level's dominoes, in board order."""
    return [[piece_notation(p, tower) for p in level] for level in tower.levels()]


def position_notation(state: HighriseState) -> str:
    header = [f"hand={state.hand_number}", f"turn={state.turn + 1}", f"phase={PHASE_NAMES[state.phase]}"]
    if state.phase == Phase.AFTER_DRAW:
        header.append(f"drawn={TILES.name(state.drawn)}")
    header.append("scores=" + ",".join(map(str, state.totals)))
    sections = [" ".join(header), _section("basement", basement_entries(state.tower))]
    for level, entries in enumerate(level_entries(state.tower), 1):
        sections.append(_section(f"level{level}", entries))
    sections.append("hands " + hands_notation(state.hands, TILES.name))
    sections.append("pile " + items_notation(state.pile, TILES.name))
    return " | ".join(sections) + absent_notation(state.absent, TILES.name)


def _section(name: str, entries: list[str]) -> str:
    return " ".join([name, *entries])


def parse_position(game: HighriseGame, text: str) -> HighriseState:
    """The state the notation describes; NotationError naming the first thing wrong."""
    header, sections, levels = _split(text)
    state = HighriseState(game)
    n = state.n
    seat = seat_parser(n)
    hand = header.pop("hand", "1")
    if not is_number(hand) or int(hand) < 1:
        raise NotationError(f"hand={hand!r}: hands are numbered from 1")
    state.hand_number = int(hand)
    state.turn = seat("turn", header.pop("turn", "1"))
    state.phase = pop_choice(header, "phase", PHASE_NAMES, "play")
    if "scores" in header:
        scores = header.pop("scores")
        state.totals = int_row(scores, n, f"scores={scores!r} needs {n} whole numbers split by ','", signed=True)
    drawn_text = header.pop("drawn", None)
    check_no_fields_left(header)

    state.tower = parse_tower(state.tower.base, sections.get("basement", ""), levels)
    state.hands = parse_hands(sections, n, TILES.parse)
    named = state.tower.tiles() + [t for h in state.hands for t in h]
    pile_text = sections.get("pile", "*")
    # The pile has no order (a draw is any unseen domino), but chance_outcomes() lists it in
    # order: keep it in the set's order, as play does, so equal notation samples equally.
    if pile_text.strip() == "*":
        state.pile = sorted(set(ALL_TILES) - set(named))
    else:
        state.pile = sorted(parse_items(pile_text, TILES.parse))
    _check_every_tile_once(named + state.pile)
    state.drawn = TILES.parse(drawn_text) if drawn_text is not None else -1
    state.absent = parse_absent(sections, n, TILES.parse)
    _check_phase(state)
    _check_reachable(state)
    return state


def parse_tower(base: Base, basement_text: str, levels: dict[int, str]) -> Tower:
    """Lay the basement, then each level from the bottom up: every domino must lie where the
    rules let it, at the level its section names."""
    tower = Tower(base)
    tokens = basement_text.split()
    if len(tokens) > BASEMENT_SIZE:
        raise NotationError(f"the basement holds {BASEMENT_SIZE} dominoes, not {len(tokens)}")
    for token in tokens:
        halves = TILES.parse_halves(token)
        tile = TILES.by_halves[halves]
        if tile in tower.tiles():
            raise NotationError(f"{TILES.name(tile)} is named twice")
        tower.lay_basement(tile, halves != HALVES[tile])
    if levels and not tower.basement_full():
        raise NotationError("the basement must be full before any domino is played on it")
    for level in sorted(levels):
        entries = levels[level].split()
        if not entries:
            raise NotationError(f"level{level} is empty: leave it out")
        for token in entries:
            _lay(tower, token, level)
    return tower


def _lay(tower: Tower, token: str, level: int) -> None:
    move = parse_move(token, tower.base)
    if move.kind != PLAY:
        raise NotationError(f"level{level} entry {token!r} is not a domino like 5-3@a1,b1")
    if move.tile in tower.tiles():
        raise NotationError(f"{TILES.name(move.tile)} is named twice")
    if move not in rules.legal_plays(tower, [move.tile]):
        raise NotationError(
            f"level{level} entry {token!r} could not have been played: {rules.why_illegal(tower, move)}"
        )
    at = rules.level_of(tower, move)
    if at != level:
        raise NotationError(f"level{level} entry {token!r} would lie at level {at}")
    tower.place(move.tile, move.a, move.b, move.half_a, move.spacer)


def _split(text: str) -> tuple[dict[str, str], dict[str, str], dict[int, str]]:
    header, parts = split_parts(text)
    sections: dict[str, str] = {}
    levels: dict[int, str] = {}
    for written, body in parts:
        name = written.lower()
        if m := _LEVEL.match(name):
            if int(m.group(1)) < 1:
                raise NotationError("levels are numbered from 1 (the basement is not a level)")
            if int(m.group(1)) in levels:
                raise NotationError(f"section {name} is given twice")
            levels[int(m.group(1))] = body
        elif name in ("basement", "hands", "pile", "absent"):
            if name in sections:
                raise NotationError(f"section {name} is given twice")
            sections[name] = body
        else:
            names = "basement, level1, level2 ..., hands, pile, absent"
            raise NotationError(f"unknown section {name!r}: the sections are {names}")
    return header, sections, levels


def _check_every_tile_once(tiles: list[int]) -> None:
    seen: set[int] = set()
    for t in tiles:
        if t in seen:
            raise NotationError(f"{TILES.name(t)} is named twice")
        seen.add(t)
    missing = set(ALL_TILES) - seen
    if missing:
        names = " ".join(TILES.name(t) for t in sorted(missing))
        raise NotationError(f"{len(missing)} domino(es) are nowhere (write 'pile *' for the rest): {names}")


def _check_phase(state: HighriseState) -> None:
    phase, tower = state.phase, state.tower
    played = len(tower.pieces) > BASEMENT_SIZE
    dealt = sum(len(h) for h in state.hands)
    if (phase == Phase.BASEMENT) != (not tower.basement_full()):
        raise NotationError("phase=basement goes with a basement of fewer than 8 dominoes, and only then")
    if phase in (Phase.BASEMENT, Phase.DEAL) and played:
        raise NotationError(f"phase={PHASE_NAMES[phase]} is before any domino is played on the basement")
    if phase == Phase.BASEMENT and dealt:
        raise NotationError("phase=basement is before the deal: every hand is '-'")
    if phase == Phase.DEAL:
        if dealt >= HAND_SIZE * state.n:
            raise NotationError("phase=deal: the deal is over, every player has five dominoes")
        for seat in range(state.n):
            expected = sum(1 for i in range(dealt) if (state.starter + i) % state.n == seat)
            if len(state.hands[seat]) != expected:
                raise NotationError(
                    f"phase=deal: {dealt} dealt one at a time from seat {state.starter + 1}, "
                    f"so seat {seat + 1} holds {expected}, not {len(state.hands[seat])}"
                )
    if (phase == Phase.AFTER_DRAW) != (state.drawn >= 0):
        raise NotationError("phase=afterdraw goes with drawn=TILE, and only then")
    if state.drawn >= 0 and state.drawn not in state.hands[state.turn]:
        raise NotationError(f"the drawn domino {TILES.name(state.drawn)} is not in seat {state.turn + 1}'s hand")
    if phase == Phase.DRAW and not state.pile:
        raise NotationError("phase=draw needs dominoes in the pile")


# -- a position some game reaches ------------------------------------------------------
# _check_phase() reads the fields against each other; what follows checks that a game could
# have come to this, as state.py runs the rules.


def _check_reachable(state: HighriseState) -> None:
    _check_absent(state)
    _check_hand_number(state)
    _check_totals_in_play(state)
    if state.phase == Phase.OVER:
        _check_finish(state)
    elif state.phase in (Phase.PLAY, Phase.DRAW, Phase.AFTER_DRAW):
        # R-HR: "If one player plays their last domino, that player has 'gone out.'"
        check_hands_in_play(state.hands, state.turn, state.phase == Phase.AFTER_DRAW, "domino", "hand")


def _check_absent(state: HighriseState) -> None:
    if state.phase in (Phase.BASEMENT, Phase.DEAL) and any(state.absent):
        # A seat shows what it lacks by drawing or passing, in play; a new hand forgets it.
        raise NotationError(f"phase={PHASE_NAMES[state.phase]}: nobody has played yet, so nothing is known absent")
    drawer = state.turn if state.phase == Phase.AFTER_DRAW else -1
    check_absent_not_held(state.hands, state.absent, drawer, state.drawn, TILES.name)


def _ended_before(state: HighriseState, totals: list[int]) -> bool:
    """Whether the hand before this one, ending on `totals`, ended the game (state._game_over)."""
    before = state.clone()
    before.hand_number -= 1
    before.totals = totals
    return before._game_over()


def _check_hand_number(state: HighriseState) -> None:
    if state.phase == Phase.OVER:
        if not state._game_over():
            raise NotationError(
                f"phase=over: hand {state.hand_number} does not end the game: the hands agreed are not "
                "all played, nobody has reached the target, or (extra_hand) the lead is tied"
            )
        return
    if state.hand_number == 1:
        return
    # Before the first play the totals are as the last hand left them; later this hand's plays
    # have added to them, so only a game over whatever they were (all 0, tied: the least that
    # could end it) rules the hand out.
    totals = state.totals if state.phase in (Phase.BASEMENT, Phase.DEAL) else [0] * state.n
    if _ended_before(state, totals):
        raise NotationError(f"hand={state.hand_number}: the game was over after hand {state.hand_number - 1}")


def _points_played(tower: Tower) -> int:
    """What the dominoes on the basement scored when they were played (rules.play_points), laid
    again level by level: what a domino covers, and so what it scored, is the same in any order."""
    again = Tower(tower.base)
    for piece in tower.basement():
        again.lay_basement(piece.tile, piece.half_a != HALVES[piece.tile][0])
    points = 0
    for level in tower.levels():
        for piece in level:
            move = Move(PLAY, piece.tile, piece.a, piece.b, piece.half_a, piece.spacer)
            points += rules.play_points(again, move)
            again.place(piece.tile, piece.a, piece.b, piece.half_a, piece.spacer)
    return points


def _check_totals_in_play(state: HighriseState) -> None:
    """In a game to a target, a hand under way began with every total short of it (or the game
    was over), and a play only adds to its player's total until the hand ends (R-HR): so the
    totals past the target are past it by no more than this hand's plays have scored."""
    options, totals = state.game.options, state.totals
    target = options.target_score
    if state.phase not in (Phase.PLAY, Phase.DRAW, Phase.AFTER_DRAW) or options.fixed_hands is not None:
        return
    assert target is not None  # no fixed number of hands: a game to a target
    if options.tie_break == "extra_hand" and state.hand_number > 1:
        return  # the totals tied at the top may have passed the target before this hand
    played = _points_played(state.tower)
    if sum(max(0, total - (target - 1)) for total in totals) > played:
        raise NotationError(
            f"scores={','.join(map(str, totals))}: this hand's plays have scored {played}, so before it "
            f"someone had reached {target}, and the game was over"
        )


def _check_finish(state: HighriseState) -> None:
    """phase=over: the last hand ended, a seat going out or nobody able to play (R-HR)."""
    out = [seat for seat, hand in enumerate(state.hands) if not hand]
    if len(out) > 1:
        raise NotationError(f"phase=over: seats {out[0] + 1} and {out[1] + 1} hold no domino; one goes out")
    if not out and (state.pile or any(rules.legal_plays(state.tower, hand) for hand in state.hands)):
        # R-HR: "If no player goes out, and no one can make any more plays, the hand ends"
        raise NotationError("phase=over: nobody has gone out and someone can still play, so the hand is not over")


def picture(tower: Tower) -> list[str]:
    """The tower seen from above, for people: each cell's top half and its level (`5:2`),
    row 1 at the bottom. An empty basement slot is `.`."""
    base = tower.base
    lines = ["   " + " ".join(f"{chr(ord('a') + c):<4}" for c in range(base.cols)).rstrip()]
    for row in reversed(range(base.rows)):
        cells = []
        for col in range(base.cols):
            cell = row * base.cols + col
            top = tower.top[cell]
            cells.append(f"{SYMBOLS[top]}:{tower.height[cell]}" if top >= 0 else ".")
        lines.append(f"{row + 1:<2} " + " ".join(f"{c:<4}" for c in cells).rstrip())
    return lines
