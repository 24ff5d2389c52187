"""Two `gamenight serve` processes on one PostgreSQL database (store/cluster.py).

One table of Highrise: the host (seat 1) on process A, a guest (seat 2) who joined through
process B, and two bots. The test shows, as the people at the table would see it:

- each person sees the other's moves live, though they are connected to different processes
  (LISTEN/NOTIFY; nobody reloads), and sees the other as connected;
- one process owns the table (holds its advisory lock), and runs its bots;
- the same move sent through both processes at once is played once: the other is refused;
- A is killed with SIGKILL mid-game: B takes the table over, its bots play on, the host's
  page reconnects to B and catches up, and the game is played to its end with no
  acknowledged move lost and every chance outcome the seed's.

And the zombie timer, which runs in the owner, knows who is connected to the other process:
a guest connected to B is never played for by A's bot; once gone, a bot plays for them; once
back (through B), the seat is theirs again on A too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, text

from gamenight.engine.record import Step
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.interfaces.web.tokens import cookie_name
from gamenight.store.database import Stale, Store, TableData
from tests.postgres import fresh_database
from tests.web.browsing import free_port
from tests.web.conftest import two_seat_table
from tests.web.crashing import Person, ServerProcess, create_tables, play, verify
from tests.web.support import host_form

HOST, GUEST = 0, 1
T = TypeVar("T")


def stored(url: str, read: Callable[[Store], T]) -> T:
    """What `read` finds in the database at `url`, through a store of its own, closed after."""
    store = Store(url)
    try:
        return read(store)
    finally:
        store.close()


def two_servers(
    tmp_path: Path, postgres_url: str, database: str, options: Sequence[str] = ()
) -> tuple[str, ServerProcess, ServerProcess]:
    """A fresh database and two `gamenight serve` processes on it, A and B, started."""
    url = fresh_database(postgres_url, database)
    servers = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        servers.append(ServerProcess(tmp_path / name, free_port(), url, options))
    try:
        for server in servers:
            server.start()
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return url, servers[0], servers[1]


def open_table(
    a: ServerProcess, b: ServerProcess, url: str, zombie_timeout: float = 60, game: dict[str, str] | None = None
) -> tuple[str, str, str]:
    """(table id, host's cookie, guest's cookie): made and started on A, joined through B."""
    with httpx.Client(base_url=f"http://127.0.0.1:{a.port}") as host:
        form = {"name": "Ann", "game": "highrise", "highrise:players": "4", "seat_3": "easy", "seat_4": "easy"}
        form.update({"round_pause": "0", **(game or {})})
        created = host.post("/tables", data={**form, "bot_pace": "0.05", "zombie_timeout": str(zombie_timeout)})
        assert created.status_code == 303, created.text
        table_id = created.headers["location"].removeprefix("/t/")
        assert host.get(created.headers["location"]).status_code == 200  # the host's page: loaded on A first
        host_cookie = f"{cookie_name(table_id)}={host.cookies[cookie_name(table_id)]}"
        data = stored(url, lambda store: store.load(table_id))
        assert data is not None
        with httpx.Client(base_url=f"http://127.0.0.1:{b.port}") as guest:
            joined = guest.post(f"/t/{table_id}/join/{data.invite_code}", data={"name": "Bea"})
            assert joined.status_code == 303, joined.text
            guest_cookie = f"{cookie_name(table_id)}={guest.cookies[cookie_name(table_id)]}"
        started = host.post(f"/t/{table_id}/start", data=host_form(host, table_id))
        assert started.status_code == 303, started.text
    return table_id, host_cookie, guest_cookie


def lock_holders(url: str, table_id: str) -> list[int]:
    """The server processes (by pid) that hold the table's advisory lock."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            names = connection.execute(
                text(
                    "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                    " WHERE l.locktype = 'advisory' AND l.granted"
                    " AND (l.classid::bigint << 32) | l.objid::bigint = hashtextextended(:id, 0)"
                ),
                {"id": table_id},
            ).scalars()
            return [int(match.group(1)) for name in names if (match := re.match(r"gamenight (\d+)-", name))]
    finally:
        engine.dispose()


