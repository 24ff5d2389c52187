"""Wildfire for people in a terminal: a view drawn with Rich, and the game told as a story.

Everything here reads views (`state.view(seat)`) and events' descriptions for one seat,
never a state's hidden parts, so what it prints is what that seat may know.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from gamenight.engine.errors import NotationError
from gamenight.engine.match import Event
from gamenight.engine.notation import plural
from gamenight.engine.protocol import CHANCE, Move, View
from gamenight.games.wildfire.layout import KIND_NAMES, PLAIN, placement
from gamenight.games.wildfire.moves import PLAY, parse_move
from gamenight.games.wildfire.tiles import POINTS, TILES
from gamenight.interfaces.terminal import MoveMenu, StoryScreen, seat_label, seat_list

_ENTRY = re.compile(r"^(?P<tile>[^@:]+)(?:@e(?P<parent>\d+))?(?::(?P<hub>\d|\?))?$")


@dataclass
class _Node:
    id: int
    tile: str  # written inner-outer, as the layout entry has it
    parent: int  # -1 for the centre
    kind: str  # KIND_NAMES, or "centre"
    hub: str | None  # an obligation's hub number ("?" before the hub is pressed)
    children: list[int]


def layout_nodes(entries: Sequence[str]) -> list[_Node]:
    """The view's layout entries ("9-9", "9-5@e0", "5-W@e1:6") as a tree, ids in play order."""
    nodes: list[_Node] = []
    for i, entry in enumerate(entries):
        m = _ENTRY.match(entry)
        if m is None:  # pragma: no cover - the view writes these entries itself
            raise NotationError(f"layout entry {entry!r} is not a play")
        parent = -1 if m["parent"] is None else int(m["parent"])
        kind = "centre" if parent < 0 else _kind(m["tile"])
        nodes.append(_Node(i, m["tile"], parent, kind, m["hub"], []))
        if 0 <= parent < i:
            nodes[parent].children.append(i)
    return nodes


def _kind(tile_text: str) -> str:
    inner, _ = TILES.parse_halves(tile_text)
    p = placement(TILES.parse(tile_text), inner)
    return KIND_NAMES[p.kind] if p is not None else KIND_NAMES[PLAIN]


def _number(value: int) -> str:
    return "?" if value < 0 else str(value)


def _open_mark(end: dict[str, Any]) -> Text:
    mark = Text(" ▸ ", style="green")
    mark.append(f"open {_number(end['value'])}", style="bold green")
    if end["free"] > 1:
        mark.append(f" ×{end['free']}", style="green")
    return mark


def _node_label(node: _Node, open_ends: dict[int, dict[str, Any]], obligation: int) -> Text:
    style = "bold yellow" if node.id == obligation else ""
    label = Text(f"e{node.id} ", style="dim")
    label.append(node.tile, style=style or "bold")
    if node.kind == "centre":
        label.append(" in the hub", style="dim")
    elif node.kind not in ("plain", "double"):
        hub = f", hub {node.hub}" if node.hub is not None else ""
        label.append(f" {node.kind}{hub}", style=style or "magenta")
    if node.id in open_ends:
        label.append_text(_open_mark(open_ends[node.id]))
    return label


def layout_tree(view: View) -> Tree | Text:
    """The layout as a tree grown from the centre; a run of single tiles shares one line."""
    nodes = layout_nodes(view["layout"])
    if not nodes:
        return Text("The hub is empty: the round has not started.", style="dim")
    open_ends = {e["end"]: e for e in view["open_ends"]}
    obligation = view["obligation"]["end"] if view["obligation"] else -1

    def chain(start: int) -> tuple[Text, list[int]]:
        # A closed tile with one tile on it is just a bend in the line of play: keep following.
        label = _node_label(nodes[start], open_ends, obligation)
        node = nodes[start]
        while len(node.children) == 1 and node.id not in open_ends:
            node = nodes[node.children[0]]
            label.append(" › ", style="dim")
            label.append_text(_node_label(node, open_ends, obligation))
        return label, node.children

    def grow(branch: Tree, children: list[int]) -> None:
        for child in children:
            label, grandchildren = chain(child)
            grow(branch.add(label), grandchildren)

    label, children = chain(0)
    tree = Tree(label, guide_style="dim")
    grow(tree, children)
    return tree


def open_numbers(view: View) -> Text:
    """Which numbers can be matched now, and where: what a person scans their hand for."""
    by_number: dict[int, list[str]] = {}
    for end in view["open_ends"]:
        where = f"e{end['end']}"
        if end["free"] > 1:
            where += f" ×{end['free']}"
        by_number.setdefault(end["value"], []).append(where)
    text = Text("Open numbers: ", style="bold")
    for i, number in enumerate(sorted(by_number)):
        if i:
            text.append(" · ", style="dim")
        text.append(_number(number), style="bold green")
        text.append(f" at {', '.join(by_number[number])}")
    return text


