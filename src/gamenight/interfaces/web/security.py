"""What every answer carries, and what every state-changing request must show, before the
routes see it: three small ASGI middlewares.

- `Guard` refuses a POST (or any method that changes state) or a WebSocket whose `Origin`
  is another site's or another port's: a page on the same host but another port is the same
  *site* to the browser, so SameSite cookies go with its requests; only the origin tells them
  apart. A request without `Origin` comes from no browser page (browsers send it on every POST
  and WebSocket), and the host's forms carry a CSRF token besides (app.py).
- It refuses headers larger than `max_header_bytes` (431), and a body larger than
  `max_body_bytes` from its Content-Length before reading it; a chunked one is read only up
  to the limit.
- It adds the security headers to every answer: a Content-Security-Policy (scripts from this
  origin, or inline with this answer's nonce), no framing, `nosniff`, no referrer to other
  sites (an invite link is in the address), `no-store` on pages (they show invite links),
  and no `Server` header.
"""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def csp(nonce: str) -> str:
    return (
        "default-src 'self'; "
        f"script-src 'self' 'nonce-{nonce}'; "
        "style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; "
        "connect-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def origin_of(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin or URL, ws/wss counted as http/https; None if it is
    not one (`null`, garbage)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def header_bytes(scope: Scope) -> int:
    """About the size of the request's line and headers as sent. (h11 stops reading a request
    whose headers have not ended within the limit; this refuses one that came whole in a read.)"""
    line = len(scope.get("raw_path", b"")) + len(scope.get("query_string", b""))
    return line + sum(len(name) + len(value) + 4 for name, value in scope["headers"])


class Guard:
    """Origin checks, the body limit and the security headers (the module's docstring).
    `public_url`: the address people use, when the server is behind a proxy; otherwise the
    request's own scheme and Host are the server's origin."""

    def __init__(self, app: ASGIApp, max_body_bytes: int, max_header_bytes: int, public_url: str | None = None) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_header_bytes = max_header_bytes
        self.public_origin = None if public_url is None else origin_of(public_url)

    def own_origin(self, scope: Scope, headers: Headers) -> tuple[str, str, int] | None:
        if self.public_origin is not None:
            return self.public_origin
        return origin_of(f"{scope.get('scheme', 'http')}://{headers.get('host', '')}")

    def foreign(self, scope: Scope, headers: Headers) -> bool:
        origin = headers.get("origin")
        if origin is None:
            return False
        return origin_of(origin) is None or origin_of(origin) != self.own_origin(scope, headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if self.foreign(scope, Headers(scope=scope)):
                await receive()  # the websocket.connect message, then a refusal before accept
                await send({"type": "websocket.close", "code": 4403, "reason": "another site's page"})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        nonce = secrets.token_urlsafe(16)
        scope.setdefault("state", {})["csp_nonce"] = nonce

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                out["content-security-policy"] = csp(nonce)
                out["x-frame-options"] = "DENY"
                out["x-content-type-options"] = "nosniff"
                out["referrer-policy"] = "same-origin"
                if out.get("content-type", "").startswith("text/html"):
                    out["cache-control"] = "no-store"
            await send(message)

        if header_bytes(scope) > self.max_header_bytes:
            answer = PlainTextResponse(f"refused: a request's headers are at most {self.max_header_bytes} bytes", 431)
            await answer(scope, receive, send_with_headers)
            return
        if scope["method"] not in SAFE_METHODS and self.foreign(scope, headers):
            answer = PlainTextResponse("refused: this request came from another site's page", status_code=403)
            await answer(scope, receive, send_with_headers)
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body_bytes):
            answer = PlainTextResponse(f"refused: a request body is at most {self.max_body_bytes} bytes", 413)
            await answer(scope, receive, send_with_headers)
            return
        await self.app(scope, self.limited(receive), send_with_headers)

    def limited(self, receive: Receive) -> Receive:
        """`receive`, raising 413 once a chunked body passes the limit (the route's error page says it)."""
        received = 0

        async def receive_limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body_bytes:
                    raise HTTPException(413, f"a request body is at most {self.max_body_bytes} bytes")
            return message

        return receive_limited
