"""What a person is told of Fireball Island, as data: the rules in short, in the rulebook's words;
the options in words (`summary`) and who wins (`goal`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, Final, NamedTuple

from gamenight.engine.notation import EVERYONE, ONLY, SEAT_NAMES, seat_words
from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import HAND_LIMIT, Card, CardType, parse_card
from gamenight.games.fireball_island.moves import AIM, CAVE, EXIT, GO, PASS, PLAY, TRADE, Move
from gamenight.games.fireball_island.options import FireballIslandOptions
from gamenight.games.fireball_island.state import CAPTURE_TURNS, DIE, FireballIslandState
from gamenight.games.fireball_island.tasks import (
    CHAIN_TYPE,
    DRAW_TYPE,
    FIRST_TYPE,
    PATH_TYPE,
    ROLL_TYPE,
    STEAL_TYPE,
    TAKE_TYPE,
    WINDOW_TYPE,
    Path,
    Task,
)
from gamenight.games.fireball_island.view import runs
from gamenight.games.fireball_island.windows import CLOSES_ASKED_SEVERAL, STAYS_OPEN, after_pass

CARD_HELP: dict[CardType, str] = {
    # What each card does, in a line (R-FI PLAYING YOUR CARDS), for the card's tooltip.
    CardType.FIREBALL: "Play it on any turn, then roll a Fireball down a rollway; it can never be cancelled.",
    CardType.FAKE_JEWEL: "Play it when someone tries to steal the jewel from you: you keep it, and they move on.",
    CardType.CANCEL: "Play it on a card just played (even a CANCEL) to cancel it before it acts; never a FIREBALL!",
    CardType.MAGIC_TALISMAN: "Stops a Fireball about to be rolled, or one aimed at your piece after a 1.",
    CardType.REROLL: "After anyone rolls the die: that roll is ignored and rolled again (a 1 rolls no Fireball).",
    CardType.TAKE_ANOTHER_TURN: "After one of your turns: play a whole extra turn.",
    CardType.TAKE_1_CARD: "Take one card at random from an opponent (not one holding both the jewel and the token).",
    CardType.MOVE_AHEAD: "On your turn: move ahead {n} spaces instead of rolling; on another's: they must.",
    CardType.MOVE_BACK: "On an opponent's turn: they move back {n} space{s} (never out of a cave, pit or the water).",
    CardType.DOUBLE_NEXT_ROLL: "Doubles the next roll of the die (a 1 becomes 2: no Fireball).",
}


def card_help(kind: CardType, spaces: int) -> str:
    return CARD_HELP[kind].format(n=spaces, s="" if spaces == 1 else "s")


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
        if isinstance(task, WINDOW_TYPE) and task.kind == "pre" and state.to_act() == me:
            return f"moves ahead {state.ahead}" if state.ahead else "rolls the die"
        if isinstance(task, STEAL_TYPE):
            return "lets the jewel go"
        if isinstance(task, CHAIN_TYPE):
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
        deterministic = state.game.options.fireball_mode == "deterministic"
        return _describe_aim(rollway, rules.standing_on(rollway, state.pos), deterministic)
    if move.kind == GO and isinstance(task, PATH_TYPE):
        return _describe_walk(state, move, task)
    return str(move)


@lru_cache(maxsize=4096)
def _describe_aim(rollway: str, standing: tuple[tuple[int, int], ...], deterministic: bool) -> str:
    """An aim down `rollway` at the pieces `standing` on it (`rules.standing_on`), in words:
    written once for where they stand, as an aim's chances are worked out once (a random
    game's aims are 3% of its decisions, and were a quarter of the time its words took)."""
    fireball = BOARD.fireballs[BOARD.rollway(rollway).fireball].name
    chances = _aim_chances(rollway, standing, deterministic)
    # The chance to be hit is what an aim is chosen by (D-FI-3): said with each target.
    hit = ", ".join(_p(s) if deterministic else f"{_p(s)} ({round(p * 100)}% to hit)" for s, p in chances.items())
    return f"rolls {fireball} down {rollway} ({_rollway_runs(rollway)}) at {hit}"


@cache
def _rollway_runs(rollway: str) -> str:
    """A rollway's spaces in runs (`view.runs`), written once: every aim down it tells them."""
    return runs(BOARD.spaces_on_rollway(rollway))


@cache
def _rollways_over(space: str) -> str:
    """The rollways across a space, named: every walk that ends there tells them."""
    return ", ".join(r.id for r in BOARD.rollways_over(space))


