"""Hypothesis properties: pydantic agreement for generated annotations, black fixed point,
pass idempotence and purity, SDK acceptance of generated signatures, name limits."""

from __future__ import annotations

import copy
import json
import textwrap
import typing
from pathlib import Path
from typing import Any

import black
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import create_model

from tests.differential.test_pydantic_agreement import _is_optional, normalise
from tests.sdk.test_provider_sdks import VALIDATORS
from toolgen import api
from toolgen.config import Config, Target
from toolgen.errors import SourceError, SourceSpan
from toolgen.ir import ToolDef
from toolgen.providers import ADAPTERS, gemini, openai, refs
from toolgen.providers import transforms as t
from toolgen.providers.base import (
    ANTHROPIC_NAMES,
    GEMINI_NAMES,
    MCP_NAMES,
    OPENAI_NAMES,
)
from toolgen.render.literal import assignment

PROFILE = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- a grammar of annotation expressions ------------------------------------------------------
SCALARS = st.sampled_from(["str", "int", "float", "bool", "datetime.date", "uuid.UUID", "bytes"])
LITERAL_VALUES = st.lists(
    st.one_of(st.sampled_from(["a", "b", "c d", "é"]), st.integers(-3, 3)),
    min_size=1,
    max_size=3,
    unique=True,
)


def _literal(values: list[Any]) -> str:
    return "Literal[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in values) + "]"


def _annotated(base: str, kind: str) -> str:
    constraint = {
        "num": "Field(ge=0, le=9)",
        "str": "Field(min_length=1, max_length=9)",
        "list": "Field(min_length=1)",
    }[kind]
    return f"Annotated[{base}, {constraint}]"


def annotations(depth: int = 3) -> st.SearchStrategy[str]:
    leaves = st.one_of(
        SCALARS,
        LITERAL_VALUES.map(_literal),
        st.sampled_from(["int", "float"]).map(lambda b: _annotated(b, "num")),
        st.just(_annotated("str", "str")),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            inner.map(lambda a: f"list[{a}]"),
            inner.map(lambda a: f"dict[str, {a}]"),
            inner.map(lambda a: f"Optional[{a}]"),
            inner.map(lambda a: f"tuple[{a}, ...]"),
            st.tuples(inner, inner).map(lambda p: f"tuple[{p[0]}, {p[1]}]"),
            st.tuples(inner, inner).map(lambda p: f"Union[{p[0]}, {p[1]}]"),
            inner.map(lambda a: _annotated(f"list[{a}]", "list")),
        ),
        max_leaves=depth * 2,
    )


HEADER = (
    "import datetime\nimport uuid\nfrom typing import Annotated, Literal, Optional, Union\n\n"
    "from pydantic import Field\n\nfrom toolgen import tool\n\n\n"
)


def _build(tmp: Path, source: str, **target: Any) -> tuple[dict[str, Any], list[str]]:
    package = tmp / "gen_tools"
    package.mkdir(exist_ok=True)
    (package / "mod.py").write_text(source)
    try:
        plan = api.plan(
            Config((Target(paths=(package,), out=package / "tool_schemas.py", **target),)), cwd=tmp
        )
    except SourceError as exc:
        raise AssertionError("\n".join(d.format() for d in exc.diagnostics)) from None
    namespace: dict[str, Any] = {}
    exec(plan.files[0].text, namespace)
    return namespace, [d.format() for d in plan.diagnostics]


