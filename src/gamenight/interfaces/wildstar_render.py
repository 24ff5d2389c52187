"""Wildstar for people in a terminal: the star drawn with Rich, and the game told as a story.

Everything here reads views (`state.view(seat)`) and events' descriptions for one seat,
never a state's hidden parts, so what it prints is what that seat may know.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
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
from gamenight.games.wildstar.moves import PLAY, parse_move
from gamenight.games.wildstar.moves import Move as StarMove
from gamenight.games.wildstar.tiles import (
    DOUBLE_STAR,
    HALVES,
    NAMES,
    POINTS,
    SINGLE_STAR,
    STARTING_DOUBLES,
    is_star,
    parse,
)
from gamenight.interfaces.terminal import Choice, MoveMenu, StoryScreen, seat_label

STAR = "★"  # a wildstar on the table, written as the tile it stands for: ★4-7, ★5-5

NOTATION_HELP = """\
  4-6@e3          play 4-6 on end e3, which shows 4 (the half against the end first)
  9-4@e0          the first five plays go around the star centre, e0, and carry its number
  S-7@e3          a single star on e3, declared as (e3's number)-7: any number but e3's own
  SS@e3           the double star on e3: it becomes the double of e3's number
  draw  pass      when you cannot play; after a draw, pass keeps the drawn tile"""


# -- the star ---------------------------------------------------------------------------------


@dataclass
class _Node:
    id: int
    parent: int  # -1 for the centre
    tile: str  # as shown: "9-5" (inner half first), "★5-7" a single star, "★5-5" the double star
    value: int  # the number it shows outward
    star: bool
    children: list[int]


def star_nodes(entries: Sequence[str]) -> list[_Node]:
    """The view's layout entries ("9-9", "9-5@e0", "S-7@e1", "SS@e2") as a tree, ids in play order."""
    nodes: list[_Node] = []
    for i, entry in enumerate(entries):
        if i == 0:
            number = HALVES[parse(entry)][0]
            nodes.append(_Node(0, -1, entry, number, False, []))
            continue
        move = parse_move(entry)
        if move.kind != PLAY or not 0 <= move.end < i:  # pragma: no cover - the view writes these itself
            raise NotationError(f"layout entry {entry!r} is not a play on an earlier tile")
        inner = nodes[move.end].value
        outer = inner if move.tile == DOUBLE_STAR else move.outer
        shown = f"{STAR if is_star(move.tile) else ''}{inner}-{outer}"
        nodes.append(_Node(i, move.end, shown, outer, is_star(move.tile), []))
        nodes[move.end].children.append(i)
    return nodes


def _end_mark(value: int, end: int, free: int, *, waiting: bool = False) -> Text:
    if waiting:  # an arm's end in the centre stage: open once all five arms are out
        return Text(f" ▹ {value} at e{end}", style="dim")
    mark = Text(" ▸ ", style="green")
    mark.append(str(value), style="bold green")
    mark.append(f" at e{end}", style="green")
    if free > 1:
        mark.append(f" ×{free}", style="green")
    return mark


def star_tree(view: View) -> Tree | Text:
    """The star grown from its centre: one branch per arm, each arm a chain of tiles out to
    its open end (a double that branches, with --doubles-branch, forks the chain)."""
    nodes = star_nodes(view["layout"])
    if not nodes:
        return Text(f"The star centre is empty: {view['centre']} is not set yet.", style="dim")
    open_ends = {e["end"]: e["free"] for e in view["open_ends"]}
    centre_stage = view["stage"] == "centre"

    def label(node: _Node) -> Text:
        text = Text(node.tile, style="bold magenta" if node.star else "bold")
        if node.id in open_ends:
            text.append_text(_end_mark(node.value, node.id, open_ends[node.id]))
        elif centre_stage and node.id and not node.children:
            text.append_text(_end_mark(node.value, node.id, 1, waiting=True))
        return text

    def chain(start: int) -> tuple[Text, list[int]]:
        # A tile with one tile on it and no place left is a link in its arm: keep following.
        text = label(nodes[start])
        node = nodes[start]
        while len(node.children) == 1 and node.id not in open_ends:
            node = nodes[node.children[0]]
            text.append(" › ", style="dim")
            text.append_text(label(node))
        return text, node.children

    def grow(branch: Tree, children: list[int]) -> None:
        for child in children:
            text, grandchildren = chain(child)
            grow(branch.add(text), grandchildren)

    root = Text(nodes[0].tile, style="bold")
    if 0 in open_ends:  # the centre stage: the centre takes the next arms
        root.append(" in the star centre", style="dim")
        root.append_text(_end_mark(nodes[0].value, 0, open_ends[0]))
    else:
        root.append(" in the star centre (e0)", style="dim")
    tree = Tree(root, guide_style="dim")
    grow(tree, nodes[0].children)
    return tree


def stage_line(view: View) -> Text | None:
    """Where a tile may go now: around the centre (the first five plays), or on the open ends."""
    if view["stage"] is None:
        return None
    if view["stage"] == "centre":
        arms, needed = view["arms"], view["arms_needed"]
        left = needed - arms
        number = view["centre"].split("-")[0]
        text = Text(f"Centre stage: {arms} of {needed} arms. ", style="bold")
        text.append(
            f"The next {left} play{'s go' if left > 1 else ' goes'} around the centre (e0) with a tile "
            f"carrying {'an' if number == '8' else 'a'} {number}; no wildstars until the five arms are out."
        )
        return text
    by_number: dict[int, list[str]] = {}
    for end in view["open_ends"]:
        where = f"e{end['end']}" + (f" ×{end['free']}" if end["free"] > 1 else "")
        by_number.setdefault(end["value"], []).append(where)
    text = Text("Open stage: ", style="bold")
    text.append("open ends ")
    for i, number in enumerate(sorted(by_number)):
        if i:
            text.append(" · ", style="dim")
        text.append(str(number), style="bold green")
        text.append(f" at {', '.join(by_number[number])}")
    return text


# -- the players, the teams, the hand ----------------------------------------------------------


def team_name(seats: Iterable[int], you: int | None = None) -> str:
    """Partners by their seats: "P1 & P3", "P1, P3 & P5"."""
    labels = [seat_label(s, you) for s in seats]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} & {labels[-1]}"


