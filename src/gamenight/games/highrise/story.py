"""What a person is told of Highrise, as data: the rules in short, in the rulebook's words;
the options in words (`summary`) and who wins (`goal`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from gamenight.engine.notation import EVERYONE, ONLY, plural, seat_tile_words, seat_words
from gamenight.games.dominoes.ends import final_position, out_seat, pips_part, told_end
from gamenight.games.highrise import rules
from gamenight.games.highrise.moves import DRAW, PASS, PLAY, Move, other_half
from gamenight.games.highrise.options import HighriseOptions
from gamenight.games.highrise.state import HighriseState, Phase
from gamenight.games.highrise.tiles import HALVES, HAND_HALF_POINTS, NAMES, TILES, WILD, hand_points
from gamenight.games.highrise.tower import Tower


def rules_summary(options: HighriseOptions) -> list[str]:
    """The game in a dozen lines at most, with these options' variants in place."""
    hands = options.fixed_hands
    if hands == 1:
        end = "The game is one hand: at its end, the player with the most points wins."
    elif hands is not None:
        end = f"The game is {hands} hands, scores kept in a running total; the highest total wins."
    else:
        end = f"At the end of a hand, if someone has {options.target_score} points or more, the highest total wins."
    out = "also scores the unplayed points in the opponents' hands"
    if options.opponents_subtract_on_out:
        out += ", and the others subtract their own"
    lines = [
        "Object: to score points by laying matching dominoes on top of dominoes already in the base.",
        "Each play covers the halves of two different dominoes; each half must match what it covers.",
        "A wild half may cover anything, and may be covered by anything.",
        "Both covered halves must be on the same level, or use one clear spacer on the lower one "
        "(one spacer a turn at most).",
        "A play scores its points times its level (street level is 1); a wild counts as what it covers.",
        "You must play if you can; else draw one domino and play it or end your turn.",
        f"Going out: who plays their last domino {out} (a wild half counts 7).",
        "Blocked: each player subtracts the points remaining in their hand.",
        end,
    ]
    if options.tie_break == "extra_hand":
        lines.append("A tie for the lead plays an extra hand.")
    return lines


def summary(options: HighriseOptions) -> str:
    """The options in words, after "N players, ": "1 hand on the 4x4 base"."""
    end = f"to {options.target_score} points"
    if options.fixed_hands is not None:
        end = f"{options.fixed_hands} hand" + ("s" if options.fixed_hands > 1 else "")
    named = (
        ("a tie for the lead plays an extra hand", options.tie_break == "extra_hand"),
        ("the others subtract their hands when someone goes out", options.opponents_subtract_on_out),
    )
    return _with_variants(f"{end} on the {options.basement_layout} base", [v for v, on in named if on])


def goal(options: HighriseOptions) -> str:
    """Who wins, in one sentence (R-HR THE WINNER)."""
    return "Highest total wins."


def _with_variants(line: str, variants: list[str]) -> str:
    return line + (f" ({', '.join(variants)})" if variants else "")


def describe(state: HighriseState, move: Move) -> str:
    if move.kind == DRAW:
        return "cannot play and draws"
    if move.kind == PASS:
        return "ends the turn without playing" if state.phase == Phase.AFTER_DRAW else "cannot play and passes"
    tower = state.tower
    names = tower.base.cell_names
    if not (0 <= move.a < len(names) and 0 <= move.b < len(names)):
        return f"plays {TILES.name(move.tile)} off the base"
    half_b = other_half(move.tile, move.half_a)
    if move.half_a == half_b:
        where = f" on {names[move.a]} and {names[move.b]}"
    else:
        symbols = TILES.symbols
        where = f", the {symbols[move.half_a]} on {names[move.a]} and the {symbols[half_b]} on {names[move.b]},"
    level, points = play_score(tower, move)
    # (The plural inline: a table tells every play, and a call costs more than the test.)
    text = f"plays {NAMES[move.tile]}{where} at level {level} for {points} point{'' if points == 1 else 's'}"
    if move.spacer >= 0:
        text = f"lays a clear spacer on {names[move.spacer]} and {text}"
    if state.hands[state.turn] == [move.tile]:
        text += ", and goes out"
    return text


