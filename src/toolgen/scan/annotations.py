"""MCP tool annotations read from a decorator: a dict of MCP's keys, or ``ToolAnnotations(...)``."""

from __future__ import annotations

from typing import Final

from toolgen.scan.metadata import MISSING, Context
from toolgen.scan.model import Attr, Call, Name, TExpr
from toolgen.scan.schema import SchemaMapper

HINTS: Final = ("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
"""MCP's ``ToolAnnotations`` keys, in the specification's order (the order they are emitted)."""


def _callee(expr: TExpr) -> str:
    if isinstance(expr, Name):
        return expr.dotted
    if isinstance(expr, Attr):
        return expr.attr
    return ""


def read_annotations(
    value: TExpr, mapper: SchemaMapper, module: str, ctx: Context
) -> tuple[tuple[str, object], ...] | None:
    """The annotations ``value`` sets, in MCP's order; ``()`` when it cannot be read statically
    (a warning, from ``mapper``), ``None`` after an error at the decorator (an unknown key, a
    hint that is not ``True`` or ``False``)."""
    what = "the decorator's annotations="
    instead = "no annotations are emitted"
    pairs: list[tuple[str, object]] = []
    if isinstance(value, Call) and _callee(value.func).split(".")[-1] == "ToolAnnotations":
        for key, arg in value.kwargs:
            folded = mapper.value(arg, module, ctx, f"{what} {key}", instead)
            if folded is MISSING:
                return ()
            pairs.append((key, folded))
    else:
        folded = mapper.value(value, module, ctx, what, instead)
        if folded is MISSING or folded is None:
            return ()
        if not isinstance(folded, dict):
            mapper.diags.error(
                f"{ctx.what}: {what} must be a dict of MCP's annotation keys or "
                f"ToolAnnotations(...), got {type(folded).__name__}",
                ctx.span,
                "bad-decorator",
            )
            return None
        pairs = list(folded.items())
    found = dict(pairs)
    for key, hint in pairs:
        if key not in HINTS:
            mapper.diags.error(
                f"{ctx.what}: unknown MCP annotation '{key}'; expected one of {', '.join(HINTS)}",
                ctx.span,
                "bad-decorator",
            )
            return None
        if hint is None:
            del found[key]  # None is "not set": MCP's default applies
        elif (key == "title") != isinstance(hint, str) or (
            key != "title" and not isinstance(hint, bool)
        ):
            want = "a string" if key == "title" else "True or False"
            mapper.diags.error(
                f"{ctx.what}: annotation '{key}' must be {want}, got {hint!r}",
                ctx.span,
                "bad-decorator",
            )
            return None
    return tuple((key, found[key]) for key in HINTS if key in found)