def side_name(view: View, side: int, you: int | None) -> str:
    """A scoring side: a team of partners, or a seat."""
    teams = view["teams"]
    return team_name(teams[side], you) if teams is not None else seat_label(side, you)


def _goal(view: View) -> str:
    return "lowest total wins" if view["lowest_wins"] else "highest total wins"


def status_line(view: View, you: int | None) -> Text:
    text = Text(f"Hand {view['hand_number']} of {view['hands_in_game']}, centre {view['centre']}", style="bold")
    text.append(f" · {seat_label(view['shuffler'], you)} shuffled · {_goal(view)}", style="dim")
    return text


def players_table(view: View, names: Sequence[str], you: int | None) -> Table:
    teams = view["teams"]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("")
    table.add_column("seat")
    table.add_column("player")
    if teams is not None:
        table.add_column("team")
    table.add_column("tiles", justify="right")
    if teams is None:
        table.add_column("score", justify="right")
    lacked = any(view["lacked"])
    if lacked:
        table.add_column("last could not play on")  # public: everyone saw them draw or pass
    to_act = view["to_act"]
    for seat in range(view["players"]):
        cells: list[RenderableType] = [
            "▶" if seat == view["turn"] and to_act is not None and to_act >= 0 else "",
            seat_label(seat, you),
            Text(names[seat] + (" (shuffler)" if seat == view["shuffler"] else "")),  # a name is not markup
        ]
        if teams is not None:
            cells.append(team_name(next(t for t in teams if seat in t), you))
        cells.append(str(view["hand_sizes"][seat]))
        if teams is None:
            cells.append(str(view["scores"][seat]))
        if lacked:
            cells.append(" ".join(view["lacked"][seat]))
        table.add_row(*cells, style="bold" if seat == you else "")
    return table


def teams_line(view: View, you: int | None) -> Text | None:
    teams = view["teams"]
    if teams is None:
        return None
    text = Text("Teams: ", style="bold")
    for side in range(len(teams)):
        if side:
            text.append("  vs  ", style="dim")
        text.append(team_name(teams[side], you), style="bold" if you in teams[side] else "")
        text.append(f" {view['scores'][side]}")
    text.append(f"   ({_goal(view)})", style="dim")
    return text


