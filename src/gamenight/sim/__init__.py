"""Simulation: many bot-against-bot games of one game, and what they say about the bots.

`run_arena` plays them (in parallel if asked), `summarize` pools the results per bot, and
`write_outputs` writes the CSV, JSON and plot files. Only the engine and the bots are
imported here: a game comes by name through the engine's registry.
"""

from gamenight.sim.arena import ArenaConfig, ArenaResult, GameResult, run_arena
from gamenight.sim.report import EntrantStats, Summary, summarize, wilson_interval, write_outputs

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
