"""Per provider: what the adapters changed on top of the IR, and what the tools cost.

A provider's tools are matched with the IR's by position: ``TOOLS_<P>``, ``TOOL_NAME_MAP_<P>``
(wire name → tool name) and ``TOOLS`` list the same tools in the same order, so the name
map says which tool each wire form is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from toolgen.diff.model import Change, Cost, ToolCost
from toolgen.diff.rules import canonical

PROVIDERS: Final = ("openai", "openai_responses", "anthropic", "gemini", "mcp", "bedrock")


def constant(provider: str) -> str:
    return f"TOOLS_{provider.upper()}"


def wire_tools(
    constants: dict[str, Any], provider: str
) -> dict[str, tuple[str, dict[str, Any]]] | None:
    """Tool name → (wire name, wire form) of one provider; ``None`` when the module has none."""
    tools = constants.get(constant(provider))
    if not isinstance(tools, list):
        return None
    names = constants.get(f"TOOL_NAME_MAP_{provider.upper()}")
    if isinstance(names, dict) and len(names) == len(tools):
        return {tool: (wire, form) for (wire, tool), form in zip(names.items(), tools)}
    ir = constants.get("TOOLS")
    if isinstance(ir, list) and len(ir) == len(tools):  # no name map: the IR's order
        return {t["name"]: (t["name"], form) for t, form in zip(ir, tools)}
    return {str(i): (str(i), form) for i, form in enumerate(tools)}


def serialized_size(value: Any) -> int:
    """The bytes of ``value`` as a request carries it: compact JSON, UTF-8."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


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
) -> list[Change]:
    """The changes of one provider's form, for the tools present in both versions."""
    before, after = wire_tools(old, provider), wire_tools(new, provider)
    key = constant(provider)
    if before is None and after is None:
        return []
    if before is None:
        return [Change("provider-added", "", "", f"{key} added", provider=provider)]
    if after is None:
        return [
            Change(
                "provider-removed",
                "",
                "",
                f"{key} removed: its users get no tools",
                provider=provider,
            )
        ]
    old_ir = {t["name"]: t for t in old.get("TOOLS", [])}
    new_ir = {t["name"]: t for t in new.get("TOOLS", [])}
    old_null = old.get(f"NULL_MEANS_OMITTED_{provider.upper()}")
    new_null = new.get(f"NULL_MEANS_OMITTED_{provider.upper()}")
    out: list[Change] = []
    for name in sorted(before.keys() & after.keys()):
        (wire_o, form_o), (wire_n, form_n) = before[name], after[name]
        if (
            wire_o == wire_n
            and form_o == form_n
            and (
                not isinstance(old_null, dict)
                or not isinstance(new_null, dict)
                or old_null.get(wire_o) == new_null.get(wire_n)
            )
        ):
            continue
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
        if provider.startswith("openai"):
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
            if isinstance(old_null, dict) and isinstance(new_null, dict):
                a, b = old_null.get(wire_o, []), new_null.get(wire_n, [])
                if a != b:
                    found.append(
                        Change(
                            "null-means-omitted-changed",
                            name,
                            "",
                            f"null means omitted for {_names(b)} (was {_names(a)})",
                            provider=provider,
                            old=a,
                            new=b,
                        )
                    )
        if provider == "gemini":
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
        same_ir = canonical(old_ir.get(name)) == canonical(new_ir.get(name))
        if warnings is not None and not same_ir and name in old_ir and name in new_ir:
            had = warnings(provider, old_ir[name])
            has = warnings(provider, new_ir[name])
            for message in sorted(has - had):
                found.append(Change("lossy-rewrite-added", name, "", message, provider=provider))
            for message in sorted(had - has):
                found.append(Change("lossy-rewrite-removed", name, "", message, provider=provider))
        if same_ir and not found and form_o != form_n:
            found.append(
                Change(
                    "wire-form-changed",
                    name,
                    "",
                    "the provider's form changed though the IR did not (toolgen or its settings changed)",
                    provider=provider,
                )
            )
        out.extend(found)
    return out


def _names(names: list[str]) -> str:
    return ", ".join(names) if names else "none"


def costs(old: dict[str, Any], new: dict[str, Any]) -> list[Cost]:
    """Per provider present in either version: the list's bytes before and after, and the
    tools whose share changed (added and removed tools included)."""
    out = []
    for provider in PROVIDERS:
        before, after = wire_tools(old, provider), wire_tools(new, provider)
        if before is None and after is None:
            continue
        sizes_o = {name: serialized_size(form) for name, (_, form) in (before or {}).items()}
        sizes_n = {name: serialized_size(form) for name, (_, form) in (after or {}).items()}
        tools = tuple(
            ToolCost(name, sizes_o.get(name, 0), sizes_n.get(name, 0))
            for name in sorted(sizes_o.keys() | sizes_n.keys())
            if sizes_o.get(name, 0) != sizes_n.get(name, 0)
        )
        out.append(
            Cost(
                provider, constant(provider), _total(sizes_o, before), _total(sizes_n, after), tools
            )
        )
    return out


def _total(sizes: dict[str, int], present: object) -> int:
    """The serialized list's bytes: ``[`` + the tools joined by ``,`` + ``]`` (0: no list)."""
    if present is None:
        return 0
    return sum(sizes.values()) + max(len(sizes) - 1, 0) + 2
