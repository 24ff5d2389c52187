"""Property: any recorded game replays to exactly the same game, whatever the seed and seats."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.bots.registry import make_bot
from gamenight.engine.match import Match
from gamenight.engine.record import Record, replay_steps
from gamenight.engine.registry import make_game


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    seats=st.lists(st.sampled_from(["random", "greedy"]), min_size=2, max_size=8),
    strategic=st.booleans(),
)
def test_replaying_a_record_reproduces_every_position(seed: int, seats: list[str], strategic: bool) -> None:
    game = make_game("wildfire", {"players": len(seats), "rounds": 1, "strategic": strategic})
    match = Match(game, [make_bot(name, game) for name in seats], seed)
    positions = []
    while match.step() is not None:
        positions.append(match.state.notation())
    assert match.record.result == match.state.scores()
    record = Record.from_json(json.loads(match.record.dumps()))
    assert [step.state.notation() for step in replay_steps(record)] == positions
