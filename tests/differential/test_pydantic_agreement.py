"""The rule of agreement (docs/types.md): each tool's IR equals pydantic's schema for the same signature.

The test imports the corpus (toolgen never does) and builds a pydantic model from each real
signature. Only the documented differences are normalised away: titles, ``$ref``/inline
placement and ``$defs`` names, and Optional parameters (never required, described by the
schema of ``X``, no ``default: null``).
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types
import typing
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import create_model

from toolgen import api
from toolgen.config import Config, Target

HERE = Path(__file__).parent
_SUBSCHEMA_MAPS = ("properties", "$defs", "patternProperties")
_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SUBSCHEMA_ONE = ("items", "additionalProperties", "propertyNames", "not")


def normalise(schema: Any, root: dict[str, Any], stack: tuple[str, ...] = ()) -> Any:
    """Inline refs (a cycle becomes a marker), drop titles and descriptions of the IR-only kind."""
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        siblings = {k: v for k, v in schema.items() if k != "$ref"}
        if name in stack:
            return {"$recursive": name, **normalise(siblings, root, stack)}
        target = root["$defs"][name]
        return normalise({**target, **siblings}, root, (*stack, name))
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("title", "$defs"):
            continue
        if key in _SUBSCHEMA_MAPS:
            out[key] = {k: normalise(v, root, stack) for k, v in value.items()}
        elif key in _SUBSCHEMA_LISTS:
            out[key] = [normalise(v, root, stack) for v in value]
        elif key in _SUBSCHEMA_ONE and isinstance(value, dict):
            out[key] = normalise(value, root, stack)
        else:
            out[key] = value
    return out


def _is_optional(annotation: Any) -> bool:
    if typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    origin = typing.get_origin(annotation)
    return origin in (typing.Union, types.UnionType) and type(None) in typing.get_args(annotation)


def pydantic_schema(function: Any) -> dict[str, Any]:
    """pydantic's schema for the signature, with toolgen's Optional rule applied."""
    # Names imported under TYPE_CHECKING exist only for static readers such as toolgen;
    # pydantic needs them handed over to evaluate the annotations at all.
    shapes = importlib.import_module("corpus.shapes")
    hints = typing.get_type_hints(
        function, globalns={**vars(shapes), **function.__globals__}, include_extras=True
    )
    fields: dict[str, Any] = {}
    for name, param in inspect.signature(function).parameters.items():
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[name] = (hints.get(name, Any), default)
    schema = create_model(function.__name__, **fields).model_json_schema()
    required = list(schema.get("required", []))
    for name in fields:
        if _is_optional(hints.get(name)):
            prop = schema["properties"][name]
            branches = [b for b in prop.pop("anyOf") if b != {"type": "null"}]
            if prop.get("default", 0) is None:
                del prop["default"]
            merged = {**branches[0], **prop} if len(branches) == 1 else {"anyOf": branches, **prop}
            schema["properties"][name] = merged
            if name in required:
                required.remove(name)
    if required:
        schema["required"] = required
    else:
        schema.pop("required", None)
    return normalise(schema, schema)


@pytest.fixture(scope="module")
def ir_tools() -> dict[str, Any]:
    target = Target(paths=(HERE / "corpus",), out=HERE / "corpus" / "tool_schemas.py", providers=())
    plan = api.plan(Config((target,)), cwd=HERE, use_cache=False)  # nothing left in the tree
    namespace: dict[str, Any] = {}
    exec(plan.files[0].text, namespace)
    return {t["name"]: t for t in namespace["TOOLS"]}


def corpus_functions() -> list[tuple[str, Any]]:
    """Every tool function of the corpus, imported (by the test, never by toolgen)."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    found = []
    for module_name in ("corpus.single", "corpus.multi"):
        module = importlib.import_module(module_name)
        for name, value in vars(module).items():
            if inspect.isfunction(value) and value.__module__ == module_name:
                found.append((name, value))
    return found


FUNCTIONS = corpus_functions()
WIRE_NAMES = {"rate": "rate_movie"}


def test_corpus_is_large_enough() -> None:
    assert len(FUNCTIONS) >= 80


@pytest.mark.parametrize("name,function", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_ir_equals_pydantic(name: str, function: Any, ir_tools: dict[str, Any]) -> None:
    ours = ir_tools[WIRE_NAMES.get(name, name)]["parameters"]
    assert normalise(ours, ours) == pydantic_schema(function)


@pytest.mark.parametrize("name,function", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_ir_is_valid_json_schema_2020_12(
    name: str, function: Any, ir_tools: dict[str, Any]
) -> None:
    jsonschema.Draft202012Validator.check_schema(ir_tools[WIRE_NAMES.get(name, name)]["parameters"])


def test_comparison_is_not_vacuous(ir_tools: dict[str, Any]) -> None:
    """Different signatures normalise to different schemas, so agreement above means something."""
    by_name = dict(FUNCTIONS)
    ours = ir_tools["single_009"]["parameters"]  # list[int]
    assert normalise(ours, ours) == pydantic_schema(by_name["single_009"])
    assert normalise(ours, ours) != pydantic_schema(by_name["single_010"])  # List[str]
    assert normalise(ours, ours) != pydantic_schema(by_name["single_013"])  # set[str]
