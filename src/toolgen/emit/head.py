"""The generated module's head proved data with :mod:`ast`, and the refusal the proof raises.

The head is the comments, the docstring and the imports before the first constant: where
outside text is printed. It is short, so Python's own parser reads it whole; the constants
after it are read by the automaton of :mod:`toolgen.emit.pushdown`.
"""

from __future__ import annotations

import ast
import re
import warnings
from typing import Final

from toolgen.grammar import CONSTANT_NAME

COOKIE: Final = re.compile(rb"[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
NAME: Final = re.compile(CONSTANT_NAME)
TYPES: Final = frozenset({"list", "dict", "str", "int", "float", "bool", "tuple"})
"""The builtin types a constant's annotation may name."""


class Refused(Exception):
    """Why the text is not data, and where: ``where`` in words, or the index of the ``line``
    in its list of lines, and its ``text``."""

    def __init__(self, why: str, where: str = "") -> None:
        super().__init__(why)
        self.where = where
        self.line = -1
        self.text = b""


def check_head(lines: list[bytes]) -> frozenset[str]:
    """The lines before the first constant, parsed with :mod:`ast`: one docstring first, then
    only ``from typing import ...`` (and literal assignments); the names it imports."""
    source = b"".join(line + b"\n" for line in lines)  # checked for control characters already
    for line in lines[:2]:
        cookie = COOKIE.match(line)
        if cookie and cookie.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8"):
            raise Refused("an encoding declaration")
    try:
        with warnings.catch_warnings():  # an invalid escape, say: soon an error in Python
            warnings.simplefilter("error", SyntaxWarning)
            warnings.simplefilter("error", DeprecationWarning)
            tree = ast.parse(source)
    except (SyntaxError, ValueError, SyntaxWarning, DeprecationWarning) as exc:
        raise Refused(f"the module's head does not parse cleanly: {exc}") from None
    body = tree.body
    if not (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        raise Refused("no module docstring")
    names: set[str] = set()
    for statement in body[1:]:
        if (
            isinstance(statement, ast.ImportFrom)
            and statement.module == "typing"
            and statement.level == 0
            and all(a.name != "*" and a.asname is None for a in statement.names)
        ):
            names.update(a.name for a in statement.names)
        elif isinstance(statement, ast.Assign) and all(
            isinstance(t, ast.Name) and NAME.fullmatch(t.id) for t in statement.targets
        ):
            _check_literal(statement.value)
        elif (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and NAME.fullmatch(statement.target.id)
            and statement.value is not None
        ):
            check_annotation(ast.unparse(statement.annotation), frozenset(names))
            _check_literal(statement.value)
        else:
            raise Refused(f"a statement that is not data: {ast.unparse(statement)[:80]!r}")
    return frozenset(names)


def _check_literal(node: object) -> None:
    todo = [node]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Constant):
            if type(node.value) not in (str, int, float, bool, type(None)):
                raise Refused("a constant that is not JSON data")
        elif isinstance(node, ast.List):
            todo.extend(node.elts)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    raise Refused("a dict key that is not a string")
            todo.extend(node.values)
        elif not (
            isinstance(node, ast.UnaryOp)
            and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and type(node.operand.value) in (int, float)
        ):
            raise Refused("an expression that is not a literal")


def check_annotation(text: str, imported: frozenset[str]) -> None:
    """A constant's annotation names builtin types and names imported from typing only,
    subscripted."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        raise Refused("an annotation that does not parse") from None
    for node in ast.walk(tree.body):
        if isinstance(node, ast.Name):
            if node.id not in TYPES and node.id not in imported:
                raise Refused(f"an annotation naming {node.id!r}")
        elif not isinstance(node, (ast.Subscript, ast.Tuple, ast.Load)):
            raise Refused("an annotation that is not a type")
