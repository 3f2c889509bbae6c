"""Tools written as classes: a subclass of a framework's tool class whose class attributes (its
own or inherited from a scanned base) give the tool's name, description and argument schema.

LangChain's ``BaseTool`` (langchain_core/tools/base.py): ``name`` and ``description`` class
attributes, ``args_schema = SomeModel`` (a pydantic model class, or a dict JSON Schema); the
OpenAI form takes the model's schema as the parameters and ``description`` as the description
(utils/function_calling.py, ``_format_tool_to_openai_function``). Without ``args_schema``, the
schema is ``_run``'s signature (``create_schema_from_function``, ``run_manager`` and
``callbacks`` filtered out), the class's description kept.

smolagents' ``Tool`` (smolagents/tools.py): ``name``, ``description`` and the ``inputs`` dict
(:mod:`toolgen.frameworks.smolagents_inputs`); ``forward`` is what is called, its parameters
``inputs``' keys; ``output_type`` is not sent to the model.

CrewAI's ``BaseTool`` (crewai/tools/base_tool.py): LangChain's shape, by CrewAI's rules (the
``_run`` signature read as its ``@tool`` reads a function, ``_arun``'s when ``_run`` has no
parameter), the name and description sent in CrewAI's wire form (:mod:`toolgen.frameworks.crewai`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from toolgen.errors import Diagnostics
from toolgen.frameworks.crewai import wire_description, wire_name
from toolgen.frameworks.instances import listed_instances
from toolgen.frameworks.owners import class_lineage
from toolgen.frameworks.rules import Framework
from toolgen.frameworks.smolagents_inputs import inputs_schema
from toolgen.ir import JsonSchema, Owner, ToolDef
from toolgen.scan.model import ClassDef, Function, Lit, ModuleScan, Name, TExpr
from toolgen.scan.resolve import LocalClass, Resolver
from toolgen.scan.schema import Context, SchemaMapper, Unresolvable, rewrite_refs


@dataclass(frozen=True, slots=True)
class ClassRule:
    """A framework's tool base class, and the class attributes that describe a subclass's tool."""

    framework: str
    name: str = "name"
    description: str = "description"
    schema: str = "args_schema"
    signature: str = "_run"
    """Without ``schema``, the method whose signature is the tool's (its ``self`` and the
    framework's injected parameters, ``run_manager``, ``callbacks``, left out)..."""
    reads_as: str = "langchain_core.tools.tool"
    """...read by the rules of this decorator of the framework's preset."""
    inputs: bool = False
    """``schema`` is a smolagents ``inputs`` dict; ``signature`` is the method called, whose
    parameters must be its keys, never a schema of its own."""
    fallback: str | None = None
    """Where ``signature`` gives no parameter, the method whose signature is read instead
    (CrewAI reads ``_arun`` when ``_run`` has none)."""
    wire: str | None = None
    """The framework's rewrite of the name and description (:attr:`DecoratorRule.wire`)."""


@dataclass(frozen=True, slots=True)
class MethodTool:
    """A class tool whose parameters are a method's signature: build reads the method by the
    framework's rules, with the class's name and description."""

    method: Function
    cls: ClassDef
    """The class defining the method (the tool class or a scanned base)."""
    name: str
    description: str | None
    """``None``: the method's own, by the framework's docstring rule (llama-index)."""
    framework: str
    reads_as: str
    """The qualified name of the preset's decorator, or of its tool-making call
    (llama-index's ``FunctionTool.from_defaults``), whose rules read the method."""
    owner: Owner | None = None
    """The class that holds the tool, where it holds several (a llama-index tool spec)."""
    holder: ClassDef | None = None
    """The class whose instance the user holds (``None``: ``cls``): the run-time function
    table names it, so an inherited method is found on the instance a ``Toolbox`` is given."""


def _method(resolver: Resolver, cls: ClassDef, wanted: str) -> tuple[Function, ClassDef] | None:
    """The method ``wanted`` as Python finds it: the class's own, else a scanned base's."""
    for current in _with_bases(resolver, cls):
        found = next((f for f in current.functions if f.name == wanted), None)
        if found is not None:
            return found, current
    return None


