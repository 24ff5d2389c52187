"""The load harness in small form (benchmarks/web_load.py; the full form is `make load`): a
few tables of people and bots for a few seconds against a `gamenight serve` process, or two
on one PostgreSQL (the people of each table spread over both), or one beside hostile
clients flooding it with junk. CI asserts no errors and live servers, not timings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


@pytest.mark.parametrize("more", [[], ["--processes", "2"], ["--hostile", "2"]], ids=["one", "two", "hostile"])
def test_a_few_tables_under_the_harness_have_no_errors(more: list[str]) -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(HARNESS),
            "--tables",
            "3",
            "--seconds",
            # The flood needs time to outrun its bucket on a loaded machine: the hostile run is
            # longer (a loaded CI once saw no attacker closed within 3 s).
            "8" if "--hostile" in more else "3",
            "--warmup",
            "1",
            "--think",
            "0.05",
            "0.2",
            *more,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    report = json.loads(done.stdout)
    print(f"\n{report}")
    assert report["errors"] == 0, report["error_examples"]
    assert report["server_alive"]
    assert report["latency_samples"] > 10
    assert report["moves_per_second"] > 0
    if "--hostile" in more:  # the junk was sent, refused, and its senders closed for flooding
        assert report["hostile_messages_per_second"] > 50
        assert report["hostile_closed_for_flooding"] > 0
        # and below the app: every huge header cut off, the table flood refused past its bound
        attacks = report["attacks"]
        assert attacks["huge header: cut off"] > 0 and "huge header: read whole" not in attacks
        assert attacks["table flood: 429"] > 0 and attacks["sync flood: sent"] > 0
