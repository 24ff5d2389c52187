"""Browser tests: people play each game to its end in Chromium, by clicking.

For each of the four games, two people in two browser contexts (each with its own cookie,
so its own seat) and a bot sit at one table on a real server (uvicorn in a thread, SQLite in
a temporary folder, bots at pace 0), and a third context watches by the watch link. The two
play a short game (one round or hand; Fireball Island to a turn limit) by clicking what the
page offers: a hand tile or card, then a highlighted target on the board (an end, two cells,
a space, a rollway, a piece), then one of the candidates when several moves fit; the plain
list of choices when the board has no target for the decision. One person reloads the page
mid-game and carries on.

Every page's log must end up holding each event exactly once, in order, and the result must
show with its record link. Set GAMENIGHT_SCREENSHOTS to a folder (docs/screenshots) to save
a screenshot of each game's page mid-game and at its end.

Playwright never downloads a browser here: it drives Debian's /usr/bin/chromium, and the
tests fail, saying so, without it (.ci/run installs it).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.web.browsing import GUARD_MS
from tests.web.conftest import real_server

SHORT: dict[str, dict[str, Any]] = {
    "wildfire": {"rounds": 1},
    "wildstar": {"hands": 1},
    "highrise": {"hands": 1},
    "fireball-island": {"turn_limit": 12},
}
GAME_SECONDS = 120  # one game, both people's clicks and the bot's moves
BOB = "Bob <img src=x onerror=alert(1)>"  # a name is text, never markup


# A browser game takes longer than the API tests' watchdog allows; a hang still fails.
pytestmark = pytest.mark.timeout(GAME_SECONDS + 60)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server, in-process: uvicorn in a thread, on a free port, SQLite in a temp folder."""
    with real_server(tmp_path_factory.mktemp("browser")) as url:
        yield url


@dataclass
class Person:
    name: str
    page: Any
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    by_board: int = 0  # moves made by clicking the hand or the board, not the list

    def over(self) -> bool:
        return bool(self.page.locator("#result:not([hidden])").count())

    def my_turn(self) -> bool:
        return bool(self.page.locator("#choices button[data-move]").count()) and not self.over()

    def sent(self) -> int:
        return int(self.page.locator("#table").get_attribute("data-sent") or 0)


def _watch_errors(person: Person) -> None:
    person.page.on("pageerror", lambda exc: person.errors.append(str(exc)))
    person.page.on("dialog", lambda dialog: person.errors.append(f"a dialog opened: {dialog.message}"))


def _seat_people(browser: Any, base_url: str, game: str) -> tuple[Person, Person]:
    """Ann creates the table (seat 2: open, seat 3: a medium bot), Bob joins by the invite
    link in his own context, Ann starts the game; both pages then show the board."""
    ann_context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    bob_context = browser.new_context(base_url=base_url, viewport={"width": 420, "height": 860})  # a phone
    ann = Person("Ann", ann_context.new_page())
    bob = Person(BOB, bob_context.new_page())
    _watch_errors(ann)
    _watch_errors(bob)
    players = 3
    form = {"name": "Ann", "game": game, "seat_2": "open", "seat_3": "medium", "bot_pace": "0", "public": "on"}
    form.update({f"{game}:{key}": str(value) for key, value in {"players": players, **SHORT[game]}.items()})
    response = ann_context.request.post("/tables", form=form)
    assert response.ok, response.text()
    table_url = response.url
    ann.page.goto(table_url)
    invite = ann.page.locator("#invite").inner_text().strip()
    bob.page.goto(invite)
    bob.page.fill("input[name=name]", BOB)
    bob.page.click("button[type=submit]")
    bob.page.wait_for_url(table_url)
    ann.page.goto(table_url)
    ann.page.click("text=Start the game")
    for person in (ann, bob):
        person.page.goto(table_url)
        person.page.wait_for_selector("#table[data-last]")
        person.page.wait_for_selector("#board svg")
    return ann, bob


def _wait_answered(person: Person) -> None:
    """Until the page has the server's answer to the move it sent: a new state or a refusal."""
    person.page.wait_for_function("() => !document.querySelector('#choices.sent')", timeout=GUARD_MS)


def _click_random(person: Person, selector: str, rng: random.Random) -> bool:
    found = person.page.locator(selector)
    count = found.count()
    if not count:
        return False
    found.nth(rng.randrange(count)).click()
    return True


def _decide(person: Person, rng: random.Random) -> None:
    """One decision by clicking: the hand, then the board, then a candidate; the list when the
    board offers nothing (a pass, a draw, a window's "pass")."""
    before = person.sent()
    board = False
    for _ in range(6):
        if person.sent() != before:
            break
        if person.page.locator("#choices button.candidate").count():
            _click_random(person, "#choices button.candidate", rng)
        elif person.page.locator("#hand button.playable").count() and not person.page.locator("#hand .picked").count():
            board = True
            _click_random(person, "#hand button.playable", rng)
        elif person.page.locator("#board [data-target]").count():
            board = True
            _click_random(person, "#board [data-target]:not(.picked)", rng)
        else:
            moves = person.page.locator("#choices button[data-move]")
            notations = [moves.nth(i).get_attribute("data-move") for i in range(moves.count())]
            plays = [n for n in notations if n not in ("pass", "draw")] or notations
            person.page.click(f'#choices button[data-move="{rng.choice(plays)}"]')
    assert person.sent() == before + 1, f"{person.name}: no move was sent by clicking"
    person.moves += 1
    person.by_board += board
    _wait_answered(person)


