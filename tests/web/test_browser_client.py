"""The table page's own behaviour, in Chromium, against the stand-in server (harness.py):
what the real server seldom does on cue. A dropped connection shows the banner and the page
catches up after reconnecting; a gap in the event numbers makes it ask for what it missed; a
refused move is shown and changes nothing; a spectator sees no hand and no choices."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browsing import chromium, serving


@pytest.fixture(scope="module")
def harness() -> Iterator[str]:
    from tests.web.harness import create_app

    with serving(create_app(pace=0.0), "the harness") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


def _post(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body or {}).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        answer: dict[str, Any] = json.load(response)
        return answer


def _table(
    harness: str,
    game: str = "wildfire",
    seats: tuple[str, ...] = ("Ann", "bot:random", "bot:random"),
    options: dict[str, Any] | None = None,
    position: str | None = None,
) -> str:
    chosen = options if options is not None else {"wildfire": {"rounds": 1}, "highrise": {"hands": 1}}.get(game, {})
    body = {"seats": list(seats), "seed": 3, "options": chosen, "position": position}
    return str(_post(f"{harness}/new/{game}", body)["id"])


def _open(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("#table[data-last]")
    return page


def _log_numbers(page: Any) -> list[int]:
    numbers: list[int] = page.eval_on_selector_all("#log li", "items => items.map(li => Number(li.dataset.n))")
    return numbers


def _last(page: Any) -> int:
    return int(page.locator("#table").get_attribute("data-last"))


def _play_first(page: Any) -> None:
    """Click the first choice and wait for the server's answer."""
    sent = int(page.locator("#table").get_attribute("data-sent") or 0)
    page.locator("#choices button[data-move]").first.click()
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.sent) === {sent + 1}")
    page.wait_for_function("() => !document.querySelector('#choices.sent')")


def test_a_dropped_connection_shows_the_banner_and_the_page_catches_up(browser: Any, harness: str) -> None:
    table = _table(harness)
    page = _open(browser, f"{harness}/t/{table}/0")
    assert page.locator("#banner").is_hidden()
    # The banner may be up for less than a frame (the page reconnects at once): the page notes
    # each time it is shown, rather than the test hoping to look while it is.
    page.evaluate(
        """() => {
            const banner = document.getElementById("banner");
            window.bannersShown = [];
            new MutationObserver(() => { if (!banner.hidden) window.bannersShown.push(banner.textContent); })
                .observe(banner, { attributes: true, childList: true, subtree: true, characterData: true });
        }"""
    )
    _post(f"{harness}/drop/{table}")
    page.wait_for_function("() => window.bannersShown.length > 0")
    assert "reconnecting" in page.evaluate("() => window.bannersShown[0]")
    page.wait_for_selector("#banner[hidden]", state="attached")
    page.wait_for_selector("#choices button[data-move]")
    _play_first(page)
    page.wait_for_selector("#choices button[data-move]")
    assert _log_numbers(page) == list(range(1, _last(page) + 1))
    assert not page.errors


def test_a_gap_in_the_event_numbers_is_filled_by_a_sync(browser: Any, harness: str) -> None:
    table = _table(harness)
    page = _open(browser, f"{harness}/t/{table}/0")
    page.wait_for_selector("#choices button[data-move]")
    before = _last(page)
    _post(f"{harness}/gap/{table}")  # the news of our own move never arrives
    page.locator("#choices button[data-move]").first.click()
    # The bots' moves come next, numbered past what the page holds: it asks for the rest.
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.last) > {before + 1}")
    page.wait_for_selector("#choices:not(.sent) button[data-move], #result:not([hidden])")
    assert _log_numbers(page) == list(range(1, _last(page) + 1))
    assert not page.errors


def test_a_refused_move_is_shown_and_changes_nothing(browser: Any, harness: str) -> None:
    table = _table(harness)
    page = _open(browser, f"{harness}/t/{table}/0")
    page.wait_for_selector("#choices button[data-move]")
    before, log = _last(page), _log_numbers(page)
    page.fill("#notation", "9-9@e42")
    page.press("#notation", "Enter")
    page.wait_for_selector("#message:not([hidden])")
    assert page.locator("#message").inner_text().startswith("Refused (9-9@e42): ")
    assert _last(page) == before and _log_numbers(page) == log
    assert page.locator("#choices button[data-move]").count() > 0  # still ours to play
    _play_first(page)  # and a move that is played clears the message
    page.wait_for_selector("#message[hidden]", state="attached")
    assert not page.errors


