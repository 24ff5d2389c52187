"""A load harness for `gamenight serve`: N tables of 4 seats played at once over the server's
own WebSocket protocol on loopback, by scripted people beside bot seats.

One server process (a subprocess, SQLite in a temporary folder, as `make run` starts it), or
with --processes N several on one throwaway PostgreSQL (tests/postgres.py; --postgres for
one process on it): each table is made through one process in turn, and each person talks
to the process of its seat (seat k to process k mod N), so the people of one table sit on
different processes and every timed update of another's move crosses between them.
Each table is Wildfire for four, created and started through the lobby's forms: PEOPLE seats
are people (the host and those who join by the invite link), the rest medium bots at pace 0
("paced off": a bot moves as soon as it has chosen). Every person is a WebSocket client in
this one asyncio process that

- thinks (a random pause, --think seconds) and then moves with `after`,
- now and then drops its connection and reconnects, syncing from the last event it holds,
- now and then reloads its page: GET /t/{id}, a new socket, sync from 0.

It stops by itself after --seconds and reports, as JSON:

- moves per second (people's and bots', counted in the database over the window),
- median, p95 and p99 of the time from a person's move being sent to *every other* person
  of the table receiving the state that holds it (one sample per move and receiving seat),
- errors (error or refused messages, failed requests, sockets that would not open),
- the server's memory per table (resident set growth from before the tables to the end).

With --hostile K, K more clients are hostile all the while: each watches a table and sends
it junk as fast as it can (bad JSON, unknown types, moves as a spectator, stale and huge
messages), is told "too many messages" past its rate, is closed for flooding, and comes
back; and from another address (127.0.0.2) the attacks below the app run beside them: 300
slow clients holding half-sent requests (10 a table, with fewer tables), 5 MB headers
streamed one after another, a table flood through the lobby's form and four spectators
asking for the whole game 40 times a second. The report counts what each got; compare the
people's latency with and without. The attackers run in a process of their own, so that their
own work does not hold up the people's clients, whose latency is measured.

    .venv/bin/python benchmarks/web_load.py --tables 200 --seconds 60
    .venv/bin/python benchmarks/web_load.py --tables 200 --seconds 60 --processes 2
    .venv/bin/python benchmarks/web_load.py --tables 200 --seconds 60 --hostile 10
    .venv/bin/python benchmarks/web_load.py --tables 200 --seconds 60 --serve=--ws-compression
    .venv/bin/python benchmarks/web_load.py --tables 3 --seconds 4      # what CI runs (no timings asserted)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from serving import csrf_field, free_port, start_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for tests.postgres


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process `pid` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stored_decisions(url: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as db:
            return int(db.execute(text("SELECT count(*) FROM steps WHERE seat >= 0")).scalar_one())
    finally:
        engine.dispose()


@contextlib.contextmanager
def database(args: argparse.Namespace, data: Path) -> Iterator[str | None]:
    """None (SQLite in `data`), or a throwaway PostgreSQL's URL."""
    if args.processes == 1 and not args.postgres:
        yield None
        return
    from tests.postgres import throwaway_postgres

    with throwaway_postgres() as url:
        yield url


@dataclass
class Stats:
    sent: dict[tuple[str, int], tuple[float, int]] = field(default_factory=dict)
    """(table, event number of a person's move) -> (time sent, seat)."""
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    person_moves: int = 0
    hostile_messages: int = 0
    hostile_closed: int = 0
    attacks: dict[str, int] = field(default_factory=dict)
    """What the attackers below the app got (--hostile): each outcome counted."""
    reconnects: int = 0
    reloads: int = 0
    finished: int = 0


@dataclass
class Person:
    table_id: str
    seat: int
    cookie: str
    last: int = 0


