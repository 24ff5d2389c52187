"""Position notation: the whole state as one line of text that parses back exactly.

    turn=2 turns=14 roll=4 rolling=move | pieces TA3 WT12 PIT_B! CAVE3 | jewel VKP | tokens 1 0 2 1
    | hands FIREBALL CANCEL / - / REROLL / MOVE_BACK_2 | discard FIREBALL TAKE_1_CARD | pile *
    | tasks end window:end:0 pushes rolled:move window:post:2

The header holds the turn (seats numbered from 1) and what this turn has seen so far,
each field written only when it is not at its start value. `pieces` gives each seat's
space, `!` marking a piece lying in its smolder pit; `jewel` is VKP (not captured yet), an
owner (P2) or the space where it lies (a Rock Chip or a bridge); `tokens` is 0 (not
collected), 1 (held) or 2 (traded in) per seat; `hands` the cards by key, seats split by
'/'; `discard` the face-up pile; `pile` the draw pile, always written '*': every card not
named elsewhere (a list of cards is read too, and checked); `tasks` the turn's stack of
steps, bottom first (tasks.py explains them).

A position read is checked to be one the game could reach: every card once, the tasks a
stack the game builds with values that fit the pieces and the header, and the stack at
rest (the task on top waits for a decision or a chance outcome).
docs/notation.md has the full grammar and the checks.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NoReturn, cast

from gamenight.engine.errors import IllegalMoveError, NotationError
from gamenight.engine.notation import (
    check_no_fields_left,
    check_numbers,
    hands_notation,
    is_number,
    items_notation,
    parse_hands,
    parse_items,
    seat_parser,
    split_position,
)
from gamenight.engine.protocol import CHANCE
from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import DECK, HAND_LIMIT, Card, CardType, parse_card
from gamenight.games.fireball_island.state import FireballIslandState, sort_hand
from gamenight.games.fireball_island.tasks import (
    FIREBALL_SOURCES,
    RECORDS,
    ROLL_PURPOSES,
    WALK_MODES,
    WINDOW_KINDS,
    Chain,
    Draw,
    First,
    Hits,
    Path,
    Pushes,
    Snatch,
    Task,
    Walk,
    Window,
)

if TYPE_CHECKING:
    from gamenight.games.fireball_island.game import FireballIslandGame

SECTIONS: Final = ("pieces", "jewel", "tokens", "hands", "discard", "pile", "tasks")

# Each task's arguments, by type: how they are written and read back.
TASK_ARGS: Final[dict[str, tuple[str, ...]]] = {
    "first": ("seats",),
    "draw": ("seat", "count"),
    "begin": (),
    "declare": (),
    "window": ("kind", "count"),
    "chain": ("card", "seat", "target", "count", "seat", "count"),
    "act": (),
    "roll": ("purpose",),
    "rolled": ("purpose",),
    "path": ("seat", "count", "seat"),
    "walk": ("seat", "walk", "mode"),
    "steal": ("seat", "seat"),
    "snatch": ("seat", "seat"),
    "fireball": ("seat", "source"),
    "hits": ("seat", "source"),
    "take": ("seat", "seat"),
    "pushes": (),
    "end": (),
}
_CHOICES: Final = {
    "kind": WINDOW_KINDS,
    "purpose": ROLL_PURPOSES,
    "mode": WALK_MODES,
    "source": FIREBALL_SOURCES,
}
_FLAGS: Final = ("doubled", "was_doubled", "reroll", "another", "stopped", "blocked")
_PUSH: Final = re.compile(r"^([0-9]+):([0-9]+)$")


def _write_arg(kind: str, value: Any) -> str:
    if kind == "seat":
        return str(value + 1)
    if kind == "target":
        return "-" if value < 0 else str(value + 1)
    if kind == "seats":
        return "+".join(str(s + 1) for s in rules.seats_in(value))
    return str(value)


def task_notation(task: Task) -> str:
    args = TASK_ARGS[task[0]]
    return ":".join([task[0], *(_write_arg(kind, value) for kind, value in zip(args, task[1:], strict=True))])


def position_notation(state: FireballIslandState) -> str:
    header = [f"turn={state.turn + 1}"]
    for name in ("turns", "extra", "roll", "ahead"):
        if getattr(state, name):
            header.append(f"{name}={getattr(state, name)}")
    for name in ("rolling", "declared", "aim"):
        if getattr(state, name):
            header.append(f"{name}={getattr(state, name)}")
    header += [f"{name}=1" for name in _FLAGS if getattr(state, name)]
    if any(state.first):
        header.append("first=" + ",".join(map(str, state.first)))
    if state.pushes:
        header.append("pushes=" + ",".join(f"{s + 1}:{n}" for s, n in state.pushes))
    if state.winner >= 0:
        header.append(f"winner={state.winner + 1}")
    pieces = " ".join(space + ("!" if lying else "") for space, lying in zip(state.pos, state.lying, strict=True))
    jewel = f"P{state.owner + 1}" if state.owner >= 0 else state.jewel_at
    tokens = " ".join(str(_token_code(state, s)) for s in range(state.n))
    hands = hands_notation(state.hands, _key)
    discard = items_notation(sorted(state.discard.elements(), key=_key), _key)
    tasks = " ".join(task_notation(t) for t in state.tasks) or "-"
    return (
        f"{' '.join(header)} | pieces {pieces} | jewel {jewel} | tokens {tokens} | hands {hands}"
        f" | discard {discard} | pile * | tasks {tasks}"
    )


def _key(card: Card) -> str:
    return card.key


def _token_code(state: FireballIslandState, seat: int) -> int:
    return 1 if state.token[seat] else 2 if state.collected[seat] else 0


def parse_position(game: FireballIslandGame, text: str) -> FireballIslandState:
    """The state the notation describes; NotationError naming the first thing wrong."""
    header, sections = split_position(text, SECTIONS)
    state = FireballIslandState(game)
    n = state.n
    seat = seat_parser(n)
    state.turn = seat("turn", header.pop("turn", "1"))
    for name in ("turns", "extra", "roll", "ahead"):
        setattr(state, name, _count(name, header.pop(name, "0")))
    for name, choices in (("rolling", ("move", "cave")), ("declared", ("cave", "exit"))):
        value = header.pop(name, "")
        if value and value not in choices:
            raise NotationError(f"{name}={value!r}: write one of {', '.join(choices)}")
        setattr(state, name, value)
    aim = header.pop("aim", "")
    if aim and aim not in BOARD.all_rollways:
        raise NotationError(f"aim={aim!r} is not a rollway: one of {', '.join(BOARD.all_rollways)}")
    state.aim = aim
    for name in _FLAGS:
        value = header.pop(name, "0")
        if value not in ("0", "1"):
            raise NotationError(f"{name}={value!r}: a flag is 1 (on) or 0 (off)")
        setattr(state, name, value == "1")
    state.first = _row(header.pop("first", ""), n, "first", lambda t: _die("first", t), 0)
    state.pushes = [_push(cell, seat) for cell in filter(None, header.pop("pushes", "").split(","))]
    state.winner = seat("winner", header.pop("winner")) if "winner" in header else -1
    check_no_fields_left(header)

    state.pos, state.lying = _pieces(sections.get("pieces", ""), n)
    state.owner, state.jewel_at = _jewel(sections.get("jewel", "VKP"), seat)
    codes = _row(sections.get("tokens", ""), n, "tokens", _token, 0, sep=" ")
    state.token = [c == 1 for c in codes]
    state.collected = [c > 0 for c in codes]
    state.hands = parse_hands(sections, n, parse_card)
    for s, hand in enumerate(state.hands):
        if len(hand) > HAND_LIMIT:
            raise NotationError(f"seat {s + 1} holds {len(hand)} cards; the limit is {HAND_LIMIT}")
        sort_hand(hand)
    state.discard = Counter(parse_items(sections.get("discard", "-"), parse_card))
    named = Counter(c for h in state.hands for c in h) + state.discard
    pile_text = sections.get("pile", "*").strip()
    state.pile = Counter(DECK) - named if pile_text == "*" else Counter(parse_items(pile_text, parse_card))
    _check_every_card_once(named + state.pile)
    state.tasks = [_task(token, seat) for token in sections.get("tasks", "-").split() if token != "-"]
    _check_crowding(state)
    _check_tasks(state)
    _check_turn_count(state)
    _check_consistent(state)
    return state


def _count(name: str, text: str) -> int:
    if not is_number(text):
        raise NotationError(f"{name}={text!r}: write a whole number")
    return int(text)


def _die(name: str, text: str) -> int:
    if not is_number(text) or int(text) > 6:
        raise NotationError(f"{name}: {text!r} is not a roll of the die (0 for not rolled, 1 to 6)")
    return int(text)


def _token(text: str) -> int:
    if text not in ("0", "1", "2"):
        raise NotationError(f"tokens: {text!r}: write 0 (not collected), 1 (held) or 2 (traded in) per seat")
    return int(text)


def _row(text: str, n: int, name: str, parse: Callable[[str], int], default: int, sep: str = ",") -> list[int]:
    if not text:
        return [default] * n
    cells = text.split(sep) if sep != " " else text.split()
    if len(cells) != n:
        raise NotationError(f"{name} needs {n} values, one per seat, not {len(cells)}")
    return [parse(c) for c in cells]


def _push(cell: str, seat: Callable[[str, str], int]) -> tuple[int, int]:
    m = _PUSH.match(cell)
    if not m or not 1 <= int(m.group(2)) <= 3:
        raise NotationError(f"pushes: {cell!r}: write SEAT:SPACES for a MOVE BACK waiting, like 3:2")
    return seat("pushes", m.group(1)), int(m.group(2))


def _pieces(text: str, n: int) -> tuple[list[str], list[bool]]:
    tokens = text.split()
    if len(tokens) != n:
        raise NotationError(f"pieces needs {n} spaces, one per seat, not {len(tokens)}")
    pos, lying = [], []
    for token in tokens:
        down = token.endswith("!")
        space = BOARD.space(token.rstrip("!")).id
        if down and (not BOARD.spaces[space].is_pit or BOARD.spaces[space].is_water):
            raise NotationError(f"pieces: {token!r}: only a piece in a smolder pit lies down ('!')")
        pos.append(space)
        lying.append(down)
    return pos, lying


def _check_turn_count(state: FireballIslandState) -> None:
    """turns= counts the turns begun: at most turn_limit (FI-16), and none before the first."""
    limit = state.game.options.turn_limit
    if state.turns > limit:
        raise NotationError(f"turns={state.turns}: the game stops after {limit} turns (turn_limit, FI-16)")
    if state.turns:
        return
    # R-FI GAME SETUP 5-9: before the first turn the pieces stand on the Start, the jewel lies by
    # Vul-Kar, the tokens are in the Ruin, and each seat is dealt one card, seat 1 first.
    if any(space != rules.START for space in state.pos) or any(state.lying):
        raise NotationError(f"turns=0: before the first turn every piece stands on the Start ({rules.START})")
    if state.owner >= 0 or state.jewel_at != rules.VUL_KAR:
        raise NotationError(f"turns=0: before the first turn the jewel lies by Vul-Kar ({rules.VUL_KAR})")
    if any(state.collected):
        raise NotationError("turns=0: before the first turn the tokens are in the Ruin (tokens 0 ...)")
    if state.discard:
        raise NotationError("turns=0: before the first turn no card has been discarded")
    _check_deal(state)
    to_deal = {task.seat for task in state.tasks if isinstance(task, Draw)}
    for seat, hand in enumerate(state.hands):
        dealt = 0 if seat in to_deal else 1
        if len(hand) != dealt:
            raise NotationError(
                f"turns=0: the deal gives each seat one card, so seat {seat + 1} holds {dealt}, not {len(hand)}"
            )


def _check_deal(state: FireballIslandState) -> None:
    """The deal (R-FI GAME SETUP 9) deals one card to each seat, seat 1 first: the draws still
    waiting are the last seats', one card each; and everybody rolls for who goes first after it."""
    n, waiting = state.n, [task for task in state.tasks if isinstance(task, Draw)]
    if waiting != [Draw("draw", seat, 1) for seat in reversed(range(n - len(waiting), n))]:
        deal = " ".join(task_notation(Draw("draw", seat, 1)) for seat in reversed(range(n)))
        raise NotationError(
            f"turns=0: the deal gives one card to each seat, seat 1 first, so the draws still waiting end "
            f"the stack {deal}"
        )
    if waiting and (any(state.first) or state.tasks[0] != First("first", (1 << n) - 1)):
        raise NotationError("turns=0: every seat rolls for who goes first once the deal is over, not before")


