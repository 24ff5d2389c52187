"""What a game's events say about it: round lengths, how rounds end, and each game's own figures.

Every figure here is read from the words the game's story gives each step (the `public`
text of the Table's numbered events, what every seat may know), the same words a person
reads in the log; nothing is counted inside the rules. A game is read once as it is played
(`Match.run(on_event)`), or again later from its record (`read_record`, which replays the
record with the game's story): both give the same figures.

A *round* is Wildfire's round or Wildstar's or Highrise's hand: it begins with the deal's
first event and ends with the last event before the next deal (or the game's end). The
score sheet's totals are read at each boundary (`State.scores()`, the protocol's score
sheet, which a deal does not change), so each round's points are the difference. Fireball
Island has no rounds: the whole game is one.

A *turn* is a run of decisions by one seat with no other seat's decision between them (a
draw and its pass are one turn). Fireball Island, where every seat may play a card in
another's turn, counts its turns by the die: each roll for a move or a cave, or a MOVE
AHEAD card played instead, begins a turn (a REROLL's second roll does not); a turn spent
standing up in a smolder pit has no roll and is not counted.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.engine.chance import seat_rngs
from gamenight.engine.errors import RecordError, RulesError
from gamenight.engine.protocol import CHANCE, State
from gamenight.engine.record import Record, initial_state, record_game, verified_step
from gamenight.engine.table import teller

ScoresNow = Callable[[], Sequence[int]]


@dataclass(frozen=True)
class Round:
    """One round or hand, as its events tell it."""

    decisions: int
    turns: int
    end: str
    """"out", "blocked: obligation", "blocked: open ends", "blocked", "won", "undecided"."""
    points: tuple[int, ...]
    """Each seat's change of total over the round."""
    figures: dict[str, float] = field(default_factory=dict)
    """Per-round figures of the game (e.g. Highrise's highest level)."""


@dataclass
class Reading:
    """What a reader gives at the end of a game."""

    rounds: list[Round]
    figures: dict[str, float]
    turns: int


# -- per game: the end reasons and figures it reports, in the order reports show them ------------

END_REASONS: dict[str, tuple[str, ...]] = {
    "wildfire": ("out", "blocked: obligation", "blocked: open ends"),
    "wildstar": ("out", "blocked"),
    "highrise": ("out", "blocked"),
    "fireball-island": ("won", "undecided"),
}

FIGURES: dict[str, dict[str, str]] = {
    # name -> what it is, in words (a count per game unless it says otherwise)
    "wildfire": {
        "obligations_opened": "obligations opened",
        "opened_wild_one": "Wild One obligations opened",
        "opened_double_wild_one": "Double Wild One obligations opened",
        "opened_double_wildfire": "Double Wildfire obligations opened",
        "opened_triple_wildfire": "Triple Wildfire obligations opened",
        "obligations_closed": "obligations closed by plays",
        "obligations_burned_out": "obligations burned out (house rule)",
        "obligations_open_at_block": "obligations still open when a round blocked",
        "hub_numbers": "hub numbers lit or named",
        "hub_wild_one": "hub numbers that were 1 (only a Wild One matches)",
        "knocks": "knocks",
        "penalties": "penalty tiles for not knocking",
        "draws": "tiles drawn in play",
        "passes": "passes",
    },
    "wildstar": {
        "stars_played": "stars played",
        "single_stars": "single stars played",
        "double_stars": "double stars played",
        "draws": "tiles drawn in play",
        "passes": "passes",
        "team_a_hands_out": "hands a player of team A (P1, P3, ...) went out",
        "team_b_hands_out": "hands a player of team B (P2, P4, ...) went out",
    },
    "highrise": {
        "plays": "dominoes played",
        "spacers": "clear spacers laid",
        "draw_turns": "turns that began with a draw or pass",
        "late_turns": "turns with 8 or more dominoes up",
        "late_draw_turns": "turns with 8 or more dominoes up that began with a draw or pass",
        "max_level": "highest level reached in a hand (a game's mean)",
        "points_per_play": "points a play scores (a game's mean)",
    },
    "fireball-island": {
        "fireballs": "Fireballs rolled",
        "fireballs_die": "Fireballs from a rolled 1",
        "fireballs_card": "FIREBALL! cards played",
        "targets": "pieces a Fireball rolled at",
        "hits": "pieces hit",
        "talismans": "MAGIC TALISMAN cards played",
        "jewel_changes": "jewel changes of hand",
        "captures": "jewel captured at Vul-Kar Point",
        "pickups": "jewel picked up where it lay",
        "steals": "jewel stolen",
        "steals_foiled": "steals foiled by FAKE JEWEL!",
        "drops": "jewel left behind by a hit holder",
        "caves": "caves entered",
        "cards_played": "cards played",
        "turns_with_jewel": "turns its holder began with the jewel",
        "card_fireball": "card played: FIREBALL!",
        "card_fake_jewel": "card played: FAKE JEWEL!",
        "card_cancel": "card played: CANCEL",
        "card_magic_talisman": "card played: MAGIC TALISMAN",
        "card_reroll": "card played: REROLL",
        "card_take_another_turn": "card played: TAKE ANOTHER TURN",
        "card_take_1_card": "card played: TAKE 1 CARD",
        "card_double_next_roll": "card played: DOUBLE THE NEXT DIE ROLL",
        "card_move_ahead": "card played: MOVE AHEAD",
        "card_move_back": "card played: MOVE ANY OPPONENT BACK",
    },
}