async def states(ws: Any, until: Any, seconds: float = 60.0) -> dict[str, Any]:
    """The first state message on `ws` for which `until(message)` holds."""
    deadline = time.monotonic() + seconds
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
        if message["type"] == "state" and until(message):
            return message


async def one_move_through_both(table_id: str, cookies: tuple[str, str], ports: tuple[int, int]) -> dict[str, Any]:
    """The host sends their first move through A and through B at once (no `after`, as a
    client that does not say where it stands): what each socket heard back, and whether
    the host's page on A showed the guest (on B) connected."""
    host_cookie, guest_cookie = cookies
    a, b = (f"ws://127.0.0.1:{port}/ws/t/{table_id}" for port in ports)
    async with (
        websockets.connect(a, additional_headers={"Cookie": host_cookie}) as via_a,
        websockets.connect(b, additional_headers={"Cookie": host_cookie}) as via_b,
        websockets.connect(b, additional_headers={"Cookie": guest_cookie}) as guest,
    ):
        for ws in (via_a, via_b, guest):
            await ws.send(json.dumps({"type": "sync", "since": 0}))
        # The host's turn, on a page that shows the guest (connected to B) connected.
        my_turn = await states(
            via_a,
            lambda m: bool(
                m["pending"]
                and m["pending"]["seat"] == HOST
                and m["pending"]["choices"]
                and m["table"]["seats"][GUEST]["connected"]
            ),
        )
        await states(via_b, lambda m: m["last"] == my_turn["last"])
        seen = my_turn
        move = my_turn["pending"]["choices"][0]["notation"]
        await asyncio.gather(*(ws.send(json.dumps({"type": "move", "move": move})) for ws in (via_a, via_b)))
        heard: dict[str, list[str]] = {"a": [], "b": []}
        # Each socket is read until the move's state arrives (a guard, not a moment: a loaded machine is slow).
        deadline = time.monotonic() + 60
        for name, ws in (("a", via_a), ("b", via_b)):
            while time.monotonic() < deadline:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
                except TimeoutError:
                    break
                heard[name].append(message["type"])
                if message["type"] == "state" and message["last"] > my_turn["last"]:
                    break
        return {"heard": heard, "guest_connected": seen["table"]["seats"][GUEST]["connected"], "after": my_turn["last"]}


