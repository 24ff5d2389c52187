"""Views are typed, versioned and documented (issue 18): docs/views.md lists exactly the
fields of each game's view, with their types, and sample_state refuses a view of another
format."""

from __future__ import annotations

import random
import re
import types
from pathlib import Path
from typing import Any, Literal, NoReturn, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from gamenight.engine.errors import NotationError
from gamenight.engine.protocol import CHANCE
from gamenight.engine.registry import make_game
from gamenight.games.highrise.view import HighriseView
from gamenight.games.wildfire.view import WildfireView
from gamenight.games.wildstar.view import WildstarView

DOC = Path(__file__).resolve().parent.parent / "docs" / "views.md"

# name, title in the doc, the view's TypedDict, options for a game that shows every kind of field
GAMES: list[tuple[str, str, Any, dict[str, Any]]] = [
    ("wildfire", "Wildfire", WildfireView, {"players": 3, "rounds": 1}),
    ("wildstar", "Wildstar", WildstarView, {"players": 4, "hands": 1, "partners": True}),
    ("highrise", "Highrise", HighriseView, {"players": 3}),
]


def section(title: str) -> tuple[str, dict[str, tuple[str, str]]]:
    """The format in a section's heading, and its table: field -> (type, who sees it)."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"^## {title} \(`([^`]+)`\)\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"docs/views.md has no section '## {title} (`<format>`)'"
    table: dict[str, tuple[str, str]] = {}
    for line in match.group(2).splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 4 or not cells[0].startswith("`"):
            continue
        field, kind, meaning, who = (c.replace("\\|", "|") for c in cells)
        assert field.strip("`") not in table, f"{title}: {field} is documented twice"
        assert meaning, f"{title}: {field} has no meaning written"
        table[field.strip("`")] = (kind.strip("`"), who)
    return match.group(1), table


def type_text(kind: Any) -> str:
    """A type as docs/views.md writes it: int, str | null, list[object], "wildfire"."""
    if kind is type(None):
        return "null"
    if is_typeddict(kind):
        return "object"
    origin = get_origin(kind)
    if origin is Literal:
        return " | ".join(f'"{value}"' for value in get_args(kind))
    if origin in (Union, types.UnionType):
        return " | ".join(type_text(arg) for arg in get_args(kind))
    if origin is list:
        return f"list[{type_text(get_args(kind)[0])}]"
    return str(kind.__name__)


def fields(typed: Any, prefix: str = "") -> dict[str, str]:
    """Every field of a TypedDict, nested ones as `open_ends[].end` or `obligation.kind`."""
    found: dict[str, str] = {}
    for name, kind in get_type_hints(typed).items():
        found[prefix + name] = type_text(kind)
        either = get_args(kind) if get_origin(kind) in (Union, types.UnionType) else (kind,)
        for arg in either:
            if get_origin(arg) is list and is_typeddict(get_args(arg)[0]):
                found |= fields(get_args(arg)[0], f"{prefix}{name}[].")
            elif is_typeddict(arg):
                found |= fields(arg, f"{prefix}{name}.")
    return found


def played_view(name: str, options: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A view some way into a random game, so that its lists hold entries."""
    game = make_game(name, options)
    state = game.new_state()
    rng = random.Random(11)
    for _ in range(60):
        to_act = state.to_act()
        if to_act is None:
            break
        if to_act == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_chance(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(list(state.legal_moves())))
    return dict(state.view(seat))


def fail(message: str) -> NoReturn:
    pytest.fail(message, pytrace=False)


@pytest.mark.parametrize(("name", "title", "typed", "options"), GAMES)
def test_docs_views_md_documents_exactly_the_fields_of_each_view_with_their_types(name, title, typed, options):
    fmt, table = section(title)
    expected = fields(typed)
    missing = sorted(set(expected) - set(table))
    extra = sorted(set(table) - set(expected))
    if missing or extra:
        fail(f"docs/views.md, {title}: fields not documented {missing}, documented but not in the view {extra}")
    wrong = {f: (table[f][0], expected[f]) for f in expected if table[f][0] != expected[f]}
    assert not wrong, f"docs/views.md, {title}: (documented type, real type) {wrong}"
    assert {who for _, who in table.values()} <= {"everyone", "the seat only"}
    assert played_view(name, options, 0)["format"] == fmt
    assert re.fullmatch(rf"{name}-view/\d+", fmt)


def paths(value: Any, prefix: str = "") -> set[str]:
    """The fields a real view holds, named as in `fields`."""
    found: set[str] = set()
    for key, inner in value.items():
        found.add(prefix + key)
        if isinstance(inner, dict):
            found |= paths(inner, f"{prefix}{key}.")
        elif isinstance(inner, list):
            for entry in inner:
                if isinstance(entry, dict):
                    found |= paths(entry, f"{prefix}{key}[].")
    return found


@pytest.mark.parametrize(("name", "title", "typed", "options"), GAMES)
def test_a_real_view_has_the_fields_of_its_typed_dict_nested_ones_too(name, title, typed, options):
    """mypy checks the view's dict literal against the TypedDict; this checks the nested
    objects too, as a game under way fills them."""
    expected = fields(typed)
    for seat in (0, None):
        view = played_view(name, options, seat)
        assert set(view) == set(get_type_hints(typed))
        assert paths(view) <= set(expected), sorted(paths(view) - set(expected))
        assert any("[]." in path for path in paths(view))  # a nested list was seen


@pytest.mark.parametrize(("name", "title", "typed", "options"), GAMES)
def test_only_the_hand_and_the_drawn_tile_are_the_seats_own(name, title, typed, options):
    """What the doc says is the seat's only is null for a spectator; everything else is the
    same for every seat."""
    _, table = section(title)
    own = {f for f, (_, who) in table.items() if who == "the seat only"}
    assert own == {"hand", "drawn"}
    spectator = played_view(name, options, None)
    assert all(spectator[f] is None for f in own)
    players = spectator["players"]
    views = [played_view(name, options, seat) for seat in range(players)]
    for view in views:
        assert {k: v for k, v in view.items() if k not in own | {"seat"}} == {
            k: v for k, v in spectator.items() if k not in own | {"seat"}
        }


@pytest.mark.parametrize(("name", "title", "typed", "options"), GAMES)
def test_sample_state_refuses_a_view_of_another_format(name, title, typed, options):
    game = make_game(name, options)
    view = played_view(name, options, 0)
    game.sample_state(view, random.Random(0))  # its own format is read
    own = view["format"]
    # (Wildstar's views are /2, with each end's arm: a view of /1 is refused)
    for other in sorted({f"{name}-view/9", "fireball-island-view/1", "wildstar-view/1"} - {own}):
        with pytest.raises(NotationError, match=f"not a {own} view: its format is '{other}'"):
            game.sample_state({**view, "format": other}, random.Random(0))
    del view["format"]
    with pytest.raises(NotationError, match="format"):
        game.sample_state(view, random.Random(0))