RATES: dict[str, dict[str, tuple[str, str]]] = {
    # name -> (numerator, denominator): a share pooled over all games, with a Wilson interval
    "wildfire": {
        "share of obligations closed": ("obligations_closed", "obligations_opened"),
        "share of obligations burned out": ("obligations_burned_out", "obligations_opened"),
    },
    "wildstar": {},
    "highrise": {
        "draw rate per turn": ("draw_turns", "turns"),
        "draw rate per turn, 8+ dominoes up": ("late_draw_turns", "late_turns"),
    },
    "fireball-island": {
        "hit rate per target": ("hits", "targets"),
        "share of turns begun holding the jewel": ("turns_with_jewel", "turns"),
    },
}

AVERAGES = frozenset({"max_level", "points_per_play"})
"""Figures that are a game's mean, not a count."""

ROUND_FIGURES: dict[str, dict[str, str]] = {
    "highrise": {"level": "highest level reached in the hand"},
}


def reasons(game: str) -> tuple[str, ...]:
    return END_REASONS.get(game, ("out", "blocked"))


# -- the readers ------------------------------------------------------------------------------


class Reader:
    """Reads one game's events in order: `step` for each, `finish` at the end."""

    game = ""
    deal_marks: tuple[str, ...] = ()

    def __init__(self, players: int) -> None:
        self.players = players
        self.rounds: list[Round] = []
        self.totals = [0] * players
        self.figures: dict[str, float] = dict.fromkeys(FIGURES.get(self.game, {}), 0.0)
        self.turns = 0
        self._start_round()

    def _start_round(self) -> None:
        self.round_decisions = 0
        self.round_turns = 0
        self.last_seat: int | None = None
        self.last_play = ""
        self.round_figures: dict[str, float] = {}

    def step(self, seat: int, public: str, scores: ScoresNow) -> None:
        if seat == CHANCE:
            if self.round_decisions and any(mark in public for mark in self.deal_marks):
                self._close_round(scores())
                self._start_round()
            self.chance(public)
            return
        self.round_decisions += 1
        if seat != self.last_seat:
            self.round_turns += 1
            self.turns += 1
            self.last_seat = seat
            self.turn_begins(seat, public)
        self.decision(seat, public)

    def _close_round(self, totals: Sequence[int]) -> None:
        points = tuple(t - before for t, before in zip(totals, self.totals, strict=True))
        self.totals = list(totals)
        self.rounds.append(
            Round(self.round_decisions, self.round_turns, self.round_end(), points, dict(self.round_figures))
        )

    def finish(self, scores: Sequence[int], returns: Sequence[float]) -> Reading:
        self.returns = list(returns)
        if self.round_decisions or not self.rounds:
            self._close_round(scores)
        return Reading(self.rounds, self.figures, self.turns)

    # hooks
    def chance(self, public: str) -> None:
        pass

    def turn_begins(self, seat: int, public: str) -> None:
        pass

    def decision(self, seat: int, public: str) -> None:
        if public.startswith("plays ") or public.startswith("lays "):
            self.last_play = public

    def round_end(self) -> str:
        return "out" if "goes out" in self.last_play else "blocked"

    def add(self, name: str, amount: float = 1.0) -> None:
        self.figures[name] += amount


