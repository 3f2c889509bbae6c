"""Scanned modules + docstrings → sorted IR tools (``ToolDef``), with every diagnostic."""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from typing import Final

from toolgen import docstrings
from toolgen.config import Target
from toolgen.errors import Diagnostics, SourceSpan
from toolgen.frameworks import active, describe, llama_index
from toolgen.frameworks.agno_tools import toolkit_candidates
from toolgen.frameworks.arguments import Read, decorator_arguments
from toolgen.frameworks.class_candidates import class_candidates
from toolgen.frameworks.crewai import wire_description, wire_name
from toolgen.frameworks.kernel_tools import kernel_property
from toolgen.frameworks.langchain import one_string_tool
from toolgen.frameworks.notes import rule_notes
from toolgen.frameworks.pydantic_ai import single_model
from toolgen.frameworks.rules import DocstringRule
from toolgen.frameworks.smolagents_choices import choices as _choices
from toolgen.ir import MAX_NESTING, SCHEMA_NESTING, JsonSchema, ToolDef, nesting
from toolgen.parameter import parameter_schema
from toolgen.returns import output_schema
from toolgen.scan.annotations import check_examples
from toolgen.scan.model import Function, ModuleScan
from toolgen.scan.names import say_normalised
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import Context, SchemaMapper, rewrite_refs
from toolgen.select import Candidate, injected_by, select_tools, warn_decorated_methods

__all__ = ["build_tools"]

_ANY_PROVIDER_NAME: Final = re.compile(r"^[A-Za-z0-9_.:-]+$")
_PORTABLE_NAME: Final = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]{0,63}$")
_DASHED_NAME: Final = re.compile(r"^[a-zA-Z][a-zA-Z0-9_-]{0,63}$")
"""Portable but for '-': every provider's current rule accepts it, none rewrites it."""


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
    for found, said in class_candidates(scans, resolver, mapper, target, diags, modules):
        tool = _tool(found, mapper, target, said, notes) if isinstance(found, Candidate) else found
        if tool is not None:
            tools.append(tool)
    if "agno" in {f.name for f in active(target.frameworks)}:
        for candidate in toolkit_candidates(scans, resolver, mapper, target, diags, modules):
            tool = _tool(candidate, mapper, target, diags, notes)
            if tool is not None:
                tools.append(tool)
    tools.sort(key=lambda t: (t.name, t.span))
    return tools


def _tool(
    c: Candidate,
    mapper: SchemaMapper,
    target: Target,
    diags: Diagnostics,
    notes: list[tuple[str, str]] | None = None,
) -> ToolDef | None:
    """One selected function's IR tool, or ``None`` when an error (said in ``diags``) keeps it
    from being sent; ``notes`` receives which rules read it and hid which parameters."""
    function, module = c.function, c.module.module
    say_normalised("function", function, diags)
    for param in function.params:
        say_normalised("parameter", param, diags)
    read = Read()
    name_override, description_override, ok = decorator_arguments(c, mapper, diags, read)
    name = c.prefix + (name_override if name_override is not None else function.name)
    name = wire_name(c.rule.wire, name)  # what the framework sends (CrewAI sanitises it)
    ok = _name_is_sent(c, name, diags) and ok
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
        notes.extend((name, said) for said in rule_notes(c, rule, description_override))
    if c.rule.one_string is not None:  # LangChain's ``Tool``: one string, whatever the signature
        made = one_string_tool(c.rule.one_string, name, description, module, function)
        return dataclasses.replace(made, owner=c.owner) if ok else None
    params = _parameters(c, mapper, target, diags, notes, name, doc, rule, read)
    ok = params.ok and ok
    properties, required = params.properties, params.required
    _say_documentation(c, name, doc, params.seen, properties, target, diags)
    if not ok:
        return None
    if rule.description == "signature" and description_override is None:
        description = llama_index.description(
            name, c.function, raw_doc, params.left_out, mapper, c.module.module, diags
        )
    parameters: JsonSchema = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    model = single_model(c, function, properties, mapper) if c.rule.unwrap_single_model else None
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


