"""Bots by name: the seats `gamenight play` and `gamenight arena` accept.

A seat is a bot's name, optionally with options after colons:
`ismcts:iterations=200:rollout=random`. The levels people choose are names too:

- `easy`: random, with sense for the obvious (`EasyBot`);
- `medium`: `greedy`, the game's heuristic;
- `hard`: `ismcts` with the settings the game tuned for about a second a move at most
  (`ISMCTS_HARD` in the game's heuristics module; benchmarks/README.md has the figures);
- `expert`: the same search, EXPERT_FACTOR times as long (docs/bots.md measures the levels).

`learned` plays a network learned from rollouts (examples/learn_from_rollouts.py) where one is
shipped (`bots/learned.py`: two-player Highrise and Wildstar). It beats `medium` there, and the
browser offers it as a level in those games only (docs/bots.md, "The learned bot").

`ismcts` without options is `hard`; options given override the game's settings.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import typing
from typing import Any

from gamenight.bots.basic import EasyBot, GreedyBot, RandomBot
from gamenight.bots.ismcts import IsmctsBot, IsmctsOptions, ismcts_options
from gamenight.engine.errors import ConfigError
from gamenight.engine.match import Agent
from gamenight.engine.options import name_value
from gamenight.engine.protocol import Game

BOTS = ("random", "greedy", "ismcts", "learned")
LEVELS = {
    "easy": "random with sense for the obvious",
    "medium": "greedy",
    "hard": "ismcts",
    "expert": "ismcts, searching longer",
}
EXPERT_FACTOR = 4
"""How many times the hard bot's search the expert's is (its iterations, or its seconds)."""
NAMES = (*LEVELS, *BOTS)


def make_bot(spec: str, game: Game) -> Agent:
    """The bot `spec` names for `game`; ConfigError naming what is wrong with the spec."""
    name, options = parse_spec(spec)
    bot: Agent
    if name in ("ismcts", "hard"):
        bot = IsmctsBot(game, hard_options(game, options))
    elif name == "expert":
        bot = IsmctsBot(game, expert_options(game, options))
    elif options:
        raise ConfigError(f"bot {name!r} takes no options (only ismcts, hard and expert do): {spec!r}")
    elif name == "learned":
        bot = _learned_bot(game)
    elif name == "random":
        bot = RandomBot()
    elif name in ("greedy", "medium"):
        bot = GreedyBot(game)
    else:  # easy
        bot = EasyBot(game)
    bot.name = spec
    return bot


LEARNED = "gamenight.bots.learned"
"""The learned bot plays a network with NumPy, which the other bots do without: it is named
here by import path, as the engine's registry names the games, and loaded on first use."""


def _learned_bot(game: Game) -> Agent:
    bot: Agent = importlib.import_module(LEARNED).LearnedBot(game)
    return bot


def bot_title(spec: str) -> str:
    """How a bot is named to people: its level, as at the table in the browser ("Hard bot"),
    with any options after it ("Ismcts bot (iterations=200)")."""
    name, _, options = spec.strip().partition(":")
    title = f"{name.strip().capitalize()} bot"
    return f"{title} ({options.replace(':', ', ')})" if options else title


def hard_options(game: Game, overrides: dict[str, Any]) -> IsmctsOptions:
    """The game's `hard` settings (ISMCTS_HARD in its heuristics), with `overrides` on top."""
    tuned: dict[str, Any] = dict(getattr(game.heuristics(), "ISMCTS_HARD", {}))
    return ismcts_options({**tuned, **overrides})


def expert_options(game: Game, overrides: dict[str, Any]) -> IsmctsOptions:
    """The `hard` settings with EXPERT_FACTOR times the search (iterations, per-move share and
    any time budget), `overrides` on top."""
    hard = hard_options(game, {})
    longer: dict[str, Any] = {"iterations": hard.iterations * EXPERT_FACTOR}
    if hard.per_move is not None:
        longer["per_move"] = hard.per_move * EXPERT_FACTOR
    if hard.seconds is not None:
        longer["seconds"] = hard.seconds * EXPERT_FACTOR
    return hard_options(game, {**longer, **overrides})


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """`ismcts:iterations=200:rollout=random` -> ("ismcts", {"iterations": 200, "rollout": "random"})."""
    name, *items = spec.strip().split(":")
    name = name.strip().lower()
    if name not in NAMES:
        what = f"unknown bot {name!r}" if name else "an empty bot name"
        raise ConfigError(f"{what}; the bots are: {', '.join(NAMES)}")
    hints = _option_hints()
    options: dict[str, Any] = {}
    for item in items:
        key, text = name_value(item, f"bot option in {spec!r}:", "ismcts:iterations=200")
        if key not in hints:
            raise ConfigError(f"unknown bot option {key!r} in {spec!r}; the options are: {', '.join(sorted(hints))}")
        options[key] = _value(key, text, hints[key])
    return name, options


@functools.cache
def _option_hints() -> dict[str, Any]:
    """IsmctsOptions' fields and their types, read once: `typing.get_type_hints` costs a
    quarter of a millisecond, and a server makes a bot for every bot seat it plays."""
    hints = typing.get_type_hints(IsmctsOptions)
    return {f.name: hints[f.name] for f in dataclasses.fields(IsmctsOptions)}


def _value(key: str, text: str, hint: Any) -> Any:
    kinds = typing.get_args(hint) or (hint,)
    if type(None) in kinds and text.lower() == "none":
        return None
    if bool in kinds:
        word = text.lower()
        if word in ("true", "yes", "on", "1"):
            return True
        if word in ("false", "no", "off", "0"):
            return False
        raise ConfigError(f"bot option {key}={text!r}: not true or false")
    for kind in (int, float, str):
        if kind in kinds:
            try:
                return kind(text)
            except ValueError:
                continue
    raise ConfigError(f"bot option {key}={text!r}: not a {' or '.join(k.__name__ for k in kinds)}")