_OPENS = (
    (": wild half out", "opened_wild_one"),
    (": the Double Wild One, whose", "opened_double_wild_one"),
    (": a Double Wildfire, whose", "opened_double_wildfire"),
    (": a Triple Wildfire, whose", "opened_triple_wildfire"),
)
_HUB = re.compile(r"^(?:the hub lights up|names) (\d+)")


class WildfireReader(Reader):
    """Wildfire (docs/rules/wildfire.md): an obligation opens with a play that says what it binds
    the next plays to, each play on it says '... more to close it' or 'closing it'; under the
    house rule a play elsewhere while one is open means it burned out."""

    game = "wildfire"
    deal_marks = ("is dealt a tile",)

    def _start_round(self) -> None:
        super()._start_round()
        self.open = False

    def chance(self, public: str) -> None:
        if public.startswith("the hub lights up"):
            self._hub(public)
        elif "draws a penalty tile" in public:
            self.add("penalties")

    def _hub(self, public: str) -> None:
        found = _HUB.match(public)
        if found:
            self.add("hub_numbers")
            if found.group(1) == "1":
                self.add("hub_wild_one")

    def decision(self, seat: int, public: str) -> None:
        super().decision(seat, public)
        if public.startswith("names "):
            self._hub(public)
            return
        if public == "cannot play and draws":
            self.add("draws")
            return
        if public == "passes":
            self.add("passes")
            return
        if not public.startswith("plays "):
            return
        if "and knocks" in public:
            self.add("knocks")
        if self.open:
            if " on the open " in public:
                if ", closing it" in public:
                    self.add("obligations_closed")
                    self.open = False
            else:
                self.add("obligations_burned_out")
                self.open = False
        for words, name in _OPENS:
            if words in public:
                self.add("obligations_opened")
                self.add(name)
                self.open = True

    def round_end(self) -> str:
        if "goes out" in self.last_play:
            return "out"
        if self.open:
            self.add("obligations_open_at_block")
            return "blocked: obligation"
        return "blocked: open ends"


class WildstarReader(Reader):
    game = "wildstar"
    deal_marks = ("is dealt a tile",)

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.out_seat: int | None = None

    def decision(self, seat: int, public: str) -> None:
        super().decision(seat, public)
        if public == "cannot play and draws":
            self.add("draws")
        elif public.endswith("passes"):
            self.add("passes")
        elif public.startswith("plays a single star"):
            self.add("stars_played")
            self.add("single_stars")
        elif public.startswith("plays the double star"):
            self.add("stars_played")
            self.add("double_stars")
        if public.startswith("plays ") and public.endswith("goes out"):
            self.add("team_a_hands_out" if seat % 2 == 0 else "team_b_hands_out")


_LEVEL = re.compile(r" at level (\d+) for (\d+) points?")  # "1 point", "2 points"
BASEMENT = 8
"""Highrise's basement holds eight dominoes (R-HR SET-UP): 'dominoes up' counts the plays above it."""


