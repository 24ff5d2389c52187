"""The review of a finished table, in the browser (issue 30): /t/<id>/review.

The page steps through the game as any seat saw it, or as a spectator with every hand shown
(the game is over: the record, with its seed and every draw, is public by then anyway), and
shows the hard bot's marks on the people's decisions (`bots/review.py`: each judged from the
seat's own view at the time). The marks take a search per decision: they are worked out in a
thread, off the event loop, one review at a time per table and `at_once` in the process (the
others wait their turn), and kept in memory, so a reload or another visitor does not pay for
them again. Before the game is over every route here refuses, as the record's does.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates

from gamenight.bots.review import REVIEW_SECONDS, position_after, review
from gamenight.engine.errors import ConfigError, RulesError
from gamenight.engine.record import Record
from gamenight.engine.registry import make_game
from gamenight.store.database import PERSON

log = logging.getLogger("gamenight.interfaces.web")

MAX_REVIEW_SECONDS = 60.0
"""A minute a decision at most: a long game's review would otherwise take hours of a core."""
MAX_AT_ONCE = 64
KEPT = 200
"""Reviews kept in memory (the oldest finished ones go first)."""
NOT_OVER = "the review is shown when the game is over: it shows every hand and every hidden draw"


@dataclass(frozen=True)
class ReviewSettings:
    """`gamenight serve --review-seconds S --reviews-at-once N`."""

    seconds: float = REVIEW_SECONDS
    """The hard bot's search per decision reviewed."""
    at_once: int = 1
    """Reviews worked out at once in one process; each holds a thread's CPU."""
    iterations: int | None = None
    """Iterations instead of seconds per search: the same marks every time (tests only)."""

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= MAX_REVIEW_SECONDS:
            raise ConfigError(f"--review-seconds: more than 0, at most {MAX_REVIEW_SECONDS:g}, not {self.seconds:g}")
        if not 1 <= self.at_once <= MAX_AT_ONCE:
            raise ConfigError(f"--reviews-at-once: 1 to {MAX_AT_ONCE}, not {self.at_once}")


@dataclass
class Job:
    """One table's review: waiting for its turn, working, done (or failed)."""

    state: str = "waiting"
    done: int = 0
    total: int | None = None
    marks: list[dict[str, Any]] = field(default_factory=list)
    decisions: int = 0
    task: asyncio.Task[None] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "done": self.done,
            "total": self.total,
            "decisions": self.decisions,
            "marks": self.marks,
        }


