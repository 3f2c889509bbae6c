"""Type expressions → JSON Schema (draft 2020-12), as pydantic describes the same types.

The mapper grows by rows: ``_SCALARS`` for plain names, ``_GENERICS`` for subscripted
ones, ``_class_schema`` for classes defined in scanned files.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, cast

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.ir import JsonSchema, json_type
from toolgen.scan.evaluate import Evaluator
from toolgen.scan.model import (
    Alias,
    Attr,
    BinOp,
    Call,
    ClassDef,
    FieldDef,
    Fmt,
    FString,
    Lit,
    Name,
    Opaque,
    Or,
    Seq,
    Sub,
    TExpr,
    Unary,
)
from toolgen.scan.resolve import (
    External,
    LocalAlias,
    LocalClass,
    Resolver,
)

_SCALARS: Final[dict[str, JsonSchema]] = {
    "builtins.str": {"type": "string"},
    "builtins.int": {"type": "integer"},
    "builtins.float": {"type": "number"},
    "builtins.bool": {"type": "boolean"},
    "builtins.bytes": {"type": "string", "format": "binary"},
    "builtins.bytearray": {"type": "string", "format": "binary"},
    "builtins.object": {},
    "typing.Any": {},
    "builtins.list": {"type": "array", "items": {}},
    "typing.List": {"type": "array", "items": {}},
    "typing.Sequence": {"type": "array", "items": {}},
    "builtins.set": {"type": "array", "items": {}, "uniqueItems": True},
    "builtins.frozenset": {"type": "array", "items": {}, "uniqueItems": True},
    "builtins.tuple": {"type": "array", "items": {}},
    "builtins.dict": {"type": "object", "additionalProperties": True},
    "typing.Dict": {"type": "object", "additionalProperties": True},
    "typing.Mapping": {"type": "object", "additionalProperties": True},
    "datetime.datetime": {"type": "string", "format": "date-time"},
    "datetime.date": {"type": "string", "format": "date"},
    "datetime.time": {"type": "string", "format": "time"},
    "datetime.timedelta": {"type": "string", "format": "duration"},
    "uuid.UUID": {"type": "string", "format": "uuid"},
    "pathlib.Path": {"type": "string", "format": "path"},
    "pathlib.PurePath": {"type": "string", "format": "path"},
    "pathlib.PosixPath": {"type": "string", "format": "path"},
    "decimal.Decimal": {"type": "number"},
    "pydantic.EmailStr": {"type": "string", "format": "email"},
    "pydantic.AnyUrl": {"type": "string", "format": "uri", "minLength": 1},
    "pydantic.HttpUrl": {"type": "string", "format": "uri", "minLength": 1, "maxLength": 2083},
    "pydantic.StrictStr": {"type": "string"},
    "pydantic.StrictInt": {"type": "integer"},
    "pydantic.StrictFloat": {"type": "number"},
    "pydantic.StrictBool": {"type": "boolean"},
    "pydantic.PositiveInt": {"type": "integer", "exclusiveMinimum": 0},
    "pydantic.NonNegativeInt": {"type": "integer", "minimum": 0},
    "pydantic.NegativeInt": {"type": "integer", "exclusiveMaximum": 0},
    "pydantic.PositiveFloat": {"type": "number", "exclusiveMinimum": 0},
    "pydantic.NonNegativeFloat": {"type": "number", "minimum": 0},
    "builtins.None": {"type": "null"},
    "types.NoneType": {"type": "null"},
}
_ARRAYS: Final = frozenset(
    {
        "builtins.list",
        "typing.List",
        "typing.Sequence",
        "typing.Iterable",
        "typing.MutableSequence",
        "typing.Collection",
        "typing.Iterator",
        "collections.deque",
        "typing.Deque",
    }
)
_SETS: Final = frozenset(
    {
        "builtins.set",
        "builtins.frozenset",
        "typing.Set",
        "typing.FrozenSet",
        "typing.AbstractSet",
        "typing.MutableSet",
    }
)
_MAPS: Final = frozenset(
    {
        "builtins.dict",
        "typing.Dict",
        "typing.Mapping",
        "typing.MutableMapping",
        "collections.OrderedDict",
        "typing.OrderedDict",
        "collections.defaultdict",
        "typing.DefaultDict",
    }
)
_TUPLES: Final = frozenset({"builtins.tuple", "typing.Tuple"})
_UNWRAP: Final = frozenset(
    {"typing.Required", "typing.NotRequired", "typing.ReadOnly", "typing.Final"}
)
_FIELD_FUNCS: Final = frozenset({"pydantic.Field", "dataclasses.field"})
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


@dataclass(slots=True)
class _Def:
    key: str
    schema: JsonSchema | None
    deps: set[str]


class SchemaMapper:
    """Maps annotations to schemas; class definitions are built once and shared under ``$defs``."""

    def __init__(self, resolver: Resolver, diags: Diagnostics) -> None:
        self.resolver = resolver
        self.evaluator = Evaluator(resolver)
        self.diags = diags
        self.defs: dict[str, _Def] = {}
        self._keys: dict[str, str] = {}
        self._building: list[set[str]] = []
        self._alias_stack: list[str] = []

    # --- public ------------------------------------------------------------------------
    def schema(self, expr: TExpr, ctx: Context) -> tuple[JsonSchema, Meta]:
        """The schema of ``expr`` and any ``Annotated`` metadata found on the way."""
        meta = Meta()
        return self._schema(expr, ctx, meta, 0), meta

    def defs_for(self, schema: JsonSchema) -> tuple[dict[str, JsonSchema], dict[str, str]]:
        """Every ``$defs`` entry ``schema`` needs, transitively, and the key each class gets.

        A class is keyed by its name, or by ``module__Name`` where two needed classes share a
        name: the keys depend on this schema alone, never on which tools were built before.
        """
        needed: set[str] = set()
        stack = list(_refs_in(schema))
        while stack:
            qual = stack.pop()
            if qual in needed:
                continue
            needed.add(qual)
            stack.extend(self.defs[qual].deps)
        short: dict[str, list[str]] = {}
        for qual in needed:
            short.setdefault(qual.rsplit(".", 1)[-1], []).append(qual)
        keys = {
            qual: (name if len(quals) == 1 else qual.replace(".", "__"))
            for name, quals in short.items()
            for qual in quals
        }
        pairs = sorted(
            (keys[q], self.defs[q].schema) for q in needed if self.defs[q].schema is not None
        )
        return {key: cast(JsonSchema, value) for key, value in pairs}, keys

    def literal(self, expr: TExpr, module: str) -> Any:
        """The JSON value of ``expr`` folded statically, or ``MISSING`` (quietly) when it has none."""
        folded = self.evaluator.fold(expr, module)
        return folded.value if folded.ok else MISSING

    def value(self, expr: TExpr, module: str, ctx: Context | None, what: str, instead: str) -> Any:
        """Like :meth:`literal`, but an expression that does not fold is a warning at ``ctx``
        saying what is used instead."""
        folded = self.evaluator.fold(expr, module)
        if folded.ok:
            return folded.value
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
            and self.resolver.qualname_of(module, expr.func.dotted) in _FIELD_FUNCS
        ):
            return expr, module
        return None

    def qualname(self, expr: TExpr, module: str) -> str | None:
        """The qualified name an annotation's outermost type denotes (for injected types)."""
        while isinstance(expr, Sub):
            base = self.qualname(expr.base, module)
            if base in ("typing.Annotated", "typing.Optional") and expr.args:
                expr = expr.args[0]
            else:
                return base
        if isinstance(expr, Or):
            named = [e for e in expr.items if not (isinstance(e, Lit) and e.value is None)]
            return self.qualname(named[0], module) if len(named) == 1 else None
        if isinstance(expr, Lit) and isinstance(expr.value, str):
            return self.qualname(_parse_annotation(expr.value), module)
        if isinstance(expr, Name):
            return self.resolver.qualname_of(module, expr.dotted)
        return None

    # --- the mapping -------------------------------------------------------------------
    def _unknown(self, ctx: Context, why: str) -> JsonSchema:
        if ctx.quiet:
            raise Unresolvable(why)
        self.diags.warning(f"{ctx.what}: {why}; described as a string", ctx.span, "unknown-type")
        return {"type": "string"}

    def _schema(self, expr: TExpr, ctx: Context, meta: Meta, depth: int) -> JsonSchema:
        if depth > 100:
            return self._unknown(ctx, "type is nested too deeply")
        if isinstance(expr, Lit):
            if expr.value is None:
                return {"type": "null"}
            if isinstance(expr.value, str):
                return self._schema(_parse_annotation(expr.value), ctx, meta, depth + 1)
            return self._unknown(ctx, f"{expr.value!r} is not a type")
        if isinstance(expr, Or):
            return self._union_of(expr.items, ctx, meta, depth)
        if isinstance(expr, Name):
            return self._named(expr.dotted, ctx, depth, meta)
        if isinstance(expr, Sub):
            return self._generic(expr, ctx, meta, depth)
        if isinstance(expr, Opaque):
            return self._unknown(ctx, f"cannot describe type '{expr.code}'")
        return self._unknown(ctx, f"cannot describe type '{_code(expr)}'")

    def _named(self, dotted: str, ctx: Context, depth: int, meta: Meta | None = None) -> JsonSchema:
        meta = meta if meta is not None else Meta()
        found = self.resolver.resolve(ctx.module, dotted)
        if isinstance(found, External):
            scalar = _SCALARS.get(found.qualname)
            if scalar is not None:
                return dict(scalar)
            if found.qualname in _ARRAYS:
                return {"type": "array", "items": {}}
            if found.qualname in _SETS:
                return {"type": "array", "items": {}, "uniqueItems": True}
            if found.qualname in _MAPS:
                return {"type": "object", "additionalProperties": True}
            return self._unknown(ctx, f"unknown type '{dotted}' ({found.qualname})")
        if isinstance(found, LocalClass):
            return self._class_ref(found.cls, ctx)
        if isinstance(found, LocalAlias):
            functional = self._functional_class(found.alias, found.module)
            if functional is not None:
                return self._class_ref(functional, ctx)
            key = f"{found.module}.{found.alias.name}"
            if key in self._alias_stack:
                return self._unknown(ctx, f"type alias '{dotted}' refers to itself")
            self._alias_stack.append(key)
            try:
                value = found.alias.value
                if (
                    isinstance(value, Call)
                    and isinstance(value.func, Name)
                    and len(value.args) == 2
                ):
                    if (
                        self.resolver.qualname_of(found.module, value.func.dotted)
                        == "typing.NewType"
                    ):
                        value = value.args[1]
                inner = Context(found.module, ctx.span, ctx.what, ctx.quiet)
                return self._schema(value, inner, meta, depth + 1)
            finally:
                self._alias_stack.pop()
        if found is None:
            return self._unknown(ctx, f"cannot resolve type '{dotted}'")
        return self._unknown(ctx, f"'{dotted}' is not a type")

    def _generic(self, expr: Sub, ctx: Context, meta: Meta, depth: int) -> JsonSchema:
        base = self.qualname(expr.base, ctx.module) if isinstance(expr.base, Name) else None
        args = expr.args
        if base == "typing.Annotated" and args:
            inner = self._schema(args[0], ctx, meta, depth + 1)
            for item in args[1:]:
                self._metadata(item, ctx, meta)
            return apply_keywords(inner, meta.keywords)
        if base in _UNWRAP and len(args) == 1:
            return self._schema(args[0], ctx, meta, depth + 1)
        if base == "typing.Optional" and len(args) == 1:
            return _union([self._schema(args[0], ctx, meta, depth + 1), {"type": "null"}])
        if base == "typing.Union":
            return self._union_of(args, ctx, meta, depth)
        if base == "typing.Literal":
            return self._literal(args, ctx)
        if base in _ARRAYS and len(args) == 1:
            return {"type": "array", "items": self._schema(args[0], ctx, Meta(), depth + 1)}
        if base in _SETS and len(args) == 1:
            return {
                "type": "array",
                "items": self._schema(args[0], ctx, Meta(), depth + 1),
                "uniqueItems": True,
            }
        if base in _TUPLES:
            if len(args) == 2 and isinstance(args[1], Lit) and args[1].value is ...:
                return {"type": "array", "items": self._schema(args[0], ctx, Meta(), depth + 1)}
            if len(args) == 1 and isinstance(args[0], Seq) and not args[0].items:
                return {"type": "array", "minItems": 0, "maxItems": 0}
            items = [self._schema(a, ctx, Meta(), depth + 1) for a in args]
            return {
                "type": "array",
                "prefixItems": items,
                "minItems": len(items),
                "maxItems": len(items),
            }
        if base in _MAPS and len(args) == 2:
            key = self._schema(args[0], ctx, Meta(), depth + 1)
            value = self._schema(args[1], ctx, Meta(), depth + 1)
            out: JsonSchema = {"type": "object", "additionalProperties": value if value else True}
            if key != {"type": "string"} and key:
                key = {k: v for k, v in key.items() if k != "type"} if "enum" in key else key
                out["propertyNames"] = key
            return out
        if base == "typing.ClassVar":
            return self._unknown(ctx, "ClassVar is not a field")
        return self._unknown(ctx, f"cannot describe type '{_code(expr)}'")

    def _union_of(
        self, items: tuple[TExpr, ...], ctx: Context, meta: Meta, depth: int
    ) -> JsonSchema:
        """``A | B``: with one non-null member (``X | None``) its metadata is the value's, as for
        ``Optional[X]``; otherwise each member keeps its own description."""

        def is_null(e: TExpr) -> bool:
            return (isinstance(e, Lit) and e.value is None) or (
                isinstance(e, Name) and e.dotted == "None"
            )

        real = [e for e in items if not is_null(e)]
        branches = []
        for item in items:
            if len(real) == 1 and item is real[0]:
                branches.append(self._schema(item, ctx, meta, depth + 1))
                continue
            own = Meta()
            schema = self._schema(item, ctx, own, depth + 1)
            own_text = own.description or own.text
            if own_text is not None:
                schema = {**schema, "description": own_text}
            branches.append(schema)
        return _union(branches)

    def _functional_class(self, alias: Alias, module: str) -> ClassDef | None:
        """``Movie = TypedDict("Movie", {...})``, ``Color = Enum("Color", [...])``,
        ``Point = NamedTuple("Point", [("x", int)])``: the class those calls create."""
        call = alias.value
        if not (isinstance(call, Call) and isinstance(call.func, Name) and len(call.args) >= 2):
            return None
        kind = self.resolver.qualname_of(module, call.func.dotted)
        spec = call.args[1]
        fields: list[FieldDef] = []
        members: list[tuple[str, TExpr]] = []
        if kind == "typing.TypedDict" and isinstance(spec, Seq) and spec.kind == "dict":
            for pair in spec.items:
                assert isinstance(pair, Seq)
                key, annotation = pair.items
                if not (isinstance(key, Lit) and isinstance(key.value, str)):
                    return None
                fields.append(FieldDef(key.value, annotation, None, alias.span))
        elif kind == "typing.NamedTuple" and isinstance(spec, Seq):
            for pair in spec.items:
                if not (
                    isinstance(pair, Seq)
                    and len(pair.items) == 2
                    and isinstance(pair.items[0], Lit)
                    and isinstance(pair.items[0].value, str)
                ):
                    return None
                fields.append(FieldDef(pair.items[0].value, pair.items[1], None, alias.span))
        elif kind in ("enum.Enum", "enum.IntEnum", "enum.StrEnum"):
            if isinstance(spec, Lit) and isinstance(spec.value, str):
                names: list[TExpr] = [Lit(n) for n in spec.value.replace(",", " ").split()]
            elif isinstance(spec, Seq) and spec.kind in ("list", "tuple"):
                names = list(spec.items)
            elif isinstance(spec, Seq) and spec.kind == "dict":
                for pair in spec.items:
                    assert isinstance(pair, Seq)
                    if not (
                        isinstance(pair.items[0], Lit) and isinstance(pair.items[0].value, str)
                    ):
                        return None
                    members.append((pair.items[0].value, pair.items[1]))
                names = []
            else:
                return None
            for index, item in enumerate(names, start=1):
                if isinstance(item, Lit) and isinstance(item.value, str):
                    value: TExpr = Lit(item.value.lower() if kind == "enum.StrEnum" else index)
                    members.append((item.value, value))
                elif (
                    isinstance(item, Seq)
                    and len(item.items) == 2
                    and isinstance(item.items[0], Lit)
                    and isinstance(item.items[0].value, str)
                ):
                    members.append((item.items[0].value, item.items[1]))
                else:
                    return None
        else:
            return None
        return ClassDef(
            name=alias.name,
            module=module,
            bases=(call.func,),
            keywords=call.kwargs,
            decorators=(),
            fields=tuple(fields),
            members=tuple(members),
            docstring=None,
            span=alias.span,
        )

    def _literal(self, args: tuple[TExpr, ...], ctx: Context) -> JsonSchema:
        values: list[Any] = []
        for arg in args:
            if isinstance(arg, Sub):  # Literal[Literal["a"], "b"] flattens
                inner = self._schema(arg, ctx, Meta(), 1)
                values.extend(inner.get("enum", [inner["const"]] if "const" in inner else []))
                continue
            folded = self.evaluator.fold(arg, ctx.module)
            if not folded.ok or isinstance(folded.value, (list, dict)):
                why = folded.why or "a container"
                return self._unknown(ctx, f"Literal value '{_code(arg)}' is not a literal ({why})")
            values.append(folded.value)
        values = list(dict.fromkeys(values)) if all(_hashable(v) for v in values) else values
        return _enum_schema(values, single_const=True)

    def _metadata(self, item: TExpr, ctx: Context, meta: Meta) -> None:
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
        elif qual in _FIELD_FUNCS:
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

    # --- classes -----------------------------------------------------------------------
    def _class_kind(self, cls: ClassDef, seen: frozenset[str] = frozenset()) -> str | None:
        if cls.qualname in seen:
            return None
        for deco in cls.decorators:
            target = deco.func if isinstance(deco, Call) else deco
            if isinstance(target, Name) and self.resolver.qualname_of(
                cls.module, target.dotted
            ) in ("dataclasses.dataclass", "pydantic.dataclasses.dataclass"):
                return "dataclass"
        kinds = {
            "enum.Enum": "enum",
            "enum.IntEnum": "enum",
            "enum.StrEnum": "enum",
            "enum.Flag": "enum",
            "enum.IntFlag": "enum",
            "typing.TypedDict": "typeddict",
            "typing.NamedTuple": "namedtuple",
            "pydantic.BaseModel": "model",
        }
        for base in cls.bases:
            if isinstance(base, Sub):
                base = base.base
            if not isinstance(base, Name):
                continue
            found = self.resolver.resolve(cls.module, base.dotted)
            if isinstance(found, External) and found.qualname in kinds:
                return kinds[found.qualname]
            if isinstance(found, LocalClass):
                kind = self._class_kind(found.cls, seen | {cls.qualname})
                if kind is not None:
                    return kind
        return None

    def _class_ref(self, cls: ClassDef, ctx: Context) -> JsonSchema:
        qual = cls.qualname
        if qual not in self.defs:
            kind = self._class_kind(cls)
            if kind is None:
                return self._unknown(
                    ctx,
                    f"class '{cls.name}' is not an Enum, TypedDict, "
                    "NamedTuple, dataclass or pydantic model",
                )
            entry = _Def(cls.name, None, set())
            self.defs[qual] = entry
            self._building.append(entry.deps)
            try:
                entry.schema = self._class_schema(cls, kind, ctx)
            except Unresolvable:
                del self.defs[qual]
                raise
            finally:
                self._building.pop()
        if self._building:
            self._building[-1].add(qual)
        return {"$ref": f"#/$defs/{qual}"}

    def _class_schema(self, cls: ClassDef, kind: str, ctx: Context) -> JsonSchema:
        inner = Context(cls.module, cls.span, f"class '{cls.name}'", ctx.quiet)
        if kind == "enum":
            values = []
            for name, _ in cls.members:
                if not name.startswith("_"):
                    folded = self.evaluator.member(cls, name)
                    if not folded.ok:
                        return self._unknown(
                            inner, f"the value of enum member '{name}' is unknown ({folded.why})"
                        )
                    values.append(folded.value)
            schema = _enum_schema(values, single_const=False)
        elif kind == "namedtuple":
            items = []
            required = 0
            for f in cls.fields:
                item, _ = self.schema(f.annotation, self._field_ctx(cls, f, ctx))
                if f.default is not None:
                    default = self.value(
                        f.default,
                        cls.module,
                        self._field_ctx(cls, f, ctx),
                        "the default",
                        "no default is emitted",
                    )
                    if default is not MISSING:
                        item["default"] = default
                else:
                    required += 1
                items.append(item)
            schema = {
                "type": "array",
                "prefixItems": items,
                "minItems": required,
                "maxItems": len(items),
            }
        else:
            schema = self._object_schema(cls, kind, ctx, frozenset())
        if cls.docstring and kind in ("enum", "typeddict", "model", "dataclass"):
            schema["description"] = cls.docstring
        return schema

    def _mro_fields(self, cls: ClassDef, seen: frozenset[str]) -> list[tuple[ClassDef, FieldDef]]:
        out: list[tuple[ClassDef, FieldDef]] = []
        for base in cls.bases:
            if isinstance(base, Name) and cls.qualname not in seen:
                found = self.resolver.resolve(cls.module, base.dotted)
                if isinstance(found, LocalClass):
                    out.extend(self._mro_fields(found.cls, seen | {cls.qualname}))
        for f in cls.fields:
            out.append((cls, f))
        return out

    def _object_schema(
        self, cls: ClassDef, kind: str, ctx: Context, seen: frozenset[str]
    ) -> JsonSchema:
        properties: dict[str, JsonSchema] = {}
        required: dict[str, bool] = {}
        for owner, f in self._mro_fields(cls, seen):
            if f.name.startswith("_") and kind == "model":
                continue
            fctx = self._field_ctx(owner, f, ctx)
            if self.qualname(f.annotation, owner.module) in ("typing.ClassVar", "typing.InitVar"):
                continue
            schema, meta = self.schema(f.annotation, fctx)
            if f.default is not None:
                held = self.field_of(f.default, owner.module)
                if held is not None:
                    self.field_call(held[0], held[1], meta, fctx)
                    schema = apply_keywords(schema, meta.keywords)
                else:
                    meta.has_default = True
                    meta.default = self.value(
                        f.default, owner.module, fctx, "the default", "no default is emitted"
                    )
            if (meta.description or meta.text) is not None:
                schema = {**schema, "description": meta.description or meta.text}
            if meta.has_default and meta.default is not MISSING:
                schema = {**schema, "default": meta.default}
            name = meta.alias or f.name
            properties[name] = schema
            if kind == "typeddict":
                required[name] = self._typeddict_required(owner, f)
            else:
                required[name] = not meta.has_default
        out: JsonSchema = {"type": "object", "properties": properties}
        req = [k for k, v in required.items() if v]
        if req:
            out["required"] = req
        if kind == "model" and _forbids_extra(cls):
            out["additionalProperties"] = False
        return out

    def _typeddict_required(self, owner: ClassDef, f: FieldDef) -> bool:
        expr = f.annotation
        while isinstance(expr, Sub):
            base = self.qualname(expr.base, owner.module)
            if base == "typing.Required":
                return True
            if base == "typing.NotRequired":
                return False
            if base in ("typing.Annotated", "typing.ReadOnly") and expr.args:
                expr = expr.args[0]
                continue
            break
        for key, value in owner.keywords:
            if key == "total" and isinstance(value, Lit) and value.value is False:
                return False
        return True

    def _field_ctx(self, cls: ClassDef, f: FieldDef, ctx: Context) -> Context:
        return Context(cls.module, f.span, f"field '{cls.name}.{f.name}'", ctx.quiet)


