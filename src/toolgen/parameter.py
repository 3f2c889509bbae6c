"""One parameter of a tool → its JSON Schema and whether it is required, by toolgen's own rules.

The annotation's schema, a ``Field(...)`` default's keywords, the default itself (a ``None``
default of an optional type is no default), and the description by the framework's
precedence among ``Field(description=)``, ``Annotated`` text and the docstring. A framework
that maps parameters its own way (Semantic Kernel) has its own reader in ``frameworks/``.
"""

from __future__ import annotations

from typing import Any

from toolgen import docstrings
from toolgen.errors import Diagnostics
from toolgen.ir import JsonSchema
from toolgen.scan.model import Parameter
from toolgen.scan.schema import MISSING, Context, Meta, SchemaMapper, apply_keywords
from toolgen.scan.surrogates import lone_surrogate

__all__ = ["parameter_schema"]


def parameter_schema(
    param: Parameter,
    mapper: SchemaMapper,
    module: str,
    tool: str,
    doc: docstrings.Docstring,
    diags: Diagnostics,
    precedence: tuple[str, ...] = ("field", "text", "docstring"),
) -> tuple[JsonSchema, bool] | None:
    """The parameter's schema and whether it is required; ``None`` (after an error) when it
    cannot be described."""

    ctx = Context(module, param.span, f"tool '{tool}', parameter '{param.name}'")
    for written in (param.annotation, param.default):
        why = lone_surrogate(written) if written is not None else None
        if why is not None:
            diags.error(f"{ctx.what}: {why}", param.span, "lone-surrogate")
            return None
    if param.annotation is None:
        schema: JsonSchema = {}
        meta = Meta()
    else:
        schema, meta = mapper.schema(param.annotation, ctx)
    default: Any = MISSING
    has_default = False
    if param.default is not None:
        held = mapper.field_of(param.default, module)
        if held is not None:  # ``= Field(...)``, written here or held in a constant
            field_meta = Meta()
            mapper.field_call(held[0], held[1], field_meta, ctx)
            schema = apply_keywords(schema, field_meta.keywords)
            meta.description = field_meta.description or meta.description
            has_default, default = field_meta.has_default, field_meta.default
        else:
            has_default = True
            default = mapper.value(
                param.default, module, ctx, "the default", "no default is emitted"
            )
    elif meta.has_default:
        has_default, default = True, meta.default
    nullable = _is_nullable(schema)
    if nullable:
        schema = _strip_null(schema)
        if default is None:
            default = MISSING
    documented = doc.params.get(param.name)
    found = {
        "field": meta.description,
        "text": meta.text,
        "docstring": documented.description if documented is not None else None,
    }
    description = next((found[k] for k in precedence if found.get(k)), None)
    if description is not None:
        schema = {**schema, "description": description}
    if default is not MISSING:
        schema = {**schema, "default": default}
    return schema, not (has_default or nullable)


def _is_nullable(schema: JsonSchema) -> bool:
    return any(b == {"type": "null"} for b in schema.get("anyOf", ()))


def _strip_null(schema: JsonSchema) -> JsonSchema:
    branches = [b for b in schema["anyOf"] if b != {"type": "null"}]
    rest = {k: v for k, v in schema.items() if k != "anyOf"}
    if len(branches) == 1:
        return {**branches[0], **rest}
    return {"anyOf": branches, **rest}
