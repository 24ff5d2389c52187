"""The greedy bot (games/wildstar/heuristics.py) plays from the view only: it sheds points,
keeps its stars, and with partners does not show a number its partner lacked."""

from __future__ import annotations

import random

from gamenight.bots.basic import GreedyBot, RandomBot
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.games.wildstar import heuristics

from .conftest import position

# The five arms are out: e1 shows 4, e2 3, e3 8, e4 0, e5 6. Seat 1 holds two plays worth 9
# points each, neither followed by another tile of its hand: 4-5@e1 shows a 5, 8-1@e3 a 1.
TWO_NINES = (
    "shuffler=1 turn=1 {lacked}| layout 9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0 "
    "| hands 4-5 8-1 7-7 / 2-2 / 2-1 / 3-3 | pile *"
)


def greedy_choices(text: str, seeds: int = 20, **options: object) -> set[str]:
    state = position(text, **options)
    return {
        state.move_notation(heuristics.greedy_move(state.view(0), state.legal_moves(), random.Random(seed)))
        for seed in range(seeds)
    }


def test_greedy_sees_two_plays_of_nine_points_as_equally_good():
    """Nobody lacked anything: the greedy bot picks either play (its tie is broken at random)."""
    assert greedy_choices(TWO_NINES.format(lacked=""), partners=True) == {"4-5@e1", "8-1@e3"}


def test_with_partners_greedy_does_not_show_a_number_its_partner_lacked():
    """R-WS Partners: a team wins together. Seat 3, seat 1's partner, had to draw when a 5 was
    all it needed (lacked=3:5): showing a 5 would not help it, so greedy plays 8-1 -- and 4-5
    when the partner lacked the 1 instead."""
    assert greedy_choices(TWO_NINES.format(lacked="lacked=3:5 "), partners=True) == {"8-1@e3"}
    assert greedy_choices(TWO_NINES.format(lacked="lacked=3:1 "), partners=True) == {"4-5@e1"}


def test_without_partners_greedy_shows_a_number_another_player_lacked():
    """Without partners every other seat is an opponent: seat 3 lacked a 5, so greedy shows it."""
    assert greedy_choices(TWO_NINES.format(lacked="lacked=3:5 ")) == {"4-5@e1"}


def test_greedy_keeps_its_wildstars_for_later():
    """A star fits every open end after the centre stage, so it is a turn saved: with 8-2 (10
    points) and a star (20) to play, greedy keeps the star -- until only one other tile is left."""
    text = "shuffler=1 turn=1 | layout 9-9 9-4@e0 9-3@e0 9-8@e0 9-0@e0 9-6@e0 | hands S 8-2 7-7 / 2-2 / 2-1 | pile *"
    assert greedy_choices(text) == {"8-2@e3"}
    last_two = text.replace("hands S 8-2 7-7", "hands S 8-2")
    assert {choice.split("@")[0][:2] for choice in greedy_choices(last_two)} == {"S-"}


def test_greedy_reads_only_the_view():
    """The same view gives the same choice whatever the hidden tiles are."""
    text = TWO_NINES.format(lacked="lacked=3:5 ")
    other = text.replace("/ 2-2 / 2-1 / 3-3 |", "/ 0-0 / 6-5 / S |")
    a, b = position(text, partners=True), position(other, partners=True)
    assert a.view(0) == b.view(0)
    picks = {s.move_notation(heuristics.greedy_move(s.view(0), s.legal_moves(), random.Random(3))) for s in (a, b)}
    assert len(picks) == 1


def test_greedy_beats_random_clearly():
    """Eight full two-player games (seeds 0-7, seats swapped every other game): greedy wins at
    least 7; two random bots would share them about evenly."""
    game = make_game("wildstar", {"players": 2})
    greedy_wins = 0.0
    for seed in range(8):
        greedy_seat = seed % 2
        bots = [GreedyBot(game), RandomBot()] if greedy_seat == 0 else [RandomBot(), GreedyBot(game)]
        result = Match(game, bots, seed).run().result
        assert result is not None
        best = min(result)
        if result[greedy_seat] == best:
            greedy_wins += 1 / result.count(best)
    assert greedy_wins >= 7


def test_a_greedy_team_beats_a_random_team():
    """Partners, four seats: the greedy pair wins at least 6 of 8 games."""
    game = make_game("wildstar", {"players": 4, "partners": True})
    team_wins = 0
    for seed in range(8):
        team = seed % 2
        result = Match(game, [GreedyBot(game) if s % 2 == team else RandomBot() for s in range(4)], seed).run().result
        assert result is not None
        team_wins += result[team] < result[1 - team]
    assert team_wins >= 6
