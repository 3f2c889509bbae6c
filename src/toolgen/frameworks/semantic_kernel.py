"""A kernel function's parameters as Semantic Kernel (semantic-kernel 1.45.0) sends them.

A parameter (functions/kernel_function_decorator.py, ``_process_signature`` and
``_parse_parameter``): the last string in ``Annotated`` is its description, a dict there adds
``description`` and ``include_in_function_choices`` (``False`` leaves it out of what the model
is sent, connectors/ai/function_calling_utils.py); it is required unless it has a default other
than ``None`` or its type admits ``None``. Its schema is ``KernelJsonSchemaBuilder.build`` of the
"underlying type" (schema/kernel_json_schema_builder.py): ``Optional``/``X | None`` unwrapped,
builtins by ``TYPE_MAPPING``, a class with annotations (a pydantic model, a dataclass) inlined
as an object whose every non-``Optional`` field is required, an ``Enum`` by its values, anything
else (``datetime``, ``Sequence[str]``) ``{"type": "object"}``; never a default, never a
``$ref``. A union of several types has no underlying type: each is mapped by its name, the
default appended to the description (``KernelParameterMetadata.infer_schema``). Two deliberate
differences: SK sends a ``Literal`` as an object, which no value the function accepts is
(toolgen sends its values, ``enum``), and a ``tuple[A, B]`` as ``items: [A, B]``, which the
providers refuse (toolgen sends ``prefixItems``, as for any tuple).

Plugin names are :mod:`toolgen.frameworks.kernel_plugins`'.
"""

from __future__ import annotations

from typing import Any, Final

from toolgen.frameworks.classes import _with_bases
from toolgen.frameworks.owners import class_lineage
from toolgen.ir import JsonSchema
from toolgen.scan.model import ClassDef, Lit, Name, Or, Parameter, Sub, TExpr
from toolgen.scan.resolve import LocalClass, Resolver
from toolgen.scan.schema import SchemaMapper, parse_annotation

__all__ = ["parameter"]

_TYPES: Final = {
    "builtins.int": "integer",
    "builtins.str": "string",
    "builtins.bool": "boolean",
    "builtins.float": "number",
    "builtins.list": "array",
    "builtins.dict": "object",
    "builtins.set": "array",
    "builtins.tuple": "array",
    "typing.List": "array",
    "typing.Dict": "object",
    "typing.Set": "array",
    "typing.Tuple": "array",
}
_BY_NAME: Final = {q.rsplit(".", 1)[1]: t for q, t in _TYPES.items() if q.startswith("builtins")}
_ENUMS: Final = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag"})
_ANNOTATED: Final = frozenset({"typing.Annotated", "typing_extensions.Annotated"})
_OPEN: Final[JsonSchema] = {"type": "object", "properties": {}}
"""``typing.Any``, or no annotation: a class with no annotations, as SK builds it."""


def _is_none(expr: TExpr) -> bool:
    return (isinstance(expr, Lit) and expr.value is None) or (
        isinstance(expr, Name) and expr.dotted in ("None", "types.NoneType")
    )


