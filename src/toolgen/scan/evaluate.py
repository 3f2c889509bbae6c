"""Fold constant expressions statically: literals and the module-level constants of any scanned
module, never importing or running anything.

What folds: literals and containers of them; names bound to constants in any scanned module
(imported or local, ``Final`` or not), through chains of names; ``+`` (strings, numbers, lists),
``%`` and ``str.format`` over constants, f-strings, unary ``-``/``+``/``not``; ``", ".join(...)``
and ``.upper()``/``.lower()``/``.strip()`` of a constant string; Enum members (their value) and
other class constants; ``list()``/``dict()``/``tuple()`` with no arguments.

Everything else (a call, a comprehension, a name from outside the scanned files) does not fold:
the caller gets the reason and decides what to use instead and how loudly to say so. Cycles and
chains deeper than :data:`MAX_DEPTH` end as "does not fold", never as a crash.
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass
from typing import Any, Final

from toolgen.scan.model import (
    Attr,
    BinOp,
    Call,
    ClassDef,
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
from toolgen.scan.resolve import (
    External,
    LocalAlias,
    LocalClass,
    LocalFunction,
    Member,
    ModuleRef,
    Resolver,
)

MAX_DEPTH: Final = 50
"""How many names a chain of constants may pass through."""
MAX_TEXT: Final = 100_000
"""The longest string or list a fold may make: ``"=" * 10**12`` is refused, not attempted."""
_SPEC_WIDTH = re.compile(r"\d{4,}")
_EMPTY_CALLS: Final[dict[str, Any]] = {
    "builtins.list": [],
    "builtins.dict": {},
    "builtins.tuple": [],
    "builtins.set": [],
    "builtins.frozenset": [],
    "builtins.str": "",
}
_STR_METHODS: Final = frozenset({"upper", "lower", "strip", "title", "capitalize"})


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
            if _is_reason(item) and SURROGATE in item.code:
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


def _is_reason(expr: Opaque) -> bool:
    return expr.code.startswith("<") and expr.code.endswith(">")


class CannotFold(Exception):
    """An expression has no value known without running the code; ``why`` says what stopped it."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True, slots=True)
class Folded:
    """A value, or the reason there is none (``value`` is then ``None``)."""

    value: Any
    why: str | None = None

    @property
    def ok(self) -> bool:
        return self.why is None


