"""Semantic Kernel's rules (semantic-kernel 1.45.0): a kernel function's parameters as SK maps
them, and the plugin names ``kernel.add_plugin(...)`` gives classes.

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

The plugin name (functions/kernel_function_extension.py, ``add_plugin``; kernel_plugin.py,
``KernelPlugin.from_object``): the ``plugin_name`` argument, else the instance's ``name``, else
its class's name; ``kernel.add_function(plugin_name, function)`` puts a module-level function in
a plugin. The model sees ``plugin-function`` (``KernelFunctionMetadata.fully_qualified_name``,
separator ``-``).
"""

from __future__ import annotations

import re
from typing import Any, Final

from toolgen.errors import Diagnostics, SourceSpan
from toolgen.frameworks.classes import _with_bases
from toolgen.frameworks.owners import class_lineage
from toolgen.ir import JsonSchema
from toolgen.scan.evaluate import Evaluator
from toolgen.scan.model import Call, ClassDef, Lit, ModuleScan, Name, Or, Parameter, Sub, TExpr
from toolgen.scan.resolve import LocalClass, LocalFunction, Resolver
from toolgen.scan.schema import SchemaMapper, parse_annotation

_PLUGIN_NAME: Final = re.compile(r"^[0-9A-Za-z_]+$")
"""``PLUGIN_NAME_REGEX`` (semantic_kernel/utils/validation.py)."""
SEPARATOR: Final = "-"
"""``DEFAULT_FULLY_QUALIFIED_NAME_SEPARATOR`` (semantic_kernel/const.py)."""
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


def plugin_names(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    diags: Diagnostics | None,
    modules: frozenset[str] | None,
) -> dict[str, list[tuple[str, SourceSpan]]]:
    """Each plugin class's names, by its qualified name, from every ``add_plugin`` call read:
    the ``plugin_name`` given, else the class's name. What cannot be read is a warning (in the
    module being built) saying what toolgen uses instead."""
    found: dict[str, list[tuple[str, SourceSpan]]] = {}
    for scan in scans:
        speak = diags is not None and (modules is None or scan.module in modules)
        for registration in scan.registrations:
            call = registration.call
            # add_plugin(plugin, plugin_name), from_object(plugin_name, plugin_instance),
            # add_function(plugin_name, function)
            places = _PLACES[registration.method]
            plugin, named = (
                (
                    call.args[i]
                    if len(call.args) > i
                    else next((v for k, v in call.kwargs if k == key), None)
                )
                for i, key in places
            )
            if registration.method == "add_function":
                _function_plugin(
                    found, resolver, mapper, scan.module, plugin, named, registration.span
                )
                continue
            cls = _plugin_class(resolver, mapper, scan.module, plugin)
            if cls is None:
                made = plugin.func if isinstance(plugin, Call) else None
                if isinstance(made, Name) and made.dotted.endswith(".from_object"):
                    continue  # KernelPlugin.from_object(...): read as its own registration
                if speak and diags is not None and plugin is not None:
                    diags.warning(
                        "semantic-kernel: add_plugin's plugin is not an instance of a class "
                        "toolgen reads (ClassName(...), a module-level name bound to one, or a "
                        "call of a function annotated to return one); "
                        "its functions keep their class's name as the plugin name",
                        registration.span,
                        "runtime-tool",
                    )
                continue
            name = class_plugin_name(resolver, cls)
            unnamed = named is None or (isinstance(named, Lit) and named.value is None)
            if unnamed and speak and diags is not None:
                _warn_init_name(resolver, cls, name, diags)
            if not unnamed and named is not None:
                folded = mapper.evaluator.fold(named, scan.module)
                if folded.ok and isinstance(folded.value, str) and folded.value:
                    name = folded.value
                    if not _PLUGIN_NAME.match(name) and speak and diags is not None:
                        diags.error(
                            f"semantic-kernel: plugin name '{name}' is refused by Semantic "
                            "Kernel (letters, digits and '_' only: add_plugin raises)",
                            registration.span,
                            "bad-name",
                        )
                elif speak and diags is not None:
                    diags.warning(
                        f"semantic-kernel: the plugin_name of '{cls.name}' cannot be known "
                        f"statically; toolgen uses the name '{name}'",
                        registration.span,
                        "runtime-tool",
                    )
            names = found.setdefault(cls.qualname, [])
            if all(n != name for n, _ in names):
                names.append((name, registration.span))
    return found


