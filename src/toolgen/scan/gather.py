"""One file → ``ModuleScan``: Python's own parse guards it (:mod:`toolgen.scan.guard`), libcst
parses it (without the function bodies toolgen never reads: :mod:`toolgen.scan.hollow`); a
light pass reads only module-level statements.

Whole-file metadata (libcst's ``PositionProvider``) costs about 3× the parse, so
positions come from the standard library's ``ast`` (0.15× the parse) keyed by
name and occurrence; libcst's provider is used only when ``ast`` cannot parse.
"""

from __future__ import annotations

import ast
import codecs
import dataclasses
import io
import os
import re
import stat
import tokenize
import unicodedata
import warnings
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final, cast

import libcst as cst

from toolgen.discover import MAX_SOURCE_BYTES
from toolgen.errors import Diagnostic, Diagnostics, SourceSpan
from toolgen.header import is_generated
from toolgen.scan.guard import Refused, parse_guarded, parse_on_large_stack
from toolgen.scan.hollow import NEWLINES, Hollowed, docstring_value, hollow, line_starts
from toolgen.scan.init_steps import init_steps, referenced_methods
from toolgen.scan.model import (
    NESTED_LISTS,
    REGISTERING,
    Alias,
    Attr,
    BinOp,
    Call,
    ClassDef,
    FieldDef,
    Fmt,
    FString,
    Function,
    InitStep,
    Lit,
    ModuleScan,
    Name,
    Opaque,
    Or,
    Parameter,
    Registration,
    Seq,
    Statement,
    Sub,
    TExpr,
    Unary,
)
from toolgen.scan.surrogates import SURROGATE, surrogate_reason

Key = tuple[Any, ...]

READ_BY_NAME: Final = frozenset({"_run", "_arun", "forward", "__call__"})
SET_IN_INIT: Final = frozenset({"name", "description", "args_schema", "inputs", "spec_functions"})
"""The class attributes a class reader reads (``ClassRule``'s, kept in step by a test, and
llama-index's ``spec_functions``) whose
assignment to ``self`` in ``__init__`` is noted: run time may swap what toolgen reads."""
"""The undecorated methods whose signatures are kept (a class reader reads them by name:
``ClassRule.signature`` in :mod:`toolgen.frameworks.classes`, which a test keeps in step);
keeping every method's would cost a class-heavy module's scan a fifth more. A class its own
module instantiates at module level (``service = Service()``) keeps its public methods' too:
``service.search`` may be a tool's function, bound (measured: every method of a module of 100
classes of 10 methods costs its scan 1.4×, so the others do not)."""
NAMED_METHODS: Final = frozenset({"llama_index"})
"""Frameworks whose classes name their tools' methods by string (llama-index's
``spec_functions``): such a class's public methods' signatures are kept too (only there:
keeping every method's costs class-heavy modules' scans)."""
_BINARY: dict[type[cst.BaseBinaryOp], str] = {
    cst.Add: "+",
    cst.Subtract: "-",
    cst.Multiply: "*",
    cst.Divide: "/",
    cst.FloorDivide: "//",
    cst.Modulo: "%",
}


