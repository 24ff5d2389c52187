"""The table page is one live model (issue 28, item 2), in Chromium against the real server.

Seats, the status, the host's controls, the result and the rematch all follow the table's
WebSocket: a friend who joins shows on the host's waiting page, Start reaches the waiting
pages without a reload, and at the game's end the seat and host controls go and the rematch
button comes. After a `kill -9` and a restart the page reconnects with a short back-off while
it is visible (the times themselves: benchmarks/web_page_times.py)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browsing import GUARD_MS, free_port, play_first_choices
from tests.web.conftest import real_server
from tests.web.crashing import ServerProcess

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
STAY = "() => window.__stayed === true"
"""A mark left on a page: still there, the page was never reloaded."""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with real_server(tmp_path_factory.mktemp("page")) as url:
        yield url


DEAL_SEED = 7
"""The seed of `dealt_url`'s tables: Ann's first Wildfire decision has a tile to play, and
her Fireball Island hand holds cards, which the tests of those need (a random deal may not)."""


@pytest.fixture(scope="module")
def dealt_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with real_server(tmp_path_factory.mktemp("dealt"), seed=DEAL_SEED) as url:
        yield url


def _page(browser: Any, base_url: str, viewport: dict[str, int]) -> Any:
    page = browser.new_context(base_url=base_url, viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def _create(page: Any, seats: dict[str, str], **options: Any) -> str:
    """A Wildfire table made by `page`'s person (Ann); its URL, opened."""
    form = {"name": "Ann", "game": "wildfire", "bot_pace": "0", **seats}
    form.update({f"wildfire:{key}": str(value) for key, value in {"rounds": 1, **options}.items()})
    response = page.context.request.post("/tables", form=form)
    assert response.ok, response.text()
    page.goto(response.url)
    page.wait_for_selector("#seats li")
    return str(response.url)


def _join(page: Any, ann: Any, name: str) -> None:
    page.goto(ann.locator("#invite").inner_text().strip())
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")
    page.wait_for_selector("#seats li.me")


def _mark(page: Any) -> None:
    page.evaluate("() => { window.__stayed = true; }")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_join_and_the_start_reach_the_waiting_pages_at_once(browser: Any, base_url: str, viewport: Any) -> None:
    ann, bob = _page(browser, base_url, viewport), _page(browser, base_url, viewport)
    _create(ann, {"seat_2": "open"}, players=2)
    assert ann.locator("#start").is_disabled()
    _mark(ann)
    _join(bob, ann, "Bob")
    # Ann's page hears of Bob without a reload: his name, her control of his seat, Start.
    ann.wait_for_selector("#seats li[data-seat='1'] .name:text('Bob')")
    assert ann.evaluate(STAY)
    assert ann.locator("select[aria-label='Seat 2: Bob'] option:checked").inner_text() == "Bob sits here"
    ann.wait_for_function("() => !document.getElementById('start').disabled")
    # One list of seats, the live one.
    assert ann.locator(".seats").count() == 1
    assert bob.locator(".seats").count() == 1
    assert "Waiting for the host" in bob.locator("#turn").inner_text()
    _mark(bob)
    ann.click("#start")
    bob.wait_for_selector("#board svg", timeout=GUARD_MS)
    bob.wait_for_selector("#hand-area:not([hidden])")
    assert bob.evaluate(STAY), "Bob's page was reloaded to show the game"
    assert bob.locator("#status").inner_text() == "playing"
    assert not ann.errors and not bob.errors, ann.errors + bob.errors


