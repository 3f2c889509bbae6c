"""A function that is a tool and the rules it is read by, and the two questions every framework's
reader asks of one: what a decorator can be called, and whether the target takes its owner."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Final

from toolgen.config import Target
from toolgen.errors import SourceSpan
from toolgen.frameworks.owners import class_lineage
from toolgen.frameworks.presets import TOOLGEN_RULE
from toolgen.frameworks.rules import DecoratorRule, DocstringRule, Framework
from toolgen.ir import Owner
from toolgen.scan.model import Call, Function, Lit, ModuleScan, Name, TExpr
from toolgen.scan.resolve import LocalAlias, Resolver

TOOL_DECORATOR: Final = "toolgen.tool"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A function that is a tool, and the rules it is read by."""

    function: Function
    module: ModuleScan
    decorator: TExpr | None
    decorator_span: SourceSpan
    implementation_doc: str | None
    rule: DecoratorRule = TOOLGEN_RULE
    frameworks: tuple[Framework, ...] = ()
    """The frameworks whose injected parameters apply: the decorator's, or those the file imports."""
    owner: Owner | None = None
    """The server, agent or toolset the tool belongs to (:func:`owner_of`)."""
    method_of: str | None = None
    """The class whose method the tool is: ``self``/``cls`` is dropped, as the framework binds it."""
    call_module: str | None = None
    """The module a tool-making call is written in, where its arguments' names are looked up
    (``Tool(impl.fn, desc=DESC)`` in ``agents.py``); ``None``: the function's module."""
    prefix: str = ""
    """Written before the tool's name: Semantic Kernel's plugin name and separator
    (``weather-`` for ``weather-get_forecast``)."""
    class_module: str | None = None
    """The module of ``method_of``'s class, when the method is inherited from another module's."""
    named_at: SourceSpan | None = None
    """Where ``prefix`` was read (the ``add_plugin`` call), for ``toolgen show``."""

    @property
    def is_toolgen(self) -> bool:
        return self.rule is TOOLGEN_RULE

    def docstring_rule(self) -> DocstringRule:
        """The rule for this tool: a decorator keyword may switch it (``parse_docstring=True``)."""
        if isinstance(self.decorator, Call):
            for keyword, wanted, rule in self.rule.docstring_switches:
                for key, value in self.decorator.kwargs:
                    if key == keyword and isinstance(value, Lit) and value.value is wanted:
                        return rule
        return self.rule.docstring


def decorator_qualnames(resolver: Resolver, module: str, deco: TExpr) -> set[str]:
    """What a decorator can be called: its qualified name, an instance method's class paths, its
    spelling.

    ``@mcp.tool()`` with ``mcp = FastMCP("server")`` is ``mcp.server.fastmcp.FastMCP.tool``
    (through the instance's class and each of its ancestors) and ``mcp.tool`` (as written).
    """
    func = deco.func if isinstance(deco, Call) else deco
    if not isinstance(func, Name):
        return set()
    names = {func.dotted}
    qual = resolver.qualname_of(module, func.dotted)
    if qual is not None:
        names.add(qual)
    parts = func.dotted.split(".")
    for i in range(len(parts) - 1, 0, -1):
        found = resolver.resolve(module, ".".join(parts[:i]))
        if isinstance(found, LocalAlias) and isinstance(found.alias.value, Call):
            method = ".".join(parts[i:])
            for cls in class_lineage(resolver, found.module, found.alias.value.func):
                names.add(f"{cls}.{method}")
            break
    return names


def wanted_owner(target: Target, owner: Owner | None) -> bool:
    """Whether the target's ``owners = [...]`` takes a tool of this owner: every tool without
    the setting; with it, the tools of the owners it names (``""`` names the tools of no
    owner), each written as the owner's id (``servers.weather:mcp``) or a glob of it."""
    if target.owners is None:
        return True

    key = owner.id if owner is not None else ""
    return any(key == p or (p and fnmatch.fnmatchcase(key, p)) for p in target.owners)
