"""Every constant of every golden case and example, validated by the providers' own SDK types.

TypedDict-based SDK types drop unknown keys silently, so each check also asserts that
validation gave back exactly what went in. Rule checks cover what the SDKs don't encode.
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.conftest import REPO

MODULES = sorted(
    [
        *REPO.glob("tests/cases/*/expected/tool_schemas.py"),
        *REPO.glob("examples/*/src/*/tool_schemas.py"),
    ]
)


def load(path: Path) -> dict[str, Any]:
    """The module's constants, with those of its per-provider modules (``--layout per-provider``)."""
    namespace: dict[str, Any] = {}
    for module in [path, *sorted(path.parent.glob(f"{path.stem}_*.py"))]:
        exec(compile(module.read_text(), str(module), "exec"), namespace)
    return namespace


CONSTANTS = {p.relative_to(REPO).as_posix(): load(p) for p in MODULES}
IDS = list(CONSTANTS)


def test_there_is_something_to_validate() -> None:
    total = sum(len(ns["TOOLS"]) for ns in CONSTANTS.values())
    assert len(CONSTANTS) >= 3 and total >= 10


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


@cache
def _adapter(kind: str) -> TypeAdapter[Any]:
    if kind == "openai":
        from openai.types.chat import ChatCompletionFunctionToolParam

        return TypeAdapter(ChatCompletionFunctionToolParam)
    if kind == "openai_responses":
        from openai.types.responses import FunctionToolParam

        return TypeAdapter(FunctionToolParam)
    from anthropic.types import ToolParam

    return TypeAdapter(ToolParam)


def validate_openai_chat(tool: dict[str, Any]) -> None:
    from openai.types.chat import ChatCompletionToolParam

    assert TypeAdapter(ChatCompletionToolParam).validate_python(tool) == tool
    assert _adapter("openai").validate_python(tool) == tool
    assert isinstance(tool["function"]["strict"], bool)
    assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", tool["function"]["name"])
    if tool["function"]["strict"]:
        assert_strict(tool["function"]["parameters"])


def validate_openai_responses(tool: dict[str, Any]) -> None:
    assert _adapter("openai_responses").validate_python(tool) == tool
    assert set(tool) >= {"type", "name", "parameters", "strict"}
    assert isinstance(tool["strict"], bool)
    assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", tool["name"])
    if tool["strict"]:
        assert_strict(tool["parameters"])


def assert_strict(schema: dict[str, Any]) -> None:
    """OpenAI strict invariants on every node: closed objects, all required, allowed keys only."""
    from toolgen.providers.openai import OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYS
    from toolgen.providers.transforms import subschemas

    stack = [schema]
    while stack:
        node = stack.pop()
        assert set(node) <= OPENAI_STRICT_KEYS, set(node) - OPENAI_STRICT_KEYS
        if node.get("type") == "object" or "properties" in node:
            assert node["additionalProperties"] is False
            assert node["required"] == list(node["properties"])
        if "format" in node:
            assert node["format"] in OPENAI_STRICT_FORMATS
        if node.get("type") == "array":
            assert "items" in node
        stack.extend(subschemas(node))
    assert "anyOf" not in schema


def validate_anthropic(tool: dict[str, Any]) -> None:
    validated = dict(_adapter("anthropic").validate_python(tool))
    if "input_examples" in validated:  # typed Iterable: pydantic hands back a lazy iterator
        validated["input_examples"] = list(validated["input_examples"])
    assert validated == tool
    assert tool["input_schema"]["type"] == "object"
    assert not {"anyOf", "oneOf", "allOf"} & set(tool["input_schema"])
    assert re.fullmatch(r"[a-zA-Z0-9_-]{1,128}", tool["name"])


GEMINI_ALLOWED = {
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "items",
    "minItems",
    "maxItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
}


def validate_gemini(decl: dict[str, Any]) -> None:
    from google.genai import types

    parsed = types.FunctionDeclaration.model_validate(decl)  # extra="forbid" at every level
    assert parsed.name == decl["name"] and parsed.description == decl["description"]
    assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.:-]{0,63}", decl["name"])
    # ``response`` is a Schema too (``gemini_response``), of the same OpenAPI subset.
    stack = [decl[key] for key in ("parameters", "response") if key in decl]
    while stack:
        node = stack.pop()
        assert set(node) <= GEMINI_ALLOWED, set(node) - GEMINI_ALLOWED
        if "anyOf" not in node:
            assert node["type"] in (
                "STRING",
                "NUMBER",
                "INTEGER",
                "BOOLEAN",
                "ARRAY",
                "OBJECT",
                "NULL",
            )
        if "enum" in node:
            assert node["type"] == "STRING" and all(isinstance(v, str) for v in node["enum"])
        for name in node.get("properties", {}):
            assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,63}", name)
        if len(node.get("properties", {})) > 1:
            assert node["propertyOrdering"] == list(node["properties"])
        stack.extend(node.get("properties", {}).values())
        stack.extend(node.get("anyOf", []))
        if "items" in node:
            stack.append(node["items"])


