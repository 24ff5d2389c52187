"""A leak checker for online tables: play whole seeded games through the server with people
(scripted WebSocket clients) and bots, record every message every connection receives, and
check each against everything its seat may not know at that moment.

The moment of a state message is its `last` event: the view, the pending choices and the
events are worked out under the table's lock at that number. After the game, the record is
replayed from the seed (a `Table` of our own, the chance steps drawn again) and, at every
event number a message names, the checker knows the truth:

- every seat's hand (`view(seat)["hand"]`), hence the other hands;
- the identity of every hidden draw so far (an event with owners) and of every one to come
  (the pile's contents, in the order they will be drawn: the next chance outcome first);
- the seed;
- whether a card window stood open with some of its answers played: nobody may be told of it
  then, since who passed, and when, tells of their hands (a message names the window's start).

A seat may know: its own hand, what its own events say (its draws), and what the spectator
is told (the public view and log). A message leaks if it names, as a whole word, a tile or
card in the hidden set that the seat may not know; or the seed, anywhere, before the end.
Two kinds of text name tiles without telling a hand, as in tests/web/test_views.py: the
inference fields (`absent`, `passed_over`: tiles a seat showed it does not hold) and
Wildstar's declared value of a played star ("plays a single star as 1-0"). A seat's own
pending choices are checked whole instead: exactly the table's choices, only to the seat to
act.

The page HTML and the record download are checked too while the game is on: no hidden tile,
no seed, and the record refused (403).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.engine.protocol import CHANCE
from gamenight.engine.record import Record
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table

from .support import SHORT, create_table, invite_path, join, start

INFERENCES = ("absent", "passed_over")
DECLARED = re.compile(r"\bstar as \d-\d")


def leaves(value: Any) -> Iterable[Any]:
    """Every value inside a message that is neither a dict nor a list, depth first."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            yield from leaves(item)
    else:
        yield value


def strings(value: Any) -> Iterable[str]:
    return (leaf for leaf in leaves(value) if isinstance(leaf, str))


def numbers(value: Any) -> Iterable[int]:
    return (leaf for leaf in leaves(value) if isinstance(leaf, int) and not isinstance(leaf, bool))


def words(names: Iterable[str]) -> re.Pattern[str] | None:
    names = sorted(set(names), key=len, reverse=True)
    if not names:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in names) + r")(?![\w-])")


@dataclass
class Truth:
    """What was so at one event number, replayed from the record."""

    hands: list[list[str]]
    hidden_draws: list[tuple[frozenset[int], str]]  # (owners, identity) of every hidden chance step so far
    to_act: int | None
    choices: dict[int, list[str]]  # each seat asked now (every seat a card window asks): its choices
    mid_window: bool  # a card window open with some of its answers played
    public: str  # everything a spectator is told at that number: its view and the whole log


@dataclass
class Leak:
    who: str
    seat: int | None
    number: int
    what: str
    where: str


@dataclass
class Checked:
    messages: int = 0
    pages: int = 0
    round_ends: int = 0
    """State messages that showed a round's end before the game's (the table paused there)."""
    leaks: list[Leak] = field(default_factory=list)


class Replay:
    """The record, replayed: the truth at every decision point, and the draws to come."""

    def __init__(self, record: Record) -> None:
        game = make_game(record.game, record.options)
        # Paused at each round's end, as the server's table is: a state may be sent there.
        table = Table(game, record.seats, seed=record.seed, windows=True, pauses=True)
        self.seed = record.seed
        self.truths: dict[int, Truth] = {}
        self._snapshot(table)
        for index, step in enumerate(record.steps):
            if index < table.number:
                continue  # a chance step the table played by itself
            if table.paused:
                table.deal_on()
                self._snapshot(table)
                continue
            assert step.seat != CHANCE, f"step {index + 1}: a chance step the table did not play"
            table.submit(step.seat, step.text)
            self._snapshot(table)
        assert [(s.seat, s.text) for s in table.record.steps] == [(s.seat, s.text) for s in record.steps], (
            "the stored game is not the one its seed deals: chance was not what it would have been"
        )
        self.events = table.events
        self.players = len(record.seats)

    def _snapshot(self, table: Table) -> None:
        players = table.state.num_players
        hands = [list(table.view(s).get("hand") or []) for s in range(players)]
        hidden = [(e.owners, e.text) for e in table.events if e.owners]
        choices = {}
        for seat in table.asked():
            pending = table.pending_for(seat)
            choices[seat] = [c.notation for c in pending.choices] if pending else []
        public_view = {k: v for k, v in dict(table.view(None)).items() if k not in INFERENCES}
        # At a round's end its leftover tiles lie face up (the rules): exactly the table's own.
        ended = table.round_end if table.paused else None
        public = "\n".join([*strings(public_view), *strings(table.events_for(None, 0)), *strings(ended)])
        self.truths[table.number] = Truth(
            hands,
            hidden,
            table.to_act(),
            choices,
            table.window is not None and table.window.answered > 0,
            public,
        )

    def secrets(self, seat: int | None, number: int) -> set[str]:
        """The tiles and cards `seat` may not know at `number`: the other hands, the others' hidden
        draws so far, every hidden draw to come (the pile), less what it may know."""
        truth = self.truths[number]
        others = {tile for s, hand in enumerate(truth.hands) if s != seat for tile in hand}
        drawn = {text for owners, text in truth.hidden_draws if seat not in owners}
        future = {e.text for e in self.events[number:] if e.owners}
        secret = others | drawn | future
        mine = set(truth.hands[seat]) if seat is not None else set()
        mine |= {text for owners, text in truth.hidden_draws if seat in owners}
        allowed = words(secret)
        public = set(allowed.findall(truth.public)) if allowed else set()
        return secret - mine - public


