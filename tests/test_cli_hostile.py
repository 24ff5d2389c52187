"""Hostile input at the terminal and in records (issue 17): every case a clear message, no traceback,
nothing lost, nothing run in the terminal."""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight import record_files
from gamenight.bots.registry import make_bot
from gamenight.engine import record as record_module
from gamenight.engine.errors import ConfigError, RecordError
from gamenight.engine.match import Match
from gamenight.engine.record import Record, replay
from gamenight.engine.registry import make_game
from gamenight.interfaces.cli import app
from gamenight.record_files import read_record

runner = CliRunner()
HUMAN_WILDFIRE = ("play", "wildfire", "--seats", "human,greedy,greedy", "--seed", "5", "--rounds", "1")


def gamenight(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def steps_of(path: Path) -> list[list[object]]:
    return list(json.loads(path.read_text())["steps"])


SHORT = {
    "wildfire": {"players": 2, "rounds": 1},
    "wildstar": {"players": 2, "hands": 1},
    "highrise": {"players": 2},
    "fireball-island": {"players": 2, "turn_limit": 12},
}


def finished_match(name: str = "wildfire", seed: int = 3) -> Match:
    game = make_game(name, SHORT[name])
    match = Match(game, [make_bot("greedy", game) for _ in range(2)], seed)
    match.run()
    return match


def finished_record(seed: int = 3) -> Record:
    return finished_match("wildfire", seed).record


# -- the prompt -------------------------------------------------------------------------------


@pytest.mark.parametrize("answer", ["²", "①", "⁹", "١"])
def test_only_ascii_digits_pick_a_numbered_move(tmp_path: Path, answer: str) -> None:
    path = tmp_path / "game.json"
    result = gamenight(*HUMAN_WILDFIRE, "--save", str(path), input=f"{answer}\nquit\n")
    assert result.exit_code == 0
    assert f"{answer}: " in result.output and "Stopped: you quit" in result.output
    assert not [step for step in steps_of(path) if step[0] == 0]  # the person made no move


def test_piped_input_is_echoed_as_typed_not_read_as_markup() -> None:
    result = gamenight(*HUMAN_WILDFIRE, input="[/]\n[bold]b[/bold]\nquit\n")
    assert result.exit_code == 0
    assert "[/]" in result.output and "[bold]b[/bold]" in result.output


def test_control_characters_typed_at_the_prompt_are_shown_escaped() -> None:
    result = gamenight(*HUMAN_WILDFIRE, input="\x1b]0;owned\x07\x1b[2J\nquit\n")
    assert result.exit_code == 0
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\\x1b]0;owned\\x07" in result.output


def test_an_answer_longer_than_any_move_is_refused_without_being_quoted_back() -> None:
    result = gamenight(*HUMAN_WILDFIRE, input="5" * 1_000_000 + "\nquit\n")
    assert result.exit_code == 0
    assert "That answer is 1000000 characters long" in result.output
    assert len(result.output) < 50_000  # neither echoed nor quoted whole
    assert "Stopped: you quit" in result.output


# -- options ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", ["99999999999999999999999", "1000000000"])
def test_a_player_count_is_checked_against_the_game_before_anything_is_built(players: str) -> None:
    result = gamenight("play", "wildfire", "--players", players)
    assert result.exit_code == 2
    assert f"Wildfire is for 2 to 8 players, not {players}" in result.output


def test_a_negative_seed_is_refused_not_played_as_its_absolute_value() -> None:
    result = gamenight("play", "wildfire", "--seats", "greedy,greedy", "--seed", "-7")
    assert result.exit_code == 2
    assert "the seed must be 0 or more, not -7" in result.output
    with pytest.raises(ConfigError, match="0 or more"):
        game = make_game("wildfire", {"players": 2})
        Match(game, [make_bot("random", game) for _ in range(2)], -7)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["wildfire", "--rounds", "1000000"], "rounds must be 1 to 50, not 1000000"),
        (["wildfire", "--target-score", "1000000"], "target_score must be 1 to 1000, not 1000000"),
        (["wildstar", "--hands", "11"], "a game has 1 to 10 hands"),
        (["highrise", "--hands", "1000000"], "hands must be 1 to 50, not 1000000"),
        (["highrise", "--target-score", "1000000"], "target_score must be 1 to 1000, not 1000000"),
        (["fireball-island", "--turn-limit", "0"], "turn_limit must be 1 to 1000 turns (every game ends), not 0"),
    ],
)
def test_every_option_that_lengthens_a_game_is_bounded(args: list[str], message: str) -> None:
    """Issue 29: a game must end; the engine's option checks refuse a longer one before anything is built."""
    result = gamenight("play", *args, "--seats", "greedy,greedy", "--seed", "1")
    assert result.exit_code == 2
    assert message in result.output
    assert "Seats:" not in result.output


# -- saving -----------------------------------------------------------------------------------


def test_save_refuses_an_existing_file_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    args = ("play", "wildfire", "--seats", "greedy,greedy", "--seed", "3", "--rounds", "1", "--save", str(path))
    refused = gamenight(*args)
    assert refused.exit_code == 2
    assert "the file exists; give --force to overwrite it" in refused.output
    assert "Seats:" not in refused.output  # refused before the game
    assert path.read_text() == "my notes\n"
    forced = gamenight(*args, "--force")
    assert forced.exit_code == 0
    assert replay(read_record(path)).is_over()


