"""Each round's end as the rules have it, worked out apart from the server's `round_end`: a
plain table (no pause) replays the record one decision at a time, and where a decision ends a
round the truth is read from the positions around it: the tiles each seat held (its own view's
hand just before, less the tile the ending play laid), their counts by the game's own table of
points, and what the engine wrote on its score sheet. What the page shows is checked against
this (issue 28, item 1: what the page says must be true)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gamenight.engine.protocol import CHANCE
from gamenight.engine.record import Record
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.games.highrise.moves import PLAY
from gamenight.games.highrise.rules import play_points
from gamenight.games.highrise.tiles import HAND_POINTS
from gamenight.games.highrise.tiles import TILES as HIGHRISE_TILES
from gamenight.games.wildfire.tiles import POINTS as WILDFIRE_POINTS
from gamenight.games.wildfire.tiles import TILES as WILDFIRE_TILES
from gamenight.games.wildstar.tiles import POINTS as WILDSTAR_POINTS
from gamenight.games.wildstar.tiles import parse as wildstar_parse


def points(game: str, tile: str) -> int:
    """A tile's count in hand, from the game's own tables (R-WF, R-WS, R-HR)."""
    if game == "wildfire":
        return WILDFIRE_POINTS[WILDFIRE_TILES.parse(tile)]
    if game == "wildstar":
        return WILDSTAR_POINTS[wildstar_parse(tile)]
    return HAND_POINTS[HIGHRISE_TILES.parse(tile)]


@dataclass
class RoundTruth:
    number: int  # the event the round ended at
    hands: list[list[str]]
    counts: list[int]
    scored: list[int]  # the engine's: the sheet's row (Highrise: each total's change at the end)
    totals: list[int]
    plays: list[list[int]]  # Highrise: each seat's plays' points in the round, in order


def _halves(tile: str) -> list[str]:
    return sorted(tile.upper().split("-")) if "-" in tile else [tile.upper()]


def _without(hand: list[str], notation: str) -> list[str]:
    """`hand` less the tile a play's notation starts with ("5-3@e2", "W-5@e2 knock", "0-2@d2,d3^")."""
    laid = _halves(re.split(r"[@\s,:=^]", notation, maxsplit=1)[0])
    for i, tile in enumerate(hand):
        if _halves(tile) == laid:
            return hand[:i] + hand[i + 1 :]
    return hand


def _play_points(game: str, state: Any, notation: str) -> int | None:
    """What a Highrise play scores by itself (R-HR SCORING), worked out before it is made, 0
    included; None for a decision that is no play (a draw, a pass, any other game's)."""
    if game != "highrise":
        return None
    move = state.parse_move(notation)
    return play_points(state.tower, move) if move.kind == PLAY else None


def _rounds_done(state: Any) -> int:
    if hasattr(state, "sheet"):
        return len(state.sheet)
    return int(state.hand_number) - 1 + (state.to_act() is None)


def round_truths(record: Record) -> list[RoundTruth]:
    game = make_game(record.game, record.options)
    table = Table(game, record.seats, seed=record.seed, auto_chance=False)
    truths = []
    players = table.state.num_players
    plays: list[list[int]] = [[] for _ in range(players)]
    for index, step in enumerate(record.steps):
        state = table.state
        hands = [list(table.view(s)["hand"] or []) for s in range(players)]
        done, totals = _rounds_done(state), list(state.scores())
        if step.seat == CHANCE:
            play: int | None = None
            event = table.play_chance_step()
            assert event.text == step.text, "the record is not the one its seed deals"
        else:
            play = _play_points(record.game, state, step.text)
            table.submit(step.seat, step.text)
            if play is not None:
                plays[step.seat].append(play)
        if _rounds_done(table.state) == done:
            continue
        if step.seat == CHANCE:  # the hub spun or a tile drawn (a penalty), and nobody can play after it
            for drawer in event.owners:
                hands[drawer] = [*hands[drawer], step.text]
        else:
            hands[step.seat] = _without(hands[step.seat], step.text)
        counts = [sum(points(record.game, t) for t in hand) for hand in hands]
        after = table.state
        if hasattr(after, "sheet"):
            scored = list(after.sheet[-1])
        else:  # Highrise: the totals' change at the end, less the ending play's own points
            change = [a - b for a, b in zip(after.scores(), totals, strict=True)]
            scored = [points - (play or 0 if s == step.seat else 0) for s, points in enumerate(change)]
        truths.append(RoundTruth(index + 1, hands, counts, scored, list(after.totals), plays))
        plays = [[] for _ in range(players)]
    return truths
