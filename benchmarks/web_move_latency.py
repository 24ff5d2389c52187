"""A move's way from one page to another (issue 28, item 6), in Chromium against `gamenight serve`:
the milliseconds from a person's click on a move to the frame after the move's line is in the
other person's log, where it is painted (with the board drawn, and since item 6 its animation
started); and the page's own part of it, from the message's arrival on the other page to that
frame. Two people at a two-seat Wildfire table click the first move (a tile laid when there
is one) turn about; the clock is the browser's (both pages are one process's).

`--baseline-src DIR` serves a second server from another checkout's `src` (the page it serves
with it), and the moves alternate between the two, so both see the same load:

    mkdir /tmp/before; git archive <commit> src | tar -x -C /tmp/before
    .venv/bin/python benchmarks/web_move_latency.py --moves 60 --baseline-src /tmp/before/src
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

from web_page_times import seat_two

CLOCK = """
// When each click was, when each event's message came (before the page's own code hears of
// it), and when each log line was first painted (the frame after it came).
window.__clicks = [];
window.__shown = {};
window.__arrived = {};
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      const at = performance.timeOrigin + performance.now();
      for (const e of JSON.parse(event.data).events || []) window.__arrived[e.n] ??= at;
    });
  }
};
window.addEventListener("click", () => window.__clicks.push(performance.timeOrigin + performance.now()), true);
new MutationObserver((changes) => {
  const lines = [];
  for (const change of changes) {
    for (const node of change.addedNodes) if (node.dataset && node.dataset.n) lines.push(node.dataset.n);
  }
  if (lines.length) {
    requestAnimationFrame(() => {
      for (const n of lines) window.__shown[n] ??= performance.timeOrigin + performance.now();
    });
  }
}).observe(document, { childList: true, subtree: true });
"""
MY_TURN = "() => document.querySelector('#choices:not(.sent) button[data-move]')"
OVER = "() => !document.getElementById('result').hidden"


class Table:
    """Ann and Bob at a started two-seat Wildfire table of one server."""

    def __init__(self, browser: Any, base: str) -> None:
        self.browser, self.base = browser, base
        self.pages: list[Any] = []
        self.new_game()

    def new_game(self) -> None:
        for page in self.pages:
            page.context.close()
        ann, bob = seat_two(self.browser, self.base, CLOCK)
        ann.click("form[action$='/start'] button")
        for page in (ann, bob):
            page.wait_for_selector("#board svg")
        self.pages = [ann, bob]

    def move(self) -> tuple[float, float]:
        """One move by whoever's turn it is: milliseconds from the click to the other page's
        paint, and from its message's arrival there to that paint (the page's own part)."""
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, "nobody's turn for a minute"
            mover = next((p for p in self.pages if p.evaluate(MY_TURN)), None)
            if mover is not None:
                break
            if self.pages[0].evaluate(OVER):
                self.new_game()
                continue
            self.pages[0].wait_for_timeout(10)  # not measured: whose turn it is, before the click
        other = self.pages[1 - self.pages.index(mover)]
        n = int(mover.locator("#table").get_attribute("data-last")) + 1
        moves = mover.eval_on_selector_all("#choices button[data-move]", "bs => bs.map(b => b.dataset.move)")
        move = next((m for m in moves if "@" in m), moves[0])
        mover.click(f"#choices button[data-move='{move}']")
        clicked = mover.evaluate("window.__clicks[window.__clicks.length - 1]")
        other.wait_for_function(f"() => window.__shown['{n}'] !== undefined", timeout=60_000)
        shown, arrived = other.evaluate(f"[window.__shown['{n}'], window.__arrived['{n}']]")
        return float(shown) - float(clicked), float(shown) - float(arrived)


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=60, help="moves measured on each server")
    parser.add_argument("--baseline-src", help="also serve this `src` folder (another checkout), moves alternating")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parents[1] / "src")
    servers: dict[str, ServerProcess] = {}
    with tempfile.TemporaryDirectory() as folder, chromium() as browser:
        try:
            for name, src in (("this checkout", here), ("baseline", args.baseline_src)):
                if src is None:
                    continue
                os.environ["PYTHONPATH"] = str(Path(src).resolve())  # the server started next runs from it
                data = Path(folder) / name.replace(" ", "-")
                data.mkdir()
                servers[name] = ServerProcess(data, free_port(), None)
                servers[name].start()
            tables = {name: Table(browser, f"http://127.0.0.1:{server.port}") for name, server in servers.items()}
            times: dict[str, list[tuple[float, float]]] = {name: [] for name in tables}
            for _ in range(args.moves):
                for name, table in tables.items():
                    times[name].append(table.move())
        finally:
            for server in servers.values():
                server.stop()
    for name, pairs in times.items():
        for what, ms in (("click to paint", [p[0] for p in pairs]), ("arrival to paint", [p[1] for p in pairs])):
            print(
                f"{name:14} {what:17} {len(ms)} moves: median {statistics.median(ms):.1f} ms, "
                f"p95 {p95(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms, max {max(ms):.1f} ms"
            )


if __name__ == "__main__":
    main()
