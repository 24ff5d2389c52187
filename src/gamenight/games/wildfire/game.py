"""Wildfire as a registered game: spec, options, and the factory for states."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gamenight.engine.options import options_from_dict
from gamenight.engine.protocol import GameSpec, Story, View
from gamenight.games.wildfire.options import WildfireOptions
from gamenight.games.wildfire.state import WildfireState

SPEC = GameSpec(
    name="wildfire",
    title="Wildfire",
    min_players=2,
    max_players=8,
    traits=frozenset({"hidden-information", "chance", "multi-round", "lowest-score-wins"}),
)


class WildfireGame:
    spec: ClassVar[GameSpec] = SPEC  # read from the class too (registry.game_class)

    def __init__(self, options: WildfireOptions | None = None) -> None:
        self._options = options or WildfireOptions()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its options: a compiled class (`make fast`) has no fields pickle can see.
        return (type(self), (self._options,))

    @classmethod
    def from_options(cls, values: dict[str, Any]) -> WildfireGame:
        return cls(options_from_dict(WildfireOptions, values))

    @property
    def options(self) -> WildfireOptions:
        return self._options

    def new_state(self) -> WildfireState:
        return WildfireState(self)

    def state_from_notation(self, text: str) -> WildfireState:
        from gamenight.games.wildfire.notation import parse_position

        return parse_position(self, text)

    def sample_state(self, view: View, rng: random.Random) -> WildfireState:
        from gamenight.games.wildfire.view import sample_state

        return sample_state(self, view, rng)

    def story(self) -> Story:
        from gamenight.games.wildfire import story

        return story

    def heuristics(self) -> Any:
        from gamenight.games.wildfire import heuristics

        return heuristics