@pytest.mark.parametrize("target", ["/dev/full", "folder"])
@pytest.mark.parametrize("force", [False, True])
def test_a_save_target_that_cannot_hold_a_record_is_refused_before_play(
    tmp_path: Path, target: str, force: bool
) -> None:
    path = tmp_path if target == "folder" else Path(target)
    if not path.exists():
        pytest.fail(f"{path} is needed for this test")
    extra = ("--force",) if force else ()
    result = gamenight("play", "wildfire", "--seats", "greedy,greedy", "--seed", "3", "--save", str(path), *extra)
    assert result.exit_code == 2
    assert f"--save {path}:" in result.output
    assert "Seats:" not in result.output


def test_a_save_name_longer_than_the_system_takes_is_refused_before_play(tmp_path: Path) -> None:
    path = tmp_path / ("a" * 300 + ".json")
    result = gamenight("play", "wildfire", "--seats", "greedy,greedy", "--seed", "3", "--save", str(path))
    assert result.exit_code == 2
    assert f"--save {path}: File name too long" in result.output
    assert "Seats:" not in result.output


def test_a_save_name_near_the_systems_limit_still_takes_a_record(tmp_path: Path) -> None:
    """The temporary file beside it has a longer name than the record's own: it is cut short."""
    path = tmp_path / ("a" * 245 + ".json")
    result = gamenight(
        "play", "wildfire", "--seats", "greedy,greedy", "--seed", "3", "--rounds", "1", "--save", str(path)
    )
    assert result.exit_code == 0, result.output
    assert replay(read_record(path)).is_over()


@pytest.mark.parametrize(("limit", "when"), [(1024, "during play"), (2048, "at the end")])
def test_a_record_that_cannot_be_written_is_one_clear_error_and_no_traceback(
    tmp_path: Path, limit: int, when: str
) -> None:
    """A file-size limit stands in for a full disk: the journal's appends fail (1 KB), or only
    the whole record written at the end (2 KB). Either way: the message, and nothing after it."""
    path = tmp_path / "game.json"

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    game = _play(
        "wildfire", "--seats", "greedy,greedy", "--seed", "1", "--rounds", "1", "--save", str(path),
        preexec_fn=small_files,
    )  # fmt: skip
    output, errors = game.communicate(timeout=120)
    assert game.returncode == 1
    assert ("wins with" in output) == (when == "at the end")
    assert f"cannot write the record to {path}: File too large" in output + errors
    assert "Traceback" not in errors and "Exception ignored" not in errors, errors


def test_a_save_that_fails_part_way_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("the old record\n")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record_files.os, "fsync", full_disk)
    result = gamenight("play", "wildfire", "--seats", "greedy,greedy", "--seed", "3", "--save", str(path), "--force")
    assert result.exit_code == 2
    assert "No space left on device" in result.output
    assert path.read_text() == "the old record\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left


def test_a_saved_file_is_written_whole_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = gamenight(
        "play", "wildfire", "--seats", "greedy,greedy", "--seed", "3", "--rounds", "1", "--save", str(path)
    )
    assert result.exit_code == 0
    assert json.loads(path.read_text()) == json.loads(finished_record(3).dumps())  # one JSON object, not a journal


def _play(*args: str, **kwargs: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "gamenight", "play", *args],
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kwargs,  # type: ignore[call-overload]
    )


def test_a_game_killed_mid_way_leaves_a_record_that_replays_as_unfinished(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # A search bot with a time budget: slow enough to be killed in the middle of the game.
    game = _play("wildfire", "--seats", "ismcts:seconds=0.05,greedy", "--seed", "3", "--save", str(path))
    try:
        deadline = time.monotonic() + 60
        while not (path.exists() and path.read_text().count("\n") > 40):
            assert time.monotonic() < deadline, "the record never grew"
            assert game.poll() is None, game.communicate()
            time.sleep(0.05)
    finally:
        game.send_signal(signal.SIGKILL)
        game.communicate()
    replayed = gamenight("replay", "--quiet", str(path))
    assert replayed.exit_code == 0
    assert "kept step by step and stops where its game was stopped" in replayed.output
    assert "game not finished" in replayed.output


def test_closing_the_output_early_still_saves_the_whole_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = _play("wildfire", "--seats", "greedy,greedy,random", "--seed", "7", "--watch", "--save", str(path))
    assert game.stdout is not None
    game.stdout.readline()
    game.stdout.close()  # `| head -1`
    _, errors = game.communicate(timeout=120)
    assert "Traceback" not in errors
    record = read_record(path)
    assert record.result is not None and replay(record).is_over()


# -- replay -----------------------------------------------------------------------------------


def _write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return path


def _record_text(**changes: object) -> str:
    data = json.loads(finished_record().dumps())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (_record_text().replace('"seed": 3', '"seed": 1e400'), "out of range"),
        (_record_text().replace('"seed": 3', '"seed": ' + "9" * 5000), "corrupt record"),
        ("[" * 100_000 + "]" * 100_000, "corrupt record"),
        (b'{"format": "gamenight-record/1", "game": "wildfire\xff\xfe"}', "not UTF-8"),
        (_record_text().replace('"seed": 3', '"seed": NaN'), "NaN is not a number"),
        (_record_text(seed=5.9), "the seed must be int, not 5.9"),
        (_record_text(seed="5"), "the seed must be int, not '5'"),
        (_record_text(seed=True), "the seed must be int, not True"),
        (_record_text(seed=-7), "the seed must be 0 or more"),
        (_record_text(steps=[[0, "draw", "extra"]]), "a step must be [seat, text]"),
    ],
)
def test_a_corrupt_record_is_reported_as_corrupt(tmp_path: Path, content: str | bytes, message: str) -> None:
    path = _write(tmp_path / "bad.json", content)
    result = gamenight("replay", str(path))
    assert result.exit_code == 2
    assert message in result.output and str(path) in result.output


