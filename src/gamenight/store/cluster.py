"""Several `gamenight serve` processes on one PostgreSQL database: how each hears of the
others' changes, and which of them runs a table's bots and clocks. No broker: PostgreSQL's
own LISTEN/NOTIFY and advisory locks do it.

- **News.** A stored change the other processes must see (steps, seats, settings, status)
  sends a NOTIFY on the channel `gamenight` in the transaction that stores it
  (`Store._notify`): PostgreSQL delivers it on commit, so nobody hears of a move that is
  not stored. What is not stored (who is connected, a seat played by a bot while its person
  is away) is announced straight away (`Cluster.announce`).
- **Listening.** One connection per process LISTENs and hands each `Notice` to the hub. If
  it drops, it reconnects and the hub catches every table up from the database: notices
  sent while nobody listened are lost, the database is not.
- **Owners.** A table's bots and clocks run in one process: the one holding the table's
  session-level advisory lock on its own connection. If that process dies, PostgreSQL ends
  its session and frees the lock, and another process claims it (`Cluster.claim`) within a
  second.
- **Moves** do not rely on owners. Whichever process a person is connected to plays their
  move, and stores it only if its steps follow on from the stored ones, under the table
  row's lock (`Store.append_steps`): two processes never both apply a move to one table.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

log = logging.getLogger("gamenight.store.cluster")

CHANNEL = "gamenight"
STEPS, TABLE, SEEN, AWAY, READY = "steps", "table", "seen", "away", "ready"
"""What a notice says changed: a table's stored steps, the rest of its stored row and seats,
the seats whose persons are connected to the sender, a seat played by a bot for its person,
a seat's person pressed "Next round" at a round's end."""
RECONNECT_AFTER = 1.0
"""Seconds between attempts to reach the database again."""


@dataclass(frozen=True)
class Notice:
    origin: str
    """The process that sent it (`Hub.origin`): a process ignores its own."""
    table: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


def payload(origin: str, table_id: str, kind: str, **data: Any) -> str:
    return json.dumps({"o": origin, "t": table_id, "k": kind, **data}, separators=(",", ":"))


def read_payload(text: str) -> Notice | None:
    """The notice `text` carries; None for anything else (another program on the channel)."""
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict):
        return None
    origin, table, kind = message.pop("o", None), message.pop("t", None), message.pop("k", None)
    if not all(isinstance(value, str) for value in (origin, table, kind)):
        return None
    return Notice(origin, table, kind, message)


def psycopg_url(url: str) -> str:
    """The libpq address of SQLAlchemy's `postgresql+psycopg://...` URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """One process's two connections to the shared database: one listens, one holds the
    advisory locks of the tables this process owns and sends announcements."""

    def __init__(
        self,
        url: str,
        origin: str,
        on_notice: Callable[[Notice], None],
        on_deaf: Callable[[], None],
        on_lost: Callable[[], None],
    ) -> None:
        """`on_notice` hears each notice from another process; `on_deaf` is called when the
        listening connection is back after a drop (catch everything up); `on_lost` when the
        locks' connection dropped, and with it every lock this process held."""
        self.url = psycopg_url(url)
        self.origin = origin
        self.on_notice, self.on_deaf, self.on_lost = on_notice, on_deaf, on_lost
        self.locks: psycopg.AsyncConnection[Any] | None = None
        self.connecting = asyncio.Lock()
        """Held while the locks' connection is made: two tasks asking at once (a claim and an
        announcement) share one, and neither is left open and unowned."""
        self.closing = False
        self.listener: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()

    async def start(self) -> None:
        self.listener = asyncio.get_running_loop().create_task(self._listen(), name="gamenight-listen")
        await self.listening.wait()

    async def close(self) -> None:
        self.closing = True  # a connection made from now on is closed at once (_locks)
        if self.listener is not None:
            self.listener.cancel()
            await asyncio.gather(self.listener, return_exceptions=True)
        if self.locks is not None:
            await self.locks.close()

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, application_name=f"gamenight {self.origin} listening"
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:
                        self.on_deaf()
                    first = False
                    async for notify in connection.notifies():
                        notice = read_payload(notify.payload)
                        if notice is not None and notice.origin != self.origin:
                            self.on_notice(notice)
            except (psycopg.Error, OSError) as exc:
                log.warning("listening to the database stopped (%s): trying again", exc)
                await asyncio.sleep(RECONNECT_AFTER)

    async def _locks(self) -> psycopg.AsyncConnection[Any] | None:
        """The locks' connection, made if need be; None once the cluster is closing."""
        async with self.connecting:
            if self.locks is None or self.locks.closed:
                connection = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, application_name=f"gamenight {self.origin}"
                )
                if self.closing:  # closed while it connected: nobody else would close it
                    await connection.close()
                    return None
                self.locks = connection
            return self.locks

    async def _run(self, query: str, params: Sequence[Any]) -> list[tuple[Any, ...]] | None:
        """The rows of `query` on the locks' connection; None if it failed (the connection is
        dropped: with it go the locks, and `on_lost` is told)."""
        if self.closing:
            return None
        try:
            connection = await self._locks()
            if connection is None:
                return None
            cursor = await connection.execute(query, params)
            return await cursor.fetchall() if cursor.description else []
        except (psycopg.Error, OSError) as exc:
            if self.closing:  # the process is stopping: nothing is lost that matters now
                return None
            log.warning("the database connection that holds the tables' locks failed (%s)", exc)
            if self.locks is not None:
                await self.locks.close()
                self.locks = None
            self.on_lost()
            return None

    async def claim(self, table_ids: Sequence[str]) -> list[str]:
        """The tables among `table_ids` (none owned by this process yet) that this process
        owns from now on: those no other process holds. Asked every second, with or without
        tables to claim, it also finds out if the locks' connection (and the locks) is lost."""
        rows = await self._run(
            "SELECT id FROM unnest(%s::text[]) AS id WHERE pg_try_advisory_lock(hashtextextended(id, 0))",
            [list(table_ids)],
        )
        return [row[0] for row in rows or []]

    async def release(self, table_id: str) -> None:
        await self._run("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", [table_id])

    async def announce(self, table_id: str, kind: str, **data: Any) -> None:
        await self._run("SELECT pg_notify(%s, %s)", [CHANNEL, payload(self.origin, table_id, kind, **data)])
