"""Per-module results, built or cached, → the generated module's constants.

A module's result holds its tools' rendered list items for every constant (UTF-8 bytes),
their wire names, and every diagnostic the module produced (a tool's adapter warnings with
the tool). It depends only on
the module's own files and the files its imports reach, so it can be cached on its own;
the checks that span modules (duplicate names, provider name collisions) run here, on
names only.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any, Final

from toolgen.config import Target
from toolgen.emit.prove import prove_entries, prove_items
from toolgen.errors import Diagnostic, Diagnostics
from toolgen.forms import ModuleResult, ToolForms
from toolgen.ir import ToolDef
from toolgen.ownership import (
    check_duplicates,
    flat_tools,
    owner_prefixes,
    selected,
    serves_mcp,
)
from toolgen.providers import ADAPTERS, AdaptedTool, check_collisions
from toolgen.providers.base import AdapterOptions, option_values
from toolgen.providers.limits import check_request
from toolgen.render import (
    Constant,
    RenderedConstant,
    dict_entry,
    list_item,
    render_constant,
    render_dict,
    render_list,
)
from toolgen.render.literal import Layouts

LIST = "list[dict[str, Any]]"


def forms_digest(ir: str, target: Target) -> str:
    """What a tool's forms are made from: its IR (``ir``, :func:`ir_digest`), the settings the
    adapters read (:class:`AdapterOptions`), the providers and the line length; no other
    setting, so that changing one reuses every tool's forms (:func:`toolgen.pipeline.build_module`).
    """
    made_with = [ir, option_values(target), target.providers, target.line_length]
    return hashlib.sha256(json.dumps(made_with).encode("utf-8")).hexdigest()


def providers_of(target: Target) -> list[str]:
    return [p for p in ADAPTERS if p in target.providers]


def tool_forms(
    tool: ToolDef,
    plain: dict[str, Any],
    wire: Mapping[str, AdaptedTool],
    diagnostics: tuple[Diagnostic, ...],
    target: Target,
    ir: str | None = None,
) -> ToolForms:
    """One tool's forms as the generated modules hold them: its IR item (``plain``) and each
    provider's (``wire``) printed as list items, and its entries in the name maps printed as
    dict entries; all proved data here, once (:func:`prove_items`, :func:`prove_entries`).
    ``ir``: the tool's :func:`forms_digest`, when the caller has it already."""
    width = target.line_length
    layouts = Layouts()  # the subtrees the forms share are laid out once
    segments = {"TOOLS": list_item(plain, width, layouts).encode("utf-8")}
    prints = {"TOOLS": fingerprint(plain)}
    nullable: dict[str, tuple[str, ...]] = {}
    rules: dict[str, dict[str, Any]] = {}
    entries: dict[str, bytes] = {}
    printed: dict[tuple[str, str, str], bytes] = {}  # an entry that several maps hold alike

    def put(where: str, name: str, value: Any, same: tuple[str, str]) -> None:
        text = printed.get((name, *same))
        if text is None:
            text = printed[(name, *same)] = _entry(name, value, width)
        entries[where] = text

    put("TOOLS/TOOL_FUNCTIONS", tool.name, tool.function, ("str", tool.function))
    put("TOOLS/TOOL_FINGERPRINTS", tool.name, prints["TOOLS"], ("str", prints["TOOLS"]))
    for key, adapted in wire.items():
        segments[key] = list_item(adapted.wire, width, layouts).encode("utf-8")
        prints[key] = fingerprint(adapted.wire)
        name = adapted.wire_name
        put(f"{key}/TOOL_NAME_MAP", name, tool.name, ("str", tool.name))
        if adapted.nullable_optionals:
            omitted = nullable[key] = tuple(adapted.nullable_optionals)
            put(f"{key}/NULL_MEANS_OMITTED", name, list(omitted), ("list", repr(omitted)))
        if adapted.rules:
            rules[key] = adapted.rules
        call = call_entry(tool.name, tool.function, tool.packed, adapted.rules)
        put(f"{key}/TOOL_CALLS", name, call, ("call", repr(adapted.rules)))
        put(f"{key}/TOOL_FINGERPRINTS", name, prints[key], ("str", prints[key]))
    prove_items(list(segments.values()), tool.span.path)
    prove_entries(list(printed.values()), tool.span.path)
    return ToolForms(
        tool.name,
        tool.span,
        ir if ir is not None else forms_digest(ir_digest(tool), target),
        {key: adapted.wire_name for key, adapted in wire.items()},
        segments,
        nullable,
        diagnostics,
        tool.function,
        tool.packed,
        rules,
        owner=tool.owner,
        fingerprints=prints,
        entries=entries,
    )


def _entry(key: str, value: Any, line_length: int) -> bytes:
    return dict_entry(key, value, line_length).encode("utf-8")


_CANONICAL = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), check_circular=False
)
"""``json.dumps``' encoder for canonical JSON, made once; a tool's forms are trees that share
subtrees but hold no cycle, so no set of the containers open is kept (~15 % of the encoding)."""


