"""Scanned modules + docstrings → sorted IR tools (``ToolDef``), with every diagnostic."""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Final

from toolgen import docstrings
from toolgen.config import Target
from toolgen.errors import Diagnostics, SourceSpan
from toolgen.frameworks import active, describe, llama_index
from toolgen.frameworks.agno import toolkit_tools
from toolgen.frameworks.crewai import wire_description, wire_name
from toolgen.frameworks.semantic_kernel import parameter as kernel_parameter
from toolgen.ir import MAX_NESTING, SCHEMA_NESTING, JsonSchema, Owner, ToolDef, nesting
from toolgen.returns import output_schema
from toolgen.scan.annotations import check_examples, read_annotations, read_examples
from toolgen.scan.model import Call, Function, Lit, ModuleScan, Name, Parameter
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import (
    MISSING,
    Context,
    Meta,
    SchemaMapper,
    apply_keywords,
    rewrite_refs,
)
from toolgen.scan.surrogates import lone_surrogate
from toolgen.select import (
    TOOL_DECORATOR,
    Candidate,
    decorator_qualnames,
    injected_by,
    select_tools,
    wanted_owner,
    warn_decorated_methods,
)

__all__ = [
    "TOOL_DECORATOR",
    "build_tools",
    "check_duplicates",
    "decorator_qualnames",
    "select_tools",
]

_ANY_PROVIDER_NAME: Final = re.compile(r"^[A-Za-z0-9_.:-]+$")
_PORTABLE_NAME: Final = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]{0,63}$")
_DASHED_NAME: Final = re.compile(r"^[a-zA-Z][a-zA-Z0-9_-]{0,63}$")
"""Portable but for '-': every provider's current rule accepts it, none rewrites it."""
_DESCRIBED: Final = {
    "summary": "the docstring's summary",
    "intro": "the docstring's text before its first section",
    "whole": "the whole docstring",
    "none": "none (the framework is told not to read the docstring)",
    "without_params": "the whole docstring but its parameter section",
    "until_args": "the docstring up to its Args:, Returns: or Raises: line",
    "signature": "the tool's name and the function's signature as Python prints it, then the "
    "whole docstring",
}


def build_tools(
    scans: list[ModuleScan],
    target: Target,
    diags: Diagnostics,
    modules: frozenset[str] | None = None,
    resolver: Resolver | None = None,
    notes: list[tuple[str, str]] | None = None,
) -> list[ToolDef]:
    """The IR tools defined in ``modules`` (all scanned modules when ``None``), sorted by name.

    ``scans`` must hold every module those tools' names resolve through; the result depends
    on nothing else, which is what lets a module's tools be cached on their own. ``notes``, when
    given, receives (tool, decision) pairs: which rule made each tool and hid each parameter.
    """
    resolver = resolver or Resolver(scans)
    mapper = SchemaMapper(resolver, diags)
    tools: list[ToolDef] = []
    warn_decorated_methods(scans, resolver, target, diags, modules)
    for candidate in select_tools(scans, resolver, target, modules, diags):
        tool = _tool(candidate, mapper, target, diags, notes)
        if tool is not None:
            tools.append(tool)
    tools.extend(_class_tools(scans, resolver, mapper, target, diags, modules, notes))
    if "agno" in {f.name for f in active(target.frameworks)}:
        tools.extend(_toolkit_tools(scans, resolver, mapper, target, diags, modules, notes))
    tools.sort(key=lambda t: (t.name, t.span))
    return tools


