"""Records: game + options + seats + seed + every decision and chance outcome, as JSON.

`replay` rebuilds the game from a record and verifies it: every decision is legal,
every chance outcome is the one the seed draws, and the result is the one recorded.

A record is one JSON object. While a game is played it is kept as a *journal* instead:
the record's first line (no steps yet) followed by one line per step, `[seat, "text"]`,
so a step costs one appended line, not a rewrite of the whole file. `Record.parse` reads
both; a journal (a game killed before its record was written whole) reads as unfinished.

The engine does no I/O: it turns a record into text and back, and gamenight/record_files.py
reads and writes the files.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from gamenight.engine.chance import sample, seat_rngs
from gamenight.engine.errors import RecordError, RulesError
from gamenight.engine.protocol import CHANCE, Game, State

FORMAT = "gamenight-record/1"
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""Far above the longest game (a Fireball Island game stopped at its turn limit is well
under a megabyte); a larger file is refused before it is parsed."""


class Step(NamedTuple):
    """One step of a game as its record keeps it. (A NamedTuple: a table makes one at every
    step, and an instance of a plain dataclass is two objects for the collector to track.)"""

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
    journal: bool = field(default=False, compare=False)
    """Read from a journal: the game was stopped before its record was written whole."""
    cut_off: bool = field(default=False, compare=False)
    """The journal's last line was cut off mid-write (and is left out)."""

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

    def journal_header(self) -> str:
        """The first line of a journal: this record without its steps and result."""
        data = self.to_json()
        data["steps"], data["result"] = [], None
        return json.dumps(data) + "\n"

    @staticmethod
    def journal_line(step: Step) -> str:
        return json.dumps([step.seat, step.text]) + "\n"

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'not a gamenight record (expected "format": "{FORMAT}")')
        try:
            steps = [_step(item) for item in _typed(data["steps"], list, "steps")]
            record = cls(
                game=_typed(data["game"], str, "game"),
                options=_typed(data["options"], dict, "options"),
                seats=[_typed(s, str, "a seat") for s in _typed(data["seats"], list, "seats")],
                seed=_seed(data["seed"]),
                start=None if data.get("start") is None else _typed(data["start"], str, "start"),
                steps=steps,
                result=None
                if data.get("result") is None
                else [_typed(x, int, "a score") for x in _typed(data["result"], list, "result")],
            )
        except KeyError as exc:
            raise RecordError(f"corrupt record: missing field {exc}") from None
        return record

    @classmethod
    def parse(cls, raw: bytes | str) -> Record:
        """A record or a journal from a file's content; RecordError naming what is wrong."""
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"corrupt record: larger than {MAX_RECORD_BYTES // 2**20} MB, no game is that long")
        try:
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError as exc:
            raise RecordError(f"corrupt record: not UTF-8 text (byte {exc.start})") from None
        try:
            return cls.from_json(_json(text))
        except RecordError as exc:
            lines = text.split("\n")
            if len(lines) < 2 or not lines[0].lstrip().startswith("{"):
                raise
            try:
                header = _json(lines[0])
            except RecordError:
                raise exc from None
        return cls._from_journal(header, lines[1:])

    @classmethod
    def _from_journal(cls, header: Any, lines: list[str]) -> Record:
        record = cls.from_json(header)
        if record.steps or record.result is not None:
            raise RecordError("corrupt record: a journal's first line holds no steps")
        # The text after the last newline is a line cut off by a kill mid-write (or nothing).
        lines, tail = lines[:-1], lines[-1]
        for number, line in enumerate(lines, 2):
            if not line.strip():
                continue
            try:
                record.steps.append(_step(_json(line)))
            except RecordError as exc:
                raise RecordError(f"corrupt record: line {number}: {exc}") from None
        if tail.strip():
            record.cut_off = True
        record.journal = True
        return record


def _reject_constant(name: str) -> Any:
    raise RecordError(f"corrupt record: {name} is not a number a record holds")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 reads as inf
        raise RecordError(f"corrupt record: the number {text[:20]} is out of range")
    return value


def _json(text: str) -> Any:
    """JSON with every failure a RecordError: bad syntax, NaN, 1e400, a number too long
    to convert, nesting deeper than the parser's stack."""
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise RecordError(f"corrupt record: not JSON ({exc})") from None
    except ValueError as exc:  # an integer longer than Python converts (4,300 digits)
        raise RecordError(f"corrupt record: {exc}") from None
    except RecursionError:
        raise RecordError("corrupt record: nested too deep") from None


