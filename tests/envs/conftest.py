"""Short games for the environment tests: one round or hand, a turn limit."""

from __future__ import annotations

from typing import Any

# (game, options): every game, several player counts, each short.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("wildfire", {"players": 2, "rounds": 1}),
    ("wildfire", {"players": 5, "rounds": 1, "knock_penalty": True}),
    ("wildfire", {"players": 8, "rounds": 1, "strategic": True}),
    ("wildstar", {"players": 2, "hands": 1}),
    ("wildstar", {"players": 3, "hands": 1}),
    ("wildstar", {"players": 4, "hands": 1, "partners": True}),
    ("highrise", {"players": 2}),
    ("highrise", {"players": 3}),
    ("highrise", {"players": 4, "basement_layout": "2x8"}),
    ("fireball-island", {"players": 2, "turn_limit": 20}),
    ("fireball-island", {"players": 3, "turn_limit": 12, "any_way_cards": True}),
    ("fireball-island", {"players": 4, "turn_limit": 12}),
]

GAMES = ("wildfire", "wildstar", "highrise", "fireball-island")


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    game, options = case
    extra = [k for k in options if k not in ("players", "rounds", "hands", "turn_limit")]
    return f"{game}-{options['players']}p" + "".join(f"-{k}" for k in extra)