def _class_tools(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    target: Target,
    diags: Diagnostics,
    modules: frozenset[str] | None,
    notes: list[tuple[str, str]] | None,
) -> list[ToolDef]:
    """Tools written as classes (:mod:`toolgen.frameworks.classes`); one whose parameters are a
    method's signature is read as that framework's decorator reads a function, with the class's
    name and description as the decorator's arguments."""
    from toolgen.frameworks.classes import MethodTool, class_tools, listed_class_tools
    from toolgen.frameworks.presets import PRESETS

    presets = active(target.frameworks)
    names = tuple(f.name for f in presets)
    out: list[ToolDef] = []
    found_tools = class_tools(scans, resolver, mapper, diags, modules, names)
    if "llama-index" in names:
        found_tools.extend(llama_index.spec_tools(scans, resolver, mapper, diags, modules))
    # A class read again as an owner's (an agent's list holds it) has said what it had to say.
    listed = listed_class_tools(scans, resolver, mapper, modules, presets)
    for found, said in [*((f, diags) for f in found_tools), *((f, Diagnostics()) for f in listed)]:
        if not wanted_owner(target, found.owner):
            continue
        if not isinstance(found, MethodTool):
            out.append(found)
            continue
        framework = PRESETS[found.framework]
        rule = framework.decorators.get(found.reads_as) or framework.calls[found.reads_as].rule
        # The class's name and description are given as the decorator's keywords, whatever
        # keywords the framework's own decorator takes (CrewAI's ``@tool`` takes neither).
        rule = dataclasses.replace(
            rule,
            name_keywords=frozenset({"name"}),
            description_keywords=frozenset({"description"}),
            needs_docstring=False,
        )
        given = Call(
            Name("tool"),
            (),
            (("name", Lit(found.name)),)
            + ((("description", Lit(found.description)),) if found.description is not None else ()),
        )
        scan = resolver.symbols[found.cls.module].scan
        holder = found.holder or found.cls  # the instance's class names an inherited method
        candidate = Candidate(
            found.method,
            scan,
            given,
            found.method.span,
            None,
            rule,
            (framework,),
            found.owner,
            holder.name,
            class_module=resolver.module_name(holder.module),
        )
        tool = _tool(candidate, mapper, target, said, notes)
        if tool is not None:
            out.append(tool)
    return out


def _toolkit_tools(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    target: Target,
    diags: Diagnostics,
    modules: frozenset[str] | None,
    notes: list[tuple[str, str]] | None,
) -> list[ToolDef]:
    """The methods agno ``Toolkit`` subclasses register (:mod:`toolgen.frameworks.agno`), each
    read as agno reads it, with its ``@tool(...)`` keywords if decorated, owned by its toolkit."""
    from toolgen.frameworks.presets import PRESETS

    framework = PRESETS["agno"]
    out: list[ToolDef] = []
    for found in toolkit_tools(scans, resolver, mapper, diags, modules):
        if not wanted_owner(target, found.owner):
            continue
        function, scan = found.function, found.module
        decorator = next(
            (
                d
                for d in function.decorators
                if decorator_qualnames(resolver, scan.module, d) & set(framework.decorators)
            ),
            None,
        )
        if found.alias is not None:  # ``register(fn, name=...)`` wins over ``@tool(name=...)``
            kept = decorator.kwargs if isinstance(decorator, Call) else ()
            named = (("name", Lit(found.alias)), *((k, v) for k, v in kept if k != "name"))
            decorator = Call(Name("tool"), (), named)
        candidate = Candidate(
            function,
            scan,
            decorator,
            function.span,
            None,
            framework.decorators["agno.tools.tool"],
            (framework,),
            found.owner,
            # A method is named by the toolkit the user instantiates, not the base defining it.
            found.toolkit.name if found.method_of is not None else None,
            class_module=(
                resolver.module_name(found.toolkit.module) if found.method_of is not None else None
            ),
        )
        tool = _tool(candidate, mapper, target, diags, notes)
        if tool is not None:
            out.append(tool)
    return out


def check_duplicates(tools: list[tuple[str, SourceSpan, Owner | None]], diags: Diagnostics) -> None:
    """Two tools with one name and one owner: an error at the second, naming the first.

    Names are unique per owner (two servers each serve their own ``search``), not per target.
    """
    keyed = [(name, owner, span) for name, span, owner in tools]
    if len({(name, owner) for name, owner, _ in keyed}) == len(keyed):
        return
    first: dict[tuple[str, Owner | None], SourceSpan] = {}
    # Plain tuples sort like SourceSpan (path, line, col), and much faster than dataclasses.
    for name, owner, span in sorted(keyed, key=lambda t: (t[0], t[2].path, t[2].line, t[2].col)):
        if (name, owner) in first:
            whose = f" of {owner.kind} '{owner.id}'" if owner is not None else ""
            diags.error(
                f"duplicate tool name '{name}'{whose}: also defined at {first[name, owner]}"
                " (rename one with @tool(name=...))",
                span,
                "duplicate-name",
            )
        else:
            first[name, owner] = span


