"""The games gamenight knows, by name: one explicit table.

The engine imports no game (games depend on the engine, never the reverse), so each
entry names the game class by import path; it is loaded on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

from gamenight.engine.errors import ConfigError
from gamenight.engine.protocol import Game

GAMES: dict[str, str] = {
    "wildfire": "gamenight.games.wildfire.game:WildfireGame",
    "wildstar": "gamenight.games.wildstar.game:WildstarGame",
    "highrise": "gamenight.games.highrise.game:HighriseGame",
    "fireball-island": "gamenight.games.fireball_island.game:FireballIslandGame",
}


def game_class(name: str) -> Any:
    try:
        path = GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise ConfigError(f"unknown game {name!r}; the games are: {known}") from None
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def make_game(name: str, options: dict[str, Any] | None = None) -> Game:
    """The game `name` with `options` (a dict of option names to values), validated."""
    game: Game = game_class(name).from_options(dict(options or {}))
    return game
