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

The work is bounded by the sources' size: each name is folded once (its result remembered), no
value larger than :data:`MAX_TEXT` is made (each operation's result is sized before it is
built), and one evaluator makes at most :data:`MAX_WORK` in all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from toolgen.scan.bounds import size_of
from toolgen.scan.formats import (
    MAX_TEXT,
    CannotFold,
    format_field,
    limited,
    percent,
    str_method,
    too_large,
)
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
from toolgen.scan.surrogates import is_reason
from toolgen.scan.values import arithmetic, is_int, is_number, kind, number, short, tree

__all__ = ["MAX_TEXT", "CannotFold", "Evaluator", "Folded"]

MAX_DEPTH: Final = 50
"""How many names a chain of constants may pass through."""
MAX_WORK: Final = 20_000_000
"""How much one evaluator (the tools of one module) may make in all, counted as sizes are:
every value folded is made once, but a module of many large ones is refused past this."""
_EMPTY_CALLS: Final[dict[str, Any]] = {
    "builtins.list": [],
    "builtins.dict": {},
    "builtins.tuple": [],
    "builtins.set": [],
    "builtins.frozenset": [],
    "builtins.str": "",
}


@dataclass(frozen=True, slots=True)
class Folded:
    """A value, or the reason there is none (``value`` is then ``None``)."""

    value: Any
    why: str | None = None

    @property
    def ok(self) -> bool:
        return self.why is None


class _Contextual(CannotFold):
    """A refusal that depends on how the name was reached (a cycle through the names being
    folded, a chain past :data:`MAX_DEPTH`, the module's work spent), not on the name alone:
    it is never remembered as the name's own result."""


@dataclass(frozen=True, slots=True)
class _Entry:
    """A name's own result (a value, or the reason it has none) and its chain's depth."""

    value: Any
    why: str | None
    depth: int


_Stack = tuple[tuple[str, str], ...]


