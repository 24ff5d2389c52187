"""A throwaway PostgreSQL server for the tests: its own cluster in a temporary folder, started
with the machine's server binaries (`initdb`, `pg_ctl`), reached over a Unix socket in that
folder (no port is opened to the network), and stopped and removed afterwards.

The server refuses to run as root, and CI runs as root: then the cluster belongs to the
unprivileged user `nobody`, and every server command runs as that user.

    with throwaway_postgres() as url:   # postgresql+psycopg://gamenight@/gamenight?host=...
        ...

`postgres_url` (session-scoped, in tests/conftest.py) starts one server for the test session.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SERVER_USER = "nobody"  # when the tests run as root
DATABASE = "gamenight"
ROLE = "gamenight"


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server binaries on this machine (.ci/run installs them)."""


def server_bin() -> Path:
    """The folder of `pg_ctl` and `initdb`: on the PATH, or Debian's versioned folder."""
    found = shutil.which("pg_ctl")
    if found is not None:
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    if not versions:
        raise PostgresUnavailable("no PostgreSQL server binaries (pg_ctl): install postgresql")
    return versions[-1].parent


def _as_server_user() -> tuple[int, int] | None:
    """The user and group that root drops to for the server; None for anyone else."""
    if os.geteuid() != 0:
        return None
    entry = pwd.getpwnam(SERVER_USER)
    return entry.pw_uid, entry.pw_gid


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A running server with an empty database; its SQLAlchemy URL. Stopped (immediately, as a
    crash would) and its folder removed on leaving."""
    bin_dir = server_bin()
    drop = _as_server_user()
    root = Path(tempfile.mkdtemp(prefix="gamenight-pg-"))
    if drop is not None:
        os.chown(root, *drop)
    user, group = drop if drop is not None else (None, None)
    data, socket_dir, log = root / "data", root, root / "server.log"
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}

    def run(*args: str) -> None:
        done = subprocess.run(
            args, capture_output=True, text=True, env=env, cwd=root, check=False, user=user, group=group
        )
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {done.stderr or done.stdout}")

    try:
        run(str(bin_dir / "initdb"), "-D", str(data), "-U", ROLE, "--auth=trust", "-E", "UTF8", "--no-sync")
        # No TCP at all: the socket in the cluster's own folder is the only way in. fsync off:
        # a test server need not survive a power cut, and it is much faster.
        options = f"-c listen_addresses='' -k {socket_dir} -c fsync=off -c full_page_writes=off"
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "start")
        try:
            run(str(bin_dir / "createdb"), "-h", str(socket_dir), "-U", ROLE, DATABASE)
            yield f"postgresql+psycopg://{ROLE}@/{DATABASE}?host={socket_dir}"
        finally:
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def fresh_database(url: str, name: str) -> str:
    """A new, empty database `name` on the server of `url` (dropped first if a test before
    left it); its URL. For tests that need a database nobody else writes to."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False)
