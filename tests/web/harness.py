"""A stand-in server for developing and testing the table page alone.

It speaks the table page's contract (the `<main id="table">` page, `GET /api/boards/{game}`
and the WebSocket messages `sync`/`move` -> `state`/`refused`/`error`) over a real
`Table` in memory, with bots for the seats nobody holds, and nothing else: no storage, no
lobby, no tokens. The real server is `gamenight.interfaces.web.app`; the browser tests drive that one.
This one lets the page be tried on its own and lets the tests provoke what the real server
seldom does on cue: a gap in the event numbers, a dropped connection.

    .venv/bin/python -m tests.web.harness [PORT]     # then open the addresses it prints
"""

from __future__ import annotations

import asyncio
import html
import itertools
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from gamenight.bots.registry import make_bot
from gamenight.engine.errors import RulesError
from gamenight.engine.registry import make_game
from gamenight.engine.table import Table
from gamenight.interfaces.web.assets import board_assets

STATIC = Path(__file__).resolve().parents[2] / "src" / "gamenight" / "interfaces" / "web" / "static"


@dataclass
class Seat:
    name: str
    bot: Any = None  # an Agent, or None for a person


@dataclass
class Conn:
    socket: WebSocket
    seat: int | None
    sent: int = 0  # the last event number this connection has been sent


@dataclass
class HarnessTable:
    id: str
    table: Table
    seats: list[Seat]
    pace: float
    conns: list[Conn] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    skip_next: bool = False  # drop the next broadcast, to make a gap the client must notice

    def meta(self) -> dict[str, Any]:
        pending = self.table.pending()
        over = self.table.is_over()
        return {
            "id": self.id,
            "game": self.table.game.spec.name,
            "title": f"{self.table.game.spec.title} at the harness",
            "status": "over" if over else "playing",
            "seats": [
                {
                    "name": seat.name,
                    "kind": "person" if seat.bot is None else "bot",
                    "level": None if seat.bot is None else seat.bot.name,
                    "connected": seat.bot is not None or any(c.seat == i for c in self.conns),
                    "away": False,
                }
                for i, seat in enumerate(self.seats)
            ],
            "to_act": None if pending is None else pending.seat,
            "deadline_seconds": None,
        }

    def state_message(self, seat: int | None, since: int) -> dict[str, Any]:
        pending = self.table.pending()
        result = None
        if self.table.is_over():
            view = self.table.view(None)
            winners = view.get("winners")
            if winners is None and view.get("winner") is not None:
                winners = [view["winner"]]
            result = {"scores": self.table.state.scores(), "winners": winners or [], "record_url": f"/record/{self.id}"}
        return {
            "type": "state",
            "table": self.meta(),
            "seat": seat,
            "view": self.table.view(seat),
            "pending": None
            if pending is None
            else {
                "seat": pending.seat,
                "choices": [{"notation": c.notation, "description": c.description} for c in pending.choices]
                if pending.seat == seat
                else [],
            },
            "events": self.table.events_for(seat, since),
            "since": since,
            "last": self.table.number,
            "result": result,
        }

    async def send_state(self, conn: Conn, since: int) -> None:
        await conn.socket.send_text(json.dumps(self.state_message(conn.seat, since)))
        conn.sent = self.table.number

    async def broadcast(self) -> None:
        skip = self.skip_next
        self.skip_next = False
        for conn in list(self.conns):
            if skip:  # the events are counted as sent, but never arrive: a gap
                conn.sent = self.table.number
                continue
            try:
                await self.send_state(conn, conn.sent)
            except Exception:
                self.conns.remove(conn)

    async def run_bots(self) -> None:
        """Let the bots play, at the table's pace, until a person is to act or the game is over."""
        rng = random.Random(7)
        while True:
            pending = self.table.pending()
            if pending is None or self.seats[pending.seat].bot is None:
                return
            await asyncio.sleep(self.pace)
            async with self.lock:
                pending = self.table.pending()
                if pending is None or self.seats[pending.seat].bot is None:
                    return
                bot = self.seats[pending.seat].bot
                move = bot.choose(self.table.view(pending.seat), list(self.table.legal_moves()), rng)
                self.table.submit(pending.seat, move)
                await self.broadcast()


