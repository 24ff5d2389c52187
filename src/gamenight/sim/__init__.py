"""Simulation: many bot-against-bot games of one game, and what they say about the bots.

`run_arena` plays them (in parallel if asked), `summarize` pools the results per bot, and
`write_outputs` writes the CSV, JSON and plot files; the types they return are in
`results`. Only the engine, the bots and the record files are imported here: a game comes
by name through the engine's registry. Drawing the results is for the interfaces.
"""

from gamenight.sim.arena import run_arena
from gamenight.sim.report import summarize, wilson_interval, write_outputs
from gamenight.sim.results import ArenaConfig, ArenaResult, EntrantStats, GameResult, Summary

__all__ = [
    "ArenaConfig",
    "ArenaResult",
    "EntrantStats",
    "GameResult",
    "Summary",
    "run_arena",
    "summarize",
    "wilson_interval",
    "write_outputs",
]
