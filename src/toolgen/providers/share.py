"""Shared definitions (``share_defs = "auto"``): the object and enum types one tool's schema
repeats sent once, in ``$defs``, and a definition it uses once inlined, each only where the
tool's compact JSON gets smaller, and never so that the schema accepts anything else.

It runs after a provider's own passes, on their result, for the providers that resolve local
``$ref`` s. A schema it cannot rewrite safely (a ``$ref`` that is not ``#/$defs/<name>``, an
``$id`` or anchor that would move the base a reference resolves against) is left as it is.

Moving a subtree moves the places in it where ``null`` means "left out" (the schema pointers of
:attr:`~toolgen.providers.transforms.Losses.omitted_nulls`): they are rewritten with it, and two
subtrees are the same only when they also have the same such places, so that the call rules
(:mod:`toolgen.providers.calls`) read from the shared form undo exactly what they did before.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Final

from toolgen.ir import SCHEMA_NESTING, JsonSchema
from toolgen.providers.refs import leads_back
from toolgen.providers.share_names import Names, name_for, type_names
from toolgen.providers.share_walk import Place, depth, move, nodes, rewritable, unescape
from toolgen.providers.transforms import Losses, escape_pointer

MIN_BYTES: Final = 64
"""The smallest type that is shared: a smaller one (``{"type":"string","enum":["a","b"]}``)
saves a few bytes at most, and costs the model a lookup for each."""
ANNOTATIONS: Final = frozenset({"description", "title", "default", "examples", "deprecated"})
"""Keywords that say something about a value but never whether it is accepted."""
_ABSENT: Final = object()


def compact_size(value: Any) -> int:
    """The bytes of ``value`` as compact JSON (UTF-8), as an SDK sends it."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def share(schema: JsonSchema, report: Losses, siblings: bool, source: JsonSchema) -> JsonSchema:
    """The smaller of ``schema`` and its shared form; ``report.omitted_nulls`` follows.

    ``siblings``: whether this provider reads keywords beside a ``$ref`` (Anthropic's and MCP's
    2020-12 do; OpenAI's strict mode and Gemini's ``parametersJsonSchema`` refuse them: there a
    use's own annotations go beside an ``anyOf`` of the one reference). ``source``: the tool's
    own schema, whose ``$defs`` name the types shared (the user's model names)."""
    out, places = share_defs(schema, report.omitted_nulls, siblings, type_names(source))
    report.omitted_nulls[:] = places
    return out


def share_defs(
    schema: JsonSchema, omitted: list[str], siblings: bool = False, names: Names | None = None
) -> tuple[JsonSchema, list[str]]:
    """(the schema with single-use definitions inlined and repeated types shared, the
    omitted-null pointers moved with them); the input itself when that is not smaller."""
    if not rewritable(schema):
        return schema, list(omitted)
    work = copy.deepcopy(schema)
    places = list(omitted)
    _inline_single_uses(work, places)
    _share_repeats(work, places, siblings, names or {})
    if compact_size(work) >= compact_size(schema) or depth(work) > SCHEMA_NESTING:
        return schema, list(omitted)
    return work, list(dict.fromkeys(places))


# --- definitions used once ----------------------------------------------------------------


def _refs_by_name(root: JsonSchema) -> dict[str, list[Place]]:
    found: dict[str, list[Place]] = {}
    for container, key, pointer in nodes(root):
        ref = container[key].get("$ref")
        if isinstance(ref, str):
            found.setdefault(unescape(ref.removeprefix("#/$defs/")), []).append(
                (container, key, pointer)
            )
    return found


def _edges(refs: dict[str, list[Place]]) -> dict[str, set[str]]:
    """Each definition's name → the names its body refers to."""
    edges: dict[str, set[str]] = {}
    for name, uses in refs.items():
        for _, _, pointer in uses:
            if pointer.startswith("/$defs/"):
                edges.setdefault(unescape(pointer.split("/")[2]), set()).add(name)
    return edges


def _reachable(refs: dict[str, list[Place]]) -> set[str]:
    """The definitions a reference outside ``$defs`` leads to, directly or through others."""
    edges = _edges(refs)
    pending = [n for n, uses in refs.items() if any(not p.startswith("/$defs/") for *_, p in uses)]
    reached: set[str] = set()
    while pending:
        name = pending.pop()
        if name not in reached:
            reached.add(name)
            pending.extend(edges.get(name, ()))
    return reached


def _cyclic(refs: dict[str, list[Place]]) -> set[str]:
    """The definitions that lead back to themselves."""
    return leads_back(_edges(refs))


