"""The random and greedy bots play Highrise to the end, through the Match, from views only."""

from __future__ import annotations

import random

from gamenight.bots.basic import GreedyBot, RandomBot
from gamenight.engine.match import Match
from gamenight.games.highrise import heuristics

from .conftest import game, moves, position

BASEMENT = "basement 5-3 6-6 W-2 4-1 0-0 3-2 6-4 W-W"


def test_random_and_greedy_bots_finish_games_of_two_three_and_four():
    for players in (2, 3, 4):
        g = game(players=players, target_score=150)
        bots = [GreedyBot(g) if seat % 2 else RandomBot() for seat in range(players)]
        record = Match(g, bots, seed=players).run()
        assert record.result is not None
        assert max(record.result) >= 150


def test_greedy_beats_random_more_often_than_not():
    """Seeds 0-29, seats swapped every other game: greedy wins at least 20 of 30."""
    g = game(players=2, target_score=300)
    greedy_wins = 0.0
    for seed in range(30):
        greedy_seat = seed % 2
        bots = [GreedyBot(g), RandomBot()] if greedy_seat == 0 else [RandomBot(), GreedyBot(g)]
        result = Match(g, bots, seed).run().result
        assert result is not None
        best = max(result)
        if result[greedy_seat] == best:
            greedy_wins += 1 / result.count(best)
    assert greedy_wins >= 20


def test_greedy_going_out_takes_the_play_that_scores_most():
    """Its last domino, the 6-3, scores 9 at street level (four places) or, on a spacer beside
    the 6 of 5-6 at b1, 18 at level 2: going out ends the hand, so only the points count."""
    state = position(f"| {BASEMENT} | level1 5-6@a1,b1 | hands 6-3 / 4-4 | pile *")
    assert moves(state) == ["6-3@b1,c1^", "3-6@a2,b2", "6-3@b2,b3", "3-6@b3,c3", "6-3@c3,d3"]
    choice = heuristics.greedy_move(state.view(0), state.legal_moves(), random.Random(0))
    assert state.move_notation(choice) == "6-3@b1,c1^"


def test_greedy_reads_only_the_view():
    """The same view gives the same choice whatever the hidden dominoes are."""
    state = position(f"| {BASEMENT} | hands 6-3 5-2 2-2 / 4-4 0-3 | pile *")
    other = position(f"| {BASEMENT} | hands 6-3 5-2 2-2 / 6-0 1-0 | pile *")
    assert state.view(0) == other.view(0)
    picks = {
        state.move_notation(heuristics.greedy_move(s.view(0), s.legal_moves(), random.Random(1)))
        for s in (state, other)
    }
    assert len(picks) == 1
