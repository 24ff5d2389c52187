"""Options are frozen dataclasses; this turns untrusted dicts (CLI, records) into them."""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from typing import Any, TypeVar

from gamenight.engine.errors import ConfigError

OptionsT = TypeVar("OptionsT")


def options_from_dict(cls: type[OptionsT], values: dict[str, Any]) -> OptionsT:
    """Build options of type `cls`, naming any unknown key or ill-typed value."""
    if not isinstance(values, dict):
        raise ConfigError(f"options must be a mapping of names to values, not {values!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    hints = typing.get_type_hints(cls)
    for key, value in values.items():
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise ConfigError(f"unknown option {key!r}; the options are: {known}")
        _check_type(key, value, hints[key])
    try:
        return cls(**values)
    except TypeError as exc:  # pragma: no cover - every field has a default
        raise ConfigError(str(exc)) from None


def options_to_dict(options: Any) -> dict[str, Any]:
    # Each field as it is: an option is a scalar (None, a bool, an int, a float or a string,
    # as `_check_type` admits), so `dataclasses.asdict`'s deep copy would copy nothing, at
    # several µs a table (a short Highrise game is a few dozen decisions).
    return {field.name: getattr(options, field.name) for field in dataclasses.fields(options)}


def _check_type(key: str, value: Any, hint: Any) -> None:
    allowed = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    for kind in allowed:
        if kind is type(None) and value is None:
            return
        if kind is bool and isinstance(value, bool):
            return
        if kind is int and isinstance(value, int) and not isinstance(value, bool):
            return
        if kind is float and isinstance(value, float):
            if not math.isfinite(value):  # nan passes every comparison a range check makes
                raise ConfigError(f"option {key!r} must be a finite number, not {value!r}")
            return
        if kind is str and isinstance(value, str):
            return
    names = " or ".join("none" if k is type(None) else k.__name__ for k in allowed)
    raise ConfigError(f"option {key!r} must be {names}, not {value!r}")


def name_value(item: str, what: str, example: str) -> tuple[str, str]:
    """`"rounds=1"` -> ("rounds", "1"), as option flags are written; ConfigError otherwise."""
    key, eq, text = item.partition("=")
    key = key.strip()
    if not eq or not key:
        raise ConfigError(f"{what} {item!r}: write name=value, as in {example}")
    return key, text.strip()
