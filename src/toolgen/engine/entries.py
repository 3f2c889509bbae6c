"""The typed cache: what each kind of entry holds, encoded and decoded with its shape checked.

Kinds, by what their key is made of (:mod:`toolgen.engine.keys`):

- ``module``: a :class:`~toolgen.forms.ModuleResult` (its tools' rendered list items and
  name-map entries as the raw payload, lengths in the header), by settings and the module's
  own files;
- ``scan``: one file's :class:`~toolgen.scan.model.ModuleScan`, as JSON data;
- ``layout``: the text of a generated module with a mark per constant, by its shape;
- ``output``: the digests of the files a target writes, by every input of the target;
- ``pointer``: the newest entry made for one module, file or output (replacing an entry deletes
  the one it replaces, so the cache holds one working set);
- ``stamp``: what an output file looked like when its digest was known.

Every entry is authenticated by :class:`~toolgen.engine.store.Store`; the shapes are checked
here as well, so that no entry, whatever it holds, can crash a build.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from toolgen.engine.stamps import Stamp
from toolgen.engine.store import Store
from toolgen.errors import Diagnostic, SourceSpan

if TYPE_CHECKING:
    from toolgen.forms import ModuleResult


class OutputRecord(NamedTuple):
    """What a target wrote from one set of inputs: each file's digest, the tool count and the
    target's warnings (a build with errors is never recorded)."""

    digests: tuple[str, ...]
    tool_count: int
    diagnostics: tuple[Diagnostic, ...]


