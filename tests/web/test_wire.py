"""What the server writes on a WebSocket: the same JSON values the standard library would write.

`history.to_json` writes with orjson (benchmarks/README.md: about ten times faster on a state,
the server's largest per-move cost), and `encode_state` splices a state's events, already JSON,
into the rest. A browser reads the values, not the spacing: these tests compare values with
what `json` makes of the same message, in positions from real games.
"""

from __future__ import annotations

import json
import random

import pytest

from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.interfaces.web.history import Events, History, Json, encode_state, to_json


def test_keys_that_are_numbers_are_written_as_strings_as_json_writes_them() -> None:
    value = {1: "one", "seats": [{"name": "Ana", "away": False, "level": None}], 2: [1.5, -3]}
    assert json.loads(to_json(value)) == json.loads(json.dumps(value))


def test_a_name_beyond_ascii_reads_back_as_itself() -> None:
    assert json.loads(to_json({"name": "Zoë 🎲 Łukasz"})) == {"name": "Zoë 🎲 Łukasz"}


@pytest.mark.parametrize("game_name", ["wildfire", "wildstar", "highrise", "fireball-island"])
def test_every_state_a_seat_is_sent_reads_as_the_json_of_its_view_and_events(game_name: str) -> None:
    """Through a game of random moves, each seat's message (its view, and its events from the
    start and since its last message) reads back as `json` reads the same message."""
    game = make_game(game_name, {})
    players = game.new_state().num_players
    table = Table(game, [f"P{seat + 1}" for seat in range(players)], seed=11)
    history = History()
    rng = random.Random(11)
    seats: list[int | None] = [*range(players), None]  # None: a spectator
    told = dict.fromkeys(seats, 0)
    sent = 0
    for _ in range(60):
        who = table.to_act()
        if who is None:
            break
        for seat in seats:
            last = table.visible
            for since in (0, min(told[seat], last)):
                view = dict(table.view_for(seat))
                message = {"type": "state", "seat": seat, "view": view, "last": last}
                events = history.array(table, seat, since, last)
                expected = {**message, "events": [json.loads(text) for text in history.texts[seat][since:last]]}
                assert json.loads(encode_state({**message, "events": events})) == json.loads(json.dumps(expected))
                kept = {**message, "view": Json(to_json(view)), "events": events}  # as the server keeps a view
                assert json.loads(encode_state(kept)) == json.loads(json.dumps(expected))
            told[seat] = last
            sent += 1
        pending = table.pending_for(who)
        assert pending is not None
        table.submit(who, pending.choices[rng.randrange(len(pending.choices))].notation)
    assert sent >= 60 and table.visible > 20  # the messages compared held a game under way


def test_a_message_without_kept_events_is_written_whole() -> None:
    message = {"type": "refused", "reason": "not your turn", "events": []}
    assert json.loads(encode_state(message)) == message
    assert json.loads(encode_state({"type": "state", "events": Events("[]")})) == {"type": "state", "events": []}


def test_values_kept_as_json_are_spliced_in_as_the_values_they_were() -> None:
    pending = {"seat": 1, "choices": [{"notation": "6-6@e2", "description": "plays 6-6 on e2"}]}
    message = {"type": "state", "view": Json('{"hand":["6-6"]}'), "pending": Json(to_json(pending)), "result": None}
    assert json.loads(encode_state(message)) == {
        "type": "state",
        "view": {"hand": ["6-6"]},
        "pending": pending,
        "result": None,
    }
    assert json.loads(encode_state({"view": Json("[1,2]")})) == {"view": [1, 2]}  # nothing else in the message
    with pytest.raises(TypeError):  # text kept under a key nobody splices is refused, not left out
        encode_state({"type": "state", "view": Json("[]"), "result": Json("null")})
