"""Local ``$ref`` s: the pass that inlines them (P3), with what it and the schema diff need of
them — where a JSON pointer leads, and which refs a recursive type makes cyclic.

Like every pass (:mod:`toolgen.providers.transforms`), it never mutates its input and reports
what it loses with a JSON pointer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from toolgen.ir import SCHEMA_NESTING, JsonSchema
from toolgen.providers.transforms import Losses, Pass, escape_pointer
from toolgen.settings import Target

DEFAULT_MAX_BYTES = Target().max_inline_kb * 1024
"""The ``max_inline_kb`` setting's default, in bytes."""


def resolve_pointer(root: Any, ref: str) -> Any:
    """What a local ``$ref`` (``#/$defs/Name``, a JSON pointer after ``#``) points to in
    ``root``; ``None`` when it points nowhere."""
    if not ref.startswith("#"):
        return None
    node: Any = root
    for part in ref[1:].split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def _resolve_pointer(root: JsonSchema, ref: str) -> JsonSchema | None:
    node = resolve_pointer(root, ref)
    return node if isinstance(node, dict) else None


def ref_cycles(schema: JsonSchema) -> set[str]:
    """The local refs that can reach themselves (recursive types)."""
    graph: dict[str, set[str]] = {}

    def refs(node: Any) -> set[str]:
        found: set[str] = set()
        stack = [node]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                ref = item.get("$ref")
                if isinstance(ref, str):
                    found.add(ref)
                for key, value in item.items():  # only what can hold a ref: no scalar
                    if isinstance(value, (dict, list)) and key != "$defs" and key != "definitions":
                        stack.append(value)
            else:
                stack.extend(value for value in item if isinstance(value, (dict, list)))
        return found

    pending = list(refs(schema))
    while pending:
        ref = pending.pop()
        if ref in graph:
            continue
        target = _resolve_pointer(schema, ref)
        graph[ref] = refs(target) if target is not None else set()
        pending.extend(graph[ref])
    return leads_back(graph)


def leads_back(graph: Mapping[str, Iterable[str]]) -> set[str]:
    """The nodes of ``graph`` (each node's successors) from which a path leads back to them."""
    cyclic = set()
    for start, targets in graph.items():
        stack, seen = list(targets), set()
        while stack:
            ref = stack.pop()
            if ref == start:
                cyclic.add(start)
                break
            if ref not in seen:
                seen.add(ref)
                stack.extend(graph.get(ref, ()))
    return cyclic


_Where = str | tuple[Any, str | int]
"""A node's place, made into its JSON pointer only when a message names it: a pointer, or
(the parent's place, the key or index under it)."""


def _pointer(where: _Where) -> str:
    """The JSON pointer of a place."""
    keys: list[str] = []
    while isinstance(where, tuple):
        where, key = where
        keys.append(f"/{key}" if isinstance(key, int) else f"/{escape_pointer(key)}")
    return where + "".join(reversed(keys))


class _Overflow(Exception):
    """Inlining went past its bounds (a recursive type unrolled, or a type used twice in a type
    used twice, grows exponentially): the refs stay."""


