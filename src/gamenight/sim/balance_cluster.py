"""Games on a Dask cluster: an executor from a running scheduler (the `[cluster]` extra).

Dask's distributed scheduler does the sending, the retries and the bookkeeping; the games go
to it through `Client.get_executor()`, a concurrent.futures.Executor, so `run_balance` plays
them there exactly as in a local pool. Every worker needs gamenight installed (the same
version: the chunks name `gamenight.sim.balance.play_chunk`). Start the scheduler and
workers as the README says (`dask scheduler`, `dask worker tcp://HOST:8786 --nthreads 1`):
one thread per worker process, since a game holds the GIL.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from gamenight.engine.errors import ConfigError

CONNECT_SECONDS = 20


@dataclass(frozen=True)
class Cluster:
    executor: Executor
    workers: int
    """Threads across the cluster's workers when it was joined: the games played at once."""
    address: str
    alive: Callable[[], int]
    """How many workers the scheduler has now (run_balance stops when none are left)."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ConfigError("--cluster needs Dask's distributed scheduler: pip install 'gamenight[cluster]'") from None
    return distributed


@contextlib.contextmanager
def join_cluster(address: str, timeout: float = CONNECT_SECONDS) -> Iterator[Cluster]:
    """An executor on the Dask scheduler at `address` (tcp://HOST:8786), for as long as the
    `with` lasts; ConfigError if there is none to join or it has no workers."""
    distributed = _distributed()
    try:
        client = distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ConfigError(f"--cluster {address}: no Dask scheduler answers there ({exc})") from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            raise ConfigError(f"--cluster {address}: the scheduler has no workers") from None
        threads = sum(client.nthreads().values())
        # pure=False: two chunks are never one task, whatever their arguments.
        executor = client.get_executor(pure=False)
        yield Cluster(executor, max(1, threads), address, lambda: len(client.nthreads()))
    finally:
        client.close()
