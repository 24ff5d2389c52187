"""A game of Wildstar in progress: ten hands, the star, turns, the draw pile and the score sheet.

Decisions happen in PLAY and AFTER_DRAW; DEAL, FIRST_DOUBLE and DRAW are chance steps
whose outcome is a tile from the unseen pile. Whether a hand is in its centre stage
(the five plays around the centre) or its open stage is read from the layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from gamenight.engine.chance import Alike
from gamenight.engine.errors import IllegalMoveError
from gamenight.engine.notation import is_move
from gamenight.games.dominoes.hands import held, pile_index
from gamenight.games.wildstar import rules
from gamenight.games.wildstar.layout import Layout
from gamenight.games.wildstar.moves import DRAW, DRAW_MOVE, PASS, PASS_MOVE, PLAY, Move, move_notation, parse_move
from gamenight.games.wildstar.tiles import (
    ALL_TILES,
    DOUBLE_STAR,
    HALVES,
    NAMES,
    POINTS,
    SINGLE_STAR,
    STARTING_DOUBLES,
    parse,
)

if TYPE_CHECKING:
    from gamenight.games.wildstar.game import WildstarGame
    from gamenight.games.wildstar.view import WildstarView


def hand_size(players: int) -> int:
    """R-WS: "If 2 players, draw 20 dominoes each. If 3 to 5 players, draw 10 dominoes each.
    If 6 to 8 players, draw 7 dominoes each." """
    return 20 if players == 2 else 10 if players <= 5 else 7


def pile_after_deal(players: int) -> int:
    """The tiles left in the pile once every hand is dealt: the deal is complete when the
    pile is down to it (counted, not summed over the hands, at every tile dealt)."""
    return len(ALL_TILES) - hand_size(players) * players


class Phase:
    """The phases, as plain ints (cheap to compare in the turn loop)."""

    DEAL: Final = 0  # chance: the next tile of the deal
    FIRST_DOUBLE: Final = 1  # chance: nobody holds the hand's double, `turn` draws for it
    PLAY: Final = 2  # `turn` plays, draws or passes
    DRAW: Final = 3  # chance: the tile `turn` draws
    AFTER_DRAW: Final = 4  # `turn` plays the drawn tile or passes
    OVER: Final = 5


TILE_DRAWS: Final = frozenset({Phase.DEAL, Phase.FIRST_DOUBLE, Phase.DRAW})
PHASE_NAMES: Final = ("deal", "firstdouble", "play", "draw", "afterdraw", "over")


