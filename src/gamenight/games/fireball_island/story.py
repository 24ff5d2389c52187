"""What a person is told of Fireball Island, as data: the rules in short, in the rulebook's words;
the options in words (`summary`) and who wins (`goal`)."""

from __future__ import annotations

from typing import Any

from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import CardType
from gamenight.games.fireball_island.moves import AIM, CAVE, EXIT, GO, PASS, PLAY, TRADE, Move
from gamenight.games.fireball_island.options import FireballIslandOptions
from gamenight.games.fireball_island.state import CAPTURE_TURNS, FireballIslandState
from gamenight.games.fireball_island.tasks import Chain, Draw, First, Path, Roll, Steal, Take, Task, Window
from gamenight.games.fireball_island.view import runs


def rules_summary(options: FireballIslandOptions) -> list[str]:
    """The game in a dozen lines at most, with these options' variants in place."""
    if options.fireball_mode == "deterministic":
        hits = "Every playing piece on the chosen rollway is Fireballed (deterministic Fireballs)."
    else:
        hits = "A rolled Fireball may stop early or roll past a piece: each hit has its chance."
    lines = [
        "Object: capture the jewel at Vul-Kar Point, and be first to reach the Dock with it.",
        "On your turn, roll the die and move the full count along the trails, never onto the same space twice.",
        "Roll a 1: don't move; roll a Fireball instead, at a target if possible.",
        hits,
        "Fireballed on a trail: into its smolder pit, your next turn spent there; off a bridge: "
        "into the water. The jewel is left behind.",
        "Land on a dark trail space: take a card (4-card limit). Witchlord Step: one Magic Charm token.",
        "Caves: enter one, then roll for the cave you move to; a shortcut, maybe.",
        "Steal the jewel by passing its owner on a trail or bridge.",
        "Cards: play most any time, on your turn or another's; a CANCEL stops any card but FIREBALL!",
    ]
    if options.any_way_cards:
        lines.append("MOVE BACK and MOVE AHEAD cards walk any way along the trails (house rule).")
    if options.turn_limit:
        lines.append(f"The game stops undecided, nobody winning, after {options.turn_limit} turns.")
    return lines


def summary(options: FireballIslandOptions) -> str:
    """The options in words, after "N players, ": "probabilistic Fireballs, no turn limit"."""
    limit = f"stops undecided after {options.turn_limit} turns" if options.turn_limit else "no turn limit"
    return f"{options.fireball_mode} Fireballs, {limit}"


def goal(options: FireballIslandOptions) -> str:
    """Who wins, in one sentence (R-FI OBJECT)."""
    return "Capture the jewel at Vul-Kar Point and be the first to bring it to the Dock."


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
        return f"rolls {fireball} down {rollway} ({runs(spaces)}) at {hit}"
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


def _p(seat: int) -> str:
    return f"P{seat + 1}"
