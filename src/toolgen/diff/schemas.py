"""Two versions of one tool's parameter schema compared keyword by keyword, ``$ref`` followed
to its ``$defs`` entry (whose changes are reported there once); each difference a
:class:`~toolgen.diff.model.Change` of one rule."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from toolgen.diff.model import Change
from toolgen.diff.values import canonical, description_change, escape, keyword_change, show
from toolgen.ir import json_type
from toolgen.providers.refs import resolve_pointer

LOWER: Final = (
    "minimum",
    "exclusiveMinimum",
    "minLength",
    "minItems",
    "minProperties",
    "minContains",
)
"""Bounds whose rise accepts fewer values."""
UPPER: Final = (
    "maximum",
    "exclusiveMaximum",
    "maxLength",
    "maxItems",
    "maxProperties",
    "maxContains",
)
"""Bounds whose fall accepts fewer values."""
EXACT: Final = ("pattern", "format", "contentEncoding", "contentMediaType")
"""Constraints that cannot be ordered: added or changed is a tightening, removed a loosening."""
_ANNOTATIONS: Final = ("description", "default")
_HANDLED: Final = frozenset(
    {
        "type",
        "enum",
        "const",
        "anyOf",
        "oneOf",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "prefixItems",
        "$defs",
        "definitions",
        "$ref",
        "multipleOf",
        "uniqueItems",
        *LOWER,
        *UPPER,
        *EXACT,
        *_ANNOTATIONS,
    }
)


@dataclass(frozen=True, slots=True)
class _View:
    """A schema node with its ``$ref`` followed: the target's keywords, overlaid by the
    referring node's own (``{"$ref": ..., "default": ...}``), each at its own place."""

    schema: dict[str, Any]
    here: str
    """Pointer of the node as written (where its own keywords are)."""
    target: str
    """Pointer of the node the keywords not written here come from (== here without $ref)."""
    own: frozenset[str]
    followed: bool

    def at(self, key: str) -> str:
        return f"{self.here if key in self.own else self.target}/{escape(key)}"


_ANY: Final[dict[str, Any]] = {}


