"""Issue 28, items 4 and 5, in Chromium against the real server (bots at pace 0).

Item 4: mid-game in each game, and late in a long Wildstar hand, Ann's hand, the prompt and
the list of choices are inside the first screen on two laptops (1280x800, 1366x768), a phone
(390x844) and a laptop at 200% zoom (a 640x400 CSS viewport, two device pixels each); on the
domino boards no digit or pip pattern is drawn under 12 CSS px (the board pans instead).
Halves are pips by default and numerals by a setting the page remembers. Item 5: a person
named in the log, the prompt, the choices or the line under the board is marked with the
seat's colour, as in the Players panel. GAMENIGHT_SCREENSHOTS=docs/screenshots saves a phone
and a laptop mid-game for each domino game (the figures: benchmarks/table_layout.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import real_server
from tests.web.layout import VIEWPORTS, inside, measure, open_table, play_on

READY = "#choices:not(.sent) button[data-move]"
DOMINOES = ("wildfire", "wildstar", "highrise")
SMALLEST = 12  # CSS px


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with real_server(tmp_path_factory.mktemp("layout")) as url:
        yield url


@pytest.fixture(scope="module")
def late_wildstar(browser: Any, base_url: str) -> Iterator[Any]:
    """Ann's page late in a four-player Wildstar hand: 24 tiles or more laid, her turn."""
    page = open_table(browser, base_url, "wildstar", "laptop 1280x800")
    play_on(page, tiles=24)
    yield page
    page.context.close()


def each_viewport(browser: Any, page: Any) -> Iterator[tuple[str, Any]]:
    """Ann's table, as it stands, opened by her (her cookie and her settings) on each viewport."""
    state = page.context.storage_state()
    for name, options in VIEWPORTS.items():
        context = browser.new_context(storage_state=state, **options)
        other = context.new_page()
        other.errors = []
        other.on("pageerror", lambda exc, errors=other.errors: errors.append(str(exc)))
        other.goto(page.url)
        other.wait_for_selector(READY)
        yield name, other
        assert not other.errors, other.errors
        context.close()


def check_in_view(name: str, figures: dict[str, Any]) -> None:
    for part in ("hand", "prompt", "choices"):
        assert inside(figures[part], figures), f"{name}: the {part} is not in the first screen: {figures[part]}"
    small = figures["smallest"]  # a domino's figure, or a label of the island's (which starts zoomed in)
    assert small and small["size"] >= SMALLEST, f"{name}: the smallest figure on the board: {small}"


def screenshot(page: Any, name: str) -> None:
    folder = os.environ.get("GAMENIGHT_SCREENSHOTS")
    if folder:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


@pytest.mark.parametrize("game", [*DOMINOES, "fireball-island"])
def test_mid_game_the_hand_and_the_choices_are_in_view(browser: Any, base_url: str, game: str) -> None:
    page = open_table(browser, base_url, game, "laptop 1280x800")
    play_on(page, moves=4 if game != "wildstar" else 3)
    for name, other in each_viewport(browser, page):
        figures = measure(other, settle=game in DOMINOES)
        check_in_view(name, figures)
        if game in DOMINOES:
            # Pips, as on the tiles, by default: on the board and in the hand.
            assert other.locator("#board [data-pips]").count() and other.locator("#hand [data-pips]").count()
            assert other.locator("#board .tile text.pips").count() == 0
        if game in DOMINOES and name in ("phone 390x844", "laptop 1280x800"):
            screenshot(other, f"layout-{game}-{name.split()[0]}")
    assert not page.errors, page.errors
    page.context.close()


def test_late_in_a_long_wildstar_hand_the_tiles_stay_readable(browser: Any, late_wildstar: Any) -> None:
    assert late_wildstar.locator("#board svg .tiles .tile").count() >= 24
    for name, other in each_viewport(browser, late_wildstar):
        figures = measure(other, settle=True)
        check_in_view(name, figures)
        # Fitting the whole layout would draw it smaller than that on a phone: there it pans.
        if name == "phone 390x844":
            assert other.locator("#board.pans").count() == 1
        if name == "200% zoom of 1280x800":
            screenshot(other, "layout-wildstar-late-zoom200")


