"""Records: game + options + seats + seed + every decision and chance outcome, as JSON.

`replay` rebuilds the game from a record and verifies it: every decision is legal,
every chance outcome is the one the seed draws, and the result is the one recorded.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamenight.engine.chance import sample
from gamenight.engine.errors import RecordError, RulesError
from gamenight.engine.protocol import CHANCE, State

FORMAT = "gamenight-record/1"


@dataclass
class Step:
    seat: int  # CHANCE (-1) for a chance outcome
    text: str  # notation of the move or outcome, in the position before it


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    start: str | None = None  # position notation when the game did not start from the deal
    steps: list[Step] = field(default_factory=list)
    result: list[int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "start": self.start,
            "steps": [[s.seat, s.text] for s in self.steps],
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'not a gamenight record (expected "format": "{FORMAT}")')
        try:
            steps = [Step(seat=int(seat), text=str(text)) for seat, text in data["steps"]]
            record = cls(
                game=str(data["game"]),
                options=dict(data["options"]),
                seats=[str(s) for s in data["seats"]],
                seed=int(data["seed"]),
                start=None if data.get("start") is None else str(data["start"]),
                steps=steps,
                result=None if data.get("result") is None else [int(x) for x in data["result"]],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"corrupt record: missing or ill-typed field ({exc})") from None
        return record

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"corrupt record {path}: not JSON ({exc})") from None
        return cls.from_json(data)


@dataclass(frozen=True)
class ReplayStep:
    index: int
    seat: int
    text: str
    description: str
    state: State  # after the step


def replay_steps(record: Record) -> Iterator[ReplayStep]:
    """Re-run a record step by step, verifying each step; RecordError at the first fault."""
    from gamenight.engine.match import seat_rngs
    from gamenight.engine.registry import make_game

    try:
        game = make_game(record.game, record.options)
        state = game.new_state() if record.start is None else game.state_from_notation(record.start)
    except RulesError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    if len(record.seats) != state.num_players:
        raise RecordError(f"record names {len(record.seats)} seats for {state.num_players} players")
    rng = random.Random(record.seed)
    seat_rngs(rng, len(record.seats))  # the Match splits these off before any chance step
    for i, step in enumerate(record.steps):
        to_act = state.to_act()
        if to_act is None:
            raise RecordError(f"step {i + 1}: the game is already over, but the record goes on")
        if step.seat != to_act:
            raise RecordError(f"step {i + 1}: recorded for {_who(step.seat)}, but {_who(to_act)} is to act")
        try:
            if to_act == CHANCE:
                outcome = state.parse_outcome(step.text)
                expected = sample(state.chance_outcomes(), rng)
                if outcome != expected:
                    raise RecordError(
                        f"step {i + 1}: chance gave {state.outcome_notation(expected)!r} "
                        f"with seed {record.seed}, the record says {step.text!r}"
                    )
                description = step.text
                state.apply_chance(outcome)
            else:
                move = state.parse_move(step.text)
                description = state.describe(move)
                state.apply(move)
        except RecordError:
            raise
        except RulesError as exc:
            raise RecordError(f"step {i + 1} ({step.text!r}): {exc}") from None
        yield ReplayStep(i, step.seat, step.text, description, state)
    if record.result is not None:
        if state.to_act() is not None:
            raise RecordError("the record claims a result, but its game is not over")
        if state.scores() != record.result:
            raise RecordError(f"the record claims {record.result}, the replay gives {state.scores()}")


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"P{seat + 1}"


def replay(record: Record) -> State:
    """The final state of a verified replay; RecordError if the record does not verify."""
    from gamenight.engine.registry import make_game

    state: State | None = None
    for step in replay_steps(record):
        state = step.state
    if state is None:
        game = make_game(record.game, record.options)
        state = game.new_state() if record.start is None else game.state_from_notation(record.start)
    return state
