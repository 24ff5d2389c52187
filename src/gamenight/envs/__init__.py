"""Environments for researchers (the `rl` extra; docs/rl.md).

- `gamenight.envs.pettingzoo`: `env("wildfire", players=3)`, PettingZoo AEC environments;
- `gamenight.envs.openspiel`: OpenSpiel games `python_gamenight_<game>` (registered on import);
- `gamenight.envs.gymnasium`: `GamenightEnv("highrise", opponents="greedy")`, one seat learning;
- `gamenight.envs.actions` and `gamenight.envs.observations`: the action tables and the
  encoders of the views, shared by the three.

Nothing here is imported by the rest of gamenight: the games run without NumPy.
"""

from __future__ import annotations

GAMES = ("wildfire", "wildstar", "highrise", "fireball-island")
