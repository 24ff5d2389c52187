"""Wildstar as a registered game: spec, options, and the factory for states."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gamenight.engine.options import options_from_dict
from gamenight.engine.protocol import GameSpec, Story, View
from gamenight.games.wildstar.options import WildstarOptions
from gamenight.games.wildstar.state import WildstarState

SPEC = GameSpec(
    name="wildstar",
    title="Wildstar",
    min_players=2,
    max_players=8,
    traits=frozenset({"hidden-information", "chance", "multi-round", "lowest-score-wins", "teams"}),
)


class WildstarGame:
    spec: ClassVar[GameSpec] = SPEC  # read from the class too (registry.game_class)

    def __init__(self, options: WildstarOptions | None = None) -> None:
        self._options = options or WildstarOptions()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its options: a compiled class (`make fast`) has no fields pickle can see.
        return (type(self), (self._options,))

    @classmethod
    def from_options(cls, values: dict[str, Any]) -> WildstarGame:
        return cls(options_from_dict(WildstarOptions, values))

    @property
    def options(self) -> WildstarOptions:
        return self._options

    def new_state(self) -> WildstarState:
        return WildstarState(self)

    def state_from_notation(self, text: str) -> WildstarState:
        from gamenight.games.wildstar.notation import parse_position

        return parse_position(self, text)

    def sample_state(self, view: View, rng: random.Random) -> WildstarState:
        from gamenight.games.wildstar.view import sample_state

        return sample_state(self, view, rng)

    def story(self) -> Story:
        from gamenight.games.wildstar import story

        return story

    def heuristics(self) -> Any:
        from gamenight.games.wildstar import heuristics

        return heuristics
