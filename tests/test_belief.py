"""What the search guesses from the table (issue 30): the doubts Wildfire's `read_play` reads
from the other seat's turns come from the searcher's views alone, are true of a greedy
player's hand, and weigh the worlds ismcts's `doubt` deals."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from gamenight.bots.ismcts import IsmctsBot, IsmctsOptions
from gamenight.bots.registry import make_bot
from gamenight.engine.chance import sample
from gamenight.engine.errors import ConfigError
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.games.dominoes.hands import tile_mask
from gamenight.games.wildfire import heuristics

WILDFIRE = {"players": 2, "rounds": 1}


def greedy_games(games: int, options: dict[str, Any] = WILDFIRE) -> list[list[tuple[Any, Any, int]]]:
    """Two-player Wildfire rounds between greedy players: for each of seat 0's decisions, its
    view, the move it made, and the tiles seat 1 held then (bit mask)."""
    game: Any = make_game("wildfire", options)
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
                decisions.append((state.view(0), move, tile_mask(state.hands[1])))
            state.apply(move)
        played.append(decisions)
    return played


def test_doubts_come_from_the_views_and_hold_of_a_greedy_players_hand() -> None:
    """Seat 0 reads seat 1's turns from its own views, one decision to the next. The position
    after its move is a state dealt from its view: dealt three times, with other hidden hands
    each time, it gives the same doubts (nothing hidden is read). And no tile doubted is one
    a greedy seat 1 holds, while many are doubted, beyond the passed-over tiles the view names."""
    game: Any = make_game("wildfire", WILDFIRE)
    doubted = beyond = 0
    for decisions in greedy_games(8):
        doubts: list[int] | None = None
        for (view, move, _), (next_view, _, held) in itertools.pairwise(decisions):
            read = []
            for deal in (1, 2, 3):
                before = game.sample_state(view, random.Random(deal))
                before.apply(move)
                read.append(heuristics.read_play(doubts, before, next_view))
            assert read[0] == read[1] == read[2]
            doubts = read[0]
            assert doubts is not None
            assert doubts[1] & held == 0
            passed = tile_mask(heuristics.TILES.parse(t) for t in next_view["passed_over"][1])
            doubted += doubts[1].bit_count()
            beyond += (doubts[1] & ~passed).bit_count()
    assert doubted >= 200
    assert beyond >= 50


def test_a_new_round_or_game_forgets_the_doubts() -> None:
    game: Any = make_game("wildfire", WILDFIRE)
    first, second = greedy_games(2)
    view, move, _ = first[-2]
    before = game.sample_state(view, random.Random(0))
    before.apply(move)
    assert heuristics.read_play([0, 1 << 3], before, first[-1][0]) is not None
    # A bot kept at a table from one game to the next: the next game's round is not the last.
    assert heuristics.read_play([0, 1 << 3], before, second[0][0]) is None
    later = {**first[-1][0], "round": first[-1][0]["round"] + 1}
    assert heuristics.read_play([0, 1 << 3], before, later) is None


def test_doubted_tiles_are_dealt_only_as_seldom_as_doubt_says() -> None:
    """With doubt 0 a world that gives seat 1 a doubted tile is dealt again (while another
    deal can avoid it); with doubt 1 the deals are as sample_state makes them."""
    game: Any = make_game("wildfire", WILDFIRE)
    view = greedy_games(1)[0][3][0]
    dealt = game.sample_state(view, random.Random(0))
    unseen = tile_mask(dealt.hands[1]) | tile_mask(dealt.pile)
    doubted = 0
    for t in range(64):
        if unseen >> t & 1 and doubted.bit_count() < 3:
            doubted |= 1 << t
    counts = {}
    for doubt in (0.0, 1.0):
        bot = IsmctsBot(game, IsmctsOptions(doubt=doubt, rollout="greedy"))
        bot.doubts = [0, doubted]
        rng = random.Random(7)
        counts[doubt] = sum(bool(heuristics.held(bot._sample(view, rng), 1) & doubted) for _ in range(200))
    assert counts[0.0] == 0
    assert counts[1.0] > 50


def test_a_searcher_with_doubts_plays_a_round_from_its_views() -> None:
    """A hard bot with doubt on plays whole rounds against greedy, reading as it goes."""
    game: Any = make_game("wildfire", WILDFIRE)
    rng = random.Random(5)
    bot = make_bot("hard:doubt=0.1:iterations=40", game)
    greedy = make_bot("greedy", game)
    state = game.new_state()
    read = 0
    while (seat := state.to_act()) is not None:
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        player = bot if seat == 0 else greedy
        state.apply(player.choose(state.view(seat), state.legal_moves(), rng))
        if seat == 0 and getattr(bot, "doubts", None):
            read = max(read, bot.doubts[1].bit_count())
            assert bot.doubts[1] & tile_mask(state.hands[1]) == 0
    assert read > 0


def test_doubt_is_refused_for_a_game_that_cannot_read_plays() -> None:
    with pytest.raises(ConfigError, match="doubt must be 1"):
        make_bot("hard:doubt=0.5", make_game("fireball-island", {"players": 2}))
    with pytest.raises(ConfigError, match="doubt must be from 0 to 1"):
        make_bot("hard:doubt=2", make_game("wildfire", WILDFIRE))
