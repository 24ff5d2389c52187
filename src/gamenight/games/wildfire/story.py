"""What a person is told of Wildfire, as data: the rules in short, in the rulebook's words;
the options in words (`summary`) and who wins (`goal`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from gamenight.engine.notation import EVERYONE, ONLY, SEAT_NAMES, plural, seat_tile_words, seat_words
from gamenight.games.dominoes.ends import final_position, out_seat, pips_part, told_end
from gamenight.games.wildfire.layout import (
    DOUBLE_WILD_ONE,
    DOUBLE_WILDFIRE,
    KIND_NAMES,
    TRIPLE_WILDFIRE,
    WILD_ONE,
    placement,
)
from gamenight.games.wildfire.moves import DRAW, HUB, PASS, PLAY_MOVES, Move, move_notation
from gamenight.games.wildfire.options import WildfireOptions
from gamenight.games.wildfire.state import HAND_SIZE, Phase, WildfireState
from gamenight.games.wildfire.tiles import (
    ALL_TILES,
    DOUBLE_FLAME,
    HALF_POINTS,
    NAMES,
    NUMBERS,
    POINTS,
    STARTING_DOUBLES,
    TILES,
    TRIPLE_FLAME,
    WILD,
)

# What a play that opens an obligation binds the next players to, in the rulebook's words.
OPENS = {
    WILD_ONE: "wild half out, a Wild One the next play must close with the hub's number",
    DOUBLE_WILD_ONE: "the Double Wild One, whose next 3 plays must match the hub's number",
    DOUBLE_WILDFIRE: "a Double Wildfire, whose next 2 plays must match the hub's number",
    TRIPLE_WILDFIRE: "a Triple Wildfire, whose next 3 plays must match the hub's number",
}


def rules_summary(options: WildfireOptions) -> list[str]:
    """The game in a dozen lines at most, with these options' variants in place."""
    if options.rounds is not None:
        end = f"The game is {options.rounds} round" + ("s" if options.rounds > 1 else "") + "."
    else:
        end = f"At the end of a round, if one player has {options.target_score} or more points, the game is over."
    if options.strategic:
        hub = "A wild end's number is called out by whoever played it (More Strategic Game)."
    else:
        hub = "A wild end's number is lit up by the hub: 1 means only a Wild One matches it."
    if options.knock_penalty:
        knock = "Down to one domino, you must knock (write it: 5-3@e2 knock); who forgets draws a penalty tile."
    else:
        knock = "Down to one domino, you knock: the play that leaves one tile knocks by itself."
    obligation = (
        "With the pile out, an obligation that went round the table unfilled closes (house rule)."
        if options.obligation_burns_out
        else "With the pile out and an obligation nobody can fill, the round is blocked."
    )
    return [
        "Object: play all of your dominoes each round; the lowest grand total wins.",
        "The highest double starts in the hub; play a domino whose end matches an open end.",
        "Doubles are played criss-cross and open three ends; a double may never go on a Wildfire.",
        "If you cannot play, draw one domino: play it if it can be played, else pass. With the pile out, pass.",
        "A Wild One is wild on any open end, or played with the Wild One as an open end.",
        hub,
        "Obligations: an open Wild One takes 1 more play, a Double Wild One 3, a Double Wildfire 2, "
        "a Triple Wildfire 3, all matching the hub's number, before anything else is played.",
        obligation,
        knock,
        "Scoring: who goes out scores 0; the others add their pips, +10 a Wild One, +20 a Double "
        "Wildfire, +30 a Triple Wildfire.",
        end,
    ]


def summary(options: WildfireOptions) -> str:
    """The options in words, after "N players, ": "to 300 points (strategic)"."""
    end = f"to {options.target_score} points"
    if options.rounds is not None:
        end = f"{options.rounds} round" + ("s" if options.rounds > 1 else "")
    named = (
        ("strategic", options.strategic),
        ("knock penalty", options.knock_penalty),
        ("auto-knock", options.auto_knock),
        ("obligations burn out", options.obligation_burns_out),
    )
    return _with_variants(end, [v for v, on in named if on])


def goal(options: WildfireOptions) -> str:
    """Who wins, in one sentence (R-WF THE WINNER)."""
    return "Lowest total wins."


def _with_variants(line: str, variants: list[str]) -> str:
    return line + (f" ({', '.join(variants)})" if variants else "")


# A play's tile as the log writes it (its notation before the "@"), and what laying it so binds
# the next players to, by (tile, inner half): written once, read at every play a table tells.
_LAID_AS: Final = {way: move_notation(moves[0]).split("@")[0] for way, moves in PLAY_MOVES.items()}
_OPENS_AS: Final = {
    way: f": {OPENS[p.kind]}" if (p := placement(*way)) is not None and p.kind in OPENS else "" for way in PLAY_MOVES
}


