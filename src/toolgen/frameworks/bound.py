"""A bound method as a tool's function: ``obj.method`` where ``obj = Cls(...)`` at module level,
``Cls(...).method`` and ``Cls(...).__call__``, each the method of a scanned class (or of a
scanned base), called bound: without ``self``."""

from __future__ import annotations

from dataclasses import dataclass

from toolgen.frameworks.classes import _with_bases  # the class reader's walk of scanned bases
from toolgen.scan.model import Attr, Call, ClassDef, Function, Name, TExpr
from toolgen.scan.resolve import LocalAlias, LocalClass, Resolver


@dataclass(frozen=True, slots=True)
class Bound:
    """The method a bound-method expression names, the class that defines it, and the class of
    the instance it is bound to (a subclass, for an inherited method)."""

    function: Function
    cls: ClassDef
    holder: ClassDef


@dataclass(frozen=True, slots=True)
class Unread:
    """A bound method of a scanned class whose signature the scan did not keep."""

    cls: ClassDef
    method: str


def bound_method(resolver: Resolver, module: str, expr: TExpr | None) -> Bound | Unread | None:
    """The method ``expr`` (written in ``module``) names bound to an instance, if it is one;
    ``Unread`` when the class is scanned but the method's signature is not kept (an undecorated
    method of a class its own module does not instantiate at module level)."""
    if isinstance(expr, Name):
        head, _, method = expr.dotted.rpartition(".")
        found = resolver.resolve(module, head) if head else None
        if not isinstance(found, LocalAlias) or not isinstance(found.alias.value, Call):
            return None
        made, where = found.alias.value.func, found.module
    elif isinstance(expr, Attr) and isinstance(expr.value, Call):
        made, where, method = expr.value.func, module, expr.attr
    else:
        return None
    if not isinstance(made, Name):
        return None
    cls = resolver.resolve(where, made.dotted)
    if not isinstance(cls, LocalClass):
        return None
    for each in _with_bases(resolver, cls.cls):
        function = next((f for f in each.functions if f.name == method), None)
        if function is not None:
            return Bound(function, each, cls.cls)
    return Unread(cls.cls, method)


__all__ = ["Bound", "Unread", "bound_method"]
