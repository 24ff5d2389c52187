"""What a server with many stored games in play costs to start and to keep (issue 29, item 9):
N tables, each a Wildfire game some moves in, written straight to a SQLite database, then
`gamenight serve` started on a copy of it. Reported, as JSON, for this checkout and for a
baseline checkout's src/ (--baseline, e.g. the main checkout before the change) in the same run:

- seconds from the process's start to its first answer (the lobby), and to the end of its
  startup's resuming (its log's "resumed N tables"),
- its resident memory then, against the same server started on an empty database.

The kinds of table (--kind, each N tables):

- `people`: four people, no timers: nothing can happen until one of them comes back;
- `bots`: two people and two medium bots, no timers, a person to move: the bots wait for them;
- `zombie`: as `bots` with a 60 s zombie timeout: a bot will play for the person, so the game
  goes on with nobody there and must be resumed.

    .venv/bin/python benchmarks/stored_tables.py --tables 1500 --baseline ../main/src
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.store.database import BOT, PERSON, Store, sqlite_url
from serving import free_port, start_server

OPTIONS = {"players": 4, "rounds": 3}
KINDS = {
    "people": ([PERSON] * 4, 0.0),
    "bots": ([PERSON, PERSON, BOT, BOT], 0.0),
    "zombie": ([PERSON, PERSON, BOT, BOT], 60.0),
}


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def store_tables(folder: Path, kind: str, count: int, moves: int) -> None:
    """`count` tables of `kind`, each `moves` decisions or more in, a person to move."""
    store = Store(sqlite_url(folder))
    store.migrate()
    kinds, zombie = KINDS.get(kind, KINDS["people"])
    game = make_game("wildfire", OPTIONS)
    for index in range(count):
        names = [f"P{seat + 1}" if k == PERSON else "Medium bot" for seat, k in enumerate(kinds)]
        data = store.create_table(
            game="wildfire",
            options=OPTIONS,
            title=f"{kind} {index}",
            public=False,
            seats=[(k, "medium" if k == BOT else None, n) for k, n in zip(kinds, names, strict=True)],
            bot_pace=0.8,
            zombie_timeout=zombie,
            turn_timer=None,
        )
        table = Table(game, names, seed=index, windows=True)
        rng = random.Random(index)
        made = 0
        while made < moves or kinds[table.to_act() or 0] != PERSON:
            seat = table.to_act()
            pending = None if seat is None else table.pending_for(seat)
            if seat is None or pending is None:
                break
            table.submit(seat, rng.choice(pending.choices).move)
            made += 1
        store.start(data.id, table.record)
    store.close()


def started(folder: Path, source: Path | None, stored: bool) -> dict[str, Any]:
    """Serve `folder`'s database; the times to the first answer and to the resume's end (when
    tables are `stored`: an empty database's server says nothing of it), and memory."""
    port = free_port()
    begun = time.monotonic()
    server = start_server(folder, port, source=source)
    answered = time.monotonic() - begun
    log = folder / "server.log"
    try:
        deadline = time.monotonic() + 600
        while stored and "resumed" not in log.read_text() and time.monotonic() < deadline:
            if server.poll() is not None:
                raise SystemExit("the server died: " + log.read_text()[-2000:])
            time.sleep(0.05)
        resumed = time.monotonic() - begun
        time.sleep(1.0)  # tables let go at once are gone: what stays is what the server keeps
        return {"first_answer_s": round(answered, 2), "resumed_s": round(resumed, 2), "rss_kib": rss_kib(server.pid)}
    finally:
        server.kill()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--moves", type=int, default=30, help="decisions played in each stored game, at least")
    parser.add_argument("--kind", nargs="+", choices=sorted(KINDS), default=["people", "bots", "zombie"])
    parser.add_argument("--baseline", type=Path, help="another checkout's src/ to start instead, for comparison")
    args = parser.parse_args()
    contenders: dict[str, Path | None] = {"this checkout": None}
    if args.baseline is not None:
        contenders["baseline"] = args.baseline.resolve()
    report: dict[str, Any] = {"tables": args.tables, "moves": args.moves}
    with tempfile.TemporaryDirectory(prefix="gamenight-stored-") as temporary:
        root = Path(temporary)
        for kind in ["empty", *args.kind]:
            made = root / kind / "made"
            made.mkdir(parents=True)
            store_tables(made, kind, 0 if kind == "empty" else args.tables, args.moves)
            for name, source in contenders.items():
                folder = root / kind / name.replace(" ", "-")
                shutil.copytree(made, folder)
                report.setdefault(name, {})[kind] = started(folder, source, kind != "empty")
                print(name, kind, report[name][kind], flush=True)
    for name in contenders:
        empty = report[name]["empty"]["rss_kib"]
        for kind in args.kind:
            report[name][kind]["mib_over_empty"] = round((report[name][kind]["rss_kib"] - empty) / 1024, 1)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