def validate_mcp(tool: dict[str, Any]) -> None:
    from mcp.shared.tool_name_validation import validate_tool_name
    from mcp_types.methods import serialize_server_result

    latest = serialize_server_result(
        "tools/list",
        "2026-07-28",
        {"tools": [tool], "resultType": "complete", "ttlMs": 0, "cacheScope": "public"},
    )
    assert latest["tools"][0] == tool
    older = serialize_server_result("tools/list", "2025-11-25", {"tools": [tool]})
    assert older["tools"][0] == tool
    assert tool["inputSchema"]["type"] == "object"
    if "outputSchema" in tool:
        assert tool["outputSchema"]["type"] == "object"
    assert validate_tool_name(tool["name"]).is_valid


@lru_cache(maxsize=1)
def _converse_shape() -> Any:
    import boto3

    client = boto3.client(
        "bedrock-runtime", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
    )
    return client.meta.service_model.operation_model("Converse").input_shape


def validate_bedrock(tool: dict[str, Any]) -> None:
    from botocore.validate import ParamValidator

    report = ParamValidator().validate(
        {"modelId": "m", "messages": [], "toolConfig": {"tools": [tool]}}, _converse_shape()
    )
    assert not report.has_errors(), report.generate_report()
    spec = tool["toolSpec"]
    assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", spec["name"])  # botocore checks no pattern or max
    assert spec["inputSchema"]["json"]["type"] == "object"


VALIDATORS = {
    "TOOLS_OPENAI": validate_openai_chat,
    "TOOLS_OPENAI_RESPONSES": validate_openai_responses,
    "TOOLS_ANTHROPIC": validate_anthropic,
    "TOOLS_GEMINI": validate_gemini,
    "TOOLS_MCP": validate_mcp,
    "TOOLS_BEDROCK": validate_bedrock,
}


def _served(namespace: dict[str, Any], constant: str, prefix: str = "") -> set[str]:
    """The tools a constant holds: every tool of its set (the target's, or one owner's), but in
    an MCP constant not an agent's, whose owner has no TOOLS_MCP (docs/frameworks.md#owners)."""
    names = {t["name"] for t in namespace[f"{prefix}TOOLS"]}
    if constant.endswith("_MCP"):
        for owner in namespace.get("OWNERS", {}).values():
            if f"{owner}_TOOLS_MCP" not in namespace:
                names -= {t["name"] for t in namespace[f"{owner}_TOOLS"]}
    return names


def _sets(namespace: dict[str, Any]) -> list[str]:
    """The prefixes of the module's sets of constants: the target's, then each owner's."""
    return ["", *(f"{owner}_" for owner in namespace.get("OWNERS", {}).values())]


@pytest.mark.parametrize("module", IDS)
def test_every_constant_accepted_by_its_provider_sdk(module: str) -> None:
    namespace = CONSTANTS[module]
    present = [c for c in VALIDATORS if c in namespace]
    assert present, f"{module} generates no provider constant"
    for prefix in _sets(namespace):
        for constant in VALIDATORS:
            if prefix + constant not in namespace:
                continue
            tools = namespace[prefix + constant]
            assert len(tools) == len(_served(namespace, constant, prefix)), prefix + constant
            for tool in tools:
                VALIDATORS[constant](_jsonable(tool))


@pytest.mark.parametrize("module", IDS)
def test_name_maps_lead_back_to_every_tool(module: str) -> None:
    namespace = CONSTANTS[module]
    for prefix in _sets(namespace):
        for key, value in namespace.items():
            if key.startswith(f"{prefix}TOOL_NAME_MAP"):
                suffix = key.removeprefix(f"{prefix}TOOL_NAME_MAP")
                assert set(value.values()) == _served(namespace, suffix, prefix), key


@pytest.mark.parametrize("module", IDS)
def test_property_names_and_required_are_kept(module: str) -> None:
    """Adapters never drop or rename a parameter; only strict mode may widen ``required``."""
    namespace = CONSTANTS[module]
    ir = {t["name"]: t["parameters"] for t in namespace["TOOLS"]}
    for constant, get in (
        ("TOOLS_ANTHROPIC", lambda t: t["input_schema"]),
        ("TOOLS_MCP", lambda t: t["inputSchema"]),
        ("TOOLS_BEDROCK", lambda t: t["toolSpec"]["inputSchema"]["json"]),
        ("TOOLS_OPENAI", lambda t: t["function"]["parameters"]),
    ):
        name_map = namespace.get("TOOL_NAME_MAP" + constant.removeprefix("TOOLS"), {})
        for tool in namespace.get(constant, []):
            wire = get(tool)
            wire_name = (
                tool.get("name") or tool.get("function", {}).get("name") or tool["toolSpec"]["name"]
            )
            original = ir[name_map[wire_name]]
            assert list(wire["properties"]) == list(original["properties"])
            if constant == "TOOLS_OPENAI" and tool["function"]["strict"]:
                assert wire["required"] == list(original["properties"])
            else:
                assert wire.get("required", []) == original.get("required", [])
