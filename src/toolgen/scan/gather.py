"""One file → ``ModuleScan``: libcst parses it; a light pass reads only module-level statements.

Whole-file metadata (libcst's ``PositionProvider``) costs about 3× the parse, so
positions come from the standard library's ``ast`` (0.15× the parse) keyed by
name and occurrence; libcst's provider is used only when ``ast`` cannot parse.
"""

from __future__ import annotations

import ast
import codecs
import io
import tokenize
import warnings
from collections import Counter
from pathlib import Path
from typing import Any, Iterator, Sequence

import libcst as cst

from toolgen.errors import Diagnostic, Diagnostics, SourceSpan
from toolgen.scan.model import (
    Alias,
    Call,
    ClassDef,
    FieldDef,
    Function,
    Lit,
    ModuleScan,
    Name,
    Opaque,
    Or,
    Parameter,
    Seq,
    Sub,
    TExpr,
)

Key = tuple[Any, ...]


def decode_source(data: bytes, display: str, diags: Diagnostics) -> str | None:
    """Decode as Python does: a BOM or PEP 263 cookie, else UTF-8. ``None`` on failure."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        diags.error(f"cannot decode file: {exc.msg}", SourceSpan(display, exc.lineno or 1, 1))
        return None
    try:
        codecs.lookup(encoding)
        text = data.decode(encoding)
    except (LookupError, UnicodeDecodeError) as exc:
        line = 1
        if isinstance(exc, UnicodeDecodeError):
            line = data[: exc.start].count(b"\n") + 1
        diags.error(f"cannot decode file as {encoding}: {exc}", SourceSpan(display, line, 1))
        return None
    return text.removeprefix("\ufeff")


def _ast_parse(text: str) -> ast.Module:
    """``ast.parse`` without its SyntaxWarnings, which speak of the user's code, not ours."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(text)


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
                yield from _walk(stmt.body, False)
                for handler in stmt.handlers:
                    yield from _walk(handler.body, False)
                yield from _walk(stmt.orelse, False)
                yield from _walk(stmt.finalbody, False)


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
            if isinstance(body, ast.Expr) and isinstance(body.value, ast.Constant) and \
                    isinstance(body.value.value, str):
                raw = body.value.value
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
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    index["field", stmt.name, n, item.target.id] = (item.lineno, item.col_offset + 1)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) or type(stmt).__name__ == "TypeAlias":
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None) or stmt.name]  # type: ignore[attr-defined]
            for target in targets:
                if isinstance(target, ast.Name):
                    n = seen["alias", target.id]
                    seen["alias", target.id] += 1
                    index["alias", target.id, n] = (stmt.lineno, stmt.col_offset + 1)
    return index


