"""Fireball Island at table speed (issue 27): how long a four-seat game takes, with two people
who answer at once (a random choice of what they are offered), a medium and a hard bot, and
the bots' pace at 0.8 s; how many decisions each person is shown, how many of those offer only
`pass`, and how many lines the log holds.

The same script measures any version of the server: `--server-src DIR` runs the server from
another checkout's `src` (for the figures before the change: a `git worktree` of the commit
before it). The table deals from `--seed` (the server's test seed), so both versions play the
same deals; the people's choices come from their own seeded generators.

    .venv/bin/python benchmarks/fireball_windows.py --seeds 1 2 --turn-limit 24
    git worktree add /tmp/before <commit>; .venv/bin/python benchmarks/fireball_windows.py --server-src /tmp/before/src
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from serving import answering, free_port

SERVER = """
import sys, uvicorn
from pathlib import Path
from gamenight.interfaces.web.app import create_app
app = create_app(None, Path(sys.argv[1]), bot_pace={pace}, seed={seed})
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


@dataclass
class Person:
    seat: int
    cookie: str
    decisions: int = 0  # decisions shown to this person and answered
    only_pass: int = 0  # of those, how many offered nothing but `pass`
    events: dict[int, str] = field(default_factory=dict)  # the log as this person's page got it


def start(data: Path, port: int, pace: float, seed: int, src: str | None) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if src:
        env["PYTHONPATH"] = src
    log = (data / "server.log").open("ab")
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER.format(pace=pace, seed=seed), str(data), str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    return answering(process, port, data / "server.log")


def _csrf(page: str) -> dict[str, str]:
    """The host form's CSRF token, where the server asks for one."""
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    return {"csrf": found.group(1)} if found else {}


async def seat_people(base: str, turn_limit: int) -> tuple[str, list[Person]]:
    form = {
        "name": "Ann",
        "game": "fireball-island",
        "fireball-island:players": "4",
        "fireball-island:turn_limit": str(turn_limit),
        "seat_2": "open",
        "seat_3": "medium",
        "seat_4": "hard",
        "public": "on",
    }
    async with httpx.AsyncClient(base_url=base, timeout=60) as host:
        lobby = await host.get("/")
        created = await host.post("/tables", data={**form, **_csrf(lobby.text)})
        assert created.status_code == 303, created.text[:300]
        table_id = created.headers["location"].removeprefix("/t/")
        page = await host.get(f"/t/{table_id}")
        invite = re.search(rf"/t/{table_id}/join/[\w-]+", page.text)
        assert invite is not None
        async with httpx.AsyncClient(base_url=base, timeout=60) as guest:
            joined = await guest.post(invite.group(0), data={"name": "Bob"})
            assert joined.status_code == 303, joined.text[:300]
            people = [
                Person(0, f"gn_{table_id}={host.cookies[f'gn_{table_id}']}"),
                Person(1, f"gn_{table_id}={guest.cookies[f'gn_{table_id}']}"),
            ]
        page = await host.get(f"/t/{table_id}")
        started = await host.post(f"/t/{table_id}/start", data=_csrf(page.text))
        assert started.status_code == 303, started.text[:300]
    return table_id, people


async def play(base: str, table_id: str, who: Person, rng: random.Random) -> None:
    """A person who answers every decision at once, and reads every event."""
    url = base.replace("http", "ws", 1) + f"/ws/t/{table_id}"
    async with connect(url, additional_headers={"Cookie": who.cookie}, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "sync", "since": 0}))
        moved_at = -1
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] != "state":
                moved_at = -1  # refused (overtaken by a card played before): asked again
                continue
            for event in message["events"]:
                who.events[event["n"]] = event["text"]
            if message["result"] is not None:
                return
            pending = message["pending"]
            if pending and pending["seat"] == who.seat and pending["choices"] and moved_at != message["last"]:
                moved_at = message["last"]
                choices = [c["notation"] for c in pending["choices"]]
                who.decisions += 1
                who.only_pass += choices == ["pass"]
                await ws.send(json.dumps({"type": "move", "move": rng.choice(choices), "after": message["last"]}))


async def one_game(seed: int, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start(Path(folder), port, args.pace, seed, args.server_src)
        try:
            base = f"http://127.0.0.1:{port}"
            table_id, people = await seat_people(base, args.turn_limit)
            began = time.perf_counter()
            await asyncio.wait_for(
                asyncio.gather(*(play(base, table_id, p, random.Random(seed * 10 + p.seat)) for p in people)),
                args.timeout,
            )
            seconds = time.perf_counter() - began
        finally:
            server.kill()
            server.wait()
    lines = sum(1 for text in people[0].events.values() if text)
    return {
        "seed": seed,
        "seconds": round(seconds, 1),
        "events": len(people[0].events),
        "log lines": lines,
        "decisions per person": [p.decisions for p in people],
        "only pass shown": [p.only_pass for p in people],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--turn-limit", type=int, default=24, help="turns per game")
    parser.add_argument("--pace", type=float, default=0.8, help="the bots' pace, seconds")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds a game may take")
    parser.add_argument("--server-src", help="run the server from this `src` folder (another checkout)")
    args = parser.parse_args()
    games = []
    for seed in args.seeds:
        game = asyncio.run(one_game(seed, args))
        print(json.dumps(game), flush=True)
        games.append(game)
    print(
        f"{len(games)} games: wall time mean {statistics.mean(g['seconds'] for g in games):.1f} s; "
        f"log lines mean {statistics.mean(g['log lines'] for g in games):.0f}; "
        f"decisions per person mean {statistics.mean(sum(g['decisions per person']) / 2 for g in games):.1f}; "
        f"only-pass decisions shown {sum(sum(g['only pass shown']) for g in games)}"
    )


if __name__ == "__main__":
    main()
