"""The run-time validator agrees with jsonschema (draft 2020-12, its format checker): on random
schemas of the keywords toolgen emits and random values, and on every golden TOOLS schema with
values generated from it and values that break it.

The values are generated from the schema here, not by hypothesis-jsonschema: its last release
(0.23.1) fails with the pinned hypothesis ('many' object has no attribute 'more')."""

from __future__ import annotations

import runpy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import regress
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, ValidationError
from jsonschema._utils import equal

from toolgen.runtime.validate import compile

CASES = Path(__file__).parents[1] / "cases"
PROFILE = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
NAMES = ["a", "b", "c/d", "e~f"]  # ~ and / exercise the pointers' escaping


def unique_items(validator: Any, unique: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """jsonschema's uniqueItems, pairwise: its own sorts first and then misses [[1], [true], [1]]
    (the three compare equal in Python, so the two [1] need not end up side by side)."""
    if unique and validator.is_type(instance, "array"):
        for i, one in enumerate(instance):
            if any(equal(one, other) for other in instance[i + 1 :]):
                yield ValidationError(f"{instance!r} has non-unique elements")
                return


def ecma_pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """``pattern`` as JSON Schema reads it, an ECMA-262 regular expression (regress, the engine
    jsonschema's own format checker uses for them): jsonschema's keyword runs Python's ``re``,
    whose ``$`` also matches before a final newline."""
    if validator.is_type(instance, "string") and regress.Regex(pattern).find(instance) is None:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def ecma_matches(pattern: str) -> Any:
    return lambda text: regress.Regex(pattern).find(text) is not None


Reference = jsonschema.validators.extend(
    Draft202012Validator, {"uniqueItems": unique_items, "pattern": ecma_pattern}
)


def pointer(parts: Any) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def reference_paths(schema: Any, instance: Any) -> set[str]:
    """jsonschema's error paths, with a missing required property, a forbidden extra one and a
    bad property name at the property's own pointer, where toolgen's validator puts them."""
    checker = Reference(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    paths = set()
    for error in checker.iter_errors(instance):
        at = pointer(error.absolute_path)
        esc = lambda name: name.replace("~", "~0").replace("/", "~1")  # noqa: E731
        if error.validator == "required":
            paths.update(f"{at}/{esc(n)}" for n in error.validator_value if n not in error.instance)
        elif error.validator == "additionalProperties" and error.validator_value is False:
            known = error.schema.get("properties", {})
            paths.update(f"{at}/{esc(k)}" for k in error.instance if k not in known)
        elif "propertyNames" in error.absolute_schema_path:
            paths.add(f"{at}/{esc(error.instance)}")
        elif error.validator is None and error.absolute_schema_path:
            paths.update(_false_subschemas(schema, instance, error, at))
        else:
            paths.add(at)
    return paths


def _false_subschemas(schema: Any, instance: Any, error: Any, at: str) -> set[str]:
    """Where a ``false`` subschema refused a value: jsonschema (4.26) reports it at the object
    or array holding the value, the property or index dropped from both paths."""
    keyword = error.absolute_schema_path[-1]
    parent, value = schema, instance
    for part in error.absolute_schema_path:
        parent = parent[part]
    for part in error.absolute_path:
        value = value[part]
    if keyword == "properties":
        return {
            f"{at}/{pointer([k])[1:]}" for k, sub in parent.items() if sub is False and k in value
        }
    if keyword == "prefixItems":
        return {f"{at}/{i}" for i, sub in enumerate(parent[: len(value)]) if sub is False}
    return {at}


def has_alternatives(schema: Any) -> bool:
    if isinstance(schema, dict):
        return "anyOf" in schema or "oneOf" in schema or any(map(has_alternatives, schema.values()))
    if isinstance(schema, list):
        return any(map(has_alternatives, schema))
    return False


def agree(schema: Any, instance: Any) -> None:
    ours = compile(schema).errors(instance)
    theirs = reference_paths(schema, instance)
    assert bool(ours) == bool(theirs), (ours, theirs)
    paths = {e["path"] for e in ours}
    if not has_alternatives(schema):
        assert paths == theirs
    else:  # an alternative's own errors lie under the place jsonschema reports the anyOf at
        for path in paths:
            assert any(path == t or path.startswith(t + "/") for t in theirs), (path, theirs)
    for error in ours:
        assert "<class" not in error["message"] and "Traceback" not in error["message"]


FORMATS = ["date", "uuid", "date-time", "time", "duration", "binary", "path", "uri"]
TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"]
numbers = st.one_of(st.integers(-5, 5), st.sampled_from([0.5, 1.0, 2.5, -1.5, 1e20, 10**20]))
texts = st.one_of(
    st.text("ab-0:", max_size=5),
    st.sampled_from(
        [
            "2024-02-29",
            "2023-02-29",
            "2024-1-01",
            "123e4567-e89b-12d3-a456-426614174000",
            "123e4567e89b12d3a456426614174000",
            "{123e4567-e89b-12d3-a456-426614174000}",
            "12:00:00Z",
            "P1D",
            "😀😀",
        ]
    ),
)
# Values JSON tells apart and Python does not (1, 1.0 and true) come often.
scalars = st.one_of(st.sampled_from([None, True, False, 0, 1, 1.0, "1"]), numbers, texts)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(NAMES), inner, max_size=4)
    ),
    max_leaves=12,
)