def inline_refs(
    depth: int = 3, keep_cycles: bool = False, max_bytes: int = DEFAULT_MAX_BYTES
) -> Pass:
    """P3: replace local ``$ref`` s by their targets (siblings win), then drop ``$defs``.

    A cycle is unrolled ``depth`` more times and then cut with a warning, unless
    ``keep_cycles``: then recursive refs stay refs and their ``$defs`` are kept.

    The work is bounded by what it makes: once the copies of referenced types would total
    more than about ``max_bytes`` of JSON, or the schema nest deeper than
    :data:`~toolgen.ir.SCHEMA_NESTING`, the pass stops, returns its input unchanged (refs and
    all) and reports a downgrade saying why: the adapter then sends the provider's fallback
    form. (Unrolling recursive types, or a type used twice in a type used twice, grows
    exponentially.)
    """

    def run(schema: JsonSchema, report: Losses) -> JsonSchema:
        cyclic = ref_cycles(schema) if keep_cycles else set()
        # Without cycles, keeping them changes nothing: OpenAI's strict pipeline and Gemini's
        # then share one result (the same object), and so every step after it.
        key = ("inline_refs", depth, frozenset(cyclic), max_bytes, id(schema))
        last = report.memo.get(key)
        if last is not None and last[0] is schema:
            said: Losses = last[2]
        else:
            said = Losses(memo=report.memo)
            try:
                last = (schema, _expand(schema, cyclic, said), said)
            except _Overflow as overflow:
                said = Losses(memo=report.memo)
                said.downgrade("", f"inlining its $refs would {overflow}")
                last = (schema, schema, said)
            report.memo[key] = last
        report.warnings.extend(said.warnings)
        report.errors.extend(said.errors)
        report.downgrades.extend(said.downgrades)
        return cast(JsonSchema, last[1])

    def _expand(schema: JsonSchema, cyclic: set[str], report: Losses) -> JsonSchema:
        kept: dict[str, JsonSchema] = {}
        cut_reported: set[str] = set()
        budget = [max_bytes]  # what is left of it: each node made takes its share

        def spend(node: Any, level: int, inlined: bool) -> None:
            """Count a node made, at its nesting level: every one against the depth, and the
            copies of referenced types (``inlined``) against the bytes."""
            if level > SCHEMA_NESTING and isinstance(node, (dict, list)):
                raise _Overflow(
                    f"make it nest more than {SCHEMA_NESTING} levels deep (a module nested "
                    "much deeper does not import)"
                )
            if not inlined:
                return  # the schema's own nodes: as many as in its input
            if isinstance(node, dict):
                budget[0] -= 1 + 4 * len(node) + sum(map(len, node))
            elif isinstance(node, list):
                budget[0] -= 1 + len(node)
            else:
                budget[0] -= len(node) + 2 if isinstance(node, str) else 5
            if budget[0] < 0:
                raise _Overflow(
                    f"copy more than {max_bytes // 1024} KB of JSON of its types " "(max_inline_kb)"
                )

        def expand(node: Any, where: _Where, stack: tuple[str, ...], level: int = 1) -> Any:
            """``node`` with its refs inlined: the node itself where nothing under it changes
            (no copy of what has no ref), else a new one."""
            inlined = bool(stack)
            if isinstance(node, list):
                spend(node, level, inlined)
                items = None
                for i, v in enumerate(node):
                    if isinstance(v, (dict, list)):
                        new = expand(v, (where, i), stack, level + 1)
                        if new is not v:
                            if items is None:
                                items = list(node)
                            items[i] = new
                    elif inlined:  # a scalar counts against the bytes only when copied
                        spend(v, level + 1, True)
                return node if items is None else items
            if not isinstance(node, dict):
                spend(node, level, inlined)
                return node
            ref = node.get("$ref")
            if isinstance(ref, str):
                siblings = {k: v for k, v in node.items() if k != "$ref"}
                if not ref.startswith("#"):
                    report.error(_pointer(where), f"remote $ref '{ref}' cannot be resolved")
                    return siblings
                target = _resolve_pointer(schema, ref)
                if target is None:
                    report.error(_pointer(where), f"$ref '{ref}' points nowhere")
                    return siblings
                if ref in cyclic:
                    name = ref.rsplit("/", 1)[-1]
                    if name not in kept:
                        kept[name] = {}
                        kept[name] = expand(target, f"/$defs/{name}", (ref,), 3)
                    new_ref = f"#/$defs/{name}"
                    spend(node, level, inlined)
                    if not siblings:
                        return {"$ref": new_ref}
                    return {
                        **{
                            k: expand(v, f"{_pointer(where)}/{k}", stack, level + 1)
                            for k, v in siblings.items()
                        },
                        "$ref": new_ref,
                    }
                if stack.count(ref) > depth:
                    name = ref.rsplit("/", 1)[-1]
                    if name not in cut_reported:
                        cut_reported.add(name)
                        report.warn(
                            _pointer(where),
                            f"recursive type '{name}' unrolled {depth} levels, then "
                            "cut (raise recursion_depth to go deeper)",
                        )
                    cut = {"type": "object", "description": f"<recursive: {name}>"}
                    return {**cut, **{k: v for k, v in siblings.items() if k == "description"}}
                merged = {**target, **siblings}
                merged.pop("$defs", None)
                merged.pop("definitions", None)
                return expand(merged, where, (*stack, ref), level)
            spend(node, level, inlined)
            out = None
            for k, v in node.items():
                if k == "$defs" or k == "definitions":
                    continue  # kept as they are (the root's are dropped below)
                if isinstance(v, (dict, list)):
                    new = expand(v, (where, k), stack, level + 1)
                    if new is not v:
                        if out is None:
                            out = dict(node)
                        out[k] = new
                elif inlined:
                    spend(v, level + 1, True)
            return node if out is None else out

        out = expand(schema, "", ())
        if kept or "$defs" in out or "definitions" in out:
            out = {k: v for k, v in out.items() if k not in ("$defs", "definitions")}
            if kept:
                out["$defs"] = {k: kept[k] for k in sorted(kept)}
        return cast(JsonSchema, out)

    run.__name__ = "inline_refs"
    run.key = ("inline_refs", depth, keep_cycles, max_bytes)  # type: ignore[attr-defined]
    return run
