"""Phase two of name resolution: dotted names → scanned classes, aliases or external names.

Phase one (``gather``) recorded each module's imports and definitions; here every
module is visible at once, so relative and absolute imports, ``__init__`` re-exports,
module aliases and star imports resolve across the whole scanned tree.
"""

from __future__ import annotations

import builtins
import typing
from dataclasses import dataclass
from typing import Final, Union

from toolgen.scan.model import Alias, ClassDef, Function, ModuleScan, Name

# Spellings that mean the same thing, mapped to one canonical qualified name.
_CANONICAL_MODULES: Final = {
    "typing_extensions": "typing",
    "collections.abc": "typing",
    "pydantic.fields": "pydantic",
    "pydantic.main": "pydantic",
    "pydantic.functional_validators": "pydantic",
    "toolgen.markers": "toolgen",
    "annotated_types": "annotated_types",
}
_BUILTINS: Final = frozenset(dir(builtins))
# What ``from typing import *`` (and its look-alikes) binds: the public names, never builtins.
_TYPING_NAMES: Final = frozenset(typing.__all__) | {
    "Required",
    "NotRequired",
    "ReadOnly",
    "TypeAlias",
    "Self",
    "Never",
    "LiteralString",
    "TypeGuard",
}
_STAR_EXPORTS: Final = {
    "typing": _TYPING_NAMES,
    "typing_extensions": _TYPING_NAMES,
    "collections.abc": _TYPING_NAMES,
    "toolgen": frozenset({"tool", "Param"}),
}


def canonical(qualname: str) -> str:
    """``typing_extensions.List`` → ``typing.List``, ``collections.abc.Sequence`` → ``typing.Sequence``."""
    module, _, name = qualname.rpartition(".")
    if module in _CANONICAL_MODULES:
        return f"{_CANONICAL_MODULES[module]}.{name}"
    return qualname


@dataclass(frozen=True, slots=True)
class External:
    """A name from outside the scanned files: ``typing.List``, ``builtins.int``."""

    qualname: str


@dataclass(frozen=True, slots=True)
class LocalClass:
    cls: ClassDef


@dataclass(frozen=True, slots=True)
class LocalAlias:
    alias: Alias
    module: str


@dataclass(frozen=True, slots=True)
class LocalFunction:
    function: Function
    module: str


@dataclass(frozen=True, slots=True)
class Member:
    """An attribute of a scanned class, such as an enum member: ``Priority.HIGH``."""

    cls: ClassDef
    name: str


@dataclass(frozen=True, slots=True)
class ModuleRef:
    module: str


Resolved = Union[External, LocalClass, LocalAlias, LocalFunction, Member, ModuleRef]  # noqa: UP007


class _Symbols:
    """One module's bindings, last binding wins as at run time."""

    __slots__ = ("names", "scan", "stars")

    def __init__(self, scan: ModuleScan) -> None:
        self.scan = scan
        self.names: dict[str, object] = {}
        self.stars: list[str] = []
        for local, target in scan.imports:
            if local == "*":
                self.stars.append(target)
            else:
                self.names[local] = target
        for alias in scan.aliases:
            self.names[alias.name] = alias
        for function in scan.functions:
            self.names[function.name] = function
        for cls in scan.classes:
            self.names[cls.name] = cls


class Resolver:
    """Resolves names as written in a module to what they denote, across modules."""

    def __init__(self, modules: list[ModuleScan], aliases: dict[str, str] | None = None) -> None:
        self.symbols: dict[str, _Symbols] = {}
        for scan in modules:
            existing = self.symbols.get(scan.module)
            # A stub decides over the implementation, as type checkers do.
            if existing is None or (scan.is_stub and not existing.scan.is_stub):
                self.symbols[scan.module] = _Symbols(scan)
        # Other names a module is imported by (``app.models`` for ``input.app.models``): they
        # find the same bindings, and never hide a module of that name.
        for alias, module in (aliases or {}).items():
            if alias not in self.symbols and module in self.symbols:
                self.symbols[alias] = self.symbols[module]

    def module_name(self, module: str) -> str:
        """The name a module was scanned as, for any name it is imported by."""
        symbols = self.symbols.get(module)
        return symbols.scan.module if symbols is not None else module

    def resolve(self, module: str, dotted: str, _depth: int = 0) -> Resolved | None:
        """What ``dotted`` denotes when written in ``module``; ``None`` when unknown."""
        if _depth > 50:
            return None
        symbols = self.symbols.get(module)
        parts = dotted.split(".")
        if symbols is not None:
            for i in range(len(parts), 0, -1):
                head = ".".join(parts[:i])
                bound = symbols.names.get(head)
                if bound is not None:
                    return self._follow(module, bound, parts[i:], _depth)
            for star in symbols.stars:
                if star in self.symbols:
                    if parts[0] in self.symbols[star].names:
                        return self.resolve(star, dotted, _depth + 1)
                elif parts[0] in _STAR_EXPORTS.get(star, ()):
                    return External(canonical(f"{star}.{dotted}"))
        if parts[0] in _BUILTINS and len(parts) == 1:
            return External(f"builtins.{dotted}")
        return None

    def _follow(self, module: str, bound: object, rest: list[str], depth: int) -> Resolved | None:
        if isinstance(bound, ClassDef):
            return Member(bound, ".".join(rest)) if rest else LocalClass(bound)
        if isinstance(bound, Function):
            return None if rest else LocalFunction(bound, module)
        if isinstance(bound, Alias):
            if not rest:
                return LocalAlias(bound, module)

            if isinstance(bound.value, Name):
                return self.resolve(module, ".".join([bound.value.dotted, *rest]), depth + 1)
            return None
        assert isinstance(bound, str)
        return self.qualified(".".join([bound, *rest]), depth + 1)

    def qualified(self, qualname: str, depth: int = 0) -> Resolved | None:
        """Resolve an absolute dotted name: a scanned module and what it binds, or external."""
        parts = qualname.split(".")
        for i in range(len(parts), 0, -1):
            modname = ".".join(parts[:i])
            if modname in self.symbols:
                rest = parts[i:]
                if not rest:
                    return ModuleRef(modname)
                return self.resolve(modname, ".".join(rest), depth + 1)
        return External(canonical(qualname))

    def qualname_of(self, module: str, dotted: str) -> str | None:
        """The canonical qualified name of what ``dotted`` denotes, for matching decorators."""
        found = self.resolve(module, dotted)
        if isinstance(found, External):
            return found.qualname
        if isinstance(found, LocalClass):
            return found.cls.qualname
        if isinstance(found, LocalFunction):
            return f"{found.module}.{found.function.name}"
        if isinstance(found, LocalAlias):
            return f"{found.module}.{found.alias.name}"
        if isinstance(found, ModuleRef):
            return found.module
        return None
