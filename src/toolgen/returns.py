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
_MCP_UNDESCRIBED: Final = frozenset(
    {
        "dict",
        "builtins.dict",
        "decimal.Decimal",
        "fractions.Fraction",
        "uuid.UUID",
        *(f"datetime.{n}" for n in ("datetime", "date", "time", "timedelta")),
        *(f"pathlib.{n}" for n in ("Path", "PurePath", "PosixPath", "WindowsPath")),
        *(f"ipaddress.IPv{v}{n}" for v in "46" for n in ("Address", "Network", "Interface")),
    }
)
_MCP_WRAPPED_MAPS: Final = frozenset(
    {"typing.Dict", "typing.Mapping", "typing.MutableMapping", "collections.abc.Mapping"}
    | {"collections.abc.MutableMapping", "collections.OrderedDict", "typing.OrderedDict"}
)
_ANNOTATED: Final = frozenset({"typing.Annotated", "typing_extensions.Annotated"})


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
        schema, meta = mapper.schema(function.returns, ctx)
    except Unresolvable:
        return None
    if meta.description and schema:  # Annotated[X, Field(description=...)], as pydantic says it
        schema = {**schema, "description": meta.description}
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
    if isinstance(returns, Sub) and _spelled(returns.base, mapper, module) in _ANNOTATED:
        returns = returns.args[0]  # the server looks through Annotated[X, ...]
    if not isinstance(returns, Sub) and _spelled(returns, mapper, module) in _MCP_UNDESCRIBED:
        return None
    spelled = _spelled(returns.base if isinstance(returns, Sub) else returns, mapper, module)
    if schema.get("type") == "object" and spelled in _MCP_WRAPPED_MAPS:
        # The server unwraps only ``dict[str, X]`` and wraps these, which TOOLS_MCP does not
        # tell apart from it.
        diags.warning(
            f"tool '{function.name}': the MCP SDK's server serves this return type "
            f"({spelled}) differently from TOOLS_MCP's outputSchema (an object); write "
            "dict[str, X] to have both agree",
            c.decorator_span,
            "mcp-output",
        )
    return schema


def _spelled(expr: object, mapper: SchemaMapper, module: str) -> str | None:
    if not isinstance(expr, Name):
        return None
    return mapper.resolver.qualname_of(module, expr.dotted) or expr.dotted
