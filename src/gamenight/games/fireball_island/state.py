"""A game of Fireball Island in progress, and the turn machine that runs it.

The state holds the pieces, the jewel, the tokens, the cards, and the turn as a stack of
tasks (tasks.py: each a named record, written out in the position notation). The task on
top is what happens next: a decision for one seat, a chance step, or bookkeeping that
`_run` carries out at once (`_do_begin`, `_do_act`, `_do_rolled`, `_do_walk`, `_do_snatch`,
`_do_pushes`, `_do_end`), each pushing what it leads to. The card windows (who is asked,
which cards fit, what a card does) are in windows.py; the walks themselves in rules.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Literal

from gamenight.engine.chance import Alike, alike, uniform
from gamenight.engine.errors import IllegalMoveError, NotationError
from gamenight.engine.protocol import CHANCE
from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import DECK, FACES, HAND_LIMIT, Card, CardType
from gamenight.games.fireball_island.moves import (
    AIM,
    CAVE,
    CAVE_MOVE,
    EXIT,
    EXIT_MOVE,
    GO,
    PASS,
    PASS_MOVE,
    PLAY,
    TRADE,
    TRADE_MOVE,
    Move,
    card_notation,
    parse_card_move,
)
from gamenight.games.fireball_island.tasks import (
    ACT,
    ACT_TYPE,
    BEGIN,
    BEGIN_TYPE,
    CHAIN_TYPE,
    DECLARE,
    DECLARE_TYPE,
    DRAW_TYPE,
    END,
    END_TYPE,
    FIREBALL_TYPE,
    FIRST_TYPE,
    HITS_TYPE,
    PATH_TYPE,
    PUSHES,
    PUSHES_TYPE,
    ROLL_TYPE,
    ROLLED,
    ROLLED_TYPE,
    ROLLS,
    SNATCH_TYPE,
    STEAL_TYPE,
    TAKE_TYPE,
    WALK_TYPE,
    WINDOW_TYPE,
    WINDOWS,
    Act,
    Begin,
    Declare,
    Draw,
    End,
    Fireball,
    First,
    Hits,
    Path,
    Pushes,
    Roll,
    Rolled,
    Snatch,
    Steal,
    Task,
    Walk,
    new,
)
from gamenight.games.fireball_island.windows import (
    WHEN,
    asked,
    asked_together,
    card_moves,
    pass_on,
    play_card,
    window_done,
)

if TYPE_CHECKING:
    from gamenight.games.fireball_island.game import FireballIslandGame
    from gamenight.games.fireball_island.view import FireballIslandView

CAPTURE_TURNS: Final = 3  # R-FI: "Take 3 full turns in a row" (D-FI-5: 3 extra turns)
DIE: Final = (1, 2, 3, 4, 5, 6)
DIE_ROLL: Final = uniform(DIE)  # a roll's outcomes, made once (a Uniform is never changed)
_ORDER: Final = {face: i for i, face in enumerate(FACES)}
_NOBODY: Final[tuple[str, ...]] = ()  # no piece near a walk (rules.pieces_near)

# Which cards may be played in which window (R-FI PLAYING YOUR CARDS; decisions FI-3..FI-8).
ANY_TIME: Final = frozenset({CardType.FIREBALL, CardType.TAKE_1_CARD, CardType.DOUBLE_NEXT_ROLL})


def sort_hand(hand: list[Card]) -> None:
    hand.sort(key=_ORDER.__getitem__)


@lru_cache(maxsize=1 << 14)
def _walk_choices(
    start: str,
    steps: int,
    near: tuple[str, ...],
    vul_kar_open: bool,
    push: bool,
    way: int,
    jewel_at: str,
    owner_at: str,
) -> tuple[tuple[str, ...], ...]:
    """The paths of `FireballIslandState._walk_moves`, kept by all it reads, the pieces a walk
    may meet only (none when none stands where the walks look, `rules.open_walk`; else
    `rules.pieces_near`): the walks of `steps` from `start` (rules.walk_paths), told apart by
    where they end and by what they do on the way: take the token, pick up the loose jewel at
    `jewel_at`, pass the jewel's owner standing at `owner_at` ("" for either when out of reach).

    Paths, not moves: a tuple of tuples of strings is dropped from the garbage collector's
    watch, a tuple of moves never is, and the collector walked these 16,384 at every full
    collection (benchmarks/README.md, *Garbage collection in long simulations*)."""
    paths = rules.walk_paths(start, steps, near, vul_kar_open, push, way)
    while way and not paths and steps > 1:
        # Decision FI-28: where the trail goes no further back (the start, the far point of a
        # loop) or ahead, a card's move goes as far as it can; a roll is walked in full (FI-11).
        steps -= 1
        paths = rules.walk_paths(start, steps, near, vul_kar_open, push, way)
    if len(paths) == 1:
        return paths  # one walk: nothing to tell apart
    choices: list[tuple[str, ...]] = []
    seen: set[tuple[str | bool, ...]] = set()
    for path in paths:
        key: tuple[str | bool, ...] = (path[-1],)
        if not push:  # a push takes no token and steals nothing (D-FI-5): only where it ends counts
            key += (
                rules.WITCHLORD_STEP in path,
                bool(jewel_at) and jewel_at in path,
                bool(owner_at) and owner_at in rules.passes(path),
            )
        if key not in seen:
            seen.add(key)
            choices.append(path)
    return tuple(choices)


_GO: Final[dict[tuple[str, ...], Move]] = {}
"""The walk along each path, made once while kept: a dict lookup, where making a NamedTuple
costs a call into CPython (the same in both builds, so the larger part of a compiled one)."""
_GO_KEPT: Final = 1 << 14  # at most this many (then all are dropped): a bound, as for the caches


def _aims(rollways: Sequence[str]) -> list[Move]:
    """A Fireball aimed down each of `rollways`: Move(AIM, path=(rollway,)), made as the tasks are."""
    return [new(Move, (AIM, None, -1, (r,))) for r in rollways]


def _reaches(space: str, entered: frozenset[str] | None, start: str, reach: int) -> bool:
    """Whether a walk from `start` may meet `space`: among the spaces entered on the empty
    board, or, with pieces near (`entered` None), within `reach` (rules.within)."""
    return space in entered if entered is not None else rules.within(start, space, reach)


class FireballIslandState:
    __slots__ = (
        "game", "n", "pos", "lying", "hands", "pile", "discard", "owner", "jewel_at", "token",
        "collected", "doubled", "turn", "turns", "extra", "winner", "first", "tasks",
        "roll", "was_doubled", "rolling", "ahead", "declared", "reroll", "pushes", "another",
        "stopped", "blocked", "aim", "_legal",
    )  # fmt: skip
    game: FireballIslandGame
    n: int
    pos: list[str]  # each seat's space: a trail space, a bridge, a cave, a pit or the water
    lying: list[bool]  # Fireballed into a smolder pit: its next turn is spent standing up
    hands: list[list[Card]]
    pile: Counter[Card]  # the draw pile (face down: drawing from it is drawing at random)
    discard: Counter[Card]  # face up
    owner: int  # the seat holding the jewel, or -1
    jewel_at: str  # where the unowned jewel lies: VKP until captured, a Rock Chip or a bridge; "" when owned
    token: list[bool]  # holds a Magic Charm token now
    collected: list[bool]  # has collected its one token of the game (R-FI)
    doubled: bool  # DOUBLE THE NEXT DIE ROLL is waiting for the next roll to move
    turn: int  # the seat whose turn it is
    turns: int  # turns begun in all
    extra: int  # extra turns the seat to play has still to take (capture bonus, TAKE ANOTHER TURN)
    winner: int  # -1 until someone reaches the Dock with the jewel
    first: list[int]  # the rolls for who goes first (0: not rolled)
    tasks: list[Task]
    # -- this turn --
    roll: int  # the die as it counts (doubled), 0 before the roll
    was_doubled: bool  # this roll was doubled (a REROLL keeps the double for the new roll)
    rolling: str  # what the current roll is for: "move" or "cave"
    ahead: int  # MOVE AHEAD n replaces this turn's roll
    declared: str  # in a cave: "cave" or "exit"
    reroll: bool  # REROLL was played on the current roll
    pushes: list[tuple[int, int]]  # MOVE BACK played after the roll: (card's player, spaces)
    another: bool  # TAKE ANOTHER TURN was played this turn
    stopped: bool  # MAGIC TALISMAN stopped the Fireball about to roll
    blocked: bool  # FAKE JEWEL foiled the steal under way
    aim: str  # the rollway the Fireball about to roll is aimed at
    _legal: list[Move] | None

    def __init__(self, game: FireballIslandGame, blank: bool = False) -> None:
        # blank: the fields are left for clone() to fill (a compiled class makes its instances
        # through __init__ only, so a clone cannot be made with __new__: `make fast`).
        if blank:
            return
        self.game = game
        self.n = n = game.options.players
        # R-FI GAME SETUP 5-9: tokens in the Ruin, the jewel by Vul-Kar, one card each, pieces on the Start.
        self.pos = [rules.START] * n
        self.lying = [False] * n
        self.hands = [[] for _ in range(n)]
        self.pile = Counter(DECK)
        self.discard = Counter()
        self.owner = -1
        self.jewel_at = rules.VUL_KAR
        self.token = [False] * n
        self.collected = [False] * n
        self.doubled = False
        self.turn = 0
        self.turns = 0
        self.extra = 0
        self.winner = -1
        self.first = [0] * n
        # The deal (seat 1 first), then everyone rolls for who goes first.
        self.tasks = [First("first", (1 << n) - 1), *(Draw("draw", seat, 1) for seat in reversed(range(n)))]
        self._new_turn()
        self._legal = None

    def _new_turn(self) -> None:
        self.roll = 0
        self.was_doubled = False
        self.rolling = ""
        self.ahead = 0
        self.declared = ""
        self.reroll = False
        self.pushes = []
        self.another = False
        self.stopped = False
        self.blocked = False
        self.aim = ""

    # -- the protocol -------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> int | None:
        if not self.tasks:
            return None
        task = self.tasks[-1]
        if type(task) is WINDOW_TYPE or type(task) is CHAIN_TYPE:
            return asked(self, task)
        if type(task) is ROLL_TYPE:  # the chance step of every turn, told before the decisions
            return CHANCE
        if type(task) is PATH_TYPE:
            return task.decider
        if type(task) is DECLARE_TYPE:
            return self.turn
        if type(task) is STEAL_TYPE:
            return task.owner
        if type(task) is FIREBALL_TYPE:
            return task.roller
        return CHANCE

    def is_over(self) -> bool:
        return not self.tasks

    def asked_together(self) -> tuple[int, ...]:
        """The seats a card window asks at once, in the order their answers are taken (windows.py)."""
        return asked_together(self)

    def clone(self) -> FireballIslandState:
        other = FireballIslandState(self.game, True)
        # Field by field (a compiled class has no __slots__ to walk): the immutable ones shared.
        other.game = self.game
        other.n = self.n
        other.owner = self.owner
        other.jewel_at = self.jewel_at
        other.doubled = self.doubled
        other.turn = self.turn
        other.turns = self.turns
        other.extra = self.extra
        other.winner = self.winner
        other.roll = self.roll
        other.was_doubled = self.was_doubled
        other.rolling = self.rolling
        other.ahead = self.ahead
        other.declared = self.declared
        other.reroll = self.reroll
        other.another = self.another
        other.stopped = self.stopped
        other.blocked = self.blocked
        other.aim = self.aim
        other._legal = self._legal
        other.pos = self.pos.copy()
        other.lying = self.lying.copy()
        other.hands = [hand.copy() for hand in self.hands]
        other.pile = self.pile.copy()
        other.discard = self.discard.copy()
        other.token = self.token.copy()
        other.collected = self.collected.copy()
        other.first = self.first.copy()
        other.tasks = self.tasks.copy()
        other.pushes = self.pushes.copy()
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> FireballIslandState:
        # copy.deepcopy (OpenSpiel clones a state with it) is a clone: a compiled class
        # (`make fast`) is made through __init__ only, where deepcopy would make it without.
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its notation, which reads back to the same position (the conformance
        # checks): a compiled class (`make fast`) has no fields pickle can see.
        return (self.game.state_from_notation, (self.notation(),))

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._legal_moves()
        return self._legal

    def apply(self, move: Move) -> None:
        legal = self._legal  # (found already when a playout asked for it to choose)
        if legal is None:
            legal = self.legal_moves()
        # The very move offered, by identity first (compiled, a native loop: `in` compares field by field)
        for played in legal:
            if played is move:
                break
        else:  # an equal one (read from notation), or none
            if move not in legal:
                raise IllegalMoveError(self._why_illegal(move))
        self._legal = None
        task = self.tasks[-1]
        if move.kind == PASS:
            if type(task) is WINDOW_TYPE:
                # pass_on(task), written out: the most common step of all, and most often the
                # window asks another seat at once (`_run` would find just that)
                self.tasks[-1] = task = WINDOWS[task.kind][task.asked + 1]
                if not window_done(self, task):
                    return
            elif type(task) is CHAIN_TYPE:
                self.tasks[-1] = pass_on(task)
            else:  # declining FAKE JEWEL
                self.tasks.pop()
        elif move.kind == PLAY:
            play_card(self, move)
        elif move.kind == TRADE:
            # R-FI: "Return it to the Ruin, then take enough cards from the drawpile to fill your hand to 4 cards."
            self.token[self.turn] = False
            self.tasks.append(new(Draw, ("draw", self.turn, HAND_LIMIT - len(self.hands[self.turn]))))
        elif move.kind == GO:
            assert type(task) is PATH_TYPE
            mover = task.mover
            self.tasks[-1] = new(Walk, ("walk", mover, ">".join(move.path), "go" if mover == task.decider else "push"))
        elif move.kind == AIM:
            assert type(task) is FIREBALL_TYPE
            self.aim = move.path[0]
            self.stopped = False
            self.tasks[-1] = new(Hits, ("hits", task.roller, task.source))
            self.tasks.append(WINDOWS["talisman"][0])
        else:  # CAVE or EXIT, declared before rolling (R-FI Caves 3)
            self.declared = move.kind
            self.tasks.pop()
        self._run()

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        # The chance steps by the task on top (the ones `to_act` calls CHANCE: `_run` leaves no
        # bookkeeping on top), without asking `to_act` through the decisions first.
        task = self.tasks[-1] if self.tasks else None
        if type(task) is ROLL_TYPE or type(task) is FIRST_TYPE:
            return DIE_ROLL
        if type(task) is DRAW_TYPE:
            # every card of the pile in face order: its kinds sorted, each spread to its copies
            # (the list sorting every card gives, at a sort of about ten kinds, not 40 cards)
            pile = self.pile
            return Alike([card for card in sorted(pile, key=_ORDER.__getitem__) for _ in range(pile[card])])
        if type(task) is TAKE_TYPE:
            return alike(self.hands[task.victim])  # a copy: a hand also grows
        if type(task) is HITS_TYPE:
            return rules.hit_chances(self.aim, self.pos)
        return []  # a decision is due, or the game is over

    def _possible(self, outcome: Any) -> bool:
        """Whether `outcome` is among `chance_outcomes()`, asked without listing them (a draw's
        would sort the pile again): a die's face, a card in the pile or the victim's hand."""
        task = self.tasks[-1] if self.tasks else None
        try:
            if type(task) is ROLL_TYPE or type(task) is FIRST_TYPE:
                return outcome in DIE
            if type(task) is DRAW_TYPE:
                return outcome in self.pile  # (the pile keeps no card it has none of)
            if type(task) is TAKE_TYPE:
                return outcome in self.hands[task.victim]
        except TypeError:  # a value that cannot be a key is no card
            return False
        if type(task) is HITS_TYPE:
            return outcome in [o for o, _ in self.chance_outcomes()]
        return False  # no chance step is due

    def apply_chance(self, outcome: Any) -> None:
        if not self._possible(outcome):
            raise IllegalMoveError(f"{outcome!r} is not a possible outcome here")
        self._legal = None
        task = self.tasks.pop()
        if type(task) is FIRST_TYPE:
            self._first_roll(task.seats, outcome)
        elif type(task) is ROLL_TYPE:
            purpose = task.purpose
            self.rolling = purpose
            self.roll = outcome
            # R-FI DOUBLE THE NEXT DIE ROLL: "a die roll of '1' becomes a '2'". It doubles the next
            # roll to move; a cave roll names a cave and is not doubled (decision FI-7).
            if purpose == "move" and self.doubled:
                self.roll, self.doubled, self.was_doubled = outcome * 2, False, True
            self.tasks += [ROLLED[purpose], WINDOWS["post"][0]]
        elif type(task) is DRAW_TYPE:
            seat = task.seat
            self.pile[outcome] -= 1
            if not self.pile[outcome]:
                del self.pile[outcome]
            self._take_into(seat, outcome)
            if task.number > 1:
                self.tasks.append(new(Draw, ("draw", seat, task.number - 1)))
        elif type(task) is TAKE_TYPE:
            self.hands[task.victim].remove(outcome)
            self._take_into(task.taker, outcome)
        else:  # hits
            self.aim = ""
            self._fireballed(rules.seats_in(outcome))
        self._run()

    def scores(self) -> list[int]:
        """1 for the player who reached the Dock with the jewel, 0 for the others."""
        return [int(seat == self.winner) for seat in range(self.n)]

    def returns(self) -> list[float]:
        return [float(seat == self.winner) for seat in range(self.n)]

    def winners(self) -> list[int]:
        return [] if self.winner < 0 else [self.winner]

    def notation(self) -> str:
        from gamenight.games.fireball_island.notation import position_notation

        return position_notation(self)

    def view(self, seat: int | None) -> FireballIslandView:
        from gamenight.games.fireball_island.view import view

        return view(self, seat)

    def move_notation(self, move: Move) -> str:
        if move.kind == PLAY:
            return card_notation(move)
        if move.kind == GO:
            ends = [m for m in self.legal_moves() if m.kind == GO and m.path[-1] == move.path[-1]]
            return move.path[-1] if len(ends) <= 1 else ">".join(move.path)
        if move.kind == AIM:
            return move.path[0]
        return move.kind

    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str) or not text.strip():
            raise NotationError("empty move")
        word = text.strip()
        low = word.lower()
        if low in ("pass", "roll"):
            return PASS_MOVE
        if low in (TRADE, CAVE, EXIT):
            return {TRADE: TRADE_MOVE, CAVE: CAVE_MOVE, EXIT: EXIT_MOVE}[low]
        for rollway in rules.ROLLWAYS:
            if rollway.id.lower() == low:
                return Move(AIM, path=(rollway.id,))
        if ">" in word:
            return Move(GO, path=tuple(BOARD.space(s).id for s in word.split(">")))
        if word.upper() in BOARD.spaces:
            space = word.upper()
            ends = [m for m in self.legal_moves() if m.kind == GO and m.path[-1] == space]
            if len(ends) > 1:
                ways = ", ".join(">".join(m.path) for m in ends)
                raise NotationError(f"several walks end on {space}: write the whole walk, one of {ways}")
            return ends[0] if ends else Move(GO, path=(space,))
        try:
            return parse_card_move(word, self.n)
        except NotationError:
            if "@" in word:
                raise  # a card with a bad seat: its own message says what is wrong
            raise NotationError(
                f"{text!r} is not a Fireball Island move: write pass, roll, trade, cave, exit, "
                "a card (FIREBALL, MOVE_BACK_2, TAKE_1_CARD@3), a space to walk to (TA3) or a rollway (V-chute)"
            ) from None

    def outcome_notation(self, outcome: Any) -> str:
        task = self.tasks[-1]
        if type(task) is DRAW_TYPE or type(task) is TAKE_TYPE:
            return str(outcome.key)
        if type(task) is HITS_TYPE:
            return "+".join(f"P{s + 1}" for s in rules.seats_in(outcome)) or "miss"
        return str(outcome)

    def parse_outcome(self, text: str) -> Any:
        from gamenight.games.fireball_island.notation import parse_outcome

        return parse_outcome(self, text)

    # -- who is asked, and what they may do ------------------------------------------

    def _legal_moves(self) -> list[Move]:
        if not self.tasks:
            return []
        # The task on top says who decides (`to_act`): any other task is a chance step.
        task = self.tasks[-1]
        if type(task) is WINDOW_TYPE or type(task) is CHAIN_TYPE or type(task) is STEAL_TYPE:
            return card_moves(self, task)
        if type(task) is DECLARE_TYPE:
            # R-FI Caves 3: "declare whether you wish to enter a new cave, or to move out of your cave";
            # "From Cave 4, you must roll the die to enter a new cave."
            return [CAVE_MOVE, EXIT_MOVE] if BOARD.cave_exit(self.pos[self.turn]) else [CAVE_MOVE]
        if type(task) is FIREBALL_TYPE:
            return _aims(rules.targets(task.roller, self.pos))
        if type(task) is PATH_TYPE:
            return self._walk_moves(task)
        return []

    def walk_way(self, task: Path) -> int:
        """Which way a walk task goes: MOVE BACK back, MOVE AHEAD ahead, a roll any way (FI-28)."""
        if self.game.options.any_way_cards:
            return rules.ANY_WAY  # the house rule: the chooser picks any way along the trails
        if task.mover != task.decider:
            return rules.BACK
        return rules.AHEAD if self.ahead else rules.ANY_WAY

    def _walk_moves(self, task: Path) -> list[Move]:
        """Every distinct walk: two walks to one space count once unless they differ on the
        way (a token, the jewel, a steal)."""
        mover, steps = task.mover, task.steps
        push = mover != task.decider
        start = self.pos[mover]
        vul_kar_open = self.jewel_at != rules.VUL_KAR
        way = self.walk_way(task)
        others = [space for s, space in enumerate(self.pos) if s != mover]
        # The loose jewel and the jewel's owner tell walks apart only where a walk may meet them:
        # out of reach, "" (as for a push), so that the positions alike for the walk share its choices.
        jewel_at = owner_at = ""
        owner = self.owner
        empty = rules.open_walk(start, steps, vul_kar_open, push, way)
        open_board = empty.looked.isdisjoint(others)  # no piece where the walks look (most walks)
        near, reach = (_NOBODY, 0) if open_board else rules.pieces_near(start, steps, others)
        if not push:
            # where a walk may meet them: on the empty board's walks, where they enter; else
            # within their reach (a set, not a closure: compiled, a closure is an object a call)
            reached = empty.entered if open_board else None
            if self.jewel_at and _reaches(self.jewel_at, reached, start, reach):
                jewel_at = self.jewel_at
            if owner >= 0 and owner != mover and _reaches(self.pos[owner], reached, start, reach):
                owner_at = self.pos[owner]
        moves = []
        for path in _walk_choices(start, steps, near, vul_kar_open, push, way, jewel_at, owner_at):
            move = _GO.get(path)
            if move is None:
                if len(_GO) >= _GO_KEPT:
                    _GO.clear()
                _GO[path] = move = new(Move, (GO, None, -1, path))  # Move(GO, path=path)
            moves.append(move)
        return moves

    def _why_illegal(self, move: Move) -> str:
        if not isinstance(move, Move):
            return f"{move!r} is not a Fireball Island move"
        if not self.tasks:
            return "the game is over"
        who = self.to_act()
        if who is None or who == CHANCE:
            return "no decision is due: the next step is a roll of the die or a card drawn"
        task = self.tasks[-1]
        name = task.step
        if move.kind == GO:
            if type(task) is not PATH_TYPE:
                return "no walk is due now"
            return f"{'>'.join(move.path)} is not a walk of {task.steps} spaces from {self.pos[task.mover]} here"
        if move.kind == AIM:
            return "no Fireball is being aimed now" if name != "fireball" else f"{move.path[0]} has no target on it"
        if move.kind in (CAVE, EXIT):
            if name != "declare":
                return "only a piece in a cave declares, before rolling"
            return "cave 4 is a dead end: from it you must roll for a new cave"
        if move.kind == TRADE:
            return "the token is traded in on your own turn, when you are asked, with fewer than 4 cards"
        if move.kind == PLAY and move.card is not None:
            if move.card not in self.hands[who]:
                return f"P{who + 1} holds no {move.card.key} card"
            # Bad input named plainly (docs/rules/fireball-island.md, "Bad input"): the opponent
            # TAKE 1 CARD is played against is written after '@', and no other card names one.
            if move.card.type is CardType.TAKE_1_CARD and move.target < 0:
                return f"{move.card.key} names the opponent it is played against: write {move.card.key}@SEAT"
            if move.card.type is not CardType.TAKE_1_CARD and move.target >= 0:
                return f"{move.card.key} names no opponent: write it without '@'"
            return f"{move.card.key} cannot be played now ({WHEN[move.card.type]})"
        if move.kind == PASS and name in _NO_PASS:
            return _NO_PASS[name]
        return "that move is not possible now"

    # -- running the turn ------------------------------------------------------------

    def _run(self) -> None:
        """Carry out bookkeeping tasks until a decision or a chance step is due."""
        tasks = self.tasks
        # The moves found for the last position are stale; the loop finds them again only for a
        # walk or an aim it waits at, and drops them if it goes on (window_done too).
        self._legal = None
        while tasks:
            task = tasks[-1]
            kind = type(task)
            # A card window first: most steps of a game are a seat passing in one.
            if type(task) is WINDOW_TYPE or type(task) is CHAIN_TYPE:
                if window_done(self, task):
                    continue
                return
            if kind in _BOOKKEEPING:
                tasks.pop()
                # self._do_<step>, called by name (a lookup by the step's word cost a dict, a
                # slice of the record and a call with its fields spread)
                if kind is BEGIN_TYPE:
                    self._do_begin()
                elif kind is ACT_TYPE:
                    self._do_act()
                elif type(task) is ROLLED_TYPE:
                    self._do_rolled(task.purpose)
                elif type(task) is WALK_TYPE:
                    self._do_walk(task.mover, task.spaces, task.mode)
                elif kind is PUSHES_TYPE:
                    self._do_pushes()
                elif kind is END_TYPE:
                    self._do_end()
                elif type(task) is SNATCH_TYPE:
                    self._do_snatch(task.owner, task.thief)
                continue
            if kind in _WAITING:
                return
            if type(task) is PATH_TYPE:
                self._legal = self._walk_moves(task)  # _legal_moves, found at once
                if not self._legal:
                    tasks.pop()  # no walk of that length: the piece stays (decision FI-11)
                    self._legal = None
                    continue
                return
            if type(task) is FIREBALL_TYPE:
                aims = rules.targets(task.roller, self.pos)
                if not aims:
                    tasks.pop()  # D-FI-2: nobody on any rollway, so nothing is rolled
                    continue
                self._legal = _aims(aims)  # _legal_moves, found already
                return
            if type(task) is STEAL_TYPE:
                if self.blocked or not self.hands[task.owner]:
                    tasks.pop()  # foiled already, or the owner holds no card to answer with
                    continue
                return
            if type(task) is DRAW_TYPE:
                if task.number <= 0 or len(self.hands[task.seat]) >= HAND_LIMIT:
                    tasks.pop()  # R-FI: "Never draw a card if you already have 4 of them."
                    continue
                if not self.pile:
                    # R-FI: "If the drawpile runs out, shuffle the discard pile ... to create a new drawpile."
                    self.pile, self.discard = self.discard, Counter()
                    if not self.pile:
                        tasks.pop()
                        continue
                return
            if type(task) is TAKE_TYPE:
                if not self.hands[task.victim]:
                    tasks.pop()
                    continue
                return
            if type(task) is HITS_TYPE:
                if self.stopped:  # MAGIC TALISMAN
                    self.stopped = False
                    self.aim = ""
                    tasks.pop()
                    continue
                if self.game.options.fireball_mode == "deterministic":
                    tasks.pop()
                    hit = rules.pieces_on(self.aim, self.pos)
                    self.aim = ""
                    self._fireballed(hit)
                    continue
                return
        self._legal = None

    def _take_into(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        hand.append(card)
        sort_hand(hand)

    def first_roller(self) -> int:
        """At a "first" task: the seat rolling for who goes first."""
        task = self.tasks[-1]
        assert type(task) is FIRST_TYPE
        return next(s for s in rules.seats_in(task.seats) if not self.first[s])

    def _first_roll(self, mask: int, outcome: int) -> None:
        # R-FI WHO GOES FIRST?: "All players roll the die. Highest roller goes first." Ties roll again.
        contenders = rules.seats_in(mask)
        seat = next(s for s in contenders if not self.first[s])
        self.first[seat] = outcome
        if any(not self.first[s] for s in contenders):
            self.tasks.append(First("first", mask))
            return
        best = max(self.first[s] for s in contenders)
        tied = [s for s in contenders if self.first[s] == best]
        if len(tied) > 1:
            for s in tied:
                self.first[s] = 0
            self.tasks.append(First("first", sum(1 << s for s in tied)))
            return
        self.turn = tied[0]
        self.tasks.append(BEGIN)

    def _do_begin(self) -> None:
        limit = self.game.options.turn_limit
        if limit and self.turns >= limit:
            self.tasks.clear()  # decision FI-16: the game stops undecided
            return
        self.turns += 1
        self._new_turn()
        me = self.turn
        self.tasks.append(END)
        if self.lying[me]:
            # R-FI GETTING FIREBALLED 2: "place your playing piece upright in the smolder pit. You
            # cannot roll, move or play any cards on this turn." The token may be traded in: it is
            # no card, and "can be traded in on any one of your turns" (decision FI-13).
            self.lying[me] = False
            self.tasks.append(WINDOWS["stand"][0])
            return
        self.tasks += _A_TURN
        if self.pos[me] in rules.CAVES:
            self.tasks.append(DECLARE)

    def _do_act(self) -> None:
        me = self.turn
        if self.ahead:  # R-FI MOVE AHEAD ... INSTEAD OF ROLLING DIE
            self.tasks.append(new(Path, ("path", me, self.ahead, me)))
        elif self.declared == CAVE:
            self.tasks.append(ROLLS["cave"])
        else:
            self.tasks.append(ROLLS["move"])

    def _do_rolled(self, purpose: Literal["move", "cave"]) -> None:
        me = self.turn
        if self.reroll:
            # R-FI REROLL THE DIE: "The player who rolled must ignore the first roll, and roll again.
            # If the first die roll was a '1,' a Fireball is not rolled."
            self.reroll = False
            if self.was_doubled:
                self.doubled, self.was_doubled = True, False
            self.roll = 0
            self.rolling = ""
            self.tasks.append(ROLLS[purpose])
        elif purpose == "cave":
            self._cave_roll(self.roll)
        elif self.roll == 1:
            # R-FI: "If you roll a '1' on the die, don't move your playing piece ... you must roll a Fireball!"
            self.tasks.append(new(Fireball, ("fireball", me, "die")))
        else:
            self.tasks.append(new(Path, ("path", me, self.roll, me)))

    def _cave_roll(self, number: int) -> None:
        """R-FI Caves 2: "move your playing piece into the cave that matches the number on the die.
        ... If the cave you roll is occupied by your own playing piece or an opponent's, leave your
        playing piece where it is". NOTE: "If you roll a '1' while in a cave, move to Cave 1 (if
        you can), then roll a Fireball!" """
        me = self.turn
        cave = BOARD.cave(number)
        if cave not in self.pos:
            self.pos[me] = cave
        if number == 1:
            self.tasks.append(new(Fireball, ("fireball", me, "die")))

    def _do_walk(self, mover: int, rest: str, mode: Literal["go", "push"]) -> None:
        """Walk the chosen path space by space: the token, a loose jewel and a steal happen on the way."""
        path = rest.split(">")
        for i, space in enumerate(path):
            self.pos[mover] = space
            if mode != "go":
                continue  # D-FI-5: a push takes no token and steals nothing (decision FI-9: nor a loose jewel)
            if space == rules.WITCHLORD_STEP and not self.collected[mover]:
                # R-FI: "If you land on or pass Witchlord Step, collect one Magic Charm token"; only one a game.
                self.collected[mover] = True
                self.token[mover] = True
            if space == self.jewel_at and space != rules.VUL_KAR:
                # R-FI: "the first player to move onto or pass the Rock Chip space captures it" (or onto the bridge)
                self.owner, self.jewel_at = mover, ""
            owner = self.owner
            if owner >= 0 and owner != mover and self.pos[owner] == space and i < len(path) - 1:
                # R-FI STEALING THE JEWEL: "You can steal the jewel by passing its owner on a trail or bridge."
                rest_of_walk = path[i + 1 :]
                self.tasks += [
                    new(Walk, ("walk", mover, ">".join(rest_of_walk), mode)),
                    new(Snatch, ("snatch", owner, mover)),
                ]
                self.tasks.append(new(Steal, ("steal", owner, mover)))
                return
        self._land(mover, mode)

    def _do_snatch(self, owner: int, mover: int) -> None:
        if self.blocked:
            self.blocked = False
        elif self.owner == owner:
            self.owner = mover

    def _land(self, mover: int, mode: str) -> None:
        space = self.pos[mover]
        if mode == "go":
            if space in rules.CAVES:
                self.tasks.append(ROLLS["cave"])  # R-FI Caves 2: "On your same turn, roll the die again"
                return
            if space == rules.VUL_KAR and self.jewel_at == rules.VUL_KAR:
                # R-FI CAPTURING THE JEWEL FROM VUL-KAR: fill the hand to 4, roll any one Fireball,
                # take 3 full turns in a row (D-FI-5: 3 extra turns).
                self.owner, self.jewel_at = mover, ""
                self.extra += CAPTURE_TURNS
                self.tasks += [
                    new(Fireball, ("fireball", mover, "capture")),
                    new(Draw, ("draw", mover, HAND_LIMIT - len(self.hands[mover]))),
                ]
                return
            if space == rules.DOCK and self.owner == mover:
                self.winner = mover  # R-FI: "The player who reaches the Dock with the jewel wins the game!"
                self.tasks.clear()
                return
        if space in rules.DARK:
            self.tasks.append(Draw("draw", mover, 1))  # R-FI Dark Trail Spaces

    def _do_pushes(self) -> None:
        me = self.turn
        if self.pushes:
            seat, spaces = self.pushes.pop(0)
            self.tasks.append(PUSHES)
            # R-FI NOTE: "These cards do not move players out of caves, smolder pits, or the water".
            if self.pos[me] in rules.TRAILS:
                self.tasks.append(new(Path, ("path", me, spaces, seat)))

    def _do_end(self) -> None:
        if self.extra:
            self.extra -= 1
        else:
            self.turn = (self.turn + 1) % self.n  # R-FI: "Play continues to the left"
        self.tasks.append(BEGIN)

    def _fireballed(self, seats: list[int]) -> None:
        """R-FI GETTING FIREBALLED: on a trail, to that trail's smolder pit, lying down, the jewel
        left on the pit's Rock Chip; on a bridge, into the water, the jewel left on the bridge."""
        lost_turn = False
        for seat in seats:
            space = self.pos[seat]
            letter = BOARD.pit_of(space)
            assert letter is not None
            if BOARD.spaces[space].is_bridge:
                self.pos[seat] = rules.WATER
                drop = space
            else:
                self.pos[seat] = BOARD.pit_space(letter)
                self.lying[seat] = True
                drop = BOARD.rock_chip_of(letter) or space
            if self.owner == seat:
                self.owner, self.jewel_at = -1, drop
            lost_turn = lost_turn or seat == self.turn
        if lost_turn:
            # D-FI-5: "Fireballed during your own turn: the rest of that turn is lost", but not its
            # end: TAKE ANOTHER TURN is played "After any of your turns", and the token traded in
            # "on any one of your turns" (decisions FI-22, FI-8, FI-25).
            while self.tasks and not _ends_turn(self.tasks[-1]):
                self.tasks.pop()
            self.pushes = []


# The tasks `_run` carries out at once (each by its `_do_` method), and the chance steps and
# the declaration it waits at as they are.
_BOOKKEEPING: Final = frozenset({Begin, Act, Rolled, Walk, Snatch, Pushes, End})
_WAITING: Final = frozenset({Declare, Roll, First})


# A turn's tasks under its end, from the last to the first: the end window, the MOVE BACKs
# played after the roll, the roll (or MOVE AHEAD), the window before it.
_A_TURN: Final = (WINDOWS["end"][0], PUSHES, ACT, WINDOWS["pre"][0])


def _ends_turn(task: Task) -> bool:
    """The end of the turn and its window: what a piece Fireballed in its own turn keeps."""
    return type(task) is END_TYPE or (type(task) is WINDOW_TYPE and task.kind == "end")


# What a seat asked to decide must do when it tries to pass instead (a walk, an aim, a declaration).
_NO_PASS: Final = {
    "path": "the move must be made: choose a walk (its end space, like TA3)",
    "fireball": "the Fireball must be rolled: choose a rollway with a target on it",
    "declare": "in a cave, first declare: cave or exit",
}