def _check_log(person: Person) -> None:
    """The page's log holds events 1 .. last, each once, in order."""
    numbers = person.page.eval_on_selector_all("#log li", "items => items.map(li => Number(li.dataset.n))")
    last = int(person.page.locator("#table").get_attribute("data-last") or 0)
    assert numbers == list(range(1, last + 1)), f"{person.name}'s log: {numbers[:5]}… (last {last})"


def _screenshot(person: Person, game: str, suffix: str) -> None:
    """The table as its person sees it: the whole game area on a wide screen, the first
    screenful on a phone."""
    folder = os.environ.get("GAMENIGHT_SCREENSHOTS")
    if folder:
        path = str(Path(folder) / f"{game}{suffix}.png")
        person.page.evaluate("window.scrollTo(0, 0)")
        if suffix == "-phone":
            person.page.screenshot(path=path)
        else:
            person.page.locator("#table").screenshot(path=path)


@pytest.mark.parametrize("game", list(SHORT))
def test_two_people_and_a_bot_play_a_game_to_its_end_by_clicking(browser: Any, base_url: str, game: str) -> None:
    rng = random.Random(game)
    ann, bob = _seat_people(browser, base_url, game)
    people = (ann, bob)
    # Someone watches by the watch link: the spectator's view, no hand, no choices.
    watcher = Person("a watcher", browser.new_context(base_url=base_url).new_page())
    _watch_errors(watcher)
    watcher.page.goto(ann.page.locator("#watch").get_attribute("href"))
    watcher.page.wait_for_selector("#board svg")
    # Names are text: Bob's name shows as he typed it, and makes no element.
    assert BOB in ann.page.locator("#seats").inner_text()
    assert ann.page.locator("#seats img").count() == 0
    reloaded = shot = False
    deadline = time.monotonic() + GAME_SECONDS
    while not all(p.over() for p in people):
        assert time.monotonic() < deadline, f"{game}: the game did not end in {GAME_SECONDS} s"
        acted = False
        for person in people:
            if person.my_turn():
                if person is ann and not shot and ann.moves >= (1 if game == "fireball-island" else 3):
                    # A domino picked shows its targets for the picture (a card might be played at once).
                    _click_random(ann, "#hand button.playable:not([data-card])", rng)
                    if ann.page.locator("#board [data-target]").count():
                        _screenshot(ann, game, "")
                        _screenshot(bob, game, "-phone")
                        shot = True
                _decide(person, rng)
                acted = True
            if person is bob and not reloaded and bob.moves >= 2:
                # Bob reloads mid-game: the page starts from since=0 and rebuilds the log.
                bob.page.reload()
                bob.page.wait_for_selector("#table[data-last]")
                bob.page.wait_for_selector("#board svg")
                _check_log(bob)
                reloaded = True
        if not acted:
            ann.page.wait_for_timeout(60)
    assert reloaded, f"{game}: Bob never got to move twice"
    for person in people:
        assert person.moves > 0, f"{game}: {person.name} never moved"
        assert person.by_board > 0, f"{game}: {person.name} never decided on the board"
        _check_log(person)
        assert person.page.locator("#result a#record").get_attribute("href")
        assert not person.errors, person.errors
    _screenshot(ann, game, "-over")
    watcher.page.wait_for_selector("#result:not([hidden])")
    assert watcher.page.locator("#hand-area").is_hidden()
    assert watcher.page.locator("#choices button").count() == 0
    _check_log(watcher)
    assert not watcher.errors, watcher.errors
    for person in (ann, bob, watcher):
        person.page.context.close()


def _choices(person: Person) -> list[str]:
    moves = person.page.locator("#choices button[data-move]")
    return [moves.nth(i).get_attribute("data-move") or "" for i in range(moves.count())]


