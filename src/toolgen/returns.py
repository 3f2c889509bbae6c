"""A tool's return type as an output schema, as the framework that serves the tool describes it."""

from __future__ import annotations

from typing import Final, cast

from toolgen.errors import Diagnostics
from toolgen.ir import JsonSchema
from toolgen.scan.model import Function, Name, Sub
from toolgen.scan.schema import Context, SchemaMapper, Unresolvable, rewrite_refs
from toolgen.select import Candidate

# Classes the MCP SDK's server cannot describe (no type hints): it serves no output schema.
_MCP_UNDESCRIBED_FORMATS: Final = frozenset({"date-time", "date", "time", "uuid", "duration"})


def output_schema(
    function: Function,
    mapper: SchemaMapper,
    module: str,
    c: Candidate | None = None,
    diags: Diagnostics | None = None,
) -> JsonSchema | None:
    if function.returns is None:
        return None
    ctx = Context(module, function.span, "return type", quiet=True)
    try:
        schema, _ = mapper.schema(function.returns, ctx)
    except Unresolvable:
        return None
    by_mcp = c is not None and c.rule.output_rules == "mcp"
    if schema == {} or (schema == {"type": "null"} and not by_mcp):
        return None
    defs, keys = mapper.defs_for(schema)
    if defs:
        schema = {**schema, "$defs": defs}
    schema = cast(JsonSchema, rewrite_refs(schema, keys.__getitem__))
    if by_mcp and c is not None and diags is not None:
        return _as_mcp_serves(schema, function, mapper, module, c, diags)
    return schema


def _as_mcp_serves(
    schema: JsonSchema,
    function: Function,
    mapper: SchemaMapper,
    module: str,
    c: Candidate,
    diags: Diagnostics,
) -> JsonSchema | None:
    """The output schema of a tool the MCP SDK's server registers: none where that server
    describes none (an ``Enum``, a ``datetime``, a ``UUID``: classes without type hints), and
    a warning where TOOLS_MCP cannot say what it serves."""
    returns = function.returns
    ref = schema.get("$ref")
    target = (schema.get("$defs") or {}).get(ref.removeprefix("#/$defs/")) if ref else None
    if isinstance(target, dict) and target.get("type") != "object":
        return None  # an Enum class
    if schema.get("type") == "string" and schema.get("format") in _MCP_UNDESCRIBED_FORMATS:
        return None
    base = returns.base if isinstance(returns, Sub) else returns
    spelled = mapper.resolver.qualname_of(module, base.dotted) if isinstance(base, Name) else None
    if schema.get("type") == "object" and spelled in ("typing.Dict", "typing.Mapping", "dict"):
        # The server unwraps only ``dict[str, X]``: it wraps typing.Dict[...] and serves nothing
        # for a bare ``dict``, which TOOLS_MCP does not tell apart from it.
        diags.warning(
            f"tool '{function.name}': the MCP SDK's server serves this return type "
            f"({spelled}) differently from TOOLS_MCP's outputSchema (an object); write "
            "dict[str, X] to have both agree",
            c.decorator_span,
            "mcp-output",
        )
    return schema
