"""You can follow what just happened (issue 28, item 6), in Chromium against the real server.

Another seat's move is animated on the reader's page (a tile slides to its place, a pawn walks,
a Fireball rolls: a running Web Animation on what moved), and every seat's last move stays
marked in its colour until its next one (Highrise's tower, Fireball Island's "came from" and
the Fireball's path). With prefers-reduced-motion nothing moves, and the marks are there.
Animations never hold up a click (the move is sent in the click's own task while a tile is
still sliding) and never reorder the log (its lines are the server's events, in its order).

The page's animations are slowed twentyfold through Chromium's DevTools protocol (the
document timeline's playback rate, not the page's code), so that one started is still
running when the test looks, however loaded the machine. The latency from a click on one
page to the update on another, before and after: benchmarks/web_move_latency.py."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.web.browsing import GUARD_MS, start_table
from tests.web.conftest import real_server

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
SEED = 7
"""Every table here deals from it, so each game goes the same way every run."""

RECORDER = """
// What the test reads of the page's life: every event the server sent, in the order it came,
// and each move sent with whether it went in the task of a click, and what was moving then.
window.__received = [];
window.__sent = [];
// The pieces a motion was built for (each time one is, its data-motion-seat is set), noted as
// it happens: a test reads it after the fact, however fast or slow the motion ran.
window.__motions = [];
document.addEventListener("DOMContentLoaded", () => new MutationObserver((records) => {
  for (const r of records) {
    const piece = r.target.closest("#board .pieces") ? r.target.dataset.piece : undefined;
    if (piece !== undefined) window.__motions.push(piece);
  }
}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-motion-seat"] }));
window.__inClick = false;
window.__movingAtClick = -1;
window.addEventListener("click", () => {
  window.__inClick = true;
  window.__movingAtClick = document.getAnimations().filter((a) => a.id.startsWith("motion")).length;
  setTimeout(() => { window.__inClick = false; }, 0);
}, true);
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "state") for (const e of msg.events || []) window.__received.push(e.n);
    });
  }
  send(data) {
    const msg = JSON.parse(data);
    if (msg.type === "move") {
      window.__sent.push({ move: msg.move, inClick: window.__inClick, moving: window.__movingAtClick });
    }
    return super.send(data);
  }
};
"""


def _moving(selector: str) -> str:
    """A page function: whether the element `selector` picks is moving (a Web Animation of the
    page's motions, running)."""
    return (
        f"() => [...document.querySelectorAll(`{selector}`)].some((node) => node.getAnimations()"
        ".some((a) => a.id.startsWith('motion') && a.playState === 'running'))"
    )


BOT_MOVED = {
    # The bot's tile, laid last and marked as its last move, slides into place...
    "wildfire": _moving("#board .tile.newest[data-mark-seat='1'][data-motion-seat='1']"),
    # ...a domino flies in over the two cells the bot's last move is marked on.
    "highrise": "() => { const mark = document.querySelector(\"#board .last-move-cells[data-mark-seat='1']\"); "
    "return Boolean(mark) && ("
    + _moving("#board .flying-tile[data-motion-seat='1'][data-cells='${mark.dataset.cells}']")
    + ")(); }",
}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with real_server(tmp_path_factory.mktemp("motion"), seed=SEED) as url:
        yield url


def _page(browser: Any, base_url: str, viewport: dict[str, int], reduced: bool = False) -> Any:
    context = browser.new_context(base_url=base_url, viewport=viewport, reduced_motion="reduce" if reduced else None)
    context.add_init_script(RECORDER)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    devtools = context.new_cdp_session(page)
    devtools.send("Animation.enable")
    devtools.send("Animation.setPlaybackRate", {"playbackRate": 0.05})
    return page


def _start(page: Any, game: str, **options: str) -> None:
    """Ann's table of `game` with a medium bot in seat 2, started."""
    form = {"name": "Ann", "game": game, "seat_2": "medium", "bot_pace": "0", f"{game}:players": "2"}
    form.update({f"{game}:{key}": value for key, value in options.items()})
    start_table(page, form)


MY_TURN = "() => document.querySelector('#choices:not(.sent) button[data-move]')"


def _play(page: Any, prefer: str = "@") -> str:
    """Ann's next decision, once it is hers: a move holding `prefer` if there is one (a tile
    laid), else the first. The move sent."""
    page.wait_for_function(MY_TURN, timeout=GUARD_MS)
    moves = page.eval_on_selector_all("#choices button[data-move]", "bs => bs.map(b => b.dataset.move)")
    move = next((m for m in moves if prefer in m), moves[0])
    page.click(f"#choices button[data-move='{move}']")
    return str(move)


ANSWERED = MY_TURN + " || !document.getElementById('result').hidden"
"""Ann's turn again (the bot has answered), or the game is over."""


def _play_until(page: Any, done: Callable[[], bool], why: str) -> None:
    """Ann plays (a tile laid when she can) until `done()` is true on her turn; AssertionError
    saying `why` not if it never is."""
    for _ in range(40):
        _play(page)
        page.wait_for_function(ANSWERED, timeout=GUARD_MS)
        if done():
            return
    raise AssertionError(why)


def _marked(page: Any, seat: int) -> list[str]:
    """The tooltips of what marks `seat`'s last move: a tile's ("e4: 5-3@e2"), or cells' words."""
    return list(
        page.eval_on_selector_all(
            f"#board [data-mark-seat='{seat}']",
            "nodes => nodes.map(n => n.querySelector(':scope > title')?.textContent || n.dataset.cells)",
        )
    )


def _log_in_order(page: Any) -> None:
    """The log's lines are the server's events, every one once, in the order it sent them (both
    read at one moment: a state may come at any time)."""
    numbers, received = page.evaluate(
        "() => [[...document.querySelectorAll('#log li[data-n]')].map(li => Number(li.dataset.n)), window.__received]"
    )
    assert numbers == list(range(1, len(numbers) + 1))
    first = [n for i, n in enumerate(received) if n not in received[:i]]
    assert [n for n in first if n <= len(numbers)] == numbers


@VIEWPORTS
@pytest.mark.parametrize("game", ["wildfire", "highrise"])
def test_the_other_seats_move_is_animated_and_each_seats_last_move_stays_marked(
    browser: Any, base_url: str, viewport: Any, game: str
) -> None:
    page = _page(browser, base_url, viewport)
    _start(page, game, **({"rounds": "1"} if game == "wildfire" else {}))
    # The bot answers Ann's move: its move is drawn at once, and slides (or flies) into place.
    _play_until(page, lambda: page.evaluate(BOT_MOVED[game]), "the bot never laid a tile")
    assert _marked(page, 1), "the bot's last move is not marked"
    # Ann's last tile keeps its mark through the bot's move, on the tile she laid.
    mine = next(m["move"] for m in reversed(page.evaluate("window.__sent")) if "@" in m["move"])
    play = mine.split()[0]  # "5-3@e2 knock": the tile and its end
    place = play.partition("@")[2]
    ann_marks = _marked(page, 0)
    if game == "wildfire":
        # The tile's tooltip: "e4: 5-3@e2" (a Wildfire's hub number after a colon).
        assert len(ann_marks) == 1, ann_marks
        assert ann_marks[0].split("\n")[0].split(": ")[1].split(":")[0] in (play, _reversed(play)), ann_marks
        assert page.locator("#board .tile.newest[data-mark-seat='1']").count() == 1  # the bot's: laid last
    else:
        cells = ",".join(cell.rstrip("^") for cell in place.split(","))
        assert ann_marks == [cells] and page.locator(f"#board .last-move-cells[data-cells='{cells}']").count() == 1
        assert "last domino" in page.locator("#board .mark-tag.seat-colour-1 title").text_content()
    # Ann's next tile: her mark moves to it, the bot's stays where it was until the bot moves.
    if page.evaluate(MY_TURN):
        move = _play(page)
        if "@" in move:
            page.wait_for_function(
                "([seat, n]) => document.querySelectorAll(`#board [data-mark-seat='${seat}']`).length === n && "
                + "!document.getElementById('choices').classList.contains('sent')",
                arg=[0, 1],
            )
            assert _marked(page, 0) != ann_marks
    _log_in_order(page)
    assert not page.errors, page.errors


def _reversed(play: str) -> str:
    tile, _, place = play.partition("@")
    return "-".join(reversed(tile.split("-"))) + "@" + place


@VIEWPORTS
def test_with_reduced_motion_nothing_moves_and_the_marks_are_there(browser: Any, base_url: str, viewport: Any) -> None:
    page = _page(browser, base_url, viewport, reduced=True)
    _start(page, "wildfire", rounds="1")
    seen = [_marked(page, 1)]  # the bot's mark at Ann's last turn

    def bot_laid_after_ann() -> bool:
        now = _marked(page, 1)
        changed, seen[0] = bool(now) and now != seen[0], now
        return changed and bool(_marked(page, 0))

    _play_until(page, bot_laid_after_ann, "the bot never laid a tile after Ann's move")
    # The bot laid a tile after Ann's move, on this page: at a twentieth of the speed, an
    # animation started for it would still be running.
    assert page.evaluate("document.getAnimations().map(a => a.id || a.animationName)") == []
    assert page.locator("#board .mark-tag").count() == 2
    assert not page.errors, page.errors


@VIEWPORTS
def test_a_click_while_a_tile_slides_is_sent_at_once_and_the_log_keeps_the_servers_order(
    browser: Any, base_url: str, viewport: Any
) -> None:
    page = _page(browser, base_url, viewport)
    _start(page, "wildfire", rounds="1")
    bot_moved = BOT_MOVED["wildfire"]
    _play_until(page, lambda: page.evaluate(bot_moved) and page.evaluate(MY_TURN), "no bot's tile moving on Ann's turn")
    sent = page.evaluate("window.__sent.length")
    _play(page, prefer="")  # while the bot's tile is still sliding
    click = page.evaluate("window.__sent")[sent]
    # Sent in the click's own task, with the tile still moving: no animation stood in its way.
    assert click["inClick"] and click["moving"] > 0, click
    assert page.locator("#table").get_attribute("data-sent") == str(sent + 1)
    page.wait_for_function("() => !document.getElementById('choices').classList.contains('sent')")
    _log_in_order(page)
    assert not page.errors, page.errors


@VIEWPORTS
def test_fireball_island_marks_where_a_pawn_came_from_and_the_fireballs_path(
    browser: Any, base_url: str, viewport: Any
) -> None:
    page = _page(browser, base_url, viewport)
    _start(page, "fireball-island")
    walked = aimed = False
    for _ in range(150):
        before = page.eval_on_selector("#board .pieces [data-piece='1'] > title", "t => t.textContent")
        page.evaluate("() => { window.__motions = []; }")
        _play(page, prefer="~")
        page.wait_for_function(ANSWERED, timeout=GUARD_MS)
        came = page.locator("#board .came-from[data-piece='1']")
        now = page.eval_on_selector("#board .pieces [data-piece='1'] > title", "t => t.textContent")
        if not walked and now != before and came.count():
            walked = True
            # The bot's pawn walks from where it stood to where it stands (a motion is built for
            # it: noted by the page, not looked for while it runs), and the place it came from
            # is ringed, the path between dotted in its colour.
            page.wait_for_function("() => window.__motions.includes('1')", timeout=GUARD_MS)
            origin = re.search(r" on ([A-Z0-9_]+)", before)
            assert origin and came.get_attribute("data-space") == origin.group(1), (before, now)
            assert page.locator("#board .last-walk.seat-colour-1").count() == 1
        fireball = page.locator("#board .last-fireball")
        if not aimed and fireball.count():
            aimed = True
            seat = fireball.first.get_attribute("data-mark-seat")
            rollway = fireball.first.get_attribute("data-rollway")
            # The log says which rollway that seat aimed down; the mark is on that one.
            said = page.eval_on_selector_all(
                f"#log li.seat-colour-{seat}", "items => items.map(li => li.textContent).filter(t => / down /.test(t))"
            )
            assert said and f"down {rollway} " in said[-1], (rollway, said)
        if walked and aimed:
            break
        if not page.evaluate(MY_TURN):
            break
    assert walked and aimed, (walked, aimed)
    _log_in_order(page)
    assert not page.errors, page.errors
