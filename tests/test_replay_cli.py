"""What a person is told of a game besides its moves: `rules` at the prompt, and
`gamenight replay FILE` as a story, as one seat saw it, or step by step."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.games.fireball_island.options import FireballIslandOptions
from gamenight.games.fireball_island.story import rules_summary as fireball_island_rules
from gamenight.games.highrise.options import HighriseOptions
from gamenight.games.highrise.story import rules_summary as highrise_rules
from gamenight.games.wildfire.options import WildfireOptions
from gamenight.games.wildfire.story import rules_summary as wildfire_rules
from gamenight.games.wildstar.options import WildstarOptions
from gamenight.games.wildstar.story import rules_summary as wildstar_rules
from gamenight.interfaces.cli import app

runner = CliRunner()


def gamenight(*args: str, input: str | None = None) -> Any:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def _text(lines: list[str]) -> str:
    assert 0 < len(lines) <= 12 and all(line.strip() for line in lines)
    return "\n".join(lines)


# -- rules -------------------------------------------------------------------------------


def test_wildfire_rules_tell_scoring_obligations_and_follow_the_variants() -> None:
    plain = _text(wildfire_rules(WildfireOptions()))
    assert "lowest grand total wins" in plain and "300 or more points" in plain
    assert "Triple Wildfire 3" in plain and "+30 a Triple Wildfire" in plain
    assert "lit up by the hub" in plain and "the round is blocked" in plain and "knocks by itself" in plain
    varied = _text(wildfire_rules(WildfireOptions(strategic=True, knock_penalty=True, obligation_burns_out=True)))
    assert "called out by whoever played it" in varied and "lit up by the hub" not in varied
    assert "draws a penalty tile" in varied and "unfilled closes" in varied
    assert "The game is 3 rounds." in _text(wildfire_rules(WildfireOptions(rounds=3)))


def test_wildstar_rules_tell_the_count_and_follow_partners_and_the_winner_collecting() -> None:
    plain = _text(wildstar_rules(WildstarOptions()))
    assert "each wildstar 20, the 0-0 30" in plain and "the lowest score wins" in plain
    assert "Partners" not in plain
    varied = _text(wildstar_rules(WildstarOptions(partners=True, winner_collects=True, hands=3)))
    assert "only the other team's dominoes are counted" in varied
    assert "collects the others' counts" in varied and "The highest total wins." in varied
    assert "down to 7-7 (3 hands)" in varied


def test_highrise_rules_tell_levels_and_spacers_and_follow_one_hand_or_a_target() -> None:
    one = _text(highrise_rules(HighriseOptions()))
    assert "points times its level" in one and "clear spacer" in one
    assert "The game is one hand" in one
    target = _text(highrise_rules(HighriseOptions(target_score=200, tie_break="extra_hand")))
    assert "someone has 200 points or more" in target and "extra hand" in target


def test_fireball_island_rules_tell_the_object_and_follow_the_fireball_mode() -> None:
    probabilistic = _text(fireball_island_rules(FireballIslandOptions()))
    assert "Vul-Kar Point" in probabilistic and "Dock" in probabilistic and "4-card limit" in probabilistic
    assert "may stop early" in probabilistic
    deterministic = _text(fireball_island_rules(FireballIslandOptions(fireball_mode="deterministic")))
    assert "Every playing piece on the chosen rollway" in deterministic and "may stop early" not in deterministic


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("wildfire", "--strategic", "--rounds", "1"), "called out by whoever played it"),
        (("wildstar", "--partners", "--hands", "1"), "only the other team's dominoes"),
        (("highrise", "--target-score", "150"), "someone has 150 points or more"),
        (("fireball-island", "--fireball-mode", "deterministic"), "Every playing piece on the chosen"),
    ],
)
def test_rules_at_the_prompt_explain_this_game_with_its_options(args: tuple[str, ...], expected: str) -> None:
    seats = "human,greedy,greedy,greedy" if "--partners" in args else "human,greedy"
    result = gamenight("play", *args, "--seats", seats, "--seed", "2", input="rules\nquit\n")
    out = result.output.replace("\n", " ")
    assert "The rules in short:" in result.output
    assert re.sub(r"\s+", " ", expected) in re.sub(r"\s+", " ", out)


def test_the_help_at_the_prompt_names_the_rules_command() -> None:
    result = gamenight("play", "wildfire", "--seats", "human,greedy", "--seed", "2", input="?\nquit\n")
    assert "rules (the game in short" in result.output
    assert "The rules in short:" not in result.output


# -- replay --------------------------------------------------------------------------------

TILE = re.compile(r"\b[0-9WDT]-[0-9WDT]\b")


@pytest.fixture(scope="module")
def wildfire_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "wildfire.json"
    result = gamenight(
        "play", "wildfire", "--seats", "greedy,random,greedy", "--seed", "7", "--rounds", "2", "--save", str(path)
    )
    assert result.exit_code == 0
    return path


def _table(path: Path) -> Any:
    from gamenight.engine.table import Table
    from gamenight.record_files import read_record

    return Table.resume(read_record(path), auto_chance=False)


def test_a_finished_game_replays_as_a_story_with_the_whole_truth(wildfire_record: Path) -> None:
    result = gamenight("replay", str(wildfire_record))
    out = result.output
    assert result.exit_code == 0
    assert "The game is over: the whole truth" in out
    assert not re.search(r"^ +1 +chance", out, re.MULTILINE)  # no more numbered dump of notation
    assert re.search(
        r"^Round 1: P1 deals 7 tiles to each player\.\nP2 is dealt ([0-9WDT]-[0-9WDT], ){6}", out, re.MULTILINE
    )
    assert re.search(r"^P\d cannot play, draws [0-9WDT]-[0-9WDT] and ", out, re.MULTILINE)  # the draw named
    assert out.count("End of the round") == 2 and "Score sheet" in out
    steps = len(json.loads(wildfire_record.read_text())["steps"])
    assert out.count("\n") < steps  # deals and draws told with what follows them, one line each
    assert f"verified: {steps} steps, result " in out


def test_a_seat_sees_its_own_draws_and_nobody_elses(wildfire_record: Path) -> None:
    result = gamenight("replay", "--seat", "2", str(wildfire_record))
    out = result.output
    assert result.exit_code == 0 and "As P2 saw it" in out
    table = _table(wildfire_record)
    told = {e["text"] for e in table.events_for(1)}
    secrets = {e.private for e in table.events if e.owners and 1 not in e.owners}
    assert secrets and not any(secret in out for secret in secrets)
    own = [e.private for e in table.events if e.owners == frozenset({1}) and "draws" in e.private]
    assert own and all(text in told for text in own)
    assert re.search(r"^P2 \(you\) draws [0-9WDT]-[0-9WDT]", out, re.MULTILINE)
    # The others' draws are told as P2 was told them: a tile, never which.
    assert re.search(r"^P[13] cannot play, draws a tile", out, re.MULTILINE)
    assert not re.search(r"^P[13] cannot play, draws [0-9WDT]-[0-9WDT]", out, re.MULTILINE)
    assert not re.search(r"^P[13] is dealt", out, re.MULTILINE)


def test_an_unfinished_game_is_shown_only_as_a_spectator_sees_it(tmp_path: Path, wildfire_record: Path) -> None:
    data = json.loads(wildfire_record.read_text())
    data["steps"] = data["steps"][:60]
    data["result"] = None
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(data))
    result = gamenight("replay", str(path))
    out = result.output
    assert result.exit_code == 0
    assert "The game is not over: shown as a spectator sees it" in out
    assert " is dealt " not in out and not re.search(r"draws [0-9WDT]-[0-9WDT]", out)
    assert "verified: 60 steps, game not finished" in out


def test_step_stops_after_each_of_the_seats_decisions_and_the_end_of_input_ends_cleanly(
    wildfire_record: Path,
) -> None:
    table = _table(wildfire_record)
    decisions = sum(1 for e in table.events if e.seat == 0)
    whole = gamenight("replay", "--seat", "1", "--step", str(wildfire_record), input="\n" * decisions)
    assert whole.exit_code == 0
    assert whole.output.count("Enter: the next decision") == decisions
    assert whole.output.count("After your decision (P1)") == decisions
    assert "P1 (you) wins" in whole.output or "Score sheet" in whole.output
    cut = gamenight("replay", "--seat", "1", "--step", str(wildfire_record), input="\n\n")
    assert cut.exit_code == 0
    assert cut.output.count("Enter: the next decision") == 3
    assert "Stopped showing after step" in cut.output
    assert "verified: " in cut.output  # the rest is still checked
    stop = gamenight("replay", "--seat", "1", "--step", str(wildfire_record), input="q\n")
    assert stop.output.count("Enter: the next decision") == 1 and "verified: " in stop.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seat", "4"), "--seat 4: this game has seats 1 to 3"),
        (("--seat", "0"), "seats 1 to 3"),
        (("--step",), "--step goes with --seat"),
    ],
)
def test_a_seat_the_game_does_not_have_is_a_clear_error(
    wildfire_record: Path, args: tuple[str, ...], message: str
) -> None:
    result = gamenight("replay", *args, str(wildfire_record))
    assert result.exit_code == 2 and message in result.output


@pytest.mark.parametrize("game", ["wildfire", "wildstar", "highrise", "fireball-island"])
def test_every_game_replays_as_a_seat_saw_it_within_60_columns(tmp_path: Path, game: str) -> None:
    path = tmp_path / f"{game}.json"
    extra = {"wildfire": ("--rounds", "1"), "fireball-island": ()}.get(game, ("--hands", "1"))
    assert (
        gamenight("play", game, "--seats", "greedy,random", "--seed", "3", *extra, "--save", str(path)).exit_code == 0
    )
    for args in (("--seat", "2"), ()):
        result = runner.invoke(app, ["replay", *args, str(path)], env={"COLUMNS": "60"})
        assert result.exit_code == 0, result.output
        assert "End of the round" in result.output and "verified: " in result.output
        assert max(len(line) for line in result.output.splitlines()) <= 60
