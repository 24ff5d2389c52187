"""The end of a round, and of the game, on the table page (issue 28, item 1), in Chromium
against the real server, on a desktop and a phone.

Ann plays Wildfire (two rounds) against a bot. When the first round ends the page keeps its
last board, turns every seat's leftover tiles face up, and shows each count, how it was
reached and what each scored; the next deal waits for her "Next round" (the host's delay is
ten minutes here, so the press is what deals on). At the game's end the result comes first:
the winner, the final sheet, the record and the rematch. Everything the page said is then
checked against the record, replayed apart from the server (round_truth.py): the tiles shown
are exactly those each seat held, the counts and scores the engine's. GAMENIGHT_SCREENSHOTS
set to a folder (docs/screenshots) saves the round's end and the game's end there, on both
screens; a plain run writes nothing into the tree."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamenight.engine.record import Record
from gamenight.engine.table import Table
from tests.web.conftest import real_server
from tests.web.round_truth import round_truths
from tests.web.support import CSRF
from tests.web.test_browser import GAME_SECONDS

# A whole game in a browser keeps the browser tests' time.
pytestmark = pytest.mark.timeout(GAME_SECONDS + 60)

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(os.environ["GAMENIGHT_SCREENSHOTS"]) if os.environ.get("GAMENIGHT_SCREENSHOTS") else None
"""Where to save the screenshots (docs/screenshots keeps the ones docs show), or None."""


def shoot(page: Any, name: str, full_page: bool = False) -> None:
    """The page saved as SCREENSHOTS/name, when GAMENIGHT_SCREENSHOTS asks for it."""
    if SCREENSHOTS is not None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / name), full_page=full_page)


SCORES_FIT = "() => { const s = document.querySelector('#round-end .scroll'); return s.scrollWidth <= s.clientWidth; }"
"""Whether the round's end's score table is all in view: nothing of it past its box's side."""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with real_server(tmp_path_factory.mktemp("ends"), seed=4) as url:
        yield url


def _shown(page: Any) -> dict[str, Any]:
    """The round's end as the page shows it: per seat, the tiles face up, the count, the score."""
    rows = page.locator("#round-scores tbody tr")
    seats = []
    for i in range(rows.count()):
        row = rows.nth(i)
        seats.append(
            {
                "tiles": [t.get_attribute("data-tile") for t in row.locator(".left-tile").all()],
                "count": int(row.locator("td.count").get_attribute("data-count")),
                "scored": int(row.locator("td.scored").get_attribute("data-scored")),
                "total": int(row.locator("td.total").get_attribute("data-total")),
                "how": row.locator("td.count").inner_text(),
            }
        )
    return {"last": int(page.locator("#table").get_attribute("data-last")), "seats": seats}


