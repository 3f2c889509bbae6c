"""``ModuleScan`` ⇄ JSON data, for the per-file scan cache.

Encoding follows the values: a model object becomes ``{"!": class name, "v": [fields]}``, a
tuple a list, ``...`` ``{"...": true}``, a diagnostic its row. Decoding follows the model's
own field annotations, and checks every value against them: a damaged or crafted entry
raises ``ValueError`` (the cache then ignores it) instead of building a scan that could
crash a later stage. A field whose annotation the decoder does not know fails at import,
so the model cannot grow past this file unnoticed.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from toolgen.errors import Diagnostic, SourceSpan
from toolgen.scan import model

_EXPRS = (
    "Name",
    "Sub",
    "Lit",
    "Or",
    "Seq",
    "Call",
    "Opaque",
    "BinOp",
    "Unary",
    "Attr",
    "Fmt",
    "FString",
)
_CLASSES: dict[str, type[Any]] = {
    **{name: getattr(model, name) for name in _EXPRS},
    **{
        cls.__name__: cls
        for cls in (
            model.Parameter,
            model.Function,
            model.FieldDef,
            model.InitStep,
            model.ClassDef,
            model.Alias,
            model.Registration,
            model.Statement,
            model.ModuleScan,
            SourceSpan,
        )
    },
}
_SEVERITIES = ("error", "warning")

Decoder = Callable[[Any], Any]


def encode(value: Any) -> Any:
    """JSON data for a scan (or any value inside one)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if value is Ellipsis:
        return {"...": True}
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    if isinstance(value, Diagnostic):
        return value.to_row()
    name = type(value).__name__
    if _CLASSES.get(name) is type(value):
        return {"!": name, "v": [encode(getattr(value, f.name)) for f in dataclasses.fields(value)]}
    raise TypeError(f"cannot encode {name}")


def decode_scan(data: Any) -> model.ModuleScan:
    """The scan ``data`` describes. Raises ``ValueError`` when it is not one."""
    try:
        scan: model.ModuleScan = _decoder("ModuleScan")(data)
    except (TypeError, KeyError, IndexError, RecursionError) as exc:
        raise ValueError(f"not a scan: {exc}") from None
    return scan


def _fail(expected: str, value: Any) -> ValueError:
    return ValueError(f"expected {expected}, got {type(value).__name__}")


def _split(text: str) -> list[str]:
    """``"A, tuple[B, C], ..."`` → its top-level parts."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    parts.append(text[start:].strip())
    return parts


@functools.cache
def _decoder(annotation: str) -> Decoder:
    """A checking decoder for one annotation of the model, as written in its source."""
    if annotation.endswith(" | None"):
        inner = _decoder(annotation.removesuffix(" | None"))
        return lambda v: None if v is None else inner(v)
    if annotation.startswith("tuple[") and annotation.endswith("]"):
        parts = _split(annotation[6:-1])
        if parts[-1] == "...":
            each = _decoder(parts[0])

            def many(v: Any) -> tuple[Any, ...]:
                if not isinstance(v, list):
                    raise _fail("a list", v)
                return tuple(each(item) for item in v)

            return many
        fixed = [_decoder(p) for p in parts]

        def exact(v: Any) -> tuple[Any, ...]:
            if not isinstance(v, list) or len(v) != len(fixed):
                raise _fail(f"a list of {len(fixed)}", v)
            return tuple(d(item) for d, item in zip(fixed, v))

        return exact
    if annotation in ("str", "int", "bool"):
        kind = {"str": str, "int": int, "bool": bool}[annotation]

        def primitive(v: Any) -> Any:
            if type(v) is not kind:
                raise _fail(annotation, v)
            return v

        return primitive
    if annotation == "object":  # Lit.value
        return _literal
    if annotation == "Diagnostic":
        return _diagnostic
    if annotation == "TExpr":
        return _instance(_EXPRS)
    if annotation in _CLASSES:
        return _instance((annotation,))
    raise AssertionError(f"scan.serial cannot decode a field annotated {annotation!r}")


def _literal(v: Any) -> Any:
    if v is None or type(v) in (bool, int, float, str):
        return v
    if v == {"...": True}:
        return Ellipsis
    raise _fail("a literal", v)


def _diagnostic(v: Any) -> Diagnostic:
    if not isinstance(v, list) or len(v) != 6:
        raise _fail("a diagnostic row", v)
    severity, message, path, line, col, code = v
    if (
        severity not in _SEVERITIES
        or type(message) is not str
        or not (path is None or type(path) is str)
        or type(line) is not int
        or type(col) is not int
        or type(code) is not str
    ):
        raise _fail("a diagnostic row", v)
    return Diagnostic.from_row(v)


def _instance(allowed: tuple[str, ...]) -> Decoder:
    def decode(v: Any) -> Any:
        if not isinstance(v, dict) or v.get("!") not in allowed or not isinstance(v.get("v"), list):
            raise _fail(" or ".join(allowed), v)
        name = v["!"]
        fields = _FIELDS[name]
        values = v["v"]
        if len(values) != len(fields):
            raise _fail(f"{len(fields)} fields of {name}", values)
        return _CLASSES[name](*(d(item) for d, item in zip(fields, values)))

    return decode


_FIELDS: dict[str, list[Decoder]] = {
    name: [_decoder(str(f.type)) for f in dataclasses.fields(cls)] for name, cls in _CLASSES.items()
}
"""Each class's field decoders, made at import: an unknown annotation fails here."""
