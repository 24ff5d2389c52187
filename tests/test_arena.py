"""The arena: seats rotated, deals paired, the same results for any number of workers, the
statistics, the files it writes and the `gamenight arena` command."""

from __future__ import annotations

import ast
import csv
import dataclasses
import json
import multiprocessing
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.engine.errors import ConfigError
from gamenight.engine.options import options_to_dict
from gamenight.engine.registry import make_game
from gamenight.interfaces.cli import _interrupt, app
from gamenight.sim import ArenaConfig, ArenaResult, GameResult, run_arena, summarize, wilson_interval, write_outputs
from gamenight.sim.arena import check_config, chunk_size, deal_seed, parse_options, seating
from gamenight.sim.report import GameLog, percentile, summary_json

WILDFIRE: dict[str, Any] = {"rounds": 1}
HIGHRISE: dict[str, Any] = {"hands": 1}
THINK_COLUMNS = ("_think_ms", "think_")

runner = CliRunner()


def arena(**changes: Any) -> ArenaConfig:
    """A small, fast arena: two-player Wildfire, one round a game."""
    fields: dict[str, Any] = {"game": "wildfire", "seats": ("greedy", "random"), "games": 8, "seed": 1}
    fields["options"] = WILDFIRE
    fields.update(changes)
    return ArenaConfig(**fields)


def gamenight(*args: str):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


# -- seating and seeds ---------------------------------------------------------------------------


def test_seats_rotate_so_each_spec_sits_in_each_seat_equally() -> None:
    assert [seating(("a", "b", "c"), i) for i in range(4)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
        ("a", "b", "c"),
    ]
    result = run_arena(arena(seats=("greedy", "random", "easy"), games=9), workers=1)
    for seat in range(3):
        assert Counter(g.seats[seat] for g in result.games) == {"greedy": 3, "random": 3, "easy": 3}
    assert [g.index for g in result.games] == list(range(9))


def test_the_rotations_of_a_deal_share_its_seed_and_so_its_deal() -> None:
    result = run_arena(arena(seats=("greedy", "random", "easy"), games=7, records=True), workers=1)
    assert [g.deal for g in result.games] == [0, 0, 0, 1, 1, 1, 2]
    expected = [random.Random(f"gamenight-arena:1:{deal}").getrandbits(63) for deal in range(3)]
    assert [g.seed for g in result.games] == [expected[g.deal] for g in result.games]
    assert [deal_seed(1, d) for d in range(3)] == expected
    assert len(set(expected)) == 3
    # The same seed deals the same tiles, whoever sits where: the first draw of every rotation agrees.
    first_steps = [(g.deal, g.record.steps[0]) for g in result.games if g.record is not None]
    assert len(first_steps) == 7
    for deal in range(3):
        assert len({step.text for d, step in first_steps if d == deal}) == 1


def test_another_seed_plays_other_games() -> None:
    one = run_arena(arena(seed=1), workers=1)
    other = run_arena(arena(seed=2), workers=1)
    assert {g.seed for g in one.games}.isdisjoint(g.seed for g in other.games)
    assert [g.scores for g in one.games] != [g.scores for g in other.games]


def test_chunks_are_small_enough_to_share_and_at_most_25_games() -> None:
    assert chunk_size(10, 2) == 1
    assert chunk_size(160, 2) == 10
    assert chunk_size(100_000, 2) == 25


# -- determinism across worker counts ----------------------------------------------------------------