def _started(
    browser: Any, base_url: str, viewport: Any, game: str, options: dict[str, str]
) -> tuple[Any, Any, list[str]]:
    """(context, page, its errors): Ann's table of `game` with `options` against a bot, a round's
    end waiting ten minutes for her Next round, started."""
    context = browser.new_context(base_url=base_url, viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    form = {"name": "Ann", "game": game, "seat_2": "medium", "bot_pace": "0", "round_pause": "600"}
    form.update({f"{game}:{key}": value for key, value in options.items()})
    response = context.request.post("/tables", form=form)
    assert response.ok, response.text()
    page.goto(response.url)
    page.click("#start")
    page.wait_for_selector("#board svg")
    return context, page, errors


def _play_until(page: Any, selector: str) -> None:
    """Ann plays her first choice at each turn until `selector` is on the page."""
    for _ in range(600):
        if page.locator(selector).count():
            return
        if page.locator("#choices:not(.sent) button[data-move]").count():
            page.locator("#choices button[data-move]").first.click()
        page.wait_for_function(
            "(sel) => document.querySelector('#choices:not(.sent) button[data-move]') || document.querySelector(sel)",
            arg=selector,
        )
    raise AssertionError(f"{selector} never came")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_rounds_end_and_the_games_end_are_shown_and_true(browser: Any, base_url: str, viewport: Any) -> None:
    context, page, errors = _started(browser, base_url, viewport, "wildfire", {"players": "2", "rounds": "2"})

    # The first round's end: it stays until Ann presses Next round.
    _play_until(page, "#round-end:not([hidden])")
    assert "Round 1 is over" in page.locator("#round-end-title").text_content()
    assert page.locator("#board svg .tile").count() > 1, "the last board stays"
    assert page.locator("#hand-area").is_hidden()
    assert page.locator("#choices button[data-move]").count() == 0
    status = page.locator("#pause-status").text_content()
    assert status.startswith("Waiting for you to press Next round; the next deal comes in"), status
    first = _shown(page)
    assert len(first["seats"]) == 2 and sum(len(s["tiles"]) for s in first["seats"]) > 0
    assert page.locator("#round-scores td.tiles svg.tile-icon").count() == sum(len(s["tiles"]) for s in first["seats"])
    # The players panel agrees: the tiles each was left holding, and the totals after the round.
    facts = page.locator("#seats li .facts").all_inner_texts()
    held = [len(s["tiles"]) for s in first["seats"]]
    assert [f.split(" · ")[0] for f in facts] == [f"{n} tile{'' if n == 1 else 's'}" for n in held], facts
    assert [f.split(" · ")[-1] for f in facts] == [f"{s['total']} pts" for s in first["seats"]], facts
    # The whole score table is in view, the phone's too: nothing cut off to the side.
    assert page.evaluate(SCORES_FIT)
    panel_box = page.locator("#round-end").bounding_box()
    assert panel_box["x"] >= 0 and panel_box["x"] + panel_box["width"] <= viewport["width"]
    if viewport is DESKTOP:
        shoot(page, "round-end-desktop.png", full_page=True)
    else:
        page.locator("#round-end").scroll_into_view_if_needed()
        shoot(page, "round-end-phone.png")
    # Still the same round's end: nothing was dealt while Ann read it.
    assert int(page.locator("#table").get_attribute("data-last")) == first["last"]
    page.click("#next-round")
    page.wait_for_selector("#round-end", state="hidden")
    page.wait_for_selector("#hand-area:not([hidden])")
    assert "round 2" in page.locator("#board-description").text_content()

    # The game's end: the result first, with the final sheet, the record and the rematch.
    _play_until(page, "#result:not([hidden])")
    page.wait_for_selector("#round-end:not([hidden])")
    assert "Round 2, the last, is over" in page.locator("#round-end-title").text_content()
    assert page.locator("#next-round").count() == 0
    last = _shown(page)
    result = page.locator("#result")
    assert "Won by" in result.locator(".winners").inner_text()
    assert result.locator("#final-sheet table tbody tr").count() == 2
    assert result.locator("#record").is_visible() and result.locator("#rematch-button").is_visible()
    # Nothing is left to decide: no prompt, and no box to type a move in.
    assert page.locator("#decide").is_hidden() and page.locator("#notation").is_hidden()
    result_box, board_box = result.bounding_box(), page.locator("#board").bounding_box()
    assert result_box["y"] < board_box["y"], "the result comes first"
    if viewport is DESKTOP:
        shoot(page, "game-end-desktop.png", full_page=True)
    else:
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, "game-end-phone.png")

    # What the page said is true: the record, replayed apart from the server.
    record = Record.from_json(context.request.get(result.locator("#record").get_attribute("href")).json())
    truths = round_truths(record)
    assert [t.number for t in truths] == [first["last"], last["last"]]
    for shown, truth in zip([first, last], truths, strict=True):
        assert [s["tiles"] for s in shown["seats"]] == truth.hands
        assert [s["count"] for s in shown["seats"]] == truth.counts
        assert [s["scored"] for s in shown["seats"]] == truth.scored
        assert [s["total"] for s in shown["seats"]] == truth.totals
        for seat in shown["seats"]:
            assert seat["how"].startswith(str(seat["count"]))
    sheet = [row.inner_text().split("\t") for row in result.locator("#final-sheet table tbody tr").all()]
    assert [[int(x) for x in row[1:]] for row in sheet] == [t.scored for t in truths]
    assert not errors, errors
    context.close()


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _plays_text(points: list[int]) -> str:
    if not points:
        return "—"
    return f"{' + '.join(map(str, points))} = {sum(points)}" if len(points) > 1 else str(points[0])