@PROFILE
@given(annotation=annotations())
# found by this test: typing makes one member of Literals equal up to order
@example(annotation='tuple[Union[Literal["a", "b", 0], Literal["a", 0, "b"]], ...]')
def test_generated_annotations_agree_with_pydantic(
    annotation: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    source = HEADER + f"@tool\ndef probe(value: {annotation}) -> None:\n    '''Probe.'''\n"
    namespace, _ = _build(tmp_path_factory.mktemp("agree"), source, providers=())
    ours = namespace["TOOLS"][0]["parameters"]
    # typing caches Unions by equality, and Union[int, str] == Union[str, int]: without a clean
    # cache, an earlier example's order would come back. Clear it so pydantic sees this source.
    for cleanup in typing._cleanups:  # type: ignore[attr-defined]
        cleanup()
    module: dict[str, Any] = {}
    exec(source, module)
    hints = typing.get_type_hints(module["probe"], include_extras=True)
    schema = create_model("probe", value=(hints["value"], ...)).model_json_schema()
    if _is_optional(hints["value"]):
        prop = schema["properties"]["value"]
        branches = [b for b in prop.pop("anyOf") if b != {"type": "null"}]
        schema["properties"]["value"] = (
            {**branches[0], **prop} if len(branches) == 1 else {"anyOf": branches, **prop}
        )
        schema.pop("required")
    assert _unordered(normalise(ours, ours)) == _unordered(normalise(schema, schema)), annotation


def _unordered(schema: Any) -> Any:
    """anyOf branches as a sorted list: typing returns cached Unions (equal regardless of order),
    so within one annotation the runtime may reorder a Union that the source spells differently.
    Order does not change what validates; tests/differential compares the exact order."""
    if isinstance(schema, dict):
        out = {k: _unordered(v) for k, v in schema.items()}
        if "anyOf" in out:
            out["anyOf"] = sorted(out["anyOf"], key=lambda b: json.dumps(b, sort_keys=True))
        return out
    if isinstance(schema, list):
        return [_unordered(v) for v in schema]
    return schema


@PROFILE
@given(
    annotations=st.lists(annotations(2), min_size=1, max_size=4),
    defaults=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_generated_signatures_are_accepted_by_every_sdk(
    annotations: list[str], defaults: list[bool], tmp_path_factory: pytest.TempPathFactory
) -> None:
    params = []
    for i, annotation in enumerate(annotations):
        optional = defaults[i] and "Optional" not in annotation
        params.append(f"p{i}: Optional[{annotation}] = None" if optional else f"p{i}: {annotation}")
    params.sort(key=lambda p: p.endswith(" = None"))
    source = HEADER + f"@tool\ndef probe({', '.join(params)}) -> None:\n    '''Probe.'''\n"
    namespace, _ = _build(tmp_path_factory.mktemp("sdk"), source)
    for constant, validate in VALIDATORS.items():
        for tool in namespace[constant]:
            validate(json.loads(json.dumps(tool)))


# --- the emitter is black's fixed point ---------------------------------------------------------
JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**6), 10**6),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=30),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(
    value=JSON, line_length=st.sampled_from([40, 88, 120]), annotation=st.sampled_from(["Any", ""])
)
def test_literal_emitter_is_black_fixed_point_and_round_trips(
    value: Any, line_length: int, annotation: str
) -> None:
    text = "from typing import Any\n\n" + assignment("VALUE", annotation, value, line_length)
    assert black.format_str(text, mode=black.Mode(line_length=line_length)) == text
    namespace: dict[str, Any] = {}
    exec(text, namespace)
    assert namespace["VALUE"] == value


@settings(max_examples=200, deadline=None)
@given(
    value=JSON,
    line_length=st.sampled_from([40, 88, 120]),
    shifts=st.lists(st.integers(0, 60), min_size=1, max_size=4),
)
def test_list_items_sharing_subtrees_are_laid_out_as_each_alone(
    value: Any, line_length: int, shifts: list[int]
) -> None:
    """One tool's forms are printed with one memo of the subtrees' one-line texts (by
    identity): each item is what it is printed alone, and black's fixed point. The shared
    subtree stands at other depths and after keys of other lengths, so that it fits on its
    line in one form and not in another."""
    from toolgen.render.literal import Layouts, list_item

    forms = [value, *({"k" * shift: value} for shift in shifts), {"w": {"x": [value]}}]
    forms.append({"copy": copy.deepcopy(value), "again": forms[-1]})
    memo = Layouts()
    items = [list_item(form, line_length, memo) for form in forms]
    assert items == [list_item(form, line_length) for form in forms]
    text = "from typing import Any\n\nVALUE: Any = [\n" + "\n".join(items) + "\n]\n"
    assert black.format_str(text, mode=black.Mode(line_length=line_length)) == text
    namespace: dict[str, Any] = {}
    exec(text, namespace)
    assert namespace["VALUE"] == forms