@pytest.fixture(scope="module")
def dealt_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose tables deal from one seed: Bob is dealt cards that fit few windows."""
    with real_server(tmp_path_factory.mktemp("dealt"), seed=WINDOWS_SEED) as url:
        yield url


WINDOWS_SEED = 7


def test_fireball_island_card_windows_with_auto_pass_on_and_off(browser: Any, dealt_url: str) -> None:
    """Issue 27: a card window asks every seat at once. Ann keeps auto-pass on (the default):
    she is never shown a decision whose only choice is `pass`. Bob turns it off from his page:
    he is asked such windows, and his choice is kept with his seat across a reload. Both play to
    the end, and the log tells no pass one by one."""
    rng = random.Random("windows")
    ann, bob = _seat_people(browser, dealt_url, "fireball-island")
    people = (ann, bob)
    assert ann.page.locator("#autopass").is_checked() and bob.page.locator("#autopass").is_checked()
    bob.page.locator("#autopass").uncheck()
    bob.page.reload()
    bob.page.wait_for_selector("#board svg")
    bob.page.wait_for_function("() => document.querySelector('#autopass').checked === false")
    only_pass = {ann.name: 0, bob.name: 0}
    waiting_seen = False
    deadline = time.monotonic() + GAME_SECONDS
    while not all(p.over() for p in people):
        assert time.monotonic() < deadline, f"the game did not end in {GAME_SECONDS} s"
        acted = False
        for person in people:
            prompt, summary = person.page.evaluate(
                "() => [document.querySelector('#prompt').textContent, document.querySelector('#summary').textContent]"
            )  # read in one go: one rendering of the page
            if "waiting for" in prompt:
                waiting_seen = True  # and the board's line names nobody as the one deciding
                assert "may play" not in summary and "a card window is open" in summary, summary
            if person.my_turn():
                choices = _choices(person)
                only_pass[person.name] += choices == ["pass"]
                person.page.click(f'#choices button[data-move="{rng.choice(choices)}"]')
                person.moves += 1
                _wait_answered(person)
                acted = True
        if not acted:
            ann.page.wait_for_timeout(40)
    assert waiting_seen, "no page said it was waiting for the others to answer a window"
    assert only_pass[ann.name] == 0, "auto-pass on, yet Ann was asked to click a lone pass"
    assert only_pass[bob.name] > 0, "auto-pass off, yet Bob was never asked a window he could only pass"
    for person in people:
        assert person.moves > 0 and not person.errors, person.errors
        _check_log(person)
        lines = person.page.eval_on_selector_all("#log li:not([hidden])", "items => items.map(li => li.textContent)")
        assert not [line for line in lines if line.endswith("plays no card")], "a pass told one by one"
        assert any("nobody played a card" in line for line in lines)
    for person in people:
        person.page.context.close()


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_a_player_asks_for_a_hint_where_the_host_allowed_hints(browser: Any, base_url: str, viewport: dict) -> None:
    """Issue 30 item 3: the host ticks "Allow hints"; a player with a decision presses Hint and
    reads the hard bot's move for their view, with its reason. Without the option, no button."""
    context = browser.new_context(base_url=base_url, viewport=viewport)
    ann = Person("Ann", context.new_page())
    _watch_errors(ann)
    for allowed in (True, False):
        form = {"name": "Ann", "game": "highrise", "seat_2": "medium", "bot_pace": "0", "highrise:players": "2"}
        if allowed:
            form["hints"] = "on"
        created = context.request.post("/tables", form=form)
        assert created.ok, created.text()
        ann.page.goto(created.url)
        ann.page.click("text=Start the game")
        ann.page.goto(created.url)
        ann.page.wait_for_selector("#choices button[data-move]")
        if not allowed:
            assert ann.page.locator("#ask-hint").is_hidden()
            continue
        ann.page.click("#ask-hint")
        ann.page.wait_for_function("() => document.querySelector('#hint-text').textContent.startsWith('Hint: ')")
        text = ann.page.locator("#hint-text").inner_text()
        move = text.removeprefix("Hint: ").split(":", 1)[0]
        choices = _choices(ann)
        searched = "games searched with it" in text or (len(choices) == 1 and text.endswith("the only move"))
        assert move in choices and searched, text
    assert not ann.errors, ann.errors
    context.close()


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_the_lobby_offers_the_learned_bot_where_it_plays(browser: Any, base_url: str, viewport: dict) -> None:
    """Issue 32: the learned bot is a level in two-player Highrise and Wildstar only. The lobby
    shows it for those, hides it for other games and player counts (a seat that had it falls
    back to medium), and a table made with it names the seat "Learned bot"."""
    context = browser.new_context(base_url=base_url, viewport=viewport)
    ann = Person("Ann", context.new_page())
    _watch_errors(ann)
    page = ann.page
    page.goto("/")
    learned = page.locator("select[name=seat_2] option[value=learned]")

    def offered(game: str, players: int) -> bool:
        """The lobby set to `game` for `players`: is the learned bot offered for seat 2?"""
        if page.input_value("#game") != game:  # choosing it again would be another change to test
            page.select_option("#game", game)
        page.fill(f"input[name='{game}:players']", str(players))
        return learned.is_enabled()

    assert offered("highrise", 2)
    page.select_option("select[name=seat_2]", "learned")
    assert not offered("highrise", 3)
    assert page.locator("select[name=seat_2]").input_value() == "medium"
    assert not offered("wildfire", 2)
    assert offered("wildstar", 2)
    page.select_option("select[name=seat_2]", "learned")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name='wildstar:hands']", "1")
    shots = os.environ.get("GAMENIGHT_SCREENSHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / f"lobby-learned-{viewport['width']}.png"), full_page=True)
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("text=Learned bot")
    assert not ann.errors, ann.errors
    context.close()
