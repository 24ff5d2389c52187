"""Golden per-seat playthroughs (issue 18, item 3): a few seeded games per game, greedy
against random through a Table, with what every seat and a spectator were told after each
decision: the new events (`events_for(seat, since)`) and the view. They are stored under
tests/golden/ and the same games are played again here and compared, so any change to a
view, an event or a story shows as a diff of those files that someone must accept.

To accept a change: `UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py`, then read
`git diff tests/golden` and commit the files with the change that made them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from gamenight.bots.registry import make_bot
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
REGENERATE = "UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py"

# file stem, game, options, seed: short games, so that each file stays small
PLAYTHROUGHS: list[tuple[str, str, dict[str, Any], int]] = [
    ("wildfire-1", "wildfire", {"players": 2, "rounds": 1}, 8),
    ("wildfire-2", "wildfire", {"players": 3, "rounds": 1, "strategic": True, "knock_penalty": True}, 2),
    ("wildstar-1", "wildstar", {"players": 3, "hands": 1}, 1),
    ("wildstar-2", "wildstar", {"players": 4, "hands": 1, "partners": True}, 2),
    ("highrise-1", "highrise", {"players": 2}, 1),
    ("highrise-2", "highrise", {"players": 2, "hands": 2, "basement_layout": "2x8"}, 1),
    ("fireball-island-1", "fireball-island", {"players": 2, "turn_limit": 12}, 1),
    ("fireball-island-2", "fireball-island", {"players": 3, "turn_limit": 9}, 2),
]


def play(name: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """The game played again: seats alternately greedy and random, each with the generator
    the table split off the seed for it. One step per point of decision (the first before
    any decision, then one after each), telling for the spectator and every seat the events
    it was told since the step before and its view. A seat's view is written as what in it
    differs from the spectator's (its seat, hand and drawn tile), so a public change shows
    once in a diff, and anything else a seat is told alone stands out."""
    game = make_game(name, options)
    players = game.new_state().num_players
    bots = [make_bot("greedy" if seat % 2 == 0 else "random", game) for seat in range(players)]
    table = Table(game, [bot.name for bot in bots], seed=seed)
    viewers: list[int | None] = [None, *range(players)]
    told = dict.fromkeys(viewers, 0)
    steps: list[dict[str, Any]] = []

    def tell_everyone() -> None:
        public = dict(table.view(None))
        step: dict[str, Any] = {}
        for viewer in viewers:
            view = dict(table.view(viewer))
            assert set(view) == set(public), f"{_key(viewer)}'s view has other fields than the spectator's"
            own = view if viewer is None else {k: v for k, v in view.items() if v != public[k]}
            step[_key(viewer)] = {"events": table.events_for(viewer, since=told[viewer]), "view": own}
            told[viewer] = table.number
        steps.append(step)

    tell_everyone()
    while (seat := table.to_act()) is not None:
        move = bots[seat].choose(table.view(seat), table.legal_moves(), table.seat_rngs[seat])
        table.submit(seat, move)
        tell_everyone()
    return {
        "game": name,
        "options": options,
        "seed": seed,
        "seats": [bot.name for bot in bots],
        "regenerate": REGENERATE,
        "steps": steps,
    }


def _key(viewer: int | None) -> str:
    return "spectator" if viewer is None else f"seat {viewer}"


def first_difference(stored: Any, played: Any, where: str = "") -> str | None:
    """Where two JSON values first differ, as a path, with both values in short."""
    if isinstance(stored, dict) and isinstance(played, dict):
        for key in [*stored, *(k for k in played if k not in stored)]:
            if key not in played or key not in stored:
                side = "the file" if key in stored else "the game played now"
                return f"{where}.{key}: only in {side}"
            found = first_difference(stored[key], played[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(stored, list) and isinstance(played, list):
        for i, (a, b) in enumerate(zip(stored, played, strict=False)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(stored) != len(played):
            return f"{where}: {len(stored)} entries in the file, {len(played)} in the game played now"
        return None
    if stored != played or type(stored) is not type(played):
        return f"{where}: the file has {_short(stored)}, the game played now {_short(played)}"
    return None


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 200 else text[:200] + "..."


def dump(data: dict[str, Any]) -> str:
    """The file's text: a line per header field, per event and per field of a view, so that
    a diff shows what changed and little else."""

    def text(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    def block(items: list[str], pad: str, open_: str, close: str) -> str:
        if not items:
            return open_ + close
        return open_ + "\n" + ",\n".join(pad + " " + item for item in items) + "\n" + pad + close

    def step(entry: dict[str, Any]) -> str:
        told = []
        for viewer, what in entry.items():
            events = block([text(e) for e in what["events"]], "    ", "[", "]")
            view = block([f"{text(k)}: {text(v)}" for k, v in what["view"].items()], "    ", "{", "}")
            told.append(f'{text(viewer)}: {{\n    "events": {events},\n    "view": {view}\n   }}')
        return block(told, "  ", "{", "}")

    header = [f"{text(k)}: {text(v)}" for k, v in data.items() if k != "steps"]
    steps = block([step(entry) for entry in data["steps"]], " ", "[", "]")
    return block([*header, f'"steps": {steps}'], "", "{", "}") + "\n"


def write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(exist_ok=True)
    path.write_text(dump(data), encoding="utf-8")


@pytest.mark.parametrize(("stem", "name", "options", "seed"), PLAYTHROUGHS, ids=[p[0] for p in PLAYTHROUGHS])
def test_every_seat_is_told_what_the_golden_playthrough_says(stem, name, options, seed):
    path = GOLDEN / f"{stem}.json"
    played = play(name, options, seed)
    if UPDATE:
        write(path, played)
    if not path.exists():
        pytest.fail(f"{path.name} is missing from tests/golden: write it with `{REGENERATE}`", pytrace=False)
    stored = json.loads(path.read_text(encoding="utf-8"))
    difference = first_difference(stored, played)
    if difference:
        pytest.fail(
            f"tests/golden/{path.name} is not what the game tells its seats now, at {difference}.\n"
            f"If the change is meant, regenerate the files with `{REGENERATE}`, "
            "review `git diff tests/golden` and commit them with it.",
            pytrace=False,
        )


def test_a_difference_is_reported_where_it_is():
    """The failure message names the viewer, the step and the field that changed."""
    stored = {"steps": [{"seat 1": {"view": {"pile": 3, "hand": ["5-3"]}}}]}
    played = {"steps": [{"seat 1": {"view": {"pile": 2, "hand": ["5-3"]}}}]}
    assert first_difference(stored, played) == ".steps[0].seat 1.view.pile: the file has 3, the game played now 2"
    assert first_difference(stored, stored) is None
    longer = {"steps": [*played["steps"], {}]}
    assert "1 entries in the file, 2 in the game played now" in str(first_difference(played, longer))
    assert "only in the game played now" in str(first_difference({"a": 1}, {"a": 1, "b": 2}))
