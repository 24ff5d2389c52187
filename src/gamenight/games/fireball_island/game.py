"""Fireball Island as a registered game: spec, options, and the factory for states."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gamenight.engine.options import options_from_dict
from gamenight.engine.protocol import GameSpec, Story, View
from gamenight.games.fireball_island.options import FireballIslandOptions
from gamenight.games.fireball_island.state import FireballIslandState

SPEC = GameSpec(
    name="fireball-island",
    title="Fireball Island",
    min_players=2,
    max_players=4,
    traits=frozenset({"hidden-information", "chance", "race"}),
)


class FireballIslandGame:
    spec: ClassVar[GameSpec] = SPEC  # read from the class too (registry.game_class)

    def __init__(self, options: FireballIslandOptions | None = None) -> None:
        self._options = options or FireballIslandOptions()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its options: a compiled class (`make fast`) has no fields pickle can see.
        return (type(self), (self._options,))

    @classmethod
    def from_options(cls, values: dict[str, Any]) -> FireballIslandGame:
        return cls(options_from_dict(FireballIslandOptions, values))

    @property
    def options(self) -> FireballIslandOptions:
        return self._options

    def new_state(self) -> FireballIslandState:
        state = FireballIslandState(self)
        state._run()
        return state

    def state_from_notation(self, text: str) -> FireballIslandState:
        from gamenight.games.fireball_island.notation import parse_position

        return parse_position(self, text)

    def sample_state(self, view: View, rng: random.Random) -> FireballIslandState:
        from gamenight.games.fireball_island.view import sample_state

        return sample_state(self, view, rng)

    def story(self) -> Story:
        from gamenight.games.fireball_island import story

        return story

    def heuristics(self) -> Any:
        from gamenight.games.fireball_island import heuristics

        return heuristics