def told(state: FireballIslandState, move: Move) -> tuple[str, bool]:
    """What the log says of a decision, and whether it is told without its seat. A card window
    is one moment at the table, told once: its passes say nothing, and the last, which closes
    it, says that nobody played a card (without naming that seat: who passed, and when, is
    nobody's business). A card played is told with what it does."""
    if move.kind == PASS:
        tasks = state.tasks
        task = tasks[-1] if tasks else None
        if type(task) is WINDOW_TYPE:
            if after_pass(state, task) is CLOSES_ASKED_SEVERAL:
                return "nobody played a card", True
            # More seats to answer (the window is still open), or a window only its own player
            # was asked (its next step tells the turn).
            return "", False
        if type(task) is CHAIN_TYPE:
            if after_pass(state, task) is STAYS_OPEN:
                return "", False
            played = parse_card(task.card).title if task.cancels == 0 else "the CANCEL"
            stands = "stands" if task.cancels % 2 == 0 else "is canceled"
            return f"nobody cancels {_p(task.last)}'s {played}: it {stands}", True
    return describe(state, move), False


def quiet(view: Any, move: Any) -> bool:
    """A decision that changes nothing on the board: a pass in a card window (the player's own
    pass before the roll rolls the die, and is not quiet). Bots make quiet decisions at once:
    a table's pace is for rolls, walks, cards played and aims."""
    if getattr(move, "kind", None) != PASS:
        return False
    decision = view.get("decision") or {}
    return not (
        decision.get("kind") == "window"
        and decision.get("window") == "pre"
        and decision.get("seat") == view.get("turn")
    )


def _describe_card(state: FireballIslandState, move: Move, task: Task | None) -> str:
    """A card play and what it does, in the words of its face (R-FI THE CARDS)."""
    card = move.card
    assert card is not None
    kind, turn, player = card.type, state.turn, state.to_act()
    text = f"plays {card.title}"
    if kind is CardType.TAKE_1_CARD:
        k = len(state.hands[move.target])
        return f"{text}: takes one of {_p(move.target)}'s {k} card{'s' if k != 1 else ''} at random"
    if isinstance(task, CHAIN_TYPE):
        played = parse_card(task.card).title if task.cancels == 0 else "CANCEL"  # a key is no name for people
        return f"{text} on {_p(task.last)}'s {played}"
    if kind is CardType.MOVE_AHEAD:
        return f"{text}: {'' if player == turn else _p(turn) + ' '}moves ahead {card.spaces} instead of rolling"
    if kind is CardType.MOVE_BACK:
        return f"{text}: {_move_back(state, card.spaces)}"
    if kind is CardType.FIREBALL and player is not None and player >= 0:
        at = fireball_targets(player, state.pos)
        if not at:
            return f"{text}: nobody stands on a rollway, so it does not roll"
        others = ", ".join(_p(s) for s in at if s != player)
        if not others:
            return f"{text}: only {_p(player)} stands on a rollway, so it rolls at {_p(player)}"
        return f"{text}: rolls a Fireball now, at {others}" + (f" ({_p(player)} too)" if player in at else "")
    what = {
        CardType.REROLL: f"{_p(turn)} rolls again; this roll does not count",
        CardType.FAKE_JEWEL: "keeps the jewel; the thief moves on",
        CardType.MAGIC_TALISMAN: "stops the Fireball",
        CardType.DOUBLE_NEXT_ROLL: "the next roll to move counts double",
        CardType.TAKE_ANOTHER_TURN: "takes another turn after this one",
    }.get(kind)
    return f"{text}: {what}" if what else text


def _move_back(state: FireballIslandState, spaces: int) -> str:
    """What MOVE ANY OPPONENT BACK does now, as the engine will do it (R-FI NOTE: "These cards do
    not move players out of caves, smolder pits, or the water"; decision FI-28: as far back as
    the trail goes)."""
    turn = state.turn
    where = state.pos[turn]
    if state.rolling:  # after the roll: the push waits for the move (or the Fireball a 1 rolls)
        if state.roll == 1 and not state.was_doubled:
            return f"{_p(turn)} moves back {spaces} after the Fireball, unless it is hit"
        return f"{_p(turn)} moves back {spaces} after the move, unless it ends in a cave"
    if not BOARD.spaces[where].is_trail:
        return f"moves nobody: {_p(turn)} is in {_place(where)}, which the card does not move out of"
    back = state._walk_moves(Path("path", turn, spaces, -1))
    if not back:
        return f"moves nobody: {_p(turn)} cannot move back from {where}"
    farthest = max(len(m.path) for m in back)
    if farthest < spaces:
        return f"{_p(turn)} moves back {farthest} before rolling (the trail goes no further back)"
    return f"{_p(turn)} moves back {spaces} before rolling"


def _place(space: str) -> str:
    here = BOARD.spaces[space]
    if here.is_cave:
        return f"cave {here.cave}"
    return "the water" if space == rules.WATER else "a smolder pit"