async def person(
    base: str, who: Person, stats: Stats, rng: random.Random, stop: asyncio.Event, think: tuple[float, float]
) -> None:
    ws_url = base.replace("http", "ws", 1) + f"/ws/t/{who.table_id}"
    headers = {"Cookie": who.cookie}
    while not stop.is_set():
        reload = rng.random() < 0.05 and who.last > 0
        if reload:  # the page again, from nothing
            stats.reloads += 1
            async with httpx.AsyncClient(base_url=base, headers=headers, verify=TLS) as client:
                page = await client.get(f"/t/{who.table_id}")
            if page.status_code != 200:
                stats.errors.append(f"page reload: {page.status_code}")
            who.last = 0
        try:
            async with connect(ws_url, additional_headers=headers, open_timeout=20, max_size=2**22) as ws:
                opened = time.perf_counter()  # moves sent before this are caught up, not live: not timed
                await ws.send(json.dumps({"type": "sync", "since": who.last}))
                moved_at = -1
                drop_after = rng.randint(5, 40)  # messages until this connection drops by itself
                async for raw in ws:
                    now = time.perf_counter()
                    message = json.loads(raw)
                    if message["type"] in ("error", "refused"):
                        stats.errors.append(f"{message['type']}: {message['reason']}")
                        moved_at = -1
                        continue
                    for event in message["events"]:
                        sent = stats.sent.get((who.table_id, event["n"]))
                        if sent is not None and sent[1] != who.seat and event["n"] > who.last and sent[0] > opened:
                            stats.latencies.append(now - sent[0])
                    who.last = max(who.last, message["last"])
                    if message["result"] is not None:
                        stats.finished += who.seat == 0
                        await stop.wait()
                        return
                    pending = message["pending"]
                    if pending and pending["seat"] == who.seat and pending["choices"] and moved_at != who.last:
                        moved_at = who.last
                        await asyncio.sleep(rng.uniform(*think))
                        if stop.is_set():
                            return
                        choice = rng.choice(pending["choices"])["notation"]
                        stats.sent[(who.table_id, who.last + 1)] = (time.perf_counter(), who.seat)
                        await ws.send(json.dumps({"type": "move", "move": choice, "after": who.last}))
                        stats.person_moves += 1
                        continue
                    drop_after -= 1
                    if drop_after <= 0 and rng.random() < 0.2:
                        stats.reconnects += 1
                        break  # a flaky phone: the socket drops; the next one syncs from `last`
        except (OSError, WebSocketException, TimeoutError) as exc:
            if not stop.is_set():
                stats.errors.append(f"socket: {type(exc).__name__}: {exc}")
                await asyncio.sleep(0.5)


JUNK = [
    "{",
    "[]",
    '{"type": "nonsense"}',
    '{"type": "move", "move": "1-2@e1"}',
    '{"type": "move", "move": 7}',
    '{"type": "sync", "since": -1}',
    '{"type": "sync", "since": 999999}',
    '{"type": "move", "move": "x", "after": 0}',
    '{"type": "move", "move": "' + "9" * 3000 + '"}',
    '{"type": "sync", "since": 0, "pad": "' + "x" * 5000 + '"}',
]
"""What a hostile client sends, round and round."""
JUNK_BURST = 400
"""Messages a hostile client sends back to back: more than a connection's burst (100) and its
strikes before it is closed (200) together (web/live.py)."""


async def hostile(base: str, table_id: str, stats: Stats, rng: random.Random, stop: asyncio.Event) -> None:
    """A spectator sending junk as fast as it can; closed for flooding, it comes back."""
    ws_url = base.replace("http", "ws", 1) + f"/ws/t/{table_id}?watch=1"
    while not stop.is_set():
        try:
            async with connect(ws_url, open_timeout=20, max_size=2**22) as ws:

                async def read_all() -> None:  # the errors it is sent, until it is closed
                    with contextlib.suppress(WebSocketException):
                        async for _ in ws:
                            pass

                drain = asyncio.create_task(read_all())
                try:
                    while not stop.is_set() and not drain.done():
                        # In bursts past the server's burst and strikes together, so that the
                        # flood is one however slowly a loaded machine runs this client.
                        for _ in range(JUNK_BURST):
                            await ws.send(rng.choice(JUNK))
                            stats.hostile_messages += 1
                        await asyncio.sleep(0.05)
                finally:
                    stats.hostile_closed += drain.done()
                    drain.cancel()
        except (OSError, WebSocketException, TimeoutError):
            stats.hostile_closed += 1
            await asyncio.sleep(0.1)


ATTACKER = "127.0.0.2"
"""The attacks below come from their own address, as on the internet; the people from 127.0.0.1."""


def count(stats: Stats, what: str) -> None:
    stats.attacks[what] = stats.attacks.get(what, 0) + 1


async def slow_client(port: int, stats: Stats, stop: asyncio.Event, held: int = 300) -> None:
    """Holds up to `held` half-sent requests, opening another whenever one is closed."""

    async def one() -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
                writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                answer = await reader.read(12)  # until the server closes it, or refuses it at once
                count(stats, "slow: refused 429" if answer.startswith(b"HTTP/1.1 429") else "slow: closed")
                writer.close()
            except OSError:
                count(stats, "slow: reset")
            await asyncio.sleep(0.05)

    await asyncio.gather(*(one() for _ in range(held)))


