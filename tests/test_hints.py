"""Hints (issue 30 item 3): what the hard bot would play, from the asking seat's view only, with
the search's figures as its reason; in the terminal with `--hints`."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from gamenight.bots.hints import Hint, Searched, hint
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.interfaces.cli import app


@pytest.mark.parametrize("name", ["wildfire", "wildstar", "highrise", "fireball-island"])
def test_a_hint_is_a_legal_move_with_the_searchs_figures(name: str) -> None:
    game = make_game(name, {"players": 2})
    table = Table(game, ["A", "B"], seed=4)
    while len(table.legal_moves()) < 2:  # a decision with a choice in it
        seat = table.to_act()
        assert seat is not None
        table.submit(seat, table.legal_moves()[0])
    seat = table.to_act()
    assert seat is not None
    found = hint(game, table.view(seat), list(table.legal_moves()), random.Random(1), seconds=0.2)
    assert found.move in table.legal_moves()
    assert found.searched is not None and 0.0 <= found.searched.result <= 1.0 and found.searched.games > 0
    assert found.reason().startswith(f"wins {found.searched.result:.0%} of the {found.searched.games} games")


def test_a_hint_reads_the_view_only_two_states_with_one_view_get_one_hint() -> None:
    """The hidden tiles are sampled from the view: a state whose hidden hands differ but whose
    view for the seat is the same gets the same hint from the same generator."""
    game = make_game("highrise", {"players": 2})
    table = Table(game, ["A", "B"], seed=9)
    seat = table.to_act()
    assert seat is not None
    view = table.view(seat)
    other = game.sample_state(view, random.Random(77))  # the same view, other hidden tiles
    assert other.view(seat) == view and other.notation() != table.state.notation()
    legal = list(table.legal_moves())
    first = hint(game, view, legal, random.Random(3), iterations=150)
    again = hint(game, other.view(seat), list(other.legal_moves()), random.Random(3), iterations=150)
    assert first == again and first.move in legal


def test_the_reason_names_the_most_searched_other_move() -> None:
    found = Hint("a", Searched("a", 0.62, 410), Searched("b", 0.48, 120))
    said = "wins 62% of the 410 games searched with it; the next most searched, B, 48% of 120"
    assert found.reason(str.upper) == said
    assert Hint("a", None, None).reason() == "the only move"


def test_the_terminal_hint_command_needs_hints_on() -> None:
    runner = CliRunner()
    args = ["play", "highrise", "--seats", "human,greedy", "--seed", "5"]
    on = runner.invoke(app, [*args, "--hints"], input="hint\nquit\n")
    line = next(line for line in on.output.splitlines() if line.startswith("Hint: "))
    assert "wins" in on.output.split("Hint: ", 1)[1] and "@" in line  # a play, with its figures
    off = runner.invoke(app, args, input="hint\nquit\n")
    assert "Hints are off in this game: play with --hints to have them." in off.output
    assert "Hint: " not in off.output
