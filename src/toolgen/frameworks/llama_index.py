"""llama-index's tools: the methods a ``BaseToolSpec`` subclass names in ``spec_functions``, and
the description llama-index writes for a function (its name, its signature as Python prints it,
then its docstring).

llama-index-core 0.14.25: ``BaseToolSpec.to_tool_list`` (tools/tool_spec/base.py) makes
``FunctionTool.from_defaults(fn=getattr(self, name))`` of each ``spec_functions`` entry (for a
``(sync, async)`` pair, the sync method is read); ``from_defaults`` (tools/function_tool.py) names
the tool ``fn.__name__``, describes it ``f"{name}{signature}\\n{docstring}"`` stripped (the
signature without ``self``, a workflow ``Context`` parameter or a ``Field`` default), and takes
parameter descriptions from ``Annotated[T, "text"]`` or ``Field(description=...)`` first, then
from the docstring by ``extract_param_docs``'s three patterns; ``create_schema_from_function``
(tools/utils.py) leaves ``*args``/``**kwargs`` out of the schema.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Final

from toolgen.docstrings.model import Docstring, ParamDoc
from toolgen.errors import Diagnostics
from toolgen.frameworks.classes import MethodTool, _attributes, _method, _with_bases
from toolgen.frameworks.owners import class_lineage
from toolgen.frameworks.presets._shared import LLAMA_INDEX_FROM_DEFAULTS
from toolgen.ir import Owner
from toolgen.scan.model import ClassDef, Function, Lit, ModuleScan, Name, Or, Sub, TExpr
from toolgen.scan.resolve import External, LocalAlias, LocalClass, Resolver
from toolgen.scan.schema import Context, SchemaMapper

SPEC_CLASSES: Final = frozenset({"llama_index.core.tools.tool_spec.base.BaseToolSpec"})
"""The base class whose subclasses' ``spec_functions`` name tools (its one public path)."""

_PARAM_PATTERNS: Final = (
    re.compile(r":param (\w+): (.+)"),
    re.compile(r"^\s*(\w+)\s*\(.*?\):\s*(.+)$", re.MULTILINE),
    re.compile(r"@param (\w+)\s+(.+)"),
)
"""``FunctionTool.extract_param_docs``'s patterns, in its order (Sphinx, Google, Javadoc)."""

_BUILTIN_GENERICS: Final = frozenset({"list", "dict", "tuple", "set", "frozenset", "type"})


def param_docs(raw_doc: str | None, names: set[str]) -> dict[str, str]:
    """Parameter descriptions as llama-index finds them: the first one for each parameter wins
    (a later, different one is dropped); a documented name that is not a parameter is ignored."""
    found: dict[str, str] = {}
    for pattern in _PARAM_PATTERNS:
        for match in pattern.finditer(raw_doc or ""):
            name, text = match.group(1), match.group(2).strip()
            if name in names:
                found.setdefault(name, text)
    return found


