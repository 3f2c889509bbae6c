"""The provider-neutral IR: ``ToolDef`` and ``ToolSet``; it knows no provider or template."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toolgen.errors import SourceSpan

JsonSchema = dict[str, Any]
"""A JSON Schema (draft 2020-12) as plain JSON data. Treated as immutable by every stage."""


def json_type(value: Any) -> str:
    """The JSON Schema type of a JSON value: ``"string"``, ``"integer"`` (not for bools), ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


@dataclass(frozen=True, slots=True)
class ToolDef:
    """One tool: its own name, description and full parameter schema, and where it came from."""

    name: str
    description: str
    parameters: JsonSchema
    span: SourceSpan
    qualname: str
    output_schema: JsonSchema | None = None
    function: str = ""
    """The function as an import path, ``"package.module:function"`` (the module named as the
    import system would); empty for a tool not read from source (``toolgen diff``'s)."""
    packed: str | None = None
    """The one parameter whose fields the arguments are, when the IR is that parameter's own
    model (pydantic-ai's lone model); ``None`` when the arguments are the parameters."""
    title: str | None = None
    """A display title (MCP ``title``), from the decorator."""
    strict: bool | None = None
    """``False``: the OpenAI constants are non-strict whatever ``openai_strict`` says (the
    decorator asked so); ``None``: the target's setting decides."""


@dataclass(frozen=True, slots=True)
class ToolSet:
    """Every tool of one target, sorted by name, and the sources they were read from."""

    tools: tuple[ToolDef, ...]
    sources: tuple[str, ...]