class _Gatherer:
    """Reads one parsed module's top-level statements into plain data."""

    def __init__(self, module: cst.Module, text: str, display: str, modname: str,
                 is_package: bool, diags: Diagnostics, with_index: bool = True) -> None:
        self.module = module
        self.display = display
        self.modname = modname
        self.is_package = is_package
        self.diags = diags
        self.seen: Counter[tuple[str, str]] = Counter()
        self.cst_positions: Any = None
        self.index: dict[Key, tuple[int, int]] | None = None
        try:
            if with_index:
                self.index = _ast_positions(_ast_parse(text))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            self.index = None
        self.imports: list[tuple[str, str]] = []
        self.classes: list[ClassDef] = []
        self.aliases: list[Alias] = []
        self.functions: list[Function] = []

    # --- positions -------------------------------------------------------------------
    def span(self, key: Key, node: cst.CSTNode) -> SourceSpan:
        if self.index is not None:
            found = self.index.get(key)
            if found is not None:
                return SourceSpan(self.display, *found)
        if self.cst_positions is None:
            from libcst.metadata import MetadataWrapper, PositionProvider

            wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
            self.cst_positions = wrapper.resolve(PositionProvider)
        pos = self.cst_positions.get(node)
        if pos is None:
            return SourceSpan(self.display, 1, 1)
        return SourceSpan(self.display, pos.start.line, pos.start.column + 1)

    def occurrence(self, kind: str, name: str) -> int:
        n = self.seen[kind, name]
        self.seen[kind, name] += 1
        return n

    # --- expressions -----------------------------------------------------------------
    def expr(self, node: cst.BaseExpression, depth: int = 0) -> TExpr:
        if depth > 200:
            return Opaque("<too deeply nested>")
        if isinstance(node, cst.Name):
            if node.value in ("None", "True", "False"):
                return Lit({"None": None, "True": True, "False": False}[node.value])
            return Name(node.value)
        if isinstance(node, cst.Attribute):
            dotted = _dotted(node)
            return Name(dotted) if dotted else Opaque(self.code(node))
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
                return Lit(value)
            return Opaque(self.code(node))
        if isinstance(node, (cst.Integer, cst.Float)):
            try:
                return Lit(node.evaluated_value)
            except (ValueError, OverflowError, SyntaxError):  # e.g. an int past the digit limit
                return Opaque(self.code(node))
        if isinstance(node, cst.Ellipsis):
            return Lit(...)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            inner = self.expr(node.expression, depth + 1)
            if isinstance(inner, Lit) and type(inner.value) in (int, float):
                return Lit(-inner.value)  # type: ignore[operator]
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
            pairs = []
            for element in node.elements:
                if not isinstance(element, cst.DictElement):
                    return Opaque(self.code(node))
                pairs.append(Seq("pair", (self.expr(element.key, depth + 1),
                                          self.expr(element.value, depth + 1))))
            return Seq("dict", tuple(pairs))
        if isinstance(node, cst.Call):
            args, kwargs = [], []
            for arg in node.args:
                if arg.star:
                    return Opaque(self.code(node))
                value = self.expr(arg.value, depth + 1)
                if arg.keyword is not None:
                    kwargs.append((arg.keyword.value, value))
                else:
                    args.append(value)
            return Call(self.expr(node.func, depth + 1), tuple(args), tuple(kwargs))
        return Opaque(self.code(node))

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node).strip()

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
                    self.imports.append((alias.asname.name.value, dotted))
                else:
                    head = dotted.split(".")[0]
                    self.imports.append((head, head))
                    self.imports.append((dotted, dotted))
        elif isinstance(node, cst.ImportFrom):
            base = self.absolute(node)
            if base is None:
                return
            if isinstance(node.names, cst.ImportStar):
                self.imports.append(("*", base))
                return
            for alias in node.names:
                name = _dotted(alias.name) or ""
                local = name
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    local = alias.asname.name.value
                self.imports.append((local, f"{base}.{name}" if base else name))
        elif isinstance(node, cst.Assign):
            if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                name = node.targets[0].target.value
                span = self.span(("alias", name, self.occurrence("alias", name)), node)
                self.aliases.append(Alias(name, self.expr(node.value), span))
        elif isinstance(node, cst.AnnAssign):
            if isinstance(node.target, cst.Name) and node.value is not None:
                name = node.target.value
                span = self.span(("alias", name, self.occurrence("alias", name)), node)
                annotation = self.expr(node.annotation.annotation)
                if isinstance(annotation, Name) and annotation.dotted.split(".")[-1] == "TypeAlias":
                    self.aliases.append(Alias(name, self.expr(node.value), span))
        elif type(node).__name__ == "TypeAlias":  # ``type X = ...`` (Python 3.12)
            name = node.name.value  # type: ignore[attr-defined]
            span = self.span(("alias", name, self.occurrence("alias", name)), node)
            self.aliases.append(Alias(name, self.expr(node.value), span))  # type: ignore[attr-defined]

    def absolute(self, node: cst.ImportFrom) -> str | None:
        """The absolute module a ``from`` import names, relative ones resolved."""
        target = _dotted(node.module) if node.module is not None else ""
        level = len(node.relative)
        if level == 0:
            return target
        package = self.modname.split(".")
        if not self.is_package:
            package = package[:-1]
        if level - 1 > len(package):
            self.diags.warning("relative import goes beyond the top-level package",
                               self.span(("import",), node))
            return None
        package = package[: len(package) - (level - 1)]
        return ".".join([*package, target] if target else package)

    def function(self, node: cst.FunctionDef) -> None:
        name = node.name.value
        n = self.occurrence("def", name)
        params: list[Parameter] = []
        p = node.params

        def add(param: cst.Param, kind: str) -> None:
            pname = param.name.value
            params.append(Parameter(
                pname,
                kind,
                self.expr(param.annotation.annotation) if param.annotation else None,
                self.expr(param.default) if param.default is not None else None,
                self.span(("param", name, n, pname), param),
            ))

        for param in (*p.posonly_params, *p.params):
            add(param, "positional")
        if isinstance(p.star_arg, cst.Param):
            add(p.star_arg, "varargs")
        for param in p.kwonly_params:
            add(param, "keyword")
        if p.star_kwarg is not None:
            add(p.star_kwarg, "varkw")
        decorators = tuple(self.expr(d.decorator) for d in node.decorators)
        spans = tuple(self.span(("deco", name, n, i), d) for i, d in enumerate(node.decorators))
        docstring = _docstring(node)
        doc_line = self.index.get(("doc", name, n), (0, 0))[0] if self.index is not None else 0
        self.functions.append(Function(
            name=name,
            decorators=decorators,
            params=tuple(params),
            returns=self.expr(node.returns.annotation) if node.returns else None,
            docstring=docstring if isinstance(docstring, str) else None,
            is_async=node.asynchronous is not None,
            span=self.span(("def", name, n), node),
            decorator_spans=spans,
            docstring_line=doc_line,
        ))

    def klass(self, node: cst.ClassDef) -> None:
        name = node.name.value
        n = self.occurrence("class", name)
        bases = tuple(self.expr(a.value) for a in node.bases if a.keyword is None and not a.star)
        keywords = tuple((a.keyword.value, self.expr(a.value)) for a in (*node.bases, *node.keywords)
                         if a.keyword is not None)
        fields: list[FieldDef] = []
        members: list[tuple[str, TExpr]] = []
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else [node.body]
        for stmt in body:
            smalls = stmt.body if isinstance(stmt, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) else []
            for small in smalls:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    fname = small.target.value
                    fields.append(FieldDef(
                        fname,
                        self.expr(small.annotation.annotation),
                        self.expr(small.value) if small.value is not None else None,
                        self.span(("field", name, n, fname), small),
                    ))
                elif isinstance(small, cst.Assign):
                    for target in small.targets:
                        if isinstance(target.target, cst.Name):
                            members.append((target.target.value, self.expr(small.value)))
        docstring = _docstring(node)
        self.classes.append(ClassDef(
            name=name,
            module=self.modname,
            bases=bases,
            keywords=keywords,
            decorators=tuple(self.expr(d.decorator) for d in node.decorators),
            fields=tuple(fields),
            members=tuple(members),
            docstring=docstring if isinstance(docstring, str) else None,
            span=self.span(("class", name, n), node),
        ))


