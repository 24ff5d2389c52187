"""What the browser tests share: Debian's Chromium driven by Playwright (never a browser
Playwright downloads), and an ASGI app served by uvicorn in a thread on a free port."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
# A closed network: without these, Chromium keeps reaching for Google's services.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


GUARD_MS = 120_000
"""How long a browser test waits for a condition before it fails: a guard, never a moment
(the condition decides when the wait ends). Playwright's own 30 s ran out on a machine with
eight jobs a core, while a page was still being drawn."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serving(app: Any, what: str = "the server") -> Iterator[str]:
    """`app` served on 127.0.0.1 at a free port until the block ends; its base URL."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # a guard: it starts when it says so, later on a loaded machine
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), f"{what} did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless. Missing, the tests fail saying so: they are never skipped."""
    from playwright.sync_api import sync_playwright

    assert CHROMIUM.exists(), f"the browser tests need Debian's Chromium at {CHROMIUM}: apt-get install chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        _guarded(browser)
        try:
            yield browser
        finally:
            browser.close()


def _guarded(browser: Any) -> None:
    """Every context and page the tests open waits up to GUARD_MS by default."""
    new_context, new_page = browser.new_context, browser.new_page

    def guarded_context(*args: Any, **kwargs: Any) -> Any:
        context = new_context(*args, **kwargs)
        context.set_default_timeout(GUARD_MS)
        return context

    def guarded_page(*args: Any, **kwargs: Any) -> Any:
        page = new_page(*args, **kwargs)
        page.set_default_timeout(GUARD_MS)
        return page

    browser.new_context, browser.new_page = guarded_context, guarded_page


def play_first_choices(page: Any, most: int = 400) -> None:
    """On a table's page: click the person's first choice each turn until the result shows (at
    most `most` turns), each time waiting for the next choice or the result."""
    for _ in range(most):
        if page.locator("#result:not([hidden])").count():
            break
        if page.locator("#choices button[data-move]").count() and not page.locator("#choices.sent").count():
            page.locator("#choices button[data-move]").first.click()
        page.wait_for_function(
            "() => document.querySelector('#choices:not(.sent) button[data-move]') || "
            "!document.getElementById('result').hidden"
        )
    page.wait_for_selector("#result:not([hidden])")


def start_table(page: Any, form: dict[str, str]) -> None:
    """The lobby's form posted by `page`'s person (the host), the table opened and started:
    the board is drawn."""
    response = page.context.request.post("/tables", form=form)
    assert response.ok, response.text()
    page.goto(response.url)
    page.click("#start")
    page.wait_for_selector("#board svg")
