"""Plain folded values: numbers JSON and every Python can read back, arithmetic on them,
copies, and how a value is named in a message."""

from __future__ import annotations

import math
from typing import Any, Final

from toolgen.scan.formats import CannotFold

MAX_DIGITS: Final = 640
"""The most digits a folded integer may have: every Python reads an integer literal this long
(and ``json`` writes one), whatever its limit on integer digits is set to (640 is the lowest
it can be)."""
_PAST_DIGITS: Final = 10**MAX_DIGITS


def arithmetic(op: str, left: Any, right: Any) -> Any:
    """``left op right`` of two numbers (``OverflowError``: past what a float holds)."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        product = left * right
        if is_int(product) and abs(product) > 10**100:
            raise CannotFold("the product is too large")
        return product
    if op in ("%", "//", "/") and right != 0:
        return left % right if op == "%" else left // right if op == "//" else left / right
    raise CannotFold(f"{kind(left)} {op} {kind(right)}")


def number(value: Any) -> Any:
    """``value``, refused when it is a number JSON (or some Python) cannot read back."""
    if isinstance(value, float) and not math.isfinite(value):
        raise CannotFold(f"{value!r} is not a finite number (JSON has none)")
    if is_int(value) and not -_PAST_DIGITS < value < _PAST_DIGITS:
        raise CannotFold(
            f"an integer of more than {MAX_DIGITS} digits, which not every Python reads back"
        )
    return value


def tree(value: Any) -> Any:
    """A copy of a folded value, a tree of new lists and dicts (built without recursion)."""
    if not isinstance(value, (list, dict)):
        return value
    top: Any = [] if isinstance(value, list) else {}
    todo = [(value, top)]
    while todo:
        source, target = todo.pop()
        pairs = source.items() if isinstance(source, dict) else enumerate(source)
        for key, inner in pairs:
            if isinstance(inner, (list, dict)):
                copy: Any = [] if isinstance(inner, list) else {}
                todo.append((inner, copy))
                inner = copy
            if isinstance(target, list):
                target.append(inner)
            else:
                target[key] = inner
    return top


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def kind(value: Any) -> str:
    return {
        str: "a string",
        int: "an integer",
        float: "a number",
        bool: "a boolean",
        list: "a list",
        dict: "a dict",
        type(None): "None",
    }.get(type(value), type(value).__name__)


def short(code: str) -> str:
    code = " ".join(code.split())
    return code if len(code) <= 60 else code[:57] + "..."
