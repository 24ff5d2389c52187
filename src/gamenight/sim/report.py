"""What an arena's games say about its bots: statistics per bot, CSV, JSON and a plot
(the terminal's tables are drawn in interfaces/arena_render.py).

A bot spec is one *entrant*, however many seats it fills: its seat-games are pooled. Wins
are summed returns, so a shared win counts as its share. Think times are per decision
with more than one legal move (what `TimedAgent` measures); they are the only figures
that depend on the machine and the number of workers.
"""

from __future__ import annotations

import csv
import json
import math
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gamenight.engine.errors import ConfigError, RecordError
from gamenight.record_files import read_record, uninterrupted, write_record
from gamenight.sim.results import ArenaConfig, ArenaResult, EntrantStats, GameResult, Rating, Summary, ThinkStats

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

RATING_MODEL = "openskill PlackettLuce"


def wilson_interval(wins: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for `wins` out of `n` (wins may be fractional: shared wins)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # The interval holds p in exact arithmetic; rounding can put an end a hair past p at 0 or
    # 1 (wins = n gives 0.9999999999999999), and the plot's error bars must not go negative.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The `q`-th percentile (0-100) of `values`, interpolating between the nearest two."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def think_stats(seconds: Sequence[float]) -> ThinkStats:
    if not seconds:
        return ThinkStats(0, 0.0, 0.0, 0.0)
    ms = [s * 1000 for s in seconds]
    return ThinkStats(len(ms), statistics.median(ms), percentile(ms, 95), max(ms))


def summarize(games: Sequence[GameResult], seats: Sequence[str]) -> Summary:
    """Pool the games per entrant (each distinct spec in `seats`), in game index order."""
    games = sorted(games, key=lambda g: g.index)
    entrants = list(dict.fromkeys(seats))
    ratings, notes = rate(games, entrants)
    stats = []
    for bot in entrants:
        scores: list[int] = []
        wins = 0.0
        decisions = 0
        think: list[float] = []
        for game in games:
            for seat, spec in enumerate(game.seats):
                if spec == bot:
                    scores.append(game.scores[seat])
                    wins += game.returns[seat]
                    decisions += game.decisions[seat]
                    think.extend(game.think[seat])
        n = len(scores)
        low, high = wilson_interval(wins, n)
        stats.append(
            EntrantStats(
                bot=bot,
                seat_games=n,
                wins=wins,
                win_rate=wins / n if n else 0.0,
                win_low=low,
                win_high=high,
                score_mean=statistics.fmean(scores) if scores else 0.0,
                score_sd=statistics.stdev(scores) if n > 1 else 0.0,
                decisions_mean=decisions / n if n else 0.0,
                think=think_stats(think),
                rating=ratings.get(bot),
            )
        )
    lengths = [sum(g.decisions) for g in games]
    decided = sum(1 for g in games if g.decided)
    n = len(seats)
    seat_wins, order_wins = [0.0] * n, [0.0] * n
    for game in games:
        for seat, r in enumerate(game.returns):
            seat_wins[seat] += r
            order_wins[(seat - game.first) % n] += r
    return Summary(
        entrants=tuple(stats),
        games=len(games),
        decided=decided,
        undecided=len(games) - decided,
        length_mean=statistics.fmean(lengths) if lengths else 0.0,
        length_median=float(statistics.median(lengths)) if lengths else 0.0,
        notes=tuple(notes),
        seat_wins=tuple(seat_wins),
        order_wins=tuple(order_wins),
    )


def rate(games: Sequence[GameResult], entrants: Sequence[str]) -> tuple[dict[str, Rating], list[str]]:
    """One openskill PlackettLuce rating per entrant, games in index order; each game ranks
    the entrants (teams of one) by their best seat's return. ({}, a note) when it cannot."""
    if len(entrants) < 2:
        return {}, []
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return {}, ["no rating: openskill is not installed (pip install 'gamenight[sim]')"]
    model = PlackettLuce()
    current = {bot: model.rating(name=bot) for bot in entrants}
    for game in games:
        best = {
            bot: max(r for r, spec in zip(game.returns, game.seats, strict=True) if spec == bot) for bot in entrants
        }
        # openskill ranks: lower is better, equal ranks tie (a game nobody won ties everyone).
        ranks = [float(-best[bot]) for bot in entrants]
        rated = model.rate([[current[bot]] for bot in entrants], ranks=ranks)
        current = {bot: team[0] for bot, team in zip(entrants, rated, strict=True)}
    return {bot: Rating(r.mu, r.sigma, r.ordinal()) for bot, r in current.items()}, []


# -- files -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outputs:
    files: tuple[Path, ...]
    notes: tuple[str, ...]
    """What was skipped, and why (a missing optional package)."""


def check_out_dir(out_dir: Path) -> None:
    if out_dir.exists() and not out_dir.is_dir():
        raise ConfigError(f"--out {out_dir}: a file is in the way (give a folder)")


ARENA_RESULTS = ("games.csv", "bots.csv", "summary.json", "run.json", "think.jsonl")
"""A folder holding any of these holds an arena's results: never overwritten without --force."""


def check_fresh(out_dir: Path, force: bool, results: Sequence[str] = ARENA_RESULTS, resumable: bool = False) -> None:
    """--out: ConfigError if the folder holds a run's results (any of `results`), unless `force`:
    a run never overwrites results it was not told to."""
    check_out_dir(out_dir)
    held = [name for name in results if (out_dir / name).exists()]
    if held and not force:
        resume = f"--resume {out_dir} to continue that run, " if resumable else ""
        raise ConfigError(
            f"--out {out_dir} holds a run's results ({', '.join(held)}): give {resume}another folder, "
            "or --force to overwrite them"
        )


def run_description(config: ArenaConfig) -> dict[str, Any]:
    """What makes an arena's games (run.json): a run is resumed only with the same."""
    return {
        "game": config.game,
        "seats": list(config.seats),
        "games": config.games,
        "seed": config.seed,
        "options": config.options,
        "records": config.records,
    }


def check_same_run(out: Path, now: dict[str, Any], what: str) -> None:
    """--resume: the folder's run.json must describe the run `now` describes; ConfigError
    naming what differs (or that there is no run there) otherwise."""
    run = out / "run.json"
    if not run.is_file():
        raise ConfigError(f"--resume {out}: no {what} to resume there (no run.json)")
    try:
        was = json.loads(run.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"--resume {out}: run.json cannot be read ({exc})") from None
    now = json.loads(json.dumps(now))  # as it reads back
    if was != now:
        changed = [k for k in now if was.get(k) != now[k]] if isinstance(was, dict) else list(now)
        told = "; ".join(f"{k}: {json.dumps(was.get(k))}" for k in changed) if isinstance(was, dict) else "?"
        raise ConfigError(
            f"--resume {out}: that {what} was made with other {', '.join(changed)} ({told}): "
            "give the same arguments as the first time"
        )


class GameLog:
    """An arena's games on disk as they finish: a games.csv line each (flushed at once), its
    think times in think.jsonl and its record, so an arena that is stopped keeps every game it
    played; with a `config`, run.json describes the run, for `--resume`. Lines come in the order
    games finish; `write_outputs` writes games.csv again in game order at the end.

    With `resume`, the folder's run must be `config`'s (ConfigError otherwise, naming what
    differs). The games it holds in full (a games.csv line, a think line and, if the run keeps
    them, a record) are read back (`resumed`): a game's result depends on its index alone,
    so the rest of the run plays only the others. A game cut short by the stop is dropped."""

    def __init__(
        self, out_dir: str | Path, seats: int, *, config: ArenaConfig | None = None, resume: bool = False
    ) -> None:
        self.out = Path(out_dir)
        check_out_dir(self.out)
        self.path = self.out / "games.csv"
        self.seats = seats
        self.resumed: list[GameResult] = []
        rows: list[list[str]] = []
        thinks: list[str] = []
        if resume:
            if config is None:
                raise ValueError("resume needs the run's config")
            self.resumed, rows, thinks = self._read_back(config)
        else:
            self.out.mkdir(parents=True, exist_ok=True)
            if config is not None:
                text = json.dumps(run_description(config), indent=1) + "\n"
                (self.out / "run.json").write_text(text, encoding="utf-8")
        self.games = len(self.resumed)
        # The kept lines go to new files that then take the old ones' places: a stop while they
        # are written loses nothing (the old files stand until the renames).
        think_path = self.out / "think.jsonl"
        fresh = self.out / ".think.jsonl.new"
        fresh.write_text("".join(thinks), encoding="utf-8")
        os.replace(fresh, think_path)
        fresh = self.out / ".games.csv.new"
        with fresh.open("w", newline="", encoding="utf-8") as f:
            csv.writer(f, lineterminator="\n").writerows([_games_header(seats), *rows])
        os.replace(fresh, self.path)
        self._think = think_path.open("a", encoding="utf-8")
        self._handle = self.path.open("a", newline="", encoding="utf-8")
        self._writer = csv.writer(self._handle, lineterminator="\n")

    def _read_back(self, config: ArenaConfig) -> tuple[list[GameResult], list[list[str]], list[str]]:
        """The games the folder holds in full, with their games.csv rows and think lines."""
        check_same_run(self.out, run_description(config), "arena")
        think: dict[int, tuple[str, tuple[tuple[float, ...], ...]]] = {}
        try:
            lines = (self.out / "think.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
        except OSError:
            lines = []
        for line in lines:
            try:
                entry = json.loads(line)
                seconds = tuple(tuple(float(x) for x in seat) for seat in entry["seconds"])
                think[int(entry["game"])] = (line if line.endswith("\n") else line + "\n", seconds)
            except (ValueError, TypeError, KeyError):
                continue  # a line cut short by a kill: its game is played again
        header = _games_header(self.seats)
        try:
            with self.path.open(newline="", encoding="utf-8") as f:
                rows = list(csv.reader(f))
        except (OSError, csv.Error):
            rows = []
        if rows[:1] != [header]:
            raise ConfigError(f"--resume: {self.path} is not this arena's (its header differs, or it is missing)")
        games: list[GameResult] = []
        kept_rows: list[list[str]] = []
        kept_think: list[str] = []
        seen: set[int] = set()
        for row in rows[1:]:
            try:
                index = int(row[0]) - 1
                game = _game_again(row, self.seats, think[index + 1][1]) if len(row) == len(header) else None
            except (ValueError, KeyError, IndexError):
                game = None  # a line cut short, or a game whose think line was not written
            if game is None or index in seen or not 0 <= index < config.games:
                continue
            if config.records:
                try:
                    game = replace(game, record=read_record(self.out / "records" / record_name(index)))
                except RecordError:
                    continue
            seen.add(index)
            games.append(game)
            kept_rows.append(row)
            kept_think.append(think[index + 1][0])
        return games, kept_rows, kept_think

    def add(self, game: GameResult) -> None:
        with uninterrupted():  # a stopped arena's count is the lines on disk
            if game.record is not None:
                folder = self.out / "records"
                folder.mkdir(exist_ok=True)
                # Whole or not at all, so a stopped arena leaves no half record; not synced: a sync
                # per game would more than double the cost of each record (0.6 ms -> 1.5 ms, measured).
                write_record(folder / record_name(game.index), game.record, sync=False)
            # The think times first, exactly (a resumed run's think figures are the same), then
            # the games.csv line: a game whose line is on disk has all of its parts there.
            self._think.write(json.dumps({"game": game.index + 1, "seconds": game.think}) + "\n")
            self._think.flush()
            self._writer.writerow(_games_row(game, self.seats))
            self._handle.flush()
            self.games += 1

    def close(self) -> None:
        self._think.close()
        self._handle.close()


def _game_again(row: list[str], seats: int, think: tuple[tuple[float, ...], ...]) -> GameResult:
    """A game's result from its games.csv row and think times (ValueError if the row is not
    one). Returns are written to 6 digits: each winner's is read again as the rules give it,
    1 / winners (GameResult.returns)."""
    per_seat = [row[7 + 5 * s : 12 + 5 * s] for s in range(seats)]
    winners = {int(w[1:]) - 1 for w in row[6].split()}
    if len(think) != seats or not winners <= set(range(seats)):
        raise ValueError(row[0])
    return GameResult(
        index=int(row[0]) - 1,
        deal=int(row[1]),
        seed=int(row[2]),
        seats=tuple(p[0] for p in per_seat),
        scores=tuple(int(p[1]) for p in per_seat),
        returns=tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(seats)),
        decisions=tuple(int(p[3]) for p in per_seat),
        steps=int(row[3]),
        think=think,
        first=int(row[5][1:]) - 1,
    )


def write_outputs(result: ArenaResult, out_dir: str | Path, *, logged: bool = False) -> Outputs:
    """games.csv, bots.csv, summary.json, scores.png (if matplotlib is there), records/ (if kept;
    already written if the games were `logged` by a GameLog as they finished)."""
    out = Path(out_dir)
    check_out_dir(out)
    out.mkdir(parents=True, exist_ok=True)
    files = [_write_games_csv(result, out / "games.csv"), _write_bots_csv(result, out / "bots.csv")]
    summary_path = out / "summary.json"
    summary_path.write_text(json.dumps(summary_json(result), indent=2) + "\n", encoding="utf-8")
    files.append(summary_path)
    notes = []
    plot = write_plot(result, out / "scores.png")
    if isinstance(plot, Path):
        files.append(plot)
    else:
        notes.append(plot)
    records = [g for g in result.games if g.record is not None]
    if records:
        folder = out / "records"
        folder.mkdir(exist_ok=True)
        for game in records if not logged else ():
            assert game.record is not None
            write_record(folder / record_name(game.index), game.record, sync=False)
        files.append(folder)
    return Outputs(tuple(files), tuple(notes))


def record_name(index: int) -> str:
    """Game index 0 is the first game: game-00001.json, as games.csv numbers it."""
    return f"game-{index + 1:05d}.json"


def ordinal(place: int) -> str:
    """1 -> "1st", 2 -> "2nd", ... (places at a table: at most 8)."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th') }"


def _share(wins: float, games: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {"wins": _r(wins), "win_rate": _r(wins / games) if games else 0.0, "ci95": [_r(low), _r(high)]}


def _games_header(n: int) -> list[str]:
    header = ["game", "deal", "seed", "steps", "decisions", "first", "winners"]
    for s in range(1, n + 1):
        header += [f"p{s}_bot", f"p{s}_score", f"p{s}_return", f"p{s}_decisions", f"p{s}_think_ms"]
    return header


def _games_row(g: GameResult, n: int) -> list[Any]:
    winners = " ".join(f"P{s + 1}" for s, r in enumerate(g.returns) if r > 0)
    row: list[Any] = [g.index + 1, g.deal, g.seed, g.steps, sum(g.decisions), f"P{g.first + 1}", winners]
    for s in range(n):
        row += [g.seats[s], g.scores[s], f"{g.returns[s]:g}", g.decisions[s], f"{sum(g.think[s]) * 1000:.3f}"]
    return row


def _write_games_csv(result: ArenaResult, path: Path) -> Path:
    n = len(result.config.seats)
    # Beside it, then renamed: the streamed games.csv stays whole until this one is.
    partial = path.with_name(path.name + ".tmp")
    with partial.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(_games_header(n))
        for g in result.games:
            writer.writerow(_games_row(g, n))
    partial.replace(path)
    return path


def _write_bots_csv(result: ArenaResult, path: Path) -> Path:
    header = [
        "bot",
        "seat_games",
        "wins",
        "win_rate",
        "win_low",
        "win_high",
        "score_mean",
        "score_sd",
        "decisions_mean",
        "mu",
        "sigma",
        "ordinal",
        "think_decisions",
        "think_median_ms",
        "think_p95_ms",
        "think_max_ms",
    ]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        for e in result.summary.entrants:
            rating = ("", "", "") if e.rating is None else (e.rating.mu, e.rating.sigma, e.rating.ordinal)
            think = e.think
            row: list[Any] = [e.bot, e.seat_games, e.wins, e.win_rate, e.win_low, e.win_high]
            row += [e.score_mean, e.score_sd, e.decisions_mean, *rating]
            row += [think.decisions, think.median_ms, think.p95_ms, think.max_ms]
            writer.writerow([_r(x) if isinstance(x, float) else x for x in row])
    return path


def _r(x: float) -> float:
    # Six decimals: far below any difference that means something, and stable to print.
    return round(x, 6)


def summary_json(result: ArenaResult) -> dict[str, Any]:
    """Everything in the table, and the config to run it again. Timings only under "timing"
    and each entrant's "think_ms": the rest is the same for any number of workers."""
    summary = result.summary
    config = result.config
    return {
        "gamenight": result.version,
        "config": {
            "game": config.game,
            "options": result.options,
            "seats": list(config.seats),
            "games": config.games,
            "seed": config.seed,
            "records": config.records,
        },
        "games": {
            "played": summary.games,
            "decided": summary.decided,
            "undecided": summary.undecided,
            "length_mean": _r(summary.length_mean),
            "length_median": summary.length_median,
        },
        "win_rate_by_seat": [_share(w, summary.games) for w in summary.seat_wins],
        "win_rate_by_turn_order": [_share(w, summary.games) for w in summary.order_wins],
        "rating_model": RATING_MODEL if any(e.rating for e in summary.entrants) else None,
        "entrants": [
            {
                "bot": e.bot,
                "seat_games": e.seat_games,
                "wins": _r(e.wins),
                "win_rate": _r(e.win_rate),
                "win_rate_ci95": [_r(e.win_low), _r(e.win_high)],
                "score_mean": _r(e.score_mean),
                "score_sd": _r(e.score_sd),
                "decisions_mean": _r(e.decisions_mean),
                "rating": None
                if e.rating is None
                else {"mu": _r(e.rating.mu), "sigma": _r(e.rating.sigma), "ordinal": _r(e.rating.ordinal)},
                "think_ms": {
                    "decisions": e.think.decisions,
                    "median": _r(e.think.median_ms),
                    "p95": _r(e.think.p95_ms),
                    "max": _r(e.think.max_ms),
                },
            }
            for e in summary.entrants
        ],
        "notes": list(summary.notes),
        "timing": {
            "workers": result.workers,
            "wall_seconds": _r(result.wall_seconds),
            "games_per_second": _r(summary.games / result.wall_seconds) if result.wall_seconds > 0 else None,
        },
    }


def write_plot(result: ArenaResult, path: Path) -> Path | str:
    """Final scores per entrant (box plot) and win rates with their 95% intervals; the path
    written, or a note saying why not."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return "no scores.png: matplotlib is not installed (pip install 'gamenight[sim]')"
    entrants = result.summary.entrants
    names = [e.bot for e in entrants]
    positions = list(range(1, len(names) + 1))
    scores = [[g.scores[s] for g in result.games for s, spec in enumerate(g.seats) if spec == e.bot] for e in entrants]
    # A Figure with its own Agg canvas, not pyplot: no global state, no display needed.
    figure = Figure(figsize=(4 + 1.6 * len(names), 4.5), layout="constrained")
    FigureCanvasAgg(figure)
    left, right = figure.subplots(1, 2)
    left.boxplot(scores, positions=positions)
    left.set_xticks(positions, names, rotation=20)
    left.set_title("Final score per seat-game")
    rates = [e.win_rate for e in entrants]
    errors = [[e.win_rate - e.win_low for e in entrants], [e.win_high - e.win_rate for e in entrants]]
    right.bar(positions, rates, yerr=errors, capsize=6, color="tab:blue")
    right.set_xticks(positions, names, rotation=20)
    right.set_ylim(0, 1)
    right.set_title("Win rate, 95% Wilson interval")
    figure.suptitle(f"{result.config.game}: {result.summary.games} games")
    figure.savefig(path, dpi=100)
    return path
