"""Calls of the registering methods (``REGISTERING``) anywhere in a file, read from Python's own
tree."""

from __future__ import annotations

import ast

from toolgen.errors import SourceSpan
from toolgen.scan.expressions import _ident, _text
from toolgen.scan.model import (
    NESTED_LISTS,
    REGISTERING,
    Call,
    Lit,
    Name,
    Opaque,
    Registration,
    TExpr,
)


def _registrations(tree: object, text: str, display: str) -> tuple[Registration, ...]:
    """The calls of :data:`REGISTERING` methods anywhere in the file, read from Python's own
    tree (the libcst one has function bodies hollowed out); a file that never spells one is not
    walked."""
    if not isinstance(tree, ast.Module) or not any(m in text for m in REGISTERING):
        return ()
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in REGISTERING
        ):
            call = _ast_expr(node, 0)
            if isinstance(call, Call):
                span = SourceSpan(display, node.lineno, node.col_offset + 1)
                found.append(Registration(node.func.attr, call, span))
    found.sort(key=lambda r: (r.span.line, r.span.col))
    return tuple(found)


def _nested_lists(tree: object, text: str, display: str) -> tuple[Registration, ...]:
    """The calls of :data:`NESTED_LISTS` constructors inside function bodies (a method's
    ``self.react = dspy.ReAct(...)``), each once; a file that never spells one is not walked."""
    if not isinstance(tree, ast.Module) or not any(m in text for m in NESTED_LISTS):
        return ()
    found: dict[tuple[int, int], Registration] = {}
    for scope in ast.walk(tree):
        if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(scope):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            named = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if named in NESTED_LISTS and (node.lineno, node.col_offset) not in found:
                call = _ast_expr(node, 0)
                if isinstance(call, Call):
                    span = SourceSpan(display, node.lineno, node.col_offset + 1)
                    found[(node.lineno, node.col_offset)] = Registration(str(named), call, span)
    return tuple(found[k] for k in sorted(found))


def _ast_expr(node: ast.expr, depth: int) -> TExpr:
    """The few shapes a registration's arguments are read in: names, literals, calls."""
    if depth > 20:
        return Opaque("...")
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float, bool)):
        return _text(node.value) if isinstance(node.value, str) else Lit(node.value)
    if isinstance(node, ast.Constant) and node.value is None:
        return Lit(None)
    dotted = _ast_dotted(node)
    if dotted is not None:
        return Name(dotted)
    if isinstance(node, ast.Call) and not any(isinstance(a, ast.Starred) for a in node.args):
        if any(k.arg is None for k in node.keywords):
            return Opaque(ast.unparse(node)[:200])
        return Call(
            _ast_expr(node.func, depth + 1),
            tuple(_ast_expr(a, depth + 1) for a in node.args),
            tuple((_ident(k.arg or ""), _ast_expr(k.value, depth + 1)) for k in node.keywords),
        )
    return Opaque(ast.unparse(node)[:200])


def _ast_dotted(node: ast.expr) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(_ident(p) for p in reversed(parts))
