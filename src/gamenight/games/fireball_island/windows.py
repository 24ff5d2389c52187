"""The card windows: who is asked for a card, which cards may be played, and what a card
played does once its CANCEL chain has run out.

A `Window` (tasks.py) asks seats in turn order, from the seat whose turn or Fireball it is,
whether to play a card or pass; a `Chain` asks everyone but the player of the card on top
for a CANCEL; a `Steal` asks the jewel's owner for FAKE JEWEL. A window asks every seat
that holds a card (a public fact), so being asked reveals nothing about one's cards; it asks
the seat to play also when it may trade its Magic Charm token in. A card played asks the
window's seats again (decision FI-1). Which cards fit which window: R-FI PLAYING YOUR CARDS,
decisions FI-3..FI-8.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamenight.games.fireball_island import rules
from gamenight.games.fireball_island.cards import FACES, HAND_LIMIT, Card, CardType
from gamenight.games.fireball_island.moves import EXIT, PASS_MOVE, TRADE_MOVE, Move, play
from gamenight.games.fireball_island.tasks import (
    CHAIN_TYPE,
    HITS_TYPE,
    STEAL_TYPE,
    WINDOW_TYPE,
    WINDOWS,
    Chain,
    Fireball,
    Path,
    Steal,
    Take,
    Window,
    new,
)

if TYPE_CHECKING:
    from gamenight.games.fireball_island.state import FireballIslandState

# The card types by plain names: in CPython 3.11 reading a member off its enum class
# (CardType.FIREBALL) is a lookup several times slower than a module's name, and these are
# compared for every card of every seat asked in every window.
FIREBALL: Final = CardType.FIREBALL
FAKE_JEWEL: Final = CardType.FAKE_JEWEL
MAGIC_TALISMAN: Final = CardType.MAGIC_TALISMAN
REROLL: Final = CardType.REROLL
TAKE_ANOTHER_TURN: Final = CardType.TAKE_ANOTHER_TURN
TAKE_1_CARD: Final = CardType.TAKE_1_CARD
MOVE_AHEAD: Final = CardType.MOVE_AHEAD
MOVE_BACK: Final = CardType.MOVE_BACK
DOUBLE_NEXT_ROLL: Final = CardType.DOUBLE_NEXT_ROLL
CANCEL_CARD: Final = Card(CardType.CANCEL)  # the cards with windows of their own (the chain, the steal)
FAKE_JEWEL_CARD: Final = Card(FAKE_JEWEL)


def card_moves(state: FireballIslandState, task: Window | Chain | Steal) -> list[Move]:
    """What the seat asked may do: pass, or play a card that fits (or trade its token in)."""
    if type(task) is WINDOW_TYPE:
        return _window_moves(state, task.kind, asked(state, task))
    if type(task) is CHAIN_TYPE:
        return [PASS_MOVE, play(CANCEL_CARD)] if CANCEL_CARD in state.hands[asked(state, task)] else [PASS_MOVE]
    assert type(task) is STEAL_TYPE  # (as in window_order)
    return [PASS_MOVE, play(FAKE_JEWEL_CARD)] if FAKE_JEWEL_CARD in state.hands[task.owner] else [PASS_MOVE]


def _window_moves(state: FireballIslandState, kind: str, seat: int) -> list[Move]:
    """What `seat`, asked in a window of `kind`, may do."""
    moves = [PASS_MOVE]
    # Most seats asked hold no card the window may take (random play keeps the cards it
    # cannot play): those are passed over by what is printed on them.
    maybe = _MAYBE[kind]
    for card in state.hands[seat]:
        if card in maybe:
            moves += _card_plays(state, seat, kind)
            break
    if seat == state.turn and may_trade(state):
        moves.append(TRADE_MOVE)
    return moves


def asked_together(state: FireballIslandState) -> tuple[int, ...]:
    """The seats the window or CANCEL chain on top asks from now on, in its order (the seat
    asked now first): a table asks them all at once, as at a real table everyone looks at
    their cards together, and takes their answers in this order (decision FI-1's)."""
    task = state.tasks[-1] if state.tasks else None
    if type(task) is not WINDOW_TYPE and type(task) is not CHAIN_TYPE:
        return ()
    return _askable_among(state, task, window_order(state, task)[task.asked :])


STAYS_OPEN: Final = "stays open"
CLOSES_ASKED_SEVERAL: Final = "closes, asked of several"
CLOSES_ASKED_ALONE: Final = "closes, asked alone"
"""What a pass by the seat asked now leaves of the window or CANCEL chain on top (`after_pass`)."""


def after_pass(state: FireballIslandState, task: Window | Chain) -> str:
    """What a pass by the seat asked now leaves of the window or CANCEL chain on top, in this
    round: STAYS_OPEN (a seat after it is yet to be asked), else it closes, having asked a
    seat before it too (CLOSES_ASKED_SEVERAL) or it alone (CLOSES_ASKED_ALONE). The seat asked
    now is one the window asks (`window_done` skips the others), so a seat after it is the
    second asked from it on, and one before it the second in the round: `_askable_among`'s
    test, stopped at the first seat found (the log asks this at every pass in every window,
    `story.told`, 79% of a random game's decisions). A window of one seat (the stand-up
    turn's, the end of a turn's) closes asked alone, whatever the seat holds."""
    if type(task) is CHAIN_TYPE:
        order, trader, at = _OTHERS[state.n][task.last], -1, task.asked
    else:
        assert type(task) is WINDOW_TYPE  # (as in window_order)
        kind = task.kind
        if kind == "end" or kind == "stand":
            return CLOSES_ASKED_ALONE  # a window of one seat
        # (window_order, inlined for the windows of a round)
        order, trader = _ROUND[state.n][talisman_roller(state) if kind == "talisman" else state.turn], state.turn
        at = task.asked  # (read in each branch, as in window_done)
    hands = state.hands
    for seat in order[at + 1 :]:
        if hands[seat] or (seat == trader and may_trade(state)):
            return STAYS_OPEN
    for seat in order[:at]:
        if hands[seat] or (seat == trader and may_trade(state)):
            return CLOSES_ASKED_SEVERAL
    return CLOSES_ASKED_ALONE


def _askable_among(state: FireballIslandState, task: Window | Chain, seats: tuple[int, ...]) -> tuple[int, ...]:
    """The `seats` the window or chain asks, in their order. A window asks a seat holding any
    card (hand sizes are public), or the player whose turn it is when it may trade its token
    in; the stand-up window asks only for the token; a chain asks the seats holding a card.
    (The log asks this at every answer to every window: `story.told`.)"""
    hands = state.hands
    if type(task) is CHAIN_TYPE:
        return tuple([seat for seat in seats if hands[seat]])
    assert type(task) is WINDOW_TYPE  # (as in window_order)
    trader = state.turn if may_trade(state) else -1
    cards = task.kind != "stand"
    return tuple([seat for seat in seats if seat == trader or (cards and hands[seat])])


def window_order(state: FireballIslandState, task: Window | Chain) -> tuple[int, ...]:
    """The seats a window or CANCEL chain asks, in turn order."""
    if type(task) is CHAIN_TYPE:
        return _OTHERS[state.n][task.last]  # everyone but the player of the card on top
    # (a type test, not isinstance: compiled, isinstance of a tuple's class is a call into
    # CPython; the assert, a pointer compare, tells mypy the window)
    assert type(task) is WINDOW_TYPE
    kind = task.kind
    if kind == "end" or kind == "stand":
        return (state.turn,)
    return _ROUND[state.n][talisman_roller(state) if kind == "talisman" else state.turn]


def talisman_roller(state: FireballIslandState) -> int:
    """Under a talisman window: the roller of the Fireball about to roll."""
    hits = state.tasks[-2]
    assert type(hits) is HITS_TYPE
    return hits.roller


def asked(state: FireballIslandState, task: Window | Chain) -> int:
    """The seat a window or chain asks now."""
    # window_order(state, task), inlined: every window's seat is asked this several times
    if type(task) is CHAIN_TYPE:
        return _OTHERS[state.n][task.last][task.asked]
    assert type(task) is WINDOW_TYPE  # (as in window_order)
    kind = task.kind
    if kind == "end" or kind == "stand":
        return (state.turn,)[task.asked]  # a window of one seat
    return _ROUND[state.n][talisman_roller(state) if kind == "talisman" else state.turn][task.asked]


def may_trade(state: FireballIslandState) -> bool:
    """The seat to play may trade its Magic Charm token in now."""
    # R-FI: "A Magic Charm token can be traded in on any one of your turns": in any window of
    # one's own turn (decision FI-25), the stand-up turn's included; not with a full hand.
    seat = state.turn
    return state.token[seat] and len(state.hands[seat]) < HAND_LIMIT


def _card_plays(state: FireballIslandState, seat: int, kind: str) -> list[Move]:
    moves: list[Move] = []
    for card in dict.fromkeys(state.hands[seat]):
        if card.type is TAKE_1_CARD:
            if kind in ("pre", "post", "end"):
                moves += [play(card, t) for t in victims(state, seat)]
        elif _may_play(state, card.type, seat, kind):
            moves.append(play(card))
    return moves


# The cards a window of each kind may take, whatever the state (`_may_play`, and TAKE 1 CARD in
# the windows of one's own turn): a CANCEL or a FAKE JEWEL in none (they have windows of their own).
_MAY_TAKE: Final = {
    "pre": (FIREBALL, DOUBLE_NEXT_ROLL, MOVE_AHEAD, MOVE_BACK, TAKE_1_CARD),
    "post": (FIREBALL, DOUBLE_NEXT_ROLL, MOVE_BACK, REROLL, TAKE_1_CARD),
    "end": (FIREBALL, DOUBLE_NEXT_ROLL, TAKE_ANOTHER_TURN, TAKE_1_CARD),
    "talisman": (MAGIC_TALISMAN,),
    "stand": (),
}
_MAYBE: Final = {kind: frozenset(card for card in FACES if card.type in types) for kind, types in _MAY_TAKE.items()}


def _may_play(state: FireballIslandState, card: CardType, seat: int, kind: str) -> bool:
    """May `seat` play a card of this type in a window of this kind? (FAKE JEWEL and
    CANCEL have windows of their own: the steal and the chain.)"""
    me = state.turn
    if kind == "stand":
        return False  # R-FI: standing up, "You cannot roll, move or play any cards on this turn."
    if kind == "talisman":
        # R-FI MAGIC TALISMAN: "when an opponent is just about to roll a Fireball; or ... after
        # you roll a '1' on the die, if your playing piece is the target." The roller of a
        # FIREBALL! card or of the capture bonus cannot stop it (decision FI-14).
        if card is not MAGIC_TALISMAN:
            return False
        hits = state.tasks[-2]
        assert type(hits) is HITS_TYPE
        roller = hits.roller
        return seat != roller or (hits.source == "die" and roller in rules.pieces_on(state.aim, state.pos))
    if card is FIREBALL:
        return True  # R-FI: "any time on your own turn or on an opponent's turn"
    if card is DOUBLE_NEXT_ROLL:
        return not state.doubled
    if card is MOVE_AHEAD:
        return kind == "pre" and _may_move_ahead(state)
    if card is MOVE_BACK:
        # R-FI: "Play one of these cards on any opponent's turn": before the roll (the piece on a
        # trail or bridge), or after a roll to move.
        if seat == me:
            return False
        if kind == "pre":
            return state.pos[me] in rules.TRAILS
        return kind == "post" and state.rolling == "move"
    if card is REROLL:
        return kind == "post"
    if card is TAKE_ANOTHER_TURN:
        # D-FI-5: only on yourself, right after your own turn (once a turn).
        return kind == "end" and seat == me and not state.another
    return False


def victims(state: FireballIslandState, seat: int) -> list[int]:
    """The opponents TAKE 1 CARD may be played against: holding a card, and not holding the
    jewel fitted into a token (R-FI Fitting the Jewel Into Your Token)."""
    return [t for t in range(state.n) if t != seat and state.hands[t] and not (state.owner == t and state.token[t])]


def _may_move_ahead(state: FireballIslandState) -> bool:
    """MOVE AHEAD replaces this turn's roll: once a turn, and from a cave only after
    declaring "exit" (D-FI-5)."""
    if state.ahead:
        return False
    return state.pos[state.turn] not in rules.CAVES or state.declared == EXIT


def window_done(state: FireballIslandState, task: Window | Chain) -> bool:
    """Skip the seats a window need not ask; close it (and resolve a chain) once all were asked.
    A window left open has the moves of the seat it asks found already (`_window_moves`)."""
    hands = state.hands
    # (`asked` is read in each branch, from a record of known type: compiled, a field of a
    # union is looked up by name)
    if type(task) is CHAIN_TYPE:
        order = window_order(state, task)
        first = index = task.asked
        while index < len(order) and not hands[order[index]]:
            index += 1
    else:
        assert type(task) is WINDOW_TYPE  # (as in window_order)
        kind, turn = task.kind, state.turn
        if (kind == "post" and state.reroll) or (kind == "talisman" and state.stopped):
            state.tasks.pop()
            return True
        order = window_order(state, task)
        first = index = task.asked
        # _askable_among, inlined for one seat at a time: this runs after every answer to
        # every window
        cards = kind != "stand"
        for seat in order[index:]:
            # (the token asked about last: the seat asked holds a card far more often)
            if (cards and hands[seat]) or (seat == turn and may_trade(state)):
                if index != first:
                    state.tasks[-1] = WINDOWS[kind][index]
                state._legal = _window_moves(state, kind, seat)  # what `legal_moves` asks next
                return False
            index += 1
    if index < len(order):
        if index != first:
            state.tasks[-1] = _asking(task, index)
            state._legal = None
        return False
    state.tasks.pop()
    state._legal = None
    if type(task) is CHAIN_TYPE and task.cancels % 2 == 0:  # an even number of CANCELs: the card stands
        _card_takes_effect(state, task.card, task.player, task.target)
    return True


def play_card(state: FireballIslandState, move: Move) -> None:
    """The seat asked plays a card: a FIREBALL! rolls at once, any other opens its CANCEL chain."""
    task = state.tasks[-1]
    if type(task) is WINDOW_TYPE or type(task) is CHAIN_TYPE:
        seat = asked(state, task)
    else:
        assert type(task) is STEAL_TYPE
        seat = task.owner
    card = move.card
    assert card is not None
    state.hands[seat].remove(card)
    state.discard[card] += 1
    if type(task) is WINDOW_TYPE:
        # R-FI: "You can play most cards any time": a card played asks every seat of the
        # window again, in its order, those who passed before included (decision FI-1).
        state.tasks[-1] = WINDOWS[task.kind][0]
    if type(task) is CHAIN_TYPE:  # a CANCEL on the card just played, which may be CANCELed in turn
        state.tasks[-1] = new(Chain, ("chain", task.card, task.player, task.target, task.cancels + 1, seat, 0))
    elif card.type is FIREBALL:
        state.tasks.append(Fireball("fireball", seat, "card"))  # R-FI: "The FIREBALL! card can never be canceled!"
    else:
        state.tasks.append(new(Chain, ("chain", card.key, seat, move.target, 0, seat, 0)))


def _card_takes_effect(state: FireballIslandState, key: str, seat: int, target: int) -> None:
    card = _CARDS[key]
    kind = card.type
    me = state.turn
    if kind is TAKE_1_CARD:
        if target in victims(state, seat):
            state.tasks.append(Take("take", seat, target))
    elif kind is DOUBLE_NEXT_ROLL:
        state.doubled = True
    elif kind is MOVE_AHEAD:
        state.ahead = card.spaces
    elif kind is MOVE_BACK:
        # R-FI: "If you play the card before the opponent rolls the die, the opponent must move
        # back before rolling. If ... after the opponent has rolled the die, the opponent must
        # finish the move, then move back." Back, the card's player choosing among ways equally
        # back (decision FI-28).
        if state.rolling:
            state.pushes.append((seat, card.spaces))
        elif state.pos[me] in rules.TRAILS:
            state.tasks.append(new(Path, ("path", me, card.spaces, seat)))
    elif kind is REROLL:
        state.reroll = True
    elif kind is MAGIC_TALISMAN:
        state.stopped = True
    elif kind is FAKE_JEWEL:
        state.blocked = True  # R-FI: "You keep the jewel, and the opponent must move on"
    elif kind is TAKE_ANOTHER_TURN:
        state.extra += 1
        state.another = True


def _asking(task: Window | Chain, asked: int) -> Window | Chain:
    """The window or chain with `asked` seats of its order asked."""
    if type(task) is WINDOW_TYPE:
        return WINDOWS[task.kind][asked]
    assert type(task) is CHAIN_TYPE  # (as in window_order)
    return new(Chain, ("chain", task.card, task.player, task.target, task.cancels, task.last, asked))


def pass_on(task: Window | Chain) -> Window | Chain:
    """The window or chain once the seat asked has passed."""
    return _asking(task, task.asked + 1)


_CARDS: Final = {face.key: face for face in FACES}
# Turn order from each seat, for n players (2 to 4; tuples, not dicts by n: a compiled module
# indexes a tuple in C): everyone (_ROUND), everyone but that seat (_OTHERS).
_ROUND: Final = tuple(tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(5))
_OTHERS: Final = tuple(tuple(tuple((top + i) % n for i in range(1, n)) for top in range(n)) for n in range(5))

WHEN: Final = {
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
