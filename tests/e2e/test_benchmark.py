"""The benchmark script works (its timings never fail a test: machines are noisy)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def test_benchmark_quick_runs_and_reports_every_ratio() -> None:
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "run.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    for label in (
        "baseline: libcst parse-only",
        "cold build (--no-cache)",
        "no-op rebuild",
        "check, unchanged",
        "rebuild after editing one docstring",
        "floor: Python + import libcst",
        "Python + import click",
        "two parses at once",
        "CPU of the cold build",
        "rebuild after a shared enum changed",
        "diff after editing one docstring",
        "check with no cache",
        "peak RSS",
        "import the single module",
        "import one provider module",
        "marshal.loads of its constants",
        "the import, bare interpreter",
        "pydantic",
    ):
        assert label in result.stdout
    assert result.stdout.count("met") + result.stdout.count("MISSED") >= 6
