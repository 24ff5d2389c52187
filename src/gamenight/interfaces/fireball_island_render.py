"""Fireball Island for people in a terminal: the island drawn trail by trail with Rich, the
cards in hand, the reactions a person may play, and the game told as a story.

Everything here reads views (`state.view(seat)`) and events for one seat, never a state's
hidden parts, so what it prints is what that seat may know: the board, the jewel, the tokens,
the face-up discard pile and how many cards each seat holds are public; a card drawn or
taken is told only to the seats that see it.

A view's `decision` (docs/views.md) names what is being decided, and the screen reads it to
say so in words for the seat watching ("P2 is about to roll Vul-Kar down V-chute at you:
play MAGIC TALISMAN?").
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from gamenight.engine.match import Event
from gamenight.engine.notation import plural
from gamenight.engine.protocol import CHANCE, View
from gamenight.engine.protocol import Move as AnyMove
from gamenight.games.fireball_island import story
from gamenight.games.fireball_island.board import Kind
from gamenight.games.fireball_island.board_data import BOARD
from gamenight.games.fireball_island.cards import NUMBERS, TITLES, CardType, parse_card
from gamenight.games.fireball_island.moves import AIM, CAVE, EXIT, GO, PASS, PLAY, TRADE, Move
from gamenight.games.fireball_island.view import runs
from gamenight.interfaces.terminal import HumanAgent, MoveMenu, StoryScreen, seat_label

NOTATION_HELP = """\
  roll  pass       roll the die (your turn, before the roll); pass: play no card now
  FIREBALL         play a card by its key: MOVE_AHEAD_4, MOVE_BACK_2, REROLL, CANCEL, FAKE_JEWEL, ...
  TAKE_1_CARD@3    play TAKE 1 CARD FROM ANY OPPONENT against seat 3
  trade            trade your Magic Charm token in for a full hand of 4 cards
  TA3              walk to TA3; SHB>LR1>LR2 writes the whole walk when several walks end there
  V-chute          aim a Fireball down this rollway
  cave  exit       in a cave, before rolling: roll for a new cave, or leave by the trail
Commands of this game: map (the island), f or fireballs (the Fireballs and their rollways),
cards (what each card does)."""

SEAT_STYLES: Final = ("bold cyan", "bold magenta", "bold yellow", "bold green")
JEWEL: Final = "◆"
JEWEL_STYLE: Final = "bold red"
# The colour of each kind of walk consequence the story tells (story.Note.kind).
NOTE_STYLES: Final = {
    "token": "bold green",
    "jewel": JEWEL_STYLE,
    "cave": "bold",
    "win": "bold green",
    "dark": "bold",
    "danger": "red",
    "safe": "dim",
    "": "",
}
CELL: Final = 3  # each space is three characters wide: "P1◆", " ▪ "
NARROW_CELL: Final = 2  # on a narrow screen two: "P1", "1◆" (P1 holds the jewel), "▪ "

_PIT_LETTER: Final = {pit.space: letter for letter, pit in BOARD.pits.items()}
_SUPERSCRIPT: Final = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_CAVE_AT: Final = {cave.beside: cave.number for cave in BOARD.caves if cave.beside}

# What each kind of card does, in a few words (the rulebook's PLAYING YOUR CARDS; decisions FI-3..FI-8).
CARD_USES: Final = {
    CardType.FIREBALL: "roll any Fireball at an opponent; in any window, on anyone's turn; cannot be canceled",
    CardType.FAKE_JEWEL: "when someone passes you to steal the jewel: you keep it",
    CardType.CANCEL: "cancel any card just played, except FIREBALL",
    CardType.MAGIC_TALISMAN: "stop a Fireball about to roll (your own only when it is aimed at you)",
    CardType.REROLL: "right after any roll of the die: it is rolled again",
    CardType.TAKE_ANOTHER_TURN: "at the end of your own turn: take another",
    CardType.TAKE_1_CARD: "take a card at random from an opponent, in any window (not from a jewel in a token)",
    CardType.MOVE_AHEAD: "on your turn (or forced on the player), before rolling: move instead of the roll",
    CardType.MOVE_BACK: "on the player whose turn it is, before or after the roll: you choose where",
    CardType.DOUBLE_NEXT_ROLL: "the next roll to move counts double (any window)",
}


def _style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _p(seat: int, you: int | None = None) -> str:
    return seat_label(seat, you)


def title_of(key: str) -> str:
    return parse_card(key).title


def place(space: str, lying: bool = False) -> str:
    """A place as people say it: "TA3 Thunder Alley 3", "cave 2", "smolder pit B (lying)"."""
    here = BOARD.spaces[space]
    if here.is_cave:
        return f"cave {here.cave}"
    if here.is_water:
        return "the water"
    if here.is_pit:
        return f"smolder pit {_PIT_LETTER[space]}" + (" (lying)" if lying else "")
    if space == BOARD.start:
        return "the start (DMP)"
    if space == BOARD.dock:
        return "the Dock"
    return f"{space} {here.name}"


def space_name(space: str) -> str:
    """A place's name without its id: "Thunder Alley 3", "cave 2", "Dead Man's Plateau (the start)"."""
    here = BOARD.spaces[space]
    if here.is_cave:
        return f"cave {here.cave}"
    if space == BOARD.start:
        return f"{here.name} (the start)"
    return here.name


def rollways_over(space: str) -> list[str]:
    return [r.id for r in BOARD.rollways_over(space)]


def _percent(p: float) -> str:
    return f"{round(p * 100)}%"


# -- the island ----------------------------------------------------------------------------


@dataclass(frozen=True)
class MapRow:
    """One line of the map: a trail's numbered spaces in order, and the place it leads to
    (drawn here as well when `home`, else only named)."""

    name: str
    prefix: str
    spaces: tuple[str, ...]
    leads_to: str | None = None
    home: bool = False


def _numbered(segment: str) -> tuple[str, ...]:
    """A segment's own numbered spaces (SB1..SB6, not the junction SHB at its head)."""
    return tuple(s for s in BOARD.segments[segment].spaces if re.fullmatch(rf"{segment}\d+", s))