def _inline_single_uses(root: JsonSchema, places: list[str]) -> None:
    """Drop the definitions nothing reaches; inline each that one reference uses (not a
    recursive one, whose reference must stay), where its siblings are annotations the
    definition does not have (so that nothing is lost or overridden), and where the result
    nests no deeper than a module can hold.

    All in one walk: a definition whose reference sits in another one's body is inlined
    there first, then that one where it is used, so a chain of definitions costs one walk."""
    defs = root.get("$defs")
    if not isinstance(defs, dict):
        return
    refs = _refs_by_name(root)
    reached = _reachable(refs)
    for name in [n for n in defs if n not in reached]:
        del defs[name]
        gone = f"/$defs/{escape_pointer(name)}/"
        places[:] = [p for p in places if not p.startswith(gone)]
    cyclic = _cyclic(refs)
    chosen: dict[str, Place] = {}
    for name in defs:
        uses = refs.get(name, [])
        if len(uses) == 1 and name not in cyclic:
            container, key, _ = uses[0]
            rest = {k: v for k, v in container[key].items() if k != "$ref"}
            if rest.keys() <= ANNOTATIONS and not rest.keys() & defs[name].keys():
                chosen[name] = uses[0]
    homes = {f"/$defs/{escape_pointer(name)}": name for name in chosen}

    def host(name: str) -> str | None:
        """The chosen definition whose body holds this one's reference."""
        parts = chosen[name][2].split("/")
        return homes.get("/".join(parts[:3])) if parts[1:2] == ["$defs"] else None

    chains: dict[str, int] = {}

    def chain(name: str) -> int:
        """How many chosen definitions hold this one, one inside the other (walked up without
        recursion: a chain can be thousands long)."""
        path: list[str] = []
        at: str | None = name
        while at is not None and at not in chains:
            path.append(at)
            at = host(at)
        count = -1 if at is None else chains[at]
        for step in reversed(path):
            count += 1
            chains[step] = count
        return chains[name]

    deep = {name: depth(defs[name]) for name in chosen}
    for name in sorted(chosen, key=chain, reverse=True):  # the innermost first
        container, key, pointer = chosen[name]
        outer = host(name)
        steps = pointer.count("/") - (2 if outer is not None else 0)
        # Written out there, the definition must not nest deeper than a module can import:
        # the place's own levels (one per pointer step) and the definition's.
        if steps + deep[name] + (2 if outer is not None else 0) > SCHEMA_NESTING:
            continue
        rest = {k: v for k, v in container[key].items() if k != "$ref"}
        container[key] = {**defs.pop(name), **rest}
        move(places, f"/$defs/{escape_pointer(name)}", pointer)
        if outer is not None:
            deep[outer] = max(deep[outer], steps + deep[name])
    if not defs:
        del root["$defs"]


# --- repeated subtrees --------------------------------------------------------------------


def _share_repeats(root: JsonSchema, places: list[str], siblings: bool, names: Names) -> None:
    """Move every set of equal types (objects and enums of at least :data:`MIN_BYTES`, with
    the same omitted-null places) to ``$defs`` while that saves bytes, the one that saves most
    first; a type equal to a definition becomes a reference to it.

    Each round costs every group once and then takes, best first, each whose uses neither hold
    nor sit inside a use of one taken before it in the round: what those save is still exactly
    what was costed. The others are costed again in the next round, so a schema of many types
    takes as many rounds as its types nest deep, not one per type."""
    while True:
        used: set[str] = set()  # the places rewritten in this round
        above: set[str] = set()  # those places and every place that holds one
        for _, (name, body, uses, is_new) in _ranked_groups(root, places, siblings, names):
            if any(_overlaps(pointer, used, above) for _, _, pointer in uses):
                continue
            defs: dict[str, Any] = root.get("$defs") or {}
            if is_new and name in defs:  # a name taken earlier in this round: costed again
                name = name_for(body, uses[0][2], set(defs), names)
                if _saving(name, body, uses, siblings, True, bool(defs)) <= 0:
                    continue
            if is_new:
                root.setdefault("$defs", {})[name] = copy.deepcopy(body)
            target = f"/$defs/{escape_pointer(name)}"
            for container, key, pointer in uses:
                container[key] = _reference(name, container[key], body, siblings)
                move(places, pointer, target)
                used.add(pointer)
                parts = pointer.split("/")
                above.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
        if not used:
            return


def _overlaps(pointer: str, used: set[str], above: set[str]) -> bool:
    """Whether ``pointer`` is at or around a place rewritten (it is in ``above``), or inside
    one (a place in ``used`` holds it)."""
    if pointer in above:
        return True
    parts = pointer.split("/")
    return any("/".join(parts[:i]) in used for i in range(1, len(parts)))


