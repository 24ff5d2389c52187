"""Issue 28, item 4's figures: on each viewport, mid-game in each game (and late in a long
Wildstar hand), where the hand and the choices are and how small the smallest figure drawn
on the board is, in Chromium against the real server (bots at pace 0).

Each line: the hand's and the choices' top and bottom (CSS px, the page scrolled to the top;
"in view" when the whole box is inside the first screen), the board's height, and the
smallest figure on the board (a text's box, or a half's pip pattern) and the smallest pip.

    PYTHONPATH=src .venv/bin/python benchmarks/table_layout.py
    PYTHONPATH=/path/to/other/checkout/src .venv/bin/python benchmarks/table_layout.py   # before

`--numerals` measures with the page's numerals setting instead of its pips (the default).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.browsing import chromium
from tests.web.conftest import real_server
from tests.web.layout import VIEWPORTS, inside, measure, open_table, play_on

POSITIONS = {
    "wildfire mid-game": ("wildfire", {"moves": 4}),
    "wildstar mid-game": ("wildstar", {"moves": 3}),
    "wildstar late (24+ tiles)": ("wildstar", {"tiles": 24}),
    "highrise mid-game": ("highrise", {"moves": 4}),
    "fireball-island mid-game": ("fireball-island", {"moves": 4}),
}


def span(box: dict[str, float] | None, figures: dict[str, Any]) -> str:
    if box is None:
        return "none"
    where = "in view" if inside(box, figures) else "OUT"
    return f"{box['top']:.0f}-{box['bottom']:.0f} {where}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--numerals", action="store_true", help="the numerals setting instead of pips")
    parser.add_argument("--only", default="", help="measure only the positions whose name holds this")
    args = parser.parse_args()
    storage = {"gamenight.halves": "numerals"} if args.numerals else None
    with tempfile.TemporaryDirectory() as folder, real_server(Path(folder)) as url, chromium() as browser:
        head = f"{'position':28} {'viewport':22} {'hand (top-bottom)':20} {'choices':20} {'board h':>8}"
        print(f"{head}  smallest figure / pip")
        for name, (game, target) in POSITIONS.items():
            if args.only not in name:
                continue
            for viewport in VIEWPORTS:
                page = open_table(browser, url, game, viewport, storage)
                play_on(page, **target)
                f = measure(page)
                small = f["smallest"]
                figure = f"{small['size']:.1f} px ({small['what']})" if small else "none"
                pip = f" / pip {f['pip']:.1f} px" if f["pip"] is not None else ""
                board = f["board"]["bottom"] - f["board"]["top"]
                where = f"{span(f['hand'], f):20} {span(f['choices'], f):20}"
                print(f"{name:28} {viewport:22} {where} {board:8.0f}  {figure}{pip}")
                page.context.close()


if __name__ == "__main__":
    main()
