"""The source as libcst is given it: each function body toolgen never reads stands as ``...``.

toolgen reads a function's signature, decorators and docstring, never the statements after the
docstring; yet they are most of a real module's text (helpers, methods, the tools' own code),
and libcst's parse, which builds a node for every token and every run of whitespace, costs in
proportion to the text. So, once Python's own parser has read the file (for its positions, and
as the guard that keeps libcst from too-deep nesting), the statements after each docstring of the
functions toolgen reads — module-level ones, those in module-level ``if``/``try`` blocks, and
the methods of module-level classes — are cut out and ``...`` stands in their place. What libcst
parses then holds every node toolgen reads, unchanged, and nothing it reads moved but by lines:
positions come from Python's parse of the whole text, and the rare one libcst gives is mapped
back through the cuts (:meth:`Hollowed.original_offset`).

A statement sequence replaced by one expression statement keeps its block's shape: an indented
block keeps its indent (the cut starts at the first statement's column), a one-line suite stays
one line, and whatever followed the last statement on its line (a comment, a ``;``) follows the
``...``.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

NEWLINES: Final = re.compile("\r\n|\r|\n")
"""Where Python ends a line (form feeds and Unicode line separators end none)."""
STAND_IN: Final = "..."


@dataclass(frozen=True, slots=True)
class Hollowed:
    """The text libcst parses, and where it was cut: ``ends[i]`` is the offset, in ``text``,
    just after the ``i``-th stand-in, and ``removed[i]`` how many characters of the original
    the cuts up to and including it took out."""

    text: str
    ends: tuple[int, ...]
    removed: tuple[int, ...]

    def original_offset(self, offset: int) -> int:
        """The offset in the original text of the character at ``offset`` in :attr:`text`
        (outside the stand-ins: every node libcst gives)."""
        i = bisect_right(self.ends, offset)
        return offset + (self.removed[i - 1] if i else 0)


def hollow(text: str, statements: Iterable[ast.stmt]) -> Hollowed | None:
    """``text`` with the unread bodies of the functions among ``statements`` (the module-level
    statements toolgen reads, from Python's parse of ``text``) and of their classes' methods
    cut out; ``None`` when there is nothing to cut."""
    cuts = [cut for stmt in statements for cut in _cuts(stmt)]
    if not cuts:
        return None
    starts = line_starts(text)

    def offset(line: int, col: int) -> int:
        """Python's (line, UTF-8 byte column) → an offset in ``text``."""
        begin = starts[line - 1]
        chunk = text[begin : starts[line] if line < len(starts) else len(text)]
        if chunk.isascii():
            return begin + col
        head = chunk.encode("utf-8", "surrogatepass")[:col]
        return begin + len(head.decode("utf-8", "surrogatepass"))

    parts: list[str] = []
    ends: list[int] = []
    removed: list[int] = []
    at = length = gone = 0
    for first, last in cuts:
        begin = offset(_first_line(first), first.col_offset)
        end = offset(last.end_lineno or last.lineno, last.end_col_offset or 0)
        if end - begin <= len(STAND_IN) or begin < at:  # nothing to gain; never overlap
            continue
        parts.append(text[at:begin])
        parts.append(STAND_IN)
        length += begin - at + len(STAND_IN)
        gone += end - begin - len(STAND_IN)
        ends.append(length)
        removed.append(gone)
        at = end
    if not ends:
        return None
    parts.append(text[at:])
    return Hollowed("".join(parts), tuple(ends), tuple(removed))


def _cuts(stmt: ast.stmt) -> Iterable[tuple[ast.stmt, ast.stmt]]:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if returned_display(stmt) is None:
            yield from _unread(stmt)
    elif isinstance(stmt, ast.ClassDef):
        for item in stmt.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from _unread(item)


def _unread(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterable[tuple[ast.stmt, ast.stmt]]:
    """The first and last statement of what toolgen never reads in ``func``'s body: all after
    its docstring."""
    body = func.body
    first = 1 if body and docstring_value(body[0]) is not None else 0
    if len(body) > first:
        yield body[first], body[-1]


def returned_display(func: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.expr | None:
    """The list or tuple a factory returns when its body (after a docstring) is that one
    ``return [...]`` alone, which a tools list may name (``tools=make_tools()``): kept."""
    body = func.body
    first = 1 if body and docstring_value(body[0]) is not None else 0
    if len(body) == first + 1 and isinstance(body[first], ast.Return):
        value = body[first].value  # type: ignore[attr-defined]
        if isinstance(value, (ast.List, ast.Tuple)):
            return value
    return None


def _first_line(stmt: ast.stmt) -> int:
    """Where ``stmt`` starts: a decorated one at its first decorator (Python places a ``def``
    or ``class`` at its keyword), whose ``@`` stands at the statement's own column."""
    decorators = getattr(stmt, "decorator_list", None)
    return decorators[0].lineno if decorators else stmt.lineno


def line_starts(text: str) -> list[int]:
    """The offset at which each line of ``text`` starts, lines ending as Python's do."""
    return [0] + [m.end() for m in NEWLINES.finditer(text)]


def docstring_value(stmt: ast.stmt | None) -> str | None:
    """The text of ``stmt`` when it is a docstring (a body's first statement, a string alone);
    ``None`` otherwise."""
    if (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    ):
        return stmt.value.value
    return None
