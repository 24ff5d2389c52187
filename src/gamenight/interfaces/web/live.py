"""Live tables: the games being played, their connections, their bots and their clocks.

One `LiveTable` per table owns its `Table` (the engine's push-style driver). Everything that
reads or changes it holds the table's asyncio lock, so moves are serialised and nobody
reads a position whose move is not yet stored: a move is submitted, its steps committed
to the database, and only then does any connection hear of it (`_accept`).

Each connection has a sender task that sends, on being woken, the events its seat has
not had yet with the view as it is now: a slow browser gets the news of several moves in
one message instead of holding up the table, and the numbering lets it ask for anything
it missed (`sync`).

Bots are seats like any other: the table's driver task asks one for a move off the event
loop (`asyncio.to_thread`) at the table's pace and submits it through the same door as a
person's. The same driver plays a person's seat with a medium bot once the person has
been gone longer than the host's zombie timeout, or lets the turn timer run out; the seat
shows `away` until its person is back.

A move may say `after`, the last event its client had: a move chosen against an older
position is refused, so a replayed or doubled message is never played twice. Each
connection has a token bucket (`Connection.admit`): past it a client is told "too many
messages", and a flood that goes on closes that connection (1008), never the table.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from gamenight.bots.registry import make_bot
from gamenight.engine.errors import RecordError, RulesError
from gamenight.engine.match import Agent
from gamenight.engine.protocol import Move
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.store.database import (
    BOT,
    ENDED,
    OPEN,
    OVER,
    PERSON,
    PLAYING,
    WAITING,
    SeatData,
    Store,
    TableData,
    new_nonce,
)

log = logging.getLogger("gamenight.interfaces.web")

BOT_LEVELS = ("easy", "medium", "hard")
ZOMBIE_LEVEL = "medium"
"""The bot that plays for a person who is away."""
MAX_MESSAGE = 4096
"""A client's message is a sync or a move: a few dozen characters."""
MAX_NOTATION = 200
RATE = 50.0
"""A connection's messages per second, on average (a token bucket per connection)..."""
BURST = 100.0
"""...with this many at once. A person clicks a few times a second and a reconnecting page
syncs once; the tests' scripted players against bots at pace 0 send far more, and a flood
thousands. (Both are the Hub's, which the tests may lower.)"""
FLOOD_CLOSE = 200
"""Messages refused for the rate in a row before the connection is closed (policy violation)."""
MAX_LIVE = 2000
"""Tables kept in memory before finished ones are let go (`Hub._make_room`)."""

T = TypeVar("T")


class Socket(Protocol):
    """What a connection needs of Starlette's WebSocket (and of a test's stand-in)."""

    async def send_text(self, data: str) -> None: ...


class Refused(Exception):
    """A request the table cannot grant now: the message is for the person who asked."""


def bot_name(level: str) -> str:
    return f"{level.capitalize()} bot"


