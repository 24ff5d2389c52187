"""Match: agents (bots, or a person at a terminal) in every seat of a Table, to the end.

The Table owns the only random generator: `random.Random(seed)`. Seat generators are
split off it first (one 64-bit draw per seat), then every chance step draws from it,
so (game, options, seats, seed, decisions) fixes the whole game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from gamenight.engine.errors import ConfigError
from gamenight.engine.protocol import CHANCE, Game, Move, State, View
from gamenight.engine.record import Record
from gamenight.engine.table import Table


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
    """Agents in every seat of a `Table`: a short loop that asks the seat to act for its move
    and submits it through the table's one door. Chance steps are played one at a time, so
    an interface can show each step's state as it happens (`step`, `run(on_event)`)."""

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent],
        seed: int,
        state: State | None = None,
    ) -> None:
        if seed < 0:
            # random.Random(-7) is random.Random(7): two seeds would play one game.
            raise ConfigError(f"the seed must be 0 or more, not {seed}")
        self.table = Table(game, [a.name for a in agents], seed, state, auto_chance=False)
        self.game = game
        self.agents = list(agents)
        self.rngs = self.table.seat_rngs

    @classmethod
    def resume(cls, agents: Sequence[Agent], record: Record) -> Match:
        """Agents in the seats of a recorded game, from where its record stops (RecordError if
        the record does not verify). Chance goes on as it would have; the bots' own generators
        start afresh, so a bot may choose otherwise than it would have without the stop."""
        if len(agents) != len(record.seats):
            raise ConfigError(f"the record has {len(record.seats)} seats, but {len(agents)} agents were given")
        match = cls.__new__(cls)
        match.table = Table.resume(record, auto_chance=False)
        match.game = match.table.game
        match.agents = list(agents)
        match.rngs = match.table.seat_rngs
        return match

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def record(self) -> Record:
        return self.table.record

    def step(self) -> Event | None:
        """Advance one decision or chance step; None when the game is over."""
        table = self.table
        seat = table.state.to_act()
        if seat is None:
            return None
        if seat == CHANCE:
            done = table.play_chance_step()
        else:
            move = self.agents[seat].choose(table.state.view(seat), table.state.legal_moves(), self.rngs[seat])
            done = table.submit(seat, move)[0]  # IllegalMoveError, nothing changed, if the agent broke a rule
        return Event(done.seat, done.text, done.public, done.private, done.owners, table.state)

    def run(self, on_event: Callable[[Event], None] | None = None) -> Record:
        while (event := self.step()) is not None:
            if on_event is not None:
                on_event(event)
        return self.record
