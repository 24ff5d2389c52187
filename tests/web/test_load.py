"""The load harness in small form (benchmarks/web_load.py; the full form is `make load`): a
few tables of people and bots for a few seconds against a `gamenight serve` process. CI
asserts no errors and a live server, not timings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


def test_a_few_tables_under_the_harness_have_no_errors() -> None:
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--tables", "3", "--seconds", "3", "--warmup", "1", "--think", "0.05", "0.2"],
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