def _hand_order(name: str) -> tuple[int, int, int]:
    """Numbered tiles high to low (9-9, 9-5, ..., 0-0), then the single and the double star."""
    kind = parse(name)
    if is_star(kind):
        return (1, kind, 0)
    a, b = HALVES[kind]
    return (0, -max(a, b), -min(a, b))


def hand_tile(name: str) -> str:
    """A tile of a hand as shown: high half first (9-5), a star with its letters to type (★S, ★SS)."""
    kind = parse(name)
    if is_star(kind):
        return f"{STAR}{NAMES[kind]}"
    a, b = HALVES[kind]
    return f"{max(a, b)}-{min(a, b)}"


def hand_line(view: View) -> Text:
    hand = sorted(view["hand"] or [], key=_hand_order)
    drawn = view["drawn"]
    points = sum(POINTS[parse(t)] for t in hand)
    count = len(hand)
    text = Text(f"Your hand ({plural(count, 'tile')}, {plural(points, 'point')}): ", style="bold")
    for name in hand:
        style = "magenta" if is_star(parse(name)) else "cyan"
        text.append(hand_tile(name), style=f"bold {style} reverse" if name == drawn else style)
        text.append("  ")
    text.rstrip()
    return text


def board(view: View, names: Sequence[str], you: int | None) -> RenderableType:
    """Everything on the table as `you` sees it, with your hand at the bottom, nearest the prompt."""
    parts: list[RenderableType] = [status_line(view, you), star_tree(view)]
    if (stage := stage_line(view)) is not None:
        parts.append(stage)
    parts.append(players_table(view, names, you))
    if (teams := teams_line(view, you)) is not None:
        parts.append(teams)
    parts.append(Text(f"Draw pile: {view['pile']} tiles", style="dim"))
    if view["hand"] is not None:
        parts.append(hand_line(view))
    if view["drawn"] is not None:
        drawn = hand_tile(view["drawn"])
        parts.append(Text(f"You drew {drawn}: play it, or keep it and pass.", style="bold cyan"))
    return Group(*parts)


# -- the score sheet ---------------------------------------------------------------------------


def hand_centre(number: int) -> str:
    """The double in the star centre of hand `number` (from 1): 9-9, then 8-8, ..."""
    return NAMES[STARTING_DOUBLES[number - 1]]


def score_sheet(
    view: View, names: Sequence[str], you: int | None, endings: dict[int, str] | None = None
) -> RenderableType:
    if not view["sheet"]:
        return Text("Score sheet: no hand has ended yet.", style="dim")
    endings = endings or {}
    teams = view["teams"]
    table = Table(title=f"Score sheet ({_goal(view)})", box=box.SIMPLE_HEAVY, show_footer=True, title_justify="left")
    table.add_column("hand", footer="total")
    table.add_column("centre")
    table.add_column("ended")
    winners = set(view["winners"] or ())
    for side in range(len(view["scores"])):
        header = side_name(view, side, you)
        header += "" if teams is not None else f"\n{names[side]}"
        style = "bold green" if side in winners else ""
        table.add_column(Text(header), footer=Text(str(view["scores"][side]), style=style), justify="right")
    for number, row in enumerate(view["sheet"], 1):
        table.add_row(str(number), hand_centre(number), endings.get(number, ""), *(str(x) for x in row))
    return table


def winners_line(view: View, you: int | None) -> Text:
    winners = view["winners"] or []
    if not winners:
        return Text("The game is not over.", style="dim")
    points = view["scores"][winners[0]]
    who = [side_name(view, side, you) for side in winners]
    if len(who) == 1:
        verb = "win" if view["teams"] is not None else "wins"
        return Text(f"{who[0]} {verb} with {plural(points, 'point')} ({_goal(view)}).", style="bold green")
    together = f"{', '.join(who[:-1])} and {who[-1]}"
    return Text(f"{together} share the win with {plural(points, 'point')} each ({_goal(view)}).", style="bold green")


# -- the person's moves ------------------------------------------------------------------------


def _single_star_end(move: Move) -> int | None:
    """The end a single star is laid on, if `move` lays one."""
    if isinstance(move, StarMove) and move.kind == PLAY and move.tile == SINGLE_STAR:
        return move.end
    return None