class Cache:
    """Typed entries over a :class:`Store`; everything that does not decode is a miss."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def enabled(self) -> bool:
        return self.store.enabled

    # --- module results ---------------------------------------------------------------------

    def module(self, key: str) -> ModuleResult | None:
        loaded = self.store.load(key)
        return None if loaded is None else decode_module(*loaded)

    def put_module(self, key: str, result: ModuleResult) -> None:
        header, payload = encode_module(result)
        self.store.store(key, header, payload)

    # --- scans -----------------------------------------------------------------------------

    def scan(self, key: str) -> dict[str, Any] | None:
        loaded = self.store.load(key)
        if loaded is None:
            return None
        header, payload = loaded
        data = header.get("scan")
        return (
            data
            if header.get("kind") == "scan" and isinstance(data, dict) and not payload
            else None
        )

    def has_scan(self, key: str) -> bool:
        """Whether a scan entry is there to try (:meth:`scan` verifies it)."""
        return self.store.has(key)

    def put_scan(self, key: str, data: dict[str, Any]) -> None:
        self.store.store(key, {"kind": "scan", "scan": data})

    # --- layouts ----------------------------------------------------------------------------

    def layout(self, key: str) -> bytes | None:
        loaded = self.store.load(key)
        if loaded is None:
            return None
        header, payload = loaded
        return bytes(payload) if header.get("kind") == "layout" else None

    def put_layout(self, key: str, text: bytes) -> None:
        self.store.store(key, {"kind": "layout"}, [text])

    # --- outputs ----------------------------------------------------------------------------

    def output(self, key: str, diagnostics: bool = True) -> OutputRecord | None:
        """The output record under ``key``; without its diagnostics unless asked for (a quiet
        no-op prints none: thousands of cached warnings are not worth decoding for it, so
        they are the entry's payload, after the header a no-op reads)."""
        loaded = self.store.load(key)
        if loaded is None:
            return None
        header, payload = loaded
        try:
            digests, count = header["digests"], header["count"]
            if (
                header.get("kind") != "output"
                or not isinstance(digests, list)
                or not all(isinstance(d, str) for d in digests)
                or type(count) is not int
            ):
                return None
            if not diagnostics:
                return OutputRecord(tuple(digests), count, ())
            rows = json.loads(bytes(payload))
            if not isinstance(rows, list):
                return None
            return OutputRecord(tuple(digests), count, _diagnostics(rows))
        except (KeyError, TypeError, ValueError, RecursionError):
            return None

    def put_output(self, key: str, record: OutputRecord) -> None:
        rows = json.dumps([d.to_row() for d in record.diagnostics], ensure_ascii=False)
        self.store.store(
            key,
            {"kind": "output", "digests": list(record.digests), "count": record.tool_count},
            [rows.encode("utf-8", "surrogatepass")],
        )

    # --- pointers ---------------------------------------------------------------------------

    def pointed(self, pointer: str) -> str | None:
        """The key of the newest entry recorded under ``pointer``."""
        loaded = self.store.load(pointer)
        if loaded is None:
            return None
        header, payload = loaded
        entry = header.get("entry")
        ok = header.get("kind") == "pointer" and isinstance(entry, str) and not payload
        return entry if ok else None

    def supersede(self, pointer: str, key: str) -> None:
        """Record ``key`` as the newest entry under ``pointer``, deleting the one it replaces."""
        known = self.pointed(pointer)
        if known is not None and known != key:
            self.store.delete(known)
        self.store.store(pointer, {"kind": "pointer", "entry": key})

    # --- stamps -----------------------------------------------------------------------------

    def stamp(self, path: Path) -> Stamp | None:
        loaded = self.store.load(_stamp_key(path))
        return None if loaded is None or loaded[1] else Stamp.from_header(loaded[0])

    def put_stamp(self, path: Path, stamp: Stamp) -> None:
        self.store.store(_stamp_key(path), stamp.to_header())


def _stamp_key(path: Path) -> str:
    return hashlib.sha256(f"stamp\0{path}".encode("utf-8", "surrogatepass")).hexdigest()


# --- the module codec ---------------------------------------------------------------------------


def encode_module(result: ModuleResult) -> tuple[dict[str, Any], list[bytes | memoryview]]:
    """The header (JSON data) and the payload (each tool's segments then its entries, in
    order)."""
    tools = []
    payload: list[bytes | memoryview] = []
    for tool in result.tools:
        tools.append(
            {
                "name": tool.name,
                "span": [tool.span.path, tool.span.line, tool.span.col],
                "ir": tool.ir,
                "wire": dict(tool.wire),
                "segments": {k: len(v) for k, v in tool.segments.items()},
                "nullable": {k: list(v) for k, v in tool.nullable.items()},
                "diagnostics": [d.to_row() for d in tool.diagnostics],
                "function": tool.function,
                "packed": tool.packed,
                "rules": {k: dict(v) for k, v in (tool.rules or {}).items()},
                "owner": [tool.owner.id, tool.owner.kind] if tool.owner is not None else None,
                "fingerprints": dict(tool.fingerprints or {}),
                "entries": {k: len(v) for k, v in tool.entries.items()},
            }
        )
        payload.extend(tool.segments.values())
        payload.extend(tool.entries.values())
    header = {
        "kind": "module",
        "deps": dict(result.deps),
        "tools": tools,
        "diagnostics": [d.to_row() for d in result.diagnostics],
    }
    return header, payload


def decode_module(header: dict[str, Any], payload: memoryview) -> ModuleResult | None:
    """The result the entry holds, its segments sliced from ``payload`` without a copy;
    ``None`` when anything in it is not of the shape :func:`encode_module` writes."""
    from toolgen.forms import ModuleResult, ToolForms  # not on the no-op path
    from toolgen.ir import Owner

    try:
        if header.get("kind") != "module":
            return None
        deps = header["deps"]
        if not isinstance(deps, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in deps.items()
        ):
            return None
        tools = []
        offset = 0
        for tool in header["tools"]:
            path, line, col = tool["span"]
            name, ir, wire, nullable = tool["name"], tool["ir"], tool["wire"], tool["nullable"]
            function, packed, rules = tool["function"], tool["packed"], tool["rules"]
            prints = tool["fingerprints"]
            if not (
                isinstance(function, str)
                and isinstance(prints, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in prints.items())
                and (packed is None or isinstance(packed, str))
                and isinstance(rules, dict)
                and all(isinstance(k, str) and _rules_shape(v) for k, v in rules.items())
            ):
                return None
            owned = tool["owner"]
            if owned is not None:
                owner_id, owner_kind = owned
                if not (isinstance(owner_id, str) and isinstance(owner_kind, str)):
                    return None
                owned = Owner(owner_id, owner_kind)
            if not (
                isinstance(name, str)
                and isinstance(ir, str)
                and isinstance(path, str)
                and type(line) is int
                and type(col) is int
                and isinstance(wire, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in wire.items())
                and isinstance(nullable, dict)
                and all(
                    isinstance(v, list) and all(isinstance(p, str) for p in v)
                    for v in nullable.values()
                )
            ):
                return None
            texts: list[dict[str, memoryview]] = [{}, {}]
            for sizes, into in zip((tool["segments"], tool["entries"]), texts):
                for key, size in sizes.items():
                    if type(size) is not int or size < 0 or not isinstance(key, str):
                        return None
                    into[key] = payload[offset : offset + size]
                    offset += size
            segments, entries = texts
            tools.append(
                ToolForms(
                    name,
                    SourceSpan(path, line, col),
                    ir,
                    wire,
                    segments,
                    {k: tuple(v) for k, v in nullable.items()},
                    _diagnostics(tool["diagnostics"]),
                    function,
                    packed,
                    rules,
                    owned,
                    prints,
                    entries,
                )
            )
        if offset != len(payload):
            return None
        return ModuleResult(deps, tuple(tools), _diagnostics(header["diagnostics"]))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _rules_shape(rules: Any, nested: bool = True) -> bool:
    """Whether ``rules`` has the shape :func:`toolgen.providers.calls.call_rules` makes."""
    if not isinstance(rules, dict):
        return False
    for key, value in rules.items():
        if key == "omit_nulls" or (key == "positional" and nested):
            ok = isinstance(value, list) and all(isinstance(p, str) for p in value)
        elif key == "refs":
            ok = isinstance(value, dict) and all(
                isinstance(k, str) and isinstance(v, str) for k, v in value.items()
            )
        elif key == "defs" and nested:
            ok = isinstance(value, dict) and all(
                isinstance(k, str) and _rules_shape(v, nested=False) for k, v in value.items()
            )
        else:
            ok = False
        if not ok:
            return False
    return True


def _diagnostics(rows: Sequence[Any]) -> tuple[Diagnostic, ...]:
    """Diagnostics as :meth:`~toolgen.errors.Diagnostic.to_row` writes them.

    Raises:
        ValueError: a row of another shape.
    """
    out = []
    for row in rows:
        severity, message, path, line, col, code = row
        if (
            severity not in ("error", "warning")
            or not isinstance(message, str)
            or not (path is None or isinstance(path, str))
            or type(line) is not int
            or type(col) is not int
            or not isinstance(code, str)
        ):
            raise ValueError("not a diagnostic")
        out.append(Diagnostic.from_row(row))
    return tuple(out)
