"""Type expressions → JSON Schema (draft 2020-12), as pydantic describes the same types.

The mapper grows by rows: ``_SCALARS`` for plain names, ``_generic`` for subscripted ones;
``scan.classes`` maps classes defined in scanned files, ``scan.metadata`` what ``Annotated``
and ``Field`` say about a value. ``SchemaMapper`` is the three together.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, cast

from toolgen.errors import Diagnostics
from toolgen.ir import SCHEMA_NESTING, JsonSchema, nesting
from toolgen.scan.classes import (
    ANNOTATION_FRAMES,
    FRAME_BUDGET,
    ClassSchemas,
    Def,
    enum_schema,
    hashable,
)
from toolgen.scan.evaluate import Evaluator
from toolgen.scan.metadata import MISSING, Context, Meta, Unresolvable, apply_keywords
from toolgen.scan.model import (
    Attr,
    BinOp,
    Call,
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

__all__ = [
    "MISSING",
    "Context",
    "Meta",
    "SchemaMapper",
    "Unresolvable",
    "apply_keywords",
    "parse_annotation",
    "rewrite_refs",
]

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

TYPE_NODES: Final = 10_000
"""How many types one annotation may expand to. Type aliases are written out where they are
used, so an alias used twice in an alias used twice ... (``L2 = tuple[L1, L1]``) doubles at
each step: past this, the annotation is described as a string, with a warning."""


TYPE_NESTING: Final = SCHEMA_NESTING - 4
"""How deep one annotation's schema may nest: a class's field sits four levels down in a tool's
parameters (``$defs``, the class, ``properties``, the field)."""


class _Expanded(Exception):
    """An annotation expanded to more than :data:`TYPE_NODES` types."""


_UNKNOWN_FIX: Final = (
    " (if the caller passes it, not the model, list it in 'injected_types'; else annotate it"
    " with a type toolgen reads, or give its module a .pyi stub)"
)
"""What to do about a type from outside the scanned sources."""


class SchemaMapper(ClassSchemas):
    """Maps annotations to schemas; class definitions are built once and shared under ``$defs``."""

    def __init__(self, resolver: Resolver, diags: Diagnostics) -> None:
        self.resolver = resolver
        self.evaluator = Evaluator(resolver)
        self.diags = diags
        self.defs: dict[str, Def] = {}
        self._keys: dict[str, str] = {}
        self._building: list[set[str]] = []
        self._frames = 0
        self._alias_stack: list[str] = []
        self._spent = 0
        """The types the annotation being mapped has expanded to so far."""
        self._cut = False
        """Whether a type in it was cut, nested too deeply (and said so)."""

    # --- public ------------------------------------------------------------------------
    def schema(self, expr: TExpr, ctx: Context) -> tuple[JsonSchema, Meta]:
        """The schema of ``expr`` and any ``Annotated`` metadata found on the way."""
        meta = Meta()
        # A class's field, met on the way, counts alone.
        outer, self._spent, cut, self._cut = self._spent, 0, self._cut, False
        try:
            schema = self._schema(expr, ctx, meta, 0)
        except _Expanded:
            why = f"type expands to more than {TYPE_NODES} types (type aliases within aliases)"
            return self._unknown(ctx, why), Meta()
        finally:
            self._spent, inner_cut, self._cut = outer, self._cut, cut
        if nesting(schema, TYPE_NESTING) > TYPE_NESTING:  # a generated module would not import
            if inner_cut:  # said once already
                return {"type": "string"}, Meta()
            return self._unknown(ctx, "type is nested too deeply"), Meta()
        return schema, meta

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
            return self.qualname(parse_annotation(expr.value), module)
        if isinstance(expr, Name):
            return self.resolver.qualname_of(module, expr.dotted)
        return None

    # --- the mapping -------------------------------------------------------------------
    def _unknown(self, ctx: Context, why: str, fix: str = "") -> JsonSchema:
        if ctx.quiet:
            raise Unresolvable(why)
        self.diags.warning(
            f"{ctx.what}: {why}; described as a string{fix}", ctx.span, "unknown-type"
        )
        return {"type": "string"}

    def _schema(self, expr: TExpr, ctx: Context, meta: Meta, depth: int) -> JsonSchema:
        self._spent += 1
        if self._spent > TYPE_NODES:
            raise _Expanded
        if depth > 100 or self._frames + ANNOTATION_FRAMES * depth > FRAME_BUDGET:
            self._cut = True
            return self._unknown(ctx, "type is nested too deeply")
        if isinstance(expr, Lit):
            if expr.value is None:
                return {"type": "null"}
            if isinstance(expr.value, str):
                return self._schema(parse_annotation(expr.value), ctx, meta, depth + 1)
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
            return self._unknown(ctx, f"unknown type '{dotted}' ({found.qualname})", _UNKNOWN_FIX)
        if isinstance(found, LocalClass):
            return self._class_ref(found.cls, ctx, depth)
        if isinstance(found, LocalAlias):
            functional = self._functional_class(found.alias, found.module)
            if functional is not None:
                return self._class_ref(functional, ctx, depth)
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
                self.metadata(item, ctx, meta)
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
        values = list(dict.fromkeys(values)) if all(hashable(v) for v in values) else values
        return enum_schema(values, single_const=True)


def parse_annotation(text: str) -> TExpr:
    """A string annotation (a forward reference) as a type expression; libcst only when needed."""
    from toolgen.scan.gather import parse_annotation  # libcst, only for string annotations

    return parse_annotation(text)


def _member_key(branch: JsonSchema) -> Any:
    """What makes two members of a union the same, as ``typing`` decides it: a ``Literal`` is
    equal to another of the same values in any order (``Union`` keeps the first one)."""
    values = branch.get("enum")
    if isinstance(values, list) and all(hashable(v) for v in values):
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
