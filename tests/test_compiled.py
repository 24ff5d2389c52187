"""The optional compiled build (`make fast`): whole or absent, never stale, and the one asked for.

CI runs the suite with GAMENIGHT_COMPILED=1 after `make fast`, so the suite cannot pass on the
pure-Python modules while it claims the compiled ones; GAMENIGHT_COMPILED=0 claims pure Python."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

from gamenight import compiled
from gamenight.compiled import MODULES, is_compiled, source

EXPECTED = os.environ.get("GAMENIGHT_COMPILED")


def _compiled() -> list[str]:
    return [name for name in MODULES if is_compiled(importlib.import_module(name))]


def test_the_build_is_whole_or_absent_and_the_one_asked_for() -> None:
    """Whole or absent: a part-built package (a module added to MODULES since, a build that
    stopped half way) would run some modules compiled and the rest not, unknown to anyone."""
    found = _compiled()
    if EXPECTED is None:
        assert found in ([], list(MODULES))
        return
    assert EXPECTED in ("0", "1"), f"GAMENIGHT_COMPILED is 1 (compiled) or 0 (pure Python), not {EXPECTED!r}"
    assert found == (list(MODULES) if EXPECTED == "1" else [])
    # The hot paths by name: the compiled module is imported in place of its source.
    from gamenight.games.fireball_island import state as fireball_island
    from gamenight.games.wildfire import state as wildfire

    for module in (wildfire, fireball_island):
        assert module.__file__ is not None and module.__file__.endswith(".py") == (EXPECTED == "0")


def test_no_compiled_module_is_older_than_its_source() -> None:
    """A source edited after `make fast` would go on running as it was built: run `make fast`
    again, or `make clean-fast`."""
    assert compiled.stale() == []


def test_a_source_edited_after_the_build_is_found_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above, shown to fail: a package whose built table is older than its source."""
    package = tmp_path / "gamenight"
    for name in MODULES:
        compiled_source = package.parent.joinpath(*name.split(".")).with_suffix(".py")
        compiled_source.parent.mkdir(parents=True, exist_ok=True)
        compiled_source.write_text("")
        built = compiled_source.with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0])
        built.write_bytes(b"")
        os.utime(compiled_source, (1_000_000, 1_000_000))
        os.utime(built, (2_000_000, 2_000_000))  # built after its source was written
    monkeypatch.setattr(compiled, "PACKAGE", package)
    assert compiled.stale() == []
    os.utime(source("gamenight.engine.table"), (3_000_000, 3_000_000))  # edited since
    assert compiled.stale() == ["gamenight.engine.table"]
    for name in MODULES:  # without a build, nothing is stale
        source(name).with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0]).unlink()
    assert compiled.stale() == []


def test_modules_listed_are_sources_of_the_package() -> None:
    assert all(source(name).is_file() for name in MODULES)
    assert not any(".interfaces." in name for name in MODULES)
    assert is_compiled(compiled) is False  # the build tool itself stays Python
