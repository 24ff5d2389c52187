"""A game of Highrise in progress: hands, turns, the draw pile, the tower and the scores.

The turn structure is a small set of phases. Decisions happen in PLAY and AFTER_DRAW;
BASEMENT, DEAL and DRAW are chance steps. A basement step lays a random domino from the
pile, turned either way, in the next basement slot; a deal or a draw gives one player a
random domino from the pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, Final

from gamenight.engine.chance import Alike, Uniform
from gamenight.engine.errors import IllegalMoveError, NotationError
from gamenight.engine.notation import is_move
from gamenight.games.dominoes.hands import COMPILED, held, pile_index
from gamenight.games.highrise import rules
from gamenight.games.highrise.moves import (
    DRAW,
    DRAW_MOVE,
    PASS,
    PASS_MOVE,
    PLAY,
    Move,
    move_notation,
    parse_move,
)
from gamenight.games.highrise.options import LAST_HAND
from gamenight.games.highrise.tiles import (
    ALL_TILES,
    BASEMENT_SIZE,
    HALVES,
    HAND_SIZE,
    NAMES,
    TILES,
    hand_points,
    is_double,
)
from gamenight.games.highrise.tower import BASES, Tower

if TYPE_CHECKING:
    from gamenight.games.highrise.game import HighriseGame
    from gamenight.games.highrise.view import HighriseView


class Phase:
    """The phases, as plain ints (an IntEnum lookup costs time on every step of a playout)."""

    BASEMENT: Final = 0  # chance: the next basement domino, and which way round it lies
    DEAL: Final = 1  # chance: the next domino dealt
    PLAY: Final = 2  # `turn` plays, draws or passes
    DRAW: Final = 3  # chance: the domino `turn` draws
    AFTER_DRAW: Final = 4  # `turn` plays the drawn domino or ends the turn
    OVER: Final = 5


# The phases by module names as well: in CPython 3.11 reading an attribute off a class is a
# slower lookup than a module's name, and a playout asks the phase several times a step.
BASEMENT_PHASE: Final = Phase.BASEMENT
DEAL_PHASE: Final = Phase.DEAL
PLAY_PHASE: Final = Phase.PLAY
DRAW_PHASE: Final = Phase.DRAW
AFTER_DRAW_PHASE: Final = Phase.AFTER_DRAW
OVER_PHASE: Final = Phase.OVER

PHASE_NAMES: Final = ("basement", "deal", "play", "draw", "afterdraw", "over")


def basement_outcome(tile: int, turned: bool) -> int:
    """A basement chance outcome: the domino, and whether it lies with its second half
    (as the set lists it) on the slot's first cell."""
    return tile * 2 + int(turned)


# The basement draw is a domino of the pile lying one way round or the other, all 2N
# (domino, way) pairs equally likely (decision: R-HR does not say which way round). A double
# lies the same both ways, so its two pairs are alike: one outcome with twice the chance.
DOUBLES: Final = frozenset(t for t in ALL_TILES if is_double(t))
DEALT_FROM: Final = len(ALL_TILES) - BASEMENT_SIZE  # the pile the deal takes from

BASEMENT_WAYS: Final = tuple(
    (basement_outcome(t, False),) * 2 if is_double(t) else (basement_outcome(t, False), basement_outcome(t, True))
    for t in ALL_TILES
)
EVERY_BASEMENT_WAY: Final = tuple(chain.from_iterable(BASEMENT_WAYS))