async def play_and_kill(
    people: list[Person], ports: tuple[int, int], a: ServerProcess, seconds: float
) -> tuple[int, float]:
    """Both people play (the host through A, the guest through B), A is killed once the
    host has had a few of the guest's moves through A; (host's event count at the kill,
    seconds the game went on after it)."""
    stop = asyncio.Event()
    host, guest = people
    tasks = [
        asyncio.create_task(play(host, [ports[0], ports[1]], random.Random(1), stop)),
        asyncio.create_task(play(guest, [ports[1], ports[0]], random.Random(2), stop)),
    ]
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            through_a = [n for n, e in host.events.items() if e["seat"] == GUEST and host.via[n] == ports[0]]
            if len(through_a) >= 3:
                break
            await asyncio.sleep(0.05)
        killed_at = len(host.events)
        await asyncio.to_thread(a.kill)
        killed = time.monotonic()
        while not all(p.done for p in people) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        return killed_at, time.monotonic() - killed
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def test_two_processes_share_a_table_live_one_owns_it_and_the_other_takes_over(
    tmp_path: Path, postgres_url: str
) -> None:
    url, a, b = two_servers(tmp_path, postgres_url, "two_processes")
    try:
        table_id, host_cookie, guest_cookie = open_table(a, b, url)
        assert a.process is not None and b.process is not None
        assert lock_holders(url, table_id) == [a.process.pid]  # one owner: the process that made it

        both = asyncio.run(one_move_through_both(table_id, (host_cookie, guest_cookie), (a.port, b.port)))
        assert both["guest_connected"], "the host's page on A shows the guest, connected to B"
        heard = both["heard"]
        assert sorted([heard["a"].count("refused"), heard["b"].count("refused")]) == [0, 1], heard
        record = stored(url, lambda store: store.record(table_id))
        assert record is not None
        assert [s.seat for s in record.steps[both["after"] :]].count(HOST) == 1  # played once, not twice

        people = [Person(table_id, "highrise", HOST, host_cookie), Person(table_id, "highrise", GUEST, guest_cookie)]
        killed_at, after_kill = asyncio.run(play_and_kill(people, (a.port, b.port), a, 90.0))
        host, guest = people
        # Live across processes: the guest's moves, played through B, reached the host through A.
        assert any(e["seat"] == GUEST and host.via[n] == a.port for n, e in host.events.items())
        assert any(e["seat"] == HOST and guest.via[n] == b.port for n, e in guest.events.items())
        # A died; B took the table over: its bots played on, and the host caught up through B.
        assert host.done and guest.done, (host.errors[-3:], guest.errors[-3:], after_kill)
        bots_after = [e for n, e in host.events.items() if n > killed_at and e["seat"] in (2, 3)]
        assert bots_after, "the bots moved after the owner was killed"
        assert any(host.via[n] == b.port for n in host.events if n > killed_at)
        b.wait_for_log("its bots and clocks run here now")
        # Nobody was told the table is behind their page: B caught up before answering a sync.
        assert not [e for p in people for e in p.errors if "cannot start after" in e]
        lost, finished, matching, problems = verify(url, people)
        assert (lost, finished, matching, problems) == (0, 2, 2, [])
    finally:
        a.stop()
        b.stop()


async def no_auto_pass(table_id: str, cookie: str, port: int) -> None:
    """The person turns auto-pass off from their page, and sees it off."""
    url = f"ws://127.0.0.1:{port}/ws/t/{table_id}"
    async with websockets.connect(url, additional_headers={"Cookie": cookie}, open_timeout=5) as ws:
        await ws.send(json.dumps({"type": "sync", "since": 0}))
        seat = (await states(ws, lambda m: True))["seat"]
        await ws.send(json.dumps({"type": "autopass", "on": False}))
        await states(ws, lambda m: m["table"]["seats"][seat]["autopass"] is False)


WINDOWS_SEED = 7


def test_a_card_window_is_answered_at_once_through_two_processes(tmp_path: Path, postgres_url: str) -> None:
    """Issue 27 across processes: a Fireball Island table made on A, the guest joined through B,
    both with auto-pass off, so both are asked the card windows at once and answer each through
    their own process; an answer given ahead of its turn is held where it was given and played
    once the steps stored through the other process reach it. The game is played to its end,
    every told event stored, and the record is the one the seed deals."""
    # A deal in which the guest holds cards, so is asked windows (a seat without a card is not).
    url, a, b = two_servers(tmp_path, postgres_url, "windows", ["--seed", str(WINDOWS_SEED)])
    try:
        game = {
            "game": "fireball-island",
            "fireball-island:players": "4",
            "fireball-island:turn_limit": "16",
            "seat_3": "easy",
            "seat_4": "easy",
        }
        table_id, host_cookie, guest_cookie = open_table(a, b, url, game=game)
        asyncio.run(no_auto_pass(table_id, host_cookie, a.port))
        asyncio.run(no_auto_pass(table_id, guest_cookie, b.port))
        people = [
            Person(table_id, "fireball-island", HOST, host_cookie),
            Person(table_id, "fireball-island", GUEST, guest_cookie),
        ]

        async def both() -> None:
            stop = asyncio.Event()
            runs = [
                play(people[0], [a.port], random.Random(1), stop),
                play(people[1], [b.port], random.Random(2), stop),
            ]
            await asyncio.wait_for(asyncio.gather(*runs), 120)

        asyncio.run(both())
        host, guest = people
        assert host.done and guest.done, (host.errors[-3:], guest.errors[-3:])
        # Only the race the rules allow: an answer overtaken by a card played before it in turn order.
        odd = [e for p in people for e in p.errors if "choose again" not in e]
        assert not odd, odd
        # The guest's answers are in the record (not in the host's log: passes are not told).
        record = stored(url, lambda store: store.record(table_id))
        assert record is not None
        assert [s for s in record.steps if s.seat == GUEST and s.text == "pass"], "the guest, on B, answered windows"
        lost, finished, matching, problems = verify(url, people)
        assert (lost, finished, matching, problems) == (0, 2, 2, [])
    finally:
        a.stop()
        b.stop()


