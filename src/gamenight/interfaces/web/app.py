"""The web server: lobby, table pages, host controls, records and the tables' WebSockets.

`create_app(database_url, data_dir)` builds the FastAPI app. At startup it migrates the
database (Alembic, from the package), loads the key that signs seat tokens, and resumes
every table whose game goes on with nobody there, while it answers requests (the others load
when someone asks for them, and idle tables are let go: idle.py). Pages are rendered on the server from
`templates/`; a game's board is drawn in the browser by `static/table.js`, which gets
everything it shows over the table's WebSocket (`/ws/t/{id}`, messages in live.py).

No traceback reaches a browser: bad input gets a page (or JSON) that says what was wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from gamenight.bots.learned import learned_games, where_it_plays
from gamenight.engine.errors import ConfigError, RulesError
from gamenight.engine.options import options_to_dict
from gamenight.engine.registry import GAMES, make_game
from gamenight.interfaces.web.forms import Sent, game_forms, options_from_form
from gamenight.interfaces.web.idle import IDLE_LIFETIME
from gamenight.interfaces.web.limits import Limits, Quotas, TooMany, collect_fully
from gamenight.interfaces.web.live import (
    BOT_LEVELS,
    BURST,
    LEARNED,
    RATE,
    WAITING_LIFETIME,
    Hub,
    LiveTable,
    Refused,
    bot_levels,
    bot_name,
)
from gamenight.interfaces.web.outage import RETRY_AFTER, STORAGE_FAULTS, Outage
from gamenight.interfaces.web.review import ReviewSettings, add_review_routes
from gamenight.interfaces.web.security import Guard
from gamenight.interfaces.web.tokens import MAX_AGE, TokenError, Tokens, cookie_name
from gamenight.store.database import (
    BOT,
    DEFAULT_ROUND_PAUSE,
    DEFAULT_TIMEOUTS_BEFORE_AWAY,
    ENDED,
    MAX_TIMEOUTS_BEFORE_AWAY,
    OPEN,
    OVER,
    PERSON,
    PLAYING,
    WAITING,
    Store,
    sqlite_url,
)
from gamenight.store.folder import private_database

HERE = Path(__file__).resolve().parent
log = logging.getLogger("gamenight.interfaces.web")

MAX_NAME = 40
POSING = re.compile(r"\b(bot|host|you)\W*$|[(\[{]\W*(bot|host|you)\b", re.IGNORECASE)
"""A name that could pass for a bot's ("Easy bot") or for the page's marks ("Ann (host)")."""
DEFAULT_ZOMBIE_TIMEOUT = 60.0
MAX_SECONDS = 24 * 3600.0
MAX_PACE = 10.0
MAX_ROUND_PAUSE = 600.0
"""Seconds a round's end may stay on the table, at most, when not everyone presses "Next round"."""


class Forbidden(Exception):
    """A request from someone whose cookie does not allow it: answered with a 403 page.
    `dead_token`: the cookie itself will never work again, and the answer drops it."""

    def __init__(self, message: str, dead_token: bool = False) -> None:
        super().__init__(message)
        self.dead_token = dead_token