@dataclass(slots=True)
class _Read:
    """What a decorator's arguments say beside the name and description."""

    title: str | None = None
    structured: bool = True
    strict: bool | None = None
    annotations: tuple[tuple[str, object], ...] = ()
    examples: tuple[dict[str, object], ...] = ()
    defer_loading: bool = False
    arg_desc: dict[str, str] = dataclasses.field(default_factory=dict)


def _decorator_arguments(
    c: Candidate, mapper: SchemaMapper, diags: Diagnostics, read: _Read | None = None
) -> tuple[str | None, str | None, bool]:
    """``name`` and ``description`` of a called decorator; False when an argument is bad.

    Values are folded statically (``name=PREFIX + "search"``, ``description=f"... {MAX}"``); one
    that does not fold is a warning, and the function's name or docstring is used instead.
    toolgen's own ``@tool(...)`` takes keywords only. Other frameworks' decorators keep their own
    keywords (ignored here); their name and description keywords, and whether a leading string is
    the name (``@tool("name")`` in LangChain), come from the framework's preset. The preset's
    title and switches (``structured_output=False``, ``strict_mode=False``) go to ``read``.
    """
    deco = c.decorator
    if not isinstance(deco, Call):
        return None, None, True
    module = c.call_module or c.module.module
    name = description = None
    ok = True
    ctx = Context(module, c.decorator_span, f"tool '{c.function.name}'")
    rules = c.rule
    for index, value in enumerate(deco.args):
        if c.is_toolgen:
            diags.error(
                "@tool() takes keyword arguments only (name=..., description=...)",
                c.decorator_span,
                "bad-decorator",
            )
            ok = False
        elif index < len(rules.positional) and rules.positional[index] == "title":
            _read_title(value, mapper, module, ctx, read)
        elif index < len(rules.positional) and rules.positional[index] in ("name", "description"):
            role = rules.positional[index]
            instead = "the function's name is used" if role == "name" else "the docstring is used"
            if isinstance(value, Lit) and value.value is None:
                continue
            folded = mapper.value(value, module, ctx, f"the decorator's {role}", instead)
            if isinstance(folded, str) and role == "name":
                name = folded
            elif isinstance(folded, str):
                description = folded
    for key, value in deco.kwargs:
        if key in rules.name_keywords or key in rules.description_keywords:
            if isinstance(value, Lit) and value.value is None:
                continue
            is_name = key in rules.name_keywords
            what = "the function's name is used" if is_name else "the docstring is used"
            folded = mapper.value(value, module, ctx, f"the decorator's {key}=", what)
            if folded is MISSING:
                continue
            if not isinstance(folded, str):
                diags.error(
                    f"the decorator's {key}= must be a string, got {type(folded).__name__}",
                    c.decorator_span,
                    "bad-decorator",
                )
                ok = False
            elif is_name:
                name = folded
            else:
                description = folded
        elif key in rules.title_keywords:
            _read_title(value, mapper, module, ctx, read)
        elif key == rules.annotations_keyword:
            found = read_annotations(value, mapper, module, ctx)
            if found is None:
                ok = False
            elif read is not None:
                read.annotations = found
        elif key == rules.defer_keyword:
            switch = mapper.value(
                value, module, ctx, f"the decorator's {key}=", "it is not deferred"
            )
            if switch is not MISSING and not isinstance(switch, bool):
                diags.error(
                    f"the decorator's {key}= must be True or False, got {switch!r}",
                    c.decorator_span,
                    "bad-decorator",
                )
                ok = False
            elif read is not None:
                read.defer_loading = switch is True
        elif key == rules.examples_keyword:
            calls = read_examples(value, mapper, module, ctx)
            if calls is None:
                ok = False
            elif read is not None:
                read.examples = calls
        elif key == rules.arg_desc_keyword and read is not None:
            given = mapper.value(value, module, ctx, f"the {key}=", "no descriptions are taken")
            if isinstance(given, dict):
                read.arg_desc = {k: v for k, v in given.items() if isinstance(v, str)}
        elif key in (rules.structured_keyword, rules.strict_keyword) and read is not None:
            what = f"the decorator's {key}="
            switch = mapper.value(value, module, ctx, what, f"{key}=True is assumed")
            if switch is False and key == rules.structured_keyword:
                read.structured = False
            elif switch is False:
                read.strict = False
        elif key in rules.unread_keywords:
            diags.warning(
                f"{rules.framework}: tool '{c.function.name}': {key}= replaces what the "
                "framework reads from the function, which toolgen does not follow; toolgen "
                "emits what it reads from the function's signature and docstring",
                c.decorator_span,
                "runtime-tool",
            )
        elif c.is_toolgen:
            diags.error(
                f"@tool() got an unknown keyword '{key}'; expected name, description, "
                "annotations, examples or defer_loading",
                c.decorator_span,
                "bad-decorator",
            )
            ok = False
    return name, description, ok