@settings(max_examples=300, deadline=None)
@given(
    value=st.dictionaries(st.text(max_size=12), JSON, max_size=6),
    line_length=st.sampled_from([20, 40, 88, 120, 400]),
    annotation=st.sampled_from(["dict[str, Any]", ""]),
)
@example(value={"a": "x" * 23}, line_length=40, annotation="")  # exactly the line's width
@example(value={"a": "x" * 24}, line_length=40, annotation="")  # one column more
@example(value={"a": "\u4e2d" * 11}, line_length=40, annotation="")  # 42 bytes in 31 columns
def test_a_dict_of_entries_printed_one_by_one_is_the_dict_printed_whole(
    value: dict[str, Any], line_length: int, annotation: str
) -> None:
    """A name map is joined from each tool's entry, printed (and proved) when its tool was:
    byte for byte what printing the whole dict gives, on one line when it fits there, and
    data to the proof with a stand-in entry in each entry's place."""
    from toolgen.emit.prove import ensure_data_only, prove_entries
    from toolgen.render import Constant, render_constant, render_dict
    from toolgen.render.literal import dict_entry

    entries = [dict_entry(k, v, line_length).encode() for k, v in value.items()]
    prove_entries(entries)
    joined = render_dict("VALUE", annotation, entries, line_length)
    whole = render_constant(Constant("VALUE", annotation, value), line_length)
    assert joined.text == whole.text
    head = b'"""Doc."""\n\nfrom typing import Any\n\n'
    ensure_data_only([head, *(joined.stand_in or joined.parts), b"\n"])


# --- passes: idempotent, pure, deterministic ---------------------------------------------------------
def _schemas() -> st.SearchStrategy[dict[str, Any]]:
    leaf = st.sampled_from(
        [
            {"type": "string"},
            {"type": "integer", "minimum": 1},
            {"type": "null"},
            {"type": "string", "enum": ["a", "b"]},
            {"const": 3, "type": "integer"},
            {"type": "number", "exclusiveMinimum": 0},
            {"type": "string", "format": "path"},
            {"type": ["string", "null"]},
            {"$ref": "#/$defs/Item"},
            {},
            {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]},
            {"type": "array"},
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
            st.builds(lambda a, b: {"anyOf": [a, b]}, inner, inner),
            st.builds(lambda a, b: {"oneOf": [a, b]}, inner, inner),
            st.builds(lambda i: {"type": "object", "additionalProperties": i}, inner),
            st.builds(lambda i: {**i, "description": "d", "default": None}, inner),
        ),
        max_leaves=8,
    )
    return st.builds(
        lambda props: {
            "type": "object",
            "properties": props,
            "required": sorted(props)[:1],
            "$defs": {"Item": {"type": "object", "properties": {"n": {"type": "integer"}}}},
        },
        st.dictionaries(st.sampled_from(["x", "y", "z"]), node, min_size=1, max_size=3),
    )


PASSES = {
    "ensure_object_root": t.ensure_object_root,
    "strip_meta": t.strip_meta,
    "inline_refs": refs.inline_refs(3),
    "merge_all_of": t.merge_all_of,
    "one_of_to_any_of": t.one_of_to_any_of,
    "complete_arrays": t.complete_arrays(True),
    "strictify": openai.strictify,
    "gemini_nullable": gemini.gemini_nullable("gemini"),
    "gemini_values": gemini.gemini_values,
    "hoist_single_any_of": t.hoist_single_any_of,
    "type_arrays_to_any_of": t.type_arrays_to_any_of,
    "fold_strict": t.fold_except(openai.OPENAI_STRICT_KEYS, "x"),
    "restrict_formats": t.restrict_formats(openai.OPENAI_STRICT_FORMATS, "x"),
}


