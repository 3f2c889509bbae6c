"""Classes defined in scanned files → schemas: Enums, TypedDicts, NamedTuples, dataclasses and
pydantic models, also in their functional forms (``TypedDict("Movie", {...})``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from toolgen.ir import JsonSchema, json_type
from toolgen.scan.metadata import (
    MISSING,
    Context,
    FieldMetadata,
    Meta,
    Unresolvable,
    apply_keywords,
)
from toolgen.scan.model import Alias, Call, ClassDef, FieldDef, Lit, Name, Seq, Sub, TExpr
from toolgen.scan.names import say_normalised
from toolgen.scan.resolve import External, LocalClass

MAX_ANCESTORS: Final = 200
FRAME_BUDGET: Final = 750
"""How deep, in Python frames, the classes being built within each other (each a field of the
one before) and the annotation being read may take the mapper: a count of the nesting met, not
of the stack, so that where a type is cut depends on the source alone. Python's default limit
is 1,000 frames; this leaves the caller 250. A chain of about 100 plain model fields fits."""
CLASS_FRAMES: Final = 7
"""The frames one class adds (measured: from a field's annotation to the next class's)."""
ANNOTATION_FRAMES: Final = 3
"""The frames one level of an annotation adds, at most (``Dict[str, Optional[X]]``)."""
"""How many scanned classes a class may descend from (1,000 levels made a RecursionError)."""
_KINDS: Final = {
    "enum.Enum": "enum",
    "enum.IntEnum": "enum",
    "enum.StrEnum": "enum",
    "enum.Flag": "enum",
    "enum.IntFlag": "enum",
    "typing.TypedDict": "typeddict",
    "typing.NamedTuple": "namedtuple",
    "pydantic.BaseModel": "model",
}


class TooManyAncestors(Exception):
    """A class past :data:`MAX_ANCESTORS`: described as an unknown type, with a warning."""


@dataclass(slots=True)
class Def:
    key: str
    schema: JsonSchema | None
    deps: set[str]


class ClassSchemas(FieldMetadata):
    """The mapper's class definitions, built once each and shared under ``$defs`` (a part of
    :class:`SchemaMapper`)."""

    defs: dict[str, Def]
    _building: list[set[str]]
    _frames: int
    """The frames the classes being built take (:data:`FRAME_BUDGET`)."""

    def schema(self, expr: TExpr, ctx: Context) -> tuple[JsonSchema, Meta]:
        raise NotImplementedError  # the mapper's

    def _unknown(self, ctx: Context, why: str) -> JsonSchema:
        raise NotImplementedError  # the mapper's

    def qualname(self, expr: TExpr, module: str) -> str | None:
        raise NotImplementedError  # the mapper's

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

    def _lineage(self, cls: ClassDef) -> Iterator[ClassDef | str]:
        """``cls`` and its ancestors, depth first in the order of the bases: each scanned class
        (once, before its bases) and each base from outside the scanned files (its qualified
        name), walked without recursion and only as far as it is read.

        Raises:
            TooManyAncestors: more than :data:`MAX_ANCESTORS` scanned classes.
        """
        seen: set[str] = set()
        stack: list[ClassDef | str] = [cls]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                yield item
                continue
            if item.qualname in seen:
                continue
            if len(seen) >= MAX_ANCESTORS:
                raise TooManyAncestors(
                    f"class '{cls.name}' has more than {MAX_ANCESTORS} ancestors in the scanned files"
                )
            seen.add(item.qualname)
            yield item
            bases: list[ClassDef | str] = []
            for base in item.bases:
                if isinstance(base, Sub):
                    base = base.base
                if not isinstance(base, Name):
                    continue
                found = self.resolver.resolve(item.module, base.dotted)
                if isinstance(found, External):
                    bases.append(found.qualname)
                elif isinstance(found, LocalClass):
                    bases.append(found.cls)
            stack.extend(reversed(bases))

    def _class_kind(self, cls: ClassDef) -> str | None:
        """What ``cls`` is to toolgen (``enum``, ``typeddict``, ...), from its decorators and its
        ancestors', the first one found depth first; ``None``: none of those."""
        for item in self._lineage(cls):
            if isinstance(item, str):
                if item in _KINDS:
                    return _KINDS[item]
                continue
            for deco in item.decorators:
                target = deco.func if isinstance(deco, Call) else deco
                if isinstance(target, Name) and self.resolver.qualname_of(
                    item.module, target.dotted
                ) in ("dataclasses.dataclass", "pydantic.dataclasses.dataclass"):
                    return "dataclass"
        return None

    def _class_ref(self, cls: ClassDef, ctx: Context, depth: int) -> JsonSchema:
        qual = cls.qualname
        if qual not in self.defs:
            cost = CLASS_FRAMES + ANNOTATION_FRAMES * depth
            if self._frames + cost > FRAME_BUDGET:
                return self._unknown(
                    ctx,
                    f"class '{cls.name}' lies {len(self._building)} classes deep (each a field "
                    "of the one before), more than toolgen follows",
                )
            try:
                kind = self._class_kind(cls)
            except TooManyAncestors as exc:
                return self._unknown(ctx, str(exc))
            if kind is None:
                return self._unknown(
                    ctx,
                    f"class '{cls.name}' is not an Enum, TypedDict, "
                    "NamedTuple, dataclass or pydantic model",
                )
            entry = Def(cls.name, None, set())
            self.defs[qual] = entry
            self._building.append(entry.deps)
            self._frames += cost
            try:
                entry.schema = self._class_schema(cls, kind, ctx)
            except Unresolvable:
                del self.defs[qual]
                raise
            finally:
                self._building.pop()
                self._frames -= cost
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
            schema = enum_schema(values, single_const=False)
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
            schema = self._object_schema(cls, kind, ctx)
        if cls.docstring and kind in ("enum", "typeddict", "model", "dataclass"):
            schema["description"] = cls.docstring
        return schema

    def _mro_fields(self, cls: ClassDef) -> list[tuple[ClassDef, FieldDef]]:
        """Every field of ``cls`` and its scanned ancestors, an ancestor's before its heir's
        (each class once, as Python's MRO has it once)."""
        order: list[ClassDef] = []
        seen: set[str] = set()
        stack: list[tuple[ClassDef, bool]] = [(cls, False)]
        while stack:
            item, done = stack.pop()
            if done:
                order.append(item)
                continue
            if item.qualname in seen:
                continue
            seen.add(item.qualname)
            stack.append((item, True))
            for base in reversed(item.bases):
                if isinstance(base, Name):
                    found = self.resolver.resolve(item.module, base.dotted)
                    if isinstance(found, LocalClass) and found.cls.qualname not in seen:
                        stack.append((found.cls, False))
        return [(owner, f) for owner in order for f in owner.fields]

    def _object_schema(self, cls: ClassDef, kind: str, ctx: Context) -> JsonSchema:
        properties: dict[str, JsonSchema] = {}
        required: dict[str, bool] = {}
        for owner, f in self._mro_fields(cls):
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
        say_normalised("field", f, self.diags)  # a field a tool's schema reads
        return Context(cls.module, f.span, f"field '{cls.name}.{f.name}'", ctx.quiet)


def _forbids_extra(cls: ClassDef) -> bool:
    for name, expr in cls.members:
        if name == "model_config" and isinstance(expr, Call):
            return any(
                k == "extra" and isinstance(v, Lit) and v.value == "forbid" for k, v in expr.kwargs
            )
    return any(k == "extra" and isinstance(v, Lit) and v.value == "forbid" for k, v in cls.keywords)


def hashable(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool, type(None)))


def enum_schema(values: list[Any], single_const: bool) -> JsonSchema:
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
