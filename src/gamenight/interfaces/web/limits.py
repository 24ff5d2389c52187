"""What one client may take from the server: the limits below the app, where a request is
still bytes on a socket, and the descriptor limit and cycle collector of the process.

uvicorn is run with h11 (httptools reads a header of any size whole) and a protocol of our
own on top of it, which refuses more connections from one address than `connections_per_address`
and closes a connection whose request headers have not all come within `header_timeout`.
A WebSocket keeps counting against its address after the upgrade: the count follows the
socket, not the protocol object.

The defaults are read by the command line without the web extra: uvicorn is imported only
where the server is made.
"""

from __future__ import annotations

import asyncio
import gc
import ipaddress
import resource
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from uvicorn.protocols.http.h11_impl import H11Protocol

DEFAULT_MAX_HEADER_BYTES = 64 * 1024
"""A request line and headers larger than this are refused with 400 before more is read
(browsers send a few KiB; nginx's default is 32 KiB)."""
DEFAULT_MAX_BODY_BYTES = 64 * 1024
"""Every form this server takes fits in a few KiB."""
DEFAULT_HEADER_TIMEOUT = 10.0
DEFAULT_CONNECTIONS_PER_ADDRESS = 64
"""A person has a page and a WebSocket per table open; a household shares one address."""
DESCRIPTORS_WANTED = 65536
DEFAULT_GC_YOUNG = 700
"""Objects the server allocates (net) between two young collections of the cycle collector
(Python's own default): with the middle generation collected every other young collection and
the oldest by the clock, every collection stays short (`tune_collector`)."""
GC_MIDDLE = 2
"""Young collections between two middle ones."""
GC_NEVER = 2**30
"""A threshold never reached: the oldest generation is collected by the clock, not by Python's rule."""
DEFAULT_GC_FULL_SECONDS = 600.0
DEFAULT_TABLES_PER_HOUR = 30
DEFAULT_BOT_TABLES_PER_ADDRESS = 4
DEFAULT_MIN_BOT_PACE = 0.25
DEFAULT_MIN_ZOMBIE_TIMEOUT = 10.0
DEFAULT_FULL_SYNC_SECONDS = 2.0
DEFAULT_HINT_SECONDS = 1.0
"""The hard bot's search for one hint: its own budget for a move."""
DEFAULT_HINTS_AT_ONCE = 2
"""Each hint being worked out holds a thread's CPU for its seconds."""


@dataclass(frozen=True)
class Limits:
    """The limits `gamenight serve` takes as options (README: Serving)."""

    max_header_bytes: int = DEFAULT_MAX_HEADER_BYTES
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    connections_per_address: int = DEFAULT_CONNECTIONS_PER_ADDRESS
    trusted_proxies: tuple[str, ...] = ()
    """Addresses (or networks) whose X-Forwarded-For and X-Forwarded-Proto are believed;
    their own connections are not capped, since every client behind them shares them."""
    tables_per_hour: int = DEFAULT_TABLES_PER_HOUR
    """Tables one client address may create in an hour (0: any number)."""
    bot_tables_per_address: int = DEFAULT_BOT_TABLES_PER_ADDRESS
    """Tables with a bot, not yet over, one client address may have made (0: any number)."""
    min_bot_pace: float = DEFAULT_MIN_BOT_PACE
    """The shortest pause between bot moves a client may ask for (the server's default may be less)."""
    min_zombie_timeout: float = DEFAULT_MIN_ZOMBIE_TIMEOUT
    """The shortest zombie timeout a client may ask for, other than 0 (never)."""
    full_sync_seconds: float = DEFAULT_FULL_SYNC_SECONDS
    """Seconds between two syncs from far back (a full state) on one WebSocket."""
    hint_seconds: float = DEFAULT_HINT_SECONDS
    """The search for one hint, in seconds of a thread's CPU."""
    hints_at_once: int = DEFAULT_HINTS_AT_ONCE
    """Hints worked out at once in the whole process (0: none is given)."""
    gc_full_seconds: float = DEFAULT_GC_FULL_SECONDS
    """Seconds between two full collections of the cycle collector, made by the server on its
    event loop (0: when Python's own rule says, as a script's are; `tune_collector`)."""
    ws_compression: bool = False
    """WebSocket messages compressed (permessage-deflate) when the browser offers it. Off by
    default: a table's messages are a few KiB of JSON, and compressing them cost the server
    more CPU and memory per connection than it saved in traffic (README: Serving)."""


