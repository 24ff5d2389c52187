"""The shortcuts the turn machine takes for speed find what the long way finds, at every step
of seeded random games: a window's moves with the cards it can never take passed over
(windows._MAYBE), and a walk kept as the empty board's when no piece stands where it looks
(rules.open_walk). benchmarks/fireball_island_same_games.py checks whole games against an
earlier commit; these check each shortcut against its long way in the same commit."""

from __future__ import annotations

import random

import pytest

from gamenight.engine.chance import sample
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.games.fireball_island import rules, windows
from gamenight.games.fireball_island.cards import FACES
from gamenight.games.fireball_island.moves import PASS_MOVE, TRADE_MOVE
from gamenight.games.fireball_island.state import _walk_choices
from gamenight.games.fireball_island.tasks import Draw, Path, Window


def _positions(players: int, seed: int, any_way: bool = False):
    """Every position of a seeded random game."""
    state = make_game("fireball-island", {"players": players, "any_way_cards": any_way}).new_state()
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        yield state
        if seat == CHANCE:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("players", [2, 4])
def test_a_window_offers_what_asking_every_card_in_hand_offers(players):
    windows_seen = 0
    for state in _positions(players, 11 + players):
        task = state.tasks[-1]
        if type(task) is not Window:
            continue
        windows_seen += 1
        seat = windows.asked(state, task)
        every_card = [PASS_MOVE, *windows._card_plays(state, seat, task.kind)]
        if seat == state.turn and windows.may_trade(state):
            every_card.append(TRADE_MOVE)
        assert state.legal_moves() == every_card
    assert windows_seen > 1000


@pytest.mark.parametrize(("players", "any_way"), [(2, False), (4, False), (4, True)])
def test_a_walk_kept_as_the_empty_boards_is_the_walk_with_the_pieces_near(players, any_way):
    walks_seen = 0
    for state in _positions(players, 5 + players, any_way):
        task = state.tasks[-1]
        if type(task) is not Path:
            continue
        walks_seen += 1
        mover, steps = task.mover, task.steps
        push = mover != task.decider
        start = state.pos[mover]
        others = [space for seat, space in enumerate(state.pos) if seat != mover]
        near, reach = rules.pieces_near(start, steps, others)
        jewel_at = state.jewel_at if not push and state.jewel_at and rules.within(start, state.jewel_at, reach) else ""
        owner = state.owner
        owner_at = ""
        if not push and owner >= 0 and owner != mover and rules.within(start, state.pos[owner], reach):
            owner_at = state.pos[owner]
        vul_kar_open = state.jewel_at != rules.VUL_KAR
        way = state.walk_way(task)
        long_way = list(_walk_choices(start, steps, near, vul_kar_open, push, way, jewel_at, owner_at))
        assert [move.path for move in state.legal_moves()] == long_way
    assert walks_seen > 300


@pytest.mark.parametrize("players", [2, 4])
def test_a_draw_may_be_any_card_of_the_pile_each_as_often_as_it_is_held_in_face_order(players):
    # R-FI: drawing takes a card from the face-down pile at random. The outcomes are listed by
    # sorting the kinds held and spreading each to its copies: the list sorting every card
    # gives, the reshuffled discard pile (held in the order it was discarded) included.
    draws = reshuffled = 0
    for state in _positions(players, 31 + players):
        task = state.tasks[-1]
        if type(task) is not Draw:
            continue
        draws += 1
        reshuffled += list(state.pile) != sorted(state.pile, key=FACES.index)
        assert list(state.chance_outcomes().items) == sorted(state.pile.elements(), key=FACES.index)
    assert draws > 20 and reshuffled > 0  # the pile ran out and was made again from the discards