def _read_title(
    value: Any, mapper: SchemaMapper, module: str, ctx: Context, read: _Read | None
) -> None:
    if read is None or (isinstance(value, Lit) and value.value is None):
        return
    folded = mapper.value(value, module, ctx, "the decorator's title", "no title is emitted")
    if isinstance(folded, str):
        read.title = folded


def _tool(
    c: Candidate,
    mapper: SchemaMapper,
    target: Target,
    diags: Diagnostics,
    notes: list[tuple[str, str]] | None = None,
) -> ToolDef | None:
    function, module = c.function, c.module.module
    read = _Read()
    name_override, description_override, ok = _decorator_arguments(c, mapper, diags, read)
    name = c.prefix + (name_override if name_override is not None else function.name)
    name = wire_name(c.rule.wire, name)  # what the framework sends (CrewAI sanitises it)
    if not _ANY_PROVIDER_NAME.match(name):
        diags.error(
            f"tool name '{name}' is not valid for any provider (letters, digits, '_', '-', '.' "
            "and ':' only); rename it with @tool(name=...)",
            c.decorator_span,
            "bad-name",
        )
        ok = False
    elif not _PORTABLE_NAME.match(name) and not (c.prefix and _DASHED_NAME.match(name)):
        # (Semantic Kernel's ``plugin-function`` is what it sends: not the user's to rename.)
        then = (
            "every provider accepts '-' today, as is, but Bedrock's older rule "
            "(^[a-zA-Z][a-zA-Z0-9_]*$) did not: '_' is safe everywhere"
            if _DASHED_NAME.match(name)
            else "providers will see a rewritten name"
        )
        diags.warning(
            f"tool name '{name}' is not portable (^[a-zA-Z][a-zA-Z0-9_]{{0,63}}$); {then}",
            c.decorator_span,
            "name-not-portable",
        )
    raw_doc = function.docstring or c.implementation_doc
    if raw_doc is None and c.rule.needs_docstring:
        diags.warning(
            f"{c.rule.framework}: tool '{name}': its decorator raises an error for a function "
            "without a docstring; give it one",
            c.decorator_span,
            "no-docstring",
        )
    doc = docstrings.parse(raw_doc)
    if not all(key.isascii() for key in doc.params):  # named as written; a parameter, as bound
        bound = {unicodedata.normalize("NFKC", key): value for key, value in doc.params.items()}
        doc = dataclasses.replace(doc, params=bound)
    rule = c.docstring_rule()
    if rule.param_style == "llama-index":
        doc = llama_index.documented(doc, raw_doc, function)
    description = describe.description(
        rule, raw_doc, doc, function.name, description_override, target.long_description
    )
    description = wire_description(c.rule.wire, description)
    if not rule.params:
        doc = docstrings.Docstring(doc.summary, doc.long_description, {}, doc.style)
    elif rule.typed_params:
        doc = dataclasses.replace(doc, params=docstrings.typed(doc.params))
    if notes is not None:
        how = "select = public"
        if c.decorator is not None:
            how = "its decorator" if c.decorator in c.function.decorators else "a call"
        elif c.owner is not None:
            how = "a tools list"
        source = (
            "the decorator" if description_override is not None else _DESCRIBED[rule.description]
        )
        words = {"field": "Field/Param", "text": "Annotated text", "docstring": "the docstring"}
        params = ", then ".join(
            words[k] for k in rule.precedence if rule.params or k != "docstring"
        )
        notes.append(
            (
                name,
                f"read by the rules of {c.rule.framework} ({how}); description: {source}; "
                f"parameter descriptions: {params}",
            )
        )
        if c.prefix:
            origin = (
                f"from the call at {c.named_at}"
                if c.named_at
                else "(no call toolgen sees names it)"
            )
            notes.append((name, f"plugin name '{c.prefix[:-1]}' {origin}"))
    if c.rule.one_string is not None:  # LangChain's ``Tool``: one string, whatever the signature
        key = c.rule.one_string
        one: JsonSchema = {"type": "object", "properties": {key: {"type": "string"}}}
        one["required"] = [key]
        qualname = f"{module}.{function.name}"
        function_path = f"{module}:{function.name}"
        made = ToolDef(
            name,
            description,
            one,
            function.span,
            qualname,
            function=function_path,
            by_position=(key,),
        )
        return dataclasses.replace(made, owner=c.owner) if ok else None
    properties: dict[str, JsonSchema] = {}
    required: list[str] = []
    seen_params: set[str] = set()
    left_out: set[str] = set()
    for index, param in enumerate(function.params):
        if index == 0 and param.name in ("self", "cls") and param.annotation is None:
            why = injected_by(c, index, param, mapper, target)
            if why is None and c.method_of is not None:
                why = f"the method of '{c.method_of}' is called bound"
            elif why is None:
                why = f"an unannotated first '{param.name}' is taken for a method's"
                diags.warning(
                    f"tool '{name}': parameter '{param.name}' is left out of the schema: {why}, "
                    f"but '{function.name}' is a module-level function, so a dispatcher's "
                    f"{function.name}(**arguments) will not pass it (annotate it to keep it)",
                    param.span,
                    "self-left-out",
                )
            if notes is not None:
                notes.append((name, f"parameter '{param.name}' is left out: {why}"))
            left_out.add(param.name)
            continue
        if param.kind in ("varargs", "varkw"):
            if not target.skip_varargs and not c.rule.skips_varargs:
                star = "*" if param.kind == "varargs" else "**"
                diags.error(
                    f"tool '{name}': {star}{param.name} cannot be described as a tool "
                    "parameter (set skip_varargs = true to leave it out)",
                    param.span,
                    "varargs",
                )
                ok = False
            continue
        why = injected_by(c, index, param, mapper, target)
        if why is not None:
            if notes is not None:
                notes.append((name, f"parameter '{param.name}' is left out: {why}"))
            left_out.add(param.name)
            continue
        seen_params.add(param.name)
        if c.rule.annotated is not None and param.annotation is None:
            diags.warning(
                f"tool '{name}': parameter '{param.name}' has no annotation, which "
                f"{c.rule.framework} refuses ({c.rule.annotated}); toolgen describes it as any "
                "value",
                param.span,
                "unannotated",
            )
        # toolgen's own tools, and most frameworks, call ``f(**arguments)``.
        if param.kind == "positional_only" and not c.rule.passes_positional_only:
            diags.error(
                f"tool '{name}': parameter '{param.name}' is positional-only (before '/'), but "
                f"a tool is called with keyword arguments ({function.name}(**arguments)), "
                "which cannot pass it; remove the '/'",
                param.span,
                "positional-only",
            )
            ok = False
            continue
        if c.rule.schema_rules == "semantic-kernel":

            mapped = kernel_parameter(param, mapper, module)
            if mapped is None:
                if notes is not None:
                    notes.append(
                        (
                            name,
                            f"parameter '{param.name}' is left out: semantic-kernel: "
                            "include_in_function_choices is False",
                        )
                    )
                continue
            properties[param.name], is_required = mapped
            if is_required:
                required.append(param.name)
            continue
        built = _parameter(param, mapper, module, name, doc, diags, rule.precedence)
        if built is None:
            ok = False
            continue
        schema, is_required = built
        if rule.choices:
            schema = _choices(schema)
        if not c.rule.defaults:
            schema = {k: v for k, v in schema.items() if k != "default"}
        if param.name in read.arg_desc:
            schema = {**schema, "description": read.arg_desc[param.name]}
        if rule.filler and "description" not in schema:
            schema = {**schema, "description": rule.filler.format(name=param.name)}
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
    if rule.description == "signature" and description_override is None:
        description = llama_index.description(
            name, c.function, raw_doc, left_out, mapper, c.module.module, diags
        )
    parameters: JsonSchema = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    model = _single_model(c, function, properties, mapper) if c.rule.unwrap_single_model else None
    packed = next(iter(properties)) if model is not None else None
    if model is not None:  # pydantic-ai: the lone model's own schema is the tool's parameters
        parameters = dict(model)
        found = parameters.pop("description", None)
        if not description and isinstance(found, str):
            description = found
    defs, keys = mapper.defs_for(parameters)
    if defs:
        parameters["$defs"] = defs
    parameters = rewrite_refs(parameters, keys.__getitem__)
    if nesting(parameters, SCHEMA_NESTING) > SCHEMA_NESTING:
        # Every form of the tool holds the schema as a literal: none of them would import.
        diags.error(
            f"tool '{name}': its parameters' schema nests more than {SCHEMA_NESTING} levels "
            f"deep (types within types), more than a generated module can hold (Python "
            f"imports no module nested past {MAX_NESTING} brackets); flatten the types",
            function.span,
            "too-deep",
        )
        return None
    output = output_schema(function, mapper, module, c, diags) if read.structured else None
    if output is not None and nesting(output, SCHEMA_NESTING) > SCHEMA_NESTING:
        diags.warning(
            f"tool '{name}': its return type's schema nests more than {SCHEMA_NESTING} levels "
            "deep, more than a generated module can hold; no output schema is emitted",
            function.span,
            "too-deep",
        )
        output = None
    at_decorator = Context(module, c.decorator_span, f"tool '{name}'")
    home = c.class_module or module  # an inherited method is called on the subclass's instance
    if read.examples and not check_examples(read.examples, parameters, at_decorator, diags):
        return None
    return ToolDef(
        name=name,
        description=description or "",
        parameters=parameters,
        span=function.span,
        qualname=f"{home}.{c.method_of + '.' if c.method_of else ''}{function.name}",
        output_schema=output,
        # A class-defined tool's method: the runtime's Toolbox is given the instance to bind it.
        function=f"{home}:{c.method_of + '.' if c.method_of else ''}{function.name}",
        packed=packed,
        title=read.title,
        strict=read.strict,
        owner=c.owner,
        annotations=read.annotations,
        examples=read.examples,
        defer_loading=read.defer_loading,
    )