class Evaluator:
    """Folds expressions written in a module, across every module the resolver knows.

    Each name's result is made once and remembered (a chain of constants each using the one
    before twice is linear, not exponential), with the depth of the chain below it, so that
    whether a chain passes :data:`MAX_DEPTH` does not depend on what was folded before.
    """

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self._memo: dict[tuple[str, str], _Entry] = {}
        self._sizes: dict[int, int] = {}
        """``id()`` → size of the remembered containers (the memo keeps them alive)."""
        self._autos: dict[str, tuple[int, int, dict[str, int]]] = {}
        """Per Enum, how far its ``auto()`` values are known: (next member, next value, values)."""
        self._depth = 0
        self._work = 0

    # --- public ------------------------------------------------------------------------
    def fold(self, expr: TExpr, module: str) -> Folded:
        """The value of ``expr`` as written in ``module``."""
        return self._fold(lambda: self._value(expr, module, ()))

    def member(self, cls: ClassDef, name: str) -> Folded:
        """The value of a class's member: an Enum member's value, or a class constant."""
        return self._fold(lambda: self._member(cls, name, f"{cls.name}.{name}", ()))

    def _fold(self, work: Any) -> Folded:
        self._depth = 0
        try:
            return Folded(tree(work()))  # a copy: the remembered value is never shared out
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

    # --- names, once each --------------------------------------------------------------
    def _entry(
        self, key: tuple[str, str], module: str, expr: TExpr, dotted: str, stack: _Stack
    ) -> Any:
        """The value of the name ``key`` (bound to ``expr``, written in ``module``), made the
        first time it is asked for and remembered."""
        if key in stack:
            raise _Contextual(f"the constant '{dotted}' is defined in terms of itself")
        entry = self._memo.get(key)
        if entry is None:
            if len(stack) >= MAX_DEPTH:
                raise _Contextual(
                    f"a chain of more than {MAX_DEPTH} constants (it stops at '{dotted}')"
                )
            outer, self._depth = self._depth, 0
            try:
                value = self._value(expr, module, (*stack, key))
                entry = _Entry(value, None, self._depth + 1)
            except _Contextual:
                self._depth = outer
                raise
            except CannotFold as exc:
                entry = _Entry(None, exc.why, self._depth + 1)
            self._memo[key] = entry
            if isinstance(entry.value, (list, dict)):
                self._sizes[id(entry.value)] = self._size(entry.value)
            self._depth = outer
        elif len(stack) + entry.depth > MAX_DEPTH:
            raise _Contextual(
                f"a chain of more than {MAX_DEPTH} constants (it stops at '{dotted}')"
            )
        self._depth = max(self._depth, entry.depth)
        if entry.why is not None:
            raise CannotFold(entry.why)
        return entry.value

    def _name(self, dotted: str, module: str, stack: _Stack) -> Any:
        found = self.resolver.resolve(module, dotted)
        if isinstance(found, LocalAlias):
            key = (found.module, found.alias.name)
            return self._entry(key, found.module, found.alias.value, dotted, stack)
        if isinstance(found, Member):
            return self._member(found.cls, found.name, dotted, stack)
        if isinstance(found, External):
            if found.qualname in ("builtins.None", "builtins.True", "builtins.False"):
                return {"None": None, "True": True, "False": False}[found.qualname[9:]]
            raise CannotFold(f"'{dotted}' is defined outside the scanned files")
        if isinstance(found, (LocalClass, LocalFunction, ModuleRef)):
            raise CannotFold(f"'{dotted}' is not a constant")
        raise CannotFold(f"'{dotted}' is not defined in the scanned files")

    def _member(self, cls: ClassDef, name: str, dotted: str, stack: _Stack) -> Any:
        """``Color.RED`` (an Enum member: its value), ``Color.RED.value``, ``Color.RED.name``, or a
        plain class constant ``Limits.MAX``."""
        member, _, attribute = name.partition(".")
        if attribute not in ("", "value", "name"):
            raise CannotFold(f"'{dotted}' is not a constant")
        written: dict[str, TExpr] = {}
        for other, value in cls.members:
            written.setdefault(other, value)
        if attribute == "name":
            if member in written:
                return member
            raise CannotFold(f"'{dotted}' is not a member of '{cls.name}'")
        if member.startswith("_") or member not in written:
            raise CannotFold(f"'{dotted}' is not a member of '{cls.name}'")
        expr = written[member]
        if not self._is_auto(cls, expr):
            return self._entry((cls.qualname, member), cls.module, expr, dotted, stack)
        if any(self._is(cls.module, b, "enum.StrEnum") for b in cls.bases):
            return member.lower()
        return self._auto(cls, member, stack)

    def _auto(self, cls: ClassDef, member: str, stack: _Stack) -> int:
        """An ``auto()`` member's number: one past the last integer before it (1 at first). The
        members before it are read once for all of the class's ``auto()`` members."""
        index, following, values = self._autos.get(cls.qualname, (0, 1, {}))
        members = cls.members
        while member not in values and index < len(members):
            other, expr = members[index]
            value: Any = None
            if other.startswith("_"):
                pass
            elif self._is_auto(cls, expr):
                value = values[other] = following
            else:
                try:
                    key, written = (cls.qualname, other), f"{cls.name}.{other}"
                    value = self._entry(key, cls.module, expr, written, stack)
                except _Contextual:
                    raise
                except CannotFold:
                    pass  # a member without a known value does not move the count
            if is_int(value):
                following = value + 1
            index += 1
            self._autos[cls.qualname] = (index, following, values)
        return values[member]

    def _is_auto(self, cls: ClassDef, expr: TExpr) -> bool:
        return isinstance(expr, Call) and self._is(cls.module, expr.func, "enum.auto")

    def _is(self, module: str, expr: TExpr, qualname: str) -> bool:
        if isinstance(expr, Sub):
            expr = expr.base
        return isinstance(expr, Name) and self.resolver.qualname_of(module, expr.dotted) == qualname

    # --- sizes and work ----------------------------------------------------------------
    def _size(self, value: Any) -> int:
        """``value``'s size (past :data:`MAX_TEXT`: some number past it); the walk is work."""
        if isinstance(value, str):
            return max(len(value), 1)
        if not isinstance(value, (list, dict)):
            return 1
        size, steps = size_of(value, MAX_TEXT, self._sizes)
        self._charge(steps)
        return size

    def _charge(self, amount: int) -> None:
        self._work += amount
        if self._work > MAX_WORK:
            raise _Contextual(
                f"the values folded for this module's tools pass {MAX_WORK:,} characters and "
                "items in all"
            )

    def _made(self, value: Any, size: int) -> Any:
        """A value an operation made, ``size`` known before it was made."""
        if size > MAX_TEXT:
            raise too_large()
        self._charge(size)
        return value

    # --- folding -----------------------------------------------------------------------
    def _value(self, expr: TExpr, module: str, stack: _Stack) -> Any:
        if isinstance(expr, Lit):
            value = expr.value
            if value is ...:
                raise CannotFold("'...' is not a value")
            return number(value)
        if isinstance(expr, Seq):
            return self._display(expr, module, stack)
        if isinstance(expr, Name):
            return self._name(expr.dotted, module, stack)
        if isinstance(expr, Unary):
            operand = self._value(expr.operand, module, stack)
            if expr.op == "not":
                return not operand
            if not is_number(operand):
                raise CannotFold(f"unary {expr.op} of {kind(operand)}")
            return -operand if expr.op == "-" else +operand
        if isinstance(expr, BinOp):
            return number(self._binop(expr, module, stack))
        if isinstance(expr, FString):
            pieces: list[str] = []
            total = 0
            for part in expr.parts:
                piece = self._piece(part, module, stack, MAX_TEXT - total)
                total += len(piece)
                limited(total)
                pieces.append(piece)
            return self._made("".join(pieces), total)
        if isinstance(expr, Call):
            return self._call(expr, module, stack)
        if isinstance(expr, Sub) and len(expr.args) == 1:
            return self._item(expr, module, stack)
        if isinstance(expr, (Or, Sub)):
            raise CannotFold("a type, not a value")
        if isinstance(expr, Opaque):
            if is_reason(expr):  # the scanner's words for why it kept no value
                raise CannotFold(expr.code[1:-1])
            raise CannotFold(f"'{short(expr.code)}' cannot be evaluated without running it")
        raise CannotFold("this expression cannot be evaluated without running it")

    def _display(self, expr: Seq, module: str, stack: _Stack) -> Any:
        """A list, tuple or dict display, its size counted item by item as it is made."""
        total = 1
        if expr.kind == "dict":
            out: dict[str, Any] = {}
            for pair in expr.items:
                assert isinstance(pair, Seq)
                key, value = (self._value(x, module, stack) for x in pair.items)
                if not isinstance(key, str):
                    raise CannotFold(f"the dict key {key!r} is not a string (JSON keys are)")
                total += self._size(key) + self._size(value)
                limited(total)
                out[key] = value
            return self._made(out, total)
        items = []
        for item in expr.items:
            value = self._value(item, module, stack)
            total += self._size(value)
            limited(total)
            items.append(value)
        return self._made(items, total)

    def _item(self, expr: Sub, module: str, stack: _Stack) -> Any:
        """``HELP["describe"]``, ``LIMITS[0]``: an item of a constant dict or list."""
        container = self._value(expr.base, module, stack)
        key = self._value(expr.args[0], module, stack)
        if isinstance(container, dict) and isinstance(key, str) and key in container:
            return container[key]
        if isinstance(container, list) and is_int(key) and -len(container) <= key < len(container):
            return container[key]
        raise CannotFold(f"{kind(container)} has no item {short(repr(key))}")

    def _binop(self, expr: BinOp, module: str, stack: _Stack) -> Any:
        left = self._value(expr.left, module, stack)
        right = self._value(expr.right, module, stack)
        try:
            if is_number(left) and is_number(right):
                return arithmetic(expr.op, left, right)
        except OverflowError:
            raise CannotFold(
                f"{kind(left)} {expr.op} {kind(right)}: too large for a float"
            ) from None
        if expr.op == "+":
            if isinstance(left, str) and isinstance(right, str):
                return self._made(left + right, len(left) + len(right))
            if isinstance(left, list) and isinstance(right, list):
                size = self._size(left) + self._size(right) - 1
                limited(size)
                return self._made(left + right, size)
        elif expr.op == "*" and (
            (isinstance(left, (str, list)) and is_int(right))
            or (is_int(left) and isinstance(right, (str, list)))
        ):
            times, seq = (right, left) if is_int(right) else (left, right)
            times = max(times, 0)
            size = len(seq) * times if isinstance(seq, str) else (self._size(seq) - 1) * times + 1
            limited(size)  # before it is made: "=" * 10**12 is never attempted
            return self._made(seq * times, size)
        elif expr.op == "%" and isinstance(left, str):
            args = tuple(right) if isinstance(right, list) and _is_tuple(expr.right) else right
            text = percent(left, args)
            return self._made(text, len(text))
        raise CannotFold(f"{kind(left)} {expr.op} {kind(right)}")

    def _piece(self, part: TExpr, module: str, stack: _Stack, room: int) -> str:
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
        spec = "" if part.spec is None else self._value(part.spec, module, stack)
        return format_field(value, part.conversion, spec, room)

    def _call(self, expr: Call, module: str, stack: _Stack) -> Any:
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
            raise CannotFold(f"calls .{method}() on {kind(text)}")
        if isinstance(func, Name):
            qual = self.resolver.qualname_of(module, func.dotted)
            if qual in _EMPTY_CALLS and not expr.args and not expr.kwargs:
                empty = _EMPTY_CALLS[qual]
                return type(empty)()
            if qual == "builtins.str" and len(expr.args) == 1 and not expr.kwargs:
                value = self._value(expr.args[0], module, stack)
                if isinstance(value, (str, int, float, bool)) or value is None:
                    return str(value)  # a number has at most MAX_DIGITS digits
            raise CannotFold(f"calls {func.dotted}()")
        raise CannotFold("a call cannot be evaluated without running it")

    def _str_method(self, text: str, method: str, expr: Call, module: str, stack: _Stack) -> Any:
        args = [self._value(a, module, stack) for a in expr.args]
        kwargs = {k: self._value(v, module, stack) for k, v in expr.kwargs}
        made = str_method(text, method, args, kwargs)
        return self._made(made, len(made))


def _is_tuple(expr: TExpr) -> bool:
    return isinstance(expr, Seq) and expr.kind == "tuple"
