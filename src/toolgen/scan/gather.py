"""One file → ``ModuleScan``: Python's own parse guards it (:mod:`toolgen.scan.guard`), libcst
parses it (without the function bodies toolgen never reads: :mod:`toolgen.scan.hollow`); a
light pass reads only module-level statements.

Whole-file metadata (libcst's ``PositionProvider``) costs about 3× the parse, so
positions come from the standard library's ``ast`` (0.15× the parse) keyed by
name and occurrence; libcst's provider is used only when ``ast`` cannot parse.
"""

from __future__ import annotations

import ast
import os
import stat
from collections import Counter
from pathlib import Path
from typing import Any

import libcst as cst

from toolgen.discover import MAX_SOURCE_BYTES
from toolgen.errors import Diagnostic, Diagnostics, SourceSpan
from toolgen.header import is_generated
from toolgen.scan.class_defs import NAMED_METHODS, READ_BY_NAME, read_class
from toolgen.scan.expressions import (
    Expressions,
    _docstring,
    _dotted,
    _escaped,
    _ident,
    parse_annotation,
)
from toolgen.scan.guard import Refused, parse_guarded, parse_on_large_stack
from toolgen.scan.hollow import Hollowed, hollow, line_starts
from toolgen.scan.init_steps import init_steps
from toolgen.scan.model import Alias, ClassDef, Function, InitStep, ModuleScan, Parameter, Statement
from toolgen.scan.positions import SET_IN_INIT, Key, _ast_positions, _instantiated, _walk
from toolgen.scan.registrations import _nested_lists, _registrations
from toolgen.scan.signatures import read_function
from toolgen.scan.source import _SURROGATE, _line_col, decode_source
from toolgen.scan.surrogates import SURROGATE

__all__ = [
    "NAMED_METHODS",
    "READ_BY_NAME",
    "SET_IN_INIT",
    "decode_source",
    "gather_file",
    "gather_text",
    "parse_annotation",
]


class _Gatherer(Expressions):
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
        super().__init__(module)
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

    # --- statements ------------------------------------------------------------------
    def run(self) -> None:
        for stmt in _walk(self.module.body, True):
            if isinstance(stmt, cst.FunctionDef):
                read_function(self, stmt)
            elif isinstance(stmt, cst.ClassDef):
                read_class(self, stmt)
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