def _describe_walk(state: FireballIslandState, move: Move, task: Path) -> str:
    mover, path = task.mover, move.path
    way = " > ".join(path)
    if mover == task.decider:
        words = [f"walks to {path[-1]} ({way})"]
    else:
        words = [f"moves {_p(mover)} back {len(path)} to {path[-1]} ({way})"]
    jewel_at = state.jewel_at or None
    owner = state.owner if state.owner >= 0 else None
    hand = len(state.hands[mover])
    for note in walk_notes(path, mover, task.decider, task.steps, state.pos, jewel_at, owner, state.collected, hand):
        words.append(note.words)
    return ", ".join(words)


class Note(NamedTuple):
    """A consequence of a walk, in words, with its kind for an interface's colour:
    "token", "jewel", "cave", "win", "dark", "danger", "safe", or "" for plain."""

    words: str
    kind: str


def walk_notes(
    path: Sequence[str],
    mover: int,
    decider: int,
    steps: int,
    pieces: Sequence[str],
    jewel_at: str | None,
    owner: int | None,
    collected: Sequence[bool],
    hand: int = 0,
) -> list[Note]:
    """What walking `mover`'s piece along `path` does, from what every seat sees (a view's
    `pieces`, `jewel` and `collected`, or the state's): the one place these words are written.
    A walk the mover's own choice (`decider` is the mover) collects, picks up and steals; a
    MOVE BACK played by another only moves the piece. `hand`: the mover's cards (a dark
    space draws none into a full hand)."""
    end = path[-1]
    here = BOARD.spaces[end]
    notes: list[Note] = []
    if len(path) > steps:  # R-FI MOVEMENT: a walk may not end on another piece, so it goes on past
        occupied = {space: s for s, space in enumerate(pieces) if s != mover}
        passed = [occupied[s] for s in path[steps - 1 : -1] if s in occupied]
        if passed:
            notes.append(Note(f"moves on past {', '.join(_p(s) for s in passed)}", ""))
    if mover == decider:
        if BOARD.witchlord_step in path and not collected[mover]:
            notes.append(Note("collects a Magic Charm token", "token"))
        if jewel_at and jewel_at != BOARD.vul_kar_point and jewel_at in path:
            notes.append(Note("picks up the jewel", "jewel"))
        # (the spaces passed over read only when another seat holds the jewel: seldom)
        thief_of = (
            owner if owner is not None and owner != mover and pieces[owner] in rules.passes(tuple(path)) else None
        )
        if thief_of is not None:
            notes.append(Note(f"passes {_p(thief_of)} to steal the jewel", "jewel"))
        if here.is_cave:
            notes.append(Note(f"enters cave {here.cave}, then rolls for a new cave", "cave"))
        elif end == BOARD.vul_kar_point and jewel_at == BOARD.vul_kar_point:
            turns = f"a full hand, a Fireball and {CAPTURE_TURNS} more turns"
            notes.append(Note(f"captures the jewel at Vul-Kar Point: {turns}", "jewel"))
        elif end == BOARD.dock:
            # R-FI: "The player who reaches the Dock with the jewel wins": held, picked up on the
            # way, or stolen from its owner passed on the way (unless FAKE JEWEL foils the steal).
            if owner == mover or (jewel_at is not None and jewel_at in path):
                notes.append(Note("reaches the Dock with the jewel and wins!", "win"))
            elif thief_of is not None:
                wins = f"reaches the Dock with the jewel and wins, unless {_p(thief_of)} plays FAKE JEWEL"
                notes.append(Note(wins, "win"))
            else:
                notes.append(Note("reaches the Dock (without the jewel)", ""))
    if here.dark and not here.is_cave:
        drawer = "" if mover == decider else f"{_p(mover)} "
        if hand >= HAND_LIMIT:  # R-FI: "Never draw a card if you already have 4 of them."
            notes.append(Note(f"dark: {drawer}draws no card (4 in hand)", "dark"))
        else:
            notes.append(Note(f"dark: {drawer}draws a card", "dark"))
    over = _rollways_over(end)
    if over and not here.safe:
        notes.append(Note(f"in the path of {over}", "danger"))
    elif end != BOARD.dock and not here.is_cave:
        notes.append(Note("safe", "safe"))
    return notes


def aim_chances(rollway: str, pieces: Sequence[str], deterministic: bool) -> dict[int, float]:
    """Each seat standing on `rollway` and its chance to be hit by a Fireball rolled down it
    (D-FI-3, exactly as the engine rolls it; 1 for all of them with deterministic Fireballs)."""
    return _aim_chances(rollway, rules.standing_on(rollway, pieces), deterministic)


def _aim_chances(rollway: str, standing: tuple[tuple[int, int], ...], deterministic: bool) -> dict[int, float]:
    on = [seat for _, seat in standing]
    if deterministic:
        return dict.fromkeys(on, 1.0)
    chances = dict.fromkeys(on, 0.0)
    for mask, p in rules.standing_hit_chances(rollway, standing):
        for seat in rules.seats_in(mask):
            chances[seat] += p
    return chances