class SchemaWalk:
    def __init__(self, tool: str, old_root: Any, new_root: Any, out: list[Change]) -> None:
        self.tool = tool
        self.roots = (old_root, new_root)
        self.out = out
        self.seen: set[tuple[str, str]] = set()

    # - helpers

    def add(self, rule: str, pointer: str, message: str, **values: Any) -> None:
        self.out.append(Change(rule, self.tool, pointer, message, **values))

    def view(self, node: Any, pointer: str, side: int) -> _View:
        if node is True or node is None:
            node = _ANY
        elif node is False:
            node = {"not": {}}
        if not isinstance(node, dict):
            node = {"const": node}  # not a schema: compared as a value
        own = frozenset(node)
        target = pointer
        followed = False
        merged = node
        depth = 0
        while isinstance(merged.get("$ref"), str) and depth < 32:
            ref = merged["$ref"]
            found = _resolve(self.roots[side], ref)
            if found is None:
                break
            followed = True
            depth += 1
            target = "/parameters" + ref[1:]
            rest = {k: v for k, v in merged.items() if k != "$ref"}
            merged = {**(found if isinstance(found, dict) else {}), **rest}
        return _View(merged, pointer, target, own - {"$ref"} if followed else own, followed)

    # - the walk

    def node(self, old: Any, new: Any, po: str, pn: str, optional: bool | None) -> None:
        """Compare two schemas. ``optional``: the node is a parameter left out-able in both
        versions (its default matters), ``None`` when it is no parameter."""
        o, n = self.view(old, po, 0), self.view(new, pn, 1)
        keys: frozenset[str] | None = None  # None: every keyword
        if o.followed or n.followed:
            pair = (o.target, n.target)
            if pair in self.seen:  # a shared or recursive definition: compared once
                keys = o.own | n.own
            self.seen.add(pair)
        self.annotations(o, n, optional, keys)
        if keys is not None:
            return
        self.structure(o, n)

    def annotations(
        self, o: _View, n: _View, optional: bool | None, keys: frozenset[str] | None
    ) -> None:
        os_, ns = o.schema, n.schema
        if keys is None or "description" in keys:
            if os_.get("description") != ns.get("description"):
                self.out.append(
                    description_change(
                        self.tool,
                        n.at("description") if "description" in ns else o.at("description"),
                        os_.get("description"),
                        ns.get("description"),
                    )
                )
        if (keys is None or "default" in keys) and optional is not False:
            if _differ(os_, ns, "default"):
                where = n.at("default") if "default" in ns else o.at("default")
                values = {}
                if "default" in os_:
                    values["old"] = os_["default"]
                if "default" in ns:
                    values["new"] = ns["default"]
                before = show(os_["default"]) if "default" in os_ else "no default"
                after = show(ns["default"]) if "default" in ns else "no default"
                self.add(
                    "default-changed",
                    where,
                    f"default {before} → {after}: callers that leave it out get another value",
                    **values,
                )

    def structure(self, o: _View, n: _View) -> None:
        ob = _branches(o.schema)
        nb = _branches(n.schema)
        if ob is None and nb is None:
            self.single(o, n)
            return
        olist = (
            [(b, f"{o.at(ob[0])}/{i}") for i, b in enumerate(ob[1])]
            if ob
            else [(_strip(o.schema), o.target)]
        )
        nlist = (
            [(b, f"{n.at(nb[0])}/{i}") for i, b in enumerate(nb[1])]
            if nb
            else [(_strip(n.schema), n.target)]
        )
        pairs, gone, came = self.match(olist, nlist)
        for (ob_, opo), (nb_, npo) in pairs:
            self.node(ob_, nb_, opo, npo, None)
        for branch, pointer in gone:
            self.add(
                "union-member-removed",
                pointer,
                f"union member {self.label(branch, 0)} removed",
                old=branch,
            )
        for branch, pointer in came:
            self.add(
                "union-member-added",
                pointer,
                f"union member {self.label(branch, 1)} added",
                new=branch,
            )

    def label(self, branch: Any, side: int) -> str:
        if isinstance(branch, dict) and isinstance(branch.get("$ref"), str):
            return str(branch["$ref"]).rsplit("/", 1)[-1]
        view = self.view(branch, "", side)
        types = _types(view.schema)
        values = _values(view.schema)
        if values is not None:
            return " | ".join(show(v) for v in values)
        return "/".join(sorted(types)) if types else show(branch)

    def match(
        self, olist: list[tuple[Any, str]], nlist: list[tuple[Any, str]]
    ) -> tuple[
        list[tuple[tuple[Any, str], tuple[Any, str]]], list[tuple[Any, str]], list[tuple[Any, str]]
    ]:
        """Branches paired: equal ones first, then by the kind of value they accept."""
        pairs = []
        left = list(olist)
        right = list(nlist)
        for step in (self._same, self._kind, self._compatible):
            for item in list(left):
                key = step(item[0], 0)
                for other in right:
                    if step(other[0], 1) == key and key is not None:
                        pairs.append((item, other))
                        left.remove(item)
                        right.remove(other)
                        break
        if len(left) == 1 and len(right) == 1 and not pairs:
            pairs.append((left.pop(), right.pop()))  # one for one: a change inside it
        return pairs, left, right

    def _same(self, branch: Any, side: int) -> str | None:
        return canonical(_strip(self.view(branch, "", side).schema))

    def _kind(self, branch: Any, side: int) -> str | None:
        if isinstance(branch, dict) and isinstance(branch.get("$ref"), str):
            return "ref:" + str(branch["$ref"])
        schema = self.view(branch, "", side).schema
        return "types:" + ",".join(sorted(_types(schema) or {"*"}))

    def _compatible(self, branch: Any, side: int) -> str | None:
        schema = self.view(branch, "", side).schema
        types = {"number" if t == "integer" else t for t in (_types(schema) or {"*"})}
        return ",".join(sorted(types))

    def single(self, o: _View, n: _View) -> None:
        os_, ns = o.schema, n.schema
        self.types(o, n)
        self.enums(o, n)
        self.constraints(o, n)
        self.objects(o, n)
        self.arrays(o, n)
        for key in sorted((os_.keys() | ns.keys()) - _HANDLED):
            if _differ(os_, ns, key):
                where = n.at(key) if key in ns else o.at(key)
                self.out.append(keyword_change(self.tool, where, key, os_, ns))

    def types(self, o: _View, n: _View) -> None:
        before, after = _types(o.schema), _types(n.schema)
        if before == after:
            return
        where = n.at("type") if "type" in n.schema else o.at("type")
        words = f"type {_type_words(before)} → {_type_words(after)}"
        values = {
            "old": sorted(before) if before else None,
            "new": sorted(after) if after else None,
        }
        if after is None:  # any value now
            self.add("type-widened", where, words, **values)
            return
        if before is None:
            self.add("type-narrowed", where, words, **values)
            return
        lost = [t for t in before if not _covered(t, after)]
        gained = [t for t in after if not _covered(t, before)]
        if lost:
            self.add(
                "type-narrowed",
                where,
                f"{words} ({', '.join(sorted(lost))} no longer accepted)",
                **values,
            )
        elif gained:
            self.add("type-widened", where, words, **values)

    def enums(self, o: _View, n: _View) -> None:
        before, after = _values(o.schema), _values(n.schema)
        if before is None and after is None:
            return
        key_n = "enum" if "enum" in n.schema else "const"
        key_o = "enum" if "enum" in o.schema else "const"
        if before is None:
            assert after is not None
            self.add(
                "enum-added",
                n.at(key_n),
                f"values restricted to {', '.join(show(v) for v in after)}",
                new=after,
            )
            return
        if after is None:
            self.add(
                "enum-removed", o.at(key_o), "values no longer restricted to a list", old=before
            )
            return
        have = {canonical(v) for v in after}
        had = {canonical(v) for v in before}
        for value in before:
            if canonical(value) not in have:
                self.add(
                    "enum-value-removed", o.at(key_o), f"value {show(value)} removed", old=value
                )
        for value in after:
            if canonical(value) not in had:
                self.add("enum-value-added", n.at(key_n), f"value {show(value)} added", new=value)

    def constraints(self, o: _View, n: _View) -> None:
        os_, ns = o.schema, n.schema
        for key in (*LOWER, *UPPER, "multipleOf"):
            a, b = _number(os_.get(key)), _number(ns.get(key))
            if a == b:
                continue
            if key == "multipleOf":
                tighter = b is not None and (a is None or not _divides(b, a))
            elif key in LOWER:
                tighter = b is not None and (a is None or b > a)
            else:
                tighter = b is not None and (a is None or b < a)
            self.bound(o, n, key, tighter)
        for key in EXACT:
            if os_.get(key) != ns.get(key):
                self.bound(o, n, key, key in ns)
        if bool(os_.get("uniqueItems")) != bool(ns.get("uniqueItems")):
            self.bound(o, n, "uniqueItems", bool(ns.get("uniqueItems")))

    def bound(self, o: _View, n: _View, key: str, tighter: bool) -> None:
        os_, ns = o.schema, n.schema
        where = n.at(key) if key in ns else o.at(key)
        before = show(os_[key]) if key in os_ else "none"
        after = show(ns[key]) if key in ns else "none"
        values = {}
        if key in os_:
            values["old"] = os_[key]
        if key in ns:
            values["new"] = ns[key]
        rule = "constraint-tightened" if tighter else "constraint-loosened"
        self.add(rule, where, f"{key} {before} → {after}", **values)

    def objects(self, o: _View, n: _View) -> None:
        os_, ns = o.schema, n.schema
        op = os_.get("properties") if isinstance(os_.get("properties"), dict) else {}
        np_ = ns.get("properties") if isinstance(ns.get("properties"), dict) else {}
        oreq = _required(os_)
        nreq = _required(ns)
        assert isinstance(op, dict) and isinstance(np_, dict)
        base_o, base_n = o.at("properties"), n.at("properties")
        for name in op:
            if name not in np_:
                self.add(
                    "parameter-removed", f"{base_o}/{escape(name)}", f"parameter '{name}' removed"
                )
        for name in np_:
            if name in op:
                continue
            where = f"{base_n}/{escape(name)}"
            if name in nreq:
                self.add("required-parameter-added", where, f"required parameter '{name}' added")
            else:
                self.add("optional-parameter-added", where, f"optional parameter '{name}' added")
        common_o = [name for name in op if name in np_]
        common_n = [name for name in np_ if name in op]
        for name in common_n:
            where = f"{base_n}/{escape(name)}"
            if name in nreq and name not in oreq:
                self.add("parameter-became-required", where, f"parameter '{name}' is now required")
            elif name in oreq and name not in nreq:
                self.add(
                    "parameter-became-optional", where, f"parameter '{name}' may now be left out"
                )
        if common_o != common_n:
            self.add(
                "parameter-order-changed",
                base_n,
                f"order {', '.join(common_o)} → {', '.join(common_n)}",
                old=common_o,
                new=common_n,
            )
        for name in common_n:
            optional = name not in oreq and name not in nreq
            self.node(
                op[name],
                np_[name],
                f"{base_o}/{escape(name)}",
                f"{base_n}/{escape(name)}",
                optional,
            )
        oa = os_.get("additionalProperties", _MISSING)
        na = ns.get("additionalProperties", _MISSING)
        if oa is not False and na is False:
            self.add(
                "additional-properties-closed",
                n.at("additionalProperties"),
                "no keys beyond the listed properties are accepted any more",
                **({"old": oa} if oa is not _MISSING else {}),
                new=False,
            )
        elif oa is False and na is not False:
            self.add(
                "additional-properties-opened",
                (
                    n.at("additionalProperties")
                    if na is not _MISSING
                    else o.at("additionalProperties")
                ),
                "keys beyond the listed properties are accepted now",
                old=False,
                **({"new": na} if na is not _MISSING else {}),
            )
        elif isinstance(oa, dict) or isinstance(na, dict):
            self.node(
                oa if isinstance(oa, dict) else _ANY,
                na if isinstance(na, dict) else _ANY,
                o.at("additionalProperties"),
                n.at("additionalProperties"),
                None,
            )

    def arrays(self, o: _View, n: _View) -> None:
        os_, ns = o.schema, n.schema
        oi, ni = os_.get("items", _MISSING), ns.get("items", _MISSING)
        if oi is not _MISSING or ni is not _MISSING:
            if _differ(os_, ns, "items") or o.followed or n.followed:
                self.node(
                    _ANY if oi is _MISSING else oi,
                    _ANY if ni is _MISSING else ni,
                    o.at("items"),
                    n.at("items"),
                    None,
                )
        op_, np_ = os_.get("prefixItems"), ns.get("prefixItems")
        if isinstance(op_, list) and isinstance(np_, list):
            for index, (a, b) in enumerate(zip(op_, np_)):
                self.node(
                    a, b, f"{o.at('prefixItems')}/{index}", f"{n.at('prefixItems')}/{index}", None
                )
        elif canonical(op_) != canonical(np_):
            where = n.at("prefixItems") if np_ is not None else o.at("prefixItems")
            self.out.append(keyword_change(self.tool, where, "prefixItems", os_, ns))


