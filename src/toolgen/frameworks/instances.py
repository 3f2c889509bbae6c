"""Instances of tool classes in an owner's tools list: ``researcher = Agent(tools=[SearchTool(),
search])``, where the class (a CrewAI ``BaseTool`` subclass, say) is the tool and the agent its
owner, read at module level through the file's imports.

An item is an instance when it is a call of a scanned class (``SearchTool(...)``, whatever its
arguments) or a name bound at module level, in any scanned module, to such a call
(``search = SearchTool()``). Whether the class is a tool class is the class reader's to say.
"""

from __future__ import annotations

from toolgen.frameworks.owners import class_lineage
from toolgen.frameworks.rules import Framework, ListRule
from toolgen.ir import Owner
from toolgen.scan.model import Call, ClassDef, ModuleScan, Name, Seq, TExpr
from toolgen.scan.resolve import LocalAlias, LocalClass, Resolver


def _list_rule(
    resolver: Resolver, module: str, expr: TExpr, frameworks: tuple[Framework, ...]
) -> ListRule | None:
    if not isinstance(expr, Call):
        return None
    for qual in class_lineage(resolver, module, expr.func):
        for framework in frameworks:
            if qual in framework.lists:
                return framework.lists[qual]
    return None


def _instance_of(resolver: Resolver, module: str, item: TExpr) -> ClassDef | None:
    """The scanned class ``item`` is an instance of, if it is one written here."""
    if isinstance(item, Name):
        found = resolver.resolve(module, item.dotted)
        if not isinstance(found, LocalAlias) or not isinstance(found.alias.value, Call):
            return None
        module, item = found.module, found.alias.value
    if not isinstance(item, Call) or not isinstance(item.func, Name):
        return None
    made = resolver.resolve(module, item.func.dotted)
    return made.cls if isinstance(made, LocalClass) else None


def listed_instances(
    scan: ModuleScan, resolver: Resolver, frameworks: tuple[Framework, ...]
) -> list[tuple[ClassDef, Owner]]:
    """Each scanned class an instance of which a module-level owner's tools list in ``scan``
    holds, with that owner (``module:name`` of the owner's assignment), in source order. A list
    built at run time is the tools-list reader's to warn of (:mod:`~toolgen.frameworks.references`).
    """
    out: list[tuple[ClassDef, Owner]] = []
    for alias in scan.aliases:
        rule = _list_rule(resolver, scan.module, alias.value, frameworks)
        if rule is None or not isinstance(alias.value, Call):
            continue
        call = alias.value
        given = next((v for k, v in call.kwargs if k == rule.keyword), None)
        if given is None and rule.position is not None and len(call.args) > rule.position:
            given = call.args[rule.position]
        if not isinstance(given, Seq):
            continue
        owner = Owner(f"{scan.module}:{alias.name}", rule.kind)
        for item in given.items:
            cls = _instance_of(resolver, scan.module, item)
            if cls is not None:
                out.append((cls, owner))
    return out


__all__ = ["listed_instances"]
