"""What the search guesses from the table (issue 30): the doubts read from other seats' plays
come from the searcher's views alone, are true of the hands they describe, and weigh the
worlds the search deals."""

from __future__ import annotations

import itertools
import random
from typing import Any, cast

import pytest

from gamenight.bots.ismcts import IsmctsBot, IsmctsOptions
from gamenight.bots.registry import make_bot
from gamenight.engine.chance import sample
from gamenight.engine.errors import ConfigError
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.games.dominoes.hands import tile_mask
from gamenight.games.highrise import heuristics

HIGHRISE = {"players": 2, "hands": 1}


def greedy_games(name: str, games: int) -> list[list[tuple[Any, Any, int]]]:
    """Two-player hands between greedy players: for each of seat 0's decisions, its view, the
    move it made, and the tiles seat 1 held then (the game's `held` mask)."""
    game = make_game(name, HIGHRISE)
    played = []
    for seed in range(games):
        rng = random.Random(seed)
        greedy = make_bot("greedy", game)
        state = game.new_state()
        decisions = []
        while (seat := state.to_act()) is not None:
            if seat == CHANCE:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            move = greedy.choose(state.view(seat), state.legal_moves(), rng)
            if seat == 0:
                decisions.append((state.view(0), move, game.heuristics().held(state, 1)))
            state.apply(move)
        played.append(decisions)
    return played


@pytest.mark.parametrize(("name", "least"), [("highrise", 20)])
def test_doubts_come_from_the_views_and_hold_of_a_greedy_players_hand(name: str, least: int) -> None:
    """Seat 0 reads seat 1's plays from its own views, one decision to the next. The position
    after its move is a state dealt from its view: dealt twice, with other hidden hands each
    time, it gives the same doubts (nothing hidden is read). And each tile newly doubted is
    one a greedy seat 1 did not hold when it played, while some are doubted at all."""
    game: Any = make_game(name, HIGHRISE)
    read_play = game.heuristics().read_play
    newly = 0
    for decisions in greedy_games(name, 6):
        doubts: list[int] | None = None
        for (view, move, _), (next_view, _, held) in itertools.pairwise(decisions):
            read = []
            for deal in (1, 2):
                before = game.sample_state(view, random.Random(deal))
                before.apply(move)
                read.append(read_play(doubts, before, next_view))
            assert read[0] == read[1]
            new = read[0][1] & ~(doubts[1] if doubts else 0) if read[0] else 0
            assert new & held == 0
            newly += new.bit_count()
            doubts = read[0]
    assert newly >= least


def test_a_new_hand_or_game_forgets_the_doubts() -> None:
    game: Any = make_game("highrise", {"players": 2, "hands": 2})
    state = game.new_state()
    rng = random.Random(4)
    while state.to_act() == CHANCE:
        state.apply_chance(sample(state.chance_outcomes(), rng))
    seat = state.to_act()
    assert seat is not None
    view = dict(state.view(seat))
    before = game.sample_state(view, random.Random(0))
    later = {**view, "hand_number": view["hand_number"] + 1}
    assert heuristics.read_play([0, 1 << 3], before, later) is None
    # A bot kept at a table from one game to the next: the next game's first hand is not the last.
    one: Any = make_game("highrise", HIGHRISE)
    first, second = greedy_games("highrise", 2)
    last_view, last_move, _ = first[-2]
    before = one.sample_state(last_view, random.Random(0))
    before.apply(last_move)
    assert heuristics.read_play([0, 1 << 3], before, second[0][0]) is None


def test_doubted_dominoes_are_dealt_only_as_seldom_as_doubt_says() -> None:
    """With doubt 0 a world that gives seat 1 a doubted domino is dealt again (while another
    deal can avoid it); with doubt 1 the deals are as sample_state makes them."""
    game: Any = make_game("highrise", HIGHRISE)
    decisions = greedy_games("highrise", 1)[0]
    view = decisions[3][0]
    unseen = tile_mask(game.sample_state(view, random.Random(0)).hands[1]) | tile_mask(
        game.sample_state(view, random.Random(0)).pile
    )
    doubted = 0
    for t in range(64):
        if unseen >> t & 1 and doubted.bit_count() < 3:
            doubted |= 1 << t
    counts = {}
    for doubt in (0.0, 1.0):
        bot = IsmctsBot(game, IsmctsOptions(doubt=doubt, rollout="greedy"))
        bot.doubts = [0, doubted]
        rng = random.Random(7)
        counts[doubt] = sum(bool(heuristics.held(cast(Any, bot._sample(view, rng)), 1) & doubted) for _ in range(200))
    assert counts[0.0] == 0
    assert counts[1.0] > 50


def test_doubt_is_refused_for_a_game_that_cannot_read_plays() -> None:
    with pytest.raises(ConfigError, match="doubt must be 1"):
        make_bot("hard:doubt=0.5", make_game("fireball-island", {"players": 2}))
    with pytest.raises(ConfigError, match="doubt must be from 0 to 1"):
        make_bot("hard:doubt=2", make_game("highrise", HIGHRISE))