_MISSING: Final = object()


def _required(schema: dict[str, Any]) -> set[str]:
    found = schema.get("required")
    return {name for name in found if isinstance(name, str)} if isinstance(found, list) else set()


def _differ(old: dict[str, Any], new: dict[str, Any], key: str) -> bool:
    """Whether ``key`` is present in one and not the other, or has another value."""
    if (key in old) != (key in new):
        return True
    return key in old and canonical(old[key]) != canonical(new[key])


def _resolve(root: Any, ref: str) -> Any:
    """A local ``$ref`` (``#/$defs/Name``) in ``root``; ``None`` when it points nowhere."""
    return resolve_pointer(root, ref)


def _branches(schema: dict[str, Any]) -> tuple[str, list[Any]] | None:
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            return key, schema[key]
    return None


def _strip(schema: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in schema.items() if k not in _ANNOTATIONS}


def _types(schema: dict[str, Any]) -> set[str] | None:
    """The JSON types a schema accepts: from ``type``, else from its values; ``None``: any."""
    kind = schema.get("type")
    if isinstance(kind, str):
        return {kind}
    if isinstance(kind, list):
        return {str(k) for k in kind}
    values = _values(schema)
    if values is not None:
        return {json_type(v) for v in values}
    return None


def _values(schema: dict[str, Any]) -> list[Any] | None:
    if isinstance(schema.get("enum"), list):
        return list(schema["enum"])
    if "const" in schema:
        return [schema["const"]]
    return None


def _covered(kind: str, types: Iterable[str]) -> bool:
    types = set(types)
    return kind in types or (kind == "integer" and "number" in types)


def _type_words(types: set[str] | None) -> str:
    return "any" if types is None else " | ".join(sorted(types))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def _divides(new: float, old: float | None) -> bool:
    """Whether every multiple of ``old`` is a multiple of ``new`` (so ``new`` is no tighter)."""
    if old is None or new == 0:
        return False
    ratio = old / new
    return abs(ratio - round(ratio)) < 1e-9


__all__ = ["EXACT", "LOWER", "UPPER", "SchemaWalk"]
