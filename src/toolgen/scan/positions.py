"""Python's own parse of a file → where each node the scan reports on stands (keyed by name and
occurrence), and which classes the module instantiates."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Final, cast

import libcst as cst

from toolgen.scan.hollow import docstring_value

Key = tuple[Any, ...]

SET_IN_INIT: Final = frozenset({"name", "description", "args_schema", "inputs", "spec_functions"})
"""The class attributes a class reader reads (``ClassRule``'s, kept in step by a test, and
llama-index's ``spec_functions``) whose
assignment to ``self`` in ``__init__`` is noted: run time may swap what toolgen reads."""


def _walk(body: Sequence[Any], is_cst: bool) -> Iterator[Any]:
    """Module-level statements, descending into ``if``/``try`` blocks (``TYPE_CHECKING`` too)."""
    for stmt in body:
        yield stmt
        if is_cst:
            if isinstance(stmt, cst.If):
                yield from _walk(stmt.body.body, True)
                orelse = stmt.orelse
                while orelse is not None:
                    yield from _walk(orelse.body.body, True)
                    orelse = orelse.orelse if isinstance(orelse, cst.If) else None
            elif isinstance(stmt, (cst.Try, cst.TryStar)):
                yield from _walk(stmt.body.body, True)
                for handler in stmt.handlers:
                    yield from _walk(handler.body.body, True)
                for extra in (stmt.orelse, stmt.finalbody):
                    if extra is not None:
                        yield from _walk(extra.body.body, True)
        else:
            if isinstance(stmt, ast.If):
                yield from _walk(stmt.body, False)
                yield from _walk(stmt.orelse, False)
            elif isinstance(stmt, (ast.Try, getattr(ast, "TryStar", ast.Try))):
                stmt = cast(Any, stmt)
                yield from _walk(stmt.body, False)
                for handler in stmt.handlers:
                    yield from _walk(handler.body, False)
                yield from _walk(stmt.orelse, False)
                yield from _walk(stmt.finalbody, False)


def _method_positions(
    index: dict[Key, tuple[int, int]], cls: str, method: ast.FunctionDef | ast.AsyncFunctionDef
) -> None:
    """A method's parameters, decorators and docstring, keyed as :func:`toolgen.scan.signatures.signature`
    asks (a class's later def of a name replaces the earlier, as in Python)."""
    for i, deco in enumerate(method.decorator_list):
        index["mdeco", cls, method.name, i] = (deco.lineno, deco.col_offset + 1)
    a = method.args
    for arg in [*a.posonlyargs, *a.args, a.vararg, *a.kwonlyargs, a.kwarg]:
        if arg is not None:
            index["mparam", cls, method.name, arg.arg] = (arg.lineno, arg.col_offset + 1)
    body = method.body[0] if method.body else None
    raw = docstring_value(body)
    if body is not None and raw is not None:
        blank = len(raw) - len(raw.lstrip("\n\r \t").lstrip())
        index["mdoc", cls, method.name] = (
            body.lineno + raw[:blank].count("\n"),
            body.col_offset + 1,
        )


def _init_sets(
    index: dict[Key, tuple[int, int]], cls: str, init: ast.FunctionDef | ast.AsyncFunctionDef
) -> None:
    """Where ``__init__`` first sets one of :data:`SET_IN_INIT` on the instance (the body is
    read here, from Python's parse, before hollowing cuts it): ``self.<attr> = ...``, or, as
    pydantic-based tool classes do (CrewAI's), ``kwargs["<attr>"] = ...`` into the ``**``
    parameter before ``super().__init__(**kwargs)``, or ``super().__init__(<attr>=...)``."""
    star = init.args.kwarg.arg if init.args.kwarg is not None else None
    for node in ast.walk(init):
        found: list[tuple[str, ast.AST]] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and _is_super_init(node.func):
            found = [(k.arg, k) for k in node.keywords if k.arg is not None]
            targets = []
        else:
            continue
        for target in targets:
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
            ):
                found.append((target.attr, node))
            elif (
                isinstance(target, ast.Subscript)
                and isinstance(target.value, ast.Name)
                and target.value.id == star
                and isinstance(target.slice, ast.Constant)
                and isinstance(target.slice.value, str)
            ):
                found.append((target.slice.value, node))
        for attr, where in found:
            if attr in SET_IN_INIT:
                at = (getattr(where, "lineno", 0), getattr(where, "col_offset", 0) + 1)
                index.setdefault(("init-set", cls, attr), at)


def _is_super_init(func: ast.expr) -> bool:
    """``super().__init__``."""
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "__init__"
        and isinstance(func.value, ast.Call)
        and isinstance(func.value.func, ast.Name)
        and func.value.func.id == "super"
    )