@dataclass
class SeatState:
    index: int
    kind: str  # OPEN, PERSON or BOT
    level: str | None
    name: str
    nonce: str
    connections: int = 0
    disconnected_since: float | None = None
    """monotonic time the last connection of this seat's person closed (or the server started)."""
    away: bool = False
    """A bot plays this person's seat until they are back."""

    def data(self) -> SeatData:
        return SeatData(self.index, self.kind, self.level, self.name, self.nonce)


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
    flooding: int = 0
    """Messages in a row refused for the rate: past FLOOD_CLOSE the connection is closed."""

    def admit(self) -> bool | None:
        """Whether one more message from the client is within its rate: True to handle it,
        False to refuse it with an error, None to close the connection (a flood)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.filled_at) * self.rate)
        self.filled_at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.flooding = 0
            return True
        self.flooding += 1
        return None if self.flooding > FLOOD_CLOSE else False

    def push(self, message: dict[str, Any]) -> None:
        self.direct.append(message)
        self.wake.set()

    def want_state(self) -> None:
        if self.synced:
            self.state_wanted = True
            self.wake.set()


class Hub:
    """Every live table of one server process, and the one thread that talks to the database
    (SQLite has one writer at a time anyway; one thread never makes it wait on itself)."""

    def __init__(
        self, store: Store, default_bot_pace: float = 0.8, message_rate: float = RATE, message_burst: float = BURST
    ) -> None:
        self.store = store
        self.default_bot_pace = default_bot_pace
        self.message_rate, self.message_burst = message_rate, message_burst
        self.seed: int | None = None
        """Tests only (`create_app(seed=...)`): the seed every table started here deals from."""
        self.tables: dict[str, LiveTable] = {}
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gamenight-db")
        self.loading = asyncio.Lock()

    async def db(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.executor, function, *args)

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table `table_id`, loaded from the database (and its game resumed from its
        record) the first time it is asked for; None if there is no such table."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        async with self.loading:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            data = await self.db(self.store.load, table_id)
            if data is None:
                return None
            live = LiveTable(self, data)
            if data.status in (PLAYING, OVER):
                record = await self.db(self.store.record, table_id)
                try:
                    if record is None:
                        raise RecordError("the table has no stored game")
                    live.table = await asyncio.to_thread(Table.resume, record)
                except RulesError as exc:
                    log.error("table %s does not resume: %s", table_id, exc)
                    live.broken = f"this table's stored game does not replay ({exc})"
            self._make_room()
            self.tables[table_id] = live
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

    async def resume_all(self) -> int:
        """Every table whose game was being played, live again (its bots and clocks running)."""
        ids = await self.db(self.store.unfinished)
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    async def close(self) -> None:
        for live in self.tables.values():
            live.stop_driver()
        self.executor.shutdown(wait=True)


class LiveTable:
    def __init__(self, hub: Hub, data: TableData) -> None:
        self.hub = hub
        self.data = data
        self.seats = [SeatState(s.index, s.kind, s.level, s.name, s.nonce) for s in data.seats]
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
        self.told: dict[int | None, tuple[tuple[int, int, str], dict[str, Any], dict[str, Any] | None]] = {}

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def status(self) -> str:
        return self.data.status

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
            if seat is None:
                raise Refused("every seat at this table is taken: you can watch it")
            changed = SeatState(seat.index, PERSON, None, name, new_nonce())
            await self.hub.db(self.hub.store.set_seat, self.id, changed.data())
            seat.kind, seat.level, seat.name, seat.nonce = PERSON, None, name, changed.nonce
            seat.disconnected_since, seat.away = time.monotonic(), False
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
            if kind == BOT and level not in BOT_LEVELS:
                raise Refused(f"a bot is {', '.join(BOT_LEVELS)}, not {level!r}")
            if kind not in (BOT, OPEN):
                raise Refused("a seat can be given to a bot or opened for a person")
            seat = self.seats[index]
            name = bot_name(level) if kind == BOT and level else ""
            changed = SeatState(index, kind, level if kind == BOT else None, name, new_nonce())
            await self.hub.db(self.hub.store.set_seat, self.id, changed.data())
            self._unseat(seat, "the host gave your seat to a bot" if kind == BOT else "the host opened your seat")
            seat.kind, seat.level, seat.name, seat.nonce = changed.kind, changed.level, changed.name, changed.nonce
            seat.away = False
            self._changed()

    async def revoke(self, index: int) -> None:
        """The host takes the seat back from its person: their token stops working and the
        seat is open for whoever opens the invite link."""
        async with self.lock:
            if not 0 < index < len(self.seats) or self.seats[index].kind != PERSON:
                raise Refused("only another person's seat can be revoked")
        await self.set_seat(index, OPEN, None)

    async def settings(self, bot_pace: float, zombie_timeout: float, turn_timer: float | None) -> None:
        async with self.lock:
            await self.hub.db(self.hub.store.set_settings, self.id, bot_pace, zombie_timeout, turn_timer)
            self.data.bot_pace, self.data.zombie_timeout, self.data.turn_timer = bot_pace, zombie_timeout, turn_timer
            self.turn_started = time.monotonic()
            self._changed()

    async def start(self) -> None:
        """The host starts the game: the deal is made and stored, then everyone is told."""
        async with self.lock:
            if self.status != WAITING:
                raise Refused("the game has already started")
            if any(s.kind == OPEN for s in self.seats):
                raise Refused("every seat must be filled, by a person or a bot, before the game starts")
            game = make_game(self.data.game, self.data.options)
            table = Table(game, [s.name for s in self.seats], seed=self.hub.seed)
            await self.hub.db(self.hub.store.start, self.id, table.record)
            if table.is_over():  # a game decided by its deal: stored as over at once
                await self.hub.db(self.hub.store.append_steps, self.id, table.number + 1, [], _result(table))
            self.table = table
            self.data.status = OVER if table.is_over() else PLAYING
            self.data.seed, self.data.seat_names = table.seed, list(table.record.seats)
            self.last_move_at = self.turn_started = time.monotonic()
            self._changed()

    async def offer_rematch(self, rematch_id: str) -> None:
        """The host made the rematch table: every page of this one learns of it (meta's rematch_url)."""
        async with self.lock:
            await self.hub.db(self.hub.store.set_rematch, self.id, rematch_id)
            self.data.rematch_id = rematch_id
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
            if after is not None and self.table is not None and after != self.table.number and self.status == PLAYING:
                raise Refused(
                    f"that move was chosen after event {after}, but the table is at event {self.table.number}: "
                    "sync and choose again"
                )
            await self._accept(seat, move)

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
        steps = table.record.steps[first - 1 :]
        result = _result(table) if table.is_over() else None
        try:
            await self.hub.db(self.hub.store.append_steps, self.id, first, steps, result)
        except Exception:
            # Not stored, so it did not happen: the table goes back to what the database holds.
            log.exception("table %s: a move could not be stored", self.id)
            record = await self.hub.db(self.hub.store.record, self.id)
            if record is not None:
                self.table = await asyncio.to_thread(Table.resume, record)
            raise Refused("the server could not store that move: try it again") from None
        if result is not None:
            self.data.status = OVER
        self.last_move_at = self.turn_started = time.monotonic()
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
        self._changed()
        return connection

    def disconnect(self, connection: Connection) -> None:
        if connection not in self.connections:
            return
        self.connections.discard(connection)
        if connection.seat is not None:
            self._leave_seat(connection)
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
            async with self.lock:
                last = 0 if self.table is None else self.table.number
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

    def _back(self, connection: Connection) -> None:
        if connection.seat is not None:
            self._returns(self.seats[connection.seat])

    def _returns(self, seat: SeatState) -> None:
        """The person at `seat` said something: the seat is theirs again, with a whole turn
        on the timer if a bot was playing it."""
        if seat.away:
            seat.away = False
            self.turn_started = time.monotonic()
            self._changed()

    async def run_sender(self, connection: Connection) -> None:
        """Send `connection` its messages, one at a time, until the socket closes."""
        while connection in self.connections:
            await connection.wake.wait()
            connection.wake.clear()
            while connection.direct:
                await connection.socket.send_text(json.dumps(connection.direct.popleft()))
            if connection.state_wanted:
                connection.state_wanted = False
                async with self.lock:
                    message = self.state_message(connection)
                await connection.socket.send_text(json.dumps(message))

    def _changed(self) -> None:
        """Something everyone sees changed: every connection gets a state, the driver re-plans."""
        for connection in self.connections:
            connection.want_state()
        self.wake.set()

    # -- what a connection is sent --------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        table = self.table
        to_act = None if table is None or self.status != PLAYING else table.to_act()
        return {
            "id": self.id,
            "game": self.data.game,
            "title": self.data.title,
            "status": self.status,
            "seats": [
                {
                    "name": s.name or "(open)",
                    "kind": BOT if s.kind == BOT else PERSON,
                    "level": s.level,
                    "connected": s.kind == BOT or s.connections > 0,
                    "away": s.away or (s.kind == OPEN and self.status == PLAYING),
                }
                for s in self.seats
            ],
            "to_act": to_act,
            "deadline_seconds": self._deadline_seconds(to_act),
            "rematch_url": f"/t/{self.id}/rematch" if self.data.rematch_id else None,
        }

    def state_message(self, connection: Connection) -> dict[str, Any]:
        """The connection's seat's news since its last event, the view and what is pending."""
        seat = connection.seat
        table = self.table
        since = connection.last_sent
        if table is None:
            view, pending, events, last, result = None, None, [], 0, None
        else:
            last = table.number
            since = min(since, last)
            events = table.events_for(seat, since)
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
        }

    def _told(self, table: Table, seat: int | None) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The seat's view and pending decision now, worked out once per position for all the
        connections of that seat (spectators are many, and a view is not free)."""
        key = (id(table), table.number, self.status)
        cached = self.told.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        view = dict(table.view(seat))
        pending = self._pending(seat) if self.status == PLAYING else None
        self.told[seat] = (key, view, pending)
        return view, pending

    def _pending(self, seat: int | None) -> dict[str, Any] | None:
        """Who decides now; the choices only to that seat (legal moves would tell its hand)."""
        assert self.table is not None
        to_act = self.table.to_act()
        if to_act is None:
            return None
        if seat != to_act:
            return {"seat": to_act, "choices": []}
        pending = self.table.pending()
        assert pending is not None
        choices = [{"notation": c.notation, "description": c.description} for c in pending.choices]
        return {"seat": to_act, "choices": choices}

    def result(self) -> dict[str, Any] | None:
        if self.table is None or not self.table.is_over():
            return None
        scores, winners = _result(self.table)
        return {"scores": scores, "winners": winners, "record_url": f"/t/{self.id}/record"}

    # -- bots and clocks --------------------------------------------------------------------------

    def start_driver(self) -> None:
        if self.driver is None and self.status in (WAITING, PLAYING):
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
        if self.data.zombie_timeout > 0 and seat.connections == 0 and seat.disconnected_since is not None:
            deadlines.append(seat.disconnected_since + self.data.zombie_timeout)
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
        """(seconds to wait, seat) for the next move a bot makes here, or None to wait for news."""
        table = self.table
        if table is None or self.status != PLAYING or self.broken:
            return None
        to_act = table.to_act()
        if to_act is None:
            return None
        seat = self.seats[to_act]
        now = time.monotonic()
        paced = max(0.0, self.last_move_at + self._pace() - now)
        if seat.kind != PERSON or seat.away:
            return paced, to_act
        deadlines = self._deadlines(seat)
        return (max(paced, min(deadlines) - now), to_act) if deadlines else None

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
                await self._bot_move(seat)
            except Exception:  # a bot's bug must not stop the table's clock for good
                log.exception("table %s: the bot for seat %d failed", self.id, seat + 1)
                await asyncio.sleep(1.0)
        self.driver = None

    async def _bot_move(self, seat: int) -> None:
        async with self.lock:
            table = self.table
            if table is None or self.status != PLAYING or table.to_act() != seat:
                return
            state = self.seats[seat]
            if state.kind == PERSON and not state.away:
                if not any(d <= time.monotonic() for d in self._deadlines(state)):
                    return
                state.away = True
                self._changed()
            number = table.number
            view, legal = table.view(seat), list(table.legal_moves())
            bot, rng = self._bot(seat), table.seat_rngs[seat]
        move = await asyncio.to_thread(bot.choose, view, legal, rng)
        async with self.lock:
            if self.table is not table or table.number != number or self.status != PLAYING:
                return  # the table moved on while the bot thought
            if state.kind == PERSON and not state.away:
                return  # the person came back and plays for themselves
            try:
                await self._accept(seat, move)
            except Refused as exc:
                log.error("table %s: the bot for seat %d was refused: %s", self.id, seat + 1, exc)

    def _bot(self, seat: int) -> Agent:
        state = self.seats[seat]
        level = state.level if state.kind == BOT and state.level else ZOMBIE_LEVEL
        key = (seat, level)
        if key not in self.bots:
            assert self.table is not None
            self.bots[key] = make_bot(level, self.table.game)
        return self.bots[key]


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
    if not isinstance(message, dict) or message.get("type") not in ("sync", "move"):
        return 'unknown message: send {"type": "sync", "since": N} or {"type": "move", "move": "<notation>"}'
    return message