_BASEMENT: Final = Phase.BASEMENT  # (a module's name: reading a member off its enum costs several times more)
_DEAL: Final = Phase.DEAL


def describe_outcome(state: HighriseState, outcome: int) -> tuple[str, str, frozenset[int]]:
    """(what everyone sees, what the owners see, who owns it) for a chance outcome."""
    phase = state.phase
    if phase == _BASEMENT:
        a, b = state.tower.base.slots[len(state.tower.pieces)]
        names = state.tower.base.cell_names
        text = f"{state.outcome_notation(outcome)} is laid in the basement on {names[a]},{names[b]}"
        return text, text, EVERYONE
    if phase == _DEAL:
        seat = state.next_dealt_seat()
        return _TAKES[seat], _TAKES_TILE[seat][outcome], ONLY[seat]
    seat = state.turn
    return _DRAWS[seat], _DRAWS_TILE[seat][outcome], ONLY[seat]


# A domino dealt or drawn in words, by seat (and tile): written once, told at most chance steps.
_TAKES: Final = seat_words("takes a domino")
_TAKES_TILE: Final = seat_tile_words("takes", NAMES)
_DRAWS: Final = seat_words("draws a domino")
_DRAWS_TILE: Final = seat_tile_words("draws", NAMES)


def on_sheet(move: Move) -> bool:
    """Whether a decision goes on the score sheet as it is made (`Table.plays`): every play,
    since R-HR scores "the domino just played" at once, a play that scores 0 (its halves
    blanks, or a Wild on a blank) too; a draw or a pass scores nothing and is not a play."""
    return move.kind == PLAY


def play_score(tower: Tower, move: Move) -> tuple[int, int]:
    """A play's level and the points it scores (R-HR SCORING), said before it is made;
    `tower` is the tower before the play."""
    return rules.level_of(tower, move), rules.play_points(tower, move)


def _count_parts(hand: list[int]) -> list[list[Any]]:
    """A hand's leftover points as R-HR counts them: pips, and "Wild halves count seven points"."""
    halves = [half for tile in hand for half in HALVES[tile]]
    wilds = halves.count(WILD)
    parts: list[list[Any]] = [pips_part(sum(HAND_HALF_POINTS[h] for h in halves if h != WILD))]
    if wilds:
        parts.append([f"{wilds} Wild half{'s' if wilds > 1 else ''} at 7", 7 * wilds])
    return parts


def round_end(
    before: HighriseState, after: HighriseState, step: Callable[[HighriseState], None]
) -> dict[str, Any] | None:
    """If `step` (played on `before`, giving `after`) ended a hand: the tower as it ended (as a
    spectator sees it), every seat's tiles turned face up, and what the hand's end did to each
    total (the engine's: R-HR, who goes out "scores all the unplayed points in the opponents'
    hands"; if nobody does, each "must subtract the points remaining in their hand"). None if
    the hand goes on."""
    if after.hand_number == before.hand_number and not (after.phase == Phase.OVER != before.phase):
        return None
    final = final_position(before, step)
    out = out_seat(final)
    left = sum(hand_points(hand) for hand in final.hands)
    if out is None:
        says = "Nobody went out and nobody can play: each subtracts what is left in their hand (pips; a Wild half 7)."
    else:
        says = f"P{out + 1} went out and scores the {plural(left, 'point')} left in the others' hands"
        says += " (pips; a Wild half 7)"
        says += ", which they subtract." if after.game.options.opponents_subtract_on_out else "."
    return told_end(
        final,
        after,
        number=before.hand_number,
        says=says + " The highest total wins.",
        name=TILES.name,
        parts=_count_parts,
        scored=[a - b for a, b in zip(after.totals, final.totals, strict=True)],
        over=after.phase == Phase.OVER,
        last_play=[a - b for a, b in zip(final.totals, before.totals, strict=True)],
    )