def _menu_order(move: Move) -> tuple[int, int]:
    if isinstance(move, StarMove) and move.kind == PLAY:
        return (0, move.end)
    return (1, 0)  # draw, pass


def star_menu(view: View, legal: Sequence[Move]) -> MoveMenu:
    """Every move numbered. A single star's nine declarations per end would swamp the list,
    so each end it may go on is one numbered entry that then asks for the declared number
    (or is typed at once: S-7@e3)."""
    # By end, as the star is drawn arm by arm: "what fits e2?" reads down one run of lines.
    numbered: list[Move | Choice] = sorted((m for m in legal if _single_star_end(m) is None), key=_menu_order)
    ends = sorted({end for m in legal if (end := _single_star_end(m)) is not None})
    if not ends:
        return MoveMenu(numbered)
    values = {e["end"]: e["value"] for e in view["open_ends"]}
    for end in ends:
        value = values[end]
        answers: dict[str, Move] = {
            str(m.outer): m for m in legal if isinstance(m, StarMove) and _single_star_end(m) == end
        }
        label = Text(f"{STAR} ", style="bold magenta")
        label.append(f"a single star on the {value} at e{end}, declared {value}-?  ")
        label.append(f"S-?@e{end}", style="dim")
        question = f"The star shows which number outward ({', '.join(answers)})?"
        numbered.append(Choice(label, question, answers))
    end, value = ends[0], values[ends[0]]
    example = (value + 1) % 10
    typed: list[RenderableType] = [
        Text(
            f"Or type a star play at once: S-{example}@e{end} lays a single star as {value}-{example} "
            f"on the {value} at e{end}.",
            style="dim",
        )
    ]
    return MoveMenu(numbered, typed)


def star_hints(view: View, legal: Sequence[Move]) -> list[str]:
    hand = [parse(t) for t in view["hand"] or ()]
    if view["stage"] == "centre" and any(is_star(t) for t in hand):
        return ["Your wildstars must wait: the five plays around the centre are numbered tiles only."]
    return []


