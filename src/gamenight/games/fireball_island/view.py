"""What a seat may know, states sampled to match it (for search bots), and the sentences
that tell people what happened.

Everything on the table is public: the pieces, the jewel, the tokens, the face-up discard
pile, how many cards each seat holds, and the turn's steps. A seat sees its own cards and
never another's, nor the order or contents of the draw pile.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from gamenight.engine.errors import NotationError
from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import DECK, Card, CardType, parse_card
from gamenight.games.fireball_island.moves import AIM, CAVE, EXIT, GO, PASS, PLAY, TRADE, Move
from gamenight.games.fireball_island.state import CAPTURE_TURNS, FireballIslandState, sort_hand
from gamenight.games.fireball_island.tasks import RECORDS, Chain, Draw, First, Path, Roll, Steal, Take, Task, Window

if TYPE_CHECKING:
    from gamenight.games.fireball_island.game import FireballIslandGame


def view(state: FireballIslandState, seat: int | None) -> dict[str, Any]:
    return {
        "game": "fireball-island",
        "seat": seat,
        "players": state.n,
        "turn": state.turn,
        "turns": state.turns,
        "to_act": state.to_act(),
        "pieces": state.pos.copy(),
        "lying": state.lying.copy(),
        "jewel": {"owner": state.owner if state.owner >= 0 else None, "at": state.jewel_at or None},
        "tokens": state.token.copy(),
        "collected": state.collected.copy(),
        "hand": [c.key for c in state.hands[seat]] if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "discard": {c.key: k for c, k in sorted(state.discard.items(), key=lambda item: item[0].key)},
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
        "tasks": [list(t) for t in state.tasks],
        "winner": state.winner if state.winner >= 0 else None,
    }


def sample_state(game: FireballIslandGame, view: dict[str, Any], rng: random.Random) -> FireballIslandState:
    """A full state with this view: the cards the seat cannot see dealt at random to the
    other hands (their sizes are public) and the rest left in the draw pile."""
    try:
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
        state.tasks = [RECORDS[t[0]](*t) for t in view["tasks"]]
        state.winner = -1 if view["winner"] is None else view["winner"]
        state.discard = Counter({parse_card(k): c for k, c in view["discard"].items()})
        seat = view["seat"]
        sizes = list(view["hand_sizes"])
        own = [parse_card(k) for k in view["hand"]] if seat is not None else []
    except (KeyError, TypeError, ValueError) as exc:
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


# -- sentences for people ----------------------------------------------------------------


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _place(space: str) -> str:
    return BOARD.spaces[space].name if space in BOARD.spaces else space


def describe(state: FireballIslandState, move: Move) -> str:
    """What the move does, said before it is made."""
    task = state.tasks[-1] if state.tasks else None
    me = state.turn
    if move.kind == PASS:
        if isinstance(task, Window) and task.kind == "pre" and state.to_act() == me:
            return f"moves ahead {state.ahead}" if state.ahead else "rolls the die"
        if isinstance(task, Steal):
            return "lets the jewel go"
        if isinstance(task, Chain):
            return "lets the card stand"
        return "plays no card"
    if move.kind == PLAY and move.card is not None:
        return _describe_card(state, move, task)
    if move.kind == TRADE:
        return "trades the Magic Charm token in for a full hand of 4"
    if move.kind == CAVE:
        return "will roll for a new cave"
    if move.kind == EXIT:
        return "will leave the cave by the trail"
    if move.kind == AIM:
        rollway = move.path[0]
        spaces = BOARD.spaces_on_rollway(rollway)
        hit = ", ".join(_p(s) for s in rules.pieces_on(rollway, state.pos))
        fireball = BOARD.fireballs[BOARD.rollway(rollway).fireball].name
        return f"rolls {fireball} down {rollway} ({spaces[0]} to {spaces[-1]}) at {hit}"
    if move.kind == GO and isinstance(task, Path):
        return _describe_walk(state, move, task)
    return str(move)


def _describe_card(state: FireballIslandState, move: Move, task: Task | None) -> str:
    card = move.card
    assert card is not None
    text = f"plays {card.title}"
    if card.type is CardType.TAKE_1_CARD:
        return f"{text} against {_p(move.target)}"
    if card.type in (CardType.MOVE_BACK, CardType.MOVE_AHEAD) and state.to_act() != state.turn:
        return f"{text} on {_p(state.turn)}"
    if isinstance(task, Chain):
        return f"{text} on {_p(task.last)}'s {task.card if task.cancels == 0 else 'CANCEL'}"
    return text


def _describe_walk(state: FireballIslandState, move: Move, task: Path) -> str:
    mover, decider = task.mover, task.decider
    path = move.path
    end = path[-1]
    way = " > ".join(path)
    if mover != decider:
        return f"moves {_p(mover)} back {len(path)} to {end} ({way})"
    words = [f"walks to {end} ({way})"]
    if rules.WITCHLORD_STEP in path and not state.collected[mover]:
        words.append("collects a Magic Charm token")
    if state.jewel_at and state.jewel_at != rules.VUL_KAR and state.jewel_at in path:
        words.append("picks up the jewel")
    owner = state.owner
    if owner >= 0 and owner != mover and state.pos[owner] in rules.passes(path):
        words.append(f"passes {_p(owner)} to steal the jewel")
    here = BOARD.spaces[end]
    if here.is_cave:
        words.append(f"enters cave {here.cave}")
    elif end == rules.VUL_KAR and state.jewel_at == rules.VUL_KAR:
        words.append(f"captures the jewel at Vul-Kar Point: a full hand, a Fireball and {CAPTURE_TURNS} more turns")
    elif end == rules.DOCK:
        holds = owner == mover or (state.jewel_at and state.jewel_at in path)
        words.append("reaches the Dock with the jewel and wins!" if holds else "reaches the Dock (without the jewel)")
    elif here.dark:
        words.append("lands on a dark space")
    return ", ".join(words)


def describe_outcome(state: FireballIslandState, outcome: Any) -> tuple[str, str, frozenset[int]]:
    """(what everyone may know, what its owners see, the owners) of a chance outcome."""
    task = state.tasks[-1]
    if isinstance(task, First):
        text = f"{_p(state.first_roller())} rolls {outcome} for who goes first"
        return text, text, frozenset()
    if isinstance(task, Roll):
        me = _p(state.turn)
        if task.purpose == "cave":
            text = f"{me} rolls {outcome} for a cave"
            if outcome == 1:
                text += ": to cave 1 if it is free, and a Fireball!"
        elif state.doubled:
            text = f"{me} rolls {outcome}, doubled to {outcome * 2}"
        elif outcome == 1:
            text = f"{me} rolls a 1: a Fireball instead of a move!"
        else:
            text = f"{me} rolls {outcome}"
        return text, text, frozenset()
    if isinstance(task, Draw):
        seat = task.seat
        return f"{_p(seat)} draws a card", f"{_p(seat)} draws {outcome.title}", frozenset({seat})
    if isinstance(task, Take):
        taker, victim = task.taker, task.victim
        public = f"{_p(taker)} takes a card from {_p(victim)} at random"
        return public, f"{public}: {outcome.title}", frozenset({taker, victim})
    # hits
    rollway = state.aim
    hit = rules.seats_in(outcome)
    spared = [s for s in rules.pieces_on(rollway, state.pos) if s not in hit]
    parts = []
    for seat in hit:
        space = state.pos[seat]
        goes = "into the water" if BOARD.spaces[space].is_bridge else f"into smolder pit {BOARD.pit_of(space)}"
        parts.append(f"hits {_p(seat)} on {space} ({goes})")
    if spared:
        parts.append("misses " + ", ".join(f"{_p(s)} on {state.pos[s]}" for s in spared))
    text = f"the Fireball rolls down {rollway} and " + "; ".join(parts)
    return text, text, frozenset()


def card_title(key: str) -> str:
    return parse_card(key).title