def _name_is_sent(c: Candidate, name: str, diags: Diagnostics) -> bool:
    """Whether some provider takes the tool's name (an error if none does); a warning when one
    would rewrite it."""
    if not _ANY_PROVIDER_NAME.match(name):
        diags.error(
            f"tool name '{name}' is not valid for any provider (letters, digits, '_', '-', '.' "
            "and ':' only); rename it with @tool(name=...)",
            c.decorator_span,
            "bad-name",
        )
        return False
    if not _PORTABLE_NAME.match(name) and not (c.prefix and _DASHED_NAME.match(name)):
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
    return True


@dataclasses.dataclass(slots=True)
class _Parameters:
    """A tool's parameters as the model is sent them, and what the loop over them found."""

    properties: dict[str, JsonSchema] = dataclasses.field(default_factory=dict)
    required: list[str] = dataclasses.field(default_factory=list)
    seen: set[str] = dataclasses.field(default_factory=set)
    """The parameters the model fills (whether or not they could be described)."""
    left_out: set[str] = dataclasses.field(default_factory=set)
    """The parameters the framework fills (``self``, a context, an injected type)."""
    ok: bool = True
    """``False`` after an error: no tool is made."""


def _parameters(
    c: Candidate,
    mapper: SchemaMapper,
    target: Target,
    diags: Diagnostics,
    notes: list[tuple[str, str]] | None,
    name: str,
    doc: docstrings.Docstring,
    rule: DocstringRule,
    read: Read,
) -> _Parameters:
    """Each parameter left out (said in ``notes``), refused (an error) or described: by the
    framework's own reader (Semantic Kernel) or :func:`parameter_schema`, then the rule's
    choices, defaults, ``arg_desc`` and filler."""
    function, module = c.function, c.module.module
    out = _Parameters()
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
            out.left_out.add(param.name)
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
                out.ok = False
            continue
        why = injected_by(c, index, param, mapper, target)
        if why is not None:
            if notes is not None:
                notes.append((name, f"parameter '{param.name}' is left out: {why}"))
            out.left_out.add(param.name)
            continue
        out.seen.add(param.name)
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
            out.ok = False
            continue
        if c.rule.schema_rules == "semantic-kernel":
            mapped = kernel_property(param, mapper, module)
            if isinstance(mapped, str):
                if notes is not None:
                    notes.append((name, mapped))
                continue
            out.properties[param.name], is_required = mapped
            if is_required:
                out.required.append(param.name)
            continue
        built = parameter_schema(param, mapper, module, name, doc, diags, rule.precedence)
        if built is None:
            out.ok = False
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
        out.properties[param.name] = schema
        if is_required:
            out.required.append(param.name)
    return out


def _documented_col(function: Function, line: int, name: str) -> int:
    """The column of ``name`` where the docstring's ``line`` (of its cleaned text) writes it:
    the docstring's margin, which cleaning took off, and where the name stands in the line; the
    margin alone when the line does not write the name as a word (or is the first)."""
    lines = (function.docstring or "").splitlines()
    found = (
        re.search(rf"(?<!\w){re.escape(name)}(?!\w)", lines[line])
        if 0 < line < len(lines)
        else None
    )
    return function.docstring_col + (found.start() if found else 0)


def _say_documentation(
    c: Candidate,
    name: str,
    doc: docstrings.Docstring,
    seen: set[str],
    properties: dict[str, JsonSchema],
    target: Target,
    diags: Diagnostics,
) -> None:
    """A warning for each name the docstring documents that is no parameter, and with
    ``warn_undocumented`` for each parameter without a description."""
    function = c.function
    for documented, pdoc in doc.params.items():
        if documented not in seen and documented not in ("args", "kwargs", "self", "cls"):
            where = function.span
            if function.docstring_line:
                where = SourceSpan(
                    function.span.path,
                    function.docstring_line + pdoc.line,
                    _documented_col(function, pdoc.line, documented),
                )
            diags.warning(
                f"tool '{name}': docstring documents '{documented}', which is not a parameter",
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
