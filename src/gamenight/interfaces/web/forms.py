"""A game's options as form fields, read from its options dataclass, and the form back into
the options dict `make_game` takes.

Nothing is listed by hand: a field's input comes from its type (int, bool, str, and
`| None` for a blank that means "not set"), its default, and for a str the module's tuple
or mapping of names that holds the default (Highrise's `TIE_BREAKS` and `BASES`, Fireball
Island's `FIREBALL_MODES`). Its help is the docstring under it in the dataclass, so the
form says what the terminal's `--help` says, and a new option shows up in both at once.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import re
import sys
import textwrap
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from gamenight.engine.errors import ConfigError
from gamenight.engine.registry import GAMES, make_game

INT, BOOL, CHOICE, TEXT = "int", "bool", "choice", "text"


@dataclass(frozen=True)
class OptionField:
    game: str
    name: str
    kind: str  # INT, BOOL, CHOICE or TEXT
    default: Any
    optional: bool
    """`| None`: a blank input means the option is not set."""
    choices: tuple[str, ...]
    help: str
    minimum: int | None = None
    maximum: int | None = None

    @property
    def input_name(self) -> str:
        """The form's name for the field: each game's fields apart, so one form holds all."""
        return f"{self.game}:{self.name}"

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize()


@dataclass(frozen=True)
class GameForm:
    name: str
    title: str
    min_players: int
    max_players: int
    fields: tuple[OptionField, ...]


@cache
def game_forms() -> tuple[GameForm, ...]:
    return tuple(game_form(name) for name in GAMES)


def game_form(name: str) -> GameForm:
    game = make_game(name, {})
    cls = type(game.options)
    docs = _field_docs(cls)
    module = sys.modules[cls.__module__]
    hints = typing.get_type_hints(cls)
    fields = []
    for field in dataclasses.fields(cls):
        kinds = typing.get_args(hints[field.name]) if isinstance(hints[field.name], types.UnionType) else ()
        kinds = kinds or (hints[field.name],)
        optional = type(None) in kinds
        default = field.default
        choices: tuple[str, ...] = ()
        if bool in kinds:
            kind = BOOL
        elif int in kinds:
            kind = INT
        else:
            choices = _choices(module, default)
            kind = CHOICE if choices else TEXT
        low, high = (game.spec.min_players, game.spec.max_players) if field.name == "players" else (None, None)
        fields.append(
            OptionField(name, field.name, kind, default, optional, choices, plain(docs.get(field.name, "")), low, high)
        )
    return GameForm(name, game.spec.title, game.spec.min_players, game.spec.max_players, tuple(fields))


# The rule codes the docstrings cite (R-WF, D-WS-3, decision FI-28) are for readers of the
# code and of docs/rules; a player choosing options reads the words around them.
_CODE = r"(?:decision\s+)?(?:[RD]-[A-Z]{2}(?:-\d+)?|FI-\d+)(?:'s(?:\s+flag|\s+first\s+reading)?)?"
_CITATIONS = (
    (re.compile(rf"\s*\({_CODE}(?::\s*[^()]*)?\)"), ""),  # (R-WF: PLAYERS: 2-8), (D-WF-5)
    (re.compile(rf"\s*\({_CODE}\s+[A-Z\"][^()]*\)"), ""),  # (R-WF THE WINNER), (R-WS "Partners")
    (re.compile(rf"\({_CODE};\s*"), "("),  # (D-HR-4; off by default: ...)
    (re.compile(rf"\s+of\s+{_CODE}"), ""),  # the house rule of D-WS-3's first reading
    (re.compile(rf"(?:^|(?<=\s)){_CODE}:\s*"), ""),  # R-WS: the winner ...
    (re.compile(rf"\s*{_CODE}"), ""),
)


def plain(help_text: str) -> str:
    """An option's help without the rule codes it cites."""
    for pattern, by in _CITATIONS:
        help_text = pattern.sub(by, help_text)
    return help_text[:1].upper() + help_text[1:]


class Sent:
    """What a form was sent with, so that a form refused for one bad field comes back with
    everything else as it was typed. Empty (a form shown afresh): every field its default."""

    def __init__(self, values: Mapping[str, str] | None = None) -> None:
        self.values = values

    def text(self, name: str, default: Any) -> str:
        if self.values is not None and name in self.values:
            return self.values[name]
        return "" if default is None else str(default)

    def checked(self, name: str, default: bool) -> bool:
        # An unticked box is not sent at all: in a sent form, absent means off.
        return default if self.values is None else name in self.values

    def chosen(self, name: str, value: str, default: str) -> bool:
        if self.values is not None and name in self.values:
            return self.values[name] == value
        return value == default


def options_from_form(game: str, form: Mapping[str, str]) -> dict[str, Any]:
    """The options `form` sets for `game` (blank inputs left to the game's defaults, or None
    where the option allows it); ConfigError naming the field that is not a value it takes.
    The game itself checks the ranges (`make_game`)."""
    spec = next((g for g in game_forms() if g.name == game), None)
    if spec is None:
        raise ConfigError(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")
    options: dict[str, Any] = {}
    for field in spec.fields:
        raw = form.get(field.input_name)
        if field.kind == BOOL:
            options[field.name] = raw is not None and raw not in ("", "0", "off", "false")
            continue
        text = (raw or "").strip()
        if not text:
            if field.optional:
                options[field.name] = None
            continue
        if field.kind == INT:
            try:
                options[field.name] = int(text)
            except ValueError:
                raise ConfigError(f"{field.label}: give a whole number, not {text[:40]!r}") from None
        elif field.kind == CHOICE and text not in field.choices:
            raise ConfigError(f"{field.label}: choose one of {', '.join(field.choices)}, not {text[:40]!r}")
        else:
            options[field.name] = text
    return options


def _choices(module: types.ModuleType, default: Any) -> tuple[str, ...]:
    """The names a str option takes: the module's one tuple (or mapping) of strings holding
    its default."""
    if not isinstance(default, str):
        return ()
    found = []
    for value in vars(module).values():
        if isinstance(value, tuple | Mapping) and value and all(isinstance(v, str) for v in value) and default in value:
            found.append(tuple(value))
    return found[0] if len(found) == 1 else ()


def _field_docs(cls: type) -> dict[str, str]:
    """The docstring written under each field of a dataclass, on one line."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):  # no source (a frozen app): the form goes without help
        return {}
    docs: dict[str, str] = {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for field, after in itertools.pairwise(body):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[field.target.id] = " ".join(after.value.value.split())
    return docs
