"""A balance run in the terminal: its progress bar, the headline table and the sentences.

gamenight.sim.balance computes the figures and balance_report words them; this lays them out.
"""

from __future__ import annotations

from rich import box
from rich.console import Console, Group
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from gamenight.sim.balance import BalanceResult
from gamenight.sim.balance_figures import reasons
from gamenight.sim.balance_report import differences, findings, pct_ci, round_word, tables


class SpeedColumn(ProgressColumn):
    """Games per second, over the last few updates."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s", style="cyan")


def progress_bar(console: Console, disable: bool) -> Progress:
    """Games done, games per second and the time left."""
    return Progress(
        *Progress.get_default_columns()[:1],
        BarColumn(),
        MofNCompleteColumn(),
        SpeedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=disable,
    )


def headline(result: BalanceResult) -> Group:
    """Win rate by seat and how rounds end, one column per variant; then the sentences."""
    game = result.config.game
    word = round_word(game)
    table = Table(
        title=f"{game}: {result.games:,} games per variant",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        show_edge=False,
    )
    table.add_column("")
    for v in result.variants:
        table.add_column(v["label"], justify="right")
    seats = max(len(v["win_rate_by_seat"]) for v in result.variants)
    for s in range(seats):
        cells = [pct_ci(v["win_rate_by_seat"][s]) if s < len(v["win_rate_by_seat"]) else "" for v in result.variants]
        table.add_row(f"P{s + 1} wins", *cells)
    for row in tables(result)[1][2]:  # by turn order: "1st to play", ...
        table.add_row(f"{row[0]} wins", *row[1:])
    for reason in reasons(game):
        table.add_row(f"{word}s {reason}", *(pct_ci(v["ends"][reason]) for v in result.variants))
    lengths = tables(result)[3][2]
    for row in lengths:
        table.add_row(row[0], *row[1:])
    parts: list[Table | Text | str] = [table]
    said = differences(result)
    if said:
        parts += ["", Text("Where the variants differ beyond noise:", style="bold")]
        parts += [Text(f"- {s}") for s in said]
    for label, lines in findings(result).items():
        parts += ["", Text(label, style="bold")]
        parts += [Text(f"- {s}") for s in lines]
    return Group(*parts)


def run_line(result: BalanceResult) -> str:
    rate = result.games * len(result.variants) / result.wall_seconds if result.wall_seconds > 0 else 0.0
    return (
        f"{result.games * len(result.variants):,} games on {result.where} ({result.workers} at once) in "
        f"{result.wall_seconds:.1f} s: {rate:,.1f} games/s; seed {result.config.seed}"
    )
