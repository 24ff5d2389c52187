"""Match: drives chance steps and seats (agents) to the end of a game, and records it.

The Match owns the only random generator: `random.Random(seed)`. Seat generators are
split off it first (one 64-bit draw per seat), then every chance step draws from it,
so (game, options, seats, seed, decisions) fixes the whole game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from gamenight.engine.chance import sample, seat_rngs
from gamenight.engine.errors import ConfigError
from gamenight.engine.options import options_to_dict
from gamenight.engine.protocol import CHANCE, Game, Move, State, View
from gamenight.engine.record import Record, Step


class Agent(Protocol):
    """Anything that fills a seat: a bot or a person. It sees a view, never the state."""

    name: str

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move: ...


@dataclass(frozen=True)
class Event:
    """One step of the game as it happened, for logs and interfaces."""

    seat: int  # CHANCE for a chance step
    text: str  # notation, as in the record: may name a hidden tile, so never shown as is
    public: str  # for people: what every seat may know
    private: str  # for the owners: what a hidden chance outcome was
    owners: frozenset[int]  # the seats that see `private`
    state: State  # the state *after* the step (interfaces render views of it)

    def description_for(self, seat: int | None) -> str:
        """What `seat` (None: a spectator) may be told of this step."""
        return self.private if seat in self.owners else self.public


class Match:
    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent],
        seed: int,
        state: State | None = None,
    ) -> None:
        self.game = game
        self.state = state if state is not None else game.new_state()
        if len(agents) != self.state.num_players:
            raise ConfigError(
                f"{game.spec.title} here has {self.state.num_players} seats, but {len(agents)} agents were given"
            )
        if seed < 0:
            # random.Random(-7) is random.Random(7): two seeds would play one game.
            raise ConfigError(f"the seed must be 0 or more, not {seed}")
        self.agents = list(agents)
        self.rng = random.Random(seed)
        self.rngs = seat_rngs(self.rng, len(agents))
        self.record = Record(
            game=game.spec.name,
            options=options_to_dict(game.options),
            seats=[a.name for a in agents],
            seed=seed,
            start=None if state is None else state.notation(),
        )

    def step(self) -> Event | None:
        """Advance one decision or chance step; None when the game is over."""
        event = self._step()
        if event is not None and self.state.to_act() is None:
            self.record.result = self.state.scores()
        return event

    def _step(self) -> Event | None:
        state = self.state
        seat = state.to_act()
        if seat is None:
            return None
        if seat == CHANCE:
            outcome = sample(state.chance_outcomes(), self.rng)
            text = state.outcome_notation(outcome)
            public, private, owners = state.describe_outcome(outcome)
            state.apply_chance(outcome)
            self.record.steps.append(Step(seat=CHANCE, text=text))
            return Event(CHANCE, text, public, private, owners, state)
        legal = state.legal_moves()
        move = self.agents[seat].choose(state.view(seat), legal, self.rngs[seat])
        text = state.move_notation(move)
        description = state.describe(move)
        state.apply(move)  # IllegalMoveError, state untouched, if the agent broke a rule
        self.record.steps.append(Step(seat=seat, text=text))
        return Event(seat, text, description, description, frozenset(), state)

    def run(self, on_event: Callable[[Event], None] | None = None) -> Record:
        while (event := self.step()) is not None:
            if on_event is not None:
                on_event(event)
        return self.record