def test_at_the_game_over_the_page_changes_live_and_offers_the_rematch(browser: Any, base_url: str) -> None:
    ann, bob = _page(browser, base_url, DESKTOP), _page(browser, base_url, PHONE)
    url = _create(ann, {"seat_2": "open", "seat_3": "medium"}, players=3)
    _join(bob, ann, "Bob")
    ann.goto(url)
    ann.click("#start")
    ann.wait_for_selector("#board svg")
    bob.wait_for_selector("#board svg")
    # Giving Bob's seat to a bot asks first: dismissed, nothing changes.
    ann.once("dialog", lambda dialog: dialog.dismiss())
    ann.select_option("select[aria-label='Seat 2: Bob']", "medium")
    ann.click("#seats li[data-seat='1'] button:text('Set')")
    assert ann.locator("#seats li[data-seat='1'] .name").inner_text() == "Bob"
    messages: list[str] = []
    ann.once("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    ann.click("#seats li[data-seat='1'] button:text('Set')")
    ann.wait_for_selector("#seats li[data-seat='1'] .name:text('Medium bot')")
    assert "Bob" in messages[0]
    bob.wait_for_selector("#hand-area[hidden]", state="attached")  # Bob watches now
    _mark(ann)
    _mark(bob)
    play_first_choices(ann)
    ann.wait_for_selector("#result:not([hidden])")
    assert ann.evaluate(STAY)
    # Nothing says "playing"; the seat and host controls are gone; the rematch button is there.
    for page in (ann, bob):
        assert page.locator("#status").inner_text() == "over"
        assert "playing" not in page.locator("#turn").inner_text()
        assert page.locator("#seats select").count() == 0
        assert page.locator("#host:visible, #invite-row:visible").count() == 0
    assert ann.locator("#rematch-button").is_visible()
    bob.wait_for_selector("#result:not([hidden])")
    assert bob.locator("#rematch-button").count() == 0  # the host's to make
    ann.click("#rematch-button")
    ann.wait_for_selector("#seats li.me")
    bob.wait_for_selector("#result a#rematch")  # told live
    assert bob.evaluate(STAY)
    assert not ann.errors and not bob.errors, ann.errors + bob.errors


def test_ending_the_table_asks_first(browser: Any, base_url: str) -> None:
    ann = _page(browser, base_url, PHONE)
    _create(ann, {"seat_2": "medium"}, players=2)
    ann.once("dialog", lambda dialog: dialog.dismiss())
    ann.click("#end-form button")
    assert ann.locator("#status").inner_text() == "waiting"
    ann.once("dialog", lambda dialog: dialog.accept())
    ann.click("#end-form button")
    ann.wait_for_function("() => document.getElementById('status').textContent === 'ended'")
    assert ann.locator("#host").is_hidden()
    # The page comes back from the form with the server's badge; the turn line is the script's,
    # written once the table's state has come over the socket: waited for, not read at once.
    ann.wait_for_function("() => document.getElementById('turn').textContent.includes('ended')")


def test_the_invite_link_is_copied_by_a_button(browser: Any, base_url: str) -> None:
    ann = _page(browser, base_url, DESKTOP)
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _create(ann, {"seat_2": "open"}, players=2)
    ann.click("#copy-invite")
    ann.wait_for_selector("#copy-invite:text('Copied')")
    assert ann.evaluate("navigator.clipboard.readText()") == ann.locator("#invite").inner_text().strip()


def test_the_back_off_is_short_and_jittered_while_the_tab_is_visible(browser: Any, base_url: str) -> None:
    page = _page(browser, base_url, DESKTOP)
    _create(page, {"seat_2": "medium"}, players=2)
    delays = page.evaluate(
        """async () => {
            const { retryDelay } = await import("/static/connection.js");
            const attempts = [...Array(30).keys()];
            const visible = attempts.map((a) => retryDelay(a, true));
            return { visible, hidden: attempts.map((a) => retryDelay(a, false)) };
        }"""
    )
    assert max(delays["visible"]) <= 1000
    assert len(set(delays["visible"][10:])) > 1  # jitter: the pages of one server do not knock together
    assert max(delays["hidden"]) > 1000


def test_after_a_kill_and_a_restart_the_page_is_back_with_short_waits(browser: Any, tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, free_port(), None)
    server.start()
    try:
        page = _page(browser, f"http://127.0.0.1:{server.port}", DESKTOP)
        _create(page, {"seat_2": "medium"}, players=2)
        page.wait_for_selector("#board svg, #seats li")
        page.wait_for_selector("#conn.up")
        server.kill()
        # Down long enough for the old back-off to have reached its 8 s step.
        page.wait_for_function("() => Number(document.getElementById('table').dataset.retries) >= 8", timeout=GUARD_MS)
        server.start()
        page.wait_for_selector("#conn.up", timeout=GUARD_MS)
        assert page.locator("#banner").is_hidden()
        assert int(page.locator("#table").get_attribute("data-longest-retry")) <= 1000
    finally:
        server.stop()


def test_the_pages_have_a_favicon(browser: Any, base_url: str) -> None:
    page = _page(browser, base_url, PHONE)
    page.goto("/")
    icon = page.locator("link[rel=icon]").get_attribute("href")
    response = page.request.get(icon)
    assert response.ok and response.headers["content-type"].startswith("image/svg+xml")


def test_a_timeout_plays_one_move_and_the_seat_stays_the_persons(browser: Any, base_url: str) -> None:
    """Issue 28, item 3: the turn timer runs out on Ann, who is there: a bot makes that move
    for her and her seat stays hers; only after three such turns in a row is she away, and
    then "Take my seat back" gives it back. Everyone sees the clock while her turn is timed."""
    ann, watcher = _page(browser, base_url, DESKTOP), _page(browser, base_url, PHONE)
    form = {"name": "Ann", "game": "wildfire", "seat_2": "medium", "bot_pace": "0", "turn_timer": "2"}
    form.update({"wildfire:players": "2", "wildfire:rounds": "3"})
    response = ann.context.request.post("/tables", form=form)
    assert response.ok, response.text()
    ann.goto(response.url)
    ann.click("text=Start the game")
    watcher.goto(ann.locator("#watch").get_attribute("href"))
    ann_seat = "#seats li[data-seat='0'] .kind"
    ann.wait_for_selector("#choices button[data-move]")
    watcher.wait_for_function("() => /\\d+ s left/.test(document.getElementById('clock')?.textContent)")
    # Ann does nothing: the first move made for her leaves her seat hers, with no "away".
    ann.wait_for_selector("#log li.seat-colour-0[data-n]:not([hidden])", timeout=GUARD_MS)  # a guard only
    assert "away" not in ann.locator(ann_seat).inner_text()
    assert ann.locator("#take-back").is_hidden()
    # Out of time three turns in a row: away, and a way back.
    ann.wait_for_selector("#take-back:visible", timeout=GUARD_MS)
    assert "away" in ann.locator(ann_seat).inner_text()
    ann.click("#take-back")
    ann.wait_for_selector("#take-back", state="hidden")
    assert "away" not in ann.locator(ann_seat).inner_text()
    assert not ann.errors and not watcher.errors, ann.errors + watcher.errors


RULE_CODE = re.compile(r"\b[RD]-[A-Z]{2}\b|\b[RD]-[A-Z]{2}-\d|\bFI-\d|\bdecision [A-Z]")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_lobby_reads_as_plain_words(browser: Any, base_url: str, viewport: Any) -> None:
    """Issue 28, item 8: the options' help says what an option does, with no rule codes (every
    game's fieldset, shown or not)."""
    page = _page(browser, base_url, viewport)
    page.goto("/")
    text = page.locator("body").text_content()
    assert "More Strategic Game" in text and "House rule" in text
    assert not RULE_CODE.findall(text), RULE_CODE.findall(text)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_rules_panel_is_beside_the_board(browser: Any, base_url: str, viewport: Any) -> None:
    """Issue 28, item 8: the game in short and this table's options, in the table's side
    panels (beside the board on a wide screen, under it on a phone), folded until asked for."""
    ann = _page(browser, base_url, viewport)
    _create(ann, {"seat_2": "medium"}, players=2)
    ann.click("#start")
    ann.wait_for_selector("#board svg")
    rules = ann.locator("#table .side #rules")
    assert "The game is 1 round." in rules.text_content()
    board = ann.locator("#board").bounding_box()
    assert rules.get_attribute("open") is None  # folded: the players and the log stay in view
    ann.click("#rules summary")
    assert ann.locator("#rules li").first.is_visible()
    if viewport is DESKTOP:
        assert rules.bounding_box()["x"] >= board["x"] + board["width"]


SEAT_LABEL = re.compile(r"\bP[1-8]\b")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_people_are_named_and_the_deal_is_one_line(browser: Any, base_url: str, viewport: Any) -> None:
    """Issue 28, item 5: the log and the choices name each player ("you" for the reader), and
    the deal is one line of the log, not one per tile."""
    ann = _page(browser, base_url, viewport)
    _create(ann, {"seat_2": "medium", "seat_3": "easy"}, players=3)
    ann.click("#start")
    ann.wait_for_selector("#log li.deal:not([hidden])")
    lines = ann.eval_on_selector_all("#log li:not([hidden])", "items => items.map(li => li.textContent)")
    deals = [line for line in lines if "dealt" in line or line.startswith("The deal")]
    assert len(deals) == 1 and deals[0].startswith("The deal: 7 tiles each to you, Medium bot, Easy bot"), deals
    assert "your tiles: " in deals[0]
    read = " ".join(lines) + ann.locator("#prompt").inner_text() + ann.locator("#choices").inner_text()
    assert not SEAT_LABEL.findall(read), read
    # The numbering stays whole: every event has its line, the deal's tiles hidden.
    numbers = ann.eval_on_selector_all("#log li", "items => items.map(li => Number(li.dataset.n))")
    assert numbers == list(range(1, int(ann.locator("#table").get_attribute("data-last")) + 1))
    assert not ann.errors, ann.errors


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_keyboard_escape_focus_ring_and_what_is_announced(browser: Any, dealt_url: str, viewport: Any) -> None:
    """Issue 28, item 7: Escape puts a picked tile back; a focused target shows a ring; the
    live region tells moves and prompts, never the deal (the log itself is not live)."""
    ann = _page(browser, dealt_url, viewport)
    _create(ann, {"seat_2": "medium"}, players=2)
    ann.click("#start")
    ann.wait_for_selector("#hand button.playable")
    assert ann.locator("#log[aria-live]").count() == 0
    announced = ann.locator("#announce").text_content()
    assert "dealt" not in announced and "Your turn." in announced
    ann.locator("#hand button.playable").first.focus()
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#hand .picked")
    target = ann.locator("#board [data-target]").first
    target.focus()
    assert target.evaluate("node => getComputedStyle(node).outlineStyle") == "solid"
    ann.keyboard.press("Escape")
    ann.wait_for_function("() => !document.querySelector('#hand .picked')")
    assert not re.search(r"\d+ choices? for", ann.locator("#hint").inner_text())  # nothing narrowed
    # The board in words: the hub, each open end and what it needs.
    assert ann.locator("#board svg").get_attribute("aria-describedby") == "board-description"
    described = ann.locator("#board-description").text_content()
    assert re.search(r"The hub is \d-\d\. Open ends: e0 needs a \d", described), described
    ann.locator("#choices button[data-move]").first.click()
    ann.wait_for_function("() => /Medium bot: /.test(document.getElementById('announce').textContent)")
    assert not ann.errors, ann.errors


def test_a_table_nobody_starts_expires(browser: Any, tmp_path: Path) -> None:
    """Issue 28, item 8: a table still waiting after the server's waiting lifetime (a day by
    default: `gamenight serve --waiting-hours`) is ended, on its page at once and in the lobby."""

    with real_server(tmp_path, waiting_lifetime=1.0) as url:
        ann = _page(browser, url, PHONE)
        table = _create(ann, {"seat_2": "open"}, players=2)
        ann.wait_for_function("() => document.getElementById('status').textContent === 'ended'", timeout=GUARD_MS)
        assert ann.locator("#host").is_hidden() and "ended" in ann.locator("#turn").inner_text()
        ann.goto("/")
        assert table.rsplit("/", 1)[1] not in ann.content()


def test_each_fireball_island_card_says_what_it_does(browser: Any, dealt_url: str) -> None:
    """Issue 28, item 8: a card's tooltip gives its title and what it does."""
    ann = _page(browser, dealt_url, DESKTOP)
    form = {"name": "Ann", "game": "fireball-island", "seat_2": "medium", "bot_pace": "0"}
    form.update({"fireball-island:players": "2"})
    response = ann.context.request.post("/tables", form=form)
    ann.goto(response.url)
    ann.click("#start")
    ann.wait_for_selector("#hand [data-card]")
    cards = ann.locator("#hand [data-card]:not([data-card='trade'])").all()
    assert cards, "the deal gives Ann cards"
    for card in cards:
        title, does = card.get_attribute("title").split("\n")
        assert title == card.inner_text().strip() and len(does) > 20, (title, does)
    described = ann.locator("#board-description").text_content()
    # Ann waits at the start for her own walk; the bot, at pace 0, may have walked already.
    assert "You are on DMP" in described and re.search(r"Medium bot is on [A-Z]+\d*", described), described
    # The map's legend, beside the board: each kind of space drawn, in words.
    ann.click("#legend summary")
    legend = ann.locator("#table .side #legend[open]")
    assert legend.locator("li svg").count() >= 9
    for words in ("dark space", "gray space", "Rock Chip", "smolder pit", "cave", "bridge", "code"):
        assert words in legend.text_content(), words
    assert legend.bounding_box()["x"] >= ann.locator("#board").bounding_box()["x"] + 100
    folder = os.environ.get("GAMENIGHT_SCREENSHOTS")
    if folder:
        ann.locator("#table").screenshot(path=str(Path(folder) / "fireball-island-legend.png"))
