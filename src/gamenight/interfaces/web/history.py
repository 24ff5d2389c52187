"""What a sync sends of the game so far, worked out once per event for each audience.

A state's events are the game's events as one audience may read them: a seat's own (its hand
shown) or the spectators' (every seat's hidden). Each event is put in an audience's words
(`Event.for_seat`) and encoded as JSON once, the first time any connection of that audience
needs it, and kept: a sync from the start (a page opened, a reload, a flood of them) is then
the kept texts joined, not the game replayed into words and JSON again for each socket, and
the table's lock is held only while new events are added (issue 29, item 8).

The texts belong to one `Table`: a game read again from its record (`LiveTable.reload`) starts
them afresh.
"""

from __future__ import annotations

from typing import Any

import orjson

from gamenight.engine.table import Table


def to_json(value: Any) -> str:
    """`value` as JSON text, for a WebSocket's text frame. orjson rather than the standard
    library's `json`: a state message is the server's largest per-move cost in Python
    (a whole view for every seat at every move), and orjson writes it about ten times faster
    (benchmarks/README.md, "The harness was measuring fewer tables than it named"). Keys
    that are numbers are written as strings, as `json` writes them."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class History:
    """One live table's events in each audience's words, as JSON texts (one per event)."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.texts: dict[int | None, list[str]] = {}
        """Per audience (a seat, or None: the spectators), the JSON of events 1, 2, ... told so far."""
        self.joined: dict[int | None, tuple[int, str]] = {}
        """Per audience, (n, the JSON array of events 1 to n): the answer to a sync from the start."""
        self.built = 0
        """Events put in an audience's words since the start (what the cache saves; tests count it)."""

    def told(self, table: Table, seat: int | None, until: int) -> list[str]:
        """The audience's texts of events 1 to at least `until` (the table's lock held). The list
        is only ever appended to, so a slice of it taken now stays true after the lock is let go."""
        if table is not self.table or len(table.events) < max((len(t) for t in self.texts.values()), default=0):
            self.table, self.texts, self.joined = table, {}, {}
        texts = self.texts.setdefault(seat, [])
        if len(texts) < until:
            added = table.events_for(seat, len(texts), until)
            self.built += len(added)
            texts.extend(to_json(event) for event in added)
        return texts

    def array(self, table: Table, seat: int | None, since: int, until: int) -> Events:
        """Events `since`+1 to `until` for the audience, to be encoded later (outside the lock)."""
        texts = self.told(table, seat, until)
        if since == 0:
            joined = self.joined.get(seat)
            if joined is None or joined[0] != until:
                joined = (until, "[" + ", ".join(texts[:until]) + "]")
                self.joined[seat] = joined
            return Events(joined[1])
        return Events(None, texts[since:until])


class Events:
    """A state's events, already JSON: spliced into the state's text as they are (joined
    there, outside the table's lock, unless already joined once for everyone)."""

    __slots__ = ("_parts", "_text")

    def __init__(self, text: str | None, parts: list[str] | None = None) -> None:
        self._text, self._parts = text, parts

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "[" + ", ".join(self._parts or ()) + "]"
        return self._text


class Json:
    """A value's JSON text, spliced into a message's text as it is (a seat's view and pending
    decision, written once per position)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


SPLICED = ("view", "pending", "events")
"""The keys of a state message whose values may be JSON already (`Json`, `Events`)."""


def encode_state(message: dict[str, Any]) -> str:
    """A state message as JSON text, its `Json` and `Events` values spliced in as they are (under
    any other key, one is refused by orjson: never dropped in silence)."""
    spliced = {key: value for key in SPLICED if isinstance(value := message.get(key), (Json, Events))}
    if not spliced:
        return to_json(message)
    head = to_json({key: value for key, value in message.items() if key not in spliced})
    parts = [f'"{key}": {value.text}' for key, value in spliced.items()]
    return head[:-1] + ("" if head == "{}" else ", ") + ", ".join(parts) + "}"