async def huge_headers(port: int, stats: Stats, stop: asyncio.Event, size: int = 5_000_000) -> None:
    """Streams a 5 MB header, again and again."""
    while not stop.is_set():
        sent = 0
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Huge: ")
            while sent < size:
                writer.write(b"a" * 65536)
                await writer.drain()
                sent += 65536
            count(stats, "huge header: read whole")
            writer.close()
        except OSError:
            count(stats, "huge header: cut off")
        await asyncio.sleep(0.05)


async def table_flood(base: str, stats: Stats, stop: asyncio.Event) -> None:
    """Makes public tables with bots as fast as the server answers."""
    form = {"name": "Spam", "game": "wildfire", "seat_2": "medium", "public": "on", "title": "spam"}
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER, verify=TLS)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as client:
        while not stop.is_set():
            try:
                made = await client.post("/tables", data=form)
                count(stats, f"table flood: {made.status_code}")
            except httpx.HTTPError:
                count(stats, "table flood: failed")
            await asyncio.sleep(0.01)


async def sync_flood(base: str, table_id: str, stats: Stats, stop: asyncio.Event) -> None:
    """A spectator asking for the whole game, 40 times a second."""
    ws_url = base.replace("http", "ws", 1) + f"/t/{table_id}/ws?watch=1"
    while not stop.is_set():
        try:
            async with connect(ws_url, open_timeout=20, max_size=2**24, local_addr=(ATTACKER, 0)) as ws:
                while not stop.is_set():
                    await ws.send('{"type": "sync", "since": 0}')
                    count(stats, "sync flood: sent")
                    await asyncio.sleep(0.025)
        except (OSError, WebSocketException, TimeoutError):
            count(stats, "sync flood: closed")
            await asyncio.sleep(0.1)


HOSTILE_OPTIONS = ["--connections-per-address=1000", "--full-sync-seconds=2"]
"""The hostile run's server: the people's 600 sockets share 127.0.0.1, so its cap is raised
there; the attacker's address gets the same. Tables: the people's 200 and the flood's, bounded
an hour (set from --tables)."""


ONE_SHOT = httpx.Limits(max_keepalive_connections=0)

TLS = ssl.create_default_context()
"""Every client's TLS settings, made once. httpx otherwise builds a context for each client
(about 47 ms of this process's CPU, loading the certificates, though every URL here is plain
http): making 1,000 tables took minutes, long enough for the first tables' people to be taken
over as zombies, and every page reload stalled the other clients' timings."""


async def create_table(base: str, people: int, rounds: int, bases: list[str] | None = None) -> list[Person]:
    """A table through the lobby's form, its people joined by the invite link (each a browser
    of its own), started by the host."""
    form = {"name": "Hana", "game": "wildfire", "wildfire:players": "4", "wildfire:rounds": str(rounds)}
    form.update({f"seat_{i}": "open" if i <= people else "medium" for i in range(2, 5)})
    # A connection each request: on a loaded machine a kept-alive one may be closed by the
    # server's keep-alive timeout just as the next request goes out (a ReadError, not the server's).
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=ONE_SHOT, verify=TLS) as host:
        # Zombie timeout 0 (never): people made early wait for the rest without being taken over.
        created = await host.post("/tables", data={**form, "bot_pace": "0", "zombie_timeout": "0", "public": "on"})
        if created.status_code != 303:
            raise SystemExit(f"creating a table: {created.status_code} {created.text[:300]}")
        table_id = created.headers["location"].removeprefix("/t/")
        page = await host.get(f"/t/{table_id}")
        found = re.search(rf"/t/{table_id}/join/[\w-]+", page.text)
        if found is None:
            raise SystemExit("the table's page shows no invite link")
        seated = [Person(table_id, 0, f"gn_{table_id}={host.cookies[f'gn_{table_id}']}")]
        for seat in range(1, people):
            joins_at = base if bases is None else bases[seat % len(bases)]
            async with httpx.AsyncClient(base_url=joins_at, timeout=60, limits=ONE_SHOT, verify=TLS) as joiner:
                joined = await joiner.post(found.group(0), data={"name": f"Person {seat + 1}"})
                if joined.status_code != 303:
                    raise SystemExit(f"joining: {joined.status_code} {joined.text[:300]}")
                seated.append(Person(table_id, seat, f"gn_{table_id}={joiner.cookies[f'gn_{table_id}']}"))
        started = await host.post(f"/t/{table_id}/start", data=csrf_field(page.text))
        if started.status_code != 303:
            raise SystemExit(f"starting: {started.status_code} {started.text[:300]}")
    return seated


