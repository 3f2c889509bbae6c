"""``toolgen.runtime.frameworks`` in each framework's pinned environment: the framework itself
sends the example's generated constant, calls the tools with model-sent arguments, and a call
the function cannot take comes back to the model as the ``ArgumentError`` text.

``handoff.py`` runs inside the environments the differential suite already keeps
(``envs/main.txt``, ``envs/mcp1.txt``), one process per environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from typing import Any

import jsonschema
import pytest

from tests.conftest import REPO
from tests.frameworks import harness

pytestmark = pytest.mark.skipif(
    sys.version_info < (3, 11), reason="the reference frameworks are pinned to Python 3.11+"
)

EXAMPLE = REPO / "examples" / "travel_agent"
FORECAST = "Lyon: 64 °F and clear for the next 2 day(s)"


@cache
def constants() -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    path = EXAMPLE / "src" / "travel_tools" / "tool_schemas.py"
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    return namespace


@cache
def run(group: str) -> dict[str, Any]:
    python = harness.ensure_env(group)
    path = os.pathsep.join([str(REPO / "src"), str(EXAMPLE / "src")])
    done = subprocess.run(
        [str(python), str(harness.HERE / "handoff.py"), group],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def assert_says_what_to_fix(text: Any) -> None:
    assert isinstance(text, str) and "get_forecast" in text and "days" in text and "many" in text
    assert "Traceback" not in text and "pydantic" not in text


def test_openai_agents_sends_the_responses_constant_and_runs_the_calls() -> None:
    seen = run("main")["openai_agents"]
    assert seen["sent"] == constants()["TOOLS_OPENAI_RESPONSES"]
    assert seen["good"] == FORECAST
    assert_says_what_to_fix(seen["bad"])
    assert isinstance(seen["malformed"], str) and "get_forecast" in seen["malformed"]


def test_langchain_sends_the_schema_as_it_is_and_returns_errors_to_the_model() -> None:
    seen = run("main")["langchain"]
    expected = [
        {"name": t["name"], "description": t["description"], "parameters": t["parameters"]}
        for t in constants()["TOOLS_OPENAI_RESPONSES"]
    ]
    assert [t["function"] for t in seen["sent"]] == expected
    assert seen["good"] == seen["async"] == FORECAST
    assert_says_what_to_fix(seen["bad"])


def test_pydantic_ai_retries_with_the_error_text_then_runs_the_tool() -> None:
    seen = run("main")["pydantic_ai"]
    expected = [
        {"name": t["name"], "description": t["description"], "parameters": t["input_schema"]}
        for t in constants()["TOOLS_ANTHROPIC"]
    ]
    assert seen["sent"] == expected
    assert_says_what_to_fix(seen["retry"])
    assert seen["returned"] == FORECAST and seen["output"] == "done"


@pytest.mark.parametrize("server", ["fastmcp", "lowlevel"])
def test_mcp_servers_serve_tools_mcp_and_answer_with_structured_content(server: str) -> None:
    seen = run("mcp1")["mcp"]
    tools = {t["name"]: t for t in constants()["TOOLS_MCP"]}
    assert seen[f"{server}_listed"] == list(tools.values())
    good = seen[f"{server}_good"]
    assert good["structuredContent"] == {"result": FORECAST} and not good["isError"]
    assert good["content"] == [{"type": "text", "text": FORECAST}]
    bad = seen[f"{server}_bad"]
    assert bad["isError"] is True and "structuredContent" not in bad
    assert_says_what_to_fix(bad["content"][0]["text"])
    found = seen[f"{server}_search"]
    leg = {"origin": "CDG", "destination": "LIS", "day": "2026-12-24", "cabin": "economy"}
    assert found["structuredContent"] == {"result": [{**leg, "stops": []}]}
    jsonschema.validate(found["structuredContent"], tools["search_flights"]["outputSchema"])