def is_network(text: str) -> bool:
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        return False
    return True


def trusts(proxies: tuple[str, ...], address: str | None) -> bool:
    if address is None:
        return False
    if "*" in proxies or address in proxies:  # a literal (a Unix socket's name, a test client's)
        return True
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(proxy, strict=False) for proxy in proxies if is_network(proxy))


class Quotas:
    """What each client address has started lately: tables made in the last hour, and the
    tables with bots it made (kept here, in the process: a restart forgets them, which only
    errs on the client's side). `TooMany` says which limit was reached."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.made: defaultdict[str, deque[float]] = defaultdict(deque)
        self.bot_tables: defaultdict[str, list[str]] = defaultdict(list)

    def check(self, address: str, with_bots: bool, still_playing: Callable[[str], bool]) -> None:
        """TooMany if `address` may not make another table now; `still_playing(id)`: whether
        a table it made is not over yet."""
        if trusts(self.limits.trusted_proxies, address):
            return  # a proxy that forwards no address: its clients cannot be told apart
        made = self.made[address]
        hour_ago = time.monotonic() - 3600
        while made and made[0] < hour_ago:
            made.popleft()
        if self.limits.tables_per_hour and len(made) >= self.limits.tables_per_hour:
            wait = int(made[0] - hour_ago) // 60 + 1
            raise TooMany(
                f"you have made {len(made)} tables in the last hour, the most this server allows: "
                f"try again in {wait} minute{'s' if wait > 1 else ''}",
                retry_after=wait * 60,
            )
        if with_bots and self.limits.bot_tables_per_address:
            playing = [t for t in self.bot_tables[address] if still_playing(t)]
            self.bot_tables[address] = playing
            if len(playing) >= self.limits.bot_tables_per_address:
                raise TooMany(
                    f"you already have {len(playing)} tables with bots waiting or playing, the most this "
                    "server allows: finish or end one first",
                    retry_after=60,
                )

    def made_table(self, address: str, table_id: str, with_bots: bool) -> None:
        self.made[address].append(time.monotonic())
        if with_bots:
            self.bot_tables[address].append(table_id)


class TooMany(Exception):
    """A limit on what one client may start was reached: the message says which, and when."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Seconds until it may be tried again (the Retry-After header)."""


REFUSED_CONNECTION = (
    b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"retry-after: 10\r\nconnection: close\r\ncontent-length: 48\r\n\r\n"
    b"too many connections from your address at once\n"
)