def _without_think(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    return [{k: v for k, v in row.items() if not any(c in k for c in THINK_COLUMNS)} for row in rows]


def _read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _comparable_summary(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    del data["timing"]
    for entrant in data["entrants"]:
        del entrant["think_ms"]
    return data


def test_the_arenas_determinism_across_worker_counts(tmp_path: Path) -> None:
    config = arena(game="highrise", options=HIGHRISE, seats=("greedy", "random", "easy"), games=18, records=True)
    alone = run_arena(config, workers=1)
    pooled = run_arena(config, workers=2)
    assert (alone.workers, pooled.workers) == (1, 2)
    assert [g.without_timing() for g in alone.games] == [g.without_timing() for g in pooled.games]
    assert [g.index for g in pooled.games] == list(range(18))

    write_outputs(alone, tmp_path / "alone")
    write_outputs(pooled, tmp_path / "pooled")
    for name in ("games.csv", "bots.csv"):
        assert _without_think(_read_csv(tmp_path / "alone" / name)) == _without_think(
            _read_csv(tmp_path / "pooled" / name)
        )
    assert _comparable_summary(tmp_path / "alone" / "summary.json") == _comparable_summary(
        tmp_path / "pooled" / "summary.json"
    )
    records = sorted(p.name for p in (tmp_path / "alone" / "records").iterdir())
    assert len(records) == 18
    for name in records:
        assert (tmp_path / "alone" / "records" / name).read_bytes() == (
            tmp_path / "pooled" / "records" / name
        ).read_bytes()

    # The searching bot too, in one tiny game: it draws only from the seat's generator.
    search = arena(game="highrise", options=HIGHRISE, seats=("ismcts:iterations=5", "random"), games=1)
    assert [g.without_timing() for g in run_arena(search, workers=1).games] == [
        g.without_timing() for g in run_arena(search, workers=2).games
    ]


class CountingExecutor(Executor):
    """Any executor at all: this one counts the tasks it is given, and hands them on."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner
        self.tasks = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.tasks += 1
        return self.inner.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.inner.shutdown(wait, cancel_futures=cancel_futures)


def _thread_pool() -> Executor:
    return ThreadPoolExecutor(max_workers=2)


def _process_pool() -> Executor:
    return ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))


@pytest.mark.parametrize("make_executor", [_thread_pool, _process_pool])
def test_a_callers_executor_plays_the_same_games_and_is_left_running(make_executor: Callable[[], Executor]) -> None:
    config = arena(seats=("greedy", "random", "easy"), games=12, records=True)
    alone = run_arena(config, workers=1)
    seen: list[int] = []
    with CountingExecutor(make_executor()) as executor:
        given = run_arena(config, workers=2, on_game=lambda g: seen.append(g.index), executor=executor)
        assert executor.tasks == 12  # 12 games for 2 workers: chunks of one game
        assert executor.submit(max, 3, 4).result() == 4  # the caller's still, and still running
    assert [g.without_timing() for g in given.games] == [g.without_timing() for g in alone.games]
    assert sorted(seen) == list(range(12))  # each game streamed once, as it finished
    assert given.workers == 2


def test_an_arena_stopped_in_a_callers_executor_leaves_it_running() -> None:
    def stop(game: GameResult) -> None:
        raise RuntimeError(f"stopped at game {game.index + 1}")

    with ThreadPoolExecutor(max_workers=1) as executor:
        with pytest.raises(RuntimeError, match="stopped at game"):
            run_arena(arena(games=40), workers=1, on_game=stop, executor=executor)
        assert executor.submit(max, 3, 4).result() == 4


# -- statistics --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [  # the 95% Wilson intervals of textbook tables
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 10, 0.0179, 0.4042),
    ],
)
def test_wilson_interval_on_known_values(wins: float, n: int, low: float, high: float) -> None:
    assert wilson_interval(wins, n) == pytest.approx((low, high), abs=1e-4)


def test_wilson_bounds_are_where_the_score_test_just_rejects() -> None:
    # The interval's ends are the two p with (phat - p)^2 = z^2 p (1 - p) / n.
    z, wins, n = 1.959963984540054, 81, 263
    for p in wilson_interval(wins, n):
        assert (wins / n - p) ** 2 == pytest.approx(z * z * p * (1 - p) / n, rel=1e-9)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(2.5, 7)  # shared wins count as their share
    assert (low, high) == pytest.approx((1 - wilson_interval(4.5, 7)[1], 1 - wilson_interval(4.5, 7)[0]))


def test_percentile_interpolates() -> None:
    assert percentile([4.0, 1.0, 3.0, 2.0], 50) == 2.5
    assert percentile([float(x) for x in range(1, 102)], 95) == 96.0
    assert percentile([], 95) == 0.0


def _game(index: int, seats: tuple[str, ...], scores: tuple[int, ...], returns: tuple[float, ...]) -> GameResult:
    return GameResult(
        index=index,
        deal=index // len(seats),
        seed=0,
        seats=seats,
        scores=scores,
        returns=returns,
        decisions=tuple(10 + s for s in range(len(seats))),
        steps=40,
        think=tuple((0.001 * (s + 1), 0.003) for s in range(len(seats))),
    )


def test_summarize_pools_every_seat_of_a_bot() -> None:
    games = [
        _game(1, ("b", "a", "a"), (0, 20, 10), (0.0, 0.5, 0.5)),
        _game(0, ("a", "a", "b"), (30, 10, 50), (0.0, 0.0, 1.0)),
        _game(2, ("a", "b", "a"), (5, 5, 5), (0.0, 0.0, 0.0)),
    ]
    summary = summarize(games, ("a", "a", "b"))
    a, b = summary.entrants
    assert (a.bot, a.seat_games, a.wins, b.bot, b.seat_games, b.wins) == ("a", 6, 1.0, "b", 3, 1.0)
    assert a.score_mean == pytest.approx(80 / 6)
    assert b.score_mean == pytest.approx(55 / 3)
    assert b.score_sd == pytest.approx(((0 - 55 / 3) ** 2 + (50 - 55 / 3) ** 2 + (5 - 55 / 3) ** 2) ** 0.5 / 2**0.5)
    assert a.win_rate == pytest.approx(1 / 6)
    assert (a.win_low, a.win_high) == wilson_interval(1.0, 6)
    assert b.decisions_mean == pytest.approx((10 + 12 + 11) / 3)
    assert b.think.decisions == 6
    assert b.think.max_ms == pytest.approx(3.0)
    assert (summary.games, summary.decided, summary.undecided) == (3, 2, 1)
    assert summary.length_mean == 33
    # Game 0 (b won) is rated, game 1 (a's best seat won) and game 2 (nobody: a tie) after it.
    assert a.rating is not None and b.rating is not None
    assert a.rating.ordinal == pytest.approx(a.rating.mu - 3 * a.rating.sigma)


def test_the_rating_ranks_the_stronger_bot_first_and_needs_two_bots() -> None:
    result = run_arena(arena(games=20), workers=1)
    greedy, rand = result.summary.entrants
    assert greedy.rating is not None and rand.rating is not None
    assert greedy.wins > rand.wins and greedy.rating.mu > rand.rating.mu
    mirror = run_arena(arena(seats=("greedy", "greedy"), games=2), workers=1)
    (only,) = mirror.summary.entrants
    assert only.seat_games == 4 and only.rating is None
    assert only.wins == pytest.approx(2)  # one winner's worth a game, shares included


def test_wins_sum_to_the_games_someone_won() -> None:
    result = run_arena(arena(seats=("greedy", "random", "easy"), games=12), workers=1)
    summary = result.summary
    assert summary.undecided == 0
    assert sum(e.wins for e in summary.entrants) == pytest.approx(summary.decided) == 12
    assert all(e.seat_games == 12 for e in summary.entrants)

    stopped = run_arena(arena(game="fireball-island", options={"turn_limit": 2}, games=4), workers=1)
    assert (stopped.summary.decided, stopped.summary.undecided) == (0, 4)
    assert sum(e.wins for e in stopped.summary.entrants) == 0


# -- files ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_result() -> ArenaResult:
    return run_arena(arena(games=6, records=True), workers=1)


def test_the_outputs_are_written(tmp_path: Path, small_result: ArenaResult) -> None:
    out = tmp_path / "new" / "folder"
    written = write_outputs(small_result, out)
    assert written.notes == ()
    assert {p.name for p in written.files} == {"games.csv", "bots.csv", "summary.json", "scores.png", "records"}
    games = _read_csv(out / "games.csv")
    assert [row["game"] for row in games] == [str(i) for i in range(1, 7)]
    assert games[1]["p1_bot"] == "random" and games[1]["p2_bot"] == "greedy"
    assert len(_read_csv(out / "bots.csv")) == 2
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    resolved = options_to_dict(make_game("wildfire", {"players": 2, "rounds": 1}).options)
    assert summary["config"]["options"] == resolved
    assert summary["config"]["seats"] == ["greedy", "random"]
    assert summary["games"]["played"] == 6
    assert summary["rating_model"] == "openskill PlackettLuce"
    assert summary["entrants"][0]["rating"]["mu"] > 0
    assert summary["gamenight"] == small_result.version
    assert summary == summary_json(small_result)
    png = (out / "scores.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 1000
    assert sorted(p.name for p in (out / "records").iterdir()) == [f"game-{i:05d}.json" for i in range(1, 7)]


def test_a_file_in_the_way_of_the_folder_is_refused(tmp_path: Path, small_result: ArenaResult) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("")
    with pytest.raises(ConfigError, match="a file is in the way"):
        write_outputs(small_result, blocker)


def test_without_openskill_and_matplotlib_the_rest_still_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for module in ("openskill.models", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, module, None)  # None in sys.modules: the import fails
    result = run_arena(arena(games=2), workers=1)
    assert all(e.rating is None for e in result.summary.entrants)
    assert any("openskill" in note for note in result.summary.notes)
    written = write_outputs(result, tmp_path)
    assert any("matplotlib" in note for note in written.notes)
    assert not (tmp_path / "scores.png").exists()
    assert json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["rating_model"] is None


# -- the Python API's checks ---------------------------------------------------------------------------


def test_options_read_json_or_words() -> None:
    assert parse_options(["rounds=1", "strategic=true", "tie_break=share", "target_score=null"]) == {
        "rounds": 1,
        "strategic": True,
        "tie_break": "share",
        "target_score": None,
    }
    with pytest.raises(ConfigError, match="name=value"):
        parse_options(["rounds"])


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"games": 0}, "at least one game"),
        ({"seats": ("human", "greedy")}, "bots only"),
        ({"seats": ("greedy", "nobody")}, "unknown bot 'nobody'"),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
        ({"options": {"players": 3}}, "players=3"),
        ({"game": "chess"}, "unknown game"),
    ],
)
def test_a_bad_config_fails_before_any_game(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        run_arena(arena(**changes), workers=1)


def test_workers_must_be_one_or_more() -> None:
    with pytest.raises(ConfigError, match="--workers 0"):
        run_arena(arena(), workers=0)


def _sim_imports() -> dict[str, set[str]]:
    """Each module of gamenight.sim -> the modules it imports (every import, even a lazy one)."""
    package = Path(__file__).resolve().parents[1] / "src" / "gamenight" / "sim"
    found: dict[str, set[str]] = {}
    for path in sorted(package.glob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names.add(node.module or "")
            elif isinstance(node, ast.Import):
                names |= {a.name for a in node.names}
        found[f"gamenight.sim.{path.stem}"] = names
    return found


def test_sim_imports_only_the_engine_the_bots_and_the_record_files_and_draws_nothing() -> None:
    for module, names in _sim_imports().items():
        for name in names:
            if name.startswith("gamenight."):
                assert name.split(".")[1] in {"engine", "bots", "record_files", "sim"}, (module, name)
            assert name.split(".")[0] != "rich", (module, name)  # tables are drawn in interfaces/


def test_the_sim_modules_import_one_another_in_no_circle() -> None:
    imports = _sim_imports()
    modules = {m for m in imports if not m.endswith(".__init__")}  # the package's own re-exports aside
    left = {m: imports[m] & modules for m in modules}
    # Take away every module that imports none of those left: a circle is what remains.
    while ready := [m for m, names in left.items() if not names & left.keys()]:
        for m in ready:
            del left[m]
    assert left == {}


# -- the command -----------------------------------------------------------------------------------------


def test_the_command_prints_the_table_writes_the_files_and_the_records_replay(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    args = ["arena", "wildfire", "--seats", "greedy,random", "-n", "4", "--workers", "1", "-o", "rounds=1"]
    result = gamenight(*args, "--out", str(out), "--records", "--seed", "5")
    assert result.exit_code == 0, result.output
    assert "wildfire: 4 games" in result.output
    assert "greedy" in result.output and "random" in result.output
    assert "wildfire rounds=1; seats greedy,random; 4 games; seed 5; 1 worker;" in result.output
    assert "Wrote games.csv, bots.csv, summary.json, scores.png, records" in result.output
    assert len(_read_csv(out / "games.csv")) == 4
    replayed = gamenight("replay", "--quiet", str(out / "records" / "game-00001.json"))
    assert replayed.exit_code == 0
    assert replayed.output.startswith("verified: ")


def test_the_command_plays_a_search_bot_in_a_pool(tmp_path: Path) -> None:
    seats = "ismcts:iterations=5:rollout=random,random"
    result = gamenight("arena", "highrise", "--seats", seats, "-n", "1", "--workers", "2", "-o", "hands=1", "-q")
    assert result.exit_code == 0, result.output
    assert "ismcts:iterations=5:rollout=random" in result.output
    assert "1 worker;" in result.output  # one game: one process is enough


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--seats", "greedy,random"], "unknown game 'chess'"),
        (["wildfire", "--seats", "human,greedy"], "bots only"),
        (["wildfire", "--seats", "greedy,wizard"], "unknown bot 'wizard'"),
        (["wildfire", "--seats", "greedy,,random"], "an empty seat"),
        (["wildfire", "--seats", "greedy,random", "--games", "0"], "--games 0"),
        (["wildfire", "--seats", "greedy,random", "--workers", "0"], "--workers 0"),
        (["wildfire", "--seats", "greedy,random", "-o", "rounds"], "write name=value"),
        (["wildfire", "--seats", "greedy,random", "-o", "rounds=many"], "option 'rounds' must be"),
        (["wildfire", "--seats", "greedy,random", "-o", "speed=3"], "unknown option 'speed'"),
        (["wildfire", "--seats", "greedy,random", "-o", "rounds=1000000"], "rounds must be 1 to 50, not 1000000"),
        (["highrise", "--seats", "greedy,random", "-o", "hands=51"], "hands must be 1 to 50, not 51"),
        (["fireball-island", "--seats", "greedy,random", "-o", "turn_limit=0"], "turn_limit must be 1 to 1000"),
        (["wildfire", "--seats", "greedy,random", "--records"], "--records: give --out"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], message: str) -> None:
    defaults = [] if "--games" in args else ["--games", "2"]
    defaults += [] if "--workers" in args else ["--workers", "1"]
    result = gamenight("arena", *args, *defaults)
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1


def test_an_out_path_that_is_a_file_is_refused(tmp_path: Path) -> None:
    taken = tmp_path / "taken.txt"
    taken.write_text("")
    result = gamenight("arena", "wildfire", "--seats", "greedy,random", "-n", "2", "--out", str(taken))
    assert result.exit_code == 2
    assert "a file is in the way" in result.output


# -- one-sided results and interrupted arenas (issue 17) -------------------------------------------------


def test_the_interval_holds_the_rate_even_at_0_and_100_percent() -> None:
    # Rounding put the upper end of 10 wins in 10 at 0.9999999999999999, below the rate.
    for n in range(1, 300):
        for wins in (0, n):
            low, high = wilson_interval(wins, n)
            assert low <= wins / n <= high


def test_an_arena_one_bot_wins_every_game_of_still_plots(tmp_path: Path, small_result: ArenaResult) -> None:
    games = [
        dataclasses.replace(g, returns=tuple(1.0 if spec == "greedy" else 0.0 for spec in g.seats))
        for g in small_result.games
    ]
    one_sided = dataclasses.replace(
        small_result, games=tuple(games), summary=summarize(games, small_result.config.seats)
    )
    assert [e.win_rate for e in one_sided.summary.entrants] == [1.0, 0.0]
    written = write_outputs(one_sided, tmp_path)
    assert (tmp_path / "scores.png").read_bytes().startswith(b"\x89PNG")
    assert "scores.png" in {p.name for p in written.files}


def test_a_huge_number_of_games_is_refused_before_anything_is_built() -> None:
    with pytest.raises(ConfigError, match="at most 1,000,000"):
        check_config(arena(games=1_000_000_000))


def _children(pid: int) -> set[int]:
    children: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        children |= {int(c) for c in (task / "children").read_text().split()}
    return children


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie has exited; only its parent's wait is missing


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM])
def test_a_stopped_arena_keeps_the_games_it_played_and_leaves_no_worker(tmp_path: Path, stop: signal.Signals) -> None:
    out = tmp_path / "arena"
    command = ["arena", "wildfire", "--seats", "greedy,random", "-n", "100000", "--workers", "2", "-o", "rounds=1"]
    arena_process = subprocess.Popen(
        [sys.executable, "-m", "gamenight", *command, "--out", str(out), "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not ((out / "games.csv").exists() and len(_read_csv(out / "games.csv")) >= 10):
            assert time.monotonic() < deadline, "no games on disk"
            assert arena_process.poll() is None, arena_process.communicate()
            time.sleep(0.05)
        workers = _children(arena_process.pid)
        assert workers
    finally:
        arena_process.send_signal(stop)
        _, errors = arena_process.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _running(pid)]
    rows = _read_csv(out / "games.csv")
    assert len(rows) >= 10 and all(row["p1_bot"] in ("greedy", "random") for row in rows)
    if stop == signal.SIGTERM:
        assert f"Interrupted: the {len(rows)} games played are in" in errors
        assert f"continue with --resume {out}" in errors
        assert "Traceback" not in errors


class _StoppedAfterFlush:
    """A games.csv handle that is sent SIGTERM as soon as a line is on disk: the moment a
    stopped arena's count could fall one short of its file."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle

    def write(self, text: str) -> int:
        return int(self.handle.write(text))

    def flush(self) -> None:
        self.handle.flush()
        signal.raise_signal(signal.SIGTERM)

    def close(self) -> None:
        self.handle.close()


def test_a_stop_while_a_game_is_written_leaves_the_count_equal_to_the_file(tmp_path: Path) -> None:
    """SIGTERM is raised as Ctrl-C; arriving just after a line is flushed, it waits until the
    line is counted, so 'Interrupted: the N games played' is the file's N."""
    result = run_arena(arena(games=1), workers=1)
    log = GameLog(tmp_path, 2)
    log._handle = _StoppedAfterFlush(log._handle)  # type: ignore[assignment]
    log._writer = csv.writer(log._handle, lineterminator="\n")
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with pytest.raises(KeyboardInterrupt):
            log.add(result.games[0])
    finally:
        signal.signal(signal.SIGTERM, previous)
        log.close()
    assert log.games == len(_read_csv(tmp_path / "games.csv")) == 1


def test_a_bad_arena_leaves_no_output_folder(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    result = gamenight("arena", "wildfire", "--seats", "greedy,random", "-n", "0", "--out", str(out))
    assert result.exit_code == 2
    assert not out.exists()


def test_win_rates_by_seat_and_by_turn_order(tmp_path: Path) -> None:
    """Does going first matter: every game's first player is the seat of its first decision,
    and the summary counts wins by seat and by place in the turn order, every bot pooled."""
    config = ArenaConfig(
        game="wildstar", seats=("greedy", "random", "easy"), games=12, options={"hands": 1}, records=True
    )
    result = run_arena(config, workers=1)
    seat_wins, order_wins = [0.0] * 3, [0.0] * 3
    for g in result.games:
        assert g.record is not None
        assert g.first == next(step.seat for step in g.record.steps if step.seat >= 0)
        for s, r in enumerate(g.returns):
            seat_wins[s] += r
            order_wins[(s - g.first) % 3] += r
    assert len({g.first for g in result.games}) > 1  # the deal chooses who starts
    assert list(result.summary.seat_wins) == pytest.approx(seat_wins)
    assert list(result.summary.order_wins) == pytest.approx(order_wins)
    written = write_outputs(result, tmp_path)
    assert written.files
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert [p["wins"] for p in summary["win_rate_by_turn_order"]] == pytest.approx(order_wins)
    assert "first" in (tmp_path / "games.csv").read_text().splitlines()[0].split(",")
    shown = CliRunner().invoke(
        app, ["arena", "wildstar", "--seats", "greedy,random", "-n", "4", "--workers", "1", "-o", "hands=1"]
    )
    assert shown.exit_code == 0 and "1st to play" in shown.output


def test_the_arena_never_overwrites_results_without_force(tmp_path: Path) -> None:
    args = ["arena", "highrise", "--seats", "greedy,random", "-n", "2", "--workers", "1", "-o", "hands=1", "-q"]
    out = str(tmp_path)
    assert CliRunner().invoke(app, [*args, "--out", out]).exit_code == 0
    before = (tmp_path / "games.csv").read_bytes()
    again = CliRunner().invoke(app, [*args, "-n", "4", "--out", out])
    assert again.exit_code == 2 and "--force" in again.output
    assert (tmp_path / "games.csv").read_bytes() == before
    assert CliRunner().invoke(app, [*args, "-n", "4", "--out", out, "--force"]).exit_code == 0
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 1 + 4


# -- --resume (issue 32, item 7) -----------------------------------------------------------------


def _stop_at(monkeypatch: pytest.MonkeyPatch, calls: int) -> None:
    """Ctrl-C as the `calls`-th game starts."""
    from gamenight.sim import arena as arena_module

    real = arena_module.play_game
    count = [0]

    def play(*args: Any, **kw: Any) -> GameResult:
        count[0] += 1
        if count[0] == calls:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(arena_module, "play_game", play)


def test_a_resumed_arena_gives_the_results_of_an_arena_never_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped at its 6th game, then a kill cuts the next line short: --resume keeps the five
    whole games (their think times exactly), plays the other seven, and gives the games, the
    file and the figures of the arena never stopped (all but the machine's timings)."""
    config = arena(games=12, seats=("greedy", "random", "easy"), options={"rounds": 1}, records=True)
    whole = run_arena(config, workers=1)
    write_outputs(whole, tmp_path / "whole")
    out = tmp_path / "stopped"
    _stop_at(monkeypatch, 6)
    log = GameLog(out, 3, config=config)
    kept: list[GameResult] = []
    with pytest.raises(KeyboardInterrupt):
        run_arena(config, workers=1, on_game=lambda g: (kept.append(g), log.add(g)))
    log.close()
    monkeypatch.undo()
    assert log.games == len(kept) == 5
    with (out / "games.csv").open("a", encoding="utf-8") as f:
        f.write((out / "games.csv").read_text().splitlines()[-1].replace("5,", "6,", 1)[:30] + "\n")
    with (out / "think.jsonl").open("a", encoding="utf-8") as f:
        f.write('{"game": 7, "seconds": [[0.1')  # and a think line the kill cut short
    (out / "records" / "game-00005.json").unlink()  # a record lost: that game is played again
    log = GameLog(out, 3, config=config, resume=True)
    assert [g.index for g in log.resumed] == [0, 1, 2, 3]
    assert [g.think for g in log.resumed] == [g.think for g in kept[:4]]  # exactly, as measured then
    assert [g.record for g in log.resumed] == [g.record for g in kept[:4]]
    result = run_arena(config, workers=1, on_game=log.add, resumed=log.resumed)
    log.close()
    assert [g.without_timing() for g in result.games] == [g.without_timing() for g in whole.games]
    write_outputs(result, out, logged=True)
    assert _without_think(_read_csv(out / "games.csv")) == _without_think(_read_csv(tmp_path / "whole" / "games.csv"))
    assert sorted(json.loads(line)["game"] for line in (out / "think.jsonl").read_text().splitlines()) == list(
        range(1, 13)
    )
    assert _comparable_summary(out / "summary.json") == _comparable_summary(tmp_path / "whole" / "summary.json")


def test_the_arena_command_resumes_only_the_same_arena(tmp_path: Path) -> None:
    args = ["arena", "highrise", "--seats", "greedy,random", "-n", "4", "--workers", "1", "-o", "hands=1", "-q"]
    out = str(tmp_path / "run")
    assert gamenight(*args, "--out", out).exit_code == 0
    before = _without_think(_read_csv(tmp_path / "run" / "games.csv"))
    again = gamenight(*args, "--out", out)
    assert again.exit_code == 2 and "--force" in again.output and f"--resume {out}" in again.output
    resumed = gamenight(*args, "--resume", out)  # every game already played: none played again
    assert resumed.exit_code == 0, resumed.output
    assert _without_think(_read_csv(tmp_path / "run" / "games.csv")) == before
    other = gamenight(*[a if a != "4" else "6" for a in args], "--resume", out)
    assert other.exit_code == 2 and "games" in other.output and "same arguments" in other.output
    both = gamenight(*args, "--resume", out, "--out", out)
    assert both.exit_code == 2 and "without --out" in both.output
    empty = gamenight(*args, "--resume", str(tmp_path / "empty"))
    assert empty.exit_code == 2 and "no run.json" in empty.output
