"""What ``Annotated`` metadata, ``Field(...)``/``field(...)`` and ``Param(...)`` say about a value:
description, default, constraints, alias; and the values the mapper reads, folded statically."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.ir import VALUE_NESTING, JsonSchema, nesting
from toolgen.scan.model import Call, Lit, Name, TExpr
from toolgen.scan.resolve import Resolver

if TYPE_CHECKING:
    from toolgen.scan.evaluate import Evaluator

FIELD_FUNCS: Final = frozenset({"pydantic.Field", "dataclasses.field"})
_CONSTRAINTS: Final = {
    "ge": "minimum",
    "gt": "exclusiveMinimum",
    "le": "maximum",
    "lt": "exclusiveMaximum",
    "multiple_of": "multipleOf",
    "pattern": "pattern",
}
_ANNOTATED_TYPES: Final = {
    "annotated_types.Ge": "ge",
    "annotated_types.Gt": "gt",
    "annotated_types.Le": "le",
    "annotated_types.Lt": "lt",
    "annotated_types.MultipleOf": "multiple_of",
    "annotated_types.MinLen": "min_length",
    "annotated_types.MaxLen": "max_length",
}
MISSING: Final = object()


class Unresolvable(Exception):
    """Raised in quiet mode (return annotations) when a type cannot be described."""


@dataclass(slots=True)
class Context:
    """Where a type expression is written, for messages."""

    module: str
    span: SourceSpan
    what: str
    quiet: bool = False


@dataclass(slots=True)
class Meta:
    """What ``Annotated`` metadata or a ``Field(...)`` default said about a value."""

    description: str | None = None
    text: str | None = None
    """A plain string in ``Annotated`` (a description by toolgen's rule; pydantic ignores it)."""
    default: Any = MISSING
    has_default: bool = False
    keywords: dict[str, Any] = field(default_factory=dict)
    alias: str | None = None


class FieldMetadata:
    """The mapper's reading of values and metadata (a part of :class:`SchemaMapper`)."""

    resolver: Resolver
    evaluator: Evaluator
    diags: Diagnostics

    def literal(self, expr: TExpr, module: str) -> Any:
        """The JSON value of ``expr`` folded statically, or ``MISSING`` (quietly) when it has none."""
        folded = self.evaluator.fold(expr, module)
        return folded.value if folded.ok else MISSING

    def value(self, expr: TExpr, module: str, ctx: Context | None, what: str, instead: str) -> Any:
        """Like :meth:`literal`, but an expression that does not fold is a warning at ``ctx``
        saying what is used instead."""
        folded = self.evaluator.fold(expr, module)
        if folded.ok:
            depth = nesting(folded.value, VALUE_NESTING)
            if depth <= VALUE_NESTING:
                return folded.value
            # The generated module holds the value as a literal: past Python's nesting
            # limit it would not import, whatever the provider.
            if ctx is not None and not ctx.quiet:
                self.diags.warning(
                    f"{ctx.what}: {what} is nested more than {VALUE_NESTING} levels deep, "
                    f"more than a generated module holds; {instead}",
                    ctx.span,
                    "too-deep",
                )
            return MISSING
        if ctx is not None and not ctx.quiet:
            self.diags.warning(
                f"{ctx.what}: {what} cannot be read without running the code "
                f"({folded.why}); {instead}",
                ctx.span,
                "not-folded",
            )
        return MISSING

    def field_of(self, expr: TExpr, module: str) -> tuple[Call, str] | None:
        """The ``Field(...)``/``field(...)`` call ``expr`` is, or names through constants (held
        in another module, say), with the module it is written in; ``None`` otherwise."""
        expr, module = self.evaluator.deref(expr, module)
        if (
            isinstance(expr, Call)
            and isinstance(expr.func, Name)
            and self.resolver.qualname_of(module, expr.func.dotted) in FIELD_FUNCS
        ):
            return expr, module
        return None

    def metadata(self, item: TExpr, ctx: Context, meta: Meta) -> None:
        item, module = self.evaluator.deref(item, ctx.module)
        if not isinstance(item, Call):
            text = self.literal(item, module)
            if isinstance(text, str):  # a plain string (or string constant) is a description
                meta.text = text
            return
        if not isinstance(item.func, Name):
            return
        inner = Context(module, ctx.span, ctx.what, ctx.quiet)
        qual = self.resolver.qualname_of(module, item.func.dotted)
        if qual == "toolgen.Param":
            texts = [v for k, v in item.kwargs if k in ("desc", "description")] + list(
                item.args[:1]
            )
            for value in texts:
                text = self.value(value, module, inner, "Param's description", "it is left out")
                if isinstance(text, str):
                    meta.description = text
        elif qual in FIELD_FUNCS:
            self.field_call(item, module, meta, inner)
        elif qual in _ANNOTATED_TYPES and item.args:
            value = self.value(item.args[0], module, inner, "the constraint", "it is left out")
            if value is not MISSING:
                meta.keywords[_ANNOTATED_TYPES[qual]] = value

    def field_call(self, call: Call, module: str, meta: Meta, ctx: Context | None = None) -> None:
        """Read ``Field(...)``/``field(...)``: default, description, constraints, alias.

        ``module`` is where the call is written (a ``Field`` held in a constant of another
        module reads its arguments there); what does not fold is a warning at ``ctx``."""
        inner = None if ctx is None else Context(module, ctx.span, ctx.what, ctx.quiet)
        no_default = "no default is emitted"
        if call.args:
            if not (isinstance(call.args[0], Lit) and call.args[0].value is ...):
                meta.has_default = True
                meta.default = self.value(call.args[0], module, inner, "the default", no_default)
        for key, expr in call.kwargs:
            if key == "default":
                if isinstance(expr, Lit) and expr.value is ...:
                    continue
                meta.has_default = True
                meta.default = self.value(expr, module, inner, "the default", no_default)
            elif key in ("default_factory", "default_factory_takes_data"):
                meta.has_default = True
            elif key == "description":
                value = self.value(
                    expr, module, inner, "Field's description", "the docstring's text is used"
                )
                if isinstance(value, str):
                    meta.description = value
            elif key in ("alias", "validation_alias"):
                value = self.literal(expr, module)
                if isinstance(value, str):
                    meta.alias = value
            elif key in (
                *_CONSTRAINTS,
                "min_length",
                "max_length",
                "title",
                "examples",
                "deprecated",
                "json_schema_extra",
            ):
                value = self.value(expr, module, inner, f"'{key}'", "it is left out")
                if value is not MISSING:
                    meta.keywords[key] = value


def apply_keywords(schema: JsonSchema, keywords: dict[str, Any]) -> JsonSchema:
    """Constraints from ``Field``/``annotated_types`` on the schema (inside ``anyOf`` branches)."""
    if not keywords:
        return schema
    if "anyOf" in schema and not keywords.keys() <= {
        "title",
        "examples",
        "deprecated",
        "json_schema_extra",
    }:
        branches = [
            b if b.get("type") == "null" else apply_keywords(b, keywords) for b in schema["anyOf"]
        ]
        rest = {k: v for k, v in keywords.items() if k in ("title", "examples", "deprecated")}
        return {**schema, "anyOf": branches, **rest}
    out = dict(schema)
    kind = schema.get("type")
    for key, value in keywords.items():
        if key in _CONSTRAINTS:
            out[_CONSTRAINTS[key]] = value
        elif key in ("min_length", "max_length"):
            word = {"array": "Items", "object": "Properties"}.get(str(kind), "Length")
            out[("min" if key == "min_length" else "max") + word] = value
        elif key == "json_schema_extra" and isinstance(value, dict):
            out.update(value)
        elif key in ("title", "examples", "deprecated"):
            out[key] = value
    return out
