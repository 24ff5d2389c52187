"""A game of Fireball Island in progress: the pieces, the jewel, the tokens, the cards, and
the turn as a stack of tasks.

A turn has many small steps, and cards may be played in between by anyone: before the
roll, after it, when a Fireball is about to roll, when the jewel is about to be stolen,
and on top of any card just played (CANCEL). So the state keeps a stack of tasks, each a
short tuple of text and numbers (written out in the position notation). The task on top
is what happens next: a decision for one seat (a "window" where a seat may play a card
or pass, a walk to choose, a rollway to aim at), a chance step (the die, a card drawn,
where a Fireball hits), or bookkeeping run at once by `_run`. A turn starts as

    window:pre  ->  act (roll, or MOVE AHEAD)  ->  pushes (MOVE BACK after the roll)
    ->  window:end  ->  end

and the steps push what they lead to: the roll pushes the post-roll window, a walk that
passes the jewel's owner pushes the steal, a card pushes its CANCEL chain, and so on.
Reaction windows ask every seat that holds a card (a public fact), in turn order from the
seat whose turn or Fireball it is, so being asked reveals nothing about one's cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from gamenight.engine.chance import alike, uniform
from gamenight.engine.errors import IllegalMoveError, NotationError
from gamenight.engine.protocol import CHANCE
from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.board import BOARD
from gamenight.games.fireball_island.cards import DECK, FACES, Card, CardType
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
    play,
)

if TYPE_CHECKING:
    from gamenight.games.fireball_island.game import FireballIslandGame

HAND_LIMIT: Final = 4  # R-FI: "You can never have more than 4 cards in your hand at one time."
CAPTURE_TURNS: Final = 3  # R-FI: "Take 3 full turns in a row" (D-FI-5: 3 extra turns)
DIE: Final = (1, 2, 3, 4, 5, 6)
_ORDER: Final = {face: i for i, face in enumerate(FACES)}

Task = tuple[Any, ...]
"""("window", kind, index) and the like: the name first, then text and numbers."""

# Which cards may be played in which window (R-FI PLAYING YOUR CARDS; decisions FI-3..FI-8).
ANY_TIME: Final = frozenset({CardType.FIREBALL, CardType.TAKE_1_CARD, CardType.DOUBLE_NEXT_ROLL})
WINDOW_KINDS: Final = ("pre", "post", "end", "talisman", "stand")
# Why a Fireball rolls: a 1 on the die, a FIREBALL! card, or the capture bonus (R-FI MAGIC TALISMAN).
FIREBALL_SOURCES: Final = ("die", "card", "capture")


def sort_hand(hand: list[Card]) -> None:
    hand.sort(key=_ORDER.__getitem__)


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

    def __init__(self, game: FireballIslandGame) -> None:
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
        self.tasks = [("first", (1 << n) - 1)] + [("draw", seat, 1) for seat in reversed(range(n))]
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
        name = task[0]
        if name in ("window", "chain"):
            return self._asked(task)
        if name == "path":
            return int(task[3])
        if name == "declare":
            return self.turn
        if name in ("steal", "fireball"):
            return int(task[1])
        return CHANCE

    def is_over(self) -> bool:
        return not self.tasks

    def clone(self) -> FireballIslandState:
        other = FireballIslandState.__new__(FireballIslandState)
        for slot in self.__slots__:
            setattr(other, slot, getattr(self, slot))
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

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._legal_moves()
        return self._legal

    def apply(self, move: Move) -> None:
        if move not in self.legal_moves():
            raise IllegalMoveError(self._why_illegal(move))
        self._legal = None
        task = self.tasks[-1]
        name = task[0]
        if move.kind == PASS:
            if name in ("window", "chain"):
                self.tasks[-1] = (*task[:-1], task[-1] + 1)
            else:  # declining FAKE JEWEL
                self.tasks.pop()
        elif move.kind == PLAY:
            self._play_card(move)
        elif move.kind == TRADE:
            # R-FI: "Return it to the Ruin, then take enough cards from the drawpile to fill your hand to 4 cards."
            self.token[self.turn] = False
            self.tasks.append(("draw", self.turn, HAND_LIMIT - len(self.hands[self.turn])))
        elif move.kind == GO:
            mover, decider = int(task[1]), int(task[3])
            self.tasks[-1] = ("walk", mover, ">".join(move.path), "go" if mover == decider else "push")
        elif move.kind == AIM:
            self.aim = move.path[0]
            self.stopped = False
            self.tasks[-1] = ("hits", task[1], task[2])
            self.tasks.append(("window", "talisman", 0))
        else:  # CAVE or EXIT, declared before rolling (R-FI Caves 3)
            self.declared = move.kind
            self.tasks.pop()
        self._run()

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        if self.to_act() != CHANCE:
            return []
        task = self.tasks[-1]
        name = task[0]
        if name in ("roll", "first"):
            return uniform(DIE)
        if name == "draw":
            return alike(sorted(self.pile.elements(), key=_ORDER.__getitem__))
        if name == "take":
            return alike(self.hands[task[2]])
        return rules.hit_chances(self.aim, self.pos)  # hits

    def apply_chance(self, outcome: Any) -> None:
        if self.to_act() != CHANCE or outcome not in [o for o, _ in self.chance_outcomes()]:
            raise IllegalMoveError(f"{outcome!r} is not a possible outcome here")
        self._legal = None
        task = self.tasks.pop()
        name = task[0]
        if name == "first":
            self._first_roll(task[1], outcome)
        elif name == "roll":
            purpose = task[1]
            self.rolling = purpose
            self.roll = outcome
            # R-FI DOUBLE THE NEXT DIE ROLL: "a die roll of '1' becomes a '2'". It doubles the next
            # roll to move; a cave roll names a cave and is not doubled (decision FI-7).
            if purpose == "move" and self.doubled:
                self.roll, self.doubled, self.was_doubled = outcome * 2, False, True
            self.tasks += [("rolled", purpose), ("window", "post", 0)]
        elif name == "draw":
            seat = task[1]
            self.pile[outcome] -= 1
            if not self.pile[outcome]:
                del self.pile[outcome]
            self._take_into(seat, outcome)
            if task[2] > 1:
                self.tasks.append(("draw", seat, task[2] - 1))
        elif name == "take":
            self.hands[task[2]].remove(outcome)
            self._take_into(task[1], outcome)
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

    def view(self, seat: int | None) -> dict[str, Any]:
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
        name = self.tasks[-1][0]
        if name in ("draw", "take"):
            return str(outcome.key)
        if name == "hits":
            return "+".join(f"P{s + 1}" for s in rules.seats_in(outcome)) or "miss"
        return str(outcome)

    def parse_outcome(self, text: str) -> Any:
        from gamenight.games.fireball_island.notation import parse_outcome

        return parse_outcome(self, text)

    def describe(self, move: Move) -> str:
        from gamenight.games.fireball_island.view import describe

        return describe(self, move)

    def describe_outcome(self, outcome: Any) -> tuple[str, str, frozenset[int]]:
        from gamenight.games.fireball_island.view import describe_outcome

        return describe_outcome(self, outcome)

    # -- who is asked, and what they may do ------------------------------------------

    def window_order(self, task: Task) -> tuple[int, ...]:
        """The seats a window or CANCEL chain asks, in turn order."""
        if task[0] == "chain":
            return _OTHERS[self.n][task[5]]  # everyone but the player of the card on top
        kind = task[1]
        if kind in ("end", "stand"):
            return (self.turn,)
        first = int(self.tasks[-2][1]) if kind == "talisman" else self.turn  # the roller, under "hits"
        return _ROUND[self.n][first]

    def _asked(self, task: Task) -> int:
        return self.window_order(task)[task[-1]]

    def _askable(self, seat: int, task: Task) -> bool:
        """A window asks a seat holding any card (hand sizes are public), or the player whose
        turn it is when it may trade its token in; the stand-up window asks only for the token."""
        may_trade = seat == self.turn and task[0] == "window" and self._may_trade()
        return may_trade or (bool(self.hands[seat]) and task[1] != "stand")

    def _may_trade(self) -> bool:
        # R-FI: "A Magic Charm token can be traded in on any one of your turns": in any window of
        # one's own turn (decision FI-25), the stand-up turn's included; not with a full hand.
        seat = self.turn
        return self.token[seat] and len(self.hands[seat]) < HAND_LIMIT

    def _legal_moves(self) -> list[Move]:
        if not self.tasks or self.to_act() == CHANCE:
            return []
        task = self.tasks[-1]
        name = task[0]
        if name == "window":
            seat = self._asked(task)
            moves = [PASS_MOVE, *self._card_plays(seat, task[1])]
            if seat == self.turn and self._may_trade():
                moves.append(TRADE_MOVE)
            return moves
        if name == "chain":
            seat = self._asked(task)
            cancel = Card(CardType.CANCEL)
            return [PASS_MOVE, play(cancel)] if cancel in self.hands[seat] else [PASS_MOVE]
        if name == "steal":
            fake = Card(CardType.FAKE_JEWEL)
            return [PASS_MOVE, play(fake)] if fake in self.hands[task[1]] else [PASS_MOVE]
        if name == "declare":
            # R-FI Caves 3: "declare whether you wish to enter a new cave, or to move out of your cave";
            # "From Cave 4, you must roll the die to enter a new cave."
            return [CAVE_MOVE, EXIT_MOVE] if BOARD.cave_exit(self.pos[self.turn]) else [CAVE_MOVE]
        if name == "fireball":
            return [Move(AIM, path=(r,)) for r in rules.targets(task[1], self.pos)]
        return self._walk_moves(task)

    def _card_plays(self, seat: int, kind: str) -> list[Move]:
        moves: list[Move] = []
        for card in dict.fromkeys(self.hands[seat]):
            if card.type is CardType.TAKE_1_CARD:
                if kind in ("pre", "post", "end"):
                    moves += [play(card, t) for t in self._victims(seat)]
            elif self._may_play(card.type, seat, kind):
                moves.append(play(card))
        return moves

    def _may_play(self, card: CardType, seat: int, kind: str) -> bool:
        """May `seat` play a card of this type in a window of this kind? (FAKE JEWEL and
        CANCEL have windows of their own: the steal and the chain.)"""
        me = self.turn
        if kind == "stand":
            return False  # R-FI: standing up, "You cannot roll, move or play any cards on this turn."
        if kind == "talisman":
            # R-FI MAGIC TALISMAN: "when an opponent is just about to roll a Fireball; or ... after
            # you roll a '1' on the die, if your playing piece is the target." The roller of a
            # FIREBALL! card or of the capture bonus cannot stop it (decision FI-14).
            _, roller, source = self.tasks[-2]
            own = source == "die" and roller in rules.pieces_on(self.aim, self.pos)
            return card is CardType.MAGIC_TALISMAN and (seat != roller or own)
        if card is CardType.FIREBALL:
            return True  # R-FI: "any time on your own turn or on an opponent's turn"
        if card is CardType.DOUBLE_NEXT_ROLL:
            return not self.doubled
        if card is CardType.MOVE_AHEAD:
            return kind == "pre" and self._may_move_ahead()
        if card is CardType.MOVE_BACK:
            # R-FI: "Play one of these cards on any opponent's turn": before the roll (the piece on a
            # trail or bridge), or after a roll to move.
            if seat == me:
                return False
            if kind == "pre":
                return BOARD.spaces[self.pos[me]].is_trail
            return kind == "post" and self.rolling == "move"
        if card is CardType.REROLL:
            return kind == "post"
        if card is CardType.TAKE_ANOTHER_TURN:
            # D-FI-5: only on yourself, right after your own turn (once a turn).
            return kind == "end" and seat == me and not self.another
        return False

    def _victims(self, seat: int) -> list[int]:
        """The opponents TAKE 1 CARD may be played against: holding a card, and not holding the
        jewel fitted into a token (R-FI Fitting the Jewel Into Your Token)."""
        return [t for t in range(self.n) if t != seat and self.hands[t] and not (self.owner == t and self.token[t])]

    def _may_move_ahead(self) -> bool:
        """MOVE AHEAD replaces this turn's roll: once a turn, and from a cave only after
        declaring "exit" (D-FI-5)."""
        if self.ahead:
            return False
        here = BOARD.spaces[self.pos[self.turn]]
        return not here.is_cave or self.declared == EXIT

    def walk_way(self, task: Task) -> int:
        """Which way a walk task goes: MOVE BACK back, MOVE AHEAD ahead, a roll any way (FI-28)."""
        if self.game.options.any_way_cards:
            return rules.ANY_WAY  # the house rule: the chooser picks any way along the trails
        if int(task[1]) != int(task[3]):
            return rules.BACK
        return rules.AHEAD if self.ahead else rules.ANY_WAY

    def _walk_moves(self, task: Task) -> list[Move]:
        """Every distinct walk: two walks to one space count once unless they differ on the
        way (a token, the jewel, a steal)."""
        mover, steps, decider = int(task[1]), int(task[2]), int(task[3])
        push = mover != decider
        occupied = {space: s for s, space in enumerate(self.pos) if s != mover}
        moves: list[Move] = []
        seen: set[tuple[Any, ...]] = set()
        vul_kar_open = self.jewel_at != rules.VUL_KAR
        way = self.walk_way(task)
        paths = list(rules.walks(self.pos[mover], steps, occupied, vul_kar_open=vul_kar_open, push=push, way=way))
        while way and not paths and steps > 1:
            # Decision FI-28: where the trail goes no further back (the start, the far point of a
            # loop) or ahead, a card's move goes as far as it can; a roll is walked in full (FI-11).
            steps -= 1
            paths = list(rules.walks(self.pos[mover], steps, occupied, vul_kar_open=vul_kar_open, push=push, way=way))
        for path in paths:
            key: tuple[Any, ...] = (path[-1],)
            if not push:
                passed = rules.passes(path)
                key += (
                    rules.WITCHLORD_STEP in path,
                    bool(self.jewel_at) and self.jewel_at in path,
                    self.owner >= 0 and self.pos[self.owner] in passed,
                )
            if key not in seen:
                seen.add(key)
                moves.append(Move(GO, path=path))
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
        name = task[0]
        if move.kind == GO:
            if name != "path":
                return "no walk is due now"
            return f"{'>'.join(move.path)} is not a walk of {task[2]} spaces from {self.pos[task[1]]} here"
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
            return f"{move.card.key} cannot be played now ({_WHEN[move.card.type]})"
        if move.kind == PASS and name in _NO_PASS:
            return _NO_PASS[name]
        return "that move is not possible now"

    # -- running the turn ------------------------------------------------------------

    def _run(self) -> None:
        """Carry out bookkeeping tasks until a decision or a chance step is due."""
        tasks = self.tasks
        while tasks:
            self._legal = None
            task = tasks[-1]
            name = task[0]
            if name == "window" or name == "chain":
                if self._window_done(task):
                    continue
                return
            if name == "path":
                if not self.legal_moves():
                    tasks.pop()  # no walk of that length: the piece stays (decision FI-11)
                    self._legal = None
                    continue
                return
            if name == "fireball":
                if not rules.targets(task[1], self.pos):
                    tasks.pop()  # D-FI-2: nobody on any rollway, so nothing is rolled
                    continue
                return
            if name in ("declare", "steal"):
                if name == "steal" and (self.blocked or not self.hands[task[1]]):
                    tasks.pop()  # foiled already, or the owner holds no card to answer with
                    continue
                return
            if name == "roll" or name == "first":
                return
            if name == "draw":
                if task[2] <= 0 or len(self.hands[task[1]]) >= HAND_LIMIT:
                    tasks.pop()  # R-FI: "Never draw a card if you already have 4 of them."
                    continue
                if not self.pile:
                    # R-FI: "If the drawpile runs out, shuffle the discard pile ... to create a new drawpile."
                    self.pile, self.discard = self.discard, Counter()
                    if not self.pile:
                        tasks.pop()
                        continue
                return
            if name == "take":
                if not self.hands[task[2]]:
                    tasks.pop()
                    continue
                return
            if name == "hits":
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
            tasks.pop()
            getattr(self, "_do_" + name)(*task[1:])
        self._legal = None

    def _window_done(self, task: Task) -> bool:
        """Skip the seats a window need not ask; close it (and resolve a chain) once all were asked."""
        if task[0] == "window" and ((task[1] == "post" and self.reroll) or (task[1] == "talisman" and self.stopped)):
            self.tasks.pop()
            return True
        order = self.window_order(task)
        index = task[-1]
        while index < len(order) and not self._askable(order[index], task):
            index += 1
        if index < len(order):
            if index != task[-1]:
                self.tasks[-1] = (*task[:-1], index)
                self._legal = None
            return False
        self.tasks.pop()
        self._legal = None
        if task[0] == "chain" and task[4] % 2 == 0:  # an even number of CANCELs: the card stands
            self._card_takes_effect(task[1], int(task[2]), int(task[3]))
        return True

    def _play_card(self, move: Move) -> None:
        task = self.tasks[-1]
        seat = self._asked(task) if task[0] in ("window", "chain") else int(task[1])
        card = move.card
        assert card is not None
        self.hands[seat].remove(card)
        self.discard[card] += 1
        if task[0] == "window":
            # R-FI: "You can play most cards any time": a card played asks every seat of the
            # window again, in its order, those who passed before included (decision FI-1).
            self.tasks[-1] = (*task[:-1], 0)
        if task[0] == "chain":  # a CANCEL on the card just played, which may be CANCELed in turn
            self.tasks[-1] = ("chain", task[1], task[2], task[3], task[4] + 1, seat, 0)
        elif card.type is CardType.FIREBALL:
            self.tasks.append(("fireball", seat, "card"))  # R-FI: "The FIREBALL! card can never be canceled!"
        else:
            self.tasks.append(("chain", card.key, seat, move.target, 0, seat, 0))

    def _card_takes_effect(self, key: str, seat: int, target: int) -> None:
        card = _CARDS[key]
        kind = card.type
        me = self.turn
        if kind is CardType.TAKE_1_CARD:
            if target in self._victims(seat):
                self.tasks.append(("take", seat, target))
        elif kind is CardType.DOUBLE_NEXT_ROLL:
            self.doubled = True
        elif kind is CardType.MOVE_AHEAD:
            self.ahead = card.spaces
        elif kind is CardType.MOVE_BACK:
            # R-FI: "If you play the card before the opponent rolls the die, the opponent must move
            # back before rolling. If ... after the opponent has rolled the die, the opponent must
            # finish the move, then move back." Back, the card's player choosing among ways equally
            # back (decision FI-28).
            if self.rolling:
                self.pushes.append((seat, card.spaces))
            elif BOARD.spaces[self.pos[me]].is_trail:
                self.tasks.append(("path", me, card.spaces, seat))
        elif kind is CardType.REROLL:
            self.reroll = True
        elif kind is CardType.MAGIC_TALISMAN:
            self.stopped = True
        elif kind is CardType.FAKE_JEWEL:
            self.blocked = True  # R-FI: "You keep the jewel, and the opponent must move on"
        elif kind is CardType.TAKE_ANOTHER_TURN:
            self.extra += 1
            self.another = True

    def _take_into(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        hand.append(card)
        sort_hand(hand)

    def first_roller(self) -> int:
        """At a "first" task: the seat rolling for who goes first."""
        return next(s for s in rules.seats_in(self.tasks[-1][1]) if not self.first[s])

    def _first_roll(self, mask: int, outcome: int) -> None:
        # R-FI WHO GOES FIRST?: "All players roll the die. Highest roller goes first." Ties roll again.
        contenders = rules.seats_in(mask)
        seat = next(s for s in contenders if not self.first[s])
        self.first[seat] = outcome
        if any(not self.first[s] for s in contenders):
            self.tasks.append(("first", mask))
            return
        best = max(self.first[s] for s in contenders)
        tied = [s for s in contenders if self.first[s] == best]
        if len(tied) > 1:
            for s in tied:
                self.first[s] = 0
            self.tasks.append(("first", sum(1 << s for s in tied)))
            return
        self.turn = tied[0]
        self.tasks.append(("begin",))

    def _do_begin(self) -> None:
        limit = self.game.options.turn_limit
        if limit and self.turns >= limit:
            self.tasks.clear()  # decision FI-16: the game stops undecided
            return
        self.turns += 1
        self._new_turn()
        me = self.turn
        self.tasks.append(("end",))
        if self.lying[me]:
            # R-FI GETTING FIREBALLED 2: "place your playing piece upright in the smolder pit. You
            # cannot roll, move or play any cards on this turn." The token may be traded in: it is
            # no card, and "can be traded in on any one of your turns" (decision FI-13).
            self.lying[me] = False
            self.tasks.append(("window", "stand", 0))
            return
        self.tasks += [("window", "end", 0), ("pushes",), ("act",), ("window", "pre", 0)]
        if BOARD.spaces[self.pos[me]].is_cave:
            self.tasks.append(("declare",))

    def _do_act(self) -> None:
        me = self.turn
        if self.ahead:  # R-FI MOVE AHEAD ... INSTEAD OF ROLLING DIE
            self.tasks.append(("path", me, self.ahead, me))
        elif self.declared == CAVE:
            self.tasks.append(("roll", "cave"))
        else:
            self.tasks.append(("roll", "move"))

    def _do_rolled(self, purpose: str) -> None:
        me = self.turn
        if self.reroll:
            # R-FI REROLL THE DIE: "The player who rolled must ignore the first roll, and roll again.
            # If the first die roll was a '1,' a Fireball is not rolled."
            self.reroll = False
            if self.was_doubled:
                self.doubled, self.was_doubled = True, False
            self.roll = 0
            self.rolling = ""
            self.tasks.append(("roll", purpose))
        elif purpose == "cave":
            self._cave_roll(self.roll)
        elif self.roll == 1:
            # R-FI: "If you roll a '1' on the die, don't move your playing piece ... you must roll a Fireball!"
            self.tasks.append(("fireball", me, "die"))
        else:
            self.tasks.append(("path", me, self.roll, me))

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
            self.tasks.append(("fireball", me, "die"))

    def _do_walk(self, mover: int, rest: str, mode: str) -> None:
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
                self.tasks += [("walk", mover, ">".join(rest_of_walk), mode), ("snatch", owner, mover)]
                self.tasks.append(("steal", owner, mover))
                return
        self._land(mover, mode)

    def _do_snatch(self, owner: int, mover: int) -> None:
        if self.blocked:
            self.blocked = False
        elif self.owner == owner:
            self.owner = mover

    def _land(self, mover: int, mode: str) -> None:
        space = self.pos[mover]
        here = BOARD.spaces[space]
        if mode == "go":
            if here.is_cave:
                self.tasks.append(("roll", "cave"))  # R-FI Caves 2: "On your same turn, roll the die again"
                return
            if space == rules.VUL_KAR and self.jewel_at == rules.VUL_KAR:
                # R-FI CAPTURING THE JEWEL FROM VUL-KAR: fill the hand to 4, roll any one Fireball,
                # take 3 full turns in a row (D-FI-5: 3 extra turns).
                self.owner, self.jewel_at = mover, ""
                self.extra += CAPTURE_TURNS
                self.tasks += [("fireball", mover, "capture"), ("draw", mover, HAND_LIMIT - len(self.hands[mover]))]
                return
            if space == rules.DOCK and self.owner == mover:
                self.winner = mover  # R-FI: "The player who reaches the Dock with the jewel wins the game!"
                self.tasks.clear()
                return
        if here.dark:
            self.tasks.append(("draw", mover, 1))  # R-FI Dark Trail Spaces

    def _do_pushes(self) -> None:
        me = self.turn
        if self.pushes:
            seat, spaces = self.pushes.pop(0)
            self.tasks.append(("pushes",))
            # R-FI NOTE: "These cards do not move players out of caves, smolder pits, or the water".
            if BOARD.spaces[self.pos[me]].is_trail:
                self.tasks.append(("path", me, spaces, seat))

    def _do_end(self) -> None:
        if self.extra:
            self.extra -= 1
        else:
            self.turn = (self.turn + 1) % self.n  # R-FI: "Play continues to the left"
        self.tasks.append(("begin",))

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
            while self.tasks and self.tasks[-1][0] != "end" and self.tasks[-1][:2] != ("window", "end"):
                self.tasks.pop()
            self.pushes = []


_CARDS: Final = {face.key: face for face in FACES}
# Turn order from each seat, for n players: everyone (_ROUND), everyone but that seat (_OTHERS).
_ROUND: Final = {n: [tuple((first + i) % n for i in range(n)) for first in range(n)] for n in range(2, 5)}
_OTHERS: Final = {n: [tuple((top + i) % n for i in range(1, n)) for top in range(n)] for n in range(2, 5)}

# What a seat asked to decide must do when it tries to pass instead (a walk, an aim, a declaration).
_NO_PASS: Final = {
    "path": "the move must be made: choose a walk (its end space, like TA3)",
    "fireball": "the Fireball must be rolled: choose a rollway with a target on it",
    "declare": "in a cave, first declare: cave or exit",
}

_WHEN: Final = {
    CardType.FIREBALL: "any time on your own turn or an opponent's, in a window",
    CardType.FAKE_JEWEL: "only when an opponent tries to steal the jewel from you",
    CardType.CANCEL: "only on top of a card just played",
    CardType.MAGIC_TALISMAN: "only when a Fireball is about to roll; by its roller only after rolling a 1 "
    "with its own piece the target",
    CardType.REROLL: "only right after a roll of the die",
    CardType.TAKE_ANOTHER_TURN: "only at the end of your own turn, once",
    CardType.TAKE_1_CARD: "against an opponent holding a card, not one with the jewel in a token",
    CardType.MOVE_AHEAD: "before the roll, instead of it, once a turn",
    CardType.MOVE_BACK: "on the opponent whose turn it is, on a trail, before or after the roll",
    CardType.DOUBLE_NEXT_ROLL: "any time, while no double is waiting",
}