_PLACES: Final = {
    "add_plugin": ((0, "plugin"), (1, "plugin_name")),
    "from_object": ((1, "plugin_instance"), (0, "plugin_name")),
    "add_function": ((1, "function"), (0, "plugin_name")),
}
"""Where each registering call takes the plugin (or function) and its name."""


def _function_plugin(
    found: dict[str, list[tuple[str, SourceSpan]]],
    resolver: Resolver,
    mapper: SchemaMapper,
    module: str,
    function: TExpr | None,
    named: TExpr | None,
    span: SourceSpan,
) -> None:
    """``kernel.add_function("math", add)``: a module-level kernel function's plugin name,
    keyed by the function's qualified name (a name that does not fold is not taken)."""
    if not isinstance(function, Name) or named is None:
        return
    target = resolver.resolve(module, function.dotted)
    folded = mapper.evaluator.fold(named, module)
    if isinstance(target, LocalFunction) and folded.ok and isinstance(folded.value, str):
        key = f"{resolver.module_name(target.module)}.{target.function.name}"
        names = found.setdefault(key, [])
        if all(n != folded.value for n, _ in names):
            names.append((folded.value, span))


def _warn_init_name(resolver: Resolver, cls: ClassDef, name: str, diags: Diagnostics) -> None:
    """A plugin added without ``plugin_name`` whose ``__init__`` (or a scanned base's) assigns
    ``self.name``: its plugin name is the constructor's to decide."""

    for current in _with_bases(resolver, cls):
        for attr, span in current.set_in_init:
            if attr == "name":
                diags.warning(
                    f"semantic-kernel: plugin '{cls.name}': {current.name}.__init__ sets "
                    "self.name, which add_plugin takes for the plugin name and toolgen cannot "
                    f"know statically; toolgen uses '{name}'",
                    span,
                    "runtime-tool",
                )
                return


def class_plugin_name(resolver: Resolver, cls: ClassDef) -> str:
    """The name ``add_plugin`` gives a plugin without ``plugin_name``: the instance's ``name``
    attribute (a class attribute, own or a scanned base's, that folds to a string), else the
    class's name (``getattr(plugin, "name", plugin.__class__.__name__)``)."""

    for current in _with_bases(resolver, cls):
        written = dict(current.members)
        written.update({f.name: f.default for f in current.fields if f.default is not None})
        if "name" in written:
            folded = Evaluator(resolver).fold(written["name"], current.module)
            return folded.value if folded.ok and isinstance(folded.value, str) else cls.name
    return cls.name


def _plugin_class(
    resolver: Resolver, mapper: SchemaMapper, module: str, plugin: TExpr | None
) -> ClassDef | None:
    """The class ``WeatherPlugin(...)`` (or a module-level name bound to it) instantiates, or
    that a factory's return annotation names (``make_plugin() -> WeatherPlugin``)."""
    if plugin is None:
        return None
    expr, where = mapper.evaluator.deref(plugin, module)
    if isinstance(expr, Call) and isinstance(expr.func, Name):
        found = resolver.resolve(where, expr.func.dotted)
        if isinstance(found, LocalFunction) and isinstance(found.function.returns, Name):
            found = resolver.resolve(found.module, found.function.returns.dotted)
        if isinstance(found, LocalClass):
            return found.cls
    return None


__all__ = ["SEPARATOR", "class_plugin_name", "parameter", "plugin_names"]
