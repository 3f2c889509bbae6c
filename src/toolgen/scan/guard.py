"""Python's own parse of a text before libcst sees it: the guard that keeps too-deep nesting
away from libcst, whose parser recurses on the machine stack and would crash the process.

A text Python parses is safe for libcst but for long ``and``/``or`` chains; a text Python
refuses for a syntax error (or for syntax newer than this Python, which libcst may still read)
is measured on its tokens instead. libcst itself runs on a thread with a large stack.
"""

from __future__ import annotations

import ast
import io
import tokenize
import warnings
from collections.abc import Callable
from functools import partial
from typing import Final, TypeVar

from toolgen.stacks import run_on_large_stack


def ast_parse(text: str, mode: str = "exec") -> ast.AST:
    """``ast.parse`` without its SyntaxWarnings, which speak of the user's code, not ours."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(text, mode=mode)


_T = TypeVar("_T")


def parse_on_large_stack(parse: Callable[[str], _T], text: str) -> _T:
    """``parse(text)`` on a thread with a large stack (:mod:`toolgen.stacks`): libcst's parser
    recurses on the machine stack, and the depth limits below hold only with such a stack."""
    return run_on_large_stack(partial(parse, text))


MAX_CHAIN: Final = 1000
"""How deep (in tokens, see :func:`_deepest`) a file Python's own parser cannot vouch for may
nest before toolgen refuses to hand it to libcst.

libcst's parser recurses on the machine stack without a limit, and past several thousand levels
of nesting (brackets, or chains such as ``-----x``, ``a.b.c...``, ``x or y or ...``) it crashes
the process. CPython refuses what nests too deeply (more than 200 brackets, about 3,000 levels
in all), so a file it parses is safe but for one case, :data:`MAX_BOOL_DEPTH`. A file it does
not parse (a syntax error, or syntax newer than this Python, which libcst may still read) is
measured on its tokens instead, and past this depth, or 200 brackets, gets Python's own syntax
error without libcst ever seeing it."""
MAX_BOOL_DEPTH: Final = 3000
"""How deep an ``and``/``or`` chain may reach (counting the levels it is nested in): flat to
CPython, which accepts tens of thousands of operands, but one level per operand to libcst,
which crashes near 10,000 levels. CPython's own limit for other nesting is about this."""
_NESTING_WORDS: Final = ("too many nested", "too many levels", "too complex", "too deep")
_CHAINING_WORDS: Final = frozenset({"not", "and", "or", "if", "else", "lambda", "await", "is"})
_CHAIN_BREAKS: Final = frozenset({",", ":", ";", "="})
_LOCATE_LIMIT: Final = 1_000_000
"""The longest text whose deepest point is looked for (token by token, in Python) when
Python's parser gives up on it without saying where."""


class Refused(Exception):
    """A text not to hand to libcst: the message (Python's words when Python refuses it),
    where, and whether it is its depth (else a syntax error its tokens cannot be measured past:
    libcst would refuse it too)."""

    def __init__(self, message: str, line: int, col: int, deep: bool = True) -> None:
        super().__init__(message)
        self.message, self.line, self.col, self.deep = message, line, col, deep