class WildstarState:
    __slots__ = (
        "game", "n", "phase", "hands", "pile", "layout", "turn", "shuffler", "drawn",
        "lacked", "sheet", "totals", "_legal", "stop_at_end",
    )  # fmt: skip
    game: WildstarGame
    n: int
    phase: int  # a Phase
    hands: list[list[int]]
    pile: list[int]
    layout: Layout
    turn: int  # the seat to play (or to draw for the hand's double)
    shuffler: int  # who shuffled this hand: the last hand's winner (R-WS)
    drawn: int  # the tile just drawn, in AFTER_DRAW; else -1
    lacked: list[int]  # per seat, the numbers open when it last could not play (bit n = number n); public
    sheet: list[list[int]]  # one row per hand played: what each side scored
    totals: list[int]  # per side
    _legal: list[Move] | None  # legal_moves() of this position, until the next change
    stop_at_end: bool  # the round's end is left out: dominoes.ends.final_position's copy, the table as it ended

    def __init__(self, game: WildstarGame, blank: bool = False) -> None:
        # blank: the fields are left for clone() to fill (a compiled class makes its instances
        # through __init__ only, so a clone cannot be made with __new__: `make fast`).
        if blank:
            return
        self._legal = None
        self.stop_at_end = False
        self.game = game
        self.n = game.options.players
        self.shuffler = 0
        self.sheet = []
        self.totals = [0] * self.sides
        self._new_hand()

    # -- sides: seats, or two teams of partners -------------------------------------

    @property
    def sides(self) -> int:
        return 2 if self.game.options.partners else self.n

    def side(self, seat: int) -> int:
        """R-WS Partners: "two teams, sitting alternately around the table" -- seats 1, 3, ... and 2, 4, ..."""
        return seat % 2 if self.game.options.partners else seat

    def members(self, side: int) -> list[int]:
        return [s for s in range(self.n) if self.side(s) == side]

    @property
    def hand_number(self) -> int:
        """The hand being played, from 1 (the last one once the game is over)."""
        return len(self.sheet) + (0 if self.phase == Phase.OVER else 1)

    @property
    def required_double(self) -> int:
        """R-WS: the first hand begins with 9-9, "Each hand thereafter ... the next-lowest number double"."""
        return STARTING_DOUBLES[self.hand_number - 1]

    # -- the protocol ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> int | None:
        phase = self.phase
        if phase == Phase.PLAY or phase == Phase.AFTER_DRAW:
            return self.turn
        return None if phase == Phase.OVER else -1

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def clone(self) -> WildstarState:
        new = WildstarState(self.game, True)
        new.game = self.game
        new.n = self.n
        new.phase = self.phase
        new.hands = [h.copy() for h in self.hands]
        new.pile = self.pile.copy()
        new.layout = self.layout.clone()
        new.turn = self.turn
        new.shuffler = self.shuffler
        new.drawn = self.drawn
        new.lacked = self.lacked.copy()
        new.sheet = [row.copy() for row in self.sheet]
        new.totals = self.totals.copy()
        new._legal = self._legal
        new.stop_at_end = self.stop_at_end
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> WildstarState:
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
        if self.phase == Phase.PLAY:
            plays = rules.legal_plays(self.layout, self.hands[self.turn])
            if plays:
                return plays  # D-WS-4: must play if able
            # R-WS: "If a player cannot make a play ..., he must draw a tile from the pile";
            # D-WS-4: the same in the open stage, and a pass when the pile is empty.
            return [DRAW_MOVE] if self.pile else [PASS_MOVE]
        if self.phase == Phase.AFTER_DRAW:
            # R-WS: "If the player draws a playable tile, then he may play it. If not, that tile
            # is added to the player's hand and play moves on" -- "may": passing is allowed too.
            return [*rules.legal_plays(self.layout, (self.drawn,)), PASS_MOVE]
        return []

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
                    raise IllegalMoveError(f"{move!r} is not a Wildstar move: play a tile, draw or pass")
                raise IllegalMoveError(self._why_illegal(move))
            played = move
        self._legal = None  # the position changes from here on
        if played.kind == PLAY:
            self._play(played)
        elif played.kind == DRAW:
            self.lacked[self.turn] = self.layout.open_numbers()
            self.phase = Phase.DRAW
        else:
            if self.phase == Phase.PLAY:
                self.lacked[self.turn] = self.layout.open_numbers()
            self._next_turn()

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        if self.phase in TILE_DRAWS:
            return Alike(self.pile)  # the pile itself; it has no order: a draw is any unseen tile
        return []

    def apply_chance(self, outcome: object) -> None:
        if type(outcome) is not int:  # a bool is an int too, but names no tile
            raise IllegalMoveError(f"{outcome!r} is not a chance outcome: a tile from the pile")
        phase = self.phase
        if phase not in TILE_DRAWS:
            raise IllegalMoveError("this is not a chance step")
        try:
            self.pile.pop(pile_index(self.pile, outcome))  # (pop, not del: compiled, a del is a generic call)
        except ValueError:
            what = NAMES[outcome] if isinstance(outcome, int) and 0 <= outcome < len(NAMES) else repr(outcome)
            raise IllegalMoveError(f"{what} is not in the draw pile") from None
        self._legal = None
        if phase == Phase.DEAL:
            self.hands[self.next_dealt_seat()].append(outcome)
            if len(self.pile) == pile_after_deal(self.n):
                self._find_double()
        elif phase == Phase.FIRST_DOUBLE:
            # R-WS: "the person who shuffled ... draws a domino from the pile. If the shuffler does
            # not draw the correct double then the drawing continues around the table"
            self.hands[self.turn].append(outcome)
            if outcome == self.required_double:
                self._set_centre(self.turn)
            else:
                self.turn = (self.turn + 1) % self.n
        else:
            self.hands[self.turn].append(outcome)
            self.drawn = outcome
            self.phase = Phase.AFTER_DRAW

    def scores(self) -> list[int]:
        """Each seat's total (its team's, with partners)."""
        return [self.totals[self.side(s)] for s in range(self.n)]

    def returns(self) -> list[float]:
        if self.phase != Phase.OVER:
            return [0.0] * self.n
        winners = self.winners()
        return [1.0 / len(winners) if self.side(s) in winners else 0.0 for s in range(self.n)]

    def winners(self) -> list[int]:
        """The winning sides. R-WS: "the person or team with the lowest score is the winner";
        the highest with winner_collects (D-WS-5). Ties share."""
        best = max(self.totals) if self.game.options.winner_collects else min(self.totals)
        return [side for side in range(self.sides) if self.totals[side] == best]

    # -- notation and views (notation.py / view.py) ------------------------------------

    def notation(self) -> str:
        from gamenight.games.wildstar.notation import position_notation

        return position_notation(self)

    def view(self, seat: int | None) -> WildstarView:
        from gamenight.games.wildstar.view import view

        return view(self, seat)

    def move_notation(self, move: Move) -> str:
        return move_notation(move)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def outcome_notation(self, outcome: int) -> str:
        return NAMES[outcome]

    def parse_outcome(self, text: str) -> int:
        return parse(text)

    # -- the rules of a turn -------------------------------------------------------------

    def _why_illegal(self, move: Move) -> str:
        phase = self.phase
        if phase == Phase.OVER:
            return "the game is over"
        if self.to_act() == -1:
            return "no player is to act: the next step is chance (a tile from the pile)"
        can_play = any(m.kind == PLAY for m in self.legal_moves())
        if move.kind == DRAW:
            if phase == Phase.AFTER_DRAW:
                return "you have drawn already: play the drawn tile or pass"
            if can_play:
                return "you can play, so you may not draw (D-WS-4: draw only if you cannot play)"
            return "the draw pile is empty: you must pass"
        if move.kind == PASS:
            if can_play:
                return "you must play when you can (D-WS-4)"
            return "you cannot pass before drawing: draw one tile first"
        if move.kind != PLAY or not 0 <= move.tile < len(NAMES):
            return "that is not a move: play a tile, draw or pass"
        if move.tile not in self.hands[self.turn]:
            return f"you do not hold {_tile_words(move.tile)}"
        if phase == Phase.AFTER_DRAW and move.tile != self.drawn:
            return f"after drawing you may play only the tile you drew, {NAMES[self.drawn]}"
        return rules.why_illegal(self.layout, move)

    def _play(self, move: Move) -> None:
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(move.tile)
        layout = self.layout
        outer = layout.value[move.end] if move.tile == DOUBLE_STAR else move.outer
        layout.place(move.tile, move.end, outer)
        if not hand:
            self._end_hand(seat)  # R-WS: "The first player to play all his or her dominoes is the winner of the hand"
            return
        self._next_turn()

    def _next_turn(self) -> None:
        """R-WS: "play continues clockwise around the table" -- seat + 1."""
        self._begin_turn((self.turn + 1) % self.n)

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.drawn = -1
        self.phase = Phase.PLAY
        if self.pile:
            return
        plays = rules.legal_plays(self.layout, self.hands[seat])
        if plays:
            self._legal = plays  # exactly the legal moves of this position (D-WS-4: must play)
        elif self._blocked():
            # R-WS: "the game becomes blocked (no player can make a play)"; a centre stage that
            # cannot be finished with an empty pile is blocked too (CLARIFICATIONS 5, Wildstar 8).
            self._end_hand(None)

    def _blocked(self) -> bool:
        return not any(rules.legal_plays(self.layout, hand) for hand in self.hands)

    # -- hands ------------------------------------------------------------------------

    def _new_hand(self) -> None:
        self.phase = Phase.DEAL
        self.hands = [[] for _ in range(self.n)]
        self.pile = list(ALL_TILES)
        self.layout = Layout(branching=self.game.options.doubles_branch)
        self.turn = self.shuffler
        self.drawn = -1
        self.lacked = [0] * self.n

    def next_dealt_seat(self) -> int:
        """Each player draws their hand; one tile at a time, from the shuffler's left."""
        return (self.shuffler + 1 + held(self.hands)) % self.n

    def _find_double(self) -> None:
        double = self.required_double
        for seat, hand in enumerate(self.hands):
            if double in hand:
                self._set_centre(seat)
                return
        self.phase = Phase.FIRST_DOUBLE  # "then the person who shuffled the dominoes draws"
        self.turn = self.shuffler

    def _set_centre(self, seat: int) -> None:
        """D-WS-3: the holder sets the double in the star centre, which counts as their turn. R-WS:
        the winner of the previous hand "is the first player of the next round", so the shuffler
        (that winner) plays next, unless the shuffler set it: then the set was the shuffler's
        first play. In hand 1, which has no previous winner, and under the house rule
        (winner_leads_after_set off), play continues clockwise from the setter."""
        double = self.required_double
        self.hands[seat].remove(double)
        self.layout.set_centre(double, HALVES[double][0])
        if self.game.options.winner_leads_after_set and self.sheet and seat != self.shuffler:
            self._begin_turn(self.shuffler)
        else:
            self._begin_turn((seat + 1) % self.n)

    def _collected(self, side_count: list[int], won: int | None) -> list[int]:
        """winner_collects: the hand's winner takes the others' counts. A blocked hand (won None)
        goes to the lowest count, as a block rewards the lighter hand when lowest wins; a tie
        for the lowest gives nobody anything (decisions in docs/rules/wildstar.md)."""
        if won is None:
            low = min(side_count)
            lowest = [side for side, c in enumerate(side_count) if c == low]
            if len(lowest) > 1:
                return [0] * self.sides
            won = lowest[0]
        taken = sum(c for side, c in enumerate(side_count) if side != won)
        return [taken if side == won else 0 for side in range(self.sides)]

    def _end_hand(self, winner: int | None) -> None:
        """R-WS / D-WS-5: who goes out scores 0 and each other player (team) adds their count;
        with winner_collects the winner takes the others' counts. Blocked: everyone adds their
        own count. Partners: when one goes out, "only the dominoes left remaining in the hands of
        the other team are counted"."""
        if self.stop_at_end:
            return
        count = [sum(POINTS[t] for t in hand) for hand in self.hands]
        side_count = [sum(count[s] for s in self.members(side)) for side in range(self.sides)]
        if self.game.options.winner_collects:
            row = self._collected(side_count, None if winner is None else self.side(winner))
        elif winner is None:
            row = side_count
        else:
            won = self.side(winner)
            row = [0 if side == won else c for side, c in enumerate(side_count)]
        self.sheet.append(row)
        self.totals = [t + r for t, r in zip(self.totals, row, strict=True)]
        if len(self.sheet) >= self.game.options.hands:
            self.phase = Phase.OVER
            return
        # R-WS: "The person winning the previous hand shuffles the tiles for the next hand";
        # after a block, the player with the lowest count (the first from the shuffler's left on a tie).
        if winner is None:
            order = [(self.shuffler + 1 + i) % self.n for i in range(self.n)]
            winner = min(order, key=lambda s: count[s])
        self.shuffler = winner
        self._new_hand()


def _tile_words(tile: int) -> str:
    """A tile as a sentence names it: 5-3, a single star, the double star."""
    return {SINGLE_STAR: "a single star", DOUBLE_STAR: "the double star"}.get(tile, NAMES[tile])
