"""Every rule of ``toolgen diff``: a pair of tool definitions that fires it with its id and
severity, and the same pair reversed, which fires the inverse rule (a narrowing one way is a
widening the other)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolgen.diff.compare import diff_constants
from toolgen.diff.load import Module
from toolgen.diff.model import RULES, Change, Level
from toolgen.diff.rules import compare_tools
from toolgen.diff.values import word_diff
from toolgen.diff.wire import compare_provider, costs


def obj(properties: dict[str, Any], required: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    schema.update(extra)
    return schema


def tool(
    parameters: dict[str, Any], name: str = "t", description: str = "Do it."
) -> dict[str, Any]:
    return {"name": name, "description": description, "parameters": parameters}


def one(x: dict[str, Any], required: bool = False) -> dict[str, Any]:
    """A tool whose one parameter ``x`` has schema ``x``."""
    return obj({"x": x}, ("x",) if required else ())


S = {"type": "string"}
INT = {"type": "integer"}
N = {"type": "number"}

# (rule fired old→new, rule fired new→old or None, old parameters, new parameters, pointer)
PAIRS: list[tuple[str, str | None, dict[str, Any], dict[str, Any], str]] = [
    (
        "parameter-removed",
        "optional-parameter-added",
        obj({"x": S, "y": S}),
        obj({"x": S}),
        "/parameters/properties/y",
    ),
    (
        "required-parameter-added",
        "parameter-removed",
        obj({"x": S}),
        obj({"x": S, "y": S}, ("y",)),
        "/parameters/properties/y",
    ),
    (
        "parameter-became-required",
        "parameter-became-optional",
        one(S),
        one(S, True),
        "/parameters/properties/x",
    ),
    ("type-narrowed", "type-widened", one(N), one(INT), "/parameters/properties/x/type"),
    (
        "type-narrowed",
        "type-widened",
        one({"type": ["string", "null"]}),
        one(S),
        "/parameters/properties/x/type",
    ),
    ("type-narrowed", "type-widened", one({}), one(S), "/parameters/properties/x/type"),
    (
        "union-member-removed",
        "union-member-added",
        one({"anyOf": [S, INT]}),
        one({"anyOf": [S]}),
        "/parameters/properties/x/anyOf/1",
    ),
    (
        "union-member-removed",
        "union-member-added",
        one({"anyOf": [S, {"type": "boolean"}]}),
        one(S),
        "/parameters/properties/x/anyOf/1",
    ),
    (
        "enum-value-removed",
        "enum-value-added",
        one({"type": "string", "enum": ["a", "b"]}),
        one({"type": "string", "enum": ["a"]}),
        "/parameters/properties/x/enum",
    ),
    (
        "enum-value-removed",
        "enum-value-added",
        one({"enum": ["a", "b"]}),
        one({"const": "a"}),
        "/parameters/properties/x/enum",
    ),
    (
        "enum-added",
        "enum-removed",
        one(S),
        one({"type": "string", "enum": ["a"]}),
        "/parameters/properties/x/enum",
    ),
    (
        "constraint-tightened",
        "constraint-loosened",
        one({"type": "string", "maxLength": 10}),
        one({"type": "string", "maxLength": 5}),
        "/parameters/properties/x/maxLength",
    ),
    (
        "constraint-tightened",
        "constraint-loosened",
        one({"type": "integer", "minimum": 0}),
        one({"type": "integer", "minimum": 1}),
        "/parameters/properties/x/minimum",
    ),
    (
        "constraint-tightened",
        "constraint-loosened",
        one(INT),
        one({"type": "integer", "maximum": 9}),
        "/parameters/properties/x/maximum",
    ),
    (
        "constraint-tightened",
        "constraint-loosened",
        one(S),
        one({"type": "string", "pattern": "^a"}),
        "/parameters/properties/x/pattern",
    ),
    (
        "constraint-tightened",
        "constraint-tightened",
        one({"type": "string", "pattern": "^a"}),
        one({"type": "string", "pattern": "^b"}),
        "/parameters/properties/x/pattern",
    ),
    (
        "constraint-tightened",
        "constraint-loosened",
        one({"type": "array", "items": S}),
        one({"type": "array", "items": S, "uniqueItems": True}),
        "/parameters/properties/x/uniqueItems",
    ),
    (
        "constraint-tightened",
        "constraint-loosened",
        one({"type": "array", "items": S}),
        one({"type": "array", "items": S, "minItems": 1}),
        "/parameters/properties/x/minItems",
    ),
    (
        "constraint-tightened",
        "constraint-loosened",
        one({"type": "number", "multipleOf": 1}),
        one({"type": "number", "multipleOf": 2}),
        "/parameters/properties/x/multipleOf",
    ),
    (
        "constraint-tightened",
        "constraint-loosened",
        one(S),
        one({"type": "string", "format": "date"}),
        "/parameters/properties/x/format",
    ),
    (
        "additional-properties-closed",
        "additional-properties-opened",
        one(obj({"a": S})),
        one(obj({"a": S}, additionalProperties=False)),
        "/parameters/properties/x/additionalProperties",
    ),
    (
        "default-changed",
        "default-changed",
        one({"type": "integer", "default": 3}),
        one({"type": "integer", "default": 5}),
        "/parameters/properties/x/default",
    ),
    (
        "default-changed",
        "default-changed",
        one(INT),
        one({"type": "integer", "default": 5}),
        "/parameters/properties/x/default",
    ),
    (
        "description-changed",
        "description-changed",
        one({"type": "string", "description": "The city."}),
        one({"type": "string", "description": "The town."}),
        "/parameters/properties/x/description",
    ),
    (
        "parameter-order-changed",
        "parameter-order-changed",
        obj({"a": S, "b": S}),
        obj({"b": S, "a": S}),
        "/parameters/properties",
    ),
    (
        "keyword-changed",
        "keyword-changed",
        one({"type": "string", "title": "X"}),
        one({"type": "string", "title": "Y"}),
        "/parameters/properties/x/title",
    ),
    # nested: the items of an array, a property of a nested object, a $defs entry
    (
        "type-narrowed",
        "type-widened",
        one({"type": "array", "items": N}),
        one({"type": "array", "items": INT}),
        "/parameters/properties/x/items/type",
    ),
    (
        "parameter-became-required",
        "parameter-became-optional",
        one(obj({"a": S})),
        one(obj({"a": S}, ("a",))),
        "/parameters/properties/x/properties/a",
    ),
    (
        "enum-value-removed",
        "enum-value-added",
        obj(
            {"x": {"$ref": "#/$defs/E"}}, **{"$defs": {"E": {"type": "string", "enum": ["a", "b"]}}}
        ),
        obj({"x": {"$ref": "#/$defs/E"}}, **{"$defs": {"E": {"type": "string", "enum": ["a"]}}}),
        "/parameters/$defs/E/enum",
    ),
    (
        "additional-properties-closed",
        "additional-properties-opened",
        one({"type": "object", "additionalProperties": INT}),
        one({"type": "object", "additionalProperties": False}),
        "/parameters/properties/x/additionalProperties",
    ),
    (
        "type-narrowed",
        "type-widened",
        one({"type": "object", "additionalProperties": N}),
        one({"type": "object", "additionalProperties": INT}),
        "/parameters/properties/x/additionalProperties/type",
    ),
]


def rules(changes: list[Change]) -> list[str]:
    return sorted({c.rule for c in changes})


@pytest.mark.parametrize(
    ("rule", "inverse", "old", "new", "pointer"),
    PAIRS,
    ids=[f"{p[0]}-{i}" for i, p in enumerate(PAIRS)],
)
def test_rule_and_its_inverse(
    rule: str, inverse: str | None, old: dict[str, Any], new: dict[str, Any], pointer: str
) -> None:
    forward = compare_tools([tool(old)], [tool(new)])
    assert rule in rules(forward), forward
    fired = [c for c in forward if c.rule == rule]
    assert any(c.pointer == pointer for c in fired), fired
    assert all(c.level is RULES[rule].level and c.tool == "t" for c in fired)
    backward = compare_tools([tool(new)], [tool(old)])
    if inverse is not None:
        assert inverse in rules(backward), backward
        if (
            RULES[rule].level is Level.BREAKING
            and inverse != rule
            and RULES[inverse].category != "parameter"
        ):
            assert RULES[inverse].level is Level.NON_BREAKING
    # the same pair, unchanged, is no change at all
    assert compare_tools([tool(new)], [tool(new)]) == []


def test_a_narrowing_is_breaking_only_one_way() -> None:
    forward = compare_tools([tool(one(N))], [tool(one(INT))])
    backward = compare_tools([tool(one(INT))], [tool(one(N))])
    assert [(c.rule, c.level) for c in forward] == [("type-narrowed", Level.BREAKING)]
    assert [(c.rule, c.level) for c in backward] == [("type-widened", Level.NON_BREAKING)]


def test_tool_removed_added_and_renamed() -> None:
    a, b = tool(one(S), "a"), tool(one(INT), "b")
    assert [(c.rule, c.tool) for c in compare_tools([a, b], [a])] == [("tool-removed", "b")]
    assert [(c.rule, c.tool) for c in compare_tools([a], [a, b])] == [("tool-added", "b")]
    renamed = compare_tools([a], [tool(one(S), "a2")])
    assert [(c.rule, c.tool, c.old, c.new) for c in renamed] == [("tool-renamed", "a2", "a", "a2")]
    assert renamed[0].level is Level.BREAKING
    # different parameters: no rename, a removal and an addition
    assert rules(compare_tools([a], [tool(one(INT), "a2")])) == ["tool-added", "tool-removed"]
    # two candidates with the same parameters: ambiguous, so no rename is claimed
    both = compare_tools([a], [tool(one(S), "a2"), tool(one(S), "a3")])
    assert rules(both) == ["tool-added", "tool-removed"]


def test_tool_description_shows_the_words_that_changed() -> None:
    changes = compare_tools(
        [tool(one(S), description="Get the weather for a city.")],
        [tool(one(S), description="Get the weather for one city.")],
    )
    assert [c.rule for c in changes] == ["description-changed"]
    assert changes[0].pointer == "/description"
    assert "[-a-] {+one+}" in changes[0].message
    assert changes[0].level is Level.INFO


def test_word_diff_shortens_long_unchanged_runs() -> None:
    old = "one two three four five six seven eight nine ten eleven twelve"
    shown = word_diff(old, old.replace("six", "SIX"))
    assert shown == "one two three four five [-six-] {+SIX+} seven eight nine ten …"
    long = " ".join(f"w{i}" for i in range(40))
    shown = word_diff(long + " end", long + " END")
    assert "…" in shown and shown.endswith("[-end-] {+END+}")


def test_default_is_not_compared_for_a_parameter_that_became_required() -> None:
    changes = compare_tools([tool(one({"type": "integer", "default": 1}))], [tool(one(INT, True))])
    assert rules(changes) == ["parameter-became-required"]


def test_a_shared_definition_is_reported_once_and_recursion_ends() -> None:
    defs = {"Node": obj({"next": {"$ref": "#/$defs/Node"}, "v": S})}
    defs_new = {"Node": obj({"next": {"$ref": "#/$defs/Node"}, "v": INT})}
    old = obj({"a": {"$ref": "#/$defs/Node"}, "b": {"$ref": "#/$defs/Node"}}, **{"$defs": defs})
    new = obj({"a": {"$ref": "#/$defs/Node"}, "b": {"$ref": "#/$defs/Node"}}, **{"$defs": defs_new})
    changes = compare_tools([tool(old)], [tool(new)])
    assert [(c.rule, c.pointer) for c in changes] == [
        ("type-narrowed", "/parameters/$defs/Node/properties/v/type")
    ]


def test_a_default_beside_a_ref_is_reported_at_the_referring_node() -> None:
    defs = {"$defs": {"C": {"type": "string", "enum": ["a", "b"]}}}
    old = obj({"c": {"$ref": "#/$defs/C", "default": "a"}}, **defs)
    new = obj({"c": {"$ref": "#/$defs/C", "default": "b"}}, **defs)
    changes = compare_tools([tool(old)], [tool(new)])
    assert [(c.rule, c.pointer, c.old, c.new) for c in changes] == [
        ("default-changed", "/parameters/properties/c/default", "a", "b")
    ]


def test_inlined_to_ref_with_the_same_values_is_no_change_of_contract() -> None:
    old = one({"type": "string", "enum": ["a", "b"]})
    new = obj(
        {"x": {"$ref": "#/$defs/E"}}, **{"$defs": {"E": {"type": "string", "enum": ["a", "b"]}}}
    )
    assert [
        c.rule for c in compare_tools([tool(old)], [tool(new)]) if c.level is not Level.INFO
    ] == []


def test_union_branches_are_matched_by_kind_not_position() -> None:
    old = one({"anyOf": [S, INT]})
    new = one({"anyOf": [{"type": "integer", "minimum": 0}, S]})
    assert [(c.rule, c.pointer) for c in compare_tools([tool(old)], [tool(new)])] == [
        ("constraint-tightened", "/parameters/properties/x/anyOf/0/minimum")
    ]
    widened = compare_tools([tool(one({"anyOf": [S, INT]}))], [tool(one({"anyOf": [S, N]}))])
    assert [c.rule for c in widened] == ["type-widened"]


# --- per provider ---------------------------------------------------------------------------------


def module(tools: list[dict[str, Any]], **constants: Any) -> dict[str, Any]:
    return {"TOOLS": tools, **constants}


def test_wire_name_changed_is_breaking_for_dispatch() -> None:
    ir = [tool(one(S), "a.b")]
    old = module(ir, TOOLS_ANTHROPIC=[{"name": "a_b"}], TOOL_NAME_MAP_ANTHROPIC={"a_b": "a.b"})
    new = module(ir, TOOLS_ANTHROPIC=[{"name": "a-b"}], TOOL_NAME_MAP_ANTHROPIC={"a-b": "a.b"})
    changes = compare_provider("anthropic", old, new, None)
    assert [(c.rule, c.level, c.tool, c.provider, c.old, c.new) for c in changes] == [
        ("wire-name-changed", Level.BREAKING, "a.b", "anthropic", "a_b", "a-b")
    ]


def test_strict_mode_left_and_entered() -> None:
    ir = [tool(one(S))]
    strict = module(
        ir,
        TOOLS_OPENAI=[{"type": "function", "function": {"name": "t", "strict": True}}],
        TOOL_NAME_MAP_OPENAI={"t": "t"},
    )
    loose = module(
        ir,
        TOOLS_OPENAI=[{"type": "function", "function": {"name": "t"}}],
        TOOL_NAME_MAP_OPENAI={"t": "t"},
    )
    left = compare_provider("openai", strict, loose, None)
    assert [(c.rule, c.level, c.pointer) for c in left] == [
        ("strict-mode-left", Level.BREAKING, "/function/strict")
    ]
    entered = compare_provider("openai", loose, strict, None)
    assert [(c.rule, c.level) for c in entered] == [("strict-mode-entered", Level.INFO)]


def test_gemini_schema_field_moves_both_ways() -> None:
    ir = [tool(one(S))]
    plain = module(
        ir, TOOLS_GEMINI=[{"name": "t", "parameters": {}}], TOOL_NAME_MAP_GEMINI={"t": "t"}
    )
    json_ = module(
        ir,
        TOOLS_GEMINI=[{"name": "t", "parametersJsonSchema": {}}],
        TOOL_NAME_MAP_GEMINI={"t": "t"},
    )
    moved = compare_provider("gemini", plain, json_, None)
    assert [(c.rule, c.old, c.new) for c in moved] == [
        ("gemini-json-schema-field", "parameters", "parametersJsonSchema")
    ]
    back = compare_provider("gemini", json_, plain, None)
    assert [(c.rule, c.old, c.new) for c in back] == [
        ("gemini-json-schema-field", "parametersJsonSchema", "parameters")
    ]


def test_null_means_omitted_changed() -> None:
    ir = [tool(one(S))]
    form = [{"type": "function", "function": {"name": "t", "strict": True}}]
    a = module(ir, TOOLS_OPENAI=form, TOOL_NAME_MAP_OPENAI={"t": "t"}, NULL_MEANS_OMITTED_OPENAI={})
    b = module(
        ir,
        TOOLS_OPENAI=form,
        TOOL_NAME_MAP_OPENAI={"t": "t"},
        NULL_MEANS_OMITTED_OPENAI={"t": ["x"]},
    )
    assert [(c.rule, c.new) for c in compare_provider("openai", a, b, None)] == [
        ("null-means-omitted-changed", ["x"])
    ]
    assert [(c.rule, c.old) for c in compare_provider("openai", b, a, None)] == [
        ("null-means-omitted-changed", ["x"])
    ]


def test_wire_form_changed_while_the_ir_did_not() -> None:
    ir = [tool(one(S))]
    a = module(
        ir,
        TOOLS_MCP=[{"name": "t", "inputSchema": {"type": "object"}}],
        TOOL_NAME_MAP_MCP={"t": "t"},
    )
    b = module(
        ir,
        TOOLS_MCP=[{"name": "t", "inputSchema": {"type": "object", "x": 1}}],
        TOOL_NAME_MAP_MCP={"t": "t"},
    )
    assert [c.rule for c in compare_provider("mcp", a, b, None)] == ["wire-form-changed"]


def test_provider_removed_and_added() -> None:
    ir = [tool(one(S))]
    a = module(ir, TOOLS_MCP=[{"name": "t"}], TOOL_NAME_MAP_MCP={"t": "t"})
    b = module(ir)
    assert [(c.rule, c.level) for c in compare_provider("mcp", a, b, None)] == [
        ("provider-removed", Level.BREAKING)
    ]
    assert [(c.rule, c.level) for c in compare_provider("mcp", b, a, None)] == [
        ("provider-added", Level.NON_BREAKING)
    ]


def test_lossy_rewrites_come_from_the_adapters_themselves() -> None:
    """OpenAI's strict mode cannot say `minLength`: the adapter's own warning says it was folded."""
    plain = tool(one(S))
    bounded = tool(one({"type": "string", "minLength": 2}))
    form = [{"type": "function", "function": {"name": "t", "strict": True}}]
    form_b = [{"type": "function", "function": {"name": "t", "strict": True, "x": 1}}]
    a = module([plain], TOOLS_OPENAI=form, TOOL_NAME_MAP_OPENAI={"t": "t"})
    b = module([bounded], TOOLS_OPENAI=form_b, TOOL_NAME_MAP_OPENAI={"t": "t"})
    result = diff_constants(Module(a), Module(b), "out.py", "old", "new")
    added = [c for c in result.changes if c.provider is not None]
    assert [c.rule for c in added] == ["lossy-rewrite-added"]
    assert added[0].provider == "openai" and "minLength" in added[0].message
    back = diff_constants(Module(b), Module(a), "out.py", "old", "new")
    assert [c.rule for c in back.changes if c.provider] == ["lossy-rewrite-removed"]


def test_cost_counts_the_compact_json_of_each_list() -> None:
    a = module([], TOOLS_MCP=[{"name": "t"}], TOOL_NAME_MAP_MCP={"t": "t"})
    b = module([], TOOLS_MCP=[{"name": "t"}, {"name": "ü"}], TOOL_NAME_MAP_MCP={"t": "t", "ü": "ü"})
    (cost,) = costs(a, b)
    assert (cost.constant, cost.before, cost.after) == (
        "TOOLS_MCP",
        len(b'[{"name":"t"}]'),
        len('[{"name":"t"},{"name":"ü"}]'.encode()),
    )
    assert [(t.tool, t.before, t.after) for t in cost.tools] == [
        ("ü", 0, len('{"name":"ü"}'.encode()))
    ]


def test_every_rule_is_exercised_here() -> None:
    """A new rule needs its pair in this file."""
    text = Path(__file__).read_text(encoding="utf-8")
    missing = [rule for rule in RULES if f'"{rule}"' not in text]
    assert missing == []