def map_rows() -> list[MapRow]:
    """The island's trails in the order a piece meets them, from the start to the Dock."""
    seg = BOARD.segments
    bridges = (*seg["BRG1"].spaces, *seg["PK"].spaces, *seg["BRG2"].spaces)
    return [
        MapRow(seg["WT"].name, "WT", _numbered("WT"), BOARD.witchlord_step, home=True),
        MapRow(seg["TA"].name, "TA", _numbered("TA"), "SHB", home=True),
        MapRow(seg["SB"].name, "SB", _numbered("SB"), "FJ", home=True),
        MapRow(seg["FC"].name, "FC", _numbered("FC"), BOARD.vul_kar_point),
        MapRow(seg["BR"].name, "BR", _numbered("BR"), BOARD.vul_kar_point),
        MapRow(seg["HR"].name, "HR", _numbered("HR"), "GF", home=True),
        MapRow(seg["LR"].name, "LR", _numbered("LR"), "GF"),
        MapRow(seg["GY"].name, "GY", _numbered("GY"), "GSB5"),
        MapRow(seg["GSB"].name, "GSB", _numbered("GSB"), bridges[0]),
        MapRow("Bridges and Peak", "BRG", bridges, _numbered("VP")[0]),
        MapRow(seg["VP"].name, "VP", _numbered("VP"), _numbered("DR")[0]),
        MapRow(seg["DR"].name, "DR", _numbered("DR"), BOARD.dock, home=True),
    ]


MAP_ROWS: Final = map_rows()
NAME_WIDTH: Final = max(len(r.name) for r in MAP_ROWS) + 1
PREFIX_WIDTH: Final = 5


def _glyph(space: str) -> tuple[str, str]:
    here = BOARD.spaces[space]
    if here.is_bridge:
        return "═", "dark_orange3"
    if here.rock_chip:
        return "◇", "red3"
    if here.dark and here.safe:
        return "▣", "grey62"
    if here.dark:
        return "▪", "bold"
    if here.safe:
        return "○", "grey62"
    return "·", "yellow"


class _Board:
    """The public facts of one view the map needs, looked up by space."""

    def __init__(self, view: View, you: int | None, cell: int = CELL) -> None:
        self.view = view
        self.width = cell
        self.you = you
        self.pieces: list[str] = view["pieces"]
        self.lying: list[bool] = view["lying"]
        self.owner: int | None = view["jewel"]["owner"]
        self.jewel_at: str | None = view["jewel"]["at"]
        self.at: dict[str, list[int]] = {}
        for seat, space in enumerate(self.pieces):
            self.at.setdefault(space, []).append(seat)

    def piece(self, seat: int) -> Text:
        text = Text(f"P{seat + 1}", style=_style(seat))
        if self.owner == seat:
            text.append(JEWEL, style=JEWEL_STYLE)
        return text

    def crowd(self, space: str) -> Text:
        """The pieces on a place that holds any number (the start, the Dock, a pit, the water)."""
        seats = self.at.get(space, [])
        if not seats:
            return Text("·", style="dim")
        text = Text()
        for i, seat in enumerate(seats):
            if i:
                text.append(" ")
            text.append_text(self.piece(seat))
            if self.lying[seat]:
                text.append(" lying", style="dim")
        return text

    def cell(self, space: str) -> Text:
        seats = self.at.get(space)
        narrow = self.width < CELL
        if seats and narrow and self.owner == seats[0]:
            return Text(f"{seats[0] + 1}", style=_style(seats[0])).append(JEWEL, style=JEWEL_STYLE)
        if seats:
            text = self.piece(seats[0])
            return text.append(" " * (self.width - len(text.plain)))
        text = Text("" if narrow else " ")
        if self.jewel_at == space:
            text.append(JEWEL, style=JEWEL_STYLE)
        else:
            glyph, style = _glyph(space)
            text.append(glyph, style=style)
        cave = _CAVE_AT.get(space)
        text.append(str(cave).translate(_SUPERSCRIPT) if cave else " ", style="bold")
        return text


def _label(name: str, prefix: str, wide: bool) -> Text:
    text = Text(name.ljust(NAME_WIDTH)) if wide else Text()
    return text.append(prefix.ljust(PREFIX_WIDTH), style="bold")


def _ruler(wide: bool, cell: int = CELL) -> Text:
    width = max(len(r.spaces) for r in MAP_ROWS)
    text = Text(" " * ((NAME_WIDTH if wide else 0) + PREFIX_WIDTH), style="dim")
    if cell < CELL:  # too narrow for every number: 1, 5, 10, 15, 20 over their spaces
        ruler = [" "] * (cell * width)
        for n in (1, *range(5, width + 1, 5)):
            at = cell * (n - 1)
            ruler[at : at + len(str(n))] = str(n)
        return text.append("".join(ruler).rstrip(), style="dim")
    text.append("".join(f"{n:>2} " for n in range(1, width + 1)).rstrip(), style="dim")
    return text


def _row(row: MapRow, board: _Board, wide: bool) -> Text:
    text = _label(row.name, row.prefix, wide)
    for space in row.spaces:
        text.append_text(board.cell(space))
    if row.leads_to is not None:
        if not text.plain.endswith(" "):
            text.append(" ")
        text.append(f"▸ {row.leads_to}", style="dim")
        if row.home:
            cell = board.crowd(row.leads_to) if story.crowdable(row.leads_to) else board.cell(row.leads_to)
            if not cell.plain.startswith(" "):
                text.append(" ")
            text.append_text(cell)
    text.rstrip()
    return text


def flow(head: Text, items: Sequence[Text], width: int, gap: str = "   ") -> list[Text]:
    """`head` and `items` in lines no wider than `width`, each item whole: a line wraps between
    items, never inside one, and goes on indented by two."""
    lines, line, fresh = [], head.copy(), True
    for item in items:
        if not fresh and len(line.plain) + len(gap) + len(item.plain) > width:
            lines.append(line)
            line, fresh = Text("  "), True
        if not fresh:
            line.append(gap, style="dim")
        line.append_text(item)
        fresh = False
    lines.append(line)
    return lines


def _caves_and_pits(board: _Board, width: int = 100) -> list[Text]:
    caves = []
    for cave in BOARD.caves:
        item = Text(f"{cave.number}", style="bold")
        item.append(f" ({cave.beside}) " if cave.beside else " (dead end) ", style="dim")
        caves.append(item.append_text(board.crowd(cave.space)))
    pits = []
    for letter, pit in BOARD.pits.items():
        if pit.rock_chip is None:
            item = Text("water ", style="bold blue")
        else:
            item = Text(letter, style="bold").append(f" ({pit.rock_chip}) ", style="dim")
        pits.append(item.append_text(board.crowd(pit.space)))
    return flow(Text("Caves  ", style="bold"), caves, width) + flow(Text("Smolder pits  ", style="bold"), pits, width)


# Where each Fireball sits, shortly (the data's words, board.toml, are longer).
_PERCH: Final = {"V": "in the Idol on VKP", "A": "above WT4", "B": "beside WS", "C": "on the Peak", "D": "on the ridge"}