_LANGCHAIN: Final = ClassRule("langchain")
_SMOLAGENTS: Final = ClassRule(
    "smolagents", schema="inputs", signature="forward", reads_as="", inputs=True
)
# crewai 1.15.30 (crewai/tools/base_tool.py): ``BaseTool._default_args_schema`` takes a class's
# ``args_schema`` model as it is, else ``create_model`` of ``_run``'s signature (``_arun``'s when
# ``_run`` has no parameter but ``self``, ``*args`` and ``**kwargs``), read as ``@tool`` reads one.
_CREWAI: Final = ClassRule("crewai", reads_as="crewai.tools.tool", fallback="_arun", wire="crewai")
CLASS_RULES: Final[dict[str, ClassRule]] = {
    "crewai.tools.BaseTool": _CREWAI,
    "crewai.tools.base_tool.BaseTool": _CREWAI,
    "langchain_core.tools.BaseTool": _LANGCHAIN,
    "langchain_core.tools.base.BaseTool": _LANGCHAIN,
    "langchain.tools.BaseTool": _LANGCHAIN,
    "smolagents.Tool": _SMOLAGENTS,
    "smolagents.tools.Tool": _SMOLAGENTS,
}
"""Qualified names of the framework classes whose subclasses are tools."""


def _attributes(resolver: Resolver, cls: ClassDef) -> dict[str, tuple[TExpr, str]]:
    """A class's attributes (assigned or annotated with a value), with the module each is
    written in: its own first, then each scanned base's, as Python's lookup finds them."""
    found: dict[str, tuple[TExpr, str]] = {}
    for current in _with_bases(resolver, cls):
        for name, value in current.members:
            found.setdefault(name, (value, current.module))
        for field in current.fields:
            if field.default is not None:
                found.setdefault(field.name, (field.default, current.module))
    return found


def _with_bases(resolver: Resolver, cls: ClassDef) -> Iterator[ClassDef]:
    """``cls``, then its scanned bases, breadth first, each once (at most 100: a lineage past
    that is not read further)."""
    stack: list[ClassDef] = [cls]
    seen: set[str] = set()
    while stack and len(seen) < 100:
        current = stack.pop(0)
        if current.qualname in seen:
            continue
        seen.add(current.qualname)
        yield current
        for base in current.bases:
            parent = (
                resolver.resolve(current.module, base.dotted) if isinstance(base, Name) else None
            )
            if isinstance(parent, LocalClass):
                stack.append(parent.cls)


def class_tools(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    diags: Diagnostics,
    modules: frozenset[str] | None,
    frameworks: tuple[str, ...],
) -> list[ToolDef | MethodTool]:
    """The tools the classes of ``modules`` define, by the rules of ``frameworks`` (names):
    as IR, or as a method for build to read by the framework's rules."""
    out: list[ToolDef | MethodTool] = []
    for scan in scans:
        if modules is not None and scan.module not in modules:
            continue
        for cls in scan.classes:
            rule = _rule_of(cls, resolver, frameworks)
            if rule is not None:
                tool = _class_tool(cls, rule, resolver, mapper, diags)
                if tool is not None:
                    _set_in_init(cls, rule, resolver, diags)
                    out.append(tool)
    return out


def _rule_of(cls: ClassDef, resolver: Resolver, frameworks: tuple[str, ...]) -> ClassRule | None:
    return next(
        (
            CLASS_RULES[q]
            for q in class_lineage(resolver, cls.module, Name(cls.name))[1:]
            if q in CLASS_RULES and CLASS_RULES[q].framework in frameworks
        ),
        None,
    )


