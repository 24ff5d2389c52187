"""Tables in memory only while someone needs them (issue 29, item 9).

A table is loaded when someone needs it: a request or a socket for it, news of it from another
process that owns it here, or, at startup, a game that can go on with nobody there (a bot's
seat, a zombie timeout or a turn timer: `Store.unattended`); of those, the ones that on
replay have nothing to do now (a person to move, no clock) are let go again at once.

A loaded table is let go once it has been idle for the server's idle lifetime (`gamenight
serve --idle-minutes`): nobody connected to it here, nobody seated connected anywhere, no bot
to move and no clock running, no card-window answer held ahead of its turn (the one thing a
table holds that is not stored), and nothing asked of it meanwhile. Everything else it holds
is in the database, so it comes back where it was; what only this process knew of it (who
took a seat mid-game, a seat a bot plays for its person, turns timed out in a row) is kept
aside (`Memo`) and given back. A process that owns the table (a cluster's lock) keeps owning
it, so no other process claims it and its news still reaches this one, which loads it again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamenight.store.database import PERSON, PLAYING, WAITING

if TYPE_CHECKING:
    from gamenight.interfaces.web.live import Hub, LiveTable

log = logging.getLogger("gamenight.interfaces.web")

IDLE_LIFETIME = 600.0
"""Seconds a table may sit idle in memory before it is let go (`--idle-minutes`; 0: never)."""
LOOK_EVERY = 60.0
"""Seconds between looks for idle tables, at most (less for a short lifetime)."""
MAX_MEMOS = 10_000
"""Memos kept for tables let go (the oldest go first): each is a few seats' flags."""


@dataclass
class Memo:
    """What only this process knew of a table it let go, given back when it is loaded."""

    seat_changes: list[dict[str, Any]]
    seats: list[tuple[str, bool, int]]
    """Each seat's (nonce, away, timeouts): given back only to a seat still held by that nonce."""


def is_idle(live: LiveTable, now: float) -> bool:
    """Whether `live` holds nothing that would be lost or late if it were let go now."""
    if live.connections or live.lock.locked():
        return False
    if live.status not in (WAITING, PLAYING):
        return True
    table = live.table
    if table is not None and table.window is not None and table.window.held:
        return False  # answers given ahead of their turn: not stored until it comes
    if not live.hub.owns(live.id):
        return True  # its bots and clocks run elsewhere
    if any(s.kind == PERSON and s.present(now) for s in live.seats):
        return False  # connected to another process: their zombie clock starts when they go
    return live._plan() is None


def memo_of(live: LiveTable) -> Memo | None:
    if live.status != PLAYING:
        return None
    if not live.seat_changes and not any(s.away or s.timeouts for s in live.seats):
        return None
    return Memo(list(live.seat_changes), [(s.nonce, s.away, s.timeouts) for s in live.seats])


def restore(live: LiveTable, memo: Memo) -> None:
    live.seat_changes = memo.seat_changes
    for seat, (nonce, away, timeouts) in zip(live.seats, memo.seats, strict=False):
        if seat.nonce == nonce and seat.kind == PERSON:
            seat.away, seat.timeouts = away, timeouts


def let_go(hub: Hub, live: LiveTable) -> None:
    """Take `live` out of memory (it is idle: `is_idle`). An owner keeps a game's lock."""
    if hub.tables.get(live.id) is not live:
        return
    live.stop_driver()
    del hub.tables[live.id]
    memo = memo_of(live)
    if memo is not None:
        hub.memos[live.id] = memo
        while len(hub.memos) > MAX_MEMOS:
            del hub.memos[next(iter(hub.memos))]
    if live.status not in (WAITING, PLAYING):
        hub.chore(hub.release(live.id))


async def let_go_of_idle(hub: Hub) -> None:
    """Now and then, let go of the tables idle for the hub's idle lifetime."""
    while True:
        await asyncio.sleep(min(LOOK_EVERY, max(0.05, hub.idle_lifetime / 4)))
        now = time.monotonic()
        idle = [t for t in hub.tables.values() if now - t.used_at >= hub.idle_lifetime and is_idle(t, now)]
        for live in idle:
            let_go(hub, live)
        if idle:
            log.info("let go of %d idle table(s); %d in memory", len(idle), len(hub.tables))
