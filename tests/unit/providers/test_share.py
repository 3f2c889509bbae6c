"""Shared definitions (``share_defs = "auto"``): repeated types go to ``$defs`` only where the
tool gets smaller, single-use definitions are inlined, recursion and what the schema accepts
are kept, names are unique and the same on every run, and the omitted-null places follow."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from tests.conftest import write_tree
from toolgen.cli import main
from toolgen.providers.share import MIN_BYTES, compact_size, share_defs
from toolgen.providers.share_names import type_names

ADDRESS = {
    "type": "object",
    "properties": {
        "street": {"type": "string"},
        "city": {"type": "string"},
        "country": {"type": ["string", "null"]},
    },
    "required": ["street", "city", "country"],
    "additionalProperties": False,
}


def _tool(**properties: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _same_verdicts(before: dict[str, Any], after: dict[str, Any], values: list[Any]) -> None:
    """Both schemas accept exactly the same of ``values`` (and each accepts some, refuses some)."""
    old, new = jsonschema.Draft202012Validator(before), jsonschema.Draft202012Validator(after)
    verdicts = [old.is_valid(v) for v in values]
    assert verdicts == [new.is_valid(v) for v in values]
    assert True in verdicts and False in verdicts


ADDRESSES = [
    {"street": "a", "city": "b", "country": None},
    {"street": "a", "city": "b", "country": "NL"},
    {"street": "a", "city": "b"},
    {"street": "a", "city": 1, "country": None},
    {"street": "a", "city": "b", "country": None, "extra": 1},
    None,
    "x",
]


def test_a_type_repeated_goes_to_defs_once_and_accepts_the_same() -> None:
    nullable = {**ADDRESS, "type": ["object", "null"], "description": "Where it goes."}
    schema = _tool(
        billing={**ADDRESS, "description": "Where the bill goes."},
        shipping=nullable,
        more={"type": "array", "items": ADDRESS},
    )
    omitted = [
        "/properties/billing/properties/country",
        "/properties/shipping/properties/country",
        "/properties/more/items/properties/country",
    ]
    out, places = share_defs(schema, omitted)
    assert out["$defs"] == {"Billing": ADDRESS}
    assert out["properties"]["billing"] == {
        "anyOf": [{"$ref": "#/$defs/Billing"}],
        "description": "Where the bill goes.",
    }
    assert out["properties"]["shipping"] == {
        "anyOf": [{"$ref": "#/$defs/Billing"}, {"type": "null"}],
        "description": "Where it goes.",
    }
    assert out["properties"]["more"]["items"] == {"$ref": "#/$defs/Billing"}
    assert compact_size(out) < compact_size(schema)
    for name in ("billing", "shipping", "more"):
        rows = [{"billing": ADDRESSES[0], "shipping": None, "more": []}]
        for value in ADDRESSES:
            row = copy.deepcopy(rows[0])
            row[name] = [value] if name == "more" else value
            rows.append(row)
        _same_verdicts(schema, out, rows)
    assert places == ["/$defs/Billing/properties/country"]


def test_where_a_provider_reads_siblings_of_a_ref_the_description_stays_beside_it() -> None:
    schema = _tool(a={**ADDRESS, "description": "First."}, b={**ADDRESS, "description": "Second."})
    out, _ = share_defs(schema, [], siblings=True)
    assert out["properties"]["a"] == {"$ref": "#/$defs/A", "description": "First."}
    assert out["properties"]["b"] == {"$ref": "#/$defs/A", "description": "Second."}


def test_what_every_use_says_alike_is_said_once_in_the_definition() -> None:
    described = {**ADDRESS, "description": "A postal address."}
    schema = _tool(a={"type": "array", "items": described}, b={"type": "array", "items": described})
    out, _ = share_defs(schema, [])
    assert out["$defs"]["AItem"]["description"] == "A postal address."
    assert out["properties"]["b"]["items"] == {"$ref": "#/$defs/AItem"}


def test_a_repeat_that_would_not_save_bytes_stays_inline() -> None:
    small = {"type": "object", "properties": {"abcdefghij": {"type": "integer"}}}
    assert MIN_BYTES <= compact_size(small) <= 67  # twice: 2 refs and its entry cost more
    schema = _tool(first=small, second=small)
    out, places = share_defs(schema, ["/properties/first/properties/abcdefg"])
    assert out is schema and places == ["/properties/first/properties/abcdefg"]
    out, _ = share_defs(_tool(first=small, second=small, third=small), [])
    assert list(out["$defs"]) == ["First"]  # three times: smaller
    below = {"type": "object", "properties": {"a": {"type": "integer"}}}
    assert compact_size(below) < MIN_BYTES
    many = _tool(**{f"p{i}": below for i in range(30)})
    assert share_defs(many, [])[0] is many  # under the minimum size: never shared


def test_the_same_type_with_other_omitted_null_places_is_not_merged() -> None:
    """Strict mode makes ``str = "x"`` and ``str | None = None`` alike on the wire; only the
    first has null meaning "left out": one definition would undo both or neither."""
    schema = _tool(a=ADDRESS, b=ADDRESS, c=ADDRESS, d=ADDRESS)
    omitted = ["/properties/a/properties/country", "/properties/b/properties/country"]
    out, places = share_defs(schema, omitted)
    refs = {k: v.get("$ref") for k, v in out["properties"].items()}
    assert refs["a"] == refs["b"] != refs["c"] == refs["d"]
    assert refs["a"] is not None and refs["c"] is not None
    assert places == [refs["a"][1:] + "/properties/country"]


def test_a_definition_used_once_is_inlined_and_an_unused_one_dropped() -> None:
    schema = {
        **_tool(where={"$ref": "#/$defs/Address", "description": "Where."}),
        "$defs": {"Address": ADDRESS, "Unused": ADDRESS},
    }
    out, places = share_defs(schema, ["/$defs/Address/properties/country"], siblings=True)
    assert "$defs" not in out
    assert out["properties"]["where"] == {**ADDRESS, "description": "Where."}
    assert places == ["/properties/where/properties/country"]


def test_a_single_use_whose_annotations_the_definition_has_too_keeps_its_ref() -> None:
    """Inlining would override the definition's own description with the use's."""
    described = {**ADDRESS, "description": "A postal address."}
    schema = {
        **_tool(where={"$ref": "#/$defs/Address", "description": "Where."}),
        "$defs": {"Address": described},
    }
    assert share_defs(schema, [], siblings=True)[0] is schema


def test_a_recursive_type_keeps_its_reference() -> None:
    node = {
        "type": "object",
        "properties": {"value": {"type": "integer"}, "kids": {"$ref": "#/$defs/Kids"}},
        "required": ["value"],
    }
    kids = {"type": "array", "items": {"$ref": "#/$defs/Node"}}
    schema = {**_tool(root={"$ref": "#/$defs/Node"}), "$defs": {"Node": node, "Kids": kids}}
    out, _ = share_defs(schema, [])
    assert out is schema  # both are on the cycle: neither is inlined


def test_a_schema_whose_refs_are_not_local_defs_is_left_alone() -> None:
    schema = _tool(a=ADDRESS, b=ADDRESS, c={"$ref": "#"})
    assert share_defs(schema, [])[0] is schema
    with_id = _tool(a={**ADDRESS, "$id": "urn:a"}, b=ADDRESS, c=ADDRESS)
    assert share_defs(with_id, [])[0] is with_id


def test_names_are_the_users_types_unique_and_the_same_on_every_run() -> None:
    other = {**ADDRESS, "properties": {**ADDRESS["properties"], "zip": {"type": "string"}}}
    ir = {"$defs": {"Address": ADDRESS, "Postal": other}}
    schema = {
        **_tool(
            a=ADDRESS,
            b=ADDRESS,
            c=other,
            d=other,
            e={"$ref": "#/$defs/Address"},
            f={"$ref": "#/$defs/Address"},
        ),
        "$defs": {"Address": {"type": "object", "properties": {"x": {"type": "integer"}}}},
    }
    out, _ = share_defs(schema, [], names=type_names(ir))
    assert set(out["$defs"]) == {"Address", "Address2", "Postal"}
    assert out["properties"]["a"] == {"$ref": "#/$defs/Address2"}
    again, _ = share_defs(copy.deepcopy(schema), [], names=type_names(ir))
    assert json.dumps(again) == json.dumps(out)
    assert share_defs(out, [], names=type_names(ir))[0] is out  # nothing more to gain


def test_the_setting_from_pyproject_shares_a_repeated_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_tree(
        tmp_path,
        {
            "tools/__init__.py": "",
            "tools/main.py": '''
                from pydantic import BaseModel
                from toolgen import tool

                class Address(BaseModel):
                    street: str
                    city: str
                    country: str = "NL"

                @tool
                def ship(billing: Address, shipping: Address, returns: Address) -> str:
                    """Ship a parcel."""
                ''',
        },
    )
    monkeypatch.chdir(tmp_path)
    built = {}
    for value in ("off", "auto"):
        (tmp_path / "pyproject.toml").write_text(
            f'[tool.toolgen]\npaths = ["tools"]\nshare_defs = "{value}"\n'
        )
        result = CliRunner().invoke(main, ["build", "--provider", "openai", "--no-cache"])
        assert result.exit_code == 0, result.stderr
        namespace: dict[str, Any] = {}
        exec((tmp_path / "tools" / "tool_schemas.py").read_text(), namespace)
        built[value] = namespace
    shared = built["auto"]["TOOLS_OPENAI"][0]["function"]["parameters"]
    assert list(shared["$defs"]) == ["Address"] and "$defs" not in str(built["off"]["TOOLS_OPENAI"])
    assert compact_size(shared) < compact_size(built["off"]["TOOLS_OPENAI"][0])
    calls = built["auto"]["TOOL_CALLS_OPENAI"]["ship"]
    assert calls["defs"] == {"Address": {"omit_nulls": ["/country"]}}
    assert calls["refs"] == {"/billing": "Address", "/shipping": "Address", "/returns": "Address"}


def test_many_types_are_shared_in_a_few_walks_not_one_per_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tool of 200 types used twice each: the groups that do not overlap are taken in one
    round, so the schema is walked a few times, not once per type (which took seconds)."""
    from toolgen.providers import share

    def model(i: int) -> dict[str, Any]:
        return _tool(
            **{f"f{j}": {"type": "string", "description": f"{j} of {i}"} for j in range(4)}
        )

    schema = _tool(**{f"p{k}": model(k % 200) for k in range(400)})
    walks = []
    real = share.nodes
    monkeypatch.setattr(share, "nodes", lambda root: walks.append(1) or real(root))
    out, _ = share_defs(schema, [])
    assert len(out["$defs"]) == 200 and compact_size(out) < compact_size(schema) * 0.7
    assert len(walks) <= 6


