"""Scanned modules + docstrings → a sorted ``ToolSet`` of IR tools, with every diagnostic."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final, cast

from toolgen import docstrings
from toolgen.config import Target
from toolgen.errors import Diagnostics, SourceSpan
from toolgen.ir import JsonSchema, ToolDef, ToolSet
from toolgen.scan.model import Call, Function, Lit, ModuleScan, Name, Parameter, TExpr
from toolgen.scan.resolve import LocalAlias, Resolver
from toolgen.scan.schema import _MISSING, Context, Meta, SchemaMapper, Unresolvable, rewrite_refs

TOOL_DECORATOR: Final = "toolgen.tool"
_ANY_PROVIDER_NAME: Final = re.compile(r"^[A-Za-z0-9_.:-]+$")
_PORTABLE_NAME: Final = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]{0,63}$")
_NAME_KEYWORDS: Final = {"name", "name_override"}
_DESCRIPTION_KEYWORDS: Final = {"description", "description_override"}


@dataclass(frozen=True, slots=True)
class _Candidate:
    function: Function
    module: ModuleScan
    decorator: TExpr | None
    decorator_span: SourceSpan
    implementation_doc: str | None
    is_toolgen: bool = True


def _decorator_names(target: Target) -> frozenset[str]:
    return frozenset({TOOL_DECORATOR, *target.decorators})


def decorator_qualnames(resolver: Resolver, module: str, deco: TExpr) -> set[str]:
    """What a decorator can be called: its qualified name, an instance method's class path, its spelling.

    ``@mcp.tool()`` with ``mcp = FastMCP("server")`` is ``mcp.server.fastmcp.FastMCP.tool``
    (through the instance's class) and ``mcp.tool`` (as written).
    """
    func = deco.func if isinstance(deco, Call) else deco
    if not isinstance(func, Name):
        return set()
    names = {func.dotted}
    qual = resolver.qualname_of(module, func.dotted)
    if qual is not None:
        names.add(qual)
    head, _, rest = func.dotted.partition(".")
    if rest:
        found = resolver.resolve(module, head)
        if (
            isinstance(found, LocalAlias)
            and isinstance(found.alias.value, Call)
            and isinstance(found.alias.value.func, Name)
        ):
            cls = resolver.qualname_of(found.module, found.alias.value.func.dotted)
            if cls is not None:
                names.add(f"{cls}.{rest}")
    return names


def select_tools(
    scans: list[ModuleScan],
    resolver: Resolver,
    target: Target,
    modules: frozenset[str] | None = None,
) -> list[_Candidate]:
    """The functions that are tools (in ``modules``, if given), stubs deciding over implementations."""
    wanted = _decorator_names(target)
    stubbed = {s.module for s in scans if s.is_stub}
    impl_docs = {
        (s.module, f.name): f.docstring for s in scans if not s.is_stub for f in s.functions
    }
    out: list[_Candidate] = []
    for scan in scans:
        if scan.module in stubbed and not scan.is_stub:
            continue
        if modules is not None and scan.module not in modules:
            continue
        for function in scan.functions:
            decorator, span = None, function.span
            is_toolgen = False
            for deco, deco_span in zip(function.decorators, function.decorator_spans):
                names = decorator_qualnames(resolver, scan.module, deco)
                if names & wanted:
                    decorator, span, is_toolgen = deco, deco_span, TOOL_DECORATOR in names
                    break
            if decorator is None and not (
                target.select == "public" and not function.name.startswith("_")
            ):
                continue
            out.append(
                _Candidate(
                    function,
                    scan,
                    decorator,
                    span,
                    impl_docs.get((scan.module, function.name)),
                    is_toolgen,
                )
            )
    return out


def build_tools(
    scans: list[ModuleScan],
    target: Target,
    diags: Diagnostics,
    modules: frozenset[str] | None = None,
    resolver: Resolver | None = None,
) -> list[ToolDef]:
    """The IR tools defined in ``modules`` (all scanned modules when ``None``), sorted by name.

    ``scans`` must hold every module those tools' names resolve through; the result depends
    on nothing else, which is what lets a module's tools be cached on their own.
    """
    resolver = resolver or Resolver(scans)
    mapper = SchemaMapper(resolver, diags)
    tools: list[ToolDef] = []
    _warn_decorated_methods(scans, resolver, target, diags, modules)
    for candidate in select_tools(scans, resolver, target, modules):
        tool = _tool(candidate, mapper, resolver, target, diags)
        if tool is not None:
            tools.append(tool)
    tools.sort(key=lambda t: (t.name, t.span))
    return tools


def _warn_decorated_methods(
    scans: list[ModuleScan],
    resolver: Resolver,
    target: Target,
    diags: Diagnostics,
    modules: frozenset[str] | None,
) -> None:
    """A tool decorator on a method is most likely a mistake: say that only functions are read."""
    wanted = _decorator_names(target)
    for scan in scans:
        if modules is not None and scan.module not in modules:
            continue
        for cls in scan.classes:
            for name, decorators, span in cls.methods:
                if any(decorator_qualnames(resolver, scan.module, d) & wanted for d in decorators):
                    diags.warning(
                        f"method '{cls.name}.{name}' is marked as a tool, but toolgen reads "
                        "module-level functions only; it is left out",
                        span,
                        "method",
                    )


def check_duplicates(tools: list[tuple[str, SourceSpan]], diags: Diagnostics) -> None:
    """Two tools with one name: an error at the second, naming the first."""
    if len({name for name, _ in tools}) == len(tools):
        return
    first: dict[str, SourceSpan] = {}
    # Plain tuples sort like SourceSpan (path, line, col), and much faster than dataclasses.
    for name, span in sorted(tools, key=lambda t: (t[0], t[1].path, t[1].line, t[1].col)):
        if name in first:
            diags.error(
                f"duplicate tool name '{name}': also defined at {first[name]}",
                span,
                "duplicate-name",
            )
        else:
            first[name] = span


def build_toolset(scans: list[ModuleScan], target: Target, diags: Diagnostics) -> ToolSet:
    """Every tool of the target as IR, sorted by name; problems (and duplicates) go to ``diags``."""
    for scan in scans:
        diags.extend(scan.diagnostics)
    tools = build_tools(scans, target, diags)
    check_duplicates([(t.name, t.span) for t in tools], diags)
    return ToolSet(tuple(tools), tuple(sorted({s.path for s in scans})))


def _decorator_arguments(c: _Candidate, diags: Diagnostics) -> tuple[str | None, str | None, bool]:
    """``name`` and ``description`` of a called decorator; False when an argument is bad.

    toolgen's own ``@tool(...)`` is checked strictly. Other frameworks' decorators keep their
    own keywords (ignored here) but give a name or description toolgen must read:
    ``name``/``name_override``, ``description``/``description_override``, or a leading string
    (``@tool("name")`` in LangChain).
    """
    deco = c.decorator
    if not isinstance(deco, Call):
        return None, None, True
    name = description = None
    ok = True
    word = "@tool" if c.is_toolgen else "the decorator"
    for index, value in enumerate(deco.args):
        if (
            not c.is_toolgen
            and index == 0
            and isinstance(value, Lit)
            and isinstance(value.value, str)
        ):
            name = value.value
        elif c.is_toolgen:
            diags.error(
                "@tool() takes keyword arguments only (name=..., description=...)",
                c.decorator_span,
                "bad-decorator",
            )
            ok = False
        elif index == 0:
            diags.error(
                f"{word}'s tool name must be a string literal: toolgen reads it without "
                "running your code",
                c.decorator_span,
                "bad-decorator",
            )
            ok = False
    for key, value in deco.kwargs:
        if key in _NAME_KEYWORDS | _DESCRIPTION_KEYWORDS:
            if not (isinstance(value, Lit) and isinstance(value.value, str)):
                if isinstance(value, Lit) and value.value is None and not c.is_toolgen:
                    continue
                diags.error(
                    f"{word}({key}=...) must be a string literal: toolgen reads it without "
                    "running your code",
                    c.decorator_span,
                    "bad-decorator",
                )
                ok = False
            elif key in _NAME_KEYWORDS:
                name = value.value
            else:
                description = value.value
        elif c.is_toolgen:
            diags.error(
                f"@tool() got an unknown keyword '{key}'; expected name or description",
                c.decorator_span,
                "bad-decorator",
            )
            ok = False
    return name, description, ok


def _tool(
    c: _Candidate, mapper: SchemaMapper, resolver: Resolver, target: Target, diags: Diagnostics
) -> ToolDef | None:
    function, module = c.function, c.module.module
    name_override, description_override, ok = _decorator_arguments(c, diags)
    name = name_override if name_override is not None else function.name
    if not _ANY_PROVIDER_NAME.match(name):
        diags.error(
            f"tool name '{name}' is not valid for any provider (letters, digits, '_' and "
            "'-' only)",
            c.decorator_span,
            "bad-name",
        )
        ok = False
    elif not _PORTABLE_NAME.match(name):
        diags.warning(
            f"tool name '{name}' is not portable (^[a-zA-Z][a-zA-Z0-9_]{{0,63}}$); "
            "providers will see a rewritten name",
            c.decorator_span,
            "name-not-portable",
        )
    doc = docstrings.parse(function.docstring or c.implementation_doc)
    description = description_override
    if description is None:
        description = doc.summary
        if target.long_description and doc.long_description:
            description = (
                f"{description}\n\n{doc.long_description}" if description else doc.long_description
            )
    properties: dict[str, JsonSchema] = {}
    required: list[str] = []
    seen_params: set[str] = set()
    for index, param in enumerate(function.params):
        if index == 0 and param.name in ("self", "cls") and param.annotation is None:
            continue
        if param.kind in ("varargs", "varkw"):
            if not target.skip_varargs:
                star = "*" if param.kind == "varargs" else "**"
                diags.error(
                    f"tool '{name}': {star}{param.name} cannot be described as a tool "
                    "parameter (set skip_varargs = true to leave it out)",
                    param.span,
                    "varargs",
                )
                ok = False
            continue
        if (
            param.annotation is not None
            and target.injected_types
            and mapper.qualname(param.annotation, module) in target.injected_types
        ):
            continue
        seen_params.add(param.name)
        schema, is_required = _parameter(param, mapper, module, name, doc, diags)
        properties[param.name] = schema
        if is_required:
            required.append(param.name)
    for documented, pdoc in doc.params.items():
        if documented not in seen_params and documented not in ("args", "kwargs", "self", "cls"):
            where = function.span
            if function.docstring_line:
                where = SourceSpan(
                    function.span.path, function.docstring_line + pdoc.line, function.span.col + 4
                )
            diags.warning(
                f"tool '{name}': docstring documents '{documented}', which is not a " "parameter",
                where,
                "unknown-doc-param",
            )
    if target.warn_undocumented:
        for pname, schema in properties.items():
            if "description" not in schema:
                param_span = next(
                    (p.span for p in function.params if p.name == pname), function.span
                )
                diags.warning(
                    f"tool '{name}': parameter '{pname}' is not documented",
                    param_span,
                    "undocumented",
                )
    if not ok:
        return None
    parameters: JsonSchema = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    defs, keys = mapper.defs_for(parameters)
    if defs:
        parameters["$defs"] = defs
    parameters = rewrite_refs(parameters, keys.__getitem__)
    return ToolDef(
        name=name,
        description=description or "",
        parameters=parameters,
        span=function.span,
        qualname=f"{module}.{function.name}",
        output_schema=_output_schema(function, mapper, module),
    )


def _parameter(
    param: Parameter,
    mapper: SchemaMapper,
    module: str,
    tool: str,
    doc: docstrings.Docstring,
    diags: Diagnostics,
) -> tuple[JsonSchema, bool]:
    ctx = Context(module, param.span, f"tool '{tool}', parameter '{param.name}'")
    if param.annotation is None:
        schema: JsonSchema = {}
        meta = Meta()
    else:
        schema, meta = mapper.schema(param.annotation, ctx)
    default: Any = _MISSING
    has_default = False
    if param.default is not None:
        deco = param.default
        if (
            isinstance(deco, Call)
            and isinstance(deco.func, Name)
            and mapper.qualname(deco.func, module) == "pydantic.Field"
        ):
            field_meta = Meta()
            mapper.field_call(deco, module, field_meta)
            from toolgen.scan.schema import _apply_keywords

            schema = _apply_keywords(schema, field_meta.keywords)
            meta.description = field_meta.description or meta.description
            has_default, default = field_meta.has_default, field_meta.default
        else:
            has_default, default = True, mapper.literal(param.default, module)
    elif meta.has_default:
        has_default, default = True, meta.default
    nullable = _is_nullable(schema)
    if nullable:
        schema = _strip_null(schema)
        if default is None:
            default = _MISSING
    description = meta.description
    if description is None and param.name in doc.params and doc.params[param.name].description:
        description = doc.params[param.name].description
    if description is not None:
        schema = {**schema, "description": description}
    if default is not _MISSING:
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


def _output_schema(function: Function, mapper: SchemaMapper, module: str) -> JsonSchema | None:
    if function.returns is None:
        return None
    ctx = Context(module, function.span, "return type", quiet=True)
    try:
        schema, _ = mapper.schema(function.returns, ctx)
    except Unresolvable:
        return None
    if schema == {"type": "null"} or schema == {}:
        return None
    defs, keys = mapper.defs_for(schema)
    if defs:
        schema = {**schema, "$defs": defs}
    return cast(JsonSchema, rewrite_refs(schema, keys.__getitem__))
