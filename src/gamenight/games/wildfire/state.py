"""A game of Wildfire in progress: rounds, turns, the draw pile, the hub, knocks and scores.

The turn structure is a small set of phases. Decisions happen in PLAY, AFTER_DRAW and
(in the strategic variant) HUB; DEAL, FIRST_DOUBLE, DRAW, HUB and PENALTY are chance
steps whose outcomes are a tile from the unseen pile or the hub's number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from gamenight.engine.chance import Uniform, uniform
from gamenight.engine.errors import IllegalMoveError, NotationError
from gamenight.engine.notation import is_move
from gamenight.games.dominoes.hands import held, pile_index
from gamenight.games.wildfire import rules
from gamenight.games.wildfire.layout import (
    OBLIGATION_KINDS,
    Layout,
)
from gamenight.games.wildfire.moves import (
    DRAW,
    DRAW_MOVE,
    HUB,
    PASS,
    PASS_MOVE,
    PLAY,
    Move,
    move_notation,
    parse_move,
)
from gamenight.games.wildfire.tiles import ALL_TILES, HUB_NUMBERS, NAMES, POINTS, STARTING_DOUBLES, TILES

if TYPE_CHECKING:
    from gamenight.games.wildfire.game import WildfireGame
    from gamenight.games.wildfire.view import WildfireView

HAND_SIZE: Final = 7  # R-WF SET-UP: "deals seven dominoes to each player"


class Phase:
    """The phases, as plain ints: an IntEnum member lookup costs ~100 ns, and the turn
    loop reads these on every step (benchmarks/README.md)."""

    DEAL: Final = 0  # chance: the next tile of the deal
    FIRST_DOUBLE: Final = 1  # chance: nobody holds a double, `turn` draws (D-WF-7)
    PLAY: Final = 2  # `turn` plays, draws or passes
    DRAW: Final = 3  # chance: the tile `turn` draws
    AFTER_DRAW: Final = 4  # `turn` plays the drawn tile or passes
    HUB: Final = 5  # the hub's number for the new obligation (chance, or `turn` names it)
    PENALTY: Final = 6  # chance: the tile `penalty` draws for not knocking (D-WF-8)
    OVER: Final = 7


TILE_DRAWS: Final = frozenset({Phase.DEAL, Phase.FIRST_DOUBLE, Phase.DRAW, Phase.PENALTY})

PHASE_NAMES: Final = ("deal", "firstdouble", "play", "draw", "afterdraw", "hub", "penalty", "over")


class WildfireState:
    __slots__ = (
        "game", "n", "phase", "hands", "pile", "layout", "turn", "dealer", "drawn",
        "knocked", "loses_turn", "penalty", "unfilled", "absent", "passed_over", "guessing", "sheet", "totals",
        "_legal", "stop_at_end",
    )  # fmt: skip
    game: WildfireGame
    n: int
    phase: int  # a Phase
    hands: list[list[int]]
    pile: list[int]
    layout: Layout
    turn: int  # the seat whose turn it is (or who draws for the first double)
    dealer: int
    drawn: int  # the tile just drawn, in AFTER_DRAW; else -1
    knocked: list[bool]
    loses_turn: list[bool]  # the missed-knock penalty with an empty pile (D-WF-8)
    penalty: int  # the seat owing a penalty draw, or -1
    unfilled: int  # passes in a row on the open obligation with the pile out (obligation_burns_out)
    absent: list[int]  # per seat, the tiles it showed it does not hold (bit t for tile t); public
    passed_over: list[int]  # per seat, heavier tiles that fitted when it played a lighter one; public
    guessing: bool  # whether plays add to passed_over: not in a search's sampled states (see apply)
    sheet: list[list[int]]
    totals: list[int]
    _legal: list[Move] | None  # legal_moves() of this position, until the next change
    stop_at_end: bool  # the round's end is left out: dominoes.ends.final_position's copy, the table as it ended

    def __init__(self, game: WildfireGame, blank: bool = False) -> None:
        # blank: the fields are left for clone() to fill (a compiled class makes its instances
        # through __init__ only, so a clone cannot be made with __new__: `make fast`).
        if blank:
            return
        self._legal = None
        self.stop_at_end = False
        self.game = game
        self.n = game.options.players
        self.guessing = True
        self.dealer = 0
        self.sheet = []  # one row of scores per round played
        self.totals = [0] * self.n
        self._new_round()

    # -- the protocol ------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> int | None:
        phase = self.phase
        if phase == Phase.PLAY or phase == Phase.AFTER_DRAW:
            return self.turn
        if phase == Phase.OVER:
            return None
        if phase == Phase.HUB and self.game.options.strategic:
            return self.turn
        return -1

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def clone(self) -> WildfireState:
        new = WildfireState(self.game, True)
        new.game = self.game
        new.n = self.n
        new.phase = self.phase
        new.hands = [h.copy() for h in self.hands]
        new.pile = self.pile.copy()
        new.layout = self.layout.clone()
        new.turn = self.turn
        new.dealer = self.dealer
        new.drawn = self.drawn
        new.knocked = self.knocked.copy()
        new.loses_turn = self.loses_turn.copy()
        new.penalty = self.penalty
        new.unfilled = self.unfilled
        new.absent = self.absent.copy()
        new.passed_over = self.passed_over.copy()
        new.guessing = self.guessing
        new.sheet = [row.copy() for row in self.sheet]
        new.totals = self.totals.copy()
        new._legal = self._legal
        new.stop_at_end = self.stop_at_end
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> WildfireState:
        # copy.deepcopy (OpenSpiel clones a state with it) is a clone: a compiled class
        # (`make fast`) is made through __init__ only, where deepcopy would make it without.
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its notation, which reads back to the same position (the conformance
        # checks): a compiled class (`make fast`) has no fields pickle can see.
        return (self.game.state_from_notation, (self.notation(),))

    def legal_moves(self) -> list[Move]:
        """Every legal decision (callers must not change the list: it is cached)."""
        if self._legal is None:
            self._legal = self._legal_moves()
        return self._legal

    def _legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == Phase.PLAY:
            hand = self.hands[self.turn]
            plays = rules.legal_plays(self.layout, hand)
            if plays:
                return self._with_knocks(plays, 2) if len(hand) == 2 else plays
            return [DRAW_MOVE] if self.pile else [PASS_MOVE]
        if phase == Phase.AFTER_DRAW:
            # R-WF: draw one domino "and either play it or say pass if [it] cannot be played"
            plays = rules.legal_plays(self.layout, (self.drawn,))
            return self._with_knocks(plays, len(self.hands[self.turn])) if plays else [PASS_MOVE]
        if phase == Phase.HUB and self.game.options.strategic:
            return [Move(HUB, n) for n in HUB_NUMBERS]
        return []

    def _with_knocks(self, plays: list[Move], hand_size: int) -> list[Move]:
        if hand_size == 2 and self.manual_knock():
            # R-WF: "When a player is down to one domino, they must knock."
            return plays + [m._replace(knock=True) for m in plays]
        return plays

    def manual_knock(self) -> bool:
        options = self.game.options
        return options.knock_penalty and not options.auto_knock

    def apply(self, move: object) -> None:
        # Any value (a compiled build checks an argument's declared type before the body): a
        # plain tuple can equal a legal Move, and has no .kind: only a Move is a move.
        legal = self.legal_moves()
        # The very move offered, by identity first (compiled, a native loop: `in` compares field by field)
        for played in legal:
            if played is move:
                break
        else:  # an equal one (read from notation), or none
            if move not in legal or not isinstance(move, Move):
                if not isinstance(move, Move) or not is_move(move, Move, self.move_notation, self.parse_move):
                    raise IllegalMoveError(f"{move!r} is not a Wildfire move: play a tile, draw, pass or name the hub")
                raise IllegalMoveError(self._why_illegal(move))
            played = move
        self._legal = None  # the position changes from here on
        if played.kind == PLAY:
            if self.phase == Phase.PLAY and self.guessing:
                # What the table may guess from a choice (the drawn tile is no choice). Only
                # the table's own state keeps this up: search reads it from the view it
                # samples from, never from the states its playouts reach, which skip the work.
                seat = self.turn  # (`|=` on an item is a generic call, compiled: read, then written)
                self.passed_over[seat] = self.passed_over[seat] | rules.passed_over_mask(self.layout, played.tile)
            self._play(played)
        elif played.kind == DRAW:
            # A seat draws when it cannot play: it holds no tile that would fit now.
            self.absent[self.turn] = self.absent[self.turn] | rules.playable_mask(self.layout)
            self.phase = Phase.DRAW
        elif played.kind == PASS:
            if self.phase == Phase.AFTER_DRAW:
                # It keeps the tile it drew, which does not fit either (the layout is as it
                # was when it drew). That tile may be one it once showed it lacked, so only
                # what fits now is known absent.
                self.absent[self.turn] = rules.playable_mask(self.layout)
            else:
                # nothing fits, no pile
                self.absent[self.turn] = self.absent[self.turn] | rules.playable_mask(self.layout)
            if not self.pile and self.layout.obligation >= 0 and self.game.options.obligation_burns_out:
                self.unfilled += 1
            self._next_turn()
        else:
            self._set_hub(played.tile)

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        phase = self.phase
        if phase == Phase.HUB:
            if self.game.options.strategic:
                return []
            return uniform(HUB_NUMBERS)  # D-WF-5: the lights stop on 1..9, uniformly
        if phase in TILE_DRAWS:
            return Uniform(self.pile)  # the pile itself; it has no order: a draw is any unseen tile
        return []

    def apply_chance(self, outcome: object) -> None:
        if type(outcome) is not int:  # a bool is an int too, but names no tile and no number
            raise IllegalMoveError(f"{outcome!r} is not a chance outcome: a tile from the pile or the hub's number")
        phase = self.phase
        if phase == Phase.HUB and not self.game.options.strategic:
            if outcome not in HUB_NUMBERS:
                raise IllegalMoveError(f"the hub shows 1 to 9, not {outcome}")
            self._legal = None
            self._set_hub(outcome)
            return
        if phase not in TILE_DRAWS:
            raise IllegalMoveError("this is not a chance step")
        try:
            self.pile.pop(pile_index(self.pile, outcome))  # (pop, not del: compiled, a del is a generic call)
        except ValueError:
            name = TILES.name(outcome) if outcome in ALL_TILES else str(outcome)
            raise IllegalMoveError(f"{name} is not in the draw pile") from None
        self._legal = None
        self._apply_draw(phase, outcome)

    def _apply_draw(self, phase: int, outcome: int) -> None:
        if phase == Phase.DEAL:
            self.hands[self.next_dealt_seat()].append(outcome)
            if len(self.pile) == len(ALL_TILES) - HAND_SIZE * self.n:
                self._place_first_double()
        elif phase == Phase.FIRST_DOUBLE:
            self.hands[self.turn].append(outcome)
            self.turn = (self.turn + 1) % self.n
            if self.turn == (self.dealer + 1) % self.n:
                self._place_first_double()  # a pass is complete: every hand is one tile larger
        elif phase == Phase.DRAW:
            self.hands[self.turn].append(outcome)
            self.knocked[self.turn] = False
            self.drawn = outcome
            self.phase = Phase.AFTER_DRAW
        else:
            self.hands[self.penalty].append(outcome)
            self.absent[self.penalty] = 0  # a penalty tile may be any tile
            self.knocked[self.penalty] = False
            self.penalty = -1
            self._next_turn()

    def scores(self) -> list[int]:
        return self.totals.copy()

    def returns(self) -> list[float]:
        if self.phase != Phase.OVER:
            return [0.0] * self.n
        winners = self.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.n)]

    def winners(self) -> list[int]:
        """R-WF: "the player with the fewest points is the winner"; ties share (D-WF-6)."""
        best = min(self.totals)
        return [s for s in range(self.n) if self.totals[s] == best]

    # -- notation and views (implemented in notation.py / view.py) ---------------

    def notation(self) -> str:
        from gamenight.games.wildfire.notation import position_notation

        return position_notation(self)

    def view(self, seat: int | None) -> WildfireView:
        from gamenight.games.wildfire.view import view

        return view(self, seat)

    def move_notation(self, move: Move) -> str:
        return move_notation(move)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def outcome_notation(self, outcome: int) -> str:
        return str(outcome) if self.phase == Phase.HUB else NAMES[outcome]

    def parse_outcome(self, text: str) -> int:
        if self.phase == Phase.HUB:
            if text.strip() in {str(n) for n in HUB_NUMBERS}:
                return int(text)
            raise NotationError(f"{text!r} is not a hub number (1 to 9)")
        return TILES.parse(text)

    # -- the rules of a turn -----------------------------------------------------

    def _why_illegal(self, move: Move) -> str:
        phase = self.phase
        if phase == Phase.OVER:
            return "the game is over"
        if self.to_act() == -1:
            return "no player is to act: the next step is chance (a draw or the hub)"
        if phase == Phase.HUB:
            return "name the hub's number first: 'hub 1' to 'hub 9'"
        if move.kind == HUB:
            return "there is no hub number to name now"
        hand = self.hands[self.turn]
        can_play = any(m.kind == PLAY for m in self.legal_moves())
        if move.kind == DRAW:
            if phase == Phase.AFTER_DRAW:
                return "you have drawn already: play the drawn tile or pass"
            if can_play:
                return "you can play, so you may not draw (R-WF: draw only if you cannot play)"
            return "the draw pile is empty: you must pass"
        if move.kind == PASS:
            if can_play:  # R-WF: draw or pass only "If a player cannot play"
                return "you must play when you can"
            return "you cannot pass before drawing: draw one domino first"
        if move.tile not in hand:
            return f"you do not hold {TILES.name(move.tile)}"
        if phase == Phase.AFTER_DRAW and move.tile != self.drawn:
            return f"after drawing you may play only the tile you drew, {TILES.name(self.drawn)}"
        if move.knock:
            if len(hand) != 2:
                return "you knock only with the play that leaves you one domino"
            if not self.manual_knock():
                return "knocking is automatic in this game"
            # D-WF-8: a manual knock is legal with any legal play, so the play itself is wrong
        return rules.why_illegal(self.layout, move.tile, move.inner, move.end)

    def _play(self, move: Move) -> None:
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(move.tile)
        self.drawn = -1
        self.unfilled = 0
        node = self.layout.place(move.tile, move.inner, move.end)
        if not hand:
            self._end_round()  # R-WF: the round ends when a player plays his last domino
            return
        if len(hand) == 1:
            if move.knock or not self.manual_knock():
                self.knocked[seat] = True
            else:
                self.penalty = seat  # D-WF-8: ended the turn on one domino without knocking
        if self.layout.kind[node] in OBLIGATION_KINDS:
            self.phase = Phase.HUB  # R-WF: "must immediately press the center domino on the Hub"
            return
        self._finish_turn()

    def _set_hub(self, number: int) -> None:
        self.layout.set_hub(number)
        self._finish_turn()

    def _finish_turn(self) -> None:
        if self.penalty >= 0:
            if self.pile:
                self.phase = Phase.PENALTY  # "must take a domino from the draw pile as a penalty"
                return
            self.loses_turn[self.penalty] = True  # "If the draw pile is out ... loses their next turn"
            self.penalty = -1
        self._next_turn()

    def _next_turn(self) -> None:
        """Play proceeds clockwise (to the left): seat + 1, skipping a lost turn."""
        seat = (self.turn + 1) % self.n
        while self.loses_turn[seat]:
            self.loses_turn[seat] = False
            seat = (seat + 1) % self.n
        self.turn = seat
        self.drawn = -1
        self.phase = Phase.PLAY
        if self.pile:
            return
        if self.unfilled >= self.n:
            # obligation_burns_out: it has gone round the whole table unfilled with the pile out
            self.layout.burn_out()
            self.unfilled = 0
        if not rules.legal_plays(self.layout, self.hands[seat]) and self._blocked():
            self._end_round()

    def _blocked(self) -> bool:
        """R-WF: blocked "because no other plays can be made and there are no dominoes left".
        Under obligation_burns_out an open obligation does not block: it burns out first."""
        if self.layout.obligation >= 0 and self.game.options.obligation_burns_out:
            return False
        return not any(rules.legal_plays(self.layout, hand) for hand in self.hands)

    # -- rounds ------------------------------------------------------------------

    def _new_round(self) -> None:
        self.phase = Phase.DEAL
        self.hands = [[] for _ in range(self.n)]
        self.pile = list(ALL_TILES)
        self.layout = Layout()
        self.turn = self.dealer
        self.drawn = -1
        self.knocked = [False] * self.n
        self.loses_turn = [False] * self.n
        self.penalty = -1
        self.unfilled = 0
        self.absent = [0] * self.n
        self.passed_over = [0] * self.n

    def next_dealt_seat(self) -> int:
        """The dealer deals one at a time, starting on the left."""
        return (self.dealer + 1 + held(self.hands)) % self.n

    def _place_first_double(self) -> None:
        """R-WF: "The player with the highest double plays first and places that highest double"."""
        for double in STARTING_DOUBLES:
            for seat, hand in enumerate(self.hands):
                if double in hand:
                    self._start_play(seat, double)
                    return
        # "If no player has a double, then each player draws another domino from the pile,
        # until someone draws a double": each player draws one a pass, from the dealer's
        # left, so hands stay equal; after the pass in which a double turns up, the highest
        # double held starts (D-WF-7, as amended in docs/rules/wildfire.md).
        self.phase = Phase.FIRST_DOUBLE
        self.turn = (self.dealer + 1) % self.n

    def _start_play(self, seat: int, double: int) -> None:
        self.hands[seat].remove(double)
        self.layout.place_centre(double)
        self.turn = seat
        self._next_turn()

    def _end_round(self) -> None:
        """R-WF SCORING: who goes out scores 0, the others count their hands (pips, +10 a Wild
        One, +20 a Double, +30 a Triple Wildfire); blocked, everyone counts their own hand."""
        if self.stop_at_end:
            return
        row = [sum(POINTS[t] for t in hand) for hand in self.hands]
        self.sheet.append(row)
        self.totals = [t + r for t, r in zip(self.totals, row, strict=True)]
        options = self.game.options
        if options.rounds is not None:
            over = len(self.sheet) >= options.rounds
        else:
            over = max(self.totals) >= options.target_score  # "if one player has 300 or more"
        if over:
            self.phase = Phase.OVER
            return
        # R-WF: "the player to the left of the dealer becomes the new dealer"
        self.dealer = (self.dealer + 1) % self.n
        self._new_round()