def test_a_spectator_sees_the_board_and_log_but_no_hand_or_choices(browser: Any, harness: str) -> None:
    table = _table(harness, "highrise", ("Ann", "bot:random"))
    page = _open(browser, f"{harness}/t/{table}/watch")
    page.wait_for_selector("#board svg .cell")
    assert page.locator("#hand-area").is_hidden()
    assert page.locator("#choices button").count() == 0
    assert page.locator("#notation").is_disabled()
    assert _log_numbers(page) == list(range(1, _last(page) + 1))
    assert not page.errors


def test_highrise_is_played_by_clicking_two_cells(browser: Any, harness: str) -> None:
    table = _table(harness, "highrise", ("Ann", "bot:random"))
    page = _open(browser, f"{harness}/t/{table}/0")
    page.wait_for_selector("#choices button[data-move]")
    first = page.locator("#choices button[data-move]").first.get_attribute("data-move")
    cells = first.split("@")[1]
    a, b = (cell.rstrip("^") for cell in cells.split(","))
    before = _last(page)
    page.locator(f'#board [data-cell="{a}"]').click()
    assert page.locator(f'#board [data-cell="{a}"].picked').count() == 1
    page.locator(f'#board [data-cell="{b}"]').click()
    # Either the pair singles out one play, sent at once, or the candidates are listed.
    if page.locator("#choices button.candidate").count():
        page.locator(f'#choices button.candidate[data-move="{first}"]').click()
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.last) > {before}")
    assert page.locator("#table").get_attribute("data-last-move").split("@")[1].replace("^", "") in (
        f"{a},{b}",
        f"{b},{a}",
    )
    assert not page.errors


def _answered(page: Any, before: int) -> str:
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.last) > {before}")
    move: str = page.locator("#table").get_attribute("data-last-move")
    return move


def test_the_strategic_hub_number_is_called_on_the_hub(browser: Any, harness: str) -> None:
    # Seat 2 (Ann) played a Double Wildfire: in the More Strategic Game she names the number.
    position = (
        "dealer=1 turn=2 phase=hub penalty=2 | layout 9-9 9-8@e0 8-D@e1:? | hands 2-2 7-7 / 6-0 / 4-4 3-3 | pile *"
    )
    options = {"strategic": True, "knock_penalty": True, "rounds": 1}
    table = _table(harness, "wildfire", ("bot:random", "Ann", "bot:random"), options, position)
    page = _open(browser, f"{harness}/t/{table}/1")
    page.wait_for_selector('#board [data-target="hub 7"]')
    assert page.locator("#board .hub-number.target").count() == 9
    page.locator('#board [data-target="hub 7"]').click()
    assert _answered(page, 0) == "hub 7"
    assert not page.errors


def test_a_card_against_an_opponent_is_played_by_the_card_then_their_piece(browser: Any, harness: str) -> None:
    position = (
        "turn=1 turns=1 first=6,2,1 | pieces DMP WT2 WT3 | jewel VKP | tokens 0 0 0 "
        "| hands TAKE_1_CARD / REROLL / FIREBALL | discard - | pile * | tasks end window:end:0 pushes act window:pre:0"
    )
    table = _table(harness, "fireball-island", ("Ann", "bot:random", "bot:random"), {}, position)
    page = _open(browser, f"{harness}/t/{table}/0")
    page.locator('#hand [data-card="TAKE_1_CARD"].playable').click()
    # The card goes against someone: the two opponents' pieces are the targets.
    assert sorted(page.eval_on_selector_all("#board [data-target]", "xs => xs.map(x => x.dataset.target)")) == [
        "P2",
        "P3",
    ]
    assert page.locator("#choices button.candidate").count() == 2
    page.locator('#board [data-target="P3"]').click()
    assert _answered(page, 0) == "TAKE_1_CARD@3"
    assert not page.errors


