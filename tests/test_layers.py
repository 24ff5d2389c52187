"""Imports point inward only (ARCHITECTURE.md): engine knows no game, games know no interface."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "gamenight"

# layer -> the gamenight layers it may import. A layer is a folder, or one module at the top:
# record_files reads and writes the engine's records (the engine does no I/O) for the arena
# and the command line alike, so it sits on the engine, under both.
ALLOWED = {
    "engine": {"engine"},
    "record_files": {"engine"},
    "games": {"engine", "games"},
    "bots": {"engine", "bots"},
    "sim": {"engine", "bots", "record_files", "sim"},
    # The stored tables (SQLAlchemy, Alembic) know the engine's records and nothing above them.
    "store": {"engine", "store"},
    # interfaces/web, the server, stores its tables in `store`.
    "interfaces": {"engine", "games", "bots", "record_files", "sim", "store", "interfaces"},
    # For researchers, on top like the interfaces: bots as opponents, the terminal's boards
    # for render_mode="ansi"; nothing imports envs.
    "envs": {"engine", "games", "bots", "interfaces", "envs"},
}


def _modules(layer: str) -> list[Path]:
    module = PACKAGE / f"{layer}.py"
    return [module] if module.is_file() else sorted((PACKAGE / layer).rglob("*.py"))


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("gamenight."):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("gamenight.")}
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_point_inward(layer: str) -> None:
    files = _modules(layer)
    assert files, f"no modules in {layer}"
    wrong = {str(f.relative_to(PACKAGE)): _imports(f) - ALLOWED[layer] for f in files}
    assert {f: bad for f, bad in wrong.items() if bad} == {}


def _rules_imports(path: Path) -> list[str]:
    """The games' `rules` modules that `path` imports, however it is written."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("gamenight.games."):
            if node.module.endswith(".rules"):
                found.append(node.module)
            found += [f"{node.module}.{a.name}" for a in node.names if a.name == "rules"]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("gamenight.games.") and a.name.endswith(".rules")]
    return found


def test_interfaces_compute_no_rules_they_ask_the_stories() -> None:
    """A screen tells what the game's story says; it never asks a `rules` module itself, so a
    browser or any later interface can be told the same (issue 18)."""
    found = {str(p.relative_to(PACKAGE)): _rules_imports(p) for p in _modules("interfaces")}
    assert {p: mods for p, mods in found.items() if mods} == {}


def test_the_rules_import_check_sees_each_way_of_writing_it(tmp_path: Path) -> None:
    written = tmp_path / "screen.py"
    written.write_text(
        "from gamenight.games.highrise import rules\n"
        "from gamenight.games.wildfire.rules import play_points\n"
        "import gamenight.games.wildstar.rules\n"
        "from gamenight.games.highrise import story\n"
    )
    assert _rules_imports(written) == [
        "gamenight.games.highrise.rules",
        "gamenight.games.wildfire.rules",
        "gamenight.games.wildstar.rules",
    ]


def test_a_game_imports_no_other_game_but_the_shared_dominoes() -> None:
    for game_dir in (PACKAGE / "games").iterdir():
        if not game_dir.is_dir() or game_dir.name in ("dominoes", "__pycache__"):
            continue
        for path in game_dir.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for other in (PACKAGE / "games").iterdir():
                if other.is_dir() and other.name not in (game_dir.name, "dominoes", "__pycache__"):
                    assert f"gamenight.games.{other.name}" not in text, path


def test_the_engine_does_no_io() -> None:
    # ARCHITECTURE.md: no I/O in the engine; record files are gamenight/record_files.py's.
    for path in _modules("engine"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not {n.split(".")[0] for n in names} & {"os", "io", "pathlib", "shutil", "tempfile"}, path
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "print", "input"}, path
