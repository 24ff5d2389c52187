"""One client cannot take the server from the others (issue 29): the limits below the app,
tried against a real `gamenight serve` process with small limits, and the app's own.

The attackers connect from 127.0.0.2 and everyone else from 127.0.0.1: two addresses, as on
the internet. benchmarks/web_attacks.py measures the same attacks at full size."""

from __future__ import annotations

import contextlib
import gc
import resource
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from gamenight.interfaces.web import limits as web_limits
from gamenight.interfaces.web.limits import Limits, tune_collector
from tests.web.browsing import free_port
from tests.web.conftest import Server
from tests.web.crashing import ServerProcess
from tests.web.support import until

ATTACKER = "127.0.0.2"
WAIT_SECONDS = 30
"""How long a test waits for the server to do what it must (a condition, never a moment)."""


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[ServerProcess]:
    """`gamenight serve` with small limits: 4 KiB of headers, 2 s for them, 5 connections
    an address, and a soft limit of 256 open files to start with."""

    def few_open_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    options = ["--max-header-bytes", "4096", "--header-timeout", "2", "--connections-per-address", "5"]
    server = ServerProcess(tmp_path, free_port(), None, options, preexec=few_open_files)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def half_sent(port: int, source: str = ATTACKER) -> socket.socket:
    """A connection that sends a request's first line and one header, and no more."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS, source_address=(source, 0))
    connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return connection


def answer_or_close(connection: socket.socket) -> bytes:
    """What the server sends before it closes the connection (b"" for a bare close)."""
    received = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := connection.recv(65536):
            received += chunk
    return received


def lobby_answers(port: int) -> bool:
    return httpx.get(f"http://127.0.0.1:{port}/", timeout=WAIT_SECONDS).status_code == 200


def test_headers_larger_than_the_limit_are_refused(serve: ServerProcess) -> None:
    big = httpx.get(f"http://127.0.0.1:{serve.port}/", headers={"X-Huge": "a" * 8192}, timeout=WAIT_SECONDS)
    assert big.status_code == 431
    # A header streamed without end is cut off near the limit, not read whole: the server
    # closes the connection long before 64 MB are sent (the sockets' buffers hold a few MB).
    with socket.create_connection(("127.0.0.1", serve.port), source_address=(ATTACKER, 0)) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Huge: ")
        sent = 0
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            while sent < 64_000_000:
                connection.sendall(b"a" * 65536)
                sent += 65536
        assert sent < 64_000_000
    assert lobby_answers(serve.port)


def test_a_request_whose_headers_do_not_come_in_time_is_closed(serve: ServerProcess) -> None:
    with half_sent(serve.port) as slow:
        assert answer_or_close(slow) == b""  # closed by the server after --header-timeout
    # A kept-alive connection that starts a second request and stops is closed too.
    with socket.create_connection(("127.0.0.1", serve.port), timeout=WAIT_SECONDS) as connection:
        connection.sendall(b"GET /static/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert connection.recv(12) == b"HTTP/1.1 200"
        connection.sendall(b"GET / HTTP/1.1\r\nHo")
        answer_or_close(connection)  # returns once the server closed it


def test_one_address_holds_at_most_its_connections_and_the_others_are_served(serve: ServerProcess) -> None:
    held = [half_sent(serve.port) for _ in range(5)]
    try:
        with half_sent(serve.port) as sixth:
            assert answer_or_close(sixth).startswith(b"HTTP/1.1 429")
        assert lobby_answers(serve.port)  # another address is served meanwhile
    finally:
        for connection in held:
            connection.close()
    # Once they are closed, the address may connect again.
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        with socket.create_connection(("127.0.0.1", serve.port), source_address=(ATTACKER, 0)) as again:
            again.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            if answer_or_close(again).startswith(b"HTTP/1.1 200"):
                break
        assert time.monotonic() < deadline, "the address was never let in again"


def test_a_websocket_counts_against_its_address(serve: ServerProcess) -> None:
    upgrade = (
        b"GET /ws/t/nosuch HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sockets = []
    try:
        for _ in range(5):
            connection = socket.create_connection(("127.0.0.1", serve.port), source_address=(ATTACKER, 0))
            connection.sendall(upgrade)
            assert connection.recv(12) == b"HTTP/1.1 101"
            sockets.append(connection)
        with half_sent(serve.port) as sixth:
            assert answer_or_close(sixth).startswith(b"HTTP/1.1 429")
    finally:
        for connection in sockets:
            connection.close()


def test_the_server_raises_its_open_files_limit_and_names_no_server(serve: ServerProcess) -> None:
    assert serve.process is not None
    limits = Path(f"/proc/{serve.process.pid}/limits").read_text()
    soft = int(next(line for line in limits.splitlines() if line.startswith("Max open files")).split()[3])
    assert soft > 256
    assert "server" not in httpx.get(f"http://127.0.0.1:{serve.port}/").headers


def test_the_server_collects_its_young_and_middle_objects_often_and_the_oldest_by_the_clock() -> None:
    """`gamenight serve --gc-young N --gc-full-seconds S`: young collections every N allocations,
    a middle one every other young one, and Python's rule for the oldest generation (a quarter
    more objects than at the last walk of them all) never reached: the server walks them every S
    seconds instead. With S 0, Python's rule. What the process loaded before serving is frozen,
    so that no collection walks it again (benchmarks/README.md, *Short collections*)."""
    threshold = gc.get_threshold()
    try:
        tune_collector(12_345, 600)
        young, middle, oldest = gc.get_threshold()
        assert (young, middle) == (12_345, 2)
        assert oldest >= 2**30  # two middle collections a second would take 17 years to reach it
        assert gc.get_freeze_count() > 10_000  # the modules, classes and functions loaded by now
        gc.unfreeze()
        tune_collector(700, 0)
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_the_server_walks_every_generation_every_so_many_seconds(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The full collections that Python's rule no longer makes, the server makes by the clock,
    on its event loop, while it serves; with `gc_full_seconds` 0 it makes none of its own."""
    walks: list[tuple[int, ...]] = []

    class Collector:  # the limits module's `gc`, counting the server's own walks
        def collect(self, *generation: int) -> int:
            walks.append(generation)
            return gc.collect(*generation)

    monkeypatch.setattr(web_limits, "gc", Collector())
    with Server(data_dir, limits=Limits(gc_full_seconds=0.05)) as server:
        assert server.browser().get("/").status_code == 200
        until(lambda: len(walks) >= 3, "three full collections")
        assert set(walks) == {()}  # every generation
        assert "gamenight-collector" in {task.get_name() for task in server.app.state.hub.chores}
    with Server(data_dir, limits=Limits(gc_full_seconds=0)) as server:
        assert server.browser().get("/").status_code == 200
        assert "gamenight-collector" not in {task.get_name() for task in server.app.state.hub.chores}


def test_a_body_larger_than_the_limit_is_refused_and_changes_nothing(data_dir: Path) -> None:
    with Server(data_dir, limits=Limits(max_body_bytes=2000)) as server:
        client = server.browser()
        form = {"name": "Ann", "game": "wildfire", "title": "x" * 3000}
        assert client.post("/tables", data=form).status_code == 413
        # Sent in chunks, with no length given: read only up to the limit.
        chunks = (b"name=Ann&game=wildfire&title=" + b"x" * 500 for _ in range(10))
        headers = {"content-type": "application/x-www-form-urlencoded"}
        refused = client.post("/tables", content=chunks, headers=headers)
        assert refused.status_code == 413
        assert "at most 2000 bytes" in refused.text
        assert server.app.state.store.public_tables() == []