def obligation_line(view: View) -> Text | None:
    ob = view["obligation"]
    if ob is None:
        return None
    hub = "has no number yet" if ob["hub"] is None else f"shows {ob['hub']}"
    if ob["hub"] == 1:
        hub += " (only a Wild One matches it)"  # R-WF: "If the hub shows a 1 ... play a Wild One"
    plays = "play" if ob["slots_left"] == 1 else "plays"
    return Text(
        f"The open {ob['kind']} at e{ob['end']} comes first: the hub {hub}; "
        f"{ob['slots_left']} more {plays} to complete it.",
        style="bold yellow",
    )


def players_table(view: View, names: Sequence[str], you: int | None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("tiles", justify="right")
    table.add_column("knocked")
    table.add_column("score", justify="right")
    to_act = view["to_act"]
    for seat in range(view["players"]):
        marks = "▶" if seat == view["turn"] and to_act is not None else ""
        notes = []
        if seat == view["dealer"]:
            notes.append("dealer")
        if view["loses_turn"][seat]:
            notes.append("loses next turn")
        table.add_row(
            marks,
            seat_label(seat, you),
            Text(names[seat] + (f" ({', '.join(notes)})" if notes else "")),  # a name is not markup
            str(view["hand_sizes"][seat]),
            "knocked" if view["knocked"][seat] else "",
            str(view["scores"][seat]),
            style="bold" if seat == you else "",
        )
    return table


def hand_line(view: View) -> Text:
    """The hand heaviest first (what it would cost if left in hand), so a long hand reads at a glance."""
    hand = sorted(view["hand"] or [], key=lambda t: (-POINTS[TILES.parse(t)], t))
    points = sum(POINTS[TILES.parse(t)] for t in hand)
    text = Text("Your hand: ", style="bold")
    for t in hand:
        text.append(t, style="bold cyan" if t == view["drawn"] else "cyan")
        text.append("  ")
    text.append(f"({plural(len(hand), 'tile')}, {plural(points, 'point')})", style="dim")
    return text


def board(view: View, names: Sequence[str], you: int | None) -> RenderableType:
    """Everything on the table as `you` sees it, with your hand at the bottom, nearest the prompt."""
    parts: list[RenderableType] = [layout_tree(view)]
    if view["open_ends"]:
        parts.append(open_numbers(view))
    if (line := obligation_line(view)) is not None:
        parts.append(line)
    parts.append(players_table(view, names, you))
    parts.append(Text(f"Draw pile: {view['pile']} tiles", style="dim"))
    if view["hand"] is not None:
        parts.append(hand_line(view))
    if view["drawn"] is not None:
        drawn = f"You drew {view['drawn']}: play it if it can be played; if it cannot, pass."
        parts.append(Text(drawn, style="bold cyan"))
    return Group(*parts)


def score_sheet(view: View, names: Sequence[str], you: int | None) -> RenderableType:
    if not view["sheet"]:
        return Text("Score sheet: no round has ended yet.", style="dim")
    table = Table(title="Score sheet", box=box.SIMPLE_HEAVY, show_footer=True, title_justify="left")
    table.add_column("round", footer="total")
    winners = set(view["winners"] or ())
    for seat in range(view["players"]):
        header = Text(f"{seat_label(seat, you)}\n{names[seat]}")  # a record's seat name is not markup
        style = "bold green" if seat in winners else ""
        table.add_column(header, footer=Text(str(view["scores"][seat]), style=style), justify="right")
    for i, row in enumerate(view["sheet"], 1):
        table.add_row(str(i), *(str(x) for x in row))
    return table


def winners_line(view: View, you: int | None) -> Text:
    winners = view["winners"] or []
    if not winners:
        return Text("The game is not over.", style="dim")
    points = view["scores"][winners[0]]
    if len(winners) == 1:
        who = seat_label(winners[0], you)
        return Text(f"{who} wins with {plural(points, 'point')} (lowest total wins).", style="bold green")
    return Text(
        f"{seat_list(winners, you)} share the win with {plural(points, 'point')} each (lowest total wins).",
        style="bold green",
    )


def knocks_first(legal: Sequence[Move]) -> list[Move]:
    """The plays that knock before the same plays without: answering 1 out of habit must not
    cost the penalty (knock moves exist only with the Penalty on)."""
    return sorted(legal, key=lambda m: not getattr(m, "knock", False))


def knock_hints(view: View, legal: Sequence[Move]) -> list[str]:
    """R-WF: "When a player is down to one domino, they must knock": say so before it is too late."""
    knocks = [str(i) for i, m in enumerate(knocks_first(legal), 1) if getattr(m, "knock", False)]
    if not knocks:
        return []
    return [
        f"You are about to be down to one domino: pick a move that knocks ({', '.join(knocks)}), "
        "or you draw a penalty tile (or lose your next turn if the pile is empty)."
    ]


NOTATION_HELP = """\
  5-3@e2          play 5-3 on end e2 with its 5 against the end (inner half first)
  W-5@e2 / 5-W@e2 a Wild One played wild-in (matches anything) / wild-out (the hub names the end)
  5-3@e2 knock    a play that leaves you one domino, knocking
  draw  pass      when you cannot play;   hub 7   name the hub's number (strategic game)"""


class WildfireScreen(StoryScreen):
    """A Wildfire match as one seat may see it: the story of its events, the table, the sheet
    (StoryScreen says what the arguments mean; this game's views carry all it needs)."""

    notation_help = NOTATION_HELP

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._dealt = 0

    def on_event(self, event: Event) -> None:
        before, after = self._views(event)
        self._keep_hands(event, before, after)
        if self.verbose:
            self._tell(event, before, after)
        if len(after["sheet"]) > len(before["sheet"]):
            self._flush_pending()
            self._end_of_round(event, before, after)

    def board(self, view: View) -> RenderableType:
        return board(view, self.names, self.you)

    def sheet(self, view: View) -> RenderableType:
        return score_sheet(view, self.names, self.you)

    def hints(self, view: View, legal: Sequence[Move]) -> list[str]:
        return knock_hints(view, legal)

    def menu(self, view: View, legal: Sequence[Move]) -> MoveMenu:
        return MoveMenu(knocks_first(legal))

    def final(self, view: View) -> RenderableType:
        return Group(score_sheet(view, self.names, self.you), winners_line(view, self.you))

    def title(self, view: View) -> str:
        """The heading of a person's turn."""
        what = "name the hub's number" if view["phase"] == "hub" else "your turn"
        return f"Round {view['round']} · P{view['seat'] + 1}, {what}"

    # -- the story of each step ------------------------------------------------------

    def _tell(self, event: Event, before: View, after: View) -> None:
        if event.seat == CHANCE and before["phase"] == "deal":
            self._tell_deal(after)
            return
        if event.seat == CHANCE and self._drawing is not None and before["phase"] == "draw":
            # The drawer's own view names the tile; everyone else's has "drawn": None.
            self._drawing = (self._drawing[0], after["drawn"] or "a tile")
            return
        description = event.description_for(self.you)
        if event.seat == CHANCE:
            self._flush_pending()
            text = self._mark_you(description)
            self._line(text[:1].upper() + text[1:])  # "the hub lights up 5" opens a line
            return
        if event.text == "draw":
            self._flush_pending()
            self._drawing = (event.seat, "a tile")
            return
        if self._drawing is not None and self._drawing[0] == event.seat:
            drawn = self._drawing[1]
            self._drawing = None
            self._line(f"{self._label(event.seat)} cannot play, draws {drawn} and {description}", event.seat)
            return
        self._flush_pending()
        self._line(f"{self._label(event.seat)} {description}", event.seat)

    def _mark_you(self, text: str) -> str:
        if self.you is None:
            return text
        return re.sub(rf"\bP{self.you + 1}\b", self._label(self.you), text)

    def _tell_deal(self, after: View) -> None:
        self._dealt += 1
        if after["phase"] == "deal":
            return
        each, self._dealt = self._dealt // after["players"], 0
        dealer = self._label(after["dealer"])
        self._line(f"Round {after['round']}: {dealer} deals {each} tiles to each player.")
        if after["layout"]:
            sizes = after["hand_sizes"]
            first = min(range(len(sizes)), key=lambda s: sizes[s])
            self._line(
                f"{self._label(first)} holds the highest double and places {after['layout'][0]} in the hub.",
                first,
            )
        else:
            self._line(
                "Nobody holds a double: each player in turn draws a tile, and another round of draws "
                "follows until a round turns up a double."
            )

    # -- rounds ------------------------------------------------------------------------

    def _end_of_round(self, event: Event, before: View, after: View) -> None:
        number = len(after["sheet"])
        row = after["sheet"][-1]
        who = self._who_went_out(event, before)
        how = f"{self._label(who)} went out" if who is not None else "blocked"
        scores = " · ".join(f"{self._label(s)} {x}" for s, x in enumerate(row))
        self.news.append(Text.assemble((f"Round {number}: {how}", "bold"), f"   {scores}"))
        self.news.append(self.leftovers(event, before))
        if self.sheet_each_round and after["phase"] != "over":  # the final sheet follows anyway
            self.news.append(score_sheet(after, self.names, self.you))
        self.between_rounds = after["phase"] != "over"

    @staticmethod
    def _who_went_out(event: Event, before: View) -> int | None:
        """The round ended on a play of a last tile (R-WF: "plays his last domino"), or blocked."""
        if event.seat < 0 or before["hand_sizes"][event.seat] != 1:
            return None
        try:
            return event.seat if parse_move(event.text).kind == PLAY else None
        except NotationError:  # pragma: no cover - events carry the engine's own notation
            return None
