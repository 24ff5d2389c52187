"""Highrise for people in a terminal: the tower seen from above, a cell's stack on request,
the points each play would score, and the game told as a story.

Everything here reads views (`state.view(seat)`) and events' descriptions for one seat,
never a state's hidden parts, so what it prints is what that seat may know. The tower in
a view is public and exact (its dominoes as notation, level by level): it is rebuilt here
to ask the rules what a play would score and what lies under what.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gamenight.engine.errors import NotationError
from gamenight.engine.match import Event
from gamenight.engine.notation import plural
from gamenight.engine.protocol import CHANCE, Move, View
from gamenight.games.highrise import story
from gamenight.games.highrise.moves import DRAW, PLAY, move_notation, parse_move
from gamenight.games.highrise.moves import Move as HighriseMove
from gamenight.games.highrise.notation import parse_tower
from gamenight.games.highrise.tiles import HAND_POINTS, SPACERS, SYMBOLS, TILES, WILD
from gamenight.games.highrise.tower import BASES, Base, Piece, Tower
from gamenight.interfaces.terminal import MoveMenu, StoryScreen, printable, seat_label, seat_list

NOTATION_HELP = """\
  5-3@a1,b1       play 5-3: the 5 on a1, the 3 on b1 (the first half goes on the first cell)
  5-3@a1^,b1      lay a clear spacer on a1 first (a1 is one level lower than b1), then 5-3
  draw  pass      when you cannot play; after a draw, pass keeps the drawn domino
  i b2            (a command, also: stack b2) the stack on cell b2, bottom to top"""

CELL_WIDTH = 7  # " 5 L2^ ": the top number, its level, a spacer mark; room for level 10 and up

# A level's colour, so halves on one level read as one patch of the tower from above.
LEVEL_STYLES = ("dim", "white", "cyan", "green", "yellow", "magenta", "red", "bright_blue")

# Box corners by the walls that meet there: (up, down, left, right).
CORNERS = {
    (False, False, False, False): " ",
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (True, True, True, True): "┼",
    (True, False, False, False): "╵",
    (False, True, False, False): "╷",
    (False, False, True, False): "╴",
    (False, False, False, True): "╶",
}

_INSPECT = re.compile(r"^(?:i|inspect|stack)(?:\s+(\S+))?$", re.IGNORECASE)


def level_style(level: int) -> str:
    return LEVEL_STYLES[min(level, len(LEVEL_STYLES) - 1)]


def base_of(view: View) -> Base:
    return BASES[view["basement_layout"]]


def tower_of(view: View) -> Tower:
    """The public tower, rebuilt from the view's notation (basement, then level by level)."""
    levels = {level: " ".join(entries) for level, entries in enumerate(view["levels"], 1)}
    return parse_tower(base_of(view), " ".join(view["basement"]), levels)


def _pieces(tower: Tower) -> dict[int, Piece]:
    return {p.tile: p for p in tower.pieces}


# -- the tower from above --------------------------------------------------------------------


def tower_grid(view: View) -> Text:
    """Each cell's top number and level, row 1 at the bottom (nearest the player), with lines
    round the dominoes on top: two cells inside one outline are the two halves of one domino,
    which a play may never cover alone."""
    base = base_of(view)
    cells = view["cells"]
    tower = tower_of(view)
    pieces = _pieces(tower)
    rows = list(reversed(range(base.rows)))
    count, cols = len(rows), base.cols

    def key(k: int, j: int) -> str:
        cell = rows[k] * cols + j
        return cells[cell]["domino"] or f"empty {cell}"

    def hwall(k: int, j: int) -> bool:  # the wall over display row k (k == count: under the last), column j
        return k in (0, count) or key(k - 1, j) != key(k, j)

    def vwall(k: int, j: int) -> bool:  # the wall left of column j (j == cols: right of the last), display row k
        return j in (0, cols) or key(k, j - 1) != key(k, j)

    def corner(k: int, j: int) -> str:
        up = k > 0 and vwall(k - 1, j)
        down = k < count and vwall(k, j)
        left = j > 0 and hwall(k, j - 1)
        right = j < cols and hwall(k, j)
        return CORNERS[(up, down, left, right)]

    margin = "   "
    text = Text(margin + "".join(" " + chr(ord("a") + j).center(CELL_WIDTH) for j in range(cols)) + "\n", "bold")
    for k in range(count + 1):
        line = margin + "".join(corner(k, j) + ("─" if hwall(k, j) else " ") * CELL_WIDTH for j in range(cols))
        text.append(line + corner(k, cols) + "\n", style="dim")
        if k == count:
            break
        text.append(f"{rows[k] + 1:>2} ", style="bold")
        for j in range(cols):
            text.append("│" if vwall(k, j) else " ", style="dim")
            cell = rows[k] * cols + j
            text.append_text(_cell_text(cells[cell], cell, tower, pieces))
        text.append("│\n", style="dim")
    text.rstrip()
    return text