def listed_class_tools(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    modules: frozenset[str] | None,
    presets: tuple[Framework, ...],
) -> list[ToolDef | MethodTool]:
    """The tool classes whose instances an owner's tools list in ``modules`` holds
    (``Agent(tools=[SearchTool()])``), each read again as the owner's tool, once per owner. What the
    class's reading says was said already where the class itself is read."""
    names = tuple(f.name for f in presets)
    out: list[ToolDef | MethodTool] = []
    for scan in scans:
        if modules is not None and scan.module not in modules:
            continue
        seen: set[tuple[str, Owner]] = set()
        for cls, owner in listed_instances(scan, resolver, presets):
            rule = _rule_of(cls, resolver, names)
            if rule is None or (cls.qualname, owner) in seen:
                continue
            seen.add((cls.qualname, owner))
            tool = _class_tool(cls, rule, resolver, mapper, Diagnostics())
            if tool is not None:
                out.append(dataclasses.replace(tool, owner=owner))
    return out


def _set_in_init(cls: ClassDef, rule: ClassRule, resolver: Resolver, diags: Diagnostics) -> None:
    """An ``__init__`` (the class's or a scanned base's) that assigns what toolgen read from the
    class (``self.inputs = ...``, ``self.args_schema = ...``): a warning at the assignment, as
    what an instance ends up with depends on the constructor's arguments."""
    read = {rule.name, rule.description, rule.schema}
    for current in _with_bases(resolver, cls):
        for attr, span in current.set_in_init:
            if attr in read:
                diags.warning(
                    f"{rule.framework}: tool class '{cls.name}': {current.name}.__init__ sets "
                    f"self.{attr}, which toolgen cannot know statically; toolgen emits the "
                    f"class attribute's {attr}",
                    span,
                    "runtime-tool",
                )


def _class_tool(
    cls: ClassDef, rule: ClassRule, resolver: Resolver, mapper: SchemaMapper, diags: Diagnostics
) -> ToolDef | MethodTool | None:
    attributes = _attributes(resolver, cls)
    ctx = Context(cls.module, cls.span, f"tool class '{cls.name}'")

    def text(key: str, instead: str) -> Any:
        if key not in attributes:
            return None
        value, module = attributes[key]
        return mapper.value(value, module, ctx, f"its {key}", instead)

    name = text(rule.name, "the class is left out")
    if not isinstance(name, str):
        return None  # an abstract base of tools: no name of its own
    description = text(rule.description, "no description is emitted")
    if rule.inputs:
        return _inputs_tool(cls, rule, name, description, attributes, resolver, mapper, diags)
    if rule.schema not in attributes:
        run = _method(resolver, cls, rule.signature)
        if run is None:  # abstract (``_run`` is abstract in BaseTool): a base of tools, no tool
            return None
        if rule.fallback is not None and not _read_params(run[0]):
            run = _method(resolver, cls, rule.fallback) or run
        method, owner_class = run
        text_ = description if isinstance(description, str) else ""
        return MethodTool(
            method, owner_class, name, text_, rule.framework, rule.reads_as, holder=cls
        )
    parameters = _schema(attributes[rule.schema], mapper, ctx)
    if parameters is None:
        diags.warning(
            f"{rule.framework}: tool class '{cls.name}': its {rule.schema} is neither a model "
            "class toolgen reads nor a dict; it is left out",
            cls.span,
            "unread-tool",
        )
        return None
    return ToolDef(
        name=wire_name(rule.wire, name),
        description=wire_description(
            rule.wire, description if isinstance(description, str) else ""
        ),
        parameters=parameters,
        span=cls.span,
        qualname=cls.qualname,
        # What is called: the method of an instance the runtime's Toolbox is given.
        function=f"{cls.module}:{cls.name}.{rule.signature}",
    )


