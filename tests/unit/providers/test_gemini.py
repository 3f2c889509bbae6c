"""Gemini's adapter: the property names its subset refuses, each named in its place and
order, and the warning for a very deep schema."""

from __future__ import annotations

from typing import Any

from toolgen.config import Target
from toolgen.errors import SourceSpan
from toolgen.ir import ToolDef
from toolgen.providers import gemini
from toolgen.providers import transforms as t
from toolgen.providers.base import AdapterOptions

ADAPTER = gemini.Gemini(AdapterOptions.of(Target()))


def _said(schema: dict[str, Any]) -> list[str]:
    report = t.Losses()
    ADAPTER.normalize_schema(ToolDef("probe", "Probe.", schema, SourceSpan("x.py"), "m"), report)
    return [why for _, why in report.warnings]


def test_refused_property_names_are_each_named_inner_ones_first() -> None:
    inner = {"type": "object", "properties": {"b-c": {"type": "string"}}}
    schema = {"type": "object", "properties": {"a b": inner, "ok": {"type": "integer"}}}
    [why] = _said(schema)
    assert why.startswith("sent as parametersJsonSchema, because `parameters` cannot express")
    assert why.index("/properties/a b/properties/b-c: property name 'b-c'") < why.index(
        "/properties/a b: property name 'a b'"
    )


def test_a_schema_deeper_than_ten_levels_is_warned_once_with_its_depth() -> None:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(10):
        schema = {"type": "object", "properties": {"x": schema}}
    assert _said(schema) == ["the schema is 11 levels deep; Gemini may reject very deep schemas"]
    assert _said(schema["properties"]["x"]) == []