def _check_crowding(state: FireballIslandState) -> None:
    """One piece a space, but on the start, the Dock, the pits and the water (decision FI-10);
    and the one moment two share a space: a walk passing the jewel's owner stops on its space
    while the steal is resolved (the stack then holds snatch:OWNER:MOVER)."""
    passing = {frozenset((task.owner, task.thief)) for task in state.tasks if isinstance(task, Snatch)}
    for space, count in Counter(state.pos).items():
        if count < 2 or space in rules.CROWDABLE:
            continue
        seats = frozenset(s for s, here in enumerate(state.pos) if here == space)
        if seats not in passing:
            raise NotationError(f"pieces: two pieces on {space}; only the start, pits, water and Dock hold several")


def _jewel(text: str, seat: Callable[[str, str], int]) -> tuple[int, str]:
    text = text.strip()
    if text[:1].upper() == "P" and is_number(text[1:]):
        return seat("jewel", text[1:]), ""
    space = BOARD.space(text).id
    here = BOARD.spaces[space]
    if space != rules.VUL_KAR and not here.rock_chip and not here.is_bridge:
        raise NotationError(f"jewel {text!r}: an unowned jewel lies by Vul-Kar (VKP), on a Rock Chip or on a bridge")
    return -1, space


def _check_every_card_once(named: Counter[Card]) -> None:
    deck = Counter(DECK)
    for card, count in sorted(named.items(), key=lambda item: item[0].key):
        if count > deck[card]:
            raise NotationError(f"{card.key} is named {count} times; the deck has {deck[card]}")
    missing = deck - named
    if missing:
        names = " ".join(c.key for c in sorted(missing.elements(), key=_key))
        raise NotationError(f"{missing.total()} card(s) are nowhere (write 'pile *' for the rest): {names}")


