"""axe-core's checks (issue 28, item 7) on the lobby, a table in play and a finished table, in
Chromium, on a wide screen and a phone: no serious or critical violation.

axe-core comes from npm, for the tests only (tests/web/axe: `make pytest` installs it with
`npm ci`); it is a script injected into the page, never a browser."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import real_server

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
RUN = """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations.map(
    (v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html.slice(0, 200)) }))"""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with real_server(tmp_path_factory.mktemp("axe")) as url:
        yield url


def violations(page: Any) -> list[dict[str, Any]]:
    assert AXE.exists(), f"the accessibility checks need axe-core at {AXE}: make pytest (npm ci) installs it"
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return found


def serious(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_lobby_a_table_in_play_and_a_finished_table_pass_axe(browser: Any, base_url: str, viewport: str) -> None:
    # axe-core is put into the page by the test: the page's own Content-Security-Policy, which
    # allows no inline script, is bypassed for that alone.
    page = browser.new_context(base_url=base_url, viewport=VIEWPORTS[viewport], bypass_csp=True).new_page()
    page.goto("/")
    counts = {"lobby": violations(page)}
    form = {"name": "Ann", "game": "wildfire", "seat_2": "medium", "bot_pace": "0"}
    form.update({"wildfire:players": "2", "wildfire:rounds": "1"})
    response = page.context.request.post("/tables", form=form)
    page.goto(response.url)
    page.click("form[action$='/start'] button")
    # Ann's first decision, whatever the deal: a tile to play, or a draw when none fits (then
    # no tile in her hand is playable: waiting for one hung this test on such deals).
    page.wait_for_selector("#choices:not(.sent) button[data-move]")
    counts["in play"] = violations(page)
    for _ in range(400):
        if page.locator("#result:not([hidden])").count():
            break
        if page.locator("#choices:not(.sent) button[data-move]").count():
            page.locator("#choices button[data-move]").first.click()
        page.wait_for_function(
            "() => document.querySelector('#choices:not(.sent) button[data-move]') || "
            "!document.getElementById('result').hidden"
        )
    page.wait_for_selector("#result:not([hidden])")
    counts["finished"] = violations(page)
    # The figures for the note (pytest -s): violations by impact, on each page.
    tally = {where: [f"{v['id']} ({v['impact']}, {len(v['nodes'])})" for v in found] for where, found in counts.items()}
    print(f"axe-core on {viewport}: {json.dumps(tally)}")
    assert not {where: serious(found) for where, found in counts.items() if serious(found)}