@pytest.mark.parametrize("order", [1, -1], ids=["outermost first", "innermost first"])
def test_a_long_chain_of_single_uses_is_inlined_only_as_deep_as_a_module_can_nest(
    order: int,
) -> None:
    """Each of 300 definitions is used once, by the one before it: written out in one place
    they would nest 600 levels (a module that does not import); the ones past the bound
    stay definitions, and the schema accepts what it did."""
    from toolgen.ir import SCHEMA_NESTING
    from toolgen.providers.share_walk import depth

    count = 300

    def link(i: int) -> dict[str, Any]:
        properties: dict[str, Any] = {"value": {"type": "integer"}}
        if i + 1 < count:
            properties["next"] = {"$ref": f"#/$defs/L{i + 1}"}
        return {"type": "object", "properties": properties, "required": ["value"]}

    defs = {f"L{i}": link(i) for i in range(count)[::order]}
    schema = {**_tool(head={"$ref": "#/$defs/L0"}), "$defs": defs}
    out, _ = share_defs(schema, [], siblings=True)
    assert depth(out) <= SCHEMA_NESTING < depth(out) + 4
    assert compact_size(out) < compact_size(schema) and 0 < len(out["$defs"]) < count
    chain: Any = {"value": 1}
    for _ in range(60):
        chain = {"value": 2, "next": chain}
    _same_verdicts(schema, out, [{"head": chain}, {"head": {"value": 1, "next": {"value": "x"}}}])