class _Builder:
    """``KernelJsonSchemaBuilder`` over annotations as written."""

    def __init__(self, mapper: SchemaMapper) -> None:
        self.mapper = mapper
        self.resolver: Resolver = mapper.resolver

    def qual(self, expr: TExpr, module: str) -> str | None:
        if isinstance(expr, Name):
            if expr.dotted == "None":
                return "None"
            return self.resolver.qualname_of(module, expr.dotted)
        return None

    def union_args(self, expr: TExpr, module: str) -> tuple[TExpr, ...] | None:
        """A union's members (``X | None``, ``Optional[X]``, ``Union[...]``); else ``None``."""
        if isinstance(expr, Or):
            return expr.items
        if isinstance(expr, Sub):
            base = self.qual(expr.base, module)
            if base == "typing.Optional" and expr.args:
                return (expr.args[0], Lit(None))
            if base == "typing.Union":
                return expr.args
        return None

    def build(
        self, expr: TExpr | None, module: str, description: str | None, depth: int = 0
    ) -> JsonSchema:
        schema = self._build(expr, module, description, depth)
        if description and "description" not in schema and "anyOf" not in schema:
            schema = {**schema, "description": description}
        return schema

    def _build(
        self, expr: TExpr | None, module: str, description: str | None, depth: int
    ) -> JsonSchema:
        if expr is None or depth > 12:
            return dict(_OPEN)
        if isinstance(expr, Lit) and isinstance(expr.value, str):
            expr = parse_annotation(expr.value)
        expr, module = self.mapper.evaluator.deref(expr, module)
        members = self.union_args(expr, module)
        if members is not None:
            rest = [m for m in members if not _is_none(m)]
            if len(members) == 2 and len(rest) == 1:  # ``Optional[X]``: X's, made nullable
                return self.build(rest[0], module, description, depth + 1)
            # every member, None too (``type(None)`` has no mapping: an object)
            return {"anyOf": [self.build(m, module, description, depth + 1) for m in members]}
        if isinstance(expr, Sub):
            base = self.qual(expr.base, module)
            kind = _TYPES.get(base or "")
            if kind == "array" and base not in ("builtins.tuple", "typing.Tuple") and expr.args:
                return {"type": "array", "items": self.build(expr.args[0], module, None, depth + 1)}
            if kind == "object" and len(expr.args) == 2:
                values = self.build(expr.args[1], module, None, depth + 1)
                if values == {"type": "object"}:
                    values = {"type": "object", "properties": {}}
                return {"type": "object", "additionalProperties": values}
            last = expr.args[-1] if expr.args else None
            if (
                kind == "array"
                and len(expr.args) == 2
                and isinstance(last, Lit)
                and last.value is ...
            ):
                return {"type": "array", "items": self.build(expr.args[0], module, None, depth)}
            if kind == "array":
                # SK sends ``items: [...]``, draft 4's tuple form, which the providers' schema
                # subsets refuse (OpenAI's strict mode among them): JSON Schema's own form.
                places = [self.build(a, module, None, depth + 1) for a in expr.args]
                n = len(places)
                return {"type": "array", "prefixItems": places, "minItems": n, "maxItems": n}
            if base in ("typing.Literal", "typing_extensions.Literal"):
                return self.literal(expr.args, module)
            return {"type": "object"}  # Sequence, Annotated within a type, ...
        if _is_none(expr):
            return {"type": "object"}
        qual = self.qual(expr, module)
        if qual in ("typing.Any", "typing_extensions.Any"):
            return dict(_OPEN)
        if qual in _TYPES:
            return {"type": _TYPES[qual]}
        found = self.resolver.resolve(module, expr.dotted) if isinstance(expr, Name) else None
        if isinstance(found, LocalClass):
            return self.local(found.cls, description, depth)
        return {"type": "object"}

    def literal(self, args: tuple[TExpr, ...], module: str) -> JsonSchema:
        """A ``Literal``: SK sends ``{"type": "object"}`` (it has no mapping for it), which no
        value the function accepts matches; toolgen deliberately sends its values."""
        values = []
        for arg in args:
            folded = self.mapper.evaluator.fold(arg, module)
            if not folded.ok:
                return {"type": "object"}
            values.append(folded.value)
        kinds = {
            {bool: "boolean", int: "integer", float: "number", str: "string"}.get(type(v), "")
            for v in values
        }
        if len(kinds) != 1 or "" in kinds:
            return {"enum": values}
        return {"type": kinds.pop(), "enum": values}

    def local(self, cls: ClassDef, description: str | None, depth: int) -> JsonSchema:
        lineage = class_lineage(self.resolver, cls.module, Name(cls.name))
        if _ENUMS & set(lineage):
            values = []
            for name, _ in cls.members:
                folded = self.mapper.evaluator.member(cls, name)
                if folded.ok:
                    values.append(folded.value)
            kind = "string"
            if values and not isinstance(values[0], bool):
                kind = {int: "integer", float: "number"}.get(type(values[0]), "string")
            return {"type": kind, "enum": values}
        # ``build_model_schema``: ``get_type_hints``, the bases' fields first.

        fields: dict[str, Any] = {}
        for current in reversed(list(_with_bases(self.resolver, cls))):
            for field in current.fields:
                fields[field.name] = (field, current.module)
        properties: dict[str, JsonSchema] = {}
        required = []
        for name, (field, module) in fields.items():
            text = self.field_description(field.default, module)
            annotation: TExpr = field.annotation
            written = annotation
            if isinstance(written, Sub) and self.qual(written.base, module) in _ANNOTATED:
                # ``get_type_hints`` drops Annotated; pydantic keeps its other metadata, whose
                # first item SK takes for the description (a Field in it is merged instead).
                annotation = written.args[0]
                for extra in written.args[1:]:
                    if self.mapper.field_of(extra, module) is not None:
                        text = text or self.field_description(extra, module)
                        continue
                    folded = self.mapper.evaluator.fold(extra, module)
                    if folded.ok and isinstance(folded.value, str):
                        text = folded.value
                    break
            properties[name] = self.build(annotation, module, text, depth + 1)
            if not any(_is_none(m) for m in self.union_args(annotation, module) or ()):
                required.append(name)  # ``_is_optional``: a default does not matter
        schema: JsonSchema = {"type": "object", "properties": properties}
        if required:
            schema["required"] = required
        return schema

    def field_description(self, default: TExpr | None, module: str) -> str | None:
        """A pydantic ``Field(description=...)``'s (SK reads ``field_info.description``)."""
        if default is None:
            return None
        held = self.mapper.field_of(default, module)
        if held is None:
            return None
        call, where = held
        for key, value in call.kwargs:
            if key == "description":
                folded = self.mapper.evaluator.fold(value, where)
                return folded.value if folded.ok and isinstance(folded.value, str) else None
        return None