def test_numerals_are_a_remembered_setting(browser: Any, late_wildstar: Any) -> None:
    """Pips by default; the Numerals box draws the notation's digits instead, on the board and
    in the hand, and the page remembers it (localStorage) after a reload. Either way the
    smallest figure keeps its 12 px."""
    context = browser.new_context(storage_state=late_wildstar.context.storage_state(), **VIEWPORTS["phone 390x844"])
    page = context.new_page()
    page.goto(late_wildstar.url)
    page.wait_for_selector(READY)
    assert not page.locator("#numerals").is_checked()
    assert page.locator("#board [data-pips]").count() and page.locator("#board .tile text.pips").count() == 0
    page.locator("#numerals").check()
    page.wait_for_function("() => !document.querySelector('#board [data-pips]')")
    assert page.locator("#board .tile text.pips").count() and page.locator("#hand text.pips").count()
    assert page.locator("#hand [data-pips]").count() == 0
    assert measure(page, settle=True)["smallest"]["size"] >= SMALLEST
    page.reload()
    page.wait_for_selector(READY)
    assert page.locator("#numerals").is_checked()
    assert page.locator("#board [data-pips]").count() == 0 and page.locator("#board .tile text.pips").count()
    page.set_viewport_size({"width": 640, "height": 400})  # numerals at 200% zoom too
    figures = measure(page, settle=True)
    check_in_view("numerals at 200% zoom", figures)
    page.locator("#numerals").uncheck()
    page.wait_for_selector("#board [data-pips]")
    context.close()


# Every text node in the places a person reads sentences, outside a name's mark (and outside
# the log's "Name: " prefix, which has its own dot): the page's other words.
UNMARKED = """() => {
    const areas = ['#log', '#prompt', '#choices', '#summary', '#turn'];
    const out = [];
    for (const area of areas) {
        const walker = document.createTreeWalker(document.querySelector(area), NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (n.parentElement.closest('.named, li.by > b')) continue;
            out.push(n.textContent);
        }
    }
    return out.join(' | ');
}"""

MARKS = """() => [...document.querySelectorAll(
        '#log .named, #prompt .named, #choices .named, #summary .named, #turn .named')].map((span) => ({
    name: span.textContent, cls: span.className, dot: getComputedStyle(span, '::before').backgroundColor }))"""


def test_names_in_sentences_carry_the_seats_colour(browser: Any, base_url: str) -> None:
    """Issue 28, item 5: each person named in what is read is marked with a dot of the seat's
    colour, the same as the Players panel's; "you" with the reader's."""
    page = open_table(browser, base_url, "wildfire", "phone 390x844", bots=("medium", "easy"))
    play_on(page, moves=2)
    names = page.eval_on_selector_all("#seats li .name", "names => names.map((n) => n.textContent)")
    dots = page.eval_on_selector_all("#seats li .dot", "dots => dots.map((d) => getComputedStyle(d).backgroundColor)")
    assert names == ["Ann (you)", "Medium bot", "Easy bot"] and len(set(dots)) == 3, (names, dots)
    marks = page.evaluate(MARKS)
    named = {mark["name"] for mark in marks}
    assert {"Medium bot", "Easy bot"} <= named and ({"you", "You"} & named), marks
    for mark in marks:
        seat = int(mark["cls"].rsplit("seat-colour-", 1)[1])
        assert mark["dot"] == dots[seat], mark
        if mark["name"].lower() in ("you", "your"):
            assert seat == 0, mark
        else:
            assert names[seat] == mark["name"].removesuffix("'s"), (mark, names)
    unmarked = page.evaluate(UNMARKED)
    assert "Medium bot" not in unmarked and "Easy bot" not in unmarked, unmarked
    assert not page.errors, page.errors
    page.context.close()
