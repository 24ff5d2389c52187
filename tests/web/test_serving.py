"""`gamenight serve` and its data folder (issue 29, items 11, 15 and 19): the folder and the
database are private to their owner, a folder nobody may write is said in one line, and a
second server on the same folder is refused with a clear message."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

from websockets.sync.client import connect

from tests.web.browsing import free_port
from tests.web.conftest import Server
from tests.web.crashing import ServerProcess, create_tables


def serve(data: Path, *more: str) -> subprocess.CompletedProcess[str]:
    """`gamenight serve` on `data`, expected to stop at once (a refusal): its output."""
    command = [sys.executable, "-m", "gamenight", "serve", "--port", str(free_port()), "--data", str(data), *more]
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_data_folder_and_its_database_are_private(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Server(data):
        assert mode(data) == 0o700
        assert mode(data / "gamenight.db") == 0o600
        assert mode(data / "gamenight.db-wal") == 0o600  # SQLite gives it the database's mode
    # A database an older version left readable by all is made private.
    (data / "gamenight.db").chmod(0o644)
    with Server(data):
        assert mode(data / "gamenight.db") == 0o600


def test_a_second_server_on_the_same_folder_is_refused(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path, free_port(), None)
    first.start()
    try:
        second = serve(tmp_path)
        assert second.returncode == 2
        assert "another gamenight serve" in second.stderr and "Traceback" not in second.stderr
        assert f"process {first.process.pid if first.process else ''}" in second.stderr
    finally:
        first.stop()
    # Once the first is gone, the folder is free again (a lock, not a file left behind).
    third = ServerProcess(tmp_path, free_port(), None)
    third.start()
    third.stop()


def test_a_data_folder_it_may_not_write_is_said_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    if os.geteuid() == 0:  # root writes anywhere: take a folder of the kernel's, which nobody may write
        data = Path("/sys/kernel")
    refused = serve(data)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.strip().count("\n") == 0, refused.stderr
    assert f"cannot use the data folder {data}" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_bad_serving_options_are_said_in_one_line(tmp_path: Path) -> None:
    for option, said in (
        (["--public-url", "games.example.org"], "--public-url 'games.example.org': give the address people use"),
        (["--forwarded-allow-ips", "10.0.0.1,proxy"], "'proxy' is not an address or a network"),
        (["--max-header-bytes", "0"], "--max-header-bytes 0: give a positive number"),
        (["--tables-per-hour", "-1"], "--tables-per-hour -1: give 0 or a positive number"),
        (["--hints-at-once", "-1"], "--hints-at-once -1: give 0 or a positive number"),
        (["--hint-seconds", "0"], "--hint-seconds 0: give a number of seconds above 0, up to 60"),
        (["--round-pause", "601"], "--round-pause 601: give 0 to 600 seconds"),
        (["--gc-full-seconds", "-5"], "--gc-full-seconds -5: give 0 or a positive number"),
        (["--gc-young", "5"], "Invalid value for '--gc-young': Input should be greater than or equal to 700"),
    ):
        refused = serve(tmp_path / "data", *option)
        assert refused.returncode == 2, refused.stderr
        assert said in refused.stderr and "Traceback" not in refused.stderr


def test_the_round_pause_a_new_table_gets_is_the_servers_option(tmp_path: Path) -> None:
    """`--round-pause`: the lobby's form starts from it, and a table made without one gets it."""
    import httpx

    server = ServerProcess(tmp_path, free_port(), None, options=["--round-pause=3.5"])
    server.start()
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{server.port}") as client:
            field = 'name="round_pause" min="0" max="600" step="any" value="3.5"'
            assert field in client.get("/").text
            made = client.post("/tables", data={"name": "Ann", "game": "wildfire", "round_pause": ""})
            assert made.status_code == 303
            assert field in client.get(made.headers["location"]).text  # the host's settings
    finally:
        server.stop()


def test_websocket_messages_are_compressed_only_with_ws_compression(tmp_path: Path) -> None:
    """A browser offers permessage-deflate; the server takes it only with --ws-compression,
    and the table's messages arrive either way (compression cost the server memory per socket
    and CPU for messages of a few KiB: README, Serving)."""
    for options, compressed in (((), False), (("--ws-compression",), True)):
        data = tmp_path / ("on" if compressed else "off")
        data.mkdir()
        port = free_port()
        server = ServerProcess(data, port, None, options)
        server.start()
        try:
            [person] = create_tables(port, 1, 1, [("wildfire", {"wildfire:players": "2"}, 1)])
            url = f"ws://127.0.0.1:{port}/ws/t/{person.table_id}"
            with connect(url, additional_headers={"Cookie": person.cookie}, compression="deflate") as ws:
                agreed = ws.response.headers.get("Sec-WebSocket-Extensions") or ""
                ws.send(json.dumps({"type": "sync", "since": 0}))
                state = json.loads(ws.recv(timeout=60))
            assert ("permessage-deflate" in agreed) == compressed, agreed
            assert state["type"] == "state" and state["seat"] == 0
        finally:
            server.stop()
