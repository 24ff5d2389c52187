"""One client against everyone else, below the app (issue 29, items 1 and 2): how long the
lobby takes to answer another client while

- `headers`: a few clients each stream a huge request header (50 MB by default);
- `half-sent`: one client opens many connections and sends half a request on each, under
  the descriptor limit the server is started with (1,024 by default, a common default).

The attackers connect from 127.0.0.2, the lobby's client from 127.0.0.1 (two addresses, as
on the internet). Prints a JSON report; `--source OTHER/src` runs another checkout's server
(the code before a change) for a before/after:

    .venv/bin/python benchmarks/web_attacks.py headers
    .venv/bin/python benchmarks/web_attacks.py half-sent
    git archive acc3d86 src | tar -x -C /tmp/before
    .venv/bin/python benchmarks/web_attacks.py headers --source /tmp/before/src
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from serving import free_port, start_server

ATTACKER = "127.0.0.2"


async def probe_lobby(base: str, stop: asyncio.Event, every: float = 0.1) -> dict[str, Any]:
    """GET / every `every` seconds until `stop`: the latencies of the answers, and the failures."""
    latencies: list[float] = []
    failures = 0
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while not stop.is_set():
            began = time.perf_counter()
            try:
                answer = await client.get("/")
                if answer.status_code == 200:
                    latencies.append(time.perf_counter() - began)
                else:
                    failures += 1
            except httpx.HTTPError:
                failures += 1
            await asyncio.sleep(every)
    return {
        "lobby_requests": len(latencies) + failures,
        "lobby_failures": failures,
        "lobby_median_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "lobby_max_ms": round(1000 * max(latencies), 1) if latencies else None,
    }


async def huge_header(port: int, size: int) -> dict[str, Any]:
    """Stream one header of `size` bytes; what the server did: the status it answered (or
    none) and how many bytes it took before answering or closing."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
    sent = 0
    chunk = b"a" * (1 << 20)
    try:
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Huge: ")
        while sent < size:
            writer.write(chunk)
            await writer.drain()
            sent += len(chunk)
        writer.write(b"\r\n\r\n")
        await writer.drain()
    except (ConnectionError, OSError):
        pass
    status = None
    with contextlib.suppress(ConnectionError, OSError, asyncio.TimeoutError):
        line = await asyncio.wait_for(reader.readline(), 60)
        status = int(line.split()[1]) if line.startswith(b"HTTP/") else None
    writer.close()
    return {"status": status, "sent_mb": round(sent / 1e6, 1)}


async def headers(port: int, args: argparse.Namespace) -> dict[str, Any]:
    stop = asyncio.Event()
    probe = asyncio.create_task(probe_lobby(f"http://127.0.0.1:{port}", stop))
    await asyncio.sleep(0.5)
    began = time.perf_counter()
    answers = await asyncio.gather(*(huge_header(port, args.megabytes * 1_000_000) for _ in range(args.clients)))
    seconds = time.perf_counter() - began
    stop.set()
    return {"attack": "headers", "clients": args.clients, "answers": answers, "attack_seconds": round(seconds, 1)} | (
        await probe
    )


async def half_sent(port: int, args: argparse.Namespace) -> dict[str, Any]:
    """Open `args.connections` half-sent requests, then ask the lobby 50 times while they are held."""
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    refused = 0
    for _ in range(args.connections):
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            await writer.drain()
            held.append((reader, writer))
        except OSError:
            refused += 1
    answered, latencies = 0, []
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=5) as client:
        for _ in range(50):
            began = time.perf_counter()
            with contextlib.suppress(httpx.HTTPError):
                answered += (await client.get("/")).status_code == 200
                latencies.append(time.perf_counter() - began)
    report = {
        "lobby_requests": 50,
        "lobby_answered": answered,
        "lobby_median_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
    }
    # What became of the held connections: answered 429 and closed, closed, or still open.
    answers = await asyncio.gather(*(first_line(reader) for reader, _ in held))
    for _, writer in held:
        writer.close()
    return {
        "attack": "half-sent",
        "connections_tried": args.connections,
        "connections_refused_at_connect": refused,
        "connections_answered_429": sum(a is not None and a.startswith(b"HTTP/1.1 429") for a in answers),
        "connections_closed_without_answer": answers.count(b""),
        "connections_still_open": answers.count(None),
    } | report


async def first_line(reader: asyncio.StreamReader) -> bytes | None:
    """The first line the server sent on a connection (b"" if it closed it), None if it said
    nothing within a second."""
    try:
        return await asyncio.wait_for(reader.readline(), 1)
    except TimeoutError:
        return None
    except OSError:
        return b""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("attack", choices=["headers", "half-sent"])
    parser.add_argument("--clients", type=int, default=3, help="headers: clients sending a huge header at once")
    parser.add_argument("--megabytes", type=int, default=50, help="headers: each header's size")
    parser.add_argument("--connections", type=int, default=1100, help="half-sent: connections opened")
    parser.add_argument("--open-files", type=int, default=1024, help="the server's starting soft descriptor limit")
    parser.add_argument("--source", type=Path, help="another checkout's src/ to serve (the code before a change)")
    parser.add_argument("--option", action="append", default=[], help="a serve option: --option=--header-timeout=2")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(
            Path(tmp), port, options=args.option, open_files=args.open_files, source=args.source, unlimited=False
        )
        try:
            run = headers if args.attack == "headers" else half_sent
            report = asyncio.run(run(port, args))
        finally:
            server.kill()
            server.wait()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