def _samples(game: str, options: dict[str, Any], players: int, count: int) -> list[dict[str, Any]]:
    """Decisions of random games: the deciding seat's view and its choices, as the server sends them."""
    from gamenight.engine.registry import make_game
    from gamenight.engine.table import Table

    rng = random.Random(game)
    samples: list[dict[str, Any]] = []
    for seed in range(50):
        table = Table(make_game(game, {"players": players, **options}), [f"P{i}" for i in range(players)], seed=seed)
        while (pending := table.pending()) is not None and len(samples) < count * (seed + 1) // 4:
            if len(pending.choices) > 1 or rng.random() < 0.1:
                choices = [{"notation": c.notation, "description": c.description} for c in pending.choices]
                samples.append({"view": table.view(pending.seat), "choices": choices})
            table.submit(pending.seat, rng.choice(pending.choices).move)
        if len(samples) >= count:
            break
    return samples[:count]


CHECK_TARGETS = """async ([game, samples]) => {
  // Draw each decision as the page would, every choice live, and list what has no handle.
  const assets = await (await fetch(`/api/boards/${game}`)).json();
  const board = await import(`/static/boards/${game.replace(/-/g, "_")}.js`);
  const problems = [];
  const listOnly = new Set();
  for (const { view, choices } of samples) {
    const parsed = choices.map((c) => ({ ...c, keys: board.parseMove(c.notation, view) || {} }));
    const targets = new Set(parsed.map((c) => c.keys.target).filter(Boolean));
    const playable = new Set(parsed.map((c) => c.keys.hand).filter(Boolean));
    const ctx = {
      view, assets, seat: view.seat, names: [], myTurn: true, choices: parsed, targets, playable,
      selection: { hand: null, target: null }, partial: null,
      pickHand() {}, pickTarget() {}, setPartial() {},
    };
    const svg = board.drawBoard(ctx);
    const hand = board.drawHand(ctx);
    const drawn = new Set([...svg.querySelectorAll("[data-target]")].map((t) => t.dataset.target));
    for (const target of targets) {
      const handles = target.includes(",") ? target.split(",") : [target];
      for (const handle of handles) if (!drawn.has(handle)) problems.push(`${target}: not on the board`);
    }
    if (playable.size && !hand.querySelector(".playable")) problems.push(`${[...playable]}: not in the hand`);
    for (const c of parsed) if (!c.keys.target && !c.keys.hand) listOnly.add(c.notation.replace(/[0-9]+/g, "N"));
  }
  return { problems: problems.slice(0, 10), listOnly: [...listOnly].sort() };
}"""


@pytest.mark.parametrize(
    ("game", "options", "players", "list_only"),
    [
        ("wildfire", {"rounds": 1, "strategic": True, "knock_penalty": True}, 3, {"pass"}),
        ("wildstar", {"hands": 1}, 3, {"pass"}),
        ("highrise", {"hands": 1}, 3, {"draw", "pass"}),
        ("fireball-island", {"turn_limit": 30}, 3, {"pass"}),
    ],
)
def test_every_choice_but_a_few_words_has_its_handle_on_the_board_or_in_the_hand(
    browser: Any, harness: str, game: str, options: dict[str, Any], players: int, list_only: set[str]
) -> None:
    samples = _samples(game, options, players, 120)
    page = browser.new_page()
    page.goto(f"{harness}/api/boards/{game}")
    found = page.evaluate(CHECK_TARGETS, [game, samples])
    page.close()
    assert found["problems"] == []
    # What only the list of choices offers: the plain words, never a play.
    assert set(found["listOnly"]) <= list_only, found["listOnly"]


def test_wildfires_board_in_words_counts_one_in_the_singular(browser: Any, harness: str) -> None:
    """What a screen reader hears of the board is held to the rules' standard: one tile left in
    the pile is "1 tile", and a double with one side still free has "1 side free"."""
    from tests.wildfire.conftest import position

    state = position("dealer=1 turn=1 | layout 9-9 9-5@e0 5-5@e1 5-3@e2 5-4@e2 | hands 3-2 / 4-4 / * | pile 6-6")
    view = state.view(0)
    assert view["pile"] == 1 and {"end": 2, "line": 1, "value": 5, "double": True, "free": 1} in view["open_ends"]
    page = browser.new_page()
    page.goto(f"{harness}/api/boards/wildfire")
    words = page.evaluate(
        'async (view) => (await import("/static/boards/wildfire.js")).describe({ view })', json.loads(json.dumps(view))
    )
    page.close()
    assert "e2 needs a 5 (a double: 1 side free)" in words
    assert words.endswith(" 1 tile in the pile.")