def _typed(value: Any, kind: type, what: str) -> Any:
    # bool is an int in Python, never in a record; and "5" or 5.9 is no seed or score.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"corrupt record: {what} must be {kind.__name__}, not {value!r:.40}")
    return value


def _seed(value: Any) -> int:
    seed: int = _typed(value, int, "the seed")
    if seed < 0:
        raise RecordError(f"corrupt record: the seed must be 0 or more, not {seed}")
    return seed


def _step(item: Any) -> Step:
    if not isinstance(item, list) or len(item) != 2:
        raise RecordError(f"corrupt record: a step must be [seat, text], not {item!r:.40}")
    seat, text = item
    return Step(seat=_typed(seat, int, "a step's seat"), text=_typed(text, str, "a step's text"))


@dataclass(frozen=True)
class ReplayStep:
    index: int
    seat: int
    text: str
    description: str
    state: State  # after the step


def replay_steps(record: Record) -> Iterator[ReplayStep]:
    """Re-run a record step by step, verifying each step; RecordError at the first fault."""
    game = record_game(record)
    story = game.story()
    state = initial_state(record, game)
    if len(record.seats) != state.num_players:
        raise RecordError(f"record names {len(record.seats)} seats for {state.num_players} players")
    rng = random.Random(record.seed)
    seat_rngs(rng, len(record.seats))  # the Match splits these off before any chance step
    for i, step in enumerate(record.steps):
        value = verified_step(state, rng, i, step, record.seed)
        try:
            if step.seat == CHANCE:
                description = step.text
                state.apply_chance(value)
            else:
                description = story.describe(state, value)
                state.apply(value)
        except RulesError as exc:
            raise RecordError(f"step {i + 1} ({step.text!r}): {exc}") from None
        yield ReplayStep(i, step.seat, step.text, description, state)
    if record.result is not None:
        if state.to_act() is not None:
            raise RecordError("the record claims a result, but its game is not over")
        if state.scores() != record.result:
            raise RecordError(f"the record claims {record.result}, the replay gives {state.scores()}")


def verified_step(state: State, rng: random.Random, index: int, step: Step, seed: int) -> Any:
    """The move or chance outcome that `step` (number `index`, from 0) records, read and
    checked against `state` before it is played: the seat to act, and for chance the outcome
    the seed's generator `rng` draws (one draw, as in play). RecordError saying which step
    and why otherwise. Replay and a resumed Table check records through this one door."""
    to_act = state.to_act()
    if to_act is None:
        raise RecordError(f"step {index + 1}: the game is already over, but the record goes on")
    if step.seat != to_act:
        raise RecordError(f"step {index + 1}: recorded for {_who(step.seat)}, but {_who(to_act)} is to act")
    try:
        if to_act != CHANCE:
            return state.parse_move(step.text)
        outcome = state.parse_outcome(step.text)
        expected = sample(state.chance_outcomes(), rng)
    except RulesError as exc:
        raise RecordError(f"step {index + 1} ({step.text!r}): {exc}") from None
    if outcome != expected:
        raise RecordError(
            f"step {index + 1}: chance gave {state.outcome_notation(expected)!r} "
            f"with seed {seed}, the record says {step.text!r}"
        )
    return outcome


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"P{seat + 1}"


def record_game(record: Record) -> Game:
    """The record's game with its options; RecordError if either is refused."""
    from gamenight.engine.registry import make_game

    try:
        return make_game(record.game, record.options)
    except RulesError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None


def initial_state(record: Record, game: Game | None = None) -> State:
    """The position the record's game starts from: the deal, or its `start` position;
    RecordError if the game, its options or that position are refused (a finished game too:
    a record starting there holds no game)."""
    game = record_game(record) if game is None else game
    if record.start is None:
        return game.new_state()
    try:
        state = game.state_from_notation(record.start)
    except RulesError as exc:
        raise RecordError(f"the record's start position is refused: {exc}") from None
    if state.to_act() is None:
        raise RecordError("the record's start position is refused: that game is over, so no game follows it")
    return state


def replay(record: Record) -> State:
    """The final state of a verified replay; RecordError if the record does not verify."""
    state: State | None = None
    for step in replay_steps(record):
        state = step.state
    return initial_state(record) if state is None else state
