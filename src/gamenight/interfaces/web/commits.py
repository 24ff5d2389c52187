"""Group commit: every move accepted while the last commit was under way, in the next one.

A move is stored before anyone hears of it (live.py, `LiveTable._store`). Committing each on
its own costs the server a transaction and two hand-overs between the event loop and the
database thread per move, and it was most of what a move cost the server. Here the first
move to come goes at once; those that come while its commit is under way wait for it, then
go together in one transaction (`Store.append_moves`), and each is told its own outcome: a
stale table's move is refused alone, the others stored. Nothing waits for a batch to fill,
so one table alone is stored as quickly as before, and a busy server commits less often.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from gamenight.store.database import Moves, Stale

MAX_BATCH = 256
"""Moves in one transaction at most: a batch's commit stays short, whatever the load."""

Waiting = list[tuple[Moves, "asyncio.Future[None]"]]
"""Moves to store, each with the future its caller awaits."""


class GroupCommit:
    """One process's stream of moves to the database, in batches."""

    def __init__(self, run: Callable[[Sequence[Moves]], Awaitable[list[Stale | None]]]) -> None:
        self._run = run
        """Stores a batch on a database thread: `Store.append_moves`, through `Hub.db`."""
        self._waiting: Waiting = []
        self._task: asyncio.Task[None] | None = None

    async def store(self, moves: Moves) -> None:
        """Return once `moves` is committed; Stale if the table's stored steps do not end where
        they begin, or whatever the database raised (then none of its batch was stored)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((moves, done))
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._commit(), name="gamenight-commits")
        await done

    async def _commit(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = _one_per_table(self._waiting)
                try:
                    answers: Sequence[BaseException | None] = await self._run([moves for moves, _ in batch])
                except Exception as exc:
                    answers = [exc] * len(batch)
                for (_, done), answer in zip(batch, answers, strict=True):
                    if done.done():  # its caller was cancelled: the outcome is nobody's now
                        continue
                    if answer is None:
                        done.set_result(None)
                    else:
                        done.set_exception(answer)
        finally:
            self._task = None


def _one_per_table(waiting: Waiting) -> tuple[Waiting, Waiting]:
    """The next batch, and what waits for the one after: at most MAX_BATCH moves, and one per
    table (a table's next move follows on from the one before it, so it waits for its commit;
    its lock keeps that from happening, and this keeps a batch right if it did)."""
    batch: Waiting = []
    later: Waiting = []
    tables: set[str] = set()
    for item in waiting:
        table_id = item[0].table_id
        if len(batch) < MAX_BATCH and table_id not in tables:
            tables.add(table_id)
            batch.append(item)
        else:
            later.append(item)
    return batch, later
