"""No leak, proven over many games (tests/web/leaks.py): every game, people and bots at
several seat counts, seeded deals; every message each connection receives is checked against
everything its seat may not know at that moment. The checker is shown to fail on a
deliberately leaking view.

GAMENIGHT_LEAK_SEEDS=N plays N seeds of every configuration (`make leaks`); CI plays one."""

from __future__ import annotations

import os
from typing import Any

import pytest

from gamenight.engine.table import Event, Table
from gamenight.interfaces.web.live import LiveTable

from .conftest import Server
from .leaks import Checked, play_and_record

SEEDS = int(os.environ.get("GAMENIGHT_LEAK_SEEDS", "1"))
CONFIGS = {
    "wildfire": [("person", "easy"), ("person", "person", "easy"), ("person", "easy", "person", "easy")],
    "wildstar": [("person", "easy"), ("person", "person", "easy"), ("person", "easy", "person", "easy")],
    "highrise": [("person", "easy"), ("person", "person", "easy"), ("person", "easy", "person", "easy")],
    "fireball-island": [("person", "easy"), ("person", "person", "easy"), ("person", "easy", "person", "easy")],
}
TOTAL = Checked()


@pytest.mark.parametrize("game", list(CONFIGS))
def test_no_message_page_or_record_leaks(server, game: str) -> None:
    checked = Checked()
    for seed in range(1, SEEDS + 1):
        for seats in CONFIGS[game]:
            play_and_record(server, game, seats, seed * 1000 + len(seats), checked)
    assert not checked.leaks, checked.leaks[:5]
    assert checked.messages > 20 * len(CONFIGS[game])
    TOTAL.messages += checked.messages
    TOTAL.pages += checked.pages


def test_no_leak_on_postgresql(postgres_url: str, tmp_path) -> None:
    """The same check with the tables stored in PostgreSQL (a throwaway cluster): a game of
    each, two people and a bot."""
    checked = Checked()
    with Server(tmp_path / "data", database_url=postgres_url) as server:
        for game in CONFIGS:
            play_and_record(server, game, ("person", "easy", "person"), 4242, checked)
    assert not checked.leaks, checked.leaks[:5]
    assert checked.messages > 80
    TOTAL.messages += checked.messages
    TOTAL.pages += checked.pages


def leak_another_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = Table.view

    def leaking(self: Table, seat: int | None) -> Any:
        view = dict(honest(self, seat))
        if seat is not None:
            view["peek"] = honest(self, (seat + 1) % self.state.num_players).get("hand")
        return view

    monkeypatch.setattr(Table, "view", leaking)


def leak_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = Table.view
    monkeypatch.setattr(Table, "view", lambda self, seat: {**honest(self, seat), "debug": self.seed})


def leak_drawn_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = Event.for_seat
    monkeypatch.setattr(Event, "for_seat", lambda self, seat: honest(self, next(iter(self.owners), seat)))


def test_the_checker_finds_a_server_that_tells_each_pass(server, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that tells a card window's answers as they are played, not once it closes: who
    passed, and when, tells of their hands (issue 27). The checker must report it."""
    monkeypatch.setattr(Table, "visible", property(lambda self: len(self.events)))
    checked = Checked()
    play_and_record(server, "fireball-island", ("person", "easy", "person", "easy"), 7, checked)
    told = [leak for leak in checked.leaks if leak.what == "a card window told before it closed"]
    assert told, "the checker missed passes told one by one"
    assert {leak.seat for leak in told} >= {0, 2, None}


@pytest.mark.parametrize("leak", [leak_another_hand, leak_the_seed, leak_drawn_tiles])
def test_the_checker_finds_a_deliberate_leak(server, monkeypatch: pytest.MonkeyPatch, leak: Any) -> None:
    """A view that shows a seat the next seat's hand, or the seed; a log that names every
    drawn tile to everyone: the checker must report each."""
    leak(monkeypatch)
    checked = Checked()
    play_and_record(server, "wildfire", ("person", "easy"), 7, checked)
    assert checked.leaks, f"the checker missed {leak.__name__}"
    assert any(leak.seat == 0 for leak in checked.leaks)


TWO_ROUNDS = {"wildfire": {"rounds": 2}, "wildstar": {"hands": 2}, "highrise": {"hands": 2}}


@pytest.mark.parametrize("game", list(TWO_ROUNDS))
def test_a_rounds_end_is_told_once_it_has_ended(server, game: str) -> None:
    """Issue 28, item 1: at a round's end every seat's leftover tiles are turned face up (the
    rules make them public then), and the table waits for everyone's "Next round". No message
    names a tile before that, and what is shown then is exactly the round's (the replay's own
    `round_end`: anything else would be a secret named)."""
    checked = Checked()
    replay = play_and_record(server, game, ("person", "person", "easy"), 77003, checked, TWO_ROUNDS[game], 60)
    assert not checked.leaks, checked.leaks[:5]
    assert checked.round_ends, "no state was sent at a round's end"
    assert replay.events


def test_the_checker_finds_leftovers_told_before_the_round_ends(server, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that tells every hand as a round's end before the round has ended: the checker
    must report it."""
    honest = LiveTable.state_message

    def early(self: LiveTable, connection: Any) -> dict[str, Any]:
        message = honest(self, connection)
        if self.table is not None and not self.table.is_over():
            hands = [self.table.view(s)["hand"] for s in range(self.table.state.num_players)]
            message["round_end"] = {"seats": [{"tiles": hand} for hand in hands]}
        return message

    monkeypatch.setattr(LiveTable, "state_message", early)
    checked = Checked()
    play_and_record(server, "wildfire", ("person", "easy"), 7, checked)
    assert any(leak.seat == 0 for leak in checked.leaks), "the checker missed hands told early"