class WildstarScreen(StoryScreen):
    """A Wildstar match as one seat may see it: the story of its events, the star, the sheet
    (StoryScreen says what the arguments mean; this game's views carry all it needs)."""

    notation_help = NOTATION_HELP

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.round_name = "hand"
        self.endings: dict[int, str] = {}  # hand number -> "P2 out" / "blocked", for the sheet
        # Nobody held the hand's double: the draws for it, told in one line once it is set.
        self._double_draws = 0
        self._your_double_draws: list[str] = []

    def on_event(self, event: Event) -> None:
        before, after = self._views(event)
        self._keep_hands(event, before, after)
        if self.verbose:
            self._tell(event, before, after)
        if len(after["sheet"]) > len(before["sheet"]):
            self._flush_pending()
            self._end_of_hand(event, before, after)

    def board(self, view: View) -> RenderableType:
        return board(view, self.names, self.you)

    def sheet(self, view: View) -> RenderableType:
        return score_sheet(view, self.names, self.you, self.endings)

    def _tile(self, name: str) -> str:
        return hand_tile(name)

    def hints(self, view: View, legal: Sequence[Move]) -> list[str]:
        return star_hints(view, legal)

    def menu(self, view: View, legal: Sequence[Move]) -> MoveMenu:
        return star_menu(view, legal)

    def final(self, view: View) -> RenderableType:
        return Group(self.sheet(view), winners_line(view, self.you))

    def title(self, view: View) -> str:
        """The heading of a person's turn."""
        what = "play the tile you drew or pass" if view["phase"] == "afterdraw" else "your turn"
        hand = f"Hand {view['hand_number']} of {view['hands_in_game']}, centre {view['centre']}"
        return f"{hand} · P{view['seat'] + 1}, {what}"

    # -- the story of each step ------------------------------------------------------

    def _tell(self, event: Event, before: View, after: View) -> None:
        if event.seat == CHANCE:
            self._tell_chance(event, before, after)
            return
        description = event.description_for(self.you)
        if event.text == "draw":
            self._flush_pending()
            self._drawing = (event.seat, "a tile")
            return
        if self._drawing is not None and self._drawing[0] == event.seat:
            drawn = self._drawing[1]
            self._drawing = None
            if description == "keeps the drawn tile and passes":
                description = "keeps it"
            self._line(f"{self._label(event.seat)} cannot play, draws {drawn} and {description}", event.seat)
        else:
            self._flush_pending()
            if before["stage"] == "centre" and after["stage"] is not None:
                description += f" (arm {after['arms']} of {after['arms_needed']})"
            self._line(f"{self._label(event.seat)} {description}", event.seat)
        if before["stage"] == "centre" and after["stage"] == "open":
            self._line("All five arms are out: the open stage begins, and wildstars may be played.")

    def _tell_chance(self, event: Event, before: View, after: View) -> None:
        phase = before["phase"]
        if phase == "deal":
            if after["phase"] != "deal":
                self._tell_deal(after)
            return
        if phase == "firstdouble":
            self._tell_double_draw(event, before, after)
            return
        if self._drawing is not None:
            # The drawer's own view names the tile; everyone else's has "drawn": None.
            drawn = after["drawn"]
            self._drawing = (self._drawing[0], hand_tile(drawn) if drawn is not None else "a tile")

    def _tell_deal(self, after: View) -> None:
        each = max(after["hand_sizes"])
        self._line(
            f"Hand {after['hand_number']} of {after['hands_in_game']}, centre {after['centre']}: "
            f"{self._label(after['shuffler'])} shuffles; each player draws {each} tiles, "
            f"{after['pile']} stay in the draw pile."
        )
        if not after["layout"]:
            self._double_draws = 0
            self._your_double_draws = []
            return
        sizes = after["hand_sizes"]
        setter = min(range(len(sizes)), key=lambda s: sizes[s])  # one tile fewer: the double
        self._line(
            f"{self._label(setter)} holds {after['centre']} and sets it in the star centre; "
            f"{self._label(after['turn'])} plays next.",
            setter,
        )

    def _tell_double_draws_line(self, after: View, setter: int) -> None:
        yours = ""
        if self._your_double_draws:
            yours = f"; you drew {', '.join(self._your_double_draws)}"
        draws = self._double_draws
        self._line(
            f"Nobody held {after['centre']}, so the players drew in turn from {self._label(after['shuffler'])} "
            f"until {self._label(setter)} drew it and set it in the star centre "
            f"({draws} draw{'s' if draws != 1 else ''} in all{yours}); {self._label(after['turn'])} plays next.",
            setter,
        )

    def _tell_double_draw(self, event: Event, before: View, after: View) -> None:
        self._double_draws += 1
        drawer = before["turn"]
        if drawer == self.you and before["hand"] is not None and after["hand"] is not None:
            new: Counter[str] = Counter(after["hand"]) - Counter(before["hand"])
            self._your_double_draws += [hand_tile(t) for t in new.elements()]
        if after["phase"] != "firstdouble":
            self._tell_double_draws_line(after, drawer)

    # -- hands -------------------------------------------------------------------------

    def _end_of_hand(self, event: Event, before: View, after: View) -> None:
        number = len(after["sheet"])
        row = after["sheet"][-1]
        who = self._who_went_out(event, before)
        self.endings[number] = f"{self._label(who)} out" if who is not None else "blocked"
        how = f"{self._label(who)} went out" if who is not None else "blocked (nobody can play)"
        scores = " · ".join(f"{side_name(after, side, self.you)} {x}" for side, x in enumerate(row))
        self.news.append(Text.assemble((f"Hand {number}, centre {hand_centre(number)}: {how}", "bold"), f"   {scores}"))
        self.news.append(self.leftovers(event, before))
        if self.sheet_each_round and after["phase"] != "over":  # the final sheet follows anyway
            self.news.append(self.sheet(after))
        self.between_rounds = after["phase"] != "over"

    @staticmethod
    def _who_went_out(event: Event, before: View) -> int | None:
        """The hand ended on a play of a last tile (R-WS: "The first player to play all his or her
        dominoes is the winner of the hand"), or it blocked."""
        if event.seat < 0 or before["hand_sizes"][event.seat] != 1:
            return None
        try:
            return event.seat if parse_move(event.text).kind == PLAY else None
        except NotationError:  # pragma: no cover - events carry the engine's own notation
            return None