def parameter(
    param: Parameter, mapper: SchemaMapper, module: str
) -> tuple[JsonSchema, bool] | None:
    """The parameter's schema as SK sends it, and whether it is required; ``None``: SK leaves it
    out of what the model is sent (``{"include_in_function_choices": False}``)."""
    builder = _Builder(mapper)
    annotation: TExpr | None = param.annotation
    if isinstance(annotation, Lit) and isinstance(annotation.value, str):
        annotation = parse_annotation(annotation.value)
    default: Any = None
    if param.default is not None:
        folded = mapper.evaluator.fold(param.default, module)
        default = folded.value if folded.ok else ...
    required = default is None
    description: str | None = None
    inner = annotation
    if isinstance(annotation, Sub) and builder.qual(annotation.base, module) in _ANNOTATED:
        inner = annotation.args[0] if annotation.args else None
        for meta in annotation.args[1:]:
            value = mapper.evaluator.fold(meta, module)
            if not value.ok:
                continue
            if isinstance(value.value, str):
                description = value.value
            elif isinstance(value.value, dict):
                text = value.value.get("description")
                if description is None and isinstance(text, str) and text:
                    description = text
                if value.value.get("include_in_function_choices", True) is False:
                    return None
    members = builder.union_args(inner, module) if inner is not None else None
    if members is not None and any(_is_none(m) for m in members):
        required = False
    if members is not None:
        rest = [m for m in members if not _is_none(m)]
        written_with_bar = isinstance(inner, Or)
        plain = inner is annotation
        if len(rest) == 1 and (plain or written_with_bar):
            # ``_get_underlying_type``: the one type that is not None
            return builder.build(rest[0], module, description), required
        if len(rest) > 1 and (plain or written_with_bar):
            return _by_names(rest, builder, module, description, default), required
        # ``Annotated[Optional[X], ...]``: the union itself is built
    return builder.build(inner, module, description), required


def _by_names(
    members: list[TExpr], builder: _Builder, module: str, description: str | None, default: Any
) -> JsonSchema:
    """A union of several types: no underlying type, so ``build_from_type_name`` of each
    member's name, the default written into the description."""
    shown = "" if default is None or default is ... else str(default)
    if shown.strip():
        description = (
            f"{description} (default value: {shown})"
            if description
            else (f"(default value: {shown})")
        )
    branches = []
    for member in members:
        qual = builder.qual(member, module) or ""
        kind = (
            _BY_NAME.get(qual.rsplit(".", 1)[-1], "object")
            if qual.startswith("builtins.")
            else "object"
        )
        branch: JsonSchema = {"type": kind}
        if description:
            branch["description"] = description
        branches.append(branch)
    return {"anyOf": branches}
