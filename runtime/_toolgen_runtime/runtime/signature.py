"""With pydantic installed: a tool's arguments validated and converted by the function's own
signature (pydantic's arguments schema), its errors said as JSON pointers and plain text.

pydantic is imported here only, when a tool is first decoded; a Toolbox never needs it.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final

from toolgen.runtime.errors import pointer, shown

__all__ = ["Signature", "available", "unreadable"]

_MISSING_KINDS: Final = frozenset({"missing", "missing_argument", "missing_keyword_only_argument"})
_EXTRA_KINDS: Final = frozenset({"unexpected_keyword_argument", "extra_forbidden"})
_SAID: Final = {
    # pydantic's words for these name a Python class; the model knows JSON only.
    "model_type": "expected an object",
    "model_attributes_type": "expected an object",
    "dataclass_type": "expected an object",
    "dataclass_exact_type": "expected an object",
    "dict_type": "expected an object",
    "is_instance_of": "expected a value of another type",
    "arguments_type": "expected an object of arguments",
}


def unreadable() -> tuple[type[BaseException], ...]:
    """The errors that say pydantic cannot build a signature's schema (a name imported only
    under ``TYPE_CHECKING``, a type it has no schema for, a ``typing.TypedDict`` before Python
    3.12, which pydantic refuses for ``typing_extensions.TypedDict``)."""
    from pydantic import (
        PydanticSchemaGenerationError,
        PydanticUndefinedAnnotation,
        PydanticUserError,
    )

    return (
        PydanticUndefinedAnnotation,
        PydanticSchemaGenerationError,
        PydanticUserError,
        NameError,
    )


def available() -> bool:
    """Whether pydantic's arguments schema can be used (pydantic 2.11 or newer)."""
    try:
        from pydantic.experimental.arguments_schema import generate_arguments_schema  # noqa: F401
    except ImportError:
        return False
    return True


class Signature:
    """One function's validator: JSON arguments in, keyword arguments of the declared types
    out. ``check(ArgsKwargs((), arguments))`` gives ``((), kwargs)`` or raises ``invalid``,
    which :func:`problems` says as pointers and text (the hot path calls them directly)."""

    __slots__ = ("ArgsKwargs", "check", "invalid")

    def __init__(self, function: Callable[..., Any], parameters: Collection[str]) -> None:
        from pydantic.experimental.arguments_schema import generate_arguments_schema
        from pydantic_core import ArgsKwargs, SchemaValidator, ValidationError

        wanted = frozenset(parameters)
        try:  # a **fields parameter takes what the schema lists and the others do not name
            taking = {
                n
                for n, p in inspect.signature(function).parameters.items()
                if p.kind is p.VAR_KEYWORD
            }
        except (TypeError, ValueError):
            taking = set()

        def keep(index: int, name: str, annotation: Any) -> Any:
            # What the schema does not list, the framework injects (a context): not the model's.
            return None if name in wanted or name in taking else "skip"

        try:
            schema = generate_arguments_schema(function, parameters_callback=keep)
        except unreadable():
            # pydantic evaluates every annotation, the injected ones' and the return's too
            # (ADK's ``ToolContext`` is imported under ``TYPE_CHECKING``): read the model's
            # parameters alone, from a copy of the function that declares only theirs.
            reduced = _declaring_only(function, wanted)
            if reduced is None:
                raise
            schema = generate_arguments_schema(reduced, parameters_callback=keep)
        self.check = SchemaValidator(_as_the_ir_reads(schema)).validate_python
        self.ArgsKwargs = ArgsKwargs
        self.invalid = ValidationError


def _as_the_ir_reads(schema: Any) -> Any:
    """The arguments' schema, read as the IR reads the signature: every argument comes by
    name (a model knows no positions; ``Toolbox.call`` passes positional-only ones by
    position), and an ``Optional`` parameter with no default is not required, so that one the
    model left out is ``None``."""
    arguments = schema["schema"] if schema.get("type") == "definitions" else schema
    for parameter in arguments.get("arguments_schema", ()):
        if parameter.get("mode") == "positional_only":
            parameter["mode"] = "positional_or_keyword"
        if parameter.get("mode") in ("var_args", "var_kwargs_uniform"):
            # pydantic-core (2.41 to 2.50) takes a ``*rest`` or ``**options`` after a parameter
            # with a default for a required one that follows it, and refuses the schema; a
            # default around its values' schema says it is not, and validates them the same.
            parameter["schema"] = {
                "type": "default",
                "default": None,
                "schema": parameter["schema"],
            }
            continue
        if parameter["schema"].get("type") == "nullable":
            parameter["schema"] = {
                "type": "default",
                "default": None,
                "schema": parameter["schema"],
            }
    return schema


def _declaring_only(function: Callable[..., Any], wanted: frozenset[str]) -> Any:
    """A copy of ``function`` (the one it wraps, if any) whose annotations are those of the
    ``wanted`` parameters only; ``None`` when it is no plain function or declares no others."""
    inner = inspect.unwrap(function)
    if not isinstance(inner, types.FunctionType):
        return None
    declared = dict(getattr(inner, "__annotations__", None) or {})
    kept = {k: v for k, v in declared.items() if k in wanted}
    if kept == declared:
        return None
    copy = types.FunctionType(
        inner.__code__, inner.__globals__, inner.__name__, inner.__defaults__, inner.__closure__
    )
    copy.__kwdefaults__ = inner.__kwdefaults__
    copy.__annotations__ = kept
    copy.__module__ = inner.__module__
    copy.__qualname__ = inner.__qualname__
    for name in ("__signature__", "__type_params__"):  # a signature set by a decorator stays
        if hasattr(inner, name):
            setattr(copy, name, getattr(inner, name))
    return copy


def problems(errors: list[Mapping[str, Any]], arguments: Any) -> list[dict[str, str]]:
    """pydantic's errors as pointers and text; the branches of a union refused at one place
    said in one line."""
    merged: dict[tuple[str, str], list[str]] = {}
    for error in errors:
        path, message, came = _problem(error, arguments)
        said = merged.setdefault((path, came), [])
        if message not in said:
            said.append(message)
    return [
        {"path": path, "message": " or ".join(said) + (f"; got {came}" if came else "")}
        for (path, came), said in merged.items()
    ]


def _problem(error: Mapping[str, Any], arguments: Any) -> tuple[str, str, str]:
    """One pydantic error: its pointer into the arguments, what was expected, what came."""
    kind = str(error.get("type", ""))
    path = _path(error.get("loc", ()), arguments, kind in _MISSING_KINDS)
    if kind in _MISSING_KINDS:
        return path, "a required field is missing", ""
    if kind in _EXTRA_KINDS:
        return path, "there is no such field", ""
    message = _SAID.get(kind) or str(error.get("msg") or "invalid value")
    return path, message[0].lower() + message[1:], shown(error.get("input"))


def _path(loc: Any, arguments: Any, missing: bool) -> str:
    """The pointer of ``loc`` in ``arguments``: pydantic's location also names union members
    and validators (``("choice", "int")``), which are not places in the arguments."""
    parts: list[str | int] = []
    node = arguments
    loc = tuple(loc)
    for index, part in enumerate(loc):
        if _holds(node, part):
            parts.append(part)
            node = node[part]
        elif index == len(loc) - 1 and missing and isinstance(node, Mapping):
            parts.append(part)  # the missing field's name
        # else: a union member's or validator's label, not a place
    return pointer(parts)


def _holds(node: Any, part: Any) -> bool:
    if isinstance(node, Mapping):
        return isinstance(part, str) and part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
