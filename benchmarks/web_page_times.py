"""The table page's two waits (issue 28, item 2), in Chromium against `gamenight serve`:

- start to board: the host presses Start; how long until the board is on a waiting friend's
  page (before: the waiting page reloaded itself every 4 s);
- reconnect: the server is killed (`kill -9`) while a page shows a game, stays down a few
  seconds, and is started again; how long from the server answering HTTP until the page is
  connected again (before: the back-off reached 8 s).

`--server-src DIR` runs the server (and so the page it serves) from another checkout's
`src`, for the figures before the change, in the same run:

    .venv/bin/python benchmarks/web_page_times.py --rounds 5
    mkdir /tmp/before; git archive <commit> src | tar -x -C /tmp/before
    .venv/bin/python benchmarks/web_page_times.py --server-src /tmp/before/src
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.browsing import chromium, free_port
from tests.web.crashing import ServerProcess

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def seat_two(browser: Any, base: str, script: str | None = None) -> tuple[Any, Any]:
    """Ann's table (Wildfire, two seats), Bob joined by the invite link: both pages open on it
    (`script`: run in each page before its own, web_move_latency.py's clock)."""
    contexts = [browser.new_context(base_url=base, viewport=size) for size in (DESKTOP, PHONE)]
    for context in contexts:
        if script:
            context.add_init_script(script)
    ann, bob = (context.new_page() for context in contexts)
    form = {"name": "Ann", "game": "wildfire", "seat_2": "open", "wildfire:players": "2", "wildfire:rounds": "1"}
    response = ann.context.request.post("/tables", form=form)
    ann.goto(response.url)
    bob.goto(ann.locator("#invite").inner_text().strip())
    bob.fill("input[name=name]", "Bob")
    bob.click("button[type=submit]")
    bob.wait_for_url(response.url)
    ann.goto(response.url)
    return ann, bob


def start_to_board(browser: Any, base: str) -> tuple[float, float]:
    """(seconds from the click on Start, and from the server's answer to it, to the board on
    the waiting friend's page)."""
    ann, bob = seat_two(browser, base)
    bob.wait_for_load_state()
    began = time.monotonic()
    with ann.expect_response(lambda response: response.url.endswith("/start")):
        ann.click("form[action$='/start'] button")
    answered = time.monotonic()
    bob.wait_for_selector("#board svg", timeout=30_000)
    shown = time.monotonic()
    ann.context.close()
    bob.context.close()
    return shown - began, shown - answered


def reconnect(browser: Any, base: str, server: ServerProcess, down: float) -> float:
    ann, bob = seat_two(browser, base)
    ann.click("form[action$='/start'] button")
    bob.wait_for_selector("#board svg", timeout=30_000)
    bob.wait_for_selector("#conn.up")
    server.kill()
    bob.wait_for_selector("#conn.down")
    time.sleep(down)  # the page's back-off grows meanwhile
    server.start()  # returns once the server answers HTTP
    began = time.monotonic()
    bob.wait_for_selector("#conn.up", timeout=60_000)
    took = time.monotonic() - began
    ann.context.close()
    bob.context.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--down", type=float, default=6.0, help="seconds the server stays down")
    parser.add_argument("--server-src", help="run the server from this `src` folder (another checkout)")
    args = parser.parse_args()
    if args.server_src:
        os.environ["PYTHONPATH"] = str(Path(args.server_src).resolve())
    with tempfile.TemporaryDirectory() as folder, chromium() as browser:
        server = ServerProcess(Path(folder), free_port(), None)
        server.start()
        base = f"http://127.0.0.1:{server.port}"
        try:
            pairs = [start_to_board(browser, base) for _ in range(args.rounds)]
            backs = [reconnect(browser, base, server, args.down) for _ in range(args.rounds)]
        finally:
            server.stop()
    clicks, answers = [p[0] for p in pairs], [p[1] for p in pairs]
    report = (("start: click to board", clicks), ("start: answer to board", answers), ("reconnect", backs))
    for what, times in report:
        print(
            f"{what:26} median {statistics.median(times):.3f} s, max {max(times):.3f} s "
            f"({', '.join(f'{t:.2f}' for t in times)})"
        )


if __name__ == "__main__":
    main()