class Evaluator:
    """Folds expressions written in a module, across every module the resolver knows."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver

    # --- public ------------------------------------------------------------------------
    def fold(self, expr: TExpr, module: str) -> Folded:
        """The value of ``expr`` as written in ``module``."""
        try:
            return Folded(self._value(expr, module, ()))
        except CannotFold as exc:
            return Folded(None, exc.why)
        except RecursionError:
            return Folded(None, "the expression is nested too deeply")

    def member(self, cls: ClassDef, name: str) -> Folded:
        """The value of a class's member: an Enum member's value, or a class constant."""
        try:
            return Folded(self._member(cls, name, f"{cls.name}.{name}", ()))
        except CannotFold as exc:
            return Folded(None, exc.why)
        except RecursionError:
            return Folded(None, "the expression is nested too deeply")

    def deref(self, expr: TExpr, module: str) -> tuple[TExpr, str]:
        """Follow a name through the constants it is bound to: the expression it finally stands
        for and the module that expression is written in (``REGION_FIELD`` → the
        ``Field(...)`` call in ``constants.py``). Anything else comes back as it is."""
        seen: set[tuple[str, str]] = set()
        while isinstance(expr, Name) and len(seen) < MAX_DEPTH:
            found = self.resolver.resolve(module, expr.dotted)
            if not isinstance(found, LocalAlias):
                break
            key = (found.module, found.alias.name)
            if key in seen:
                break
            seen.add(key)
            expr, module = found.alias.value, found.module
        return expr, module

    # --- folding -----------------------------------------------------------------------
    def _value(self, expr: TExpr, module: str, stack: tuple[tuple[str, str], ...]) -> Any:
        if isinstance(expr, Lit):
            value = expr.value
            if value is ...:
                raise CannotFold("'...' is not a value")
            if isinstance(value, float) and not math.isfinite(value):
                raise CannotFold(f"{value!r} is not a finite number (JSON has none)")
            return value
        if isinstance(expr, Seq):
            if expr.kind == "dict":
                out: dict[str, Any] = {}
                for pair in expr.items:
                    assert isinstance(pair, Seq)
                    key, value = (self._value(x, module, stack) for x in pair.items)
                    if not isinstance(key, str):
                        raise CannotFold(f"the dict key {key!r} is not a string (JSON keys are)")
                    out[key] = value
                return out
            return [self._value(item, module, stack) for item in expr.items]
        if isinstance(expr, Name):
            return self._name(expr.dotted, module, stack)
        if isinstance(expr, Unary):
            operand = self._value(expr.operand, module, stack)
            if expr.op == "not":
                return not operand
            if not _is_number(operand):
                raise CannotFold(f"unary {expr.op} of {_kind(operand)}")
            return -operand if expr.op == "-" else +operand
        if isinstance(expr, BinOp):
            result = self._binop(expr, module, stack)
            if isinstance(result, float) and not math.isfinite(result):
                raise CannotFold(f"the result, {result!r}, is not a finite number (JSON has none)")
            return result
        if isinstance(expr, FString):
            return _limited("".join(self._piece(p, module, stack) for p in expr.parts))
        if isinstance(expr, Call):
            return self._call(expr, module, stack)
        if isinstance(expr, Sub) and len(expr.args) == 1:
            return self._item(expr, module, stack)
        if isinstance(expr, (Or, Sub)):
            raise CannotFold("a type, not a value")
        if isinstance(expr, Opaque):
            if _is_reason(expr):  # the scanner's words for why it kept no value
                raise CannotFold(expr.code[1:-1])
            raise CannotFold(f"'{_short(expr.code)}' cannot be evaluated without running it")
        raise CannotFold("this expression cannot be evaluated without running it")

    def _item(self, expr: Sub, module: str, stack: tuple[tuple[str, str], ...]) -> Any:
        """``HELP["describe"]``, ``LIMITS[0]``: an item of a constant dict or list."""
        container = self._value(expr.base, module, stack)
        key = self._value(expr.args[0], module, stack)
        if isinstance(container, dict) and isinstance(key, str) and key in container:
            return container[key]
        if isinstance(container, list) and _is_int(key) and -len(container) <= key < len(container):
            return container[key]
        raise CannotFold(f"{_kind(container)} has no item {key!r}")

    def _name(self, dotted: str, module: str, stack: tuple[tuple[str, str], ...]) -> Any:
        found = self.resolver.resolve(module, dotted)
        if isinstance(found, LocalAlias):
            key = (found.module, found.alias.name)
            if key in stack:
                raise CannotFold(f"the constant '{dotted}' is defined in terms of itself")
            if len(stack) >= MAX_DEPTH:
                raise CannotFold(
                    f"a chain of more than {MAX_DEPTH} constants (it stops at '{dotted}')"
                )
            return self._value(found.alias.value, found.module, (*stack, key))
        if isinstance(found, Member):
            return self._member(found.cls, found.name, dotted, stack)
        if isinstance(found, External):
            if found.qualname in ("builtins.None", "builtins.True", "builtins.False"):
                return {"None": None, "True": True, "False": False}[found.qualname[9:]]
            raise CannotFold(f"'{dotted}' is defined outside the scanned files")
        if isinstance(found, (LocalClass, LocalFunction, ModuleRef)):
            raise CannotFold(f"'{dotted}' is not a constant")
        raise CannotFold(f"'{dotted}' is not defined in the scanned files")

    def _member(
        self, cls: ClassDef, name: str, dotted: str, stack: tuple[tuple[str, str], ...]
    ) -> Any:
        """``Color.RED`` (an Enum member: its value), ``Color.RED.value``, ``Color.RED.name``, or a
        plain class constant ``Limits.MAX``."""
        member, _, attribute = name.partition(".")
        if attribute not in ("", "value", "name"):
            raise CannotFold(f"'{dotted}' is not a constant")
        if attribute == "name":
            if any(m == member for m, _ in cls.members):
                return member
            raise CannotFold(f"'{dotted}' is not a member of '{cls.name}'")
        key = (cls.qualname, member)
        if key in stack:
            raise CannotFold(f"'{dotted}' is defined in terms of itself")
        auto_next = 1
        is_str_enum = any(self._is(cls.module, b, "enum.StrEnum") for b in cls.bases)
        for other, expr in cls.members:
            if other.startswith("_"):
                continue
            if isinstance(expr, Call) and self._is(cls.module, expr.func, "enum.auto"):
                value: Any = other.lower() if is_str_enum else auto_next
            elif other == member:
                value = self._value(expr, cls.module, (*stack, key))
            else:
                try:
                    value = self._value(expr, cls.module, (*stack, key))
                except CannotFold:
                    value = None
            if isinstance(value, int) and not isinstance(value, bool):
                auto_next = value + 1
            if other == member:
                return value
        raise CannotFold(f"'{dotted}' is not a member of '{cls.name}'")

    def _is(self, module: str, expr: TExpr, qualname: str) -> bool:
        if isinstance(expr, Sub):
            expr = expr.base
        return isinstance(expr, Name) and self.resolver.qualname_of(module, expr.dotted) == qualname

    def _binop(self, expr: BinOp, module: str, stack: tuple[tuple[str, str], ...]) -> Any:
        left = self._value(expr.left, module, stack)
        right = self._value(expr.right, module, stack)
        if expr.op == "+":
            if isinstance(left, str) and isinstance(right, str):
                return _limited(left + right)
            if isinstance(left, list) and isinstance(right, list):
                return _limited(left + right)
            if _is_number(left) and _is_number(right):
                return left + right
        elif expr.op == "*":
            if _is_number(left) and _is_number(right):
                product = left * right
                if _is_int(product) and abs(product) > 10**100:
                    raise CannotFold("the product is too large")
                return product
            if (isinstance(left, (str, list)) and _is_int(right)) or (
                _is_int(left) and isinstance(right, (str, list))
            ):
                times, seq = (right, left) if _is_int(right) else (left, right)
                if len(seq) * max(times, 0) > MAX_TEXT:
                    raise CannotFold(f"the result would be longer than {MAX_TEXT:,}")
                return seq * times
        elif expr.op == "%" and isinstance(left, str):
            args = tuple(right) if isinstance(right, list) and _is_tuple(expr.right) else right
            if "*" in left or _SPEC_WIDTH.search(left):
                raise CannotFold("a %-format with '*' or a width of 1000 or more")
            try:
                return _limited(left % args)
            except (TypeError, ValueError, KeyError) as exc:
                raise CannotFold(f"the %-format fails: {exc}") from None
        elif expr.op in ("%", "//", "/") and _is_number(left) and _is_number(right) and right != 0:
            return (
                left % right
                if expr.op == "%"
                else left // right if expr.op == "//" else left / right
            )
        elif expr.op == "-" and _is_number(left) and _is_number(right):
            return left - right
        raise CannotFold(f"{_kind(left)} {expr.op} {_kind(right)}")

    def _piece(self, part: TExpr, module: str, stack: tuple[tuple[str, str], ...]) -> str:
        if isinstance(part, Lit) and isinstance(part.value, str):
            return part.value
        if not isinstance(part, Fmt):
            raise CannotFold("an f-string part that is not text")
        if isinstance(part.value, Name) and isinstance(
            self.resolver.resolve(module, part.value.dotted), Member
        ):
            # str() of an Enum member depends on its kind and on the Python version.
            raise CannotFold(f"the Enum member '{part.value.dotted}' formatted into a string")
        value = self._value(part.value, module, stack)
        if part.conversion == "r":
            value = repr(value)
        elif part.conversion == "a":
            value = ascii(value)
        elif part.conversion == "s":
            value = str(value)
        spec = "" if part.spec is None else self._value(part.spec, module, stack)
        return _format(value, spec)

    def _call(self, expr: Call, module: str, stack: tuple[tuple[str, str], ...]) -> Any:
        func = expr.func
        receiver: TExpr | None = None
        method = ""
        if isinstance(func, Attr):
            receiver, method = func.value, func.attr
        elif isinstance(func, Name) and "." in func.dotted:
            head, _, tail = func.dotted.rpartition(".")
            if isinstance(self.resolver.resolve(module, head), (LocalAlias, Member)):
                receiver, method = Name(head), tail
        if receiver is not None:
            text = self._value(receiver, module, stack)
            if isinstance(text, str):
                return self._str_method(text, method, expr, module, stack)
            raise CannotFold(f"calls .{method}() on {_kind(text)}")
        if isinstance(func, Name):
            qual = self.resolver.qualname_of(module, func.dotted)
            if qual in _EMPTY_CALLS and not expr.args and not expr.kwargs:
                empty = _EMPTY_CALLS[qual]
                return type(empty)()
            if qual == "builtins.str" and len(expr.args) == 1 and not expr.kwargs:
                value = self._value(expr.args[0], module, stack)
                if isinstance(value, (str, int, float, bool)) or value is None:
                    return str(value)
            raise CannotFold(f"calls {func.dotted}()")
        raise CannotFold("a call cannot be evaluated without running it")

    def _str_method(
        self, text: str, method: str, expr: Call, module: str, stack: tuple[tuple[str, str], ...]
    ) -> Any:
        args = [self._value(a, module, stack) for a in expr.args]
        kwargs = {k: self._value(v, module, stack) for k, v in expr.kwargs}
        if method == "format":
            return _limited(_str_format(text, args, kwargs))
        if method == "join" and len(args) == 1 and not kwargs:
            items = args[0]
            if isinstance(items, list) and all(isinstance(i, str) for i in items):
                return _limited(text.join(items))
            raise CannotFold("joins something that is not a list of strings")
        if method in _STR_METHODS and not args and not kwargs:
            return getattr(text, method)()
        raise CannotFold(f"calls str.{method}()")


def _str_format(text: str, args: list[Any], kwargs: dict[str, Any]) -> str:
    """``str.format`` over plain values, refusing what could reach past them (``{0.__class__}``,
    ``{0[x]}``) or make a huge string (a width of 1000 or more)."""
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise CannotFold(f"the format string is not valid: {exc}") from None
    for _, field, spec, _ in fields:
        if field is not None and ("." in field or "[" in field):
            raise CannotFold(f"the format field '{{{field}}}' reaches into an attribute or item")
        if spec and ("{" in spec or _SPEC_WIDTH.search(spec)):
            raise CannotFold("a format spec with a nested field or a width of 1000 or more")
    try:
        return text.format(*args, **kwargs)
    except (IndexError, KeyError, ValueError, TypeError) as exc:
        raise CannotFold(f"str.format fails: {exc!r}") from None


def _format(value: Any, spec: Any) -> str:
    if not isinstance(spec, str) or _SPEC_WIDTH.search(spec):
        raise CannotFold("a format spec with a width of 1000 or more")
    if not isinstance(value, (str, int, float, bool, type(None), list, dict)):
        raise CannotFold(f"formats {_kind(value)}")
    try:
        return format(value, spec)
    except (ValueError, TypeError) as exc:
        raise CannotFold(f"the format spec '{spec}' fails: {exc}") from None


def _limited(value: Any) -> Any:
    if len(value) > MAX_TEXT:
        raise CannotFold(f"the result would be longer than {MAX_TEXT:,}")
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_tuple(expr: TExpr) -> bool:
    return isinstance(expr, Seq) and expr.kind == "tuple"


def _kind(value: Any) -> str:
    return {
        str: "a string",
        int: "an integer",
        float: "a number",
        bool: "a boolean",
        list: "a list",
        dict: "a dict",
        type(None): "None",
    }.get(type(value), type(value).__name__)


def _short(code: str) -> str:
    code = " ".join(code.split())
    return code if len(code) <= 60 else code[:57] + "..."
