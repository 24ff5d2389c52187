"""gamenight balance (issue 22): figures read from the events, the same for any workers or a
Dask cluster, the report's files and sentences, and the command."""

from __future__ import annotations

import dataclasses
import json
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.bots.registry import make_bot
from gamenight.engine.errors import ConfigError
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island.state import FireballIslandState
from gamenight.games.highrise.state import HighriseState
from gamenight.games.wildfire.state import WildfireState
from gamenight.interfaces.cli import app
from gamenight.sim import balance as balance_module
from gamenight.sim.balance import BalanceConfig, BalanceResult, parse_variants, run_balance
from gamenight.sim.balance_figures import make_reader, read_record
from gamenight.sim.balance_report import GameLog, differences, findings, load_result, write_report

BURNS_OUT = parse_variants(["obligation_burns_out=false", "obligation_burns_out=true"])


def _play(game_name: str, options: dict, seed: int, check=None):
    game = make_game(game_name, options)
    n = options.get("players", 4)
    match = Match(game, [make_bot("greedy", game) for _ in range(n)], seed)
    reader = make_reader(game_name, n)

    def told(event):
        reader.step(event.seat, event.public, event.state.scores)
        if check is not None:
            check(reader, event.state)

    record = match.run(told)
    return match.state, record, reader.finish(match.state.scores(), match.state.returns())


@pytest.mark.parametrize("seed", range(12))
def test_a_wildfire_rounds_end_read_from_the_words_is_the_states(seed: int) -> None:
    """How a round ended, from its events, is what the state says: out, or blocked with an
    obligation open (layout.obligation) or without one (benchmarks/wildfire_blocks.py)."""
    state, _, reading = _play("wildfire", {"rounds": 1}, seed)
    assert isinstance(state, WildfireState)
    if any(not hand for hand in state.hands):
        expected = "out"
    else:
        expected = "blocked: obligation" if state.layout.obligation >= 0 else "blocked: open ends"
    assert [r.end for r in reading.rounds] == [expected]


@pytest.mark.parametrize("seed", range(6))
def test_highrise_hand_ends_and_points_follow_the_state(seed: int) -> None:
    state, _, reading = _play("highrise", {"hands": 1}, seed)
    assert isinstance(state, HighriseState)
    assert reading.rounds[0].end == ("out" if any(not hand for hand in state.hands) else "blocked")
    assert reading.figures["plays"] == len(state.tower.tiles()) - 8


@pytest.mark.parametrize(
    ("game", "options"),
    [("wildfire", {"rounds": 3}), ("wildstar", {"hands": 3}), ("highrise", {"hands": 3})],
)
def test_rounds_points_add_up_to_the_score_sheet(game: str, options: dict) -> None:
    state, _, reading = _play(game, options, 5)
    assert len(reading.rounds) >= 3
    totals = [sum(r.points[s] for r in reading.rounds) for s in range(4)]
    assert totals == state.scores()


@pytest.mark.parametrize("mode", ["probabilistic", "deterministic"])
def test_fireball_island_jewel_holder_read_from_the_words_is_the_states(mode: str) -> None:
    """At every step where no steal or Fireball waits on its answer, the holder the events tell
    is the state's owner of the jewel; and the games have changes of hand and hits to follow."""
    wrong = []

    def check(reader, state):
        assert isinstance(state, FireballIslandState)
        if reader.steal is None and reader.aim is None and state.to_act() is not None:
            owner = state.owner if state.owner >= 0 else None
            if owner != reader.holder:
                wrong.append((owner, reader.holder))

    totals: dict[str, float] = {}
    for seed in range(4):
        _, _, reading = _play("fireball-island", {"fireball_mode": mode}, seed, check)
        for key in ("jewel_changes", "hits", "targets", "drops"):
            totals[key] = totals.get(key, 0) + reading.figures[key]
    assert wrong == []
    assert totals["jewel_changes"] > 0
    assert 0 < totals["hits"] <= totals["targets"]
    if mode == "deterministic":
        assert totals["hits"] + 4 * 3 >= totals["targets"]  # only a MAGIC TALISMAN spares a piece