def _task(token: str, seat: Callable[[str, str], int]) -> Task:
    name, *texts = token.split(":")
    if name not in TASK_ARGS:
        raise NotationError(f"tasks: {name!r} is not a task: one of {', '.join(TASK_ARGS)}")
    kinds = TASK_ARGS[name]
    if len(texts) != len(kinds):
        raise NotationError(f"tasks: {token!r}: {name} takes {len(kinds)} value(s) after ':'")
    values: list[Any] = []
    for kind, text in zip(kinds, texts, strict=True):
        if kind == "seat":
            values.append(seat("tasks", text))
        elif kind == "target":
            values.append(-1 if text == "-" else seat("tasks", text))
        elif kind == "seats":
            values.append(sum(1 << seat("tasks", s) for s in set(text.split("+"))))
        elif kind == "count":
            values.append(_count(f"tasks {name}", text))
        elif kind == "card":
            values.append(parse_card(text).key)
        elif kind == "walk":
            values.append(">".join(BOARD.space(s).id for s in text.split(">")))
        elif text not in _CHOICES[kind]:
            raise NotationError(f"tasks: {token!r}: {text!r} is not one of {', '.join(_CHOICES[kind])}")
        else:
            values.append(text)
    record: Any = RECORDS[name]
    return cast(Task, record(name, *values))


