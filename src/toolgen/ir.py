"""The provider-neutral IR: ``ToolDef`` (and ``JsonSchema``); it knows no provider or template."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from toolgen.errors import SourceSpan

JsonSchema = dict[str, Any]
"""A JSON Schema (draft 2020-12) as plain JSON data. Treated as immutable by every stage."""


MAX_NESTING: Final = 200
"""The most brackets Python lets be open at once (the tokenizer's ``MAXLEVEL``, the same on
3.10 to 3.13): a module nested deeper does not import ("too many nested parentheses")."""
SCHEMA_NESTING: Final = 96
"""How deep a tool's schema may nest, in the IR and where a provider's refs are inlined: under
half of :data:`MAX_NESTING`, so that what a provider's passes add and its wrapper still import.
(The most they add: half again, where a tuple's ``prefixItems`` become ``items: {anyOf}``;
strict mode's nullable wrappers, two a level, on its ten levels at most; a few at a leaf.)"""
VALUE_NESTING: Final = 64
"""How deep a value read from the source (a default, an example, ``json_schema_extra``) may
nest; a deeper one is left out, with a warning at its place."""


def nesting(value: Any, stop: int = MAX_NESTING) -> int:
    """How many dicts and lists are open at once at ``value``'s deepest point (``{}`` is 1, a
    scalar 0); at most ``stop + 1``: the walk ends as soon as it is deeper than ``stop``.

    It goes level by level, each collection once per level (by identity): a value whose parts
    are shared (``B = [A, A]``) costs its distinct parts per level, not its paths."""
    level: list[Any] = [value] if isinstance(value, (dict, list)) else []
    depth = 0
    while level and depth <= stop:
        depth += 1
        seen: dict[int, Any] = {}
        for item in level:
            for child in item.values() if isinstance(item, dict) else item:
                if isinstance(child, (dict, list)):
                    seen.setdefault(id(child), child)
        level = list(seen.values())
    return depth


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


@dataclass(frozen=True, slots=True, order=True)
class Owner:
    """Who a tool belongs to, where the code says so. Tool names are unique per owner.

    ``id`` is ``module:name``: the module-level instance (``servers.weather:mcp``) or class
    that holds the tool, in the module that defines it. ``kind`` is ``"mcp-server"`` (its
    tools are what ``TOOLS_MCP`` serves), ``"agent"``, ``"toolset"``, ``"toolkit"``,
    ``"plugin"`` (a Semantic Kernel plugin class) or ``"tool-class"``.
    """

    id: str
    kind: str


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
    owner: Owner | None = None
    """``None``: the tool is no one's but the target's (a module-level ``@tool`` function)."""
    annotations: tuple[tuple[str, object], ...] = ()
    """MCP tool annotations set in the source (``readOnlyHint``, ...), in MCP's order: only
    the keys set explicitly, as the MCP specification asks."""
    examples: tuple[dict[str, Any], ...] = ()
    """Example calls' arguments (``@tool(examples=[...])``), checked against ``parameters``:
    Anthropic's ``input_examples``."""
    defer_loading: bool = False
    """``@tool(defer_loading=True)``: sent only when tool search finds it (Anthropic and the
    OpenAI Responses API's ``defer_loading``)."""
    by_position: tuple[str, ...] = ()
    """Arguments the framework passes to the function by position, in order, whatever their
    names (LangChain's one-string ``Tool`` calls ``func(arguments["__arg1"])``)."""
    null_is_default: tuple[str, ...] = ()
    """Parameters for which the framework takes a ``null`` from the model as "left out", so
    the function's default applies (smolagents' nullable inputs of a ``forward`` whose
    parameter has a default and does not take ``None``)."""