@pytest.mark.parametrize(("game", "options"), [("wildfire", {"rounds": 2}), ("fireball-island", {})])
def test_a_record_read_again_gives_the_same_figures(game: str, options: dict) -> None:
    _, record, live = _play(game, options, 3)
    again = read_record(record)
    assert again.rounds == live.rounds
    assert again.figures == live.figures
    assert again.turns == live.turns


def _config(**kw) -> BalanceConfig:
    base = {"game": "wildfire", "seats": ("greedy",) * 4, "games": 24, "options": {"rounds": 1}, "variants": BURNS_OUT}
    return BalanceConfig(**{**base, **kw})


def _files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.is_file() and p.name != "timing.json"}


def _report(config: BalanceConfig, out: Path, **kw) -> dict[str, bytes]:
    log = GameLog(out, config)
    result = run_balance(config, on_game=log.add, **kw)
    log.close()
    write_report(result, out, {"wall_seconds": result.wall_seconds})
    return _files(out)


def test_the_report_is_the_same_for_any_workers_and_chunks(tmp_path: Path) -> None:
    config = _config(games=16)
    one = _report(config, tmp_path / "one", workers=1)
    with ThreadPoolExecutor(3) as pool:
        threads = _report(config, tmp_path / "threads", workers=3, executor=pool, chunk=5)
    assert set(one) >= {"games.csv", "rounds.csv", "summary.json", "report.md", "report.html", "balance_ends.png"}
    assert threads == one
    rows = (tmp_path / "one" / "games.csv").read_text().splitlines()[1:]
    assert len(rows) == 2 * 16
    # Every game of a variant its own deal (four greedy bots would otherwise play each deal
    # four times over), and game i of both variants the same deal: paired.
    seeds = [(row.split(",")[0], row.split(",")[3]) for row in rows]
    assert len(set(seeds)) == 2 * 16
    assert {s for v, s in seeds if v == "obligation_burns_out=true"} == {
        s for v, s in seeds if v == "obligation_burns_out=false"
    }


def test_a_report_is_written_again_from_its_summary(tmp_path: Path) -> None:
    first = _report(_config(games=6), tmp_path / "first", workers=1)
    again = write_report(load_result(tmp_path / "first" / "summary.json"), tmp_path / "again")
    assert {p.name: p.read_bytes() for p in again} == {
        k: v for k, v in first.items() if not k.endswith(".csv") and k != "run.json"
    }


def test_the_report_from_a_dask_cluster_is_the_local_pools(tmp_path: Path) -> None:
    """A LocalCluster of 2 worker processes, joined by its address as `--cluster` does, gives
    the files the local process pool gives, byte for byte."""
    import distributed

    from gamenight.sim.balance_cluster import join_cluster

    config = _config(games=12)
    local = _report(config, tmp_path / "local", workers=2)
    with warnings.catch_warnings():
        # Dask's own start-up and shut-down notices are no concern of this test.
        warnings.simplefilter("ignore")
        with (
            distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
            ) as cluster,
            join_cluster(cluster.scheduler_address, timeout=30) as joined,
        ):
            assert joined.workers == 2
            remote = _report(config, tmp_path / "cluster", workers=joined.workers, executor=joined.executor, chunk=5)
    assert remote == local


def test_join_cluster_says_when_no_scheduler_answers() -> None:
    from gamenight.sim.balance_cluster import join_cluster

    with pytest.raises(ConfigError, match="no Dask scheduler"), join_cluster("tcp://127.0.0.1:9", timeout=1):
        pass