def _cell_text(cell: dict[str, Any], index: int, tower: Tower, pieces: dict[int, Piece]) -> Text:
    if cell["top"] is None:
        return Text(" ·".ljust(CELL_WIDTH), style="dim")
    level = cell["level"]
    piece = pieces[tower.top_tile[index]]
    spacer = "^" if piece.spacer == index else ""
    style = level_style(level)
    text = Text(" ")
    text.append(cell["top"], style=f"bold {style}" if level else "")
    text.append(f" L{level}{spacer}".ljust(CELL_WIDTH - 2), style=style if level else "dim")
    return text


TOWER_LEGEND = (
    "Each cell: the number on top (W wild) and its level, L0 the basement, ^ a clear spacer under it. "
    "The lines outline the dominoes on top: a play covers two side-by-side cells of two different dominoes."
)


# -- a cell's stack --------------------------------------------------------------------------


def stack_view(view: View, cell_name: str, laid_by: dict[str, str] | None = None) -> RenderableType:
    """What lies on one cell, layer by layer from the basement up (NotationError: no such cell)."""
    base = base_of(view)
    cell = base.cell(cell_name)
    name = base.cell_names[cell]
    tower = tower_of(view)
    stack = tower.stacks[cell]
    if not stack:
        return Text(f"{name}: the basement slot under {name} is still empty.", style="dim")
    pieces = _pieces(tower)
    laid_by = laid_by or {}
    rows = Table.grid(padding=(0, 2))
    rows.add_column(justify="right")
    rows.add_column(justify="center")
    rows.add_column()
    for height, layer in enumerate(stack):
        where = "basement" if height == 0 else f"level {height}"
        style = level_style(height)
        if layer.is_spacer:
            above = TILES.name(stack[height + 1].tile)
            rows.add_row(where, Text("▫", style=style), Text(f"a clear spacer, laid with {above} on it", style="dim"))
            continue
        piece = pieces[layer.tile]
        other, other_half = (piece.b, piece.half_b) if piece.a == cell else (piece.a, piece.half_a)
        what = Text(TILES.name(piece.tile), style="bold")
        what.append(f": the {SYMBOLS[layer.half]} here, the {SYMBOLS[other_half]} on {base.cell_names[other]}")
        if tower.height[other] > piece.level:
            what.append(" (now covered)", style="dim")
        note = "in the basement" if height == 0 else laid_by.get(TILES.name(piece.tile))
        if note:
            what.append(f"; {note}", style="dim")
        if height == len(stack) - 1:
            must = "any half may cover it" if layer.half == WILD else f"a {SYMBOLS[layer.half]} or a W may cover it"
            what.append(f"   ← on top: {must}", style="green")
        rows.add_row(where, Text(SYMBOLS[layer.half], style=f"bold {style}"), what)
    top = len(stack) - 1
    head = Text(f"The stack on {name}, bottom to top ({plural(len(stack), 'layer')}; the top is ", style="bold")
    head.append("the basement" if top == 0 else f"level {top}", style="bold")
    head.append("):", style="bold")
    return Group(head, rows)


# -- the table -------------------------------------------------------------------------------


def goal_line(options: Any) -> str:
    """The end of the game in words, from the game's options (None: the rulebook's 300)."""
    if options is None:
        return "highest total wins"
    if options.fixed_hands is not None:
        return f"{plural(options.fixed_hands, 'hand')}, highest total wins"
    return f"to {options.target_score} points, highest total wins"


def status_line(view: View, you: int | None, options: Any) -> Text:
    text = Text(f"Hand {view['hand_number']}", style="bold")
    text.append(f" · {seat_label(view['starter'], you)} started", style="dim")
    text.append(f" · draw pile {view['pile']}")
    spacers = view["spacers_left"]
    text.append(" · clear spacers left ")
    text.append(f"{spacers} of {SPACERS}", style="bold" if spacers else "bold red")
    text.append(f" · {goal_line(options)}", style="dim")
    return text