class Attacker:
    """The hostile clients (--hostile), in a process of their own: their own work would
    otherwise hold up the people's clients in this one, whose latency is what is measured."""

    def __init__(self, bases: list[str], table_ids: list[str], hostile: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.channel, theirs = context.Pipe()
        self.process = context.Process(target=attack, args=(bases, table_ids, hostile, theirs), daemon=True)
        self.process.start()

    def mark(self) -> None:
        """The measured window begins: junk messages are counted from here."""
        self.channel.send("mark")

    def finish(self, stats: Stats) -> None:
        self.channel.send("stop")
        got = self.channel.recv() if self.channel.poll(60) else {}
        stats.hostile_messages = got.get("messages", 0)
        stats.hostile_closed = got.get("closed", 0)
        stats.attacks = got.get("attacks", {"attacker": "did not answer"})
        self.process.join(10)
        if self.process.is_alive():
            self.process.kill()


def attack(bases: list[str], table_ids: list[str], junk_senders: int, channel: Connection) -> None:
    asyncio.run(attack_async(bases, table_ids, junk_senders, channel))


async def attack_async(bases: list[str], table_ids: list[str], junk_senders: int, channel: Connection) -> None:
    """K junk-sending spectators, and from another address slow clients, huge headers, a
    table flood and a sync flood, until told to stop; then what they got, over `channel`."""
    stats, stop = Stats(), asyncio.Event()
    watched = [(bases[k % len(bases)], table_ids[k % len(table_ids)]) for k in range(junk_senders)]
    tasks = [asyncio.create_task(hostile(*where, stats, random.Random(k), stop)) for k, where in enumerate(watched)]
    port = int(bases[0].rsplit(":", 1)[1])
    tasks += [
        asyncio.create_task(slow_client(port, stats, stop, held=min(300, 10 * len(table_ids)))),
        asyncio.create_task(huge_headers(port, stats, stop)),
        asyncio.create_task(table_flood(bases[0], stats, stop)),
        *(asyncio.create_task(sync_flood(bases[0], table_ids[k % len(table_ids)], stats, stop)) for k in range(4)),
    ]
    loop = asyncio.get_running_loop()
    marked = 0
    while (command := await loop.run_in_executor(None, channel.recv)) != "stop":
        if command == "mark":
            marked = stats.hostile_messages
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    got = {"messages": stats.hostile_messages - marked, "closed": stats.hostile_closed, "attacks": stats.attacks}
    channel.send(got)


def processes(servers: list[subprocess.Popen[bytes]], attacker: Attacker | None) -> dict[str, int]:
    """The processes of the run, by name: the servers, the people's clients (this one), the attackers."""
    named = {f"server {k + 1}": server.pid for k, server in enumerate(servers)}
    named["people"] = os.getpid()
    if attacker is not None and attacker.process.pid is not None:
        named["attackers"] = attacker.process.pid
    return named


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="gamenight-load-") as folder, database(args, Path(folder)) as url:
        data = Path(folder)
        servers: list[subprocess.Popen[bytes]] = []
        bases: list[str] = []
        try:
            for index in range(args.processes):
                port = free_port()
                (data / f"process-{index + 1}").mkdir()
                limits = []
                if args.hostile:
                    bound = f"{args.tables + 10}"
                    limits = [*HOSTILE_OPTIONS, f"--tables-per-hour={bound}", f"--bot-tables-per-address={bound}"]
                limits += args.serve
                servers.append(start_server(data / f"process-{index + 1}", port, url, options=limits))
                bases.append(f"http://127.0.0.1:{port}")
            stored = url or f"sqlite:///{data / 'process-1' / 'gamenight.db'}"
            rss_before = sum(rss_kib(server.pid) for server in servers)
            semaphore = asyncio.Semaphore(10)

            async def one(index: int) -> list[Person]:
                async with semaphore:
                    return await create_table(bases[index % len(bases)], args.people, args.rounds, bases)

            tables = await asyncio.gather(*(one(index) for index in range(args.tables)))
            stats = Stats()
            stop = asyncio.Event()
            rng = random.Random(args.seed)
            tasks = [
                asyncio.create_task(
                    person(bases[who.seat % len(bases)], who, stats, random.Random(rng.random()), stop, args.think)
                )
                for seated in tables
                for who in seated
            ]
            attacker = None
            if args.hostile:
                attacker = Attacker(bases, [seated[0].table_id for seated in tables], args.hostile)
            await asyncio.sleep(args.warmup)
            decisions0, moves0, t0 = stored_decisions(stored), stats.person_moves, time.monotonic()
            cpu0 = {name: cpu_seconds(pid) for name, pid in processes(servers, attacker).items()}
            if attacker is not None:
                attacker.mark()
            stats.latencies.clear()
            await asyncio.sleep(args.seconds)
            elapsed = time.monotonic() - t0
            decisions = stored_decisions(stored) - decisions0
            rss_after = sum(rss_kib(server.pid) for server in servers)
            cpu = {name: cpu_seconds(pid) - cpu0[name] for name, pid in processes(servers, attacker).items()}
            if attacker is not None:
                attacker.finish(stats)
            stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            alive = all(server.poll() is None for server in servers)
        finally:
            for server in servers:
                server.kill()
                server.wait()
        lat = stats.latencies
        return {
            "tables": args.tables,
            "people_per_table": args.people,
            "processes": args.processes,
            "database": "sqlite" if url is None else "postgresql",
            "seconds": round(elapsed, 1),
            "moves_per_second": round(decisions / elapsed, 1),
            "people_moves_per_second": round((stats.person_moves - moves0) / elapsed, 1),
            "latency_samples": len(lat),
            "latency_ms": {
                "median": round(statistics.median(lat) * 1000, 1) if lat else None,
                "p95": round(percentile(lat, 0.95) * 1000, 1) if lat else None,
                "p99": round(percentile(lat, 0.99) * 1000, 1) if lat else None,
            },
            "errors": len(stats.errors),
            "error_examples": sorted(set(stats.errors))[:5],
            "reconnects": stats.reconnects,
            "reloads": stats.reloads,
            "games_finished": stats.finished,
            "hostile_clients": args.hostile,
            "serve_options": args.serve,
            "hostile_messages_per_second": round(stats.hostile_messages / elapsed, 1),
            "hostile_closed_for_flooding": stats.hostile_closed,
            "attacks": dict(sorted(stats.attacks.items())),
            "server_alive": alive,
            "memory_per_table_kib": round((rss_after - rss_before) / args.tables, 1),
            # Of the two cores, what each process used in the window (the rest: other work).
            "cpu_share": {name: round(seconds / elapsed, 2) for name, seconds in cpu.items()},
            "load_average": os.getloadavg()[0],
        } | against_the_rules(cpu, decisions)