def parse_guarded(text: str, mode: str = "exec") -> tuple[ast.AST | None, SyntaxError | None]:
    """Python's own parse of ``text``, before libcst sees it: the tree, or (when the text has a
    syntax error that is not about nesting, which libcst may still read) the error.

    Raises:
        Refused: Python refuses the text for its depth (as it would importing it), or libcst
            could not survive it (:data:`MAX_CHAIN`, :data:`MAX_BOOL_DEPTH`).
    """
    try:
        tree = ast_parse(text, mode)
    except SyntaxError as exc:
        message, line, col = f"syntax error: {exc.msg}", exc.lineno or 1, exc.offset or 1
        if any(words in exc.msg for words in _NESTING_WORDS):
            raise Refused(message, line, col) from None
        deepest = _deepest(text)
        if deepest is None:
            raise Refused(message, line, col, deep=False) from None
        if deepest[0] > MAX_CHAIN or deepest[1] > 200:
            raise Refused(message, line, col) from None
        return None, exc
    except (RecursionError, MemoryError) as exc:  # Python cannot compile it either
        deepest = _deepest(text) if len(text) <= _LOCATE_LIMIT else None
        line, col = deepest[2:] if deepest is not None else (1, 1)
        raise Refused(
            f"syntax error: too deeply nested for Python to parse ({type(exc).__name__})",
            line,
            col,
        ) from None
    except ValueError:  # null bytes (the caller reports them), an integer past the digit limit
        return None, None
    if text.count("or") + text.count("and") > MAX_BOOL_DEPTH:
        _check_chains(tree)
    return tree, None


def _check_chains(tree: ast.AST) -> None:
    """Refuse a tree whose ``and``/``or`` chains, nested as libcst nests them (each operand one
    level deeper than the next), go deeper than :data:`MAX_BOOL_DEPTH`."""
    todo: list[tuple[ast.AST, int]] = [(tree, 0)]
    while todo:
        node, depth = todo.pop()
        if isinstance(node, ast.BoolOp):
            depth += len(node.values) - 1
            if depth > MAX_BOOL_DEPTH:
                raise Refused(
                    f"an 'and'/'or' chain of {len(node.values):,} operands nests deeper than "
                    f"toolgen's parser reads ({MAX_BOOL_DEPTH:,} levels); split it",
                    getattr(node, "lineno", 1),
                    getattr(node, "col_offset", 0) + 1,
                )
        todo.extend((child, depth + 1) for child in ast.iter_child_nodes(node))


def _deepest(text: str) -> tuple[int, int, int, int] | None:
    """How deeply ``text``'s tokens nest: the longest chain (operators, ``.``, calls and
    subscripts, each a level, counted through brackets), the most brackets open, and where the
    chain peaks; ``None`` when the text does not tokenize."""
    chains = [0]
    lambdas = [0]  # per bracket level: the lambdas whose ``:`` is still to come
    total = brackets = most_brackets = longest = 0
    where = (1, 1)
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            kind, string = token.type, token.string
            if kind == tokenize.OP and string in "([{":
                chains[-1] += 1
                total += 1
                chains.append(0)
                lambdas.append(0)
                brackets += 1
                most_brackets = max(most_brackets, brackets)
            elif kind == tokenize.OP and string in ")]}":
                if len(chains) > 1:
                    total -= chains.pop()
                    lambdas.pop()
                brackets = max(brackets - 1, 0)
                continue
            elif kind == tokenize.NAME and string == "lambda":
                lambdas[-1] += 1
                chains[-1] += 1
                total += 1
            elif kind == tokenize.OP and string == ":" and lambdas[-1]:
                lambdas[-1] -= 1  # a lambda's body nests inside it: the chain goes on
                continue
            elif kind == tokenize.OP and string in (",", "=") and lambdas[-1]:
                continue  # between a lambda's parameters: no break either
            elif (kind == tokenize.OP and string in _CHAIN_BREAKS) or kind == tokenize.NEWLINE:
                total -= chains[-1]
                chains[-1] = 0
                lambdas[-1] = 0
                continue
            elif kind == tokenize.OP or (kind == tokenize.NAME and string in _CHAINING_WORDS):
                chains[-1] += 1
                total += 1
            else:
                continue
            if total > longest:
                longest, where = total, (token.start[0], token.start[1] + 1)
    except (tokenize.TokenError, SyntaxError):
        return None
    return longest, most_brackets, *where


__all__ = [
    "MAX_BOOL_DEPTH",
    "MAX_CHAIN",
    "Refused",
    "ast_parse",
    "parse_guarded",
    "parse_on_large_stack",
]
