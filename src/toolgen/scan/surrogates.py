"""Strings Python accepts but UTF-8 cannot hold (lone surrogates), as the scanner keeps them:
the reason there is no value, in place of the value."""

from __future__ import annotations

from typing import Final

from toolgen.scan.model import (
    Attr,
    BinOp,
    Call,
    Fmt,
    FString,
    Opaque,
    Or,
    Seq,
    Sub,
    TExpr,
    Unary,
)

SURROGATE: Final = "a lone surrogate, which UTF-8 (and so the generated module) cannot hold"
"""How the scanner describes a string it refused: Python accepts ``"\\udcff"``, but no UTF-8
text, and so no schema written to a file, can carry the value."""


def surrogate_reason(value: str, index: int) -> str:
    """The scanner's reason for a string holding a lone surrogate at ``index``, as the
    ``Opaque`` it keeps instead (``<...>``, which no Python expression starts with)."""
    start = max(index - 12, 0)
    snippet = ("..." if start else "") + value[start : index + 12]
    if index + 12 < len(value):
        snippet += "..."
    return f"<the string {snippet!r} holds {SURROGATE}>"


def lone_surrogate(expr: TExpr) -> str | None:
    """Why ``expr``, as written, has no value: a string in it holds a lone surrogate (the
    scanner kept its reason instead); ``None`` when no string in it does."""
    todo = [expr]
    while todo:
        item = todo.pop()
        if isinstance(item, Opaque):
            if is_reason(item) and SURROGATE in item.code:
                return item.code[1:-1]
        elif isinstance(item, Sub):
            todo.extend((item.base, *item.args))
        elif isinstance(item, Call):
            todo.extend((item.func, *item.args, *(value for _, value in item.kwargs)))
        elif isinstance(item, (Seq, Or)):
            todo.extend(item.items)
        elif isinstance(item, FString):
            todo.extend(item.parts)
        elif isinstance(item, BinOp):
            todo.extend((item.left, item.right))
        elif isinstance(item, Unary):
            todo.append(item.operand)
        elif isinstance(item, Attr):
            todo.append(item.value)
        elif isinstance(item, Fmt):
            todo.extend((item.value, *((item.spec,) if item.spec is not None else ())))
    return None


def is_reason(expr: Opaque) -> bool:
    return expr.code.startswith("<") and expr.code.endswith(">")