def describe(state: WildfireState, move: Move) -> str:
    kind = move.kind
    if kind == DRAW:
        return "cannot play and draws"
    if kind == PASS:
        return "passes"
    if kind == HUB:
        return f"names {move.tile} on the hub"
    layout, end, way = state.layout, move.end, (move.tile, move.inner)
    tile = _LAID_AS.get(way) or move_notation(move).split("@")[0]  # (a way no tile has: written as it is)
    if not 0 <= end < len(layout.tiles):
        return f"plays {tile} on e{end}, which is not on the table"
    if end == layout.obligation:
        places = layout.free[end] - 1
        text = f"plays {tile} on the open {KIND_NAMES[layout.kind[end]]} at e{end}"
        text += ", closing it" if places == 0 else f", {places} more to close it"
    else:
        text = f"plays {tile} on " + ("the centre" if end == 0 else f"the {layout.value[end]} at e{end}")
    text += _OPENS_AS.get(way, "")  # what the play binds the next players to
    left = len(state.hands[state.turn]) - 1
    if left == 0:
        return text + ", and goes out"
    text += f" (sheds {POINTS[move.tile]} points)"  # R-WF SCORING: what it no longer counts (no half is a 1)
    return text + " and knocks" if move.knock or (left == 1 and not state.manual_knock()) else text


_HUB: Final = Phase.HUB  # (a module's name: reading a member off its enum costs several times more)
_DEAL: Final = Phase.DEAL
_PENALTY: Final = Phase.PENALTY
_FIRST_DOUBLE: Final = Phase.FIRST_DOUBLE


def describe_outcome(state: WildfireState, outcome: int) -> tuple[str, str, frozenset[int]]:
    """(what everyone sees, what the owners see, who owns it) for a chance outcome."""
    phase = state.phase
    if phase == _HUB:
        text = f"the hub lights up {outcome}"
        return text, text, EVERYONE
    if phase == _DEAL:
        seat = state.next_dealt_seat()
        if len(state.pile) == len(ALL_TILES) - HAND_SIZE * state.n + 1:  # the deal is complete with this tile
            then = _first_double(state, seat, outcome)
            return f"{_DEALT[seat]}{then}", f"{_DEALT_TILE[seat][outcome]}{then}", ONLY[seat]
        return _DEALT[seat], _DEALT_TILE[seat][outcome], ONLY[seat]
    if phase == _PENALTY:
        seat = state.penalty
        why = "draws a penalty tile for not knocking"
        return f"{SEAT_NAMES[seat]} {why}", f"{SEAT_NAMES[seat]} {why}: {NAMES[outcome]}", ONLY[seat]
    seat = state.turn
    if phase == _FIRST_DOUBLE and (seat + 1) % state.n == (state.dealer + 1) % state.n:
        then = _first_double(state, seat, outcome)  # the pass is complete
        return f"{_DRAWS[seat]}{then}", f"{_DRAWS_TILE[seat][outcome]}{then}", ONLY[seat]
    return _DRAWS[seat], _DRAWS_TILE[seat][outcome], ONLY[seat]


# A tile dealt or drawn in words, by seat (and tile): written once, told at most chance steps.
_DEALT: Final = seat_words("is dealt a tile")
_DEALT_TILE: Final = seat_tile_words("is dealt", NAMES)
_DRAWS: Final = seat_words("draws a tile")
_DRAWS_TILE: Final = seat_tile_words("draws", NAMES)


def _first_double(state: WildfireState, seat: int, outcome: int) -> str:
    """What everyone sees once the deal, or a pass of draws for a double, is complete: the
    highest double held goes face up in the hub, or everyone draws again (R-WF PLAY)."""
    for double in STARTING_DOUBLES:
        for holder, hand in enumerate(state.hands):
            if double in hand or (holder == seat and double == outcome):
                return f"; P{holder + 1} holds the highest double and places {TILES.name(double)} in the hub"
    return "; nobody holds a double, so each player draws another domino"


_FLAMES = ((WILD, "Wild One flame"), (DOUBLE_FLAME, "Double Wildfire"), (TRIPLE_FLAME, "Triple Wildfire"))


def _count_parts(hand: list[int]) -> list[list[Any]]:
    """A hand's count as R-WF SCORING reaches it: its pips, then each flame (HALF_POINTS)."""
    halves = [half for tile in hand for half in TILES.halves[tile]]
    parts: list[list[Any]] = [pips_part(sum(HALF_POINTS[h] for h in halves if h in NUMBERS))]
    for flame, words in _FLAMES:
        count = halves.count(flame)
        if count:
            each = HALF_POINTS[flame]
            parts.append([f"{plural(count, words)} at {each}", count * each])
    return parts


def round_end(
    before: WildfireState, after: WildfireState, step: Callable[[WildfireState], None]
) -> dict[str, Any] | None:
    """If `step` (played on `before`, giving `after`) ended a round: the table as it ended
    (the final layout as a spectator sees it, every seat's tiles turned face up) and how it
    was scored (R-WF SCORING: who goes out scores 0, the others count their hands; blocked,
    everyone counts theirs). None if the round goes on."""
    if len(after.sheet) == len(before.sheet):
        return None
    final = final_position(before, step)
    out = out_seat(final)
    count = "pips, +10 a Wild One flame, +20 a Double Wildfire, +30 a Triple Wildfire"
    if out is None:
        says = f"Blocked: nobody can play and the pile is out, so everyone counts their own hand ({count})."
    else:
        says = f"P{out + 1} went out and scores 0; the others count the tiles left in their hands ({count})."
    return told_end(
        final,
        after,
        number=len(after.sheet),
        says=says + " The lowest total wins.",
        name=TILES.name,
        parts=_count_parts,
        scored=list(after.sheet[-1]),
        over=after.phase == Phase.OVER,
    )