def decode_source(data: bytes, display: str, diags: Diagnostics) -> str | None:
    """Decode as Python does: a BOM or PEP 263 cookie, else UTF-8. ``None`` on failure.

    What Python refuses is refused here, as an error at its line: an unknown codec, one that
    does not decode (``undefined``, ``rot13``), bytes the codec rejects, and a text with a lone
    surrogate (``unicode_escape`` can make one; Python then fails to re-encode the source)."""
    try:
        encoding, read = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        diags.error(f"cannot decode file: {exc.msg}", SourceSpan(display, exc.lineno or 1, 1))
        return None
    try:
        codecs.lookup(encoding)
        text = data.decode(encoding)
    except (LookupError, UnicodeError) as exc:  # UnicodeError: the ``undefined`` codec's
        line = len(read) if read and b"coding" in read[-1] else 1  # the cookie's line
        if isinstance(exc, UnicodeDecodeError):
            line = data[: exc.start].count(b"\n") + 1
        diags.error(f"cannot decode file as {encoding}: {exc}", SourceSpan(display, line, 1))
        return None
    if encoding not in ("utf-8", "utf-8-sig"):  # UTF-8's decoder never makes a surrogate
        surrogate = _SURROGATE.search(text)
        if surrogate is not None:
            line, col = _line_col(text, surrogate.start())
            diags.error(
                f"cannot decode file as {encoding}: it decodes to a lone surrogate "
                f"({surrogate.group()!r}), which Python refuses in source code",
                SourceSpan(display, line, col),
            )
            return None
    return text.removeprefix("\ufeff")


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset``, lines ending as Python's do."""
    before = text[:offset]
    return len(NEWLINES.findall(before)) + 1, offset - max(before.rfind("\n"), before.rfind("\r"))


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
    """A method's parameters, decorators and docstring, keyed as :meth:`_Gatherer.signature`
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


class _Gatherer:
    """Reads one parsed module's top-level statements into plain data."""

    def __init__(
        self,
        module: cst.Module,
        tree: ast.AST | None,
        display: str,
        modname: str,
        is_package: bool,
        diags: Diagnostics,
        hollowed: Hollowed | None = None,
        text: str = "",
    ) -> None:
        """``tree``: Python's own parse of the same text, for positions (``None``: libcst's).
        ``hollowed``: what libcst parsed, when not ``text`` itself (:mod:`toolgen.scan.hollow`)."""
        self.module = module
        self.hollowed = hollowed
        self.text = text
        self.display = display
        self.modname = modname
        self.is_package = is_package
        self.diags = diags
        self.seen: Counter[tuple[str, str]] = Counter()
        self.cst_positions: Any = None
        self.index: dict[Key, tuple[int, int]] | None = None
        # Each class's ``__init__`` as its steps, by (name, occurrence), from Python's parse.
        self.inits: dict[tuple[str, int], tuple[tuple[Parameter, ...], tuple[InitStep, ...]]]
        self.inits = {}
        if isinstance(tree, ast.Module):
            self.index = _ast_positions(tree)
            seen: Counter[str] = Counter()
            for stmt in _walk(tree.body, False):
                if isinstance(stmt, ast.ClassDef):
                    n = seen[stmt.name]
                    seen[stmt.name] += 1
                    init = next(
                        (
                            item
                            for item in reversed(stmt.body)
                            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                            and item.name == "__init__"
                        ),
                        None,
                    )
                    if init is not None:
                        self.inits[stmt.name, n] = init_steps(init, display)
        self.instantiated: frozenset[str] = (
            _instantiated(tree) if isinstance(tree, ast.Module) else frozenset()
        )
        self.imports: list[tuple[str, str]] = []
        self.classes: list[ClassDef] = []
        self.aliases: list[Alias] = []
        self.functions: list[Function] = []
        self.statements: list[Statement] = []

    # --- positions -------------------------------------------------------------------
    def span(self, key: Key, node: cst.CSTNode) -> SourceSpan:
        if self.index is not None:
            found = self.index.get(key)
            if found is not None:
                return SourceSpan(self.display, *found)
        if self.cst_positions is None:
            from libcst.metadata import MetadataWrapper, PositionProvider

            wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
            try:
                self.cst_positions = wrapper.resolve(PositionProvider)
            except (RecursionError, KeyError):  # a deep expression; KeyError is how it ends
                self.cst_positions = {}
        pos = self.cst_positions.get(node)
        if pos is None:
            return SourceSpan(self.display, 1, 1)
        if self.hollowed is not None:  # a position in what libcst parsed → in the file
            lines = line_starts(self.hollowed.text)
            at = self.hollowed.original_offset(lines[pos.start.line - 1] + pos.start.column)
            return SourceSpan(self.display, *_line_col(self.text, at))
        return SourceSpan(self.display, pos.start.line, pos.start.column + 1)

    def occurrence(self, kind: str, name: str) -> int:
        n = self.seen[kind, name]
        self.seen[kind, name] += 1
        return n

    # --- expressions -----------------------------------------------------------------
    def expr(self, node: cst.BaseExpression, depth: int = 0) -> TExpr:
        if depth > 200:
            return Opaque("<the expression is nested too deeply>")
        if isinstance(node, cst.Name):
            if node.value in ("None", "True", "False"):
                return Lit({"None": None, "True": True, "False": False}[node.value])
            return Name(_ident(node.value))
        if isinstance(node, cst.Attribute):
            dotted = _dotted(node)
            return (
                Name(dotted)
                if dotted
                else Attr(self.expr(node.value, depth + 1), _ident(node.attr.value))
            )
        if isinstance(node, cst.Subscript):
            args = []
            for element in node.slice:
                if isinstance(element.slice, cst.Index) and element.slice.star is None:
                    args.append(self.expr(element.slice.value, depth + 1))
                else:
                    args.append(Opaque(self.code(element.slice)))
            return Sub(self.expr(node.value, depth + 1), tuple(args))
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            value = _evaluate(node)
            if isinstance(value, str):
                return _text(value)
            if _has_fstring(node):
                parts = self.fstring_parts(node, depth)
                return FString(tuple(parts)) if parts is not None else Opaque(self.code(node))
            return Opaque(self.code(node))
        if isinstance(node, cst.FormattedString):
            parts = self.fstring_parts(node, depth)
            return FString(tuple(parts)) if parts is not None else Opaque(self.code(node))
        if isinstance(node, (cst.Integer, cst.Float)):
            try:
                return Lit(node.evaluated_value)
            except (ValueError, OverflowError, SyntaxError):  # e.g. an int past the digit limit
                return Opaque(self.code(node))
        if isinstance(node, cst.Ellipsis):
            return Lit(...)
        if isinstance(node, cst.UnaryOperation):
            inner = self.expr(node.expression, depth + 1)
            if isinstance(node.operator, cst.Minus):
                if isinstance(inner, Lit) and type(inner.value) in (int, float):
                    return Lit(-inner.value)  # type: ignore[operator]
                return Unary("-", inner)
            if isinstance(node.operator, cst.Plus):
                return Unary("+", inner)
            if isinstance(node.operator, cst.Not):
                return Unary("not", inner)
        if isinstance(node, cst.BinaryOperation) and type(node.operator) in _BINARY:
            op = _BINARY[type(node.operator)]
            return BinOp(op, self.expr(node.left, depth + 1), self.expr(node.right, depth + 1))
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            items: list[TExpr] = []
            for side in (node.left, node.right):
                converted = self.expr(side, depth + 1)
                items.extend(converted.items if isinstance(converted, Or) else [converted])
            return Or(tuple(items))
        if isinstance(node, (cst.List, cst.Tuple)):
            if all(isinstance(e, cst.Element) for e in node.elements):
                kind = "list" if isinstance(node, cst.List) else "tuple"
                return Seq(kind, tuple(self.expr(e.value, depth + 1) for e in node.elements))
        if isinstance(node, cst.Dict):
            pairs: list[TExpr] = []
            for item in node.elements:
                if not isinstance(item, cst.DictElement):
                    return Opaque(self.code(node))
                pairs.append(
                    Seq(
                        "pair",
                        (self.expr(item.key, depth + 1), self.expr(item.value, depth + 1)),
                    )
                )
            return Seq("dict", tuple(pairs))
        if isinstance(node, cst.Call):
            args, kwargs = [], []
            for arg in node.args:
                if arg.star:
                    return Opaque(self.code(node))
                value = self.expr(arg.value, depth + 1)
                if arg.keyword is not None:
                    kwargs.append((_ident(arg.keyword.value), value))
                else:
                    args.append(value)
            return Call(self.expr(node.func, depth + 1), tuple(args), tuple(kwargs))
        return Opaque(self.code(node))

    def code(self, node: cst.CSTNode) -> str:
        try:
            return self.module.code_for_node(node).strip()
        except RecursionError:  # libcst writes code back recursively
            return "<the expression is nested too deeply>"

    def fstring_parts(self, node: cst.BaseExpression, depth: int) -> list[TExpr] | None:
        """The text and fields of an f-string, or of plain and f-strings written side by side."""
        if isinstance(node, cst.ConcatenatedString):
            left = self.fstring_parts(node.left, depth)
            right = self.fstring_parts(node.right, depth)
            return None if left is None or right is None else [*left, *right]
        if isinstance(node, cst.SimpleString):
            value = _evaluate(node)
            return [_text(value)] if isinstance(value, str) else None
        if not isinstance(node, cst.FormattedString):
            return None
        prefix = node.prefix.replace("f", "").replace("F", "")
        raw = "r" in prefix.lower()
        parts: list[TExpr] = []
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                text = _fstring_text(part.value, node.quote, prefix, raw)
                if text is None:
                    return None
                parts.append(_text(text))
            elif isinstance(part, cst.FormattedStringExpression):
                if part.equal is not None:  # f"{x=}": the source text too; not worth folding
                    return None
                spec: TExpr | None = None
                if part.format_spec is not None:
                    inner: list[TExpr] = []
                    for piece in part.format_spec:
                        if isinstance(piece, cst.FormattedStringText):
                            inner.append(Lit(piece.value.replace("{{", "{").replace("}}", "}")))
                        elif isinstance(piece, cst.FormattedStringExpression):
                            inner.append(Fmt(self.expr(piece.expression, depth + 1), "", None))
                    spec = FString(tuple(inner))
                parts.append(
                    Fmt(self.expr(part.expression, depth + 1), part.conversion or "", spec)
                )
            else:
                return None
        return parts

    def docstring(self, node: cst.FunctionDef | cst.ClassDef, where: SourceSpan) -> str | None:
        """The cleaned docstring; a lone surrogate in it (which no UTF-8 text can hold) is kept
        as its visible escape, ``\\udcff``, with a warning at the docstring."""
        doc = _docstring(node)
        found = _SURROGATE.search(doc) if doc is not None else None
        if doc is None or found is None:
            return doc
        self.diags.warning(
            f"the docstring of '{node.name.value}' holds {SURROGATE}: it is kept as the "
            f"text {_escaped(found.group())}",
            where,
            "lone-surrogate",
        )
        return _SURROGATE.sub(lambda each: _escaped(each.group()), doc)

    def normalised(self, what: str, written: str, bound: str, where: SourceSpan) -> None:
        """A warning where a name is not the one Python binds (it NFKC-normalises identifiers:
        ``ｈost`` is ``host``): toolgen reads and publishes Python's, which a call must use."""
        if written != bound:
            self.diags.warning(
                f"the {what} '{written}' is '{bound}' to Python (it reads identifiers "
                f"NFKC-normalised): toolgen uses '{bound}'",
                where,
                "normalised-name",
            )

    # --- statements ------------------------------------------------------------------
    def run(self) -> None:
        for stmt in _walk(self.module.body, True):
            if isinstance(stmt, cst.FunctionDef):
                self.function(stmt)
            elif isinstance(stmt, cst.ClassDef):
                self.klass(stmt)
            elif isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    self.small(small)

    def small(self, node: cst.BaseSmallStatement) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                dotted = _dotted(alias.name) or ""
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    self.imports.append((_ident(alias.asname.name.value), dotted))
                else:
                    head = dotted.split(".")[0]
                    self.imports.append((head, head))
                    self.imports.append((dotted, dotted))
        elif isinstance(node, cst.ImportFrom):
            base = self.absolute(node, self.occurrence("import", ""))
            if base is None:
                return
            if isinstance(node.names, cst.ImportStar):
                self.imports.append(("*", base))
                return
            for alias in node.names:
                name = _dotted(alias.name) or ""
                local = name
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    local = _ident(alias.asname.name.value)
                self.imports.append((local, f"{base}.{name}" if base else name))
        elif isinstance(node, cst.Assign):
            if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                name = _ident(node.targets[0].target.value)
                span = self.span(("alias", name, self.occurrence("alias", name)), node)
                self.aliases.append(Alias(name, self.expr(node.value), span))
        elif isinstance(node, cst.AnnAssign):
            if isinstance(node.target, cst.Name) and node.value is not None:
                name = _ident(node.target.value)
                span = self.span(("alias", name, self.occurrence("alias", name)), node)
                # ``X: TypeAlias = ...`` is a type alias; ``LIMIT: Final = 50`` and
                # ``REGION: str = "eu"`` are constants: both are read through the same binding.
                self.aliases.append(Alias(name, self.expr(node.value), span))
        elif (
            isinstance(node, cst.Expr)
            and isinstance(node.value, cst.Call)
            and isinstance(node.value.func, cst.Attribute)
        ):
            # ``mcp.add_tool(fn)``, ``toolset.add_function(fn)``: the readers decide what counts.
            span = self.span(("stmt", self.occurrence("stmt", "")), node)
            self.statements.append(Statement(self.expr(node.value), span))
        elif type(node).__name__ == "TypeAlias":  # ``type X = ...`` (Python 3.12)
            name = _ident(node.name.value)  # type: ignore[attr-defined]
            span = self.span(("alias", name, self.occurrence("alias", name)), node)
            self.aliases.append(Alias(name, self.expr(node.value), span))  # type: ignore[attr-defined]

    def absolute(self, node: cst.ImportFrom, n: int) -> str | None:
        """The absolute module a ``from`` import names, relative ones resolved."""
        target = _dotted(node.module) if node.module is not None else ""
        level = len(node.relative)
        if level == 0:
            return target
        package = self.modname.split(".")
        if not self.is_package:
            package = package[:-1]
        if level - 1 > len(package):
            self.diags.warning(
                "relative import goes beyond the top-level package",
                self.span(("import", n), node),
            )
            return None
        package = package[: len(package) - (level - 1)]
        return ".".join([*package, target] if target else package)

    def function(self, node: cst.FunctionDef) -> None:
        name = _ident(node.name.value)
        n = self.occurrence("def", name)
        found = self.signature(node, ("def", name, n), ("param", name, n))
        returned = _returned_display(node)
        if returned is not None:
            found = dataclasses.replace(found, returned=self.expr(returned))
        self.functions.append(found)

    def signature(self, node: cst.FunctionDef, at: Key, key: tuple[Any, ...]) -> Function:
        """A function's or method's signature, decorators and docstring: ``at`` keys its
        place in the index, ``key`` (with ``"param"``/``"deco"``/``"doc"`` first) its parts'."""
        name = _ident(node.name.value)
        params: list[Parameter] = []
        p = node.params
        parts = key[1:]

        def add(param: cst.Param, kind: str) -> None:
            pname = _ident(param.name.value)
            span = self.span((key[0], *parts, pname), param)
            if any(other.name == pname for other in params):
                self.diags.error(
                    f"the parameters '{_first(node, pname)}' and '{param.name.value}' are one "
                    f"name to Python, '{pname}' (it reads identifiers NFKC-normalised)",
                    span,
                    "normalised-name",
                )
            self.normalised("parameter", param.name.value, pname, span)
            params.append(
                Parameter(
                    pname,
                    kind,
                    self.expr(param.annotation.annotation) if param.annotation else None,
                    self.expr(param.default) if param.default is not None else None,
                    span,
                )
            )

        for param in p.posonly_params:
            add(param, "positional_only")
        for param in p.params:
            add(param, "positional")
        if isinstance(p.star_arg, cst.Param):
            add(p.star_arg, "varargs")
        for param in p.kwonly_params:
            add(param, "keyword")
        if p.star_kwarg is not None:
            add(p.star_kwarg, "varkw")
        deco_key, doc_key = ("deco" if key[0] == "param" else "mdeco"), (
            "doc" if key[0] == "param" else "mdoc"
        )
        decorators = tuple(self.expr(d.decorator) for d in node.decorators)
        spans = tuple(self.span((deco_key, *parts, i), d) for i, d in enumerate(node.decorators))
        doc_at = self.index.get((doc_key, *parts)) if self.index is not None else None
        doc_line = doc_at[0] if doc_at is not None else 0
        span = self.span(at, node)
        self.normalised("function", node.name.value, name, span)
        docstring = self.docstring(node, SourceSpan(span.path, *doc_at) if doc_at else span)
        return Function(
            name=name,
            decorators=decorators,
            params=tuple(params),
            returns=self.expr(node.returns.annotation) if node.returns else None,
            docstring=docstring if isinstance(docstring, str) else None,
            is_async=node.asynchronous is not None,
            span=span,
            decorator_spans=spans,
            docstring_line=doc_line,
        )

    def names_methods(self, body: Sequence[cst.CSTNode]) -> bool:
        """Whether a class's public methods may be tools it names by string: it assigns
        ``spec_functions`` (llama-index), or its module imports a framework of
        :data:`NAMED_METHODS` (a base whose methods a subclass names)."""
        if any(q.split(".")[0] in NAMED_METHODS for _, q in self.imports):
            return True
        return any(
            isinstance(small, cst.Assign)
            and any(
                isinstance(t.target, cst.Name) and t.target.value == "spec_functions"
                for t in small.targets
            )
            for stmt in body
            if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body
        )

    def klass(self, node: cst.ClassDef) -> None:
        name = _ident(node.name.value)
        n = self.occurrence("class", name)
        bases = tuple(self.expr(a.value) for a in node.bases if a.keyword is None and not a.star)
        keywords = tuple(
            (_ident(a.keyword.value), self.expr(a.value))
            for a in (*node.bases, *node.keywords)
            if a.keyword is not None
        )
        fields: list[FieldDef] = []
        members: list[tuple[str, TExpr]] = []
        methods: list[tuple[str, tuple[TExpr, ...], SourceSpan]] = []
        signatures: dict[str, Function] = {}  # the last def of a name is the method, as in Python
        written: dict[str, str] = {}  # each field's name as Python binds it → as written
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else [node.body]
        public = self.names_methods(body)
        init_params, steps = self.inits.get((name, n), ((), ()))
        kept = READ_BY_NAME | referenced_methods(steps)  # the methods __init__ registers
        for stmt in body:
            if isinstance(stmt, cst.FunctionDef) and (
                stmt.decorators
                or _ident(stmt.name.value) in kept
                or ((public or name in self.instantiated) and not stmt.name.value.startswith("_"))
            ):
                mname = _ident(stmt.name.value)
                signatures[mname] = self.signature(
                    stmt, ("method", name, mname), ("mparam", name, mname)
                )
            if isinstance(stmt, cst.FunctionDef) and stmt.decorators:
                methods.append(
                    (
                        _ident(stmt.name.value),
                        tuple(self.expr(d.decorator) for d in stmt.decorators),
                        self.span(("method", name, _ident(stmt.name.value)), stmt),
                    )
                )
            smalls = (
                stmt.body
                if isinstance(stmt, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
                else []
            )
            for small in smalls:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    fname = _ident(small.target.value)
                    at = self.span(("field", name, n, fname), small)
                    clash = written.setdefault(fname, small.target.value)
                    if clash != small.target.value:
                        self.diags.error(
                            f"the fields '{clash}' and '{small.target.value}' of '{name}' are "
                            f"one name to Python, '{fname}' (it reads identifiers "
                            "NFKC-normalised)",
                            at,
                            "normalised-name",
                        )
                    self.normalised("field", small.target.value, fname, at)
                    fields.append(
                        FieldDef(
                            fname,
                            self.expr(small.annotation.annotation),
                            self.expr(small.value) if small.value is not None else None,
                            at,
                        )
                    )
                elif isinstance(small, cst.Assign):
                    for target in small.targets:
                        if isinstance(target.target, cst.Name):
                            members.append((_ident(target.target.value), self.expr(small.value)))
        span = self.span(("class", name, n), node)
        docstring = self.docstring(node, span)
        index = self.index or {}
        set_in_init = tuple(
            (attr, SourceSpan(self.display, *index["init-set", name, attr]))
            for attr in sorted(SET_IN_INIT)
            if ("init-set", name, attr) in index
        )
        self.classes.append(
            ClassDef(
                name=name,
                module=self.modname,
                bases=bases,
                keywords=keywords,
                decorators=tuple(self.expr(d.decorator) for d in node.decorators),
                fields=tuple(fields),
                members=tuple(members),
                docstring=docstring if isinstance(docstring, str) else None,
                span=span,
                methods=tuple(methods),
                functions=tuple(signatures.values()),
                set_in_init=set_in_init,
                init_params=init_params,
                init_steps=steps,
            )
        )


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


def _returned_display(node: cst.FunctionDef) -> cst.BaseExpression | None:
    """The list or tuple ``node`` returns when its body is that one ``return`` after its
    docstring (the body hollowing keeps: :func:`toolgen.scan.hollow.returned_display`)."""
    if not isinstance(node.body, cst.IndentedBlock):
        return None
    body = list(node.body.body)
    if body and _docstring(node) is not None:
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine):
        return None
    small = body[0].body
    if len(small) == 1 and isinstance(small[0], cst.Return):
        value = small[0].value
        if isinstance(value, (cst.List, cst.Tuple)):
            return value
    return None


