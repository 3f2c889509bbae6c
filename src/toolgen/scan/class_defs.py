"""Class statements → ``ClassDef``: bases, fields, members, the methods whose signatures are
kept, and what ``__init__`` sets and does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import libcst as cst

from toolgen.errors import SourceSpan
from toolgen.scan.expressions import _ident, _written
from toolgen.scan.init_steps import referenced_methods
from toolgen.scan.model import ClassDef, FieldDef, Function, TExpr
from toolgen.scan.positions import SET_IN_INIT
from toolgen.scan.signatures import signature

if TYPE_CHECKING:
    from toolgen.scan.gather import _Gatherer

READ_BY_NAME: Final = frozenset({"_run", "_arun", "forward", "__call__"})
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


def names_methods(g: _Gatherer, body: Sequence[cst.CSTNode]) -> bool:
    """Whether a class's public methods may be tools it names by string: it assigns
    ``spec_functions`` (llama-index), or its module imports a framework of
    :data:`NAMED_METHODS` (a base whose methods a subclass names)."""
    if any(q.split(".")[0] in NAMED_METHODS for _, q in g.imports):
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


def read_class(g: _Gatherer, node: cst.ClassDef) -> None:
    """A module-level ``class`` → its ``ClassDef``, kept in ``g.classes``."""
    name = _ident(node.name.value)
    n = g.occurrence("class", name)
    bases = tuple(g.expr(a.value) for a in node.bases if a.keyword is None and not a.star)
    keywords = tuple(
        (_ident(a.keyword.value), g.expr(a.value))
        for a in (*node.bases, *node.keywords)
        if a.keyword is not None
    )
    fields: list[FieldDef] = []
    members: list[tuple[str, TExpr]] = []
    methods: list[tuple[str, tuple[TExpr, ...], SourceSpan]] = []
    signatures: dict[str, Function] = {}  # the last def of a name is the method, as in Python
    written: dict[str, str] = {}  # each field's name as Python binds it → as written
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else [node.body]
    public = names_methods(g, body)
    init_params, steps = g.inits.get((name, n), ((), ()))
    kept = READ_BY_NAME | referenced_methods(steps)  # the methods __init__ registers
    for stmt in body:
        if isinstance(stmt, cst.FunctionDef) and (
            stmt.decorators
            or _ident(stmt.name.value) in kept
            or ((public or name in g.instantiated) and not stmt.name.value.startswith("_"))
        ):
            mname = _ident(stmt.name.value)
            signatures[mname] = signature(g, stmt, ("method", name, mname), ("mparam", name, mname))
        if isinstance(stmt, cst.FunctionDef) and stmt.decorators:
            methods.append(
                (
                    _ident(stmt.name.value),
                    tuple(g.expr(d.decorator) for d in stmt.decorators),
                    g.span(("method", name, _ident(stmt.name.value)), stmt),
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
                at = g.span(("field", name, n, fname), small)
                clash = written.setdefault(fname, small.target.value)
                if clash != small.target.value:
                    g.diags.error(
                        f"the fields '{clash}' and '{small.target.value}' of '{name}' are "
                        f"one name to Python, '{fname}' (it reads identifiers "
                        "NFKC-normalised)",
                        at,
                        "normalised-name",
                    )
                fields.append(
                    FieldDef(
                        fname,
                        g.expr(small.annotation.annotation),
                        g.expr(small.value) if small.value is not None else None,
                        at,
                        _written(small.target.value, fname),
                    )
                )
            elif isinstance(small, cst.Assign):
                for target in small.targets:
                    if isinstance(target.target, cst.Name):
                        members.append((_ident(target.target.value), g.expr(small.value)))
    span = g.span(("class", name, n), node)
    docstring = g.docstring(node, span)
    index = g.index or {}
    set_in_init = tuple(
        (attr, SourceSpan(g.display, *index["init-set", name, attr]))
        for attr in sorted(SET_IN_INIT)
        if ("init-set", name, attr) in index
    )
    g.classes.append(
        ClassDef(
            name=name,
            module=g.modname,
            bases=bases,
            keywords=keywords,
            decorators=tuple(g.expr(d.decorator) for d in node.decorators),
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