def kw(strategy: Any) -> Any:
    """An optional keyword value: None leaves it out."""
    return st.one_of(st.none(), strategy)


@st.composite
def leaf(draw: Any) -> Any:
    if draw(st.integers(0, 9)) == 0:
        return draw(st.booleans())
    schema: dict[str, Any] = {}
    candidates = {
        "type": kw(
            st.one_of(
                st.sampled_from(TYPES),
                st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True),
            )
        ),
        "enum": kw(st.lists(scalars, min_size=1, max_size=3)),
        "const": kw(values),
        "minimum": kw(numbers),
        "maximum": kw(numbers),
        "exclusiveMinimum": kw(numbers),
        "exclusiveMaximum": kw(numbers),
        "multipleOf": kw(st.sampled_from([2, 3, 0.5, 0.1, 2.5])),
        "minLength": kw(st.integers(0, 3)),
        "maxLength": kw(st.integers(0, 3)),
        "pattern": kw(st.sampled_from(["a", "^a", "b$", "^[ab]*$", "-"])),
        "format": kw(st.sampled_from(FORMATS)),
        "description": kw(st.just("annotation")),
        "default": kw(scalars),
    }
    for key, strategy in candidates.items():
        if draw(st.integers(0, 4)) == 0:
            value = draw(strategy)
            if value is not None:
                schema[key] = value
    return schema


def extend(children: Any) -> Any:
    refs = st.sampled_from([{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}])
    child = st.one_of(children, refs)  # a $ref only where it consumes a level of the value

    @st.composite
    def node(draw: Any) -> Any:
        kind = draw(st.sampled_from(["object", "array", "anyOf", "oneOf", "allOf"]))
        schema = draw(leaf())
        schema = {} if isinstance(schema, bool) else schema
        if kind == "object":
            props = draw(st.dictionaries(st.sampled_from(NAMES), child, max_size=3))
            schema["properties"] = props
            if draw(st.booleans()):
                schema["required"] = draw(st.lists(st.sampled_from(NAMES), max_size=2, unique=True))
            extra = draw(kw(st.one_of(st.booleans(), child)))
            if extra is not None:
                schema["additionalProperties"] = extra
            if draw(st.integers(0, 3)) == 0:
                schema["propertyNames"] = draw(
                    st.sampled_from([{"enum": NAMES[:2]}, {"maxLength": 1}, {"pattern": "^[a-c]"}])
                )
            for key in ("minProperties", "maxProperties"):
                if draw(st.integers(0, 4)) == 0:
                    schema[key] = draw(st.integers(0, 3))
        elif kind == "array":
            if draw(st.booleans()):
                schema["prefixItems"] = draw(st.lists(child, min_size=1, max_size=2))
            items = draw(kw(st.one_of(st.booleans(), child)))
            if items is not None:
                schema["items"] = items
            for key in ("minItems", "maxItems"):
                if draw(st.integers(0, 3)) == 0:
                    schema[key] = draw(st.integers(0, 3))
            if draw(st.integers(0, 2)) == 0:
                schema["uniqueItems"] = draw(st.booleans())
        else:
            schema[kind] = draw(st.lists(children, min_size=1, max_size=3))
        return schema

    return node()


trees = st.recursive(leaf(), extend, max_leaves=8)


@st.composite
def schemas(draw: Any) -> Any:
    root = draw(trees)
    defs = {"A": draw(trees), "B": draw(trees)}
    if isinstance(root, bool):
        root = {"allOf": [root]}
    return {**root, "$defs": defs}


