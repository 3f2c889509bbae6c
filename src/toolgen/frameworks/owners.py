"""Who a tool belongs to: the server, agent or toolset instance whose method decorates it
(``mcp = FastMCP("weather")``, ``@mcp.tool()``), read through the file's imports."""

from __future__ import annotations

from toolgen.frameworks.presets import owner_kind
from toolgen.frameworks.rules import Framework
from toolgen.ir import Owner
from toolgen.scan.model import Call, ClassDef, Name, Sub, TExpr
from toolgen.scan.resolve import External, LocalAlias, LocalClass, Resolver


def class_lineage(resolver: Resolver, module: str, expr: TExpr) -> list[str]:
    """The qualified names a class expression answers to: its own and every ancestor's, through
    local subclasses (``class MyServer(FastMCP)``) and parametrised forms (``Agent[Deps, Out]``)."""
    while isinstance(expr, Sub):
        expr = expr.base
    if not isinstance(expr, Name):
        return []
    found = resolver.resolve(module, expr.dotted)
    if isinstance(found, External):
        return [found.qualname]
    if not isinstance(found, LocalClass):
        return []
    out: list[str] = []
    stack: list[ClassDef] = [found.cls]
    seen: set[str] = set()
    while stack and len(seen) < 100:
        cls = stack.pop()
        if cls.qualname in seen:
            continue
        seen.add(cls.qualname)
        out.append(cls.qualname)
        for base in cls.bases:
            while isinstance(base, Sub):
                base = base.base
            if not isinstance(base, Name):
                continue
            parent = resolver.resolve(cls.module, base.dotted)
            if isinstance(parent, External):
                out.append(parent.qualname)
            elif isinstance(parent, LocalClass):
                stack.append(parent.cls)
    return out


def owner_of(
    resolver: Resolver, module: str, decorator: TExpr | None, frameworks: tuple[Framework, ...]
) -> Owner | None:
    """The owner of the tool a decorator marks: the module-level instance the decorator is a
    method of (``@mcp.tool()``, ``@weather.mcp.tool()`` through an import), when its class, or
    one of its ancestors, is a framework's owner class; else ``None`` (a module-level
    decorator, ``@tool``, owns nothing). The owner's id is ``module:name`` of the instance, in
    the module that defines it, so every module decorating with it names the same owner."""
    if decorator is None:
        return None
    func = decorator.func if isinstance(decorator, Call) else decorator
    if not isinstance(func, Name):
        return None
    parts = func.dotted.split(".")
    for i in range(len(parts) - 1, 0, -1):
        found = resolver.resolve(module, ".".join(parts[:i]))
        if isinstance(found, LocalAlias) and isinstance(found.alias.value, Call):
            lineage = class_lineage(resolver, found.module, found.alias.value.func)
            kind = owner_kind(lineage, frameworks)
            if kind is None:
                return None
            return Owner(f"{resolver.module_name(found.module)}:{found.alias.name}", kind)
    return None


__all__ = ["class_lineage", "owner_of"]
