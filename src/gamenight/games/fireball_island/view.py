"""What a seat may know, states sampled to match it (for search bots), and the sentences
that tell people what happened.

Everything on the table is public: the pieces, the jewel, the tokens, the face-up discard
pile, how many cards each seat holds, and the turn's steps. A seat sees its own cards and
never another's, nor the order or contents of the draw pile.

A view is a `FireballIslandView` (`"format": "fireball-island-view/1"`, every field told in
docs/views.md). Its `decision` names what is being decided, in fields and in words; its
`steps` hold the turn's tasks by their named fields, for `sample_state` to rebuild.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, NotRequired, Required, TypedDict, cast

from gamenight.engine.errors import NotationError
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import DECK, Card, parse_card
from gamenight.games.fireball_island.decision import decision_fields
from gamenight.games.fireball_island.state import FireballIslandState, sort_hand
from gamenight.games.fireball_island.tasks import (
    RECORDS,
    Task,
)

if TYPE_CHECKING:
    from gamenight.games.fireball_island.game import FireballIslandGame


FORMAT: Final = "fireball-island-view/1"


class Jewel(TypedDict):
    owner: int | None  # the seat holding it, or None
    at: str | None  # where the unowned jewel lies (VKP, a Rock Chip, a bridge), or None when owned


class Decision(TypedDict):
    """What is being decided now, named: `kind`, the seat deciding (None at a chance step),
    the fields of that kind (docs/views.md), and `words`, a sentence for people."""

    kind: str
    seat: int | None
    words: NotRequired[str]  # always in a view; glance (for rollouts) leaves it out
    window: NotRequired[str]
    roller: NotRequired[int]
    source: NotRequired[str]
    rollway: NotRequired[str]
    card: NotRequired[str]
    player: NotRequired[int]
    target: NotRequired[int | None]
    cancels: NotRequired[int]
    last: NotRequired[int]
    owner: NotRequired[int]
    thief: NotRequired[int]
    cave: NotRequired[int]
    exit: NotRequired[str | None]
    mover: NotRequired[int]
    steps: NotRequired[int]
    way: NotRequired[str]
    purpose: NotRequired[str]
    drawer: NotRequired[int]
    cards: NotRequired[int]
    taker: NotRequired[int]
    victim: NotRequired[int]


class Step(TypedDict, total=False):
    """One task of the turn's stack by its named fields (tasks.py; docs/notation.md's task list)."""

    step: Required[str]
    seats: int
    seat: int
    number: int
    kind: str
    asked: int
    card: str
    player: int
    target: int
    cancels: int
    last: int
    purpose: str
    mover: int
    steps: int
    decider: int
    spaces: str
    mode: str
    owner: int
    thief: int
    roller: int
    source: str
    taker: int
    victim: int


class FireballIslandView(TypedDict):
    """What a seat is told (docs/views.md, `fireball-island-view/1`)."""

    format: Literal["fireball-island-view/1"]
    game: Literal["fireball-island"]
    seat: int | None
    players: int
    turn: int
    turns: int
    to_act: int | None
    decision: Decision | None
    steps: list[Step]
    pieces: list[str]
    lying: list[bool]
    jewel: Jewel
    tokens: list[bool]
    collected: list[bool]
    hand: list[str] | None
    hand_sizes: list[int]
    discard: dict[str, int]
    pile: int
    doubled: bool
    extra: int
    first: list[int]
    roll: int
    was_doubled: bool
    rolling: str
    ahead: int
    declared: str
    reroll: bool
    pushes: list[list[int]]
    another: bool
    stopped: bool
    blocked: bool
    aim: str
    winner: int | None


def view(state: FireballIslandState, seat: int | None) -> FireballIslandView:
    return {
        "format": FORMAT,
        "game": "fireball-island",
        "seat": seat,
        "players": state.n,
        "turn": state.turn,
        "turns": state.turns,
        "to_act": state.to_act(),
        "decision": decision(state),
        "steps": [cast(Step, task._asdict()) for task in state.tasks],
        "pieces": state.pos.copy(),
        "lying": state.lying.copy(),
        "jewel": {"owner": state.owner if state.owner >= 0 else None, "at": state.jewel_at or None},
        "tokens": state.token.copy(),
        "collected": state.collected.copy(),
        "hand": [c.key for c in state.hands[seat]] if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        # Each card's key written once (a Card's key is formatted at every read).
        "discard": dict(sorted([(c.key, k) for c, k in state.discard.items()])),
        "pile": state.pile.total(),
        "doubled": state.doubled,
        "extra": state.extra,
        "first": state.first.copy(),
        "roll": state.roll,
        "was_doubled": state.was_doubled,
        "rolling": state.rolling,
        "ahead": state.ahead,
        "declared": state.declared,
        "reroll": state.reroll,
        "pushes": [list(p) for p in state.pushes],
        "another": state.another,
        "stopped": state.stopped,
        "blocked": state.blocked,
        "aim": state.aim,
        "winner": state.winner if state.winner >= 0 else None,
    }


# -- what is being decided ---------------------------------------------------------------------


def decision(state: FireballIslandState) -> Decision | None:
    """The step on top of the turn, named and told in words; None once the game is over."""
    fields = decision_fields(state)
    if fields is not None:
        fields["words"] = _words(state, fields)
    return fields


_WINDOW_WHEN: Final = {
    "pre": "before {turn}'s roll",
    "post": "after {turn}'s roll",
    "end": "at the end of {turn}'s turn",
    "stand": "{turn} stands up in a smolder pit (no roll, no move, no card)",
}
_SOURCES: Final = {"die": "for a 1 on the die", "card": "for a FIREBALL! card", "capture": "for capturing the jewel"}


def _words(state: FireballIslandState, d: Decision) -> str:
    kind = d["kind"]
    who = _p(d["seat"]) if d["seat"] is not None else ""
    if kind == "window":
        if d["window"] == "talisman":
            return f"{_p(d['roller'])}'s Fireball is aimed down {d['rollway']}: {who} may play MAGIC TALISMAN, or pass"
        when = _WINDOW_WHEN[d["window"]].format(turn=_p(state.turn))
        if d["window"] == "stand":
            return f"{when}: {who} may trade its Magic Charm token in, or pass"
        return f"{when}: {who} may play a card, or pass"
    if kind == "cancel":
        target = d.get("target")
        against = f" against {_p(target)}" if target is not None else ""
        card = f"{_p(d['player'])}'s {d['card']}{against}"
        # "cancel" in small letters: a card key in a view names a card someone may see (test_view.py)
        cancels = d["cancels"]
        if cancels:
            now = "is canceled" if cancels % 2 else "stands"
            last = _p(d["last"])
            return f"{last} played a cancel on {card} ({cancels} so far: it {now}): {who} may cancel that, or pass"
        return f"{card} was just played: {who} may cancel it, or pass"
    if kind == "steal":
        return f"{_p(d['thief'])} passes {_p(d['owner'])} to steal the jewel: {who} may play FAKE JEWEL, or pass"
    if kind == "declare":
        out = d.get("exit")
        leave = f", or leave by the trail from {out}" if out else " (cave 4, the dead end: no other way)"
        return f"{who} is in cave {d['cave']}: roll for a new cave{leave}"
    if kind == "aim":
        return f"{who} rolls a Fireball {_SOURCES[d['source']]}: choose a rollway with a target on it"
    if kind == "walk":
        mover, steps = _p(d["mover"]), d["steps"]
        if d["way"] == "back" and d["mover"] != d["seat"]:
            return f"{who} moves {mover} back {steps} spaces: choose where"
        how = "moves ahead" if d["way"] == "ahead" else "walks"
        return f"{mover} {how} {steps} spaces: choose a destination"
    if kind == "first":
        return f"{_p(d['roller'])} rolls the die for who goes first"
    if kind == "draw":
        return f"{_p(d['drawer'])} draws a card" + (f" ({d['cards']} to draw)" if d["cards"] > 1 else "")
    if kind == "roll":
        return f"{_p(d['roller'])} rolls the die " + ("for a new cave" if d["purpose"] == "cave" else "to move")
    if kind == "take":
        return f"{_p(d['taker'])} takes a card at random from {_p(d['victim'])}"
    if kind == "hits":
        return f"the Fireball rolls down {d['rollway']}"
    return kind


def sample_state(game: FireballIslandGame, view: Mapping[str, Any], rng: random.Random) -> FireballIslandState:
    """A full state with this view: the cards the seat cannot see dealt at random to the
    other hands (their sizes are public) and the rest left in the draw pile."""
    try:
        if view["format"] != FORMAT:
            raise NotationError(f"not a {FORMAT} view: its format is {view['format']!r}")
        state = FireballIslandState(game)
        for name in ("turn", "turns", "roll", "was_doubled", "rolling", "ahead", "declared", "reroll"):
            setattr(state, name, view[name])
        for name in ("doubled", "extra", "another", "stopped", "blocked", "aim"):
            setattr(state, name, view[name])
        state.pos = list(view["pieces"])
        state.lying = list(view["lying"])
        jewel = view["jewel"]
        state.owner = -1 if jewel["owner"] is None else jewel["owner"]
        state.jewel_at = jewel["at"] or ""
        state.token = list(view["tokens"])
        state.collected = list(view["collected"])
        state.first = list(view["first"])
        state.pushes = [(int(s), int(k)) for s, k in view["pushes"]]
        state.tasks = [_record(step) for step in view["steps"]]
        state.winner = -1 if view["winner"] is None else view["winner"]
        state.discard = Counter({parse_card(k): c for k, c in view["discard"].items()})
        seat = view["seat"]
        sizes = list(view["hand_sizes"])
        own = [parse_card(k) for k in view["hand"]] if seat is not None else []
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise NotationError(f"not a Fireball Island view: {exc}") from None
    unseen = list((Counter(DECK) - Counter(own) - state.discard).elements())
    unseen.sort(key=lambda c: c.key)
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    for s, size in enumerate(sizes):
        if s == seat:
            hands.append(own)
        else:
            hands.append(unseen[:size])
            del unseen[:size]
    for hand in hands:
        sort_hand(hand)
    state.hands = hands
    state.pile = Counter(unseen)
    return state


def _record(step: dict[str, Any]) -> Task:
    """A task record from its named fields, as a view lists it."""
    record: Any = RECORDS[step["step"]]
    return cast(Task, record(**step))


# -- sentences for people ----------------------------------------------------------------


_NUMBERED: Final = re.compile(r"([A-Z_]+?)(\d+)")


def _number_of(space: str) -> tuple[str, int] | None:
    m = _NUMBERED.fullmatch(space)
    return (m[1], int(m[2])) if m else None


def runs(spaces: Sequence[str]) -> str:
    """Spaces in order, each run along one trail written first…last: "FC8…FC1 FJ HR1…HR6" (a
    rollway's spaces so, every junction it passes is named)."""
    out: list[list[str]] = []
    for space in spaces:
        here = _number_of(space)
        run = out[-1] if out else []
        prev = _number_of(run[-1]) if run else None
        if here and prev and here[0] == prev[0] and abs(here[1] - prev[1]) == 1:
            before = _number_of(run[-2]) if len(run) > 1 else None
            if before is None or here[1] - prev[1] == prev[1] - before[1]:
                run.append(space)
                continue
        out.append([space])
    return " ".join(run[0] if len(run) == 1 else f"{run[0]}…{run[-1]}" for run in out)


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _place(space: str) -> str:
    return BOARD.spaces[space].name if space in BOARD.spaces else space


def card_title(key: str) -> str:
    return parse_card(key).title