def fireball_lines(view: View, you: int | None, deterministic: bool = False, width: int = 100) -> list[Text]:
    """Each Fireball, where it sits, and its rollways (every space the marble passes, run by
    run: FC8…FC1 FJ HR1…HR6) with the pieces on them."""
    lines = []
    pieces = view["pieces"]
    for fireball in BOARD.fireballs.values():
        perch = _PERCH.get(fireball.id, fireball.where)
        head = Text(fireball.name, style="bold red")
        if not fireball.name.endswith(f" {fireball.id}"):
            head.append(f" ({fireball.id})", style="bold red")
        head.append(f" {perch}: ", style="dim")
        ways = []
        for rollway in fireball.rollways:
            text = Text(rollway.id, style="bold")
            text.append(f" {runs(rollway.spaces)}", style="dim")
            for seat in story.aim_chances(rollway.id, pieces, deterministic):
                text.append(" ")
                text.append(f"P{seat + 1}", style=_style(seat))
            ways.append(text)
        lines += flow(head, ways, width, " · ")
    return lines


_NUMBERED: Final = re.compile(r"([A-Z_]+?)(\d+)")


def fireballs_table(view: View, you: int | None, deterministic: bool = False) -> RenderableType:
    """The `f` command: every rollway, the spaces its marble passes, and each piece in its
    path with its chance to be hit (D-FI-3)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="The Fireballs and their rollways", title_justify="left")
    table.add_column("rollway", no_wrap=True)
    table.add_column("Fireball")
    table.add_column("the marble passes")
    table.add_column("in its path: chance to be hit")
    pieces = view["pieces"]
    for fireball in BOARD.fireballs.values():
        perch = _PERCH.get(fireball.id, fireball.where)
        for i, rollway in enumerate(fireball.rollways):
            who = Text()
            for j, (seat, p) in enumerate(story.aim_chances(rollway.id, pieces, deterministic).items()):
                if j:
                    who.append(", ")
                who.append(seat_label(seat, you), style=_style(seat))
                who.append(f" on {pieces[seat]} {_percent(p)}")
            name = f"{fireball.name} {perch}" if i == 0 else ""
            table.add_row(Text(rollway.id, style="bold"), Text(name, style="red"), runs(rollway.spaces), who)
    return table


WIDE: Final = NAME_WIDTH + PREFIX_WIDTH + CELL * max(len(r.spaces) for r in MAP_ROWS) + 6
NARROW: Final = PREFIX_WIDTH + CELL * max(len(r.spaces) for r in MAP_ROWS) + 6  # narrower: two-wide cells


class IslandMap:
    """The island trail by trail (one line each, its spaces numbered by the ruler on top), the
    caves, the smolder pits and the water, a legend, and the Fireballs with their rollways.
    On a screen narrower than the trails and their names, the names are left out."""

    def __init__(self, view: View, you: int | None, deterministic: bool = False) -> None:
        self.view = view
        self.you = you
        self.deterministic = deterministic

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        yield from self.lines(wide=width >= WIDE, cell=CELL if width >= NARROW else NARROW_CELL, width=width)

    def lines(self, wide: bool = True, cell: int = CELL, width: int = 100) -> list[RenderableType]:
        view = self.view
        board = _Board(view, self.you, cell)
        lines: list[RenderableType] = [_ruler(wide, cell)]
        start = _label("Dead Man's Plateau", "DMP", wide).append("start: ", style="dim")
        lines.append(start.append_text(board.crowd(BOARD.start)))
        for row in MAP_ROWS:
            lines.append(_row(row, board, wide))
            if row.prefix == "BR":
                vkp = BOARD.vul_kar_point
                body = _label(BOARD.spaces[vkp].name, vkp, wide).append_text(board.cell(vkp))
                if view["jewel"]["at"] == vkp:
                    body.append("the jewel: the first to land here captures it", style="dim")
                lines.append(body)
        lines += _caves_and_pits(board, width)
        lines.append(_legend(narrow=cell < CELL))
        lines += _junctions(width)
        lines += fireball_lines(view, self.you, self.deterministic, width)
        return lines


def _legend(narrow: bool = False) -> Text:
    """Two lines, each narrower than 60 columns, so no glyph is parted from its word."""
    lines = Text()
    for row in (
        (
            ("P1", _style(0), "piece"),
            (JEWEL, JEWEL_STYLE, "jewel"),
            ("·", "yellow", "trail"),
            ("▪", "bold", "dark: draw"),
        ),
        (("○", "grey62", "safe"), ("▣", "grey62", "both"), ("◇", "red3", "Rock Chip"), ("═", "dark_orange3", "bridge")),
        (("¹", "bold", "cave beside"), ("1◆", JEWEL_STYLE, "P1 holds the jewel"))
        if narrow
        else (("¹", "bold", "cave beside"),),
    ):
        if lines:
            lines.append("\n")
        for i, (glyph, style, what) in enumerate(row):
            if i:
                lines.append("  ")
            lines.append(glyph, style=style)
            lines.append(f" {what}", style="dim")
    return lines


def _junctions(width: int = 100) -> list[Text]:
    """The places named by a code of their own (the junctions, the start, the Dock), and the
    bridges' row, whose spaces are BRG1, PK1..PK3 and BRG2."""
    items = []
    for here in BOARD.spaces.values():
        if here.is_trail and not _NUMBERED.fullmatch(here.id):
            items.append(Text(here.id, style="bold").append(f" {here.name}", style="dim"))
    bridges = (*BOARD.segments["BRG1"].spaces, *BOARD.segments["PK"].spaces, *BOARD.segments["BRG2"].spaces)
    items.append(Text("BRG", style="bold").append(f" {runs(bridges)}", style="dim"))
    return flow(Text(), items, width, " · ")


def island_map(view: View, you: int | None, deterministic: bool = False) -> IslandMap:
    return IslandMap(view, you, deterministic)


# -- the table: whose turn, the jewel, the seats, the cards ------------------------------------


def _top(view: View) -> dict[str, Any]:
    """What is being decided (the view's `decision`); kind "" once the game is over."""
    decision: dict[str, Any] | None = view["decision"]
    return decision if decision is not None else {"kind": "", "seat": None}


def turn_line(view: View, you: int | None) -> Text:
    turn = view["turn"]
    text = Text(f"Turn {view['turns']}", style="bold")
    if view["decision"] is None:
        return text.append(" · the game is over")
    text.append(" · ")
    text.append(f"{'your' if turn == you else _p(turn) + chr(39) + 's'} turn", style=_style(turn))
    for fact in turn_facts(view, you):
        text.append(" · ").append_text(fact)
    return text