def test_highrises_sheet_shows_each_play_the_going_out_and_the_leftovers(browser: Any, base_url: str) -> None:
    """Highrise scores each play as it is made: the hand's end lists each seat's plays, then
    what the end did (the going-out bonus, or the leftovers taken off), and so does the score
    sheet, hand by hand, all of it the engine's."""
    context, page, errors = _started(browser, base_url, PHONE, "highrise", {"players": "2", "hands": "2"})
    _play_until(page, "#round-end:not([hidden])")
    assert "Hand 1 is over" in page.locator("#round-end-title").text_content()
    # The status names the button as it reads: Highrise deals hands, not rounds.
    assert page.locator("#next-round").text_content() == "Next hand"
    assert page.locator("#pause-status").text_content().startswith("Waiting for you to press Next hand;")
    first_plays = [c.text_content() for c in page.locator("#round-scores td.plays").all()]
    # Its table has a column more than the other games' (each seat's plays): on the phone too
    # the totals are in view, not past the side of a table that must be scrolled to read them.
    assert page.evaluate(SCORES_FIT)
    first = _shown(page)
    page.click("#next-round")
    page.wait_for_selector("#round-end", state="hidden")
    _play_until(page, "#result:not([hidden])")
    page.wait_for_selector("#round-end:not([hidden])")
    last_plays = [c.text_content() for c in page.locator("#round-scores td.plays").all()]
    last = _shown(page)
    record = Record.from_json(context.request.get(page.locator("#record").get_attribute("href")).json())
    truths = round_truths(record)
    assert [t.number for t in truths] == [first["last"], last["last"]]
    for shown, plays, truth in zip([first, last], [first_plays, last_plays], truths, strict=True):
        assert [s["tiles"] for s in shown["seats"]] == truth.hands
        assert [s["count"] for s in shown["seats"]] == truth.counts
        assert [s["scored"] for s in shown["seats"]] == truth.scored
        assert [s["total"] for s in shown["seats"]] == truth.totals
        assert plays == [_plays_text(p).replace("—", "0") for p in truth.plays]
    sheet = [[c.text_content() for c in row.locator("th, td").all()] for row in page.locator("#sheet tbody tr").all()]
    expected = []
    for hand, truth in enumerate(truths, 1):
        expected.append([f"Hand {hand}: plays", *map(_plays_text, truth.plays)])
        expected.append([*sheet[len(expected)][:1], *map(_signed, truth.scored)])
    assert sheet == expected
    assert page.locator("#sheet tfoot th").all_text_contents()[1:] == [str(t) for t in truths[-1].totals]
    assert page.locator("#final-sheet tbody tr").count() == 4
    assert not errors, errors
    context.close()


ISLAND_SEED = 8
"""A deal whose 2-player game, the bot playing for Ann once she is gone, brings the jewel home
within the turn limit after it changed hands (the jewel's way has several lines)."""


@pytest.fixture(scope="module")
def island_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with real_server(tmp_path_factory.mktemp("island"), seed=ISLAND_SEED) as url:
        yield url


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_fireball_islands_end_shows_how_the_jewel_came_home(browser: Any, island_url: str, viewport: Any) -> None:
    """Issue 28, item 1: at Fireball Island's end the result lists the log's lines that moved the
    jewel, in order, the last its arrival at the Dock; the same lines the table told, found
    again by replaying the record apart from the server."""
    context = browser.new_context(base_url=island_url, viewport=viewport)
    try:
        form = {"name": "Ann", "game": "fireball-island", "seat_2": "medium", "bot_pace": "0", "zombie_timeout": "0.1"}
        form.update({"fireball-island:players": "2", "fireball-island:turn_limit": "80"})
        created = context.request.post("/tables", form=form)
        assert created.ok, created.text()
        table = created.url.rsplit("/", 1)[1]
        token = CSRF.search(context.request.get(f"/t/{table}").text())
        assert token is not None
        assert context.request.post(f"/t/{table}/start", form={"csrf": token.group(1)}).ok
        # Ann is gone (no page open): a bot plays for her, and the game goes to its end alone.
        deadline = time.monotonic() + 120  # a guard only
        while (record := context.request.get(f"/t/{table}/record")).status != 200:
            assert time.monotonic() < deadline, "the game did not end"
            time.sleep(0.1)
        told = Table.resume(Record.from_json(record.json())).events_for(None, 0)
        way = [e for e in told if "jewel" in e["text"] and "without the jewel" not in e["text"]]
        assert len(way) >= 3 and "reaches the Dock with the jewel and wins" in way[-1]["text"]
        page = context.new_page()
        page.goto(f"/t/{table}")
        page.wait_for_selector("#jewel-way li")
        assert page.locator("h3", has_text="How the jewel came home").is_visible()
        shown = page.locator("#jewel-way li")
        assert [int(n) for n in shown.evaluate_all("items => items.map(i => i.dataset.n)")] == [e["n"] for e in way]
        assert "reaches the Dock with the jewel and wins" in shown.last.inner_text()
    finally:
        context.close()