@settings(max_examples=150, deadline=None)
@given(schema=_schemas(), name=st.sampled_from(sorted(PASSES)))
def test_each_pass_is_idempotent_and_pure(schema: dict[str, Any], name: str) -> None:
    step = PASSES[name]
    frozen = copy.deepcopy(schema)
    once = step(schema, t.Losses())
    assert schema == frozen, "the pass mutated its input"
    assert step(once, t.Losses()) == once, f"{name} is not idempotent"


@settings(max_examples=100, deadline=None)
@given(schema=_schemas())
def test_adapters_never_mutate_and_are_deterministic(schema: dict[str, Any]) -> None:
    from toolgen.config import Target
    from toolgen.pipeline import adapt

    tool = ToolDef("probe", "Probe.", schema, SourceSpan("x.py"), "m.probe")
    frozen = copy.deepcopy(schema)
    first = adapt(tool, Target(), tuple(ADAPTERS))
    second = adapt(tool, Target(), tuple(ADAPTERS))
    assert schema == frozen
    assert repr(first) == repr(second)


@settings(max_examples=100, deadline=None)
@given(schema=_schemas(), strict=st.booleans(), json_field=st.booleans())
def test_providers_sharing_a_tools_memo_give_what_each_gives_alone(
    schema: dict[str, Any], strict: bool, json_field: bool
) -> None:
    """A build adapts one tool for every provider with one memo, so that a step of a pipeline
    that another provider's pipeline already ran on the same input is not run again: each
    provider's wire form and diagnostics are those it gives with a memo of its own."""
    from toolgen.errors import Diagnostics
    from toolgen.providers import adapt_tool

    tool = ToolDef("probe", "Probe.", schema, SourceSpan("x.py"), "m.probe")
    options = Target(
        openai_strict=strict, gemini_schema_field="json" if json_field else "parameters"
    )
    shared: dict[Any, Any] = {}
    for key, make in ADAPTERS.items():
        together, alone = Diagnostics(), Diagnostics()
        adapter = make(options)
        with_memo = adapt_tool(key, adapter, tool, together, shared)
        without = adapt_tool(key, adapter, tool, alone, {})
        assert with_memo == without, key
        assert together.items == alone.items, key


@given(name=st.text(min_size=1, max_size=300))
def test_normalised_names_fit_every_rule(name: str) -> None:
    import re

    for rule, pattern in (
        (OPENAI_NAMES, r"[a-zA-Z0-9_-]{1,64}"),
        (ANTHROPIC_NAMES, r"[a-zA-Z0-9_-]{1,128}"),
        (GEMINI_NAMES, r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}"),
        (MCP_NAMES, r"[A-Za-z0-9._-]{1,128}"),
    ):
        out = rule.normalize(name)
        assert re.fullmatch(pattern, out), (rule, name, out)
        assert len(out.encode("utf-8")) <= rule.max_length
        assert rule.normalize(out) == out or len(name) > rule.max_length


def test_long_names_sharing_a_prefix_stay_distinct() -> None:
    a = "x" * 70 + "_alpha"
    b = "x" * 70 + "_beta"
    assert OPENAI_NAMES.normalize(a) != OPENAI_NAMES.normalize(b)
    assert len(OPENAI_NAMES.normalize(a)) == 64


def test_deterministic_module_bytes(tmp_path: Path) -> None:
    source = HEADER + textwrap.dedent('''
        @tool
        def b(x: dict[str, list[int]], y: Optional[str] = None) -> None:
            """B."""

        @tool
        def a(z: Literal["q", "r"] = "q") -> None:
            """A."""
        ''')
    texts = {_build(tmp_path, source)[0]["__all__"].__repr__() for _ in range(2)}
    assert len(texts) == 1
