"""What the web benchmarks share: `gamenight serve` in a process of its own, on a free port."""

from __future__ import annotations

import os
import re
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


BENCH_OPTIONS = [
    "--tables-per-hour=0",
    "--bot-tables-per-address=0",
    "--min-bot-pace=0",
    "--min-zombie-timeout=0",
    "--connections-per-address=100000",
    "--full-sync-seconds=0",
]
"""The benchmarks' clients all come from 127.0.0.1 and make hundreds of tables with fast bots:
the per-address limits would refuse them (web_attacks.py sets its own)."""


def csrf_field(page: str) -> dict[str, str]:
    """The CSRF token the host's forms carry, from the table's page as the host sees it."""
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
    return {"csrf": found.group(1)} if found else {}


def start_server(
    data: Path,
    port: int,
    database: str | None = None,
    options: Sequence[str] = (),
    open_files: int | None = None,
    source: Path | None = None,
    unlimited: bool = True,
) -> subprocess.Popen[bytes]:
    """`gamenight serve` with its database in `data` (or at the URL `database`) and more
    `options`, once it answers; its log in data/server.log. `open_files`: the soft limit it
    starts with; `source`: another checkout's src/ to run instead of this one (a before/after);
    `unlimited`: lift the per-address limits (BENCH_OPTIONS)."""
    command = [sys.executable, "-m", "gamenight", "serve", "--port", str(port), "--data", str(data)]
    command += [*(BENCH_OPTIONS if unlimited else []), *options]
    if database is not None:
        command += ["--database", database]

    def limit_open_files() -> None:
        if open_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if source is not None:
        env["PYTHONPATH"] = str(source)
    with (data / "server.log").open("ab") as log:  # the child keeps its own copy of the file
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, preexec_fn=limit_open_files)
    return answering(process, port, data / "server.log")


def answering(process: subprocess.Popen[bytes], port: int, log: Path) -> subprocess.Popen[bytes]:
    """`process`, once its server answers on `port`; SystemExit with its `log`'s end if it never does."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start: " + log.read_text()[-2000:])
