"""The web server is an extra: nothing but `gamenight serve` imports it, and only when run,
so `gamenight play` works without FastAPI, SQLAlchemy or the rest installed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "gamenight"
WEB_PACKAGES = ("fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic", "itsdangerous", "jinja2", "psycopg")


def web_imports(path: Path) -> list[tuple[int, bool]]:
    """(line, at module level) of each import of the web server or the store in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        if any(n.startswith(("gamenight.interfaces.web", "gamenight.store")) for n in names):
            found.append((node.lineno, id(node) in top))
    return found


def test_only_the_serve_command_imports_the_web_package_and_inside_itself() -> None:
    outside = {
        str(path.relative_to(PACKAGE)): web_imports(path)
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).parts[:2] != ("interfaces", "web")
        and path.relative_to(PACKAGE).parts[0] != "store"
    }
    importers = {path: lines for path, lines in outside.items() if lines}
    assert set(importers) == {"interfaces/cli.py"}
    assert all(not module_level for _, module_level in importers["interfaces/cli.py"])


def test_the_terminal_commands_run_without_the_web_packages() -> None:
    blocked = ", ".join(repr(name) for name in WEB_PACKAGES)
    script = (
        "import sys\n"
        f"for name in ({blocked},): sys.modules[name] = None  # as if not installed\n"
        "from typer.testing import CliRunner\n"
        "from gamenight.interfaces.cli import app\n"
        "result = CliRunner().invoke(app, ['games'])\n"
        "assert result.exit_code == 0, result.output\n"
        "result = CliRunner().invoke(app, ['serve'])\n"
        "assert result.exit_code == 2 and 'web extra' in result.output, result.output\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "ok", done.stderr


def test_serve_refuses_bad_arguments_before_starting(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from gamenight.interfaces.cli import app

    runner = CliRunner()
    for arguments, message in (
        (["--port", "70000"], "give a port from 1 to 65535"),
        (["--database", "mysql://somewhere/db"], "give sqlite:///FILE or postgresql+psycopg://"),
        (["--database", "postgresql+nodriver://x/y"], "--database:"),
    ):
        result = runner.invoke(app, ["serve", "--data", str(tmp_path), *arguments])
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.output.split()), result.output