def test_the_known_wildfire_finding_appears_by_itself(tmp_path: Path) -> None:
    """Blocked rounds all come from an obligation, and the house rule removes them: said in
    sentences with their intervals."""
    result = run_balance(_config(games=60), workers=1)
    said = findings(result)["obligation_burns_out=false"]
    assert any(s.startswith("Every blocked round") and "obligation nobody could fill" in s for s in said)
    blocks = [s for s in differences(result) if "of rounds block," in s]
    assert len(blocks) == 1
    assert blocks[0].startswith("With obligation_burns_out=true, 0% (0–")
    base = result.variants[0]
    assert base["ends"]["blocked: open ends"]["k"] == 0
    assert 0.15 < base["blocked"]["p"] < 0.5


def test_most_highrise_hands_end_blocked_is_found() -> None:
    config = BalanceConfig("highrise", ("greedy",) * 4, 40)
    result = run_balance(config, workers=1)
    said = findings(result)["as given"]
    assert any(s.startswith("Most hands end blocked") for s in said)
    assert any("Once 8 or more dominoes are up" in s for s in said)
    assert differences(result) == []


def test_until_ci_stops_when_the_intervals_are_narrow_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(balance_module, "FIRST_BATCH", 8)
    wide = run_balance(_config(games=40, until_ci=0.9), workers=1)
    assert wide.games == 8
    narrow = run_balance(_config(games=20, until_ci=0.01), workers=1)
    assert narrow.games == 20  # never narrow enough: every game allowed is played (8, then 16, then 20)
    assert narrow.variants[0]["games"] == 20


def test_variants_with_other_player_counts_repeat_the_one_bot() -> None:
    config = BalanceConfig("highrise", ("greedy",) * 4, 4, variants=parse_variants(["players=2", "players=4"]))
    result = run_balance(config, workers=1)
    assert [len(v["win_rate_by_seat"]) for v in result.variants] == [2, 4]
    with pytest.raises(ConfigError, match="different seats"):
        balance_module.check_config(BalanceConfig("highrise", ("greedy", "random"), 4, variants=config.variants))


def test_the_command_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = CliRunner().invoke(
        app,
        [
            "balance",
            "wildfire",
            "-o",
            "rounds=1",
            "--compare",
            "strategic=false",
            "strategic=true",
            "--games",
            "8",
            "--workers",
            "1",
            "--out",
            str(out),
            "--records",
            "-q",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "P1 wins" in result.output
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 5
    summary = json.loads((out / "summary.json").read_text())
    assert [v["label"] for v in summary["variants"]] == ["strategic=false", "strategic=true"]
    assert len(list((out / "records" / "strategic=true").iterdir())) == 8
    assert (out / "report.md").read_text().startswith("# Balance report: wildfire")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["wildfire", "strategic=true"], "give variants after --compare"),
        (["wildfire", "--compare", "nonsense=1"], "nonsense"),
        (["wildfire", "--games", "0"], "--games 0"),
        (["wildfire", "--until-ci", "2"], "--until-ci"),
        (["wildfire", "--records"], "--records"),
        (["wildfire", "--compare", "target_score=5000"], "target_score must be 1 to 1000, not 5000"),
        (["highrise", "--compare", "hands=1", "-o", "target_score=1001"], "target_score must be 1 to 1000"),
    ],
)
def test_the_command_refuses_bad_input(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["balance", *args])
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("wildfire", {"rounds": 1, "players": 3}),
        ("wildstar", {"hands": 1, "players": 3}),
        ("highrise", {"players": 3}),
        ("fireball-island", {"players": 3, "turn_limit": 60}),
    ],
)
def test_win_rates_by_turn_order_follow_the_first_decision(game: str, options: dict) -> None:
    """Does going first matter: each game's first player is the seat of its first decision
    (read from its record), and the win rate by turn order counts the first player's wins
    first, then the next seat's, for every game."""
    config = BalanceConfig(game, ("greedy",) * 3, 12, options=options, records=True)
    played = []
    result = run_balance(config, workers=1, on_game=played.append)
    wins = [0.0] * 3
    for g in played:
        assert g.record is not None
        assert g.first == next(step.seat for step in g.record.steps if step.seat >= 0)
        for s, r in enumerate(g.returns):
            wins[(s - g.first) % 3] += r
    variant = result.variants[0]
    assert [p["k"] for p in variant["win_rate_by_turn_order"]] == pytest.approx(wins)
    assert sum(wins) == pytest.approx(sum(p["k"] for p in variant["win_rate_by_seat"]))
    if game in ("wildfire", "wildstar", "fireball-island"):  # the deal or the first rolls choose
        assert len({g.first for g in played}) > 1
    said = findings(result)[variant["label"]]
    assert any(line.startswith("The first to play wins") for line in said)


