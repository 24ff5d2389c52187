"""The end of a round (issue 28, item 1), below the page: the table pauses after the step that
ends a round, with the round's end as the rules have it, and deals on when the people present
have pressed "Next round" or the host's delay is out; the pause is no step of the record; a
restarted server ends it by its timer; a press through another process ends it too
(test_cluster)."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from gamenight.engine.registry import make_game
from gamenight.engine.table import Table

from .conftest import Server
from .round_truth import round_truths
from .support import create_table, invite_path, join, receive, start, sync

GAMES = {
    "wildfire": ({"rounds": 3, "players": 3}, {"rounds": 2, "players": 2, "knock_penalty": True, "strategic": True}),
    "wildstar": ({"hands": 3, "players": 4, "partners": True}, {"hands": 2, "players": 3, "winner_collects": True}),
    "highrise": ({"hands": 3, "players": 3}, {"hands": 2, "players": 2, "opponents_subtract_on_out": True}),
}


def play_paused(game: str, options: dict[str, Any], seed: int) -> tuple[Table, list[tuple[int, dict[str, Any]]]]:
    """A whole game at a pausing table, random legal moves: (the table, each round's end with the
    event it came at)."""
    table = Table(make_game(game, options), ["x"] * options["players"], seed=seed, windows=True, pauses=True)
    rng = random.Random(seed)
    ends = []
    while not table.is_over():
        if table.paused:
            ends.append((table.number, table.round_end))
            assert table.pending() is None and table.asked() == ()
            table.deal_on()
            continue
        seat = table.asked()[0]
        pending = table.pending_for(seat)
        assert pending is not None
        table.submit(seat, rng.choice(pending.choices).notation)
    assert table.round_end is not None and table.round_end["over"]
    ends.append((table.number, table.round_end))
    return table, ends


def sheet_plays(end: dict[str, Any], players: int) -> list[list[int]]:
    """Each seat's plays' points in a round's end as its sheet lists them: the plays during the
    round, then the play that ended it (the going-out seat's, even if it scored 0)."""
    plays = [[p for _, s, p in end["plays"] if s == seat] for seat in range(players)]
    for seat, points in enumerate(end.get("last_play", [])):
        plays[seat] += [points] if points or seat == end["out"] else []
    return plays


def test_a_play_that_scores_0_is_on_highrises_sheet() -> None:
    """R-HR scores "the domino just played" as it is made: a play worth 0 points (its halves
    on blanks) is on the score sheet as a play like any other; a draw or a pass is not."""
    table, ends = play_paused("highrise", {"hands": 1, "players": 2}, 2)
    [(_, end)] = ends
    [truth] = round_truths(table.record)
    assert 0 in truth.plays[1], "this deal has a play worth 0, the case under test"
    assert sheet_plays(end, 2) == truth.plays


@pytest.mark.parametrize("game", list(GAMES))
def test_each_rounds_end_is_the_rules_own(game: str) -> None:
    """Every round's end a pausing table tells holds exactly the tiles each seat was left holding,
    counts them as the game's table of points does (its parts adding up to the count), and
    scores as the engine did; and the record is the one a table without pauses plays."""
    for options in GAMES[game]:
        for seed in range(1, 6):
            table, ends = play_paused(game, options, seed)
            truths = round_truths(table.record)
            assert [n for n, _ in ends] == [t.number for t in truths]
            for (_, end), truth in zip(ends, truths, strict=True):
                assert [line["tiles"] for line in end["seats"]] == truth.hands
                assert [line["count"] for line in end["seats"]] == truth.counts
                for line in end["seats"]:
                    assert sum(points for _, points in line["parts"]) == line["count"]
                assert end["scored"] == truth.scored
                assert end["totals"] == truth.totals
                assert sheet_plays(end, len(truth.plays)) == truth.plays
                out = end["out"]
                assert (out is None) == all(truth.hands), "out: the seat with no tile left"
                assert end["view"]["seat"] is None and end["view"].get("hand") is None  # as a spectator sees it
            resumed = Table.resume(table.record)  # no pause: the same record plays the same game
            assert resumed.state.scores() == table.state.scores()
            assert Table.resume(table.record, pauses=True).round_end == table.round_end


def test_a_table_paused_at_a_rounds_end_resumes_paused() -> None:
    """A record that stops at a round's end resumes paused there, and deals on as it would have."""
    game = make_game("wildfire", {"rounds": 2, "players": 2})
    table = Table(game, ["a", "b"], seed=5, windows=True, pauses=True)
    while not table.paused:
        seat = table.asked()[0]
        table.submit(seat, table.pending_for(seat).choices[0].notation)
    resumed = Table.resume(table.record, True, True, True)
    assert resumed.paused and resumed.round_end == table.round_end and resumed.number == table.number
    with pytest.raises(Exception, match="Next round"):
        resumed.submit(0, "pass")
    assert [e.text for e in resumed.deal_on()] == [e.text for e in table.deal_on()]


# -- through the server ------------------------------------------------------------------------


def play_to_pause(ws: Any, seat: int, others: dict[int, Any] | None = None) -> dict[str, Any]:
    """Play the first choice at each turn of `seat` (and of the seats of `others`' sockets) until
    the table stands at a round's end: `seat`'s state there (and in `others`, by seat, the last
    state each socket had)."""
    sockets = {seat: ws, **(others or {})}
    latest = {s: sync(socket) for s, socket in sockets.items()}
    moved_at = dict.fromkeys(sockets, -1)
    while not (latest[seat]["round_end"] and latest[seat]["table"]["pause"]):
        acting = latest[seat]["table"]["to_act"]
        s = acting if acting in sockets else seat
        state = latest[s]
        pending = state["pending"]
        if pending and pending["seat"] == s and pending["choices"] and state["last"] != moved_at[s]:
            sockets[s].send_json({"type": "move", "move": pending["choices"][0]["notation"], "after": state["last"]})
            moved_at[s] = state["last"]
        latest[s] = receive(sockets[s])
        if s != seat and latest[seat]["last"] < (behind := latest[s]["last"]):
            latest[seat] = until(ws, lambda x, behind=behind: x["last"] >= behind)
    for s in others or {}:
        others[s] = latest[s]  # type: ignore[index]
    return latest[seat]


def until(ws: Any, done: Any) -> dict[str, Any]:
    while not done(state := receive(ws)):
        pass
    return state


def test_the_next_deal_waits_for_everyone_present(server: Server) -> None:
    """Nothing is dealt, and no bot moves, while a person present has not pressed Next round (the
    host's delay is ten minutes here); Ann's press is told to all, and Bob's deals on."""
    ann, bob = server.browser(), server.browser()
    table_id = create_table(ann, seats=("open", "easy"), options={"players": 3, "rounds": 2}, round_pause="600")
    join(bob, invite_path(ann, table_id), "Bob")
    start(ann, table_id)
    live = server.app.state.hub.tables[table_id]
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws_ann, bob.websocket_connect(f"/t/{table_id}/ws") as ws_bob:
        bobs: dict[int, Any] = {1: ws_bob}
        paused = play_to_pause(ws_ann, 0, bobs)
        at = paused["last"]
        assert paused["pending"] is None and paused["table"]["to_act"] is None
        assert paused["table"]["pause"]["waiting"] == [0, 1] and paused["table"]["pause"]["seconds"] > 500
        assert paused["view"]["hand_sizes"] == [0, 0, 0], "the state has gathered the tiles in"
        end = paused["round_end"]
        assert end["round"] == 1 and sum(len(line["tiles"]) for line in end["seats"]) > 0
        bob_state = bobs[1] if bobs[1]["last"] == at else until(ws_bob, lambda s: s["last"] == at)
        assert bob_state["round_end"] == end, "every seat is shown the same round's end"
        ws_ann.send_json({"type": "move", "move": "pass", "after": at})
        assert "Next round" in receive(ws_ann, "refused")["reason"]
        ws_ann.send_json({"type": "next"})
        told = until(ws_bob, lambda s: s["table"]["pause"] and s["table"]["pause"]["ready"] == [0])
        assert told["table"]["pause"]["waiting"] == [1] and told["last"] == at
        assert live.table.paused and live.table.number == at  # still: Bob has not pressed
        ws_bob.send_json({"type": "next"})
        dealt = until(ws_ann, lambda s: s["last"] > at)
        assert dealt["table"]["pause"] is None and dealt["round_end"] is None
        assert dealt["view"]["round"] == 2 and sum(dealt["view"]["hand_sizes"]) > 0


def test_the_hosts_delay_ends_the_pause(server: Server) -> None:
    """Ann never presses Next round: the host's delay deals on by itself."""
    ann = server.browser()
    table_id = create_table(ann, seats=("easy",), options={"players": 2, "rounds": 2}, round_pause="0.5")
    start(ann, table_id)
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        paused = play_to_pause(ws, 0)
        assert paused["table"]["pause"] == {"ready": [], "waiting": [0], "seconds": pytest.approx(0.5, abs=0.5)}
        dealt = until(ws, lambda s: s["last"] > paused["last"])
        assert dealt["round_end"] is None and dealt["view"]["round"] == 2


def test_a_restarted_server_ends_the_pause_by_its_timer(data_dir: Path) -> None:
    """The server stops while a table waits at a round's end; started again with nobody
    connected, it resumes the table paused there and deals on when the host's delay is out."""
    with Server(data_dir) as first:
        ann = first.browser()
        table_id = create_table(ann, seats=("easy",), options={"players": 2, "rounds": 2}, round_pause="600")
        start(ann, table_id)
        with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
            at = play_to_pause(ws, 0)["last"]
        store = first.app.state.store
        assert len(store.record(table_id).steps) == at
        data = store.load(table_id)
        store.set_settings(table_id, data.bot_pace, data.zombie_timeout, data.turn_timer, 0.5)
    with Server(data_dir) as second:
        store = second.app.state.store
        deadline = time.monotonic() + 15
        while len(store.record(table_id).steps) == at:
            assert time.monotonic() < deadline, "the restarted server left the table paused"
            time.sleep(0.05)
        live = second.app.state.hub.tables[table_id]
        assert not live.table.paused and live.table.state.view(None)["round"] == 2


def test_a_fireball_that_hits_the_jewels_owner_says_where_the_jewel_is_left() -> None:
    """Fireball Island's end shows how the jewel came home, from the log's lines of it: a
    Fireball that knocks its owner off says where it is left, and it is left there."""
    told = 0
    for seed in range(1, 8):
        table = Table(make_game("fireball-island", {"players": 3}), ["a", "b", "c"], seed=seed, auto_chance=False)
        rng = random.Random(seed)
        while not table.is_over():
            if table.to_act() == -1:
                owner = table.state.owner
                event = table.play_chance_step()
                left = re.search(r"the jewel is left on (\w+)", event.public)
                if left:
                    told += 1
                    assert table.state.owner == -1 and table.state.jewel_at == left.group(1)
                else:
                    assert owner < 0 or table.state.owner == owner, event.public
                continue
            table.submit(table.to_act(), rng.choice(table.legal_moves()))
    assert told > 3
