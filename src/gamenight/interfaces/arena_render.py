"""An arena's results in the terminal: the tables per bot and the line that says how it was run.

gamenight.sim computes the figures (and writes the files); this only lays them out.
"""

from __future__ import annotations

import json

from rich import box
from rich.console import Group
from rich.table import Table

from gamenight.sim.report import ordinal, wilson_interval
from gamenight.sim.results import ArenaResult, Summary


def summary_tables(result: ArenaResult) -> Group:
    """The results per bot, then the time they took (two tables: one would not fit 80 columns)."""
    summary = result.summary
    rated = any(e.rating is not None for e in summary.entrants)
    games = Table(
        title=f"{result.config.game}: {summary.games} games",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        show_edge=False,
    )
    games.add_column("bot", no_wrap=True)
    games.add_column("seat-games", justify="right")
    games.add_column("wins", justify="right")
    games.add_column("win rate\n(95% CI)", justify="right")
    games.add_column("score\nmean ± sd", justify="right")
    if rated:
        games.add_column("rating\nμ ± σ", justify="right")
        games.add_column("\nordinal", justify="right")
    for e in summary.entrants:
        row = [
            e.bot,
            str(e.seat_games),
            f"{round(e.wins, 6):g}",  # six decimals, as the files have them
            f"{e.win_rate:.1%} ({e.win_low:.0%}–{e.win_high:.0%})",
            f"{e.score_mean:.1f} ± {e.score_sd:.1f}",
        ]
        if rated:
            row += (
                ["", ""]
                if e.rating is None
                else [f"{e.rating.mu:.1f} ± {e.rating.sigma:.1f}", f"{e.rating.ordinal:.1f}"]
            )
        games.add_row(*row)
    undecided = f"; {summary.undecided} with no winner" if summary.undecided else ""
    games.caption = (
        f"Game length: {summary.length_mean:.1f} decisions on average, median {summary.length_median:g}{undecided}."
    )
    games.caption_justify = "left"

    time = Table(
        title="Time per decision", title_justify="left", box=box.SIMPLE_HEAD, collapse_padding=True, show_edge=False
    )
    time.add_column("bot", no_wrap=True)
    time.add_column("decisions\n/ seat-game", justify="right")
    time.add_column("timed\ndecisions", justify="right")
    time.add_column("median\nms", justify="right")
    time.add_column("p95\nms", justify="right")
    time.add_column("max\nms", justify="right")
    for e in summary.entrants:
        t = e.think
        time.add_row(
            e.bot,
            f"{e.decisions_mean:.1f}",
            str(t.decisions),
            f"{t.median_ms:.3g}",
            f"{t.p95_ms:.3g}",
            f"{t.max_ms:.3g}",
        )
    time.caption = "Timed: decisions with 2+ legal moves."
    time.caption_justify = "left"
    return Group(games, "", _places(summary), "", time)


def _places(summary: Summary) -> Table:
    """Win rate by seat and by turn order, every bot pooled: does a seat, or going first, matter?"""
    table = Table(
        title="Win rate by seat and by turn order, every bot",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        show_edge=False,
    )
    table.add_column("place", no_wrap=True)
    table.add_column("by seat\n(95% CI)", justify="right")
    table.add_column("by turn order\n(95% CI)", justify="right")
    for place, (by_seat, by_order) in enumerate(zip(summary.seat_wins, summary.order_wins, strict=True)):
        cells = []
        for wins in (by_seat, by_order):
            low, high = wilson_interval(wins, summary.games)
            cells.append(f"{wins / summary.games:.1%} ({low:.0%}–{high:.0%})" if summary.games else "")
        table.add_row(f"P{place + 1} · {ordinal(place + 1)} to play", *cells)
    table.caption = "By turn order: the first to play (the seat of the game's first decision), the next seat, ..."
    table.caption_justify = "left"
    return table


def config_line(result: ArenaResult) -> str:
    config = result.config
    given = " ".join(f"{k}={json.dumps(v)}" for k, v in config.options.items())
    return (
        f"{config.game}{' ' + given if given else ''}; seats {','.join(config.seats)}; "
        f"{config.games} games; seed {config.seed}; {result.workers} worker{'s' if result.workers > 1 else ''}; "
        f"{result.wall_seconds:.1f} s"
    )
