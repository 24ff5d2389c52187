"""Issue 29, "Games that never end": the lobby refuses every option that lengthens a game past
the engine's bounds, with the game's own message, and makes no table."""

from __future__ import annotations

import html

import pytest
from starlette.testclient import TestClient


@pytest.mark.parametrize(
    ("game", "option", "value", "message"),
    [
        ("wildfire", "rounds", "1000000", "rounds must be 1 to 50, not 1000000"),
        ("wildfire", "target_score", "1000000", "target_score must be 1 to 1000, not 1000000"),
        ("wildstar", "hands", "1000000", "a game has 1 to 10 hands (9-9 down to 0-0), not 1000000"),
        ("highrise", "hands", "1000000", "hands must be 1 to 50, not 1000000"),
        ("highrise", "target_score", "1000000", "target_score must be 1 to 1000, not 1000000"),
        ("fireball-island", "turn_limit", "0", "turn_limit must be 1 to 1000 turns (every game ends), not 0"),
    ],
)
def test_a_table_whose_game_would_never_end_is_refused(
    client: TestClient, game: str, option: str, value: str, message: str
) -> None:
    form = {"name": "Ann", "game": game, f"{game}:players": "2", f"{game}:{option}": value, "seat_2": "medium"}
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 400
    assert html.escape(message, quote=True) in response.text or message in response.text
    assert "Traceback" not in response.text
    assert not [name for name in client.cookies if name.startswith("gn_")]  # no seat, so no table