# -- interrupts, --resume, --force and a lost cluster (issue 32) ----------------------------------------


HIGHRISE_PAIR = parse_variants(["players=2", "players=3"])


def _highrise(games: int = 6) -> BalanceConfig:
    return BalanceConfig("highrise", ("greedy",) * 3, games, variants=HIGHRISE_PAIR, seed=3)


def _stop_at(monkeypatch: pytest.MonkeyPatch, calls: int) -> None:
    """Ctrl-C as the `calls`-th game starts."""
    real = balance_module.play_game
    count = [0]

    def play(*args, **kw):
        count[0] += 1
        if count[0] == calls:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(balance_module, "play_game", play)


def test_with_one_worker_the_progress_moves_game_by_game(monkeypatch: pytest.MonkeyPatch) -> None:
    happened: list[str] = []
    real = balance_module.play_game

    def play(*args, **kw):
        happened.append("game")
        return real(*args, **kw)

    monkeypatch.setattr(balance_module, "play_game", play)
    run_balance(_highrise(3), workers=1, progress=lambda done, total: happened.append(f"{done}/{total}"))
    assert happened == [x for n in range(1, 7) for x in ("game", f"{n}/6")]


def test_an_interrupt_keeps_every_finished_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _stop_at(monkeypatch, 5)
    log = GameLog(tmp_path, _highrise())
    with pytest.raises(KeyboardInterrupt):
        run_balance(_highrise(), workers=1, on_game=log.add)
    log.close()
    assert log.games == 4
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 1 + 4


def test_a_resumed_run_gives_the_report_of_a_run_never_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _report(_highrise(), tmp_path / "whole", workers=1)
    out = tmp_path / "stopped"
    _stop_at(monkeypatch, 8)
    log = GameLog(out, _highrise())
    with pytest.raises(KeyboardInterrupt):
        run_balance(_highrise(), workers=1, on_game=log.add)
    log.close()
    monkeypatch.undo()
    # a kill in the middle of the next game: its games.csv line is there, its rounds are not
    with (out / "games.csv").open("a") as f:
        f.write((out / "games.csv").read_text().splitlines()[-1].replace(",3,1,", ",4,1,", 1) + "\n")
    log = GameLog(out, _highrise(), resume=True)
    assert [(g.variant, g.index) for g in log.resumed] == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3)]
    result = run_balance(_highrise(), workers=1, on_game=log.add, resumed=log.resumed)
    log.close()
    write_report(result, out, {"wall_seconds": result.wall_seconds})
    assert _files(out) == whole


def test_resume_refuses_another_run(tmp_path: Path) -> None:
    GameLog(tmp_path, _highrise()).close()
    other = BalanceConfig("highrise", ("greedy",) * 3, 6, variants=HIGHRISE_PAIR, seed=4)
    with pytest.raises(ConfigError, match="seed"):
        GameLog(tmp_path, other, resume=True)
    with pytest.raises(ConfigError, match=r"no run\.json"):
        GameLog(tmp_path / "empty", _highrise(), resume=True)


