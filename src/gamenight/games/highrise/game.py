"""Highrise as a registered game: spec, options, and the factory for states."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gamenight.engine.options import options_from_dict
from gamenight.engine.protocol import GameSpec, Story, View
from gamenight.games.highrise.options import HighriseOptions
from gamenight.games.highrise.state import HighriseState

SPEC = GameSpec(
    name="highrise",
    title="Highrise",
    min_players=2,
    max_players=4,
    traits=frozenset({"hidden-information", "chance", "multi-round"}),
)


class HighriseGame:
    spec: ClassVar[GameSpec] = SPEC  # read from the class too (registry.game_class)

    def __init__(self, options: HighriseOptions | None = None) -> None:
        self._options = options or HighriseOptions()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its options: a compiled class (`make fast`) has no fields pickle can see.
        return (type(self), (self._options,))

    @classmethod
    def from_options(cls, values: dict[str, Any]) -> HighriseGame:
        return cls(options_from_dict(HighriseOptions, values))

    @property
    def options(self) -> HighriseOptions:
        return self._options

    def new_state(self) -> HighriseState:
        return HighriseState(self)

    def state_from_notation(self, text: str) -> HighriseState:
        from gamenight.games.highrise.notation import parse_position

        return parse_position(self, text)

    def sample_state(self, view: View, rng: random.Random) -> HighriseState:
        from gamenight.games.highrise.view import sample_state

        return sample_state(self, view, rng)

    def story(self) -> Story:
        from gamenight.games.highrise import story

        return story

    def heuristics(self) -> Any:
        from gamenight.games.highrise import heuristics

        return heuristics