@pytest.mark.parametrize("name", list(SHORT))
def test_a_record_whose_steps_are_null_is_corrupt(tmp_path: Path, name: str) -> None:
    data = json.loads(finished_match(name).record.dumps())
    data["steps"] = None
    path = _write(tmp_path / "null.json", json.dumps(data))
    result = gamenight("replay", str(path))
    assert result.exit_code == 2
    assert f"{path}: corrupt record: steps must be list, not None" in result.output


@pytest.mark.parametrize("name", list(SHORT))
def test_a_record_that_starts_from_a_finished_game_is_refused(tmp_path: Path, name: str) -> None:
    match = finished_match(name)
    record = Record(match.record.game, match.record.options, match.record.seats, 1, start=match.state.notation())
    path = _write(tmp_path / "over.json", record.dumps())
    result = gamenight("replay", str(path))
    assert result.exit_code == 2
    assert "the record's start position is refused: that game is over, so no game follows it" in result.output
    with pytest.raises(RecordError, match="that game is over"):
        replay(read_record(path))


def test_a_record_larger_than_any_game_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record_module, "MAX_RECORD_BYTES", 10_000)
    path = _write(tmp_path / "big.json", _record_text(options={"players": 2, "rounds": 1, "x": "y" * 20_000}))
    result = gamenight("replay", str(path))
    assert result.exit_code == 2
    assert "larger than" in result.output


def test_replaying_an_endless_file_stops_at_the_size_limit() -> None:
    if not Path("/dev/zero").exists():
        pytest.fail("/dev/zero is needed for this test")
    result = gamenight("replay", "/dev/zero")
    assert result.exit_code == 2
    assert "larger than 16 MB" in result.output


def test_a_record_that_starts_from_a_given_position_says_so(tmp_path: Path) -> None:
    game = make_game("wildfire", {"players": 2, "rounds": 1})
    bots = [make_bot("greedy", game) for _ in range(2)]
    dealt = Match(game, bots, 4)
    for _ in range(30):
        dealt.step()
    start = game.state_from_notation(dealt.state.notation())
    record = Match(game, bots, 9, state=start).run()
    path = _write(tmp_path / "given.json", record.dumps())
    result = gamenight("replay", str(path))
    assert result.exit_code == 0
    assert "It starts from a given position, not from a deal: " in result.output
    assert f"verified: {len(record.steps)} steps from the given position, result" in result.output


def test_a_refused_start_position_is_a_clear_error(tmp_path: Path) -> None:
    path = _write(tmp_path / "forged.json", _record_text(start="dealer=1 turn=9 | nonsense", steps=[], result=None))
    result = gamenight("replay", str(path))
    assert result.exit_code == 2
    assert "the record's start position is refused:" in result.output
    with pytest.raises(RecordError, match="start position is refused"):
        replay(read_record(path))


def test_seat_names_from_a_record_cannot_drive_the_terminal(tmp_path: Path) -> None:
    names = ["\x1b]0;owned\x07", "\x1b[2J\x1b[31mred"]
    path = _write(tmp_path / "names.json", _record_text(seats=names))
    result = gamenight("replay", str(path))
    assert result.exit_code == 0
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\\x1b]0;owned\\x07" in result.output


def test_a_journal_cut_off_mid_line_reads_as_an_unfinished_game(tmp_path: Path) -> None:
    record = finished_record()
    lines = [record.journal_header()] + [Record.journal_line(s) for s in record.steps[:40]]
    path = _write(tmp_path / "cut.json", "".join(lines) + '[0, "5-')
    result = gamenight("replay", "--quiet", str(path))
    assert result.exit_code == 0
    assert "its last line was cut off mid-write" in result.output
    assert "verified: 40 steps, game not finished" in result.output


def test_a_journal_with_a_bad_line_inside_is_corrupt(tmp_path: Path) -> None:
    record = finished_record()
    lines = [record.journal_header(), "not a step\n", Record.journal_line(record.steps[0])]
    path = _write(tmp_path / "bad.json", "".join(lines))
    result = gamenight("replay", str(path))
    assert result.exit_code == 2
    assert "line 2:" in result.output
