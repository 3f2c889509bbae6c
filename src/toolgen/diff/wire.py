"""Per provider: what the adapters changed on top of the IR, and what the tools cost.

A provider's tools are matched with the IR's by position: ``TOOLS_<P>``, ``TOOL_NAME_MAP_<P>``
(wire name → tool name) and ``TOOLS`` list the same tools in the same order, so the name
map says which tool each wire form is. A wire form whose text is the same in both versions
is not even parsed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolgen.diff.load import Items, items, tool_value
from toolgen.diff.model import Change, Cost, ToolCost
from toolgen.diff.tokens import Counter, counter, wire_text
from toolgen.diff.values import identical
from toolgen.settings import PROVIDERS


def constant(provider: str) -> str:
    return f"TOOLS_{provider.upper()}"


def wire_tools(
    constants: dict[str, Any], provider: str
) -> tuple[Items, dict[str, tuple[str, int]]] | None:
    """One provider's list, and tool name → (wire name, index in it); ``None``: no such list."""
    tools = items(constants.get(constant(provider)))
    if tools is None:
        return None
    names = constants.get(f"TOOL_NAME_MAP_{provider.upper()}")
    if isinstance(names, dict) and len(names) == len(tools):
        return tools, {tool: (wire, i) for i, (wire, tool) in enumerate(names.items())}
    ir = items(constants.get("TOOLS"))
    if ir is not None and len(ir) == len(tools):  # no name map: the IR's order
        return tools, {name: (name, i) for i, name in enumerate(_names(ir))}
    return tools, {f"#{i}": (f"#{i}", i) for i in range(len(tools))}


def _names(ir: Items) -> list[str]:
    out = []
    for i in range(len(ir)):
        tool = ir.value(i)
        out.append(str(tool.get("name")) if isinstance(tool, dict) else f"#{i}")
    return out


def _strict(form: dict[str, Any]) -> bool:
    inner = form.get("function")
    if isinstance(inner, dict) and "strict" in inner:
        return inner.get("strict") is True
    return form.get("strict") is True


Warnings = Callable[[str, dict[str, Any]], frozenset[str]]
"""(provider, IR tool) → the adapter's lossy-rewrite warnings for it."""


def compare_provider(
    provider: str,
    old: dict[str, Any],
    new: dict[str, Any],
    warnings: Warnings | None,
    changed_ir: dict[str, tuple[dict[str, Any], dict[str, Any]]] | None = None,
) -> list[Change]:
    """The changes of one provider's form, for the tools present in both versions.

    ``changed_ir``: the tools whose IR changed, old and new (``None``: work it out here).
    """
    found_o, found_n = wire_tools(old, provider), wire_tools(new, provider)
    key = constant(provider)
    if found_o is None and found_n is None:
        return []
    if found_o is None:
        return [Change("provider-added", "", "", f"{key} added", provider=provider)]
    if found_n is None:
        return [
            Change(
                "provider-removed",
                "",
                "",
                f"{key} removed: its users get no tools",
                provider=provider,
            )
        ]
    (list_o, before), (list_n, after) = found_o, found_n
    if changed_ir is None:
        changed_ir = _changed_ir(old, new)
    old_null = old.get(f"NULL_MEANS_OMITTED_{provider.upper()}")
    new_null = new.get(f"NULL_MEANS_OMITTED_{provider.upper()}")
    out: list[Change] = []
    for name in sorted(before.keys() & after.keys()):
        (wire_o, index_o), (wire_n, index_n) = before[name], after[name]
        same_form = list_o.chunks[index_o] == list_n.chunks[index_n]
        nulls = (
            (old_null.get(wire_o, []), new_null.get(wire_n, []))
            if isinstance(old_null, dict) and isinstance(new_null, dict)
            else ([], [])
        )
        if wire_o == wire_n and same_form and nulls[0] == nulls[1] and name not in changed_ir:
            continue
        form_o: dict[str, Any] = {} if same_form else _form(list_o, index_o)
        form_n: dict[str, Any] = {} if same_form else _form(list_n, index_n)
        if not same_form and form_o == form_n:
            same_form = True
        found: list[Change] = []
        if wire_o != wire_n:
            found.append(
                Change(
                    "wire-name-changed",
                    name,
                    "/name",
                    f"{provider} sees '{wire_n}' instead of '{wire_o}': calls by the old name "
                    "no longer dispatch",
                    provider=provider,
                    old=wire_o,
                    new=wire_n,
                )
            )
        if provider.startswith("openai") and not same_form:
            was, now = _strict(form_o), _strict(form_n)
            where = "/function/strict" if "function" in form_n else "/strict"
            if was and not now:
                found.append(
                    Change(
                        "strict-mode-left",
                        name,
                        where,
                        "left strict mode",
                        provider=provider,
                        old=True,
                        new=False,
                    )
                )
            elif now and not was:
                found.append(
                    Change(
                        "strict-mode-entered",
                        name,
                        where,
                        "now in strict mode",
                        provider=provider,
                        old=False,
                        new=True,
                    )
                )
        if nulls[0] != nulls[1]:
            found.append(
                Change(
                    "null-means-omitted-changed",
                    name,
                    "",
                    f"null means omitted for {_list(nulls[1])} (was {_list(nulls[0])})",
                    provider=provider,
                    old=nulls[0],
                    new=nulls[1],
                )
            )
        if provider == "gemini" and not same_form:
            was_json = "parametersJsonSchema" in form_o
            now_json = "parametersJsonSchema" in form_n
            if was_json != now_json:
                field = "parametersJsonSchema" if now_json else "parameters"
                other = "parameters" if now_json else "parametersJsonSchema"
                found.append(
                    Change(
                        "gemini-json-schema-field",
                        name,
                        f"/{field}",
                        f"schema moved from `{other}` to `{field}`",
                        provider=provider,
                        old=other,
                        new=field,
                    )
                )
        if warnings is not None and name in changed_ir:
            ir_o, ir_n = changed_ir[name]
            had, has = warnings(provider, ir_o), warnings(provider, ir_n)
            for message in sorted(has - had):
                found.append(Change("lossy-rewrite-added", name, "", message, provider=provider))
            for message in sorted(had - has):
                found.append(Change("lossy-rewrite-removed", name, "", message, provider=provider))
        if name not in changed_ir and not found and not same_form:
            found.append(
                Change(
                    "wire-form-changed",
                    name,
                    "",
                    "the provider's form changed though the IR did not (toolgen or its "
                    "settings changed)",
                    provider=provider,
                )
            )
        out.extend(found)
    return out


