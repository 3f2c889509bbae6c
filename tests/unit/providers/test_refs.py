"""Inlining local refs: messages at the place they name, and no copy of what has no ref."""

from __future__ import annotations

import copy
from typing import Any

from toolgen.providers import refs
from toolgen.providers.transforms import Losses


def test_a_ref_that_points_nowhere_is_named_at_its_escaped_place() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a/b~c": {"type": "array", "items": {"anyOf": [{}, {"$ref": "#/$defs/Gone"}]}}
        },
    }
    report = Losses()
    refs.inline_refs()(schema, report)
    assert report.errors == [
        ("/properties/a~1b~0c/items/anyOf/1", "$ref '#/$defs/Gone' points nowhere")
    ]


def test_a_recursive_type_is_cut_at_the_place_it_recurs() -> None:
    node = {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}
    schema = {"type": "object", "properties": {"head": {"$ref": "#/$defs/Node"}}}
    report = Losses()
    refs.inline_refs(depth=1)({**schema, "$defs": {"Node": node}}, report)
    [(where, why)] = report.warnings
    assert where == "/properties/head/properties/next/properties/next"
    assert why.startswith("recursive type 'Node' unrolled 1 levels")


def test_what_has_no_ref_is_not_copied_and_the_input_never_changes() -> None:
    """Later passes and the other providers' pipelines take the result by identity (the
    tool's memo): a schema without refs comes back as itself, a subtree without one too."""
    plain: dict[str, Any] = {
        "type": "object",
        "properties": {"tags": {"type": "array", "items": {"type": "string"}}},
    }
    assert refs.inline_refs()(plain, Losses()) is plain
    window = {"type": "object", "properties": {"start": {"type": "string"}}}
    schema = {
        "type": "object",
        "properties": {**plain["properties"], "window": {"$ref": "#/$defs/Window"}},
        "$defs": {"Window": window},
    }
    frozen = copy.deepcopy(schema)
    out = refs.inline_refs()(schema, Losses())
    assert schema == frozen
    assert out == {"type": "object", "properties": {**plain["properties"], "window": window}}
    assert out["properties"]["tags"] is plain["properties"]["tags"]
