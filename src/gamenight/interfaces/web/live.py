"""Live tables: the games being played, their connections, their bots and their clocks.

One `LiveTable` per table owns its `Table` (the engine's push-style driver). Everything that
reads or changes it holds the table's asyncio lock, so moves are serialised and nobody
reads a position whose move is not yet stored: a move is submitted, its steps committed
to the database, and only then does any connection hear of it (`_accept`).

Each connection has a sender task that sends, on being woken, the events its seat has
not had yet with the view as it is now: a slow browser gets the news of several moves in
one message instead of holding up the table, and the numbering lets it ask for anything
it missed (`sync`).

Bots are seats like any other: the table's driver task asks one for a move (off the event
loop, `asyncio.to_thread`, unless it is the instant medium bot) at the table's pace and
submits it through the same door as a person's. The same driver plays a person's seat with a
medium bot once the person has been gone longer than the host's zombie timeout (the seat
shows `away` until its person is back). When the turn timer runs out on a person who is
there, a medium bot makes that one move for them and the seat stays theirs; only after the
host's number of such turns in a row (`TableData.timeouts_before_away`) is the seat away,
until the person says something (the page's "Take my seat back").

On PostgreSQL several server processes may serve one set of tables (`store/cluster.py`):
each table is loaded wherever someone connects to it, one process (its owner) runs its
bots and clocks, and each hears the others' changes by notice and catches up from the
database (`LiveTable.catch_up`, `LiveTable.refresh`). Who is connected, and which seats a
bot is playing for their person, travel by notice too (`Hub.on_notice`).

At the end of a round the table pauses (`Table.pauses`): the final board, the tiles each seat
was left holding and the round's scoring stay in view (`round_end`), and nothing is dealt, nor
does any bot move, until every person present has pressed "Next round" (a `next` message) or
the host's delay (`round_pause`) has run out. The pause is not a game step: the record is the
same as without it. Only the owner deals on; a press through another process reaches it by
notice (READY). The delay runs from when this process saw the round end, so after a restart it
starts again, and a resumed table is never left waiting.

A move may say `after`, the last event its client had: a move chosen against an older
position is refused, so a replayed or doubled message is never played twice. Each
connection has a token bucket (`Connection.admit`): past it messages are dropped (the client
is told once, "too many messages"), and a flood that goes on closes that connection (1008),
never the table.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import math
import os
import random
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from gamenight.bots import hints as bot_hints
from gamenight.bots.learned import plays as learned_plays
from gamenight.bots.registry import make_bot
from gamenight.engine.errors import RecordError, RulesError
from gamenight.engine.match import Agent
from gamenight.engine.protocol import CHANCE, Game, Move
from gamenight.engine.record import Step
from gamenight.engine.registry import make_game
from gamenight.engine.table import PASS, Table
from gamenight.interfaces.web.commits import GroupCommit
from gamenight.interfaces.web.history import Events, History, Json, encode_state, to_json
from gamenight.interfaces.web.idle import IDLE_LIFETIME, Memo, is_idle, let_go, let_go_of_idle, restore
from gamenight.interfaces.web.limits import DEFAULT_HINT_SECONDS, DEFAULT_HINTS_AT_ONCE
from gamenight.store.cluster import AWAY, READY, SEEN, STEPS, TABLE, Cluster, Notice
from gamenight.store.database import (
    BOT,
    DEFAULT_ROUND_PAUSE,
    ENDED,
    OPEN,
    OVER,
    PERSON,
    PLAYING,
    WAITING,
    Moves,
    SeatData,
    Stale,
    Store,
    TableData,
    new_nonce,
)

log = logging.getLogger("gamenight.interfaces.web")

BOT_LEVELS = ("easy", "medium", "hard")
LEARNED = "learned"
"""A level only where a network was trained for the game (two-player Highrise and Wildstar):
`bot_levels`."""
ZOMBIE_LEVEL = "medium"
"""The bot that plays for a person who is away, or whose turn timer ran out."""
INLINE_LEVELS = frozenset({"medium"})
"""Bots that choose on the event loop itself: medium's move (no look-ahead) takes a few
microseconds, a thread's hand-over and back about 45 (benchmarks/README.md, *Server cost per
move*). The others, which deal hands or search, think in a thread."""
MAX_MESSAGE = 4096
"""A client's message is a sync or a move: a few dozen characters."""
MAX_NOTATION = 200
RATE = 50.0
"""A connection's messages per second, on average (a token bucket per connection)..."""
BURST = 100.0
"""...with this many at once. A person clicks a few times a second and a reconnecting page
syncs once; the tests' scripted players against bots at pace 0 send far more, and a flood
thousands. (Both are the Hub's, which the tests may lower.)"""
RECENT_EVENTS = 10
"""A sync from further back than this is a full one: its answer costs the game's length, and
one connection may ask for one only every so often (Hub.full_sync_every)."""
FLOOD_CLOSE = 200.0
"""Strikes before the connection is closed (policy violation): each message dropped for the
rate is one, and they fade at FLOOD_FADE a second..."""
FLOOD_FADE = 10.0
"""...so a client a little over its rate now and then loses those messages, and one that
sends at twice its rate or more is closed within seconds."""
MAX_LIVE = 2000
"""Tables kept in memory before finished ones are let go (`Hub._make_room`)."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table's id can be (`store.database.new_id`): anything else names no table."""
DB_THREADS = 4
"""Threads talking to PostgreSQL (SQLite: one)."""
CLAIM_EVERY = 1.0
"""Seconds between a process's looks for tables nobody owns (their owner died)."""
SEEN_EVERY = 5.0
"""Seconds between a process's reminders of which seats' persons are connected to it..."""
SEEN_LAPSES = 3 * SEEN_EVERY
"""...and after which, without one, they count as gone (the process died)."""
WAITING_LIFETIME = 24 * 3600.0
"""Seconds a table nobody starts waits before it is ended (`gamenight serve --waiting-hours`)."""
EXPIRE_EVERY = 60.0
"""Seconds between a process's looks for such tables (at most: less for a short lifetime)."""

T = TypeVar("T")


class Socket(Protocol):
    """What a connection needs of Starlette's WebSocket (and of a test's stand-in)."""

    async def send_text(self, data: str) -> None: ...


class Refused(Exception):
    """A request the table cannot grant now: the message is for the person who asked."""


def bot_levels(game: Game) -> tuple[str, ...]:
    """The levels a seat of `game` may be given to: easy, medium and hard, and learned where
    it plays (bots/learned.py)."""
    return (*BOT_LEVELS, LEARNED) if learned_plays(game) else BOT_LEVELS


def bot_name(level: str) -> str:
    return f"{level.capitalize()} bot"


@dataclass
class SeatState:
    index: int
    kind: str  # OPEN, PERSON or BOT
    level: str | None
    name: str
    nonce: str
    autopass: bool = True
    """The person's choice: their answer to a card window that leaves them nothing but a pass
    is given for them at once (Board Game Arena's auto-pass)."""
    connections: int = 0
    disconnected_since: float | None = None
    """monotonic time the last connection of this seat's person closed (or the server started)."""
    away: bool = False
    """A bot plays this person's seat until they are back."""
    timeouts: int = 0
    """Turns in a row the timer ran out on this person (a move of their own starts again at 0)."""
    elsewhere: dict[str, float] = field(default_factory=dict)
    """Other server processes this seat's person is connected to, and when each last said so."""

    def present(self, now: float) -> bool:
        """Whether the seat's person is connected, here or to another process."""
        return self.connections > 0 or any(now - seen < SEEN_LAPSES for seen in self.elsewhere.values())

    def gone_since(self, now: float) -> float | None:
        """Since when the seat's person has been connected nowhere (None: connected)."""
        if self.present(now):
            return None
        lapsed = [seen + SEEN_LAPSES for seen in self.elsewhere.values()]
        return max([self.disconnected_since or 0.0, *lapsed]) if lapsed else self.disconnected_since

    def data(self) -> SeatData:
        return SeatData(self.index, self.kind, self.level, self.name, self.nonce, self.autopass)