def create_app(
    database_url: str | None = None,
    data_dir: Path | None = None,
    *,
    bot_pace: float = 0.8,
    message_rate: float = RATE,
    message_burst: float = BURST,
    seed: int | None = None,
    limits: Limits | None = None,
    public_url: str | None = None,
    waiting_lifetime: float = WAITING_LIFETIME,
    idle_lifetime: float = IDLE_LIFETIME,
    round_pause: float = DEFAULT_ROUND_PAUSE,
    reviews: ReviewSettings | None = None,
) -> FastAPI:
    """The app on `database_url` (default: SQLite in `data_dir`, default `data/`).
    `bot_pace` is a new table's default pause between bot moves, in seconds; `message_rate`
    and `message_burst` a connection's token bucket (messages a second, and at once).
    `seed` (tests only, never from a client): every table started here deals from it.
    `limits`: what one client may take (limits.py); `public_url`: the address people use,
    for links and the origin check, when the server is behind a reverse proxy.
    `waiting_lifetime`: seconds before a table nobody started is ended; `idle_lifetime`:
    seconds an idle table stays in memory (0: for ever; idle.py). `round_pause`: a new
    table's default seconds between a round's end and the next deal (unless all are ready). `reviews`: what the
    review of a finished game may take (review.py)."""
    limits = Limits() if limits is None else limits
    public_url = None if public_url is None else public_url.rstrip("/")
    data_dir = Path("data") if data_dir is None else data_dir
    if database_url is None:
        private_database(data_dir)
        database_url = sqlite_url(data_dir)
    store = Store(database_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(
            store,
            default_bot_pace=bot_pace,
            message_rate=message_rate,
            message_burst=message_burst,
            waiting_lifetime=waiting_lifetime,
            idle_lifetime=idle_lifetime,
            default_round_pause=round_pause,
        )
        hub.seed = seed
        hub.outage = outage
        hub.full_sync_every = limits.full_sync_seconds
        hub.hint_seconds, hub.hints_at_once = limits.hint_seconds, limits.hints_at_once
        await hub.db(store.migrate)
        await hub.start()
        if limits.gc_full_seconds > 0:
            hub.chore(collect_fully(limits.gc_full_seconds), "gamenight-collector")
        app.state.tokens = Tokens(await hub.db(store.secret_key))
        app.state.hub = hub

        async def resume() -> None:
            try:
                resumed = await hub.resume_all()
            except Exception as exc:  # a table will still load when someone asks for it
                hub.failed(exc, "resuming the tables failed")
                return
            log.info("resumed %d tables (the games that go on with nobody there)", resumed)

        # Requests are answered while the tables being played come back (each loads on its
        # first request anyway): a server with many tables is up at once, not after them all.
        resuming = asyncio.create_task(resume(), name="gamenight-resume")
        try:
            yield
        finally:
            resuming.cancel()
            await asyncio.gather(resuming, return_exceptions=True)
            await app.state.reviews.close()
            await hub.close()
            store.close()

    app = FastAPI(title="gamenight", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.store = store
    outage = Outage(store)
    app.state.limits = limits
    app.add_middleware(
        Guard, max_body_bytes=limits.max_body_bytes, max_header_bytes=limits.max_header_bytes, public_url=public_url
    )
    # Outermost: the client's address and scheme as the trusted proxies say, for every check within.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(limits.trusted_proxies))
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static"), check_dir=False), name="static")

    def hub_of_app(app: FastAPI) -> Hub:
        hub: Hub = app.state.hub
        return hub

    def hub_of(connection: HTTPConnection) -> Hub:
        hub: Hub = connection.app.state.hub
        return hub

    def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
        response: HTMLResponse = templates.TemplateResponse(request, name, context, status_code=status)
        return response

    def error_page(request: Request, status: int, message: str) -> Response:
        if request.url.path.startswith("/api/") or request.url.path.endswith("/record"):
            return JSONResponse({"error": message}, status_code=status)
        return page(request, "error.html", {"status": status, "message": message}, status)

    # -- errors ------------------------------------------------------------------------------

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = str(exc.detail) if exc.status_code != 404 or exc.detail != "Not Found" else "no such page"
        return error_page(request, exc.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        return error_page(request, 400, "the request is not one this server understands")

    @app.exception_handler(RulesError)
    async def rules_error(request: Request, exc: RulesError) -> Response:
        return error_page(request, 400, str(exc))

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        return error_page(request, 409, str(exc))

    @app.exception_handler(Forbidden)
    async def forbidden(request: Request, exc: Forbidden) -> Response:
        response = error_page(request, 403, str(exc))
        table_id = request.path_params.get("table_id")
        if exc.dead_token and isinstance(table_id, str):
            response.delete_cookie(cookie_name(table_id), path=f"/t/{table_id}")
            response.delete_cookie(cookie_name(table_id), path="/")  # where older versions set it
        return response

    async def storage_fault(request: Request, exc: Exception) -> Response:
        outage.failed(exc)
        response = error_page(request, 503, "storage is unavailable just now: try again in a few seconds")
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response

    for fault in STORAGE_FAULTS:
        app.add_exception_handler(fault, storage_fault)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("error serving %s", request.url.path)
        return error_page(request, 500, "something went wrong on the server; the table is as it was")

    # -- who is asking ---------------------------------------------------------------------

    async def live_table(request: Request, table_id: str) -> LiveTable:
        live = await hub_of(request).get(table_id) if len(table_id) <= 32 else None
        if live is None:
            raise StarletteHTTPException(404, "there is no such table (check the link)")
        return live

    async def seat_of(connection: HTTPConnection, live: LiveTable) -> tuple[int, str] | None:
        """The seat and nonce the table's cookie holds; None without one; Forbidden if the
        cookie is forged, expired, another table's, or its seat was revoked."""
        token = connection.cookies.get(cookie_name(live.id))
        if token is None:
            return None
        tokens: Tokens = connection.app.state.tokens
        try:
            held = tokens.read(token, live.id)
        except TokenError as exc:
            raise Forbidden(str(exc), dead_token=True) from None
        if not live.seat_holds(held.seat, held.nonce) and hub_of(connection).cluster is not None:
            await live.refresh_and_tell()  # the seat may have been taken through another process just now
        if not live.seat_holds(held.seat, held.nonce):
            raise Forbidden("your seat token was revoked: ask the host for the invite link", dead_token=True)
        return held.seat, held.nonce

    async def hosted_table(request: Request, table_id: str) -> LiveTable:
        """The live table, if the request comes from its host (seat 1) by one of the host's
        forms (its CSRF token); Forbidden otherwise."""
        live = await live_table(request, table_id)
        held = await seat_of(request, live)
        if held is None or held[0] != 0:
            raise Forbidden("only the host, in seat 1, can do that")
        sent = (await request.form()).get("csrf")
        tokens: Tokens = request.app.state.tokens
        if not isinstance(sent, str) or not tokens.csrf_holds(live.id, held[1], sent):
            raise Forbidden("this form is not from the table's page (or is out of date): reload the page and try again")
        return live

    def set_seat_cookie(response: Response, request: Request, table_id: str, seat: int, nonce: str) -> None:
        """The seat's cookie, sent only to its table's pages and socket (`/t/<id>/...`), and
        only over HTTPS when the server is reached by HTTPS."""
        tokens: Tokens = request.app.state.tokens
        response.set_cookie(
            cookie_name(table_id),
            tokens.sign(table_id, seat, nonce),
            max_age=MAX_AGE,
            path=f"/t/{table_id}",
            httponly=True,
            secure=base_url(request).startswith("https:"),
            samesite="lax",  # a cross-site form cannot act for the seat
        )

    def base_url(request: Request) -> str:
        """Where people reach this server: --public-url, or the request's own scheme and host
        (the scheme a trusted proxy forwarded)."""
        return public_url or str(request.base_url).rstrip("/")

    def to_table(table_id: str) -> RedirectResponse:
        return RedirectResponse(f"/t/{table_id}", status_code=303)

    # -- lobby ---------------------------------------------------------------------------------

    async def lobby_page(
        request: Request, error: str | None = None, status: int = 200, sent: dict[str, str] | None = None
    ) -> HTMLResponse:
        tables = await hub_of(request).db(store.public_tables)
        context = {
            "sent": Sent(sent),
            "tables": tables,
            "games": game_forms(),
            "titles": {g.name: g.title for g in game_forms()},
            "levels": (*BOT_LEVELS, LEARNED),
            "learned_games": learned_games(),
            "error": error,
            "zombie_timeout": DEFAULT_ZOMBIE_TIMEOUT,
            "bot_pace": hub_of(request).default_bot_pace,
            "timeouts_before_away": DEFAULT_TIMEOUTS_BEFORE_AWAY,
            "max_timeouts_before_away": MAX_TIMEOUTS_BEFORE_AWAY,
            "round_pause": hub_of(request).default_round_pause,
        }
        return page(request, "lobby.html", context, status)

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        return await lobby_page(request)

    quotas = Quotas(limits)

    def still_playing(table_id: str) -> bool:
        live = hub_of_app(app).tables.get(table_id)
        return live is None or live.status not in (OVER, ENDED)  # not loaded: counted, to be safe

    @app.post("/tables")
    async def create_table(request: Request) -> Response:
        form = {key: value for key, value in (await request.form()).items() if isinstance(value, str)}
        address = request.client.host if request.client else ""
        try:
            name = display_name(form.get("name", ""))
            game_name = form.get("game", "")
            if game_name not in GAMES:
                raise ConfigError(f"choose a game: {', '.join(GAMES)}")
            options = options_from_form(game_name, form)
            game = make_game(game_name, options)
            players = game.new_state().num_players
            seats: list[tuple[str, str | None, str]] = [(PERSON, None, name)]
            for index in range(1, players):
                choice = form.get(f"seat_{index + 1}", OPEN)
                if choice == OPEN:
                    seats.append((OPEN, None, ""))
                elif choice in bot_levels(game):
                    seats.append((BOT, choice, bot_name(choice)))
                else:
                    levels = ", ".join(bot_levels(game))
                    where = f": the learned bot plays only {where_it_plays()}" if choice == LEARNED else ""
                    raise ConfigError(f"seat {index + 1}: open for a person or a bot ({levels}){where}")
            pace, zombie, timer = table_settings(form, hub_of(request).default_bot_pace, limits)
            timeouts = timeouts_before_away(form)
            pause = round_pause_setting(form, hub_of(request).default_round_pause)
            title = " ".join(form.get("title", "").split())[:80] or f"{name}'s {game.spec.title}"
            if not title.isprintable():  # a control character is nobody's title (and PostgreSQL refuses NUL)
                raise ConfigError("a table's title is letters, digits, spaces and punctuation")
            with_bots = any(kind == BOT for kind, _, _ in seats)
            quotas.check(address, with_bots, still_playing)
        except ConfigError as exc:
            return await lobby_page(request, str(exc), 400, form)
        except TooMany as exc:
            # A plain page, not the lobby with the form: a flood is refused many times a second,
            # and the lobby is the dearest page to draw (issue 29). The browser's Back keeps the form.
            refused = error_page(request, 429, str(exc))
            refused.headers["Retry-After"] = str(exc.retry_after)
            return refused
        data = await hub_of(request).db(
            lambda: store.create_table(
                game=game_name,
                options=options_to_dict(game.options),
                title=title,
                public=form.get("public") not in (None, "", "0", "off"),
                seats=seats,
                bot_pace=pace,
                zombie_timeout=zombie,
                turn_timer=timer,
                hints=form.get("hints") not in (None, "", "0", "off"),
                timeouts_before_away=timeouts,
                round_pause=pause,
            )
        )
        quotas.made_table(address, data.id, with_bots)
        response = to_table(data.id)
        set_seat_cookie(response, request, data.id, 0, data.seats[0].nonce)
        return response

    # -- a table's page ----------------------------------------------------------------------

    async def table_page(request: Request, live: LiveTable, seat: int | None, watching: bool) -> HTMLResponse:
        hub = hub_of(request)
        game = make_game(live.data.game, live.data.options)
        story = game.story()
        results = await hub.db(store.results, live.data.lineage)
        base = base_url(request)
        seated = seat is not None
        tokens: Tokens = request.app.state.tokens
        csrf = tokens.csrf(live.id, live.seats[0].nonce) if seat == 0 else None
        context = {
            "live": live,
            "data": live.data,
            "seats": live.seats,
            "meta": live.meta(),
            "seat": seat,
            "watching": watching,
            "is_host": seat == 0,
            "csrf": csrf,
            "game_title": game.spec.title,
            "summary": f"{len(live.seats)} players, {story.summary(game.options)}",
            "goal": story.goal(game.options),
            "rules": story.rules_summary(game.options),
            "invite_url": f"{base}/t/{live.id}/join/{live.data.invite_code}" if seated or live.data.public else None,
            "watch_url": f"{base}/t/{live.id}/watch",
            "ws_path": f"/t/{live.id}/ws" + ("?watch=1" if watching else ""),
            "results": results,
            "result": live.result(),
            "levels": bot_levels(game),
            "WAITING": WAITING,
            "PLAYING": PLAYING,
            "OVER": OVER,
            "ENDED": ENDED,
            "OPEN": OPEN,
            "PERSON": PERSON,
            "BOT": BOT,
        }
        return page(request, "table.html", context)

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_view(request: Request, table_id: str) -> HTMLResponse:
        live = await live_table(request, table_id)
        held = await seat_of(request, live)
        return await table_page(request, live, None if held is None else held[0], watching=False)

    @app.get("/t/{table_id}/watch", response_class=HTMLResponse)
    async def watch(request: Request, table_id: str) -> HTMLResponse:
        live = await live_table(request, table_id)
        return await table_page(request, live, None, watching=True)

    @app.get("/t/{table_id}/join/{code}", response_class=HTMLResponse)
    async def join_form(request: Request, table_id: str, code: str) -> Response:
        live = await live_table(request, table_id)
        check_invite(live, code)
        with contextlib.suppress(Forbidden):  # a dead token only means: join afresh
            if await seat_of(request, live) is not None:
                return to_table(table_id)
        return page(request, "join.html", {"data": live.data, "code": code, "error": None, "seats": live.seats})

    @app.post("/t/{table_id}/join/{code}")
    async def join(request: Request, table_id: str, code: str) -> Response:
        live = await live_table(request, table_id)
        check_invite(live, code)
        with contextlib.suppress(Forbidden):
            if await seat_of(request, live) is not None:
                return to_table(table_id)
        form = await request.form()
        try:
            name = display_name(str(form.get("name", "")))
        except ConfigError as exc:
            context = {"data": live.data, "code": code, "error": str(exc), "seats": live.seats}
            return page(request, "join.html", context, 400)
        seat = await live.join(name)
        response = to_table(table_id)
        set_seat_cookie(response, request, table_id, seat.index, seat.nonce)
        return response

    def check_invite(live: LiveTable, code: str) -> None:
        if code != live.data.invite_code:
            raise StarletteHTTPException(404, "this invite link is not this table's: ask the host for it again")

    # -- the host's controls -------------------------------------------------------------------

    @app.post("/t/{table_id}/start")
    async def start(request: Request, table_id: str) -> Response:
        live = await hosted_table(request, table_id)
        await live.start()
        return to_table(table_id)

    @app.post("/t/{table_id}/seats/{index}")
    async def swap_seat(request: Request, table_id: str, index: int) -> Response:
        live = await hosted_table(request, table_id)
        choice = str((await request.form()).get("to", ""))
        if choice == OPEN:
            await live.set_seat(index - 1, OPEN, None)
        elif choice in (*BOT_LEVELS, LEARNED):
            await live.set_seat(index - 1, BOT, choice)
        else:
            raise Refused(f"a seat can be open for a person or a bot ({', '.join(BOT_LEVELS)})")
        return to_table(table_id)

    @app.post("/t/{table_id}/seats/{index}/revoke")
    async def revoke(request: Request, table_id: str, index: int) -> Response:
        live = await hosted_table(request, table_id)
        await live.revoke(index - 1)
        return to_table(table_id)

    @app.post("/t/{table_id}/invite")
    async def new_invite(request: Request, table_id: str) -> Response:
        live = await hosted_table(request, table_id)
        await live.new_invite()
        return to_table(table_id)

    @app.post("/t/{table_id}/settings")
    async def settings(request: Request, table_id: str) -> Response:
        live = await hosted_table(request, table_id)
        form = {key: value for key, value in (await request.form()).items() if isinstance(value, str)}
        pace, zombie, timer = table_settings(form, live.data.bot_pace, limits)
        await live.settings(pace, zombie, timer, round_pause_setting(form, live.data.round_pause))
        return to_table(table_id)

    @app.post("/t/{table_id}/end")
    async def end(request: Request, table_id: str) -> Response:
        live = await hosted_table(request, table_id)
        await live.end()
        return to_table(table_id)

    @app.post("/t/{table_id}/rematch")
    async def rematch(request: Request, table_id: str) -> Response:
        """A new table for the same game, options and seats: each person keeps their seat
        (their nonce is carried over; they pick up the new table's cookie at GET .../rematch)."""
        live = await hosted_table(request, table_id)
        if live.status != OVER:
            raise Refused("a rematch is offered once the game is over")
        data = live.data
        await live.offer_rematch(
            lambda: store.create_table(
                game=data.game,
                options=data.options,
                title=data.title,
                public=data.public,
                seats=[(s.kind, s.level, s.name) for s in live.seats],
                bot_pace=data.bot_pace,
                zombie_timeout=data.zombie_timeout,
                turn_timer=data.turn_timer,
                lineage=data.lineage,
                nonces=[s.nonce if s.kind == PERSON else None for s in live.seats],
                hints=data.hints,
                timeouts_before_away=data.timeouts_before_away,
                round_pause=data.round_pause,
            )
        )
        return await follow_rematch(request, table_id)

    @app.get("/t/{table_id}/rematch")
    async def follow_rematch(request: Request, table_id: str) -> Response:
        live = await live_table(request, table_id)
        new_id = live.data.rematch_id
        if new_id is None:
            raise StarletteHTTPException(404, "there is no rematch of this table yet")
        with contextlib.suppress(Forbidden):
            held = await seat_of(request, live)
            new = await hub_of(request).get(new_id)
            if held is not None and new is not None and new.seat_holds(*held):
                response = to_table(new_id)
                set_seat_cookie(response, request, new_id, held[0], held[1])
                return response
        return RedirectResponse(f"/t/{new_id}/watch", status_code=303)

    # -- records and boards ------------------------------------------------------------------------

    @app.get("/t/{table_id}/record")
    async def record(request: Request, table_id: str) -> Response:
        live = await live_table(request, table_id)
        if live.status != OVER or live.table is None:
            return JSONResponse(
                {"error": "the record is shown when the game is over: it holds the seed and every hidden draw"},
                status_code=403,
            )
        stored = await hub_of(request).db(store.record, table_id)
        if stored is None:  # pragma: no cover - an over table always has its record
            raise StarletteHTTPException(404, "no record")
        headers = {"Content-Disposition": f'attachment; filename="{live.data.game}-{table_id}.record.json"'}
        return JSONResponse(stored.to_json(), headers=headers)

    @app.get("/api/boards/{game}")
    async def boards(game: str) -> Response:
        from gamenight.interfaces.web.assets import board_assets

        try:
            return JSONResponse(board_assets(game))
        except KeyError:
            return JSONResponse({"error": f"no board for {game[:40]!r}"}, status_code=404)

    add_review_routes(app, templates, reviews or ReviewSettings())

    # -- the table's WebSocket ------------------------------------------------------------------------

    @app.websocket("/t/{table_id}/ws")  # under the table's path, where its seat cookie is sent
    @app.websocket("/ws/t/{table_id}")  # pages served before, and scripts that name the cookie themselves
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        live = await hub_of(websocket).get(table_id) if len(table_id) <= 32 else None
        if live is None:
            await websocket.send_json({"type": "error", "reason": "there is no such table"})
            await websocket.close(code=4404)
            return
        held: tuple[int, str] | None = None
        if websocket.query_params.get("watch") is None:
            try:
                held = await seat_of(websocket, live)
            except Forbidden as exc:
                await websocket.send_json({"type": "error", "reason": str(exc)})
                await websocket.close(code=4403)
                return
        connection = live.connect(websocket, *(held or (None, None)))
        sender = asyncio.create_task(live.run_sender(connection))
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                admitted = connection.admit()
                if admitted == "close":  # a flood that went on: the connection goes, never the table
                    await websocket.close(code=1008, reason="too many messages")
                    break
                if admitted == "tell":
                    reason = f"too many messages: at most {connection.rate:g} a second; the rest are dropped"
                    connection.push({"type": "error", "reason": reason})
                if admitted != "handle":
                    continue
                text = message.get("text")
                if text is None:
                    connection.push({"type": "error", "reason": "send JSON as text, not bytes"})
                    continue
                try:
                    await live.handle(connection, text)
                except Exception:  # a bug of ours: logged, and the person is told, not shown a trace
                    log.exception("table %s: a message failed", table_id)
                    connection.push({"type": "error", "reason": "the server could not handle that message"})
        except WebSocketDisconnect:
            pass
        finally:
            live.disconnect(connection)
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)

    return app


def display_name(text: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise ConfigError("give a display name: how the others will see you at the table")
    if len(name) > MAX_NAME:
        raise ConfigError(f"a display name is at most {MAX_NAME} characters")
    if not name.isprintable():
        raise ConfigError("a display name is letters, digits, spaces and punctuation")
    if POSING.search(name):
        raise ConfigError(
            "a display name may not end in 'bot', 'host' or 'you', nor hold them in brackets: "
            "the table marks its bots, its host and you itself"
        )
    return name


def table_settings(form: dict[str, str], default_pace: float, limits: Limits) -> tuple[float, float, float | None]:
    """(bot pace, zombie timeout, turn timer or None) from a form; ConfigError naming the bad one.
    A pace or zombie timeout below the server's floor is refused (one client's bots at full
    speed take the CPU from every table); the defaults (an empty field) are the server's."""
    pace = _seconds(form.get("bot_pace"), "Bot pace", default_pace, MAX_PACE)
    if (form.get("bot_pace") or "").strip() and pace < limits.min_bot_pace:
        raise ConfigError(f"Bot pace: at least {limits.min_bot_pace:g} seconds on this server")
    zombie = _seconds(form.get("zombie_timeout"), "Zombie timeout", DEFAULT_ZOMBIE_TIMEOUT, MAX_SECONDS)
    if 0 < zombie < limits.min_zombie_timeout:
        raise ConfigError(f"Zombie timeout: 0 (never) or at least {limits.min_zombie_timeout:g} seconds on this server")
    timer_text = (form.get("turn_timer") or "").strip()
    timer = _seconds(timer_text, "Turn timer", 0.0, MAX_SECONDS) if timer_text else 0.0
    return pace, zombie, timer or None


def timeouts_before_away(form: dict[str, str]) -> int:
    """The turns in a row a person there may let the turn timer run out before their seat is
    away (each time a bot makes that one move for them): a whole number from 1 to
    MAX_TIMEOUTS_BEFORE_AWAY; an empty field is the default. ConfigError for anything else."""
    text = (form.get("timeouts_before_away") or "").strip()
    if not text:
        return DEFAULT_TIMEOUTS_BEFORE_AWAY
    if not re.fullmatch(r"\d{1,3}", text) or not 1 <= int(text) <= MAX_TIMEOUTS_BEFORE_AWAY:
        most = MAX_TIMEOUTS_BEFORE_AWAY
        raise ConfigError(f"Timeouts before away: a whole number from 1 to {most}, not {text[:20]!r}")
    return int(text)


def round_pause_setting(form: dict[str, str], default: float) -> float:
    """The seconds a round's end stays before the next deal (empty: `default`); ConfigError if bad."""
    return _seconds(form.get("round_pause"), "Pause after a round", default, MAX_ROUND_PAUSE)


def _seconds(text: str | None, what: str, default: float, most: float) -> float:
    text = (text or "").strip()
    if not text:
        return default
    if not re.fullmatch(r"\d+(\.\d+)?", text):
        raise ConfigError(f"{what}: give a number of seconds, not {text[:20]!r}")
    value = float(text)
    if value > most:
        raise ConfigError(f"{what}: at most {most:g} seconds")
    return value