def started_table(store: Store) -> tuple[TableData, Table]:
    """A two-seat Highrise table stored and started (its schema made first), and its game."""
    store.migrate()
    data = two_seat_table(store)
    table = Table(make_game("highrise", {"players": 2}), ["A", "B"], seed=5)
    store.start(data.id, table.record)
    return data, table


def test_a_move_offered_after_another_process_stored_one_is_stale_and_nothing_is_written(postgres_url: str) -> None:
    """The store's guard itself: two processes' stores, one table; the second to offer step
    N+1 is refused as Stale, and the stored steps stay as the first wrote them."""
    url = fresh_database(postgres_url, "stale_steps")
    first, second = Store(url), Store(url)
    try:
        data, table = started_table(first)
        stored = table.number
        move = table.pending()
        assert move is not None
        table.submit(move.seat, move.choices[0].move)
        steps = table.record.steps[stored:]
        first.append_steps(data.id, stored + 1, steps, None)
        with pytest.raises(Stale):
            second.append_steps(data.id, stored + 1, steps, None)
        with pytest.raises(Stale):  # nor ahead of the stored steps
            second.append_steps(data.id, stored + 3, steps, None)
        with pytest.raises(Stale):
            second.start(data.id, table.record)
        record = second.record(data.id)
        assert record is not None and len(record.steps) == table.number
    finally:
        first.close()
        second.close()


async def zombie_across_processes(table_id: str, cookies: tuple[str, str], ports: tuple[int, int]) -> list[str]:
    """The host plays on A; the guest sits on B and does not move. What the host's page saw,
    step by step (a list of what happened, for the assertion's message)."""
    host_cookie, guest_cookie = cookies
    a, b = (f"ws://127.0.0.1:{port}/ws/t/{table_id}" for port in ports)
    seen: list[str] = []
    latest: dict[str, Any] = {}
    guest_moves: list[int] = []
    """The events in which the guest's seat moved, as the host's page was told them."""

    async def host_until(ws: Any, until: Any, seconds: float) -> dict[str, Any]:
        """Play the host's turns on A until the page's latest state satisfies `until`."""
        deadline = time.monotonic() + seconds
        while not (latest and until(latest)):
            message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
            if message["type"] != "state":
                continue
            latest.update(message)
            guest_moves.extend(e["n"] for e in message["events"] if e["seat"] == GUEST)
            pending = message["pending"]
            if pending and pending["seat"] == HOST and pending["choices"]:
                move = pending["choices"][0]["notation"]
                await ws.send(json.dumps({"type": "move", "move": move, "after": message["last"]}))
        return dict(latest)

    def guest_to_move(m: dict[str, Any]) -> bool:
        return bool(m["pending"] and m["pending"]["seat"] == GUEST)

    def away(m: dict[str, Any]) -> bool:
        return bool(m["table"]["seats"][GUEST]["away"])

    async with websockets.connect(a, additional_headers={"Cookie": host_cookie}) as host:
        await host.send(json.dumps({"type": "sync", "since": 0}))
        async with websockets.connect(b, additional_headers={"Cookie": guest_cookie}) as guest:
            await guest.send(json.dumps({"type": "sync", "since": 0}))
            waiting = await host_until(host, guest_to_move, 60)
            seen.append(f"the guest's turn at event {waiting['last']}")
            # Three times the zombie timeout: the guest is connected (to B), so no bot plays for them.
            with contextlib.suppress(TimeoutError):
                await host_until(host, lambda m: m["last"] > waiting["last"] or away(m), 3)
                seen.append("a bot played for the guest while they were connected to B")
        # The guest's page is closed: the owner's bot plays their seat after the timeout.
        gone = await host_until(host, away, 60)
        seen.append(f"away at event {gone['last']}")
        await host_until(host, lambda m: bool(guest_moves), 60)
        seen.append(f"a bot played for the guest at event {guest_moves[0]}")
        # Back, through B: the seat is the guest's again, on A too.
        async with websockets.connect(b, additional_headers={"Cookie": guest_cookie}) as guest:
            await guest.send(json.dumps({"type": "sync", "since": 0}))
            await host_until(host, lambda m: not away(m), 60)
            seen.append("back")
            again = await host_until(host, guest_to_move, 60)
            with contextlib.suppress(TimeoutError):
                await host_until(host, lambda m: m["last"] > again["last"], 3)
                seen.append("a bot played for the guest after they came back")
    return seen


