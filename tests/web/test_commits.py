"""Group commit: the moves of many tables stored in one transaction, each told its own outcome.

A move is stored before anyone hears of it. The server stores each table's move with every
other move accepted while the last commit was under way (`interfaces/web/commits.py`,
`Store.append_moves`): a table whose stored steps do not follow on is refused alone, the
others are stored, and a fault of the database fails every move of its batch, none stored.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from gamenight.engine.record import Step
from gamenight.interfaces.web.commits import GroupCommit
from gamenight.store.database import OVER, Moves, Stale, Store, append_sql, sqlite_url

from .conftest import TEST_DATABASE, two_seat_table

pytestmark = pytest.mark.both_databases


def new_store(data_dir: Path) -> Store:
    data_dir.mkdir(parents=True, exist_ok=True)
    store = Store(os.environ.get(TEST_DATABASE) or sqlite_url(data_dir))
    store.migrate()
    return store


def new_table(store: Store) -> str:
    return two_seat_table(store).id


def stored(store: Store, table_id: str) -> list[tuple[int, str]]:
    from sqlalchemy import select

    from gamenight.store.database import StepRow

    with store.engine.connect() as connection:
        rows = connection.execute(
            select(StepRow.seat, StepRow.text).where(StepRow.table_id == table_id).order_by(StepRow.number)
        )
        return [(seat, text) for seat, text in rows]


def move(table_id: str, first: int, text: str, result: tuple[list[int], list[int]] | None = None) -> Moves:
    return Moves(table_id, first, (Step(0, text), Step(-1, f"{text}, then a draw")), result)


def test_a_batch_stores_each_table_whose_steps_follow_on_and_refuses_a_stale_one_alone(data_dir: Path) -> None:
    store = new_store(data_dir)
    try:
        a, b, c = (new_table(store) for _ in range(3))
        assert store.append_moves([move(b, 1, "b1")]) == [None]
        # b has 2 steps stored: a move offered as its step 2 again is stale; a and c follow on.
        answer = store.append_moves([move(a, 1, "a1"), move(b, 2, "b again"), move(c, 1, "c1", ([3, 1], [0]))])
        assert answer[0] is None and answer[2] is None
        assert isinstance(answer[1], Stale)
        assert stored(store, a) == [(0, "a1"), (-1, "a1, then a draw")]
        assert stored(store, b) == [(0, "b1"), (-1, "b1, then a draw")]
        assert stored(store, c) == [(0, "c1"), (-1, "c1, then a draw")]
        over = store.load(c)
        assert over is not None and over.status == OVER  # the game over with its move, in one commit
        assert [r.winners for r in store.results(over.lineage)] == [[0]]
        # One table once in a batch: a second move of it follows on from the first's commit.
        with pytest.raises(ValueError):
            store.append_moves([move(a, 3, "a2"), move(a, 5, "a3")])
        assert len(stored(store, a)) == 2
    finally:
        store.close()


def test_moves_that_come_while_a_commit_is_under_way_go_together_in_the_next(data_dir: Path) -> None:
    """The first move goes at once; five that come while its commit is under way wait for it,
    then go in one transaction. A stale one among them is refused to its own caller only."""
    store = new_store(data_dir)
    tables = [new_table(store) for _ in range(6)]
    store.append_moves([move(tables[5], 1, "ahead")])  # the last table's step 1 is stored already
    batches: list[list[str]] = []

    async def scenario() -> list[BaseException | None]:
        loop = asyncio.get_running_loop()
        first_under_way = threading.Event()
        go_on = threading.Event()

        def append(moves: Sequence[Moves]) -> list[Stale | None]:
            batches.append([m.table_id for m in moves])
            if len(batches) == 1:
                first_under_way.set()
                go_on.wait(timeout=30)
            return store.append_moves(moves)

        async def run(moves: Sequence[Moves]) -> list[Stale | None]:
            return await loop.run_in_executor(None, append, moves)

        commits = GroupCommit(run)
        first = loop.create_task(commits.store(move(tables[0], 1, "first")))
        await loop.run_in_executor(None, first_under_way.wait, 30)
        others = [loop.create_task(commits.store(move(t, 1, f"move {i}"))) for i, t in enumerate(tables[1:], 1)]
        while len(commits._waiting) < 5:  # every one is waiting for the commit under way
            await asyncio.sleep(0)
        go_on.set()
        return await asyncio.gather(first, *others, return_exceptions=True)

    try:
        outcomes = asyncio.run(scenario())
        assert batches == [tables[:1], tables[1:]]
        assert outcomes[:5] == [None] * 5
        assert isinstance(outcomes[5], Stale)
        for i, table_id in enumerate(tables[1:5], 1):
            assert stored(store, table_id)[0] == (0, f"move {i}")
        assert stored(store, tables[5]) == [(0, "ahead"), (-1, "ahead, then a draw")]
    finally:
        store.close()


def test_a_fault_of_the_database_fails_every_move_of_its_batch_and_the_next_batch_goes_on(data_dir: Path) -> None:
    store = new_store(data_dir)
    a, b = new_table(store), new_table(store)
    faults = [RuntimeError("the disk is full")]

    async def scenario() -> tuple[Sequence[BaseException | None], Sequence[BaseException | None]]:
        loop = asyncio.get_running_loop()

        async def run(moves: Sequence[Moves]) -> list[Stale | None]:
            if faults:
                raise faults.pop()
            return await loop.run_in_executor(None, store.append_moves, moves)

        commits = GroupCommit(run)
        failed = await asyncio.gather(
            commits.store(move(a, 1, "a1")), commits.store(move(b, 1, "b1")), return_exceptions=True
        )
        again = await asyncio.gather(
            commits.store(move(a, 1, "a1")), commits.store(move(b, 1, "b1")), return_exceptions=True
        )
        return failed, again

    try:
        failed, again = asyncio.run(scenario())
        assert [str(f) for f in failed] == ["the disk is full"] * 2
        assert list(again) == [None, None]
        assert stored(store, a)[0] == (0, "a1") and stored(store, b)[0] == (0, "b1")
    finally:
        store.close()


def test_finding_where_a_tables_stored_steps_end_does_not_walk_them(tmp_path: Path) -> None:
    """Every commit asks where each of its tables' stored steps end. That is read off the
    steps' key: as little work for a game of 2,000 steps as for one of 20. Counted in SQLite's
    own instructions (its progress handler), not in time; the grouped count this replaced
    walked every step of the game, and the same check sees it grow."""
    store = new_store(tmp_path / "data")
    try:
        short, long = new_table(store), new_table(store)
        for table_id, n in ((short, 20), (long, 2000)):
            assert store.append_moves([Moves(table_id, 1, tuple(Step(0, f"5-3@e{i}") for i in range(n)))]) == [None]
        _, count, _ = append_sql("?", 1)
        grouped = "SELECT table_id, max(number) FROM steps WHERE table_id IN (?) GROUP BY table_id"
        assert store.file is not None

        def work(sql: str, table_id: str) -> tuple[int, list[tuple[str, int]]]:
            ticks = 0

            def tick() -> int:
                nonlocal ticks
                ticks += 1
                return 0

            connection = sqlite3.connect(store.file)
            try:
                connection.set_progress_handler(tick, 1)
                rows = connection.execute(sql, (table_id,)).fetchall()
                return ticks, rows
            finally:
                connection.close()

        assert work(count, long)[1] == [(long, 2000)]
        assert work(count, short)[1] == [(short, 20)]
        assert work(count, long)[0] <= work(count, short)[0] + 10
        assert work(grouped, long)[0] > 10 * work(grouped, short)[0]
    finally:
        store.close()
