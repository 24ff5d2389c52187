"""Table: one game being played, pushed from outside and never waiting on anyone.

A table holds the state, its seats' names, the game's one random generator and a numbered
log of events. It says what is pending (the seat to decide, with every legal move in
notation and in words), takes a decision from a seat, as a move or as notation, and plays
every chance step up to the next decision by itself. A person at a web page, a bot run by a
server off its event loop and an RL environment all come through the same door, `submit`;
`Match`, which has just seen whose turn it is, through `decide` and `chance_step`, at a
table that numbers its events and keeps none (`log`: it hands each to its caller).

Every event has a number, from 1. `events_for(seat, since=n)` is what that seat may know of
the events after n (a tile drawn is named only to its drawer); `seat=None` is a spectator.
A client that missed events asks again from the last number it has.

Some decisions are asked of several seats at once: a card window (Fireball Island) asks every
seat that may answer it, as Board Game Arena's multiple-active states do, and closes once all
have answered. The rules still take the answers one by one in their order (a `Window`): an
answer given ahead of its turn is held and played when its turn comes, and while the window
is open nobody is told anything of it (`visible`): who passed, and when, is nobody's business.

A table people play at may pause at the end of a round (`pauses`): the step that ends a round
is played, and the next deal waits until the caller says (`deal_on`), so that everyone sees
the round's end (`round_end`: the final board, the tiles each seat was left holding, the
scores). The pause is not a step: the record is the same with or without it, and the deal,
drawn later, draws the same tiles from the same generator. A table resumed from a record
that stops at a round's end stands paused there again.

A table resumes from its record exactly where it stopped: the record's chance steps are
drawn again from the seed and checked, so the generator stands where it stood, and the
chance outcomes to come are those the game would have had without the stop. A restart can
neither lose a move nor re-roll a die. The seed is in the record, which a seat sees only
once the game is over (`record_for`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from gamenight.engine.chance import sample, seat_rngs
from gamenight.engine.errors import ConfigError, IllegalMoveError, NotYourTurnError, RecordError, RulesError
from gamenight.engine.notation import EVERYONE  # an event's owners when every seat may see it all
from gamenight.engine.options import options_to_dict
from gamenight.engine.protocol import CHANCE, Game, Move, Outcome, State, Story, View
from gamenight.engine.record import Record, Step, initial_state, record_game, verified_step


class Event(NamedTuple):
    """One step as it happened. `text` is its notation, which for a hidden chance outcome
    names what only its owners may see: never send an Event as it is, send `for_seat`.
    (A NamedTuple: one is made at every step of every simulated game.)"""

    number: int
    seat: int  # CHANCE for a chance step
    text: str
    public: str  # for people: what every seat may know
    private: str  # what the owners of a hidden chance outcome see
    owners: frozenset[int]  # the seats that may see `private` and `text`; empty: all may
    unsigned: bool = False
    """Told without its seat: the last pass that closes a card window ("nobody played a card")."""

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) may know of this event, JSON-ready."""
        sees = not self.owners or seat in self.owners
        return {
            "n": self.number,
            "seat": None if self.seat == CHANCE or self.unsigned else self.seat,
            "notation": self.text if sees else None,
            "text": self.private if sees else self.public,
        }


@dataclass(frozen=True)
class Choice:
    """A legal decision, with its notation and what it does in words."""

    move: Move
    notation: str
    description: str


@dataclass(frozen=True)
class Pending:
    """The decision the table waits for."""

    seat: int
    choices: tuple[Choice, ...]


class Window:
    """A decision asked of several seats at once (a card window): `seats` in the order the rules
    take their answers, each choosing as if those before it pass; `answered` of them have had
    their answers played, and `held` are answers given ahead of their turn. Everyone is told
    the table as it stood at event `start` until the window closes."""

    __slots__ = ("_positions", "answered", "held", "seats", "start", "state")

    def __init__(self, start: int, seats: tuple[int, ...], state: State) -> None:
        self.start = start
        self.seats = seats
        self.state = state  # the position it opened at (a copy)
        self.answered = 0
        self.held: dict[int, Move] = {}
        self._positions: dict[int, State] = {}

    def waiting(self) -> tuple[int, ...]:
        """The seats yet to answer."""
        return tuple(s for s in self.seats[self.answered :] if s not in self.held)

    def position(self, seat: int) -> State:
        """The position as `seat` decides it: every seat before it in the window passed."""
        position = self._positions.get(seat)
        if position is None:
            position = self.state.clone()
            for _ in range(self.seats.index(seat)):
                position.apply(position.parse_move(PASS))
            self._positions[seat] = position
        return position


