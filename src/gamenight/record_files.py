"""Record files: reading one, writing one whole, and keeping one step by step as a game is played.

The engine turns a Record into text and back (`Record.parse`, `dumps`, the journal's lines)
and touches no file; every record file is read and written here, by the command line
(`play --save`, `replay`) and by the arena (`--records`) alike. It imports only the engine,
so both can use it.

A record is always written whole or not at all: a temporary file in the same folder,
renamed over the target, so a reader never finds half a record.

`--save` is checked before the first move: a folder, a device or a file that is there
already (without `--force`) is refused, and the record's first line is written then, so
a folder that cannot be written is found at once. Each step is then appended as one line
(a journal: see engine/record.py); appending costs the same at every step, where
rewriting the whole record would grow with the game (a long Fireball Island game: 1.3 s
of appends against 90 s of rewrites, measured). When the game stops, the whole record
replaces the journal in one atomic rename. A game killed on the way leaves the journal,
which `gamenight replay` reads as an unfinished game.
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from gamenight.engine.errors import ConfigError, RecordError
from gamenight.engine.record import MAX_RECORD_BYTES, Record, Step


def read_record(path: str | Path) -> Record:
    """The record or journal in the file at `path`; RecordError naming the file and what is wrong."""
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)  # a bounded read: /dev/zero ends here too
    except OSError as exc:
        raise RecordError(f"cannot read record {path}: {exc.strerror or exc}") from None
    try:
        return Record.parse(raw)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def write_record(path: str | Path, record: Record, *, sync: bool = True) -> None:
    """The whole record at `path`, atomically (see `write_atomic`)."""
    write_atomic(Path(path), record.dumps() + "\n", sync=sync)


@contextlib.contextmanager
def uninterrupted() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block is done: a result is written to every file and
    counted, or not at all, so a stopped run says how many games its files hold, truly.

    A signal that arrives meanwhile is noted, then raised again as the block ends, to be
    handled as it would have been. (Masking the signals in this thread was tried and let the
    count fall short once other threads ran, a progress bar's or a process pool's: the kernel
    may hand a process's signal to any thread that does not mask it, and Python runs the
    handler in the main thread all the same. Handlers hold it whichever thread receives it.)
    Only the main thread may set handlers; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    previous = [signal.signal(signum, lambda signum, frame: arrived.append(signum)) for signum in held]
    try:
        yield
    finally:
        for signum, handler in zip(held, previous, strict=True):
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
        if arrived:
            signal.raise_signal(arrived[0])


def check_target(path: Path, *, force: bool) -> None:
    """ConfigError if `path` may not receive a record: a missing folder, something that is not
    a file, or a file already there unless `force`; or a path the system refuses (a name too long)."""
    try:
        _check_target(path, force=force)
    except OSError as exc:
        raise ConfigError(f"--save {path}: {exc.strerror or exc}") from None


def _check_target(path: Path, *, force: bool) -> None:
    if not path.parent.is_dir():
        raise ConfigError(f"--save {path}: the folder {path.parent} does not exist")
    if path.is_dir():
        raise ConfigError(f"--save {path}: that is a folder; give a file name")
    if path.exists() or path.is_symlink():
        if not path.is_file():
            raise ConfigError(f"--save {path}: that is not a regular file")
        if not force:
            raise ConfigError(f"--save {path}: the file exists; give --force to overwrite it")


def write_atomic(path: Path, text: str, *, sync: bool = True) -> None:
    """Replace `path` with `text` whole or not at all: a temporary file in the same folder,
    synced, then renamed over it. A failure leaves the old file as it was.

    Without `sync` the rename is as atomic for every other process (a killed writer leaves the
    old file or the new one), but a power cut may lose the text."""
    handle = _temporary(path)
    try:
        with handle:
            handle.write(text)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        os.replace(handle.name, path)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise


def _temporary(path: Path) -> IO[str]:
    """A new file beside `path` (a rename is atomic only within one file system), closed by the caller."""
    # Its name is `path`'s cut short: a name near the system's limit (255 bytes) is still a record's.
    prefix = f".{path.name[:100]}."
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - returned open, closed by the caller
        "w", encoding="utf-8", newline="\n", dir=path.parent, prefix=prefix, suffix=".tmp", delete=False
    )
    # A temporary file is private (0600); the record gets the mode any new file would.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(handle.name, 0o666 & ~umask)
    return handle


class RecordFile:
    """The record of a game being played, kept at `path` step by step."""

    def __init__(self, path: Path, record: Record, *, force: bool = False) -> None:
        check_target(path, force=force)
        self.path = path
        self._journal: IO[str] | None = None
        self._start(record)

    def rewrite(self, record: Record) -> None:
        """The journal written again from `record`, whole (atomically): after a move is taken
        back, the file must not keep it."""
        self.close()
        self._start(record)

    def _start(self, record: Record) -> None:
        path = self.path
        handle = _temporary(path)
        try:
            handle.write(record.journal_header())
            for step in record.steps:  # a resumed game's steps so far
                handle.write(Record.journal_line(step))
            handle.flush()
            os.fsync(handle.fileno())
            os.replace(handle.name, path)  # the old file stays until the new one is there
        except BaseException:
            handle.close()
            Path(handle.name).unlink(missing_ok=True)
            raise
        self._journal = handle  # still open: the renamed file is appended to
        self.steps = len(record.steps)

    def append(self, step: Step) -> None:
        """One more step, on disk before the next one is played (flushed: a killed process
        loses nothing that was written)."""
        assert self._journal is not None
        try:
            self._journal.write(Record.journal_line(step))
            self._journal.flush()
        except OSError:
            # The line cannot be written (a full disk): give the journal up now, or its close at
            # exit tries the same write again and prints a traceback after the caller's message.
            with contextlib.suppress(OSError):
                self.close()
            raise
        self.steps += 1

    def finish(self, record: Record) -> None:
        """The whole record in place of the journal (atomically), for any reader of JSON."""
        self.close()
        write_record(self.path, record)

    def close(self) -> None:
        journal, self._journal = self._journal, None
        if journal is not None:
            journal.close()
