"""What a decorator declares for providers beside the schema: MCP annotations, example calls."""

from __future__ import annotations

from typing import Final

from toolgen.errors import Diagnostics
from toolgen.ir import JsonSchema
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


def read_examples(
    value: TExpr, mapper: SchemaMapper, module: str, ctx: Context
) -> tuple[dict[str, object], ...] | None:
    """``@tool(examples=[{...}, ...])``: example calls' arguments; ``()`` when they cannot be
    read statically (a warning), ``None`` after an error (not a list of dicts)."""
    folded = mapper.value(value, module, ctx, "the decorator's examples=", "no examples are sent")
    if folded is MISSING or folded is None:
        return ()
    if not isinstance(folded, list) or not all(isinstance(e, dict) for e in folded):
        mapper.diags.error(
            f"{ctx.what}: examples= must be a list of dicts (each one call's arguments), got "
            f"{type(folded).__name__}",
            ctx.span,
            "bad-decorator",
        )
        return None
    return tuple(folded)


def check_examples(
    examples: tuple[dict[str, object], ...],
    parameters: JsonSchema,
    ctx: Context,
    diags: Diagnostics,
) -> bool:
    """Each example against the tool's parameters (the IR, as the run-time validates a call):
    an error at the decorator for each that a call could not be."""
    from toolgen.runtime.validate import validate

    ok = True
    for number, example in enumerate(examples, 1):
        for problem in validate(parameters, example)[:3]:
            where = f" at {problem['path']}" if problem["path"] else ""
            diags.error(
                f"{ctx.what}: example {number} does not match its parameters{where}: "
                f"{problem['message']}",
                ctx.span,
                "bad-example",
            )
            ok = False
    return ok
