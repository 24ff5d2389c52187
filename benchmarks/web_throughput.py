"""What one `gamenight serve` process handles: moves per second with 50 tables of bots, and
the time from a person's move to the other seat's update.

One server process (uvicorn, a subprocess on loopback, SQLite in a temporary folder), as
`make run` starts it. Three measurements, printed at the end:

1. Throughput: TABLES Wildfire tables of four medium bots at pace 0, all playing at once.
   Every table is created and started through the lobby's forms; its host never connects,
   so after a zombie timeout of 1 ms a medium bot plays the host's seat too. Every move is
   committed to the database before the next, as in play. The figure is decisions (moves,
   not chance steps) stored per second, counted in the database over a window.
   Baseline in the same run: the same four bots over `engine.table.Table` in this process,
   no server and no database: the ceiling one core gives.
2. Latency: two-person Wildfire tables, both seats driven by WebSocket clients (one
   process, asyncio); from the moment a move is sent to the moment the *other* seat's
   connection receives the state that holds it. Median and p95 for one table alone, for
   PEOPLE_TABLES tables at once, then for those again while the bot tables of (1) play.

    .venv/bin/python benchmarks/web_throughput.py
    .venv/bin/python benchmarks/web_throughput.py --tables 50 --seconds 10 --people-tables 10 --moves 40

Not run by the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from gamenight.bots.registry import make_bot
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from serving import csrf_field, free_port, start_server


def create_table(base: str, form: dict[str, str]) -> tuple[str, httpx.Client]:
    """A table made through the lobby's form; its id and the host's browser (its cookie)."""
    host = httpx.Client(base_url=base)
    response = host.post("/tables", data={"name": "Hana", "game": "wildfire", "bot_pace": "0", **form})
    if response.status_code != 303:
        raise SystemExit(f"creating a table failed: {response.status_code} {response.text[:300]}")
    return response.headers["location"].removeprefix("/t/"), host


def decisions_stored(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        count: int = connection.execute("SELECT count(*) FROM steps WHERE seat >= 0").fetchone()[0]
        return count


def bot_tables(base: str, count: int) -> list[httpx.Client]:
    hosts = []
    for _ in range(count):
        form = {"wildfire:players": "4", "seat_2": "medium", "seat_3": "medium", "seat_4": "medium"}
        table_id, host = create_table(base, {**form, "zombie_timeout": "0.001"})
        page = host.get(f"/t/{table_id}").text
        if host.post(f"/t/{table_id}/start", data=csrf_field(page)).status_code != 303:
            raise SystemExit("starting a table failed")
        hosts.append(host)
    return hosts


def throughput(db: Path, seconds: float) -> float:
    time.sleep(1.0)  # every table under way
    first, start = decisions_stored(db), time.perf_counter()
    time.sleep(seconds)
    return (decisions_stored(db) - first) / (time.perf_counter() - start)


def baseline(seconds: float) -> float:
    """The same four medium bots over Table in this process, nothing stored: moves/s."""
    game = make_game("wildfire", {"players": 4})
    bots = [make_bot("medium", game) for _ in range(4)]
    moves, start = 0, time.process_time()
    rng = random.Random(1)
    while time.process_time() - start < seconds:
        table = Table(game, ["a", "b", "c", "d"], seed=rng.randrange(2**32))
        while (seat := table.to_act()) is not None and time.process_time() - start < seconds:
            table.submit(seat, bots[seat].choose(table.view(seat), table.legal_moves(), table.seat_rngs[seat]))
            moves += 1
    return moves / (time.process_time() - start)


# -- people over WebSockets ------------------------------------------------------------------


async def next_state(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if message["type"] == "state":
            return message
        if message["type"] != "error":
            raise SystemExit(f"unexpected message: {message}")


async def sync(ws: ClientConnection) -> dict[str, Any]:
    await ws.send(json.dumps({"type": "sync", "since": 0}))
    while (state := await next_state(ws))["since"] != 0:
        pass
    return state


async def duel(port: int, cookies: list[str], table_id: str, moves: int, latencies: list[float]) -> None:
    """Both seats of one table play `moves` moves; each move's time to the other seat."""
    url = f"ws://127.0.0.1:{port}/ws/t/{table_id}"
    async with (
        connect(url, additional_headers={"Cookie": cookies[0]}) as ws0,
        connect(url, additional_headers={"Cookie": cookies[1]}) as ws1,
    ):
        sockets = (ws0, ws1)
        states = [await sync(ws0), await sync(ws1)]
        for _ in range(moves):
            if states[0]["result"] is not None:
                return
            seat = states[0]["pending"]["seat"]
            number = states[seat]["last"]
            move = states[seat]["pending"]["choices"][0]["notation"]
            sent = time.perf_counter()
            await sockets[seat].send(json.dumps({"type": "move", "move": move}))
            other = await next_state(sockets[1 - seat])
            while other["last"] <= number:
                other = await next_state(sockets[1 - seat])
            latencies.append(time.perf_counter() - sent)
            states[1 - seat] = other
            mine = await next_state(sockets[seat])
            while mine["last"] < other["last"]:
                mine = await next_state(sockets[seat])
            states[seat] = mine


def people_tables(base: str, count: int) -> list[tuple[str, list[str]]]:
    tables = []
    for _ in range(count):
        table_id, host = create_table(base, {"wildfire:players": "2", "seat_2": "open"})
        page = host.get(f"/t/{table_id}").text
        invite = re.search(rf"/t/{table_id}/join/[\w-]+", page)
        assert invite is not None
        guest = httpx.Client(base_url=base)
        guest.post(invite.group(0), data={"name": "Guest"})
        host.post(f"/t/{table_id}/start", data=csrf_field(page))
        name = f"gn_{table_id}"
        tables.append((table_id, [f"{name}={host.cookies[name]}", f"{name}={guest.cookies[name]}"]))
    return tables


def latency(base: str, port: int, count: int, moves: int) -> list[float]:
    tables = people_tables(base, count)
    latencies: list[float] = []

    async def run() -> None:
        await asyncio.gather(*(duel(port, cookies, table_id, moves, latencies) for table_id, cookies in tables))

    asyncio.run(run())
    return latencies


def summary(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms ({len(ordered)} moves)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="bot tables playing at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="the throughput window")
    parser.add_argument("--people-tables", type=int, default=10, help="two-person tables for the latency")
    parser.add_argument("--moves", type=int, default=40, help="moves per two-person table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gamenight-bench-") as folder:
        data = Path(folder)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(data, port)
        try:
            latency(base, port, 2, 10)  # warm-up: the games' and bots' modules load on first use
            alone = latency(base, port, 1, args.moves)
            idle = latency(base, port, args.people_tables, args.moves)
            hosts = bot_tables(base, args.tables)
            rate = throughput(data / "gamenight.db", args.seconds)
            loaded = latency(base, port, args.people_tables, args.moves)
            for host in hosts:
                host.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    ceiling = baseline(min(args.seconds, 5.0))
    print(f"server: one process (uvicorn), SQLite WAL, {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    print(f"throughput, {args.tables} tables of 4 medium bots at pace 0: {rate:.0f} moves/s stored")
    print(f"  baseline, the same bots over Table in one process, nothing stored: {ceiling:.0f} moves/s")
    print(f"move -> other seat's update, one two-person table alone: {summary(alone)}")
    print(f"move -> other seat's update, {args.people_tables} two-person tables at once: {summary(idle)}")
    print(f"move -> other seat's update, the same while the {args.tables} bot tables play: {summary(loaded)}")


if __name__ == "__main__":
    main()