class HighriseState:
    __slots__ = (
        "game",
        "n",
        "phase",
        "hands",
        "pile",
        "tower",
        "turn",
        "drawn",
        "absent",
        "hand_number",
        "totals",
        "_legal",
        "stop_at_end",
        "_basement",
    )
    game: HighriseGame
    n: int
    phase: int  # a Phase
    hands: list[list[int]]
    pile: list[int]  # the draw pile, in the set's order (it has no order of its own)
    tower: Tower
    turn: int  # the seat whose turn it is
    drawn: int  # the domino just drawn, in AFTER_DRAW; else -1
    absent: list[int]  # per seat, the dominoes it showed it does not hold (bit t for domino t); public
    hand_number: int  # the hand being played, from 1 ("hand=" in the notation)
    totals: list[int]  # the running totals on the score sheet
    _legal: list[Move] | None  # legal_moves() of this position, until the next change
    stop_at_end: bool  # the round's end is left out: dominoes.ends.final_position's copy, the table as it ended
    _basement: tuple[list[int], list[int]] | None  # _basement_ways(): the pile it was made for, and them

    def __init__(self, game: HighriseGame, blank: bool = False) -> None:
        # blank: the fields are left for clone() to fill (a compiled class makes its instances
        # through __init__ only, so a clone cannot be made with __new__: `make fast`).
        if blank:
            return
        self._legal = None
        self.stop_at_end = False
        self._basement = None
        self.game = game
        self.n = game.options.players
        self.hand_number = 1
        self.totals = [0] * self.n
        self._new_hand()

    # -- the protocol ------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def starter(self) -> int:
        """D-HR-6: seat 1 is "the youngest", who starts; "The next hand is started by the player
        to the left of the youngest player, and so on"."""
        return (self.hand_number - 1) % self.n

    def to_act(self) -> int | None:
        phase = self.phase
        if phase == PLAY_PHASE or phase == AFTER_DRAW_PHASE:
            return self.turn
        if phase == OVER_PHASE:
            return None
        return -1

    def is_over(self) -> bool:
        return self.phase == OVER_PHASE

    def clone(self) -> HighriseState:
        new = HighriseState(self.game, True)
        new.game = self.game
        new.n = self.n
        new.phase = self.phase
        new.hands = [h.copy() for h in self.hands]
        new.pile = self.pile.copy()
        new.tower = self.tower.clone()
        new.turn = self.turn
        new.drawn = self.drawn
        new.absent = self.absent.copy()
        new.hand_number = self.hand_number
        new.totals = self.totals.copy()
        new._legal = self._legal
        new.stop_at_end = self.stop_at_end
        new._basement = None  # made for the other pile
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> HighriseState:
        # copy.deepcopy (OpenSpiel clones a state with it) is a clone: a compiled class
        # (`make fast`) is made through __init__ only, where deepcopy would make it without.
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its notation, which reads back to the same position (the conformance
        # checks): a compiled class (`make fast`) has no fields pickle can see.
        return (self.game.state_from_notation, (self.notation(),))

    def legal_moves(self) -> list[Move]:
        """Every legal decision (callers must not change the list: it is kept until the position
        changes)."""
        legal = self._legal
        if legal is not None:
            return legal
        phase = self.phase
        if phase == PLAY_PHASE:
            # R-HR: "you must make a play if you have one"; "If you are unable to make a play,
            # then you must draw one domino from the draw pile"; "If there are no more dominoes
            # in the draw pile, you must pass your turn if you cannot play."
            legal = rules.legal_plays(self.tower, self.hands[self.turn])
            if not legal:
                legal = [DRAW_MOVE] if self.pile else [PASS_MOVE]
        elif phase == AFTER_DRAW_PHASE:
            # R-HR: "After drawing the domino, you must either play it if you can, or end your
            # turn without playing."
            drawn = self.drawn
            if rules.playable_mask(self.tower) >> drawn & 1:  # (known since the draw: no play since)
                legal = rules.legal_plays(self.tower, (drawn,))
            else:
                legal = [PASS_MOVE]
        else:
            legal = []
        self._legal = legal
        return legal

    def apply(self, move: Move) -> None:
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        # A plain tuple can equal a legal Move, and has no .kind: only a Move is a move.
        # (isinstance, as the other games: compiled, `type(move) is Move` looked the imported
        # class up in the module's dict at every move.)
        # The very move offered, by identity first (compiled, a native loop: `in` compares field by field)
        for played in legal:
            if played is move:
                break
        else:  # an equal one (read from notation), or none
            if move not in legal or not isinstance(move, Move):
                if not is_move(move, Move, self.move_notation, self.parse_move):
                    raise IllegalMoveError(f"{move!r} is not a Highrise move: play a domino, draw or pass")
                raise IllegalMoveError(self._why_illegal(move))
        self._legal = None  # the position changes from here on
        if move.kind == PLAY:
            self._play(move)
        elif move.kind == DRAW:
            # A seat draws when it cannot play: it holds no domino that would fit now.
            self.absent[self.turn] = self.absent[self.turn] | rules.playable_mask(self.tower)  # (as in _play)
            self.phase = DRAW_PHASE
        else:
            if self.phase == AFTER_DRAW_PHASE:
                # It keeps the domino it drew, which does not fit either (the tower is as it
                # was when it drew). That domino may be one it once showed it lacked, so only
                # what fits now is known absent.
                self.absent[self.turn] = rules.playable_mask(self.tower)
            else:
                # nothing fits, no pile
                self.absent[self.turn] = self.absent[self.turn] | rules.playable_mask(self.tower)
            self._next_turn()

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        phase = self.phase
        if phase == DEAL_PHASE or phase == DRAW_PHASE:
            return Uniform(self.pile)  # the pile itself; it has no order: a draw is any unseen domino
        if phase == BASEMENT_PHASE:
            # R-HR SET-UP: "randomly selects eight dominoes, one at a time, and places them face up".
            return Alike(self._basement_ways())  # the list itself, cut at each draw
        return []

    def _basement_ways(self) -> list[int]:
        """Every (domino, way) of the pile as a basement outcome (BASEMENT_WAYS), in pile order.
        Made for a pile once, then cut down in place as its dominoes are laid (apply_chance),
        rather than made anew at each of the eight draws: kept with the very pile list it was
        made for, so a pile put in its place (a sampled deal, a position read) is read afresh.
        (A list cut in place: cutting a tuple made two slices and a third tuple at every draw.
        The outcomes handed out are this list itself, which a draw only ever cuts: a listing
        read after a draw raises StaleOutcomesError, engine/chance.py's Uniform.)"""
        pile, kept = self.pile, self._basement
        if kept is None or kept[0] is not pile or len(kept[1]) != 2 * len(pile):
            kept = self._basement = (pile, list(chain.from_iterable(map(BASEMENT_WAYS.__getitem__, pile))))
        return kept[1]

    def apply_chance(self, outcome: int) -> None:
        phase = self.phase
        if type(outcome) is not int:  # (checked only then: an outcome drawn is a plain int)
            if phase != BASEMENT_PHASE and phase != DEAL_PHASE and phase != DRAW_PHASE:
                raise IllegalMoveError("this is not a chance step")
            if not isinstance(outcome, int) or isinstance(outcome, bool):
                raise IllegalMoveError(f"{outcome!r} is not a chance outcome here")
        if phase == BASEMENT_PHASE:
            self._lay_basement(outcome)
            return
        if phase != DEAL_PHASE and phase != DRAW_PHASE:
            raise IllegalMoveError("this is not a chance step")
        # A deal or a draw: a domino from the pile to a hand.
        pile = self.pile
        try:
            # Compiled, a native bisection (`hands.pile_index`); in pure Python one C call costs
            # less on a pile this short than a call of pile_index
            if COMPILED:
                pile.pop(pile_index(pile, outcome))  # (pop, not del: compiled, a del is a generic call)
            else:
                pile.remove(outcome)
        except ValueError:
            name = TILES.name(outcome) if outcome in ALL_TILES else repr(outcome)
            raise IllegalMoveError(f"{name} is not in the draw pile") from None
        if phase == DEAL_PHASE:
            # Every domino is in the tower (the eight of the basement, in the deal), a hand or
            # the pile: what has left the pile was dealt, one at a time round the table.
            dealt = DEALT_FROM - len(pile)
            n = self.n
            self.hands[((self.hand_number - 1) % n + dealt - 1) % n].append(outcome)  # next_dealt_seat()
            if dealt == HAND_SIZE * n:
                self.turn = self.starter  # R-HR: "The youngest player has the first turn."
                self.phase = PLAY_PHASE
                self._legal = None  # (a chance step has none: [] may have been kept)
        else:
            self.hands[self.turn].append(outcome)
            self.drawn = outcome
            self.phase = AFTER_DRAW_PHASE
            self._legal = None

    def _lay_basement(self, outcome: int) -> None:
        tile, turned = outcome >> 1, outcome & 1  # basement_outcome(tile, turned)
        pile = self.pile
        if turned and tile in DOUBLES and tile in pile:
            raise IllegalMoveError(f"{TILES.name(tile)} is a double: it lies the same either way round")
        try:
            index = pile_index(pile, tile)
        except ValueError:
            name = TILES.name(tile) if tile in ALL_TILES else repr(outcome)
            raise IllegalMoveError(f"{name} is not in the draw pile") from None
        kept = self._basement
        if kept is not None and kept[0] is pile and len(kept[1]) == 2 * len(pile):
            ways = kept[1]  # the outcomes for the pile without this domino (pops: see above)
            ways.pop(2 * index + 1)
            ways.pop(2 * index)
        pile.pop(index)
        tower = self.tower
        tower.lay_basement(tile, turned == 1)
        if len(tower.laid) == BASEMENT_SIZE:  # the basement is full
            self.phase = DEAL_PHASE
            self._basement = None

    def scores(self) -> list[int]:
        return self.totals.copy()

    def returns(self) -> list[float]:
        if self.phase != OVER_PHASE:
            return [0.0] * self.n
        winners = self.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.n)]

    def winners(self) -> list[int]:
        """R-HR: "the player with highest score is the winner"; ties share (D-HR-5)."""
        best = max(self.totals)
        return [s for s in range(self.n) if self.totals[s] == best]

    # -- notation and views (implemented in notation.py / view.py) ---------------

    def notation(self) -> str:
        from gamenight.games.highrise.notation import position_notation

        return position_notation(self)

    def view(self, seat: int | None) -> HighriseView:
        from gamenight.games.highrise.view import view

        return view(self, seat)

    def move_notation(self, move: Move) -> str:
        return move_notation(move, self.tower.base)

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self.tower.base)

    def outcome_notation(self, outcome: int) -> str:
        if self.phase == BASEMENT_PHASE:
            tile, turned = divmod(outcome, 2)
            x, y = HALVES[tile]
            return TILES.oriented(y, x) if turned else TILES.oriented(x, y)
        return NAMES[outcome]

    def parse_outcome(self, text: str) -> int:
        if self.phase == BASEMENT_PHASE:
            halves = TILES.parse_halves(text)
            tile = TILES.by_halves[halves]
            return basement_outcome(tile, halves != HALVES[tile])
        if self.phase in (DEAL_PHASE, DRAW_PHASE):
            return TILES.parse(text)
        raise NotationError(f"there is no chance step in phase {PHASE_NAMES[self.phase]}")

    def next_dealt_seat(self) -> int:
        """Each player takes five, one at a time round the table from the starting player."""
        return (self.starter + held(self.hands)) % self.n

    # -- the rules of a turn -----------------------------------------------------

    def _why_illegal(self, move: Move) -> str:
        phase = self.phase
        if phase == OVER_PHASE:
            return "the game is over"
        if self.to_act() == -1:
            return "no player is to act: the next step is chance (the basement, the deal or a draw)"
        if not isinstance(move, Move):
            return f"{move!r} is not a Highrise move"
        can_play = any(m.kind == PLAY for m in self.legal_moves())
        if move.kind == DRAW:
            if phase == AFTER_DRAW_PHASE:
                return "you have drawn already: you never draw more than one domino in your turn"
            if can_play:
                return "you can play, so you may not draw (R-HR: you must make a play if you have one)"
            return "the draw pile is empty: you must pass"
        if move.kind == PASS:
            if can_play:
                return "you must make a play if you have one"
            return "you cannot pass before drawing: draw one domino first"
        if move.kind != PLAY:
            return f"{move!r} is not a Highrise move"
        if move.tile not in self.hands[self.turn]:
            return f"you do not hold {TILES.name(move.tile)}" if move.tile in ALL_TILES else "no such domino"
        if phase == AFTER_DRAW_PHASE and move.tile != self.drawn:
            return f"after drawing you may play only the domino you drew, {TILES.name(self.drawn)}"
        size = self.tower.base.size
        if not (0 <= move.a < size and 0 <= move.b < size) or move.half_a not in HALVES[move.tile]:
            return f"{move!r} is not a play on this base"
        return rules.why_illegal(self.tower, move)

    def _play(self, move: Move) -> None:
        seat, tower = self.turn, self.tower
        _, tile, a, b, half_a, spacer = move
        # (not `+=` on the item: compiled, that is a generic call, where this is worked natively)
        self.totals[seat] = self.totals[seat] + rules.play_points(tower, move)
        tower.place(tile, a, b, half_a, spacer)
        hand = self.hands[seat]
        hand.remove(tile)
        self.drawn = -1
        if not hand:
            self._end_hand(seat)  # R-HR: "If one player plays their last domino, that player has 'gone out.'"
            return
        self._next_turn()  # R-HR: "After making a play ... your turn ends."

    def _next_turn(self) -> None:
        """Turns go to the left: seat + 1, and the last seat is followed by seat 1."""
        seat = (self.turn + 1) % self.n
        self.turn = seat
        self.drawn = -1
        self.phase = PLAY_PHASE
        if self.pile:
            return
        plays = rules.legal_plays(self.tower, self.hands[seat])
        if plays:
            self._legal = plays  # exactly the legal moves of this position
            return
        playable = rules.playable_mask(self.tower)
        for hand in self.hands:
            for tile in hand:
                if playable >> tile & 1:
                    self._legal = [PASS_MOVE]  # this seat cannot play, and the pile is out
                    return
        # R-HR: "If no player goes out, and no one can make any more plays, the hand ends"
        self._end_hand(None)

    # -- hands -------------------------------------------------------------------

    def _new_hand(self) -> None:
        self.phase = BASEMENT_PHASE
        self.hands = [[] for _ in range(self.n)]
        self.pile = list(ALL_TILES)
        self._basement = (self.pile, list(EVERY_BASEMENT_WAY))  # the whole set, as _basement_ways() would make it
        self.tower = Tower(BASES[self.game.options.basement_layout])
        self.turn = self.starter
        self.drawn = -1
        self.absent = [0] * self.n

    def _end_hand(self, gone_out: int | None) -> None:
        if self.stop_at_end:
            return
        left = [hand_points(hand) for hand in self.hands]
        options = self.game.options
        if gone_out is not None:
            # R-HR: "that player also scores all the unplayed points in the opponents' hands"
            self.totals[gone_out] = self.totals[gone_out] + sum(left)  # its own hand is empty (as in _play)
            if options.opponents_subtract_on_out:  # D-HR-4: off by default
                for seat, points in enumerate(left):
                    if seat != gone_out:
                        self.totals[seat] = self.totals[seat] - points
        else:
            # R-HR: "each player must subtract the points remaining in their hand from their score"
            for seat, points in enumerate(left):
                self.totals[seat] = self.totals[seat] - points
        if self._game_over():
            self.phase = OVER_PHASE
            return
        self.hand_number += 1
        self._new_hand()

    def _game_over(self) -> bool:
        """R-HR: "At the end of a hand, if at least one player has reached a running total of 300
        points (or an agreed upon total ...), then the player with highest score is the winner."""
        options = self.game.options
        hands, target = options.fixed_hands, options.target_score
        if self.hand_number >= LAST_HAND:
            return True  # every game ends (issue 29): the highest total wins, a tie is shared
        over = self.hand_number >= hands if hands is not None else target is not None and max(self.totals) >= target
        if over and options.tie_break == "extra_hand" and len(self.winners()) > 1:
            return False  # D-HR-5: "or play one more hand if tie_break = extra_hand"
        return over
