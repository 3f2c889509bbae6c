"""benchmarks/request_bytes.py works, and on the benchmark corpus shared definitions make no
provider's constant bigger and the ones that resolve $ref smaller (bytes are deterministic)."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.conftest import REPO


def test_request_bytes_reports_every_constant_with_share_defs_off_and_on() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "benchmarks" / "request_bytes.py"),
            *("--modules", "2", "--tools", "10", "--no-corpora"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    rows = {
        m["name"]: (int(m["off"].replace(",", "")), int(m["auto"].replace(",", "")))
        for m in re.finditer(
            r"^(?P<name>TOOLS_\w+)\s+(?P<off>[\d,]+)\s+(?P<auto>[\d,]+)", result.stdout, re.M
        )
    }
    assert set(rows) == {
        f"TOOLS_{p}"
        for p in ("OPENAI", "OPENAI_RESPONSES", "ANTHROPIC", "GEMINI", "MCP", "BEDROCK")
    }
    assert all(auto <= off for off, auto in rows.values())
    for smaller in ("TOOLS_OPENAI", "TOOLS_ANTHROPIC", "TOOLS_MCP"):
        assert rows[smaller][1] < rows[smaller][0], smaller
    assert rows["TOOLS_BEDROCK"][0] == rows["TOOLS_BEDROCK"][1]