def _form(tools: Items, index: int) -> dict[str, Any]:
    value = tools.value(index)
    return value if isinstance(value, dict) else {}


def _changed_ir(
    old: dict[str, Any], new: dict[str, Any]
) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """The IR tools whose text differs between the versions, by name."""

    a, b = items(old.get("TOOLS")), items(new.get("TOOLS"))
    if a is None or b is None:
        return {}
    shared = set(a.chunks) & set(b.chunks)
    tools_o = {t["name"]: t for i, t in _changed(a, shared)}
    tools_n = {t["name"]: t for i, t in _changed(b, shared)}
    return {
        name: (tools_o[name], tools_n[name])
        for name in tools_o.keys() & tools_n.keys()
        if not identical(tools_o[name], tools_n[name])
    }


def _changed(tools: Items, shared: set[str]) -> list[tuple[int, dict[str, Any]]]:

    return [
        (i, tool_value(tools, i)) for i, chunk in enumerate(tools.chunks) if chunk not in shared
    ]


def _list(names: list[str]) -> str:
    return ", ".join(map(str, names)) if names else "none"


def costs(old: dict[str, Any], new: dict[str, Any], how: Counter | None = None) -> list[Cost]:
    """Per provider present in either version: the list's bytes and tokens before and after,
    and the tools whose share changed (added and removed tools included)."""
    how = how or counter()
    memo: dict[str, int] = {}  # a tool's text → its tokens: the versions share most tools
    out = []
    for provider in PROVIDERS:
        found_o, found_n = wire_tools(old, provider), wire_tools(new, provider)
        if found_o is None and found_n is None:
            continue
        sizes_o, sizes_n = _sizes(found_o), _sizes(found_n)
        tokens_o, tokens_n = _tokens(found_o, how, memo), _tokens(found_n, how, memo)
        tools = tuple(
            ToolCost(
                name,
                sizes_o.get(name, 0),
                sizes_n.get(name, 0),
                tokens_o.get(name, 0),
                tokens_n.get(name, 0),
            )
            for name in sorted(sizes_o.keys() | sizes_n.keys())
            if sizes_o.get(name, 0) != sizes_n.get(name, 0)
            or tokens_o.get(name, 0) != tokens_n.get(name, 0)
        )
        out.append(
            Cost(
                provider,
                constant(provider),
                _total(sizes_o, found_o),
                _total(sizes_n, found_n),
                tools,
                sum(tokens_o.values()),
                sum(tokens_n.values()),
                how.name,
            )
        )
    return out


def _sizes(found: tuple[Items, dict[str, tuple[str, int]]] | None) -> dict[str, int]:
    if found is None:
        return {}
    tools, names = found
    return {name: tools.size(index) for name, (_, index) in names.items()}


def _tokens(
    found: tuple[Items, dict[str, tuple[str, int]]] | None, how: Counter, memo: dict[str, int]
) -> dict[str, int]:
    if found is None:
        return {}
    tools, names = found
    out = {}
    for name, (_, index) in names.items():
        chunk = tools.chunks[index]
        if chunk not in memo:
            memo[chunk] = how.count(wire_text(tools.value(index)))
        out[name] = memo[chunk]
    return out


def _total(sizes: dict[str, int], present: object) -> int:
    """The serialized list's bytes: ``[`` + the tools joined by ``,`` + ``]`` (0: no list)."""
    if present is None:
        return 0
    return sum(sizes.values()) + max(len(sizes) - 1, 0) + 2