def answered(state: dict[str, Any]) -> bool:
    """Our answer to a card window is held until the window closes."""
    window = (state.get("pending") or {}).get("window")
    return bool(window and window["answered"])


def due(replay: Replay, seat: int | None, n: int) -> dict[str, Any] | None:
    """Event `n` as `seat` may be told it, worked out here from the replayed event's owners."""
    if not 0 < n <= len(replay.events):
        return None
    event = replay.events[n - 1]
    sees = not event.owners or seat in event.owners
    return {
        "n": n,
        "seat": None if event.seat == CHANCE else event.seat,
        "notation": event.text if sees else None,
        "text": event.private if sees else event.public,
    }


def told(message: dict[str, Any], replay: Replay, seat: int | None) -> dict[str, Any]:
    """The parts of a state message that must not name a secret (see the module's note). An
    event exactly as this seat may be told it is passed over: a card's words may name another
    card ("MAGIC TALISMAN STOPS A FIREBALL!"), which tells nobody's hand."""
    view = message.get("view")
    if isinstance(view, dict):
        view = {k: v for k, v in view.items() if k not in INFERENCES}
    events = [
        {**e, "text": DECLARED.sub("star as ?", e["text"] or "")}
        for e in message.get("events") or []
        if e != due(replay, seat, e.get("n", 0))
    ]
    pending = message.get("pending")
    if isinstance(pending, dict):
        pending = {**pending, "choices": []}
    return {**message, "view": view, "events": events, "pending": pending}


def check_messages(
    replay: Replay, who: str, seat: int | None, messages: Sequence[dict[str, Any]], checked: Checked
) -> None:
    cache: dict[int, re.Pattern[str] | None] = {}
    for message in messages:
        checked.messages += 1
        if message.get("type") != "state":
            continue
        number = message["last"]
        over = message.get("result") is not None
        checked.round_ends += message.get("round_end") is not None and not over
        if number not in replay.truths:
            checked.leaks.append(Leak(who, seat, number, "a state at no decision point", "last"))
            continue
        if number not in cache:
            cache[number] = words(replay.secrets(seat, number))
        pattern = cache[number]
        text = "\n".join(strings(told(message, replay, seat)))
        if pattern is not None and not over:
            for found in sorted(set(pattern.findall(text))):
                line = next(s for s in strings(told(message, replay, seat)) if pattern.search(s) and found in s)
                checked.leaks.append(Leak(who, seat, number, found, line[:200]))
        if not over and (replay.seed in set(numbers(message)) or str(replay.seed) in text):
            checked.leaks.append(Leak(who, seat, number, "the seed", "somewhere"))
        truth = replay.truths[number]
        if truth.mid_window:
            checked.leaks.append(Leak(who, seat, number, "a card window told before it closed", "last"))
        choices = [c["notation"] for c in (message.get("pending") or {}).get("choices", [])]
        # A seat is shown its own choices, or none (it answered, or auto-pass answers for it).
        expected = truth.choices.get(seat, []) if seat is not None and not over else []
        if choices and choices != expected:
            checked.leaks.append(Leak(who, seat, number, "choices not the table's for this seat", str(choices)[:200]))


def check_page(replay: Replay, who: str, page: str, number: int, checked: Checked, before: str = "") -> None:
    """A page fetched while the table stood at `number`: no tile of any hand, none to come, no
    seed. `before`: the page before the deal, whose words (the rules: "the 0-0 30") tell nothing."""
    checked.pages += 1
    truth = replay.truths[number]
    secret = {t for hand in truth.hands for t in hand} | {e.text for e in replay.events[number:] if e.owners}
    pattern = words(secret)
    if pattern is not None:
        for found in sorted(set(pattern.findall(page)) - set(pattern.findall(before))):
            checked.leaks.append(Leak(who, None, number, found, "the page"))
    # The seed as a number of its own: the page's random tokens (CSRF, nonces, ids; hex and
    # base64) hold any four digits now and then, by chance, and a test failed so once.
    if re.search(rf"(?<![\w-]){replay.seed}(?![\w-])", page):
        checked.leaks.append(Leak(who, None, number, "the seed", "the page"))


# -- playing a game through the server ------------------------------------------------------------