class HighriseReader(Reader):
    game = "highrise"
    deal_marks = ("is laid in the basement",)

    def _start_round(self) -> None:
        super()._start_round()
        self.up = 0
        self.round_figures = {"level": 1.0}
        self.levels: list[float] = []

    def turn_begins(self, seat: int, public: str) -> None:
        stuck = public in ("cannot play and draws", "cannot play and passes")
        if stuck:
            self.add("draw_turns")
        if self.up >= BASEMENT:
            self.add("late_turns")
            if stuck:
                self.add("late_draw_turns")

    def decision(self, seat: int, public: str) -> None:
        super().decision(seat, public)
        found = _LEVEL.search(public)
        if found is None:
            return
        self.up += 1
        self.add("plays")
        self.add("points_per_play", float(found.group(2)))  # a sum until `finish` divides it
        level = float(found.group(1))
        self.round_figures["level"] = max(self.round_figures["level"], level)
        if public.startswith("lays a clear spacer"):
            self.add("spacers")

    def finish(self, scores: Sequence[int], returns: Sequence[float]) -> Reading:
        reading = super().finish(scores, returns)
        plays = self.figures["plays"]
        self.figures["points_per_play"] = self.figures["points_per_play"] / plays if plays else 0.0
        levels = [r.figures["level"] for r in reading.rounds]
        self.figures["max_level"] = sum(levels) / len(levels) if levels else 0.0
        return reading


_ROLL = re.compile(r"^P(\d) rolls (?:\d+$|\d+, doubled|a 1: a Fireball|\d+ for a cave)")
_STEAL = re.compile(r"passes P(\d) to steal the jewel")
_HIT = re.compile(r"hits P(\d)")
_TARGET = re.compile(r"P\d on ")
_SEATS = re.compile(r"\bP(\d)\b")
_CARDS = (
    ("FIREBALL", "card_fireball"),
    ("FAKE JEWEL", "card_fake_jewel"),
    ("CANCEL", "card_cancel"),
    ("MAGIC TALISMAN", "card_magic_talisman"),
    ("REROLL", "card_reroll"),
    ("TAKE ANOTHER TURN", "card_take_another_turn"),
    ("TAKE 1 CARD", "card_take_1_card"),
    ("DOUBLE", "card_double_next_roll"),
    ("MOVE AHEAD", "card_move_ahead"),
    ("MOVE ANY OPPONENT BACK", "card_move_back"),
)


class FireballIslandReader(Reader):
    """Fireball Island (docs/rules/fireball-island.md): the jewel's holder follows the walks'
    words (captures, picks up, passes its owner to steal it) and the Fireballs' (a holder hit
    leaves it behind); a steal stands unless the owner answers with FAKE JEWEL! (which a
    CANCEL may cancel in turn)."""

    game = "fireball-island"

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.holder: int | None = None
        self.steal: tuple[int, int] | None = None  # (thief, owner) while the owner may answer
        self.foiled = False
        self.reroll = False
        self.moving_turns = 0
        self.aim: list[int] | None = None  # a deterministic Fireball's targets, until it lands
        self.stopped = False

    def step(self, seat: int, public: str, scores: ScoresNow) -> None:
        if seat == CHANCE:
            self.chance(public)
        else:
            self.round_decisions += 1
            self.decision(seat, public)

    def _turn(self, seat: int) -> None:
        self._settle()
        if self.reroll:  # the second roll of a REROLL is the same turn
            self.reroll = False
            return
        self.moving_turns += 1
        self.round_turns += 1
        if self.holder == seat:
            self.add("turns_with_jewel")

    def _settle(self) -> None:
        """The answers are in: a steal stands or is foiled, a deterministic Fireball lands or was stopped."""
        self._settle_steal()
        if self.aim is not None:
            if not self.stopped:
                self._hits(self.aim, len(self.aim))
            self.aim = None
            self.stopped = False

    def _hits(self, hits: list[int], targets: int) -> None:
        self.add("hits", len(hits))
        self.add("targets", targets)
        if self.holder is not None and self.holder in hits:
            self.add("drops")
            self.holder = None

    def _settle_steal(self) -> None:
        if self.steal is not None:
            thief = self.steal[0]
            if self.foiled:
                self.add("steals_foiled")
            else:
                self.add("steals")
                self.add("jewel_changes")
                self.holder = thief
            self.steal = None
            self.foiled = False

    def chance(self, public: str) -> None:
        found = _ROLL.match(public)
        if found:
            self._turn(int(found.group(1)) - 1)
            if "a Fireball" in public:
                self.add("fireballs_die")
            return
        if public.startswith("the Fireball rolls down"):
            self._settle_steal()
            self.aim = None  # a chance Fireball: its hits and misses are told
            self._hits([int(s) - 1 for s in _HIT.findall(public)], len(_TARGET.findall(public)))

    def decision(self, seat: int, public: str) -> None:
        if public.startswith("moves ahead "):
            self._turn(seat)
            return
        if public.startswith("plays ") and public != "plays no card":
            self.add("cards_played")
            title = public[len("plays ") :]
            for prefix, name in _CARDS:
                if title.startswith(prefix):
                    self.add(name)
                    break
            if title.startswith("FIREBALL"):
                self.add("fireballs_card")
            elif title.startswith("MAGIC TALISMAN"):
                self.add("talismans")
                self.stopped = True
            elif title.startswith("REROLL"):
                self.reroll = True
            elif title.startswith("FAKE JEWEL") and self.steal is not None:
                self.foiled = True
            elif title.startswith("CANCEL") and self.steal is not None:
                self.foiled = not self.foiled
            elif title.startswith("CANCEL") and self.aim is not None:
                self.stopped = not self.stopped
            return
        if public == "lets the jewel go":
            self._settle_steal()
            return
        if public.startswith("rolls Fireball") or public.startswith("rolls Vul-Kar"):
            self._settle()
            self.add("fireballs")
            if "% to hit" not in public:  # deterministic: every piece it rolls at is hit, unless stopped
                self.aim = [int(s) - 1 for s in _SEATS.findall(public.split(" at ", 1)[-1])]
                self.stopped = False
            return
        if not (public.startswith("walks to ") or public.startswith("moves P")):
            return
        self._settle()
        self.last_play = public
        if "enters cave" in public:
            self.add("caves")
        if "captures the jewel" in public or "picks up the jewel" in public:
            self.add("captures" if "captures" in public else "pickups")
            if self.holder != seat:
                self.add("jewel_changes")
            self.holder = seat
        found = _STEAL.search(public)
        if found:
            self.steal = (seat, int(found.group(1)) - 1)
            self.foiled = False

    def finish(self, scores: Sequence[int], returns: Sequence[float]) -> Reading:
        self._settle()
        self.returns = list(returns)
        self._close_round(scores)
        return Reading(self.rounds, self.figures, self.moving_turns)

    def round_end(self) -> str:
        return "won" if any(r > 0 for r in getattr(self, "returns", ())) else "undecided"