def _nullable_object(node: JsonSchema) -> bool:
    kind = node.get("type")
    return isinstance(kind, list) and sorted(kind) == ["null", "object"]


def _core(node: JsonSchema) -> JsonSchema | None:
    """The type a node names, which equal nodes share: an object's or an enum's assertions,
    without the annotations each use has of its own (a field's description) and, for an
    object that may be null, without the null (each use says it beside the reference);
    ``None`` for any other node."""
    if "$ref" in node or not ("properties" in node or "enum" in node):
        return None
    out = {k: v for k, v in node.items() if k not in ANNOTATIONS}
    if _nullable_object(node):
        out["type"] = "object"
    return out


def _reference(name: str, node: JsonSchema, body: JsonSchema, siblings: bool) -> JsonSchema:
    """``node`` as a reference to the definition ``name`` of its core, ``body``, exactly as
    strict: the annotations it has that ``body`` does not beside it where the provider reads them there, else beside an ``anyOf``
    of the one reference (OpenAI's strict mode and Gemini refuse keywords beside a ``$ref``),
    and ``null`` as a branch of that ``anyOf`` when the node allowed it."""
    ref: JsonSchema = {"$ref": f"#/$defs/{escape_pointer(name)}"}
    notes = {k: v for k, v in node.items() if k in ANNOTATIONS and body.get(k, _ABSENT) != v}
    if _nullable_object(node):
        return {"anyOf": [ref, {"type": "null"}], **notes}
    if not notes:
        return ref
    return {**ref, **notes} if siblings else {"anyOf": [ref], **notes}


def _with_common_notes(core: JsonSchema, uses: list[JsonSchema]) -> JsonSchema:
    """``core`` with the annotations every use has alike (a model's own description), said once
    in the definition rather than at every use."""
    first = uses[0]
    common = {
        k: first[k]
        for k in first
        if k in ANNOTATIONS and all(k in use and use[k] == first[k] for use in uses[1:])
    }
    return {**core, **common} if common else core


Group = tuple[str, JsonSchema, list[Place], bool]
"""(the definition's name, its body, the places that become references to it, whether it is
a new definition)."""


def _saving(
    name: str,
    body: JsonSchema,
    uses: list[Place],
    siblings: bool,
    is_new: bool,
    has_defs: bool,
) -> int:
    """The bytes saved by making ``uses`` references to ``body``, named ``name``."""
    saved = sum(
        compact_size(container[key])
        - compact_size(_reference(name, container[key], body, siblings))
        for container, key, _ in uses
    )
    if is_new:  # its entry, and the comma before it or `"$defs":{}` around them
        saved -= compact_size(name) + 1 + compact_size(body)
        saved -= 1 if has_defs else len(',"$defs":{}')
    return saved


def _ranked_groups(
    root: JsonSchema, places: list[str], siblings: bool, names: Names
) -> list[tuple[int, Group]]:
    """The groups of equal types whose sharing saves bytes, the most first (then in the order
    they first appear)."""
    defs = root.get("$defs") if isinstance(root.get("$defs"), dict) else {}
    assert isinstance(defs, dict)
    groups: dict[tuple[str, tuple[str, ...]], tuple[JsonSchema, list[Place]]] = {}
    existing: dict[tuple[str, tuple[str, ...]], str] = {}
    for container, key, pointer in nodes(root):
        node = container[key]
        core = node if container is defs else _core(node)
        if core is None:
            continue
        text = json.dumps(core, ensure_ascii=False, separators=(",", ":"))
        if len(text) < MIN_BYTES and container is not defs:
            continue
        inside = tuple(p[len(pointer) :] for p in places if p.startswith(pointer + "/"))
        if container is defs:
            existing.setdefault((text, inside), key)
        else:
            groups.setdefault((text, inside), (core, []))[1].append((container, key, pointer))
    ranked: list[tuple[int, Group]] = []
    for group, (core, uses) in groups.items():
        name = existing.get(group)
        if name is None and len(uses) < 2:
            continue
        is_new = name is None
        body = _with_common_notes(core, [c[k] for c, k, _ in uses]) if is_new else defs[name]
        name = name or name_for(core, uses[0][2], set(defs), names)
        saved = _saving(name, body, uses, siblings, is_new, bool(defs))
        if saved > 0:
            ranked.append((saved, (name, body, uses, is_new)))
    ranked.sort(key=lambda row: -row[0])  # stable: equal savings keep their first-seen order
    return ranked