def raw_step_ms(game_name: str = "wildfire", seconds: float = 1.0) -> float:
    """The raw rules step of the tables' game (four players, whole games, random choices, as
    `drivers.py` plays it): CPU milliseconds per decision, in this process, after the run."""
    from drivers import raw  # benchmarks/drivers.py, beside this script
    from gamenight.engine.registry import make_game

    game = make_game(game_name, {"players": 4})
    spent, decisions, seed = 0.0, 0, 0
    while spent < seconds:
        start = time.process_time()
        decisions += raw(game, seed)
        spent += time.process_time() - start
        seed += 1
    return 1000 * spent / decisions


def against_the_rules(cpu: dict[str, float], decisions: int) -> dict[str, float]:
    """Issue 31, target 4: the servers' CPU per move against the raw rules step (at most 3x)."""
    # Everything the servers did in the window (moves, syncs, pages, reconnections) counted
    # against the moves made.
    server = 1000 * sum(seconds for name, seconds in cpu.items() if name.startswith("server")) / max(1, decisions)
    raw = raw_step_ms()
    return {
        "server_cpu_ms_per_move": round(server, 3),
        "raw_rules_step_ms": round(raw, 4),
        "server_cpu_per_move_in_raw_steps": round(server / raw, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--people", type=int, default=3, help="people per table (the rest are bots)")
    parser.add_argument("--rounds", type=int, default=3, help="Wildfire rounds: long enough to outlast the run")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 3.0), metavar=("MIN", "MAX"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1, help="server processes (more than 1: on PostgreSQL)")
    parser.add_argument("--postgres", action="store_true", help="one process on a throwaway PostgreSQL")
    parser.add_argument("--hostile", type=int, default=0, help="hostile clients sending junk all the while")
    parser.add_argument(
        "--serve",
        action="append",
        default=[],
        metavar="OPTION",
        help="a `gamenight serve` option for every server process, e.g. --serve=--ws-compression (repeat for more)",
    )
    args = parser.parse_args()
    if args.processes < 1 or args.tables < 1:
        parser.error("--processes and --tables are at least 1")
    report = asyncio.run(main_async(args))
    print(json.dumps(report, indent=1))
    sys.exit(0 if report["errors"] == 0 and report["server_alive"] else 1)


if __name__ == "__main__":
    main()