def test_the_command_never_overwrites_results_without_force(tmp_path: Path) -> None:
    args = ["balance", "highrise", "-o", "players=2", "--games", "3", "--workers", "1", "-q"]
    out = str(tmp_path / "run")
    assert CliRunner().invoke(app, [*args, "--out", out]).exit_code == 0
    before = (tmp_path / "run" / "games.csv").read_bytes()
    again = CliRunner().invoke(app, [*args, "--games", "2", "--out", out])
    assert again.exit_code == 2 and "--force" in again.output and "--resume" in again.output
    assert (tmp_path / "run" / "games.csv").read_bytes() == before
    assert CliRunner().invoke(app, [*args, "--games", "2", "--out", out, "--force"]).exit_code == 0
    assert len((tmp_path / "run" / "games.csv").read_text().splitlines()) == 1 + 2
    resumed = CliRunner().invoke(app, [*args, "--games", "2", "--resume", out])
    assert resumed.exit_code == 0, resumed.output
    other = CliRunner().invoke(app, [*args, "--games", "5", "--resume", out])
    assert other.exit_code == 2 and "games" in other.output


class _HangingExecutor(ThreadPoolExecutor):
    """Plays the first chunk at once; every later one waits for ever, as on a scheduler whose
    workers died."""

    def __init__(self) -> None:
        super().__init__(1)
        self.sent = 0

    def submit(self, fn, /, *args, **kwargs):
        from concurrent.futures import Future

        self.sent += 1
        future: Future = Future()
        if self.sent == 1:
            future.set_result(fn(*args, **kwargs))
        return future


def test_a_cluster_without_workers_stops_the_run_and_keeps_what_was_done(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(balance_module, "POLL_SECONDS", 0.01)
    played: list = []
    with _HangingExecutor() as pool, pytest.raises(balance_module.ClusterLost, match="every worker"):
        run_balance(
            _highrise(), workers=1, executor=pool, chunk=3, on_game=played.append, alive=lambda: 0, worker_timeout=0.05
        )
    assert [(g.variant, g.index) for g in played] == [(0, 0), (1, 0), (0, 1)]


def test_a_dask_cluster_whose_workers_all_died_is_said_so(tmp_path: Path) -> None:
    """The real thing: a LocalCluster's only worker ends after the first games; the run stops
    with ClusterLost instead of waiting for ever, and the games played are on disk."""
    import distributed

    from gamenight.sim.balance_cluster import join_cluster

    config = _highrise(500)  # far more than the worker can play while it is being retired
    log = GameLog(tmp_path, config)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with (
            distributed.LocalCluster(
                n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
            ) as cluster,
            join_cluster(cluster.scheduler_address, timeout=30) as joined,
        ):

            def add(g) -> None:
                log.add(g)
                if log.games == 2:  # the worker dies; the chunks it had are lost with it
                    cluster.scale(0)

            try:
                with pytest.raises(balance_module.ClusterLost):
                    run_balance(
                        config, 1, executor=joined.executor, chunk=2, on_game=add, alive=joined.alive, worker_timeout=2
                    )
            finally:
                log.close()
    assert log.games >= 2
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 1 + log.games


# -- the report: ranked by effect size, Holm-corrected, a chosen baseline, shared bins -------------------


def test_holm_adjusts_step_down() -> None:
    from gamenight.sim.balance_report import holm

    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([]) == []


def _three_highrise() -> BalanceResult:
    config = BalanceConfig(
        "highrise", ("greedy",) * 4, 60, variants=parse_variants(["players=2", "players=3", "players=4"]), seed=1
    )
    return run_balance(config, workers=1)


def test_differences_are_ranked_by_effect_size_and_corrected() -> None:
    from gamenight.sim.balance_report import comparisons, holm, method_note

    result = _three_highrise()
    said = differences(result)
    assert said
    sizes = [abs(float(s.rsplit("= ", 1)[1].rstrip(")."))) for s in said]
    assert sizes == sorted(sizes, reverse=True)
    found = comparisons(result)
    kept = [text for (_, _, text), q in zip(found, holm([p for _, p, _ in found]), strict=True) if q < 0.05]
    assert sorted(s.rstrip(".") for s in said) == sorted(kept)
    raw = [text for _, p, text in found if p < 0.05]
    assert len(raw) >= len(kept)  # the correction only ever removes
    assert "Holm" in method_note(result) and f"{len(found)} comparisons" in method_note(result)
    assert all("against" in s and "with players=2 (" in s for s in said)  # the first variant is the baseline


def test_a_chosen_baseline_or_every_pair() -> None:
    from gamenight.sim.balance_report import comparisons

    result = _three_highrise()
    against_four = dataclasses.replace(result, config=dataclasses.replace(result.config, baseline="players=4"))
    every = dataclasses.replace(result, config=dataclasses.replace(result.config, baseline="all"))
    assert all(" with players=4 (" in text for _, _, text in comparisons(against_four))
    assert len(comparisons(every)) == 3 * len(comparisons(result)) // 2
    with pytest.raises(ConfigError, match="--baseline"):
        balance_module.check_config(dataclasses.replace(result.config, baseline="players=5"))


def test_histograms_share_their_bins_and_fireball_island_has_no_score_plot(tmp_path: Path) -> None:
    from gamenight.sim.balance_report import _shared_bins, plots

    result = _three_highrise()
    bins = _shared_bins(result, "game_decisions")
    everything = [float(k) for v in result.variants for k in v["histograms"]["game_decisions"]]
    assert bins is not None and bins[0] <= min(everything) and bins[-1] >= max(everything)
    fireball = run_balance(BalanceConfig("fireball-island", ("greedy",) * 2, 4, options={"turn_limit": 40}), workers=1)
    drawn = plots(fireball)
    assert isinstance(drawn, dict) and "scores" not in drawn and "win_rates" in drawn


# -- sweeps ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "labels"),
    [
        ("players=2..4", ["players=2", "players=3", "players=4"]),
        ("target_score=100..300:100", ["target_score=100", "target_score=200", "target_score=300"]),
        ("fireball_mode=probabilistic,deterministic", ["fireball_mode=probabilistic", "fireball_mode=deterministic"]),
    ],
)
def test_a_sweep_makes_one_variant_per_value(item: str, labels: list[str]) -> None:
    from gamenight.sim.balance import parse_sweep

    name, variants = parse_sweep(item)
    assert name == item.split("=")[0]
    assert [v.label for v in variants] == labels