def _evaluate(node: cst.SimpleString | cst.ConcatenatedString) -> object:
    """A string literal's value; ``None`` when Python itself would not accept it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return node.evaluated_value
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None


def _docstring(node: cst.FunctionDef | cst.ClassDef) -> str | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            doc = node.get_docstring(clean=True)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None
    return doc if isinstance(doc, str) else None


def _dotted(node: cst.BaseExpression | None) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        head = _dotted(node.value)
        return f"{head}.{node.attr.value}" if head else None
    return None


def parse_annotation(text: str) -> TExpr:
    """A string annotation (forward reference) as a type expression."""
    try:
        node = cst.parse_expression(text.strip())
    except (cst.ParserSyntaxError, RecursionError):
        return Opaque(text)
    return _Gatherer(cst.Module(body=[]), "", "<annotation>", "", False, Diagnostics(),
                     with_index=False).expr(node)


def gather_text(text: str, display: str, modname: str, is_package: bool = False,
                is_stub: bool = False) -> ModuleScan:
    """Scan source text. Syntax errors become diagnostics with the parser's line and column."""
    diags = Diagnostics()
    if "\x00" in text:  # CPython refuses these files; libcst alone would accept them
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        diags.error("syntax error: source code cannot contain null bytes", SourceSpan(display, line, col))
        return _empty(display, modname, is_package, is_stub, diags.items)
    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        # libcst places the error at the start of the statement; CPython's own parser
        # names the exact token and says what is wrong in the words users know.
        try:
            _ast_parse(text)
        except SyntaxError as precise:
            diags.error(f"syntax error: {precise.msg}",
                        SourceSpan(display, precise.lineno or 1, precise.offset or 1))
        except (ValueError, RecursionError, MemoryError):
            diags.error(f"syntax error: {exc.message}",
                        SourceSpan(display, exc.editor_line, exc.editor_column))
        else:
            diags.error(f"syntax error: {exc.message}",
                        SourceSpan(display, exc.editor_line, exc.editor_column))
        return _empty(display, modname, is_package, is_stub, diags.items)
    except RecursionError:
        diags.error("syntax error: expression too deeply nested to parse", SourceSpan(display, 1, 1))
        return _empty(display, modname, is_package, is_stub, diags.items)
    gatherer = _Gatherer(module, text, display, modname, is_package, diags)
    gatherer.run()
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
    )


def gather_file(path: Path, display: str, modname: str, is_package: bool = False,
                is_stub: bool = False, data: bytes | None = None) -> ModuleScan:
    """Read, decode and scan one file; every failure is a diagnostic, never an exception."""
    diags = Diagnostics()
    if data is None:
        try:
            data = path.read_bytes()
        except OSError as exc:
            diags.error(f"cannot read file: {exc.strerror or exc}", SourceSpan(display, 1, 1))
            return _empty(display, modname, is_package, is_stub, diags.items)
    text = decode_source(data, display, diags)
    if text is None:
        return _empty(display, modname, is_package, is_stub, diags.items)
    return gather_text(text, display, modname, is_package, is_stub)


def _empty(display: str, modname: str, is_package: bool, is_stub: bool,
           diagnostics: list[Diagnostic]) -> ModuleScan:
    return ModuleScan(display, modname, is_package, is_stub, (), (), (), (), tuple(diagnostics))