def _inputs_tool(
    cls: ClassDef,
    rule: ClassRule,
    name: str,
    description: Any,
    attributes: dict[str, tuple[TExpr, str]],
    resolver: Resolver,
    mapper: SchemaMapper,
    diags: Diagnostics,
) -> ToolDef | None:
    """A smolagents ``Tool`` subclass: its ``inputs`` dict is the schema; a class without one
    is a base of tools (smolagents cannot instantiate it)."""
    if rule.schema not in attributes:
        return None
    where = f"{rule.framework}: tool class '{cls.name}'"
    value, module = attributes[rule.schema]
    ctx = Context(cls.module, cls.span, f"tool class '{cls.name}'")
    folded = mapper.value(value, module, ctx, f"its {rule.schema}", "the class is left out")
    parameters, why = inputs_schema(folded)
    if parameters is None:
        if folded is not None:  # else the fold already warned
            diags.warning(
                f"{where}: its {rule.schema} {why} (smolagents refuses it); it is left out",
                cls.span,
                "unread-tool",
            )
        return None
    run = _method(resolver, cls, rule.signature)
    defaulted: tuple[str, ...] = ()
    if run is not None:
        defaulted = _null_is_default(run[0], run[1].module, parameters, mapper)
        names = [p.name for p in run[0].params if p.name not in ("self", "cls")]
        keys = list(parameters["properties"])
        if not any(p.kind in ("varargs", "varkw") for p in run[0].params) and set(names) != set(
            keys
        ):
            diags.warning(
                f"{where}: {rule.signature}'s parameters {sorted(names)} are not its "
                f"{rule.schema}' keys {sorted(keys)} (smolagents raises at instantiation); "
                f"toolgen emits the {rule.schema}",
                run[0].span,
                "unread-tool",
            )
    return ToolDef(
        name=name,
        description=description if isinstance(description, str) else "",
        parameters=parameters,
        span=cls.span,
        qualname=cls.qualname,
        function=f"{cls.module}:{cls.name}.{rule.signature}",
        null_is_default=defaulted,
    )


def _read_params(method: Function) -> list[str]:
    """The parameters a signature gives a schema: all but ``self`` and ``*args``/``**kwargs``."""
    return [
        p.name
        for i, p in enumerate(method.params)
        if not (i == 0 and p.name in ("self", "cls")) and p.kind not in ("varargs", "varkw")
    ]


def _null_is_default(
    forward: Function, module: str, parameters: JsonSchema, mapper: SchemaMapper
) -> tuple[str, ...]:
    """The nullable inputs whose parameter has a default and an annotation that takes no
    ``None``: smolagents passes a model's ``null`` to ``forward`` as ``None``, which such a
    parameter cannot take, so the run-time leaves it out and the default applies."""
    nullable = set(parameters["properties"]) - set(parameters.get("required", ()))
    out = []
    for param in forward.params:
        if param.name not in nullable or param.default is None or param.annotation is None:
            continue
        ctx = Context(module, param.span, f"parameter '{param.name}'", quiet=True)
        try:
            schema, _ = mapper.schema(param.annotation, ctx)
        except Unresolvable:
            continue
        if schema and not _takes_null(schema):  # {}: Any, which takes None
            out.append(param.name)
    return tuple(out)


def _takes_null(schema: JsonSchema) -> bool:
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if None in (schema.get("enum") or ()) or ("const" in schema and schema["const"] is None):
        return True
    return any(isinstance(b, dict) and _takes_null(b) for b in schema.get("anyOf") or ())


def _schema(written: tuple[TExpr, str], mapper: SchemaMapper, ctx: Context) -> JsonSchema | None:
    """``args_schema``'s JSON Schema: a model class's own (its ``$defs`` beside it), or a dict."""
    value, module = written
    if isinstance(value, Lit) and value.value is None:
        return None
    if isinstance(value, Name):
        schema, _ = mapper.schema(value, Context(module, ctx.span, ctx.what))
        ref = schema.get("$ref")
        entry = mapper.defs.get(ref.removeprefix("#/$defs/")) if isinstance(ref, str) else None
        if entry is None or entry.schema is None or entry.schema.get("type") != "object":
            return None
        parameters = {k: v for k, v in entry.schema.items() if k != "description"}
        defs, keys = mapper.defs_for(parameters)
        if defs:
            parameters["$defs"] = defs
        return dict(rewrite_refs(parameters, keys.__getitem__))
    folded = mapper.value(value, module, ctx, "its args_schema", "the class is left out")
    return folded if isinstance(folded, dict) and folded.get("type") == "object" else None


__all__ = ["CLASS_RULES", "ClassRule", "MethodTool", "class_tools", "listed_class_tools"]