@PROFILE
@given(schemas(), values)
@example({"enum": [1, "a"]}, True)
@example({"const": [0, {"a": 1}]}, [False, {"a": 1.0}])
@example({"uniqueItems": True}, [1, True, [1], [True]])
@example({"uniqueItems": True}, [[1], [True], [1]])
@example({"type": "integer", "minimum": 0}, True)
@example({"type": "number"}, False)
@example({"type": "integer"}, 2.0)
@example({"multipleOf": 0.1}, 0.3)
@example({"propertyNames": {"maxLength": 1}, "required": ["a/b"]}, {"c/d": 1})
@example({"properties": {"b": False}, "propertyNames": {"enum": ["a", "b"]}}, {"b": None})
@example({"properties": {"x": {"properties": {"b/c": False}}}}, {"x": {"b/c": 1}})
@example({"prefixItems": [True, False]}, [1, 2])
def test_random_schemas_and_values_agree_with_jsonschema(schema: Any, instance: Any) -> None:
    agree(schema, instance)


def golden_schemas() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(CASES.glob("*/expected/tool_schemas.py")):
        if path.parts[-3].startswith("limit_"):  # walls of made-up tools at a provider's limit
            continue
        for tool in runpy.run_path(str(path)).get("TOOLS", []):
            out.append((f"{path.parts[-3]}:{tool['name']}", tool["parameters"]))
    return out


GOLDEN = golden_schemas()


def test_the_goldens_hold_schemas() -> None:
    assert len(GOLDEN) >= 15


def conforming(schema: Any, root: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values aimed at ``schema`` (the keywords of the goldens): jsonschema has the last word."""
    if schema is True or schema == {} or depth > 6:
        return values
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return conforming(root["$defs"][name], root, depth + 1)
    if "anyOf" in schema:
        return st.one_of([conforming(b, root, depth + 1) for b in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties", {})
        required = set(schema.get("required", []))
        fields = {k: conforming(s, root, depth + 1) for k, s in props.items()}
        return st.fixed_dictionaries(
            {k: f for k, f in fields.items() if k in required},
            optional={k: f for k, f in fields.items() if k not in required},
        )
    if kind == "array":
        if "prefixItems" in schema:
            return st.tuples(*(conforming(s, root, depth + 1) for s in schema["prefixItems"])).map(
                list
            )
        return st.lists(
            conforming(schema.get("items", True), root, depth + 1),
            min_size=schema.get("minItems", 0),
            max_size=schema.get("maxItems", 4),
            unique_by=(lambda x: repr(x)) if schema.get("uniqueItems") else None,
        )
    if kind in ("integer", "number"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", -1000))
        high = schema.get("maximum", schema.get("exclusiveMaximum", 1000))
        ints = st.integers(int(low), int(high))
        return ints if kind == "integer" else st.one_of(ints, st.floats(low, high))
    if kind == "string":
        maker = {
            "date": st.dates().map(lambda d: d.isoformat()),
            "date-time": st.datetimes().map(lambda d: d.isoformat() + "Z"),
            "uuid": st.uuids().map(str),
        }.get(schema.get("format", ""))
        if maker is not None:
            return maker
        if "pattern" in schema:
            return st.from_regex(schema["pattern"]).filter(ecma_matches(schema["pattern"]))
        return st.text(min_size=schema.get("minLength", 0), max_size=8)
    if kind == "boolean":
        return st.booleans()
    return st.none() if kind == "null" else values


def broken(instance: Any) -> st.SearchStrategy[Any]:
    """The value with one part replaced: a field dropped, another value put in, a key added."""
    if not isinstance(instance, dict) or not instance:
        return values
    key = st.sampled_from(sorted(instance))
    return st.one_of(
        key.map(lambda k: {n: x for n, x in instance.items() if n != k}),
        st.tuples(key, values).map(lambda kv: {**instance, kv[0]: kv[1]}),
        values.map(lambda x: {**instance, "unexpected": x}),
    )


@pytest.mark.parametrize(("name", "schema"), GOLDEN, ids=[n for n, _ in GOLDEN])
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_each_golden_schema_agrees_on_valid_and_broken_calls(
    name: str, schema: dict[str, Any], data: Any
) -> None:
    instance = data.draw(conforming(schema, schema), label="valid")
    assume(Reference(schema, format_checker=Draft202012Validator.FORMAT_CHECKER).is_valid(instance))
    assert compile(schema).errors(instance) == []
    agree(schema, instance)
    agree(schema, data.draw(broken(instance), label="broken"))