def _parse_annotation(text: str) -> TExpr:
    from toolgen.scan.gather import parse_annotation  # libcst, only for string annotations

    return parse_annotation(text)


def _forbids_extra(cls: ClassDef) -> bool:
    for name, expr in cls.members:
        if name == "model_config" and isinstance(expr, Call):
            return any(
                k == "extra" and isinstance(v, Lit) and v.value == "forbid" for k, v in expr.kwargs
            )
    return any(k == "extra" and isinstance(v, Lit) and v.value == "forbid" for k, v in cls.keywords)


def _hashable(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool, type(None)))


def _enum_schema(values: list[Any], single_const: bool) -> JsonSchema:
    types = {json_type(v) for v in values}
    out: JsonSchema = {}
    if len(types) == 1:
        out["type"] = types.pop()
    if single_const and len(values) == 1:
        out["const"] = values[0]
        if out.get("type") == "null":
            return {"type": "null"}
    else:
        out["enum"] = values
    return out


def _member_key(branch: JsonSchema) -> Any:
    """What makes two members of a union the same, as ``typing`` decides it: a ``Literal`` is
    equal to another of the same values in any order (``Union`` keeps the first one)."""
    values = branch.get("enum")
    if isinstance(values, list) and all(_hashable(v) for v in values):
        rest = {k: v for k, v in branch.items() if k != "enum"}
        return rest, frozenset((type(v), v) for v in values)
    return branch