# What the game puts on top of each task (state.py): a stack is read bottom up, and each task
# must be one the game could have put on the one below it. The reactions (cards played in a
# window, and what they lead to) may sit on any window.
_REACTIONS: Final = ("chain", "draw", "take", "fireball", "hits", "path")
_ON_TOP: Final[dict[str, tuple[str, ...]]] = {
    "": ("first", "end"),
    "first": ("draw",),
    "end": ("window:end", "window:stand"),
    "window:stand": ("draw",),
    "window:end": ("pushes", *_REACTIONS),
    "pushes": ("act", "roll", "rolled", "path", "walk", "fireball", "hits", "draw"),
    "act": ("window:pre",),
    "window:pre": ("declare", *_REACTIONS),
    "rolled": ("window:post",),
    "window:post": _REACTIONS,
    "walk": ("snatch",),
    "snatch": ("steal",),
    "steal": ("chain",),
    "fireball": ("draw",),
    "hits": ("window:talisman",),
    "window:talisman": ("chain", "draw"),  # a card played, or the token traded in (FI-25)
}
# The cards whose CANCEL chain may stand on each kind of window, the steal and the talisman window.
_ANY_WINDOW: Final = (CardType.TAKE_1_CARD, CardType.DOUBLE_NEXT_ROLL)
_CHAINED: Final = {
    "pre": (*_ANY_WINDOW, CardType.MOVE_AHEAD, CardType.MOVE_BACK),
    "post": (*_ANY_WINDOW, CardType.MOVE_BACK, CardType.REROLL),
    "end": (*_ANY_WINDOW, CardType.TAKE_ANOTHER_TURN),
    "talisman": (CardType.MAGIC_TALISMAN,),
    "stand": (),
    "steal": (CardType.FAKE_JEWEL,),
}