_NOBODY: Final[frozenset[int]] = frozenset({CHANCE})  # owners no seat is among: a chance step told in no words
_UNTOLD: Final = ("", False)  # a decision told in no words
_NO_LOG = "this table keeps no log of its events (Match's: each step's event goes to its caller as it is played)"
_new: Final = tuple.__new__

PASS: Final = "pass"
"""The answer that lets a card window go by: every game with windows writes it so."""


class Table:
    words = True
    """Each event is told in words (`public`, `private`, and who owns a hidden outcome), as
    people and `events_for` read them. Off (`Match(words=False)`, as the arena plays), nobody
    reads them, and a step costs no story: the events keep their notation only, hidden from
    every seat, and `events_for` refuses. The record is the same either way."""

    log = True
    """The table keeps its events, numbered (`events`, `events_for`, and what `submit` returns).
    Off (`Match`'s table: it hands each step's event to its caller as it is played), a step's
    event is made and returned, numbered, and not kept: a long simulated game does not hold
    its steps twice (the record holds them), and the cycle collector, which walks every
    kept event at its collections, has half as many to walk. Such a table plays through
    `decide` and `chance_step` (Match's doors) and takes a move back (`undo`); `submit`,
    `deal_on`, `play_chance_step` and `events_for` refuse."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        seed: int | None = None,
        state: State | None = None,
        auto_chance: bool = True,
        windows: bool = False,
        pauses: bool = False,
        words: bool = True,
        log: bool = True,
    ) -> None:
        """A new table for `game` with one name per seat. Without a seed, one is drawn from
        `secrets`: nobody can predict the chance steps. `state` starts from a position
        instead of the deal (it is written into the record). With `auto_chance` off, the
        caller plays each chance step with `play_chance_step` (Match does, to show every
        step's state as it happens). With `windows`, a card window is asked of all its seats
        at once (`Window`: a table people play at); without, one seat at a time, as bots and
        simulations ask it, at no cost. With `pauses`, the next deal waits after a round's end
        until `deal_on` (a table people play at). Without `log`, the events are not kept (`log`)."""
        self.game = game
        self.story = game.story()
        # What the log says of a decision, as `teller` says it, but called straight: through
        # teller's lambda around `describe`, every decision would cost one more call.
        self._told: Callable[[State, Move], tuple[str, bool]] | None = getattr(self.story, "told", None)
        self._describe: Callable[[State, Move], str] = self.story.describe
        self.words = words
        self.log = log
        self.state = state if state is not None else game.new_state()
        if len(seats) != self.state.num_players:
            raise ConfigError(
                f"{game.spec.title} here has {self.state.num_players} seats, but {len(seats)} agents were given"
            )
        self.seed = secrets.randbits(63) if seed is None else seed
        if self.seed < 0:
            raise ConfigError(f"the seed must be 0 or more, not {self.seed}")
        self.rng = random.Random(self.seed)
        self.seat_rngs = seat_rngs(self.rng, len(seats))  # for the seats' bots: split off first
        self.record = Record(
            game=game.spec.name,
            options=options_to_dict(game.options),
            seats=list(seats),
            seed=self.seed,
            start=None if state is None else state.notation(),
        )
        self.events: list[Event] = []
        self._count = 0  # the events so far: the number of the last (the log's length, where it is kept)
        self.window: Window | None = None
        self.windows = windows
        self.auto_chance = auto_chance
        self._pausing(pauses)
        self._open_window()
        if auto_chance:
            self._play_chance()

    def _pausing(self, pauses: bool) -> None:
        self.pauses = pauses and hasattr(self.story, "round_end")
        self.paused = False
        """A round has ended and the next deal waits for `deal_on`."""
        self.round_end: dict[str, Any] | None = None
        """The last round's end as the game's story tells it (`round_end`), with its `plays`."""
        self.plays: list[list[int]] = []
        """This round's decisions that scored at once (Highrise's plays): [event, seat, points]."""
        self._on_sheet: Callable[[Move], bool] = getattr(self.story, "on_sheet", _off_sheet)
        """Whether a decision goes on the score sheet even when it scored 0 (a play in Highrise)."""
        self.rounds: list[dict[str, Any]] = []
        """Every round ended so far, for a score sheet: its number, who went out, its plays that
        scored (`plays`, and the last: `last_play`) and what its end scored."""

    @classmethod
    def resume(cls, record: Record, auto_chance: bool = True, windows: bool = False, pauses: bool = False) -> Table:
        """The table a record stopped at: every step replayed and checked (RecordError at the
        first that does not verify), chance drawn again from the seed."""
        game = record_game(record)
        state = initial_state(record, game)
        if len(record.seats) != state.num_players:
            raise RecordError(f"record names {len(record.seats)} seats for {state.num_players} players")
        # A new table at the record's start (through __init__: a compiled class, `make fast`,
        # makes its instances no other way), chance left to the steps, and its record the one
        # resumed as written (its options as given, its start as recorded).
        table = cls(game, record.seats, record.seed, state, auto_chance=False, windows=windows, pauses=pauses)
        table.record = Record(record.game, record.options, list(record.seats), record.seed, record.start)
        table.auto_chance = auto_chance
        table.catch_up(record.steps)
        return table

    def catch_up(self, steps: Sequence[Step]) -> None:
        """Play `steps`, recorded elsewhere after this table's last (another server process
        stored them), each checked as a resumed record's are: RecordError at the first that
        does not verify. Chance is drawn from this table's generator, so it must agree."""
        for step in steps:
            index = len(self.record.steps)
            value = verified_step(self.state, self.rng, index, step, self.seed)
            try:
                if step.seat == CHANCE:
                    self._chance(value)
                else:
                    self._decide(step.seat, value)
            except RulesError as exc:
                raise RecordError(f"step {index + 1} ({step.text!r}): {exc}") from None
        if self.auto_chance:
            self._play_chance()

    # -- what is pending -----------------------------------------------------------

    def to_act(self) -> int | None:
        """The seat to decide, or None when the game is over (CHANCE only with auto_chance off)."""
        return self.state.to_act()

    def is_over(self) -> bool:
        return self.state.to_act() is None

    def pending(self) -> Pending | None:
        seat = self.state.to_act()
        if seat is None or self.paused:
            return None
        return Pending(seat, self._choices(self.state))

    def _choices(self, state: State) -> tuple[Choice, ...]:
        return tuple(Choice(m, state.move_notation(m), self.story.describe(state, m)) for m in state.legal_moves())

    def legal_moves(self) -> Sequence[Move]:
        return self.state.legal_moves()

    def asked(self) -> tuple[int, ...]:
        """The seats asked now: an open window's seats yet to answer, or the seat to act."""
        if self.window is not None:
            return self.window.waiting()
        seat = self.state.to_act()
        return () if seat is None or seat == CHANCE else (seat,)

    def pending_for(self, seat: int) -> Pending | None:
        """`seat`'s decision now, if it is asked: in an open window, the choices it has if
        those before it pass (as the rules will take its answer)."""
        window = self.window
        if window is None:
            pending = self.pending()
            return pending if pending is not None and pending.seat == seat else None
        if seat not in window.waiting():
            return None
        state = window.position(seat)
        return Pending(seat, self._choices(state))

    @property
    def visible(self) -> int:
        """The events everyone may be told now: while a window is open, those before it."""
        return self._count if self.window is None else self.window.start

    def view_for(self, seat: int | None) -> View:
        """What `seat` may know now, with a window open as it opened: a seat yet to answer sees
        its own decision in it, everyone else the window as it opened."""
        window = self.window
        if window is None:
            return self.state.view(seat)
        if seat is not None and seat in window.waiting():
            return window.position(seat).view(seat)
        return window.state.view(seat)

    def view(self, seat: int | None) -> View:
        """What `seat` may know now (None: a spectator)."""
        return self.state.view(seat)

    @property
    def number(self) -> int:
        """The number of the last event (0 before any)."""
        return self._count

    # -- decisions -------------------------------------------------------------------

    def submit(self, seat: int, move: Move | str) -> list[Event]:
        """Play `seat`'s decision, given as a move or in notation, then every chance step up
        to the next decision; the new events. NotYourTurnError, NotationError or
        IllegalMoveError, naming the fault, leave the table as it was."""
        if not self.log:
            raise RulesError(_NO_LOG)
        state = self.state
        to_act = state.to_act()
        if to_act is None:
            raise IllegalMoveError("the game is over")
        if self.paused:
            raise NotYourTurnError("the round is over: the next deal comes when everyone has pressed Next round")
        window = self.window
        if window is not None and seat != to_act and seat in window.seats:
            return self._hold(window, seat, move)
        if seat != to_act:
            raise NotYourTurnError(f"it is P{to_act + 1}'s turn, not P{seat + 1}'s")
        if move not in state.legal_moves():
            move = _legal(state, move)  # notation, or the fault named
        first = self._count
        self._decide(seat, move)
        if self.auto_chance:
            self._play_chance()
        if self.window is not None:
            self._play_held()
        return self.events[first:]

    def _hold(self, window: Window, seat: int, move: Move | str) -> list[Event]:
        """An answer to the open window ahead of its turn: checked against the seat's position
        in it, then held until the seats before it have answered (played at once if it was
        the last awaited)."""
        if seat not in window.waiting():
            raise IllegalMoveError("you have answered this card window: it closes when everyone has")
        window.held[seat] = _legal(window.position(seat), move)
        return []

    def _play_held(self) -> None:
        """Play the held answers whose turn has come, in the window's order."""
        while self.window is not None:
            seat = self.state.to_act()
            move = self.window.held.pop(seat, None) if seat is not None else None
            if seat is None or move is None:
                break
            if move not in self.state.legal_moves():
                continue  # cannot happen while the window stands; asked again if it did
            self._decide(seat, move)
            if self.auto_chance:
                self._play_chance()

    def deal_on(self) -> list[Event]:
        """End the pause at a round's end: the next deal, and every chance step up to the next
        decision. The new events (none if the table was not paused)."""
        if not self.log:
            raise RulesError(_NO_LOG)
        if not self.paused:
            return []
        first = self._count
        self.paused = False
        if self.auto_chance:
            self._play_chance()
        self._play_held()
        return self.events[first:]

    def play_chance_step(self) -> Event:
        """Draw and play the chance step that is next (with `auto_chance` off)."""
        if not self.log:
            raise RulesError(_NO_LOG)
        if self.state.to_act() != CHANCE:
            raise IllegalMoveError("no chance step is next: a seat is to decide, or the game is over")
        return self._chance(sample(self.state.chance_outcomes(), self.rng))

    def chance_step(self) -> Event:
        """`play_chance_step` for a caller that has just seen chance is next (`Match.step`).
        A table with no windows or pauses (a simulation's, which makes this call at every
        chance step) plays it without minding them."""
        if self.windows or self.pauses:
            return self._chance(sample(self.state.chance_outcomes(), self.rng))
        state = self.state
        outcome = sample(state.chance_outcomes(), self.rng)
        text = state.outcome_notation(outcome)
        public, private, owners = self._outcome_words(state, outcome)
        state.apply_chance(outcome)
        return self._log(CHANCE, text, public, private, owners)

    def decide(self, seat: int, move: Move) -> Event:
        """`submit` for a caller that has just seen `seat` is to act, at a table with no
        chance of its own to play (`Match.step`): the move checked as `submit` checks it
        (IllegalMoveError, the table unchanged), played, its event. A table with no windows
        or pauses (a simulation's, which makes this call at every decision) plays it
        without minding them."""
        state = self.state
        if move not in state.legal_moves():
            move = _legal(state, move)  # notation, or the fault named
        if self.windows or self.pauses:
            return self._decide(seat, move)
        text = state.move_notation(move)
        told, unsigned = self._words(state, move)
        state.apply(move)
        return self._log(seat, text, told, told, EVERYONE, unsigned)

    def events_for(self, seat: int | None, since: int = 0, until: int | None = None) -> list[dict[str, Any]]:
        """What `seat` may know of the events numbered after `since`, up to `until` (None: a
        spectator)."""
        if not self.words:
            raise RulesError("this table keeps no words of its events (it was made without them, for bots alone)")
        if not self.log:
            raise RulesError(_NO_LOG)
        events = self.events
        if not 0 <= since <= len(events):
            raise RulesError(f"there are events 1 to {len(events)}; cannot start after {since}")
        # Event.for_seat, inlined: a server asks this for every seat after every step, mostly
        # for an event or two, and a loop costs less than a comprehension's own call then.
        told: list[dict[str, Any]] = []
        for number, who, text, public, private, owners, unsigned in events[since:until]:
            signed = None if who == CHANCE or unsigned else who
            if not owners or seat in owners:
                told.append({"n": number, "seat": signed, "notation": text, "text": private})
            else:
                told.append({"n": number, "seat": signed, "notation": None, "text": public})
        return told

    def record_for(self, seat: int | None) -> Record:
        """The whole record, seed included, once the game is over: before then it would
        tell the hidden tiles and the chance steps to come."""
        if not self.is_over():
            raise RulesError("the record is shown when the game is over: it holds the seed and every hidden draw")
        return self.record

    def why_no_undo(self, seat: int) -> str | None:
        """Why `seat` may not take back its last move now, or None if it may. Board Game
        Arena's policy: only your own last move, while no other seat has acted since and
        nothing hidden was revealed (a tile drawn, a die or a hub number rolled)."""
        steps = self.record.steps
        if not steps:
            return "nothing has been played yet"
        last = steps[-1]
        if last.seat == CHANCE:
            return "chance has spoken since your move (a draw or a roll): what it revealed stays"
        if last.seat != seat:
            return f"P{last.seat + 1} has moved since: only your own last move can be taken back"
        if self.window is not None and self.window.answered:
            return "the answers to a card window stand"
        if self.is_over():
            return "the game is over"
        return None

    def undo(self, seat: int) -> Event:
        """Take back `seat`'s last move (see `why_no_undo`; IllegalMoveError saying why it may
        not, the table unchanged): the event it made. The position before it is replayed from
        the record, and the generator stays where it is, since no chance step followed."""
        if (why := self.why_no_undo(seat)) is not None:
            raise IllegalMoveError(f"cannot undo: {why}")
        shorter = Record(self.record.game, self.record.options, list(self.record.seats), self.seed, self.record.start)
        shorter.steps = self.record.steps[:-1]
        before = Table.resume(shorter, auto_chance=False, windows=self.windows)
        if self.log:
            event = self.events.pop()
        else:  # the event as it was told: the whole record played again, its last step the move
            event = Table.resume(self.record, auto_chance=False, windows=self.windows).events[-1]
        self.state, self.window = before.state, before.window
        self.record.steps.pop()
        self.record.result = None
        self._count -= 1
        return event

    # -- inside ----------------------------------------------------------------------

    def _decide(self, seat: int, move: Move) -> Event:
        """Play a legal decision, and write it in the record and the events; its event."""
        state = self.state
        text = state.move_notation(move)
        told, unsigned = self._words(state, move)
        before = state.clone() if self.pauses else None
        state.apply(move)
        event = self._log(seat, text, told, told, EVERYONE, unsigned)
        if before is not None and not self._ended(before, lambda s: s.apply(move)):
            gained = state.scores()[seat] - before.scores()[seat] if state.num_players == len(state.scores()) else 0
            # A game that scores each play as it is made (Highrise) lists every play, a play
            # that scored 0 too (the story's `on_sheet`); in the others a decision scores nothing.
            if gained or self._on_sheet(move):
                self.plays.append([self._count, seat, gained])
        window = self.window
        if window is not None:
            # The window goes on while its seats pass in their order; anything else closes it.
            window.answered += 1
            if text != PASS or self._together() != window.seats[window.answered :] or not self._together():
                self.window = None
        if self.windows:
            self._open_window()
        return event

    def _words(self, state: State, move: Move) -> tuple[str, bool]:
        """What the log tells of `move`, about to be played in `state`, and whether without
        its seat (none of it at a table without words)."""
        if not self.words:
            return _UNTOLD
        if self._told is not None:
            return self._told(state, move)
        return self._describe(state, move), False

    def _outcome_words(self, state: State, outcome: Outcome) -> tuple[str, str, frozenset[int]]:
        """(what everyone is told, what the owners are told, the owners) of a chance outcome
        about to be played in `state` (nothing at a table without words)."""
        if self.words:
            return self.story.describe_outcome(state, outcome)
        return "", "", _NOBODY

    def _together(self) -> tuple[int, ...]:
        """The seats the decision now due is asked of at once, in order (a card window)."""
        together = getattr(self.state, "asked_together", None)
        return () if together is None else tuple(together())

    def _open_window(self) -> None:
        if self.windows and self.window is None:
            seats = self._together()
            if len(seats) > 1:
                self.window = Window(self._count, seats, self.state.clone())

    def _chance(self, outcome: Outcome) -> Event:
        """Play a chance outcome, and log it; its event."""
        state = self.state
        text = state.outcome_notation(outcome)
        public, private, owners = self._outcome_words(state, outcome)
        self.paused = False  # a chance step played (or replayed) after a round's end: the pause is over
        before = state.clone() if self.pauses else None
        state.apply_chance(outcome)
        self.window = None  # a window never waits on chance: it has closed
        event = self._log(CHANCE, text, public, private, owners)
        if before is not None:
            self._ended(before, lambda s: s.apply_chance(outcome))
        if self.windows:
            self._open_window()
        return event

    def _ended(self, before: State, step: Any) -> bool:
        """Whether `step`, just played on `before`, ended a round: if so, the round's end is
        kept (`round_end`) and, if another deal follows, the table pauses before it."""
        ended = self.story.round_end(before, self.state, step)  # type: ignore[attr-defined]
        if ended is None:
            return False
        self.round_end = {**ended, "plays": self.plays}
        sheet = ("round", "out", "plays", "last_play", "scored")
        self.rounds.append({key: self.round_end[key] for key in sheet if key in self.round_end})
        self.plays = []
        self.paused = self.state.to_act() == CHANCE
        return True

    def _play_chance(self) -> None:
        while self.state.to_act() == CHANCE and not self.paused:
            self._chance(sample(self.state.chance_outcomes(), self.rng))

    def _log(
        self, seat: int, text: str, public: str, private: str, owners: frozenset[int], unsigned: bool = False
    ) -> Event:
        """Write a step in the record and the events (and the result, if it ended the game);
        the event."""
        record = self.record
        record.steps.append(_new(Step, (seat, text)))
        number = self._count = self._count + 1
        # Step(...) and Event(...) through tuple.__new__: a NamedTuple's __new__ costs twice as much.
        event: Event = _new(Event, (number, seat, text, public, private, owners, unsigned))
        if self.log:
            self.events.append(event)
        if self.state.is_over():  # (`is_over` costs less than `to_act` in every game)
            record.result = self.state.scores()
        return event


def teller(story: Story) -> Callable[[State, Move], tuple[str, bool]]:
    """What the log says of a decision, and whether without its seat: the story's `told` where
    it has one (a pass in a card window is told once, when the window closes), else its
    description. Whatever reads a game's words (the balance figures) reads these."""
    told: Callable[[State, Move], tuple[str, bool]] | None = getattr(story, "told", None)
    if told is not None:
        return told
    describe = story.describe
    return lambda state, move: (describe(state, move), False)


def _off_sheet(move: Move) -> bool:
    """A game that scores only at a round's end lists no decision on its sheet."""
    return False


def _legal(state: State, move: Move | str) -> Move:
    """`move` (or its notation) if it is legal in `state`; else NotationError or IllegalMoveError
    naming the fault, `state` untouched."""
    if isinstance(move, str):
        move = state.parse_move(move)
    if move not in state.legal_moves():
        state.clone().apply(move)  # raises IllegalMoveError naming the rule it breaks
        raise IllegalMoveError(f"{move!r} is not a legal move here")
    return move
