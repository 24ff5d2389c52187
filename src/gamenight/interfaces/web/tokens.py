"""Seat tokens: who holds a seat, with no accounts.

A token is an itsdangerous-signed cookie, one per table (`gn_<table id>`), whose payload
names the table, the seat and the seat's nonce. The seat a person acts for comes from the
token alone, never from a message, so a token for one seat cannot act for another; a new
nonce (the host revokes a seat, or hands it to a bot) makes every older token worthless.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

MAX_AGE = 30 * 24 * 3600
"""A seat's token lasts a month: long enough for a game spread over evenings."""
SALT = "gamenight-seat"


class TokenError(Exception):
    """A cookie that does not hold a seat: its message says why, for the person to read."""


@dataclass(frozen=True)
class SeatToken:
    table_id: str
    seat: int
    nonce: str


def cookie_name(table_id: str) -> str:
    return f"gn_{table_id}"


class Tokens:
    def __init__(self, secret_key: str, max_age: int = MAX_AGE) -> None:
        self.serializer = URLSafeTimedSerializer(secret_key, salt=SALT)
        self.max_age = max_age
        self.csrf_key = hashlib.sha256(f"gamenight-csrf:{secret_key}".encode()).digest()

    def csrf(self, table_id: str, nonce: str) -> str:
        """The token the host's forms carry: another site's page can make the browser send the
        cookie, but cannot read this from the host's page. It changes with the seat's nonce."""
        return hmac.new(self.csrf_key, f"{table_id}:{nonce}".encode(), hashlib.sha256).hexdigest()

    def csrf_holds(self, table_id: str, nonce: str, sent: str) -> bool:
        return hmac.compare_digest(self.csrf(table_id, nonce), sent)

    def sign(self, table_id: str, seat: int, nonce: str) -> str:
        return self.serializer.dumps({"t": table_id, "s": seat, "n": nonce})

    def read(self, token: str, table_id: str) -> SeatToken:
        """The seat `token` holds at `table_id`; TokenError if it is forged, expired or
        another table's. (Whether its nonce is still the seat's, the caller checks.)"""
        try:
            data: Any = self.serializer.loads(token, max_age=self.max_age)
        except SignatureExpired:
            raise TokenError("your seat token has expired: ask the host for the invite link again") from None
        except BadSignature:
            raise TokenError("your seat token is not one this server signed") from None
        if not isinstance(data, dict):
            raise TokenError("your seat token is not one this server signed")
        seat, nonce, table = data.get("s"), data.get("n"), data.get("t")
        if table != table_id:
            raise TokenError("your seat token is for another table")
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(nonce, str):
            raise TokenError("your seat token is not one this server signed")
        return SeatToken(table_id, seat, nonce)
