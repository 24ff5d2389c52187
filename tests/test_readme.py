"""The README's code runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(compile(block, str(README), "exec"), namespace)
        assert namespace["state"].is_over()  # type: ignore[attr-defined]


def test_readme_quick_start_names_the_two_commands_first() -> None:
    text = README.read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1]
    commands = re.findall(r"^make (\w+)", quick, re.MULTILINE)
    assert commands[:2] == ["run", "test"]