def _evaluate(node: cst.SimpleString | cst.ConcatenatedString) -> object:
    """A string literal's value; ``None`` when Python itself would not accept it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return node.evaluated_value
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None


def _text(value: str) -> TExpr:
    """A string's value, or, when it holds a lone surrogate, the reason it has none: no UTF-8
    text (the scan cache, the generated module) can carry it."""
    surrogate = _SURROGATE.search(value)
    if surrogate is None:
        return Lit(value)
    return Opaque(surrogate_reason(value, surrogate.start()))


def _escaped(char: str) -> str:
    return f"\\u{ord(char):04x}"


def _has_fstring(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.ConcatenatedString):
        return _has_fstring(node.left) or _has_fstring(node.right)
    return isinstance(node, cst.FormattedString)


def _fstring_text(text: str, quote: str, prefix: str, raw: bool) -> str | None:
    """A literal piece of an f-string as Python reads it: escapes decoded, ``{{`` made ``{``."""
    if not raw:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                value = ast.literal_eval(f"{prefix}{quote}{text}{quote}")
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None
        if not isinstance(value, str):
            return None
        text = value
    return text.replace("{{", "{").replace("}}", "}")


def _docstring(node: cst.FunctionDef | cst.ClassDef) -> str | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            doc = node.get_docstring(clean=True)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None
    return doc if isinstance(doc, str) else None


def _ident(name: str) -> str:
    """An identifier as Python binds it: NFKC-normalised (PEP 3131), as ``ast`` gives it. Stable
    across Pythons: a character's decomposition never changes once assigned, and a Python that
    does not know a character refuses the file."""
    return name if name.isascii() else unicodedata.normalize("NFKC", name)


def _first(node: cst.FunctionDef, bound: str) -> str:
    """The first parameter of ``node`` that Python binds as ``bound``, as written."""
    p = node.params
    every = [*p.posonly_params, *p.params, *p.kwonly_params]
    every += [a for a in (p.star_arg, p.star_kwarg) if isinstance(a, cst.Param)]
    return next((a.name.value for a in every if _ident(a.name.value) == bound), bound)


def _dotted(node: cst.BaseExpression | None) -> str | None:
    """``a.b.c`` as text; ``None`` when it is not a plain dotted name. A loop, not recursion:
    Python accepts chains thousands of names long."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(_ident(node.attr.value))
        node = node.value
    if not isinstance(node, cst.Name):
        return None
    parts.append(_ident(node.value))
    return ".".join(reversed(parts))


def parse_annotation(text: str) -> TExpr:
    """A string annotation (forward reference) as a type expression."""
    try:
        parse_guarded(text.strip(), "eval")
        node = parse_on_large_stack(cst.parse_expression, text.strip())
    except Refused as refused:
        return Opaque("<the annotation is nested too deeply>" if refused.deep else text)
    except (cst.ParserSyntaxError, RecursionError):
        return Opaque(text)
    return _Gatherer(cst.Module(body=[]), None, "<annotation>", "", False, Diagnostics()).expr(node)


def _parse_cst(text: str, hollowed: Hollowed | None) -> tuple[cst.Module, Hollowed | None]:
    """libcst's parse of ``hollowed`` (the file without the bodies toolgen never reads), and
    of the whole ``text`` when there is nothing to cut or libcst refuses the cut text: then
    the file is read, and refused, as libcst reads it."""
    if hollowed is not None:
        try:
            return parse_on_large_stack(cst.parse_module, hollowed.text), hollowed
        except cst.ParserSyntaxError:
            pass
    return parse_on_large_stack(cst.parse_module, text), None


def gather_text(
    text: str, display: str, modname: str, is_package: bool = False, is_stub: bool = False
) -> ModuleScan:
    """Scan source text. Syntax errors become diagnostics with the parser's line and column."""
    diags = Diagnostics()
    if "\x00" in text:  # CPython refuses these files; libcst alone would accept them
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        diags.error(
            "syntax error: source code cannot contain null bytes", SourceSpan(display, line, col)
        )
        return _empty(display, modname, is_package, is_stub, diags.items)
    try:
        tree, error = parse_guarded(text)
    except Refused as refused:
        diags.error(refused.message, SourceSpan(display, refused.line, refused.col))
        return _empty(display, modname, is_package, is_stub, diags.items)
    hollowed = hollow(text, _walk(tree.body, False)) if isinstance(tree, ast.Module) else None
    try:
        module, hollowed = _parse_cst(text, hollowed)
    except cst.ParserSyntaxError as exc:
        # libcst places the error at the start of the statement; CPython's own parser
        # names the exact token and says what is wrong in the words users know.
        if error is not None:
            diags.error(
                f"syntax error: {error.msg}",
                SourceSpan(display, error.lineno or 1, error.offset or 1),
            )
        else:
            diags.error(
                f"syntax error: {exc.message}",
                SourceSpan(display, exc.editor_line, exc.editor_column),
            )
        return _empty(display, modname, is_package, is_stub, diags.items)
    except RecursionError:
        diags.error(
            "syntax error: expression too deeply nested to parse", SourceSpan(display, 1, 1)
        )
        return _empty(display, modname, is_package, is_stub, diags.items)
    gatherer = _Gatherer(module, tree, display, modname, is_package, diags, hollowed, text)
    try:
        gatherer.run()
    except RecursionError:  # a last guard: Python parsed it, so it is not a syntax error
        diags.error(
            "an expression is nested too deeply for toolgen to read this file",
            SourceSpan(display, 1, 1),
        )
        return _empty(display, modname, is_package, is_stub, diags.items)
    return ModuleScan(
        path=display,
        module=modname,
        is_package=is_package,
        is_stub=is_stub,
        imports=tuple(gatherer.imports),
        classes=tuple(gatherer.classes),
        aliases=tuple(gatherer.aliases),
        functions=tuple(gatherer.functions),
        diagnostics=tuple(diags.items),
        registrations=_registrations(tree, text, display),
        nested_lists=_nested_lists(tree, text, display),
        statements=tuple(gatherer.statements),
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


def gather_file(
    path: Path,
    display: str,
    modname: str,
    is_package: bool = False,
    is_stub: bool = False,
    data: bytes | None = None,
) -> ModuleScan:
    """Read, decode and scan one file; every failure is a diagnostic, never an exception."""
    diags = Diagnostics()
    if data is None:
        try:
            info = os.stat(path)  # a FIFO would block a read, /dev/zero never end it
            if not stat.S_ISREG(info.st_mode):
                diags.error("cannot read file: not a regular file", SourceSpan(display, 1, 1))
                return _empty(display, modname, is_package, is_stub, diags.items)
            if info.st_size <= MAX_SOURCE_BYTES:
                data = path.read_bytes()
        except OSError as exc:
            diags.error(f"cannot read file: {exc.strerror or exc}", SourceSpan(display, 1, 1))
            return _empty(display, modname, is_package, is_stub, diags.items)
    if data is None or len(data) > MAX_SOURCE_BYTES:  # grown since it was listed
        diags.error(
            f"the file is more than the {MAX_SOURCE_BYTES:,} bytes toolgen reads; not scanned",
            SourceSpan(display, 1, 1),
            "file-too-large",
        )
        return _empty(display, modname, is_package, is_stub, diags.items)
    if is_generated(data):  # toolgen's own output, wherever it is: never scanned
        return _empty(display, modname, is_package, is_stub, diags.items)
    text = decode_source(data, display, diags)
    if text is None:
        return _empty(display, modname, is_package, is_stub, diags.items)
    return gather_text(text, display, modname, is_package, is_stub)


def _empty(
    display: str, modname: str, is_package: bool, is_stub: bool, diagnostics: list[Diagnostic]
) -> ModuleScan:
    return ModuleScan(display, modname, is_package, is_stub, (), (), (), (), tuple(diagnostics))
