"""The greedy bot in the More Strategic Game: the number it names serves it, and does not
wreck the round (issue 17: naming "1" every time blocked 199 of 200 four-player rounds)."""

from __future__ import annotations

import random

from gamenight.bots.basic import GreedyBot
from gamenight.games.wildfire import heuristics
from gamenight.games.wildfire.moves import HUB, Move

from .conftest import play, position

# Every Wild One is on the table; seat 1 lays the Double Wild One with the pile out. Only a
# Wild One could meet a hub "1": named, nobody could fill it and the round would be blocked.
NO_WILD_ONES_LEFT = (
    "dealer=1 turn=1 | layout 9-9 W-0@e0 W-2@e0 W-3@e0 W-4@e0 W-5@e1 W-6@e2 W-7@e3 W-8@e4 W-9@e5"
    " | hands W-W 2-2 8-3 / * | pile -"
)

# Four players, a full pile: seat 2 lays 5-W wild half out and keeps a Wild One of its own.
WILD_ONE_IN_HAND = (
    "dealer=1 turn=2 | layout 9-9 9-5@e0 | hands 2-2 8-0 6-0 7-3 / W-5 W-3 8-2 6-4 / 4-4 7-0 5-3 / 3-0 9-3 | pile *"
)


def greedy_names(state) -> Move:
    legal = state.legal_moves()
    assert legal[0].kind == HUB
    return GreedyBot(state.game).choose(state.view(state.to_act()), legal, random.Random(0))


def test_a_namer_does_not_name_a_number_nobody_can_fill_with_the_pile_out():
    """R-WF More Strategic Game: "Use strategy in choosing your number based on the dominoes
    you have left, or the dominoes already played" -- all nine Wild Ones are played, so a
    "1" would block the round for nothing; the bot names a number it can fill itself."""
    state = position(NO_WILD_ONES_LEFT, strategic=True)
    play(state, "W-W@e6")
    view = state.view(0)
    assert heuristics.naming_value(view, 1) < min(heuristics.naming_value(view, n) for n in range(2, 10))
    named = greedy_names(state)
    assert named != Move(HUB, 1)
    play(state, f"hub {named.tile}")
    assert not state.is_over()


def test_a_namer_holding_a_wild_one_names_1_while_the_pile_is_full():
    """R-WF: "If the hub shows a '1' then you must play a Wild One": whoever holds none draws,
    and the namer, holding W-3, can close it when it comes round."""
    state = position(WILD_ONE_IN_HAND, strategic=True)
    play(state, "5-W@e1")
    assert greedy_names(state) == Move(HUB, 1)


def test_the_naming_value_counts_the_draws_a_number_forces_on_the_others():
    """Naming weighs what each number costs the others (tiles they must draw) against the
    namer's own draw: with the pile full, the number fewest unseen tiles meet is worth more
    to a namer who holds one of them than to one who holds none."""
    holding = position(WILD_ONE_IN_HAND, strategic=True)
    play(holding, "5-W@e1")
    without = position(WILD_ONE_IN_HAND.replace("W-5 W-3", "W-5 9-4"), strategic=True)
    play(without, "5-W@e1")
    assert heuristics.naming_value(holding.view(1), 1) > heuristics.naming_value(without.view(1), 1)
