"""The review of a finished table (issue 30 item 4): /t/<id>/review and its JSON. Refused before
the game is over, as the record is; once over, any position as any seat saw it or with every
hand; the marks worked out once on the server, off the event loop, the same as
`bots.review.review` gives for the table's record and its people's seats."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from gamenight.bots.review import position_after, review
from gamenight.engine.record import Record
from gamenight.interfaces.web.review import ReviewSettings

from .conftest import Server
from .support import create_table, play_to_end, start, sync

ITERATIONS = 12
"""A small fixed search: the same marks every time, quickly."""


@pytest.fixture
def reviewing(data_dir: Path) -> Iterator[Server]:
    with Server(data_dir, reviews=ReviewSettings(iterations=ITERATIONS)) as running:
        yield running


def finished_table(client: TestClient) -> str:
    """A two-seat Highrise table, Ann against a medium bot, played to its end."""
    table_id = create_table(client, game="highrise", seats=("medium",), options={"players": 2})
    start(client, table_id)
    with client.websocket_connect(f"/t/{table_id}/ws") as ws:
        state = play_to_end(ws, 0)
    assert state["result"]["review_url"] == f"/t/{table_id}/review"
    return table_id


def marks_when_done(client: TestClient, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        answer = client.get(f"/t/{table_id}/review/marks")
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        assert body["state"] in ("waiting", "working", "done"), body
        if body["state"] == "done":
            return body
        time.sleep(0.05)  # polling a condition, with a deadline
    raise AssertionError("the review did not finish in two minutes")


def test_the_review_is_refused_before_the_game_is_over(reviewing: Server) -> None:
    ann = reviewing.browser()
    table_id = create_table(ann, game="highrise", seats=("medium",), options={"players": 2})
    start(ann, table_id)
    with ann.websocket_connect(f"/t/{table_id}/ws") as ws:
        sync(ws)
        for path in ("", "/game", "/marks", "/position/0", "/position/0?seat=1"):
            answer = ann.get(f"/t/{table_id}/review{path}")
            assert answer.status_code == 403, (path, answer.text)
            assert "the review is shown when the game is over" in answer.text
    assert ann.get("/t/nosuchtable/review/game").status_code == 404


def test_a_finished_tables_review_marks_as_the_bot_does_and_shows_every_position(reviewing: Server) -> None:
    ann, visitor = reviewing.browser(), reviewing.browser()
    table_id = finished_table(ann)
    page = visitor.get(f"/t/{table_id}/review")
    assert page.status_code == 200 and 'id="review"' in page.text and "/static/review.js" in page.text
    game = visitor.get(f"/t/{table_id}/review/game").json()
    assert game["reviewed"] == [0] and [s["kind"] for s in game["seats"]] == ["person", "bot"]
    done = marks_when_done(visitor, table_id)
    stored = Record.from_json(ann.get(f"/t/{table_id}/record").json())
    expected = review(stored, {0}, iterations=ITERATIONS)
    assert done["decisions"] == len(expected) > 0
    assert done["marks"] == [j.to_json() for j in expected if j.mark is not None]
    assert all(mark["seat"] == 0 for mark in done["marks"])
    assert marks_when_done(ann, table_id) == done  # kept: asked again, not worked out again
    assert len(game["steps"]) == len(stored.steps)
    hidden = [step for step in game["steps"] if step["owners"]]  # draws: named to their drawer only
    assert hidden and all(step["text"] != step["public"] for step in hidden)
    middle = len(stored.steps) // 2
    truth = position_after(stored, middle)
    seen = visitor.get(f"/t/{table_id}/review/position/{middle}?seat=1").json()
    assert seen["view"] == truth.view(1) and seen["hands"] is None
    everyone = visitor.get(f"/t/{table_id}/review/position/{middle}").json()
    assert everyone["view"] == truth.view(None) and everyone["hands"] == [truth.view(0), truth.view(1)]


@pytest.mark.parametrize(
    ("path", "message"),
    [("/position/9999", "a step from 0 to"), ("/position/0?seat=2", "a seat from 0 to 1"), ("/position/-1", "a step")],
)
def test_a_bad_position_is_refused_by_name(reviewing: Server, path: str, message: str) -> None:
    ann = reviewing.browser()
    table_id = finished_table(ann)
    answer = ann.get(f"/t/{table_id}/review{path}")
    assert answer.status_code == 400 and message in answer.json()["error"]


def test_the_review_settings_are_checked() -> None:
    with pytest.raises(Exception, match="--review-seconds: more than 0, at most 60"):
        ReviewSettings(seconds=0)
    with pytest.raises(Exception, match="--reviews-at-once: 1 to 64"):
        ReviewSettings(at_once=0)


def test_reviews_run_in_a_thread_at_most_at_once_and_each_table_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """With at_once=1 a second table's review waits while the first is worked out (in a thread:
    the event loop goes on meanwhile), and asking again for a table gives the same review."""
    import asyncio
    import threading

    from gamenight.interfaces.web import review as web_review

    release = threading.Event()
    calls: list[int] = []

    def slow(record: Record, seats: set[int], **_: Any) -> list[Any]:
        calls.append(len(seats))
        assert release.wait(30)
        return []

    monkeypatch.setattr(web_review, "review", slow)
    record = Record("highrise", {"players": 2}, ["Ann", "Medium bot"], 1)

    async def run() -> None:
        reviews = web_review.Reviews(ReviewSettings(at_once=1))
        first, second = reviews.job("a", record, [0]), reviews.job("b", record, [0, 1])
        deadline = time.monotonic() + 30
        while first.state != "working":  # the loop is free while the thread works
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        assert second.state == "waiting" and reviews.running == 1
        assert reviews.job("a", record, [0]) is first
        release.set()
        await asyncio.gather(*(job.task for job in (first, second) if job.task is not None))
        assert (first.state, second.state, calls) == ("done", "done", [1, 2])
        await reviews.close()

    asyncio.run(run())
