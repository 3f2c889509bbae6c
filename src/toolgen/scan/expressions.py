"""libcst expressions and literals → the scan model's type expressions (``TExpr``), and
identifiers as Python binds them."""

from __future__ import annotations

import ast
import inspect
import unicodedata
import warnings

import libcst as cst

from toolgen.scan.guard import Refused, parse_guarded, parse_on_large_stack
from toolgen.scan.model import (
    Attr,
    BinOp,
    Call,
    Fmt,
    FString,
    Lit,
    Name,
    Opaque,
    Or,
    Seq,
    Sub,
    TExpr,
    Unary,
)
from toolgen.scan.source import _SURROGATE
from toolgen.scan.surrogates import surrogate_reason

_BINARY: dict[type[cst.BaseBinaryOp], str] = {
    cst.Add: "+",
    cst.Subtract: "-",
    cst.Multiply: "*",
    cst.Divide: "/",
    cst.FloorDivide: "//",
    cst.Modulo: "%",
}


class Expressions:
    """Reads the expressions of one parsed module (its code is what an unread one shows)."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module

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


def _evaluate(node: cst.SimpleString | cst.ConcatenatedString) -> object:
    """A string literal's value; ``None`` when Python itself would not accept it."""
    plain = _plain(node.value) if isinstance(node, cst.SimpleString) else None
    if plain is not None:
        return plain
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
    """The cleaned docstring, as libcst's ``get_docstring(clean=True)`` gives it."""
    plain = _plain_docstring(node)
    if plain is not None:
        return inspect.cleandoc(plain)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            doc = node.get_docstring(clean=True)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None
    return doc if isinstance(doc, str) else None


def _plain_docstring(node: cst.FunctionDef | cst.ClassDef) -> str | None:
    """The docstring's value when it is one :func:`_plain` string; ``None``: read it libcst's
    way."""
    body = node.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return None
    first = body.body[0]
    if not isinstance(first, cst.SimpleStatementLine) or not first.body:
        return None
    expr = first.body[0]
    if not isinstance(expr, cst.Expr) or not isinstance(expr.value, cst.SimpleString):
        return None
    return _plain(expr.value.value)


def _plain(literal: str) -> str | None:
    """The value of a string literal written without prefix, backslash or carriage return: the
    text between its quotes, which ``ast.literal_eval`` (libcst's ``evaluated_value``, a compile
    for each literal) would give too. ``None`` for any other literal."""
    quote = literal[:3] if literal[:3] in ('"""', "'''") else literal[:1]
    if quote not in ('"""', "'''", '"', "'") or "\\" in literal or "\r" in literal:
        return None
    return literal[len(quote) : -len(quote)]


def _ident(name: str) -> str:
    """An identifier as Python binds it: NFKC-normalised (PEP 3131), as ``ast`` gives it. Stable
    across Pythons: a character's decomposition never changes once assigned, and a Python that
    does not know a character refuses the file."""
    return name if name.isascii() else unicodedata.normalize("NFKC", name)


def _written(written: str, bound: str) -> str:
    """A name as written when Python binds another (said for tools: :mod:`toolgen.scan.names`)."""
    return written if written != bound else ""


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
    return Expressions(cst.Module(body=[])).expr(node)
