"""The example scripts run: each provider's SDK builds a real request from the generated constant
(no network), the model's tool call goes through ``toolgen.runtime``'s ``Toolbox.handle``, and the
tool-result message it writes is sent back with the same SDK."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO

EXAMPLE = REPO / "examples" / "travel_agent"
EXPECTED = {
    "dispatch.py": [
        "Paris: 18 °C and clear for the next 3 day(s)",
        "rejected: 1 invalid argument(s)",
    ],
    "openai_chat.py": [
        "sent 3 tools; model called get_forecast",
        "Here you go. Lyon: 18 °C and clear for the next 2 day(s)",
    ],
    "openai_responses.py": [
        "model called search_flights",
        'Found: [{"origin": "CDG", "destination": "LIS", "day": "2026-12-24", "cabin": "economy", '
        '"stops": []}]',
    ],
    "anthropic_messages.py": [
        "model called get_forecast",
        "Forecast: Oslo: 64 °F and clear for the next 3 day(s)",
    ],
    "gemini_request.py": [
        "declared 3 functions: book_trip, get_forecast, search_flights; request has 1 tool",
        "Kyoto: 18 °C and clear for the next 5 day(s)",
    ],
    "mcp_server.py": [
        "server lists 3 tools: book_trip, get_forecast, search_flights",
        "Quito: 18 °C and clear for the next 3 day(s)",
    ],
    "bedrock_converse.py": [
        "model called get_forecast",
        "Cusco: 18 °C and clear for the next 1 day(s)",
    ],
}
"""Each script's last line is the model's answer (or the next turn's content) made from the
tool-result message ``Toolbox.handle`` wrote: every loop is closed through the runtime."""


def test_every_script_is_tested() -> None:
    scripts = {p.name for p in (EXAMPLE / "scripts").glob("*.py") if not p.name.startswith("_")}
    assert scripts == set(EXPECTED)
    for name in scripts - {"dispatch.py", "mcp_server.py"}:
        text = (EXAMPLE / "scripts" / name).read_text()
        assert "box.handle(" in text and "from dispatch" not in text, name
    assert "lowlevel_handlers(box)" in (EXAMPLE / "scripts" / "mcp_server.py").read_text()


@pytest.mark.skipif(
    sys.version_info < (3, 11), reason="the example's tools need Python 3.11 (typing.NotRequired)"
)
@pytest.mark.parametrize("script", sorted(EXPECTED))
def test_example_script(script: str) -> None:
    env = {**os.environ, "PYTHONPATH": f"{EXAMPLE / 'src'}{os.pathsep}{EXAMPLE / 'scripts'}"}
    result = subprocess.run(
        [sys.executable, "-W", "error", str(EXAMPLE / "scripts" / script)],
        cwd=EXAMPLE,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == EXPECTED[script]
