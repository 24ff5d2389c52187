"""Match: agents (bots, or a person at a terminal) in every seat of a Table, to the end.

The Table owns the only random generator: `random.Random(seed)`. Seat generators are
split off it first (one 64-bit draw per seat), then every chance step draws from it,
so (game, options, seats, seed, decisions) fixes the whole game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, NamedTuple, Protocol

from gamenight.engine.errors import ConfigError
from gamenight.engine.protocol import CHANCE, Game, Move, State, View
from gamenight.engine.record import Record
from gamenight.engine.table import Table


class Agent(Protocol):
    """Anything that fills a seat: a bot or a person. It sees a view, never the state."""

    name: str

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move: ...


class Event(NamedTuple):
    """One step of the game as it happened, for logs and interfaces. (A NamedTuple: one is
    made at every step of every simulated game, and a frozen dataclass costs several times more.)"""

    seat: int  # CHANCE for a chance step
    text: str  # notation, as in the record: may name a hidden tile, so never shown as is
    public: str  # for people: what every seat may know
    private: str  # for the owners: what a hidden chance outcome was
    owners: frozenset[int]  # the seats that see `private`
    state: State  # the state *after* the step (interfaces render views of it)

    def description_for(self, seat: int | None) -> str:
        """What `seat` (None: a spectator) may be told of this step."""
        return self.private if seat in self.owners else self.public


_new: Final = tuple.__new__


class LazyView(Mapping[str, Any]):
    """A seat's view, written the first time the agent reads it: a random bot never does, and
    a view writes the whole table (a layout, hands, a score sheet) where a rules step changes
    one tile. It is the view of the position the agent was asked in; once its move is played,
    a view it did not read is gone (reading it then is an error, not a view of a later position)."""

    __slots__ = ("_seat", "_state", "_view")

    def __init__(self, state: State, seat: int) -> None:
        self._state: State | None = state
        self._seat = seat
        self._view: View | None = None

    def _made(self) -> View:
        view = self._view
        if view is None:
            if self._state is None:
                raise RuntimeError("this view was not read while its seat chose, and the position has moved on")
            view = self._view = self._state.view(self._seat)
        return view

    def expire(self) -> None:
        """The position is about to change: unread, the view can no longer be written."""
        self._state = None

    def __getitem__(self, key: str) -> Any:
        return self._made()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())

    def __contains__(self, key: object) -> bool:
        return key in self._made()

    def get(self, key: str, default: Any = None) -> Any:
        return self._made().get(key, default)

    def __eq__(self, other: object) -> bool:
        return self._made() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._made())


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
        words: bool = True,
        table: Table | None = None,
    ) -> None:
        """With `words` off, the events say nothing in words (`Event.public` and `private` are
        empty): for bots alone, whose runs nobody reads (the arena), a step skips the story.
        `table` (resume's): the agents sit at this table, `game`'s, instead of a new one."""
        if seed < 0:
            # random.Random(-7) is random.Random(7): two seeds would play one game.
            raise ConfigError(f"the seed must be 0 or more, not {seed}")
        if table is None:
            # No log: each step's event goes to the caller as it is played (`step`, `run`), and
            # a table's log of them would hold every step twice for the game's length.
            table = Table(game, [a.name for a in agents], seed, state, auto_chance=False, words=words, log=False)
        self.table = table
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
        # (Through __init__: a compiled class, `make fast`, makes its instances no other way.)
        table = Table.resume(record, auto_chance=False)
        return cls(table.game, agents, table.seed, table=table)

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def record(self) -> Record:
        return self.table.record

    def step(self) -> Event | None:
        """Advance one decision or chance step; None when the game is over."""
        table = self.table
        state = table.state  # the one state of the table, changed in place by every step
        seat = state.to_act()
        if seat is None:
            return None
        if seat == CHANCE:
            done = table.chance_step()
        else:
            view = LazyView(state, seat)
            move = self.agents[seat].choose(view, state.legal_moves(), self.rngs[seat])
            view._state = None  # view.expire(), without its call: one a decision
            done = table.decide(seat, move)  # IllegalMoveError, nothing changed, if the agent broke a rule
        _, seat, text, public, private, owners, _ = done
        # Event(...) through tuple.__new__: a NamedTuple's generated __new__ costs twice as much.
        return _new(Event, (seat, text, public, private, owners, state))

    def run(self, on_event: Callable[[Event], None] | None = None) -> Record:
        while (event := self.step()) is not None:
            if on_event is not None:
                on_event(event)
        return self.record