def _slot(task: Task) -> str:
    return f"window:{task.kind}" if isinstance(task, Window) else task.step


def _check_tasks(state: FireballIslandState) -> None:
    """The stack is one the game builds (see _ON_TOP), and each task's values fit the position."""
    tasks = state.tasks
    below = ""
    for i, task in enumerate(tasks):
        slot = _slot(task)
        allowed = _ON_TOP.get(below, ())
        if slot not in allowed and not (below == "draw" and slot == "draw" and tasks[0].step == "first"):
            where = f"on {task_notation(tasks[i - 1])}" if i else "at the bottom"
            fits = ", ".join(allowed) or "nothing"
            raise NotationError(f"tasks: {task_notation(task)} cannot stand {where}: the game puts there {fits}")
        _check_task(state, task, tasks[i - 1] if i else None)
        below = slot
    if state.winner >= 0 and (state.owner != state.winner or state.pos[state.winner] != rules.DOCK):
        raise NotationError(f"winner={state.winner + 1}: the winner stands on the Dock holding the jewel")
    if state.aim and not any(isinstance(task, Hits) for task in tasks):
        raise NotationError(f"aim={state.aim} names a Fireball about to roll, but no hits task is waiting for it")


def _check_task(state: FireballIslandState, task: Task, below: Task | None) -> None:
    me = state.turn
    text = task_notation(task)

    def fail(why: str) -> NoReturn:
        raise NotationError(f"tasks: {text}: {why}")

    if task.step == "first":
        if state.turns:
            fail("the roll for who goes first comes before the first turn (turns=0)")
        if all(state.first[s] for s in rules.seats_in(task.seats)):
            fail("every seat in it has rolled already (first=)")
    elif task.step == "end":
        if not state.turns:
            fail("a turn is under way, so turns= counts it (1 or more)")
        if state.lying[me] and any(isinstance(t, Pushes) for t in state.tasks):
            fail(f"seat {me + 1} lies in its pit, Fireballed this turn: only its end window is left")
    elif task.step == "window" and task.kind == "stand":
        if state.lying[me] or not BOARD.spaces[state.pos[me]].is_pit or BOARD.spaces[state.pos[me]].is_water:
            fail(f"seat {me + 1} stands up in a smolder pit on this turn: it is in a pit, not lying any more")
    elif task.step == "declare" and (not BOARD.spaces[state.pos[me]].is_cave or state.declared):
        fail(f"only a piece in a cave declares, once (seat {me + 1} is on {state.pos[me]})")
    elif (
        task.step == "act"
        and BOARD.spaces[state.pos[me]].is_cave
        and not state.declared
        and state.tasks[-1].step != "declare"
    ):
        fail(f"seat {me + 1} is in a cave: it declares (declared=cave or exit) before it rolls")
    elif task.step == "rolled":
        top = 6 if task.purpose == "cave" else 12
        if state.rolling != task.purpose or not 1 <= state.roll <= top:
            fail(f"the die was rolled for a {task.purpose}: write rolling={task.purpose} and roll= 1 to {top}")
    elif task.step == "path":
        _check_path(state, task, below, fail)
    elif task.step == "walk":
        _check_walk(state, task, fail)
    elif task.step == "snatch" or task.step == "steal":
        owner, thief = task.owner, task.thief
        if owner != state.owner or thief != me or state.pos[owner] != state.pos[thief]:
            fail(f"seat {thief + 1}, whose turn it is, stands on the space of seat {owner + 1}, the jewel's owner")
    elif task.step == "hits" and not state.aim:
        fail("a Fireball about to roll needs aim=ROLLWAY in the header")
    elif task.step == "take":
        if task.taker == task.victim:
            fail("a seat takes a card from an opponent, not from itself")
        if len(state.hands[task.taker]) >= HAND_LIMIT:
            fail(f"seat {task.taker + 1} played TAKE 1 CARD, so it holds at most {HAND_LIMIT - 1} cards")
    elif task.step == "chain":
        _check_chain(state, task, below, fail)