def fingerprint(value: Any) -> str:
    """A value's digest, as a client can make it again from the data it sends or receives:
    SHA-256 of its canonical JSON (keys sorted, no spaces, UTF-8 as it is)."""
    text = _CANONICAL.encode(value)
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def merge_provider_diagnostics(items: tuple[Diagnostic, ...]) -> list[Diagnostic]:
    """One tool's adapter diagnostics, each said once: the same words from several providers
    (``openai: ...`` and ``openai_responses: ...``) become one line naming them all."""
    if len(items) < 2:  # most tools: nothing to merge
        return list(items)
    providers: dict[tuple[Any, ...], list[str]] = {}
    first: dict[tuple[Any, ...], Diagnostic] = {}
    for d in items:
        head, sep, rest = d.message.partition(": ")
        key = (d.severity, rest, d.span, d.code) if sep and head in ADAPTERS else (d,)
        providers.setdefault(key, []).append(head)
        first.setdefault(key, d)
    out = []
    for key, d in first.items():
        if len(key) == 1 or len(providers[key]) == 1:
            out.append(d)
        else:
            names = ", ".join(providers[key])
            out.append(Diagnostic(d.severity, f"{names}: {key[1]}", d.span, d.code))
    return out


def ir_digest(tool: ToolDef) -> str:
    """What a tool's forms are made from: every field of its IR, its place included (the
    adapters' warnings carry it)."""
    fields = [
        tool.name,
        tool.description,
        tool.parameters,
        tool.output_schema,
        tool.qualname,
        tool.function,
        tool.packed,
        tool.title,
        tool.strict,
        tool.annotations,
        tool.examples,
        tool.defer_loading,
        tool.by_position,
        tool.null_is_default,
        [tool.span.path, tool.span.line, tool.span.col],
        [tool.owner.id, tool.owner.kind] if tool.owner is not None else None,
    ]
    text = json.dumps(fields, ensure_ascii=False, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def plain_tool(tool: ToolDef) -> dict[str, Any]:
    """One item of ``TOOLS``: the IR itself (what ``toolgen show`` prints without a provider)."""
    return {"name": tool.name, "description": tool.description, "parameters": tool.parameters}


def assemble(
    results: list[ModuleResult], target: Target, diags: Diagnostics
) -> dict[str | None, list[RenderedConstant]]:
    """The constants of the generated module(s), in a fixed order, and the cross-module checks.

    Keyed by provider: ``None`` holds the IR (``TOOLS``), each provider its list and name maps;
    the layout decides which go to which file. A target whose tools have two or more owners
    gets each owner's constants too (:func:`owner_prefixes` says how they are named).
    """
    for result in results:
        diags.items.extend(result.diagnostics)
    tools = sorted(
        selected(results, target), key=lambda t: (t.name, t.span.path, t.span.line, t.span.col)
    )
    for tool in tools:
        diags.items.extend(merge_provider_diagnostics(tool.diagnostics))
    check_duplicates([(t.name, t.span, t.owner) for t in tools], diags)
    flat, comment = flat_tools(tools)
    mcp = serves_mcp(tools)
    prefixes = owner_prefixes(tools)
    lists: dict[str, str] = {}  # every tool list -> its fingerprint, for FINGERPRINTS
    rendered = _group(
        "", flat, target, diags, mcp, lists, comment=comment, per_request=not prefixes
    )
    if prefixes:
        rendered[None].append(
            render_constant(
                Constant(
                    "OWNERS",
                    "dict[str, str]",
                    {owner.id: prefix for owner, prefix in prefixes.items()},
                    "Owner (module:name) -> the prefix of its constants (PREFIX_TOOLS_OPENAI).",
                ),
                target.line_length,
            )
        )
    for owner, prefix in prefixes.items():
        own = [t for t in tools if t.owner == owner]
        # Collisions are said once: by the target's constants when they hold every tool.
        checked = flat is not tools
        for key, group in _group(f"{prefix}_", own, target, diags, mcp, lists, checked).items():
            rendered.setdefault(key, []).extend(group)
    rendered[None].append(
        render_constant(
            Constant(
                "FINGERPRINTS",
                "dict[str, str]",
                lists,
                "Tool list -> the digest of its tools' digests, in order: the surface's version.",
            ),
            target.line_length,
        )
    )
    return rendered


def _group(
    prefix: str,
    tools: list[ToolForms],
    target: Target,
    diags: Diagnostics,
    mcp: frozenset[str] | None,
    lists: dict[str, str],
    check: bool = True,
    comment: str = "",
    per_request: bool = True,
) -> dict[str | None, list[RenderedConstant]]:
    """One set of constants (the target's, or one owner's with ``prefix``): the IR and each
    provider's list and name maps. ``mcp``: the tools (by IR digest) ``TOOLS_MCP`` serves,
    ``None`` for all of them; an owner none of whose tools are served has no MCP list.
    ``per_request``: check each list against the tools one request to its provider accepts
    (not the target's lists when it has owners: each agent sends its owner's). ``lists``: each
    list constant's fingerprint is added to it."""
    lists[f"{prefix}TOOLS"] = _list_print(tools, "TOOLS")
    rendered: dict[str | None, list[RenderedConstant]] = {
        None: [
            render_list(
                f"{prefix}TOOLS",
                LIST,
                [t.segments["TOOLS"] for t in tools],
                comment or "The provider-neutral IR: name, description, JSON Schema 2020-12.",
            ),
            _map(
                f"{prefix}TOOL_FUNCTIONS",
                "dict[str, str]",
                ((t.name, t) for t in tools),
                "TOOLS/TOOL_FUNCTIONS",
                "Tool name -> the function to call, as an import path (module:function).",
                target,
            ),
            _map(
                f"{prefix}TOOL_FINGERPRINTS",
                "dict[str, str]",
                ((t.name, t) for t in tools),
                "TOOLS/TOOL_FINGERPRINTS",
                _PRINTS.format("Tool"),
                target,
            ),
        ]
    }
    for key in providers_of(target):
        served = tools
        if key == "mcp" and mcp is not None:
            served = [t for t in tools if t.ir in mcp]
            if prefix and not served:
                continue  # an agent's constants have no MCP list: it serves nothing
        if check:
            check_collisions(key, [(t.name, t.wire[key], t.span) for t in served], diags)
        constant = prefix + ADAPTERS[key](AdapterOptions.of(target)).constant
        if per_request:
            named = f"{key} ({constant})" if prefix else key
            check_request(named, key, len(served), target.gemini_flavour, diags)
        suffix = constant.removeprefix(f"{prefix}TOOLS")
        group = rendered[key] = [render_list(constant, LIST, [t.segments[key] for t in served])]
        wires = [t.wire[key] for t in served]
        group.append(
            _map(
                f"{prefix}TOOL_NAME_MAP{suffix}",
                "dict[str, str]",
                zip(wires, served),
                f"{key}/TOOL_NAME_MAP",
                "Wire name -> tool name, to dispatch a model's tool call.",
                target,
            )
        )
        if key.startswith("openai"):
            group.append(
                _map(
                    f"{prefix}NULL_MEANS_OMITTED{suffix}",
                    "dict[str, list[str]]",
                    zip(wires, served),
                    f"{key}/NULL_MEANS_OMITTED",
                    "Optional parameters that strict mode made nullable: null means not given.",
                    target,
                )
            )
        group.append(
            _map(
                f"{prefix}TOOL_CALLS{suffix}",
                "dict[str, dict[str, Any]]",
                zip(wires, served),
                f"{key}/TOOL_CALLS",
                "Wire name -> what toolgen.runtime needs to decode and dispatch a call.",
                target,
            )
        )
        group.append(
            _map(
                f"{prefix}TOOL_FINGERPRINTS{suffix}",
                "dict[str, str]",
                zip(wires, served),
                f"{key}/TOOL_FINGERPRINTS",
                _PRINTS.format("Wire"),
                target,
            )
        )
        lists[constant] = _list_print(served, key)
    return rendered


_PRINTS: Final = "{} name -> the digest of its item in the list (SHA-256 of its canonical JSON)."


def _map(
    name: str,
    annotation: str,
    named: Iterable[tuple[str, ToolForms]],
    where: str,
    comment: str,
    target: Target,
) -> RenderedConstant:
    """A name map from each tool's entry ``where`` (a tool without one is not in the map),
    under the name it is paired with: made as ``{name: value for each tool}``, a map holds each
    name once, where it first came, with the value it came with last."""
    entries = {key: t.entries[where] for key, t in named if where in t.entries}
    return render_dict(name, annotation, list(entries.values()), target.line_length, comment)


def _list_print(tools: list[ToolForms], key: str) -> str:
    """A list's fingerprint: its tools' fingerprints, in its order, fingerprinted."""
    return fingerprint([_print_of(t, key) for t in tools])


def _print_of(tool: ToolForms, key: str) -> str:
    assert tool.fingerprints is not None, "a tool's forms are made with their fingerprints"
    return tool.fingerprints[key]


def call_entry(
    name: str, function: str, packed: str | None, rules: Mapping[str, Any] | None
) -> dict[str, Any]:
    """One tool's entry in ``TOOL_CALLS_<P>``: the tool, its function, and what undoes the
    provider's rewrites (``rules``: ``omit_nulls``, and for recursive types ``refs`` and
    ``defs``: :mod:`toolgen.providers.calls`)."""
    entry: dict[str, Any] = {"tool": name, "function": function}
    if packed is not None:
        entry["arguments_of"] = packed
    if rules:
        entry.update(rules)
    return entry


def tool_count(results: list[ModuleResult], target: Target) -> int:
    """How many tools the target's constants hold: those :func:`~toolgen.ownership.selected`."""
    return len(selected(results, target))
