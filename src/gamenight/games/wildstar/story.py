"""What a person is told of Wildstar, as data: the rules in short, in the rulebook's words;
the options in words (`summary`) and who wins (`goal`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from gamenight.engine.notation import EVERYONE, ONLY, SEAT_NAMES, plural, seat_tile_words, seat_words
from gamenight.games.dominoes.ends import final_position, out_seat, pips_part, told_end
from gamenight.games.wildstar.moves import DRAW, PASS, PLAY, Move, move_notation
from gamenight.games.wildstar.options import WildstarOptions
from gamenight.games.wildstar.state import Phase, WildstarState, pile_after_deal
from gamenight.games.wildstar.tiles import DOUBLE_STAR, HALVES, NAMES, POINTS, SINGLE_STAR


def rules_summary(options: WildstarOptions) -> list[str]:
    """The game in a dozen lines at most, with these options' variants in place."""
    last = 9 - options.hands + 1
    lines = [
        "Object: to be the first player to dispose of all your dominoes.",
        f"Hand 1 begins with the 9-9 in the star centre, each hand thereafter with the next-lowest "
        f"double, down to {last}-{last} ({options.hands} hand" + ("s" if options.hands > 1 else "") + ").",
        "The next five plays must match the centre's number, with no wildstar.",
        "Then play any domino whose end matches an open end; a wildstar is wild, but the "
        "double star may not be a centre.",
        "If you cannot play, draw a tile: you may play it if it fits; if you don't, it joins your hand.",
        "The count: each dot 1 point, each wildstar 20, the 0-0 30.",
    ]
    if options.doubles_branch:
        lines.append("A double opens its two sides as well as its far end.")
    if options.winner_collects:
        lines.append("Who goes out collects the others' counts; a blocked hand goes to the lowest count.")
        lines.append("The highest total wins.")
    else:
        lines.append("Who goes out scores nothing; the others add their own count. A blocked hand: everyone adds.")
        lines.append("At the end of the game, the lowest score wins.")
    if options.partners:
        lines.append(
            "Partners: two teams sitting alternately; when one goes out, only the other team's dominoes are counted."
        )
    return lines


def summary(options: WildstarOptions) -> str:
    """The options in words, after "N players, ": "10 hands, partners P1 & P3 vs P2 & P4"."""
    line = f"{options.hands} hand" + ("s" if options.hands > 1 else "")
    if options.partners:
        line += f", partners {_team(range(0, options.players, 2))} vs {_team(range(1, options.players, 2))}"
    named = (
        ("doubles branch", options.doubles_branch),
        ("play goes on from the setter", not options.winner_leads_after_set),
        ("the winner collects", options.winner_collects),
    )
    return _with_variants(line, [v for v, on in named if on])


def goal(options: WildstarOptions) -> str:
    """Who wins, in one sentence (R-WS; D-WS-5 under winner_collects)."""
    return "Highest total wins." if options.winner_collects else "Lowest total wins."


def _team(seats: range) -> str:
    labels = [f"P{s + 1}" for s in seats]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} & {labels[-1]}"


def _with_variants(line: str, variants: list[str]) -> str:
    return line + (f" ({', '.join(variants)})" if variants else "")


def describe(state: WildstarState, move: Move) -> str:
    if move.kind == DRAW:
        return "cannot play and draws"
    if move.kind == PASS:
        return "keeps the drawn tile and passes" if state.phase == Phase.AFTER_DRAW else "cannot play and passes"
    layout = state.layout
    if not 0 <= move.end < len(layout.tiles):
        return f"plays {move_notation(move)}, on an end that is not on the table"
    value = layout.value[move.end]
    out = len(state.hands[state.turn]) == 1
    # A play's words but for its end depend on the tile as laid, the number it is laid on and
    # whether it goes out alone: written once and kept, a few thousand at most (a table tells
    # every play). With the end in the key they were found only about half the time: a game's
    # ends run past fifty.
    key = (move.tile, move.outer, value, out)
    parts = _PLAYS.get(key)
    if parts is None:
        parts = _PLAYS[key] = _play_words(move, value, out)
    head, tail = parts
    if move.end == 0:
        return f"{head}the centre{tail}"
    return f"{head}the {value} at e{move.end}{tail}"


_PLAYS: dict[tuple[int, int, int, bool], tuple[str, str]] = {}