def players_table(view: View, names: Sequence[str], you: int | None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("dominoes", justify="right")
    table.add_column("score", justify="right")
    to_act = view["to_act"]
    for seat in range(view["players"]):
        table.add_row(
            "▶" if seat == view["turn"] and to_act is not None and to_act >= 0 else "",
            seat_label(seat, you),
            Text(names[seat] + (" (started)" if seat == view["starter"] else "")),  # a name is not markup
            str(view["hand_sizes"][seat]),
            str(view["scores"][seat]),
            style="bold" if seat == you else "",
        )
    return table


def _hand_order(name: str) -> tuple[int, str]:
    return (-HAND_POINTS[TILES.parse(name)], name)


def hand_line(view: View) -> Text:
    hand = sorted(view["hand"] or [], key=_hand_order)
    points = sum(HAND_POINTS[TILES.parse(t)] for t in hand)
    text = Text(f"Your hand ({plural(len(hand), 'domino')}, {plural(points, 'point')} if left in hand): ", style="bold")
    for name in hand:
        text.append(name, style="bold cyan reverse" if name == view["drawn"] else "cyan")
        text.append("  ")
    text.rstrip()
    return text


def board(view: View, names: Sequence[str], you: int | None, options: Any = None) -> RenderableType:
    """Everything on the table as `you` sees it, with your hand at the bottom, nearest the prompt."""
    parts: list[RenderableType] = [
        status_line(view, you, options),
        tower_grid(view),
        Text(TOWER_LEGEND, style="dim"),
        players_table(view, names, you),
    ]
    if view["hand"] is not None:
        parts.append(hand_line(view))
    if view["drawn"] is not None:
        drawn = f"You drew {view['drawn']}: play it if it can be played; if it cannot, pass and keep it."
        parts.append(Text(drawn, style="bold cyan"))
    return Group(*parts)


# -- the person's moves: what each would score -------------------------------------------------


@dataclass(frozen=True)
class Scored:
    move: HighriseMove
    notation: str
    level: int
    points: int


def scored_plays(view: View, legal: Sequence[Move]) -> list[Scored]:
    """Each legal play with its level and points, best first (then in notation order)."""
    tower = tower_of(view)
    plays = [
        Scored(m, move_notation(m, tower.base), *story.play_score(tower, m))
        for m in legal
        if isinstance(m, HighriseMove) and m.kind == PLAY
    ]
    return sorted(plays, key=lambda s: (-s.points, s.notation))


def play_line(play: Scored, base: Base, going_out: bool) -> Text:
    text = Text(f"{play.notation:<12}", style="bold cyan")
    text.append(f" level {play.level:<2}", style=level_style(play.level))
    text.append(f" → {play.points:>3} " + ("point" if play.points == 1 else "points"))
    if play.move.spacer >= 0:
        text.append(f" · spacer on {base.cell_names[play.move.spacer]}", style="yellow")
    if going_out:
        text.append(" · goes out", style="bold green")
    return text


def highrise_menu(view: View, legal: Sequence[Move]) -> MoveMenu:
    """Every move numbered, plays best first, each with its level and what it scores."""
    plays = scored_plays(view, legal)
    if not plays:
        lines = [_no_play_line(view, m) for m in legal]
        return MoveMenu(list(legal), lines=lines)
    base = base_of(view)
    going_out = len(view["hand"] or ()) == 1
    return MoveMenu(
        [p.move for p in plays],
        lines=[play_line(p, base, going_out) for p in plays],
        heading="Your moves, best first:",
    )


def _no_play_line(view: View, move: Move) -> Text:
    if isinstance(move, HighriseMove) and move.kind == DRAW:
        return Text.assemble(("draw", "bold cyan"), "  you cannot play: draw one domino from the pile")
    if view["phase"] == "afterdraw":
        return Text.assemble(("pass", "bold cyan"), "  the domino you drew cannot be played: keep it, end your turn")
    return Text.assemble(("pass", "bold cyan"), "  you cannot play and the draw pile is empty: pass")


def highrise_hints(view: View, legal: Sequence[Move]) -> list[str]:
    hints = []
    plays = scored_plays(view, legal)
    if any(p.move.spacer >= 0 for p in plays):
        hints.append(
            f"A ^ in a move lays a clear spacer on that cell first, lifting it one level "
            f"({view['spacers_left']} of {SPACERS} spacers left, one per turn at most)."
        )
    if plays and len(view["hand"] or ()) == 1:
        hints.append("This is your last domino: play it to go out and collect the points in the others' hands.")
    return hints


# -- the score sheet ---------------------------------------------------------------------------


@dataclass
class HandScores:
    """One hand's line on the score sheet: points from plays, and how the hand ended."""

    number: int
    plays: list[int]
    end: list[int] | None = None  # + going out (the others' hands), - what was left in hand
    ended: str = ""  # "P2 out" / "blocked"
    laid_by: dict[str, str] = field(default_factory=dict)  # a domino of this hand's tower -> who laid it


def score_sheet(
    hands: Sequence[HandScores], view: View, names: Sequence[str], you: int | None, options: Any = None
) -> RenderableType:
    players = view["players"]
    table = Table(box=box.SIMPLE_HEAVY, show_footer=True)
    table.add_column("hand", footer="total")
    table.add_column("ended")
    winners = set(view["winners"] or ())
    for seat in range(players):
        style = "bold green" if seat in winners else ""
        header = Text(f"{seat_label(seat, you)}\n{names[seat]}")  # a record's seat name is not markup
        table.add_column(header, footer=Text(str(view["scores"][seat]), style=style), justify="right")
    known = [sum(h.plays[s] + (h.end[s] if h.end else 0) for h in hands) for s in range(players)]
    earlier = [view["scores"][s] - known[s] for s in range(players)]
    if any(earlier):  # the screen came in mid-game (a position): what was scored before it
        table.add_row("before", "", *(str(x) for x in earlier))
    for hand in hands:
        cells = []
        for seat in range(players):
            cell = Text(str(hand.plays[seat]))
            if hand.end is not None and hand.end[seat]:
                cell.append(f" {hand.end[seat]:+d}", style="green" if hand.end[seat] > 0 else "red")
            cells.append(cell)
        ended = hand.ended or ("playing" if hand.end is None else "")
        table.add_row(str(hand.number), ended, *cells)
    return Group(
        Text(f"Score sheet ({goal_line(options)})", style="bold"),
        table,
        Text(SHEET_LEGEND, style="dim"),
    )


SHEET_LEGEND = "Each hand: the points of the plays, then + for going out or - for what was left in hand."


def winners_line(view: View, you: int | None) -> Text:
    winners = view["winners"] or []
    if not winners:
        return Text("The game is not over.", style="dim")
    points = view["scores"][winners[0]]
    if len(winners) == 1:
        text = f"{seat_label(winners[0], you)} wins with {plural(points, 'point')}"
    else:
        text = f"{seat_list(winners, you)} share the win with {plural(points, 'point')} each"
    return Text(f"{text} (highest total wins).", style="bold green")


# -- the screen --------------------------------------------------------------------------------


class HighriseScreen(StoryScreen):
    """A Highrise match as one seat may see it: the story of its events, the tower, the sheet
    (StoryScreen says what the arguments mean; `options`, the game's, name the target on the sheet)."""

    notation_help = NOTATION_HELP

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.round_name = "hand"
        self.hands: list[HandScores] = []

    def on_event(self, event: Event) -> None:
        before, after = self._views(event)
        points = self._score_play(event, before)
        self._keep_hands(event, before, after)
        if self.verbose:
            self._tell(event, before, after)
        game_over = after["phase"] == "over" and before["phase"] != "over"
        if after["hand_number"] != before["hand_number"] or game_over:
            self._flush_pending()
            self._end_of_hand(event, before, after, points)

    def board(self, view: View) -> RenderableType:
        return board(view, self.names, self.you, self.options)

    def sheet(self, view: View) -> RenderableType:
        if view["phase"] != "over":
            self._hand(view)  # the hand being played has its line, so far
        return score_sheet(self.hands, view, self.names, self.you, self.options)

    def hints(self, view: View, legal: Sequence[Move]) -> list[str]:
        return highrise_hints(view, legal)

    def menu(self, view: View, legal: Sequence[Move]) -> MoveMenu:
        return highrise_menu(view, legal)

    def command(self, view: View, text: str) -> RenderableType | None:
        """`i b2` / `inspect b2` / `stack b2`: the stack on a cell."""
        m = _INSPECT.match(text.strip())
        if m is None:
            return None
        if m[1] is None:
            return Text("Name the cell: i b2 shows the stack on b2, from the basement up.", style="bold red")
        try:
            return stack_view(view, m[1], self._hand(view).laid_by)
        except NotationError as exc:
            return Text(printable(f"{text.strip()}: {exc}"), style="bold red")

    def final(self, view: View) -> RenderableType:
        return Group(self.sheet(view), winners_line(view, self.you))

    def title(self, view: View) -> str:
        """The heading of a person's turn."""
        what = "play the domino you drew or pass" if view["phase"] == "afterdraw" else "your turn"
        return f"Hand {view['hand_number']} · P{view['seat'] + 1}, {what}"

    # -- the score sheet, kept from the plays -----------------------------------------

    def _hand(self, view: View) -> HandScores:
        number = view["hand_number"]
        if not self.hands or self.hands[-1].number != number:
            self.hands.append(HandScores(number, [0] * view["players"]))
        return self.hands[-1]

    def _score_play(self, event: Event, before: View) -> int:
        """The points of the play this event made (0 for anything else), entered on the sheet."""
        if event.seat < 0 or event.text in ("draw", "pass"):
            return 0
        try:
            move = parse_move(event.text, base_of(before))
        except NotationError:  # pragma: no cover - events carry the engine's own notation
            return 0
        _, points = story.play_score(tower_of(before), move)
        hand = self._hand(before)
        hand.plays[event.seat] += points
        laid = "by you" if event.seat == self.you else f"by {seat_label(event.seat)}"
        hand.laid_by[TILES.name(move.tile)] = f"laid {laid} for {plural(points, 'point')}"
        return points

    def _end_of_hand(self, event: Event, before: View, after: View, points: int) -> None:
        hand = self._hand(before)
        end = [a - b for a, b in zip(after["scores"], before["scores"], strict=True)]
        if event.seat >= 0:
            end[event.seat] -= points
        hand.end = end
        out = event.seat if event.seat >= 0 and self._went_out(event, before) else None
        if out is not None:
            hand.ended = f"{seat_label(out)} out"
            how = f"{self._label(out)} went out"
            why = [f"{end[out]:+d} from the others' hands"]
            why += [f"{self._label(s)} {x:+d}" for s, x in enumerate(end) if s != out and x]
        else:
            hand.ended = "blocked"
            how = "blocked"
            why = [", ".join(f"{self._label(s)} {x:+d}" for s, x in enumerate(end)) + " left in hand"]
        totals = " · ".join(f"{self._label(s)} {x}" for s, x in enumerate(after["scores"]))
        self.news.append(Text.assemble((f"Hand {hand.number}: {how}", "bold"), f" ({'; '.join(why)})   {totals}"))
        self.news.append(self.leftovers(event, before))
        if self.sheet_each_round and after["phase"] != "over":  # the final sheet follows anyway
            self.news.append(score_sheet(self.hands, after, self.names, self.you, self.options))
        self.between_rounds = after["phase"] != "over"

    @staticmethod
    def _went_out(event: Event, before: View) -> bool:
        """R-HR: "If one player plays their last domino, that player has 'gone out.'" """
        return before["hand_sizes"][event.seat] == 1 and event.text not in ("draw", "pass")

    # -- the story of each step ------------------------------------------------------

    def _tell(self, event: Event, before: View, after: View) -> None:
        if event.seat == CHANCE:
            if before["phase"] == "deal" and after["phase"] != "deal":
                self._tell_deal(after)
            elif before["phase"] == "draw" and self._drawing is not None:
                # The drawer's own view names the domino; everyone else's has "drawn": None.
                self._drawing = (self._drawing[0], after["drawn"] or "a domino")
            return
        if event.text == "draw":
            self._flush_pending()
            self._drawing = (event.seat, "a domino")
            return
        description = event.description_for(self.you)
        if "clear spacer" in description:
            left = before["spacers_left"] - 1
            description += f" ({plural(left, 'clear spacer')} left)"
        if self._drawing is not None and self._drawing[0] == event.seat:
            drawn = self._drawing[1]
            self._drawing = None
            if event.text == "pass":
                self._line(f"{self._label(event.seat)} cannot play, draws {drawn} and keeps it", event.seat)
            else:
                self._line(f"{self._label(event.seat)} cannot play, draws {drawn}, then {description}", event.seat)
            return
        self._flush_pending()
        self._line(f"{self._label(event.seat)} {description}", event.seat)

    def _tell_deal(self, after: View) -> None:
        self._line(
            f"Hand {after['hand_number']}: the basement is filled with {' '.join(after['basement'])}; "
            f"each player takes five dominoes and {after['pile']} stay in the draw pile. "
            f"{self._label(after['starter'])} starts."
        )
