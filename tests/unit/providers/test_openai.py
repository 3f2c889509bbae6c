"""OpenAI's adapter: when strict mode is off, every reason is said, and only what strict mode
would send is counted against its limits."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from toolgen.config import Target
from toolgen.errors import SourceSpan
from toolgen.ir import ToolDef
from toolgen.providers import limits, openai, refs
from toolgen.providers import transforms as t
from toolgen.providers.base import AdapterOptions, Normalized

OPTIONS = AdapterOptions.of(Target())
OFF = "strict mode is off for this tool: "
DICT = OFF + "a free-form object (dict) cannot be strict"


def _tool(properties: dict[str, Any]) -> ToolDef:
    schema = {"type": "object", "properties": properties, "required": sorted(properties)}
    return ToolDef("probe", "Probe.", schema, SourceSpan("x.py"), "m.probe")


def _normalize(tool: ToolDef) -> tuple[Normalized, t.Losses]:
    report = t.Losses()
    return openai.normalize(tool, OPTIONS, report), report


def _said(report: t.Losses) -> list[str]:
    return [why for _, why in report.warnings]


def test_a_dict_and_a_limit_past_strict_both_say_why_strict_is_off() -> None:
    """The free-form dict turns strict mode off before the limits are checked: the limit
    past which the tool could not be strict either is said too, after it."""
    values = [f"v{i}" for i in range(1001)]
    tool = _tool(
        {"extra": {"type": "object", "additionalProperties": True}, "kind": {"enum": values}}
    )
    normalized, report = _normalize(tool)
    assert normalized.strict is False
    enums = OFF + limits.OPENAI_STRICT_ENUM_VALUES.exceeded(1001)
    assert _said(report)[:2] == [DICT, enums]


def test_what_strict_mode_folds_away_is_not_counted_against_its_limits() -> None:
    """A ``not`` is folded into the description in strict mode: its enum is no enum there, so
    it is no reason to turn strict mode off, whether or not a dict turns it off anyway."""
    folded = {"type": "string", "not": {"enum": [f"v{i}" for i in range(1001)]}}
    strict, report = _normalize(_tool({"name": folded}))
    assert strict.strict is True
    assert not any(why.startswith(OFF) for why in _said(report))
    _, report = _normalize(
        _tool({"name": folded, "extra": {"type": "object", "additionalProperties": True}})
    )
    assert [why for why in _said(report) if why.startswith(OFF)] == [DICT]


def _reference(tool: ToolDef, report: t.Losses) -> Normalized:
    """What the adapter gives, by its definition: the whole strict pipeline, run to its end and
    kept when nothing in it turned strict mode off, else the non-strict one."""
    base = [t.ensure_object_root, t.strip_meta]
    limit = OPTIONS.max_inline_kb * 1024
    non_strict = [t.merge_all_of, t.complete_arrays(require_items=False), openai._fold_non_strict]
    trial = t.Losses()
    strict = t.run_passes(
        tool.parameters,
        [
            *base,
            refs.inline_refs(OPTIONS.recursion_depth, keep_cycles=True, max_bytes=limit),
            t.merge_all_of,
            t.one_of_to_any_of,
            t.complete_arrays(require_items=True),
            openai.strictify,
            t.fold_except(openai.OPENAI_STRICT_KEYS, "is not accepted in strict mode"),
            t.restrict_formats(openai.OPENAI_STRICT_FORMATS, "is not a format strict mode accepts"),
            limits.check_openai_strict,
        ],
        trial,
    )
    if not trial.downgrades and not trial.errors:
        report.take(trial)
        return Normalized(strict, strict=True)
    for pointer, why in trial.downgrades:
        report.warn(pointer, OFF + why)
    trial = t.Losses()
    inlined = refs.inline_refs(OPTIONS.recursion_depth, max_bytes=limit)
    schema = t.run_passes(tool.parameters, [*base, inlined, *non_strict], trial)
    if not trial.downgrades:
        report.take(trial)
        return Normalized(schema, strict=False)
    report.warn("", f"sent with its $refs kept, because {trial.reasons()}")
    return Normalized(t.run_passes(tool.parameters, [*base, *non_strict], report), strict=False)


def _schemas() -> st.SearchStrategy[dict[str, Any]]:
    """Parameters mixing what turns strict mode off (dicts, limits, cycles), what it folds
    (``not``, formats, defaults) and what the passes rewrite (``oneOf``, ``allOf``, tuples)."""
    many = {"enum": [f"v{i}" for i in range(1001)]}
    leaf = st.sampled_from(
        [
            {"type": "string"},
            {"type": "string", "format": "path"},
            {"type": "integer", "default": 3},
            {"type": "object", "additionalProperties": True},
            {"type": "object", "additionalProperties": {"type": "integer"}},
            many,
            {"type": "string", "not": many},
            {"$ref": "#/$defs/Node"},
            {"$ref": "#/$defs/Missing"},
            {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]},
            {"allOf": [{"properties": {"a": {"type": "string"}}}, {"required": ["a"]}]},
            {"type": "array"},
            {},
        ]
    )
    node = st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.builds(lambda i: {"type": "array", "items": i}, inner),
            st.builds(
                lambda ps: {"type": "object", "properties": ps, "required": sorted(ps)[:1]},
                st.dictionaries(st.sampled_from(["a", "b", "c"]), inner, min_size=1, max_size=3),
            ),
            st.builds(lambda a, b: {"oneOf": [a, b]}, inner, inner),
            st.builds(lambda a, b: {"anyOf": [a, b]}, inner, inner),
            st.builds(lambda i: {"type": "string", "if": i, "then": i}, inner),
        ),
        max_leaves=6,
    )
    node_def = {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}
    return st.builds(
        lambda props, cyclic: {
            "type": "object",
            "properties": props,
            "required": sorted(props)[:1],
            "$defs": {"Node": node_def if cyclic else {"type": "string"}},
        },
        st.dictionaries(st.sampled_from(["x", "y", "z"]), node, min_size=1, max_size=3),
        st.booleans(),
    )


@settings(max_examples=150, deadline=None)
@given(schema=_schemas())
def test_the_adapter_gives_what_its_whole_strict_pipeline_gives(schema: dict[str, Any]) -> None:
    """Same schema, same strictness, same warnings and errors in the same order, as running
    every strict pass to the end and then deciding."""
    tool = ToolDef("probe", "Probe.", schema, SourceSpan("x.py"), "m.probe")
    expected, got = t.Losses(), t.Losses()
    assert openai._normalize(tool, OPTIONS, got) == _reference(tool, expected)
    assert (got.warnings, got.errors) == (expected.warnings, expected.errors)
    assert (got.omitted_nulls, got.nullable_optionals) == (
        expected.omitted_nulls,
        expected.nullable_optionals,
    )


def test_the_limits_walk_every_subschema_strict_mode_sends() -> None:
    assert limits.STRICT_NESTING == openai.OPENAI_STRICT_KEYS & t.NESTING
