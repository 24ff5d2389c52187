"""The contract every game implements.

A game is a `Game` (its spec and options; it makes states) and a `State` (everything,
hidden parts included). States are mutable with a cheap `clone()`; `apply` never
changes a state when it raises.

Turn structure: `to_act()` is a seat index (0-based), `CHANCE` when the next step is
random (a tile drawn, the hub's number, a die), or `None` when the game is over.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, Self

CHANCE: Final = -1
"""`to_act()` returns this when the next step is a chance outcome."""

Seat = int
Move = Hashable
Outcome = Hashable
View = Mapping[str, Any]


@dataclass(frozen=True)
class GameSpec:
    """What a game is, as data: its registry name, title, player range and traits."""

    name: str
    title: str
    min_players: int
    max_players: int
    traits: frozenset[str] = field(default_factory=frozenset)
    """e.g. "hidden-information", "chance", "multi-round", "lowest-score-wins"."""


class State(Protocol):
    @property
    def num_players(self) -> int: ...

    def to_act(self) -> int | None: ...

    def legal_moves(self) -> Sequence[Move]: ...

    def apply(self, move: Move) -> None:
        """Play `move` for the seat to act; IllegalMoveError (state untouched) if illegal."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        """At a chance step: every outcome with its probability (they sum to 1)."""
        ...

    def apply_chance(self, outcome: Outcome) -> None: ...

    def clone(self) -> Self: ...

    def is_over(self) -> bool: ...

    def scores(self) -> list[int]:
        """Running totals, as the score sheet shows them."""
        ...

    def returns(self) -> list[float]:
        """Game result per seat, for search and RL: winners share 1, the rest get 0."""
        ...

    def view(self, seat: int | None) -> View:
        """JSON-ready: only what `seat` may know. `None` is a spectator."""
        ...

    def notation(self) -> str:
        """The whole position (hidden parts included) as text that parses back."""
        ...

    def move_notation(self, move: Move) -> str: ...

    def parse_move(self, text: str) -> Move:
        """Text to move in this position; NotationError if the text is not a move."""
        ...

    def outcome_notation(self, outcome: Outcome) -> str: ...

    def parse_outcome(self, text: str) -> Outcome: ...


class Story(Protocol):
    """A game's words for people (`games/<game>/story.py`): what a move or a chance outcome
    does, said before it happens, and the game and its options in short. Every interface
    tells from here; none computes a rule itself."""

    def describe(self, state: Any, move: Any) -> str:
        """A sentence, before `move` is applied: 'plays 5-3 on the 5 at e2 (sheds 8 points)'."""
        ...

    def describe_outcome(self, state: Any, outcome: Any) -> tuple[str, str, frozenset[int]]:
        """Before a chance outcome is applied: (what everyone may know, what its owners
        see, the owners). A drawn tile is private to the drawer; a hub number is public."""
        ...

    def rules_summary(self, options: Any) -> list[str]: ...

    def summary(self, options: Any) -> str: ...

    def goal(self, options: Any) -> str: ...


class Game(Protocol):
    spec: GameSpec

    @property
    def options(self) -> Any: ...

    def new_state(self) -> State:
        """The start of the game, before the deal (usually a chance step)."""
        ...

    def state_from_notation(self, text: str) -> State: ...

    def sample_state(self, view: View, rng: Any) -> State:
        """A full state whose `view(view['seat'])` equals `view`, hidden parts sampled."""
        ...

    def story(self) -> Story:
        """The game's words for people: its `story` module."""
        ...

    def heuristics(self) -> Any:
        """The game's knowledge for bots: a module with `greedy_move(view, legal, rng)`."""
        ...