def turn_facts(view: View, you: int | None) -> list[Text]:
    """What the turn has come to: the roll (a 1 is a Fireball), a move instead of it, pushes
    to come, a Fireball aimed, a doubled roll, extra turns."""
    turn, facts = view["turn"], []
    roll = view["roll"]
    if roll == 1 and not view["was_doubled"]:
        what = "cave 1 and a Fireball" if view["rolling"] == "cave" else "a Fireball instead of a move"
        facts.append(Text(f"rolled a 1: {what}", style="bold red"))
    elif roll:
        what = " for a cave" if view["rolling"] == "cave" else " to move"
        decision = view["decision"] or {}
        if decision.get("window") == "end":
            what = ""  # the turn is over: the roll is spent, not still to be moved
        doubled = f" (doubled from {roll // 2})" if view["was_doubled"] else ""
        facts.append(Text(f"rolled {roll}{doubled}{what}"))
    if view["ahead"]:
        facts.append(Text(f"moves ahead {view['ahead']} instead of rolling"))
    if view["declared"]:
        facts.append(Text("will roll for a new cave" if view["declared"] == CAVE else "leaves the cave"))
    for seat, spaces in view["pushes"]:
        facts.append(Text(f"then {_p(seat, you)} moves {'you' if turn == you else _p(turn)} back {spaces}"))
    if view["aim"]:
        fireball = BOARD.fireballs[BOARD.rollway(view["aim"]).fireball].name
        facts.append(Text(f"{fireball} is aimed down {view['aim']}", style="bold red"))
    if view["doubled"]:
        facts.append(Text("the next roll to move is doubled", style="bold"))
    if view["extra"]:
        facts.append(Text(f"{plural(view['extra'], 'extra turn')} to come", style="bold"))
    return facts


def jewel_line(view: View, you: int | None) -> Text:
    text = Text("Jewel ", style="bold")
    text.append(JEWEL, style=JEWEL_STYLE)
    owner, at = view["jewel"]["owner"], view["jewel"]["at"]
    if owner is not None:
        text.append(" with ")
        text.append(_p(owner, you), style=_style(owner))
        text.append(f" ({place(view['pieces'][owner])})")
        if view["tokens"][owner]:
            text.append(": fitted into a Magic Charm token, no card can be taken from them", style="dim")
    elif at == BOARD.vul_kar_point:
        text.append(" in the Idol on Vul-Kar Point (VKP): not captured yet")
    else:
        text.append(f" lying on {place(at)}: the first to move onto or past it takes it")
    return text


def seats_table(view: View, names: Sequence[str], you: int | None, fireballed: Sequence[int] = ()) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("where", no_wrap=True)
    table.add_column("cards", justify="right")
    table.add_column("token")
    table.add_column("Fireballs")
    if fireballed:
        table.add_column("hit", justify="right")  # times Fireballed
    owner = view["jewel"]["owner"]
    playing = view["decision"] is not None
    for seat in range(view["players"]):
        space = view["pieces"][seat]
        label = Text(seat_label(seat, you), style=_style(seat))
        if seat == owner:
            label.append(f" {JEWEL}", style=JEWEL_STYLE)
        where = place(space, view["lying"][seat])
        token = "held" if view["tokens"][seat] else "traded" if view["collected"][seat] else "—"
        over = rollways_over(space)
        danger = (
            Text(", ".join(over), style="red") if over and not BOARD.spaces[space].safe else Text("safe", style="dim")
        )
        cells: list[RenderableType] = [
            "▶" if playing and seat == view["turn"] else "",
            label,
            Text(names[seat]),  # a name is not markup
            where,
            str(view["hand_sizes"][seat]),
            token,
            danger,
        ]
        if fireballed:
            cells.append(str(fireballed[seat]))
        table.add_row(*cells, style="bold" if seat == you else "")
    return table


def piles_line(view: View) -> Text:
    text = Text(f"Draw pile: {plural(view['pile'], 'card')}", style="dim")
    discard = view["discard"]
    if discard:
        text.append(" · discard pile (face up): ", style="dim")
        text.append(", ".join(title_of(k) + (f" ×{n}" if n > 1 else "") for k, n in discard.items()), style="dim")
    return text


def hand_lines(view: View) -> RenderableType:
    hand = view["hand"] or []
    text = Text(f"Your cards ({len(hand)}):", style="bold")
    if not hand:
        return text.append(" none", style="dim")
    text.append(" (type cards to see what each card does)", style="dim")
    lines = [text]
    for key, count in Counter(hand).items():
        line = Text("  ")
        line.append(title_of(key) + (f" ×{count}" if count > 1 else ""), style="bold cyan")
        line.append(f"  {key}", style="dim")
        lines.append(line)
    return Group(*lines)


class _Seats:
    """The seats' table, or on a screen too narrow for its columns the grid of pieces."""

    def __init__(self, view: View, names: Sequence[str], you: int | None) -> None:
        self.view, self.names, self.you = view, names, you

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < SEATS_WIDE:
            yield pieces_grid(self.view, self.you)
        else:
            yield seats_table(self.view, self.names, self.you)


SEATS_WIDE: Final = 80


def status(view: View, names: Sequence[str], you: int | None) -> RenderableType:
    parts: list[RenderableType] = [turn_line(view, you), jewel_line(view, you), _Seats(view, names, you)]
    parts.append(piles_line(view))
    if view["hand"] is not None:
        parts.append(hand_lines(view))
    return Group(*parts)


def _danger(space: str) -> Text:
    over = rollways_over(space)
    if over and not BOARD.spaces[space].safe:
        return Text(f"in the path of {', '.join(over)}", style="red")
    return Text("safe", style="dim")