@dataclass(eq=False)
class Connection:
    socket: Socket
    seat: int | None  # None: a spectator
    nonce: str | None
    last_sent: int = 0
    """The number of the last event this connection was sent: the next state starts after it."""
    state_wanted: bool = False
    synced: bool = False
    """States are sent once the client has asked with its first sync (saying where it stands)."""
    direct: deque[dict[str, Any]] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    filled_at: float = field(default_factory=time.monotonic)
    strikes: float = 0.0
    """Messages dropped for the rate, fading: past FLOOD_CLOSE the connection is closed."""
    dropping: bool = False
    """Messages are being dropped, and the client has been told so."""
    hinting: bool = False
    """A hint is being worked out for this connection: one at a time."""
    full_synced_at: float = -math.inf

    def may_full_sync(self, every: float) -> bool:
        """Whether a sync from far back may be answered now (one every `every` seconds)."""
        now = time.monotonic()
        if now - self.full_synced_at < every:
            return False
        self.full_synced_at = now
        return True

    def admit(self) -> str:
        """What to do with one more message from the client: "handle" it (within its rate);
        "tell" the client it is over its rate (the first message dropped in a row); "drop"
        it without a word (answering each would double a flood); or "close" (a flood)."""
        now = time.monotonic()
        elapsed, self.filled_at = now - self.filled_at, now
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.strikes = max(0.0, self.strikes - elapsed * FLOOD_FADE)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.dropping = False
            return "handle"
        self.strikes += 1.0
        if self.strikes > FLOOD_CLOSE:
            return "close"
        told, self.dropping = self.dropping, True
        return "drop" if told else "tell"

    def push(self, message: dict[str, Any]) -> None:
        self.direct.append(message)
        self.wake.set()

    def want_state(self) -> None:
        if self.synced:
            self.state_wanted = True
            self.wake.set()


