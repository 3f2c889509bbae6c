"""Example calls (``@tool(examples=[...])``) reach Anthropic's ``input_examples`` and deferred
loading (``@tool(defer_loading=True)``) the providers that have it. Examples:
the SDK's ``ToolParam`` keeps them as they are, and each is valid against the tool's
``input_schema`` by an independent validator (jsonschema), as the build checked it."""

from __future__ import annotations

from typing import Any

import jsonschema
from anthropic.types import ToolParam
from pydantic import TypeAdapter

from tests.conftest import REPO

CASE = REPO / "tests" / "cases" / "anthropic_examples"


def _generated() -> list[dict[str, Any]]:
    namespace: dict[str, Any] = {}
    exec(compile((CASE / "expected" / "tool_schemas.py").read_text(), "gen", "exec"), namespace)
    return list(namespace["TOOLS_ANTHROPIC"])


def test_input_examples_round_trip_through_the_sdks_tool_param() -> None:
    (tool,) = _generated()
    assert tool["input_examples"] == [
        {"city": "Paris"},  # a constant of the module, folded
        {"city": "Oslo", "unit": "celsius", "days": 3},
    ]
    validated = dict(TypeAdapter(ToolParam).validate_python(tool))
    validated["input_examples"] = list(validated["input_examples"])  # typed Iterable: lazy
    assert validated == tool
    for example in tool["input_examples"]:
        jsonschema.Draft202012Validator(tool["input_schema"]).validate(example)


def test_a_tool_without_examples_sends_none() -> None:
    text = (REPO / "tests" / "cases" / "spec_example" / "expected" / "tool_schemas.py").read_text()
    assert "input_examples" not in text


def test_deferred_loading_reaches_the_providers_that_have_it() -> None:
    namespace: dict[str, Any] = {}
    path = REPO / "tests" / "cases" / "deferred_loading" / "expected" / "tool_schemas.py"
    exec(compile(path.read_text(), "gen", "exec"), namespace)
    from openai.types.responses import FunctionToolParam

    anthropic = {t["name"]: t for t in namespace["TOOLS_ANTHROPIC"]}
    responses = {t["name"]: t for t in namespace["TOOLS_OPENAI_RESPONSES"]}
    for tools, param in ((anthropic, ToolParam), (responses, FunctionToolParam)):
        assert [n for n, t in tools.items() if t.get("defer_loading")] == ["export_report"]
        assert "defer_loading" not in tools["ping"]  # False is the default: not sent
        validated = TypeAdapter(param).validate_python(tools["export_report"])
        assert validated["defer_loading"] is True
    assert not any("defer_loading" in t["function"] for t in namespace["TOOLS_OPENAI"])