@dataclass(slots=True)
class _Printer:
    """An annotation as ``inspect.formatannotation`` prints it (Python 3.11-3.13): a typing form
    by its repr with ``typing.`` taken off, a class as ``module.qualname`` (builtins bare), a
    ``list[...]`` or ``X | Y`` as ``str()`` gives them. ``unknown`` collects what it cannot
    print, written as the source has it instead."""

    resolver: Resolver
    unknown: list[str]

    def top(self, expr: TExpr, module: str) -> str:
        text = self.full(expr, module)
        if self.module_of(expr, module) == "typing":
            return re.sub(r"[\w.]+", lambda m: m.group().removeprefix("typing."), text)
        return text

    def _qual(self, expr: TExpr, module: str) -> str | None:
        if not isinstance(expr, Name):
            return None
        found = self.resolver.resolve(module, expr.dotted)
        if isinstance(found, External):
            return found.qualname
        if isinstance(found, LocalClass):
            return found.cls.qualname
        return None

    def module_of(self, expr: TExpr, module: str) -> str:
        """The ``__module__`` of what the annotation evaluates to, as far as printing cares."""
        if isinstance(expr, Name):
            found = self.resolver.resolve(module, expr.dotted)
            if isinstance(found, LocalAlias):
                return self.module_of(found.alias.value, found.module)
            qual = self._qual(expr, module) or ""
            return qual.rpartition(".")[0] or "builtins"
        if isinstance(expr, Sub):
            base = self._qual(expr.base, module) or ""
            if base == "typing.Annotated" and expr.args:  # delegates to the annotated type
                return self.module_of(expr.args[0], module)
            return "typing" if base.startswith("typing.") else "builtins"
        return "types" if isinstance(expr, Or) else "builtins"

    def full(self, expr: TExpr, module: str, inner: bool = False) -> str:
        if isinstance(expr, Lit) and expr.value is None:
            return "NoneType" if inner else "None"
        if isinstance(expr, Lit) and expr.value is Ellipsis:
            return "..."
        if isinstance(expr, Name):
            found = self.resolver.resolve(module, expr.dotted)
            if isinstance(found, LocalAlias):
                return self.full(found.alias.value, found.module, inner)
            qual = self._qual(expr, module)
            if qual is None:
                self.unknown.append(expr.dotted)
                return expr.dotted
            if qual.startswith("builtins."):
                return qual.removeprefix("builtins.")
            return qual
        if isinstance(expr, Or):
            return " | ".join(self.full(i, module) for i in expr.items)
        if isinstance(expr, Sub):
            return self._sub(expr, module)
        self.unknown.append(type(expr).__name__)
        return "..."

    def _sub(self, expr: Sub, module: str) -> str:
        base = self._qual(expr.base, module) or ""
        args = list(expr.args)
        if base == "typing.Literal":
            return f"typing.Literal[{', '.join(_repr(a, self.unknown) for a in args)}]"
        if base == "typing.Annotated" and args:
            rest = ", ".join(_repr(a, self.unknown) for a in args[1:])
            return f"typing.Annotated[{self.full(args[0], module, True)}, {rest}]"
        if base == "typing.Optional" and len(args) == 1:
            base, args = "typing.Union", [args[0], Lit(None)]
        if base == "typing.Union":
            nulls = [a for a in args if isinstance(a, Lit) and a.value is None]
            if len(args) == 2 and len(nulls) == 1:
                other = next(a for a in args if a not in nulls)
                return f"typing.Optional[{self.full(other, module, True)}]"
        inside = ", ".join(self.full(a, module, True) for a in args)
        if base.startswith("builtins.") and base.removeprefix("builtins.") in _BUILTIN_GENERICS:
            return f"{base.removeprefix('builtins.')}[{inside}]"
        if base.startswith("typing."):
            return f"{base}[{inside}]"
        self.unknown.append(base or type(expr.base).__name__)
        return f"{self.full(expr.base, module)}[{inside}]"


def _repr(expr: TExpr, unknown: list[str]) -> str:
    if isinstance(expr, Lit) and expr.value is not Ellipsis:
        return repr(expr.value)
    unknown.append(type(expr).__name__)
    return "..."


def signature_text(
    function: Function,
    hidden: set[str],
    resolver: Resolver,
    mapper: SchemaMapper,
    module: str,
) -> tuple[str, list[str]]:
    """``(query: str, limit: int = 10) -> str`` as ``str(inspect.signature(fn))`` prints it
    with llama-index's changes (``hidden`` left out, a ``Field(...)`` default dropped), and the
    parts toolgen could not print as Python would (written as the source has them)."""
    printer = _Printer(resolver, [])
    parts: list[str] = []
    params = [p for p in function.params if p.name not in hidden]
    starred = any(p.kind == "varargs" for p in params)
    for index, param in enumerate(params):
        if param.kind == "keyword" and not starred:
            parts.append("*")
            starred = True
        text = {"varargs": "*", "varkw": "**"}.get(param.kind, "") + param.name
        if param.annotation is not None:
            text += f": {printer.top(param.annotation, module)}"
        default = _default(param.default, mapper, module, printer.unknown)
        if default is not None:
            text += f" = {default}" if param.annotation is not None else f"={default}"
        parts.append(text)
        after = params[index + 1] if index + 1 < len(params) else None
        if param.kind == "positional_only" and (after is None or after.kind != "positional_only"):
            parts.append("/")
    returns = f" -> {printer.top(function.returns, module)}" if function.returns else ""
    return f"({', '.join(parts)}){returns}", printer.unknown


def _default(
    expr: TExpr | None, mapper: SchemaMapper, module: str, unknown: list[str]
) -> str | None:
    """A default as ``repr`` prints it; ``None`` for none, or for a ``Field(...)``."""
    if expr is None:
        return None
    if mapper.field_of(expr, module) is not None:
        return None
    folded = mapper.evaluator.fold(expr, module)
    if folded.ok and isinstance(folded.value, (str, int, float, bool, type(None), list, dict)):
        return repr(folded.value)
    unknown.append("a default")
    return "..."


