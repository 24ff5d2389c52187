"""What a sync from the start costs the server, per socket (issue 29, item 8): a long game's
events told to a spectator, as the state message's text. Baseline: every sync puts every
event in the spectators' words and encodes it again (`Table.events_for`, then `json.dumps`,
as live.py did); now: web/history.py keeps each event's text per audience, and a sync from the
start at an event number already told is the kept text. Both contenders send the same text
(checked); each is timed over many syncs at one event number, and over syncs that each follow
one new event (as when every move brings a reload).

    .venv/bin/python benchmarks/full_syncs.py --rounds 3 --syncs 400
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from collections.abc import Callable
from typing import Any

from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.interfaces.web.history import History, encode_state


def long_game(rounds: int, seed: int) -> Table:
    game = make_game("wildfire", {"players": 4, "rounds": rounds})
    table = Table(game, ["A", "B", "C", "D"], seed=seed, windows=True)
    rng = random.Random(seed)
    while not table.is_over():
        seat = table.to_act()
        pending = None if seat is None else table.pending_for(seat)
        assert seat is not None and pending is not None
        table.submit(seat, rng.choice(pending.choices).move)
    return table


HEAD: dict[str, Any] = {"type": "state", "seat": None, "since": 0}


def before(table: Table, until: int) -> str:
    return json.dumps({**HEAD, "events": table.events_for(None, 0, until), "last": until})


def after(history: History, table: Table, until: int) -> str:
    return encode_state({**HEAD, "events": history.array(table, None, 0, until), "last": until})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--syncs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table = long_game(args.rounds, args.seed)
    length = table.number
    assert json.loads(before(table, length)) == json.loads(after(History(), table, length))
    contenders: dict[str, Callable[[], Callable[[int], str]]] = {
        "baseline": lambda: functools.partial(before, table),
        "history": lambda: functools.partial(after, History(), table),
    }
    report: dict[str, Any] = {"events": length, "syncs": args.syncs}
    for name, fresh in contenders.items():
        sync = fresh()
        began = time.perf_counter()
        for _ in range(args.syncs):
            sync(length)
        same = (time.perf_counter() - began) / args.syncs
        sync = fresh()
        numbers = [length - args.syncs // 4 + i for i in range(args.syncs // 4)]
        sync(numbers[0] - 1)  # the events before: told once already, as on a live table
        began = time.perf_counter()
        for n in numbers:
            for _ in range(4):  # four sockets at each event number
                sync(n)
        moving = (time.perf_counter() - began) / (4 * len(numbers))
        report[name] = {"ms_per_sync_same_event": round(same * 1000, 3), "ms_per_sync_moving": round(moving * 1000, 3)}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