def _check_path(state: FireballIslandState, task: Path, below: Task | None, fail: Callable[[str], NoReturn]) -> None:
    mover, steps, decider = task.mover, task.steps, task.decider
    if mover != state.turn:
        fail(f"only the piece of the seat whose turn it is (seat {state.turn + 1}) walks")
    if isinstance(below, Window) and (below.kind != "pre" or mover == decider):
        fail("the walk a window leads to is a MOVE BACK played before the roll (on window:pre)")
    most, what = (12, "a roll or MOVE AHEAD") if mover == decider else (3, "MOVE BACK")
    if not 1 <= steps <= most:
        fail(f"{steps} spaces is no walk ({what}: 1 to {most})")
    # R-FI: the roll, or MOVE AHEAD's count instead of rolling. (A position written by hand may
    # hold both; the walk is then either, so that every position played on from it reads back.)
    own = {state.ahead, state.roll} - {0}
    if mover == decider and steps not in own:
        counts = " or ".join(str(c) for c in sorted(own)) or "0"
        fail(f"the piece walks its own move, {counts} spaces (roll=, or ahead= for MOVE AHEAD), not {steps}")


def _check_walk(state: FireballIslandState, task: Walk, fail: Callable[[str], NoReturn]) -> None:
    mover = task.mover
    if mover != state.turn or task.mode != "go":
        fail(f"a walk waiting for a steal is the own move (go) of seat {state.turn + 1}, whose turn it is")
    here = state.pos[mover]
    for space in task.spaces.split(">"):
        if space not in BOARD.neighbours(here):
            fail(f"{space} is not next to {here}")
        here = space