def description(
    name: str,
    function: Function,
    raw_doc: str | None,
    hidden: set[str],
    mapper: SchemaMapper,
    module: str,
    diags: Diagnostics,
) -> str:
    """llama-index's description of a function tool: ``name(signature)``, a newline, the
    docstring. A part of the signature toolgen cannot print as Python does is a warning."""
    signature, unknown = signature_text(function, hidden, mapper.resolver, mapper, module)
    if unknown:
        diags.warning(
            f"llama-index: tool '{name}': its description holds the function's signature as "
            f"Python prints it, and toolgen cannot print {', '.join(sorted(set(unknown)))} as "
            "Python would without running the code; toolgen writes it as the source has it (a "
            "default as '...')",
            function.span,
            "runtime-description",
        )
    return f"{name}{signature}\n{raw_doc or ''}".strip()


def documented(doc: Docstring, raw_doc: str | None, function: Function) -> Docstring:
    """``doc`` with only the parameter descriptions llama-index finds (:func:`param_docs`)."""
    found = param_docs(raw_doc, {p.name for p in function.params})
    kept = {k: ParamDoc(v, doc.params[k].line if k in doc.params else 0) for k, v in found.items()}
    return dataclasses.replace(doc, params=kept)


def spec_tools(
    scans: list[ModuleScan],
    resolver: Resolver,
    mapper: SchemaMapper,
    diags: Diagnostics,
    modules: frozenset[str] | None,
) -> list[MethodTool]:
    """The methods each ``BaseToolSpec`` subclass of ``modules`` names in ``spec_functions``
    (its own or inherited), each a tool owned by the class."""
    out: list[MethodTool] = []
    for scan in scans:
        if modules is not None and scan.module not in modules:
            continue
        for cls in scan.classes:
            lineage = class_lineage(resolver, scan.module, Name(cls.name))[1:]
            if SPEC_CLASSES.isdisjoint(lineage):
                continue
            out.extend(_spec_methods(cls, resolver, mapper, diags))
    return out


def _spec_methods(
    cls: ClassDef, resolver: Resolver, mapper: SchemaMapper, diags: Diagnostics
) -> list[MethodTool]:
    where = f"llama-index: tool spec '{cls.name}'"
    attributes = _attributes(resolver, cls)
    if "spec_functions" not in attributes:
        return []  # a base of specs: BaseToolSpec only annotates it
    value, module = attributes["spec_functions"]
    ctx = Context(cls.module, cls.span, where)
    entries = mapper.value(value, module, ctx, "its spec_functions", "it makes no tools")
    if not isinstance(entries, (list, tuple)):
        if isinstance(entries, (str, dict, int, float)):
            diags.warning(
                f"{where}: its spec_functions is not a list of method names; it makes no tools",
                cls.span,
                "unread-tools",
            )
        return []
    for current in _with_bases(resolver, cls):
        for attr, span in current.set_in_init:
            if attr == "spec_functions":  # conditional registration: the flags decide
                diags.warning(
                    f"{where}: {current.name}.__init__ sets self.spec_functions, which toolgen "
                    "cannot know statically; toolgen emits the tools the class attribute names",
                    span,
                    "runtime-tool",
                )
    owner = Owner(f"{cls.module}:{cls.name}", "toolkit")
    out: list[MethodTool] = []
    for entry in entries:
        named = entry[0] if isinstance(entry, (list, tuple)) and len(entry) == 2 else entry
        if not isinstance(named, str):
            diags.warning(
                f"{where}: spec_functions entry {entry!r} is neither a method name nor a "
                "(sync, async) pair of names (llama-index raises ValueError); it is left out",
                cls.span,
                "unread-tool",
            )
            continue
        found = _method(resolver, cls, named)
        if found is None:
            diags.warning(
                f"{where}: spec_functions names '{named}', which is not a method toolgen reads "
                "(a def in the class or a scanned base); it is left out",
                cls.span,
                "unread-tool",
            )
            continue
        method, defining = found
        out.append(
            MethodTool(
                method,
                defining,
                method.name,
                None,
                "llama-index",
                LLAMA_INDEX_FROM_DEFAULTS,
                owner,
                holder=cls,
            )
        )
    return out


__all__ = [
    "SPEC_CLASSES",
    "description",
    "documented",
    "param_docs",
    "signature_text",
    "spec_tools",
]