READERS: dict[str, type[Reader]] = {
    "wildfire": WildfireReader,
    "wildstar": WildstarReader,
    "highrise": HighriseReader,
    "fireball-island": FireballIslandReader,
}


def make_reader(game: str, players: int) -> Reader:
    """The reader of `game`'s events; a game without one gets the plain reader (out or blocked)."""
    return READERS.get(game, Reader)(players)


# -- reading a record again --------------------------------------------------------------------


@dataclass(frozen=True)
class Told:
    seat: int
    public: str
    state: State
    """The state after the step."""


def told_steps(record: Record) -> Iterator[Told]:
    """A record's steps as the table told them: each verified and described by the game's story
    (the public words), with the state after it. RecordError at the first step that does not verify."""
    game = record_game(record)
    story = game.story()
    tell = teller(story)
    state = initial_state(record, game)
    rng = random.Random(record.seed)
    seat_rngs(rng, len(record.seats))  # split off first, as the Table does
    for i, step in enumerate(record.steps):
        value = verified_step(state, rng, i, step, record.seed)
        try:
            if step.seat == CHANCE:
                public = story.describe_outcome(state, value)[0]
                state.apply_chance(value)
            else:
                public = tell(state, value)[0]  # the words the table logged
                state.apply(value)
        except RulesError as exc:
            raise RecordError(f"step {i + 1} ({step.text!r}): {exc}") from None
        yield Told(step.seat, public, state)


def read_record(record: Record) -> Reading:
    """The figures of a recorded game, read from its replayed events."""
    reader = make_reader(record.game, len(record.seats))
    state: Any = None
    for told in told_steps(record):
        state = told.state
        reader.step(told.seat, told.public, state.scores)
    if state is None:
        raise RecordError("the record has no steps")
    return reader.finish(state.scores(), state.returns())