@pytest.mark.parametrize(
    "item", ["players", "players=", "players=4..2", "players=2..x", "players=2..4:0", "players=3", "players=1..99"]
)
def test_a_bad_sweep_is_refused(item: str) -> None:
    from gamenight.sim.balance import parse_sweep

    with pytest.raises(ConfigError, match="--sweep"):
        parse_sweep(item)


def test_the_command_sweeps_and_plots_each_figure_against_the_option(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    args = ["balance", "highrise", "--sweep", "players=2..4", "--games", "6", "--workers", "1", "-q"]
    result = CliRunner().invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "balance_sweep.png").read_bytes().startswith(b"\x89PNG")
    summary = json.loads((out / "summary.json").read_text())
    assert summary["sweep"] == "players" and [v["label"] for v in summary["variants"]] == [
        "players=2",
        "players=3",
        "players=4",
    ]
    assert "balance_sweep.png" in (out / "report.md").read_text()
    both = CliRunner().invoke(app, [*args, "--compare", "players=2"])
    assert both.exit_code == 2 and "without --compare" in both.output


def test_the_command_interrupted_says_where_the_games_are_and_how_to_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stop_at(monkeypatch, 4)
    out = tmp_path / "run"
    args = ["balance", "highrise", "-o", "players=2", "--games", "6", "--workers", "1", "-q"]
    stopped = CliRunner().invoke(app, [*args, "--out", str(out)])
    assert stopped.exit_code != 0
    assert "the 3 games played are in" in stopped.output and f"--resume {out}" in stopped.output.replace("\n", "")
    monkeypatch.undo()
    resumed = CliRunner().invoke(app, [*args, "--resume", str(out)])
    assert resumed.exit_code == 0, resumed.output
    assert len((out / "games.csv").read_text().splitlines()) == 1 + 6
