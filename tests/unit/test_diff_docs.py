"""docs/diff.md says what the code does: its rule table is the rule table, and its JSON schema
validates what ``--format json`` prints."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema

from tests.conftest import REPO
from toolgen.diff.compare import diff_constants
from toolgen.diff.load import Module
from toolgen.diff.model import RULES, DiffResult
from toolgen.diff.report import to_data

DOC = (REPO / "docs" / "diff.md").read_text(encoding="utf-8")
ROW = re.compile(r"^\| `([a-z-]+)` \| (breaking|non-breaking|info) \| ([a-z]+) \|", re.M)


def test_the_rule_table_is_the_rules() -> None:
    documented = {rule: (level, category) for rule, level, category in ROW.findall(DOC)}
    assert documented == {r.id: (r.level.value, r.category) for r in RULES.values()}


def _schema() -> dict[str, Any]:
    block = re.search(r"```json\n(.*?)```", DOC, re.S)
    assert block is not None
    schema: dict[str, Any] = json.loads(block.group(1))
    return schema


def test_the_json_output_follows_the_documented_schema() -> None:
    def tools(**props: Any) -> list[dict[str, Any]]:
        return [
            {"name": "t", "description": "", "parameters": {"type": "object", "properties": props}}
        ]

    old = {
        "TOOLS": tools(x={"type": "number", "default": 1}),
        "TOOLS_MCP": [{"name": "t", "inputSchema": {}}],
        "TOOL_NAME_MAP_MCP": {"t": "t"},
        "TOOLS_BEDROCK": [{"toolSpec": {"name": "t"}}],
        "TOOL_NAME_MAP_BEDROCK": {"t": "t"},
    }
    new = {
        "TOOLS": tools(x={"type": "integer", "default": 2}),
        "TOOLS_MCP": [{"name": "t", "inputSchema": {"x": 1}}],
        "TOOL_NAME_MAP_MCP": {"t": "t"},
    }
    result = diff_constants(Module(old), Module(new), "out.py", "a", "b")
    data = to_data(DiffResult("main", (result,)))
    jsonschema.validate(data, _schema())
    rules = {c["rule"] for c in data["targets"][0]["changes"]}
    assert {"type-narrowed", "default-changed", "provider-removed"} <= rules
    removed = next(c for c in data["targets"][0]["changes"] if c["rule"] == "provider-removed")
    assert removed["tool"] is None and removed["provider"] == "bedrock"