def _union(branches: list[JsonSchema]) -> JsonSchema:
    flat: list[JsonSchema] = []
    for branch in branches:
        if list(branch) == ["anyOf"]:
            flat.extend(branch["anyOf"])
        else:
            flat.append(branch)
    unique: list[JsonSchema] = []
    seen: list[Any] = []
    for branch in flat:
        key = _member_key(branch)
        if key not in seen:
            seen.append(key)
            unique.append(branch)
    if any(b == {} for b in unique):
        return {}
    if {"type": "null"} in unique:  # pydantic makes the rest nullable: null always comes last
        unique = [b for b in unique if b != {"type": "null"}] + [{"type": "null"}]
    if len(unique) == 1:
        return unique[0]
    return {"anyOf": unique}


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


def _refs_in(schema: Any) -> set[str]:
    found: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                found.add(ref[len("#/$defs/") :])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


def rewrite_refs(schema: Any, key_of: Callable[[str], str]) -> Any:
    """Turn internal ``#/$defs/<qualname>`` refs into their final short keys."""
    if isinstance(schema, dict):
        out = {}
        for k, v in schema.items():
            if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/"):
                out[k] = "#/$defs/" + key_of(v[len("#/$defs/") :])
            else:
                out[k] = rewrite_refs(v, key_of)
        return out
    if isinstance(schema, list):
        return [rewrite_refs(v, key_of) for v in schema]
    return schema


