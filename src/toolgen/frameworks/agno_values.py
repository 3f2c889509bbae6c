"""What an agno toolkit's constructor's expressions and ``if`` tests are, as far as toolgen can
know without running it: literals, module constants, lists of methods, ``not``/``or``/``and``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from toolgen.scan.init_steps import self_names
from toolgen.scan.model import Call, InitStep, Lit, Name, Seq, TExpr, Unary
from toolgen.scan.resolve import External, LocalFunction, Resolver
from toolgen.scan.schema import SchemaMapper


class _Unknown:
    """A value toolgen cannot know statically (a call's result, an attribute of ``self``)."""

    def __repr__(self) -> str:
        return "<unknown>"


UNKNOWN: Final = _Unknown()


@dataclass(frozen=True, slots=True)
class Ref:
    """A callable handed over: ``self.method`` or a module-level function's name."""

    expr: Name


_BOOL: Final = ("<or>", "<and>")
"""How :mod:`toolgen.scan.init_steps` writes ``a or b`` and ``a and b``."""


def value(
    resolver: Resolver, mapper: SchemaMapper, module: str, expr: TExpr | None, env: dict[str, Any]
) -> Any:
    """What an expression written in ``module``'s constructor is, ``env`` holding its
    arguments and locals; :data:`UNKNOWN` where it cannot be known statically."""
    if expr is None:
        return None
    if isinstance(expr, Lit):
        return expr.value
    if isinstance(expr, Name):
        if expr.dotted in env:
            return env[expr.dotted]
        if expr.dotted.startswith("self.") and expr.dotted.count(".") == 1:
            return Ref(expr)
        found = resolver.resolve(module, expr.dotted)
        if isinstance(found, LocalFunction):
            return Ref(expr)
        if found is None or isinstance(found, External):
            return UNKNOWN
        folded = mapper.evaluator.fold(expr, module)  # a module constant
        return folded.value if folded.ok else UNKNOWN
    if isinstance(expr, Seq) and expr.kind in ("list", "tuple"):
        return [value(resolver, mapper, module, e, env) for e in expr.items]
    if isinstance(expr, Unary) and expr.op == "not":
        inner = value(resolver, mapper, module, expr.operand, env)
        return UNKNOWN if inner is UNKNOWN else not inner
    if isinstance(expr, Call) and isinstance(expr.func, Name) and expr.func.dotted in _BOOL:
        values = [value(resolver, mapper, module, a, env) for a in expr.args]
        result: Any = values[0] if values else UNKNOWN
        for one in values[1:]:
            if result is UNKNOWN or one is UNKNOWN:
                return UNKNOWN
            result = (result or one) if expr.func.dotted == "<or>" else (result and one)
        return result
    return UNKNOWN


def registers(step: InitStep) -> str:
    """The methods a step hands over (positionally), as words, or ``""`` when it hands none."""
    names = [n for n in self_names(step.value, keywords=False) if n != "register"]
    return "registering " + ", ".join(f"'{n}'" for n in names) if names else ""


def mentions(expr: TExpr) -> set[str]:
    """The names a test reads."""
    if isinstance(expr, Name):
        return {expr.dotted}
    if isinstance(expr, Unary):
        return mentions(expr.operand)
    if isinstance(expr, Call):
        return set().union(*(mentions(a) for a in expr.args)) if expr.args else set()
    return set()


def render(expr: TExpr) -> str:
    """A test as the message shows it (``enable_news or all``)."""
    if isinstance(expr, Name):
        return expr.dotted
    if isinstance(expr, Lit):
        return repr(expr.value)
    if isinstance(expr, Unary):
        return f"not {render(expr.operand)}"
    if isinstance(expr, Call) and isinstance(expr.func, Name) and expr.func.dotted in _BOOL:
        return f" {expr.func.dotted[1:-1]} ".join(render(a) for a in expr.args)
    return "..."


__all__ = ["UNKNOWN", "Ref", "mentions", "registers", "render", "value"]
