"""A class's ``__init__``, from Python's parse, as the few statements a class reader reads: the
constructor's parameters, local assignments and call statements, each under its ``if`` tests.

Toolkits register their tools in the constructor (agno: ``tools = [self.a]``, ``if enable_b:
tools.append(self.b)``, ``super().__init__(name=..., tools=tools, **kwargs)``,
``self.register(self.c)``); nothing else of a body is read. Kept only for an ``__init__`` that
hands a method of ``self`` to something (a call's argument, a list), so a class-heavy module's
scan stays its size. An ``__init__`` passing arguments to its base's is kept too: the base's
may register by them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Final

from toolgen.errors import SourceSpan
from toolgen.scan.model import Call, InitStep, Lit, Name, Opaque, Parameter, Seq, TExpr, Unary

_DEPTH: Final = 50
"""How deep an expression is converted; deeper is opaque (an ``__init__`` is code, not data)."""


def expr(node: ast.expr, depth: int = 0) -> TExpr:
    """An expression of Python's parse as a type expression of the scan's model; a call's
    ``**mapping`` is the keyword ``"**"``, a ``*sequence`` the positional ``Opaque("*...")``."""
    if depth > _DEPTH:
        return Opaque("<nested too deeply>")
    if isinstance(node, ast.Constant) and (
        node.value is None or isinstance(node.value, (str, int, float, bool))
    ):
        return Lit(node.value)
    dotted = _dotted(node)
    if dotted is not None:
        return Name(dotted)
    if isinstance(node, (ast.List, ast.Tuple)):
        kind = "list" if isinstance(node, ast.List) else "tuple"
        return Seq(kind, tuple(expr(e, depth + 1) for e in node.elts))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return Unary("not", expr(node.operand, depth + 1))
    if isinstance(node, ast.BoolOp):
        # ``a or b or c`` as a call of the operator: read only by class readers' conditions.
        op = "or" if isinstance(node.op, ast.Or) else "and"
        return Call(Name(f"<{op}>"), tuple(expr(v, depth + 1) for v in node.values), ())
    if isinstance(node, ast.Call):
        args: list[TExpr] = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                args.append(Opaque("*" + ast.unparse(arg.value)))
            else:
                args.append(expr(arg, depth + 1))
        kwargs = tuple(
            (k.arg if k.arg is not None else "**", expr(k.value, depth + 1)) for k in node.keywords
        )
        return Call(expr(node.func, depth + 1), tuple(args), kwargs)
    return Opaque(ast.unparse(node))


def _dotted(node: ast.expr) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return ".".join([node.id, *reversed(parts)])
    if isinstance(node, ast.Call) and not node.args and not node.keywords and parts:
        if isinstance(node.func, ast.Name) and node.func.id == "super":
            return ".".join(["super()", *reversed(parts)])  # ``super().__init__``
    return None


def _statements(
    body: list[ast.stmt], conditions: tuple[tuple[TExpr, bool], ...], display: str
) -> Iterator[InitStep]:
    for stmt in body:
        span = SourceSpan(display, stmt.lineno, stmt.col_offset + 1)
        if isinstance(stmt, ast.If):
            test = expr(stmt.test)
            yield from _statements(stmt.body, (*conditions, (test, True)), display)
            yield from _statements(stmt.orelse, (*conditions, (test, False)), display)
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if isinstance(target, ast.Name):
                yield InitStep("assign", target.id, expr(stmt.value), conditions, span)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value:
            yield InitStep("assign", stmt.target.id, expr(stmt.value), conditions, span)
        elif (
            isinstance(stmt, ast.AugAssign)
            and isinstance(stmt.op, ast.Add)
            and isinstance(stmt.target, ast.Name)
        ):
            yield InitStep("augassign", stmt.target.id, expr(stmt.value), conditions, span)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            yield InitStep("call", "", expr(stmt.value), conditions, span)


def _hands_over_self(steps: tuple[InitStep, ...]) -> bool:
    """Whether a step passes ``self.<something>`` as a value (a bound method handed over), or
    passes arguments on to a base's ``__init__``."""

    def walk(value: TExpr, top: bool) -> bool:
        if isinstance(value, Name):
            return not top and value.dotted.startswith("self.") and value.dotted.count(".") == 1
        if isinstance(value, Seq):
            return any(walk(v, False) for v in value.items)
        if isinstance(value, Call):
            return any(walk(v, False) for v in value.args) or any(
                walk(v, False) for _, v in value.kwargs
            )
        return False

    def passes_on(step: InitStep) -> bool:  # ``super().__init__(flag=flag)``: a base registers
        value = step.value
        return (
            step.kind == "call"
            and isinstance(value, Call)
            and isinstance(value.func, Name)
            and value.func.dotted.endswith(".__init__")
            and bool(value.args or value.kwargs)
        )

    return any(walk(step.value, step.kind == "call") or passes_on(step) for step in steps)


def init_steps(
    init: ast.FunctionDef | ast.AsyncFunctionDef, display: str
) -> tuple[tuple[Parameter, ...], tuple[InitStep, ...]]:
    """The constructor's parameters (annotations left out: the reader needs their defaults)
    and its statements, or two empty tuples when it neither hands a method of ``self`` over nor
    passes arguments to a base's ``__init__``."""
    steps = tuple(_statements(init.body, (), display))
    if not _hands_over_self(steps):
        return (), ()
    a = init.args
    params: list[Parameter] = []
    positional = [*a.posonlyargs, *a.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(a.defaults))
    defaults += list(a.defaults)
    for index, (arg, default) in enumerate(zip(positional, defaults)):
        kind = "positional_only" if index < len(a.posonlyargs) else "positional"
        params.append(_param(arg, kind, default, display))
    if a.vararg is not None:
        params.append(_param(a.vararg, "varargs", None, display))
    for arg, default in zip(a.kwonlyargs, a.kw_defaults):
        params.append(_param(arg, "keyword", default, display))
    if a.kwarg is not None:
        params.append(_param(a.kwarg, "varkw", None, display))
    return tuple(params), steps


def _param(arg: ast.arg, kind: str, default: ast.expr | None, display: str) -> Parameter:
    span = SourceSpan(display, arg.lineno, arg.col_offset + 1)
    return Parameter(arg.arg, kind, None, expr(default) if default is not None else None, span)


def self_names(value: TExpr, keywords: bool = True) -> Iterator[str]:
    """The names ``self.<name>`` ``value`` mentions, in order: itself, or within its lists and
    tuples and its calls' arguments (keyword arguments too, unless not ``keywords``)."""
    if isinstance(value, Name) and value.dotted.startswith("self."):
        yield value.dotted.split(".")[1]
    elif isinstance(value, Seq):
        for item in value.items:
            yield from self_names(item, keywords)
    elif isinstance(value, Call):
        for arg in value.args:
            yield from self_names(arg, keywords)
        for _, arg in value.kwargs if keywords else ():
            yield from self_names(arg, keywords)


def referenced_methods(steps: tuple[InitStep, ...]) -> frozenset[str]:
    """The names ``self.<name>`` the steps mention: the methods whose signatures to keep."""
    return frozenset(name for step in steps for name in self_names(step.value))


__all__ = ["expr", "init_steps", "referenced_methods", "self_names"]