def _parameter(
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


def _single_model(
    c: Candidate, function: Function, properties: dict[str, JsonSchema], mapper: SchemaMapper
) -> JsonSchema | None:
    """The schema of the tool's one parameter when it is a model, dataclass or TypedDict written
    plainly (not ``Annotated``, not a union), else ``None``."""
    if len(properties) != 1:
        return None
    ((name, schema),) = properties.items()
    param = next((p for p in function.params if p.name == name), None)
    ref = schema.get("$ref")
    if param is None or not isinstance(param.annotation, Name) or not isinstance(ref, str):
        return None
    entry = mapper.defs.get(ref.removeprefix("#/$defs/"))
    if entry is None or entry.schema is None or entry.schema.get("type") != "object":
        return None
    return entry.schema


_CHOICES: Final = re.compile(r"\(choices:\s*", re.IGNORECASE)


def _choices_at_end(text: str) -> tuple[int, str] | None:
    """Where ``(choices: ...)`` ending ``text`` starts, and what it holds: the first
    ``(choices:`` from which the rest of its line up to the last ``)`` is the list, only
    whitespace after that ``)``. In one pass: a search from each ``(choices:`` to the end of
    its line would take time quadratic in a line of many of them."""
    end = len(text.rstrip()) - 1
    if end < 0 or text[end] != ")":
        return None
    line_break = text.rfind("\n", 0, end)
    for found in _CHOICES.finditer(text, 0, end + 1):
        if found.end() > line_break:  # the list may not cross a line
            return found.start(), text[found.end() : end]
    return None


def _choices(schema: JsonSchema) -> JsonSchema:
    """``"The unit (choices: ["m", "km"])"``: the values become ``enum``, the text loses them."""

    text = schema.get("description")
    if not isinstance(text, str):
        return schema
    found = _choices_at_end(text)
    if found is None:
        return schema
    start, listed = found
    try:
        values = json.loads(listed)
    except ValueError:
        return schema
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        return schema
    return {
        **schema,
        "enum": [v.strip() for v in values],
        "description": text[:start].strip(),
    }


def _is_nullable(schema: JsonSchema) -> bool:
    return any(b == {"type": "null"} for b in schema.get("anyOf", ()))


def _strip_null(schema: JsonSchema) -> JsonSchema:
    branches = [b for b in schema["anyOf"] if b != {"type": "null"}]
    rest = {k: v for k, v in schema.items() if k != "anyOf"}
    if len(branches) == 1:
        return {**branches[0], **rest}
    return {"anyOf": branches, **rest}
