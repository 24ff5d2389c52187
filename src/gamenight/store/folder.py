"""The data folder of a SQLite store: private to its owner, and one server process's at a time.

The database holds the key that signs every seat's cookie, so the folder is made 0700 and the
database 0600 (SQLite gives its -wal and -shm files the database file's mode). A lock file
held for the process's life refuses a second `gamenight serve` on the same folder: the store's
guards keep the games whole either way, but two processes would each run the same tables' bots
and clocks, and the second's people would see the first's moves only after a reload.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

DATABASE = "gamenight.db"
LOCK = "gamenight.lock"


class FolderInUse(Exception):
    """Another process serves from this folder: the message says so, for the person to read."""


def private_database(data_dir: Path) -> Path:
    """The folder (made 0700 if missing) and its database file, created 0600 if missing and
    made 0600 if not; OSError if the folder cannot be made or written."""
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    database = data_dir / DATABASE
    os.close(os.open(database, os.O_RDWR | os.O_CREAT, 0o600))
    for path in (database, data_dir / f"{DATABASE}-wal", data_dir / f"{DATABASE}-shm"):
        if path.exists() and path.stat().st_mode & 0o077:
            path.chmod(0o600)
    return database


def lock_folder(data_dir: Path) -> IO[str]:
    """Hold the folder's lock file (the caller keeps the returned file open as long as it
    serves); FolderInUse if another process holds it, OSError if it cannot be written."""
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    handle = os.open(data_dir / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    lock = os.fdopen(handle, "r+")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = lock.read().strip()
        lock.close()
        raise FolderInUse(
            f"another gamenight serve (process {holder or '?'}) is serving from {data_dir}: "
            "stop it first, or give this one another --data folder"
        ) from None
    lock.seek(0)
    lock.truncate()
    lock.write(f"{os.getpid()}\n")
    lock.flush()
    return lock
