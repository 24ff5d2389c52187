"""The review page of a finished game (issue 30 item 4), in Chromium against the real server, at
1280x800 and 390x844: from the table's result to the review, the marks shown once worked out
(the same as the server's JSON), stepping through the game, and seeing it as one seat (its own
hand only) or as a spectator with every hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gamenight.interfaces.web.review import ReviewSettings
from tests.web.browsing import play_first_choices
from tests.web.conftest import real_server
from tests.web.test_accessibility import serious, violations

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SEED = 7
"""The server deals every table from it, and the bot and the person's first choices are fixed:
the same game every run, and with a fixed search the same marks."""


@pytest.fixture(scope="module")
def finished(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(the server's URL, a Highrise table Ann played to its end against a medium bot, by
    clicking her first choice each turn, and left at its result)."""
    folder = tmp_path_factory.mktemp("review")
    with real_server(folder, seed=SEED, reviews=ReviewSettings(iterations=12)) as url:
        page = browser.new_context(base_url=url, viewport=DESKTOP).new_page()
        form = {"name": "Ann", "game": "highrise", "bot_pace": "0", "seat_2": "medium", "highrise:players": "2"}
        response = page.context.request.post("/tables", form=form)
        assert response.ok, response.text()
        page.goto(response.url)
        page.click("#start")
        play_first_choices(page)
        link = page.locator("#result a#review")
        link.wait_for()
        yield url, str(link.get_attribute("href"))
        page.context.close()


def _page(browser: Any, url: str, viewport: dict[str, int]) -> Any:
    # CSP bypassed only so that the test can put axe-core into the page.
    page = browser.new_context(base_url=url, viewport=viewport, bypass_csp=True).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_review_page_shows_the_marks_and_steps_through_the_game(
    browser: Any, finished: tuple[str, str], viewport: dict[str, int]
) -> None:
    url, review = finished
    page = _page(browser, url, viewport)
    page.goto(review)
    page.wait_for_selector("#board svg")
    # The start, before the deal: each seat's hand is empty, and the page does not call its
    # tiles "left" (nobody has been dealt any yet).
    page.wait_for_selector("#hands .review-hand .empty")
    assert page.locator("#where").inner_text().startswith("The start")
    assert page.locator("#hands .review-hand .empty").all_inner_texts() == ["No tiles in hand."] * 2
    # The marks come once the server has worked them out: the page says how far it has got.
    page.wait_for_function("() => /reviewed/.test(document.getElementById('review-progress').textContent)")
    marks = page.context.request.get(f"{review}/marks").json()
    assert marks["state"] == "done"
    progress = page.locator("#review-progress").inner_text()
    assert f"{marks['decisions']} decisions of P1 Ann reviewed, {len(marks['marks'])} marked" in progress
    assert marks["marks"], "the scripted game has a decision the bot faults"
    assert page.locator("#marks li.mark").count() == len(marks["marks"])
    assert page.locator("#steps li.marked").count() == len(marks["marks"])
    first = marks["marks"][0]
    page.locator("#marks li.mark button").first.click()
    decision = page.locator("#decision")
    decision.wait_for()
    said = decision.inner_text()
    assert f"P1 Ann played {first['played']}" in said and f"prefers {first['best']}" in said
    assert f"{round(first['cost'] * 100)} points of win chance given away" in said
    assert (
        page.locator("#where")
        .inner_text()
        .startswith("The start" if first["step"] == 0 else f"After step {first['step']} of")
    )
    # Stepping: one step on, the decision is played and told in the log.
    page.click("#next")
    after = f"After step {first['step'] + 1} of"
    page.wait_for_function(f"() => document.getElementById('where').textContent.startsWith('{after}')")
    assert page.locator("#steps li.current").get_attribute("data-step") == str(first["step"])
    # Everyone: each seat's hand beside the board; as P2: P2's hand only.
    page.wait_for_selector("#hands .review-hand[data-seat='1']")
    assert page.locator("#hands .review-hand").count() == 2
    page.select_option("#see-as", "1")
    page.wait_for_function("() => document.querySelectorAll('#hands .review-hand').length === 1")
    assert page.locator("#hands .review-hand").get_attribute("data-seat") == "1"
    # As P2, P1's draws are told as P2 was told them: not which domino.
    game = page.context.request.get(f"{review}/game").json()
    index, drawn = next((i, s) for i, s in enumerate(game["steps"]) if s["owners"] == [0])
    assert page.locator(f"#steps li[data-step='{index}'] button").inner_text() == drawn["public"]
    page.select_option("#see-as", "")
    assert page.locator(f"#steps li[data-step='{index}'] button").inner_text() == drawn["text"]
    page.select_option("#see-as", "1")
    page.locator("#last").click()
    steps = page.locator("#steps li").count()
    page.wait_for_function(f"() => document.getElementById('where').textContent.startsWith('After step {steps} of')")
    assert page.locator("#next").is_disabled() and page.locator("#last").is_disabled()
    assert not serious(violations(page))  # axe-core: nothing serious or critical
    # The page fits the screen: nothing scrolls sideways.
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert not page.errors, page.errors


def test_the_review_page_of_an_unfinished_game_is_refused(browser: Any, finished: tuple[str, str]) -> None:
    url, _ = finished
    page = _page(browser, url, DESKTOP)
    form = {"name": "Ann", "game": "highrise", "bot_pace": "0", "seat_2": "medium", "highrise:players": "2"}
    response = page.context.request.post("/tables", form=form)
    table = str(response.url).removeprefix(url)
    answer = page.goto(f"{table}/review")
    assert answer is not None and answer.status == 403
    assert "the review is shown when the game is over" in page.locator(".error").inner_text()