def protocol(limits: Limits) -> type[H11Protocol]:
    """uvicorn's h11 protocol, with the connection limits of `limits`: one class per server,
    sharing the count of open sockets by client address."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    open_sockets: defaultdict[str, set[asyncio.BaseTransport]] = defaultdict(set)

    class LimitedH11Protocol(H11Protocol):
        header_deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else None
            if address is not None and not trusts(limits.trusted_proxies, address):
                sockets = open_sockets[address]
                if len(sockets) >= limits.connections_per_address:
                    # Closing sockets do not count. Swept only at the cap: a sweep walks every
                    # socket of the address, and behind a shared address (or the load harness's
                    # 3,000 people) that was 2% of the server's CPU at every connection.
                    sockets.difference_update([t for t in sockets if t.is_closing()])
                    if len(sockets) >= limits.connections_per_address:
                        transport.write(REFUSED_CONNECTION)
                        transport.close()
                        return
                sockets.add(transport)
            self.arm_header_deadline()

        def connection_lost(self, exc: Exception | None) -> None:
            self.disarm_header_deadline()
            address = self.client[0] if self.client else None
            if address is not None and address in open_sockets:
                open_sockets[address].discard(self.transport)
                if not open_sockets[address]:
                    del open_sockets[address]
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE:  # the request's headers are in
                self.disarm_header_deadline()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self.arm_header_deadline()  # the next request on this connection has as long

        def arm_header_deadline(self) -> None:
            self.disarm_header_deadline()
            self.header_deadline = self.loop.call_later(limits.header_timeout, self.headers_too_slow)

        def disarm_header_deadline(self) -> None:
            if self.header_deadline is not None:
                self.header_deadline.cancel()
                self.header_deadline = None

        def headers_too_slow(self) -> None:
            self.header_deadline = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return LimitedH11Protocol


def uvicorn_options(limits: Limits) -> dict[str, Any]:
    """uvicorn.run's keywords for `limits` (the app's own limits are create_app's)."""
    return {
        "http": protocol(limits),
        "h11_max_incomplete_event_size": limits.max_header_bytes,
        # Forwarded headers are read by the app (app.py), from the trusted proxies alone.
        "proxy_headers": False,
        "server_header": False,
        # A frame over 64 KiB is refused before it is read whole (uvicorn's default is 16 MiB); up
        # to that, a message longer than the server's limit gets an error saying so (live.MAX_MESSAGE).
        "ws_max_size": 64 * 1024,
        "ws_per_message_deflate": limits.ws_compression,
    }


def tune_collector(young: int = DEFAULT_GC_YOUNG, full_seconds: float = DEFAULT_GC_FULL_SECONDS) -> None:
    """Set the cycle collector for a server that holds many tables, so that no collection
    makes every table wait long (benchmarks/README.md, *The cycle collector's pauses* and
    *Short collections*).

    - What is loaded when the server starts (modules, classes, the app) lives as long as the
      process: frozen, no collection walks it again.
    - A young collection walks what was made since the last one and is still alive, and a
      middle one what outlived the young ones since the last middle one. Python counts the
      young generation's allocations net of the objects freed, old ones included, so while a
      server frees old objects as fast as it makes new ones the count hardly grows and the
      young generation does: at 1,000 tables with the count at 10,000, it held two or three
      seconds of waiting sockets and moves, 60,000 objects and 40-70 ms a walk. With
      Python's 700 and a middle collection every other young one, each walks a fifth of a
      second or less of them, a few milliseconds.
    - Past the middle generation, Python's rule walks every object of every table (hundreds of
      milliseconds at 1,000 tables) whenever those promoted since the last full walk reach a
      quarter of them, which objects that wait a few seconds (a socket's next message) soon
      are. So the oldest generation is walked by the clock instead, every `full_seconds`
      (`collect_fully`), for the garbage that became so only after it grew old (few
      objects: in a steady state the young collections find none). `full_seconds` 0 leaves
      the middle and oldest generations to Python's rule."""
    gc.collect()
    gc.freeze()
    if full_seconds > 0:
        gc.set_threshold(young, GC_MIDDLE, GC_NEVER)
    else:
        gc.set_threshold(young, 10, 10)


async def collect_fully(every: float) -> None:
    """Walk every generation every `every` seconds (`tune_collector`): on the event loop,
    where the finalizers of sockets and tasks expect to run."""
    while True:
        await asyncio.sleep(every)
        gc.collect()


def raise_descriptor_limit(wanted: int = DESCRIPTORS_WANTED) -> tuple[int, int]:
    """Raise the process's soft limit on open files toward its hard limit (most systems start
    a process at 1,024, far below what a server with many WebSockets needs). (before, after)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return soft, target
    return soft, soft