class Hub:
    """Every live table of one server process, and the threads that talk to the database."""

    def __init__(
        self,
        store: Store,
        default_bot_pace: float = 0.8,
        message_rate: float = RATE,
        message_burst: float = BURST,
        waiting_lifetime: float = WAITING_LIFETIME,
        default_round_pause: float = DEFAULT_ROUND_PAUSE,
        idle_lifetime: float = IDLE_LIFETIME,
    ) -> None:
        self.store = store
        self.idle_lifetime = idle_lifetime
        """Seconds an idle table stays in memory (idle.py; 0: for ever)."""
        self.memos: dict[str, Memo] = {}
        """What only this process knew of the tables it let go (idle.py)."""
        self.resumed: int | None = None
        """The tables resumed at startup, once they all have been (None before)."""
        self.default_bot_pace = default_bot_pace
        self.default_round_pause = default_round_pause
        self.waiting_lifetime = waiting_lifetime
        self.message_rate, self.message_burst = message_rate, message_burst
        self.seed: int | None = None
        """Tests only (`create_app(seed=...)`): the seed every table started here deals from."""
        self.tables: dict[str, LiveTable] = {}
        # SQLite has one writer at a time anyway: one thread never makes it wait on itself.
        # PostgreSQL serves many at once, and a move's store is a few round trips to it: a few
        # threads keep one table's wait from holding up the others. (One table's own reads
        # and writes stay in order: its lock is held around each.)
        threads = 1 if store.engine.dialect.name == "sqlite" else DB_THREADS
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="gamenight-db")
        self.commits = GroupCommit(functools.partial(self.db, store.append_moves))
        """Every table's moves go to the database through it, those of many tables in one commit."""
        self.loading = asyncio.Lock()
        self.origin = f"{os.getpid()}-{secrets.token_hex(3)}"
        self.cluster: Cluster | None = None
        """With PostgreSQL: this process's part among the processes sharing the database."""
        self.owned: set[str] = set()
        """The tables whose bots and clocks run here (all of them without a cluster)."""
        self.chores: set[asyncio.Task[Any]] = set()
        self.hints_running = 0
        """Hints being worked out in this process's threads (at most hints_at_once)."""
        self.hint_seconds = DEFAULT_HINT_SECONDS
        self.hints_at_once = DEFAULT_HINTS_AT_ONCE
        """Limits.hint_seconds and Limits.hints_at_once."""
        self.full_sync_every = 2.0
        """Seconds between two syncs from far back on one connection (Limits.full_sync_seconds)."""
        self.outage: Any = None
        """The app's outage.Outage: storage faults said once, not a traceback a second."""

    async def start(self) -> None:
        """Look now and then for tables nobody started in time; on PostgreSQL, join the
        processes that share the database: listen to their news and look every second for
        tables whose owner is gone."""
        self.chore(self._expire(), "gamenight-expiry")
        if self.idle_lifetime > 0:
            self.chore(let_go_of_idle(self), "gamenight-idle")
        if self.store.engine.dialect.name != "postgresql":
            return
        self.store.origin = self.origin
        self.cluster = Cluster(self.store.url, self.origin, self.on_notice, self._deaf, self._lost)
        await self.cluster.start()
        self.chore(self._keep_up(), "gamenight-claims")

    async def _expire(self) -> None:
        """End the tables nobody started within the waiting lifetime (every process may: the
        update is the database's, and ending a table twice changes nothing)."""
        while True:
            try:
                before = datetime.now(UTC) - timedelta(seconds=self.waiting_lifetime)
                for table_id in await self.db(self.store.expire_waiting, before):
                    live = self.tables.get(table_id)
                    if live is not None:
                        async with live.lock:
                            live.data.status = ENDED
                            live._changed()
                    log.info("table %s: nobody started it in time; it is ended", table_id)
            except Exception:  # the database is away: try again later
                log.exception("looking for tables nobody started failed")
            await asyncio.sleep(min(EXPIRE_EVERY, max(0.05, self.waiting_lifetime / 4)))

    def chore(self, work: Any, name: str | None = None) -> None:
        task = asyncio.get_running_loop().create_task(work, name=name)
        self.chores.add(task)
        task.add_done_callback(self.chores.discard)

    def owns(self, table_id: str) -> bool:
        return self.cluster is None or table_id in self.owned

    async def release(self, table_id: str) -> None:
        """The table's game is over: its lock goes back (a session holds only so many)."""
        if self.cluster is not None and table_id in self.owned:
            self.owned.discard(table_id)
            await self.cluster.release(table_id)

    async def _keep_up(self) -> None:
        """Every second: claim the tables being played that nobody owns; every few seconds:
        remind the others which seats' persons are connected here."""
        assert self.cluster is not None
        reminded = 0.0
        while True:
            await asyncio.sleep(CLAIM_EVERY)
            try:
                # Only the games that can go on with nobody there: the others wait for a
                # person, whose request loads (and claims) them wherever they come.
                playing = await self.db(self.store.unattended)
                claimed = await self.cluster.claim([t for t in playing if t not in self.owned])
                for table_id in claimed:
                    self.owned.add(table_id)
                    live = self.tables.get(table_id)
                    if live is None:
                        await self._resume(table_id)
                    else:
                        async with live.lock:
                            await live.refresh()
                        live.start_driver()
                    log.info("table %s: its bots and clocks run here now", table_id)
                if time.monotonic() - reminded >= SEEN_EVERY:
                    reminded = time.monotonic()
                    for live in list(self.tables.values()):
                        seen = live.seen_here()
                        if seen and live.status in (WAITING, PLAYING):
                            await self.cluster.announce(live.id, SEEN, seats=sorted(seen))
            except Exception as exc:  # the database is away: try again in a second
                self.failed(exc, "looking for tables to own failed")

    def on_notice(self, notice: Notice) -> None:
        """News of a table from another process; nothing to do for tables not loaded here,
        unless this process owns it (and let it go idle): it is loaded to hear it."""
        if notice.kind == TABLE:
            self.store.listing_changed()  # the lobby lists it afresh
        live = self.tables.get(notice.table)
        if live is None:
            if notice.table in self.owned:
                self.chore(self._wake(notice))
            return
        if notice.kind == SEEN:
            live.seen_elsewhere(notice.origin, notice.data.get("seats"))
        elif notice.kind == AWAY:
            live.away_elsewhere(notice.origin, notice.data.get("seat"), notice.data.get("away"))
        elif notice.kind == READY:
            live.ready_elsewhere(notice.data.get("seat"), notice.data.get("n"))
        elif notice.kind == STEPS:
            self.chore(live.catch_up_and_tell(notice.data))
        elif notice.kind == TABLE:
            self.chore(live.refresh_and_tell())

    async def _wake(self, notice: Notice) -> None:
        """Load a table this process owns, to hear `notice` (it may be a bot's turn now)."""
        try:
            if await self.get(notice.table) is not None:
                self.on_notice(notice)
        except Exception as exc:  # the database is away: the next notice, or a claim, tries again
            self.failed(exc, f"table {notice.table}: loading it to hear another process failed")

    def _deaf(self) -> None:
        """Listening again after a drop: whatever was said meanwhile is read from the database."""
        for live in list(self.tables.values()):
            self.chore(live.refresh_and_tell())

    def _lost(self) -> None:
        """The connection holding this process's locks dropped, and the locks with it: the
        bots and clocks stop here until the tables are claimed again (by whichever process)."""
        if self.owned:
            log.warning(
                "the locks of %d table(s) were lost: their bots and clocks stop here until claimed", len(self.owned)
            )
        for table_id in self.owned:
            live = self.tables.get(table_id)
            if live is not None:
                live.stop_driver()
        self.owned.clear()

    def failed(self, exc: Exception, what: str) -> None:
        """Our own work failed: a storage fault is said once an outage (outage.py), a bug with its traceback."""
        if self.outage is None:
            log.error("%s", what, exc_info=exc)
        else:
            self.outage.report(exc, what)

    async def db(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.executor, function, *args)

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table `table_id`, loaded from the database (and its game resumed from its
        record) the first time it is asked for, or the first since it was let go (idle.py);
        None if there is no such table."""
        if not TABLE_ID.fullmatch(table_id):  # not one of ours: not worth asking the database
            return None
        live = self.tables.get(table_id)
        if live is not None:
            live.used_at = time.monotonic()
            return live
        async with self.loading:
            live = self.tables.get(table_id)
            if live is not None:
                live.used_at = time.monotonic()
                return live
            data = await self.db(self.store.load, table_id)
            if data is None:
                return None
            live = LiveTable(self, data)
            memo = self.memos.pop(table_id, None)
            if memo is not None:
                restore(live, memo)
            if data.status in (PLAYING, OVER):
                await live.reload()
            self._make_room()
            self.tables[table_id] = live
            if self.cluster is not None:
                async with live.lock:  # news sent while it was being read was not heard: read it now
                    await live.catch_up()
                if table_id not in self.owned and data.status in (WAITING, PLAYING):
                    self.owned.update(await self.cluster.claim([table_id]))
                elif table_id in self.owned and live.status not in (WAITING, PLAYING):
                    self.chore(self.release(table_id))  # kept while let go (idle.py), over since
            live.start_driver()
            return live

    def _make_room(self) -> None:
        """Past MAX_LIVE tables in memory, the finished ones nobody is looking at are let go:
        they are in the database, and come back on the next request for them."""
        if len(self.tables) < MAX_LIVE:
            return
        for table_id, live in list(self.tables.items()):
            if live.status in (OVER, ENDED) and not live.connections and not live.lock.locked():
                live.stop_driver()
                del self.tables[table_id]
                if table_id in self.owned:
                    self.chore(self.release(table_id))

    async def resume_all(self) -> int:
        """The tables whose game goes on with nobody there, live again (their bots and clocks
        running); the others are loaded when someone asks for them (idle.py)."""
        ids = await self.db(self.store.unattended)
        for table_id in ids:
            await self._resume(table_id)
        self.resumed = len(ids)
        return len(ids)

    async def _resume(self, table_id: str) -> None:
        """Load a table for its bots and clocks; let it go again at once if it has nothing to
        do until someone comes (a person to move, and no clock)."""
        live = await self.get(table_id)
        if live is not None and self.idle_lifetime > 0 and is_idle(live, time.monotonic()):
            let_go(self, live)

    async def close(self) -> None:
        for live in self.tables.values():
            live.stop_driver()
        for task in list(self.chores):
            task.cancel()
        await asyncio.gather(*self.chores, return_exceptions=True)
        if self.cluster is not None:
            await self.cluster.close()
        self.executor.shutdown(wait=True)


class LiveTable:
    def __init__(self, hub: Hub, data: TableData) -> None:
        self.hub = hub
        self.data = data
        self.seats = [SeatState(s.index, s.kind, s.level, s.name, s.nonce, s.autopass) for s in data.seats]
        now = time.monotonic()
        for seat in self.seats:
            if seat.kind == PERSON:
                seat.disconnected_since = now
        self.table: Table | None = None
        self.broken: str | None = None
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.bots: dict[tuple[int, str], Agent] = {}
        self.wake = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self.last_move_at = now
        self.turn_started = now
        self.used_at = now
        """When something last happened here, or someone last asked for it (idle.py)."""
        self.told: dict[int | None, tuple[tuple[Any, ...], str, str | None]] = {}
        """Per seat (None: the spectators), the position's key and its view and pending decision
        as JSON text. Text, not the dicts and lists they were made of: a string is no work for
        the cycle collector, and a view's dozens of containers, kept until the table's next
        move, were walked by every young collection meanwhile (benchmarks/README.md, *Young
        collections*)."""
        self.told_seen: set[int] = set()
        self.ready: set[tuple[int, int]] = set()
        """(event number, seat): the person at the seat pressed "Next round" at the round's end the
        table paused at after that event (kept by number: a press told by another process may
        come before its steps do)..."""
        self.paused_at: int | None = None
        """...which is this event number (None: not paused)..."""
        self.pause_started = now
        """...seen here at this monotonic time: the host's delay runs from it."""
        self.history = History()
        self.seat_changes: list[dict[str, Any]] = []
        """Seats that changed hands mid-game, told to every seat in the log (meta's seat_changes):
        nobody takes a seat's hand unseen. (Kept by this process, while it runs.)"""

    @property
    def id(self) -> str:
        return self.data.id

    @functools.cached_property
    def has_windows(self) -> bool:
        """Whether the game asks card windows of several seats at once (and so has auto-pass)."""
        try:
            return hasattr(make_game(self.data.game, self.data.options).new_state(), "asked_together")
        except RulesError:
            return False

    @property
    def status(self) -> str:
        return self.data.status

    # -- the stored table, and the other processes' news of it ----------------------------

    async def reload(self) -> None:
        """The game as stored, replayed from its record (the lock held, or not yet shared)."""
        record = await self.hub.db(self.hub.store.record, self.id)
        try:
            if record is None:
                raise RecordError("the table has no stored game")
            # auto chance, windows, and a pause at a round's end
            self.table = await asyncio.to_thread(Table.resume, record, True, True, True)
        except RulesError as exc:
            log.error("table %s does not resume: %s", self.id, exc)
            self.broken = f"this table's stored game does not replay ({exc})"

    async def catch_up(self) -> bool:
        """Play the steps another process stored since ours (the lock held); whether any were."""
        if self.table is None or self.broken:
            return False
        steps = await self.hub.db(self.hub.store.steps_after, self.id, self.table.number)
        if not steps:
            return False
        try:
            self.table.catch_up(steps)
        except RulesError:  # stored steps that do not follow ours: start again from the record
            await self.reload()
        self._caught_up()
        return True

    def _caught_up(self) -> None:
        if self.table is not None and self.table.is_over() and self.status == PLAYING:
            self.data.status = OVER
        self.last_move_at = self.turn_started = time.monotonic()

    async def refresh(self) -> None:
        """The table as stored now, seats, settings, status and steps (the lock held): another
        process changed it."""
        data = await self.hub.db(self.hub.store.load, self.id)
        if data is None:
            return
        for seat, stored in zip(self.seats, data.seats, strict=True):
            if stored.nonce != seat.nonce:
                if seat.kind == PERSON:
                    self._unseat(seat, "your seat was given to somebody else")
                self._changed_hands(seat.index, f"seat {seat.index + 1} is now {stored.name or 'open'}")
                seat.kind, seat.level, seat.name, seat.nonce = stored.kind, stored.level, stored.name, stored.nonce
                seat.away, seat.elsewhere = False, {}
                if seat.kind == PERSON and seat.connections == 0:
                    seat.disconnected_since = time.monotonic()
            seat.autopass = stored.autopass
        if data.round_pause != self.data.round_pause:
            self.wake.set()  # the pause's end moves with the host's delay
        settings_changed = (data.bot_pace, data.zombie_timeout, data.turn_timer) != (
            self.data.bot_pace,
            self.data.zombie_timeout,
            self.data.turn_timer,
        )
        self.data = data
        if settings_changed:
            self.turn_started = time.monotonic()
        if self.table is None and data.status in (PLAYING, OVER):
            await self.reload()
            self.last_move_at = self.turn_started = time.monotonic()
        else:
            await self.catch_up()

    async def refresh_and_tell(self) -> None:
        async with self.lock:
            await self.refresh()
            await self._answers_due()
            self._changed()

    async def _answers_due(self) -> None:
        """Play the answers to a card window held here whose turn came with steps another
        process stored (the lock held): a person connected here answered ahead of the seats
        before them, who answered through the other process."""
        table = self.table
        while table is not None and table.window is not None and self.status == PLAYING:
            seat = table.to_act()
            move = table.window.held.pop(seat, None) if seat is not None else None
            if seat is None or move is None:
                return
            try:
                await self._accept(seat, move)
            except Refused:
                return  # the table moved on meanwhile: the seat is asked again

    async def catch_up_and_tell(self, news: dict[str, Any]) -> None:
        """Another process stored steps up to number `n`: play them here, unless already done.
        The notice holds the steps themselves if they follow on from ours; else they are read."""
        async with self.lock:
            if self.table is None:
                await self.refresh()
                self._changed()
                return
            number, first, steps = news.get("n"), news.get("first"), news.get("steps")
            if isinstance(number, int) and number <= self.table.number:
                return
            if first == self.table.number + 1 and isinstance(steps, list) and not self.broken:
                try:
                    self.table.catch_up([Step(seat, text) for seat, text in steps])
                except (RulesError, TypeError, ValueError):  # not as they should be: read them instead
                    await self.reload()
                    await self.catch_up()
                self._caught_up()
            else:
                await self.catch_up()
            await self._answers_due()
            self._changed()

    def seen_here(self) -> set[int]:
        """The seats whose persons are connected to this process."""
        return {s.index for s in self.seats if s.kind == PERSON and s.connections > 0}

    def _tell_seen(self) -> None:
        """Tell the other processes, if the seats connected here changed."""
        seen = self.seen_here()
        if self.hub.cluster is not None and seen != self.told_seen:
            self.told_seen = seen
            self.hub.chore(self.hub.cluster.announce(self.id, SEEN, seats=sorted(seen)))

    def seen_elsewhere(self, origin: str, seats: Any) -> None:
        """Process `origin` says these seats' persons are connected to it (and no others)."""
        if not isinstance(seats, list):
            return
        now = time.monotonic()
        changed = False
        for seat in self.seats:
            if seat.index in seats:
                changed |= origin not in seat.elsewhere
                seat.elsewhere[origin] = now
            elif seat.elsewhere.pop(origin, None) is not None:
                changed = True
                if seat.connections == 0 and not seat.present(now):
                    seat.disconnected_since = now
        if changed:
            self._changed()

    def away_elsewhere(self, origin: str, seat: Any, away: Any) -> None:
        """Process `origin` says a bot plays for the person at `seat` (its owner does), or no
        longer does (the person is back, connected to `origin`)."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats) or not isinstance(away, bool):
            return
        state = self.seats[seat]
        if not away:  # back there: present, even before that process's own word on it
            state.elsewhere[origin] = time.monotonic()
        if state.away != away:
            state.away = away
            if not away:
                self.turn_started = time.monotonic()
            self._changed()

    def _tell_away(self, seat: SeatState) -> None:
        if self.hub.cluster is not None:
            self.hub.chore(self.hub.cluster.announce(self.id, AWAY, seat=seat.index, away=seat.away))

    # -- seats and tokens -----------------------------------------------------------------

    def seat_holds(self, seat: int, nonce: str) -> bool:
        """Whether a token for (`seat`, `nonce`) still holds its seat here."""
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == PERSON and self.seats[seat].nonce == nonce

    def person_seated(self) -> bool:
        return any(s.kind == PERSON for s in self.seats)

    # -- the host's and the joiners' requests ---------------------------------------------

    async def join(self, name: str) -> SeatState:
        """The first open seat, now `name`'s; Refused when there is none."""
        async with self.lock:
            if self.status in (OVER, ENDED):
                raise Refused("this table's game is over: there is no seat to take")
            seat = next((s for s in self.seats if s.kind == OPEN), None)
            if seat is None and self.hub.cluster is not None:  # taken here, maybe freed elsewhere
                await self.refresh()
                seat = next((s for s in self.seats if s.kind == OPEN), None)
            if seat is None:
                raise Refused("every seat at this table is taken: you can watch it")
            changed = SeatState(seat.index, PERSON, None, name, new_nonce())
            await self._store_seat(changed, seat.nonce)
            seat.kind, seat.level, seat.name, seat.nonce = PERSON, None, name, changed.nonce
            seat.disconnected_since, seat.away, seat.autopass, seat.timeouts = time.monotonic(), False, True, 0
            self._changed_hands(seat.index, f"{name} took seat {seat.index + 1} by the invite link")
            self._changed()
            return seat

    async def set_seat(self, index: int, kind: str, level: str | None) -> None:
        """The host hands seat `index` to a bot at `level`, or opens it for a person. Either
        way the seat's person (if any) loses it: their token is revoked."""
        async with self.lock:
            if self.status in (OVER, ENDED):
                raise Refused("the game is over: its seats stay as they were")
            if not 0 < index < len(self.seats):
                raise Refused("the host keeps seat 1; give the number of another seat")
            levels = bot_levels(make_game(self.data.game, self.data.options))
            if kind == BOT and level not in levels:
                raise Refused(f"a bot is {', '.join(levels)}, not {level!r}")
            if kind not in (BOT, OPEN):
                raise Refused("a seat can be given to a bot or opened for a person")
            seat = self.seats[index]
            name = bot_name(level) if kind == BOT and level else ""
            changed = SeatState(index, kind, level if kind == BOT else None, name, new_nonce())
            await self._store_seat(changed, seat.nonce)
            self._unseat(seat, "the host gave your seat to a bot" if kind == BOT else "the host opened your seat")
            held = f" ({seat.name}'s)" if seat.kind == PERSON else ""
            given = f"gave seat {index + 1}{held} to {name}" if kind == BOT else f"opened seat {index + 1}{held}"
            self._changed_hands(index, f"the host {given}")
            seat.kind, seat.level, seat.name, seat.nonce = changed.kind, changed.level, changed.name, changed.nonce
            seat.away, seat.autopass, seat.timeouts = False, True, 0
            self._changed()

    async def _store_seat(self, changed: SeatState, was: str, autopass_only: bool = False) -> None:
        """Store the seat's change, unless another process changed the seat first: then this
        table is brought up to date and the request Refused, to be made again if still wanted."""
        try:
            if autopass_only:
                await self.hub.db(self.hub.store.set_autopass, self.id, changed.index, was, changed.autopass)
            else:
                await self.hub.db(self.hub.store.set_seat, self.id, changed.data(), was)
        except Stale:
            await self.refresh()
            self._changed()
            raise Refused("that seat changed just now: look again and try again") from None

    async def revoke(self, index: int) -> None:
        """The host takes the seat back from its person: their token stops working, and so
        does the invite link they came by; the seat is open for whoever gets the new one."""
        async with self.lock:
            if not 0 < index < len(self.seats) or self.seats[index].kind != PERSON:
                raise Refused("only another person's seat can be revoked")
        await self.set_seat(index, OPEN, None)
        await self.new_invite()

    async def new_invite(self) -> None:
        """A new invite link; the old one stops working (seats taken with it are kept)."""
        async with self.lock:
            self.data.invite_code = await self.hub.db(self.hub.store.new_invite_code, self.id)
            self._changed()

    async def set_autopass(self, seat: int, nonce: str, on: bool) -> None:
        """The person at `seat` turns auto-pass on or off: stored with their seat."""
        async with self.lock:
            if not self.seat_holds(seat, nonce):
                raise Refused("your seat token was revoked: ask the host for the invite link")
            state = self.seats[seat]
            changed = SeatState(seat, state.kind, state.level, state.name, state.nonce, on)
            await self._store_seat(changed, state.nonce, autopass_only=True)
            state.autopass = on
            self._changed()

    async def settings(
        self, bot_pace: float, zombie_timeout: float, turn_timer: float | None, round_pause: float | None = None
    ) -> None:
        async with self.lock:
            store = self.hub.store
            await self.hub.db(store.set_settings, self.id, bot_pace, zombie_timeout, turn_timer, round_pause)
            self.data.bot_pace, self.data.zombie_timeout, self.data.turn_timer = bot_pace, zombie_timeout, turn_timer
            if round_pause is not None:
                self.data.round_pause = round_pause
            self.turn_started = time.monotonic()
            self._changed()

    async def start(self) -> None:
        """The host starts the game: the deal is made and stored, then everyone is told."""
        async with self.lock:
            if self.hub.cluster is not None:  # a seat may have been taken through another process just now
                await self.refresh()
            if self.status != WAITING:
                raise Refused("the game has already started")
            if any(s.kind == OPEN for s in self.seats):
                raise Refused("every seat must be filled, by a person or a bot, before the game starts")
            game = make_game(self.data.game, self.data.options)
            table = Table(game, [s.name for s in self.seats], seed=self.hub.seed, windows=True, pauses=True)
            try:
                await self.hub.db(self.hub.store.start, self.id, table.record)
            except Stale:  # started through another process a moment ago
                await self.refresh()
                self._changed()
                raise Refused("the game has already started") from None
            if table.is_over():  # a game decided by its deal: stored as over at once
                await self.hub.db(self.hub.store.append_steps, self.id, table.number + 1, [], _result(table))
            self.table = table
            self.data.status = OVER if table.is_over() else PLAYING
            self.data.seed, self.data.seat_names = table.seed, list(table.record.seats)
            self.last_move_at = self.turn_started = time.monotonic()
            self._changed()

    async def offer_rematch(self, make_rematch: Callable[[], TableData]) -> None:
        """The host's rematch table, made once however many times the host asks at once (the
        check is made under the lock): every page of this one learns of it (meta's rematch_url)."""
        async with self.lock:
            if self.data.rematch_id is not None:
                return
            rematch = await self.hub.db(make_rematch)
            await self.hub.db(self.hub.store.set_rematch, self.id, rematch.id)
            self.data.rematch_id = rematch.id
            self._changed()

    async def end(self) -> None:
        async with self.lock:
            if self.status in (OVER, ENDED):
                raise Refused("the table is already over")
            await self.hub.db(self.hub.store.set_status, self.id, ENDED)
            self.data.status = ENDED
            self._changed()

    # -- moves ----------------------------------------------------------------------------

    async def submit(self, seat: int, nonce: str, move: Move | str, after: int | None = None) -> None:
        """A person's decision; Refused (table unchanged) naming the fault. With `after` (the
        last event the client had when it chose), a move made against an older position is
        refused: a replayed or duplicated message is never applied twice."""
        async with self.lock:
            if not self.seat_holds(seat, nonce):
                raise Refused("your seat token was revoked: ask the host for the invite link")
            self._returns(self.seats[seat])  # even if this move is refused
            # While a card window is open everyone stands at its start (`visible`).
            if after is not None and self.table is not None and after != self.table.visible and self.status == PLAYING:
                raise Refused(
                    f"that move was chosen after event {after}, but the table is at event {self.table.visible}: "
                    "sync and choose again"
                )
            await self._accept(seat, move)
            self.seats[seat].timeouts = 0

    async def _accept(self, seat: int, move: Move | str) -> None:
        """Play and store a decision; the lock is held. Refused if the rules refuse it."""
        if self.broken:
            raise Refused(self.broken)
        if self.status == ENDED:
            raise Refused("the host ended this table")
        if self.status == WAITING or self.table is None:
            raise Refused("the game has not started yet")
        table = self.table
        first = table.number + 1
        try:
            table.submit(seat, move)
        except RulesError as exc:
            raise Refused(str(exc)) from None
        await self._store(first)

    async def _store(self, first: int) -> None:
        """Store the table's steps from number `first` on (the lock held), then tell everyone;
        Refused if they could not be, the table back as stored."""
        table = self.table
        assert table is not None
        steps = table.record.steps[first - 1 :]
        if not steps:  # an answer to a card window ahead of its turn: held until then
            self._changed()
            return
        result = _result(table) if table.is_over() else None
        try:
            await self.hub.commits.store(Moves(self.id, first, tuple(steps), result))
        except Exception as exc:
            # Not stored, so it did not happen: the table goes back to what the database holds.
            if not isinstance(exc, Stale):
                self.hub.failed(exc, f"table {self.id}: a move could not be stored")
            await self.refresh_after_failure()
            if isinstance(exc, Stale):  # another process stored a move first
                raise Refused("the table moved on while you chose: choose again") from None
            raise Refused("the server could not store that move: try it again") from None
        if result is not None:
            self.data.status = OVER
        self.last_move_at = self.turn_started = time.monotonic()
        self._changed()

    async def refresh_after_failure(self) -> None:
        """The move played here was not stored: back to what the database holds. (If it cannot
        be read now either, the next move's store finds the table ahead of it, and comes here.)"""
        try:
            await self.reload()
            await self.refresh()
        except Exception:
            log.exception("table %s: the stored game could not be read again", self.id)
        self._changed()

    # -- connections --------------------------------------------------------------------------

    def connect(self, socket: Socket, seat: int | None, nonce: str | None) -> Connection:
        rate, burst = self.hub.message_rate, self.hub.message_burst
        connection = Connection(socket, seat, nonce, rate=rate, burst=burst, tokens=burst)
        self.connections.add(connection)
        if seat is not None:
            state = self.seats[seat]
            state.connections += 1
            state.disconnected_since = None
            self._returns(state)
            self._tell_seen()
        self._changed()
        return connection

    def disconnect(self, connection: Connection) -> None:
        if connection not in self.connections:
            return
        self.connections.discard(connection)
        if connection.seat is not None:
            self._leave_seat(connection)
            self._tell_seen()
        self._changed()

    def _leave_seat(self, connection: Connection) -> None:
        assert connection.seat is not None
        state = self.seats[connection.seat]
        state.connections = max(0, state.connections - 1)
        if state.connections == 0:
            state.disconnected_since = time.monotonic()
        connection.seat = connection.nonce = None

    def _unseat(self, seat: SeatState, why: str) -> None:
        """The seat's person loses it: their connections go on as spectators, told why."""
        for connection in self.connections:
            if connection.seat == seat.index:
                self._leave_seat(connection)
                connection.push({"type": "error", "reason": f"{why}: you are watching now"})
        seat.connections, seat.disconnected_since = 0, None
        self._tell_seen()

    async def handle(self, connection: Connection, text: str) -> None:
        """One message from a client: a sync or a move (`{"type": "move", "move": notation,
        "after": N}`, `after` optional). Anything else is answered with an error, and the
        connection stays open."""
        message = _parse(text)
        if isinstance(message, str):
            connection.push({"type": "error", "reason": message})
            return
        if message["type"] == "sync":
            since = message.get("since")
            if not isinstance(since, int) or isinstance(since, bool) or since < 0:
                connection.push({"type": "error", "reason": "sync needs since: the number of the last event you have"})
                return
            if (
                self.table is not None
                and since < self.table.number - RECENT_EVENTS
                and not connection.may_full_sync(self.hub.full_sync_every)
            ):  # a state from far back costs the game's length: one a while, moves never wait on it
                every = self.hub.full_sync_every
                connection.push({"type": "error", "reason": f"a sync from that far back once every {every:g} s"})
                return
            async with self.lock:
                if self.hub.cluster is not None:  # the client may come from a process further on
                    await (self.refresh() if self.table is None else self.catch_up())
                last = 0 if self.table is None else self.table.visible
                if since > last:
                    connection.push(
                        {"type": "error", "reason": f"there are events 1 to {last}; cannot start after {since}"}
                    )
                    since = last
                connection.last_sent = since
                connection.synced = True
                self._back(connection)
            connection.want_state()
            return
        if message["type"] == "hint":
            await self._hint(connection)
            return
        if message["type"] == "next":
            await self.next_round(connection)
            return
        if message["type"] == "autopass":
            on = message.get("on")
            if not isinstance(on, bool):
                connection.push({"type": "error", "reason": "autopass needs on: true or false"})
            elif connection.seat is None or connection.nonce is None:
                connection.push({"type": "error", "reason": "spectators have no seat to pass for"})
            else:
                try:
                    await self.set_autopass(connection.seat, connection.nonce, on)
                except Refused as exc:
                    connection.push({"type": "error", "reason": str(exc)})
            return
        move = message.get("move")
        if not isinstance(move, str) or not move.strip() or len(move) > MAX_NOTATION:
            connection.push({"type": "error", "reason": "move needs the move's notation, as the choices give it"})
            return
        after = message.get("after")
        if after is not None and (not isinstance(after, int) or isinstance(after, bool) or after < 0):
            connection.push({"type": "error", "reason": "after, if given, is the number of the last event you have"})
            return
        if connection.seat is None or connection.nonce is None:
            connection.push(
                {"type": "refused", "move": move, "reason": "spectators cannot move: join with the invite link to play"}
            )
            return
        try:
            await self.submit(connection.seat, connection.nonce, move.strip(), after)
        except Refused as exc:
            connection.push({"type": "refused", "move": move, "reason": str(exc)})

    async def _hint(self, connection: Connection) -> None:
        """What the hard bot would play for the connection's seat, and why (issue 30): searched
        from that seat's view only, in a thread, Hub.hint_seconds long, one at a time per connection
        and Hub.hints_at_once in the whole process, so a hint never holds the table up."""
        seat = connection.seat
        if not self.data.hints:
            connection.push({"type": "error", "reason": "the host has not allowed hints at this table"})
            return
        if seat is None:
            connection.push({"type": "error", "reason": "a hint is for a seat with a decision to make"})
            return
        if self.hub.hints_at_once == 0:
            connection.push({"type": "error", "reason": "this server gives no hints"})
            return
        if connection.hinting or self.hub.hints_running >= self.hub.hints_at_once:
            connection.push({"type": "error", "reason": "hints are being worked out: ask again in a moment"})
            return
        async with self.lock:
            table = self.table
            pending = table.pending_for(seat) if table is not None and self.status == PLAYING else None
            if table is None or pending is None:
                connection.push({"type": "error", "reason": "you have nothing to decide now"})
                return
            view, after = table.view_for(seat), table.visible
            words = {c.move: (c.notation, c.description) for c in pending.choices}
        connection.hinting = True
        self.hub.hints_running += 1
        try:
            rng = random.Random(secrets.randbits(64))  # a hint draws nothing from the table's own generators
            found = await asyncio.to_thread(bot_hints.hint, table.game, view, list(words), rng, self.hub.hint_seconds)
        finally:
            connection.hinting = False
            self.hub.hints_running -= 1
        notation, description = words[found.move]
        reason = found.reason(lambda move: words[move][0])
        connection.push({"type": "hint", "move": notation, "text": f"{description}; {reason}", "after": after})

    def _back(self, connection: Connection) -> None:
        if connection.seat is not None:
            self._returns(self.seats[connection.seat])

    def _returns(self, seat: SeatState) -> None:
        """The person at `seat` said something: the seat is theirs again, with a whole turn
        on the timer if a bot was playing it."""
        if seat.away:
            seat.away = False
            self.turn_started = time.monotonic()
            self._tell_away(seat)
            self._changed()

    async def run_sender(self, connection: Connection) -> None:
        """Send `connection` its messages, one at a time, until the socket closes."""
        while connection in self.connections:
            await connection.wake.wait()
            connection.wake.clear()
            while connection.direct:
                await connection.socket.send_text(to_json(connection.direct.popleft()))
            if connection.state_wanted:
                connection.state_wanted = False
                async with self.lock:
                    message = self.state_message(connection)
                text = encode_state(message)  # encoded outside the lock
                # Not held while this coroutine waits for the next change: what a waiting
                # coroutine holds, every young collection walks.
                del message
                await connection.socket.send_text(text)

    def _changed(self) -> None:
        """Something everyone sees changed: every connection gets a state, the driver re-plans."""
        self._note_pause()
        self.used_at = time.monotonic()
        for connection in self.connections:
            connection.want_state()
        self.wake.set()

    # -- what a connection is sent --------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        table = self.table
        # While a card window is open, whose answer the rules are at is nobody's business.
        to_act = (
            None
            if table is None or self.status != PLAYING or table.window is not None or table.paused
            else table.to_act()
        )
        now = time.monotonic()
        return {
            "id": self.id,
            "game": self.data.game,
            "title": self.data.title,
            "status": self.status,
            "seats": [
                {
                    "name": s.name or "(open)",
                    "kind": BOT if s.kind == BOT else PERSON,
                    "open": s.kind == OPEN,  # waiting for a person to take it with the invite link
                    "level": s.level,
                    "connected": s.kind == BOT or s.present(now),
                    "away": s.away or (s.kind == OPEN and self.status == PLAYING),
                    "autopass": s.autopass if s.kind == PERSON and self.has_windows else None,
                }
                for s in self.seats
            ],
            "to_act": to_act,
            "deadline_seconds": self._deadline_seconds(to_act),
            "rematch_url": f"/t/{self.id}/rematch" if self.data.rematch_id else None,
            "hints": self.data.hints,
            "seat_changes": self.seat_changes,
            "round_pause": self.data.round_pause,
            "pause": self._pause_meta(),
        }

    def _changed_hands(self, index: int, text: str) -> None:
        """Seat `index` changed hands: every seat is told, if the game is under way."""
        if self.status == PLAYING and self.table is not None:
            self.seat_changes.append({"after": self.table.number, "seat": index, "text": text})

    def state_message(self, connection: Connection) -> dict[str, Any]:
        """The connection's seat's news since its last event, the view and what is pending.
        Its events are `history.Events`, JSON already (kept once per event and audience,
        however many sockets ask), and its view and pending decision `history.Json` (kept once
        per position and seat): `encode_state` splices them in."""
        seat = connection.seat
        table = self.table
        since = connection.last_sent
        self._note_pause()
        round_end, scoring = None, None
        if table is None:
            view, pending, events, last, result = None, None, Events("[]"), 0, None
        else:
            # A round's end is public by the rules once it has ended, and only then.
            round_end = table.round_end if table.paused or table.is_over() else None
            # The score sheet line by line (public: each play's points, each round's end).
            scoring = {"rounds": table.rounds, "plays": table.plays} if table.pauses else None
            last = table.visible  # a card window is told when it closes
            since = min(since, last)
            events = self.history.array(table, seat, since, last)
            view, pending = self._told(table, seat)
            result = self.result() if table.is_over() else None
        connection.last_sent = last
        return {
            "type": "state",
            "table": self.meta(),
            "seat": seat,
            "view": view,
            "pending": pending,
            "events": events,
            "since": since,
            "last": last,
            "result": result,
            "round_end": round_end,
            "scoring": scoring,
        }

    def _told(self, table: Table, seat: int | None) -> tuple[Json, Json | None]:
        """The seat's view and pending decision now, worked out once per position for all the
        connections of that seat (spectators are many, and a view is not free)."""
        key = (id(table), table.number, self.status, table.asked())
        told = self.told.get(seat)
        if told is None or told[0] != key:
            pending = self._pending(seat) if self.status == PLAYING else None
            told = (key, to_json(table.view_for(seat)), None if pending is None else to_json(pending))
            self.told[seat] = told
        return Json(told[1]), None if told[2] is None else Json(told[2])

    def _pending(self, seat: int | None) -> dict[str, Any] | None:
        """Who decides now; the choices only to that seat (legal moves would tell its hand). In
        an open card window: each seat's own choices, and how many seats have yet to answer,
        never which (who passed, and when, would tell of their hands)."""
        assert self.table is not None
        table = self.table
        to_act = table.to_act()
        if to_act is None or table.paused:
            return None
        if seat is not None and self._passes_for(self.seats[seat]):
            mine = None  # passed for them at once: never shown a decision whose only choice is pass
        else:
            mine = table.pending_for(seat) if seat is not None else None
        choices = [{"notation": c.notation, "description": c.description} for c in (mine.choices if mine else ())]
        window = table.window
        if window is None:
            return {"seat": to_act, "choices": choices}
        return {
            "seat": seat if mine is not None else None,
            "choices": choices,
            "window": {
                "asked": len(window.seats),
                "waiting": len(window.waiting()),
                "answered": seat in window.seats and seat not in window.waiting(),
            },
        }

    def result(self) -> dict[str, Any] | None:
        if self.table is None or not self.table.is_over():
            return None
        scores, winners = _result(self.table)
        return {
            "scores": scores,
            "winners": winners,
            "record_url": f"/t/{self.id}/record",
            "review_url": f"/t/{self.id}/review",
        }

    # -- bots and clocks --------------------------------------------------------------------------

    def start_driver(self) -> None:
        """Run the table's bots and clocks, if this process owns it."""
        if self.driver is None and self.status in (WAITING, PLAYING) and self.hub.owns(self.id):
            self.driver = asyncio.get_running_loop().create_task(self._drive(), name=f"table-{self.id}")

    def stop_driver(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
            self.driver = None

    def _pace(self) -> float:
        # Bots pause between moves only when somebody could be watching them.
        return self.data.bot_pace if self.person_seated() or self.connections else 0.0

    def _deadlines(self, seat: SeatState) -> list[float]:
        """When a bot takes over for the person at `seat`, now that it is their turn."""
        deadlines = []
        gone_since = seat.gone_since(time.monotonic())
        if self.data.zombie_timeout > 0 and gone_since is not None:
            deadlines.append(gone_since + self.data.zombie_timeout)
        if self.data.turn_timer:
            deadlines.append(self.turn_started + self.data.turn_timer)
        return deadlines

    def _deadline_seconds(self, to_act: int | None) -> float | None:
        if to_act is None:
            return None
        seat = self.seats[to_act]
        if seat.kind != PERSON or seat.away:
            return None
        deadlines = self._deadlines(seat)
        return round(max(0.0, min(deadlines) - time.monotonic()), 1) if deadlines else None

    def _plan(self) -> tuple[float, int] | None:
        """(seconds to wait, seat) for the next answer given here, or None to wait for news: a
        bot's (it thinks at once, and waits for the pace only before a move that changes the
        board: `_bot_move`), a person's auto-pass, or a bot's for a person gone or out of time.
        In an open card window every seat yet to answer is asked at once."""
        table = self.table
        if table is None or self.status != PLAYING or self.broken:
            return None
        if table.paused:
            self._note_pause()
            return self._pause_left(), CHANCE
        now = time.monotonic()
        plan: tuple[float, int] | None = None
        for index in table.asked():
            seat = self.seats[index]
            if seat.kind != PERSON or seat.away or self._passes_for(seat):
                return 0.0, index
            deadlines = self._deadlines(seat)
            if deadlines and (plan is None or min(deadlines) - now < plan[0]):
                plan = (max(0.0, min(deadlines) - now), index)
        return plan

    async def _drive(self) -> None:
        while self.status in (WAITING, PLAYING):
            self.wake.clear()
            plan = self._plan()
            if plan is None:
                await self.wake.wait()
                continue
            delay, seat = plan
            if delay > 0:
                try:
                    await asyncio.wait_for(self.wake.wait(), delay)
                    continue  # news: plan again
                except TimeoutError:
                    pass
            try:
                await (self._deal_on() if seat == CHANCE else self._bot_move(seat))
            except Exception:  # a bot's bug must not stop the table's clock for good
                log.exception("table %s: the bot for seat %d failed", self.id, seat + 1)
                await asyncio.sleep(1.0)
        self.driver = None
        await self.hub.release(self.id)

    # -- the end of a round -----------------------------------------------------------------

    def _note_pause(self) -> None:
        """The host's delay starts when this process sees the table paused at a round's end;
        the presses for earlier pauses are forgotten."""
        table = self.table
        at = table.number if table is not None and table.paused and self.status == PLAYING else None
        if at != self.paused_at:
            self.paused_at = at
            self.pause_started = time.monotonic()
            self.ready = {(n, seat) for n, seat in self.ready if at is not None and n >= at}

    def _ready_seats(self) -> set[int]:
        return {seat for n, seat in self.ready if n == self.paused_at}

    def _awaited(self, now: float) -> list[SeatState]:
        """The persons the round's end waits for: seated, present and playing for themselves."""
        return [s for s in self.seats if s.kind == PERSON and not s.away and s.present(now)]

    def _pause_left(self) -> float:
        """Seconds before the paused table deals on: none once every person present has pressed
        "Next round", or at a table of bots nobody watches; else what is left of the host's
        delay (a person seated but gone, as after a restart, may be back to see it)."""
        now = time.monotonic()
        awaited = self._awaited(now)
        ready = self._ready_seats()
        if awaited and all(s.index in ready for s in awaited):
            return 0.0
        if not (awaited or self.connections or self.person_seated()):
            return 0.0
        return max(0.0, self.pause_started + self.data.round_pause - now)

    def _pause_meta(self) -> dict[str, Any] | None:
        """Who has pressed "Next round", who is waited for, and the seconds left (None: no pause)."""
        if self.paused_at is None:
            return None
        ready = self._ready_seats()
        awaited = [s.index for s in self._awaited(time.monotonic())]
        return {
            "ready": sorted(ready),
            "waiting": [seat for seat in awaited if seat not in ready],
            "seconds": round(self._pause_left(), 1),
        }

    async def _deal_on(self) -> None:
        """The pause is over: the next deal is played and stored (the owner's driver does it)."""
        async with self.lock:
            table = self.table
            if table is None or self.status != PLAYING or not table.paused or self._pause_left() > 0:
                return
            first = table.number + 1
            table.deal_on()
            try:
                await self._store(first)
                return
            except Refused as exc:  # the table is back as stored, paused: the driver tries again
                log.warning("table %s: the next deal was not stored: %s", self.id, exc)
        await asyncio.sleep(1.0)  # not at once: the database may be away a while

    async def next_round(self, connection: Connection) -> None:
        """The connection's person has seen the round's end and presses "Next round"."""
        seat, nonce = connection.seat, connection.nonce
        if seat is None or nonce is None:
            connection.push({"type": "error", "reason": "spectators do not say when the next round starts"})
            return
        async with self.lock:
            if not self.seat_holds(seat, nonce):
                connection.push({"type": "error", "reason": "your seat token was revoked"})
                return
            self._returns(self.seats[seat])
            self._note_pause()
            if self.paused_at is None or (self.paused_at, seat) in self.ready:
                return  # the next round has begun already, or this press was counted
            self.ready.add((self.paused_at, seat))
            if self.hub.cluster is not None:
                self.hub.chore(self.hub.cluster.announce(self.id, READY, seat=seat, n=self.paused_at))
            self._changed()

    def ready_elsewhere(self, seat: Any, number: Any) -> None:
        """Another process says the person at `seat` pressed "Next round" at the pause after event `number`."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats) or not isinstance(number, int):
            return
        if (number, seat) not in self.ready and (self.paused_at is None or number >= self.paused_at):
            self.ready.add((number, seat))
            self._changed()

    def _passes_for(self, seat: SeatState) -> bool:
        """Whether the seat's person has auto-pass on, and passing is all they may do now."""
        return seat.autopass and self.has_windows and self._only_pass(seat.index)

    def _only_pass(self, seat: int) -> bool:
        """Whether passing is all `seat` may do now (FIREBALL! or any card that fits: it is asked)."""
        assert self.table is not None
        pending = self.table.pending_for(seat)
        return pending is not None and all(c.notation == PASS for c in pending.choices)

    def _asks(self, table: Table, seat: int, key: tuple[int, int]) -> bool:
        """Whether `table` still asks `seat` the decision it asked at `key`."""
        return self.table is table and self.status == PLAYING and _decision_key(table) == key and seat in table.asked()

    async def _bot_move(self, seat: int) -> None:
        async with self.lock:
            table = self.table
            if table is None or self.status != PLAYING or seat not in table.asked():
                return
            state = self.seats[seat]
            key = _decision_key(table)
            timed_out = False  # one move for a person who is there: the seat stays theirs
            if state.kind == PERSON and not state.away:
                if self._passes_for(state):
                    await self._accept(seat, PASS)  # the person's own choice: no bot, no pause
                    return
                now = time.monotonic()
                if not any(d <= now for d in self._deadlines(state)):
                    return
                gone_since = state.gone_since(now)
                # Away: gone past the zombie timeout, or out of time too many turns in a row.
                zombie = self.data.zombie_timeout > 0 and gone_since is not None
                zombie = zombie and gone_since is not None and gone_since + self.data.zombie_timeout <= now
                if zombie or state.timeouts + 1 >= self.data.timeouts_before_away:
                    state.away = True
                    self._tell_away(state)
                    self._changed()
                else:
                    timed_out = True
            pending = table.pending_for(seat)
            assert pending is not None
            view, legal = table.view_for(seat), [c.move for c in pending.choices]
            bot, rng = self._bot(seat), table.seat_rngs[seat]
        if self._level(seat) in INLINE_LEVELS:
            move = bot.choose(view, legal, rng)
        else:
            move = await asyncio.to_thread(bot.choose, view, legal, rng)
        quiet = getattr(table.story, "quiet", None)
        if quiet is None or not quiet(view, move):
            # The pace is for moves that change the board, so people can follow them.
            wait = self.last_move_at + self._pace() - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
        async with self.lock:
            if not self._asks(table, seat, key):
                return  # the table moved on while the bot thought
            if state.kind == PERSON and not state.away and not timed_out:
                return  # the person came back and plays for themselves
            try:
                await self._accept(seat, move)
                state.timeouts += timed_out
            except Refused as exc:
                log.error("table %s: the bot for seat %d was refused: %s", self.id, seat + 1, exc)

    def _level(self, seat: int) -> str:
        """The level of the bot that plays `seat` (a person's seat: the zombie level)."""
        state = self.seats[seat]
        return state.level if state.kind == BOT and state.level else ZOMBIE_LEVEL

    def _bot(self, seat: int) -> Agent:
        level = self._level(seat)
        key = (seat, level)
        if key not in self.bots:
            assert self.table is not None
            self.bots[key] = make_bot(level, self.table.game)
        return self.bots[key]


def _decision_key(table: Table) -> tuple[int, int]:
    """Which decision the table asks: the position's number, or an open window's start (its
    answers do not change what it asks of the seats yet to answer)."""
    window = table.window
    return (0, table.number) if window is None else (1, window.start)


def _result(table: Table) -> tuple[list[int], list[int]]:
    """(scores, winners): the winners share the game's returns (nobody, for a game stopped undecided)."""
    state = table.state
    return list(state.scores()), [seat for seat, r in enumerate(state.returns()) if r > 0]


def _parse(text: str) -> dict[str, Any] | str:
    """A client's message as a dict with a known type, or what is wrong with it."""
    if len(text) > MAX_MESSAGE:
        return f"message too long: at most {MAX_MESSAGE} characters"
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return 'not JSON: send {"type": "sync", "since": N} or {"type": "move", "move": "<notation>"}'
    if not isinstance(message, dict) or message.get("type") not in ("sync", "move", "autopass", "hint", "next"):
        return 'unknown message: send {"type": "sync", "since": N} or {"type": "move", "move": "<notation>"}'
    return message
