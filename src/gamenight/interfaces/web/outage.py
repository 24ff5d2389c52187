"""Storage faults, said once: when the database stops answering (a full disk, PostgreSQL
down, the SQLite file deleted), pages answer 503 with Retry-After, and the log gets one line
when the outage begins and one when the database answers again, not a traceback a request.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import psycopg
from sqlalchemy import event
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from gamenight.store.database import Store, Vanished

STORAGE_FAULTS = (OperationalError, InterfaceError, PoolTimeout, Vanished, psycopg.OperationalError)
"""SQLAlchemy's for the store, psycopg's for the cluster's own connection (store/cluster.py)."""
RETRY_AFTER = 5
"""Seconds a page tells the browser to wait before asking again."""
log = logging.getLogger("gamenight.interfaces.web")


def is_storage_fault(exc: BaseException) -> bool:
    return isinstance(exc, STORAGE_FAULTS)


def summary(exc: BaseException) -> str:
    """The fault's first line, without SQLAlchemy's statement and link."""
    original = getattr(exc, "orig", None) or exc
    return (str(original).strip().splitlines() or [type(original).__name__])[0][:200]


class Outage:
    """Whether storage is failing now, told to the log once each way. The database threads and
    the event loop both report to it."""

    def __init__(self, store: Store) -> None:
        self.since: float | None = None
        self.lock = threading.Lock()

        @event.listens_for(store.engine, "handle_error")
        def failed(context: Any) -> None:
            if isinstance(context.sqlalchemy_exception, STORAGE_FAULTS):
                self.failed(context.sqlalchemy_exception)

        @event.listens_for(store.engine, "after_cursor_execute")
        def answered(*_: Any) -> None:
            # A vanished SQLite file still answers reads (the process holds it open): not back yet.
            if self.since is not None and (store.file is None or store.file.exists()):
                self.answered()

    def report(self, exc: BaseException, what: str) -> None:
        """A failure in the server's own work (not a request's): a storage fault is the
        outage's one line; anything else is a bug, logged with its traceback."""
        if is_storage_fault(exc):
            self.failed(exc)
        else:
            log.error("%s", what, exc_info=exc)

    def failed(self, exc: BaseException) -> None:
        with self.lock:
            if self.since is not None:
                return
            self.since = time.monotonic()
        log.error("storage unavailable: %s (pages answer 503 until it is back)", summary(exc))

    def answered(self) -> None:
        with self.lock:
            if self.since is None:
                return
            seconds, self.since = time.monotonic() - self.since, None
        log.warning("storage is back after %.0f s", seconds)
