"""The shared passes: what each takes out, at every depth, and that what it leaves alone is
not copied."""

from __future__ import annotations

from typing import Any

from toolgen.providers import transforms as t


def test_meta_keys_and_extensions_are_stripped_at_every_depth_the_rest_kept_in_order() -> None:
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "x-root": 1,
        "properties": {
            "a": {"x-order": 2, "type": "string", "$comment": "c", "description": "A."},
            "b": {"type": "array", "items": {"$id": "i", "type": "integer", "xy": 3}},
        },
    }
    out = t.strip_meta(schema, t.Losses())
    assert out == {
        "type": "object",
        "properties": {
            "a": {"type": "string", "description": "A."},
            "b": {"type": "array", "items": {"type": "integer", "xy": 3}},
        },
    }
    assert list(out["properties"]["a"]) == ["type", "description"]
    clean = out["properties"]["b"]
    assert t.strip_meta(clean, t.Losses()) is clean


def test_a_pass_reports_at_the_escaped_pointer_of_a_property() -> None:
    schema = {
        "type": "object",
        "properties": {"a/b~c": {"type": "string", "format": "path"}, "d": {"type": "string"}},
    }
    report = t.Losses()
    t.restrict_formats(frozenset(), "is refused")(schema, report)
    assert [where for where, _ in report.warnings] == ["/properties/a~1b~0c"]