def on_rollway(rollway: str, pieces: Sequence[str]) -> list[int]:
    """The seats standing on `rollway`, in the order a Fireball reaches them."""
    return rules.pieces_on(rollway, list(pieces))


def fireball_targets(roller: int, pieces: Sequence[str]) -> list[int]:
    """The seats a Fireball the roller aims now could hit (R-FI ROLLING A FIREBALL 1): those
    on the rollways it may aim at."""
    return sorted({s for r in rules.targets(roller, pieces) for s in rules.pieces_on(r, list(pieces))})


def crowdable(space: str) -> bool:
    """Whether many pieces may share `space`: the start, the Dock, the water, the pits."""
    return space in rules.CROWDABLE


def describe_outcome(state: FireballIslandState, outcome: Any) -> tuple[str, str, frozenset[int]]:
    """(what everyone may know, what its owners see, the owners) of a chance outcome."""
    task = state.tasks[-1]
    if isinstance(task, FIRST_TYPE):
        text = f"{_p(state.first_roller())} rolls {outcome} for who goes first"
        return text, text, EVERYONE
    if isinstance(task, ROLL_TYPE):
        move, doubled, cave = _ROLL_WORDS[state.turn][outcome]
        text = cave if task.purpose == "cave" else doubled if state.doubled else move
        return text, text, EVERYONE
    if isinstance(task, DRAW_TYPE):
        seat = task.seat
        return _DRAWS[seat], _drawn(outcome)[seat], ONLY[seat]
    if isinstance(task, TAKE_TYPE):
        taker, victim = task.taker, task.victim
        public = f"{_p(taker)} takes a card from {_p(victim)} at random"
        return public, f"{public}: {outcome.title}", frozenset({taker, victim})
    # hits
    rollway, owner = state.aim, state.owner
    dropped = owner if owner >= 0 and outcome >> owner & 1 else -1
    return _describe_hits(rollway, outcome, rules.standing_on(rollway, state.pos), dropped)


@lru_cache(maxsize=4096)
def _describe_hits(
    rollway: str, outcome: int, standing: tuple[tuple[int, int], ...], dropped: int
) -> tuple[str, str, frozenset[int]]:
    """A Fireball down `rollway` hitting the seats of `outcome` (a mask) among the pieces
    `standing` on it (`rules.standing_on`), `dropped` the hit seat holding the jewel (else -1),
    in words: written once for where they stand (a Fireball's words cost as much as a rules
    step, and the same few rolls recur)."""
    spaces = BOARD.spaces_on_rollway(rollway)
    at = {seat: spaces[k] for k, seat in standing}
    hit = rules.seats_in(outcome)
    spared = [s for s in at if s not in hit]
    parts = []
    for seat in hit:
        space = at[seat]
        bridge = BOARD.spaces[space].is_bridge
        goes = "into the water" if bridge else f"into smolder pit {BOARD.pit_of(space)}"
        if seat == dropped:  # R-FI GETTING FIREBALLED: the jewel is left behind
            letter = BOARD.pit_of(space)
            drop = space if bridge or letter is None else (BOARD.rock_chip_of(letter) or space)
            goes += f"; the jewel is left on {drop}"
        parts.append(f"hits {_p(seat)} on {space} ({goes})")
    if spared:
        parts.append("misses " + ", ".join(f"{_p(s)} on {at[s]}" for s in spared))
    text = f"the Fireball rolls down {rollway} and " + "; ".join(parts)
    return text, text, EVERYONE


_ROLL_WORDS: Final = tuple(
    {
        n: (
            f"{me} rolls a 1: a Fireball instead of a move!" if n == 1 else f"{me} rolls {n}",
            f"{me} rolls {n}, doubled to {n * 2}",
            f"{me} rolls {n} for a cave" + (": to cave 1 if it is free, and a Fireball!" if n == 1 else ""),
        )
        for n in DIE
    }
    for me in SEAT_NAMES
)
"""What a die rolled says, by seat and face: (to move, doubled, for a cave). Written once: a
roll is a third of a game's chance steps, and its words a string the log keeps."""

_DRAWS: Final = seat_words("draws a card")
_DRAWN: dict[Card, tuple[str, ...]] = {}


def _drawn(card: Card) -> tuple[str, ...]:
    """What the drawer of `card` is told, by seat ("P1 draws FIREBALL"): written once a face."""
    words = _DRAWN.get(card)
    if words is None:
        words = _DRAWN[card] = seat_words(f"draws {card.title}")
    return words


def _p(seat: int) -> str:
    return f"P{seat + 1}"