def _code(expr: TExpr) -> str:
    if isinstance(expr, Name):
        return expr.dotted
    if isinstance(expr, Sub):
        return f"{_code(expr.base)}[{', '.join(_code(a) for a in expr.args)}]"
    if isinstance(expr, Lit):
        return "..." if expr.value is ... else repr(expr.value)
    if isinstance(expr, Or):
        return " | ".join(_code(e) for e in expr.items)
    if isinstance(expr, Seq):
        inner = ", ".join(_code(e) for e in expr.items)
        return f"[{inner}]" if expr.kind == "list" else f"({inner})"
    if isinstance(expr, Call):
        args = [_code(a) for a in expr.args] + [f"{k}={_code(v)}" for k, v in expr.kwargs]
        return f"{_code(expr.func)}({', '.join(args)})"
    if isinstance(expr, BinOp):
        return f"{_code(expr.left)} {expr.op} {_code(expr.right)}"
    if isinstance(expr, Unary):
        return f"{expr.op}{' ' if expr.op == 'not' else ''}{_code(expr.operand)}"
    if isinstance(expr, Attr):
        return f"{_code(expr.value)}.{expr.attr}"
    if isinstance(expr, FString):
        return "f'...'"
    if isinstance(expr, Fmt):
        return "{" + _code(expr.value) + "}"
    return expr.code


_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
