"""``toolgen.parameter``, called directly: one scanned parameter's JSON Schema and whether it is
required, by toolgen's own rules (a ``Field`` default, ``Annotated`` text and the docstring by
the precedence a framework gives, ``None`` defaults, text no JSON can hold)."""

from __future__ import annotations

from textwrap import dedent
from typing import Any

from toolgen import docstrings
from toolgen.errors import Diagnostics
from toolgen.parameter import parameter_schema
from toolgen.scan.gather import gather_text
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import SchemaMapper

HEAD = """
from typing import Annotated, Optional

from pydantic import Field
"""


def schemas(
    signature: str, docstring: str = "", precedence: tuple[str, ...] | None = None
) -> tuple[dict[str, tuple[Any, bool] | None], list[str]]:
    """Each parameter of ``def f(<signature>)`` in ``pkg/a.py``: its schema and whether it is
    required (``None`` after an error), and what was said."""
    source = HEAD + f"\ndef f({signature}) -> None:\n    ...\n"
    scan = gather_text(dedent(source), "pkg/a.py", "pkg.a")
    diags = Diagnostics()
    mapper = SchemaMapper(Resolver([scan]), diags)
    doc = docstrings.parse(dedent(docstring) or None)
    (function,) = scan.functions
    extra = {"precedence": precedence} if precedence is not None else {}
    found = {
        p.name: parameter_schema(p, mapper, "pkg.a", "f", doc, diags, **extra)
        for p in function.params
    }
    return found, [d.format() for d in diags.items]


def test_no_default_is_required_and_a_default_is_emitted() -> None:
    found, said = schemas("city: str, days: int = 3, anything=None")
    assert found == {
        "city": ({"type": "string"}, True),
        "days": ({"type": "integer", "default": 3}, False),
        "anything": ({"default": None}, False),
    }
    assert said == []


def test_an_optional_type_is_not_required_and_its_none_is_no_default() -> None:
    """``X | None``, with a default or none: typed X alone, not required (the model leaves it
    out rather than send null); a union of several types keeps its other branches."""
    found, _ = schemas(
        "d: str | None, a: Optional[int] = None, b: int | str | None = None, c: str | None = 'x'"
    )
    assert found == {
        "d": ({"type": "string"}, False),
        "a": ({"type": "integer"}, False),
        "b": ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, False),
        "c": ({"type": "string", "default": "x"}, False),
    }


def test_a_field_default_gives_its_keywords_and_its_own_default() -> None:
    found, _ = schemas(
        "n: int = Field(5, ge=1, description='How many.'), q: str = Field(description='Query.')"
    )
    assert found == {
        "n": ({"type": "integer", "minimum": 1, "description": "How many.", "default": 5}, False),
        "q": ({"type": "string", "description": "Query."}, True),
    }


def test_the_description_is_taken_by_the_precedence_given() -> None:
    """By default ``Field`` text, then ``Annotated`` text, then the docstring; a framework's
    rule may order them otherwise (llama-index: ``Annotated`` text first)."""
    signature = "x: Annotated[int, Field(description='field'), 'text']"
    docstring = """
        Do it.

        Args:
            x: docstring
    """
    assert schemas(signature, docstring)[0]["x"] == (
        {"type": "integer", "description": "field"},
        True,
    )
    by_text, _ = schemas(signature, docstring, ("text", "field", "docstring"))
    assert by_text["x"] == ({"type": "integer", "description": "text"}, True)
    only_doc, _ = schemas("x: int", docstring)
    assert only_doc["x"] == ({"type": "integer", "description": "docstring"}, True)


def test_a_lone_surrogate_in_a_default_is_an_error_at_the_parameter() -> None:
    """No JSON text holds a lone surrogate: the parameter cannot be described."""
    found, said = schemas("x: str = '\\ud800'")
    assert found == {"x": None}
    assert said == [
        "pkg/a.py:6:7: error: tool 'f', parameter 'x': the string '\\ud800' holds a lone "
        "surrogate, which UTF-8 (and so the generated module) cannot hold"
    ]