def pieces_grid(view: View, you: int | None) -> Table:
    """One line a seat: whose turn (▶), the seat and the jewel, where its piece stands, its
    cards, its token and whether a Fireball can reach it."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_column()
    owner, playing = view["jewel"]["owner"], view["decision"] is not None
    for seat in range(view["players"]):
        space = view["pieces"][seat]
        label = Text(seat_label(seat, you), style=_style(seat))
        if seat == owner:
            label.append(f" {JEWEL}", style=JEWEL_STYLE)
        notes = Text(plural(view["hand_sizes"][seat], "card"))
        if view["tokens"][seat]:
            notes.append(" · token")
        notes.append(" · ").append_text(_danger(space))
        turn = "▶" if playing and seat == view["turn"] else " "
        grid.add_row(turn, label, place(space, view["lying"][seat]), notes, style="bold" if seat == you else "")
    return grid


def hand_line(view: View) -> Text:
    hand = view["hand"] or []
    text = Text("Your cards: ", style="bold")
    if not hand:
        return text.append("none", style="dim")
    for i, (key, count) in enumerate(Counter(hand).items()):
        if i:
            text.append(" · ", style="dim")
        text.append(title_of(key) + (f" ×{count}" if count > 1 else ""), style="bold cyan")
    return text


COMPACT_HELP: Final = "b: the island · f: the Fireballs · cards: what they do"


def compact_board(view: View, you: int | None) -> RenderableType:
    """What a person needs at each prompt, in a few lines: the turn (the roll, a Fireball
    aimed), each piece where it stands, the jewel, their cards; the island itself on b."""
    parts: list[RenderableType] = []
    facts = turn_facts(view, you)
    if facts:
        line = Text(" · ").join(facts)
        line.plain = line.plain[:1].upper() + line.plain[1:]  # the same length: the styles stay
        parts.append(line)
    parts += [pieces_grid(view, you), jewel_line(view, you)]
    if view["hand"] is not None:
        parts.append(hand_line(view))
    parts.append(Text(COMPACT_HELP, style="dim"))
    return Group(*parts)


def cards_help() -> Table:
    table = Table(title="The cards", box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    table.add_column("key")
    table.add_column("card")
    table.add_column("when, and what it does")
    for kind in CardType:
        key = str(kind) + ("_n" if kind in NUMBERS else "")
        table.add_row(key, TITLES[kind].format(n="n", s="S"), CARD_USES[kind])
    return table


# -- what is being decided ---------------------------------------------------------------------


class Situation:
    """The decision of a view, read for people: who decides what, and why."""

    def __init__(self, view: View, you: int | None, deterministic: bool = False) -> None:
        self.view = view
        self.you = you
        self.deterministic = deterministic
        self.top = _top(view)
        self.name = str(self.top["kind"])
        self.turn: int = view["turn"]
        self.mine = self.turn == you

    def who(self, seat: int) -> str:
        return "you" if seat == self.you else _p(seat)

    def whose(self, seat: int) -> str:
        return "your" if seat == self.you else f"{_p(seat)}'s"

    def at(self, seat: int) -> str:
        return place(self.view["pieces"][seat], self.view["lying"][seat])

    def roller(self) -> int:
        """The roller of the Fireball a talisman window is about."""
        return int(self.top["roller"])

    def targets(self) -> list[int]:
        return story.on_rollway(self.view["aim"], self.view["pieces"])

    def fireball(self, rollway: str) -> str:
        return BOARD.fireballs[BOARD.rollway(rollway).fireball].name

    def short(self) -> str:
        """A few words for the heading."""
        top, name = self.top, self.name
        if name == "window":
            kind = top["window"]
            return {
                "pre": "before the roll",
                "post": "after the roll",
                "end": "the end of the turn",
                "talisman": "a Fireball is about to roll",
                "stand": "standing up",
            }[kind]
        return {
            "cancel": "a card was just played",
            "steal": "a steal of the jewel",
            "declare": "in a cave",
            "aim": "aim a Fireball",
            "walk": "choose a walk",
        }.get(name, name)

    def question(self) -> str:
        """The situation and the question, one sentence: what a person answers."""
        view, top, name = self.view, self.top, self.name
        turn = self.turn
        if name == "window":
            kind = top["window"]
            if kind == "pre":
                if self.mine:
                    if view["ahead"]:
                        return f"Your turn: you move ahead {view['ahead']} instead of rolling. Play a card first?"
                    return "Your turn: play a card before you roll, or roll the die."
                return f"{_p(turn)} is about to roll, from {self.at(turn)}: play a card?"
            if kind == "post":
                roll, cave = view["roll"], view["rolling"] == "cave"
                what = f"rolled {roll} " + ("for a new cave" if cave else "to move")
                if roll == 1:
                    what = "rolled a 1: " + ("cave 1 and a Fireball" if cave else "a Fireball instead of a move")
                elif view["was_doubled"]:
                    what += f" (a {roll // 2}, doubled)"
                return f"{self.who(turn).capitalize()} {what}. Play a card?"
            if kind == "end":
                return "Your turn is over: play a card before it ends?"
            if kind == "stand":
                return "You stand up in your smolder pit (no roll, no move, no card): trade your token in?"
            roller = self.roller()
            aim = view["aim"]
            at = ", ".join(self.who(s) for s in self.targets())
            chances = story.aim_chances(aim, view["pieces"], self.deterministic)
            you_hit = chances.get(self.you, 0.0) if self.you is not None else 0.0
            risk = f" ({_percent(you_hit)} to hit you)" if you_hit else ""
            return (
                f"{self.who(roller).capitalize()} {'are' if roller == self.you else 'is'} about to roll "
                f"{self.fireball(aim)} down {aim} at {at}{risk}: play MAGIC TALISMAN?"
            )
        if name == "cancel":
            key, seat, target, cancels, last = top["card"], top["player"], top["target"], top["cancels"], top["last"]
            card = title_of(key)
            on = ""
            if target is not None:
                on = f" against {self.who(target)}"
            elif parse_card(key).type in (CardType.MOVE_BACK, CardType.MOVE_AHEAD) and seat != turn:
                on = f" on {self.who(turn)}"
            if cancels == 0:
                return f"{self.who(seat).capitalize()} played {card}{on}: CANCEL it?"
            now = "is canceled" if cancels % 2 else "stands again"
            return f"{self.who(last).capitalize()} played CANCEL: {self.whose(seat)} {card}{on} {now}. CANCEL again?"
        if name == "steal":
            return f"{_p(top['thief'])} is passing you to steal the jewel: play FAKE JEWEL?"
        if name == "declare":
            cave = BOARD.spaces[view["pieces"][turn]]
            out = BOARD.cave_exit(cave.id)
            if out is None:
                return f"You are in cave {cave.cave}, the dead end: you must roll for a new cave."
            return f"You are in cave {cave.cave}: roll for a new cave, or leave by the trail from {out}?"
        if name == "aim":
            return "Roll a Fireball: choose the rollway to aim it down (each piece's chance to be hit is shown)."
        if name == "walk":
            mover, steps, decider = top["mover"], top["steps"], top["seat"]
            if mover != decider:
                return f"Move {_p(mover)} ({self.at(mover)}) back {steps}: choose where."
            if view["ahead"]:
                return f"Move ahead {steps} from {self.at(mover)}: choose your walk."
            return f"You rolled {steps}: choose your walk from {self.at(mover)}."
        return ""

    # -- one line per move ---------------------------------------------------------------------

    def line(self, move: Move, notation: str) -> Text:
        """How one legal move is listed: what it does now, then its notation."""
        if move.kind == GO:
            return self._walk_line(move, notation)
        if move.kind == AIM:
            return self._aim_line(move.path[0])
        return Text(self._what(move)).append(f"  {notation}", style="dim")

    def _what(self, move: Move) -> str:
        view, top, name = self.view, self.top, self.name
        turn = self.turn
        if move.kind == PASS:
            window = top.get("window")
            if window == "pre" and self.mine:
                return f"move ahead {view['ahead']}" if view["ahead"] else "roll the die"
            if window in ("end", "stand"):
                return "end your turn"
            if window == "post" and self.mine:
                return "play no card: go on"
            if window == "talisman":
                return "let the Fireball roll"
            if name == "steal":
                return f"let {_p(top['thief'])} take the jewel"
            if name == "cancel":
                return "let it be"
            return "play no card"
        if move.kind == TRADE:
            return "trade your Magic Charm token in: fill your hand to 4 cards"
        if move.kind == CAVE:
            return "roll for a new cave (a 1: cave 1 if free, and a Fireball)"
        if move.kind == EXIT:
            out = BOARD.cave_exit(view["pieces"][turn])
            return f"leave by the trail: roll, and count from {out}"
        assert move.card is not None
        card = move.card
        kind = card.type
        what = {
            CardType.FIREBALL: "roll a Fireball now: you aim it",
            CardType.FAKE_JEWEL: "keep the jewel: the thief must move on",
            CardType.MAGIC_TALISMAN: "stop the Fireball",
            CardType.DOUBLE_NEXT_ROLL: "the next roll to move counts double",
            CardType.TAKE_ANOTHER_TURN: "take another turn after this one",
        }.get(kind, "")
        if kind is CardType.FIREBALL and self.you is not None:
            at = story.fireball_targets(self.you, view["pieces"])
            if not at:
                what = "nobody stands on a rollway: it would not roll"
            elif at == [self.you]:
                what = "only you stand on a rollway: it would roll at you!"
            else:
                what = "roll a Fireball now at " + ", ".join(_p(s) for s in at if s != self.you)
                if self.you in at:
                    what += " (you stand in a path too)"
        elif kind is CardType.REROLL:
            what = "roll again: this roll does not count" if self.mine else f"{_p(turn)} must roll again"
        elif kind is CardType.TAKE_1_CARD:
            k = view["hand_sizes"][move.target]
            what = f"take one of {_p(move.target)}'s {plural(k, 'card')} at random"
        elif kind is CardType.MOVE_AHEAD:
            what = (
                f"move ahead {card.spaces} instead of rolling"
                if self.mine
                else f"{_p(turn)} must move {card.spaces} instead of rolling"
            )
        elif kind is CardType.MOVE_BACK:
            fireball_instead = view["roll"] == 1 and not view["was_doubled"] and view["rolling"] != "cave"
            when = "before rolling" if view["roll"] == 0 else "after the move"
            if fireball_instead:
                when = "after the Fireball"  # a 1 rolls a Fireball instead of a move: no move to follow
            what = f"{_p(turn)} moves back {card.spaces} {when}; you choose where"
        elif kind is CardType.CANCEL:
            seat, cancels, last = top["player"], top["cancels"], top["last"]
            played = title_of(top["card"])
            what = f"cancel {self.whose(seat)} {played}"
            if cancels:
                now = "stands" if cancels % 2 else "is canceled"
                what = f"cancel {self.whose(last)} CANCEL: {self.whose(seat)} {played} {now}"
        return f"{card.title}: {what}"

    def _aim_line(self, rollway: str) -> Text:
        spaces = BOARD.spaces_on_rollway(rollway)
        text = Text(f"{rollway:<10}", style="bold")
        text.append(f"{self.fireball(rollway)} rolls {runs(spaces)}")
        text.append(": ")
        chances = story.aim_chances(rollway, self.view["pieces"], self.deterministic)
        for i, (seat, p) in enumerate(chances.items()):
            if i:
                text.append(", ")
            text.append(self.who(seat), style=_style(seat))
            text.append(f" on {self.view['pieces'][seat]} {_percent(p)}")
        return text

    def _walk_line(self, move: Move, notation: str) -> Text:
        view, top = self.view, self.top
        mover, steps, decider = top["mover"], top["steps"], top["seat"]
        path = move.path
        text = Text(f"{notation:<6}", style="bold")
        text.append(space_name(path[-1]))
        jewel = view["jewel"]
        hand = view["hand_sizes"][mover]
        notes = story.walk_notes(
            path, mover, decider, steps, view["pieces"], jewel["at"], jewel["owner"], view["collected"], hand
        )
        own = mover == decider
        for note in notes:
            text.append(" · ", style="dim")
            text.append(note.words, style=NOTE_STYLES[note.kind])
        if ">" in notation:
            return text
        if not own and len(path) > 1:
            text.append(f"  ({' > '.join(path)})", style="dim")
        return text


def fireball_menu(view: View, legal: Sequence[AnyMove], you: int | None, deterministic: bool = False) -> MoveMenu:
    situation = Situation(view, you, deterministic)
    moves = [m for m in legal if isinstance(m, Move)]
    ends = Counter(m.path[-1] for m in moves if m.kind == GO)
    lines = []
    for move in moves:
        if move.kind == GO:
            notation = move.path[-1] if ends[move.path[-1]] == 1 else ">".join(move.path)
        elif move.kind == AIM:
            notation = move.path[0]
        elif move.kind == PLAY:
            assert move.card is not None
            notation = move.card.key + (f"@{move.target + 1}" if move.target >= 0 else "")
        elif move.kind == PASS and situation.top.get("window") == "pre" and situation.mine:
            notation = "roll"
        else:
            notation = move.kind
        lines.append(situation.line(move, notation))
    heading = {
        "walk": "Where to:",
        "aim": "Aim down:",
        "declare": "Your choice:",
    }.get(situation.name, "Your moves:")
    return MoveMenu(moves, lines=lines, heading=heading)


# -- the screen --------------------------------------------------------------------------------


class FireballIslandScreen(StoryScreen):
    """A Fireball Island match as one seat may see it: the story of its events, the island,
    the seats (StoryScreen says what the arguments mean)."""

    notation_help = NOTATION_HELP

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deterministic = getattr(self.options, "fireball_mode", "") == "deterministic"
        self.fireballed = [0] * len(self.names)
        self._first: list[str] = []  # the rolls for who goes first, told in one line
        self._dealt: list[str] = []  # your cards of the deal
        self._draws: list[Any] | None = None  # [seat, count, cards you saw]: consecutive draws, told as one
        self._due: int | None = None  # a Fireball fell due in this turn (numbered): is it rolled?
        self._board_view: View | None = None

    # -- GameScreen ---------------------------------------------------------------------------

    def board(self, view: View) -> RenderableType:
        """What a person needs at each prompt in a few lines (compact_board), so the news
        printed above it stays on screen; asked for again (b): the whole island and table."""
        again = view is self._board_view
        self._board_view = view
        if not again:
            return compact_board(view, self.you)
        return Group(island_map(view, self.you, self.deterministic), status(view, self.names, self.you))

    def sheet(self, view: View) -> RenderableType:
        return Group(turn_line(view, self.you), jewel_line(view, self.you), self._seats(view))

    def hints(self, view: View, legal: Sequence[AnyMove]) -> list[str]:
        question = Situation(view, self.you, self.deterministic).question()
        return [question] if question else []

    def menu(self, view: View, legal: Sequence[AnyMove]) -> MoveMenu:
        return fireball_menu(view, legal, self.you, self.deterministic)

    def title(self, view: View) -> str:
        situation = Situation(view, self.you, self.deterministic)
        whose = "your" if situation.mine else f"{_p(situation.turn)}'s"
        return f"Turn {view['turns']} · {whose} turn · {situation.short()}"

    def final(self, view: View) -> RenderableType:
        return Group(
            island_map(view, self.you, self.deterministic),
            jewel_line(view, self.you),
            self._seats(view),
            result_line(view, self.you),
        )

    def command(self, view: View, text: str) -> RenderableType | None:
        word = text.strip().lower()
        if word in ("map", "island"):
            return island_map(view, self.you, self.deterministic)
        if word in ("f", "fireballs", "rollways"):
            return fireballs_table(view, self.you, self.deterministic)
        if word in ("cards", "c"):
            return cards_help()
        return None

    def _seats(self, view: View) -> Table:
        return seats_table(view, self.names, self.you, self.fireballed)

    # -- the story -----------------------------------------------------------------------------

    def _say(self, text: str, seat: int | None = None, style: str = "") -> None:
        if self.you is not None:
            text = re.sub(rf"\bP{self.you + 1}'s\b", "your", text)
            text = re.sub(rf"\bP{self.you + 1}\b", self._label(self.you), text)
        line = Text(text[:1].upper() + text[1:], style=style)
        if seat is not None and seat == self.you:
            line.stylize("bold")
        self.news.append(line)

    def _major(self, view: View, text: str, seat: int | None = None, style: str = "") -> None:
        """A turn of the game told even when not every step is (unattended, replay): with its turn."""
        self._say(text if self.verbose else f"Turn {view['turns']}: {text}", seat, style)

    def on_event(self, event: Event) -> None:
        before, after = self._views(event)
        top = _top(before)
        if event.seat == CHANCE and top["kind"] == "draw":
            self._draw(top["drawer"], before, after)
        elif self.verbose:
            if event.seat == CHANCE:
                self._tell_chance(event, top, before, after)
            elif event.text != PASS:
                self._say(f"{_p(event.seat)} {event.description_for(self.you) or event.text}", event.seat)
            elif event.public:  # a card window, told once when it closes: "nobody played a card"
                self._say(event.public)
        self._consequences(event, top, before, after)

    def _draw(self, seat: int, before: View, after: View) -> None:
        """A run of draws by one seat is told in one line, once it is over."""
        seen: list[str] = []
        if seat == self.you and before["hand"] is not None and after["hand"] is not None:
            seen = list((Counter(after["hand"]) - Counter(before["hand"])).elements())
        if before["turns"] == 0:  # the deal, told with the rolls for who goes first
            self._dealt += seen
            return
        if self._draws is None:
            self._draws = [seat, 0, []]
        self._draws[1] += 1
        self._draws[2] += seen
        top = _top(after)
        if top["kind"] != "draw" or top["drawer"] != seat:
            self._flush_draws()

    def _flush_draws(self) -> None:
        if self._draws is None:
            return
        seat, count, seen = self._draws
        self._draws = None
        if not self.verbose:
            return
        if seen:
            self._say(f"{_p(seat)} draws {', '.join(title_of(k) for k in seen)}", seat)
        else:
            self._say(f"{_p(seat)} draws {'a card' if count == 1 else f'{count} cards'}", seat)

    def _tell_chance(self, event: Event, top: dict[str, Any], before: View, after: View) -> None:
        name = top["kind"]
        if name == "first":
            seat = top["roller"]
            self._first.append(f"{_p(seat)} {event.text}")
            if after["turns"] > 0:
                yours = ", ".join(title_of(k) for k in self._dealt)
                self._say("Each player is dealt one card" + (f"; yours is {yours}." if yours else "."))
                self._say(f"Who goes first: {', '.join(self._first)}. {_p(after['turn'])} goes first.")
                self._first = []
            return
        turn = before["turn"]
        if name == "roll":
            value = int(event.text)
            if top["purpose"] == "cave":
                text = f"{_p(turn)} rolls {value} for a new cave"
                holder = next((s for s, at in enumerate(before["pieces"]) if at == BOARD.cave(value)), None)
                if holder is not None:
                    taken = "is their own" if holder == turn else f"holds {_p(holder)}"
                    text += f": cave {value} {taken}, so {_p(turn)} stays"
                if value == 1:
                    text += " (a 1: a Fireball too!)"
            else:
                text = f"{_p(turn)} rolls {value}"
                if after["was_doubled"]:
                    text += f", doubled to {after['roll']}"
                elif value == 1:
                    text += ": a Fireball instead of a move!"
            self._say(text, turn)
        elif name == "take":
            taker, victim = top["taker"], top["victim"]
            text = f"{_p(taker)} takes a card at random from {_p(victim)}"
            if self.you in (taker, victim) and before["hand"] is not None and after["hand"] is not None:
                moved: Counter[str] = (Counter(after["hand"]) - Counter(before["hand"])) or (
                    Counter(before["hand"]) - Counter(after["hand"])
                )
                text += ": " + ", ".join(title_of(k) for k in moved.elements())
            self._say(text, taker)
        # a Fireball's hits are told with their consequences: who fell where

    def _consequences(self, event: Event, top: dict[str, Any], before: View, after: View) -> None:
        verbose = self.verbose
        fallen = [
            s
            for s in range(len(after["pieces"]))
            if after["pieces"][s] != before["pieces"][s] and BOARD.spaces[after["pieces"][s]].is_pit
        ]
        aim = before["aim"]
        if aim and (fallen or top["kind"] == "hits"):
            for seat in fallen:
                self.fireballed[seat] += 1
            if verbose:
                self._say(self._hits_line(aim, fallen, before, after))
        elif aim and not after["aim"] and top["kind"] != "aim" and verbose:
            self._say("The MAGIC TALISMAN stops the Fireball: it does not roll.")
        self._fireball_due(event, top, before, after)
        for seat, (was, now) in enumerate(zip(before["pieces"], after["pieces"], strict=True)):
            if was != now and BOARD.spaces[now].is_cave and top["kind"] != "walk" and verbose:
                self._say(f"{_p(seat)} goes into cave {BOARD.spaces[now].cave}", seat)
        if after["pile"] > before["pile"] and verbose:
            self._say("The draw pile ran out: the discard pile is shuffled into a new one.")
        self._jewel(top, before, after)
        if after["turns"] > before["turns"] and after["decision"] is not None:
            self._new_turn(before, after)
        if before["decision"] is not None and after["decision"] is None:
            self._flush_draws()  # the result is told by `final`

    def _fireball_due(self, event: Event, top: dict[str, Any], before: View, after: View) -> None:
        """A Fireball falls due (a roll of 1, a FIREBALL card, the capture's) but when nobody
        stands on any rollway nothing rolls (D-FI-2), and the engine drops it without a step of
        its own: say so, or a person waits for a Fireball that never comes."""
        turn = before["turn"]
        names = [step["step"] for step in after["steps"]]  # the turn's steps to come
        after_top = names[-1] if names else ""
        if event.seat >= 0 and event.text == "FIREBALL":
            if after_top != "fireball" and self.verbose:
                self._say("Nobody stands on a rollway: no Fireball rolls.")
            return
        rolled_one = event.seat == CHANCE and top["kind"] == "roll" and event.text == "1"
        if rolled_one and not (top["purpose"] == "move" and after["was_doubled"]):
            self._due = before["turns"]
        if before["jewel"]["at"] == BOARD.vul_kar_point and after["jewel"]["owner"] is not None:
            self._due = before["turns"]  # the capture's Fireball, after its draws
        if self._due is None:
            return
        if after_top == "fireball" or top["kind"] == "aim":
            self._due = None  # it is being aimed
        elif "fireball" in names or ("rolled" in names and after["turns"] == self._due):
            return  # still to come: after the capture's draws, or once the roll's window closes
        elif after_top == "roll" and after["turns"] == self._due:
            self._due = None  # the roll was rerolled
        else:
            fell = BOARD.spaces[after["pieces"][turn]].is_pit and not BOARD.spaces[before["pieces"][turn]].is_pit
            if self.verbose and not fell:
                self._say("Nobody stands on a rollway: no Fireball rolls.")
            self._due = None

    def _hits_line(self, aim: str, fallen: list[int], before: View, after: View) -> str:
        on = story.on_rollway(aim, before["pieces"])
        fireball = BOARD.fireballs[BOARD.rollway(aim).fireball].name
        parts = []
        for seat in fallen:
            now = after["pieces"][seat]
            into = "into the water" if BOARD.spaces[now].is_water else f"into smolder pit {_PIT_LETTER[now]}"
            parts.append(f"hits {_p(seat)} on {before['pieces'][seat]} ({into})")
        spared = [s for s in on if s not in fallen]
        if spared:
            parts.append("misses " + ", ".join(f"{_p(s)} on {before['pieces'][s]}" for s in spared))
        return f"{fireball} rolls down {aim} and " + "; ".join(parts)

    def _jewel(self, top: dict[str, Any], before: View, after: View) -> None:
        was, now = before["jewel"], after["jewel"]
        if was == now:
            return
        old, new = was["owner"], now["owner"]
        walked = top["kind"] == "walk"  # the walk's own line said it already
        if old is None and new is not None:
            if was["at"] == BOARD.vul_kar_point:
                if not (walked and self.verbose):
                    self._major(after, f"{_p(new)} captures the jewel at Vul-Kar Point!", new, "bold red")
            elif not (walked and self.verbose):
                self._major(after, f"{_p(new)} picks up the jewel on {was['at']}", new, "bold red")
        elif old is not None and new is not None:
            self._major(after, f"{_p(new)} steals the jewel from {_p(old)}!", new, "bold red")
        elif old is not None:
            self._major(after, f"{_p(old)} drops the jewel: it lies on {place(now['at'])}", old, "red")

    def _new_turn(self, before: View, after: View) -> None:
        if not self.verbose:
            return
        n = len(after["lying"])
        number = before["turns"]
        # Stand-up turns (FI-13) pass without a step of their own: each is told in its place. A
        # piece Fireballed in this very step may have stood up in it too.
        fell = [
            s
            for s in range(n)
            if after["pieces"][s] != before["pieces"][s] and BOARD.spaces[after["pieces"][s]].kind is Kind.PIT
        ]
        for seat in sorted(range(n), key=lambda s: (s - before["turn"] - 1) % n):
            if (before["lying"][seat] or seat in fell) and not after["lying"][seat]:
                number += 1
                where = place(after["pieces"][seat])
                self.news.append(
                    Text(f"── Turn {number}: {self._label(seat)} stands up in {where}: a lost turn ──", "dim")
                )
        turn = after["turn"]
        extra = ""
        if turn == before["turn"] and after["turns"] == before["turns"] + 1 and before["turns"]:
            extra = " (an extra turn" + (f", {after['extra']} more to come)" if after["extra"] else ")")
        self.news.append(Text(f"── Turn {after['turns']}: {self._whose(turn)} turn{extra} ──", style=_style(turn)))

    def _whose(self, seat: int) -> str:
        return "your" if seat == self.you else f"{_p(seat)}'s"


def result_line(view: View, you: int | None) -> Text:
    winner = view["winner"]
    if winner is not None:
        who = seat_label(winner, you)
        return Text(
            f"{who} {'reach' if winner == you else 'reaches'} the Dock with the jewel and "
            f"{'win' if winner == you else 'wins'} after {view['turns']} turns!",
            style="bold green",
        )
    if view["decision"] is not None:
        return Text("The game is not over.", style="dim")
    return Text(f"The game stops at the turn limit after {view['turns']} turns: nobody wins.", style="bold yellow")


def _pointless(move: Move, view: View, you: int) -> bool:
    """A FIREBALL card that could roll only at the one who plays it, or at nobody (nobody else
    stands on a rollway, D-FI-2's target rule): a card spent for nothing, or a turn lost."""
    if move.kind != PLAY or move.card is None or move.card.type is not CardType.FIREBALL:
        return False
    return story.fireball_targets(you, view["pieces"]) in ([], [you])


class FireballHumanAgent(HumanAgent):
    """A person at this terminal. When the only thing they may do is pass (they hold no card
    that answers, or only a FIREBALL that would roll at themselves or at nobody), they are not asked: every
    seat holding a card is asked anyway (FI-2), so passing for them tells nobody anything. When
    the rules leave one move (one walk, one rollway, the dead end's roll), it is played and said."""

    def choose(self, view: View, legal: Sequence[AnyMove], rng: random.Random) -> AnyMove:
        moves = [m for m in legal if isinstance(m, Move)]
        passes = [m for m in moves if m.kind == PASS]
        if passes and len(moves) == len(legal) and all(m.kind == PASS or _pointless(m, view, self.seat) for m in moves):
            return passes[0]
        if len(legal) == 1 and isinstance(legal[0], Move) and legal[0].kind in (GO, AIM, CAVE):
            for item in self.screen.take_news():
                self.console.print(item)
            self.console.print(Text(forced_line(view, legal[0], self.seat), style="yellow"))
            return legal[0]
        return super().choose(view, legal, rng)


def forced_line(view: View, move: Move, you: int) -> str:
    """What is played for a person when it is the only legal move."""
    if move.kind == CAVE:
        return "Cave 4 is the dead end: you roll for a new cave."
    if move.kind == AIM:
        return f"One rollway only: you aim the Fireball down {move.path[0]}."
    top = _top(view)
    end = place(move.path[-1])
    if top["mover"] != you:
        return f"One way only: you move {_p(top['mover'])} back to {end}."
    return f"One walk only: you walk to {end}."
