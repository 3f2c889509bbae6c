"""Function statements → ``Function``: parameters, decorators, docstring and a factory's
returned list, each with its position."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import libcst as cst

from toolgen.errors import SourceSpan
from toolgen.scan.expressions import _docstring, _first, _ident, _written
from toolgen.scan.model import Function, Parameter
from toolgen.scan.positions import Key

if TYPE_CHECKING:
    from toolgen.scan.gather import _Gatherer


def read_function(g: _Gatherer, node: cst.FunctionDef) -> None:
    """A module-level ``def`` → its ``Function``, kept in ``g.functions``."""
    name = _ident(node.name.value)
    n = g.occurrence("def", name)
    found = signature(g, node, ("def", name, n), ("param", name, n))
    returned = _returned_display(node)
    if returned is not None:
        found = dataclasses.replace(found, returned=g.expr(returned))
    g.functions.append(found)


def signature(g: _Gatherer, node: cst.FunctionDef, at: Key, key: tuple[Any, ...]) -> Function:
    """A function's or method's signature, decorators and docstring: ``at`` keys its
    place in the index, ``key`` (with ``"param"``/``"deco"``/``"doc"`` first) its parts'."""
    name = _ident(node.name.value)
    params: list[Parameter] = []
    p = node.params
    parts = key[1:]

    def add(param: cst.Param, kind: str) -> None:
        pname = _ident(param.name.value)
        span = g.span((key[0], *parts, pname), param)
        if any(other.name == pname for other in params):
            g.diags.error(
                f"the parameters '{_first(node, pname)}' and '{param.name.value}' are one "
                f"name to Python, '{pname}' (it reads identifiers NFKC-normalised)",
                span,
                "normalised-name",
            )
        params.append(
            Parameter(
                pname,
                kind,
                g.expr(param.annotation.annotation) if param.annotation else None,
                g.expr(param.default) if param.default is not None else None,
                span,
                _written(param.name.value, pname),
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
    decorators = tuple(g.expr(d.decorator) for d in node.decorators)
    spans = tuple(g.span((deco_key, *parts, i), d) for i, d in enumerate(node.decorators))
    doc_at = g.index.get((doc_key, *parts)) if g.index is not None else None
    doc_line, doc_col = doc_at if doc_at is not None else (0, 0)
    span = g.span(at, node)
    docstring = g.docstring(node, SourceSpan(span.path, *doc_at) if doc_at else span)
    return Function(
        name=name,
        decorators=decorators,
        params=tuple(params),
        returns=g.expr(node.returns.annotation) if node.returns else None,
        docstring=docstring if isinstance(docstring, str) else None,
        is_async=node.asynchronous is not None,
        span=span,
        decorator_spans=spans,
        docstring_line=doc_line,
        docstring_col=doc_col,
        written=_written(node.name.value, name),
    )


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
