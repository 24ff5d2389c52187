"""Where the table page puts the hand, the choices and the board's smallest figure (issue 28,
item 4), in Chromium: a game played on by clicking to the middle (or, for Wildstar, late into
a long hand), then measured from the rendered page. Shared by tests/web/test_layout.py and
benchmarks/table_layout.py, which prints the figures."""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.browsing import GUARD_MS, start_table

VIEWPORTS: dict[str, dict[str, Any]] = {
    "laptop 1280x800": {"viewport": {"width": 1280, "height": 800}},
    "laptop 1366x768": {"viewport": {"width": 1366, "height": 768}},
    "phone 390x844": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
    },
    # A 1280x800 window at 200% zoom: the page lays out in 640x400 CSS pixels, each two device pixels.
    "200% zoom of 1280x800": {"viewport": {"width": 640, "height": 400}, "device_scale_factor": 2},
}

GAMES: dict[str, dict[str, str]] = {
    "wildfire": {"players": "3", "rounds": "1"},
    "wildstar": {"players": "4", "hands": "1"},
    "highrise": {"players": "3", "hands": "1"},
    "fireball-island": {"players": "2", "turn_limit": "40"},
}

MEASURE = """() => {
    const box = (selector) => {
        const node = document.querySelector(selector);
        if (!node) return null;
        const r = node.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const svg = document.querySelector('#board svg');
    // Each figure a person reads on the board: a text (a tile's digit, an end's number, a
    // label) by the height of its box; a half drawn as pips by the height of its pattern
    // (two pips or more: one pip alone is a dot, measured as a pip); and each pip.
    const figures = [];
    for (const t of svg ? svg.querySelectorAll('text') : []) {
        if (!t.textContent.trim()) continue;
        figures.push({ what: `text "${t.textContent.trim()}"`, size: t.getBoundingClientRect().height });
    }
    let pip = null;
    for (const g of svg ? svg.querySelectorAll('[data-pips]') : []) {
        const n = Number(g.dataset.pips);
        if (n >= 2) figures.push({ what: `${n} pips`, size: g.getBoundingClientRect().height });
        for (const dot of g.querySelectorAll('.pip')) {
            const d = dot.getBoundingClientRect().height;
            if (pip === null || d < pip) pip = d;
        }
    }
    figures.sort((a, b) => a.size - b.size);
    return {
        width: innerWidth,
        height: innerHeight,
        hand: box('#hand'),
        prompt: box('#prompt'),
        choices: box('#choices'),
        board: box('#board'),
        tiles: svg ? svg.querySelectorAll('.tiles .tile').length : 0,
        smallest: figures[0] || null,
        pip,
    };
}"""


def inside(box: dict[str, float] | None, figures: dict[str, Any]) -> bool:
    """Is the box wholly within the first screen (the viewport, scrolled to the top)?"""
    return (
        box is not None
        and box["top"] >= 0
        and box["left"] >= 0
        and box["bottom"] <= figures["height"]
        and box["right"] <= figures["width"]
    )


def open_table(
    browser: Any,
    base_url: str,
    game: str,
    viewport: str,
    storage: dict[str, str] | None = None,
    bots: tuple[str, ...] = (),
) -> Any:
    """A table of `game` made by Ann (seat 1) with bots of `bots`' levels (medium for any not
    given) in the other seats, started: her page. `storage`: localStorage set before it opens."""
    context = browser.new_context(base_url=base_url, **VIEWPORTS[viewport])
    if storage:
        script = "".join(f"localStorage.setItem({key!r}, {value!r});" for key, value in storage.items())
        context.add_init_script(script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    options = GAMES[game]
    form = {"name": "Ann", "game": game, "bot_pace": "0"}
    levels = [*bots, *["medium"] * int(options["players"])]
    form.update({f"seat_{i}": levels[i - 2] for i in range(2, int(options["players"]) + 1)})
    form.update({f"{game}:{key}": value for key, value in options.items()})
    start_table(page, form)
    return page


READY = (
    "() => document.querySelector('#choices:not(.sent) button[data-move]') || !document.getElementById('result').hidden"
)


def play_on(page: Any, moves: int = 0, tiles: int = 0) -> None:
    """Ann plays (from the list, a play before a draw or a pass) until she has made `moves`
    moves and the board holds `tiles` tiles, and it is her turn again."""
    made = 0
    while True:
        page.wait_for_function(READY, timeout=GUARD_MS)
        assert page.locator("#result[hidden]").count(), "the game ended before the position was reached"
        laid = page.locator("#board svg .tiles .tile").count()
        if made >= moves and laid >= tiles:
            return
        notations = page.eval_on_selector_all("#choices button[data-move]", "bs => bs.map((b) => b.dataset.move)")
        plays = [n for n in notations if "@" in n] or notations
        page.click(f'#choices button[data-move="{plays[0]}"]')
        page.wait_for_function("() => !document.querySelector('#choices.sent')", timeout=GUARD_MS)
        made += 1


SETTLED = f"""(dominoes) => {{
    const f = ({MEASURE})();
    const inside = (b) => b && b.top >= 0 && b.left >= 0 && b.bottom <= f.height && b.right <= f.width;
    const readable = !dominoes || (f.smallest && f.smallest.size >= 12);
    return inside(f.hand) && inside(f.prompt) && inside(f.choices) && readable;
}}"""


def measure(page: Any, settle: bool | None = None) -> dict[str, Any]:
    """The figures of the page scrolled to the top. With `settle` (True for a domino board),
    first wait a little for the layout to come right (the board is fitted a frame after a
    resize): the figures then say what is wrong if it never does."""
    page.evaluate("window.scrollTo(0, 0)")
    if settle is not None:
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(SETTLED, arg=settle, timeout=30_000)
    figures: dict[str, Any] = page.evaluate(MEASURE)
    return figures