def _check_chain(state: FireballIslandState, task: Chain, below: Task | None, fail: Callable[[str], NoReturn]) -> None:
    key, seat, target, count, top = task.card, task.player, task.target, task.cancels, task.last
    kind = below.kind if isinstance(below, Window) else "steal"
    card = parse_card(key)
    if card.type is CardType.FIREBALL:
        fail("FIREBALL can never be CANCELed, so it has no chain")
    if card.type is CardType.CANCEL:
        fail("a CANCEL is counted in the chain of the card it cancels (the 4th value)")
    if card.type not in _CHAINED[kind]:
        fail(f"{key} is not played {'in a ' + kind + ' window' if kind != 'steal' else 'on a steal'}")
    me = state.turn
    if (kind == "end" or card.type is CardType.TAKE_ANOTHER_TURN) and seat != me:
        fail(f"only seat {me + 1}, whose turn it is, plays a card at the end of its turn")
    if card.type is CardType.MOVE_BACK and seat == me:
        fail("MOVE BACK is played on the seat whose turn it is, by an opponent")
    if kind == "steal" and seat != state.owner:
        fail("FAKE JEWEL is played by the jewel's owner")
    if (target >= 0) != (card.type is CardType.TAKE_1_CARD) or target == seat:
        fail("only TAKE 1 CARD names a target (after its player), an opponent")
    if card.type is CardType.TAKE_1_CARD and len(state.hands[seat]) >= HAND_LIMIT:
        fail(f"seat {seat + 1} played TAKE 1 CARD, so it holds at most {HAND_LIMIT - 1} cards")
    if count == 0 and top != seat:
        fail("with no CANCEL on it yet, the card on top is the card itself: its player comes after the count")


def _check_consistent(state: FireballIslandState) -> None:
    if state.owner >= 0 and state.winner < 0 and state.pos[state.owner] == rules.DOCK and not state.tasks:
        raise NotationError("the jewel's owner stands on the Dock: that game is won (write winner=)")
    limit = state.game.options.turn_limit
    if not state.tasks and state.winner < 0 and state.turns < limit:
        raise NotationError("no tasks left, but nobody has won and the turn limit is not reached")
    if state.tasks and state.winner >= 0:
        raise NotationError("a won game has no tasks left: write 'tasks -'")
    try:
        # A position is always at rest: the task on top is a decision or a chance step, never
        # bookkeeping that would run at once (a window nobody is left to ask, a draw into a full hand).
        settled = state.clone()
        settled._run()
        if settled.tasks != state.tasks:
            top = task_notation(state.tasks[-1])
            then = task_notation(settled.tasks[-1]) if settled.tasks else "the end of the game"
            raise NotationError(f"tasks: the game never stops at {top}: it goes on at once (to {then})")
        who = state.to_act()
        if who == CHANCE:
            if not state.chance_outcomes():
                raise NotationError("the chance step due has no outcome")
        elif who is not None and not state.legal_moves():
            raise NotationError(f"seat {who + 1} is to act but has no move")
    except (IndexError, KeyError, ValueError, IllegalMoveError, AssertionError, StopIteration) as exc:
        raise NotationError(f"the tasks do not fit the position: {exc}") from None


def parse_outcome(state: FireballIslandState, text: str) -> Any:
    """A chance outcome as written: a die roll (4), a card (REROLL) or the seats a Fireball hits (P2+P3, miss)."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty outcome")
    check_numbers(text)
    word = text.strip()
    if not state.tasks:
        raise NotationError("the game is over: no chance step is due")
    name = state.tasks[-1].step
    if name in ("roll", "first"):
        if not is_number(word) or not 1 <= int(word) <= 6:
            raise NotationError(f"{text!r} is not a roll of the die (1 to 6)")
        return int(word)
    if name in ("draw", "take"):
        return parse_card(word)
    if name == "hits":
        if word.lower() == "miss":
            return 0
        mask = 0
        for part in word.split("+"):
            if part[:1].upper() != "P" or not is_number(part[1:]) or not 1 <= int(part[1:]) <= state.n:
                raise NotationError(f"{text!r}: write the seats hit like P2+P3, or miss")
            mask |= 1 << (int(part[1:]) - 1)
        return mask
    raise NotationError("no chance step is due")