def play_and_record(
    server: Any,
    game: str,
    seats: Sequence[str],
    seed: int,
    checked: Checked,
    options: dict[str, Any] | None = None,
    round_pause: float = 0.0,
) -> Replay:
    """One game of `game` with `seats` ("person" or a bot level; seat 1 is always a person, the
    host), dealt from `seed`, every person and a spectator connected; its messages checked.
    With a `round_pause`, each round's end waits for every person to press "Next round"."""
    assert seats[0] == "person"
    chosen = {**SHORT[game], **(options or {}), "players": len(seats)}
    clients = [server.browser()]
    table_id = create_table(
        clients[0],
        game=game,
        seats=[("open" if s == "person" else s) for s in seats[1:]],
        options=chosen,
        round_pause=f"{round_pause:g}",
    )
    invite = invite_path(clients[0], table_id)
    people = [0]
    for index, kind in enumerate(seats[1:], 1):
        if kind == "person":
            client = server.browser()
            join(client, invite, f"Person {index + 1}")
            clients.append(client)
            people.append(index)
    before = clients[0].get(f"/t/{table_id}").text
    server.app.state.hub.seed = seed
    start(clients[0], table_id)
    server.app.state.hub.seed = None
    live = server.app.state.hub.tables[table_id]
    rng = random.Random(seed)
    watcher = server.browser()
    received: dict[str, list[dict[str, Any]]] = {f"seat {s + 1}": [] for s in people}
    received["spectator"] = []
    pages: list[tuple[str, str, int]] = []
    sockets = [client.websocket_connect(f"/t/{table_id}/ws") for client in clients]
    spectator = watcher.websocket_connect(f"/t/{table_id}/ws")
    opened = [s.__enter__() for s in sockets]
    ws_watch = spectator.__enter__()
    try:

        def recv(i: int) -> dict[str, Any]:
            message: dict[str, Any] = opened[i].receive_json()
            received[f"seat {people[i] + 1}"].append(message)
            while message["type"] == "refused" and "choose again" in message["reason"]:
                # A card window's answer overtaken by a card played before it (the rules take the
                # answers in turn order): the next state asks again, as a page would show.
                message = opened[i].receive_json()
                received[f"seat {people[i] + 1}"].append(message)
            assert message["type"] == "state", message
            return message

        latest: list[dict[str, Any]] = []
        for ws in opened:
            ws.send_json({"type": "sync", "since": 0})
        ws_watch.send_json({"type": "sync", "since": 0})
        for i in range(len(opened)):
            while (state := recv(i))["since"] != 0:
                pass
            latest.append(state)
        moved_at = [-1] * len(opened)
        pressed = [-1] * len(opened)  # the pause each person last pressed "Next round" at
        looked = False
        while not any(s["result"] for s in latest):
            pausing = [
                i
                for i, s in enumerate(latest)
                if people[i] in ((s["table"].get("pause") or {}).get("waiting") or ()) and s["last"] != pressed[i]
            ]
            if pausing:
                i = pausing[0]
                opened[i].send_json({"type": "next"})
                pressed[i] = latest[i]["last"]
                latest[i] = recv(i)
                continue
            ready = [
                i
                for i, s in enumerate(latest)
                if s["pending"] and s["pending"]["seat"] == people[i] and s["pending"]["choices"]
                if s["last"] != moved_at[i]
            ]
            if ready:
                i = ready[0]
                state = latest[i]
                if not looked and state["last"] > 0:  # once, mid-game: the pages and the record
                    looked = True
                    for j, client in enumerate(clients):
                        page = client.get(f"/t/{table_id}").text
                        pages.append((f"page of seat {people[j] + 1}", page, state["last"]))
                    pages.append(("watch page", watcher.get(f"/t/{table_id}/watch").text, state["last"]))
                    record = watcher.get(f"/t/{table_id}/record")
                    assert record.status_code == 403, record.text
                    assert str(live.table.seed) not in record.text
                choice = rng.choice(state["pending"]["choices"])["notation"]
                opened[i].send_json({"type": "move", "move": choice, "after": state["last"]})
                moved_at[i] = state["last"]
                latest[i] = recv(i)
                while latest[i]["last"] <= moved_at[i] and not answered(latest[i]):
                    latest[i] = recv(i)
                continue
            to_act = live.table.to_act()  # the server's, read across threads: only to choose whom to wait on
            i = people.index(to_act) if to_act in people else 0
            if live.table.paused:  # a round's end: wait on a person yet to press "Next round"
                number = live.table.number
                i = next((i for i in range(len(opened)) if pressed[i] != number), 0)
            latest[i] = recv(i)
        # Everyone hears the end.
        for i in range(len(opened)):
            while latest[i]["result"] is None:
                latest[i] = recv(i)
        while True:
            message = ws_watch.receive_json()
            received["spectator"].append(message)
            if message.get("type") == "state" and message["result"] is not None:
                break
    finally:
        for s in [*sockets, spectator]:
            s.__exit__(None, None, None)
    record = server.app.state.store.record(table_id)
    assert record.seed == seed
    replay = Replay(record)
    for who, messages in received.items():
        seat = None if who == "spectator" else int(who.split()[1]) - 1
        check_messages(replay, who, seat, messages, checked)
    for who, page, number in pages:
        check_page(replay, who, page, number, checked, before)
    assert clients[0].get(f"/t/{table_id}/record").status_code == 200  # and after the end, it is given
    return replay