class Reviews:
    """The process's reviews, by table id."""

    def __init__(self, settings: ReviewSettings) -> None:
        self.settings = settings
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.running = 0
        self._turns: asyncio.Semaphore | None = None

    def job(self, table_id: str, record: Record, seats: list[int]) -> Job:
        """The table's review, started if it is not under way or done already."""
        job = self.jobs.get(table_id)
        if job is not None and job.state != "failed":
            return job
        job = self.jobs[table_id] = Job()
        job.task = asyncio.get_running_loop().create_task(self._work(job, record, seats), name=f"review-{table_id}")
        while len(self.jobs) > KEPT:
            oldest = next(iter(self.jobs))
            if self.jobs[oldest].state not in ("done", "failed"):
                break  # never drop one being worked on
            del self.jobs[oldest]
        return job

    async def _work(self, job: Job, record: Record, seats: list[int]) -> None:
        if self._turns is None:
            self._turns = asyncio.Semaphore(self.settings.at_once)
        settings = self.settings

        def progress(done: int, total: int) -> None:  # from the review's thread: plain assignments
            job.done, job.total = done, total

        work = functools.partial(review, seconds=settings.seconds, iterations=settings.iterations, progress=progress)
        async with self._turns:
            job.state = "working"
            self.running += 1
            try:
                judged = await asyncio.to_thread(work, record, set(seats))
            except Exception:  # a bug of ours: the page says so, and a reload tries again
                log.exception("the review of a %s record failed", record.game)
                job.state = "failed"
                return
            finally:
                self.running -= 1
        job.decisions = len(judged)
        job.marks = [j.to_json() for j in judged if j.mark is not None]
        job.state = "done"

    async def close(self) -> None:
        tasks = [job.task for job in self.jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def add_review_routes(app: FastAPI, templates: Jinja2Templates, settings: ReviewSettings) -> None:
    """The review's page and its JSON, on `app` (whose state has the hub, set at startup)."""
    reviews = Reviews(settings)
    app.state.reviews = reviews

    async def finished(request: Request, table_id: str) -> tuple[Any, Record] | Response:
        """The live table and its record, or the answer refusing them."""
        hub = request.app.state.hub
        live = await hub.get(table_id) if len(table_id) <= 32 else None
        if live is None:
            return JSONResponse({"error": "there is no such table"}, status_code=404)
        if live.table is None or not live.table.is_over():
            return JSONResponse({"error": NOT_OVER}, status_code=403)
        record = await hub.db(hub.store.record, table_id)
        if record is None or record.result is None:  # pragma: no cover - an over table has its record
            return JSONResponse({"error": NOT_OVER}, status_code=403)
        return live, record

    def reviewed(live: Any) -> list[int]:
        """The people's seats; at a table of bots only, every seat."""
        people = [s.index for s in live.seats if s.kind == PERSON]
        return people or [s.index for s in live.seats]

    @app.get("/t/{table_id}/review", response_class=HTMLResponse)
    async def review_page(request: Request, table_id: str) -> Response:
        found = await finished(request, table_id)
        if isinstance(found, Response):
            status = found.status_code
            message = NOT_OVER if status == 403 else "there is no such table"
            context = {"status": status, "message": message}
            return templates.TemplateResponse(request, "error.html", context, status_code=status)
        live, _ = found
        game = make_game(live.data.game, live.data.options)
        budget = f"{settings.seconds:g} s" if settings.iterations is None else f"{settings.iterations} iterations"
        context = {"data": live.data, "game_title": game.spec.title, "budget": budget}
        response: HTMLResponse = templates.TemplateResponse(request, "review.html", context)
        return response

    @app.get("/t/{table_id}/review/game")
    async def review_game(request: Request, table_id: str) -> Response:
        """The game to step through: the seats, and every step, as its owners and as the others
        were told it."""
        found = await finished(request, table_id)
        if isinstance(found, Response):
            return found
        live, record = found
        events = live.table.events
        return JSONResponse(
            {
                "game": record.game,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in live.seats],
                "reviewed": reviewed(live),
                # Each step as its owners were told it, and as the others were: the page tells it
                # as the seat it is seen by was told (everyone: the whole truth).
                "steps": [
                    {
                        "n": e.number,
                        "seat": None if e.seat < 0 else e.seat,
                        "text": e.private,
                        "public": e.public,
                        "owners": sorted(e.owners),
                    }
                    for e in events
                ],
                "scores": live.table.state.scores(),
            }
        )

    @app.get("/t/{table_id}/review/position/{step}")
    async def review_position(request: Request, table_id: str, step: int, seat: int | None = None) -> Response:
        """The position after `step` steps as `seat` saw it; without a seat, a spectator's
        board with every seat's hand beside it."""
        found = await finished(request, table_id)
        if isinstance(found, Response):
            return found
        _, record = found
        if not 0 <= step <= len(record.steps):
            return JSONResponse({"error": f"a step from 0 to {len(record.steps)}"}, status_code=400)
        players = len(record.seats)
        if seat is not None and not 0 <= seat < players:
            return JSONResponse({"error": f"a seat from 0 to {players - 1}"}, status_code=400)
        try:
            state = await asyncio.to_thread(position_after, record, step)
        except RulesError:  # pragma: no cover - a stored record replays
            return JSONResponse({"error": "this record does not replay"}, status_code=409)
        if seat is not None:
            return JSONResponse({"step": step, "view": state.view(seat), "hands": None})
        hands = [state.view(s) for s in range(players)]
        return JSONResponse({"step": step, "view": state.view(None), "hands": hands})

    @app.get("/t/{table_id}/review/marks")
    async def review_marks(request: Request, table_id: str) -> Response:
        """The review's progress, then its marks: asking starts it, once per table."""
        found = await finished(request, table_id)
        if isinstance(found, Response):
            return found
        live, record = found
        return JSONResponse(reviews.job(table_id, record, reviewed(live)).to_json())