def _play_words(move: Move, value: int, out: bool) -> tuple[str, str]:
    """A play in words, before and after the end it is laid on: laid on `value`, going out
    (`out`) or shedding its count."""
    tile = move_notation(move).split("@")[0]
    if move.tile == DOUBLE_STAR:
        tile = f"the double star as {value}-{value}"
    elif move.kind == PLAY and move.outer >= 0 and tile.startswith("S-"):
        tile = f"a single star as {value}-{move.outer}"
    # R-WS "The count": a play sheds what the tile no longer counts
    return f"plays {tile} on ", " and goes out" if out else f" (sheds {plural(POINTS[move.tile], 'point')})"


_DEAL: Final = Phase.DEAL  # (a module's name: reading a member off its enum costs several times more)
_FIRST_DOUBLE: Final = Phase.FIRST_DOUBLE


def describe_outcome(state: WildstarState, outcome: int) -> tuple[str, str, frozenset[int]]:
    """(what everyone sees, what the owners see, who owns it) for a chance outcome."""
    phase = state.phase
    if phase == _DEAL:
        seat = state.next_dealt_seat()
        if len(state.pile) - 1 == pile_after_deal(state.n):  # the deal is complete with this tile
            then = _centre_setter(state, seat, outcome)
            return f"{_DEALT[seat]}{then}", f"{_DEALT_TILE[seat][outcome]}{then}", ONLY[seat]
        return _DEALT[seat], _DEALT_TILE[seat][outcome], ONLY[seat]
    seat = state.turn
    if phase == _FIRST_DOUBLE and outcome == state.required_double:
        text = f"{SEAT_NAMES[seat]} draws {NAMES[outcome]} and sets it in the star centre"
        return text, text, EVERYONE
    return _DRAWS[seat], _DRAWS_TILE[seat][outcome], ONLY[seat]


# A tile dealt or drawn in words, by seat (and tile): written once, told at most chance steps.
_DEALT: Final = seat_words("is dealt a tile")
_DEALT_TILE: Final = seat_tile_words("is dealt", NAMES)
_DRAWS: Final = seat_words("draws a tile")
_DRAWS_TILE: Final = seat_tile_words("draws", NAMES)


def _centre_setter(state: WildstarState, seat: int, outcome: int) -> str:
    """What everyone sees once the deal is complete: who sets the hand's double in the star
    centre, or that the shuffler draws for it (R-WS)."""
    double = state.required_double
    for holder, hand in enumerate(state.hands):
        if double in hand or (holder == seat and outcome == double):
            return f"; P{holder + 1} holds {NAMES[double]} and sets it in the star centre"
    return f"; nobody holds the hand's double, so P{state.shuffler + 1} draws for it first"


def _count_parts(hand: list[int]) -> list[list[Any]]:
    """A hand's count as R-WS reaches it: "Each dot on a domino counts 1 point ... Each wildstar
    counts 20 points. 0-0 counts 30 points." (POINTS)"""
    stars = sum(1 for t in hand if t in (SINGLE_STAR, DOUBLE_STAR))
    blanks = sum(1 for t in hand if HALVES[t] == (0, 0))
    pips = sum(POINTS[t] for t in hand if t not in (SINGLE_STAR, DOUBLE_STAR) and HALVES[t] != (0, 0))
    parts: list[list[Any]] = [pips_part(pips)]
    if stars:
        parts.append([f"{plural(stars, 'wildstar')} at 20", 20 * stars])
    if blanks:
        parts.append(["0-0 at 30", 30])
    return parts


def round_end(
    before: WildstarState, after: WildstarState, step: Callable[[WildstarState], None]
) -> dict[str, Any] | None:
    """If `step` (played on `before`, giving `after`) ended a hand: the star as it ended (as a
    spectator sees it), every seat's tiles turned face up, and what each side scored (the
    engine's sheet row: R-WS / D-WS-5, partners and winner_collects included). None if the
    hand goes on."""
    if len(after.sheet) == len(before.sheet):
        return None
    final = final_position(before, step)
    out = out_seat(final)
    options = after.game.options
    count = "each dot 1, each wildstar 20, the 0-0 30"
    who = "team" if options.partners else "player"
    if options.winner_collects:
        says = "the hand's winner collects the others' counts" if out is not None else "the lowest count collects"
        says = f"{'P' + str(out + 1) + ' went out' if out is not None else 'Blocked'}: {says} ({count})."
    elif out is None:
        says = f"Blocked: no player can play, so each {who} adds their own count ({count})."
    else:
        says = f"P{out + 1} went out: that {who} scores 0, and each other {who} adds their count ({count})."
    return told_end(
        final,
        after,
        number=len(after.sheet),
        says=says + " The lowest total wins.",
        name=lambda t: NAMES[t],
        parts=_count_parts,
        scored=list(after.sheet[-1]),
        over=after.phase == Phase.OVER,
        sides=[after.members(side) for side in range(after.sides)],
    )
