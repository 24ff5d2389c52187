"""The review after a game (issue 30 item 4): each of a seat's decisions judged by the hard bot
from that seat's view at the time; in the terminal with `gamenight replay FILE --review`.

The scripted game: Fireball Island, P1 holds the jewel three spaces from the Dock with a
roll of 5, and P2 stands behind on the same path. Walking onto the Dock wins at once; the
other walk, back down the path, throws the win away (P2 goes on to win the game)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.bots.registry import make_bot
from gamenight.bots.review import BLUNDER, Judged, decisions, review
from gamenight.engine.record import Record
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.interfaces.cli import app

WINNING = (
    "turn=1 turns=9 roll=5 rolling=move | pieces DR7 DR4 | jewel P1 | hands - / - "
    "| tasks end window:end:0 pushes path:1:5:1"
)
ITERATIONS = 200


def scripted(first: str, seats: tuple[str, str] = ("human", "medium")) -> Record:
    """The game from WINNING: P1 plays `first`, then medium bots play both seats to the end."""
    game = make_game("fireball-island", {"players": 2})
    table = Table(game, list(seats), seed=3, state=game.state_from_notation(WINNING))
    table.submit(0, first)
    bot, rng = make_bot("medium", game), random.Random(1)
    while (seat := table.to_act()) is not None:
        table.submit(seat, bot.choose(table.view(seat), table.legal_moves(), rng))
    return table.record


def test_the_review_marks_the_walk_that_throws_the_win_away() -> None:
    record = scripted("DR2")
    assert record.result == [0, 1]  # P2 won after all
    judged = review(record, {0}, iterations=ITERATIONS)
    first = judged[0]
    assert (first.step, first.seat, first.played, first.best) == (0, 0, "DR2", "DOCK")
    assert first.mark == "blunder" and first.cost >= BLUNDER
    assert first.best_chance == 1.0 and first.played_chance < 0.75
    assert "reaches the Dock with the jewel" in first.best_text
    assert review(record, {0}, iterations=ITERATIONS) == judged  # a fixed search: the same marks


def test_the_review_does_not_mark_the_winning_walk() -> None:
    record = scripted("DOCK")
    assert record.result == [1, 0] and len(record.steps) == 1
    (only,) = review(record, {0}, iterations=ITERATIONS)
    assert (only.played, only.best, only.mark, only.cost) == ("DOCK", "DOCK", None, 0.0)


def test_a_review_judges_only_the_seats_asked_and_from_their_views() -> None:
    """Every decision reviewed is the seat's own with a choice in it, with the view it had then
    (hidden hands sampled by the search, never read): P2's decisions are not P1's review."""
    record = scripted("DR2")
    mine = list(decisions(record, {0}))
    theirs = list(decisions(record, {1}))
    assert mine and theirs and all(d.seat == 0 for d in mine) and all(d.seat == 1 for d in theirs)
    assert all(len(d.legal) > 1 and d.played in d.legal and d.view["seat"] == d.seat for d in mine + theirs)
    steps = [j.step for j in review(record, {1}, iterations=30)]
    assert steps == [d.step for d in theirs]


def test_a_judged_decision_says_what_it_cost() -> None:
    judged = Judged(4, 1, "DR2", "walks", "DOCK", "wins", 0.5, 1.0, 100)
    assert judged.mark == "blunder"
    said = "step 5, P2: DR2 (walks) is a blunder: DOCK (wins) wins 100% against 50%, 50 points of win chance given away"
    assert judged.words() == said
    assert Judged(0, 0, "a", "", "b", "", 0.55, 0.6, 100).mark is None  # 5 points: not clearly better
    assert Judged(0, 0, "a", "", "b", "", 0.45, 0.6, 100).mark == "mistake"


def write(tmp_path: Path, record: Record) -> Path:
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    return path


def test_replay_review_prints_the_blunder_in_the_terminal(tmp_path: Path) -> None:
    path = write(tmp_path, scripted("DR2"))
    result = CliRunner().invoke(app, ["replay", str(path), "--review", "--review-iterations", str(ITERATIONS), "-q"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Review of P1 by the hard bot (200 iterations a search" in text
    assert "step 1, P1 human: DR2 (walks to DR2" in text and "is a blunder: DOCK (walks to DOCK" in text
    assert "wins 100% against" in text and "points of win chance given away" in text


def test_replay_review_of_the_winning_walk_marks_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, scripted("DOCK"))
    result = CliRunner().invoke(app, ["replay", str(path), "--review", "--review-iterations", str(ITERATIONS)])
    assert result.exit_code == 0, result.output
    assert "Fireball Island record: P1 human, P2 Medium bot" in result.output  # the bot named by its level
    assert "1 decisions with a choice, 0 marked" in result.output
    assert "No decision is clearly worse than the bot's choice." in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--review-seconds", "0"], "--review-seconds: more than 0, at most 60"), (["--seat", "3"], "seats 1 to 2")],
)
def test_replay_review_refuses_bad_options(tmp_path: Path, args: list[str], message: str) -> None:
    path = write(tmp_path, scripted("DOCK"))
    result = CliRunner().invoke(app, ["replay", str(path), "--review", *args])
    assert result.exit_code == 2 and message in " ".join(result.output.split())


def test_replay_review_refuses_an_unfinished_game(tmp_path: Path) -> None:
    record = scripted("DR2")
    record.steps, record.result = record.steps[:3], None
    result = CliRunner().invoke(app, ["replay", str(write(tmp_path, record)), "--review", "-q"])
    assert result.exit_code == 2 and "a review is of a finished game" in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("seats", "whose"),
    [(("Ann", "Medium bot"), "P1"), (("human", "medium"), "P1"), (("hard", "medium"), "P1 and P2")],
)
def test_replay_review_judges_the_people_of_a_terminal_or_a_tables_record(
    tmp_path: Path, seats: tuple[str, str], whose: str
) -> None:
    """A person's seat is `human` in the terminal's records and a display name in a table's,
    where bots are "Medium bot"; a game of bots alone has every seat reviewed."""
    path = write(tmp_path, scripted("DOCK", seats))
    result = CliRunner().invoke(app, ["replay", str(path), "--review", "--review-iterations", "10", "-q"])
    assert result.exit_code == 0, result.output
    assert f"Review of {whose} by the hard bot" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--review-seconds", "0"], "--review-seconds: more than 0, at most 60, not 0"),
        (["--review-seconds", "61"], "--review-seconds: more than 0, at most 60, not 61"),
        (["--reviews-at-once", "0"], "--reviews-at-once: 1 to 64, not 0"),
    ],
)
def test_serve_refuses_a_review_budget_out_of_bounds(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path / "data"), *args])
    assert result.exit_code == 2 and message in " ".join(result.output.split())
    assert not (tmp_path / "data").exists()  # refused before anything was made