def test_the_owner_knows_who_is_connected_to_the_other_process(tmp_path: Path, postgres_url: str) -> None:
    url, a, b = two_servers(tmp_path, postgres_url, "presence")
    try:
        table_id, host_cookie, guest_cookie = open_table(a, b, url, zombie_timeout=1)
        assert a.process is not None
        assert lock_holders(url, table_id) == [a.process.pid]
        seen = asyncio.run(zombie_across_processes(table_id, (host_cookie, guest_cookie), (a.port, b.port)))
        assert [s.split(" at event")[0] for s in seen] == [
            "the guest's turn",
            "away",
            "a bot played for the guest",
            "back",
        ], seen
    finally:
        a.stop()
        b.stop()


def test_two_processes_offering_the_same_step_at_once_one_stores_it_the_other_is_stale(postgres_url: str) -> None:
    """Many rounds of two stores (two processes' connections) offering step N+1 of one table
    at the same instant: each round exactly one stores it, and the other is told Stale (not
    a duplicate-key failure, which would mean its count was read before the lock)."""
    url = fresh_database(postgres_url, "same_step")
    stores = [Store(url), Store(url)]
    try:
        data, table = started_table(stores[0])
        outcomes: list[list[str]] = []

        def offer(index: int, number: int, barrier: threading.Barrier, said: list[str]) -> None:
            barrier.wait()
            try:
                stores[index].append_steps(data.id, number, [Step(index, f"step {number} by {index}")], None)
                said[index] = "stored"
            except Stale:
                said[index] = "stale"
            except Exception as exc:
                said[index] = type(exc).__name__

        for number in range(table.number + 1, table.number + 41):
            barrier, said = threading.Barrier(2), ["", ""]
            threads = [threading.Thread(target=offer, args=(index, number, barrier, said)) for index in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            outcomes.append(sorted(said))
        assert outcomes == [["stale", "stored"]] * 40
        record = stores[1].record(data.id)
        assert record is not None and len(record.steps) == table.number + 40
    finally:
        for store in stores:
            store.close()


def test_a_process_whose_database_connections_drop_gives_up_its_tables_and_play_goes_on(
    tmp_path: Path, postgres_url: str
) -> None:
    """Every connection of the owner to the database is cut (as a database restart or a
    network blip would): its advisory locks go with them. It must notice within a second,
    stop its bots and clocks, and the table must have exactly one owner again (whichever
    claims it first), its bots playing on to the end with nothing acknowledged lost."""
    url, a, b = two_servers(tmp_path, postgres_url, "dropped")
    try:
        people = create_tables(a.port, 1, 21, [("highrise", {"highrise:players": "3"}, 2)])
        assert a.process is not None
        assert lock_holders(url, people[0].table_id) == [a.process.pid]
        engine = create_engine(url)
        try:
            with engine.connect() as connection:
                cut = connection.execute(
                    text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE :a"),
                    {"a": f"gamenight {a.process.pid}-%"},
                ).all()
        finally:
            engine.dispose()
        assert len(cut) == 2  # the listening connection and the one holding the locks
        # A writes that it lost the locks when it notices; B may claim the table before that.
        a.wait_for_log("the locks of 1 table(s) were lost")
        deadline = time.monotonic() + 60
        while len(lock_holders(url, people[0].table_id)) != 1 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(lock_holders(url, people[0].table_id)) == 1

        async def play_it() -> None:
            stop = asyncio.Event()
            task = asyncio.create_task(play(people[0], [a.port, b.port], random.Random(4), stop))
            await asyncio.wait_for(task, 60)

        asyncio.run(play_it())
        lost, finished, matching, problems = verify(url, people)
        assert (lost, finished, matching, problems) == (0, 1, 1, [])
        assert len(lock_holders(url, people[0].table_id)) == 0  # over: its lock is given back
    finally:
        a.stop()
        b.stop()


async def deaf_b(table_id: str, cookie: str, ports: tuple[int, int], url: str, b_pid: int) -> dict[str, Any]:
    """B's listening connection is cut, and the host moves through A: what a new page on B
    is told when it syncs from A's event number (before B has heard of the move)."""
    a, b = (f"ws://127.0.0.1:{port}/ws/t/{table_id}" for port in ports)
    headers = {"Cookie": cookie}
    async with websockets.connect(b, additional_headers=headers) as on_b:
        await on_b.send(json.dumps({"type": "sync", "since": 0}))
        first = await states(on_b, lambda m: bool(m["pending"] and m["pending"]["seat"] == 0))
        engine = create_engine(url)
        try:
            with engine.connect() as connection:
                cut = connection.execute(
                    text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :a"),
                    {"a": next(iter(_listening(connection, b_pid)))},
                ).all()
        finally:
            engine.dispose()
        async with websockets.connect(a, additional_headers=headers) as on_a:
            await on_a.send(json.dumps({"type": "sync", "since": first["last"]}))
            mine = await states(on_a, lambda m: bool(m["pending"]))
            move = mine["pending"]["choices"][0]["notation"]
            await on_a.send(json.dumps({"type": "move", "move": move, "after": mine["last"]}))
            moved = await states(on_a, lambda m: m["last"] > mine["last"])
        async with websockets.connect(b, additional_headers=headers) as again:
            await again.send(json.dumps({"type": "sync", "since": moved["last"]}))
            told = json.loads(await asyncio.wait_for(again.recv(), 15))
    return {"cut": len(cut), "told": told, "moved": moved["last"]}


def _listening(connection: Any, pid: int) -> list[str]:
    names = connection.execute(
        text("SELECT application_name FROM pg_stat_activity WHERE application_name LIKE :a"),
        {"a": f"gamenight {pid}-% listening"},
    ).scalars()
    return list(names)


def test_a_process_that_missed_news_catches_up_before_answering_a_sync(tmp_path: Path, postgres_url: str) -> None:
    """A client that comes from a process further on (it holds event N; this process, deaf
    for a moment, has not heard of N) is answered from N on, not told 'cannot start after N'
    (which it was before the sync caught up from the database first)."""
    url, a, b = two_servers(tmp_path, postgres_url, "deaf")
    try:
        people = create_tables(a.port, 1, 31, [("highrise", {"highrise:players": "2"}, 1)])
        assert b.process is not None
        seen = asyncio.run(deaf_b(people[0].table_id, people[0].cookie, (a.port, b.port), url, b.process.pid))
        assert seen["cut"] == 1
        assert seen["told"]["type"] == "state", seen["told"]
        assert seen["told"]["since"] == seen["moved"]
    finally:
        a.stop()
        b.stop()


async def next_round_through_two_processes(
    table_id: str, cookies: tuple[str, str], ports: tuple[int, int]
) -> dict[str, Any]:
    """The host (on A, the owner) and the guest (on B) play to the first hand's end; the host
    presses Next round; the guest waits to see that press told through B, then presses too: the
    deal comes. What each saw."""
    seen: dict[str, Any] = {}

    async def player(seat: int, port: int, cookie: str) -> None:
        url = f"ws://127.0.0.1:{port}/ws/t/{table_id}"
        async with websockets.connect(url, additional_headers={"Cookie": cookie}, open_timeout=5) as ws:
            await ws.send(json.dumps({"type": "sync", "since": 0}))
            moved_at, pressed_at = -1, -1
            while True:
                state = await states(ws, lambda m: True)
                pause, last = state["table"]["pause"], state["last"]
                if pressed_at >= 0 and last > pressed_at:
                    seen[f"dealt {seat}"] = state
                    return
                if pause and seat in pause["waiting"] and pressed_at < 0:
                    if seat == GUEST and HOST not in pause["ready"]:
                        continue  # the host's press, made through A, is yet to be told here
                    seen[f"paused {seat}"] = state
                    await ws.send(json.dumps({"type": "next"}))
                    pressed_at = last
                pending = state["pending"]
                if pending and pending["seat"] == seat and pending["choices"] and last != moved_at:
                    move = pending["choices"][0]["notation"]
                    await ws.send(json.dumps({"type": "move", "move": move, "after": last}))
                    moved_at = last

    host_cookie, guest_cookie = cookies
    await asyncio.wait_for(
        asyncio.gather(player(HOST, ports[0], host_cookie), player(GUEST, ports[1], guest_cookie)), 90
    )
    return seen


def test_next_round_pressed_through_both_processes_deals_on(tmp_path: Path, postgres_url: str) -> None:
    """Issue 28, item 1: the host's delay is ten minutes, so only the presses end the pause: the
    guest, on B, is told of the host's press on A, and the guest's press reaches A, the owner,
    which deals on."""
    url, a, b = two_servers(tmp_path, postgres_url, "next_round")
    try:
        game = {"highrise:players": "2", "highrise:hands": "2", "round_pause": "600"}
        table_id, host_cookie, guest_cookie = open_table(a, b, url, game=game)
        seen = asyncio.run(next_round_through_two_processes(table_id, (host_cookie, guest_cookie), (a.port, b.port)))
        at = seen["paused 0"]["last"]
        assert seen["paused 1"]["last"] == at and seen["paused 1"]["round_end"] == seen["paused 0"]["round_end"]
        assert seen["paused 1"]["table"]["pause"]["ready"] == [HOST]
        for seat in (HOST, GUEST):
            dealt = seen[f"dealt {seat}"]
            assert dealt["table"]["pause"] is None and dealt["view"]["hand_number"] == 2
    finally:
        a.stop()
        b.stop()


async def play_through_b(table_id: str, cookies: tuple[str, str], port: int, seconds: float = 60) -> list[int]:
    """The host and the guest both play through B (which does not own the table) until a bot
    has moved after one of them: the seats of the events after they connected, in order."""
    url = f"ws://127.0.0.1:{port}/ws/t/{table_id}"
    seats: dict[int, int] = {}
    done = asyncio.Event()

    def bot_after_person() -> bool:
        ordered = [seats[n] for n in sorted(seats)]
        # (a chance step, a person's draw from the pile, is told without a seat: None, not a bot)
        return any(s in (HOST, GUEST) for s in ordered) and ordered[-1] not in (HOST, GUEST, -1, None)

    async def play(seat: int, cookie: str) -> None:
        async with websockets.connect(url, additional_headers={"Cookie": cookie}) as ws:
            await ws.send(json.dumps({"type": "sync", "since": 0}))
            start: int | None = None
            moved_at = -1
            while not done.is_set():
                with contextlib.suppress(TimeoutError):
                    message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                    if message["type"] != "state":
                        continue
                    start = message["last"] if start is None else start
                    seats.update({e["n"]: e["seat"] for e in message["events"] if e["n"] > start})
                    if seats and bot_after_person():
                        done.set()
                    pending = message["pending"]
                    if pending and pending["seat"] == seat and pending["choices"] and moved_at != message["last"]:
                        moved_at = message["last"]
                        move = pending["choices"][0]["notation"]
                        await ws.send(json.dumps({"type": "move", "move": move, "after": message["last"]}))

    await asyncio.wait_for(asyncio.gather(play(HOST, cookies[0]), play(GUEST, cookies[1])), seconds)
    return [seats[n] for n in sorted(seats)]


def test_an_owner_lets_an_idle_table_go_keeps_it_and_loads_it_for_news(tmp_path: Path, postgres_url: str) -> None:
    """Lazy loading in a cluster (issue 29, item 9): both processes let the idle table go; the
    owner keeps its lock, so the other never resumes it, and when the people play on through
    the other process, the owner loads it on their news and its bots move."""
    url, a, b = two_servers(tmp_path, postgres_url, "idle", options=["--idle-minutes=0.01"])
    try:
        table_id, host_cookie, guest_cookie = open_table(a, b, url, zombie_timeout=0)
        assert a.process is not None and b.process is not None
        a.wait_for_log("let go of 1 idle table")
        b.wait_for_log("let go of 1 idle table")
        assert lock_holders(url, table_id) == [a.process.pid]  # kept by its owner, out of memory
        seats = asyncio.run(play_through_b(table_id, (host_cookie, guest_cookie), b.port))
        assert {HOST, GUEST} & set(seats) and {2, 3} & set(seats), seats
        assert lock_holders(url, table_id) == [a.process.pid]
        assert "its bots and clocks run here now" not in (b.data_dir / "server.log").read_text()
        # Let go again, then ended through B: the owner hears it, and gives its lock back.
        let_go = a.data_dir / "server.log"
        deadline = time.monotonic() + 60
        while let_go.read_text().count("let go of 1 idle table") < 2:
            assert time.monotonic() < deadline, let_go.read_text()[-2000:]
            time.sleep(0.05)
        with httpx.Client(base_url=f"http://127.0.0.1:{b.port}", headers={"Cookie": host_cookie}) as host:
            assert host.post(f"/t/{table_id}/end", data=host_form(host, table_id)).status_code == 303
        while lock_holders(url, table_id):
            assert time.monotonic() < deadline + 60, "the owner kept the lock of an ended table"
            time.sleep(0.05)
    finally:
        a.stop()
        b.stop()


def test_the_locks_connection_is_made_once_and_none_is_left_open_by_a_close(postgres_url: str) -> None:
    """A claim and an announcement asking at once share one connection; one being made while
    the process closes is closed too (the loaded suite once saw one left to the collector)."""
    import psycopg

    from gamenight.store.cluster import Cluster, psycopg_url

    def nothing(*_: object) -> None:
        return None

    async def open_ones(name: str) -> int:
        async with await psycopg.AsyncConnection.connect(psycopg_url(postgres_url), autocommit=True) as probe:
            cursor = await probe.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [name])
            row = await cursor.fetchone()
            return int(row[0]) if row else 0

    async def scenario() -> None:
        first = Cluster(postgres_url, "shared", nothing, nothing, nothing)
        one, two = await asyncio.gather(first._locks(), first._locks())
        assert one is not None and one is two
        assert await open_ones("gamenight shared") == 1
        await first.close()
        assert await open_ones("gamenight shared") == 0

        second = Cluster(postgres_url, "closing", nothing, nothing, nothing)
        making = asyncio.create_task(second._locks())
        await asyncio.sleep(0)  # the connection is under way
        await second.close()
        assert await making is None
        assert await open_ones("gamenight closing") == 0

    asyncio.run(scenario())