def _ast_positions(tree: ast.Module) -> dict[Key, tuple[int, int]]:
    """Positions of the nodes the front end reports on, keyed as :class:`_Gatherer` asks."""
    index: dict[Key, tuple[int, int]] = {}
    seen: Counter[tuple[str, str]] = Counter()
    for stmt in _walk(tree.body, False):
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n = seen["def", stmt.name]
            seen["def", stmt.name] += 1
            index["def", stmt.name, n] = (stmt.lineno, stmt.col_offset + 1)
            body = stmt.body[0] if stmt.body else None
            raw = docstring_value(body)
            if body is not None and raw is not None:
                blank = len(raw) - len(raw.lstrip("\n\r \t").lstrip())
                leading = raw[:blank].count("\n")
                index["doc", stmt.name, n] = (body.lineno + leading, body.col_offset + 1)
            for i, deco in enumerate(stmt.decorator_list):
                index["deco", stmt.name, n, i] = (deco.lineno, deco.col_offset + 1)
            a = stmt.args
            for arg in [*a.posonlyargs, *a.args, a.vararg, *a.kwonlyargs, a.kwarg]:
                if arg is not None:
                    index["param", stmt.name, n, arg.arg] = (arg.lineno, arg.col_offset + 1)
        elif isinstance(stmt, ast.ClassDef):
            n = seen["class", stmt.name]
            seen["class", stmt.name] += 1
            index["class", stmt.name, n] = (stmt.lineno, stmt.col_offset + 1)
            for item in stmt.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    index["method", stmt.name, item.name] = (item.lineno, item.col_offset + 1)
                    _method_positions(index, stmt.name, item)
                    if item.name == "__init__":
                        _init_sets(index, stmt.name, item)
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    index["field", stmt.name, n, item.target.id] = (
                        item.lineno,
                        item.col_offset + 1,
                    )
        elif (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
        ):
            n = seen["stmt", ""]
            seen["stmt", ""] += 1
            index["stmt", n] = (stmt.lineno, stmt.col_offset + 1)
        elif isinstance(stmt, ast.ImportFrom):
            n = seen["import", ""]
            seen["import", ""] += 1
            index["import", n] = (stmt.lineno, stmt.col_offset + 1)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) or type(stmt).__name__ == "TypeAlias":
            targets = (
                stmt.targets
                if isinstance(stmt, ast.Assign)
                else [getattr(stmt, "target", None) or getattr(stmt, "name", None)]
            )
            for target in targets:
                if isinstance(target, ast.Name):
                    n = seen["alias", target.id]
                    seen["alias", target.id] += 1
                    index["alias", target.id, n] = (stmt.lineno, stmt.col_offset + 1)
    return index


def _instantiated(tree: ast.Module) -> frozenset[str]:
    """The names module-level statements call (``Service(...)``, ``pkg.Service(...)``: the last
    part), outside function and class bodies: the classes this module makes instances of, with
    their bases in this module (whose methods they inherit)."""
    found: set[str] = set()
    bases: dict[str, list[str]] = {}
    for stmt in _walk(tree.body, False):
        if isinstance(stmt, ast.ClassDef):
            bases[stmt.name] = [b.id for b in stmt.bases if isinstance(b, ast.Name)]
        if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Expr)) and stmt.value is not None:
            for node in ast.walk(stmt.value):
                if isinstance(node, ast.Call):
                    func = node.func
                    if isinstance(func, ast.Name):
                        found.add(func.id)
                    elif isinstance(func, ast.Attribute):
                        found.add(func.attr)
    stack = list(found)
    while stack:
        for base in bases.pop(stack.pop(), ()):
            if base not in found:
                found.add(base)
                stack.append(base)
    return frozenset(found)