def create_app(pace: float = 0.05) -> FastAPI:
    app = FastAPI()
    tables: dict[str, HarnessTable] = {}
    ids = itertools.count(1)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/api/boards/{game}")
    def boards(game: str) -> JSONResponse:
        try:
            return JSONResponse(board_assets(game))
        except KeyError:
            raise HTTPException(404, f"no game {game}") from None

    @app.post("/new/{game}")
    async def new(game: str, body: dict[str, Any]) -> dict[str, str]:
        """{"seats": ["Ann", "bot:random", ...], "seed": 1, "options": {...}, "pace": 0.05,
        "position": the position notation to start from (optional)}"""
        g = make_game(game, {"players": len(body["seats"]), **body.get("options", {})})
        start = g.state_from_notation(body["position"]) if body.get("position") else None
        seats = [
            Seat(name[4:], make_bot(name[4:], g)) if name.startswith("bot:") else Seat(name) for name in body["seats"]
        ]
        table_id = f"t{next(ids)}"
        table = Table(g, [s.name for s in seats], seed=body.get("seed", 1), state=start)
        tables[table_id] = HarnessTable(table_id, table, seats, body.get("pace", pace))
        asyncio.get_running_loop().create_task(tables[table_id].run_bots())
        return {"id": table_id}

    @app.post("/gap/{table_id}")
    async def gap(table_id: str) -> dict[str, bool]:
        tables[table_id].skip_next = True
        return {"ok": True}

    @app.post("/drop/{table_id}")
    async def drop(table_id: str) -> dict[str, bool]:
        """Close every socket of the table, as a server restart would."""
        for conn in list(tables[table_id].conns):
            await conn.socket.close()
        tables[table_id].conns.clear()
        return {"ok": True}

    @app.get("/t/{table_id}/{seat}")
    def page(table_id: str, seat: str) -> HTMLResponse:
        t = tables[table_id]
        seat_attr = "" if seat == "watch" else str(int(seat))
        game = html.escape(t.table.game.spec.name)
        return HTMLResponse(
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{game}</title><link rel='stylesheet' href='/static/style.css'></head><body>"
            f"<main id='table' data-table-id='{table_id}' data-game='{game}' data-seat='{seat_attr}' "
            f"data-ws='/ws/{table_id}/{seat}'></main>"
            "<script type='module' src='/static/table.js'></script></body></html>"
        )

    @app.get("/record/{table_id}")
    def record(table_id: str) -> JSONResponse:
        return JSONResponse(tables[table_id].table.record_for(None).to_json())

    @app.websocket("/ws/{table_id}/{seat}")
    async def ws(socket: WebSocket, table_id: str, seat: str) -> None:
        t = tables[table_id]
        await socket.accept()
        conn = Conn(socket, None if seat == "watch" else int(seat))
        t.conns.append(conn)
        try:
            while True:
                msg = json.loads(await socket.receive_text())
                async with t.lock:
                    if msg.get("type") == "sync":
                        await t.send_state(conn, int(msg.get("since", 0)))
                    elif msg.get("type") == "move":
                        if conn.seat is None:
                            await socket.send_text(json.dumps({"type": "error", "reason": "spectators cannot move"}))
                            continue
                        try:
                            t.table.submit(conn.seat, str(msg.get("move", "")))
                        except RulesError as exc:
                            refusal = {"type": "refused", "move": msg.get("move"), "reason": str(exc)}
                            await socket.send_text(json.dumps(refusal))
                            continue
                        await t.broadcast()
                asyncio.get_running_loop().create_task(t.run_bots())
        except WebSocketDisconnect:
            pass
        finally:
            if conn in t.conns:
                t.conns.remove(conn)

    return app


def main() -> None:
    """Serve on 127.0.0.1 (port 8077, or the one given) with one table of each game: you at
    seat 1, medium bots at 0.6 s a move."""
    import sys
    import urllib.request

    import uvicorn

    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8077
    server = uvicorn.Server(uvicorn.Config(create_app(pace=0.6), host="127.0.0.1", port=port, log_level="warning"))

    async def serve() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started:
            if task.done():
                return  # it could not start (the port is taken): uvicorn has said why
            await asyncio.sleep(0.05)
        for game, options in (("wildfire", {}), ("wildstar", {}), ("highrise", {}), ("fireball-island", {})):
            body = json.dumps({"seats": ["You", "bot:medium", "bot:medium"], "options": options}).encode()
            request = urllib.request.Request(f"http://127.0.0.1:{port}/new/{game}", data=body, method="POST")
            request.add_header("content-type", "application/json")
            answer = await asyncio.to_thread(lambda r=request: json.load(urllib.request.urlopen(r)))
            print(f"{game}: http://127.0.0.1:{port}/t/{answer['id']}/0")
        await task

    asyncio.run(serve())


if __name__ == "__main__":
    main()
