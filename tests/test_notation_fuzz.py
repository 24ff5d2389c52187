"""Property (issue 29), for the three domino games as tests/fireball_island/test_notation.py has it
for Fireball Island: a real position with a word swapped, dropped or added is refused with a
NotationError, or it is a position some game reaches: it reads back exactly, offers a move or a
chance step unless the game is over, and plays on into positions the same parser reads back.
What the engine writes after legal moves always parses back, and positions no game makes are
refused (or play would lead to one the parser refuses)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.engine.errors import NotationError
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from tests.helpers import random_playout

OPTIONS: dict[str, dict[str, Any]] = {
    "wildfire": {"players": 3, "rounds": 2},
    "wildstar": {"players": 3, "hands": 2},
    "highrise": {"players": 3, "target_score": 100},
}
EXTRA_WORDS = (
    "phase=deal", "phase=play", "phase=draw", "phase=over", "phase=basement", "phase=firstdouble",
    "/", "-", "scores=500,0,0", "hand=2", "sheet=0,0,0", "turn=2", "|",
    *(f"| {part} {tile} / - / -" for part in ("absent", "passed") for tile in ("6-6", "5-3", "W-W", "2-1", "0-0")),
)  # fmt: skip
"""Words real positions may lack at the place they are put: phases, totals, inference sections
(after the last word: `| absent 6-6 / - / -`)."""


@cache
def real_positions(name: str) -> tuple[str, ...]:
    """Every 5th position of three seeded random games."""
    game = make_game(name, OPTIONS[name])
    found = []
    for seed in range(3):
        for i, (state, _) in enumerate(random_playout(game, seed, 3000)):
            if i % 5 == 0:
                found.append(state.notation())
    return tuple(found)


@cache
def words(name: str) -> tuple[str, ...]:
    return tuple(sorted({w for text in real_positions(name) for w in text.split()} - {"|"})) + EXTRA_WORDS


def play_a_little(state: Any, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(40):
        yield state
        who = state.to_act()
        if who is None:
            return
        if who == CHANCE:
            chances = state.chance_outcomes()
            state.apply_chance(rng.choices([o for o, _ in chances], [p for _, p in chances])[0])
        else:
            state.apply(rng.choice(state.legal_moves()))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(OPTIONS)), st.data(), st.integers(0, 10**6))
def test_a_changed_position_is_refused_or_reads_back_and_plays_into_positions_that_read_back(name, data, seed):
    game = make_game(name, OPTIONS[name])
    tokens = data.draw(st.sampled_from(real_positions(name))).split(" ")
    at = data.draw(st.integers(0, len(tokens) - 1))
    how = data.draw(st.sampled_from(["swap", "drop", "add", "append"]))
    if how == "swap":
        tokens[at] = data.draw(st.sampled_from(words(name)))
    elif how == "drop":
        del tokens[at]
    elif how == "add":
        tokens.insert(at, data.draw(st.sampled_from(words(name))))
    else:
        tokens.append(data.draw(st.sampled_from(EXTRA_WORDS)))
    try:
        state = game.state_from_notation(" ".join(tokens))
    except NotationError:
        return
    for step in play_a_little(state, seed):
        written = step.notation()
        assert game.state_from_notation(written).notation() == written
        assert step.is_over() or step.legal_moves() or step.chance_outcomes()
